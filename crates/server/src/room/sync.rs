//! Several nodes on one database: telling the others that a game changed, and catching up
//! with what they stored.

use crate::cluster::nodes::Note;
use std::sync::Arc;

use super::{rebuild, Room, RoomState};
use crate::protocol::{GameInfo, ServerMsg};

impl Room {
    /// Tells the other nodes that this game changed in the store.
    pub fn tell_changed(&self) {
        self.services.bus.tell(|node| Note::Game {
            node: node.to_string(),
            game: self.id.clone(),
        });
    }

    /// Another node changed the game in the store: read it again.
    pub async fn catch_up(self: &Arc<Self>) {
        let mut st = self.lock().await;
        self.reload(&mut st).await;
    }

    /// Brings the room up to the game as stored: the actions another node appended (each
    /// sent to this room's connections as an update), the seats, a rematch; then the clock,
    /// the result and the timer as after a commit. The node that stored the actions makes the
    /// server's next moves (dice, the bot); this one only follows.
    pub(super) async fn reload(self: &Arc<Self>, st: &mut RoomState) {
        let store = &self.services.store;
        let stored = match store.load_game(&self.id).await {
            Ok(Some(s)) => s,
            Ok(None) => return,
            Err(e) => {
                tracing::warn!(game = %self.id, error = %e, "could not read the game again");
                return;
            }
        };
        let have = st.game.actions().len();
        if stored.actions.len() < have || stored.meta.takebacks != st.meta.takebacks {
            // A takeback on another node cut the game back: rebuild it and send everyone the
            // whole state.
            match rebuild(&st.meta, &stored.actions) {
                Ok(game) => {
                    st.game = game;
                    st.meta.takebacks = stored.meta.takebacks;
                    self.send_resync();
                }
                Err(e) => {
                    tracing::error!(game = %self.id, error = %e, "the stored game does not replay")
                }
            }
        }
        let have = st.game.actions().len();
        for action in stored.actions.iter().skip(have) {
            let log_before = st.game.log().len();
            if let Err(e) = st.game.apply(action.clone()) {
                tracing::error!(game = %self.id, error = %e, "a stored action does not apply");
                break;
            }
            self.announce(st, action.clone(), log_before).await;
        }
        if stored.meta.tokens != st.meta.tokens
            || stored.meta.online.players != st.meta.online.players
        {
            st.meta.tokens = stored.meta.tokens.clone();
            st.meta.online.players = stored.meta.online.players.clone();
            let info = GameInfo::from(&st.meta);
            self.broadcast(&ServerMsg::Seats {
                seats: info.seats,
                players: info.players,
            });
        }
        if st.rematch.is_none() {
            if let Ok(Some(id)) = store.find_rematch(&self.id).await {
                st.rematch = Some(id.clone());
                st.rematch_offer = None;
                self.broadcast(&ServerMsg::Rematch { game: id });
            }
        }
        self.settle(st).await;
        self.arm(st);
    }
}
