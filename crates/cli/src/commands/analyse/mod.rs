//! `acey analyse`: a saved game judged decision by decision (docs/analysis.md), thin over
//! [`acey_ai::analysis`]: the summary per player, then every decision with its mark, the played
//! and the best choice and the equity lost; or all of it as JSON.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use acey_ai::analysis::json::{self, name};
use acey_ai::analysis::{Analyser, Analysis, Decision, RolloutRun, MAX_PLIES};
use acey_ai::RolloutSettings;
use acey_rules::Player;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::Value;

use crate::{input, UsageError};

mod html;

/// Arguments of `acey analyse`.
#[derive(clap::Args)]
pub struct Args {
    /// The game record (what `acey play --save` writes, or the browser downloads), or a
    /// bgammon.org `.match` replay (told apart by its content).
    file: PathBuf,
    /// Plies of lookahead each decision is judged at (0 to 2).
    #[arg(long, default_value_t = acey_ai::analysis::GAME_PLIES)]
    ply: u8,
    /// The evaluator and move filters of this level.
    #[arg(long, default_value = acey_ai::analysis::GAME_LEVEL.as_str())]
    level: String,
    /// Judge with the network in this file instead of the level's, behind the bear-off tables,
    /// with the level's move filters: to measure a trained network on the same games.
    #[arg(long)]
    net: Option<PathBuf>,
    /// With --net, a race network for the positions with no contact left.
    #[arg(long, requires = "net")]
    race_net: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Also write a self-contained HTML report (summary, graph with the marks, every decision).
    #[arg(long, value_name = "OUT")]
    html: Option<PathBuf>,
    /// Then judge the marked checker plays (doubtful or worse) again by Monte-Carlo rollouts.
    #[arg(long)]
    rollout: bool,
    /// Games per candidate in a rollout (rounded up to a multiple of 36).
    #[arg(long, default_value_t = 144, requires = "rollout")]
    trials: usize,
    /// Score rollout games with the evaluator after this many decisions (0: play to the end).
    #[arg(long, default_value_t = 0, requires = "rollout")]
    truncate: u32,
    /// Seed of the rollout dice.
    #[arg(long, default_value_t = 1, requires = "rollout")]
    seed: u64,
    /// Subtract each roll's luck from the rollout games (GNU Backgammon's variance reduction):
    /// many times the work a game, less chance in each (docs/benchmarks.md weighs the two).
    #[arg(long, requires = "rollout")]
    variance_reduction: bool,
}

/// Runs `acey analyse`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let level = input::level(&args.level)?;
    // A report that could not be written is refused before the analysis, not after it.
    if let Some(out) = &args.html {
        crate::output::target(out).map_err(|e| UsageError(e.to_string()))?;
    }
    if args.ply > MAX_PLIES {
        return Err(UsageError(format!("--ply is 0 to {MAX_PLIES}, not {}", args.ply)).into());
    }
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| UsageError(format!("cannot read {}: {e}", args.file.display())))?;
    // The record's own errors say the line (their display starts with it).
    let (record, game) = input::game_record(&text)
        .map_err(|e| UsageError(format!("{}: {e}", args.file.display())))?;
    let analyser = match input::network(args.net.as_deref(), args.race_net.as_deref())? {
        None => Analyser::new(level, record.rules, args.ply),
        Some(evaluator) => Analyser::with_evaluator(level, evaluator, record.rules, args.ply),
    }
    .map_err(|e| UsageError(e.to_string()))?;
    let total = analyser.count(&game)?;
    // Ctrl-C stops starting new decisions; those done are reported, marked incomplete.
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = Arc::clone(&stop);
        let _ = ctrlc::set_handler(move || stop.store(true, Ordering::SeqCst));
    }
    let bar = ProgressBar::new(total as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} decisions (eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut analysis = analyser.analyse_with(&game, &stop, &|_, _| bar.inc(1))?;
    bar.finish_and_clear();
    let mut rollouts = None;
    if args.rollout && analysis.complete {
        if args.trials == 0 {
            return Err(UsageError("--trials must be at least 1".to_string()).into());
        }
        let settings = RolloutSettings {
            trials: args.trials,
            truncate: (args.truncate > 0).then_some(args.truncate),
            seed: args.seed,
            stratify: true,
            variance_reduction: args.variance_reduction,
        };
        let marked = Analyser::marked(&analysis).len();
        let bar = ProgressBar::new(marked as u64);
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:40} {pos}/{len} marked decisions rolled out (eta {eta})",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        let done =
            analyser.rollout_marked(&game, &mut analysis, &settings, &stop, &|_, _| bar.inc(1))?;
        bar.finish_and_clear();
        if done < marked {
            eprintln!("interrupted: {done} of {marked} marked decisions rolled out");
        }
        rollouts = Some(RolloutRun {
            settings,
            done,
            marked,
        });
    }
    let names = record.header.players.clone();
    if let Some(out) = &args.html {
        let meta = html::Meta {
            names: [name(&names, Player::Zero), name(&names, Player::One)],
            rules: record.rules.to_string(),
            level: &args.level,
            file: args.file.display().to_string(),
        };
        crate::output::write(out, html::report(&analysis, &meta, rollouts).as_bytes())
            .map_err(|e| UsageError(e.to_string()))?;
    }
    if args.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&json::to_json(&analysis, &names, rollouts.as_ref()))?
        )?;
    } else {
        print_text(&analysis, &names, rollouts)?;
    }
    if !analysis.complete {
        eprintln!(
            "interrupted: {} of {total} decisions analysed",
            analysis.decisions.len()
        );
    }
    Ok(())
}

fn dice(d: &Decision) -> String {
    d.dice
        .map_or_else(|| "-".to_string(), |(a, b)| format!("{a}-{b}"))
}

/// The JSON of docs/analysis.md.
pub fn to_json(a: &Analysis, names: &[Option<String>; 2]) -> Value {
    json::to_json(a, names, None)
}

fn print_text(
    a: &Analysis,
    names: &[Option<String>; 2],
    rollouts: Option<RolloutRun>,
) -> anyhow::Result<()> {
    outln!("Analysis at {}-ply", a.plies)?;
    if let Some(r) = rollouts {
        outln!(
            "{} of {} marked checker plays judged again by rollouts ({})",
            r.done,
            r.marked,
            r.settings.summary()
        )?;
    }
    outln!()?;
    outln!(
        "{:<20} {:>9} {:>8} {:>8} {:>5} {:>8} {:>10} {:>8} {:>7}",
        "player",
        "decisions",
        "unforced",
        "doubtful",
        "bad",
        "very bad",
        "error rate",
        "luck",
        "rating"
    )?;
    for p in &a.players {
        outln!(
            "{:<20} {:>9} {:>8} {:>8} {:>5} {:>8} {:>10.3} {:>+8.2} {:>7.1}",
            name(names, p.player),
            p.decisions,
            p.unforced,
            p.doubtful,
            p.bad,
            p.very_bad,
            p.error_rate,
            p.luck,
            p.rating
        )?;
    }
    outln!()?;
    for (i, d) in a.decisions.iter().enumerate() {
        let mark = match (d.forced, d.mark) {
            (true, _) => "forced".to_string(),
            (false, Some(m)) => m.as_str().to_string(),
            (false, None) => String::new(),
        };
        outln!(
            "{i:>4} game {} player {} {:<6} {:<4} {:<8} played {}",
            d.game,
            d.player.index(),
            d.kind.as_str(),
            dice(d),
            mark,
            d.played
        )?;
        let how = d.rollout.map_or_else(String::new, |r| {
            format!(", rollout ±{:.3}", r.played_std_error.max(r.best_std_error))
        });
        if !d.played_best() {
            outln!(
                "{:>31} best   {}  (lost {:.3}{how})",
                "",
                d.best,
                d.equity_lost
            )?;
        } else if !how.is_empty() {
            outln!("{:>31} best   the played  (lost 0.000{how})", "")?;
        }
    }
    Ok(())
}
