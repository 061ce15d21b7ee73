//! A room: one game in memory, the people connected to it, and the server's own moves in it
//! (dice and the bot).
//!
//! Every change goes through [`Room::commit`], under the room's lock: the `Game` checks the
//! action, the store keeps it, and only then is it broadcast. A refused or unstorable action
//! leaves the game as it was.

use std::sync::Arc;

use acey_ai::Bot;
use acey_rules::{Action, Game, Phase, Player};
use tokio::sync::{broadcast, Mutex, MutexGuard};

use crate::bot::{self, Situation};
use crate::protocol::{ClientMsg, ErrorCode, GameInfo, LogEntry, Role, ServerMsg, View};
use crate::random;
use crate::services::Services;
use crate::storage::{BoxFuture, GameMeta, Mode};

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
}

/// One game being played or watched.
pub struct Room {
    /// The game id.
    pub id: String,
    state: Mutex<RoomState>,
    events: broadcast::Sender<Arc<str>>,
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
        Arc::new(Room {
            id: meta.id.clone(),
            state: Mutex::new(RoomState {
                meta,
                game,
                rematch: None,
                rematch_offer: None,
                bot_running: false,
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
    pub async fn join(
        &self,
        role: Role,
        token: Option<String>,
    ) -> (ServerMsg, broadcast::Receiver<Arc<str>>) {
        let st = self.lock().await;
        let rx = self.events.subscribe();
        (Room::snapshot(&st, role, token), rx)
    }

    /// The full-state message.
    pub fn snapshot(st: &RoomState, role: Role, token: Option<String>) -> ServerMsg {
        ServerMsg::Joined {
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
        // No receiver is not an error: nobody is watching right now.
        let _ = self.events.send(Arc::from(msg.to_json()));
    }

    /// Number of connections listening.
    pub fn listeners(&self) -> usize {
        self.events.receiver_count()
    }

    /// Checks `action` against the game, stores it, then broadcasts it.
    pub async fn commit(&self, st: &mut RoomState, action: Action) -> Result<(), Refusal> {
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
            return Err(refuse(
                ErrorCode::Unavailable,
                format!("the move could not be saved, try again: {e}"),
            ));
        }
        let log = st.game.log()[log_before..]
            .iter()
            .map(LogEntry::from)
            .collect();
        self.broadcast(&ServerMsg::Update {
            action,
            view: View::of(&st.game),
            log,
        });
        Ok(())
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
                            && self
                                .bot
                                .as_ref()
                                .is_some_and(|b| bot::offers_double(b, &st.game)) =>
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
        let (situation, n) = {
            let mut st = self.lock().await;
            match st.game.to_act() {
                Some(p) if self.is_bot(&st, p) => {}
                _ => {
                    st.bot_running = false;
                    return;
                }
            }
            (Situation::of(&st.game), st.game.actions().len())
        };
        let seed = random::seed().unwrap_or(n as u64);
        let actions = self
            .services
            .pool
            .run(move || bot::decide(&bot, &situation, seed))
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
        let situation = {
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
            Situation::of(&st.game)
        };
        let plays = self
            .services
            .pool
            .run(move || bot::hint(&bot, &situation, 5))
            .await
            .ok_or_else(|| refuse(ErrorCode::Unavailable, "the hint could not be computed"))?;
        crate::metrics::Metrics::count(&self.services.metrics.hints);
        Ok(plays)
    }
}

/// Rebuilds a game from its rules and actions.
pub fn rebuild(meta: &GameMeta, actions: &[Action]) -> Result<Game, String> {
    Game::replay(meta.rules, actions)
        .map_err(|(i, e)| format!("stored action {i} of game {} is refused: {e}", meta.id))
}
