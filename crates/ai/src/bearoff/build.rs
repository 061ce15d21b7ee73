//! Generating a one-sided table: dynamic programming over the home boards, fewest pips first,
//! with the real legal plays of the rules engine.
//!
//! Each board is placed in a position where the other side cannot interfere (all fifteen of its
//! checkers on its own 1-point, which the mover never reaches), and every roll's turn segments
//! ([`acey_rules::for_each_turn_segment`]) give the boards it can lead to, with who rolls next:
//! the same side after an acey-deucey re-roll or a re-rolling natural double (the turn goes on),
//! else the other side (the turn is over). So the 1-2, its named double and the re-roll are all
//! counted inside one turn, under whichever options the rule set has.
//!
//! The policy: for every roll, the segment with the fewest expected turns to finish (as GNU
//! Backgammon's one-sided database); between segments equal in that, the one with the fewest
//! expected checker-turns (the sum over later turns of the checkers still on the board), so that
//! ties go to bearing off sooner. Every play uses at least one die and lowers the pip count, so
//! every board a segment reaches has fewer pips and is already solved; the one exception is a
//! roll with no legal play at all, which leaves the board as it is and ends the turn: that
//! self-loop is solved in closed form (a geometric tail), not by iteration.

use acey_rules::{
    double_options, double_segments, for_each_turn_segment, MoveGen, Play, Player, Pool, Position,
    Rules, CHECKERS,
};
use rayon::prelude::*;

use super::index::{all_homes, boards, checkers, index, pips, Home, POINTS};

/// Probabilities (and expected checkers) below this are dropped from the ends of a board's
/// arrays; a turn distribution's dropped mass is added to the nearest turn kept, so that it still
/// sums to 1. Its effect on any equity is far below `f32` precision.
pub(super) const NEGLIGIBLE: f64 = 1e-9;

/// Longest turn distribution kept. Only reachable with exact-only bear-offs from heavy stacks on
/// the low points, and then only as a tail far below [`NEGLIGIBLE`]: a guard, not a limit.
const MAX_TURNS: usize = 4096;

/// One board's solution, in f64 while the table is built.
#[derive(Debug, Clone, Default)]
pub(super) struct Row {
    /// `turns[t]`: probability that the last checker is off in turn `t` (`turns[0]` is 1 only
    /// for the empty board).
    pub turns: Vec<f64>,
    /// `left[t]`: expected checkers still on the board after `t` turns (`left[0]` is the board's
    /// count); 0 beyond the end.
    pub left: Vec<f64>,
    /// `none_off[t]`: probability that no checker has been borne off after `t` turns; 0 beyond
    /// the end.
    pub none_off: Vec<f64>,
    /// Expected turns.
    pub mean: f64,
    /// Expected checker-turns: the sum of `left[t]` over `t >= 1`.
    pub checker_turns: f64,
}

/// Where a turn segment leaves the mover.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Next {
    /// The last checker is off: the turn, and the game, end.
    Finished,
    /// On this board with the turn going on (a re-roll).
    Reroll(usize),
    /// On this board with the turn over.
    Pass(usize),
}

/// The position that stands for `home`: the mover is player 0, with the board's checkers on its
/// points 1..=6 and the rest off; player 1 has all fifteen on its own 1-point (absolute point
/// 24), out of the mover's reach, so nothing it does matters.
pub(super) fn stand_in(home: &Home) -> Position {
    let mut board = [0i8; 24];
    for (k, &a) in home.iter().enumerate() {
        board[k] = a as i8;
    }
    board[23] = -(CHECKERS as i8);
    Position::new(
        board,
        [0, 0],
        [0, 0],
        [CHECKERS - checkers(home), 0],
        Player::Zero,
    )
    .expect("a home board of at most 15 checkers and 15 opposing checkers is a valid position")
}

/// Where a segment's state leaves player 0 (the mover of [`stand_in`]).
fn next_of(state: &Position) -> Next {
    if state.off(Player::Zero) == CHECKERS {
        return Next::Finished;
    }
    let mut home = [0u8; POINTS];
    for (k, h) in home.iter_mut().enumerate() {
        *h = state.count(Player::Zero, k as u8 + 1);
    }
    let j = index(&home);
    if state.turn() == Player::Zero {
        Next::Reroll(j)
    } else {
        Next::Pass(j)
    }
}

/// Adds `w * src[t]` to `acc[t + shift]` for `t >= from`.
fn add(acc: &mut Vec<f64>, src: &[f64], shift: usize, from: usize, w: f64) {
    if src.len() + shift > acc.len() {
        acc.resize(src.len() + shift, 0.0);
    }
    for (t, &v) in src.iter().enumerate().skip(from) {
        acc[t + shift] += w * v;
    }
}

/// The policy's value of reaching `next` from board `i`: (expected turns, expected checker-turns)
/// from the start of the current turn. `own` is board `i`'s row once it is known; before, a move
/// back to board `i` (a roll with no legal play) has no value yet and gives `None`.
fn value(
    next: Next,
    i: usize,
    homes: &[Home],
    rows: &[Row],
    own: Option<&Row>,
) -> Option<(f64, f64)> {
    let row = |j: usize| if j == i { own } else { Some(&rows[j]) };
    Some(match next {
        Next::Finished => (1.0, 0.0),
        Next::Reroll(j) => {
            let r = row(j)?;
            (r.mean, r.checker_turns)
        }
        Next::Pass(j) => {
            let r = row(j)?;
            (1.0 + r.mean, checkers(&homes[j]) as f64 + r.checker_turns)
        }
    })
}

/// The best of a roll's outcomes, by the policy: the fewest expected turns, then the fewest
/// expected checker-turns, then the first generated.
#[derive(Default)]
struct Best {
    best: Option<(f64, f64, Next)>,
}

impl Best {
    fn consider(&mut self, next: Next, (cost, tie): (f64, f64)) {
        let better = match self.best {
            None => true,
            Some((c, t, _)) => cost < c - 1e-12 || (cost <= c + 1e-12 && tie < t - 1e-12),
        };
        if better {
            self.best = Some((cost, tie, next));
        }
    }
}

/// Where a 1-2 play leaves the mover: the game over, the turn over (the play did not earn the
/// double, AD-2), or the best double to name from the board it reached (`doubles`, solved with
/// that board). The same walk as the engine's turn segments, in two halves so that the doubles
/// of each board are solved once, not once per 1-2 play that reaches it.
fn after_acey_deucey(rules: &Rules, play: &Play, doubles: &[Next]) -> Next {
    match next_of(&play.position().with_turn(Player::One)) {
        Next::Finished => Next::Finished,
        Next::Reroll(j) | Next::Pass(j) if rules.earns_double(play.dice_used()) => doubles[j],
        other => other,
    }
}

/// Solves board `i` given the rows of every board with fewer pips, and the best double to name
/// there after a 1-2 (its own row known by then).
/// `split_chain` walks a 1-2 in two halves (its plays here, the doubles from `doubles`); without
/// it, the engine's whole turn segments (the tests compare the two).
fn solve(
    rules: &Rules,
    gen: &mut MoveGen,
    homes: &[Home],
    rows: &[Row],
    doubles: &[Next],
    i: usize,
    split_chain: bool,
) -> (Row, Next) {
    let home = homes[i];
    let n = checkers(&home);
    let pos = stand_in(&home);
    // B: the contributions of the rolls that move; `stay`: the probability of a roll that
    // cannot be played at all (the board stays, the turn ends).
    let (mut turns, mut left, mut none_off) = (vec![0.0], vec![n as f64], vec![1.0]);
    let mut stay = 0.0f64;
    for (a, b) in acey_rules::distinct_rolls() {
        let w = if a == b { 1.0 / 36.0 } else { 2.0 / 36.0 };
        let mut best = Best::default();
        let mut consider = |next: Next| {
            // Only a roll with no legal play leaves the board unchanged (a re-roll is earned
            // only by dice that were played): it has no value yet and is counted in `stay`.
            if let Some(v) = value(next, i, homes, rows, None) {
                best.consider(next, v);
            }
        };
        if split_chain && rules.is_acey_deucey(a, b) {
            let pool = Pool::roll(a, b).expect("a distinct roll is two dice");
            let plays = gen.plays(&pos, &pool).to_vec();
            for play in &plays {
                consider(after_acey_deucey(rules, play, doubles));
            }
        } else {
            for_each_turn_segment(rules, gen, &pos, (a, b), |seg| {
                consider(next_of(&seg.state))
            });
        }
        match best.best {
            None => stay += w,
            Some((_, _, Next::Finished)) => add(&mut turns, &[0.0, 1.0], 0, 1, w),
            Some((_, _, Next::Reroll(j))) => {
                let r = &rows[j];
                add(&mut turns, &r.turns, 0, 1, w);
                add(&mut left, &r.left, 0, 1, w);
                if checkers(&homes[j]) == n {
                    add(&mut none_off, &r.none_off, 0, 1, w);
                }
            }
            Some((_, _, Next::Pass(j))) => {
                let r = &rows[j];
                add(&mut turns, &r.turns, 1, 0, w);
                add(&mut left, &r.left, 1, 0, w);
                if checkers(&homes[j]) == n {
                    add(&mut none_off, &r.none_off, 1, 0, w);
                }
            }
        }
    }
    let row = finish(turns, left, none_off, stay);
    let double = if rules.acey_deucey {
        best_double(rules, gen, homes, rows, i, &row)
    } else {
        Next::Finished
    };
    (row, double)
}

/// The best double to name at board `i` after a 1-2 that earned it (AD-3 to AD-5: every double
/// that may be named, every play of it, and the re-roll it earns), by the policy.
fn best_double(
    rules: &Rules,
    gen: &mut MoveGen,
    homes: &[Home],
    rows: &[Row],
    i: usize,
    own: &Row,
) -> Next {
    let after = stand_in(&homes[i]);
    let mut best = Best::default();
    for (d, plays) in double_options(rules, gen, &after) {
        for seg in double_segments(rules, &after, d, &plays) {
            let next = next_of(&seg.state);
            let v = value(next, i, homes, rows, Some(own)).expect("board i's row is known");
            best.consider(next, v);
        }
    }
    best.best.map_or(Next::Pass(i), |(_, _, next)| next)
}

/// Closes the self-loop of the unplayable rolls (`x[t] = stay * x[t - 1] + b[t]`), trims the
/// negligible tail and computes the expectations.
fn finish(mut turns: Vec<f64>, mut left: Vec<f64>, mut none_off: Vec<f64>, stay: f64) -> Row {
    let len = turns.len().max(left.len()).max(none_off.len());
    for v in [&mut turns, &mut left, &mut none_off] {
        v.resize(len, 0.0);
    }
    if stay > 0.0 {
        let mut t = 1;
        loop {
            if t == turns.len() {
                // Beyond the moving rolls' reach only the geometric tail remains.
                if turns[t - 1] * stay < NEGLIGIBLE || t >= MAX_TURNS {
                    break;
                }
                for v in [&mut turns, &mut left, &mut none_off] {
                    v.push(0.0);
                }
            }
            turns[t] += stay * turns[t - 1];
            left[t] += stay * left[t - 1];
            none_off[t] += stay * none_off[t - 1];
            t += 1;
        }
    }
    while turns.len() > 1 && turns[turns.len() - 1] < NEGLIGIBLE {
        turns.pop();
    }
    let len = turns.len();
    left.truncate(len);
    none_off.truncate(len);
    for v in [&mut left, &mut none_off] {
        while v.len() > 1 && v[v.len() - 1] < NEGLIGIBLE {
            v.pop();
        }
    }
    let total: f64 = turns.iter().sum();
    turns[len - 1] += 1.0 - total;
    let mean = turns.iter().enumerate().map(|(t, p)| t as f64 * p).sum();
    let checker_turns = left.iter().skip(1).sum();
    Row {
        turns,
        left,
        none_off,
        mean,
        checker_turns,
    }
}

/// Solves every board of up to `max_checkers` checkers under `rules` (which the caller has
/// checked a table can serve), layer by layer of equal pip counts: a layer's boards depend only
/// on boards of fewer pips, so each layer is solved in parallel.
/// `parallel`: each layer's boards on the current rayon pool, else on this thread.
pub(super) fn solve_all(rules: &Rules, max_checkers: u8, parallel: bool) -> Vec<Row> {
    solve_boards(rules, max_checkers, true, parallel)
}

/// [`solve_all`], with the 1-2 walked in two halves (`split_chain`) or whole.
fn solve_boards(rules: &Rules, max_checkers: u8, split_chain: bool, parallel: bool) -> Vec<Row> {
    let homes = all_homes(max_checkers);
    let mut rows = vec![Row::default(); boards(max_checkers)];
    rows[0] = Row {
        turns: vec![1.0],
        left: vec![0.0],
        none_off: vec![0.0],
        mean: 0.0,
        checker_turns: 0.0,
    };
    let top = pips(&[0, 0, 0, 0, 0, max_checkers]) as usize;
    let mut layers: Vec<Vec<usize>> = vec![Vec::new(); top + 1];
    for (i, h) in homes.iter().enumerate().skip(1) {
        layers[pips(h) as usize].push(i);
    }
    // The best double to name at each board after a 1-2 (unused without the acey-deucey).
    let mut doubles = vec![Next::Finished; rows.len()];
    for layer in &layers {
        let solve_one = |gen: &mut MoveGen, &i: &usize| {
            (
                i,
                solve(rules, gen, &homes, &rows, &doubles, i, split_chain),
            )
        };
        let solved: Vec<(usize, (Row, Next))> = if parallel {
            layer
                .par_iter()
                .map_init(|| MoveGen::new(rules), solve_one)
                .collect()
        } else {
            let mut gen = MoveGen::new(rules);
            layer.iter().map(|i| solve_one(&mut gen, i)).collect()
        };
        for (i, (row, double)) in solved {
            rows[i] = row;
            doubles[i] = double;
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use acey_rules::{AceyDoubleChoice, AceyDoubleGate, AceyDoublesMode, Preset};

    #[test]
    fn the_1_2_in_two_halves_solves_as_the_engine_s_whole_segments() {
        // The split walk re-states two lines of the engine's (a finished game and AD-2's gate);
        // over every option of the acey-deucey turn it must give the same tables.
        let american = Preset::American.rules();
        let variants = [
            american,
            Preset::Bgammon.rules(),
            Preset::OldNavy.rules(),
            Rules {
                acey_double_gate: AceyDoubleGate::AnyDieUsed,
                ..Preset::Bgammon.rules()
            },
            Rules {
                acey_double_choice: AceyDoubleChoice::PlayableIfPossible,
                ..american
            },
            Rules {
                acey_doubles_mode: AceyDoublesMode::EuropeanComplement,
                ..Preset::Britannica.rules()
            },
        ];
        for rules in variants {
            let split = solve_boards(&rules, 5, true, true);
            let whole = solve_boards(&rules, 5, false, false);
            for (i, (a, b)) in split.iter().zip(&whole).enumerate() {
                assert!((a.mean - b.mean).abs() < 1e-12, "{rules} board {i}");
                assert!(
                    (a.checker_turns - b.checker_turns).abs() < 1e-12,
                    "{rules} {i}"
                );
                assert_eq!(a.turns.len(), b.turns.len(), "{rules} board {i}");
                for (x, y) in a.turns.iter().zip(&b.turns) {
                    assert!((x - y).abs() < 1e-12, "{rules} board {i}");
                }
            }
        }
    }
}
