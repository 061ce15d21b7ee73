//! The WebSocket connection: a thread with a small tokio runtime that hands every server
//! message to a callback and sends what the front end queues. The front ends stay plain
//! blocking loops.
//!
//! The connection outlives its sockets: when one closes, breaks, goes silent or the server says
//! it is restarting (close code 1012), the thread reports [`NetEvent::Down`], connects again
//! with backoff and jitter ([`retry_delay`]: quickly at first, then every half second to a
//! second, so a restarted server is reached within about a second of its return and a crowd of
//! clients does not knock at the same instant), and reports [`NetEvent::Up`]; the client then
//! says hello and rejoins its seat. What is queued while no socket is open is dropped: the
//! client refuses to send then, and finds out from the game's action count whether an intent
//! sent just before the drop was made. Only a refusal by the server (a flood, a frame too
//! large) or the player leaving ends the connection for good.

use std::thread::JoinHandle;
use std::time::Duration;

use anyhow::{anyhow, Result};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::handshake::client::Request;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::{self, Message};
use tokio_tungstenite::{Connector, MaybeTlsStream, WebSocketStream};

use acey_protocol::{ClientMsg, ServerMsg};

use super::Endpoint;
use crate::i18n::{self, t};

/// What the connection reports.
#[derive(Debug)]
pub enum NetEvent {
    /// A message from the server.
    Msg(ServerMsg),
    /// A frame the client could not read (reported, then ignored).
    Unreadable(String),
    /// The socket is gone, and why; the connection is trying again.
    Down(String),
    /// A new socket is open after [`NetEvent::Down`]: the server has heard nothing yet.
    Up,
    /// The connection is gone for good, and why.
    Closed(String),
}

enum Outgoing {
    Text(String),
    Close,
}

/// An open connection to the server.
pub struct Connection {
    tx: mpsc::UnboundedSender<Outgoing>,
    thread: Option<JoinHandle<()>>,
}

/// How long opening the first connection may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(15);

/// How long one attempt to connect again may take.
const RETRY_TIMEOUT: Duration = Duration::from_secs(5);

/// How long the server may stay silent before the socket is taken for dead: it pings every
/// 25 seconds, so two missed pings and some.
const SILENCE: Duration = Duration::from_secs(60);

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// What opening a socket needs, kept to open it again.
struct Dialer {
    url: String,
    cookie: Option<tungstenite::http::HeaderValue>,
    connector: Option<Connector>,
    authority: String,
    shown: String,
}

impl Dialer {
    fn new(endpoint: &Endpoint, cookie: Option<&str>) -> Result<Dialer> {
        let cookie = match cookie {
            Some(c) => Some(c.parse().map_err(|_| anyhow!(t!("term-error-cookie")))?),
            None => None,
        };
        let connector = match endpoint.tls {
            true => Some(Connector::Rustls(
                super::tls::config().map_err(|e| anyhow!(e))?,
            )),
            false => None,
        };
        let dialer = Dialer {
            url: endpoint.ws_url(),
            cookie,
            connector,
            authority: endpoint.authority(),
            shown: endpoint.http_url(),
        };
        // A bad address is said now, before any thread starts.
        dialer.request().map_err(|e| anyhow!(e))?;
        Ok(dialer)
    }

    fn request(&self) -> Result<Request, String> {
        let mut request = self.url.as_str().into_client_request().map_err(|e| {
            t!(
                "term-error-not-websocket",
                url = self.url.as_str(),
                reason = e.to_string()
            )
        })?;
        if let Some(c) = &self.cookie {
            request.headers_mut().insert("cookie", c.clone());
        }
        Ok(request)
    }

    /// One attempt to open the socket, within `limit`; why not, for a person.
    async fn dial(&self, limit: Duration) -> Result<Socket, String> {
        let request = self.request()?;
        let connect = tokio_tungstenite::connect_async_tls_with_config(
            request,
            None,
            false,
            self.connector.clone(),
        );
        match tokio::time::timeout(limit, connect).await {
            Err(_) => Err(t!("term-error-no-answer", server = self.authority.as_str())),
            Ok(Err(e)) => Err(connect_error(&self.shown, &self.authority, e)),
            Ok(Ok((ws, _))) => Ok(ws),
        }
    }
}

/// How a socket ended.
enum Ended {
    /// The player left.
    Quit,
    /// Lost (a restart, a reset, silence): connect again.
    Lost(String),
    /// Refused by the server: do not come back.
    Refused(String),
}

impl Connection {
    /// Opens the WebSocket at `endpoint` (with the session `cookie` of a login) and starts
    /// reporting to `sink`. Returns once the first handshake is done, or with why it failed.
    pub fn open(
        endpoint: &Endpoint,
        cookie: Option<&str>,
        sink: impl Fn(NetEvent) + Send + 'static,
    ) -> Result<Connection> {
        let dialer = Dialer::new(endpoint, cookie)?;
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        let (tx, mut rx) = mpsc::unbounded_channel::<Outgoing>();
        let (ready_tx, ready_rx) = std::sync::mpsc::channel::<Result<(), String>>();
        let thread = std::thread::spawn(move || {
            runtime.block_on(async move {
                let mut ws = match dialer.dial(CONNECT_TIMEOUT).await {
                    Ok(ws) => ws,
                    Err(why) => {
                        let _ = ready_tx.send(Err(why));
                        return;
                    }
                };
                let _ = ready_tx.send(Ok(()));
                loop {
                    let why = match session(ws, &mut rx, &sink).await {
                        Ended::Quit => return,
                        Ended::Refused(why) => {
                            sink(NetEvent::Closed(why));
                            return;
                        }
                        Ended::Lost(why) => why,
                    };
                    sink(NetEvent::Down(why));
                    ws = match redial(&dialer, &mut rx).await {
                        Some(ws) => ws,
                        None => return,
                    };
                    sink(NetEvent::Up);
                }
            });
        });
        match ready_rx.recv() {
            Ok(Ok(())) => Ok(Connection {
                tx,
                thread: Some(thread),
            }),
            Ok(Err(why)) => {
                let _ = thread.join();
                Err(anyhow!(why))
            }
            Err(_) => {
                let _ = thread.join();
                Err(anyhow!(t!("term-error-thread-stopped")))
            }
        }
    }

    /// Queues a message for the server.
    pub fn send(&self, msg: &ClientMsg) {
        let _ = self.tx.send(Outgoing::Text(msg.to_json()));
    }

    /// Closes the connection politely and waits (briefly) for the thread.
    pub fn close(mut self) {
        let _ = self.tx.send(Outgoing::Close);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Reads and writes one socket until it ends.
async fn session(
    ws: Socket,
    rx: &mut mpsc::UnboundedReceiver<Outgoing>,
    sink: &impl Fn(NetEvent),
) -> Ended {
    let (mut write, mut read) = ws.split();
    let mut heard = tokio::time::Instant::now();
    loop {
        tokio::select! {
            frame = read.next() => {
                heard = tokio::time::Instant::now();
                match frame {
                    Some(Ok(Message::Text(t))) => match parse(&t) {
                        Ok(m) => sink(NetEvent::Msg(m)),
                        Err(e) => sink(NetEvent::Unreadable(e)),
                    },
                    Some(Ok(Message::Close(frame))) => return closed(frame),
                    Some(Ok(_)) => {}
                    Some(Err(e)) => return Ended::Lost(broke(e)),
                    None => return Ended::Lost(t!("term-error-closed")),
                }
            }
            out = rx.recv() => match out {
                Some(Outgoing::Text(t)) => {
                    if let Err(e) = write.send(Message::Text(t.into())).await {
                        return Ended::Lost(broke(e));
                    }
                }
                Some(Outgoing::Close) | None => {
                    let _ = tokio::time::timeout(
                        Duration::from_secs(2),
                        write.send(Message::Close(None)),
                    )
                    .await;
                    return Ended::Quit;
                }
            },
            () = tokio::time::sleep_until(heard + SILENCE) => {
                return Ended::Lost(t!("term-error-silent", seconds = SILENCE.as_secs()));
            }
        }
    }
}

/// What a close frame from the server means: its refusals end the connection, anything else
/// (a restart, going away) is a reason to come back.
fn closed(frame: Option<tungstenite::protocol::CloseFrame>) -> Ended {
    let why = match &frame {
        Some(f) if !f.reason.is_empty() => {
            t!("term-error-closed-because", reason = f.reason.to_string())
        }
        _ => t!("term-error-closed"),
    };
    match frame.map(|f| f.code) {
        Some(
            CloseCode::Policy | CloseCode::Size | CloseCode::Protocol | CloseCode::Unsupported,
        ) => Ended::Refused(why),
        _ => Ended::Lost(why),
    }
}

/// Connects again until it works; `None` when the player leaves meanwhile.
async fn redial(dialer: &Dialer, rx: &mut mpsc::UnboundedReceiver<Outgoing>) -> Option<Socket> {
    let mut attempt = 0;
    loop {
        let wake = tokio::time::sleep(retry_delay(attempt, jitter()));
        tokio::pin!(wake);
        loop {
            tokio::select! {
                () = &mut wake => break,
                out = rx.recv() => match out {
                    // Nothing is sent without a socket (the client does not try).
                    Some(Outgoing::Text(_)) => {}
                    Some(Outgoing::Close) | None => return None,
                },
            }
        }
        attempt += 1;
        if let Ok(ws) = dialer.dial(RETRY_TIMEOUT).await {
            // Whatever was queued meanwhile belongs to the lost socket.
            loop {
                match rx.try_recv() {
                    Ok(Outgoing::Text(_)) => {}
                    Ok(Outgoing::Close) => return None,
                    Err(mpsc::error::TryRecvError::Empty) => return Some(ws),
                    Err(mpsc::error::TryRecvError::Disconnected) => return None,
                }
            }
        }
    }
}

/// The wait before attempt `attempt` (from 0) to connect again: 100 ms doubling up to one
/// second, scaled by `jitter` (taken in 0.5..1.0), so that clients cut off together come back
/// spread out, and a server back from a restart is found within a second.
pub fn retry_delay(attempt: u32, jitter: f64) -> Duration {
    let base = 100u64.saturating_mul(1 << attempt.min(4)).min(1000);
    Duration::from_millis((base as f64 * jitter.clamp(0.5, 1.0)) as u64)
}

/// A random factor in 0.5..1.0 (from the operating system; 0.75 if it has none to give).
fn jitter() -> f64 {
    let bits = getrandom::u32().unwrap_or(u32::MAX / 2);
    0.5 + 0.5 * (bits as f64 / u32::MAX as f64)
}

/// Reads one text frame (leniently: see [`ServerMsg::parse`]); a frame that is not a message of
/// the protocol says why, for a person.
fn parse(text: &str) -> Result<ServerMsg, String> {
    ServerMsg::parse(text).map_err(|e| t!("term-error-unreadable-message", reason = e.to_string()))
}

/// Why a WebSocket could not be opened, for a person.
fn connect_error(shown: &str, authority: &str, e: tungstenite::Error) -> String {
    match e {
        tungstenite::Error::Io(io) => t!(
            "term-error-connect",
            server = authority,
            reason = i18n::io_reason(&io)
        ),
        tungstenite::Error::Http(response) => t!(
            "term-error-refused-websocket",
            url = shown,
            status = response.status().as_u16()
        ),
        other => t!(
            "term-error-websocket",
            url = shown,
            reason = other.to_string()
        ),
    }
}

/// Why an open connection broke, for a person.
fn broke(e: tungstenite::Error) -> String {
    let reason = match e {
        tungstenite::Error::Io(io) => i18n::io_reason(&io),
        other => other.to_string(),
    };
    t!("term-error-broke", reason = reason)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_start_quickly_and_settle_within_a_second() {
        assert_eq!(retry_delay(0, 1.0), Duration::from_millis(100));
        assert_eq!(retry_delay(1, 1.0), Duration::from_millis(200));
        assert_eq!(retry_delay(3, 1.0), Duration::from_millis(800));
        assert_eq!(retry_delay(4, 1.0), Duration::from_millis(1000));
        assert_eq!(retry_delay(60, 1.0), Duration::from_millis(1000));
        assert_eq!(retry_delay(60, 0.5), Duration::from_millis(500));
        assert_eq!(retry_delay(60, 7.0), Duration::from_millis(1000), "clamped");
        for _ in 0..100 {
            let j = jitter();
            assert!((0.5..=1.0).contains(&j), "{j}");
        }
    }

    #[test]
    fn refusals_end_the_connection_and_restarts_do_not() {
        use tungstenite::protocol::CloseFrame;
        let frame = |code: u16, reason: &str| {
            Some(CloseFrame {
                code: CloseCode::from(code),
                reason: reason.to_string().into(),
            })
        };
        assert!(matches!(
            closed(frame(1012, "the server is restarting")),
            Ended::Lost(why) if why.contains("restarting")
        ));
        assert!(matches!(
            closed(frame(1001, "no answer to pings")),
            Ended::Lost(_)
        ));
        assert!(matches!(closed(None), Ended::Lost(_)));
        assert!(matches!(
            closed(frame(1008, "too many messages")),
            Ended::Refused(_)
        ));
        assert!(matches!(
            closed(frame(1009, "too large")),
            Ended::Refused(_)
        ));
    }
}
