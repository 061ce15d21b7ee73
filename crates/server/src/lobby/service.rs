//! The lobby's logic: challenges made, cancelled, accepted; quick pairing; and the background
//! task that keeps watchers told of games being played and of who is online.

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use crate::account::PlayerName;
use crate::clock::TimeControl;
use crate::hub::{Hub, MAX_MATCH};
use crate::lobby::{best_opponent, Challenge, Pool, POOLS};
use crate::protocol::{ErrorCode, LobbyView, PoolView, Role, ServerMsg};
use crate::random;
use crate::rating::{integrity, Family, Kind};
use crate::room::{Refusal, Room};
use crate::storage::{Seated, StoreError};
use crate::store::LiveGame;

/// Open challenges one connection may have at once.
pub const MAX_CHALLENGES: usize = 3;

/// Lobby games listed as being played, at most.
const PLAYING_LISTED: u32 = 30;

/// Lobby games read to find those listed: the newest, players present or not.
const PLAYING_READ: u32 = 300;

/// Every how many seconds the list of games being played is read again, and sent if it
/// changed.
const PLAYING_REFRESH: u64 = 10;

/// What a challenge asks for.
#[derive(Debug, Clone, Default)]
pub struct Offer {
    /// Rule string (default `american`).
    pub rules: Option<String>,
    /// Match length (default 1).
    pub match_to: Option<u32>,
    /// Clock, as `3+12` or `30/turn`.
    pub clock: Option<String>,
    /// Rated (accounts only).
    pub rated: bool,
}

/// What a quick-pairing press did.
pub enum Seek {
    /// Nobody else waits: this connection waits, under this seek id.
    Waiting(String),
    /// Paired at once: the game, this connection's role and token.
    Paired(Arc<Room>, Role, String),
}

/// The lobby.
pub struct Lobby {
    hub: Arc<Hub>,
    /// Pairing is one decision at a time on a node, so that two players pressing the same
    /// button at once meet instead of both waiting.
    pairing: tokio::sync::Mutex<()>,
    /// The names guests connected to this node chose, by connection, as skeletons
    /// ([`crate::account::skeleton`]): a guest cannot take a name that looks like another
    /// connected guest's.
    guest_names: std::sync::Mutex<HashMap<String, Held>>,
}

/// A guest name held by a connection.
struct Held {
    /// The name's skeleton: another name that looks the same is refused.
    skeleton: String,
    /// The secret that lets the same guest take the name back from a connection of theirs
    /// that has not closed yet.
    claim: String,
}

/// A guest name granted: the name as normalised, and the claim that takes it back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GuestName {
    /// The name.
    pub name: String,
    /// Its claim, given to the client in `welcome`.
    pub claim: String,
}

fn unavailable(e: impl std::fmt::Display) -> Refusal {
    (ErrorCode::Unavailable, e.to_string())
}

use crate::clock::now_secs as now;

impl Lobby {
    /// The lobby of a hub.
    pub fn new(hub: Arc<Hub>) -> Arc<Lobby> {
        Arc::new(Lobby {
            hub,
            pairing: tokio::sync::Mutex::new(()),
            guest_names: std::sync::Mutex::new(HashMap::new()),
        })
    }

    /// Checks the name a guest chose on connection `conn` and holds it for them until the
    /// connection closes ([`Lobby::closed`]): refused (`bad_name`) when it breaks the rules of
    /// names, and (`name_taken`) when it is an account's, looks like one (UTS #39 skeletons), or
    /// looks like another connected guest's, unless `claim` is the claim given with that name
    /// (the same guest back on a new connection before the server saw the old one close).
    /// Returns the name as normalised and its claim.
    pub async fn guest_name(
        &self,
        conn: &str,
        typed: &str,
        claim: Option<&str>,
    ) -> Result<GuestName, Refusal> {
        let name = PlayerName::parse(typed).map_err(|e| (ErrorCode::BadName, e.to_string()))?;
        let like = self
            .hub
            .store()
            .account_like(&name)
            .await
            .map_err(unavailable)?;
        if let Some(account) = like {
            let why = if account.name.to_lowercase() == name.key() {
                format!(
                    "'{name}' is a registered player's name: log in to use it, or choose another"
                )
            } else {
                format!(
                    "'{name}' looks like the registered player '{}': choose another name",
                    account.name
                )
            };
            return Err((ErrorCode::NameTaken, why));
        }
        let skeleton = name.skeleton();
        let mut names = self.guest_names.lock().unwrap_or_else(|e| e.into_inner());
        let holder = names
            .iter()
            .find(|(other, held)| other.as_str() != conn && held.skeleton == skeleton)
            .map(|(other, held)| (other.clone(), held.claim.clone()));
        let claim = match holder {
            Some((other, held))
                if claim.is_some_and(|c| crate::seat_token::same_secret(c, &held)) =>
            {
                names.remove(&other);
                held
            }
            Some(_) => {
                return Err((
                    ErrorCode::NameTaken,
                    format!(
                        "'{name}' is, or looks like, the name of a player here now: choose another"
                    ),
                ))
            }
            None => crate::random::token().map_err(unavailable)?,
        };
        names.insert(
            conn.to_string(),
            Held {
                skeleton,
                claim: claim.clone(),
            },
        );
        Ok(GuestName {
            name: name.as_str().to_string(),
            claim,
        })
    }

    /// Notes that an account connected from `ip`: two accounts seen on one network never play
    /// rated against each other ([`integrity`]).
    pub async fn seen(&self, account: i64, ip: IpAddr) {
        let network = integrity::network(ip);
        if let Err(e) = self.hub.store().saw_network(account, &network, now()).await {
            tracing::warn!(account, error = %e, "network of an account not noted");
        }
    }

    /// A connection closed: its challenges and seeks leave the lobby, and its guest name is
    /// free again.
    pub async fn closed(&self, conn: &str) {
        self.guest_names
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(conn);
        self.leave(conn).await;
    }

    /// The whole lobby, as the `lobby` message and `GET /api/lobby` give it; `online` is the
    /// number of WebSocket connections.
    pub async fn snapshot(&self, online: usize) -> Result<LobbyView, Refusal> {
        let store = self.hub.store();
        let all = store.challenges().await.map_err(unavailable)?;
        let playing = self.playing().await.map_err(unavailable)?;
        Ok(LobbyView {
            pools: pools(&all),
            challenges: all
                .iter()
                .filter(|c| c.pool.is_none())
                .map(Into::into)
                .collect(),
            playing,
            online,
        })
    }

    async fn rating_of(&self, who: &Seated, family: Family, kind: Kind) -> Option<f64> {
        let account = who.account?;
        self.hub
            .store()
            .rating(account, family, kind)
            .await
            .ok()
            .map(|r| r.rating.round())
    }

    /// Makes a challenge and tells the lobby.
    pub async fn create(
        &self,
        who: &Seated,
        conn: &str,
        offer: Offer,
    ) -> Result<Challenge, Refusal> {
        let bad = |m: String| (ErrorCode::BadSettings, m);
        let rules_text = offer
            .rules
            .filter(|r| !r.trim().is_empty())
            .unwrap_or_else(|| "american".into());
        let mut rules: acey_rules::Rules = rules_text.parse().map_err(|e| bad(format!("{e}")))?;
        let match_to = offer.match_to.unwrap_or(1);
        if !(1..=MAX_MATCH).contains(&match_to) {
            return Err(bad(format!(
                "a lobby game is a match of 1 to {MAX_MATCH} points, not {match_to}"
            )));
        }
        rules.match_target = Some(match_to);
        let clock = offer
            .clock
            .filter(|c| !c.trim().is_empty())
            .map(|c| TimeControl::parse(&c))
            .transpose()
            .map_err(|e| bad(e.to_string()))?;
        if offer.rated && who.account.is_none() {
            return Err((
                ErrorCode::Forbidden,
                "log in to offer a rated game: guests play casual games".into(),
            ));
        }
        let store = self.hub.store();
        let mine = store
            .challenges()
            .await
            .map_err(unavailable)?
            .into_iter()
            .filter(|c| c.owner == conn && c.pool.is_none())
            .count();
        if mine >= MAX_CHALLENGES {
            return Err((
                ErrorCode::Forbidden,
                format!("you have {MAX_CHALLENGES} open challenges already: cancel one first"),
            ));
        }
        let family = Family::of(&rules);
        let kind = Kind::of(&rules).unwrap_or(Kind::Game);
        let challenge = Challenge {
            id: random::game_id().map_err(unavailable)?,
            name: who.name.clone(),
            account: who.account,
            registered: who.account.is_some(),
            rating: self.rating_of(who, family, kind).await,
            rules: rules_without_match(&rules),
            match_to,
            clock,
            rated: offer.rated,
            pool: None,
            owner: conn.to_string(),
            created_at: now(),
        };
        store.add_challenge(&challenge).await.map_err(unavailable)?;
        self.hub.services().bus.publish(&ServerMsg::ChallengeAdded {
            challenge: (&challenge).into(),
        });
        Ok(challenge)
    }

    /// Withdraws one of this connection's challenges or seeks.
    pub async fn cancel(&self, conn: &str, id: &str) -> Result<(), Refusal> {
        let store = self.hub.store();
        let theirs = store
            .challenges()
            .await
            .map_err(unavailable)?
            .into_iter()
            .find(|c| c.id == id);
        match theirs {
            None => Err((ErrorCode::Gone, "that challenge is gone already".into())),
            Some(c) if c.owner != conn => Err((
                ErrorCode::Forbidden,
                "only its creator can cancel a challenge".into(),
            )),
            Some(_) => {
                if let Some(c) = store.take_challenge(id).await.map_err(unavailable)? {
                    self.announce_gone(&[c]).await;
                }
                Ok(())
            }
        }
    }

    /// Removes every challenge and seek of a connection that left.
    pub async fn leave(&self, conn: &str) {
        match self.hub.store().take_challenges_of(conn).await {
            Ok(gone) if !gone.is_empty() => self.announce_gone(&gone).await,
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "challenges of a closed connection not removed"),
        }
    }

    async fn announce_gone(&self, gone: &[Challenge]) {
        let bus = &self.hub.services().bus;
        let mut seeks = false;
        for c in gone {
            if c.pool.is_some() {
                seeks = true;
            } else {
                bus.publish(&ServerMsg::ChallengeRemoved { id: c.id.clone() });
            }
        }
        if seeks {
            self.publish_pools().await;
        }
    }

    async fn publish_pools(&self) {
        if let Ok(all) = self.hub.store().challenges().await {
            self.hub
                .services()
                .bus
                .publish(&ServerMsg::Pools { pools: pools(&all) });
        }
    }

    /// Accepts a challenge: the game starts, the creator is told to join it.
    pub async fn accept(
        &self,
        who: &Seated,
        conn: &str,
        id: &str,
    ) -> Result<(Arc<Room>, Role, String), Refusal> {
        let store = self.hub.store();
        let found = store
            .challenges()
            .await
            .map_err(unavailable)?
            .into_iter()
            .find(|c| c.id == id);
        let Some(c) = found else {
            return Err((
                ErrorCode::Gone,
                "that challenge is gone: it was taken or cancelled".into(),
            ));
        };
        if c.owner == conn || (c.account.is_some() && c.account == who.account) {
            return Err((ErrorCode::Forbidden, "that is your own challenge".into()));
        }
        if c.rated && who.account.is_none() {
            return Err((
                ErrorCode::Forbidden,
                "this challenge is rated: log in to accept it".into(),
            ));
        }
        let Some(c) = store.take_challenge(id).await.map_err(unavailable)? else {
            return Err((
                ErrorCode::Gone,
                "someone accepted that challenge first".into(),
            ));
        };
        self.announce_gone(std::slice::from_ref(&c)).await;
        self.start(&c, who).await
    }

    /// Starts the game of a taken challenge or seek `c` against `who`, and tells its creator.
    async fn start(
        &self,
        c: &Challenge,
        who: &Seated,
    ) -> Result<(Arc<Room>, Role, String), Refusal> {
        let rules = c.rules().ok_or_else(|| {
            (
                ErrorCode::BadSettings,
                format!("bad stored rules '{}'", c.rules),
            )
        })?;
        let creator = Seated {
            name: c.name.clone(),
            account: c.account,
        };
        let rated = c.rated && creator.account.is_some() && who.account.is_some();
        let (room, tokens) = self
            .hub
            .create_online(rules, c.clock, rated, [creator, who.clone()])
            .await?;
        let [theirs, mine] = tokens;
        if !self.hub.services().bus.deliver(
            &c.owner,
            &ServerMsg::Paired {
                game: room.id.clone(),
                token: theirs,
            },
        ) {
            tracing::info!(game = %room.id, "the challenger left before the game began");
        }
        self.hub.services().bus.playing_changed();
        Ok((room, Role::Seat(1), mine))
    }

    /// Quick pairing: pairs with the best waiting player of the pool, or waits.
    pub async fn seek(&self, who: &Seated, conn: &str, pool_id: &str) -> Result<Seek, Refusal> {
        let Some(pool) = Pool::find(pool_id) else {
            let ids: Vec<&str> = POOLS.iter().map(|p| p.id).collect();
            return Err((
                ErrorCode::BadSettings,
                format!("no pool '{pool_id}': the pools are {}", ids.join(", ")),
            ));
        };
        let store = self.hub.store();
        let (family, kind) = pool.rated_as();
        let rating = self.rating_of(who, family, kind).await;
        let _one_at_a_time = self.pairing.lock().await;
        let all = store.challenges().await.map_err(unavailable)?;
        if let Some(own) = all
            .iter()
            .find(|c| c.owner == conn && c.pool.as_deref() == Some(pool.id))
        {
            return Ok(Seek::Waiting(own.id.clone()));
        }
        let waiting: Vec<Challenge> = all
            .into_iter()
            .filter(|c| {
                c.pool.as_deref() == Some(pool.id)
                    && c.owner != conn
                    && (c.account.is_none() || c.account != who.account)
            })
            .collect();
        let (waiting, met_lately) = self.fair_opponents(who, waiting).await?;
        if let Some(best) = best_opponent(rating, &waiting, |c| met_lately.contains(&c.id)) {
            if let Some(theirs) = store.take_challenge(&best.id).await.map_err(unavailable)? {
                // Every other seek of the pairing partner goes too: they are playing now.
                let others = store
                    .take_challenges_of(&theirs.owner)
                    .await
                    .unwrap_or_default();
                let mine = store.take_challenges_of(conn).await.unwrap_or_default();
                let mut gone = vec![theirs.clone()];
                gone.extend(others);
                gone.extend(mine);
                self.announce_gone(&gone).await;
                let (room, role, token) = self.start(&theirs, who).await?;
                return Ok(Seek::Paired(room, role, token));
            }
        }
        let seek = Challenge {
            id: random::game_id().map_err(unavailable)?,
            name: who.name.clone(),
            account: who.account,
            registered: who.account.is_some(),
            rating,
            rules: pool.rules.to_string(),
            match_to: pool.match_to,
            clock: Some(pool.clock),
            // Rated when both have accounts (decided at the start).
            rated: who.account.is_some(),
            pool: Some(pool.id.to_string()),
            owner: conn.to_string(),
            created_at: now(),
        };
        store.add_challenge(&seek).await.map_err(unavailable)?;
        self.publish_pools().await;
        Ok(Seek::Waiting(seek.id))
    }

    /// Of the seeks `waiting`, those `who` may be paired with, and the ids of those whose account
    /// `who` has played rated in the last day (paired only when no other waits). Two accounts
    /// that the rules of rated games would make play unrated ([`integrity::before_start`]: one
    /// network, or the pair's rated games of the day played) are not paired at all: both wait
    /// for someone else, and can still meet by a challenge, played unrated.
    async fn fair_opponents(
        &self,
        who: &Seated,
        waiting: Vec<Challenge>,
    ) -> Result<(Vec<Challenge>, HashSet<String>), Refusal> {
        let Some(me) = who.account else {
            return Ok((waiting, HashSet::new()));
        };
        let store = &**self.hub.store();
        let now = now();
        let mut fair = Vec::with_capacity(waiting.len());
        let mut met_lately = HashSet::new();
        for c in waiting {
            let Some(them) = c.account else {
                fair.push(c);
                continue;
            };
            if integrity::before_start(store, me, them, now)
                .await
                .map_err(unavailable)?
                .is_some()
            {
                continue;
            }
            if store
                .rated_between(me, them, now - integrity::DAY, "")
                .await
                .map_err(unavailable)?
                > 0
            {
                met_lately.insert(c.id.clone());
            }
            fair.push(c);
        }
        Ok((fair, met_lately))
    }

    /// The lobby games being played with at least one player connected (a game whose players
    /// all left is not shown, though its clock runs on), newest first.
    async fn playing(&self) -> Result<Vec<LiveGame>, StoreError> {
        let bus = &self.hub.services().bus;
        let mut games = self
            .hub
            .store()
            .live_games(now() - 24 * 3600, PLAYING_READ)
            .await?;
        games.retain(|g| bus.has_players(&g.id));
        games.truncate(PLAYING_LISTED as usize);
        Ok(games)
    }

    /// Keeps lobby watchers told: the games being played when one starts or ends, and the
    /// number online when it changes (at most once a second).
    pub async fn run(self: Arc<Self>) {
        let bus = &self.hub.services().bus;
        let mut last_online = usize::MAX;
        let mut last_playing = None;
        let mut ticks = 0u64;
        let mut tick = tokio::time::interval(Duration::from_secs(1));
        loop {
            tokio::select! {
                _ = bus.wait_playing() => {
                    // Games often start in pairs (a challenge taken, a seek paired): one list.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    match self.playing().await {
                        Ok(games) => {
                            bus.publish(&ServerMsg::Playing { games: games.clone() });
                            last_playing = Some(games);
                        }
                        Err(e) => tracing::warn!(error = %e, "games being played not read"),
                    }
                }
                _ = tick.tick() => {
                    ticks += 1;
                    // Now and then, the list again, sent if it changed: another node that
                    // stopped (its players with it) says nothing.
                    if ticks.is_multiple_of(PLAYING_REFRESH) {
                        if let Ok(games) = self.playing().await {
                            if last_playing.as_ref() != Some(&games) {
                                bus.publish(&ServerMsg::Playing { games: games.clone() });
                                last_playing = Some(games);
                            }
                        }
                    }
                    let n = bus.connections();
                    if n != last_online {
                        last_online = n;
                        bus.publish(&ServerMsg::Online { n });
                    }
                }
            }
        }
    }
}

/// The rule string of a rule set without its match length (shown beside the length).
fn rules_without_match(rules: &acey_rules::Rules) -> String {
    let mut r = *rules;
    r.match_target = None;
    r.to_string()
}

/// How many wait in each pool.
fn pools(all: &[Challenge]) -> Vec<PoolView> {
    POOLS
        .iter()
        .map(|p| {
            p.view(
                all.iter()
                    .filter(|c| c.pool.as_deref() == Some(p.id))
                    .count(),
            )
        })
        .collect()
}
