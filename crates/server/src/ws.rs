//! One WebSocket connection: limits, parsing, and passing messages between the client and its
//! room.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::broadcast;
use tokio::sync::broadcast::error::RecvError;

use crate::hub::{Hub, NewGame, RematchOutcome};
use crate::protocol::{parse_client, ClientMsg, ErrorCode, Role, ServerMsg, VERSION};
use crate::room::{Refusal, Room};

/// Limits on what one connection may send.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Longest accepted message, in bytes. Longer ones get an error; frames beyond
    /// [`Limits::hard_max_bytes`] close the connection.
    pub max_message_bytes: usize,
    /// Messages per second a connection may keep sending.
    pub rate_per_sec: f64,
    /// Messages a connection may send at once before the rate applies.
    pub burst: f64,
}

impl Limits {
    /// The size past which the WebSocket layer drops the connection instead of answering.
    pub fn hard_max_bytes(&self) -> usize {
        self.max_message_bytes.max(1024) * 16
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_message_bytes: 4096,
            rate_per_sec: 20.0,
            burst: 40.0,
        }
    }
}

/// A token bucket: `burst` messages at once, refilled at `rate` per second.
struct Bucket {
    tokens: f64,
    last: Instant,
    rate: f64,
    burst: f64,
}

impl Bucket {
    fn new(limits: &Limits) -> Bucket {
        Bucket {
            tokens: limits.burst,
            last: Instant::now(),
            rate: limits.rate_per_sec,
            burst: limits.burst,
        }
    }

    fn take(&mut self) -> bool {
        let now = Instant::now();
        let dt = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

struct Joined {
    room: Arc<Room>,
    role: Role,
    events: broadcast::Receiver<Arc<str>>,
}

/// Serves one connection until the client leaves.
pub async fn serve_socket(socket: WebSocket, hub: Arc<Hub>, limits: Limits) {
    let (mut tx, mut rx) = socket.split();
    let mut bucket = Bucket::new(&limits);
    let mut joined: Option<Joined> = None;
    loop {
        let out: Vec<String> = tokio::select! {
            incoming = rx.next() => {
                let text = match incoming {
                    Some(Ok(Message::Text(t))) => t.to_string(),
                    Some(Ok(Message::Binary(_))) => {
                        let m = ServerMsg::error(None, ErrorCode::Malformed, "messages are JSON text, not binary");
                        if tx.send(Message::Text(m.to_json().into())).await.is_err() { break; }
                        continue;
                    }
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(_)) => continue, // pings are answered by the WebSocket layer
                };
                handle_text(&text, &hub, &limits, &mut bucket, &mut joined).await
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
    bucket: &mut Bucket,
    joined: &mut Option<Joined>,
) -> Vec<String> {
    if !bucket.take() {
        return error(
            None,
            (
                ErrorCode::RateLimited,
                format!(
                    "too many messages: at most {} per second",
                    limits.rate_per_sec
                ),
            ),
        );
    }
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
    match dispatch(msg, id, hub, joined).await {
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
    joined: &mut Option<Joined>,
) -> Result<Vec<String>, Refusal> {
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
