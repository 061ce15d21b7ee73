//! A room: one game in memory, the people connected to it, and the server's own moves in it
//! (dice and the bot).
//!
//! Every change goes through [`Room::commit`], under the room's lock: the `Game` checks the
//! action, the store keeps it, and only then is it broadcast. A refused or unstorable action
//! leaves the game as it was.

use std::sync::Arc;
use std::time::Duration;

use acey_ai::Bot;
use acey_rules::{Action, Game, GameEnd, Phase, Player};
use tokio::sync::{broadcast, Mutex, MutexGuard};

use crate::bot;
use crate::chat::{Channel, ChatLine, ChatText};
use crate::clock::{now_ms, Clock};
use crate::protocol::{
    ClientMsg, ClockView, ErrorCode, GameInfo, LogEntry, Presence, Role, ServerMsg, View,
};
use crate::random;
use crate::rating::{self, Family, Kind};
use crate::services::Services;
use crate::storage::{BoxFuture, GameMeta, Mode, Seated};
use crate::store::GameResult;

/// A refused request: what to tell the client.
pub type Refusal = (ErrorCode, String);

fn refuse(code: ErrorCode, message: impl Into<String>) -> Refusal {
    (code, message.into())
}

/// The game and its description, behind the room's lock.
pub struct RoomState {
    /// The description (seats, mode, rules).
    pub meta: GameMeta,
    /// The game.
    pub game: Game,
    /// The id of the rematch, once one was started.
    pub rematch: Option<String>,
    /// The seat that offered a rematch not yet answered (friend games). Kept in memory only: an
    /// offer is a question to a person who is there, not part of the game.
    pub rematch_offer: Option<usize>,
    bot_running: bool,
    /// Both players' time, in a game with clocks.
    pub clock: Option<Clock>,
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
    pub async fn lock(&self) -> MutexGuard<'_, RoomState> {
        self.state.lock().await
    }

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
                self.broadcast(&ServerMsg::Presence {
                    presence: presence(&st),
                });
                self.tell_presence(&st);
            }
        }
        let mut joined = Room::snapshot(&st, role, token);
        if let ServerMsg::Joined { chat: c, .. } = &mut joined {
            *c = chat;
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
                self.broadcast(&ServerMsg::Presence {
                    presence: presence(&st),
                });
                self.tell_presence(&st);
            }
        }
    }

    /// The full-state message (without the chat, which [`Room::join`] adds).
    pub fn snapshot(st: &RoomState, role: Role, token: Option<String>) -> ServerMsg {
        ServerMsg::Joined {
            clock: st.clock.as_ref().map(|c| ClockView::of(c, now_ms())),
            chat: Vec::new(),
            presence: presence(st),
            v: crate::protocol::VERSION,
            info: GameInfo::of(&st.meta),
            role,
            token,
            view: Box::new(View::of(&st.game)),
            log: st.game.log().iter().map(LogEntry::from).collect(),
            rematch_offer: st.rematch_offer,
            rematch: st.rematch.clone(),
        }
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
        });
    }

    /// Number of connections listening.
    pub fn listeners(&self) -> usize {
        self.events.receiver_count()
    }

    /// Checks `action` against the game, stores it, then broadcasts it.
    pub async fn commit(
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
        if let Err(e) = self
            .services
            .store
            .append_action(&self.id, n, &action)
            .await
        {
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
    async fn announce(&self, st: &mut RoomState, action: Action, log_before: usize) {
        let log = st.game.log()[log_before..]
            .iter()
            .map(LogEntry::from)
            .collect();
        let now = now_ms();
        self.run_clock(st, now).await;
        self.broadcast(&ServerMsg::Update {
            action,
            view: View::of(&st.game),
            log,
            clock: st.clock.as_ref().map(|c| ClockView::of(c, now)),
        });
    }

    /// Starts the time of whoever the game waits for now (nobody's while the server rolls,
    /// between games and after the end), storing the clock when that changes.
    async fn run_clock(&self, st: &mut RoomState, now: u64) {
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
    fn arm(self: &Arc<Self>, st: &mut RoomState) {
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
    fn on_timer(self: Arc<Self>) -> BoxFuture<'static, ()> {
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

    /// Once the game or match is decided: stops the clocks, keeps the result (once, also after
    /// a restart: the store refuses a second one) and moves the ratings of a rated game.
    pub async fn settle(&self, st: &mut RoomState) {
        if st.finished {
            return;
        }
        let Some(winner) = st.game.match_winner() else {
            return;
        };
        st.finished = true;
        let online = &st.meta.online;
        let accounts = online.players.clone().map(|p| p.and_then(|p| p.account));
        if st.meta.mode == Mode::Local {
            // Two people on one screen: nobody's history.
            return;
        }
        // Every other result is kept, guests' too: a guest who registers later brings their
        // games into the account (their seat tokens prove them theirs).
        let how = match st.game.phase() {
            Phase::GameOver { how, .. } => match how {
                GameEnd::BoreOff => "bore-off",
                GameEnd::Resigned => "resigned",
                GameEnd::Dropped => "dropped",
                GameEnd::Forfeited => "forfeited",
            },
            _ => "bore-off",
        };
        let ended_at = (now_ms() / 1000) as i64;
        let result = GameResult {
            game: self.id.clone(),
            winner: winner.index(),
            how: how.to_string(),
            reason: st.forfeit_reason.map(String::from),
            score: st.game.score(),
            ended_at,
        };
        let store = &self.services.store;
        match store.record_result(&result).await {
            Ok(true) => {}
            Ok(false) => return,
            Err(e) => {
                tracing::error!(game = %self.id, error = %e, "result not stored");
                st.finished = false;
                return;
            }
        }
        self.services.bus.playing_changed();
        let (Some(kind), [Some(a), Some(b)], true) =
            (Kind::of(&st.meta.rules), accounts, online.rated)
        else {
            return;
        };
        let family = Family::of(&st.meta.rules);
        let before = match (
            store.rating(a, family, kind).await,
            store.rating(b, family, kind).await,
        ) {
            (Ok(x), Ok(y)) => [x, y],
            (Err(e), _) | (_, Err(e)) => {
                tracing::error!(game = %self.id, error = %e, "ratings not read");
                return;
            }
        };
        let after = rating::after_result(before, winner.index());
        for (account, r) in [(a, &after[0]), (b, &after[1])] {
            if let Err(e) = store
                .save_rating(account, family, kind, r, &self.id, ended_at)
                .await
            {
                tracing::error!(game = %self.id, error = %e, "rating not stored");
            }
        }
        tracing::info!(game = %self.id, family = family.as_str(), kind = kind.as_str(),
            before = ?[before[0].rating, before[1].rating], after = ?[after[0].rating, after[1].rating], "rated");
    }

    /// Starts the timer of a room just loaded (a clock that was running before a restart) and
    /// settles a game that ended just before one.
    pub async fn resume(self: &Arc<Self>, st: &mut RoomState) {
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

    /// Writes a chat line from `who` with `role`.
    pub async fn chat(
        &self,
        role: Role,
        who: &Seated,
        channel: Option<Channel>,
        text: &str,
    ) -> Result<(), Refusal> {
        let channel = match (role, channel) {
            (Role::Seat(_), None | Some(Channel::Players)) => Channel::Players,
            (Role::Spectator, None | Some(Channel::Spectators)) => Channel::Spectators,
            (Role::Both, _) => {
                return Err(refuse(
                    ErrorCode::Forbidden,
                    "a game on one screen has no chat",
                ))
            }
            (Role::Seat(_), Some(Channel::Spectators)) => {
                return Err(refuse(
                    ErrorCode::Forbidden,
                    "players write to each other, not in the spectators' chat",
                ))
            }
            (Role::Spectator, Some(Channel::Players)) => {
                return Err(refuse(
                    ErrorCode::Forbidden,
                    "the players' chat is for the players: spectators have their own",
                ))
            }
        };
        if self.bot.is_some() && channel == Channel::Players {
            return Err(refuse(
                ErrorCode::Forbidden,
                "the computer does not read the chat",
            ));
        }
        let text =
            ChatText::parse(text).map_err(|e| refuse(ErrorCode::Malformed, e.to_string()))?;
        let line = ChatLine {
            channel,
            from: who.name.clone(),
            seat: match role {
                Role::Seat(s) => Some(s),
                _ => None,
            },
            text: text.as_str().to_string(),
            at: now_ms(),
        };
        self.services
            .store
            .add_chat(&self.id, &line)
            .await
            .map_err(|e| refuse(ErrorCode::Unavailable, e.to_string()))?;
        self.services.bus.tell(|node| crate::nodes::Note::Chat {
            node: node.to_string(),
            game: self.id.clone(),
            line: line.clone(),
        });
        self.send(&ServerMsg::Chat { line }, channel == Channel::Players);
        Ok(())
    }

    /// A chat line written on another node.
    pub fn relay_chat(&self, line: ChatLine) {
        let players_only = line.channel == Channel::Players;
        self.send(&ServerMsg::Chat { line }, players_only);
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

    fn tell_presence(&self, st: &RoomState) {
        let present = st.present;
        self.services.bus.tell(|node| crate::nodes::Note::Presence {
            node: node.to_string(),
            game: self.id.clone(),
            present,
        });
    }

    /// Tells the other nodes that this game changed in the store.
    pub fn tell_changed(&self) {
        self.services.bus.tell(|node| crate::nodes::Note::Game {
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
    async fn reload(self: &Arc<Self>, st: &mut RoomState) {
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
            let info = GameInfo::of(&st.meta);
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

    fn is_bot(&self, st: &RoomState, player: Player) -> bool {
        self.bot.is_some() && st.meta.bot_seat == Some(player.index())
    }

    /// The server's own moves: the die-off, rolls nobody needs to decide on, and starting the bot
    /// when it is the bot's turn.
    ///
    /// Boxed with a named `Send` type because it spawns the bot task, which calls it again: the
    /// compiler cannot infer `Send` through that cycle.
    pub fn advance<'a>(
        self: &'a Arc<Self>,
        st: &'a mut RoomState,
    ) -> BoxFuture<'a, Result<(), Refusal>> {
        Box::pin(async move {
            if st.meta.mode == Mode::Friend && st.meta.tokens.iter().any(Option::is_none) {
                // A friend game starts when the friend arrives: no die-off into an empty seat.
                return Ok(());
            }
            loop {
                let action = match st.game.phase() {
                    Phase::DieOff => Action::DieOff {
                        dice: random::roll()
                            .map_err(|e| refuse(ErrorCode::Unavailable, e.to_string()))?,
                    },
                    // The bot doubles when its cube decision says so (R9.3: before rolling).
                    Phase::Roll { player }
                        if self.is_bot(st, *player)
                            && self.bot.as_ref().is_some_and(|b| bot::doubles(b, &st.game)) =>
                    {
                        Action::Double
                    }
                    // A person who could double decides between rolling and doubling; everyone else
                    // is rolled for at once.
                    Phase::Roll { player }
                        if self.is_bot(st, *player) || !st.game.may_double(*player) =>
                    {
                        Action::Roll {
                            dice: random::roll()
                                .map_err(|e| refuse(ErrorCode::Unavailable, e.to_string()))?,
                        }
                    }
                    _ => break,
                };
                self.commit(st, action).await?;
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
    async fn run_bot(self: Arc<Self>) {
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
            (st.game.clone(), st.game.actions().len())
        };
        let seed = random::seed().unwrap_or(n as u64);
        let actions = self
            .services
            .pool
            .run(move || bot::decide(&bot, &game, seed))
            .await
            .unwrap_or_default();
        let mut st = self.lock().await;
        let changed = st.game.actions().len() != n;
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

    /// Carries out a player's intent.
    pub async fn act(self: &Arc<Self>, role: Role, msg: &ClientMsg) -> Result<(), Refusal> {
        let began = std::time::Instant::now();
        let mut st = self.lock().await;
        let game = &st.game;
        let to_act = game.to_act();
        let need_turn = |to_act: Option<Player>| -> Result<Player, Refusal> {
            match to_act {
                Some(p) if role.controls(p) => Ok(p),
                Some(p) => Err(refuse(
                    ErrorCode::NotYourTurn,
                    if role == Role::Spectator {
                        "spectators can only watch".to_string()
                    } else {
                        format!("it is {p}'s turn, not yours")
                    },
                )),
                None => Err(refuse(
                    ErrorCode::Illegal,
                    "nobody can act now: the game is over or the server is rolling",
                )),
            }
        };
        let action = match msg {
            ClientMsg::Step { from, to, die } => {
                need_turn(to_act)?;
                Action::Step {
                    step: acey_rules::Step {
                        from: *from,
                        to: *to,
                        die: *die,
                        hit: false,
                    },
                }
            }
            ClientMsg::Undo => {
                need_turn(to_act)?;
                Action::Undo
            }
            ClientMsg::Confirm => {
                need_turn(to_act)?;
                Action::Confirm
            }
            ClientMsg::Play { steps } => {
                need_turn(to_act)?;
                Action::Play {
                    steps: steps.clone(),
                }
            }
            ClientMsg::NameDouble { value } => {
                need_turn(to_act)?;
                Action::NameDouble { value: *value }
            }
            ClientMsg::Double => {
                need_turn(to_act)?;
                Action::Double
            }
            ClientMsg::Take => {
                need_turn(to_act)?;
                Action::Take
            }
            ClientMsg::Drop => {
                need_turn(to_act)?;
                Action::Drop
            }
            ClientMsg::Roll => {
                need_turn(to_act)?;
                if !matches!(game.phase(), Phase::Roll { .. }) {
                    return Err(refuse(ErrorCode::Illegal, "it is not time to roll"));
                }
                Action::Roll {
                    dice: random::roll()
                        .map_err(|e| refuse(ErrorCode::Unavailable, e.to_string()))?,
                }
            }
            ClientMsg::Resign => {
                let player = match role {
                    Role::Seat(s) => Player::from_index(s).unwrap_or(Player::Zero),
                    // Same screen: whoever is to act resigns.
                    Role::Both => to_act.ok_or_else(|| {
                        refuse(ErrorCode::Illegal, "nobody is to act: nothing to resign")
                    })?,
                    Role::Spectator => {
                        return Err(refuse(ErrorCode::NotYourTurn, "spectators can only watch"))
                    }
                };
                Action::Resign { player }
            }
            ClientMsg::NextGame => {
                if role == Role::Spectator {
                    return Err(refuse(ErrorCode::NotYourTurn, "spectators can only watch"));
                }
                Action::NextGame
            }
            other => {
                return Err(refuse(
                    ErrorCode::Malformed,
                    format!("{other:?} is not a game action"),
                ))
            }
        };
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

    /// The bot's ranked plays for the person to act (games against the computer only).
    pub async fn hint(&self, role: Role) -> Result<Vec<crate::protocol::HintPlay>, Refusal> {
        let Some(bot) = self.bot.clone() else {
            return Err(refuse(
                ErrorCode::Illegal,
                "hints are only given in games against the computer",
            ));
        };
        let game = {
            let st = self.lock().await;
            match st.game.to_act() {
                Some(p)
                    if role.controls(p)
                        && matches!(
                            st.game.phase(),
                            Phase::Move { .. } | Phase::NameDouble { .. }
                        ) => {}
                _ => {
                    return Err(refuse(
                        ErrorCode::NotYourTurn,
                        "a hint is for the player who is moving",
                    ))
                }
            }
            st.game.clone()
        };
        let plays = self
            .services
            .pool
            .run(move || bot::hint(&bot, &game, 5))
            .await
            .ok_or_else(|| refuse(ErrorCode::Unavailable, "the hint could not be computed"))?;
        crate::metrics::Metrics::count(&self.services.metrics.hints);
        Ok(plays)
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
