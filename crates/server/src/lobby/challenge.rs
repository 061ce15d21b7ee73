//! Challenges and quick-pairing pools: what is offered in the lobby, as plain data.

use acey_rules::Rules;

use crate::clock::TimeControl;
use crate::rating::{Family, Kind};

/// An open offer to play, shown in the lobby until someone accepts it, its creator cancels it or
/// leaves. A quick-pairing seek is a challenge with a pool, not listed one by one. The lobby
/// shows it as [`acey_protocol::Challenge`], without its creator's account and connection.
#[derive(Debug, Clone, PartialEq)]
pub struct Challenge {
    /// Its id.
    pub id: String,
    /// The creator's name.
    pub name: String,
    /// The creator's account, for a player logged in.
    pub account: Option<i64>,
    /// Whether the creator has an account (guests are marked).
    pub registered: bool,
    /// The creator's rating in the challenge's family and kind, if rated there.
    pub rating: Option<f64>,
    /// The rule string (`american`, `backgammon` ...).
    pub rules: String,
    /// The match length (1: a single game).
    pub match_to: u32,
    /// The clock, if any.
    pub clock: Option<TimeControl>,
    /// Whether the result changes ratings (only between two accounts).
    pub rated: bool,
    /// The quick-pairing pool of a seek.
    pub pool: Option<String>,
    /// The connection that made it: it goes when that connection does.
    pub owner: String,
    /// Unix seconds.
    pub created_at: i64,
}

impl Challenge {
    /// The rules it is played under, match length included.
    pub fn rules(&self) -> Option<Rules> {
        let mut rules: Rules = self.rules.parse().ok()?;
        rules.match_target = Some(self.match_to);
        Some(rules)
    }
}

/// A quick-pairing button: a preset, a match length and a clock. The lobby shows it as
/// [`acey_protocol::PoolView`], with how many wait in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pool {
    /// Its id, as the client sends it.
    pub id: &'static str,
    /// The preset.
    pub rules: &'static str,
    /// The match length.
    pub match_to: u32,
    /// The clock.
    pub clock: TimeControl,
}

/// The quick-pairing buttons: the common settings, each with a clock.
pub const POOLS: [Pool; 4] = [
    Pool {
        id: "american",
        rules: "american",
        match_to: 1,
        clock: TimeControl::Fischer {
            base: 180,
            increment: 12,
        },
    },
    Pool {
        id: "american-match",
        rules: "american",
        match_to: 31,
        clock: TimeControl::Fischer {
            base: 300,
            increment: 12,
        },
    },
    Pool {
        id: "bgammon",
        rules: "bgammon",
        match_to: 1,
        clock: TimeControl::Fischer {
            base: 180,
            increment: 12,
        },
    },
    Pool {
        id: "backgammon",
        rules: "backgammon",
        match_to: 5,
        clock: TimeControl::Fischer {
            base: 300,
            increment: 12,
        },
    },
];

impl Pool {
    /// The pool with this id.
    pub fn find(id: &str) -> Option<Pool> {
        POOLS.into_iter().find(|p| p.id == id)
    }

    /// Its rules, match length included.
    pub fn rules(&self) -> Rules {
        let mut rules: Rules = self.rules.parse().unwrap_or_default();
        rules.match_target = Some(self.match_to);
        rules
    }

    /// The rating family and kind its games count for.
    pub fn rated_as(&self) -> (Family, Kind) {
        let rules = self.rules();
        (Family::of(&rules), Kind::of(&rules).unwrap_or(Kind::Game))
    }
}

/// Of the seeks waiting in a pool, the one to pair `rating` with: one not `met_lately` (an
/// account the seeker has played rated in the last day) if any waits, then the closest rating,
/// and of equal ones the longest waiting. A guest (no rating) counts as 1500.
pub fn best_opponent(
    rating: Option<f64>,
    waiting: &[Challenge],
    met_lately: impl Fn(&Challenge) -> bool,
) -> Option<&Challenge> {
    let me = rating.unwrap_or(1500.0);
    waiting.iter().min_by(|a, b| {
        let da = (a.rating.unwrap_or(1500.0) - me).abs();
        let db = (b.rating.unwrap_or(1500.0) - me).abs();
        met_lately(a)
            .cmp(&met_lately(b))
            .then(da.total_cmp(&db))
            .then(a.created_at.cmp(&b.created_at))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seek(id: &str, rating: Option<f64>, at: i64) -> Challenge {
        Challenge {
            id: id.into(),
            name: id.into(),
            account: None,
            registered: false,
            rating,
            rules: "american".into(),
            match_to: 1,
            clock: None,
            rated: false,
            pool: Some("american".into()),
            owner: id.into(),
            created_at: at,
        }
    }

    #[test]
    fn pairing_prefers_the_closest_rating_then_the_longest_wait() {
        let waiting = [
            seek("a", Some(1900.0), 1),
            seek("b", Some(1520.0), 3),
            seek("c", None, 2),
        ];
        let none = |_: &Challenge| false;
        assert_eq!(best_opponent(Some(1512.0), &waiting, none).unwrap().id, "b");
        assert_eq!(best_opponent(Some(1500.0), &waiting, none).unwrap().id, "c");
        // 1510 is as far from b as from c: the longer waiting c is paired.
        assert_eq!(best_opponent(Some(1510.0), &waiting, none).unwrap().id, "c");
        assert_eq!(best_opponent(Some(2000.0), &waiting, none).unwrap().id, "a");
        assert!(best_opponent(None, &[], none).is_none());
    }

    #[test]
    fn pairing_avoids_the_opponent_of_a_recent_rated_game_while_another_waits() {
        let waiting = [seek("a", Some(1900.0), 1), seek("b", Some(1520.0), 3)];
        let met_b = |c: &Challenge| c.id == "b";
        assert_eq!(
            best_opponent(Some(1512.0), &waiting, met_b).unwrap().id,
            "a"
        );
        // Alone in the pool, the recent opponent is paired all the same.
        assert_eq!(
            best_opponent(Some(1512.0), &waiting[1..], met_b)
                .unwrap()
                .id,
            "b"
        );
    }

    #[test]
    fn every_pool_has_rules_that_suit_it() {
        for p in POOLS {
            let rules = p.rules();
            assert_eq!(rules.match_target, Some(p.match_to));
            assert!(p.clock.checked().is_ok());
            assert!(
                crate::http::match_lengths(rules.scoring).contains(&p.match_to) || p.match_to == 1
            );
        }
        assert_eq!(
            Pool::find("backgammon").unwrap().rated_as().0,
            Family::Backgammon
        );
        assert!(Pool::find("chess").is_none());
    }
}
