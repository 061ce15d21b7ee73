//! Makes the fixed position sets of the benchmarks (docs/benchmarks.md):
//!
//! * `benches/data/acey-positions.txt`: positions with the player to roll, sampled along whole
//!   random acey-deucey games under the `american` preset, one acey position ID per line;
//! * `benches/data/backgammon-positions.txt`: the backgammon start and positions sampled from
//!   random backgammon games, split into contact and race, one `kind gnubg-id` per line (the
//!   gnubg ID is written from the side of the player on roll).
//!
//! The games are played through [`Game`] with [`SeededRng`] and uniformly random legal plays, so
//! the output is a function of the seeds and the engine. The files are committed: the benchmarks
//! read them and never regenerate them, so the sets stay fixed when the engine changes.
//!
//! ```text
//! cargo run --release -p acey-rules --example make_bench_positions            # check the files
//! cargo run --release -p acey-rules --example make_bench_positions -- --write # rewrite them
//! ```

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::PathBuf;

use acey_rules::{Game, Player, Position, Preset, Rules, SeededRng};

/// Seed of the acey-deucey games.
const ACEY_SEED: u64 = 20_251_201;
/// Seed of the sampling decisions (kept apart so that sampling never changes the games).
const ACEY_SAMPLE_SEED: u64 = 7;
/// Keep about one position in this many.
const ACEY_SAMPLE_EVERY: usize = 6;
/// ... and one in this many once the mover is in a race or bearing off: random games spend few
/// turns there (the loser rarely gets home), so those phases are sampled more densely.
const ACEY_SAMPLE_EVERY_LATE: usize = 2;
/// Stop after the game in which this many positions have been collected.
const ACEY_TARGET: usize = 1_200;

const BG_SEED: u64 = 31_415;
const BG_SAMPLE_SEED: u64 = 11;
const BG_SAMPLE_EVERY: usize = 4;
/// Contact and race positions wanted (each).
const BG_EACH: usize = 200;

/// Plays one game with the crate's random player, calling `visit` with the position each time a
/// player is about to roll.
fn play_game(rules: &Rules, dice: &mut SeededRng, mut visit: impl FnMut(&Position)) {
    acey_rules::play_random(&mut Game::new(*rules), dice, |g| visit(&g.position()))
        .expect("random legal actions are accepted");
}

/// Whether the two sides can still meet: some checker of the mover (start and bar count as point
/// 25) is behind some checker of the opponent (their start and bar count as the mover's point 0).
fn contact(pos: &Position) -> bool {
    let me = pos.turn();
    let them = me.other();
    let my_back = if pos.bar(me) + pos.start(me) > 0 {
        25
    } else {
        (1..=24u8)
            .rev()
            .find(|&p| pos.count(me, p) > 0)
            .unwrap_or(0)
    };
    let their_front = if pos.bar(them) + pos.start(them) > 0 {
        0
    } else {
        // the opponent's rearmost checker, in the mover's numbering
        (1..=24u8)
            .rev()
            .find(|&q| pos.count(them, q) > 0)
            .map(|q| 25 - q)
            .unwrap_or(25)
    };
    their_front < my_back
}

/// The phase label used in the summaries (the mover's point of view).
fn label(pos: &Position) -> &'static str {
    let me = pos.turn();
    if pos.bar(me) > 0 {
        "bar"
    } else if pos.start(me) > 0 || pos.start(me.other()) > 0 {
        "entering"
    } else if pos.all_home(me) {
        "bear-off"
    } else if contact(pos) {
        "contact"
    } else {
        "race"
    }
}

fn acey_set() -> (Vec<Position>, usize) {
    let rules = Preset::American.rules();
    let mut dice = SeededRng::new(ACEY_SEED);
    let mut sampler = SeededRng::new(ACEY_SAMPLE_SEED);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut games = 0;
    while out.len() < ACEY_TARGET {
        games += 1;
        play_game(&rules, &mut dice, |pos| {
            let every = match label(pos) {
                "bear-off" | "race" => ACEY_SAMPLE_EVERY_LATE,
                _ => ACEY_SAMPLE_EVERY,
            };
            if sampler.below(every) == 0 && seen.insert(*pos) {
                out.push(*pos);
            }
        });
    }
    (out, games)
}

fn backgammon_set() -> (Vec<(&'static str, Position)>, usize) {
    let rules = Preset::Backgammon.rules();
    let mut dice = SeededRng::new(BG_SEED);
    let mut sampler = SeededRng::new(BG_SAMPLE_SEED);
    let start = Position::starting(&rules);
    let mut seen = HashSet::from([start]);
    let mut out = vec![("start", start)];
    let (mut n_contact, mut n_race) = (0, 0);
    let mut games = 0;
    while n_contact < BG_EACH || n_race < BG_EACH {
        games += 1;
        play_game(&rules, &mut dice, |pos| {
            // positions from player 1's side are written from the roller's side anyway
            let pos = if pos.turn() == Player::One {
                pos.mirrored()
            } else {
                *pos
            };
            if sampler.below(BG_SAMPLE_EVERY) != 0 || !seen.insert(pos) {
                return;
            }
            if contact(&pos) {
                if n_contact < BG_EACH {
                    n_contact += 1;
                    out.push(("contact", pos));
                }
            } else if n_race < BG_EACH {
                n_race += 1;
                out.push(("race", pos));
            }
        });
    }
    (out, games)
}

fn main() {
    let write = std::env::args().any(|a| a == "--write");
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/data");

    let (acey, acey_games) = acey_set();
    let mut counts = std::collections::BTreeMap::new();
    for p in &acey {
        *counts.entry(label(p)).or_insert(0usize) += 1;
    }
    let mut acey_txt = String::new();
    writeln!(
        acey_txt,
        "# {} acey-deucey positions (american preset), player to roll, one acey position ID per line.",
        acey.len()
    )
    .unwrap();
    writeln!(
        acey_txt,
        "# Sampled from {acey_games} random games (seed {ACEY_SEED}, sampling seed {ACEY_SAMPLE_SEED}, about 1 in {ACEY_SAMPLE_EVERY} positions,"
    )
    .unwrap();
    writeln!(
        acey_txt,
        "# 1 in {ACEY_SAMPLE_EVERY_LATE} once the mover is racing or bearing off) by"
    )
    .unwrap();
    writeln!(
        acey_txt,
        "# `cargo run --release -p acey-rules --example make_bench_positions -- --write`."
    )
    .unwrap();
    writeln!(
        acey_txt,
        "# Fixed: the benchmarks read this file and never regenerate it."
    )
    .unwrap();
    writeln!(acey_txt, "# Mover's phase: {counts:?}").unwrap();
    for p in &acey {
        writeln!(acey_txt, "{}", p.id()).unwrap();
    }

    let (bg, bg_games) = backgammon_set();
    let mut bg_txt = String::new();
    writeln!(
        bg_txt,
        "# Backgammon positions: the start and {BG_EACH} contact and {BG_EACH} race positions, one `kind gnubg-id` per line,"
    )
    .unwrap();
    writeln!(
        bg_txt,
        "# the ID from the side of the player on roll. Sampled from {bg_games} random backgammon games (seed {BG_SEED},"
    )
    .unwrap();
    writeln!(
        bg_txt,
        "# sampling seed {BG_SAMPLE_SEED}, about 1 in {BG_SAMPLE_EVERY} positions) by `cargo run --release -p acey-rules --example make_bench_positions -- --write`."
    )
    .unwrap();
    let bg_bar = bg.iter().filter(|(_, p)| p.bar(p.turn()) > 0).count();
    let bg_bearoff = bg.iter().filter(|(_, p)| p.all_home(p.turn())).count();
    writeln!(
        bg_txt,
        "# Fixed: the benchmarks read this file and never regenerate it. Mover on the bar: {bg_bar}; mover bearing off: {bg_bearoff}."
    )
    .unwrap();
    for (kind, p) in &bg {
        writeln!(
            bg_txt,
            "{kind} {}",
            p.gnubg_id().expect("backgammon has no start pool")
        )
        .unwrap();
    }

    println!(
        "acey: {} positions from {acey_games} games, by the mover's phase {counts:?}",
        acey.len()
    );
    println!(
        "backgammon: {} positions from {bg_games} games (mover on the bar: {bg_bar}, bearing off: {bg_bearoff})",
        bg.len()
    );
    let files = [
        (dir.join("acey-positions.txt"), acey_txt),
        (dir.join("backgammon-positions.txt"), bg_txt),
    ];
    let mut differ = false;
    for (path, text) in &files {
        if write {
            std::fs::create_dir_all(&dir).expect("create benches/data");
            std::fs::write(path, text).expect("write position file");
            println!("wrote {}", path.display());
        } else {
            let same = std::fs::read_to_string(path).ok().as_deref() == Some(text.as_str());
            println!(
                "{}: {}",
                path.display(),
                if same {
                    "matches"
                } else {
                    "differs (the committed file is what the benchmarks use)"
                }
            );
            differ |= !same;
        }
    }
    if differ {
        std::process::exit(1);
    }
}
