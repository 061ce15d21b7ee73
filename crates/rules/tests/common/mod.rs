//! Random games for the tests: [`random_action`] with the cube, resignations and, for a user
//! interface's way of moving, steps, undos and confirmations now and then.
#![allow(dead_code)]

use acey_rules::{random_action, Action, Game, Phase, Rules, SeededRng};

/// How rarely a random player does what [`random_action`] never does: one time in so many.
#[derive(Debug, Clone, Copy)]
pub struct Odds {
    /// Doubling, when it may.
    pub double: usize,
    /// Resigning, before a roll.
    pub resign: usize,
    /// Dropping a double (else it takes).
    pub drop: usize,
    /// Undoing a step (in [`random_click`]).
    pub undo: usize,
}

impl Odds {
    /// One time in `double` a double, in `resign` a resignation, in `drop` a drop, in `undo`
    /// an undo.
    pub const fn new(double: usize, resign: usize, drop: usize, undo: usize) -> Odds {
        Odds {
            double,
            resign,
            drop,
            undo,
        }
    }
}

/// The random player's next action, doubling, resigning and dropping now and then; `None` once
/// the game is over.
pub fn random_choice(game: &Game, dice: &mut SeededRng, odds: Odds) -> Option<Action> {
    match game.phase() {
        Phase::Roll { player } if game.may_double(*player) && dice.below(odds.double) == 0 => {
            Some(Action::Double)
        }
        Phase::Roll { player } if dice.below(odds.resign) == 0 => {
            Some(Action::Resign { player: *player })
        }
        Phase::CubeOffered { .. } if dice.below(odds.drop) == 0 => Some(Action::Drop),
        _ => random_action(game, dice),
    }
}

/// A move made as a user interface makes it, in a `Move` phase: a whole play at once half the
/// time at the start of the turn, else a step, an undo now and then, and the confirmation once
/// the turn is complete.
pub fn random_click(game: &Game, dice: &mut SeededRng, odds: Odds) -> Action {
    let turn = game.turn().expect("a Move phase has a step view");
    if turn.steps().is_empty() && dice.below(2) == 0 {
        let plays = game.legal_plays();
        Action::Play {
            steps: plays[dice.below(plays.len())].steps().to_vec(),
        }
    } else if turn.is_complete() {
        Action::Confirm
    } else if !turn.steps().is_empty() && dice.below(odds.undo) == 0 {
        Action::Undo
    } else {
        let steps = turn.legal_steps();
        Action::Step {
            step: steps[dice.below(steps.len())],
        }
    }
}

/// A random game or match (to its end, or 20,000 actions) with the cube used now and then and
/// the odd resignation.
pub fn random_match(rules: &Rules, seed: u64, odds: Odds) -> Game {
    let mut dice = SeededRng::new(seed);
    let mut game = Game::new(*rules);
    for _ in 0..20_000 {
        let action = match random_choice(&game, &mut dice, odds) {
            Some(a) => a,
            None if game.match_winner().is_none() && rules.match_target.is_some() => {
                Action::NextGame
            }
            None => break,
        };
        game.apply(action).expect("legal random action");
    }
    game
}

/// What random games did, counted by [`Seen::count`].
#[derive(Debug, Default, Clone, Copy)]
pub struct Seen {
    /// Doubles taken.
    pub takes: usize,
    /// Doubles dropped.
    pub drops: usize,
    /// Resignations.
    pub resigns: usize,
    /// Games started after the first of a match.
    pub next_games: usize,
    /// Rolls.
    pub rolls: usize,
}

impl Seen {
    /// Counts `game`'s actions in.
    pub fn count(&mut self, game: &Game) {
        for a in game.actions() {
            match a {
                Action::Take => self.takes += 1,
                Action::Drop => self.drops += 1,
                Action::Resign { .. } => self.resigns += 1,
                Action::NextGame => self.next_games += 1,
                Action::Roll { .. } => self.rolls += 1,
                _ => {}
            }
        }
    }
}
