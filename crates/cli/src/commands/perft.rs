//! `acey perft`: the perft counts of `acey_rules::perft`.

use std::time::Instant;

use acey_rules::{perft, perft_divide, Position};

use crate::{input, UsageError};

/// Arguments of `acey perft`.
#[derive(clap::Args)]
pub struct Args {
    /// Depth of the tree, 1 or more.
    #[arg(long)]
    depth: u32,
    /// Rules: a preset with optional overrides.
    #[arg(long, default_value = "american")]
    rules: String,
    /// Start from this position (JSON or ID; its `turn` rolls first). Default: the preset's start.
    #[arg(long)]
    position: Option<String>,
    /// Break the last depth down by first roll.
    #[arg(long)]
    divide: bool,
}

/// Runs `acey perft`.
pub fn run(args: Args) -> anyhow::Result<()> {
    if args.depth == 0 || args.depth > 6 {
        return Err(UsageError(format!("--depth must be 1 to 6, not {}", args.depth)).into());
    }
    let rules = input::rules(&args.rules)?;
    let state = match &args.position {
        Some(text) => input::position(text)?,
        None => Position::starting(&rules),
    };
    let started = Instant::now();
    for depth in 1..=args.depth {
        if depth == args.depth && args.divide {
            let by_roll = perft_divide(&rules, &state, depth);
            for ((a, b), n) in &by_roll {
                outln!("{a}-{b}: {n}")?;
            }
            let total: u64 = by_roll.iter().map(|(_, n)| n).sum();
            outln!("depth {depth}: {total}")?;
        } else {
            outln!("depth {depth}: {}", perft(&rules, &state, depth))?;
        }
    }
    eprintln!("({:.2} s)", started.elapsed().as_secs_f64());
    Ok(())
}
