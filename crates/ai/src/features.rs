//! The network's inputs: the state described from the side to roll.
//!
//! For each side (the side to roll first), each of its own points 1..=24 has four inputs in the
//! style of TD-Gammon: one checker or more, two or more, three or more, and `(n - 3) / 2` beyond
//! three. Then per side: checkers on the bar (any, and count / 4), in `start` (any, and count /
//! 15), borne off / 15, pip count / 375, whether all checkers are home (may bear off), and two
//! expert features: the number of the side's blots that the other side could hit from its own
//! checkers and entering pools within six pips (/ 6), and the length of its longest run of made
//! points (/ 6).
//!
//! Inputs are mostly zero, so they are produced as a sparse list `(index, value)`; the network's
//! first layer only touches the columns of nonzero inputs.

use acey_rules::{Player, Position};

/// Inputs per point.
const PER_POINT: usize = 4;
/// Inputs per side beyond the points.
const PER_SIDE_EXTRA: usize = 10;
/// Inputs for one side.
const PER_SIDE: usize = 24 * PER_POINT + PER_SIDE_EXTRA;
/// Total number of inputs.
pub const INPUTS: usize = 2 * PER_SIDE;

/// One side's checkers, by that side's own point numbers (index 1..=24).
fn own_counts(pos: &Position, side: Player) -> [u8; 25] {
    let mut c = [0u8; 25];
    for (i, &v) in pos.board().iter().enumerate() {
        match side {
            Player::Zero if v > 0 => c[i + 1] = v as u8,
            Player::One if v < 0 => c[24 - i] = (-v) as u8,
            _ => {}
        }
    }
    c
}

/// Blots of a side that the other side could hit with one die: from the other side's board
/// checkers up to six pips behind them, or by entering (the other side's bar or start checkers
/// enter on its own points 19..=24, which are this side's home board 1..=6; E15, E30).
fn exposed_blots(mine: &[u8; 25], theirs: &[u8; 25], their_pool: u8) -> u32 {
    let mut exposed = 0;
    for p in 1..=24usize {
        if mine[p] != 1 {
            continue;
        }
        // My point p is their point 25 - p. They move from higher to lower of their own numbers,
        // so a checker of theirs on their point q hits my blot when q - (25 - p) is 1..=6.
        let target = 25 - p;
        let hit_by_move = (1..=6).any(|d| target + d <= 24 && theirs[target + d] > 0);
        // Entering lands on their point 25 - d, i.e. their 19..=24 = my 1..=6.
        let hit_by_entry = their_pool > 0 && p <= 6;
        if hit_by_move || hit_by_entry {
            exposed += 1;
        }
    }
    exposed
}

fn longest_prime(mine: &[u8; 25]) -> u32 {
    let (mut best, mut run) = (0, 0);
    for &c in &mine[1..=24] {
        run = if c >= 2 { run + 1 } else { 0 };
        best = best.max(run);
    }
    best
}

/// Appends the nonzero inputs of `state` (from the side to roll) to `out` as `(index, value)`.
pub fn encode_sparse(state: &Position, out: &mut Vec<(u16, f32)>) {
    out.clear();
    let me = state.turn();
    let sides = [me, me.other()];
    let counts = [own_counts(state, sides[0]), own_counts(state, sides[1])];
    for (k, &side) in sides.iter().enumerate() {
        let base = k * PER_SIDE;
        let c = &counts[k];
        for p in 1..=24usize {
            let n = c[p];
            if n == 0 {
                continue;
            }
            let i = base + (p - 1) * PER_POINT;
            out.push((i as u16, 1.0));
            if n >= 2 {
                out.push((i as u16 + 1, 1.0));
            }
            if n >= 3 {
                out.push((i as u16 + 2, 1.0));
            }
            if n > 3 {
                out.push((i as u16 + 3, (n - 3) as f32 / 2.0));
            }
        }
        let e = base + 24 * PER_POINT;
        let bar = state.bar(side);
        let start = state.start(side);
        let off = state.off(side);
        let other = sides[1 - k];
        let their_pool = state.bar(other) + state.start(other);
        let extras = [
            if bar > 0 { 1.0 } else { 0.0 },
            bar as f32 / 4.0,
            if start > 0 { 1.0 } else { 0.0 },
            start as f32 / 15.0,
            off as f32 / 15.0,
            state.pip_count(side) as f32 / 375.0,
            if state.all_home(side) { 1.0 } else { 0.0 },
            exposed_blots(c, &counts[1 - k], their_pool) as f32 / 6.0,
            longest_prime(c) as f32 / 6.0,
            (c[1..=6].iter().filter(|&&n| n >= 2).count()) as f32 / 6.0,
        ];
        for (j, v) in extras.into_iter().enumerate() {
            if v != 0.0 {
                out.push(((e + j) as u16, v));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use acey_rules::Rules;

    #[test]
    fn mirrored_states_have_the_same_inputs() {
        // The encoding is from the side to roll, so swapping colours and seats changes nothing.
        let rules = Rules::default();
        let mut dice = acey_rules::Dice::new(9);
        let mut pos = Position::starting(&rules);
        let mut gen = acey_rules::MoveGen::new(&rules);
        for _ in 0..200 {
            let (a, b) = dice.roll();
            let plays = gen
                .plays(&pos, &acey_rules::Pool::roll(a, b).unwrap())
                .to_vec();
            if !plays.is_empty() {
                pos = *plays[dice.below(plays.len())].position();
            }
            pos = pos.with_turn(pos.turn().other());
            if pos.winner().is_some() {
                break;
            }
            let (mut x, mut y) = (Vec::new(), Vec::new());
            encode_sparse(&pos, &mut x);
            encode_sparse(&pos.mirrored(), &mut y);
            assert_eq!(x, y);
            assert!(x
                .iter()
                .all(|&(i, v)| (i as usize) < INPUTS && v > 0.0 && v <= 6.0));
        }
    }

    #[test]
    fn a_blot_in_front_of_enemy_checkers_is_exposed() {
        let mut mine = [0u8; 25];
        let mut theirs = [0u8; 25];
        mine[10] = 1; // my 10 = their 15
        theirs[18] = 2; // their 18: 3 pips away
        assert_eq!(exposed_blots(&mine, &theirs, 0), 1);
        theirs[18] = 0;
        theirs[22] = 2; // 7 pips away: not direct
        assert_eq!(exposed_blots(&mine, &theirs, 0), 0);
        mine[3] = 1; // in my home board: their entering checkers hit it
        assert_eq!(exposed_blots(&mine, &theirs, 1), 1);
    }
}
