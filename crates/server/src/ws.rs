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
use crate::hub::{Hub, NewGame, RematchOutcome};
use crate::limits::{Bucket, Limits};
use crate::metrics::Metrics;
use crate::protocol::{parse_client, ClientMsg, ErrorCode, Role, ServerMsg, VERSION};
use crate::room::{Refusal, Room};

struct Joined {
    room: Arc<Room>,
    role: Role,
    events: broadcast::Receiver<Arc<str>>,
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
    ip: IpAddr,
    peers: Arc<Peers>,
    bucket: Bucket,
    hints: Bucket,
    refused_in_a_row: u32,
}

/// What the server shares with every connection.
pub struct Shared {
    /// Rooms and services.
    pub hub: Arc<Hub>,
    /// Per-address state.
    pub peers: Arc<Peers>,
    /// Becomes true when the server begins to shut down.
    pub shutdown: watch::Receiver<bool>,
}

/// Serves one connection from `ip` until the client leaves, falls silent or floods, or the
/// server shuts down (the client is then told with close code 1012 and reconnects).
pub async fn serve_socket(socket: WebSocket, shared: Arc<Shared>, ip: IpAddr) {
    let hub = &shared.hub;
    let limits = hub.services().limits;
    let metrics = Arc::clone(&hub.services().metrics);
    let mut shutdown = shared.shutdown.clone();
    let (mut tx, mut rx) = socket.split();
    let mut conn = Conn {
        ip,
        peers: Arc::clone(&shared.peers),
        bucket: Bucket::new(limits.rate_per_sec, limits.burst),
        hints: Bucket::new(
            limits.hints_per_minute / 60.0,
            limits.hints_per_minute.max(1.0),
        ),
        refused_in_a_row: 0,
    };
    let mut joined: Option<Joined> = None;
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
                        Message::Text(t) => handle_text(&t, hub, &limits, &mut conn, &mut joined).await,
                        Message::Binary(_) => error(None, (ErrorCode::Malformed, "messages are JSON text, not binary".into())),
                        // Pings are answered by the WebSocket layer; pongs only show the client is there.
                        _ => Vec::new(),
                    }
                }
            }
            event = next_event(&mut joined) => match event {
                Ok(text) => vec![text.to_string()],
                Err(RecvError::Lagged(_)) => match &mut joined {
                    // Too far behind to patch up: send the whole state again, and listen again
                    // from now on (under the room's lock, as a join does), so that none of the
                    // updates older than that state follows it.
                    Some(j) => {
                        let st = j.room.lock().await;
                        j.events = j.events.resubscribe();
                        vec![Room::snapshot(&st, j.role, None).to_json()]
                    }
                    None => Vec::new(),
                },
                Err(RecvError::Closed) => Vec::new(),
            },
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

async fn next_event(joined: &mut Option<Joined>) -> Result<Arc<str>, RecvError> {
    match joined {
        Some(j) => j.events.recv().await,
        None => std::future::pending().await,
    }
}

fn error(id: Option<u64>, (code, message): Refusal) -> Vec<String> {
    vec![ServerMsg::error(id, code, message).to_json()]
}

async fn handle_text(
    text: &str,
    hub: &Arc<Hub>,
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
    match dispatch(msg, id, hub, conn, joined).await {
        Ok(out) => out,
        Err(r) => error(id, r),
    }
}

fn check_version(v: Option<u32>) -> Result<(), Refusal> {
    match v {
        Some(v) if v != VERSION => Err((
            ErrorCode::Version,
            format!("protocol version {v} is not spoken here: this server speaks {VERSION}"),
        )),
        _ => Ok(()),
    }
}

async fn dispatch(
    msg: ClientMsg,
    id: Option<u64>,
    hub: &Arc<Hub>,
    conn: &mut Conn,
    joined: &mut Option<Joined>,
) -> Result<Vec<String>, Refusal> {
    let metrics = &hub.services().metrics;
    let per_minute = hub.services().limits.creates_per_minute;
    match msg {
        ClientMsg::Ping => Ok(vec![ServerMsg::Pong.to_json()]),
        ClientMsg::Create {
            v,
            mode,
            rules,
            match_to,
            level,
            seat,
        } => {
            check_version(v)?;
            if !conn.peers.take_create(conn.ip) {
                Metrics::count(&metrics.rate_limited);
                tracing::warn!(peer = %conn.ip, "game creation refused: rate");
                return Err((
                    ErrorCode::RateLimited,
                    format!("too many new games from your address: at most {per_minute} a minute"),
                ));
            }
            let (room, role, token) = hub
                .create(NewGame {
                    mode,
                    rules,
                    match_to,
                    level,
                    seat,
                })
                .await?;
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
            let (role, token) = hub.seat_for(&room, token.as_deref(), watch).await?;
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
                ClientMsg::Rematch => match hub.rematch(&j.room, j.role).await? {
                    // An offer or a start: the room's broadcast tells everyone, this connection
                    // included.
                    RematchOutcome::Offered | RematchOutcome::Started(_) => Ok(Vec::new()),
                    RematchOutcome::AlreadyStarted(game) => {
                        Ok(vec![ServerMsg::Rematch { game }.to_json()])
                    }
                },
                ClientMsg::RematchDecline => {
                    hub.decline_rematch(&j.room, j.role).await?;
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

/// Joins a room (leaving any other): the full state now, the room's events from then on.
async fn enter(
    joined: &mut Option<Joined>,
    room: Arc<Room>,
    role: Role,
    token: Option<String>,
) -> Vec<String> {
    let (snapshot, events) = room.join(role, token).await;
    *joined = Some(Joined { room, role, events });
    vec![snapshot.to_json()]
}
