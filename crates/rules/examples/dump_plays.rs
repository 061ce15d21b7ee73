//! Prints every play, in order, of every position of the fixed benchmark sets (both sides to
//! move) with each of the 36 rolls, in every preset: one line per generation. A change to the
//! generator that should not change its output (a faster walk) is checked by diffing the output
//! before and after; the order matters too, since seeded random games pick plays by index.
//!
//! ```text
//! cargo run --release -p acey-rules --example dump_plays > before.txt
//! # change the generator
//! cargo run --release -p acey-rules --example dump_plays | cmp - before.txt
//! ```

#[path = "../benches/common/mod.rs"]
mod common;
use acey_rules::{MoveGen, Player, Pool, Position, Preset};
use std::io::Write;
fn main() {
    let mut out = std::io::BufWriter::new(std::io::stdout());
    let acey = common::acey_positions();
    let bg: Vec<Position> = common::backgammon_ids()
        .iter()
        .map(|(_, id)| Position::from_gnubg_id(id, Player::Zero).unwrap())
        .collect();
    let mut pools = Vec::new();
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            pools.push(Pool::roll(a, b).unwrap());
        }
    }
    for &preset in Preset::ALL.iter() {
        let rules = preset.rules();
        let mut gen = MoveGen::new(&rules);
        let set = if preset == Preset::Backgammon {
            &bg
        } else {
            &acey
        };
        for pos in set.iter() {
            for mover in [Player::Zero, Player::One] {
                let pos = pos.with_turn(mover);
                for pool in &pools {
                    let plays = gen.plays(&pos, pool);
                    write!(out, "{preset} {} {pool}:", pos.id()).unwrap();
                    for p in plays {
                        write!(out, " {}={}", p.notation(), p.position().id()).unwrap();
                    }
                    writeln!(out).unwrap();
                }
            }
        }
    }
}
