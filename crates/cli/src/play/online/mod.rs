//! `acey play --online URL`: the lobby and online games from the terminal, over the same
//! WebSocket protocol (version 2) the browser speaks.
//!
//! * [`proto`]: the server's messages, read leniently.
//! * [`http`]: logging in (`POST /api/session`) for the session cookie.
//! * [`net`]: the WebSocket connection on its own thread, connecting again by itself.
//! * [`tls`]: `https://` and `wss://` servers (rustls, the system's roots).
//! * [`seats`]: the seat tokens kept on disk, to resume a game later.
//! * [`client`]: what the client knows (lobby, game, clocks, chat) and what typed commands
//!   send; shared by both front ends, so they accept the same commands.
//! * [`plain`]: the line mode (`--plain`), which the tests drive.
//! * [`screen`]: the full-screen front end (ratatui).

pub mod client;
pub mod http;
pub mod net;
pub mod plain;
pub mod screen;
pub mod seats;
pub mod tls;

use anyhow::Result;

use crate::i18n::t;
use crate::UsageError;

/// Where the server is: `http[s]://host:port/base` read as its parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Endpoint {
    /// Whether the server speaks TLS (`https://`, `wss://`).
    pub tls: bool,
    /// The host name or address (an IPv6 address without brackets).
    pub host: String,
    /// The port.
    pub port: u16,
    /// The path the server is mounted under, without a trailing slash (usually empty).
    pub base: String,
}

impl Endpoint {
    /// Reads `http[s]://host[:port][/base]`, `ws[s]://host[:port][/ws]` or a bare
    /// `host[:port]` (plain HTTP). The port defaults to 443 with TLS, else 80.
    pub fn parse(url: &str) -> Result<Endpoint, String> {
        let url = url.trim();
        let lower = url.to_ascii_lowercase();
        let (tls, rest) = [
            ("https://", true),
            ("wss://", true),
            ("http://", false),
            ("ws://", false),
        ]
        .iter()
        .find_map(|(scheme, tls)| {
            lower
                .starts_with(scheme)
                .then(|| (*tls, &url[scheme.len()..]))
        })
        .unwrap_or((false, url));
        if rest.contains("://") {
            return Err(t!("term-error-not-an-address", url = url));
        }
        let (authority, path) = match rest.find('/') {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, ""),
        };
        let path = path.split(['?', '#']).next().unwrap_or("");
        let base = path.trim_end_matches('/');
        let base = base.strip_suffix("/ws").unwrap_or(base).to_string();
        let (host, port) = if let Some(v6) = authority.strip_prefix('[') {
            let (h, after) = v6
                .split_once(']')
                .ok_or_else(|| t!("term-error-ipv6", url = url))?;
            (h.to_string(), after.strip_prefix(':'))
        } else {
            match authority.rsplit_once(':') {
                Some((h, p)) => (h.to_string(), Some(p)),
                None => (authority.to_string(), None),
            }
        };
        if host.is_empty() || host.contains(['@', ' ']) {
            return Err(t!("term-error-no-host", url = url));
        }
        let port = match port {
            None | Some("") if tls => 443,
            None | Some("") => 80,
            Some(p) => p
                .parse::<u16>()
                .ok()
                .filter(|p| *p > 0)
                .ok_or_else(|| t!("term-error-port", url = url, port = p))?,
        };
        Ok(Endpoint {
            tls,
            host,
            port,
            base,
        })
    }

    /// `host:port`, as a `Host` header and a socket address are written.
    pub fn authority(&self) -> String {
        if self.host.contains(':') {
            format!("[{}]:{}", self.host, self.port)
        } else {
            format!("{}:{}", self.host, self.port)
        }
    }

    /// The WebSocket's address.
    pub fn ws_url(&self) -> String {
        let scheme = if self.tls { "wss" } else { "ws" };
        format!("{scheme}://{}{}/ws", self.authority(), self.base)
    }

    /// The server's address as a person would open it.
    pub fn http_url(&self) -> String {
        let scheme = if self.tls { "https" } else { "http" };
        format!("{scheme}://{}{}", self.authority(), self.base)
    }
}

/// What `acey play --online` was asked.
#[derive(Debug, Clone)]
pub struct Options {
    /// The server.
    pub url: String,
    /// A guest's name.
    pub name: Option<String>,
    /// An account to log in as (the password from `ACEY_PASSWORD` or asked for).
    pub login: Option<String>,
    /// Line mode.
    pub plain: bool,
    /// Colours in the full screen.
    pub color: bool,
    /// A game to go straight back to, with its kept seat token.
    pub resume: Option<String>,
    /// No bell when it becomes the player's turn.
    pub quiet: bool,
}

/// What both front ends start from.
pub struct Start {
    /// The client, with the seats kept for this server.
    pub client: client::Client,
    /// The kept seats on disk.
    pub seats: seats::SeatStore,
    /// A warning about the kept seats to show first.
    pub notice: Option<String>,
    /// No bell.
    pub quiet: bool,
}

/// Runs the online client until the player quits or the server refuses the connection.
pub fn run(options: Options) -> Result<()> {
    let endpoint = Endpoint::parse(&options.url).map_err(UsageError)?;
    let hello_name = match (&options.login, &options.name) {
        (Some(_), _) => None,
        (None, name) => name.clone(),
    };
    let (seats, notice) = seats::SeatStore::open();
    let server = endpoint.http_url();
    let kept = seats.of_server(&server);
    // Checked before a password is asked for.
    let client = client::Client::with(server, hello_name, kept, options.resume.as_deref())
        .map_err(UsageError)?;
    let cookie = match &options.login {
        Some(name) => {
            let password = http::password(name, options.plain)?;
            Some(http::login(&endpoint, name, &password)?)
        }
        None => None,
    };
    let start = Start {
        client,
        seats,
        notice,
        quiet: options.quiet,
    };
    if options.plain {
        plain::run(&endpoint, cookie.as_deref(), start)
    } else {
        screen::run(&endpoint, cookie.as_deref(), start, options.color)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_read_or_refused_with_a_reason() {
        let e = Endpoint::parse("http://127.0.0.1:8080").unwrap();
        assert_eq!(e.ws_url(), "ws://127.0.0.1:8080/ws");
        let e = Endpoint::parse("example.org").unwrap();
        assert_eq!((e.host.as_str(), e.port), ("example.org", 80));
        let e = Endpoint::parse("ws://host:9/acey/ws").unwrap();
        assert_eq!(e.ws_url(), "ws://host:9/acey/ws");
        assert_eq!(e.http_url(), "http://host:9/acey");
        let e = Endpoint::parse("http://[::1]:7000/").unwrap();
        assert_eq!(e.ws_url(), "ws://[::1]:7000/ws");
        let e = Endpoint::parse("https://acey.example").unwrap();
        assert_eq!(e.ws_url(), "wss://acey.example:443/ws");
        assert_eq!(e.http_url(), "https://acey.example:443");
        let e = Endpoint::parse("wss://acey.example:8443/ws").unwrap();
        assert!(e.tls);
        assert_eq!(e.http_url(), "https://acey.example:8443");
        assert!(Endpoint::parse("http://host:port")
            .unwrap_err()
            .contains("not a port"));
        assert!(Endpoint::parse("http://:80").unwrap_err().contains("host"));
        assert!(Endpoint::parse("ftp://x").is_err());
    }
}
