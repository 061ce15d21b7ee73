//! The bot's speed (docs/benchmarks.md, section "Bot"):
//!
//! * `net/evaluate`: the shipped network on the fixed acey position set (1,226 positions of the
//!   american preset, `crates/rules/benches/data/acey-positions.txt`) through
//!   `Evaluator::evaluate_batch`: sparse input encoding plus forward pass. `net/forward` is the
//!   forward pass alone on pre-encoded inputs, `net/encode` the encoding alone, and
//!   `heuristic/evaluate` the hand-tuned evaluator for comparison. Throughput is in evaluations
//!   per second on one thread.
//! * `decision/0-ply`, `decision/1-ply`, `decision/2-ply`: the `advanced`, `expert` and
//!   `strongest` levels choosing a play (the whole turn segment) for fixed (position, roll) pairs
//!   drawn from the same set; `decision/2-ply-bgammon` the `strongest` level under `bgammon`,
//!   whose levels average two networks, on the same pairs. Throughput is in decisions per
//!   second; before criterion runs, each decision is also timed once on its own and the median,
//!   90th percentile and maximum printed, since the targets are on the median: wall-clock time
//!   and this thread's CPU time, which is what a decision costs when the machine is shared. The
//!   timings are printed for each level as it plays and as it would filter by 0-ply rank alone
//!   (`~rank`, `Bot::by_rank_alone`): what keeping every outcome class costs.
//! * `cube/1-ply`: the evaluation every cube decision is taken on (`Bot::evaluate_ahead`), for
//!   positions of the same set.

mod common;

use std::time::{Duration, Instant};

use acey_ai::features::{encode, encode_sparse, FeatureSet};
use acey_ai::network::Activations;
use acey_ai::{models, Eval, Evaluator, HeuristicEvaluator, Level, NeuralEvaluator};
use acey_rules::{Position, Preset, SeededRng};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

/// `n` (position, roll) pairs spread over the set, rolls from a fixed seed.
fn decisions(all: &[Position], n: usize) -> Vec<(Position, (u8, u8))> {
    let mut dice = SeededRng::new(20251201);
    let step = (all.len() / n).max(1);
    all.iter()
        .step_by(step)
        .take(n)
        .map(|p| (*p, dice.roll()))
        .collect()
}

/// CPU time of this thread in milliseconds, so that decision times can be read on a loaded,
/// shared machine.
fn thread_cpu_ms() -> Option<f64> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime only writes the timespec we own; the clock id is a constant.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| ts.tv_sec as f64 * 1e3 + ts.tv_nsec as f64 / 1e6)
}

fn criterion() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args()
}

fn evaluations(c: &mut Criterion) {
    let rules = Preset::American.rules();
    let all = common::positions();
    let net = NeuralEvaluator::new(models::default_network(), "net");
    let mut out = vec![
        Eval {
            win: 0.0,
            win_points: 0.0,
            loss_points: 0.0
        };
        all.len()
    ];
    let encoded = common::encoded(&all);
    // Evaluations per second of this thread's CPU time (criterion's figures are wall-clock).
    for (name, ev) in [
        ("net", &net as &dyn Evaluator),
        ("heuristic", &HeuristicEvaluator),
    ] {
        let rounds = 20;
        let (t, c0) = (Instant::now(), thread_cpu_ms());
        for _ in 0..rounds {
            ev.evaluate_batch(&rules, black_box(&all), &mut out);
        }
        let n = (rounds * all.len()) as f64;
        let wall = t.elapsed().as_secs_f64();
        let cpu = thread_cpu_ms().zip(c0).map(|(b, a)| (b - a) / 1e3);
        println!(
            "{name}/evaluate: {:.0} evaluations/s wall, {} per CPU second",
            n / wall,
            cpu.map_or_else(|| "unavailable".into(), |c| format!("{:.0}", n / c))
        );
    }
    let mut g = c.benchmark_group("net");
    g.throughput(Throughput::Elements(all.len() as u64));
    g.bench_function("evaluate", |b| {
        b.iter(|| net.evaluate_batch(&rules, black_box(&all), &mut out))
    });
    g.bench_function("forward", |b| {
        let network = net.network();
        let mut act = Activations::default();
        b.iter(|| {
            let mut s = 0.0;
            for x in &encoded {
                network.forward(black_box(x), &mut act);
                s += act.eval().win;
            }
            s
        })
    });
    g.bench_function("encode", |b| {
        let mut x = Vec::with_capacity(64);
        b.iter(|| {
            let mut n = 0;
            for p in &all {
                encode_sparse(black_box(p), &mut x);
                n += x.len();
            }
            n
        })
    });
    g.bench_function("encode_rich", |b| {
        let mut x = Vec::with_capacity(64);
        b.iter(|| {
            let mut n = 0;
            for p in &all {
                encode(black_box(p), FeatureSet::Rich, &mut x);
                n += x.len();
            }
            n
        })
    });
    g.finish();
    let mut g = c.benchmark_group("heuristic");
    g.throughput(Throughput::Elements(all.len() as u64));
    g.bench_function("evaluate", |b| {
        b.iter(|| HeuristicEvaluator.evaluate_batch(&rules, black_box(&all), &mut out))
    });
    g.finish();
}

fn choices(c: &mut Criterion) {
    let american = Preset::American.rules();
    // The same positions under `bgammon` (the same layout), whose levels play the family's own
    // network: what its rules (the re-roll after a chosen double, the exact bear-off) and its
    // network cost at 2-ply against `american`'s.
    let bgammon = Preset::Bgammon.rules();
    let all = common::positions();
    let sets = [
        ("0-ply", Level::Advanced, american, decisions(&all, 200)),
        ("1-ply", Level::Expert, american, decisions(&all, 40)),
        ("2-ply", Level::Strongest, american, decisions(&all, 12)),
        (
            "2-ply-bgammon",
            Level::Strongest,
            bgammon,
            decisions(&all, 12),
        ),
    ];
    // Each level as it plays, and as its filters chose by 0-ply rank alone (`~rank`): what
    // keeping every outcome class and settling endgames costs.
    let variants = sets.iter().flat_map(|(name, level, rules, set)| {
        let bot = level.bot(*rules);
        [
            (name.to_string(), *level, bot.clone(), set),
            (format!("{name} ~rank"), *level, bot.by_rank_alone(), set),
        ]
    });
    for (name, level, bot, set) in variants {
        let (mut wall, mut cpu) = (Vec::new(), Vec::new());
        for (p, roll) in set {
            let (t, c) = (Instant::now(), thread_cpu_ms());
            black_box(bot.choose(p, *roll, &mut SeededRng::new(1)));
            wall.push(t.elapsed().as_secs_f64() * 1e3);
            cpu.push(thread_cpu_ms().zip(c).map(|(b, a)| b - a));
        }
        let cpu: Option<Vec<f64>> = cpu.into_iter().collect();
        let summary = |mut times: Vec<f64>| {
            times.sort_by(f64::total_cmp);
            let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
            format!(
                "median {:.3} ms, p90 {:.3} ms, max {:.3} ms",
                at(0.5),
                at(0.9),
                at(1.0)
            )
        };
        println!(
            "decision/{name} ({level}, {} decisions): wall {}; thread CPU {}",
            wall.len(),
            summary(wall),
            cpu.map_or_else(|| "unavailable".to_string(), summary)
        );
    }
    let mut g = c.benchmark_group("decision");
    for (name, level, rules, set) in &sets {
        let bot = level.bot(*rules);
        g.throughput(Throughput::Elements(set.len() as u64));
        if name.starts_with("2-ply") {
            g.measurement_time(Duration::from_secs(20));
        }
        g.bench_function(*name, |b| {
            b.iter(|| {
                for (p, roll) in set {
                    black_box(bot.choose(p, *roll, &mut SeededRng::new(1)));
                }
            })
        });
    }
    g.finish();
}

/// The cube's evaluation (`cube/1-ply`): one roll ahead, the best play of each of the 21 rolls by
/// 0-ply, what every cube decision costs (`acey_ai::cube`).
fn cube(c: &mut Criterion) {
    let rules = Preset::American.rules();
    let set: Vec<Position> = decisions(&common::positions(), 40)
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    let bot = Level::Advanced.bot(rules);
    let mut g = c.benchmark_group("cube");
    g.throughput(Throughput::Elements(set.len() as u64));
    g.bench_function("1-ply", |b| {
        b.iter(|| {
            for p in &set {
                black_box(bot.evaluate_ahead(p));
            }
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = criterion();
    targets = evaluations, choices, cube
}
criterion_main!(benches);
