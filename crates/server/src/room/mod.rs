//! A room: one game in memory, the people connected to it, and the server's own moves in it
//! (dice and the bot).
//!
//! Every change goes through [`Room::commit`], under the room's lock: the `Game` checks the
//! action, the store keeps it, and only then is it broadcast. A refused or unstorable action
//! leaves the game as it was.
//!
//! The room owns its state: [`RoomState`] is private to this module, and everything that reads or
//! changes it is a method of [`Room`], one file per concern, as lila's round module is split:
//!
//! * this file: the state, creating a room, its messages to the connections, a full snapshot;
//! * `commit.rs`: an intent checked, stored and broadcast;
//! * `clock.rs`: the clocks, the timer (a flag, the next game of a match), claims;
//! * `finish.rs`: the result and the ratings once the game or match is decided;
//! * `seats.rs`: who sits where (tokens, friends taking a seat) and rematches;
//! * `presence.rs`: joining, leaving, and who is there (here and on other nodes);
//! * `chat.rs`: the players' and the spectators' chat;
//! * `sync.rs`: keeping up with the other nodes on the same database;
//! * `takeback.rs`: a play taken back against the computer or on one screen;
//! * `bot.rs`: the server's own moves: dice, the bot's decisions and hints.

use std::sync::Arc;
use std::time::Duration;

use acey_ai::Bot;
use acey_rules::{Action, Game, Player};
use tokio::sync::{broadcast, Mutex, MutexGuard};

use crate::clock::{now_ms, Clock};
use crate::protocol::{GameInfo, Joined, LogEntry, Presence, Role, ServerMsg, View};
use crate::services::Services;
use crate::storage::{GameMeta, Mode};

mod bot;
mod chat;
mod clock;
mod commit;
mod finish;
mod presence;
mod seats;
mod sync;
mod takeback;

pub use finish::end_name;
pub use seats::{seat_ratings, RematchOutcome};

/// A refused request: what to tell the client.
pub use acey_protocol::Refusal;

use acey_protocol::refuse;

/// The game and its description, behind the room's lock.
pub(crate) struct RoomState {
    /// The description (seats, mode, rules).
    meta: GameMeta,
    /// The game.
    game: Game,
    /// The id of the rematch, once one was started.
    rematch: Option<String>,
    /// The seat that offered a rematch not yet answered (friend games). Kept in memory only: an
    /// offer is a question to a person who is there, not part of the game.
    rematch_offer: Option<usize>,
    bot_running: bool,
    /// Both players' time, in a game with clocks.
    clock: Option<Clock>,
    /// The pending timer: a clock running out, or the next game of a match with clocks.
    timer: Option<tokio::task::AbortHandle>,
    /// Connections at each seat now.
    present: [u32; 2],
    /// When each seat's last connection left (unix ms), while nobody is there.
    away_since: [Option<u64>; 2],
    /// Why the forfeit being committed happens (`time`, `left`), for the result.
    forfeit_reason: Option<&'static str>,
    /// Whether the end of the game or match has been dealt with (result, ratings).
    finished: bool,
    /// Other nodes' connections at each seat (several nodes on one database).
    remote: std::collections::HashMap<String, [u32; 2]>,
}

/// Something sent to the connections of a room: the text, serialised once, and whether only the
/// players may read it (their chat).
#[derive(Debug, Clone)]
pub struct Event {
    /// The JSON text.
    pub text: Arc<str>,
    /// For the seated players only.
    pub players_only: bool,
    /// The game was cut back (a takeback): instead of `text`, each connection is sent the
    /// whole state again for its own role, as when it falls behind.
    pub resync: bool,
}

/// The pause between two games of a match with clocks before the server starts the next one
/// (nobody's time runs between games, so somebody has to).
pub const NEXT_GAME_PAUSE: Duration = Duration::from_secs(6);

/// One game being played or watched.
pub struct Room {
    /// The game id.
    pub id: String,
    state: Mutex<RoomState>,
    events: broadcast::Sender<Event>,
    services: Arc<Services>,
    bot: Option<Bot>,
}

/// Messages a slow client may fall behind by before it is sent the whole state again.
const EVENT_BUFFER: usize = 64;

impl Room {
    /// A room for a game loaded or created with `meta` and its actions replayed into `game`.
    pub fn new(meta: GameMeta, game: Game, services: Arc<Services>) -> Arc<Room> {
        let bot = match (meta.mode, &meta.level) {
            (Mode::Computer, Some(level)) => Some(
                level
                    .parse::<acey_ai::Level>()
                    .unwrap_or(acey_ai::Level::Casual)
                    .bot(meta.rules),
            ),
            (Mode::Computer, None) => Some(acey_ai::Level::Casual.bot(meta.rules)),
            _ => None,
        };
        let (events, _) = broadcast::channel(EVENT_BUFFER);
        // A stored clock resumes now: the time the game spent out of memory (a restart) is
        // charged to nobody.
        let clock = meta.online.clock.map(|c| c.resumed(now_ms()));
        let away = Some(now_ms());
        Arc::new(Room {
            id: meta.id.clone(),
            state: Mutex::new(RoomState {
                meta,
                game,
                rematch: None,
                rematch_offer: None,
                bot_running: false,
                clock,
                timer: None,
                present: [0, 0],
                away_since: [away, away],
                forfeit_reason: None,
                finished: false,
                remote: std::collections::HashMap::new(),
            }),
            events,
            services,
            bot,
        })
    }

    /// Locks the room.
    async fn lock(&self) -> MutexGuard<'_, RoomState> {
        self.state.lock().await
    }

    /// The full-state message (without the chat, which [`Room::join`] adds).
    fn snapshot(st: &RoomState, role: Role, token: Option<String>) -> ServerMsg {
        ServerMsg::Joined(Box::new(Joined {
            clock: st.clock.as_ref().map(|c| c.view(now_ms())),
            chat: Vec::new(),
            presence: presence(st),
            v: crate::protocol::VERSION,
            info: GameInfo::from(&st.meta),
            role,
            token,
            view: View::of(&st.game),
            log: st.game.log().iter().map(LogEntry::from).collect(),
            rematch_offer: st.rematch_offer,
            rematch: st.rematch.clone(),
        }))
    }

    /// Sends a message to everyone in the room.
    pub fn broadcast(&self, msg: &ServerMsg) {
        self.send(msg, false);
    }

    fn send(&self, msg: &ServerMsg, players_only: bool) {
        // No receiver is not an error: nobody is watching right now.
        let _ = self.events.send(Event {
            text: Arc::from(msg.to_json()),
            players_only,
            resync: false,
        });
    }

    /// Tells every connection to ask for the whole state again: the game did not move on, it
    /// was cut back, which no update describes.
    fn send_resync(&self) {
        let _ = self.events.send(Event {
            text: Arc::from(""),
            players_only: false,
            resync: true,
        });
    }

    /// Number of connections listening.
    pub fn listeners(&self) -> usize {
        self.events.receiver_count()
    }

    fn is_bot(&self, st: &RoomState, player: Player) -> bool {
        self.bot.is_some() && st.meta.bot_seat == Some(player.index())
    }

    /// Carries on in a room just made or loaded: a restart may have stopped the server between
    /// an action and the roll or the bot move that follows it, a clock that was running runs on,
    /// and a game decided just before a restart is settled. `rematch` is the rematch started
    /// before, if any (it keeps its id).
    pub async fn take_up(self: &Arc<Self>, rematch: Option<String>) -> Result<(), Refusal> {
        let mut st = self.lock().await;
        st.rematch = rematch;
        self.advance(&mut st).await?;
        self.resume(&mut st).await;
        Ok(())
    }

    /// The whole state again, for a connection of `role` too far behind to patch up, and its
    /// subscription renewed from now on: both under the lock, as a join does, so that no update
    /// older than that state follows it.
    pub async fn resync(&self, role: Role, events: &mut broadcast::Receiver<Event>) -> ServerMsg {
        let st = self.lock().await;
        *events = self.events.subscribe();
        Room::snapshot(&st, role, None)
    }
}

/// Who is connected at each seat.
fn presence(st: &RoomState) -> Presence {
    let now = now_ms();
    let here = present(st);
    Presence {
        connected: here.map(|n| n > 0),
        away_ms: [0, 1].map(|s| {
            if here[s] > 0 {
                None
            } else {
                st.away_since[s].map(|t| now.saturating_sub(t))
            }
        }),
    }
}

/// Connections at each seat on every node.
fn present(st: &RoomState) -> [u32; 2] {
    let mut n = st.present;
    for r in st.remote.values() {
        n[0] += r[0];
        n[1] += r[1];
    }
    n
}

/// Rebuilds a game from its rules and actions.
pub fn rebuild(meta: &GameMeta, actions: &[Action]) -> Result<Game, String> {
    Game::replay(meta.rules, actions)
        .map_err(|(i, e)| format!("stored action {i} of game {} is refused: {e}", meta.id))
}
