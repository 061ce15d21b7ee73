//! perft: counting the leaves of the game tree to validate move generation against
//! other implementations.
//!
//! A state is a position together with the player to roll (the position's `turn`). `perft(s, 0)`
//! is 1 and a finished game is a leaf at any depth. `perft(s, n)` sums, over the 21 distinct rolls
//! (unweighted), the perft of every distinct successor state at depth `n - 1`.
//!
//! Successors of a roll are the states its turn segments reach ([`crate::turn_segments`]): each
//! distinct position after a maximal play, with the opponent to roll;
//! the same position with the opponent to roll when nothing can be played. A 1-2 under an
//! acey-deucey rule set follows AD-1 to AD-5: each 1-2 play that earns the double (AD-2) is
//! followed by every nameable double `d` and every play of it, and the same player rolls again when
//! the re-roll gate (AD-5) is passed. A natural double re-rolls under
//! `natural_doubles = four-moves-then-reroll`, as in the game. Successors are de-duplicated as
//! (position, player to roll) pairs; a finished game is always paired with the loser to roll.
//! The acey-deucey chain limit (AD-6) is not part of the state, so perft counts as if it were
//! unlimited.
//!
//! ```
//! use acey_rules::{perft, perft_divide, Position, Preset};
//! let rules = Preset::Backgammon.rules();
//! let start = Position::starting(&rules);
//! assert_eq!(perft(&rules, &start, 0), 1);
//! let by_roll = perft_divide(&rules, &start, 1);
//! assert_eq!(by_roll.len(), 21);
//! assert_eq!(by_roll.iter().map(|(_, n)| n).sum::<u64>(), perft(&rules, &start, 1));
//! ```

use crate::position::Position;
use crate::position_set::PositionSet;
use crate::rules::Rules;
use crate::segment::walk;
use crate::MoveGen;

/// The 21 distinct rolls, larger die first: doubles and the 15 non-doubles.
pub fn distinct_rolls() -> impl Iterator<Item = (u8, u8)> {
    (1..=6u8).flat_map(|a| (1..=a).map(move |b| (a, b)))
}

/// The distinct successor states of `state` for one roll: the states of its
/// [`turn_segments`](crate::turn_segments), without the actions.
pub fn successors(
    rules: &Rules,
    gen: &mut MoveGen,
    state: &Position,
    roll: (u8, u8),
) -> Vec<Position> {
    let mut seen = PositionSet::default();
    walk(rules, gen, state, roll, |s| {
        seen.insert(s.state);
    });
    seen.into_iter().collect()
}

/// The number of leaves of the game tree of depth `depth` from `state`.
pub fn perft(rules: &Rules, state: &Position, depth: u32) -> u64 {
    let mut gen = MoveGen::new(rules);
    perft_with(rules, &mut gen, state, depth)
}

fn perft_with(rules: &Rules, gen: &mut MoveGen, state: &Position, depth: u32) -> u64 {
    if depth == 0 || state.winner().is_some() {
        return 1;
    }
    let mut total = 0;
    for roll in distinct_rolls() {
        for next in successors(rules, gen, state, roll) {
            total += perft_with(rules, gen, &next, depth - 1);
        }
    }
    total
}

/// perft at `depth`, broken down by the first roll: `((a, b), count)` for the 21 rolls.
pub fn perft_divide(rules: &Rules, state: &Position, depth: u32) -> Vec<((u8, u8), u64)> {
    let mut gen = MoveGen::new(rules);
    distinct_rolls()
        .map(|roll| {
            if depth == 0 || state.winner().is_some() {
                return (roll, 1);
            }
            let n = successors(rules, &mut gen, state, roll)
                .iter()
                .map(|s| perft_with(rules, &mut gen, s, depth - 1))
                .sum();
            (roll, n)
        })
        .collect()
}
