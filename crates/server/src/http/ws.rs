//! One WebSocket connection: limits, parsing, and passing messages between the client and its
//! room.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::{broadcast, watch};
use tokio::time::Instant;

use crate::gate::Peers;
use crate::hub::{Hub, NewGame};
use crate::limits::{Bucket, Limits};
use crate::lobby::service::{Offer, Seek};
use crate::lobby::Lobby;
use crate::metrics::Metrics;
use crate::protocol::{parse_client, ClientMsg, ErrorCode, Role, ServerMsg, VERSION};
use crate::room::RematchOutcome;
use crate::room::{Event, Refusal, Room};
use crate::storage::Seated;

struct Joined {
    room: Arc<Room>,
    role: Role,
    events: broadcast::Receiver<Event>,
}

/// WebSocket close codes the server uses (RFC 6455 section 7.4).
mod close {
    /// The client broke the protocol's limits (flooding past its rate many times over).
    pub const POLICY: u16 = 1008;
    /// A frame too large to read.
    pub const TOO_BIG: u16 = 1009;
    /// The server is restarting: reconnect in a moment.
    pub const RESTART: u16 = 1012;
    /// No message and no pong for too long.
    pub const SILENT: u16 = 1001;
}

/// Refusals in a row past which a flooding client is disconnected.
const FLOOD_CLOSE: u32 = 200;

/// One connection's own state: who it is and what it may still send.
struct Conn {
    /// A random id: the owner of its challenges, the address of its inbox.
    id: String,
    ip: IpAddr,
    peers: Arc<Peers>,
    bucket: Bucket,
    hints: Bucket,
    chat: Bucket,
    refused_in_a_row: u32,
    /// The player's account, from the session cookie of the upgrade request.
    account: Option<Seated>,
    /// A guest's name, from `hello` (or given when needed).
    guest: Option<String>,
    /// The lobby's news, while watching it.
    lobby: Option<broadcast::Receiver<Arc<str>>>,
}

impl Conn {
    /// Who this connection plays as: its account, or a guest under the name it chose (a name
    /// is given to a guest who chose none).
    fn who(&mut self) -> Seated {
        if let Some(a) = &self.account {
            return a.clone();
        }
        let name = self.guest.get_or_insert_with(|| {
            let n = crate::random::seed().unwrap_or(0) % 10_000;
            format!("Guest-{n:04}")
        });
        Seated {
            name: name.clone(),
            account: None,
        }
    }
}

/// What the server shares with every connection.
pub struct Shared {
    /// Rooms and services.
    pub hub: Arc<Hub>,
    /// The lobby.
    pub lobby: Arc<Lobby>,
    /// Per-address state.
    pub peers: Arc<Peers>,
    /// Becomes true when the server begins to shut down.
    pub shutdown: watch::Receiver<bool>,
    /// WebSocket connections being served (a clean shutdown waits for their close frames).
    pub sockets: std::sync::atomic::AtomicUsize,
}

impl Shared {
    /// Waits until every WebSocket connection has ended, or `grace` has passed.
    pub async fn sockets_closed(&self, grace: Duration) {
        let deadline = Instant::now() + grace;
        while self.sockets.load(std::sync::atomic::Ordering::Relaxed) > 0
            && Instant::now() < deadline
        {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

/// Counts a connection as served until dropped.
struct Served<'a>(&'a std::sync::atomic::AtomicUsize);

impl Drop for Served<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    }
}

/// Serves one connection from `ip` until the client leaves, falls silent or floods, or the
/// server shuts down (the client is then told with close code 1012 and reconnects).
///
/// `account` is the player logged in by the upgrade request's session cookie, if any.
pub async fn serve_socket(
    socket: WebSocket,
    shared: Arc<Shared>,
    ip: IpAddr,
    account: Option<Seated>,
) {
    shared
        .sockets
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let _served = Served(&shared.sockets);
    let id = crate::random::token().unwrap_or_else(|_| format!("{ip}-{:?}", Instant::now()));
    let mut inbox = shared.hub.services().bus.register(&id);
    if let Some(account) = account.as_ref().and_then(|a| a.account) {
        shared.lobby.seen(account, ip).await;
    }
    let mut joined: Option<Joined> = None;
    serve(
        socket,
        &shared,
        ip,
        account,
        id.clone(),
        &mut inbox,
        &mut joined,
    )
    .await;
    // Whatever ended the connection: its challenges leave the lobby and its seat is empty.
    shared.hub.services().bus.unregister(&id);
    shared.lobby.closed(&id).await;
    if let Some(j) = joined {
        j.room.leave(j.role).await;
    }
}

async fn serve(
    socket: WebSocket,
    shared: &Arc<Shared>,
    ip: IpAddr,
    account: Option<Seated>,
    id: String,
    inbox: &mut tokio::sync::mpsc::Receiver<Arc<str>>,
    joined: &mut Option<Joined>,
) {
    let hub = &shared.hub;
    let limits = hub.services().limits;
    let metrics = Arc::clone(&hub.services().metrics);
    let mut shutdown = shared.shutdown.clone();
    let (mut tx, mut rx) = socket.split();
    let mut conn = Conn {
        id,
        ip,
        peers: Arc::clone(&shared.peers),
        bucket: Bucket::new(limits.rate_per_sec, limits.burst),
        hints: Bucket::new(
            limits.hints_per_minute / 60.0,
            limits.hints_per_minute.max(1.0),
        ),
        chat: Bucket::new(limits.chat_per_minute / 60.0, 5.0),
        refused_in_a_row: 0,
        account,
        guest: None,
        lobby: None,
    };
    let mut ping =
        tokio::time::interval_at(Instant::now() + limits.ping_interval, limits.ping_interval);
    let mut heard = Instant::now();
    let closing = |code: u16, reason: &'static str| {
        Message::Close(Some(CloseFrame {
            code,
            reason: reason.into(),
        }))
    };
    loop {
        let out: Vec<String> = tokio::select! {
            incoming = rx.next() => {
                heard = Instant::now();
                let frame = match incoming {
                    Some(Ok(m)) => m,
                    Some(Err(e)) => {
                        // A frame past the size limit or a broken frame: say why, then go.
                        tracing::debug!(peer = %ip, error = %e, "websocket error");
                        let _ = tx.send(closing(close::TOO_BIG, "frame too large or malformed")).await;
                        break;
                    }
                    None => break,
                };
                if let Message::Close(_) = frame {
                    break;
                }
                // Every frame counts against the limits, pings and binary frames too.
                let own = conn.bucket.take();
                let address = own && shared.peers.take_message(ip);
                if !address {
                    Metrics::count(&metrics.rate_limited);
                    conn.refused_in_a_row += 1;
                    if conn.refused_in_a_row >= FLOOD_CLOSE {
                        tracing::warn!(peer = %ip, "flooding: disconnected");
                        let _ = tx.send(closing(close::POLICY, "too many messages")).await;
                        break;
                    }
                    match frame {
                        Message::Text(_) if !own => error(None, (
                            ErrorCode::RateLimited,
                            format!("too many messages: at most {} per second", limits.rate_per_sec),
                        )),
                        Message::Text(_) => error(None, (
                            ErrorCode::RateLimited,
                            format!(
                                "too many messages from your address: at most {} per second over all its connections",
                                limits.ip_rate_per_sec
                            ),
                        )),
                        _ => Vec::new(),
                    }
                } else {
                    conn.refused_in_a_row = 0;
                    match frame {
                        Message::Text(t) => handle_text(&t, shared, &limits, &mut conn, joined).await,
                        Message::Binary(_) => error(None, (ErrorCode::Malformed, "messages are JSON text, not binary".into())),
                        // Pings are answered by the WebSocket layer; pongs only show the client is there.
                        _ => Vec::new(),
                    }
                }
            }
            event = next_event(joined) => match event {
                Ok(e) if e.players_only && joined.as_ref().is_some_and(|j| j.role == Role::Spectator) => Vec::new(),
                Ok(e) if !e.resync => vec![e.text.to_string()],
                // A takeback cut the game back, or this connection is too far behind to patch
                // up: send the whole state again, and listen again from now on (under the
                // room's lock, as a join does), so that none of the updates older than that
                // state follows it.
                Ok(_) | Err(RecvError::Lagged(_)) => match joined {
                    Some(j) => vec![j.room.resync(j.role, &mut j.events).await.to_json()],
                    None => Vec::new(),
                },
                Err(RecvError::Closed) => Vec::new(),
            },
            news = next_news(&mut conn.lobby) => match news {
                Ok(text) => vec![text.to_string()],
                // Too far behind: the whole lobby again.
                Err(RecvError::Lagged(_)) => {
                    conn.lobby = Some(hub.services().bus.subscribe());
                    match shared.lobby.snapshot(shared.hub.services().bus.connections()).await {
                        Ok(view) => vec![ServerMsg::Lobby(view).to_json()],
                        Err(r) => error(None, r),
                    }
                }
                Err(RecvError::Closed) => Vec::new(),
            },
            Some(mine) = inbox.recv() => vec![mine.to_string()],
            _ = ping.tick() => {
                if heard.elapsed() > limits.pong_timeout {
                    Metrics::count(&metrics.timeouts);
                    tracing::debug!(peer = %ip, "silent websocket closed");
                    let _ = tx.send(closing(close::SILENT, "no answer to pings")).await;
                    break;
                }
                if tx.send(Message::Ping(Vec::new().into())).await.is_err() {
                    break;
                }
                Vec::new()
            }
            _ = shutdown.changed() => {
                let _ = tx.send(closing(close::RESTART, "the server is restarting")).await;
                // Give the close frame a moment to leave before the socket is dropped.
                let _ = tokio::time::timeout(Duration::from_millis(500), tx.flush()).await;
                break;
            }
        };
        for text in out {
            if tx.send(Message::Text(text.into())).await.is_err() {
                return;
            }
        }
    }
}

async fn next_event(joined: &mut Option<Joined>) -> Result<Event, RecvError> {
    match joined {
        Some(j) => j.events.recv().await,
        None => std::future::pending().await,
    }
}

async fn next_news(
    lobby: &mut Option<broadcast::Receiver<Arc<str>>>,
) -> Result<Arc<str>, RecvError> {
    match lobby {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}

fn error(id: Option<u64>, (code, message): Refusal) -> Vec<String> {
    vec![ServerMsg::error(id, code, message).to_json()]
}

async fn handle_text(
    text: &str,
    shared: &Arc<Shared>,
    limits: &Limits,
    conn: &mut Conn,
    joined: &mut Option<Joined>,
) -> Vec<String> {
    if text.len() > limits.max_message_bytes {
        return error(
            None,
            (
                ErrorCode::TooLarge,
                format!(
                    "message of {} bytes: the limit is {}",
                    text.len(),
                    limits.max_message_bytes
                ),
            ),
        );
    }
    let (id, msg) = parse_client(text);
    let msg = match msg {
        Ok(m) => m,
        Err(e) => return error(id, (ErrorCode::Malformed, e)),
    };
    match dispatch(msg, id, shared, conn, joined).await {
        Ok(out) => out,
        Err(r) => error(id, r),
    }
}

fn check_version(v: Option<u32>) -> Result<(), Refusal> {
    acey_protocol::check_version(v).map_err(|m| (ErrorCode::Version, m))
}

async fn dispatch(
    msg: ClientMsg,
    id: Option<u64>,
    shared: &Arc<Shared>,
    conn: &mut Conn,
    joined: &mut Option<Joined>,
) -> Result<Vec<String>, Refusal> {
    let hub = &shared.hub;
    let lobby = &shared.lobby;
    let metrics = &hub.services().metrics;
    let per_minute = hub.services().limits.creates_per_minute;
    match msg {
        ClientMsg::Ping => Ok(vec![ServerMsg::Pong.to_json()]),
        ClientMsg::Hello { v, name, claim } => {
            check_version(v)?;
            let mut granted = None;
            if conn.account.is_none() {
                if let Some(name) = name.filter(|n| !n.is_empty()) {
                    let g = lobby.guest_name(&conn.id, &name, claim.as_deref()).await?;
                    conn.guest = Some(g.name);
                    granted = Some(g.claim);
                }
            }
            let who = conn.who();
            Ok(vec![ServerMsg::Welcome {
                v: VERSION,
                name: who.name,
                registered: who.account.is_some(),
                claim: granted,
            }
            .to_json()])
        }
        ClientMsg::Lobby => {
            // Subscribed before the snapshot is read: a change in between comes twice at worst
            // (an added challenge is then in the list and in the news; clients key by id).
            conn.lobby = Some(hub.services().bus.subscribe());
            let view = lobby
                .snapshot(shared.hub.services().bus.connections())
                .await?;
            Ok(vec![ServerMsg::Lobby(view).to_json()])
        }
        ClientMsg::Challenge {
            rules,
            match_to,
            clock,
            rated,
        } => {
            hub.services().health.check()?;
            take_create(conn, metrics, per_minute)?;
            let who = conn.who();
            // The answer is the lobby's news, which this connection gets too when watching.
            let c = lobby
                .create(
                    &who,
                    &conn.id,
                    Offer {
                        rules,
                        match_to,
                        clock,
                        rated,
                    },
                )
                .await?;
            if conn.lobby.is_some() {
                Ok(Vec::new())
            } else {
                Ok(vec![ServerMsg::ChallengeAdded {
                    challenge: (&c).into(),
                }
                .to_json()])
            }
        }
        ClientMsg::Cancel { challenge } => {
            lobby.cancel(&conn.id, &challenge).await?;
            if conn.lobby.is_some() {
                Ok(Vec::new())
            } else {
                Ok(vec![ServerMsg::ChallengeRemoved { id: challenge }.to_json()])
            }
        }
        ClientMsg::Accept { challenge } => {
            hub.services().health.check()?;
            let who = conn.who();
            let (room, role, token) = lobby.accept(&who, &conn.id, &challenge).await?;
            lobby.leave(&conn.id).await;
            conn.lobby = None;
            Ok(enter(joined, room, role, Some(token)).await)
        }
        ClientMsg::Seek { pool } => {
            hub.services().health.check()?;
            take_create(conn, metrics, per_minute)?;
            let who = conn.who();
            match lobby.seek(&who, &conn.id, &pool).await? {
                Seek::Waiting(id) => Ok(vec![ServerMsg::Seeking { pool, id }.to_json()]),
                Seek::Paired(room, role, token) => {
                    lobby.leave(&conn.id).await;
                    conn.lobby = None;
                    Ok(enter(joined, room, role, Some(token)).await)
                }
            }
        }
        ClientMsg::Create {
            v,
            mode,
            rules,
            match_to,
            level,
            seat,
        } => {
            check_version(v)?;
            hub.services().health.check()?;
            take_create(conn, metrics, per_minute)?;
            let who = conn.who();
            let (room, role, token) = hub
                .create(NewGame {
                    mode,
                    rules,
                    match_to,
                    level,
                    seat,
                    who: Some(who),
                })
                .await?;
            conn.lobby = None;
            Ok(enter(joined, room, role, Some(token)).await)
        }
        ClientMsg::Join {
            v,
            game,
            token,
            watch,
        } => {
            check_version(v)?;
            let room = hub.room(&game).await?;
            let who = conn.who();
            let (role, token) = room.seat_for(token.as_deref(), watch, Some(&who)).await?;
            conn.lobby = None;
            Ok(enter(joined, room, role, token).await)
        }
        other => {
            let Some(j) = joined.as_ref() else {
                return Err((
                    ErrorCode::NotJoined,
                    "create or join a game first".to_string(),
                ));
            };
            match other {
                ClientMsg::Hint => {
                    if !conn.hints.take() {
                        Metrics::count(&metrics.rate_limited);
                        return Err((
                            ErrorCode::RateLimited,
                            format!(
                                "too many hints: at most {} a minute",
                                hub.services().limits.hints_per_minute
                            ),
                        ));
                    }
                    let plays = j.room.hint(j.role).await?;
                    Ok(vec![ServerMsg::Hint { id, plays }.to_json()])
                }
                ClientMsg::Rematch => match j.room.rematch(hub, j.role).await? {
                    // An offer or a start: the room's broadcast tells everyone, this connection
                    // included.
                    RematchOutcome::Offered | RematchOutcome::Started(_) => Ok(Vec::new()),
                    RematchOutcome::AlreadyStarted(game) => {
                        Ok(vec![ServerMsg::Rematch { game }.to_json()])
                    }
                },
                ClientMsg::RematchDecline => {
                    j.room.decline_rematch(j.role).await?;
                    Ok(Vec::new())
                }
                ClientMsg::Chat { text, channel } => {
                    if !conn.chat.take() {
                        Metrics::count(&metrics.rate_limited);
                        return Err((
                            ErrorCode::RateLimited,
                            format!(
                                "too many chat messages: at most {} a minute",
                                hub.services().limits.chat_per_minute
                            ),
                        ));
                    }
                    let who = conn.who();
                    j.room.chat(j.role, &who, channel, &text).await?;
                    Ok(Vec::new())
                }
                ClientMsg::Claim => {
                    j.room.claim(j.role).await?;
                    Ok(Vec::new())
                }
                ClientMsg::Takeback => {
                    // Everyone, this connection included, is sent the game as it now stands.
                    j.room.takeback(j.role).await?;
                    Ok(Vec::new())
                }
                intent => {
                    j.room.act(j.role, &intent).await?;
                    Ok(Vec::new())
                }
            }
        }
    }
}

/// One new game, challenge or seek from the connection's address, against its creation rate.
fn take_create(conn: &Conn, metrics: &Metrics, per_minute: f64) -> Result<(), Refusal> {
    if conn.peers.take_create(conn.ip) {
        return Ok(());
    }
    Metrics::count(&metrics.rate_limited);
    tracing::warn!(peer = %conn.ip, "game creation refused: rate");
    Err((
        ErrorCode::RateLimited,
        format!("too many new games from your address: at most {per_minute} a minute"),
    ))
}

/// Joins a room (leaving any other): the full state now, the room's events from then on.
async fn enter(
    joined: &mut Option<Joined>,
    room: Arc<Room>,
    role: Role,
    token: Option<String>,
) -> Vec<String> {
    if let Some(old) = joined.take() {
        old.room.leave(old.role).await;
    }
    let (snapshot, events) = room.join(role, token).await;
    *joined = Some(Joined { room, role, events });
    vec![snapshot.to_json()]
}
