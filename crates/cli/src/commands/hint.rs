//! `acey hint`: the plays of a roll ranked by the bot, with win chance, expected points and the
//! difference to the best play; what a win and a loss are then worth (gammons) and, with the
//! cube, each play's cubeful equity; `--name-double` ranks the doubles to name after a 1-2.

use acey_ai::RolloutSettings;
use serde_json::json;

use crate::cube_args::CubeArgs;
use crate::judge::{self, Method};
use crate::{input, UsageError};

/// Arguments of `acey hint`.
#[derive(clap::Args)]
pub struct Args {
    /// The position (JSON, acey ID or gnubg ID); its `turn` is the player who rolled.
    #[arg(long)]
    position: String,
    /// The roll, e.g. 3-5 (a 1-2 under an acey-deucey preset ranks whole segments: the 1-2, the
    /// named double and its play).
    #[arg(
        long,
        required_unless_present = "name_double",
        conflicts_with = "name_double"
    )]
    dice: Option<String>,
    /// After a 1-2 played in full (the position as it stands then, its `turn` the player who
    /// rolled it): rank the doubles to name, each with its best play.
    #[arg(long, conflicts_with = "rollout")]
    name_double: bool,
    /// Rules: a preset with optional overrides.
    #[arg(long, default_value = "american")]
    rules: String,
    /// Plies of lookahead (0 to 2).
    #[arg(long, default_value_t = 1, conflicts_with = "rollout")]
    ply: u8,
    /// Rank the best candidates by Monte-Carlo rollouts instead of search.
    #[arg(long)]
    rollout: bool,
    /// Games per candidate in a rollout (rounded up to a multiple of 36).
    #[arg(long, default_value_t = 216, requires = "rollout")]
    trials: usize,
    /// Score rollout games with the evaluator after this many decisions.
    #[arg(long, requires = "rollout")]
    truncate: Option<u32>,
    /// Seed of the rollout dice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Subtract each roll's luck from the rollout games (GNU Backgammon's variance reduction):
    /// many times the work a game, less chance in each (docs/benchmarks.md weighs the two).
    #[arg(long, requires = "rollout")]
    variance_reduction: bool,
    /// The evaluator and move filters of this level.
    #[arg(long, default_value = "strongest")]
    level: String,
    /// Rows to show (at least 1).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    max: u32,
    #[command(flatten)]
    cube: CubeArgs,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// Runs `acey hint`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let rules = input::rules(&args.rules)?;
    let state = input::position(&args.position)?;
    let level = input::level(&args.level)?;
    judge::check_playable(&state)?;
    let cube = args.cube.value(&rules)?;
    if args.name_double {
        let ply = judge::check_ply(args.ply, true)?;
        return name_double(&args, rules, &state, level, ply);
    }
    let Some(dice) = &args.dice else {
        return Err(UsageError("--dice is needed (or --name-double)".into()).into());
    };
    let dice = input::dice(dice)?;
    let method = if args.rollout {
        if args.trials == 0 {
            return Err(UsageError("--trials must be at least 1".into()).into());
        }
        Method::Rollout(RolloutSettings {
            trials: args.trials,
            truncate: args.truncate,
            seed: args.seed,
            stratify: true,
            variance_reduction: args.variance_reduction,
        })
    } else {
        Method::Ply(judge::check_ply(args.ply, true)?)
    };
    let mut rows = judge::hint(level, rules, &state, dice, method);
    rows.truncate(args.max as usize);
    // What each play leads to, 0-ply: a win's and a loss's worth, and the cubeful equity.
    let owner = args.cube.owner.into();
    let extra: Vec<Extra> = rows
        .iter()
        .map(|r| {
            let after = r.candidate.state;
            let e = judge::eval_parts(level, rules, &after, 0);
            // Usually the opponent rolls next, and the mover's worths are the other way round
            // (after an acey-deucey 1-2 the mover may roll again).
            let (a, b) = judge::points_per_result(&rules, &e);
            let (win, loss) = if after.turn() == state.turn() {
                (a, b)
            } else {
                (b, a)
            };
            let cubeful =
                cube.map(|v| judge::cubeful_after(level, rules, state.turn(), &after, v, owner));
            Extra { win, loss, cubeful }
        })
        .collect();
    if args.json {
        let v = json!({
            "dice": [dice.0, dice.1],
            "player": state.turn().index(),
            "method": match method {
                Method::Ply(n) => json!({"ply": n}),
                Method::Rollout(r) =>
                    json!({"rollout": {"trials": r.effective_trials(), "truncate": r.truncate, "seed": r.seed, "variance_reduction": r.variance_reduction}}),
            },
            "plays": judge::rows_json(&rules, dice, &rows)
                .into_iter()
                .zip(&extra)
                .map(|(mut v, x)| {
                    v["win_points"] = json!(x.win);
                    v["loss_points"] = json!(x.loss);
                    if let Some(c) = x.cubeful {
                        v["cubeful_equity"] = json!(c);
                    }
                    v
                })
                .collect::<Vec<_>>(),
        });
        outln!("{v}")?;
        return Ok(());
    }
    let how = match method {
        Method::Ply(n) => format!("{n}-ply"),
        Method::Rollout(r) => {
            let luck = if r.variance_reduction {
                ", luck subtracted"
            } else {
                ""
            };
            format!("rollout, {} games each{luck}", r.effective_trials())
        }
    };
    outln!(
        "player {} rolled {}-{} ({how}, {}):",
        state.turn().index(),
        dice.0,
        dice.1,
        rules
    )?;
    let best = rows.first().map_or(0.0, |r| r.equity);
    let gammons = rules.scoring != acey_rules::Scoring::Single;
    for (i, (r, x)) in rows.iter().zip(&extra).enumerate() {
        let se = r
            .std_error
            .map_or_else(String::new, |se| format!(" ± {:.3}", 1.96 * se));
        let depth = r.plies.map_or_else(String::new, |n| format!("  {n}-ply"));
        let worth = if gammons {
            format!("  W {:.2} L {:.2}", x.win, x.loss)
        } else {
            String::new()
        };
        let cubeful = x
            .cubeful
            .map_or_else(String::new, |c| format!("  cubeful {c:+.3}"));
        outln!(
            "{:>3}. win {:5.1}%  equity {:+7.3}{se}  ({:+.3}){depth}{worth}{cubeful}  {}",
            i + 1,
            100.0 * r.win,
            r.equity,
            r.equity - best,
            judge::notation(&rules, dice, &r.candidate),
        )?;
    }
    if gammons {
        outln!("W, L: what a win and a loss are worth after the play, in points (0-ply)")?;
    }
    Ok(())
}

/// A play's figures beside its ranking.
struct Extra {
    /// A win's worth for the player who rolled, in points.
    win: f64,
    /// A loss's worth.
    loss: f64,
    /// The cubeful equity, with the cube.
    cubeful: Option<f64>,
}

/// `--name-double`: the doubles that may be named after the 1-2 played to `state`, best first,
/// each with its best play (AD-3, AD-5: each double's value includes the re-roll it earns).
fn name_double(
    args: &Args,
    rules: acey_rules::Rules,
    state: &acey_rules::Position,
    level: acey_ai::Level,
    ply: u8,
) -> anyhow::Result<()> {
    if !rules.acey_deucey {
        return Err(UsageError(format!(
            "--name-double: the rules {rules} name no double after a 1-2 (acey_deucey=false)"
        ))
        .into());
    }
    let ranked = judge::judging_bot(level, rules, ply).rank_doubles(state);
    if ranked.is_empty() {
        return Err(UsageError(format!(
            "no double can be named from this position under {rules}: --name-double is for the \
             position after a 1-2 played in full"
        ))
        .into());
    }
    let best = ranked[0].1.equity;
    let shown = ranked.iter().take(args.max as usize);
    if args.json {
        let doubles: Vec<_> = shown
            .enumerate()
            .map(|(i, (d, r))| {
                json!({
                    "rank": i + 1,
                    "double": d,
                    "win": r.win,
                    "equity": r.equity,
                    "diff": r.equity - best,
                    "best_play": judge::notation(&rules, (*d, *d), &r.candidate),
                })
            })
            .collect();
        outln!(
            "{}",
            json!({"player": state.turn().index(), "ply": ply, "doubles": doubles})
        )?;
        return Ok(());
    }
    outln!(
        "player {} names a double after the 1-2 ({ply}-ply, {rules}):",
        state.turn().index()
    )?;
    for (i, (d, r)) in shown.enumerate() {
        outln!(
            "{:>3}. {d}-{d}  win {:5.1}%  equity {:+7.3}  ({:+.3})  best play: {}",
            i + 1,
            100.0 * r.win,
            r.equity,
            r.equity - best,
            judge::notation(&rules, (*d, *d), &r.candidate),
        )?;
    }
    Ok(())
}
