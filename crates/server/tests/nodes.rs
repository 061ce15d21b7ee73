//! Several nodes on one PostgreSQL database acting as one site: a friend game with a player on
//! each node and a spectator on a third, a challenge made on one node and taken on another, a
//! node that dies mid-game, and two nodes racing to append the same action number.
//!
//! These need PostgreSQL: `scripts/test.sh` starts one and sets `ACEY_TEST_POSTGRES`. Without it
//! each test says so and stops.

mod common;

use std::time::Duration;

use acey_rules::Action;
use acey_server::bench::loadtest::Client;
use acey_server::storage::{GameMeta, Mode, StoreError};
use acey_server::Database;
use common::*;
use serde_json::{json, Value};

/// The last state a connection is sent within a few seconds of quiet.
async fn settle(c: &mut Client) -> Value {
    let mut last = Value::Null;
    while let Ok(Ok(m)) = tokio::time::timeout(Duration::from_millis(800), c.recv()).await {
        if m["type"] == "update" || m["type"] == "joined" {
            last = m["view"].clone();
        }
    }
    last
}

/// The shared database, or `None` (with a message) where there is no PostgreSQL to use.
fn shared_db() -> Option<(tempfile::TempDir, Database)> {
    let (dir, db) = temp_db();
    if db.is_shared() {
        Some((dir, db))
    } else {
        eprintln!(
            "SKIPPED: several nodes need PostgreSQL; set ACEY_TEST_POSTGRES=postgres://... \
             (scripts/test.sh starts one)"
        );
        None
    }
}

async fn guest(addr: std::net::SocketAddr, name: &str) -> Client {
    let mut c = Client::connect(addr).await.unwrap();
    c.send(&json!({"type": "hello", "name": name}))
        .await
        .unwrap();
    until(&mut c, "welcome").await;
    c
}

/// Reads a spectator's messages until the match is over; returns every action number seen.
async fn watch_to_the_end(c: &mut Client, from: u64) -> Vec<u64> {
    let mut seen = Vec::new();
    let mut last = from;
    loop {
        let m = c.recv().await.unwrap();
        match m["type"].as_str() {
            Some("update") => {
                let n = m["view"]["n"].as_u64().unwrap();
                assert!(n > last, "update {n} after {last}");
                last = n;
                seen.push(n);
                if !m["view"]["match_winner"].is_null() {
                    return seen;
                }
            }
            // A lagging spectator is sent the state again: it goes on from there.
            Some("joined") => last = m["view"]["n"].as_u64().unwrap(),
            _ => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_friend_game_across_two_nodes_is_watched_from_a_third_to_the_end() {
    let Some((_dir, db)) = shared_db() else {
        return;
    };
    let nodes = [
        start_server(&db, fast_limits()),
        start_server(&db, fast_limits()),
        start_server(&db, fast_limits()),
    ];
    let step = |what: &str| {
        if std::env::var_os("ACEY_TEST_TRACE").is_some() {
            eprintln!("step: {what}");
        }
    };
    step("started");
    let mut a = guest(nodes[0].addr, "anna").await;
    let ja = create(&mut a, json!({"type": "create", "mode": "friend"})).await;
    let game = ja["info"]["game"].as_str().unwrap().to_string();
    step("created");
    // The friend opens the link on the second node and takes the free seat there.
    let mut b = guest(nodes[1].addr, "bert").await;
    let jb = join(&mut b, &game, None).await;
    step("joined");
    assert_eq!(jb["role"], json!({"seat": 1}));
    assert_eq!(jb["info"]["players"][0]["name"], "anna");
    // The first node hears of the seat and of the die-off the second one rolled (in either
    // order).
    let vb = jb["view"].clone();
    let mut va = ja["view"].clone();
    let mut seated = false;
    while !(seated && va["n"] == vb["n"]) {
        let m = a.recv().await.unwrap();
        match m["type"].as_str() {
            Some("seats") => {
                assert_eq!(m["players"][1]["name"], "bert");
                seated = true;
            }
            Some("update") => va = m["view"].clone(),
            _ => {}
        }
    }
    step("seats");
    let mut s = guest(nodes[2].addr, "sam").await;
    let js = watch(&mut s, &game).await;
    step("watching");
    let start = js["view"]["n"].as_u64().unwrap();
    let watcher = tokio::spawn(async move { watch_to_the_end(&mut s, start).await });

    let (ea, eb) = tokio::join!(
        play_until(&mut a, Some(0), va, 11, match_over),
        play_until(&mut b, Some(1), vb, 12, match_over),
    );
    assert_eq!(ea["n"], eb["n"]);
    assert_eq!(ea["position"], eb["position"]);
    let seen = tokio::time::timeout(Duration::from_secs(30), watcher)
        .await
        .expect("the spectator saw the end")
        .unwrap();
    assert_eq!(seen.last().copied(), ea["n"].as_u64());
    // Every action is in the store once, in order.
    let store = acey_server::open_store(&db).await.unwrap();
    let stored = store.load_game(&game).await.unwrap().unwrap();
    assert_eq!(stored.actions.len() as u64, ea["n"].as_u64().unwrap());
    for n in nodes {
        n.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_made_on_one_node_is_seen_and_taken_on_another() {
    let Some((_dir, db)) = shared_db() else {
        return;
    };
    let one = start_server(&db, fast_limits());
    let two = start_server(&db, fast_limits());
    let mut watcher = guest(two.addr, "wanda").await;
    watcher.send(&json!({"type": "lobby"})).await.unwrap();
    until(&mut watcher, "lobby").await;
    let mut a = guest(one.addr, "anna").await;
    let id = offer(&mut a, json!({"type": "challenge", "clock": "5+5"})).await;
    let seen = tokio::time::timeout(
        Duration::from_secs(2),
        until(&mut watcher, "challenge_added"),
    )
    .await
    .expect("the other node's lobby shows it");
    assert_eq!(seen["challenge"]["id"], id.as_str());
    // Taken on the second node: the taker plays there, the maker is told on the first.
    let mut b = guest(two.addr, "bert").await;
    let jb = accept(&mut b, &id).await;
    let paired = tokio::time::timeout(Duration::from_secs(2), until(&mut a, "paired"))
        .await
        .expect("the maker hears on the other node");
    assert_eq!(paired["game"], jb["info"]["game"]);
    let ja = join(
        &mut a,
        paired["game"].as_str().unwrap(),
        paired["token"].as_str(),
    )
    .await;
    assert_eq!(ja["role"], json!({"seat": 0}));
    let gone = until(&mut watcher, "challenge_removed").await;
    assert_eq!(gone["id"], id.as_str());
    // Both nodes' connections count online.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let lobby = http(two.addr, "GET", "/api/lobby", None, &[]).await.json();
    assert_eq!(lobby["online"], 3, "{lobby}");
    one.stop();
    two.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_that_dies_mid_game_loses_nothing_and_its_player_goes_on_on_another() {
    let Some((_dir, db)) = shared_db() else {
        return;
    };
    let one = start_server(&db, fast_limits());
    let two = start_server(&db, fast_limits());
    let mut a = guest(one.addr, "anna").await;
    let ja = create(&mut a, json!({"type": "create", "mode": "friend"})).await;
    let game = ja["info"]["game"].as_str().unwrap().to_string();
    let token = ja["token"].as_str().unwrap().to_string();
    let mut b = guest(two.addr, "bert").await;
    let jb = join(&mut b, &game, None).await;
    let va = catch_up(
        &mut a,
        ja["view"].clone(),
        jb["view"]["n"].as_u64().unwrap(),
    )
    .await;
    // Some plays, then the first node dies (like a killed process: nothing is flushed).
    let far = va["n"].as_u64().unwrap() + 12;
    let (va, vb) = tokio::join!(
        play_until(&mut a, Some(0), va, 21, |v| v["n"].as_u64().unwrap() >= far),
        play_until(&mut b, Some(1), jb["view"].clone(), 22, |v| v["n"]
            .as_u64()
            .unwrap()
            >= far),
    );
    let _ = va;
    one.stop();
    // The player comes back on the second node with the seat's token and finds the game as
    // stored; both play it to the end there.
    let mut a = guest(two.addr, "anna").await;
    let back = join(&mut a, &game, Some(&token)).await;
    assert_eq!(back["role"], json!({"seat": 0}));
    let n = back["view"]["n"].as_u64().unwrap();
    assert!(
        n >= vb["n"].as_u64().unwrap().min(far),
        "lost actions: {back}"
    );
    let store = acey_server::open_store(&db).await.unwrap();
    let stored = store.load_game(&game).await.unwrap().unwrap();
    assert_eq!(
        stored.actions.len() as u64,
        n,
        "the store and the game agree"
    );
    let vb = catch_up(&mut b, vb, n).await;
    let (ea, eb) = tokio::join!(
        play_until(&mut a, Some(0), back["view"].clone(), 23, match_over),
        play_until(&mut b, Some(1), vb, 24, match_over),
    );
    assert_eq!(ea["n"], eb["n"]);
    two.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_writers_racing_for_one_action_number_one_wins_and_the_other_is_told() {
    let Some((_dir, db)) = shared_db() else {
        return;
    };
    // At the store: of two appends of the same number at once, exactly one is stored.
    let first = acey_server::open_store(&db).await.unwrap();
    let second = acey_server::open_store(&db).await.unwrap();
    let meta = GameMeta {
        id: "race".into(),
        mode: Mode::Local,
        rules: "american".parse().unwrap(),
        level: None,
        bot_seat: None,
        tokens: [Some("t".into()), Some("t".into())],
        rematch_of: None,
        created_at: 0,
        takebacks: 0,
        online: Default::default(),
    };
    first.create_game(&meta).await.unwrap();
    let a = Action::DieOff { dice: [5, 2] };
    let b = Action::DieOff { dice: [2, 5] };
    let (ra, rb) = tokio::join!(
        first.append_action("race", 0, &a),
        second.append_action("race", 0, &b)
    );
    let wins = [&ra, &rb].iter().filter(|r| r.is_ok()).count();
    assert_eq!(wins, 1, "{ra:?} {rb:?}");
    let lost = if ra.is_err() { ra } else { rb };
    assert!(
        matches!(lost, Err(StoreError::Conflict { n: 0, .. })),
        "{lost:?}"
    );

    // At the servers: one seat's token on two nodes, both moving at once. Both connections end
    // up with the same state, and the store holds one unbroken log.
    let one = start_server(&db, fast_limits());
    let two = start_server(&db, fast_limits());
    let mut x = Client::connect(one.addr).await.unwrap();
    let jx = create(&mut x, json!({"type": "create", "mode": "local"})).await;
    let game = jx["info"]["game"].as_str().unwrap().to_string();
    let token = jx["token"].as_str().unwrap().to_string();
    let mut y = Client::connect(two.addr).await.unwrap();
    let jy = join(&mut y, &game, Some(&token)).await;
    let view: Value = jy["view"].clone();
    // Two different steps where the roll allows two; the same one twice otherwise (the second
    // to arrive is then refused or, with dice left, taken as the next step).
    let legal = view["turn"]["legal"].as_array().unwrap().clone();
    assert!(!legal.is_empty(), "{view}");
    let step =
        |s: &Value| json!({"type": "step", "from": s["from"], "to": s["to"], "die": s["die"]});
    let (sx, sy) = (step(&legal[0]), step(&legal[legal.len() - 1]));
    let (r1, r2) = tokio::join!(x.send(&sx), y.send(&sy));
    r1.unwrap();
    r2.unwrap();
    let n0 = view["n"].as_u64().unwrap();
    // Each connection sees the game go on; a refusal (the race lost) is answered with the
    // state as it stands.
    let lx = settle(&mut x).await;
    let ly = settle(&mut y).await;
    assert!(lx["n"].as_u64().unwrap() > n0);
    assert_eq!(lx["n"], ly["n"], "{lx} {ly}");
    assert_eq!(lx["position"], ly["position"]);
    let store = acey_server::open_store(&db).await.unwrap();
    let stored = store.load_game(&game).await.unwrap().unwrap();
    assert_eq!(stored.actions.len() as u64, lx["n"].as_u64().unwrap());
    one.stop();
    two.stop();
}
