//! How lobby news reaches connections: one broadcast for everyone watching the lobby, and an
//! inbox per connection for what is meant for it alone (your challenge was taken).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, OnceLock};

use tokio::sync::{broadcast, mpsc, Notify};

use crate::cluster::nodes::{Nodes, Note};
use crate::protocol::ServerMsg;

/// Lobby messages a slow watcher may fall behind by before it is sent the whole lobby again.
const LOBBY_BUFFER: usize = 256;

/// Messages waiting in one connection's inbox at most (a connection that does not read them
/// loses the newest: they are news, not game state).
const INBOX: usize = 16;

/// The lobby's channels.
pub struct Bus {
    events: broadcast::Sender<Arc<str>>,
    inboxes: Mutex<HashMap<String, mpsc::Sender<Arc<str>>>>,
    playing: Notify,
    /// The games with a player connected to this node (the lobby lists only games with a
    /// player present).
    present: Mutex<HashSet<String>>,
    /// The other nodes, when several share the database.
    nodes: OnceLock<Arc<Nodes>>,
}

impl Default for Bus {
    fn default() -> Bus {
        Bus {
            events: broadcast::channel(LOBBY_BUFFER).0,
            inboxes: Mutex::new(HashMap::new()),
            playing: Notify::new(),
            present: Mutex::new(HashSet::new()),
            nodes: OnceLock::new(),
        }
    }
}

impl Bus {
    /// Joins this node to the others: from now on its news reaches theirs.
    pub fn join_nodes(&self, nodes: Arc<Nodes>) {
        let _ = self.nodes.set(nodes);
    }

    /// The other nodes, when several share the database.
    pub fn nodes(&self) -> Option<&Arc<Nodes>> {
        self.nodes.get()
    }

    /// Tells the other nodes, if there are any.
    pub fn tell(&self, note: impl FnOnce(&str) -> Note) {
        if let Some(nodes) = self.nodes.get() {
            nodes.tell(&note(&nodes.id));
        }
    }

    /// Sends a message to everyone watching the lobby (serialised once for all), on every node.
    pub fn publish(&self, msg: &ServerMsg) {
        let text = msg.to_json();
        self.tell(|node| Note::Lobby {
            node: node.to_string(),
            msg: text.clone(),
        });
        let _ = self.events.send(Arc::from(text));
    }

    /// Sends another node's lobby message to this node's watchers.
    pub fn publish_local(&self, text: &str) {
        let _ = self.events.send(Arc::from(text));
    }

    /// Starts watching the lobby.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.events.subscribe()
    }

    /// Opens a connection's inbox.
    pub fn register(&self, conn: &str) -> mpsc::Receiver<Arc<str>> {
        let (tx, rx) = mpsc::channel(INBOX);
        self.inboxes
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(conn.to_string(), tx);
        rx
    }

    /// Closes it.
    pub fn unregister(&self, conn: &str) {
        self.inboxes
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(conn);
    }

    /// Puts a message in one connection's inbox, on whichever node it is; `false` when it is
    /// on none that this node knows of (with other nodes, they are told and `true` returned).
    pub fn deliver(&self, conn: &str, msg: &ServerMsg) -> bool {
        let text = msg.to_json();
        if self.deliver_local(conn, &text) {
            return true;
        }
        match self.nodes.get() {
            Some(nodes) => {
                nodes.tell(&Note::Inbox {
                    conn: conn.to_string(),
                    msg: text,
                });
                true
            }
            None => false,
        }
    }

    /// Puts a message in the inbox of a connection of this node; `false` when it has none such.
    pub fn deliver_local(&self, conn: &str, text: &str) -> bool {
        let tx = self
            .inboxes
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(conn)
            .cloned();
        tx.is_some_and(|tx| tx.try_send(Arc::from(text)).is_ok())
    }

    /// WebSocket connections now, on every node.
    pub fn connections(&self) -> usize {
        self.local_connections() + self.nodes.get().map_or(0, |n| n.others())
    }

    /// WebSocket connections of this node.
    pub fn local_connections(&self) -> usize {
        self.inboxes.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Says that a lobby game started or ended (the lobby task sends the new list).
    pub fn playing_changed(&self) {
        self.playing.notify_one();
    }

    /// Notes whether a player of `game` is connected to this node now; the lobby's list of
    /// games being played is sent again when that changes.
    pub fn players_here(&self, game: &str, here: bool) {
        let changed = {
            let mut present = self.present.lock().unwrap_or_else(|e| e.into_inner());
            if here {
                present.insert(game.to_string())
            } else {
                present.remove(game)
            }
        };
        if changed {
            self.playing_changed();
        }
    }

    /// The games with a player connected to this node.
    pub fn games_with_players_here(&self) -> Vec<String> {
        self.present
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .cloned()
            .collect()
    }

    /// Whether a player of `game` is connected, to this node or (as last heard) another.
    pub fn has_players(&self, game: &str) -> bool {
        let here = self
            .present
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains(game);
        here || self.nodes.get().is_some_and(|n| n.has_players(game))
    }

    /// Waits for [`Bus::playing_changed`].
    pub async fn wait_playing(&self) {
        self.playing.notified().await;
    }
}
