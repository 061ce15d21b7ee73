//! The one-sided bear-off database: for every way one side can have up to 15 checkers on its home
//! points (C(21, 6) = 54,264 boards), the distribution of the number of turns it needs to bear
//! them all off, the expected checkers it still has on the board after each turn, and the
//! probability that none is off yet after each turn; and the evaluator that values every state in
//! which both sides are bearing off from two such entries.
//!
//! # What a table is for
//!
//! One table per rule set, or rather per the options that change a bear-off on its own side of
//! the board ([`key`]): the bear-off rule (standard, exact-only, any-when-all-lower), frozen home
//! boards, how dice must be used, natural doubles that re-roll, and the acey-deucey turn (whether
//! a 1-2 is special, the gates for its double and re-roll, which doubles may be named, the
//! European complement). The transitions are the rules engine's own turn segments, so a 1-2, the
//! double named after it, its play and the re-roll it earns all count inside one turn, exactly as
//! the engine plays them. The one option a table cannot follow is a limit on the acey-deucey
//! chain (`acey_chain_limit = max(n)`): how many re-rolls a turn has had is not part of a
//! position. Rule sets with such a limit get no table ([`table`] returns `None`) and their bots
//! use the network in the bear-off as before. Every shipped preset has a table (`american`,
//! `bgammon`, `liberal-bearoff`, `old-navy`, `britannica`, `backgammon`).
//!
//! Tables are built at first use, once per process and rule set, in parallel over the boards of
//! equal pip count ([`Table::build_time`]; figures in `models/MODEL.md`: under a second to about
//! 1.5 s in a release build), and kept for the process's life: about 5.5 MB for a standard or
//! liberal bear-off, 39 MB for an exact-only one, whose races are far longer. Lookups are an index
//! computation over six counts and a few slices.
//!
//! # What is exact
//!
//! Each side's policy is the one that minimises its expected number of turns (GNU Backgammon's
//! one-sided database does the same), ties broken towards bearing checkers off sooner. For that
//! policy the turn distribution, the checkers left after each turn and the chance that none is
//! off are exact: each is computed over every roll and every legal turn, not sampled (up to the
//! tails below 1e-9 that are dropped, their mass kept, and `f32` storage).
//!
//! The two-sided values ([`Table::eval`]) combine the two sides' entries as independent races,
//! the side to roll first. They are the exact value of the game when **both sides play the
//! table's policy**: the win probability, the expected checker-count points (winner scores the
//! loser's checkers still on the board) and the gammon chances alike. They are not the value of
//! optimal two-sided play: a side behind in the race should bear off as many checkers as it can
//! before the other finishes rather than race, and a side ahead may do better against a
//! particular opponent than by minimising its own expected turns, which no one-sided table can
//! know. The error of the win probability is the well-known small error of one-sided race
//! databases; the checker-count points carry the same kind of error, usually larger when one
//! side is far behind. A two-sided table (54,264 squared entries) would be exact, and is too big.
//!
//! # How the bots use it
//!
//! Every [`crate::Level`] evaluates through a [`BearoffEvaluator`]: in a bear-off state its bots
//! rank every candidate of the roll (the whole acey-deucey segment included, no chain filter) by
//! the table and play the best, at every level and without noise (the levels' noise models
//! misjudging positions, and here the table judges); lookahead is skipped there, since the
//! table's value is already a whole-race value. States reached by a search from before the bear-off are valued by the table
//! too. Training ends each self-play game at its first bear-off state and takes the table's value
//! as that state's exact result ([`crate::train`]).

mod build;
mod evaluator;
mod index;
mod table;

use std::collections::HashMap;
use std::sync::{Arc, OnceLock, RwLock};

use acey_rules::{ChainLimit, Position, Rules};

pub use evaluator::BearoffEvaluator;
pub use index::{all_homes, boards, home_of, index, Home, BOARDS, POINTS};
pub use table::{Entry, Table};

/// Whether both sides are bearing off: every checker of each side in its home board or off, and
/// the game not over. Such a state has no contact (each side's checkers only move down through
/// its own home board).
pub fn is_bearoff(state: &Position) -> bool {
    state.winner().is_none() && acey_rules::Player::BOTH.iter().all(|&p| state.all_home(p))
}

/// The options of `rules` that a one-sided bear-off depends on, as a rule set with every other
/// option at its `american` value (two rule sets with the same key share a table), or `None`
/// when no table can serve `rules` (a limit on the acey-deucey chain).
///
/// The options left out cannot matter in a bear-off: entering and the bar (nothing is off the
/// board but borne-off checkers), hitting (no contact), the layout, opening rolls and who starts
/// (not a position's business), scoring, the cube and matches (they weigh the two entries, in
/// [`Table::eval`], and do not change either).
pub fn key(rules: &Rules) -> Option<Rules> {
    if rules.acey_chain_limit != ChainLimit::Unlimited {
        return None;
    }
    let american = Rules::AMERICAN;
    let acey = rules.acey_deucey;
    Some(Rules {
        dice_usage: rules.dice_usage,
        natural_doubles: rules.natural_doubles,
        acey_deucey: acey,
        // Without the acey-deucey procedure its options do nothing.
        acey_double_gate: if acey {
            rules.acey_double_gate
        } else {
            american.acey_double_gate
        },
        acey_double_choice: if acey {
            rules.acey_double_choice
        } else {
            american.acey_double_choice
        },
        acey_doubles_mode: if acey {
            rules.acey_doubles_mode
        } else {
            american.acey_doubles_mode
        },
        acey_reroll_gate: if acey {
            rules.acey_reroll_gate
        } else {
            american.acey_reroll_gate
        },
        bear_off_rule: rules.bear_off_rule,
        frozen_home: rules.frozen_home,
        ..american
    })
}

/// The full table (every board of up to 15 checkers) for `rules`, built on first use and shared by
/// the whole process; `None` when no table can serve `rules` (see [`key`]).
///
/// The first call for a rule set builds its table (about a second or two in a release build; see
/// `models/MODEL.md`); calls for other rule sets meanwhile are not held up.
pub fn table(rules: &Rules) -> Option<Arc<Table>> {
    type Slot = Arc<OnceLock<Arc<Table>>>;
    // Read-locked on every lookup of a rule set other than an evaluator's first (see
    // `BearoffEvaluator`), so many search threads share it; written once per rule set.
    static TABLES: OnceLock<RwLock<HashMap<Rules, Slot>>> = OnceLock::new();
    let key = key(rules)?;
    let tables = TABLES.get_or_init(Default::default);
    // A panic elsewhere while the map was held leaves it usable: slots are only ever added.
    let found = tables
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .get(&key)
        .cloned();
    let slot = match found {
        Some(slot) => slot,
        None => tables
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .entry(key)
            .or_default()
            .clone(),
    };
    // Built outside the map's lock: a build for one rule set holds up no other.
    Some(slot.get_or_init(|| Arc::new(build_apart(&key))).clone())
}

/// Builds the full table of `key` on a thread and thread pool of its own.
///
/// Tables are first wanted deep inside bots, which often run on rayon's global pool (duels,
/// training, analysis). Built there, the build's parallel loop would let the waiting thread steal
/// other jobs of that pool, such as another game wanting this very table, and wait on the
/// `OnceLock` it is itself initialising: a deadlock. Built on a pool whose threads only build,
/// joined from a plain thread that only waits, nothing the build needs is ever blocked by it.
fn build_apart(key: &Rules) -> Table {
    let build = || match rayon::ThreadPoolBuilder::new().build() {
        Ok(pool) => pool.install(|| Table::build(key, acey_rules::CHECKERS)),
        // No threads to be had: build on this one.
        Err(_) => Table::build_sequential(key, acey_rules::CHECKERS),
    };
    std::thread::scope(
        |scope| match std::thread::Builder::new().spawn_scoped(scope, build) {
            Ok(builder) => match builder.join() {
                Ok(table) => table,
                Err(panic) => std::panic::resume_unwind(panic),
            },
            // No threads on this platform (WebAssembly in a browser): nothing else runs on this
            // thread either, so it builds the table itself.
            Err(_) => Table::build_sequential(key, acey_rules::CHECKERS),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidates::candidates;
    use crate::eval::{terminal_eval, Evaluator};
    use crate::evaluators::HeuristicEvaluator;
    use crate::levels::Level;
    use acey_rules::{MoveGen, Player, Preset, SeededRng, CHECKERS};

    const EPS: f32 = 1e-6;

    fn close(a: f32, b: f64) -> bool {
        (a as f64 - b).abs() < 1e-6
    }

    /// A small table (boards of up to `m` checkers) of a preset: the prefix of the full table.
    fn small(preset: Preset, m: u8) -> Table {
        Table::build(&key(&preset.rules()).expect("every preset has a table"), m)
    }

    /// The state with player 0's home board `mine` and player 1's `theirs` (each side's own points
    /// 1..=6), the rest borne off, `turn` to roll.
    fn state(mine: Home, theirs: Home, turn: Player) -> Position {
        let mut board = [0i8; 24];
        for k in 0..POINTS {
            board[Player::Zero.board_index(k as u8 + 1)] += mine[k] as i8;
            board[Player::One.board_index(k as u8 + 1)] -= theirs[k] as i8;
        }
        let off = |h: &Home| CHECKERS - h.iter().sum::<u8>();
        Position::new(board, [0, 0], [0, 0], [off(&mine), off(&theirs)], turn)
            .expect("two home boards of at most 15")
    }

    /// A random home board of 1 to 15 checkers.
    fn random_home(dice: &mut SeededRng) -> Home {
        let n = 1 + dice.below(15);
        let mut home = [0u8; POINTS];
        for _ in 0..n {
            home[dice.below(POINTS)] += 1;
        }
        home
    }

    #[test]
    fn one_checker_by_hand() {
        let american = small(Preset::American, 2);
        // On the 1-point: off in the first turn, whatever the roll.
        let e = american.entry(&[1, 0, 0, 0, 0, 0]).unwrap();
        assert!(close(e.turns(1), 1.0) && close(e.mean(), 1.0));
        assert!(close(e.left_after(0), 1.0) && close(e.left_after(1), 0.0));
        // On the 6-point, standard bear-off: every roll of 6 pips or more bears it off, and so
        // does 1-2 (3 pips, then the named 3-3); 1-3, 1-4, 2-3 and 1-1 leave it on the 1- or
        // 2-point, from where any roll bears it off.
        let e = american.entry(&[0, 0, 0, 0, 0, 1]).unwrap();
        assert!(close(e.turns(1), 29.0 / 36.0), "{e:?}");
        assert!(close(e.turns(2), 7.0 / 36.0), "{e:?}");
        assert!(close(e.left_after(1), 7.0 / 36.0));
        assert!(close(e.mean(), 1.0 + 7.0 / 36.0));
        // Backgammon has no acey-deucey: 1-2 fails too.
        let backgammon = small(Preset::Backgammon, 2);
        let e = backgammon.entry(&[0, 0, 0, 0, 0, 1]).unwrap();
        assert!(close(e.turns(1), 27.0 / 36.0), "{e:?}");
        assert!(close(e.turns(2), 9.0 / 36.0), "{e:?}");
    }

    #[test]
    fn exact_only_by_hand() {
        let bgammon = small(Preset::Bgammon, 2);
        // On the 1-point only a 1 bears it off (11 rolls in 36), turn after turn: geometric.
        let e = bgammon.entry(&[1, 0, 0, 0, 0, 0]).unwrap();
        let p: f64 = 11.0 / 36.0;
        for t in 1..20 {
            let want = (1.0 - p).powi(t as i32 - 1) * p;
            assert!(close(e.turns(t), want), "turn {t}: {e:?}");
        }
        assert!((e.mean() as f64 - 36.0 / 11.0).abs() < 1e-5, "{e:?}");
        // On the 6-point: a 6, 5-1, 4-2, 2-2 or 3-3 bears it off, and so does 1-2 (to the 3-point,
        // then 3-3 named): 11 + 2 + 2 + 1 + 1 + 2 = 19 rolls.
        let e = bgammon.entry(&[0, 0, 0, 0, 0, 1]).unwrap();
        assert!(close(e.turns(1), 19.0 / 36.0), "{e:?}");
        // Two on the 1-point: 1-1 takes both (1 in 36), another roll with a 1 takes one (10),
        // the rest nothing: E2 = 1 + 10/36 E1 + 25/36 E2 with E1 = 36/11, so E2 = 756/121.
        let e = bgammon.entry(&[2, 0, 0, 0, 0, 0]).unwrap();
        assert!((e.mean() as f64 - 756.0 / 121.0).abs() < 1e-5, "{e:?}");
        // One on the 2-point: a 2 or 1-1 bears it off (12 rolls); 1-3 to 1-6 must play the 1
        // (8 rolls), to the 1-point; nothing else plays. E = 1 + 8/36 E1 + 16/36 E, so
        // E = (36/20)(1 + 8/11) = 684/220.
        let e = bgammon.entry(&[0, 1, 0, 0, 0, 0]).unwrap();
        assert!(close(e.turns(1), 12.0 / 36.0), "{e:?}");
        assert!((e.mean() as f64 - 684.0 / 220.0).abs() < 1e-5, "{e:?}");
    }

    #[test]
    fn two_checkers_on_the_1_point_come_off_in_one_turn_under_standard_bear_off() {
        // Any non-double bears one off with each die; the 1-2 bears both off and ends the game
        // (AD-7); a double has four steps.
        let e = small(Preset::American, 2);
        let e = e.entry(&[2, 0, 0, 0, 0, 0]).unwrap();
        assert!(close(e.turns(1), 1.0), "{e:?}");
    }

    #[test]
    fn small_tables_are_the_prefix_of_the_full_one() {
        let full = table(&Preset::American.rules()).unwrap();
        let part = small(Preset::American, 4);
        assert_eq!(part.len(), boards(4));
        for home in all_homes(4) {
            let (a, b) = (full.entry(&home).unwrap(), part.entry(&home).unwrap());
            assert_eq!(a.mean(), b.mean(), "{home:?}");
            for t in 0..a.end().max(b.end()) {
                assert_eq!(a.turns(t), b.turns(t), "{home:?}");
                assert_eq!(a.left_after(t), b.left_after(t), "{home:?}");
            }
        }
        assert!(part.entry(&[5, 0, 0, 0, 0, 0]).is_none());
    }

    #[test]
    fn every_board_sums_to_one_and_its_expectations_agree() {
        for preset in [Preset::American, Preset::Bgammon, Preset::Backgammon] {
            let t = table(&preset.rules()).unwrap();
            assert_eq!(t.len(), BOARDS);
            for home in all_homes(CHECKERS) {
                let e = t.entry(&home).unwrap();
                let total: f64 = (0..e.end()).map(|k| e.turns(k) as f64).sum();
                assert!((total - 1.0).abs() < 1e-5, "{preset} {home:?}: {total}");
                let mean: f64 = (0..e.end()).map(|k| k as f64 * e.turns(k) as f64).sum();
                assert!((mean - e.mean() as f64).abs() < 1e-3, "{preset} {home:?}");
                // Checkers left never grow, and are none once surely off.
                let n = e.checkers() as f32;
                assert_eq!(e.left_after(0), n);
                for k in 1..e.end() + 2 {
                    assert!(
                        e.left_after(k) <= e.left_after(k - 1) + EPS,
                        "{preset} {home:?}"
                    );
                    // At least one checker stays while the last turn is still to come.
                    assert!(
                        e.left_after(k) + EPS >= e.at_least(k + 1),
                        "{preset} {home:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn adding_a_checker_never_shortens_a_standard_bear_off() {
        // Under the standard (and liberal) bear-off rules: more checkers or more pips can only
        // take longer. (Under exact-only it can fail: an extra checker may let a 1-2 play both
        // dice and earn the double; see `exact_only_can_reward_an_extra_checker`.)
        for preset in [Preset::American, Preset::LiberalBearoff, Preset::Backgammon] {
            let t = table(&preset.rules()).unwrap();
            for home in all_homes(CHECKERS - 1) {
                let base = t.entry(&home).unwrap().mean();
                for k in 0..POINTS {
                    let mut more = home;
                    more[k] += 1;
                    let m = t.entry(&more).unwrap().mean();
                    assert!(m + EPS >= base, "{preset} {home:?} + point {}", k + 1);
                }
            }
        }
    }

    #[test]
    fn exact_only_can_reward_an_extra_checker() {
        // Two on the 1-point against the same plus one on the 3-point, exact-only with the
        // bgammon re-roll: with the extra checker a 1-2 plays 3/1 then 1/off, earns the double
        // and names 1-1 for the rest. It still takes longer on average.
        let t = small(Preset::Bgammon, 3);
        let two = t.entry(&[2, 0, 0, 0, 0, 0]).unwrap();
        let three = t.entry(&[2, 0, 1, 0, 0, 0]).unwrap();
        assert!(three.mean() > two.mean());
        assert!(three.turns(1) > two.turns(1), "{three:?} {two:?}");
    }

    #[test]
    fn two_sided_values_by_hand() {
        let rules = Preset::American.rules();
        let t = table(&rules).unwrap();
        // A checker on my 1-point: I win now, scoring their two checkers.
        let s = state([1, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0], Player::Zero);
        let e = t.eval(&rules, &s).unwrap();
        assert!(close(e.win, 1.0) && close(e.equity(&rules), 2.0), "{e:?}");
        // With them to roll first, they win now (two on the 1-point come off in any roll),
        // scoring my one.
        let e = t.eval(&rules, &s.with_turn(Player::One)).unwrap();
        assert!(close(e.win, 1.0) && close(e.equity(&rules), 1.0), "{e:?}");
        // My 6-point against their 1-point: 29/36 I bear off first (1 point), else they do
        // (my one checker: 1 point): 29/36 - 7/36.
        let s = state([0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0], Player::Zero);
        let e = t.eval(&rules, &s).unwrap();
        assert!(close(e.win, 29.0 / 36.0), "{e:?}");
        assert!(close(e.equity(&rules), 22.0 / 36.0), "{e:?}");
        // Single-game scoring: the same race, every game worth 1.
        let single = Rules {
            scoring: acey_rules::Scoring::Single,
            ..rules
        };
        assert!(close(
            t.eval(&single, &s).unwrap().equity(&single),
            22.0 / 36.0
        ));
        // Backgammon: 15 of theirs still on their 6-point against my checker on the 1-point is
        // a sure gammon (2 of at most 3).
        let bg = Preset::Backgammon.rules();
        let s = state([1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 15], Player::Zero);
        let e = table(&bg).unwrap().eval(&bg, &s).unwrap();
        assert!(close(e.equity(&bg), 2.0), "{e:?}");
        // Not a bear-off: a checker outside, or a finished game.
        assert!(t.eval(&rules, &Position::starting(&rules)).is_none());
        let over = state([0; 6], [1, 0, 0, 0, 0, 0], Player::One);
        assert!(t.eval(&rules, &over).is_none());
    }

    #[test]
    fn the_key_keeps_exactly_what_a_bear_off_depends_on() {
        // Every option the key drops leaves a bear-off's turn segments as they are.
        let mut dice = SeededRng::new(5);
        for &preset in Preset::ALL {
            let rules = preset.rules();
            let k = key(&rules).unwrap();
            let (mut g1, mut g2) = (MoveGen::new(&rules), MoveGen::new(&k));
            for _ in 0..60 {
                let s = state(random_home(&mut dice), random_home(&mut dice), Player::Zero);
                let roll = dice.roll();
                let mut a: Vec<Position> = candidates(&rules, &mut g1, &s, roll)
                    .iter()
                    .map(|c| c.state)
                    .collect();
                let mut b: Vec<Position> = candidates(&k, &mut g2, &s, roll)
                    .iter()
                    .map(|c| c.state)
                    .collect();
                a.sort();
                b.sort();
                assert_eq!(a, b, "{preset} {s:?} {roll:?}");
            }
        }
        let limited = Rules {
            acey_chain_limit: ChainLimit::Max(2),
            ..Rules::default()
        };
        assert!(key(&limited).is_none() && table(&limited).is_none());
        // Presets that differ only off the bear-off share a table.
        assert_eq!(
            key(&Preset::Britannica.rules()),
            key(&Preset::LiberalBearoff.rules())
        );
    }

    #[test]
    fn a_table_first_wanted_by_many_rayon_jobs_at_once_is_built_once() {
        // Bots first want a table inside rayon jobs (duels, training); building it must not
        // wait on itself. A rule set no other test uses, so that this test builds it.
        use rayon::prelude::*;
        let rules = Rules {
            frozen_home: true,
            ..Preset::Backgammon.rules()
        };
        let tables: Vec<Arc<Table>> = (0..32)
            .into_par_iter()
            .map(|_| table(&rules).expect("a table"))
            .collect();
        assert!(tables.windows(2).all(|w| Arc::ptr_eq(&w[0], &w[1])));
        assert_eq!(tables[0].rules(), &key(&rules).unwrap());
    }

    #[test]
    fn the_evaluator_answers_bear_offs_and_passes_the_rest_on() {
        let rules = Preset::American.rules();
        let ev = BearoffEvaluator::new(Arc::new(HeuristicEvaluator));
        let start = Position::starting(&rules);
        let race = state([0, 2, 0, 3, 0, 1], [4, 0, 0, 0, 2, 0], Player::One);
        let mut out = [ev.evaluate(&rules, &start); 2];
        ev.evaluate_batch(&rules, &[start, race], &mut out);
        assert_eq!(out[0], HeuristicEvaluator.evaluate(&rules, &start));
        assert_eq!(Some(out[1]), table(&rules).unwrap().eval(&rules, &race));
        assert!(ev.exact_for(&rules, &race) && !ev.exact_for(&rules, &start));
        let limited = Rules {
            acey_chain_limit: ChainLimit::Max(1),
            ..rules
        };
        assert!(!ev.exact_for(&limited, &race));
        assert_eq!(
            ev.evaluate(&limited, &race),
            HeuristicEvaluator.evaluate(&limited, &race)
        );
    }

    /// The table's value of a candidate for the player who rolled.
    fn table_equity(rules: &Rules, t: &Table, mover: Player, next: &Position) -> f32 {
        let e = terminal_eval(rules, next)
            .or_else(|| t.eval(rules, next))
            .expect("a bear-off leads to a bear-off or the end");
        let e = if next.turn() == mover { e } else { e.flipped() };
        e.equity(rules)
    }

    #[test]
    fn every_level_plays_the_table_s_best_play_in_the_bear_off() {
        for preset in [Preset::American, Preset::Bgammon] {
            let rules = preset.rules();
            let t = table(&rules).unwrap();
            let bots: Vec<(Level, crate::Bot)> =
                Level::ALL.iter().map(|&l| (l, l.bot(rules))).collect();
            let mut gen = MoveGen::new(&rules);
            let mut dice = SeededRng::new(17);
            for k in 0..300 {
                let turn = if k % 2 == 0 {
                    Player::Zero
                } else {
                    Player::One
                };
                let s = state(random_home(&mut dice), random_home(&mut dice), turn);
                // A 1-2 every fourth position: the acey-deucey chain is where filters could cut.
                let roll = if k % 4 == 0 { (1, 2) } else { dice.roll() };
                let best = candidates(&rules, &mut gen, &s, roll)
                    .iter()
                    .map(|c| table_equity(&rules, &t, turn, &c.state))
                    .fold(f32::NEG_INFINITY, f32::max);
                for (level, bot) in &bots {
                    let c = bot.choose(&s, roll, &mut dice);
                    let got = table_equity(&rules, &t, turn, &c.state);
                    assert!(
                        (got - best).abs() < 1e-5,
                        "{preset} {level} {s:?} {roll:?}: {got} < {best}"
                    );
                    // Naming the double after that 1-2 play step by step (as the server and
                    // `acey play` do) finds the same value.
                    if let (Some(play), Some(_)) = (c.play, c.double) {
                        let after = play.position().with_turn(turn);
                        let named = bot.rank_doubles(&after)[0].1.equity;
                        assert!((named - best).abs() < 1e-5, "{preset} {level} {s:?}");
                        let d = bot.choose_double(&after, &mut dice);
                        let top = bot.rank_double(&after, d)[0].equity;
                        assert!((top - best).abs() < 1e-5, "{preset} {level} {s:?}");
                    }
                }
            }
        }
    }
}
