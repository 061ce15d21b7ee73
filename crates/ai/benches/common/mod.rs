//! Shared by the bot benchmark (`benches/bot.rs`) and the profiling example
//! (`examples/profile_eval.rs`): the fixed acey position set and its encoded inputs.
#![allow(dead_code)]

use acey_ai::features::encode_sparse;
use acey_rules::Position;

const ACEY_POSITIONS: &str = include_str!("../../../rules/benches/data/acey-positions.txt");

/// The fixed acey-deucey set (american preset, 1,226 positions), player to roll.
pub fn positions() -> Vec<Position> {
    ACEY_POSITIONS
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|id| Position::from_id(id).unwrap_or_else(|e| panic!("bad acey ID {id}: {e}")))
        .collect()
}

/// The network's sparse inputs for every position, encoded once (to time the forward pass alone).
pub fn encoded(all: &[Position]) -> Vec<Vec<(u16, f32)>> {
    all.iter()
        .map(|p| {
            let mut x = Vec::new();
            encode_sparse(p, &mut x);
            x
        })
        .collect()
}
