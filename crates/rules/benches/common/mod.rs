//! Shared by the benchmarks: the fixed position sets and the random self-play loops.
#![allow(dead_code)]

use std::time::Duration;

use acey_rules::{
    AceyDoubleChoice, AceyDoubleGate, AceyRerollGate, ChainLimit, MoveGen, NaturalDoubles,
    OpeningRoll, Player, Pool, Position, Rules, SeededRng,
};
use criterion::Criterion;

const ACEY_POSITIONS: &str = include_str!("../data/acey-positions.txt");
const BACKGAMMON_POSITIONS: &str = include_str!("../data/backgammon-positions.txt");

/// Criterion settings that keep `cargo bench -p acey-rules` to a few minutes on two shared cores.
pub fn criterion() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args()
}

/// A benchmark file's `main`: runs its `bench` function with [`criterion`]'s settings.
// (The examples that share this module have `main`s of their own.)
#[allow(unused_macros)]
macro_rules! main {
    ($bench:path) => {
        criterion::criterion_group! {
            name = benches;
            config = common::criterion();
            targets = $bench
        }
        criterion::criterion_main!(benches);
    };
}
#[allow(unused_imports)]
pub(crate) use main;

fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// The fixed acey-deucey set (american preset), player to roll.
pub fn acey_positions() -> Vec<Position> {
    lines(ACEY_POSITIONS)
        .map(|id| Position::from_id(id).unwrap_or_else(|e| panic!("bad acey ID {id}: {e}")))
        .collect()
}

/// The fixed backgammon set: `(kind, gnubg ID)` with kind `start`, `contact` or `race`; the ID is
/// from the side of the player on roll.
pub fn backgammon_ids() -> Vec<(&'static str, &'static str)> {
    lines(BACKGAMMON_POSITIONS)
        .map(|l| l.split_once(' ').expect("`kind id` lines"))
        .collect()
}

/// The 21 distinct rolls (larger die first) with their weight in 36.
pub fn rolls_21() -> Vec<((u8, u8), u32)> {
    (1..=6u8)
        .flat_map(|a| (1..=a).map(move |b| ((a, b), if a == b { 1 } else { 2 })))
        .collect()
}

/// The 36 ordered rolls as pools: each non-double twice, each double once, so that a plain
/// mean over them is the mean weighted by probability.
pub fn pools_36() -> Vec<Pool> {
    rolls_21()
        .into_iter()
        .flat_map(|((a, b), w)| std::iter::repeat_n(Pool::roll(a, b).unwrap(), w as usize))
        .collect()
}

/// What one random game came to: for checking that two ways of playing agree.
#[derive(Debug, PartialEq, Eq)]
pub struct GameResult {
    pub turns: u64,
    pub final_position: Position,
}

/// Counts turns: a turn is one player's whole turn, acey-deucey chains included.
fn new_turn(last: &mut Option<Player>, player: Player, turns: &mut u64) {
    if *last != Some(player) {
        *last = Some(player);
        *turns += 1;
    }
}

/// One random game through `Game` with the crate's random player
/// ([`acey_rules::random_game`]: `Action::DieOff`, `Roll`, `Play`, `NameDouble`), every random
/// choice taken from `dice`: the dice of each roll, then an index below the number of choices.
pub fn game_api_game(rules: &Rules, dice: &mut SeededRng) -> GameResult {
    let g = acey_rules::random_game(rules, dice).expect("random legal actions are accepted");
    GameResult {
        turns: g.turns,
        final_position: g.final_position,
    }
}

/// Plays one random pool: returns the dice used (0 when nothing can be played).
fn play_pool(gen: &mut MoveGen, pos: &mut Position, pool: &Pool, dice: &mut SeededRng) -> usize {
    let plays = gen.plays(pos, pool);
    if plays.is_empty() {
        return 0;
    }
    let play = &plays[dice.below(plays.len())];
    *pos = *play.position();
    play.dice_used()
}

/// The same random game as [`game_api_game`] (same dice, same choices), played by a lean loop on
/// [`MoveGen`] alone. Handles the options of the `american` preset and the other values of the
/// turn-flow options that need no state beyond the position.
pub fn movegen_game(rules: &Rules, gen: &mut MoveGen, dice: &mut SeededRng) -> GameResult {
    assert_eq!(
        rules.opening_roll,
        OpeningRoll::RerollBoth,
        "lean loop: die-off then a roll"
    );
    let mut pos = Position::starting(rules);
    let starter = loop {
        let (a, b) = dice.roll();
        if a != b {
            break if a > b { Player::Zero } else { Player::One };
        }
    };
    pos = pos.with_turn(starter);
    let mut turns = 0;
    loop {
        turns += 1;
        let mover = pos.turn();
        let mut rerolls = 0u32;
        loop {
            let (a, b) = dice.roll();
            let pool = Pool::roll(a, b).expect("dice are 1..=6");
            let used = play_pool(gen, &mut pos, &pool, dice);
            if pos.winner().is_some() {
                return GameResult {
                    turns,
                    final_position: pos,
                };
            }
            let again = if rules.is_acey_deucey(a, b) {
                let earned = match rules.acey_double_gate {
                    AceyDoubleGate::BothDiceRequired => used == 2,
                    AceyDoubleGate::AnyDieUsed => used >= 1,
                };
                if !earned {
                    false
                } else {
                    let value = name_double(rules, gen, &pos, dice);
                    let double = Pool::chosen_double(value, rules.acey_doubles_mode).unwrap();
                    let used = play_pool(gen, &mut pos, &double, dice);
                    if pos.winner().is_some() {
                        return GameResult {
                            turns,
                            final_position: pos,
                        };
                    }
                    let earned = match rules.acey_reroll_gate {
                        AceyRerollGate::AllFourRequired => used == 4,
                        AceyRerollGate::Always => true,
                    };
                    let allowed = match rules.acey_chain_limit {
                        ChainLimit::Unlimited => true,
                        ChainLimit::Max(n) => rerolls < n as u32,
                    };
                    if earned && allowed {
                        rerolls += 1;
                    }
                    earned && allowed
                }
            } else {
                pool.len() == 4
                    && used == 4
                    && rules.natural_doubles == NaturalDoubles::FourMovesThenReroll
            };
            if !again {
                break;
            }
        }
        pos = pos.with_turn(mover.other());
    }
}

/// AD-3: a random nameable double, as `Game::nameable_doubles` lists them.
fn name_double(rules: &Rules, gen: &mut MoveGen, pos: &Position, dice: &mut SeededRng) -> u8 {
    let mut choices = [0u8; 6];
    let mut n = 0;
    if rules.acey_double_choice == AceyDoubleChoice::PlayableIfPossible {
        for d in 1..=6u8 {
            let pool = Pool::chosen_double(d, rules.acey_doubles_mode).unwrap();
            let full = gen
                .plays(pos, &pool)
                .first()
                .is_some_and(|p| p.dice_used() == 4 || p.position().winner().is_some());
            if full {
                choices[n] = d;
                n += 1;
            }
        }
    }
    if n == 0 {
        choices = [1, 2, 3, 4, 5, 6];
        n = 6;
    }
    choices[dice.below(n)]
}
