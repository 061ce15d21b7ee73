//! The shipped network at the `advanced` settings with the bear-off tables against the same
//! without them (common random numbers): what the tables are worth in play.
//!
//! `cargo run --release -p acey-ai --example bearoff_duel -- [PAIRS] [RULES]`

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use acey_ai::duel::{duel, stats};
use acey_ai::{models, BearoffEvaluator, Level, NeuralEvaluator};

fn main() {
    let mut args = std::env::args().skip(1);
    let pairs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let rules: acey_rules::Rules = match args.next().map(|r| r.parse()) {
        Some(Ok(r)) => r,
        Some(Err(e)) => {
            eprintln!("bad rules: {e}");
            std::process::exit(2);
        }
        None => acey_rules::Rules::default(),
    };
    let net = Arc::new(NeuralEvaluator::new(models::default_network(), "net"));
    let with = Level::Advanced.bot_with(Arc::new(BearoffEvaluator::new(net.clone())), rules);
    let without = Level::Advanced.bot_with(net, rules);
    let started = std::time::Instant::now();
    let results = duel(
        &rules,
        &with,
        &without,
        pairs,
        7,
        None,
        &AtomicBool::new(false),
        &|| {},
    )
    .expect("bots play legal actions");
    let s = stats(&results);
    println!(
        "{rules}: advanced with the bear-off tables against advanced without, {} games: \
         {:+.3} points per game (95% CI {:+.3} .. {:+.3}), wins {:.1}%, {:.0} s",
        s.games,
        s.mean,
        s.ci95.0,
        s.ci95.1,
        100.0 * s.win_rate,
        started.elapsed().as_secs_f64()
    );
}
