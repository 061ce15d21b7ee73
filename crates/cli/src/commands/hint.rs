//! `acey hint`: the plays of a roll ranked by the bot, with win chance, expected points and the
//! difference to the best play.

use acey_ai::RolloutSettings;
use serde_json::json;

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
    #[arg(long)]
    dice: String,
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
    /// Rows to show.
    #[arg(long, default_value_t = 10)]
    max: usize,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// Runs `acey hint`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let rules = input::rules(&args.rules)?;
    let state = input::position(&args.position)?;
    let dice = input::dice(&args.dice)?;
    let level = input::level(&args.level)?;
    judge::check_playable(&state)?;
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
    rows.truncate(args.max.max(1));
    if args.json {
        let v = json!({
            "dice": [dice.0, dice.1],
            "player": state.turn().index(),
            "method": match method {
                Method::Ply(n) => json!({"ply": n}),
                Method::Rollout(r) =>
                    json!({"rollout": {"trials": r.effective_trials(), "truncate": r.truncate, "seed": r.seed, "variance_reduction": r.variance_reduction}}),
            },
            "plays": judge::rows_json(&rules, dice, &rows),
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
    for (i, r) in rows.iter().enumerate() {
        let se = r
            .std_error
            .map_or_else(String::new, |se| format!(" ± {:.3}", 1.96 * se));
        let depth = r.plies.map_or_else(String::new, |n| format!("  {n}-ply"));
        outln!(
            "{:>3}. win {:5.1}%  equity {:+7.3}{se}  ({:+.3}){depth}  {}",
            i + 1,
            100.0 * r.win,
            r.equity,
            r.equity - best,
            judge::notation(&rules, dice, &r.candidate),
        )?;
    }
    Ok(())
}
