//! The hub: every room in memory, creating games, and joining them.
//!
//! Rooms are held by the connections and bot tasks that use them; the hub keeps weak references,
//! so a game nobody is connected to leaves memory and is loaded from the store again (replayed
//! from its actions) when someone comes back, after a restart too.

use std::collections::HashMap;
use std::sync::{Arc, Weak};

use acey_rules::{Game, Rules};
use tokio::sync::Mutex;

use crate::protocol::{ErrorCode, GameInfo, Role, ServerMsg};
use crate::random;
use crate::room::{rebuild, Refusal, Room};
use crate::seat_token;
use crate::services::Services;
use crate::storage::{GameMeta, Mode, Online, Seated};
use crate::store::Backend;

/// The longest match a game may be created with.
pub const MAX_MATCH: u32 = 99;

/// What a create message asks for.
#[derive(Debug, Clone)]
pub struct NewGame {
    /// How it is played.
    pub mode: Mode,
    /// Rule string (default `american`).
    pub rules: Option<String>,
    /// Match length (0: open session; default 1, a single game).
    pub match_to: Option<u32>,
    /// Bot level (computer games; default `casual`).
    pub level: Option<String>,
    /// The creator's seat (default 0).
    pub seat: Option<usize>,
    /// Who creates it (their name goes to their seat).
    pub who: Option<Seated>,
}

/// All rooms.
pub struct Hub {
    services: Arc<Services>,
    rooms: Mutex<HashMap<String, Weak<Room>>>,
}

fn unavailable(e: impl std::fmt::Display) -> Refusal {
    (ErrorCode::Unavailable, e.to_string())
}

use crate::clock::now_secs as now;

impl Hub {
    /// A hub over the server's services.
    pub fn new(services: Arc<Services>) -> Arc<Hub> {
        Arc::new(Hub {
            services,
            rooms: Mutex::new(HashMap::new()),
        })
    }

    /// The store.
    pub fn store(&self) -> &Arc<dyn Backend> {
        &self.services.store
    }

    /// The shared services.
    pub fn services(&self) -> &Arc<Services> {
        &self.services
    }

    /// The room of a game if it is in memory on this node.
    pub async fn loaded(&self, id: &str) -> Option<Arc<Room>> {
        self.rooms.lock().await.get(id).and_then(Weak::upgrade)
    }

    /// Every room in memory on this node.
    pub async fn all_loaded(&self) -> Vec<Arc<Room>> {
        self.rooms
            .lock()
            .await
            .values()
            .filter_map(Weak::upgrade)
            .collect()
    }

    /// Games in memory now.
    pub async fn rooms_in_memory(&self) -> usize {
        self.rooms
            .lock()
            .await
            .values()
            .filter(|w| w.strong_count() > 0)
            .count()
    }

    async fn insert(&self, room: &Arc<Room>) {
        remember(&mut *self.rooms.lock().await, room);
    }

    /// The room of a game, loading it from the store if it is not in memory.
    ///
    /// The hub's lock is never held across the load: two joiners of a game not in memory may
    /// both load it, and the second to finish takes the first one's room.
    pub async fn room(&self, id: &str) -> Result<Arc<Room>, Refusal> {
        if let Some(room) = self.rooms.lock().await.get(id).and_then(Weak::upgrade) {
            return Ok(room);
        }
        let store = self.store();
        let stored = store
            .load_game(id)
            .await
            .map_err(unavailable)?
            .ok_or_else(|| (ErrorCode::NotFound, format!("there is no game '{id}'")))?;
        let rematch = store.find_rematch(id).await.map_err(unavailable)?;
        // Replaying is CPU work: off the async threads.
        let meta = stored.meta.clone();
        let game = tokio::task::spawn_blocking(move || rebuild(&meta, &stored.actions))
            .await
            .map_err(unavailable)?
            .map_err(unavailable)?;
        let mut meta = stored.meta;
        meta.online.ratings = self.ratings(&meta).await;
        let fresh = Room::new(meta, game, Arc::clone(&self.services));
        let room = {
            let mut rooms = self.rooms.lock().await;
            match rooms.get(id).and_then(Weak::upgrade) {
                Some(theirs) => return Ok(theirs),
                None => {
                    remember(&mut rooms, &fresh);
                    fresh
                }
            }
        };
        // A restart may have stopped the server between an action and the roll or the bot move
        // that follows it: carry on from there. A rematch started before keeps its id.
        let mut st = room.lock().await;
        st.rematch = rematch;
        room.advance(&mut st).await?;
        room.resume(&mut st).await;
        drop(st);
        Ok(room)
    }

    /// Creates a game; returns its room, the creator's role and token.
    pub async fn create(&self, new: NewGame) -> Result<(Arc<Room>, Role, String), Refusal> {
        let bad = |m: String| (ErrorCode::BadSettings, m);
        let mut rules: Rules = match &new.rules {
            Some(r) if !r.trim().is_empty() => r.parse().map_err(|e| bad(format!("{e}")))?,
            _ => Rules::default(),
        };
        match new.match_to {
            Some(0) => rules.match_target = None,
            Some(n) if n > MAX_MATCH => {
                return Err(bad(format!("a match is 1 to {MAX_MATCH} points, not {n}")))
            }
            Some(n) => rules.match_target = Some(n),
            None if rules.match_target.is_none() => rules.match_target = Some(1),
            None => {}
        }
        // A match length written into the rule string is held to the same limit.
        if let Some(n) = rules.match_target.filter(|&n| n > MAX_MATCH) {
            return Err(bad(format!("a match is 1 to {MAX_MATCH} points, not {n}")));
        }
        let seat = new.seat.unwrap_or(0);
        if seat > 1 {
            return Err(bad(format!("a seat is 0 or 1, not {seat}")));
        }
        let level = match new.mode {
            Mode::Computer => {
                let name = new.level.as_deref().unwrap_or("casual");
                let level: acey_ai::Level = name.parse().map_err(|e| bad(format!("{e}")))?;
                Some(level.as_str().to_string())
            }
            _ if new.level.is_some() => {
                return Err(bad("a level is only for games against the computer".into()))
            }
            _ => None,
        };
        // The creator gets the token; the store and the room keep only its hash.
        let token = random::token().map_err(unavailable)?;
        let kept = seat_token::stored_form(&token);
        let (tokens, bot_seat, role) = match new.mode {
            Mode::Computer => {
                let mut t = [None, None];
                t[seat] = Some(kept);
                (t, Some(1 - seat), Role::Seat(seat))
            }
            Mode::Friend => {
                let mut t = [None, None];
                t[seat] = Some(kept);
                (t, None, Role::Seat(seat))
            }
            Mode::Local => ([Some(kept.clone()), Some(kept)], None, Role::Both),
        };
        let mut online = Online::default();
        if new.mode != Mode::Local {
            online.players[seat] = new.who;
        }
        let meta = GameMeta {
            id: random::game_id().map_err(unavailable)?,
            mode: new.mode,
            rules,
            level,
            bot_seat,
            tokens,
            rematch_of: None,
            created_at: now(),
            online,
        };
        let room = self.start(meta).await?;
        Ok((room, role, token))
    }

    /// Creates a game from the lobby between `players` (seat 0 first), both seats taken;
    /// returns the room and each seat's token.
    pub async fn create_online(
        &self,
        rules: Rules,
        clock: Option<crate::clock::TimeControl>,
        rated: bool,
        players: [Seated; 2],
    ) -> Result<(Arc<Room>, [String; 2]), Refusal> {
        let tokens = [
            random::token().map_err(unavailable)?,
            random::token().map_err(unavailable)?,
        ];
        let meta = GameMeta {
            id: random::game_id().map_err(unavailable)?,
            mode: Mode::Friend,
            rules,
            level: None,
            bot_seat: None,
            tokens: [
                Some(seat_token::stored_form(&tokens[0])),
                Some(seat_token::stored_form(&tokens[1])),
            ],
            rematch_of: None,
            created_at: now(),
            online: Online {
                players: players.map(Some),
                rated,
                lobby: true,
                clock: clock.map(crate::clock::Clock::new),
                ratings: [None, None],
            },
        };
        let room = self.start(meta).await?;
        Ok((room, tokens))
    }

    /// Loads every game whose clock was running when the server stopped, so that its clock
    /// runs on (a room with a timer stays in memory until its game ends).
    pub async fn resume_clocks(&self) -> usize {
        let ids = match self.store().running_clocks().await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::error!(error = %e, "games with clocks not resumed");
                return 0;
            }
        };
        let mut resumed = 0;
        for id in ids {
            match self.room(&id).await {
                Ok(_) => resumed += 1,
                Err((_, e)) => tracing::warn!(game = %id, error = %e, "clock not resumed"),
            }
        }
        resumed
    }

    /// The ratings of the accounts at the seats, for the game's family and kind.
    async fn ratings(&self, meta: &GameMeta) -> [Option<f64>; 2] {
        let mut out = [None, None];
        let Some(kind) = crate::rating::Kind::of(&meta.rules) else {
            return out;
        };
        let family = crate::rating::Family::of(&meta.rules);
        for (seat, p) in meta.online.players.iter().enumerate() {
            if let Some(account) = p.as_ref().and_then(|p| p.account) {
                out[seat] = self
                    .store()
                    .rating(account, family, kind)
                    .await
                    .ok()
                    .map(|r| r.rating.round());
            }
        }
        out
    }

    async fn start(&self, mut meta: GameMeta) -> Result<Arc<Room>, Refusal> {
        self.store().create_game(&meta).await.map_err(unavailable)?;
        meta.online.ratings = self.ratings(&meta).await;
        crate::metrics::Metrics::count(&self.services.metrics.games_created);
        tracing::info!(game = %meta.id, mode = meta.mode.as_str(), rules = %meta.rules, "game created");
        let game = Game::new(meta.rules);
        let room = Room::new(meta, game, Arc::clone(&self.services));
        self.insert(&room).await;
        let mut st = room.lock().await;
        room.advance(&mut st).await?;
        room.resume(&mut st).await;
        drop(st);
        Ok(room)
    }

    /// Works out the role of a joiner: the seat of a matching token, a free seat of a friend
    /// game (claimed with a new token), or watching.
    pub async fn seat_for(
        &self,
        room: &Arc<Room>,
        token: Option<&str>,
        watch: bool,
        who: Option<&Seated>,
    ) -> Result<(Role, Option<String>), Refusal> {
        let mut st = room.lock().await;
        if let Some(t) = token {
            // The seats this token holds, and whether any is still inherited from the game
            // before a rematch (worked out before any await: nothing borrowed crosses one).
            let seats: Vec<usize> = (0..2)
                .filter(|&i| {
                    st.meta.tokens[i]
                        .as_deref()
                        .is_some_and(|s| seat_token::matches(s, t))
                })
                .collect();
            let carried = seats.iter().any(|&i| {
                st.meta.tokens[i]
                    .as_deref()
                    .is_some_and(seat_token::is_inherited)
            });
            let role = match seats.as_slice() {
                [0, 1] => Some(Role::Both),
                [s] => Some(Role::Seat(*s)),
                _ => None,
            };
            if let Some(role) = role {
                if !carried {
                    return Ok((role, Some(t.to_string())));
                }
                // The first join of a rematch with the old game's token: the seat gets a token
                // of its own, and the old one stops opening it.
                let fresh = random::token().map_err(unavailable)?;
                let kept = seat_token::stored_form(&fresh);
                for &i in &seats {
                    let old = st.meta.tokens[i].clone().unwrap_or_default();
                    if !self
                        .store()
                        .replace_seat(&room.id, i, &old, &kept)
                        .await
                        .map_err(unavailable)?
                    {
                        return Ok((Role::Spectator, None));
                    }
                    st.meta.tokens[i] = Some(kept.clone());
                }
                return Ok((role, Some(fresh)));
            }
        }
        if watch || st.meta.mode != Mode::Friend {
            return Ok((Role::Spectator, None));
        }
        let Some(free) = (0..2).find(|&i| st.meta.tokens[i].is_none()) else {
            return Ok((Role::Spectator, None));
        };
        let new_token = random::token().map_err(unavailable)?;
        let kept = seat_token::stored_form(&new_token);
        if !self
            .store()
            .claim_seat(&room.id, free, &kept)
            .await
            .map_err(unavailable)?
        {
            return Ok((Role::Spectator, None));
        }
        st.meta.tokens[free] = Some(kept);
        if let Some(who) = who {
            if let Err(e) = self.store().set_player(&room.id, free, who).await {
                tracing::warn!(game = %room.id, error = %e, "player's name not stored");
            } else {
                st.meta.online.players[free] = Some(who.clone());
                st.meta.online.ratings = self.ratings(&st.meta).await;
            }
        }
        let info = GameInfo::of(&st.meta);
        room.broadcast(&ServerMsg::Seats {
            seats: info.seats,
            players: info.players,
        });
        room.tell_changed();
        room.advance(&mut st).await?;
        Ok((Role::Seat(free), Some(new_token)))
    }

    /// Asks for a rematch of a finished game: same mode, rules, level and seats (each old token
    /// takes its seat once and then gets a new token). Against the computer and on one screen it starts at once; between
    /// friends the first ask is an offer (broadcast as `rematch_offer`) and the other seat's ask
    /// accepts it. A start is broadcast to everyone in the old room.
    pub async fn rematch(&self, room: &Arc<Room>, role: Role) -> Result<RematchOutcome, Refusal> {
        let seat = match role {
            Role::Spectator => {
                return Err((ErrorCode::NotYourTurn, "spectators can only watch".into()))
            }
            Role::Seat(s) => Some(s),
            Role::Both => None,
        };
        let mut st = room.lock().await;
        if let Some(id) = &st.rematch {
            return Ok(RematchOutcome::AlreadyStarted(id.clone()));
        }
        let over = matches!(st.game.phase(), acey_rules::Phase::GameOver { .. })
            && (st.game.match_winner().is_some() || st.meta.rules.match_target.is_none());
        if !over {
            return Err((
                ErrorCode::Illegal,
                "a rematch can start once the game or match is over".into(),
            ));
        }
        if let (Mode::Friend, Some(me)) = (st.meta.mode, seat) {
            match st.rematch_offer {
                Some(by) if by == me => {
                    return Err((
                        ErrorCode::Illegal,
                        "you have offered a rematch already: your friend has to accept it".into(),
                    ))
                }
                // The other seat offered: this accepts.
                Some(_) => {}
                None => {
                    st.rematch_offer = Some(me);
                    room.broadcast(&ServerMsg::RematchOffer { by: me });
                    return Ok(RematchOutcome::Offered);
                }
            }
        }
        // The same seats, marked inherited: each old token takes its seat once and is then
        // replaced by a new one (seat_for).
        let meta = GameMeta {
            id: random::game_id().map_err(unavailable)?,
            rematch_of: Some(room.id.clone()),
            created_at: now(),
            tokens: st
                .meta
                .tokens
                .clone()
                .map(|t| t.map(|t| seat_token::inherited(&t))),
            online: Online {
                clock: st
                    .meta
                    .online
                    .clock
                    .map(|c| crate::clock::Clock::new(c.control)),
                ..st.meta.online.clone()
            },
            ..st.meta.clone()
        };
        let id = meta.id.clone();
        self.start(meta).await?;
        st.rematch = Some(id.clone());
        st.rematch_offer = None;
        room.broadcast(&ServerMsg::Rematch { game: id.clone() });
        room.tell_changed();
        Ok(RematchOutcome::Started(id))
    }

    /// Declines the other seat's rematch offer (friend games); everyone in the room is told.
    pub async fn decline_rematch(&self, room: &Arc<Room>, role: Role) -> Result<(), Refusal> {
        let Role::Seat(me) = role else {
            return Err((
                ErrorCode::Illegal,
                "only a seated player of a friend game can decline a rematch".into(),
            ));
        };
        let mut st = room.lock().await;
        match st.rematch_offer {
            Some(by) if by != me => {
                st.rematch_offer = None;
                room.broadcast(&ServerMsg::RematchDeclined { by: me });
                Ok(())
            }
            Some(_) => Err((
                ErrorCode::Illegal,
                "that is your own offer: only your friend can decline it".into(),
            )),
            None => Err((
                ErrorCode::Illegal,
                "there is no rematch offer to decline".into(),
            )),
        }
    }
}

/// Keeps a weak reference to `room`. Entries of rooms that left memory are swept out whenever
/// the map has doubled, whether rooms come in by creation or by a join that loaded them, so the
/// map stays within twice the rooms alive.
fn remember(rooms: &mut HashMap<String, Weak<Room>>, room: &Arc<Room>) {
    if rooms.len() >= 64 && rooms.len().is_power_of_two() {
        rooms.retain(|_, w| w.strong_count() > 0);
    }
    rooms.insert(room.id.clone(), Arc::downgrade(room));
}

/// What a rematch request did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RematchOutcome {
    /// A friend game: the request is now an offer to the other seat.
    Offered,
    /// The rematch started (everyone in the room was told).
    Started(String),
    /// It had started before (only the asker needs telling).
    AlreadyStarted(String),
}
