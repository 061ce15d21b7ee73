//! `acey duel`: one bot against another with common random numbers (each dice sequence played
//! twice, seats swapped), reported as A's points per game with a 95% confidence interval.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use acey_ai::duel::{duel, luck_judge, named_bot, stats};
use indicatif::{ProgressBar, ProgressStyle};

use crate::{input, UsageError};

/// Arguments of `acey duel`.
#[derive(clap::Args)]
pub struct Args {
    /// Bot A: random, heuristic, a level (beginner, casual, intermediate, advanced, expert,
    /// strongest), LEVEL@NETWORK-FILE (the level over that network) or
    /// LEVEL@NETWORK-FILE@RACE-NETWORK-FILE (with a race network); NETWORK-FILE+NETWORK-FILE
    /// averages the networks' outputs (an ensemble); any of them followed by ~rank filters its
    /// candidates by 0-ply rank alone, as searches did before they kept outcome classes.
    #[arg(long)]
    a: String,
    /// Bot B, named as for --a.
    #[arg(long)]
    b: String,
    /// Games to play (rounded up to an even number: games come in pairs).
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Seed of the dice streams (pair k plays stream k of this seed).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Rules: a preset with optional overrides. With a match target (`,match_target=N`) each
    /// "game" is a whole match, played with the cube where the rules have one, and counts one
    /// point for its winner.
    #[arg(long, default_value = "american")]
    rules: String,
    /// B plays every game of a match as a money game (it ignores the score): measures what
    /// playing for the match score is worth.
    #[arg(long)]
    blind_b: bool,
    /// Also measure every roll's luck (the rules' shipped network at 0-ply judges, as game
    /// analysis does) and report A's points per game with each game's luck taken off: the same
    /// expectation, most of the dice's variance removed. Each roll ranks all 21 rolls: about
    /// 1.5 times the time at `advanced`, for about 12 times less variance. Money games only.
    #[arg(long)]
    luck: bool,
    /// Print the result as one JSON object.
    #[arg(long)]
    json: bool,
}

/// Runs `acey duel`.
pub fn run(args: Args) -> anyhow::Result<()> {
    if args.games == 0 {
        return Err(UsageError("--games must be at least 1".into()).into());
    }
    let rules = input::rules(&args.rules)?;
    let a = named_bot(&args.a, rules, args.seed).map_err(|e| UsageError(e.to_string()))?;
    // A different seed keeps two random bots from making the same choices.
    let b = named_bot(&args.b, rules, args.seed ^ 0xB).map_err(|e| UsageError(e.to_string()))?;
    let b = if args.blind_b { b.blind_to_match() } else { b };
    if args.luck && rules.match_target.is_some() {
        return Err(UsageError(
            "--luck adjusts money games; a match duel counts one point a match (drop \
             match_target or --luck)"
                .into(),
        )
        .into());
    }
    let judge = args.luck.then(|| luck_judge(&rules));
    let pairs = args.games.div_ceil(2);
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        // Without a handler Ctrl-C ends the process as usual; with it, the games so far count.
        let _ = ctrlc::set_handler(move || stop.store(true, Ordering::SeqCst));
    }
    let bar = ProgressBar::new(2 * pairs as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games ({per_sec}, eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let started = Instant::now();
    let outcomes = duel(
        &rules,
        &a,
        &b,
        pairs,
        args.seed,
        judge.as_ref(),
        &stop,
        &|| bar.inc(2),
    )
    .map_err(|e| anyhow::anyhow!("a bot made an illegal move (a bug): {e}"))?;
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    if stop.load(Ordering::SeqCst) {
        eprintln!(
            "interrupted: reporting the {} games finished",
            2 * outcomes.len()
        );
    }
    if outcomes.is_empty() {
        outln!("no game finished")?;
        return Ok(());
    }
    let s = stats(&outcomes);
    let speed = s.games as f64 / seconds.max(1e-9);
    if args.json {
        let v = serde_json::json!({
            "a": a.name(),
            "b": b.name(),
            "rules": rules.to_string(),
            "seed": args.seed,
            "games": s.games,
            "pairs": s.pairs,
            "points_per_game": s.mean,
            "std_error": s.std_error,
            "ci95": [s.ci95.0, s.ci95.1],
            "wins": s.wins,
            "win_rate": s.win_rate,
            "decisions_per_game": s.decisions_per_game,
            "luck_adjusted": s.adjusted.map(|e| serde_json::json!({
                "points_per_game": e.mean,
                "std_error": e.std_error,
                "ci95": [e.ci95.0, e.ci95.1],
            })),
            "seconds": seconds,
            "games_per_second": speed,
        });
        outln!("{v}")?;
        return Ok(());
    }
    // In a match duel each "game" is a match worth one point.
    let (unit, units) = match rules.match_target {
        Some(_) => ("match", "matches"),
        None => ("game", "games"),
    };
    outln!("A: {} ({})", args.a, a.name())?;
    let blind = if args.blind_b {
        ", blind to the match score"
    } else {
        ""
    };
    outln!("B: {} ({}{blind})", args.b, b.name())?;
    outln!("rules: {rules}, seed {}", args.seed)?;
    outln!(
        "{units}: {} ({} pairs, same dice with seats swapped)",
        s.games,
        s.pairs
    )?;
    outln!(
        "A's points per {unit}: {:+.3} ± {:.3} (95% CI {:+.3} .. {:+.3})",
        s.mean,
        1.96 * s.std_error,
        s.ci95.0,
        s.ci95.1
    )?;
    if let Some(e) = s.adjusted {
        outln!(
            "A's points per {unit}, luck-adjusted: {:+.3} ± {:.3} (95% CI {:+.3} .. {:+.3})",
            e.mean,
            1.96 * e.std_error,
            e.ci95.0,
            e.ci95.1
        )?;
    }
    outln!(
        "A won {} of {} {units} ({:.1}%)",
        s.wins,
        s.games,
        100.0 * s.win_rate
    )?;
    // The luck-adjusted interval, where measured, is the narrower estimate of the same mean.
    let ci = s.adjusted.map_or(s.ci95, |e| e.ci95);
    let verdict = if ci.0 > 0.0 {
        "A is stronger (interval above zero)"
    } else if ci.1 < 0.0 {
        "B is stronger (interval below zero)"
    } else {
        "no significant difference (interval contains zero)"
    };
    outln!("{verdict}")?;
    outln!(
        "{:.1} {units}/s, {:.0} decisions per {unit}, {:.1} s",
        speed,
        s.decisions_per_game,
        seconds
    )?;
    Ok(())
}
