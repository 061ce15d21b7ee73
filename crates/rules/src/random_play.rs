//! A random player: uniformly random legal choices with [`SeededRng`], for self-play, the
//! benchmarks and their fixed position sets.
//!
//! Every random number comes from one [`SeededRng`] in a fixed order (the dice of a die-off or roll,
//! then `below(n)` for a choice among `n` plays or nameable doubles), so a seed names a whole game
//! and the same seed gives the same game in every program that uses this module.
//!
//! ```
//! use acey_rules::{random_game, SeededRng, Rules};
//! let a = random_game(&Rules::default(), &mut SeededRng::new(9)).unwrap();
//! let b = random_game(&Rules::default(), &mut SeededRng::new(9)).unwrap();
//! assert_eq!(a, b);
//! assert!(a.points >= 1 && a.turns > 0);
//! ```

use crate::dice_action::dice_action;
use crate::game::{Action, Game, GameError, Phase};
use crate::position::{Player, Position};
use crate::rules::Rules;
use crate::seeded_rng::SeededRng;

/// How a random game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RandomGameSummary {
    /// Who won.
    pub winner: Player,
    /// Points won (the cube included).
    pub points: u32,
    /// Turns played: a turn is one player's whole turn, re-rolls and acey-deucey chains included.
    pub turns: u64,
    /// The position at the end.
    pub final_position: Position,
}

/// The random player's next action in `game`, or `None` once the game is over. It never offers
/// the cube and takes any cube offered; it never resigns.
pub fn random_action(game: &Game, dice: &mut SeededRng) -> Option<Action> {
    Some(match game.phase() {
        Phase::DieOff | Phase::Roll { .. } => return dice_action(game.phase(), dice),
        Phase::Move { .. } => {
            let plays = game.legal_plays();
            // A Move phase always has a legal play: a pool with none is forfeited at once.
            let pick = dice.below(plays.len().max(1));
            Action::Play {
                steps: plays
                    .get(pick)
                    .map(|p| p.steps().to_vec())
                    .unwrap_or_default(),
            }
        }
        Phase::NameDouble { .. } => {
            let choices = game.nameable_doubles();
            Action::NameDouble {
                value: choices[dice.below(choices.len())],
            }
        }
        Phase::CubeOffered { .. } => Action::Take,
        Phase::GameOver { .. } => return None,
    })
}

/// Plays `game` to the end of its current game with [`random_action`], calling `before_roll`
/// with the game each time a player is about to roll. An error would mean the engine refused one
/// of its own legal actions.
pub fn play_random(
    game: &mut Game,
    dice: &mut SeededRng,
    mut before_roll: impl FnMut(&Game),
) -> Result<RandomGameSummary, GameError> {
    let mut turns = 0u64;
    let mut last: Option<Player> = None;
    loop {
        match game.phase() {
            Phase::Roll { player } | Phase::Move { player, .. } => {
                // The opening play under `use-die-off-dice` comes without a Roll phase.
                if last != Some(*player) {
                    turns += 1;
                    last = Some(*player);
                }
                if matches!(game.phase(), Phase::Roll { .. }) {
                    before_roll(game);
                }
            }
            Phase::GameOver { winner, points, .. } => {
                return Ok(RandomGameSummary {
                    winner: *winner,
                    points: *points,
                    turns,
                    final_position: game.position(),
                })
            }
            _ => {}
        }
        if let Some(action) = random_action(game, dice) {
            game.apply(action)?;
        }
    }
}

/// One whole random game under `rules`, from the die-off to the end.
pub fn random_game(rules: &Rules, dice: &mut SeededRng) -> Result<RandomGameSummary, GameError> {
    play_random(&mut Game::new(*rules), dice, |_| {})
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::CHECKERS;
    use crate::Preset;

    #[test]
    fn games_end_with_a_winner_in_every_preset() {
        for p in Preset::ALL {
            let mut dice = SeededRng::new(3);
            for _ in 0..5 {
                let g = random_game(&p.rules(), &mut dice).unwrap();
                assert_eq!(g.final_position.off(g.winner), CHECKERS, "{p}");
                assert!(g.points >= 1 && g.turns >= 8, "{p}: {g:?}");
            }
        }
    }

    #[test]
    fn before_roll_sees_every_roll() {
        let mut game = Game::new(Rules::default());
        let mut rolls = 0;
        play_random(&mut game, &mut SeededRng::new(4), |g| {
            assert!(matches!(g.phase(), Phase::Roll { .. }));
            rolls += 1;
        })
        .unwrap();
        let played = game
            .actions()
            .iter()
            .filter(|a| matches!(a, Action::Roll { .. }))
            .count();
        assert_eq!(rolls, played);
    }
}
