//! Position classes: whether the game is still a contact game or a pure race. GNU Backgammon
//! evaluates the two with different networks, and the cube's efficiency differs between them.

use acey_rules::{Player, Position};

/// Whether the two sides must still pass each other: a checker waiting to enter (start pool or
/// bar), or a checker of one side behind a checker of the other.
pub fn in_contact(pos: &Position) -> bool {
    let back = |p: Player| (1..=24u8).rev().find(|&q| pos.count(p, q) > 0).unwrap_or(0);
    let waiting = Player::BOTH
        .into_iter()
        .any(|p| pos.start(p) > 0 || pos.bar(p) > 0);
    // Player 0's point a is player 1's point 25 - a: they have passed when a + b <= 25.
    waiting || back(Player::Zero) + back(Player::One) > 25
}
