//! A small workload for profilers (docs/benchmarks.md): legal-play generation over the fixed
//! acey-deucey set with the 36 ordered rolls, or the backgammon start with 3-1.
//!
//! ```text
//! cargo build --release -p acey-rules --example profile_movegen
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out \
//!     target/release/examples/profile_movegen acey 1
//! callgrind_annotate /tmp/cg.out | head -40
//! ```
//!
//! Arguments: `acey [passes]` (default); `bg-start [repeats]` and `bkgm-start [repeats]` (the
//! backgammon start with 3-1, acey or bkgm 0.6); `bg-set [passes]` and `bkgm-set [passes]` (the
//! fixed contact and race positions with the 21 rolls); or the self-play loops of the `selfplay`
//! benchmark: `game-api [games]` and `movegen-loop [games]`. With `ROLLS=doubles` or
//! `ROLLS=mixed` in the environment, the `-set` workloads use only those of the 21 rolls.
//! Instruction counts under callgrind compare the engines without the noise of shared machines.

#[path = "../benches/common/mod.rs"]
mod common;

use acey_rules::{MoveGen, Pool, Position, Preset, Rules, SeededRng};

const ACEY_POSITIONS: &str = include_str!("../benches/data/acey-positions.txt");

/// Generates the plays of every pool in every position, `n` times over: (plays, generations).
fn every_play(rules: &Rules, positions: &[Position], pools: &[Pool], n: usize) -> (usize, usize) {
    let mut gen = MoveGen::new(rules);
    let (mut total, mut gens) = (0, 0);
    for _ in 0..n {
        for pos in positions {
            for pool in pools {
                total += gen.plays(pos, pool).len();
                gens += 1;
            }
        }
    }
    (total, gens)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let what = args.get(1).map(String::as_str).unwrap_or("acey");
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut total = 0usize;
    let mut gens = 0usize;
    match what {
        "acey" => {
            let rules = Preset::American.rules();
            let positions: Vec<Position> = ACEY_POSITIONS
                .lines()
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(|id| Position::from_id(id).expect("acey ID"))
                .collect();
            let mut pools = Vec::new();
            for a in 1..=6u8 {
                for b in 1..=6u8 {
                    pools.push(Pool::roll(a, b).unwrap());
                }
            }
            (total, gens) = every_play(&rules, &positions, &pools, n);
        }
        "bg-start" => {
            let rules = Preset::Backgammon.rules();
            let start = Position::starting(&rules);
            let pool = Pool::roll(3, 1).unwrap();
            let mut gen = MoveGen::new(&rules);
            for _ in 0..n {
                total += gen.plays(std::hint::black_box(&start), &pool).len();
                gens += 1;
            }
        }
        "bkgm-start" => {
            let start = bkgm::codecs::gnuid::decode_position::<15>("4HPwATDgc/ABMA").unwrap();
            let dice = bkgm::Dice::new(3, 1);
            for _ in 0..n {
                total += bkgm::legal_positions_with::<bkgm::ClassicRules, 15>(
                    std::hint::black_box(start),
                    &dice,
                )
                .len();
                gens += 1;
            }
        }
        "bg-set" | "bkgm-set" => {
            let ids: Vec<&str> = common::backgammon_ids()
                .into_iter()
                .filter(|(kind, _)| *kind != "start")
                .map(|(_, id)| id)
                .collect();
            // ROLLS=doubles or ROLLS=mixed keeps only those rolls, to see where the time goes.
            let only = std::env::var("ROLLS").unwrap_or_default();
            if !["", "doubles", "mixed"].contains(&only.as_str()) {
                eprintln!("ROLLS={only:?}: use doubles or mixed (or leave it unset for all 21)");
                std::process::exit(2);
            }
            let rolls: Vec<(u8, u8)> = common::rolls_21()
                .into_iter()
                .map(|(r, _)| r)
                .filter(|&(a, b)| match only.as_str() {
                    "doubles" => a == b,
                    "mixed" => a != b,
                    _ => true,
                })
                .collect();
            if what == "bg-set" {
                let rules = Preset::Backgammon.rules();
                let positions: Vec<Position> = ids
                    .iter()
                    .map(|id| Position::from_gnubg_id(id, acey_rules::Player::Zero).unwrap())
                    .collect();
                let pools: Vec<Pool> = rolls
                    .iter()
                    .map(|&(a, b)| Pool::roll(a, b).unwrap())
                    .collect();
                (total, gens) = every_play(&rules, &positions, &pools, n);
            } else {
                let positions: Vec<bkgm::Position<15>> = ids
                    .iter()
                    .map(|id| bkgm::codecs::gnuid::decode_position::<15>(id).unwrap())
                    .collect();
                let dice: Vec<bkgm::Dice> = rolls
                    .iter()
                    .map(|&(a, b)| bkgm::Dice::new(a as usize, b as usize))
                    .collect();
                for _ in 0..n {
                    for pos in &positions {
                        for d in &dice {
                            total +=
                                bkgm::legal_positions_with::<bkgm::ClassicRules, 15>(*pos, d).len();
                            gens += 1;
                        }
                    }
                }
            }
        }
        "game-api" | "movegen-loop" => {
            let rules = Preset::American.rules();
            let mut gen = MoveGen::new(&rules);
            let mut dice = SeededRng::new(2_024);
            for _ in 0..n {
                let game = if what == "game-api" {
                    common::game_api_game(&rules, &mut dice)
                } else {
                    common::movegen_game(&rules, &mut gen, &mut dice)
                };
                total += game.turns as usize;
            }
            println!("{n} games, {total} turns");
            return;
        }
        other => panic!("unknown workload {other}: see the module docs"),
    }
    println!("{gens} generations, {total} plays");
}
