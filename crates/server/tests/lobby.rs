//! The lobby, quick pairing, ratings, clocks, chat and claims: real WebSocket clients and real
//! HTTP against a real server on a temporary database.

mod common;

use std::time::Duration;

use acey_server::bench::loadtest::Client;
use acey_server::rating::{after_result, Rating};
use acey_server::Limits;
use common::*;
use serde_json::{json, Value};

async fn hello(c: &mut Client, name: Option<&str>) -> Value {
    c.send(&json!({"type": "hello", "v": 2, "name": name}))
        .await
        .unwrap();
    until(c, "welcome").await
}

async fn guest(addr: std::net::SocketAddr, name: &str) -> Client {
    let mut c = Client::connect(addr).await.unwrap();
    let w = hello(&mut c, Some(name)).await;
    assert_eq!(w["name"], name);
    assert_eq!(w["registered"], false);
    c
}

async fn watch_lobby(c: &mut Client) -> Value {
    c.send(&json!({"type": "lobby"})).await.unwrap();
    until(c, "lobby").await
}

/// Plays both seats' random legal intents, each from its own connection, until the match
/// is over; returns the final views.
async fn play_out(a: &mut Client, va: Value, b: &mut Client, vb: Value, seed: u64) -> Value {
    let (va, _vb) = tokio::join!(
        play_until(a, Some(0), va, seed, match_over),
        play_until(b, Some(1), vb, seed + 1, match_over),
    );
    va
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_pressing_the_same_button_play_one_rated_game_and_their_ratings_move() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let addr = server.addr;
    let alice = register(addr, "alice").await;
    let bob = register(addr, "Bob").await;
    // From two machines: accounts seen on one address never play rated.
    let mut a = Client::connect_from_with_cookie("127.0.0.2".parse().unwrap(), addr, &alice)
        .await
        .unwrap();
    let mut b = Client::connect_from_with_cookie("127.0.0.3".parse().unwrap(), addr, &bob)
        .await
        .unwrap();
    // An account's name is its own, whatever name the hello offers.
    let w = hello(&mut a, Some("mallory")).await;
    assert_eq!(
        (w["name"].as_str(), w["registered"].as_bool()),
        (Some("alice"), Some(true))
    );
    hello(&mut b, None).await;
    let mut watcher = guest(addr, "watcher").await;
    let lobby = watch_lobby(&mut watcher).await;
    assert_eq!(lobby["pools"].as_array().unwrap().len(), 4);

    let seeking = seek(&mut a, "bgammon", "seeking").await;
    assert_eq!(seeking["pool"], "bgammon");
    let pools = until(&mut watcher, "pools").await;
    let waiting = |pools: &Value| {
        pools["pools"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == "bgammon")
            .unwrap()["waiting"]
            .as_u64()
            .unwrap()
    };
    assert_eq!(waiting(&pools), 1);

    let jb = seek(&mut b, "bgammon", "joined").await;
    assert_eq!(jb["role"], json!({"seat": 1}));
    let paired = until(&mut a, "paired").await;
    let game = paired["game"].as_str().unwrap().to_string();
    assert_eq!(jb["info"]["game"], game.as_str());
    assert_eq!(jb["info"]["rated"], true);
    assert_eq!(
        jb["info"]["clock"],
        json!({"kind": "fischer", "base": 180, "increment": 12})
    );
    assert_eq!(jb["info"]["players"][0]["name"], "alice");
    assert_eq!(jb["info"]["players"][1]["name"], "Bob");
    assert_eq!(jb["info"]["players"][1]["rating"], 1500.0);
    let ja = join(&mut a, &game, paired["token"].as_str()).await;
    assert_eq!(ja["role"], json!({"seat": 0}));
    assert!(ja["clock"]["left_ms"][0].as_u64().unwrap() > 170_000);
    // The pool is empty again and the game is listed as being played.
    let pools = until(&mut watcher, "pools").await;
    assert_eq!(waiting(&pools), 0);
    // Listed once a player is in it (the one seated by the pairing, at once).
    let mut playing = until(&mut watcher, "playing").await;
    while playing["games"].as_array().unwrap().is_empty() {
        playing = until(&mut watcher, "playing").await;
    }
    assert_eq!(playing["games"][0]["id"], game.as_str());

    let end = play_out(&mut a, ja["view"].clone(), &mut b, jb["view"].clone(), 7).await;
    let winner = end["match_winner"].as_u64().unwrap() as usize;
    let expected = after_result([Rating::default(); 2], winner);

    // Both profiles show the game and the rating Glicko-2 gives.
    for (i, name) in ["alice", "Bob"].iter().enumerate() {
        let mut profile = Value::Null;
        for _ in 0..50 {
            profile = http(
                addr,
                "GET",
                &format!("/api/players/{}", name.to_lowercase()),
                None,
                &[],
            )
            .await
            .json();
            if !profile["games"].as_array().unwrap().is_empty() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(profile["name"], *name);
        let games = profile["games"].as_array().unwrap();
        assert_eq!(games.len(), 1, "{profile}");
        assert_eq!(games[0]["id"], game.as_str());
        assert_eq!(games[0]["result"], if i == winner { "win" } else { "loss" });
        assert_eq!(games[0]["rated"], true);
        assert_eq!(games[0]["opponent"], if i == 0 { "Bob" } else { "alice" });
        let r = &profile["ratings"][0];
        assert_eq!(r["family"], "acey-deucey");
        assert_eq!(r["kind"], "game");
        assert_eq!(r["games"], 1);
        assert_eq!(r["rating"].as_f64().unwrap(), expected[i].rating.round());
        assert_eq!(
            r["deviation"].as_f64().unwrap(),
            expected[i].deviation.round()
        );
        assert_eq!(profile["history"].as_array().unwrap().len(), 1);
    }
    // The game is no longer listed as being played (lists sent before its end may come first).
    let mut playing = until(&mut watcher, "playing").await;
    while !playing["games"].as_array().unwrap().is_empty() {
        playing = until(&mut watcher, "playing").await;
    }
    let (status, _) = http_get(addr, "/api/players/nobody-here").await;
    assert_eq!(status, 404);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_shows_for_everyone_and_goes_when_cancelled_taken_or_left() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let addr = server.addr;
    let mut a = guest(addr, "anna").await;
    let mut b = guest(addr, "bert").await;
    let mut c = guest(addr, "carl").await;
    assert!(watch_lobby(&mut c).await["challenges"]
        .as_array()
        .unwrap()
        .is_empty());

    // Made, then cancelled: the third client sees both within a second.
    a.send(&json!({"type": "challenge", "rules": "american", "match": 1, "clock": "5+10"}))
        .await
        .unwrap();
    let seen = tokio::time::timeout(Duration::from_secs(1), until(&mut c, "challenge_added"))
        .await
        .expect("within a second");
    let ch = &seen["challenge"];
    assert_eq!(ch["name"], "anna");
    assert_eq!(ch["registered"], false);
    assert_eq!(
        ch["clock"],
        json!({"kind": "fischer", "base": 300, "increment": 10})
    );
    let id = ch["id"].as_str().unwrap().to_string();
    // Listed over HTTP as well, without the owner's connection id.
    let listed = http(addr, "GET", "/api/lobby", None, &[]).await.json();
    assert_eq!(listed["challenges"][0]["id"], id.as_str());
    assert!(listed["challenges"][0].get("owner").is_none());
    // Nobody else can cancel it; a guest cannot make a rated one.
    b.send(&json!({"type": "cancel", "challenge": id}))
        .await
        .unwrap();
    expect_error(&mut b, "forbidden").await;
    b.send(&json!({"type": "challenge", "rated": true}))
        .await
        .unwrap();
    expect_error(&mut b, "forbidden").await;
    b.send(&json!({"type": "challenge", "clock": "forever"}))
        .await
        .unwrap();
    expect_error(&mut b, "bad_settings").await;
    a.send(&json!({"type": "cancel", "challenge": id}))
        .await
        .unwrap();
    let gone = tokio::time::timeout(Duration::from_secs(1), until(&mut c, "challenge_removed"))
        .await
        .expect("within a second");
    assert_eq!(gone["id"], id.as_str());

    // Made, then taken: the taker plays at once, the maker is told where.
    a.send(&json!({"type": "challenge", "rules": "bgammon", "match": 3}))
        .await
        .unwrap();
    let id = until(&mut c, "challenge_added").await["challenge"]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let jb = accept(&mut b, &id).await;
    assert_eq!(jb["info"]["match"], 3);
    assert_eq!(jb["info"]["players"][0]["name"], "anna");
    let paired = until(&mut a, "paired").await;
    assert_eq!(paired["game"], jb["info"]["game"]);
    assert_eq!(until(&mut c, "challenge_removed").await["id"], id.as_str());
    // A second taker finds it gone.
    let mut d = guest(addr, "dora").await;
    d.send(&json!({"type": "accept", "challenge": id}))
        .await
        .unwrap();
    expect_error(&mut d, "gone").await;

    // Made, then its maker leaves: it goes too.
    d.send(&json!({"type": "challenge"})).await.unwrap();
    let id = until(&mut c, "challenge_added").await["challenge"]["id"]
        .as_str()
        .unwrap()
        .to_string();
    d.close().await;
    let gone = tokio::time::timeout(Duration::from_secs(1), until(&mut c, "challenge_removed"))
        .await
        .expect("within a second");
    assert_eq!(gone["id"], id.as_str());
    server.stop();
}

/// Waits for the update that ends the match; returns its view.
async fn until_over(c: &mut Client) -> Value {
    loop {
        let m = until(c, "update").await;
        if !m["view"]["match_winner"].is_null() {
            return m;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_runs_out_and_the_other_player_wins_also_across_a_restart() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let addr = server.addr;
    let mut a = guest(addr, "anna").await;
    let mut b = guest(addr, "bert").await;
    let (ja, _jb, _) = paired_game(
        &mut a,
        &mut b,
        json!({"type": "challenge", "clock": "3/turn"}),
    )
    .await;
    // Whoever the game waits for after the die-off lets the time run out.
    let view = ja["view"].clone();
    let slow = view["to_act"].as_u64().expect("someone to act");
    assert_eq!(ja["clock"]["running"], slow);
    let over = until_over(&mut a).await;
    assert_eq!(over["action"], json!({"action": "forfeit", "player": slow}));
    assert_eq!(over["view"]["match_winner"], 1 - slow);
    assert_eq!(over["clock"]["left_ms"][slow as usize], 0);
    assert!(over["clock"]["running"].is_null());

    // Again, with the server down in the middle of the slow player's turn for longer than the
    // turn: no time is charged for the time it was down, and the clock then runs out.
    let (ja, _jb, token) = paired_game(
        &mut a,
        &mut b,
        json!({"type": "challenge", "clock": "4/turn"}),
    )
    .await;
    let game = ja["info"]["game"].as_str().unwrap().to_string();
    let slow = ja["view"]["to_act"].as_u64().unwrap();
    server.stop();
    tokio::time::sleep(Duration::from_secs(5)).await;
    let server = start_server(&db, fast_limits());
    let mut a = guest(server.addr, "anna").await;
    let back = join(&mut a, &game, Some(&token)).await;
    assert!(
        back["view"]["match_winner"].is_null(),
        "charged for the downtime: {back}"
    );
    assert!(back["clock"]["left_ms"][slow as usize].as_u64().unwrap() > 2_000);
    let over = until_over(&mut a).await;
    assert_eq!(over["action"], json!({"action": "forfeit", "player": slow}));
    assert_eq!(over["view"]["match_winner"], 1 - slow);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_reaches_the_opponent_as_typed_and_spectators_have_their_own() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let addr = server.addr;
    let mut a = guest(addr, "anna").await;
    let mut b = guest(addr, "bert").await;
    let (ja, _jb, _) = paired_game(&mut a, &mut b, json!({"type": "challenge"})).await;
    let game = ja["info"]["game"].as_str().unwrap().to_string();
    let mut s = guest(addr, "sam").await;
    assert_eq!(watch(&mut s, &game).await["role"], "spectator");

    a.send(&json!({"type": "chat", "text": "<b>good luck</b> & <script>x</script>"}))
        .await
        .unwrap();
    let line = until(&mut b, "chat").await["line"].clone();
    assert_eq!(line["text"], "<b>good luck</b> & <script>x</script>");
    assert_eq!(line["from"], "anna");
    assert_eq!(line["seat"], 0);
    assert_eq!(line["channel"], "players");
    // The spectator's own line reaches everyone; the players' line never reached it.
    s.send(&json!({"type": "chat", "text": "nice game"}))
        .await
        .unwrap();
    // The writer gets its own line back, as everyone else does.
    assert_eq!(until(&mut a, "chat").await["line"]["channel"], "players");
    for c in [&mut a, &mut b] {
        let l = until(c, "chat").await["line"].clone();
        assert_eq!(
            (l["text"].as_str(), l["channel"].as_str()),
            (Some("nice game"), Some("spectators"))
        );
    }
    let l = until(&mut s, "chat").await["line"].clone();
    assert_eq!(
        l["text"], "nice game",
        "the spectator saw the players' chat first"
    );
    // Wrong channel, too long, empty: refused.
    s.send(&json!({"type": "chat", "text": "psst", "channel": "players"}))
        .await
        .unwrap();
    expect_error(&mut s, "forbidden").await;
    a.send(&json!({"type": "chat", "text": "x".repeat(301)}))
        .await
        .unwrap();
    expect_error(&mut a, "malformed").await;
    a.send(&json!({"type": "chat", "text": "  "}))
        .await
        .unwrap();
    expect_error(&mut a, "malformed").await;
    // Who joins later reads what they may.
    let mut late = guest(addr, "late").await;
    let j = watch(&mut late, &game).await;
    let texts: Vec<&str> = j["chat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["nice game"]);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_is_rate_limited() {
    let (_dir, db) = temp_db();
    let limits = Limits {
        chat_per_minute: 6.0,
        ..fast_limits()
    };
    let server = start_server(&db, limits);
    let mut a = guest(server.addr, "anna").await;
    let mut b = guest(server.addr, "bert").await;
    paired_game(&mut a, &mut b, json!({"type": "challenge"})).await;
    for i in 0..5 {
        a.send(&json!({"type": "chat", "text": format!("line {i}")}))
            .await
            .unwrap();
        until(&mut a, "chat").await;
    }
    a.send(&json!({"type": "chat", "text": "one too many"}))
        .await
        .unwrap();
    expect_error(&mut a, "rate_limited").await;
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_gone_on_their_turn_can_be_claimed_against_after_the_wait() {
    let (_dir, db) = temp_db();
    let limits = Limits {
        claim_after: Duration::from_secs(2),
        ..fast_limits()
    };
    let server = start_server(&db, limits);
    let addr = server.addr;
    let mut a = guest(addr, "anna").await;
    let mut b = guest(addr, "bert").await;
    let (ja, jb, token_a) = paired_game(&mut a, &mut b, json!({"type": "challenge"})).await;
    let game = ja["info"]["game"].as_str().unwrap().to_string();
    let first = ja["view"]["to_act"].as_u64().unwrap();
    // The player to act leaves; the other may not claim at once, nor while they are back.
    let (gone, mut stays) = if first == 0 { (a, b) } else { (b, a) };
    let _ = jb;
    // Whatever presence news came before is read first (a ping's pong follows it).
    stays.send(&json!({"type": "ping"})).await.unwrap();
    until(&mut stays, "pong").await;
    gone.close().await;
    // Presence news sent before the close may still be on its way (a loaded machine can deliver
    // it after the pong): the news that matters is the one that says the player left.
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let presence = until(&mut stays, "presence").await;
        if presence["presence"]["connected"][first as usize] == false {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no news of the player leaving: {presence}"
        );
    }
    stays.send(&json!({"type": "claim"})).await.unwrap();
    let refused = expect_error(&mut stays, "forbidden").await;
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("claim the game in"),
        "{refused}"
    );
    tokio::time::sleep(Duration::from_millis(2100)).await;
    stays.send(&json!({"type": "claim"})).await.unwrap();
    let over = until_over(&mut stays).await;
    assert_eq!(
        over["action"],
        json!({"action": "forfeit", "player": first})
    );
    assert_eq!(over["view"]["match_winner"], 1 - first);
    // A player who is there cannot be claimed against (a new game: the claimer's opponent is
    // connected).
    let mut x = guest(addr, "xena").await;
    let mut y = guest(addr, "yuri").await;
    let (jx, _jy, _) = paired_game(&mut x, &mut y, json!({"type": "challenge"})).await;
    let waiter = if jx["view"]["to_act"] == 0 {
        &mut y
    } else {
        &mut x
    };
    waiter.send(&json!({"type": "claim"})).await.unwrap();
    expect_error(waiter, "forbidden").await;
    let _ = (game, token_a);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_cannot_take_a_registered_name_and_bad_lobby_input_is_refused() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let addr = server.addr;
    register(addr, "Zoe").await;
    let mut c = Client::connect(addr).await.unwrap();
    let refused = [
        (json!({"type": "hello", "name": "zoe"}), "name_taken"),
        (json!({"type": "hello", "name": "no spaces"}), "bad_name"),
        (json!({"type": "hello", "v": 9}), "version"),
    ];
    for (msg, code) in refused {
        c.send(&msg).await.unwrap();
        expect_error(&mut c, code).await;
    }
    // Without a hello a guest gets a name.
    c.send(&json!({"type": "hello"})).await.unwrap();
    let w = until(&mut c, "welcome").await;
    assert!(w["name"].as_str().unwrap().starts_with("Guest-"), "{w}");
    let refused = [
        (json!({"type": "seek", "pool": "chess"}), "bad_settings"),
        (json!({"type": "challenge", "match": 500}), "bad_settings"),
        (json!({"type": "accept", "challenge": "nope"}), "gone"),
        (json!({"type": "chat", "text": "hi"}), "not_joined"),
    ];
    for (msg, code) in refused {
        c.send(&msg).await.unwrap();
        expect_error(&mut c, code).await;
    }
    // Its own challenge cannot be accepted; at most three at once.
    for _ in 0..3 {
        c.send(&json!({"type": "challenge"})).await.unwrap();
        until(&mut c, "challenge_added").await;
    }
    c.send(&json!({"type": "challenge"})).await.unwrap();
    expect_error(&mut c, "forbidden").await;
    let lobby = watch_lobby(&mut c).await;
    let own = lobby["challenges"][0]["id"].as_str().unwrap().to_string();
    c.send(&json!({"type": "accept", "challenge": own}))
        .await
        .unwrap();
    expect_error(&mut c, "forbidden").await;
    server.stop();
}
