//! A small workload for profilers (docs/benchmarks.md, section "Bot"): the shipped network on the
//! fixed acey position set (`crates/rules/benches/data/acey-positions.txt`, 1,226 positions).
//!
//! ```text
//! cargo build --release -p acey-ai --example profile_eval
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out \
//!     target/release/examples/profile_eval evaluate 10
//! ```
//!
//! Arguments: `evaluate [passes]` (encoding and forward pass through `Evaluator::evaluate_batch`),
//! `encode [passes]` or `forward [passes]` (one part alone; `forward` encodes once, outside the
//! passes), or `decide-LEVEL [decisions]` (e.g. `decide-strongest 4`: the level choosing plays for
//! (position, roll) pairs spread over the set, as the `decision` benchmark does). Instruction counts per evaluation come from two runs: subtract the count with 0
//! passes (start-up) and divide by passes x 1,226.

use acey_ai::features::encode_sparse;
use acey_ai::network::Activations;
use acey_ai::{models, Eval, Evaluator, Level, NeuralEvaluator};
use acey_rules::{Preset, SeededRng};

#[path = "../benches/common/mod.rs"]
mod common;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let what = args.get(1).map(String::as_str).unwrap_or("evaluate");
    let passes: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let all = common::positions();
    let rules = Preset::American.rules();
    let net = NeuralEvaluator::new(models::default_network(), "net");
    let mut x = Vec::with_capacity(64);
    let mut checksum = 0.0f64;
    match what {
        "evaluate" => {
            let blank = Eval {
                win: 0.0,
                win_points: 0.0,
                loss_points: 0.0,
            };
            let mut out = vec![blank; all.len()];
            for _ in 0..passes {
                net.evaluate_batch(&rules, &all, &mut out);
                checksum += out.iter().map(|e| e.win as f64).sum::<f64>();
            }
        }
        "encode" => {
            for _ in 0..passes {
                for p in &all {
                    encode_sparse(p, &mut x);
                    checksum += x.len() as f64;
                }
            }
        }
        "forward" => {
            let encoded = common::encoded(&all);
            let mut act = Activations::default();
            for _ in 0..passes {
                for x in &encoded {
                    net.network().forward(x, &mut act);
                    checksum += act.eval().win as f64;
                }
            }
        }
        level if level.starts_with("decide-") => {
            let Ok(level) = level["decide-".len()..].parse::<Level>() else {
                eprintln!(
                    "unknown level in {level:?}: use one of {:?}",
                    Level::names()
                );
                std::process::exit(2);
            };
            let bot = level.bot(rules);
            let mut dice = SeededRng::new(20251201);
            let step = (all.len() / passes.max(1)).max(1);
            for p in all.iter().step_by(step).take(passes) {
                let c = bot.choose(p, dice.roll(), &mut SeededRng::new(1));
                checksum += c.state.pip_count(c.state.turn()) as f64;
            }
        }
        other => {
            eprintln!("unknown workload {other:?}: use evaluate, encode, forward or decide-LEVEL");
            std::process::exit(2);
        }
    }
    println!("{what} x{passes} over {} positions: {checksum}", all.len());
}
