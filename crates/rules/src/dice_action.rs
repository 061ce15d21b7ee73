//! The dice a game is waiting for, rolled: the one place that turns [`SeededRng`] into the die-off
//! and roll actions, for every driver of a [`Game`](crate::Game) that rolls its own dice (random
//! self-play, bot duels).

use crate::game::{Action, Phase};
use crate::seeded_rng::SeededRng;

/// The dice action `phase` needs, rolled from `dice`: [`Action::DieOff`] during the die-off
/// (`dice[0]` is player 0's die), [`Action::Roll`] when a player is to roll; `None` in any other
/// phase, with `dice` untouched. Each call rolls two dice. A tied die-off leaves the game in
/// [`Phase::DieOff`] (E25: the tie is rolled again, never played), so the next call rolls the
/// die-off again and the tie stays in the game's record.
///
/// ```
/// use acey_rules::{dice_action, Action, SeededRng, Game, Phase, Rules};
/// let mut game = Game::new(Rules::default());
/// let mut dice = SeededRng::new(1);
/// while let Some(action) = dice_action(game.phase(), &mut dice) {
///     game.apply(action).unwrap();
///     if let Phase::Move { .. } = game.phase() {
///         break;
///     }
/// }
/// assert!(matches!(game.phase(), Phase::Move { .. }));
/// assert!(dice_action(game.phase(), &mut dice).is_none());
/// ```
pub fn dice_action(phase: &Phase, dice: &mut SeededRng) -> Option<Action> {
    match phase {
        Phase::DieOff => {
            let (a, b) = dice.roll();
            Some(Action::DieOff { dice: [a, b] })
        }
        Phase::Roll { .. } => {
            let (a, b) = dice.roll();
            Some(Action::Roll { dice: [a, b] })
        }
        Phase::Move { .. }
        | Phase::NameDouble { .. }
        | Phase::CubeOffered { .. }
        | Phase::GameOver { .. } => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::rules::Rules;

    #[test]
    fn a_tied_die_off_is_rolled_again_from_the_same_stream() {
        // Find a seed whose first die-off is a tie, then check that the game asks again and the
        // second die-off is the next two dice of the stream.
        let seed = (0..1000u64)
            .find(|&s| {
                let (a, b) = SeededRng::new(s).roll();
                a == b
            })
            .expect("a tie within 1000 seeds");
        let mut expected = SeededRng::new(seed);
        let _tie = expected.roll();
        let second = expected.roll();
        let mut game = Game::new(Rules::default());
        let mut dice = SeededRng::new(seed);
        let first = dice_action(game.phase(), &mut dice).expect("die-off");
        game.apply(first).expect("a tie is legal");
        assert_eq!(game.phase(), &Phase::DieOff);
        assert_eq!(
            dice_action(game.phase(), &mut dice),
            Some(Action::DieOff {
                dice: [second.0, second.1]
            })
        );
    }

    #[test]
    fn other_phases_roll_nothing() {
        let mut dice = SeededRng::new(5);
        let phase = Phase::NameDouble {
            player: crate::position::Player::Zero,
        };
        assert_eq!(dice_action(&phase, &mut dice), None);
        // The stream was not advanced.
        assert_eq!(dice.roll(), SeededRng::new(5).roll());
    }
}
