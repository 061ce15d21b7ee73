//! The browser's engine in WebAssembly beside the native one (docs/benchmarks.md, "The browser's
//! engine"): `cargo run --release -p acey-engine --example bench [PLAYS]`.
//!
//! A scripted session (`acey_engine::scripted`) against the 0-ply, 1-ply and 2-ply levels
//! (`intermediate`, `expert`, `strongest`), PLAYS plays of the bot at each (default 60), is sent
//! to a native engine and to `web/engine/acey.wasm` in node, request by request with the same
//! seed. For each level it prints the median and 90th percentile of two kinds of request: a hint
//! (the bot's ranking of every play of a roll) and a person's action after which the bot played
//! its turn (its decisions and the table's rolls), native and WebAssembly, and their ratio.

#[path = "../tests/node/mod.rs"]
mod node;

use std::time::Instant;

use acey_ai::Level;
use acey_engine::scripted::{self, Kind};
use acey_engine::Engine;

const SEED: u64 = 0x5eed_0000_2026_1206;

fn quantile(mut xs: Vec<f64>, q: f64) -> f64 {
    if xs.is_empty() {
        return f64::NAN;
    }
    xs.sort_by(f64::total_cmp);
    xs[((xs.len() - 1) as f64 * q).round() as usize]
}

fn main() {
    let plays: usize = match std::env::args().nth(1) {
        None => 60,
        Some(a) => match a.parse() {
            Ok(n) if n > 0 => n,
            _ => {
                eprintln!(
                    "usage: bench [PLAYS] (PLAYS: the bot's plays at each level, at least 1)"
                );
                std::process::exit(2);
            }
        },
    };
    let levels = [Level::Intermediate, Level::Expert, Level::Strongest];
    eprintln!("playing the session ({plays} plays of the bot at each of 3 levels)...");
    let session = scripted::play(&mut Engine::new(SEED), &levels, plays, false, 7);
    eprintln!("timing {} requests natively...", session.requests.len());
    let mut engine = Engine::new(SEED);
    let native: Vec<f64> = session
        .requests
        .iter()
        .map(|r| {
            let began = Instant::now();
            engine.request(r);
            began.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    eprintln!("timing them in WebAssembly (node {})...", node_version());
    let wasm: Vec<f64> = node::replay(&session.requests, SEED, true)
        .iter()
        .map(|t| t.parse().unwrap_or(f64::NAN))
        .collect();
    println!(
        "{:<13} {:<9} {:>5} {:>12} {:>12} {:>10} {:>10} {:>6}",
        "level", "request", "n", "native p50", "wasm p50", "native p90", "wasm p90", "ratio"
    );
    for level in levels {
        for (name, kind) in [
            ("hint", Kind::Hint(level)),
            ("bot turn", Kind::BotTurn(level)),
        ] {
            let pick = |xs: &[f64]| -> Vec<f64> {
                xs.iter()
                    .zip(&session.kinds)
                    .filter(|(_, k)| **k == kind)
                    .map(|(x, _)| *x)
                    .collect()
            };
            let (n, w) = (pick(&native), pick(&wasm));
            let count = n.len();
            let (n50, w50) = (quantile(n.clone(), 0.5), quantile(w.clone(), 0.5));
            println!(
                "{:<13} {:<9} {:>5} {:>9.3} ms {:>9.3} ms {:>7.3} ms {:>7.3} ms {:>6.2}",
                level.as_str(),
                name,
                count,
                n50,
                w50,
                quantile(n, 0.9),
                quantile(w, 0.9),
                w50 / n50
            );
        }
    }
    let size = std::fs::metadata(node::wasm())
        .map(|m| m.len())
        .unwrap_or(0);
    println!("web/engine/acey.wasm: {size} bytes");
}

fn node_version() -> String {
    std::process::Command::new("node")
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|_| "?".into())
}
