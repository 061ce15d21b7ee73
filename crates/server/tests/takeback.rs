//! Takebacks through real WebSocket connections: a play against the computer taken back with
//! the bot's reply, everyone in the room sent the game as it now stands, the count kept over a
//! restart; refused to spectators, between friends, and with nothing to take back.

mod common;

use acey_server::bench::loadtest::Client;
use common::*;
use serde_json::{json, Value};

/// Seat 0's move with nothing played yet, after at least `plays` plays in the log.
fn my_fresh_move(v: &Value, plays: u64) -> bool {
    v["log_len"].as_u64().unwrap() >= plays && v["to_act"] == 0 && fresh_move(v)
}

/// A move with nothing played yet.
fn fresh_move(v: &Value) -> bool {
    v["phase"]["phase"] == "move" && v["turn"]["steps"].as_array().unwrap().is_empty()
}

/// A roll that is the whole turn (not a 1-2, whose turn goes on with a named double and
/// another roll): after it, the other side moves.
fn natural(v: &Value) -> bool {
    v["phase"]["kind"] == "natural"
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_play_against_the_computer_is_taken_back_with_the_reply_and_counted() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let mut a = Client::connect(server.addr).await.unwrap();
    let ja = create(
        &mut a,
        json!({"type": "create", "mode": "computer", "level": "beginner"}),
    )
    .await;
    let game = ja["info"]["game"].as_str().unwrap().to_string();
    let token = ja["token"].as_str().unwrap().to_string();
    assert!(ja["info"].get("takebacks").is_none(), "{}", ja["info"]);
    // Nothing of ours played yet in this game.
    if my_fresh_move(&ja["view"], 0) && ja["view"]["log_len"] == 0 {
        a.send(&json!({"type": "takeback"})).await.unwrap();
        expect_error(&mut a, "illegal").await;
    }
    let before = play_until(&mut a, Some(0), ja["view"].clone(), 3, |v| {
        my_fresh_move(v, 2) && natural(v)
    })
    .await;
    // Our play, then the bot's reply, until it is our move again.
    let n = before["n"].as_u64().unwrap();
    let after = play_until(&mut a, Some(0), before.clone(), 4, |v| {
        v["n"].as_u64().unwrap() > n && my_fresh_move(v, 0)
    })
    .await;
    assert!(after["log_len"].as_u64() > before["log_len"].as_u64());
    let mut spectator = Client::connect(server.addr).await.unwrap();
    assert_eq!(watch(&mut spectator, &game).await["view"], after);

    spectator.send(&json!({"type": "takeback"})).await.unwrap();
    expect_error(&mut spectator, "not_your_turn").await;
    a.send(&json!({"type": "takeback"})).await.unwrap();
    let back = until(&mut a, "joined").await;
    assert_eq!(back["role"], json!({"seat": 0}));
    assert_eq!(back["info"]["takebacks"], 1);
    assert_eq!(back["view"], before, "the same position and the same dice");
    assert_eq!(
        back["log"].as_array().unwrap().len() as u64,
        before["log_len"].as_u64().unwrap()
    );
    // The spectator is sent the same state.
    let seen = until(&mut spectator, "joined").await;
    assert_eq!(seen["role"], "spectator");
    assert_eq!(seen["view"], before);

    // The game goes on from there, and the count and the cut survive a restart.
    let s = &before["turn"]["legal"][0];
    a.send(&json!({"type": "step", "from": s["from"], "to": s["to"], "die": s["die"]}))
        .await
        .unwrap();
    let mid = until(&mut a, "update").await["view"].clone();
    assert_eq!(mid["n"].as_u64().unwrap(), n + 1);
    server.stop();
    let server = start_server(&db, fast_limits());
    let mut a = Client::connect(server.addr).await.unwrap();
    let again = join(&mut a, &game, Some(&token)).await;
    assert_eq!(again["info"]["takebacks"], 1);
    assert_eq!(again["view"], mid);
    // The record the server keeps is the game as it now stands.
    let (status, record) = http_get(server.addr, &format!("/api/games/{game}/record")).await;
    assert_eq!(status, 200);
    let replayed = acey_rules::Record::parse(&record).unwrap().game().unwrap();
    assert_eq!(
        replayed.log().len() as u64,
        before["log_len"].as_u64().unwrap(),
        "the play taken back and the reply are not in it: {record}"
    );
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_one_screen_either_sides_play_is_taken_back_and_friends_cannot() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let (mut c, joined) = local_game(server.addr).await;
    c.send(&json!({"type": "takeback"})).await.unwrap();
    expect_error(&mut c, "illegal").await;
    let before = play_until(&mut c, None, joined["view"].clone(), 5, |v| {
        v["log_len"].as_u64().unwrap() >= 1 && fresh_move(v) && natural(v)
    })
    .await;
    let n = before["n"].as_u64().unwrap();
    let mover = before["to_act"].clone();
    // The mover's play, until the other side's roll is to be played.
    let next = play_until(&mut c, None, before.clone(), 6, |v| {
        v["n"].as_u64().unwrap() > n && v["to_act"] != mover && fresh_move(v)
    })
    .await;
    assert_eq!(next["log_len"], before["log_len"].as_u64().unwrap() + 1);
    c.send(&json!({"type": "takeback"})).await.unwrap();
    let back = until(&mut c, "joined").await;
    assert_eq!(back["view"], before);
    assert_eq!(back["info"]["takebacks"], 1);

    let mut f = Client::connect(server.addr).await.unwrap();
    create(&mut f, json!({"type": "create", "mode": "friend"})).await;
    f.send(&json!({"type": "takeback"})).await.unwrap();
    expect_error(&mut f, "illegal").await;
    server.stop();
}
