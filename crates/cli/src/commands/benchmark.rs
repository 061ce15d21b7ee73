//! `acey benchmark`: the benchmark of errors (`acey_ai::benchmark`, models/MODEL.md). Scores bots
//! on a set of settled decisions, stage by stage, or (`--generate`) draws and settles a new set.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use acey_ai::benchmark::{
    decisions, deepen, deepening, draw, extend, parse, reproduces, score, settle, Item, Referee,
    Score,
};
use acey_ai::duel::{named_bot, network_evaluator};
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
    /// Bots to score (repeat the flag): random, heuristic, a level, LEVEL@NETWORK-FILE or
    /// LEVEL@NETWORK-FILE@RACE-NETWORK-FILE; every level when none is given.
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
    /// Settle the decisions of this benchmark file again instead of drawing new ones (its rules;
    /// the set stays the same positions).
    #[arg(long, value_name = "FILE", requires = "generate")]
    from: Option<PathBuf>,
    /// Settle this bot's own plays too (repeat the flag; as --bot), so that it is scored on what
    /// it plays rather than on a bound.
    #[arg(long = "also", value_name = "BOT", requires = "generate")]
    also: Vec<String>,
    /// With --from: keep every settled candidate as it is and roll out only the --also bots'
    /// plays the set lacks. Give the set's own referee network, trials, truncation and seed
    /// (its header names them): the first decision's best candidate is rolled out again
    /// first, and a set settled otherwise is refused.
    #[arg(long, requires = "from", conflicts_with = "deepen")]
    extend: bool,
    /// With --from: roll out every settled candidate this many games more (rounded up to a
    /// multiple of 36), continuing its rollout, as GNU Backgammon extends one: each equity
    /// becomes the mean of all its games. Give the set's own referee network, truncation, seed
    /// and its games so far as --trials (its header names them); as with --extend, a set settled
    /// otherwise is refused.
    #[arg(long, value_name = "GAMES", requires = "from", conflicts_with = "also")]
    deepen: Option<usize>,
    /// Subtract each roll's luck from the rollout games (GNU Backgammon's variance reduction):
    /// many times the work a game, less chance in each (docs/benchmarks.md weighs the two).
    #[arg(long, requires = "generate")]
    variance_reduction: bool,
    /// The network the referee searches and rolls out with (default: the shipped one for the
    /// rules).
    #[arg(long, value_name = "FILE", requires = "generate")]
    referee_net: Option<PathBuf>,
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

/// A benchmark file's text and the name to call it by (`None`: the shipped one).
fn read_set(path: Option<&PathBuf>) -> anyhow::Result<(String, String)> {
    match path {
        Some(path) => Ok((
            std::fs::read_to_string(path)
                .map_err(|e| UsageError(format!("cannot read {}: {e}", path.display())))?,
            path.display().to_string(),
        )),
        None => Ok((SHIPPED.to_string(), "the shipped benchmark".to_string())),
    }
}

fn measure(args: &Args) -> anyhow::Result<()> {
    let (text, name) = read_set(args.data.as_ref())?;
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

fn generate(args: &Args, out: &Path, stop: &AtomicBool) -> anyhow::Result<()> {
    if args.per_stage == 0 || args.keep < 2 || args.trials == 0 {
        return Err(UsageError(
            "--per-stage and --trials must be at least 1, --keep at least 2".into(),
        )
        .into());
    }
    // Refused before hours of rollouts, not after them.
    crate::output::target(out).map_err(|e| UsageError(e.to_string()))?;
    let settings = RolloutSettings {
        trials: args.trials,
        truncate: (args.truncate > 0).then_some(args.truncate),
        seed: args.seed,
        stratify: true,
        variance_reduction: args.variance_reduction,
    };
    // The set to settle again, if any, names the rules; the referee is checked before any
    // decision is drawn, so that a bad bot or network is told at once.
    let from = match &args.from {
        Some(path) => {
            let (text, name) = read_set(Some(path))?;
            let items = parse(&text).map_err(|e| UsageError(format!("{name}: {e}")))?;
            Some((rules_of(&text)?, items, name, header_of(&text)))
        }
        None => None,
    };
    let rules = match &from {
        Some((rules, _, _, _)) => *rules,
        None => input::rules(&args.rules)?,
    };
    let referee = referee(args, rules)?;
    if args.extend {
        let Some((_, items, name, header)) = from else {
            return Err(UsageError("--extend needs --from".into()).into());
        };
        let header = format!(
            "{header}# extended: the plays of {} settled as the rest, {} trials each (seed {}), truncated after {} decisions\n",
            args.also.join(", "),
            settings.effective_trials(),
            settings.seed,
            args.truncate
        );
        if referee.also.is_empty() {
            return Err(
                UsageError("--extend settles the plays of --also bots: give one".into()).into(),
            );
        }
        check_reproduces(&referee, &items, &name, &settings)?;
        let step = |item: &Item| extend(&referee, item, &settings, stop);
        return rework_set(&items, &header, out, "extended", step);
    }
    if let Some(more) = args.deepen {
        let Some((_, items, name, header)) = from else {
            return Err(UsageError("--deepen needs --from".into()).into());
        };
        if more == 0 {
            return Err(UsageError("--deepen needs at least one game more".into()).into());
        }
        let trials = deepening(&settings, more);
        let header = format!(
            "{header}# deepened: every rolled-out candidate {} games more (the trials numbered {} to {}, seed {}): {} trials each, truncated after {} decisions\n",
            trials.len(),
            trials.start,
            trials.end - 1,
            settings.seed,
            trials.end,
            args.truncate
        );
        check_reproduces(&referee, &items, &name, &settings)?;
        let step = |item: &Item| deepen(&referee, item, &settings, more, stop);
        return rework_set(&items, &header, out, "deepened", step);
    }
    let (drawn, source) = match from {
        Some((_, items, name, _)) => (
            decisions(&items),
            format!("the {} decisions of {name}", items.len()),
        ),
        None => {
            eprintln!(
                "drawing {} decisions per stage from games between levels…",
                args.per_stage
            );
            let source = format!(
                "{} per stage from games between levels, seed {}",
                args.per_stage, args.seed
            );
            (draw(&rules, args.per_stage, args.seed), source)
        }
    };
    let net = args
        .referee_net
        .as_ref()
        .map_or("the shipped network".to_string(), |p| {
            p.display().to_string()
        });
    let also = if args.also.is_empty() {
        String::new()
    } else {
        format!(" and the plays of {}", args.also.join(", "))
    };
    let mut file = crate::output::create(out).map_err(|e| UsageError(e.to_string()))?;
    writeln!(
        file,
        "# acey benchmark of errors\n# rules: {rules}\n# drawn: {source}\n\
         # settled: the best {} of the strongest level's 1-ply search{also}, rolled out by advanced (0-ply) for both sides, \
         {} trials each (first roll stratified, common dice, seed {}{}), truncated after {} decisions and scored by the evaluator; \
         the referee's network: {net}",
        args.keep,
        settings.effective_trials(),
        args.seed,
        if args.variance_reduction { ", each later roll's luck subtracted" } else { "" },
        args.truncate
    )?;
    let bar = ProgressBar::new(drawn.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} decisions settled (eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut done = 0;
    for d in drawn.iter().copied() {
        let Some(item) = settle(&referee, d, args.keep, &settings, stop) else {
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

/// A set's header: its leading comment lines, each with its newline.
fn header_of(text: &str) -> String {
    text.lines()
        .take_while(|l| l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Refuses a set that `referee` and `settings` do not reproduce (the first rolled-out decision's
/// best candidate rolled out again): `--extend` and `--deepen` add games comparable with the
/// set's own only under its own roller and settings.
fn check_reproduces(
    referee: &Referee,
    items: &[Item],
    name: &str,
    settings: &acey_ai::RolloutSettings,
) -> anyhow::Result<()> {
    match reproduces(referee, items, settings) {
        Some(check) if !check.same => Err(UsageError(format!(
            "{name} was settled otherwise: rolled out again, a candidate of its decision {} \
             has {:+.4} where the set says {:+.4}; give the set's referee network, --trials, \
             --truncate and --seed",
            check.decision + 1,
            check.now,
            check.recorded
        ))
        .into()),
        _ => Ok(()),
    }
}

/// `--extend` and `--deepen`: each decision of the set `items` passed through `step` (which
/// answers `None` once stopped), written to `out` under `header` (the set's own, and a line
/// that says what was done). On Ctrl-C the decisions not reached are written as they were, and
/// the header says how far the work went, so that the file is still the whole set and no
/// finished work is lost.
fn rework_set(
    items: &[Item],
    header: &str,
    out: &Path,
    verb: &str,
    step: impl Fn(&Item) -> Option<Item>,
) -> anyhow::Result<()> {
    let write = |header: &str, lines: &[Item]| -> anyhow::Result<std::fs::File> {
        let mut file = crate::output::create(out).map_err(|e| UsageError(e.to_string()))?;
        write!(file, "{header}")?;
        for item in lines {
            writeln!(file, "{item}").with_context(|| format!("writing {}", out.display()))?;
        }
        file.flush()?;
        Ok(file)
    };
    // Each decision is written as soon as it is done, so that even a killed run keeps them.
    let mut file = write(header, &[])?;
    let bar = ProgressBar::new(items.len() as u64);
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} decisions {verb} (eta {{eta}})"
        ))
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut done: Vec<Item> = Vec::with_capacity(items.len());
    for item in items {
        let Some(grown) = step(item) else {
            break;
        };
        writeln!(file, "{grown}").with_context(|| format!("writing {}", out.display()))?;
        file.flush()?;
        done.push(grown);
        bar.inc(1);
    }
    bar.finish_and_clear();
    let reached = done.len();
    let added: usize = done
        .iter()
        .zip(items)
        .map(|(a, b)| a.candidates.len() - b.candidates.len())
        .sum();
    if reached < items.len() {
        // The rest as they were, so that the file is still the whole set; the header says so.
        let header = format!(
            "{header}# interrupted: only the first {reached} of the {} decisions were {verb}; the rest are as they were\n",
            items.len()
        );
        done.extend_from_slice(&items[reached..]);
        write(&header, &done)?;
        eprintln!(
            "interrupted: {reached} of {} decisions {verb}, the rest written as they were",
            items.len()
        );
    }
    let what = if added > 0 {
        format!(", {added} plays settled")
    } else {
        String::new()
    };
    outln!(
        "{} decisions written to {}{what}",
        items.len(),
        out.display()
    )?;
    Ok(())
}

/// The referee of `--generate`: the strongest level's search at 1 ply and the advanced level's
/// rollouts, over the shipped network or `--referee-net`, and the `--also` bots.
fn referee(args: &Args, rules: acey_rules::Rules) -> anyhow::Result<Referee> {
    let evaluator = match &args.referee_net {
        Some(path) => network_evaluator(path, None).map_err(UsageError)?,
        None => Level::Strongest.evaluator(&rules),
    };
    let judge_settings = Level::Strongest.settings_at(&rules, 1);
    let also = args
        .also
        .iter()
        .map(|b| named_bot(b, rules, args.seed).map_err(|e| UsageError(e.to_string())))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Referee {
        judge: acey_ai::Bot::new(evaluator.clone(), rules, judge_settings),
        // The rollouts' player: 0-ply at every roll, as the sets were settled.
        roller: acey_ai::Bot::new(evaluator, rules, Level::Advanced.settings_at(&rules, 0)),
        also,
    })
}
