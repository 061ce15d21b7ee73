//! The server's own moves in a room: the die-off and the rolls nobody decides on, and the bot's
//! decisions ([`acey_ai::decide`]) and hints in the protocol's terms.
//!
//! The bot's thinking is synchronous and CPU-bound: the room runs it on the bot pool, without
//! its lock, so that a bot thinking never holds up the connections.

use std::sync::Arc;

use acey_ai::Bot;
use acey_rules::{Action, Game, Player, SeededRng};

use super::{refuse, Refusal, Room, RoomState};
use crate::protocol::{ErrorCode, HintPlay, Role};
use crate::random;
use crate::storage::{BoxFuture, Mode};

impl Room {
    /// The server's own moves: the die-off, rolls nobody needs to decide on, and starting the bot
    /// when it is the bot's turn.
    ///
    /// Boxed with a named `Send` type because it spawns the bot task, which calls it again: the
    /// compiler cannot infer `Send` through that cycle.
    pub(super) fn advance<'a>(
        self: &'a Arc<Self>,
        st: &'a mut RoomState,
    ) -> BoxFuture<'a, Result<(), Refusal>> {
        Box::pin(async move {
            if st.meta.mode == Mode::Friend && st.meta.tokens.iter().any(Option::is_none) {
                // A friend game starts when the friend arrives: no die-off into an empty seat.
                return Ok(());
            }
            let unavailable =
                |e: random::RandomError| refuse(ErrorCode::Unavailable, e.to_string());
            loop {
                let bot = self
                    .bot
                    .as_ref()
                    .zip(st.meta.bot_seat.and_then(Player::from_index));
                match acey_ai::table_action(&st.game, bot, random::roll).map_err(unavailable)? {
                    Some(action) => self.commit(st, action).await?,
                    None => break,
                }
            }
            if let Some(p) = st.game.to_act() {
                if self.is_bot(st, p) && !st.bot_running {
                    st.bot_running = true;
                    let room = Arc::clone(self);
                    tokio::spawn(async move { room.run_bot().await });
                }
            }
            Ok(())
        })
    }

    /// Plays the bot's turn(s): thinks without the lock, then applies its actions one by one.
    pub(super) async fn run_bot(self: Arc<Self>) {
        let Some(bot) = self.bot.clone() else {
            return;
        };
        let (game, n) = {
            let mut st = self.lock().await;
            match st.game.to_act() {
                Some(p) if self.is_bot(&st, p) => {}
                _ => {
                    st.bot_running = false;
                    return;
                }
            }
            (
                st.game.clone(),
                (st.game.actions().len(), st.meta.takebacks),
            )
        };
        let seed = random::seed().unwrap_or(n.0 as u64);
        let actions = self
            .services
            .pool
            .run(move || decide(&bot, &game, seed))
            .await
            .unwrap_or_default();
        let mut st = self.lock().await;
        // A takeback may have cut the game back to as many actions as before: it counts too.
        let changed = (st.game.actions().len(), st.meta.takebacks) != n;
        let mut progressed = false;
        if !changed {
            for a in actions {
                if self.commit(&mut st, a).await.is_err() {
                    break;
                }
                progressed = true;
            }
        }
        st.bot_running = false;
        if progressed || changed {
            // Dice for whoever is next; a new bot task if it is the bot's turn again.
            let _ = self.advance(&mut st).await;
        }
    }

    /// The bot's ranked plays for the person to act (games against the computer only).
    pub async fn hint(&self, role: Role) -> Result<Vec<HintPlay>, Refusal> {
        let (bot, game) = {
            let st = self.lock().await;
            let bot = acey_protocol::may_hint(&st.game, role, self.bot.clone())?;
            (bot, st.game.clone())
        };
        let plays = self
            .services
            .pool
            .run(move || hint(&bot, &game, acey_protocol::HINT_PLAYS))
            .await
            .ok_or_else(|| refuse(ErrorCode::Unavailable, "the hint could not be computed"))?;
        crate::metrics::Metrics::count(&self.services.metrics.hints);
        Ok(plays)
    }
}

/// The bot's actions for the decision `game` waits for ([`Bot::decide`]), its noise drawn from
/// `seed`; empty when the bot has nothing to decide (the server rolls the dice itself, and asks
/// [`Bot::doubles_now`] before rolling for the bot).
fn decide(bot: &Bot, game: &Game, seed: u64) -> Vec<Action> {
    bot.decide(game, &mut SeededRng::new(seed))
}

/// The bot's ranked plays for the decision being played, best first (at most `max`), as the
/// protocol sends them ([`Bot::hints`]): after steps already taken, each hint's `steps` are the
/// steps still to take (its notation is the whole play).
fn hint(bot: &Bot, game: &Game, max: usize) -> Vec<HintPlay> {
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
    pub(super) fn the_bots_actions_are_accepted_by_the_game_through_an_acey_deucey() {
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
