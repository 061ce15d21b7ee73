//! How lobby news reaches connections: one broadcast for everyone watching the lobby, and an
//! inbox per connection for what is meant for it alone (your challenge was taken).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::{broadcast, mpsc, Notify};

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
}

impl Default for Bus {
    fn default() -> Bus {
        Bus {
            events: broadcast::channel(LOBBY_BUFFER).0,
            inboxes: Mutex::new(HashMap::new()),
            playing: Notify::new(),
        }
    }
}

impl Bus {
    /// Sends a message to everyone watching the lobby (serialised once for all).
    pub fn publish(&self, msg: &ServerMsg) {
        let _ = self.events.send(Arc::from(msg.to_json()));
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

    /// Puts a message in one connection's inbox; `false` when it is gone or full.
    pub fn deliver(&self, conn: &str, msg: &ServerMsg) -> bool {
        let tx = self
            .inboxes
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(conn)
            .cloned();
        tx.is_some_and(|tx| tx.try_send(Arc::from(msg.to_json())).is_ok())
    }

    /// Connections with an inbox now.
    pub fn connections(&self) -> usize {
        self.inboxes.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Says that a lobby game started or ended (the lobby task sends the new list).
    pub fn playing_changed(&self) {
        self.playing.notify_one();
    }

    /// Waits for [`Bus::playing_changed`].
    pub async fn wait_playing(&self) {
        self.playing.notified().await;
    }
}
