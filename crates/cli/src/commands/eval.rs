//! `acey eval`: the win chance and expected points of a position for the player to roll.

use serde_json::json;

use crate::{input, judge};

/// Arguments of `acey eval`.
#[derive(clap::Args)]
pub struct Args {
    /// The position (JSON, acey ID or gnubg ID); its `turn` is the player to roll.
    #[arg(long)]
    position: String,
    /// Rules: a preset with optional overrides.
    #[arg(long, default_value = "american")]
    rules: String,
    /// Plies of lookahead (0 to 2).
    #[arg(long, default_value_t = 0)]
    ply: u8,
    /// The evaluator and move filters of this level.
    #[arg(long, default_value = "strongest")]
    level: String,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// Runs `acey eval`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let rules = input::rules(&args.rules)?;
    let state = input::position(&args.position)?;
    let level = input::level(&args.level)?;
    let ply = judge::check_ply(args.ply, false)?;
    let (win, equity) = judge::evaluate(level, rules, &state, ply);
    let player = state.turn().index();
    if args.json {
        let v = json!({"player": player, "ply": ply, "win": win, "equity": equity});
        outln!("{v}")?;
        return Ok(());
    }
    outln!("player {player} to roll ({ply}-ply, {rules}):")?;
    outln!("win:    {:.1}%", 100.0 * win)?;
    outln!("equity: {equity:+.3} points per game")?;
    Ok(())
}
