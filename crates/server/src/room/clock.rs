//! The clocks: whose time runs, the room's one timer (a flag falling, the next game of a match
//! with clocks), and claiming the game of an opponent who left.

use std::sync::Arc;
use std::time::Duration;

use acey_rules::{Action, Phase, Player};

use super::{present, refuse, Refusal, Room, RoomState, NEXT_GAME_PAUSE};
use crate::clock::now_ms;
use crate::protocol::{ErrorCode, Role};
use crate::storage::{BoxFuture, Mode};

impl Room {
    /// Starts the time of whoever the game waits for now (nobody's while the server rolls,
    /// between games and after the end), storing the clock when that changes.
    pub(super) async fn run_clock(&self, st: &mut RoomState, now: u64) {
        let over = st.game.match_winner().is_some();
        let to = if over {
            None
        } else {
            st.game.to_act().map(Player::index)
        };
        let Some(clock) = st.clock.as_mut() else {
            return;
        };
        if clock.running.map(|(s, _)| s) == to {
            return;
        }
        clock.switch(to, now);
        let clock = *clock;
        if let Err(e) = self.services.store.save_clock(&self.id, &clock).await {
            // The action is stored; only a restart would lose this turn's time.
            tracing::warn!(game = %self.id, error = %e, "clock not stored");
        }
    }

    /// Sets the room's one timer: the running clock's deadline, or the start of the next game
    /// of a match with clocks.
    pub(super) fn arm(self: &Arc<Self>, st: &mut RoomState) {
        if let Some(t) = st.timer.take() {
            t.abort();
        }
        let Some(clock) = st.clock else {
            return;
        };
        let now = now_ms();
        let at = match (clock.deadline(), st.game.phase()) {
            (Some((_, at)), _) => at,
            (None, Phase::GameOver { .. }) if st.game.match_winner().is_none() => {
                now + NEXT_GAME_PAUSE.as_millis() as u64
            }
            _ => return,
        };
        let room = Arc::clone(self);
        let wait = Duration::from_millis(at.saturating_sub(now));
        st.timer = Some(
            tokio::spawn(async move {
                tokio::time::sleep(wait).await;
                room.on_timer().await;
            })
            .abort_handle(),
        );
    }

    /// The timer fired: a flag falls, or the next game of the match starts.
    ///
    /// Boxed for the same reason as [`Room::advance`]: it commits, which arms a new timer.
    pub(super) fn on_timer(self: Arc<Self>) -> BoxFuture<'static, ()> {
        Box::pin(async move {
            let mut st = self.lock().await;
            // This task is the timer: forget it without aborting it.
            st.timer = None;
            let now = now_ms();
            let flagged = st.clock.and_then(|c| c.flagged(now));
            let action = match (flagged, st.game.phase()) {
                (Some(seat), _) => {
                    st.forfeit_reason = Some("time");
                    tracing::info!(game = %self.id, seat, "time ran out");
                    Action::Forfeit {
                        player: Player::from_index(seat).unwrap_or(Player::Zero),
                    }
                }
                (None, Phase::GameOver { .. })
                    if st.clock.is_some() && st.game.match_winner().is_none() =>
                {
                    Action::NextGame
                }
                _ => {
                    // Woken early or for nothing: wait for what is due now.
                    self.arm(&mut st);
                    return;
                }
            };
            let done = self.commit(&mut st, action).await;
            st.forfeit_reason = None;
            if done.is_ok() {
                let _ = self.advance(&mut st).await;
            } else {
                // Not stored (the database is away): try again shortly.
                st.timer = None;
                let room = Arc::clone(&self);
                tokio::spawn(async move {
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    room.on_timer().await;
                });
            }
        })
    }

    /// Starts the timer of a room just loaded (a clock that was running before a restart) and
    /// settles a game that ended just before one.
    pub(super) async fn resume(self: &Arc<Self>, st: &mut RoomState) {
        self.settle(st).await;
        self.arm(st);
    }

    /// Claims the game of an opponent gone on their own turn for [`crate::Limits::claim_after`]
    /// (games without clocks; with clocks, the clock decides).
    pub async fn claim(self: &Arc<Self>, role: Role) -> Result<(), Refusal> {
        let Role::Seat(me) = role else {
            return Err(refuse(
                ErrorCode::Forbidden,
                "only a player of a game between two people can claim it",
            ));
        };
        let mut st = self.lock().await;
        if st.clock.is_some() {
            return Err(refuse(
                ErrorCode::Forbidden,
                "this game has clocks: it ends when a clock runs out",
            ));
        }
        let other = 1 - me;
        if st.meta.mode != Mode::Friend || st.game.to_act().map(Player::index) != Some(other) {
            return Err(refuse(
                ErrorCode::Forbidden,
                "a game can be claimed only while it is the absent opponent's turn",
            ));
        }
        let wait = self.services.limits.claim_after.as_millis() as u64;
        let here = present(&st);
        let gone = match (here[other], st.away_since[other]) {
            (0, Some(since)) => now_ms().saturating_sub(since),
            _ => 0,
        };
        if gone < wait {
            let left = (wait - gone).div_ceil(1000);
            return Err(refuse(
                ErrorCode::Forbidden,
                if here[other] > 0 {
                    "your opponent is connected: the game cannot be claimed".to_string()
                } else {
                    format!("your opponent may still come back: you can claim the game in {left} s")
                },
            ));
        }
        st.forfeit_reason = Some("left");
        let player = Player::from_index(other).unwrap_or(Player::Zero);
        let done = self.commit(&mut st, Action::Forfeit { player }).await;
        st.forfeit_reason = None;
        done?;
        self.advance(&mut st).await
    }
}
