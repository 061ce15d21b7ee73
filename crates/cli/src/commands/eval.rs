//! `acey eval`: the win chance and expected points of a position for the player to roll, what a
//! win and a loss are worth (gammons), and, with the cube, the cubeful equity and the cube action.

use serde_json::json;

use crate::cube_args::{CubeArgs, Owner};
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
    #[command(flatten)]
    cube: CubeArgs,
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
    let cube_value = args.cube.value(&rules)?;
    let (win, equity) = judge::evaluate(level, rules, &state, ply);
    let parts = judge::eval_parts(level, rules, &state, ply);
    let (win_points, loss_points) = judge::points_per_result(&rules, &parts);
    let cube = cube_value.map(|v| {
        (
            v,
            judge::cube(&rules, &state, parts, v, args.cube.owner.into()),
        )
    });
    let player = state.turn().index();
    if args.json {
        let mut v = json!({
            "player": player, "ply": ply, "win": win, "equity": equity,
            "win_points": win_points, "loss_points": loss_points,
        });
        if let Some((value, c)) = &cube {
            let mut j = c.json();
            j["value"] = json!(value);
            v["cube"] = j;
        }
        outln!("{v}")?;
        return Ok(());
    }
    outln!("player {player} to roll ({ply}-ply, {rules}):")?;
    outln!("win:    {:.1}%", 100.0 * win)?;
    outln!("equity: {equity:+.3} points per game (cubeless)")?;
    outln!(
        "a win is worth {win_points:.2} points on average, a loss {loss_points:.2} (gammons and \
         backgammons included, {}-ply)",
        ply.min(1)
    )?;
    if let Some((value, c)) = cube {
        let owner = match args.cube.owner {
            Owner::Centred => "centred",
            Owner::Mine => "yours",
            Owner::Theirs => "the opponent's",
        };
        let a = c.analysis;
        outln!(
            "cube {value}, {owner} (money game, cube efficiency {:.2}):",
            a.efficiency
        )?;
        if c.may_double {
            outln!("  no double     {:+.3}", a.no_double)?;
            outln!("  double, take  {:+.3}", a.double_take)?;
            outln!("  double, pass  {:+.3}", a.double_pass)?;
        }
        outln!("cubeful equity: {:+.3}", c.cubeful)?;
        outln!("cube action:    {}", c.action())?;
    }
    Ok(())
}
