//! Joining and leaving a room, and who is there: the connections at each seat here and on the
//! other nodes, and since when a seat has been empty.

use crate::cluster::nodes::Note;
use acey_protocol::{Role, ServerMsg};
use tokio::sync::broadcast;

use super::{presence, present, Event, Room, RoomState};
use crate::chat::Channel;
use crate::clock::now_ms;

impl Room {
    /// The whole state for a connection with `role`, and the stream of what happens after it
    /// (subscribed under the lock, so nothing falls between the two).
    /// A seated connection counts as present until [`Room::leave`].
    pub async fn join(
        &self,
        role: Role,
        token: Option<String>,
    ) -> (ServerMsg, broadcast::Receiver<Event>) {
        // The chat is read before the lock: a line written in between is both in it and sent.
        let chat = self
            .services
            .store
            .chat(&self.id, crate::chat::HISTORY as u32)
            .await
            .unwrap_or_default()
            .into_iter()
            .filter(|l| role != Role::Spectator || l.channel == Channel::Spectators)
            .collect();
        let mut st = self.lock().await;
        let rx = self.events.subscribe();
        if let Role::Seat(s) = role {
            st.present[s] += 1;
            st.away_since[s] = None;
            if st.present[s] == 1 {
                self.services.bus.players_here(&self.id, true);
                self.broadcast(&ServerMsg::Presence {
                    presence: presence(&st),
                });
                self.tell_presence(&st);
            }
        }
        let mut joined = Room::snapshot(&st, role, token);
        if let ServerMsg::Joined(j) = &mut joined {
            j.chat = chat;
        }
        (joined, rx)
    }

    /// A connection with `role` left.
    pub async fn leave(&self, role: Role) {
        if let Role::Seat(s) = role {
            let mut st = self.lock().await;
            st.present[s] = st.present[s].saturating_sub(1);
            if st.present[s] == 0 {
                st.away_since[s] = Some(now_ms());
                if st.present == [0, 0] {
                    self.services.bus.players_here(&self.id, false);
                }
                self.broadcast(&ServerMsg::Presence {
                    presence: presence(&st),
                });
                self.tell_presence(&st);
            }
        }
    }

    /// Another node's connections at the seats.
    pub async fn remote_presence(&self, node: &str, seats: [u32; 2]) {
        let mut st = self.lock().await;
        let before = present(&st);
        if seats == [0, 0] {
            st.remote.remove(node);
        } else {
            st.remote.insert(node.to_string(), seats);
        }
        let after = present(&st);
        let now = now_ms();
        for s in 0..2 {
            if after[s] == 0 && before[s] > 0 {
                st.away_since[s] = Some(now);
            }
        }
        if before.map(|n| n > 0) != after.map(|n| n > 0) {
            self.broadcast(&ServerMsg::Presence {
                presence: presence(&st),
            });
        }
    }

    pub(super) fn tell_presence(&self, st: &RoomState) {
        let present = st.present;
        self.services.bus.tell(|node| Note::Presence {
            node: node.to_string(),
            game: self.id.clone(),
            present,
        });
    }
}
