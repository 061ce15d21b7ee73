//! Ratings: Glicko-2 (Glickman's published algorithm, computed by the `skillratings` crate), one
//! rating per rule family and per kind of contest, updated when a rated game or match between
//! two accounts ends. Each result is its own rating period, as lichess does.

use acey_rules::{Layout, Rules};

pub mod integrity;
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// The rule families rated apart: every acey-deucey preset together, backgammon on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// Acey-deucey, every preset.
    AceyDeucey,
    /// Backgammon.
    Backgammon,
}

impl Family {
    /// Both families.
    pub const ALL: [Family; 2] = [Family::AceyDeucey, Family::Backgammon];

    /// The family of a rule set.
    pub fn of(rules: &Rules) -> Family {
        match rules.layout {
            Layout::Backgammon => Family::Backgammon,
            _ => Family::AceyDeucey,
        }
    }

    /// The name stored and sent.
    pub fn as_str(self) -> &'static str {
        match self {
            Family::AceyDeucey => "acey-deucey",
            Family::Backgammon => "backgammon",
        }
    }

    /// Reads a name.
    pub fn parse(s: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.as_str() == s)
    }
}

/// A single game or a match: rated apart, as players are stronger at one than the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// A game to one point (R9.2's single game).
    Game,
    /// A match to more than one point.
    Match,
}

impl Kind {
    /// Both kinds.
    pub const ALL: [Kind; 2] = [Kind::Game, Kind::Match];

    /// The kind of a rule set; `None` for an open session, which is never rated.
    pub fn of(rules: &Rules) -> Option<Kind> {
        match rules.match_target {
            Some(1) => Some(Kind::Game),
            Some(_) => Some(Kind::Match),
            None => None,
        }
    }

    /// The name stored and sent.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Game => "game",
            Kind::Match => "match",
        }
    }

    /// Reads a name.
    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

/// A player's rating in one family and kind.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Rating {
    /// The rating (1500 to start).
    pub rating: f64,
    /// Its deviation (350 to start; smaller is surer).
    pub deviation: f64,
    /// Glicko-2's volatility (0.06 to start).
    pub volatility: f64,
    /// Rated results so far.
    pub games: u32,
}

impl Default for Rating {
    fn default() -> Rating {
        let g = Glicko2Rating::new();
        Rating {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
            games: 0,
        }
    }
}

/// Deviation above which a rating is shown as provisional (`1500?`), as lichess does.
pub const PROVISIONAL: f64 = 110.0;

impl Rating {
    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn with(self, g: Glicko2Rating) -> Rating {
        Rating {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
            games: self.games + 1,
        }
    }

    /// Whether the rating is still provisional.
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL
    }
}

/// The system constant τ: 0.5, within Glickman's suggested 0.3 to 1.2.
fn config() -> Glicko2Config {
    Glicko2Config {
        tau: 0.5,
        ..Glicko2Config::new()
    }
}

/// Both players' new ratings after `winner` (0 or 1) beat the other.
pub fn after_result(ratings: [Rating; 2], winner: usize) -> [Rating; 2] {
    let outcome = if winner == 0 {
        Outcomes::WIN
    } else {
        Outcomes::LOSS
    };
    let (a, b) = glicko2(
        &ratings[0].glicko(),
        &ratings[1].glicko(),
        &outcome,
        &config(),
    );
    [ratings[0].with(a), ratings[1].with(b)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use skillratings::glicko2::glicko2_rating_period;

    /// Glickman, "Example of the Glicko-2 system" (2013), section "Example calculation": a
    /// 1500/200/0.06 player beats a 1400/30 player and loses to 1550/100 and 1700/300, τ = 0.5:
    /// 1464.06, 151.52, 0.05999.
    #[test]
    fn the_papers_worked_example() {
        let player = Glicko2Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opp = |rating, deviation| Glicko2Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let results = [
            (opp(1400.0, 30.0), Outcomes::WIN),
            (opp(1550.0, 100.0), Outcomes::LOSS),
            (opp(1700.0, 300.0), Outcomes::LOSS),
        ];
        let new = glicko2_rating_period(&player, &results, &config());
        assert!((new.rating - 1464.06).abs() < 0.01, "{}", new.rating);
        assert!((new.deviation - 151.52).abs() < 0.01, "{}", new.deviation);
        assert!(
            (new.volatility - 0.05999).abs() < 0.00001,
            "{}",
            new.volatility
        );
    }

    #[test]
    fn a_win_moves_two_new_players_apart_symmetrically() {
        let [w, l] = after_result([Rating::default(); 2], 0);
        assert!(w.rating > 1500.0 && l.rating < 1500.0);
        assert!(((w.rating - 1500.0) - (1500.0 - l.rating)).abs() < 1e-6);
        assert!(w.deviation < 350.0);
        assert_eq!((w.games, l.games), (1, 1));
        assert!(w.provisional());
    }

    #[test]
    fn families_and_kinds_follow_the_rules() {
        let mut rules = acey_rules::Preset::Backgammon.rules();
        assert_eq!(Family::of(&rules), Family::Backgammon);
        rules.match_target = Some(5);
        assert_eq!(Kind::of(&rules), Some(Kind::Match));
        let mut acey = acey_rules::Preset::Bgammon.rules();
        assert_eq!(Family::of(&acey), Family::AceyDeucey);
        acey.match_target = None;
        assert_eq!(Kind::of(&acey), None);
        for f in Family::ALL {
            assert_eq!(Family::parse(f.as_str()), Some(f));
        }
        for k in Kind::ALL {
            assert_eq!(Kind::parse(k.as_str()), Some(k));
        }
    }
}
