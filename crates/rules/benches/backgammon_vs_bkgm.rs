//! Backgammon legal-move generation, acey (`backgammon` preset) against bkgm 0.6, side by side in
//! one criterion run. See docs/benchmarks.md.
//!
//! Both engines read the same gnubg position IDs from `benches/data/backgammon-positions.txt` and
//! get the same dice. The setup checks, for every position and roll, that both produce the same
//! set of distinct resulting positions (compared as gnubg IDs), so the two count the same thing.
//!
//! * `backgammon/start-31`: the start position with 3-1, one generation per iteration.
//! * `backgammon/contact` and `backgammon/race`: every position of the set with each of the 21
//!   distinct rolls once (unweighted, as bkgm's own benchmark and perft do).
//!
//! The calls are each engine's plain public API: acey's reusable [`MoveGen`] (plays with their
//! steps and positions, buffers kept between calls) and bkgm's `legal_positions_with`
//! (a new `Vec` of positions per call). Both run with the system allocator (bkgm's own
//! benchmark installs mimalloc; this one does not, for either engine).

mod common;

use std::collections::BTreeSet;

use acey_rules::{MoveGen, Player, Pool, Position as AceyPosition, Preset};
use bkgm::codecs::gnuid;
use bkgm::{legal_positions_with, ClassicRules, Dice as BkgmDice, Position as BkgmPosition};
use criterion::{black_box, Criterion, SamplingMode, Throughput};

/// One position as each engine sees it.
struct Pair {
    acey: AceyPosition,
    bkgm: BkgmPosition<15>,
}

/// One roll as each engine sees it.
#[derive(Clone, Copy)]
struct Roll {
    acey: Pool,
    bkgm: BkgmDice,
}

fn pair(id: &str) -> Pair {
    let acey = AceyPosition::from_gnubg_id(id, Player::Zero)
        .unwrap_or_else(|e| panic!("acey cannot read gnubg ID {id}: {e}"));
    let bkgm = gnuid::decode_position::<15>(id)
        .unwrap_or_else(|| panic!("bkgm cannot read gnubg ID {id}"));
    assert_eq!(acey.gnubg_id().unwrap(), id, "acey round trip");
    assert_eq!(gnuid::encode_position(&bkgm), id, "bkgm round trip");
    Pair { acey, bkgm }
}

fn roll(a: u8, b: u8) -> Roll {
    Roll {
        acey: Pool::roll(a, b).unwrap(),
        bkgm: BkgmDice::new(a as usize, b as usize),
    }
}

/// The distinct positions after a roll, as gnubg IDs with the opponent on roll. A roll that
/// cannot be played leaves the position as it was (bkgm returns it; acey returns no play).
fn acey_results(gen: &mut MoveGen, pos: &AceyPosition, pool: &Pool) -> BTreeSet<String> {
    let next = pos.turn().other();
    let plays = gen.plays(pos, pool);
    if plays.is_empty() {
        return BTreeSet::from([pos.with_turn(next).gnubg_id().unwrap()]);
    }
    plays
        .iter()
        .map(|p| p.position().with_turn(next).gnubg_id().unwrap())
        .collect()
}

fn bkgm_results(pos: &BkgmPosition<15>, dice: &BkgmDice) -> BTreeSet<String> {
    legal_positions_with::<ClassicRules, 15>(*pos, dice)
        .iter()
        .map(gnuid::encode_position)
        .collect()
}

/// Asserts that both engines reach the same distinct positions for every position and roll, and
/// returns the number of distinct results.
fn check_same(gen: &mut MoveGen, pairs: &[Pair], rolls: &[Roll]) -> usize {
    let mut total = 0;
    for p in pairs {
        for r in rolls {
            let a = acey_results(gen, &p.acey, &r.acey);
            let b = bkgm_results(&p.bkgm, &r.bkgm);
            assert_eq!(
                a.len(),
                b.len(),
                "different number of results for {} with {}",
                p.acey.gnubg_id().unwrap(),
                r.acey
            );
            assert_eq!(
                a,
                b,
                "different results for {} with {}",
                p.acey.gnubg_id().unwrap(),
                r.acey
            );
            total += a.len();
        }
    }
    total
}

fn run_acey(gen: &mut MoveGen, pairs: &[Pair], rolls: &[Roll]) -> usize {
    let mut n = 0;
    for p in pairs {
        for r in rolls {
            n += gen.plays(black_box(&p.acey), black_box(&r.acey)).len();
        }
    }
    n
}

fn run_bkgm(pairs: &[Pair], rolls: &[Roll]) -> usize {
    let mut n = 0;
    for p in pairs {
        for r in rolls {
            n += legal_positions_with::<ClassicRules, 15>(black_box(p.bkgm), black_box(&r.bkgm))
                .len();
        }
    }
    n
}

fn bench(c: &mut Criterion) {
    let rules = Preset::Backgammon.rules();
    let mut gen = MoveGen::new(&rules);
    let ids = common::backgammon_ids();
    let set = |kind: &str| -> Vec<Pair> {
        ids.iter()
            .filter(|(k, _)| *k == kind)
            .map(|(_, id)| pair(id))
            .collect()
    };
    let start = set("start");
    assert_eq!(start.len(), 1);
    assert_eq!(start[0].acey, AceyPosition::starting(&rules));
    let all21: Vec<Roll> = common::rolls_21()
        .into_iter()
        .map(|((a, b), _)| roll(a, b))
        .collect();
    let three_one = vec![roll(3, 1)];

    let cases = [
        ("start-31", start, three_one),
        ("contact", set("contact"), all21.clone()),
        ("race", set("race"), all21.clone()),
    ];
    for (name, pairs, rolls) in &cases {
        let distinct = check_same(&mut gen, pairs, rolls);
        println!(
            "backgammon/{name}: {} positions x {} rolls; both engines give the same {distinct} distinct results",
            pairs.len(),
            rolls.len()
        );
    }

    for (name, pairs, rolls) in &cases {
        let mut group = c.benchmark_group(format!("backgammon/{name}"));
        if pairs.len() > 1 {
            group.sampling_mode(SamplingMode::Flat);
        }
        group.throughput(Throughput::Elements((pairs.len() * rolls.len()) as u64));
        group.bench_function("acey", |b| b.iter(|| run_acey(&mut gen, pairs, rolls)));
        group.bench_function("bkgm", |b| b.iter(|| run_bkgm(pairs, rolls)));
        group.finish();
    }
}

common::main!(bench);
