//! Named playing levels, from a beginner that blunders often to the strongest search.
//!
//! A level is an evaluator, a search depth and an amount of noise. Noise is given as a fraction of
//! the most one game is worth under the rules ([`max_points`]) so that a level plays alike under
//! checker-count scoring (15 points) and single-game scoring (1 point).
//!
//! Other rule sets: a level above beginner uses the shipped network of the rule set's family
//! ([`crate::models::Shipped::for_rules`]: the `bgammon` network for the exact-only bear-off,
//! the `backgammon` one for the backgammon layout, the `american` one for the rest). The evaluator sees only the position (bar, start pool,
//! board, borne off) from the side to roll, which every preset shares; what differs between
//! presets is handled around it by rule-aware code: the candidates (legal plays, acey-deucey
//! chains and re-rolls per the preset's options), the exact value of finished games
//! ([`crate::terminal_eval`], scored per the preset) and the conversion of the outputs to points
//! ([`crate::Eval::equity`], scaled per the preset's scoring). A network trained on one preset is
//! therefore a reasonable, though not tuned, player of the others in its family.
//!
//! The bear-off: every level's evaluator sits behind the bear-off tables
//! ([`crate::bearoff::BearoffEvaluator`]), built for the rule set in play. Once both sides are
//! bearing off, every level, beginner included, plays the table's best play (no noise, no
//! lookahead); searches from earlier positions value the bear-off states they reach by the table.

use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, OnceLock};

use acey_rules::Rules;

use crate::bearoff::BearoffEvaluator;
use crate::eval::{max_points, Evaluator};
use crate::evaluators::{HeuristicEvaluator, NeuralEvaluator};
use crate::models::Shipped;
use crate::search::{Bot, SearchSettings};

/// The plays a 2-ply judgement (analysis, hints) searches at the full depth: the best 8 by
/// 0-ply, as GNU Backgammon's normal move filter does for its 2-ply analysis. With the playing
/// levels' filter (the best 6 at 1-ply, the best 3 of those at 2-ply) GNU Backgammon's best play
/// was the same in 77.0% of 1,027 decisions, with these 78.1%, at 1.6 times the analysis time
/// (docs/analysis.md, "Agreement with GNU Backgammon").
pub const JUDGING_DEEP_KEEP: usize = 8;

/// A named playing level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Heuristic evaluator at 0-ply with large noise: often picks a clearly worse play.
    Beginner,
    /// Shipped network at 0-ply with moderate noise: sound but makes regular errors.
    Casual,
    /// Shipped network at 0-ply with light noise: errs only between close plays.
    Intermediate,
    /// Shipped network at 0-ply, no noise: the best next state; a close choice between the
    /// best few plays, and a 1-2's segment, are searched at 1-ply.
    Advanced,
    /// Shipped network with 1-ply lookahead (every roll of the opponent or of a re-roll) over
    /// the best few candidates.
    Expert,
    /// Shipped network with 2-ply lookahead: the expert's 1-ply search (over many more of a
    /// 1-2's segments), then the best three candidates searched a roll deeper (each reply
    /// chosen at 0-ply and valued at 1-ply).
    Strongest,
}

/// A name that is not a level.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown level '{given}': choose one of {}", Level::names().join(", "))]
pub struct LevelError {
    /// What was given.
    pub given: String,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: &'static [Level] = &[
        Level::Beginner,
        Level::Casual,
        Level::Intermediate,
        Level::Advanced,
        Level::Expert,
        Level::Strongest,
    ];

    /// The level's name as typed on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Casual => "casual",
            Level::Intermediate => "intermediate",
            Level::Advanced => "advanced",
            Level::Expert => "expert",
            Level::Strongest => "strongest",
        }
    }

    /// The names of every level, weakest first.
    pub fn names() -> Vec<&'static str> {
        Level::ALL.iter().map(|l| l.as_str()).collect()
    }

    /// One line on how the level plays.
    pub fn description(self) -> &'static str {
        match self {
            Level::Beginner => "heuristic at 0-ply with large noise (0.25 of a game's worth)",
            Level::Casual => "network at 0-ply with noise 0.08 of a game's worth",
            Level::Intermediate => "network at 0-ply with noise 0.025 of a game's worth",
            Level::Advanced => {
                "network at 0-ply: the best next state (1-ply on a 1-2 and where the best plays are close)"
            }
            Level::Expert => "network, 1-ply lookahead over the best 6 candidates",
            Level::Strongest => {
                "network, 1-ply over the best 6 candidates (48 of a 1-2), then 2-ply lookahead \
                 over the best 3"
            }
        }
    }

    /// Plies, root move filter, inner move filter, 1-2 plays extended at the root, and noise as a
    /// fraction of a game's maximum worth. (A 1-2's own depth: [`Level::chain_shape`].)
    fn shape(self) -> (u8, usize, usize, usize, f32) {
        match self {
            Level::Beginner => (0, 1, 1, 3, 0.25),
            Level::Casual => (0, 1, 1, 3, 0.08),
            Level::Intermediate => (0, 1, 1, 3, 0.025),
            Level::Advanced => (0, 1, 1, 4, 0.0),
            Level::Expert => (1, 6, 1, 6, 0.0),
            Level::Strongest => (2, 6, 1, 6, 0.0),
        }
    }

    /// Where a 1-2's decision has a depth and root filter of its own: its plies and root filter
    /// ([`SearchSettings::chain_plies`]). `advanced` searches its 1-2s at 1-ply over the best 6
    /// segments, as `expert` does: a 1-2 is one roll in 18, so the median decision stays a
    /// 0-ply one (models/HISTORY.md, 2026-12-02 and 2026-12-03).
    ///
    /// `strongest` keeps its own depth but widens the filter: its 1-2s are searched at 1-ply
    /// over the best 48 segments (48 1-2 plays extended) and at 2-ply over the best 3 of those.
    /// The referee's best segment stood beyond the best 6 by 0-ply in 14 of the 25 chain
    /// decisions where it lost most; on the `american` benchmark of errors its chain decisions lose
    /// nearly a third less (models/HISTORY.md, December 2026).
    fn chain_shape(self) -> (u8, usize) {
        match self {
            Level::Advanced => (1, 6),
            Level::Strongest => (2, 48),
            _ => (0, 0),
        }
    }

    /// Where a close decision of an ordinary roll is searched deeper: plies, margin as a
    /// fraction of a game's maximum worth, and the most candidates searched
    /// ([`SearchSettings::close_plies`]). `advanced` searches at 1-ply the best 4 candidates that
    /// come within 0.02 of a game's worth of the best by 0-ply (0.3 points under checker-count
    /// scoring), when there are two or more: with the 1-2s over the best 6, +0.82 points a game
    /// under `american` and +0.51 under `bgammon` over the `advanced` without it (10,000 games
    /// each, models/HISTORY.md), while most decisions have a clear best and stay 0-ply (median
    /// 0.2 ms, docs/benchmarks.md).
    fn close_shape(self) -> (u8, f32, usize) {
        match self {
            Level::Advanced => (1, 0.02, 4),
            _ => (0, 0.0, 0),
        }
    }

    /// The search settings of this level under `rules` (noise scaled to the scoring).
    pub fn settings(self, rules: &Rules) -> SearchSettings {
        let (plies, keep, inner_keep, chain_keep, noise) = self.shape();
        let (chain_plies, chain_search_keep) = self.chain_shape();
        let (close_plies, close_margin, close_keep) = self.close_shape();
        SearchSettings {
            plies,
            keep,
            noise: noise * max_points(rules),
            chain_keep,
            inner_keep,
            // The strongest level searches the expert's best 6 at 1-ply, then the best 3 of
            // those at 2-ply: it sees all the expert sees, and more where it matters. (With the
            // best 2 it lost 7% more on the `american` benchmark of errors, more in every stage:
            // models/HISTORY.md, 2026-12-03.)
            deep_keep: if plies.max(chain_plies) >= 2 { 3 } else { 0 },
            chain_plies,
            chain_search_keep,
            close_plies,
            close_margin: close_margin * max_points(rules),
            close_keep,
        }
    }

    /// The level's evaluator filters searched `plies` deep at every roll, 1-2s included, with
    /// no noise: what analysis judges with and what rollouts play with (a rollout's player is
    /// the 0-ply one, fast through its 1-2s too).
    pub fn settings_at(self, rules: &Rules, plies: u8) -> SearchSettings {
        SearchSettings {
            plies,
            noise: 0.0,
            chain_plies: 0,
            close_plies: 0,
            ..self.settings(rules)
        }
    }

    /// The settings analysis and hints judge with: [`Level::settings_at`], every 1-2 play
    /// extended with every named double (so a played segment is always among the ranked
    /// candidates, and the best is the best of all), and at least the best 6 searched deeper.
    /// At 2 plies or more the best [`JUDGING_DEEP_KEEP`] are all searched at the full depth,
    /// with no 1-ply pass between (GNU Backgammon's normal filter for its 2-ply analysis).
    pub fn judging_settings(self, rules: &Rules, plies: u8) -> SearchSettings {
        let settings = self.settings_at(rules, plies);
        let (keep, deep_keep) = if plies >= 2 {
            (settings.keep.max(JUDGING_DEEP_KEEP), 0)
        } else {
            (settings.keep.max(6), settings.deep_keep)
        };
        SearchSettings {
            chain_keep: 0,
            keep,
            deep_keep,
            ..settings
        }
    }

    /// The evaluator this level uses under `rules` (behind the bear-off tables).
    pub fn evaluator(self, rules: &Rules) -> Arc<dyn Evaluator> {
        match self {
            Level::Beginner => {
                static HEURISTIC: OnceLock<Arc<BearoffEvaluator>> = OnceLock::new();
                HEURISTIC
                    .get_or_init(|| Arc::new(BearoffEvaluator::new(Arc::new(HeuristicEvaluator))))
                    .clone()
            }
            _ => shipped_evaluator(Shipped::for_rules(rules)),
        }
    }

    /// A ready bot of this level for `rules`.
    pub fn bot(self, rules: Rules) -> Bot {
        self.bot_with(self.evaluator(&rules), rules)
    }

    /// A bot of this level's search settings over a given evaluator (to test other networks at
    /// the same settings).
    pub fn bot_with(self, evaluator: Arc<dyn Evaluator>, rules: Rules) -> Bot {
        let settings = self.settings(&rules);
        Bot::new(evaluator, rules, settings)
    }
}

/// The evaluator the levels above beginner use under `american`: the shipped `american`
/// network behind the bear-off tables.
pub fn default_evaluator() -> Arc<dyn Evaluator> {
    shipped_evaluator(Shipped::American)
}

/// A shipped network (its race network in races) behind the bear-off tables, built once per
/// process and shared.
pub fn shipped_evaluator(shipped: Shipped) -> Arc<dyn Evaluator> {
    static NETS: [OnceLock<Arc<dyn Evaluator>>; Shipped::ALL.len()] =
        [const { OnceLock::new() }; Shipped::ALL.len()];
    NETS[shipped as usize]
        .get_or_init(|| {
            let net = NeuralEvaluator::new(shipped.network(), &shipped.label());
            behind_tables(net.with_race(shipped.race_network()))
        })
        .clone()
}

/// A network's evaluator behind the bear-off tables, as every level's network is: the shipped
/// ones, and a network file measured against them (`LEVEL@FILE`, `acey engine --net`), so that
/// comparisons measure the networks and not the tables.
pub fn behind_tables(net: NeuralEvaluator) -> Arc<dyn Evaluator> {
    Arc::new(BearoffEvaluator::new(Arc::new(net)))
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Level {
    type Err = LevelError;

    fn from_str(s: &str) -> Result<Level, LevelError> {
        let wanted = s.trim().to_ascii_lowercase();
        Level::ALL
            .iter()
            .copied()
            .find(|l| l.as_str() == wanted)
            .ok_or_else(|| LevelError {
                given: s.to_string(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use acey_rules::{Position, Preset, SeededRng};

    #[test]
    fn a_level_s_evaluator_names_the_built_in_net_it_plays() {
        // A duel against a bare level must say which network the binary carries: a release
        // binary built before a new net was committed plays the one before it.
        for preset in [Preset::American, Preset::Bgammon] {
            let rules = preset.rules();
            let shipped = Shipped::for_rules(&rules);
            let games = shipped.network().meta["games"].clone();
            let name = format!("built-in {} net, {games} games", shipped.name());
            assert_eq!(Level::Advanced.evaluator(&rules).name(), name);
        }
    }

    #[test]
    fn names_round_trip_and_errors_list_the_choices() {
        for &l in Level::ALL {
            assert_eq!(l.to_string().parse::<Level>().unwrap(), l);
        }
        assert_eq!("Expert".parse::<Level>().unwrap(), Level::Expert);
        let e = "grandmaster".parse::<Level>().unwrap_err().to_string();
        assert!(e.contains("grandmaster"), "{e}");
        for name in Level::names() {
            assert!(e.contains(name), "{e}");
        }
    }

    #[test]
    fn levels_get_stronger_in_order() {
        // Weaker levels have more noise or less depth: the settings are ordered.
        let rules = Rules::default();
        let s: Vec<SearchSettings> = Level::ALL.iter().map(|l| l.settings(&rules)).collect();
        for w in s.windows(2) {
            assert!(
                w[1].noise < w[0].noise || (w[1].noise == 0.0 && w[1].plies > w[0].plies),
                "{w:?}"
            );
        }
        // Noise scales with what a game is worth.
        let single = Rules {
            scoring: acey_rules::Scoring::Single,
            ..rules
        };
        assert!(Level::Casual.settings(&single).noise < Level::Casual.settings(&rules).noise);
    }

    #[test]
    fn advanced_searches_its_one_twos_and_close_calls_deeper_and_analysis_does_not() {
        let rules = Rules::default();
        let advanced = Level::Advanced.settings(&rules);
        assert_eq!(
            (advanced.plies, advanced.chain_plies, advanced.close_plies),
            (0, 1, 1)
        );
        // Its margin is a fraction of a game's worth, as noise is.
        let single = Rules {
            scoring: acey_rules::Scoring::Single,
            ..rules
        };
        let close_single = Level::Advanced.settings(&single).close_margin;
        assert!(close_single > 0.0 && close_single < advanced.close_margin);
        // A close decision is searched deeper over two candidates or more, or not at all.
        for &l in Level::ALL {
            let s = l.settings(&rules);
            assert!(
                s.close_plies <= s.plies || (s.close_keep >= 2 && s.close_margin > 0.0),
                "{l}: {s:?}"
            );
        }
        // `strongest` searches its 1-2s at its own depth over a wider filter than its other
        // rolls, every segment it searches extended from its own 1-2 play.
        let strongest = Level::Strongest.settings(&rules);
        assert_eq!((strongest.plies, strongest.chain_plies), (2, 2));
        assert!(strongest.chain_search_keep > strongest.keep);
        assert!(strongest.deep_keep >= 2 && strongest.deep_keep < strongest.keep);
        // No level's 1-2 is searched shallower than its other rolls, nor at its own depth
        // over nothing.
        for &l in Level::ALL {
            let s = l.settings(&rules);
            assert!(
                s.chain_plies <= s.plies || s.chain_search_keep > 0,
                "{l}: {s:?}"
            );
        }
        // A depth asked for is the depth of every roll, without noise: analysis and the
        // rollouts' player are not the level's mixed depths.
        for &l in Level::ALL {
            for plies in 0..=2 {
                let s = l.settings_at(&rules, plies);
                assert_eq!(
                    (s.plies, s.chain_plies, s.close_plies, s.noise),
                    (plies, 0, 0, 0.0),
                    "{l}"
                );
                assert_eq!(s.keep, l.settings(&rules).keep);
                // Judging extends every 1-2 play and searches at least the best 6.
                let j = l.judging_settings(&rules, plies);
                assert_eq!((j.plies, j.chain_plies, j.chain_keep), (plies, 0, 0), "{l}");
                if plies >= 2 {
                    // At 2-ply the best 8 are all judged at the full depth.
                    assert_eq!((j.keep, j.deep_keep), (s.keep.max(JUDGING_DEEP_KEEP), 0));
                } else {
                    assert_eq!(j.keep, s.keep.max(6), "{l}");
                }
            }
        }
    }

    #[test]
    fn every_level_plays_the_opening_in_every_preset() {
        for &preset in Preset::ALL {
            let rules = preset.rules();
            let start = Position::starting(&rules);
            let legal = acey_rules::MoveGen::new(&rules)
                .plays(&start, &acey_rules::Pool::roll(6, 5).unwrap())
                .to_vec();
            for &level in &Level::ALL[..4] {
                let bot = level.bot(rules);
                let c = bot.choose(&start, (6, 5), &mut SeededRng::new(3));
                // Old-navy entry needs a double or a 1-2: then nothing is playable.
                match c.play {
                    Some(p) => assert!(legal.contains(&p), "{preset} {level}"),
                    None => assert!(legal.is_empty(), "{preset} {level}"),
                }
            }
        }
    }
}
