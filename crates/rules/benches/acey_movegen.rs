//! Acey-deucey legal-play generation (american preset) over the fixed position set
//! `benches/data/acey-positions.txt`. See docs/benchmarks.md.
//!
//! * `acey-movegen/weighted-36`: every position with each of the 36 ordered rolls (a non-double
//!   twice, a double once), so the mean time per generation is the mean weighted by the rolls'
//!   probabilities. A 1-2 is the 1-2 pool only (not the double named after it).
//! * `acey-movegen/non-doubles` (15 rolls) and `acey-movegen/doubles` (6 rolls): the two kinds of
//!   pool apart.
//!
//! Criterion's throughput is in generations per second; the mean time per generation is its
//! inverse.

mod common;

use acey_rules::{MoveGen, Pool, Position, Preset};
use criterion::{black_box, Criterion, SamplingMode, Throughput};

fn run(gen: &mut MoveGen, positions: &[Position], pools: &[Pool]) -> usize {
    let mut total = 0;
    for pos in positions {
        for pool in pools {
            total += gen.plays(black_box(pos), black_box(pool)).len();
        }
    }
    total
}

fn bench(c: &mut Criterion) {
    let rules = Preset::American.rules();
    let positions = common::acey_positions();
    assert!(
        positions.len() >= 1_000,
        "the fixed set has at least 1,000 positions"
    );
    let weighted = common::pools_36();
    let rolls = common::rolls_21();
    let non_doubles: Vec<Pool> = rolls
        .iter()
        .filter(|((a, b), _)| a != b)
        .map(|((a, b), _)| Pool::roll(*a, *b).unwrap())
        .collect();
    let doubles: Vec<Pool> = (1..=6).map(|d| Pool::roll(d, d).unwrap()).collect();
    let mut gen = MoveGen::new(&rules);
    println!(
        "acey set: {} positions; plays generated per pass: weighted-36 {}, non-doubles {}, doubles {}",
        positions.len(),
        run(&mut gen, &positions, &weighted),
        run(&mut gen, &positions, &non_doubles),
        run(&mut gen, &positions, &doubles),
    );

    let mut group = c.benchmark_group("acey-movegen");
    group.sampling_mode(SamplingMode::Flat);
    for (name, pools) in [
        ("weighted-36", &weighted),
        ("non-doubles", &non_doubles),
        ("doubles", &doubles),
    ] {
        group.throughput(Throughput::Elements((positions.len() * pools.len()) as u64));
        group.bench_function(name, |b| b.iter(|| run(&mut gen, &positions, pools)));
    }
    group.finish();
}

common::main!(bench);
