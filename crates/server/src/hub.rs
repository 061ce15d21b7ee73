//! The hub: every room in memory, and creating games. What happens in a game, seats and
//! rematches included, is the room's ([`crate::room`]).
//!
//! Rooms are held by the connections and bot tasks that use them; the hub keeps weak references,
//! so a game nobody is connected to leaves memory and is loaded from the store again (replayed
//! from its actions) when someone comes back, after a restart too.

use std::collections::HashMap;
use std::sync::{Arc, Weak};

use acey_rules::{Game, Rules};
use tokio::sync::Mutex;

use crate::health::WRITE_TIMEOUT;
use crate::protocol::{ErrorCode, Role};
use crate::random;
use crate::rating::integrity;
use crate::room::{rebuild, seat_ratings, Refusal, Room};
use crate::seat_token;
use crate::services::Services;
use crate::storage::{GameMeta, Mode, Online, Seated};
use crate::store::Backend;

pub use acey_protocol::MAX_MATCH;

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
        // A game not in memory needs the database: refused at once while it is down.
        self.services.health.check()?;
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
        meta.online.ratings = seat_ratings(&self.services, &meta).await;
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
        room.take_up(rematch).await?;
        Ok(room)
    }

    /// Creates a game; returns its room, the creator's role and token.
    pub async fn create(&self, new: NewGame) -> Result<(Arc<Room>, Role, String), Refusal> {
        let bad = |m: String| (ErrorCode::BadSettings, m);
        let rules = acey_protocol::create_rules(new.rules.as_deref(), new.match_to).map_err(bad)?;
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
            takebacks: 0,
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
            takebacks: 0,
            online: Online {
                players: players.map(Some),
                rated,
                unrated: None,
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

    /// Stores a new game described by `meta` and opens its room (the die-off rolled, the bot
    /// started where it moves first).
    pub(crate) async fn start(&self, mut meta: GameMeta) -> Result<Arc<Room>, Refusal> {
        let health = &self.services.health;
        health.check()?;
        self.rated_or_why(&mut meta.online).await?;
        match tokio::time::timeout(WRITE_TIMEOUT, self.store().create_game(&meta)).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                health.failed();
                return Err(unavailable(e));
            }
            Err(_) => {
                health.failed();
                return Err(unavailable("the database did not answer in time"));
            }
        }
        meta.online.ratings = seat_ratings(&self.services, &meta).await;
        crate::metrics::Metrics::count(&self.services.metrics.games_created);
        tracing::info!(game = %meta.id, mode = meta.mode.as_str(), rules = %meta.rules, "game created");
        let game = Game::new(meta.rules);
        let room = Room::new(meta, game, Arc::clone(&self.services));
        self.insert(&room).await;
        room.take_up(None).await?;
        Ok(room)
    }
}

impl Hub {
    /// A game offered as rated between two accounts (a lobby game, or its rematch) is played
    /// unrated, and says why, when the rules of rated games say so
    /// ([`integrity::before_start`]: one network, or the pair's rated games of the day played).
    async fn rated_or_why(&self, online: &mut Online) -> Result<(), Refusal> {
        let offered = online.rated || online.unrated.is_some();
        let accounts = online.players.clone().map(|p| p.and_then(|p| p.account));
        let (true, [Some(a), Some(b)]) = (offered, accounts) else {
            return Ok(());
        };
        let why = integrity::before_start(&**self.store(), a, b, now())
            .await
            .map_err(unavailable)?;
        online.rated = why.is_none();
        online.unrated = why;
        Ok(())
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
