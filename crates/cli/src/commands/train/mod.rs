//! `acey train`: TD(lambda) self-play training with resumable checkpoints, a progress bar, a
//! periodic duel against the heuristic bot and a training-curve plot.
//!
//! The network file is the checkpoint: it is written after every `--save-every` games, when the
//! run ends and when it is interrupted (Ctrl-C finishes the current round, then saves). Running
//! the same command again continues from it: the games already trained are kept in the file's
//! metadata. Every round appends a line to `<net>.log.csv`; every duel appends its result there
//! too, and the curve (`<net>.curve.png` and `.svg`) is redrawn from that log.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use acey_ai::features::FeatureSet;
use acey_ai::{Bot, Network, NeuralEvaluator, SearchSettings, TrainSettings, Trainer};
use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};

use self::log::{TrainLog, TrainLogLine};
use crate::{input, UsageError};

mod log;

/// Arguments of `acey train`.
#[derive(clap::Args)]
pub struct Args {
    /// The network file: loaded and continued if it exists, created otherwise.
    #[arg(long, default_value = "models/american.acey-net")]
    net: PathBuf,
    /// Rules to train for (a new network only; a loaded one keeps its own).
    #[arg(long, default_value = "american")]
    rules: String,
    /// Hidden units of a new network.
    #[arg(long, default_value_t = 64)]
    hidden: usize,
    /// Train --net as the race network of this contact network: games are played by the
    /// contact network until no contact is left, by --net from there, and only race positions
    /// train it. A new race network starts as a copy of the contact network.
    #[arg(long)]
    contact: Option<PathBuf>,
    /// Widen a loaded network to this many hidden units before training on (the new units
    /// start silent: the widened net plays exactly as the loaded one).
    #[arg(long)]
    widen: Option<usize>,
    /// The inputs: `basic` or `rich` (six tactical measures per side: shots, escapes,
    /// containment, entering, contact, pip lead). A loaded basic network made rich keeps playing
    /// exactly as it did (the new inputs start with zero weights); a new network reads them from
    /// the start. Without it, a loaded network keeps its own and a new one is basic.
    #[arg(long)]
    features: Option<FeatureSet>,
    /// Games to train in this run.
    #[arg(long, default_value_t = 10_000)]
    games: u64,
    /// Learning rate.
    #[arg(long, default_value_t = 0.05)]
    rate: f32,
    /// TD lambda.
    #[arg(long, default_value_t = 0.7)]
    lambda: f32,
    /// Games per round, played in parallel with the network frozen.
    #[arg(long, default_value_t = 32)]
    round: usize,
    /// Seed of the dice (the network's initial weights too).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The self-play bot's 1-2 filter: the 1-2 plays extended with every named double (0: all,
    /// exact; `advanced` plays with 4). A few make acey-deucey games several times faster.
    #[arg(long, default_value_t = 0)]
    chain_keep: usize,
    /// Plies of lookahead in the targets: 0, TD(lambda) towards the state that followed; 1,
    /// towards the frozen network's own 1-ply value of each state (every roll answered by its
    /// best play), mixed with the game's return by --lambda. About three times slower a game.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=1))]
    lookahead: u8,
    /// The share of self-play decisions made at random (0 to 1): the state before a random play
    /// learns the value of the roll's best play, not what followed, so the games visit lopsided
    /// positions a weaker player gives while the values stay those of good play.
    #[arg(long, default_value_t = 0.0)]
    explore: f32,
    /// The share of games (0 to 1) in which one side is played by the hand-tuned heuristic, a
    /// pip-and-blot sparring partner: the games reach the positions such players give, and the
    /// state before each of its plays learns the value of the network's best play instead.
    #[arg(long, default_value_t = 0.0)]
    sparring: f32,
    /// The sparring partner's plies of lookahead: 0, the heuristic's best next state; 1, every
    /// roll of the reply to each of its best 6 candidates considered, as tabula, bgammon.org's
    /// pip-and-blot bot, looks at the reply (its decisions cost about as much as `expert`'s).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=1))]
    sparring_plies: u8,
    /// Save the checkpoint every this many games.
    #[arg(long, default_value_t = 2_000)]
    save_every: u64,
    /// Duel against the heuristic bot every this many games (0: never).
    #[arg(long, default_value_t = 5_000)]
    duel_every: u64,
    /// Game pairs of each duel (common random numbers: each dice sequence from both seats).
    #[arg(long, default_value_t = 200)]
    duel_pairs: u64,
    /// Only redraw the curve from the network's log and exit, training nothing: after the logs
    /// of runs kept in separate files are joined into one, or where a run could not draw it.
    #[arg(long)]
    plot_only: bool,
}

/// Runs `acey train`.
pub fn run(args: Args) -> anyhow::Result<()> {
    // The network and its log are written through `output`, which refuses a device, a FIFO or
    // a folder: refused here, before any training (or any read of what is there).
    for path in [&args.net, &log_path(&args.net)] {
        crate::output::target(path).map_err(|e| UsageError(e.to_string()))?;
    }
    if args.plot_only {
        return plot_only(&args.net);
    }
    if args.games == 0 || args.round == 0 {
        return Err(UsageError("--games and --round must be at least 1".into()).into());
    }
    if !(args.rate > 0.0 && args.rate < 10.0 && (0.0..=1.0).contains(&args.lambda)) {
        return Err(UsageError("--rate must be in (0, 10) and --lambda in [0, 1]".into()).into());
    }
    if !(0.0..=1.0).contains(&args.explore) {
        return Err(UsageError("--explore must be in [0, 1]".into()).into());
    }
    if !(0.0..=1.0).contains(&args.sparring) {
        return Err(UsageError("--sparring must be in [0, 1]".into()).into());
    }
    if args.hidden == 0 || args.hidden > 4096 {
        return Err(UsageError("--hidden must be 1..=4096".into()).into());
    }
    let contact = match &args.contact {
        Some(path) => Some(
            Network::load(path)
                .with_context(|| format!("cannot read the contact network {}", path.display()))?,
        ),
        None => None,
    };
    let net = if args.net.exists() {
        let net = Network::load(&args.net)
            .with_context(|| format!("cannot continue from {}", args.net.display()))?;
        match args.widen {
            Some(h) if h < net.hidden() || h > 4096 => {
                return Err(UsageError(format!(
                    "--widen {h}: the network has {} hidden units; widen to more, at most 4096",
                    net.hidden()
                ))
                .into())
            }
            Some(h) => {
                let mut wide = net.widened(h, args.seed);
                wide.meta
                    .insert("widened_from".into(), net.hidden().to_string());
                wide
            }
            None => net,
        }
    } else {
        if let Some(dir) = args.net.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
        }
        match &contact {
            // A new race network: the contact network's copy, its own count of games.
            Some(c) => {
                let mut race = c.clone();
                let from = format!(
                    "{}-{}",
                    c.meta.get("rules").map_or("?", String::as_str),
                    c.meta.get("games").map_or("0", String::as_str)
                );
                race.meta.insert("games".into(), "0".into());
                race.meta.insert("train_seconds".into(), "0".into());
                race.meta.insert("class".into(), "race".into());
                race.meta.insert("from".into(), from);
                race
            }
            None => Network::random_with(args.features.unwrap_or_default(), args.hidden, args.seed),
        }
    };
    // A loaded network (or a race network's copy) made to read other inputs.
    let net = match args.features {
        Some(f) if f != net.features() => {
            let mut rich = net
                .with_features(f)
                .map_err(|e| UsageError(format!("--features {}: {e}", f.name())))?;
            rich.meta
                .insert("features_from".into(), net.features().name().into());
            rich
        }
        _ => net,
    };
    // A network keeps the rules it was trained for; --rules names those of a new one.
    let rules = input::rules(net.meta.get("rules").unwrap_or(&args.rules))?;
    let done: u64 = net
        .meta
        .get("games")
        .and_then(|g| g.parse().ok())
        .unwrap_or(0);
    let mut wall: f64 = net
        .meta
        .get("train_seconds")
        .and_then(|g| g.parse().ok())
        .unwrap_or(0.0);
    let settings = TrainSettings {
        lambda: args.lambda,
        rate: args.rate,
        round: args.round,
        seed: args.seed,
        chain_keep: args.chain_keep,
        lookahead: args.lookahead,
        explore: args.explore,
        sparring: args.sparring,
        sparring_plies: args.sparring_plies,
    };
    let mut trainer = Trainer::new(net, rules, settings, done);
    if let Some(c) = contact {
        trainer = trainer.with_contact(c);
    }
    let log = TrainLog::new(log_path(&args.net));
    eprintln!(
        "training {} ({} hidden units, rules {rules}) from {done} games; log {}",
        args.net.display(),
        trainer.net.hidden(),
        log.path().display()
    );

    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        // Without a handler Ctrl-C ends the process and only the last checkpoint is kept.
        let _ = ctrlc::set_handler(move || stop.store(true, Ordering::SeqCst));
    }
    let bar = ProgressBar::new(args.games);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games ({per_sec}, eta {eta}) {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let target = done + args.games;
    let mut last_save = done;
    let mut last_duel = done;
    let mut clock = Instant::now();
    while trainer.games() < target && !stop.load(Ordering::SeqCst) {
        let report = trainer.round();
        bar.set_position(report.games - done);
        bar.set_message(format!("td error {:.5}", report.td_error));
        let now = Instant::now();
        wall += now.duration_since(clock).as_secs_f64();
        clock = now;
        log.append(&TrainLogLine::Round {
            games: report.games,
            td_error: report.td_error,
        })?;
        if report.games - last_save >= args.save_every {
            save(&mut trainer, &args.net, wall)?;
            last_save = report.games;
        }
        if args.duel_every > 0 && report.games - last_duel >= args.duel_every {
            last_duel = report.games;
            bar.set_message("duel against the heuristic bot...");
            let duel = duel_against_heuristic(&trainer, args.duel_pairs, &stop)?;
            if let Some(d) = duel {
                bar.println(format!(
                    "{} games: {:+.3} points/game against the heuristic (95% CI {:+.3} to {:+.3}), {:.1}% wins over {} games",
                    report.games,
                    d.mean,
                    d.ci95.0,
                    d.ci95.1,
                    100.0 * d.win_rate,
                    d.games
                ));
                log.append(&TrainLogLine::Duel {
                    games: report.games,
                    mean: d.mean,
                    low: d.ci95.0,
                    high: d.ci95.1,
                    win_rate: d.win_rate,
                })?;
                plot(&log, &args.net);
            }
            // Duel time is not training time.
            clock = Instant::now();
        }
    }
    bar.finish_and_clear();
    save(&mut trainer, &args.net, wall)?;
    if stop.load(Ordering::SeqCst) {
        eprintln!("interrupted: saved after {} games", trainer.games());
    }
    plot(&log, &args.net);
    outln!(
        "{} games trained ({} this run) in {:.0} s of training; saved {}",
        trainer.games(),
        trainer.games() - done,
        wall,
        args.net.display()
    )?;
    Ok(())
}

/// The current network at 0-ply against the heuristic bot, with common random numbers (the same
/// dice seed at every checkpoint, so successive duels differ only by the network). `None` when
/// interrupted before a pair finished.
fn duel_against_heuristic(
    trainer: &Trainer,
    pairs: u64,
    stop: &AtomicBool,
) -> anyhow::Result<Option<acey_ai::duel::DuelStats>> {
    let evaluator = Arc::new(NeuralEvaluator::new(trainer.net.clone(), "training"));
    let net = Bot::new(evaluator, trainer.rules, SearchSettings::default());
    let heuristic = acey_ai::duel::named_bot("heuristic", trainer.rules, 1)?;
    let pairs = acey_ai::duel::duel(
        &trainer.rules,
        &net,
        &heuristic,
        pairs as usize,
        0xD0E1,
        None,
        stop,
        &|| {},
    )?;
    Ok((!pairs.is_empty()).then(|| acey_ai::duel::stats(&pairs)))
}

fn save(trainer: &mut Trainer, path: &Path, wall: f64) -> anyhow::Result<()> {
    trainer
        .net
        .meta
        .insert("train_seconds".into(), format!("{wall:.0}"));
    crate::output::write(path, &trainer.net.to_bytes())?;
    Ok(())
}

fn log_path(net: &Path) -> PathBuf {
    net.with_extension("log.csv")
}

fn curve_path(net: &Path) -> PathBuf {
    net.with_extension("curve")
}

/// `--plot-only`: the curve of an existing log, or an error saying why there is none.
fn plot_only(net: &Path) -> anyhow::Result<()> {
    let log = TrainLog::new(log_path(net));
    if log.read()?.is_empty() {
        return Err(UsageError(format!(
            "--plot-only: no training log at {} to draw",
            log.path().display()
        ))
        .into());
    }
    say_drawn(&log.plot(&curve_path(net))?);
    Ok(())
}

fn say_drawn(files: &[PathBuf]) {
    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    eprintln!("training curve: {}", names.join(", "));
}

/// Draws the curve; a missing font only costs the picture, never the training.
fn plot(log: &TrainLog, net: &Path) {
    match log.plot(&curve_path(net)) {
        Ok(files) => say_drawn(&files),
        Err(e) => eprintln!("warning: {e:#}"),
    }
}
