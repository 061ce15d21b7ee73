//! Several server nodes on one PostgreSQL database acting as one site: what a node tells the
//! others through PostgreSQL's `LISTEN/NOTIFY` (no other service to run).
//!
//! The database stays the authority: an action is accepted by the node whose append of its
//! number wins (the key `(game, n)`), and a notification only says "look again": a node that
//! hears of a game it holds reads the new actions from the store and sends them to its own
//! connections. Lobby news, a message for one connection, chat lines and who is connected travel
//! the same way. A node that misses a notification (its listening connection was lost) reads the
//! game again on the next one; clocks are armed on every node holding the game, and of two nodes
//! whose timers fire at once, one appends the forfeit.

use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use sqlx::postgres::PgListener;
use sqlx::PgPool;

use crate::chat::ChatLine;
use crate::hub::Hub;

/// The one channel every node listens on.
const CHANNEL: &str = "acey";

/// What one node tells the others.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Note {
    /// A game changed in the store (an action, a seat, a rematch): read it again.
    Game {
        /// The node that changed it.
        node: String,
        /// The game.
        game: String,
    },
    /// A chat line of a game, stored already.
    Chat {
        /// The node it was written on.
        node: String,
        /// The game.
        game: String,
        /// The line.
        line: ChatLine,
    },
    /// A node's connections at each seat of a game.
    Presence {
        /// The node.
        node: String,
        /// The game.
        game: String,
        /// Connections at seat 0 and 1 on that node.
        present: [u32; 2],
    },
    /// A lobby message (its JSON) for every node's lobby watchers.
    Lobby {
        /// The node it comes from.
        node: String,
        /// The message as sent to clients.
        msg: String,
    },
    /// A message for one connection, wherever it is.
    Inbox {
        /// The connection.
        conn: String,
        /// The message as sent to the client.
        msg: String,
    },
    /// A node's open connections now (for the online count).
    Count {
        /// The node.
        node: String,
        /// Its WebSocket connections.
        connections: usize,
        /// The games with a player connected to it (the lobby lists only those being played).
        #[serde(default)]
        games: Vec<String>,
    },
}

/// This node among the others.
pub struct Nodes {
    /// This node's random id.
    pub id: String,
    pool: PgPool,
    /// Other nodes' connection counts, the games with a player connected to each, and when each
    /// was last heard.
    counts: std::sync::Mutex<std::collections::HashMap<String, Heard>>,
}

/// What a node last said of itself.
struct Heard {
    connections: usize,
    games: std::collections::HashSet<String>,
    at: std::time::Instant,
}

/// A node not heard from for this long no longer counts in the online total.
const COUNT_STALE: Duration = Duration::from_secs(10);

impl Nodes {
    /// This node, on the database of `pool`.
    pub fn new(pool: PgPool) -> Arc<Nodes> {
        Arc::new(Nodes {
            id: crate::random::token()
                .unwrap_or_else(|_| format!("{:?}", std::time::Instant::now())),
            pool,
            counts: std::sync::Mutex::new(std::collections::HashMap::new()),
        })
    }

    /// Tells every node (this one too hears it, and ignores what it said itself). Sent in the
    /// background: a slow database delays the others' news, never this node's answer.
    pub fn tell(&self, note: &Note) {
        let Ok(payload) = serde_json::to_string(note) else {
            return;
        };
        let pool = self.pool.clone();
        tokio::spawn(async move {
            if let Err(e) = sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(&payload)
                .execute(&pool)
                .await
            {
                tracing::warn!(error = %e, bytes = payload.len(), "a note to the other nodes was not sent");
            }
        });
    }

    /// The other nodes' WebSocket connections, as last heard.
    pub fn others(&self) -> usize {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        counts.retain(|_, h| h.at.elapsed() < COUNT_STALE);
        counts.values().map(|h| h.connections).sum()
    }

    /// Whether another node, as last heard, has a player of `game` connected.
    pub fn has_players(&self, game: &str) -> bool {
        let counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        counts
            .values()
            .any(|h| h.at.elapsed() < COUNT_STALE && h.games.contains(game))
    }
}

/// Starts listening to the other nodes (before this node serves anyone, so that no note about
/// a game it serves can be missed).
pub async fn listen(nodes: &Nodes) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect_with(&nodes.pool).await?;
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

/// Listens for the other nodes' notes and acts on them, reconnecting when the listening
/// connection is lost (and then reading every game it holds again, for what it may have
/// missed); also tells the others this node's connection count every 2 s and takes over the
/// clocks of games no node holds (a node died) every 3 s.
pub async fn run(nodes: Arc<Nodes>, hub: Arc<Hub>, first: PgListener) {
    let counting = {
        let (nodes, hub) = (Arc::clone(&nodes), Arc::clone(&hub));
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(2));
            let mut n = 0u32;
            loop {
                tick.tick().await;
                let bus = &hub.services().bus;
                nodes.tell(&Note::Count {
                    node: nodes.id.clone(),
                    connections: bus.local_connections(),
                    games: bus.games_with_players_here(),
                });
                n += 1;
                if n.is_multiple_of(3) {
                    hub.resume_clocks().await;
                }
            }
        })
    };
    let mut listener = Some(first);
    loop {
        if let Some(mut l) = listener.take() {
            tracing::info!(node = %nodes.id, "listening to the other nodes");
            loop {
                match l.recv().await {
                    Ok(n) => handle(&nodes, &hub, n.payload()).await,
                    Err(e) => {
                        tracing::warn!(error = %e, "lost the other nodes' notes");
                        break;
                    }
                }
            }
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
        if counting.is_finished() {
            return;
        }
        match listen(&nodes).await {
            Ok(l) => {
                // Notes may have been missed while not listening: every game held is read
                // again.
                for room in hub.all_loaded().await {
                    room.catch_up().await;
                }
                listener = Some(l);
            }
            Err(e) => tracing::warn!(error = %e, "cannot listen to the other nodes"),
        }
    }
}

async fn handle(nodes: &Nodes, hub: &Arc<Hub>, payload: &str) {
    let note: Note = match serde_json::from_str(payload) {
        Ok(n) => n,
        Err(e) => {
            tracing::warn!(error = %e, "an unreadable note from another node");
            return;
        }
    };
    let bus = &hub.services().bus;
    match note {
        Note::Game { node, game } if node != nodes.id => {
            if let Some(room) = hub.loaded(&game).await {
                room.catch_up().await;
            }
        }
        Note::Chat { node, game, line } if node != nodes.id => {
            if let Some(room) = hub.loaded(&game).await {
                room.relay_chat(line);
            }
        }
        Note::Presence {
            node,
            game,
            present,
        } if node != nodes.id => {
            if let Some(room) = hub.loaded(&game).await {
                room.remote_presence(&node, present).await;
            }
        }
        Note::Lobby { node, msg } if node != nodes.id => bus.publish_local(&msg),
        Note::Inbox { conn, msg } => {
            bus.deliver_local(&conn, &msg);
        }
        Note::Count {
            node,
            connections,
            games,
        } if node != nodes.id => {
            let games: std::collections::HashSet<String> = games.into_iter().collect();
            let before = nodes
                .counts
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(
                    node,
                    Heard {
                        connections,
                        games: games.clone(),
                        at: std::time::Instant::now(),
                    },
                );
            // Who plays where changed: the lobby's list of games being played may have.
            if before.is_none_or(|b| b.games != games) {
                bus.playing_changed();
            }
        }
        _ => {}
    }
}
