//! The computer opponent on the server: the bot's decisions ([`acey_ai::decide`]) and hints in
//! the protocol's terms.
//!
//! Everything here is synchronous and CPU-bound; the room runs it on tokio's blocking pool so
//! that a bot thinking never holds up the connections.

use acey_ai::Bot;
use acey_rules::{Action, Game, SeededRng};

use crate::protocol::HintPlay;

/// The bot's actions for the decision `game` waits for ([`Bot::decide`]), its noise drawn from
/// `seed`; empty when the bot has nothing to decide (the server rolls the dice itself, and asks
/// [`doubles`] before rolling for the bot).
pub fn decide(bot: &Bot, game: &Game, seed: u64) -> Vec<Action> {
    bot.decide(game, &mut SeededRng::new(seed))
}

/// Whether the bot, on roll in `game`, doubles instead of rolling. One 1-ply evaluation (21
/// rolls, about 2 ms): cheap enough to ask under the room's lock.
pub fn doubles(bot: &Bot, game: &Game) -> bool {
    // On roll the bot's decision draws no noise: it is the cube's alone.
    bot.decide(game, &mut SeededRng::new(0)) == [Action::Double]
}

/// The bot's ranked plays for the decision being played, best first (at most `max`), as the
/// protocol sends them ([`Bot::hints`]): after steps already taken, each hint's `steps` are the
/// steps still to take (its notation is the whole play).
pub fn hint(bot: &Bot, game: &Game, max: usize) -> Vec<HintPlay> {
    bot.hints(game, max)
        .into_iter()
        .map(|h| HintPlay {
            notation: h.notation,
            equity: h.equity,
            steps: h.steps,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use acey_ai::Level;
    use acey_rules::{Phase, Rules};

    #[test]
    fn the_bots_actions_are_accepted_by_the_game_through_an_acey_deucey() {
        let rules = Rules::default();
        let bot = Level::Advanced.bot(rules);
        let mut game = Game::new(rules);
        game.apply(Action::DieOff { dice: [5, 2] }).unwrap();
        game.apply(Action::Roll { dice: [1, 2] }).unwrap();
        let hints = hint(&bot, &game, 3);
        assert!(
            !hints.is_empty() && hints[0].notation.contains("then"),
            "{hints:?}"
        );
        for a in decide(&bot, &game, 1) {
            game.apply(a).unwrap();
        }
        // The 1-2, the named double and its play: player 0 rolls again (AD-5).
        assert!(
            matches!(game.phase(), Phase::Roll { .. }),
            "{:?}",
            game.phase()
        );
        assert_eq!(game.log().len(), 2);
    }
}
