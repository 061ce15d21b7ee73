//! `acey benchmark`: the benchmark of errors (`acey_ai::benchmark`, models/MODEL.md). Scores bots
//! on a set of settled decisions, stage by stage, or (`--generate`) draws and settles a new set.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use acey_ai::benchmark::{draw, parse, score, settle, Score};
use acey_ai::duel::named_bot;
use acey_ai::{Level, RolloutSettings};
use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;

use crate::{input, UsageError};

/// The shipped benchmark: 1,000 decisions under `american` (models/MODEL.md says how it was made).
const SHIPPED: &str = include_str!("../../../../models/benchmark-american.txt");

/// Arguments of `acey benchmark`.
#[derive(clap::Args)]
pub struct Args {
    /// Bots to score (repeat the flag): random, heuristic, a level or LEVEL@NETWORK-FILE; every
    /// level when none is given.
    #[arg(long = "bot", value_name = "BOT")]
    bots: Vec<String>,
    /// The benchmark file (default: the shipped one, models/benchmark-american.txt).
    #[arg(long)]
    data: Option<PathBuf>,
    /// Seed of the bots' noise.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Draw and settle a new set into this file instead (lines are written as they are settled:
    /// Ctrl-C keeps those).
    #[arg(long, value_name = "OUT")]
    generate: Option<PathBuf>,
    /// Rules of a new set.
    #[arg(long, default_value = "american", requires = "generate")]
    rules: String,
    /// Decisions per stage of a new set.
    #[arg(long, default_value_t = 200, requires = "generate")]
    per_stage: usize,
    /// Candidates settled per decision (the search's best).
    #[arg(long, default_value_t = 5, requires = "generate")]
    keep: usize,
    /// Rollout games per candidate (rounded up to a multiple of 36).
    #[arg(long, default_value_t = 72, requires = "generate")]
    trials: usize,
    /// Score rollout games with the evaluator after this many decisions (0: to the end).
    #[arg(long, default_value_t = 12, requires = "generate")]
    truncate: u32,
}

/// Runs `acey benchmark`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        let _ = ctrlc::set_handler(move || stop.store(true, Ordering::SeqCst));
    }
    match &args.generate {
        Some(out) => generate(&args, out, &stop),
        None => measure(&args),
    }
}

/// The rules a benchmark file names in its `# rules: R` line (the default preset when none).
fn rules_of(text: &str) -> anyhow::Result<acey_rules::Rules> {
    let named = text
        .lines()
        .take_while(|l| l.starts_with('#') || l.trim().is_empty())
        .find_map(|l| l.strip_prefix("# rules:"))
        .map_or("american", str::trim);
    Ok(input::rules(named)?)
}

fn measure(args: &Args) -> anyhow::Result<()> {
    let text = match &args.data {
        Some(path) => std::fs::read_to_string(path)
            .map_err(|e| UsageError(format!("cannot read {}: {e}", path.display())))?,
        None => SHIPPED.to_string(),
    };
    let name = args
        .data
        .as_ref()
        .map_or("the shipped benchmark".to_string(), |p| {
            p.display().to_string()
        });
    let items = parse(&text).map_err(|e| UsageError(format!("{name}: {e}")))?;
    if items.is_empty() {
        return Err(UsageError(format!("{name} holds no decision")).into());
    }
    let rules = rules_of(&text)?;
    let bots: Vec<String> = if args.bots.is_empty() {
        Level::names().iter().map(|s| s.to_string()).collect()
    } else {
        args.bots.clone()
    };
    let mut results = Vec::new();
    for b in &bots {
        let bot = named_bot(b, rules, args.seed).map_err(|e| UsageError(e.to_string()))?;
        results.push((b.clone(), score(&bot, &items, args.seed)));
    }
    if args.json {
        let out: Vec<_> = results.iter().map(|(b, s)| score_json(b, s)).collect();
        outln!(
            "{}",
            serde_json::to_string_pretty(&json!({"data": name, "rules": rules.to_string(),
                "decisions": items.len(), "bots": out}))?
        )?;
        return Ok(());
    }
    outln!(
        "{name}: {} decisions under {rules}; mean equity lost per decision (points at cube 1)",
        items.len()
    )?;
    let mut head = format!("{:<24}", "bot");
    for (stage, _) in &results[0].1.stages {
        head.push_str(&format!("{:>10}", stage.name()));
    }
    head.push_str(&format!("{:>10}{:>9}", "all", "outside"));
    outln!("{head}")?;
    for (b, s) in &results {
        let mut line = format!("{b:<24}");
        for (_, st) in &s.stages {
            line.push_str(&format!("{:>10.4}", st.mean()));
        }
        line.push_str(&format!("{:>10.4}{:>9}", s.total.mean(), s.total.outside));
        outln!("{line}")?;
    }
    Ok(())
}

fn score_json(bot: &str, s: &Score) -> serde_json::Value {
    let stages: serde_json::Map<String, serde_json::Value> = s
        .stages
        .iter()
        .map(|(stage, st)| {
            (
                stage.name().to_string(),
                json!({"decisions": st.decisions, "mean_loss": st.mean(), "outside": st.outside}),
            )
        })
        .collect();
    json!({"bot": bot, "mean_loss": s.total.mean(), "outside": s.total.outside, "stages": stages})
}

fn generate(args: &Args, out: &PathBuf, stop: &AtomicBool) -> anyhow::Result<()> {
    if args.per_stage == 0 || args.keep < 2 || args.trials == 0 {
        return Err(UsageError(
            "--per-stage and --trials must be at least 1, --keep at least 2".into(),
        )
        .into());
    }
    let rules = input::rules(&args.rules)?;
    let settings = RolloutSettings {
        trials: args.trials,
        truncate: (args.truncate > 0).then_some(args.truncate),
        seed: args.seed,
        stratify: true,
    };
    eprintln!(
        "drawing {} decisions per stage from games between levels…",
        args.per_stage
    );
    let drawn = draw(&rules, args.per_stage, args.seed);
    let mut file = std::fs::File::create(out)
        .map_err(|e| UsageError(format!("cannot write {}: {e}", out.display())))?;
    writeln!(
        file,
        "# acey benchmark of errors\n# rules: {rules}\n# drawn: {} per stage from games between levels, seed {}\n\
         # settled: the best {} of the strongest level's 1-ply search, rolled out by advanced (0-ply) for both sides, \
         {} trials each (first roll stratified, common dice), truncated after {} decisions and scored by the evaluator",
        args.per_stage,
        args.seed,
        args.keep,
        settings.effective_trials(),
        args.truncate
    )?;
    let mut judge_settings = Level::Strongest.settings(&rules);
    judge_settings.plies = 1;
    let judge = acey_ai::Bot::new(Level::Strongest.evaluator(&rules), rules, judge_settings);
    let roller = Level::Advanced.bot(rules);
    let bar = ProgressBar::new(drawn.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} decisions settled (eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut done = 0;
    for d in drawn.iter().copied() {
        let Some(item) = settle(&judge, &roller, d, args.keep, &settings, stop) else {
            break;
        };
        writeln!(file, "{item}").with_context(|| format!("writing {}", out.display()))?;
        file.flush()?;
        done += 1;
        bar.inc(1);
    }
    bar.finish_and_clear();
    if done < drawn.len() {
        eprintln!(
            "interrupted: {done} of {} decisions settled and kept",
            drawn.len()
        );
    }
    outln!("{done} decisions written to {}", out.display())?;
    Ok(())
}
