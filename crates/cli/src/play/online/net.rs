//! The WebSocket connection: a thread with a small tokio runtime that hands every server
//! message to a callback and sends what the front end queues. The front ends stay plain
//! blocking loops.

use std::thread::JoinHandle;
use std::time::Duration;

use anyhow::{anyhow, Result};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::{self, Message};

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
    /// The connection is gone, and why.
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

/// How long opening the connection may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(15);

impl Connection {
    /// Opens the WebSocket at `endpoint` (with the session `cookie` of a login) and starts
    /// reporting to `sink`. Returns once the handshake is done, or with why it failed.
    pub fn open(
        endpoint: &Endpoint,
        cookie: Option<&str>,
        sink: impl Fn(NetEvent) + Send + 'static,
    ) -> Result<Connection> {
        let url = endpoint.ws_url();
        let mut request = url.as_str().into_client_request().map_err(|e| {
            anyhow!(t!(
                "term-error-not-websocket",
                url = url.as_str(),
                reason = e.to_string()
            ))
        })?;
        if let Some(c) = cookie {
            let value = c.parse().map_err(|_| anyhow!(t!("term-error-cookie")))?;
            request.headers_mut().insert("cookie", value);
        }
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        let (tx, mut rx) = mpsc::unbounded_channel::<Outgoing>();
        let (ready_tx, ready_rx) = std::sync::mpsc::channel::<Result<(), String>>();
        let authority = endpoint.authority();
        let shown = endpoint.http_url();
        let thread = std::thread::spawn(move || {
            runtime.block_on(async move {
                let connect = tokio_tungstenite::connect_async(request);
                let ws = match tokio::time::timeout(CONNECT_TIMEOUT, connect).await {
                    Err(_) => {
                        let why = t!("term-error-no-answer", server = authority.as_str());
                        let _ = ready_tx.send(Err(why));
                        return;
                    }
                    Ok(Err(e)) => {
                        let _ = ready_tx.send(Err(connect_error(&shown, &authority, e)));
                        return;
                    }
                    Ok(Ok((ws, _))) => ws,
                };
                let _ = ready_tx.send(Ok(()));
                let (mut write, mut read) = ws.split();
                loop {
                    tokio::select! {
                        frame = read.next() => match frame {
                            Some(Ok(Message::Text(t))) => match parse(&t) {
                                Ok(m) => sink(NetEvent::Msg(m)),
                                Err(e) => sink(NetEvent::Unreadable(e)),
                            },
                            Some(Ok(Message::Close(frame))) => {
                                let why = match frame {
                                    Some(f) if !f.reason.is_empty() => t!(
                                        "term-error-closed-because",
                                        reason = f.reason.to_string()
                                    ),
                                    _ => t!("term-error-closed"),
                                };
                                sink(NetEvent::Closed(why));
                                return;
                            }
                            Some(Ok(_)) => {}
                            Some(Err(e)) => {
                                sink(NetEvent::Closed(broke(e)));
                                return;
                            }
                            None => {
                                sink(NetEvent::Closed(t!("term-error-closed")));
                                return;
                            }
                        },
                        out = rx.recv() => match out {
                            Some(Outgoing::Text(t)) => {
                                if let Err(e) = write.send(Message::Text(t.into())).await {
                                    sink(NetEvent::Closed(broke(e)));
                                    return;
                                }
                            }
                            Some(Outgoing::Close) | None => {
                                let _ = tokio::time::timeout(
                                    Duration::from_secs(2),
                                    write.send(Message::Close(None)),
                                )
                                .await;
                                return;
                            }
                        },
                    }
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
