//! `acey met`: the match equity table a rule set's matches are played with, and the measurement
//! of the points distribution that the computed tables are built from.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use indicatif::{ProgressBar, ProgressStyle};

use acey_ai::duel::measure_points;
use acey_ai::match_equity::{Met, PointsDistribution, MAX_AWAY};
use acey_ai::Level;

use crate::{input, UsageError};

/// Arguments of `acey met`.
#[derive(clap::Args)]
pub struct Args {
    /// Rules: a preset with optional overrides (the scoring and the cube choose the table).
    #[arg(long, default_value = "american")]
    rules: String,
    /// Scores shown: 1 to this many points away.
    #[arg(long, default_value_t = 11)]
    size: u32,
    /// Instead of the table: play this many games of the bot against itself and print the
    /// distribution of one game's points (the file format of models/points-*.txt).
    #[arg(long)]
    measure: Option<u64>,
    /// The bot of --measure.
    #[arg(long, default_value = "advanced")]
    level: String,
    /// Seed of --measure's dice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Runs `acey met`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let rules = input::rules(&args.rules)?;
    if let Some(games) = args.measure {
        return measure(&args, rules, games);
    }
    if !(1..=MAX_AWAY).contains(&args.size) {
        return Err(UsageError(format!("--size is 1 to {MAX_AWAY}, not {}", args.size)).into());
    }
    let met = Met::for_rules(&rules);
    outln!("match equity table for {rules}: the chances of the player N away (lines) against M away (columns), before the Crawford game")?;
    let mut head = String::from("     ");
    for b in 1..=args.size {
        let _ = write!(head, "{:>6}", format!("{b}a"));
    }
    outln!("{head}")?;
    for a in 1..=args.size {
        let mut line = format!("{:>4} ", format!("{a}a"));
        for b in 1..=args.size {
            let _ = write!(line, "{:>6.1}", 100.0 * met.chances(a, b, false));
        }
        outln!("{line}")?;
    }
    if rules.doubling_cube {
        let mut line = String::from("post ");
        for b in 1..=args.size {
            let _ = write!(line, "{:>6.1}", 100.0 * met.chances(b, 1, true));
        }
        outln!("{line}")?;
        outln!("post: N away against 1-away after the Crawford game")?;
    }
    Ok(())
}

fn measure(args: &Args, rules: acey_rules::Rules, games: u64) -> anyhow::Result<()> {
    if games == 0 {
        return Err(UsageError("--measure needs at least one game".into()).into());
    }
    let level: Level = input::level(&args.level)?;
    let bot = level.bot(rules);
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        let _ = ctrlc::set_handler(move || stop.store(true, Ordering::SeqCst));
    }
    let bar = ProgressBar::new(games);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games ({per_sec}, eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let counts = measure_points(&rules, &bot, games, args.seed, &|| bar.inc(1), &|| {
        stop.load(Ordering::SeqCst)
    })?;
    bar.finish_and_clear();
    let played: u64 = counts.iter().sum();
    if played < games {
        eprintln!("interrupted: the {played} games finished are counted");
    }
    let dist = PointsDistribution::from_counts(&counts)?;
    outln!("# Points of one game under {rules}: {played} games of the {level} bot against itself (acey met --measure {games} --rules {} --level {} --seed {}).", args.rules, args.level, args.seed)?;
    outln!("# points games")?;
    for (k, c) in counts.iter().enumerate() {
        outln!("{} {c}", k + 1)?;
    }
    let mean: f64 = dist
        .probabilities
        .iter()
        .enumerate()
        .map(|(k, p)| (k + 1) as f64 * p)
        .sum();
    eprintln!("mean points per game: {mean:.2}");
    Ok(())
}
