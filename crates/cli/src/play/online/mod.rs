//! `acey play --online URL`: the lobby and online games from the terminal, over the same
//! WebSocket protocol (version 2) the browser speaks.
//!
//! * [`proto`]: the server's messages, read leniently.
//! * [`http`]: logging in (`POST /api/session`) for the session cookie.
//! * [`net`]: the WebSocket connection on its own thread.
//! * [`client`]: what the client knows (lobby, game, clocks, chat) and what typed commands
//!   send; shared by both front ends, so they accept the same commands.
//! * [`plain`]: the line mode (`--plain`), which the tests drive.
//! * [`screen`]: the full-screen front end (ratatui).

pub mod client;
pub mod http;
pub mod net;
pub mod plain;
pub mod screen;

use anyhow::Result;

use crate::i18n::t;
use crate::UsageError;

/// Where the server is: `http://host:port/base` read as its parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Endpoint {
    /// The host name or address (an IPv6 address without brackets).
    pub host: String,
    /// The port.
    pub port: u16,
    /// The path the server is mounted under, without a trailing slash (usually empty).
    pub base: String,
}

impl Endpoint {
    /// Reads `http://host[:port][/base]`, `ws://host[:port][/ws]` or a bare `host[:port]`.
    /// `https://` and `wss://` are refused with a message: the terminal client does not speak
    /// TLS.
    pub fn parse(url: &str) -> Result<Endpoint, String> {
        let url = url.trim();
        let lower = url.to_ascii_lowercase();
        if lower.starts_with("https://") || lower.starts_with("wss://") {
            return Err(t!("term-error-tls", url = url));
        }
        let rest = ["http://", "ws://"]
            .iter()
            .find_map(|scheme| lower.starts_with(scheme).then(|| &url[scheme.len()..]))
            .unwrap_or(url);
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
            None | Some("") => 80,
            Some(p) => p
                .parse::<u16>()
                .ok()
                .filter(|p| *p > 0)
                .ok_or_else(|| t!("term-error-port", url = url, port = p))?,
        };
        Ok(Endpoint { host, port, base })
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
        format!("ws://{}{}/ws", self.authority(), self.base)
    }

    /// The server's address as a person would open it.
    pub fn http_url(&self) -> String {
        format!("http://{}{}", self.authority(), self.base)
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
}

/// Runs the online client until the player quits or the server goes away.
pub fn run(options: Options) -> Result<()> {
    let endpoint = Endpoint::parse(&options.url).map_err(UsageError)?;
    let cookie = match &options.login {
        Some(name) => {
            let password = http::password(name, options.plain)?;
            Some(http::login(&endpoint, name, &password)?)
        }
        None => None,
    };
    let hello_name = match (&options.login, &options.name) {
        (Some(_), _) => None,
        (None, name) => name.clone(),
    };
    if options.plain {
        plain::run(&endpoint, cookie.as_deref(), hello_name)
    } else {
        screen::run(&endpoint, cookie.as_deref(), hello_name, options.color)
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
        assert!(Endpoint::parse("https://acey.example")
            .unwrap_err()
            .contains("TLS"));
        assert!(Endpoint::parse("http://host:port")
            .unwrap_err()
            .contains("not a port"));
        assert!(Endpoint::parse("http://:80").unwrap_err().contains("host"));
        assert!(Endpoint::parse("ftp://x").is_err());
    }
}
