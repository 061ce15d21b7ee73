//! Numbering one side's home board: every way to place up to 15 checkers on points 1..=6 gets a
//! dense index, 0 for the empty board.
//!
//! A home board `(a1, ..., a6)` with `a1 + ... + a6 <= 15` is a composition of 15 into seven
//! parts (the seventh is the borne-off count). Stars and bars turn it into the six bar positions
//! `c_k = a1 + ... + ak + k - 1` (0-based `k`: `s_k + k`), a strictly increasing 6-subset of
//! `0..=20`, and the combinatorial number system ranks such subsets densely: `sum C(c_k, k + 1)`.
//! There are C(21, 6) = 54,264 boards. Ranks are colexicographic, so the boards with at most `m`
//! checkers are exactly the first C(m + 6, 6) indices: a table for small boards is a prefix of the
//! full one, and a successor (fewer pips, never more checkers) of a board in the prefix is in it.

use acey_rules::{Player, Position, CHECKERS};

/// Home points per side.
pub const POINTS: usize = 6;

/// One side's checkers on its home points 1..=6 (`home[0]` is the 1-point); the rest are off.
pub type Home = [u8; POINTS];

/// C(n, k) for n <= 21 and k <= 6.
const BINOMIAL: [[u32; POINTS + 1]; 22] = {
    let mut c = [[0u32; POINTS + 1]; 22];
    let mut n = 0;
    while n < 22 {
        c[n][0] = 1;
        let mut k = 1;
        while k <= POINTS && k <= n {
            c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    c
};

/// The number of home boards with at most `checkers` checkers: C(checkers + 6, 6).
pub const fn boards(checkers: u8) -> usize {
    BINOMIAL[checkers as usize + POINTS][POINTS] as usize
}

/// Every home board of up to 15 checkers: C(21, 6).
pub const BOARDS: usize = boards(CHECKERS);

/// The index of a home board, `0..BOARDS`.
///
/// The board must hold at most 15 checkers (every board read from a valid [`Position`] does).
pub fn index(home: &Home) -> usize {
    debug_assert!(checkers(home) <= CHECKERS);
    let mut sum = 0usize;
    let mut rank = 0usize;
    for (k, &a) in home.iter().enumerate() {
        sum += a as usize;
        rank += BINOMIAL[sum + k][k + 1] as usize;
    }
    rank
}

/// Checkers on a home board.
pub fn checkers(home: &Home) -> u8 {
    home.iter().sum()
}

/// Pips of a home board.
pub fn pips(home: &Home) -> u32 {
    home.iter()
        .enumerate()
        .map(|(k, &a)| (k as u32 + 1) * a as u32)
        .sum()
}

/// Every home board of up to `max_checkers` checkers, in index order (`out[index(h)] == h`).
pub fn all_homes(max_checkers: u8) -> Vec<Home> {
    let mut out = vec![[0u8; POINTS]; boards(max_checkers)];
    let mut home = [0u8; POINTS];
    fill(&mut home, 0, max_checkers, &mut out);
    out
}

fn fill(home: &mut Home, point: usize, left: u8, out: &mut [Home]) {
    if point == POINTS {
        out[index(home)] = *home;
        return;
    }
    for a in 0..=left {
        home[point] = a;
        fill(home, point + 1, left - a, out);
    }
    home[point] = 0;
}

/// `player`'s home board in `pos`, or `None` while any of its checkers is outside it (in
/// `start`, on the bar or on points 7..=24).
pub fn home_of(pos: &Position, player: Player) -> Option<Home> {
    if !pos.all_home(player) {
        return None;
    }
    let mut home = [0u8; POINTS];
    for (k, h) in home.iter_mut().enumerate() {
        *h = pos.count(player, k as u8 + 1);
    }
    Some(home)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_is_a_bijection_onto_a_dense_range() {
        assert_eq!(BOARDS, 54_264);
        assert_eq!(boards(0), 1);
        assert_eq!(boards(1), 7);
        let homes = all_homes(CHECKERS);
        let mut seen = vec![false; BOARDS];
        for h in &homes {
            let i = index(h);
            assert!(!seen[i], "{h:?} twice");
            seen[i] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(index(&[0; 6]), 0);
        // Small boards come first: the prefix of up to m checkers.
        for m in 0..=CHECKERS {
            assert!(homes[..boards(m)].iter().all(|h| checkers(h) <= m));
            assert!(homes[boards(m)..].iter().all(|h| checkers(h) > m));
        }
    }
}
