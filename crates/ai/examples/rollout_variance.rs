//! Does subtracting the luck pay for its cost in a rollout? (docs/benchmarks.md, "Rollouts with
//! the luck subtracted").
//!
//! For the first decisions of each stage of a benchmark set, the two best settled candidates are
//! rolled out as `acey benchmark --generate` settles them (advanced plays both sides with the
//! shipped network, first roll stratified, common dice, truncated), twice with different seeds,
//! with and without the luck subtraction. Two independent estimates `a`, `b` of one quantity
//! give its variance as `(a - b)² / 2`; averaged over the decisions, that is the variance of a
//! candidate's equity and of the difference between the two candidates, which decides which one
//! a settlement calls best. A method's efficiency is one over (variance × time): the ratio of
//! the two is how many times the trials plain rollouts would need, at the same cost, to be as
//! exact as the subtracted ones.
//!
//! `cargo run --release -p acey-ai --example rollout_variance -- SET [PER_STAGE] [PLAIN_TRIALS]
//! [REDUCED_TRIALS] [TRUNCATE]`, by default 8 decisions per stage, 144 and 36 trials, truncated
//! after 24 decisions.

use std::time::Instant;

use acey_ai::benchmark::{parse, Stage};
use acey_ai::levels::Level;
use acey_ai::{Bot, Rollout, RolloutSettings};
use acey_rules::{Position, Rules, TurnSegment};

/// Per stage and method: summed squared seed differences of one equity and of the difference
/// between the two candidates, the decisions, and the seconds spent.
#[derive(Default, Clone, Copy)]
struct Tally {
    equity: f64,
    difference: f64,
    decisions: usize,
    seconds: f64,
}

impl Tally {
    fn var_equity(&self) -> f64 {
        self.equity / 2.0 / self.decisions.max(1) as f64
    }
    fn var_difference(&self) -> f64 {
        self.difference / 2.0 / self.decisions.max(1) as f64
    }
}

/// The two candidates rolled out with seeds 1 and 2: (equity of the first, difference) by seed.
fn measure(
    bot: &Bot,
    state: &Position,
    cands: &[TurnSegment],
    settings: RolloutSettings,
) -> [(f64, f64); 2] {
    [1, 2].map(|seed| {
        let r = Rollout::new(bot, RolloutSettings { seed, ..settings })
            .candidates(state.turn(), cands)
            .expect("never stopped");
        (r[0].equity, r[0].equity - r[1].equity)
    })
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args.first().ok_or(
        "usage: rollout_variance SET [PER_STAGE] [PLAIN_TRIALS] [REDUCED_TRIALS] [TRUNCATE]",
    )?;
    let number = |i: usize, default: usize| -> Result<usize, String> {
        args.get(i).map_or(Ok(default), |a| {
            a.parse().map_err(|_| format!("not a number: {a}"))
        })
    };
    let (per_stage, plain_trials, reduced_trials, truncate) = (
        number(1, 8)?,
        number(2, 144)?,
        number(3, 36)?,
        number(4, 24)?,
    );
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let rules: Rules = text
        .lines()
        .find_map(|l| l.strip_prefix("# rules: "))
        .ok_or(format!("{path}: no rules line"))?
        .trim()
        .parse::<Rules>()
        .map_err(|e| format!("{path}: {e}"))?;
    let items = parse(&text).map_err(|e| format!("{path}: {e}"))?;
    let bot = Level::Advanced.bot(rules);
    let plain = RolloutSettings {
        trials: plain_trials,
        truncate: (truncate > 0).then_some(truncate as u32),
        seed: 1,
        stratify: true,
        variance_reduction: false,
    };
    let reduced = RolloutSettings {
        trials: reduced_trials,
        variance_reduction: true,
        ..plain
    };
    println!(
        "{path}: {per_stage} decisions a stage, the best two candidates, plain {} trials, \
         luck subtracted {} trials, truncated after {truncate}",
        plain.effective_trials(),
        reduced.effective_trials()
    );
    println!(
        "{:<9} {:>9} {:>9} {:>9} {:>9} {:>8} {:>8} {:>10} {:>10}",
        "stage",
        "sd plain",
        "sd luck",
        "sdd plain",
        "sdd luck",
        "s plain",
        "s luck",
        "gain eq",
        "gain diff"
    );
    let mut total = [Tally::default(); 2];
    for stage in Stage::ALL {
        let mut tally = [Tally::default(); 2];
        let chosen = items
            .iter()
            .filter(|i| i.stage == stage && i.candidates.len() >= 2 && !bot.exact(&i.state))
            .take(per_stage);
        for item in chosen {
            let cands: Vec<TurnSegment> = item.candidates[..2]
                .iter()
                // The set stores the states the candidates reach; a rollout needs only those.
                .map(|c| TurnSegment {
                    play: None,
                    double: None,
                    state: c.state,
                })
                .collect();
            for (t, settings) in tally.iter_mut().zip([plain, reduced]) {
                let clock = Instant::now();
                let [(e1, d1), (e2, d2)] = measure(&bot, &item.state, &cands, settings);
                t.seconds += clock.elapsed().as_secs_f64();
                t.equity += (e1 - e2).powi(2);
                t.difference += (d1 - d2).powi(2);
                t.decisions += 1;
            }
        }
        if tally[0].decisions == 0 {
            continue;
        }
        report(stage.name(), &tally);
        for (all, t) in total.iter_mut().zip(tally) {
            all.equity += t.equity;
            all.difference += t.difference;
            all.decisions += t.decisions;
            all.seconds += t.seconds;
        }
    }
    report("all", &total);
    Ok(())
}

fn report(name: &str, t: &[Tally; 2]) {
    let [p, r] = t;
    println!(
        "{:<9} {:>9.4} {:>9.4} {:>9.4} {:>9.4} {:>8.1} {:>8.1} {:>10.2} {:>10.2}",
        name,
        p.var_equity().sqrt(),
        r.var_equity().sqrt(),
        p.var_difference().sqrt(),
        r.var_difference().sqrt(),
        p.seconds,
        r.seconds,
        (p.var_equity() * p.seconds) / (r.var_equity() * r.seconds),
        (p.var_difference() * p.seconds) / (r.var_difference() * r.seconds),
    );
}
