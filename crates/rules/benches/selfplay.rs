//! Random self-play under the `american` preset: turns per second on one core. A turn is one
//! player's whole turn, acey-deucey chains included; every choice (dice, play, named double) is
//! uniformly random from `SeededRng`. See docs/benchmarks.md.
//!
//! * `selfplay/game-api`: through `Game` (`Action::DieOff`, `Roll`, `Play`, `NameDouble`), a
//!   new `Game` per game.
//! * `selfplay/movegen-loop`: a lean loop on one reusable `MoveGen`.
//!
//! Both play the very same games (same seed, same choices); the setup checks that they end in
//! the same positions after the same number of turns. Criterion's throughput is turns per second.

mod common;

use acey_rules::{MoveGen, Preset, SeededRng};
use criterion::{Criterion, SamplingMode, Throughput};

const SEED: u64 = 2_024;
/// Games per iteration.
const GAMES: usize = 8;

fn bench(c: &mut Criterion) {
    let rules = Preset::American.rules();
    let mut gen = MoveGen::new(&rules);

    let mut dice = SeededRng::new(SEED);
    let via_game: Vec<common::GameResult> = (0..GAMES)
        .map(|_| common::game_api_game(&rules, &mut dice))
        .collect();
    let mut dice = SeededRng::new(SEED);
    let via_movegen: Vec<common::GameResult> = (0..GAMES)
        .map(|_| common::movegen_game(&rules, &mut gen, &mut dice))
        .collect();
    assert_eq!(via_game, via_movegen, "both loops play the same games");
    let turns: u64 = via_game.iter().map(|g| g.turns).sum();
    println!("selfplay: {GAMES} games (seed {SEED}), {turns} turns per iteration");

    let mut group = c.benchmark_group("selfplay");
    group.sampling_mode(SamplingMode::Flat);
    group.throughput(Throughput::Elements(turns));
    group.bench_function("game-api", |b| {
        b.iter(|| {
            let mut dice = SeededRng::new(SEED);
            (0..GAMES)
                .map(|_| common::game_api_game(&rules, &mut dice).turns)
                .sum::<u64>()
        })
    });
    group.bench_function("movegen-loop", |b| {
        b.iter(|| {
            let mut dice = SeededRng::new(SEED);
            (0..GAMES)
                .map(|_| common::movegen_game(&rules, &mut gen, &mut dice).turns)
                .sum::<u64>()
        })
    });
    group.finish();
}

common::main!(bench);
