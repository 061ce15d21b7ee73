//! `acey moves`: every legal maximal play of a pool, one per resulting position.

use acey_rules::{legal_plays, Position, Step};
use serde::Serialize;

use std::io::Write;

use crate::{input, UsageError};

/// Arguments of `acey moves`.
#[derive(clap::Args)]
pub struct Args {
    /// The position: JSON, an acey ID or (backgammon) a gnubg ID. Default: the start position.
    #[arg(long)]
    position: Option<String>,
    /// The dice, e.g. 3-5; a double such as 6-6 gives four steps.
    #[arg(long)]
    dice: String,
    /// The double was named after a 1-2 (matters only with acey_doubles_mode=european-complement).
    #[arg(long)]
    chosen: bool,
    /// Rules: a preset with optional overrides, e.g. american,acey_reroll_gate=always.
    #[arg(long, default_value = "american")]
    rules: String,
    /// Print JSON: {"plays": [{"steps", "notation", "position"}]}.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct PlayJson<'a> {
    steps: &'a [Step],
    notation: String,
    position: &'a Position,
}

#[derive(Serialize)]
struct Output<'a> {
    plays: Vec<PlayJson<'a>>,
}

/// Runs `acey moves`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let rules = input::rules(&args.rules)?;
    let position = match &args.position {
        Some(text) => input::position(text)?,
        None => Position::starting(&rules),
    };
    let pool = input::pool(&rules, input::dice(&args.dice)?, args.chosen)?;
    if let Some(winner) = position.winner() {
        return Err(UsageError(format!(
            "the game in this position is over: {winner} has borne off all 15 checkers"
        ))
        .into());
    }
    let plays = legal_plays(&rules, &position, &pool);
    let mut out = std::io::stdout().lock();
    if args.json {
        let json = Output {
            plays: plays
                .iter()
                .map(|p| PlayJson {
                    steps: p.steps(),
                    notation: p.notation(),
                    position: p.position(),
                })
                .collect(),
        };
        writeln!(out, "{}", serde_json::to_string(&json)?)?;
    } else if plays.is_empty() {
        writeln!(out, "no legal play: the roll is forfeited")?;
    } else {
        let noun = if plays.len() == 1 { "play" } else { "plays" };
        writeln!(
            out,
            "{} legal {noun} of {pool} for {}:",
            plays.len(),
            position.turn()
        )?;
        for p in &plays {
            writeln!(out, "  {:<28} -> {}", p.notation(), p.position().id())?;
        }
    }
    Ok(())
}
