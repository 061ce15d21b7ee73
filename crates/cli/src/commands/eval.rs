//! `acey eval`: the win chance and expected points of a position for the player to roll, what a
//! win and a loss are worth (gammons), and, with the cube, the cubeful equity and the cube action.

use acey_ai::cube::CubeOwner;
use serde_json::json;

use crate::{input, judge, UsageError};

/// Who owns the cube, seen from the player to roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Owner {
    /// In the middle.
    Centred,
    /// The player to roll's.
    Mine,
    /// The opponent's.
    Theirs,
}

impl From<Owner> for CubeOwner {
    fn from(o: Owner) -> CubeOwner {
        match o {
            Owner::Centred => CubeOwner::Centred,
            Owner::Mine => CubeOwner::Mine,
            Owner::Theirs => CubeOwner::Theirs,
        }
    }
}

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
    /// The cube's value, for the cube decision of a money game (rules with the doubling cube;
    /// default 1).
    #[arg(long, value_name = "N")]
    cube: Option<u32>,
    /// Who owns the cube, seen from the player to roll.
    #[arg(long, value_enum, default_value = "centred")]
    cube_owner: Owner,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// The cube value asked for with `--cube`, 1 when not asked under rules with the cube, `None`
/// without the cube; refused when the rules have no cube or the value is no power of two.
pub fn cube_value(
    rules: &acey_rules::Rules,
    asked: Option<u32>,
) -> Result<Option<u32>, UsageError> {
    match asked {
        Some(_) if !rules.doubling_cube => Err(UsageError(format!(
            "--cube: the rules {rules} have no doubling cube (add doubling_cube=true)"
        ))),
        Some(n) if n == 0 || !n.is_power_of_two() => {
            Err(UsageError(format!("--cube {n}: a cube is 1, 2, 4, 8...")))
        }
        Some(n) => Ok(Some(n)),
        None => Ok(rules.doubling_cube.then_some(1)),
    }
}

/// Runs `acey eval`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let rules = input::rules(&args.rules)?;
    let state = input::position(&args.position)?;
    let level = input::level(&args.level)?;
    let ply = judge::check_ply(args.ply, false)?;
    let cube_value = cube_value(&rules, args.cube)?;
    let (win, equity) = judge::evaluate(level, rules, &state, ply);
    let parts = judge::eval_parts(level, rules, &state, ply);
    let (win_points, loss_points) = judge::points_per_result(&rules, &parts);
    let cube = cube_value.map(|v| {
        (
            v,
            judge::cube(&rules, &state, parts, v, args.cube_owner.into()),
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
        let owner = match args.cube_owner {
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
