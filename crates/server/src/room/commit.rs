//! Intents checked against the game, stored, then broadcast.

use std::sync::Arc;

use acey_rules::Action;

use super::{rebuild, refuse, Refusal, Room, RoomState};
use crate::clock::now_ms;
use crate::protocol::{intent_action, ClientMsg, ErrorCode, LogEntry, Role, ServerMsg, View};
use crate::random;

impl Room {
    /// Checks `action` against the game, stores it, then broadcasts it.
    pub(super) async fn commit(
        self: &Arc<Self>,
        st: &mut RoomState,
        action: Action,
    ) -> Result<(), Refusal> {
        let max = self.services.limits.max_actions;
        if st.game.actions().len() >= max {
            // A real game never gets here; a client that makes one endless does.
            return Err(refuse(
                ErrorCode::TooLong,
                format!("this game has reached the limit of {max} actions: start a new one"),
            ));
        }
        let log_before = st.game.log().len();
        st.game
            .apply(action.clone())
            .map_err(|e| refuse(ErrorCode::Illegal, e.to_string()))?;
        let n = st.game.actions().len() - 1;
        // What the game decided (a step's hit flag is the game's, not the client's) is what is
        // stored and broadcast.
        let action = st.game.actions()[n].clone();
        // A short deadline: the room is locked while it waits. Should the action be stored
        // after all, the next append of number n meets it as a conflict and reloads the game.
        let stored = tokio::time::timeout(
            crate::health::WRITE_TIMEOUT,
            self.services.store.append_action(&self.id, n, &action),
        )
        .await
        .unwrap_or_else(|_| {
            Err(crate::storage::StoreError::Database(
                "the database did not answer in time".into(),
            ))
        });
        if let Err(e) = stored {
            // Not stored, so not accepted: rebuild the game without it.
            let actions = st.game.actions()[..n].to_vec();
            if let Ok(g) = rebuild(&st.meta, &actions) {
                st.game = g;
            }
            if let crate::storage::StoreError::Conflict { .. } = e {
                // Another node stored action n first: take the game as stored (which sends its
                // actions to this room's connections) and say so.
                self.reload(st).await;
                return Err(refuse(
                    ErrorCode::Illegal,
                    "the game moved on before this arrived: here is where it stands",
                ));
            }
            self.services.health.failed();
            return Err(refuse(
                ErrorCode::Unavailable,
                format!("the move could not be saved, try again: {e}"),
            ));
        }
        self.tell_changed();
        self.announce(st, action, log_before).await;
        self.settle(st).await;
        self.arm(st);
        Ok(())
    }

    /// Sends an applied action to the room's connections with the plays it added to the log
    /// (those after `log_before`) and the clocks after it (switched and stored if it changed
    /// whose time runs).
    pub(super) async fn announce(&self, st: &mut RoomState, action: Action, log_before: usize) {
        let log = st.game.log()[log_before..]
            .iter()
            .map(LogEntry::from)
            .collect();
        let now = now_ms();
        self.run_clock(st, now).await;
        self.broadcast(&ServerMsg::Update {
            action,
            view: Box::new(View::of(&st.game)),
            log,
            clock: st.clock.as_ref().map(|c| c.view(now)),
        });
    }

    /// Carries out a player's intent.
    pub async fn act(self: &Arc<Self>, role: Role, msg: &ClientMsg) -> Result<(), Refusal> {
        let began = std::time::Instant::now();
        // While the database is down nothing can be stored: refused before taking the room.
        self.services.health.check()?;
        let mut st = self.lock().await;
        // The dice come from the operating system, which may fail to give them.
        let roll = || random::roll().map_err(|e| refuse(ErrorCode::Unavailable, e.to_string()));
        let action = intent_action(msg, role, &st.game, roll)?;
        self.commit(&mut st, action).await?;
        let took = began.elapsed();
        self.services.metrics.action(took);
        if took > std::time::Duration::from_millis(250) {
            tracing::warn!(game = %self.id, ms = took.as_millis() as u64, "slow action");
        }
        match self.advance(&mut st).await {
            // The client's action was taken; that the game can go no further is said to whoever
            // acts next, not as a refusal of this one.
            Err((ErrorCode::TooLong, _)) => Ok(()),
            other => other,
        }
    }
}
