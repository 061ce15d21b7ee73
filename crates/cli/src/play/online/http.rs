//! Logging in over HTTP: `POST /api/session {"name", "password"}` answers 200 with the
//! `acey_session` cookie, which the WebSocket upgrade then carries (the client plays as the
//! account). One HTTP/1.1 request on a TCP stream (through TLS for `https://`) is all it takes.

use std::io::{IsTerminal, Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

use anyhow::{anyhow, Result};

use super::Endpoint;
use crate::i18n::{self, t};
use crate::UsageError;

/// How long connecting and each read or write may take.
const TIMEOUT: Duration = Duration::from_secs(15);

/// The password for `name`: `ACEY_PASSWORD` when set, else asked for on the terminal without
/// echo. Without a terminal to ask on (a pipe), `ACEY_PASSWORD` is needed.
pub fn password(name: &str, plain: bool) -> Result<String> {
    if let Some(p) = std::env::var_os("ACEY_PASSWORD") {
        return p
            .into_string()
            .map_err(|_| UsageError(t!("term-error-password-utf8")).into());
    }
    if !std::io::stdin().is_terminal() || (plain && !std::io::stderr().is_terminal()) {
        return Err(UsageError(t!("term-error-needs-password", name = name)).into());
    }
    read_hidden(&t!("term-password-prompt", name = name))
}

/// Reads a line from the terminal with echo off (raw mode), on stderr's prompt.
fn read_hidden(prompt: &str) -> Result<String> {
    use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
    use ratatui::crossterm::terminal;
    // The prompt's last word, then a space before what is typed (unseen).
    eprint!("{prompt} ");
    let _ = std::io::stderr().flush();
    terminal::enable_raw_mode()?;
    let mut text = String::new();
    let outcome = loop {
        let ev = match event::read() {
            Ok(ev) => ev,
            Err(e) => break Err(anyhow!(e)),
        };
        let Event::Key(k) = ev else { continue };
        if k.kind != KeyEventKind::Press {
            continue;
        }
        match k.code {
            KeyCode::Enter => break Ok(()),
            KeyCode::Char('c') if k.modifiers.contains(KeyModifiers::CONTROL) => {
                break Err(anyhow!(UsageError(t!("term-error-login-cancelled"))))
            }
            KeyCode::Esc => break Err(anyhow!(UsageError(t!("term-error-login-cancelled")))),
            KeyCode::Backspace => {
                text.pop();
            }
            KeyCode::Char(c) => text.push(c),
            _ => {}
        }
    };
    let _ = terminal::disable_raw_mode();
    eprintln!();
    outcome.map(|()| text)
}

/// Logs in as `name`; returns the `acey_session=...` cookie pair to send with the WebSocket
/// upgrade. A refused login, a server that is not there and one that answers oddly each get
/// their own message.
pub fn login(endpoint: &Endpoint, name: &str, password: &str) -> Result<String> {
    let body = serde_json::json!({"name": name, "password": password}).to_string();
    let request = format!(
        "POST {}/api/session HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        endpoint.base,
        endpoint.authority(),
        body.len()
    );
    let reply = exchange(endpoint, request.as_bytes())?;
    let (status, headers, body) = parse_reply(&reply)
        .ok_or_else(|| anyhow!(t!("term-error-not-acey", url = endpoint.http_url())))?;
    let said = serde_json::from_str::<serde_json::Value>(body.trim())
        .ok()
        .and_then(|v| v["error"].as_str().map(str::to_string));
    match status {
        200 => headers
            .iter()
            .filter(|(k, _)| k.eq_ignore_ascii_case("set-cookie"))
            .filter_map(|(_, v)| v.split(';').next())
            .map(str::trim)
            .find(|pair| pair.starts_with("acey_session="))
            .map(str::to_string)
            .ok_or_else(|| anyhow!(t!("term-error-no-cookie"))),
        // The server's own words for 401 and 429 are these, in English: said here whole.
        401 => Err(UsageError(t!("term-error-login-refused")).into()),
        429 => Err(anyhow!(t!("term-error-too-many-logins"))),
        404 => Err(anyhow!(t!(
            "term-error-no-accounts",
            url = endpoint.http_url()
        ))),
        other => Err(anyhow!(match said {
            Some(said) => t!("term-error-login-failed-said", status = other, said = said),
            None => t!("term-error-login-failed", status = other),
        })),
    }
}

/// Sends `request` and reads the whole answer (the server closes after it).
fn exchange(endpoint: &Endpoint, request: &[u8]) -> Result<Vec<u8>> {
    let authority = endpoint.authority();
    let addrs: Vec<_> = (endpoint.host.as_str(), endpoint.port)
        .to_socket_addrs()
        .map_err(|e| {
            anyhow!(t!(
                "term-error-cannot-find",
                host = endpoint.host.as_str(),
                reason = i18n::io_reason(&e)
            ))
        })?
        .collect();
    let mut last = None;
    for addr in addrs {
        match TcpStream::connect_timeout(&addr, TIMEOUT) {
            Ok(s) => {
                s.set_read_timeout(Some(TIMEOUT))?;
                s.set_write_timeout(Some(TIMEOUT))?;
                let stopped = |e: std::io::Error| {
                    anyhow!(t!(
                        "term-error-stopped-answering",
                        server = authority.as_str(),
                        reason = i18n::io_reason(&e)
                    ))
                };
                if !endpoint.tls {
                    return talk(s, request).map_err(stopped);
                }
                let config = super::tls::config().map_err(|e| anyhow!(e))?;
                let name = rustls::pki_types::ServerName::try_from(endpoint.host.clone())
                    .map_err(|_| anyhow!(t!("term-error-no-host", url = endpoint.http_url())))?;
                let conn = rustls::ClientConnection::new(config, name)
                    .map_err(|e| stopped(std::io::Error::other(e)))?;
                return talk(rustls::StreamOwned::new(conn, s), request).map_err(stopped);
            }
            Err(e) => last = Some(e),
        }
    }
    Err(match last {
        Some(e) => anyhow!(t!(
            "term-error-connect",
            server = authority.as_str(),
            reason = i18n::io_reason(&e)
        )),
        None => anyhow!(t!("term-error-no-address", host = endpoint.host.as_str())),
    })
}

/// Writes `request` and reads the answer until the server closes (at most 1 MiB: a login
/// answer is a few hundred bytes).
fn talk(mut stream: impl Read + Write, request: &[u8]) -> std::io::Result<Vec<u8>> {
    stream.write_all(request)?;
    stream.flush()?;
    let mut buf = Vec::new();
    match stream.take(1 << 20).read_to_end(&mut buf) {
        Ok(_) => Ok(buf),
        // A TLS server that closes without its close_notify once the answer is sent: the
        // answer is whole (`Connection: close`).
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof && !buf.is_empty() => Ok(buf),
        Err(e) => Err(e),
    }
}

/// An HTTP answer: the status, the headers and the body.
type Answer = (u16, Vec<(String, String)>, String);

/// The status, headers and body of an HTTP/1.1 answer.
fn parse_reply(reply: &[u8]) -> Option<Answer> {
    let text = String::from_utf8_lossy(reply);
    let (head, body) = text.split_once("\r\n\r\n")?;
    let mut lines = head.lines();
    let status = lines
        .next()?
        .strip_prefix("HTTP/1.")?
        .get(2..5)?
        .parse()
        .ok()?;
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    Some((status, headers, body.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_are_read_and_nonsense_is_not() {
        let (status, headers, body) = parse_reply(
            b"HTTP/1.1 200 OK\r\nset-cookie: acey_session=abc; HttpOnly\r\n\r\n{\"name\":\"a\"}",
        )
        .unwrap();
        assert_eq!(status, 200);
        assert_eq!(headers[0].1, "acey_session=abc; HttpOnly");
        assert_eq!(body, "{\"name\":\"a\"}");
        assert!(parse_reply(b"SSH-2.0-OpenSSH\r\n").is_none());
        assert!(parse_reply(b"HTTP/1.1 xx\r\n\r\n").is_none());
    }
}
