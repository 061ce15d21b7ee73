//! `acey selfplay`: random legal games, for speed and sanity checks.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use acey_rules::{random_game, Player, SeededRng};
use indicatif::{ProgressBar, ProgressStyle};

use crate::{input, UsageError};

/// Arguments of `acey selfplay`.
#[derive(clap::Args)]
pub struct Args {
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Seed of the dice and of the random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Rules: a preset with optional overrides.
    #[arg(long, default_value = "american")]
    rules: String,
}

/// Runs `acey selfplay`.
pub fn run(args: Args) -> anyhow::Result<()> {
    if args.games == 0 {
        return Err(UsageError("--games must be at least 1".into()).into());
    }
    let mut rules = input::rules(&args.rules)?;
    // Each game stands alone: the match target would only chain games together.
    rules.match_target = None;
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        // If a handler cannot be installed, Ctrl-C simply ends the process as usual.
        let _ = ctrlc::set_handler(move || stop.store(true, Ordering::SeqCst));
    }
    let bar = ProgressBar::new(args.games);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games ({per_sec}, eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut dice = SeededRng::new(args.seed);
    let started = Instant::now();
    let mut played = 0u64;
    let mut turns = 0u64;
    let mut wins = [0u64; 2];
    let mut points = [0u64; 2];
    let mut distribution: BTreeMap<u32, u64> = BTreeMap::new();
    for _ in 0..args.games {
        if stop.load(Ordering::SeqCst) {
            eprintln!("interrupted: reporting the {played} games finished");
            break;
        }
        let g = random_game(&rules, &mut dice)?;
        played += 1;
        turns += g.turns;
        wins[g.winner.index()] += 1;
        points[g.winner.index()] += g.points as u64;
        *distribution.entry(g.points).or_default() += 1;
        bar.inc(1);
    }
    bar.finish_and_clear();
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    outln!("rules: {rules}  seed: {}", args.seed)?;
    outln!(
        "{played} games, {turns} turns in {secs:.2} s: {:.1} games/s, {:.0} turns/s, {:.1} turns/game",
        played as f64 / secs,
        turns as f64 / secs,
        turns as f64 / played.max(1) as f64
    )?;
    for p in Player::BOTH {
        outln!(
            "{p}: {} wins ({:.1}%), {} points",
            wins[p.index()],
            100.0 * wins[p.index()] as f64 / played.max(1) as f64,
            points[p.index()]
        )?;
    }
    outln!("points per game won: count")?;
    for (pts, n) in &distribution {
        outln!(
            "  {pts:>3}: {n:>8}  {:>5.1}%",
            100.0 * *n as f64 / played.max(1) as f64
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use acey_rules::Preset;

    #[test]
    fn random_games_end_with_a_winner_in_every_preset() {
        for &p in Preset::ALL {
            let mut dice = SeededRng::new(3);
            for _ in 0..5 {
                let g = random_game(&p.rules(), &mut dice).unwrap();
                assert!(g.points >= 1 && g.turns > 0, "{p}");
            }
        }
    }
}
