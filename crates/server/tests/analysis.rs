//! Game analysis over real HTTP (crate::analysis, docs/protocol.md): an ended game asked for,
//! followed to the end and stored; refusals for games being played, unknown games, cross-site
//! requests, an address past its rate and a server analysing all it may at once.

mod common;

use std::time::{Duration, Instant};

use acey_server::Limits;
use common::*;
use serde_json::{json, Value};

/// A same-screen game played by random legal intents until it is over; its id.
async fn ended_game(addr: std::net::SocketAddr, seed: u64) -> String {
    let (mut c, joined) = local_game(addr).await;
    let game = joined["info"]["game"].as_str().unwrap().to_string();
    play_until(&mut c, None, joined["view"].clone(), seed, |v| {
        v["phase"]["phase"] == "game-over"
    })
    .await;
    c.close().await;
    game
}

async fn ask(addr: std::net::SocketAddr, game: &str) -> HttpReply {
    let path = format!("/api/games/{game}/analysis");
    http(addr, "POST", &path, Some(&json!({})), &[]).await
}

/// Follows an analysis until it is done; the answer.
async fn until_done(addr: std::net::SocketAddr, game: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(300);
    let mut last_done = 0;
    loop {
        let (status, body) = http_get(addr, &format!("/api/games/{game}/analysis")).await;
        let v: Value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"));
        match v["status"].as_str() {
            Some("done") => {
                assert_eq!(status, 200, "{body}");
                return v;
            }
            Some("running") => {
                let done = v["done"].as_u64().unwrap();
                assert!(done >= last_done, "progress never goes back: {v}");
                assert!(done <= v["total"].as_u64().unwrap(), "{v}");
                last_done = done;
            }
            _ => panic!("{status} {body}"),
        }
        assert!(Instant::now() < deadline, "the analysis did not end: {v}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ended_game_is_analysed_once_and_stored() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let addr = server.addr;
    let game = ended_game(addr, 3).await;

    // Not asked for yet.
    let (status, body) = http_get(addr, &format!("/api/games/{game}/analysis")).await;
    assert_eq!(status, 404, "{body}");
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["status"],
        "none"
    );

    let r = ask(addr, &game).await;
    assert_eq!(r.status, 202, "{}", r.body);
    let v = r.json();
    assert_eq!(v["status"], "running", "{v}");
    let total = v["total"].as_u64().unwrap();
    assert!(total > 10, "{v}");
    // Asking again while it runs starts nothing new.
    let again = ask(addr, &game).await;
    assert!(
        again.status == 202
            && ["running", "done"].contains(&again.json()["status"].as_str().unwrap()),
        "{}",
        again.body
    );

    let done = until_done(addr, &game).await;
    assert_eq!(done["plies"], 1);
    assert_eq!(done["level"], "strongest");
    let a = &done["analysis"];
    assert_eq!(a["decisions"].as_array().unwrap().len() as u64, total);
    assert_eq!(a["players"][0]["name"], "player 0");
    // Both seats played random legal plays: the analysis finds errors on both sides.
    for p in a["players"].as_array().unwrap() {
        let marks = &p["marks"];
        let n = marks["doubtful"].as_u64().unwrap()
            + marks["bad"].as_u64().unwrap()
            + marks["very_bad"].as_u64().unwrap();
        assert!(n > 0, "random play is marked: {p}");
        assert!(p["error_rate"].as_f64().unwrap() > 0.0, "{p}");
    }
    let d = a["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["mark"] == "very_bad")
        .expect("a very bad decision");
    assert!(d["alternatives"].as_array().unwrap().len() >= 2, "{d}");
    assert!(d["position"]["board"].is_array(), "{d}");
    assert!(
        d["alternatives"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x["played"] == true),
        "{d}"
    );

    // Stored: the next visit is answered at once, also after a restart.
    let r = ask(addr, &game).await;
    assert_eq!(r.json()["status"], "done", "{}", r.body);
    server.stop();
    let server = start_server(&db, fast_limits());
    let (status, body) = http_get(server.addr, &format!("/api/games/{game}/analysis")).await;
    assert_eq!(status, 200, "{body}");
    let again: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(again["analysis"], done["analysis"]);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_being_played_unknown_games_and_other_sites_are_refused() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let addr = server.addr;
    let (mut c, joined) = local_game(addr).await;
    let game = joined["info"]["game"].as_str().unwrap().to_string();
    // A few plays in, the game goes on: no analysis of it (it would be a hint machine).
    play_until(&mut c, None, joined["view"].clone(), 1, |v| {
        v["log_len"].as_u64().unwrap() >= 4
    })
    .await;
    let r = ask(addr, &game).await;
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.json()["error"]
        .as_str()
        .unwrap()
        .contains("still being played"));

    let r = ask(addr, "nosuchgame").await;
    assert_eq!(r.status, 404, "{}", r.body);
    let (status, _) = http_get(addr, "/api/games/nosuchgame/analysis").await;
    assert_eq!(status, 404);

    let path = format!("/api/games/{game}/analysis");
    let r = http(
        addr,
        "POST",
        &path,
        Some(&json!({})),
        &[("Origin", "https://evil.example")],
    )
    .await;
    assert_eq!(r.status, 403, "{}", r.body);
    let r = http(addr, "POST", &path, None, &[("Content-Type", "text/plain")]).await;
    assert_eq!(r.status, 415, "{}", r.body);
    c.close().await;
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_past_its_rate_and_a_busy_server_are_told_to_wait() {
    let (_dir, db) = temp_db();
    let limits = Limits {
        analyses_per_hour: 1.0,
        analyses_at_once: 1,
        ..fast_limits()
    };
    let server = start_server(&db, limits);
    let addr = server.addr;
    let mut games = Vec::new();
    for seed in 0..5 {
        games.push(ended_game(addr, 10 + seed).await);
    }
    // One at a time: the second is refused while the first runs (503 with Retry-After).
    let first = ask(addr, &games[0]).await;
    assert_eq!(first.status, 202, "{}", first.body);
    let busy = ask(addr, &games[1]).await;
    assert_eq!(busy.status, 503, "{}", busy.body);
    assert_eq!(busy.header("retry-after"), Some("60"));
    until_done(addr, &games[0]).await;
    // The address's burst (3) is spent after two more; a done analysis costs nothing.
    for g in &games[1..3] {
        let r = ask(addr, g).await;
        assert_eq!(r.status, 202, "{}", r.body);
        until_done(addr, g).await;
    }
    assert_eq!(ask(addr, &games[0]).await.json()["status"], "done");
    let r = ask(addr, &games[3]).await;
    assert_eq!(r.status, 429, "{}", r.body);
    server.stop();
}
