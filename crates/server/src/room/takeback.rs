//! A play taken back in a game against the computer or on one screen: the game's log cut back
//! to where that play began ([`acey_rules::Game::takeback_point`]), the cut stored, and every
//! connection sent the game as it now stands.

use std::sync::Arc;

use super::{rebuild, refuse, Refusal, Room};
use crate::protocol::{ErrorCode, Role};
use crate::storage::{Mode, StoreError};

impl Room {
    /// Takes back the last play of the person at `role` against the computer (the last play of
    /// either side on one screen), with everything after it. Refused in games between two
    /// people, in rated games and in games with clocks, where one player would undo what the
    /// other has seen and answered.
    pub async fn takeback(self: &Arc<Self>, role: Role) -> Result<(), Refusal> {
        self.services.health.check()?;
        let mut st = self.lock().await;
        match (st.meta.mode, role) {
            (_, Role::Spectator) => {
                return Err(refuse(ErrorCode::NotYourTurn, acey_protocol::SPECTATORS))
            }
            (Mode::Computer, Role::Seat(_)) | (Mode::Local, Role::Both) => {}
            _ => {
                return Err(refuse(
                    ErrorCode::Illegal,
                    "plays are taken back only against the computer and on one screen",
                ))
            }
        };
        if st.meta.online.rated || st.clock.is_some() {
            return Err(refuse(
                ErrorCode::Illegal,
                "no takebacks in a rated game or a game with clocks",
            ));
        }
        let keep = acey_protocol::takeback_cut(&st.game, role)?;
        let game = rebuild(&st.meta, &st.game.actions()[..keep])
            .map_err(|e| refuse(ErrorCode::Illegal, e))?;
        let stored = tokio::time::timeout(
            crate::health::WRITE_TIMEOUT,
            self.services.store.take_back(&self.id, keep),
        )
        .await
        .unwrap_or_else(|_| {
            Err(StoreError::Database(
                "the database did not answer in time".into(),
            ))
        });
        if let Err(e) = stored {
            self.services.health.failed();
            // The cut may have been stored after all: take the game as stored, if it can be read.
            self.reload(&mut st).await;
            return Err(refuse(
                ErrorCode::Unavailable,
                format!("the takeback could not be saved, try again: {e}"),
            ));
        }
        st.game = game;
        st.meta.takebacks += 1;
        self.tell_changed();
        self.send_resync();
        // Whoever acts now is the person: nothing for the server to do but keep its timers.
        self.arm(&mut st);
        Ok(())
    }
}
