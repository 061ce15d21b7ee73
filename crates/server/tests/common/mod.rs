//! Shared helpers: a real server on an ephemeral port with a temporary SQLite database.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use acey_server::loadtest::{needs, random_intent, Client};
use acey_server::{Config, Limits, Running};
use serde_json::{json, Value};

/// Limits loose enough for clients that play as fast as the server answers, all from one
/// address.
pub fn fast_limits() -> Limits {
    Limits {
        rate_per_sec: 100_000.0,
        burst: 100_000.0,
        ..acey_server::loadtest::one_address_limits()
    }
}

pub fn start_server(db: &Path, limits: Limits) -> Running {
    acey_server::start(Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: db.to_path_buf(),
        limits,
        origins: Vec::new(),
    })
    .expect("server starts")
}

pub fn temp_db() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("acey.db");
    (dir, db)
}

pub async fn create(c: &mut Client, msg: Value) -> Value {
    c.send(&msg).await.unwrap();
    let j = c
        .recv_type("joined", |m| panic!("before joined: {m}"))
        .await
        .unwrap();
    j
}

pub async fn join(c: &mut Client, game: &str, token: Option<&str>) -> Value {
    c.send(&json!({"type": "join", "v": 1, "game": game, "token": token}))
        .await
        .unwrap();
    c.recv_type("joined", |_| {}).await.unwrap()
}

/// Reads updates until the view reaches `n` actions; returns the last view.
pub async fn catch_up(c: &mut Client, mut view: Value, n: u64) -> Value {
    while view["n"].as_u64().unwrap() < n {
        let m = c.recv().await.unwrap();
        match m["type"].as_str() {
            Some("update") => view = m["view"].clone(),
            Some("seats" | "presence") => {}
            _ => panic!("unexpected {m}"),
        }
    }
    view
}

/// Expects the next message to be an error with `code`, then checks the connection still
/// answers (ping -> pong with nothing in between: no update was broadcast).
pub async fn expect_error(c: &mut Client, code: &str) -> Value {
    let mut m = c.recv().await.unwrap();
    // Who comes and goes is news, not a change of the game.
    while m["type"] == "presence" {
        m = c.recv().await.unwrap();
    }
    assert_eq!(m["type"], "error", "{m}");
    assert_eq!(m["code"], code, "{m}");
    assert!(!m["message"].as_str().unwrap().is_empty());
    c.send(&json!({"type": "ping"})).await.unwrap();
    let mut p = c.recv().await.unwrap();
    while p["type"] == "presence" {
        p = c.recv().await.unwrap();
    }
    assert_eq!(
        p["type"], "pong",
        "the game changed or the connection broke: {p}"
    );
    m
}

/// Plays random legal intents for `seat` (`None`: both seats) until `done(view)`; returns the
/// last view. Every intent must be accepted.
pub async fn play_until(
    c: &mut Client,
    seat: Option<u64>,
    mut view: Value,
    seed: u64,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let mut rng = acey_rules::Dice::new(seed);
    let mut acted_at = u64::MAX;
    loop {
        if done(&view) {
            return view;
        }
        let n = view["n"].as_u64().unwrap();
        if needs(&view, seat) && acted_at != n {
            acted_at = n;
            c.send(&random_intent(&view, &mut rng)).await.unwrap();
        }
        let m = c.recv().await.unwrap();
        match m["type"].as_str() {
            Some("update") => view = m["view"].clone(),
            Some("error") => panic!("a legal intent was refused: {m} in {view}"),
            _ => {}
        }
    }
}

pub fn match_over(view: &Value) -> bool {
    !view["match_winner"].is_null()
}

/// A blocking HTTP GET on loopback: (status, body).
pub async fn http_get(addr: std::net::SocketAddr, path: &str) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(
        format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .await
    .unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).to_string();
    let status: u16 = text[9..12].parse().unwrap();
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}
