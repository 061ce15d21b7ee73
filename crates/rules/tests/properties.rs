//! Property tests over random legal games (design section 4): checker conservation, maximal
//! plays, step view == play view, position ID and JSON round trips, replay == live game.
//!
//! A game is generated from a seed: the dice come from [`SeededRng`], and every choice (play, step,
//! undo, named double, cube action, the odd resignation) is a random legal action applied through
//! [`Game`]. Each proptest case plays one such game (a short match or session) under every rule
//! set of [`rule_sets`].

mod common;

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt;

use acey_rules::{
    legal_plays, Action, DiceUsage, EntryUnlock, Game, MoveGen, Phase, Player, Pool, Position,
    Preset, Rules, SeededRng, TurnBuilder,
};
use proptest::prelude::*;

/// Every preset, and the options no preset turns on.
fn rule_sets() -> Vec<Rules> {
    let mut v: Vec<Rules> = Preset::ALL.iter().map(|p| p.rules()).collect();
    for s in [
        "american,bar_priority=none,acey_chain_limit=1",
        "american,dice_usage=forfeit-on-block",
        "american,acey_doubles_mode=european-complement,acey_double_choice=playable-if-possible",
        "american,frozen_home=true,entry_before_moving=all-entered-before-own-half",
        "american,entry_unlock=six-required,acey_double_gate=any-die-used,scoring=single",
        "american,doubling_cube=true,match_target=7,next_game_starter=previous-loser",
        "backgammon,match_target=5",
    ] {
        v.push(s.parse().expect("valid rule string"));
    }
    v
}

/// A random legal game (or a short session/match of games) and what happened along the way.
#[derive(Clone)]
struct RandomGame {
    rules: Rules,
    seed: u64,
    game: Game,
    /// The position after every accepted action.
    positions: Vec<Position>,
    /// Every pool the game asked to be played, with the position it was played from.
    pools: Vec<(Position, Pool)>,
    /// Whether every deliberately illegal action was refused and left the game unchanged.
    refusals_ok: bool,
}

impl fmt::Debug for RandomGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The whole game would be unreadable: the rules and the seed rebuild it.
        write!(
            f,
            "RandomGame {{ rules: \"{}\", seed: {}, actions: {} }}",
            self.rules,
            self.seed,
            self.game.actions().len()
        )
    }
}

const MAX_ACTIONS: usize = 1_500;
const MAX_GAMES: u32 = 2;

/// Plays random legal actions from a seed.
fn play_random_game(rules: Rules, seed: u64) -> RandomGame {
    let mut dice = SeededRng::new(seed);
    let mut game = Game::new(rules);
    let mut positions = vec![game.position()];
    let mut pools = Vec::new();
    let mut refusals_ok = true;
    for _ in 0..MAX_ACTIONS {
        let odds = common::Odds::new(8, 500, 4, 6);
        let action = match game.phase() {
            Phase::Move { .. } => common::random_click(&game, &mut dice, odds),
            Phase::GameOver { .. } => {
                if game.game_number() >= MAX_GAMES || game.match_winner().is_some() {
                    break;
                }
                Action::NextGame
            }
            _ => common::random_choice(&game, &mut dice, odds).expect("an action before the end"),
        };
        let starts_pool = matches!(
            action,
            Action::DieOff { .. } | Action::Roll { .. } | Action::NameDouble { .. }
        );
        game.apply(action.clone()).unwrap_or_else(|e| {
            panic!("{rules} seed {seed}: legal action {action:?} refused: {e}")
        });
        if starts_pool {
            if let Some(turn) = game.turn() {
                pools.push((*turn.start(), turn.pool()));
            }
        }
        positions.push(game.position());
        // Once in a while, an action that must be refused, leaving the game unchanged.
        if dice.below(20) == 0 {
            let before = (game.position(), game.phase().clone(), game.actions().len());
            let bad = match game.phase() {
                Phase::Move { .. } => Action::NameDouble { value: 3 },
                Phase::NameDouble { .. } => Action::NameDouble { value: 7 },
                _ => Action::Confirm,
            };
            let refused = game.apply(bad).is_err();
            let after = (game.position(), game.phase().clone(), game.actions().len());
            refusals_ok &= refused && before == after;
        }
    }
    RandomGame {
        rules,
        seed,
        game,
        positions,
        pools,
        refusals_ok,
    }
}

/// One random game per rule set, all from the same seed.
fn arb_games() -> impl Strategy<Value = Vec<RandomGame>> {
    any::<u64>().prop_map(|seed| {
        rule_sets()
            .into_iter()
            .enumerate()
            .map(|(i, rules)| play_random_game(rules, seed.wrapping_add(i as u64)))
            .collect()
    })
}

fn checker_count(pos: &Position, player: Player) -> u32 {
    let on_board: u32 = pos
        .board()
        .iter()
        .map(|&v| match player {
            Player::Zero if v > 0 => v as u32,
            Player::One if v < 0 => (-v) as u32,
            _ => 0,
        })
        .sum();
    on_board + pos.bar(player) as u32 + pos.start(player) as u32 + pos.off(player) as u32
}

/// A play's weight for maximisation: dice used, or the whole pool when it bears off the last
/// checker (E29).
fn weight(pool: &Pool, play_pos: &Position, used: usize) -> usize {
    if play_pos.off(play_pos.turn()) == 15 {
        pool.len()
    } else {
        used
    }
}

fn without(dice: &[u8], used: &[u8]) -> Vec<u8> {
    let mut left = dice.to_vec();
    for d in used {
        let i = left
            .iter()
            .position(|x| x == d)
            .expect("a used die is in the pool");
        left.remove(i);
    }
    left
}

/// The most dice usable from `pos` with `dice`, by trying every die in every order, one legal
/// single step at a time (single steps from one-die pools). Independent of the engine's
/// maximisation.
fn most_dice(
    gen: &mut MoveGen,
    pos: &Position,
    dice: &[u8],
    memo: &mut HashMap<(Position, Vec<u8>), usize>,
) -> usize {
    if pos.off(pos.turn()) == 15 {
        return dice.len(); // E29: the dice left count as used
    }
    if dice.is_empty() {
        return 0;
    }
    let key = (*pos, dice.to_vec());
    if let Some(&m) = memo.get(&key) {
        return m;
    }
    let mut values = dice.to_vec();
    values.dedup();
    let mut best = 0;
    for d in values {
        let singles: Vec<Position> = gen
            .plays(pos, &Pool::from_dice(&[d]).unwrap())
            .iter()
            .map(|p| *p.position())
            .collect();
        let rest = without(dice, &[d]);
        for next in singles {
            best = best.max(1 + most_dice(gen, &next, &rest, memo));
        }
    }
    memo.insert(key, best);
    best
}

/// R5 for one pool, checked without trusting the engine's maximisation.
fn check_maximal(rules: &Rules, pos: &Position, pool: &Pool) -> Result<(), TestCaseError> {
    let plays = legal_plays(rules, pos, pool);
    let ctx = || format!("rules {rules}, position {}, pool {pool}", pos.to_json());
    // No play can be extended by a legal step with the dice it left.
    for p in &plays {
        if p.position().off(pos.turn()) == 15 {
            continue;
        }
        let used: Vec<u8> = p.steps().iter().map(|s| s.die).collect();
        let left = without(pool.dice(), &used);
        if !left.is_empty() {
            let more = legal_plays(rules, p.position(), &Pool::from_dice(&left).unwrap());
            prop_assert!(
                more.is_empty(),
                "{}: play {} can be extended by {}",
                ctx(),
                p,
                more[0]
            );
        }
    }
    if rules.dice_usage == DiceUsage::ForfeitOnBlock {
        return Ok(()); // no obligation to maximise (E22)
    }
    // Every play uses the most dice possible (R5.1, R5.3, E29).
    let weights: BTreeSet<usize> = plays
        .iter()
        .map(|p| weight(pool, p.position(), p.dice_used()))
        .collect();
    prop_assert!(
        weights.len() <= 1,
        "{}: plays of different lengths {weights:?}",
        ctx()
    );
    // Single-die pools cannot express "the whole pool unlocks the first entry" (C13).
    if rules.entry_unlock == EntryUnlock::DoubleOrAceyDeucey && pos.start(pos.turn()) == 15 {
        return Ok(());
    }
    let mut gen = MoveGen::new(rules);
    let best = most_dice(&mut gen, pos, pool.dice(), &mut HashMap::new());
    let got = weights.into_iter().next().unwrap_or(0);
    prop_assert_eq!(
        got,
        best,
        "{}: plays use {} dice, {} possible",
        ctx(),
        got,
        best
    );
    // R5.2: one of two different dice usable: the larger one if it can be.
    let values: BTreeSet<u8> = pool.dice().iter().copied().collect();
    if best == 1 && values.len() == 2 {
        let larger = *values.iter().max().unwrap();
        let larger_alone = !gen
            .plays(pos, &Pool::from_dice(&[larger]).unwrap())
            .is_empty();
        if larger_alone {
            for p in &plays {
                prop_assert!(
                    p.position().off(pos.turn()) == 15 || p.steps()[0].die == larger,
                    "{}: {} uses the smaller die",
                    ctx(),
                    p
                );
            }
        }
    }
    Ok(())
}

/// Explores every step sequence of the step view (with undo checked at every node) and returns
/// the positions of the finished plays. States already explored (same position and dice left)
/// are not explored twice: the step view's legal steps depend only on them.
fn explore(
    b: &TurnBuilder,
    seen: &mut HashSet<(Position, Vec<u8>)>,
    out: &mut BTreeSet<Position>,
) -> Result<(), TestCaseError> {
    if !seen.insert((*b.position(), b.remaining_dice())) {
        return Ok(());
    }
    if b.is_complete() {
        let play = b.finish().map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(play.position(), b.position());
        prop_assert_eq!(play.steps(), b.steps());
        out.insert(*play.position());
        return Ok(());
    }
    prop_assert!(b.finish().is_err(), "finish accepted with legal steps left");
    for &s in b.legal_steps() {
        let mut next = b.clone();
        let taken = next
            .step(s)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(taken, s);
        // Undo restores the position and the legal steps exactly.
        let mut back = next.clone();
        prop_assert_eq!(back.undo(), Some(s));
        prop_assert_eq!(back.position(), b.position());
        prop_assert_eq!(back.legal_steps(), b.legal_steps());
        explore(&next, seen, out)?;
    }
    Ok(())
}

fn check_step_view(rules: &Rules, pos: &Position, pool: &Pool) -> Result<(), TestCaseError> {
    let b = TurnBuilder::new(rules, *pos, *pool);
    let plays: BTreeSet<Position> = b.plays().iter().map(|p| *p.position()).collect();
    let listed: BTreeSet<Position> = legal_plays(rules, pos, pool)
        .iter()
        .map(|p| *p.position())
        .collect();
    prop_assert_eq!(&plays, &listed, "TurnBuilder::plays and legal_plays differ");
    let mut reached = BTreeSet::new();
    explore(&b, &mut HashSet::new(), &mut reached)?;
    if plays.is_empty() {
        // Nothing to play: the step view is complete at once and leaves the position alone.
        prop_assert_eq!(reached, BTreeSet::from([*pos]));
    } else {
        prop_assert_eq!(
            &reached,
            &plays,
            "rules {}, position {}, pool {}: step view and play view differ",
            rules,
            pos.to_json(),
            pool
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 6,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn fifteen_checkers_a_side_at_all_times(games in arb_games()) {
        for g in &games {
            prop_assert!(g.refusals_ok, "{g:?}: an illegal action changed the game");
            for pos in &g.positions {
                for p in Player::BOTH {
                    prop_assert_eq!(checker_count(pos, p), 15, "{:?}: {}", g, pos.to_json());
                }
                // At most one winner.
                prop_assert!(pos.off(Player::Zero) < 15 || pos.off(Player::One) < 15);
            }
        }
    }

    #[test]
    fn position_ids_and_json_round_trip(games in arb_games()) {
        for g in &games {
            for pos in &g.positions {
                let id = pos.id();
                prop_assert_eq!(Position::from_id(&id), Ok(*pos), "{:?} id {}", g, id);
                #[cfg(feature = "serde")]
                {
                    let json = serde_json::to_string(pos).unwrap();
                    prop_assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), *pos);
                    prop_assert_eq!(serde_json::from_str::<Position>(&pos.to_json()).unwrap(), *pos);
                }
                if pos.start(Player::Zero) == 0 && pos.start(Player::One) == 0 {
                    let gnubg = pos.gnubg_id().unwrap();
                    let back = Position::from_gnubg_id(&gnubg, pos.turn()).unwrap();
                    prop_assert_eq!(back, *pos, "gnubg id {}", gnubg);
                }
            }
        }
    }

    #[test]
    fn no_play_uses_fewer_dice_than_possible(games in arb_games()) {
        for g in &games {
            for (pos, pool) in &g.pools {
                check_maximal(&g.rules, pos, pool)?;
            }
        }
    }

    #[test]
    fn step_view_reaches_exactly_the_play_view(games in arb_games()) {
        // The exhaustive walk costs a move generation per candidate step: every fourth pool of
        // each game (which one depends on the seed) keeps the file within its time budget.
        for g in &games {
            let offset = (g.seed % 4) as usize;
            for (pos, pool) in g.pools.iter().skip(offset).step_by(4) {
                check_step_view(&g.rules, pos, pool)?;
            }
        }
    }

    #[test]
    fn replaying_the_action_log_reproduces_the_game(games in arb_games()) {
        for g in &games {
            let live = &g.game;
            let replayed = Game::replay(g.rules, live.actions())
                .map_err(|(i, e)| TestCaseError::fail(format!("{g:?}: action {i} refused on replay: {e}")))?;
            prop_assert_eq!(replayed.position(), live.position());
            prop_assert_eq!(replayed.phase(), live.phase());
            prop_assert_eq!(replayed.score(), live.score());
            prop_assert_eq!(replayed.log(), live.log());
            prop_assert_eq!(replayed.actions(), live.actions());
            prop_assert_eq!(replayed.cube(), live.cube());
            prop_assert_eq!(replayed.games_won(), live.games_won());
            prop_assert_eq!(replayed.game_number(), live.game_number());
            // A prefix of the log replays to the position recorded live at that point.
            let cut = (g.seed as usize) % (live.actions().len() + 1);
            let prefix = Game::replay(g.rules, &live.actions()[..cut]).unwrap();
            prop_assert_eq!(prefix.position(), g.positions[cut]);
            #[cfg(feature = "serde")]
            {
                // The log survives JSON.
                let json = serde_json::to_string(live.actions()).unwrap();
                let actions: Vec<Action> = serde_json::from_str(&json).unwrap();
                prop_assert_eq!(&actions[..], live.actions());
            }
        }
    }
}
