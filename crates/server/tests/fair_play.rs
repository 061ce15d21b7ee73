//! Fair play: rated games earned over the board (farmed resignations, a pair's games of the day,
//! accounts on one network), names that cannot pass for others', and clocks that run with
//! nobody watching. Real WebSocket clients from several loopback addresses and real HTTP
//! against a real server on a temporary database.

mod common;

use std::net::IpAddr;
use std::time::Duration;

use acey_server::bench::loadtest::Client;
use acey_server::rating::{after_result, Rating};
use common::*;
use serde_json::{json, Value};

fn ip(s: &str) -> IpAddr {
    s.parse().unwrap()
}

/// A new account `name`, registered and connected from the loopback address `from`.
async fn new_player(addr: std::net::SocketAddr, name: &str, from: &str) -> Client {
    let cookie = register(addr, name).await;
    player(addr, from, &cookie).await
}

/// An account's connection from the loopback address `from`, said hello.
async fn player(addr: std::net::SocketAddr, from: &str, cookie: &str) -> Client {
    let mut c = Client::connect_from_with_cookie(ip(from), addr, cookie)
        .await
        .unwrap();
    c.send(&json!({"type": "hello", "v": 2})).await.unwrap();
    let w = until(&mut c, "welcome").await;
    assert_eq!(w["registered"], true, "{w}");
    c
}

/// A rated single game of bgammon offered by `a` and taken by `b`: both joined messages.
async fn rated_game(a: &mut Client, b: &mut Client) -> (Value, Value) {
    let challenge = json!({"type": "challenge", "rules": "bgammon", "rated": true});
    let (ja, jb, _) = paired_game(a, b, challenge).await;
    (ja, jb)
}

/// Plays both seats until `plays` plays are in the log, then seat 0 resigns; returns the view
/// that ends the game, as seat 1 saw it.
async fn resign_after(a: &mut Client, ja: &Value, b: &mut Client, jb: &Value, plays: u64) -> Value {
    let enough = move |v: &Value| v["log_len"].as_u64().unwrap() >= plays;
    tokio::join!(
        play_until(a, Some(0), ja["view"].clone(), 11, enough),
        play_until(b, Some(1), jb["view"].clone(), 12, enough),
    );
    a.send(&json!({"type": "resign"})).await.unwrap();
    loop {
        let m = until(b, "update").await;
        if !m["view"]["match_winner"].is_null() {
            return m["view"].clone();
        }
    }
}

/// The profile of `name` once it shows `games` finished games.
async fn profile(addr: std::net::SocketAddr, name: &str, games: usize) -> Value {
    for _ in 0..100 {
        let p = http(addr, "GET", &format!("/api/players/{name}"), None, &[])
            .await
            .json();
        if p["games"].as_array().unwrap().len() >= games {
            return p;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{name}'s profile never showed {games} games");
}

/// The game of the `joined` message `j` in a profile's history.
fn played<'a>(p: &'a Value, j: &Value) -> &'a Value {
    p["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == j["info"]["game"])
        .unwrap_or_else(|| panic!("{} is not in {p}", j["info"]["game"]))
}

/// The acey-deucey game rating of a profile: (rating, rated games), `None` before any.
fn game_rating(p: &Value) -> Option<(f64, u64)> {
    p["ratings"].as_array().unwrap().iter().find_map(|r| {
        (r["family"] == "acey-deucey" && r["kind"] == "game")
            .then(|| (r["rating"].as_f64().unwrap(), r["games"].as_u64().unwrap()))
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn farmed_resignations_and_a_pairs_fourth_game_of_the_day_are_not_rated() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let addr = server.addr;
    let mut a = new_player(addr, "alice", "127.0.0.2").await;
    let mut b = new_player(addr, "bob", "127.0.0.3").await;

    // Farming: rated games resigned at once, or after a single play each.
    let farmed: usize = 6;
    for i in 0..farmed {
        let (ja, jb) = rated_game(&mut a, &mut b).await;
        assert_eq!(jb["info"]["rated"], true, "{jb}");
        let end = resign_after(&mut a, &ja, &mut b, &jb, (i % 3) as u64).await;
        assert_eq!(end["match_winner"], 1);
        for c in [&mut a, &mut b] {
            let why = until(c, "not_rated").await;
            assert_eq!(why["reason"], "too_short", "{why}");
        }
    }
    for name in ["alice", "bob"] {
        let p = profile(addr, name, farmed).await;
        assert_eq!(game_rating(&p), None, "{p}");
        assert!(p["history"].as_array().unwrap().is_empty(), "{p}");
        let games = p["games"].as_array().unwrap();
        assert_eq!(games.len(), farmed);
        assert!(games.iter().all(|g| g["rated"] == false), "{p}");
    }

    // Real games rate: three of them, each against Glicko-2 from the ratings before.
    let mut ratings = [Rating::default(); 2];
    for n in 1..=3usize {
        let (ja, jb) = rated_game(&mut a, &mut b).await;
        assert_eq!(ja["info"]["rated"], true, "{ja}");
        assert!(ja["info"].get("unrated").is_none(), "{ja}");
        let end = resign_after(&mut a, &ja, &mut b, &jb, 8).await;
        assert_eq!(end["match_winner"], 1);
        let before = ratings;
        ratings = after_result(ratings, 1);
        // Both players are told at once: each seat's rating before and after.
        for c in [&mut a, &mut b] {
            let told = until(c, "rated").await;
            for i in 0..2 {
                let r = &told["ratings"][i];
                assert_eq!(r["before"], before[i].rating.round(), "{told}");
                assert_eq!(r["after"], ratings[i].rating.round(), "{told}");
                assert_eq!(r["provisional"], ratings[i].provisional(), "{told}");
            }
        }
        for (i, name) in ["alice", "bob"].iter().enumerate() {
            let mut p = profile(addr, name, farmed + n).await;
            for _ in 0..50 {
                if game_rating(&p).map(|(_, g)| g) == Some(n as u64) {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
                p = profile(addr, name, farmed + n).await;
            }
            assert_eq!(
                game_rating(&p),
                Some((ratings[i].rating.round(), n as u64)),
                "{p}"
            );
            assert_eq!(played(&p, &ja)["rated"], true, "{p}");
        }
    }

    // The fourth of the day is played unrated, says so from the start and at the end, and
    // moves nothing.
    let (ja, jb) = rated_game(&mut a, &mut b).await;
    assert_eq!(ja["info"]["rated"], false, "{ja}");
    assert_eq!(ja["info"]["unrated"], "pair_limit", "{ja}");
    resign_after(&mut a, &ja, &mut b, &jb, 8).await;
    assert_eq!(until(&mut b, "not_rated").await["reason"], "pair_limit");
    for (i, name) in ["alice", "bob"].iter().enumerate() {
        let p = profile(addr, name, farmed + 4).await;
        assert_eq!(game_rating(&p), Some((ratings[i].rating.round(), 3)), "{p}");
        assert_eq!(played(&p, &ja)["rated"], false, "{p}");
    }

    // Quick pairing does not pair the two again (both wait), and pairs one of them with a
    // third player, rated.
    let mut c = new_player(addr, "carl", "127.0.0.4").await;
    seek(&mut a, "bgammon", "seeking").await;
    seek(&mut b, "bgammon", "seeking").await;
    let jc = seek(&mut c, "bgammon", "joined").await;
    assert_eq!(jc["info"]["rated"], true, "{jc}");
    let names = [
        jc["info"]["players"][0]["name"].as_str().unwrap(),
        jc["info"]["players"][1]["name"].as_str().unwrap(),
    ];
    assert_eq!(names[1], "carl");
    assert!(["alice", "bob"].contains(&names[0]), "{jc}");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_accounts_seen_on_one_address_never_get_a_rated_pairing() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let addr = server.addr;
    let dora = register(addr, "dora").await;
    let mut watcher = Client::connect_from(ip("127.0.0.9"), addr).await.unwrap();
    watcher.send(&json!({"type": "lobby"})).await.unwrap();
    until(&mut watcher, "lobby").await;
    // Dora and Eric on one address: both wait rather than meet.
    let mut d = player(addr, "127.0.0.5", &dora).await;
    let mut e = new_player(addr, "eric", "127.0.0.5").await;
    seek(&mut d, "american", "seeking").await;
    seek(&mut e, "american", "seeking").await;
    loop {
        let pools = until(&mut watcher, "pools").await;
        let american = pools["pools"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == "american")
            .unwrap()["waiting"]
            .as_u64()
            .unwrap();
        if american == 2 {
            break;
        }
    }
    // Fay, elsewhere, is paired with one of them, rated.
    let mut f = new_player(addr, "fay", "127.0.0.6").await;
    let jf = seek(&mut f, "american", "joined").await;
    assert_eq!(jf["info"]["rated"], true, "{jf}");
    let waited = jf["info"]["players"][0]["name"].as_str().unwrap();
    assert!(["dora", "eric"].contains(&waited), "{jf}");
    until(if waited == "dora" { &mut d } else { &mut e }, "paired").await;

    // Dora, now from another address, still shares one with Eric: his rated challenge is
    // played unrated and says so.
    let mut d2 = player(addr, "127.0.0.7", &dora).await;
    let (je, jd) = rated_game(&mut e, &mut d2).await;
    for j in [&je, &jd] {
        assert_eq!(j["info"]["rated"], false, "{j}");
        assert_eq!(j["info"]["unrated"], "same_address", "{j}");
    }
    let end = resign_after(&mut e, &je, &mut d2, &jd, 8).await;
    assert_eq!(end["match_winner"], 1);
    assert_eq!(until(&mut d2, "not_rated").await["reason"], "same_address");
    let p = profile(addr, "eric", 1).await;
    assert_eq!(game_rating(&p), None, "{p}");
    assert_eq!(played(&p, &je)["rated"], false, "{p}");
    server.stop();
}

/// Says hello as a guest named `name`; returns the answer (`welcome` or `error`).
async fn hello_as(c: &mut Client, name: &str) -> Value {
    hello_claiming(c, name, None).await
}

/// Says hello as `name` with `claim`; returns the welcome or the error.
async fn hello_claiming(c: &mut Client, name: &str, claim: Option<&str>) -> Value {
    c.send(&json!({"type": "hello", "v": 2, "name": name, "claim": claim}))
        .await
        .unwrap();
    loop {
        let m = c.recv().await.unwrap();
        if m["type"] == "welcome" || m["type"] == "error" {
            return m;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_back_on_a_new_connection_takes_their_name_back_with_its_claim() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let mut old = Client::connect(server.addr).await.unwrap();
    let welcome = hello_claiming(&mut old, "anna", None).await;
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    let claim = welcome["claim"].as_str().expect("a claim").to_string();
    // The old socket is still open (a reload, or a network drop the server has not noticed):
    // a stranger cannot take the name, nor can a wrong claim...
    let mut stranger = Client::connect(server.addr).await.unwrap();
    for wrong in [None, Some("not the claim")] {
        let refused = hello_claiming(&mut stranger, "anna", wrong).await;
        assert_eq!(refused["code"], "name_taken", "{refused}");
    }
    // ...but the same guest, with the claim, takes it back at once, and keeps the claim.
    let mut back = Client::connect(server.addr).await.unwrap();
    let again = hello_claiming(&mut back, "anna", Some(&claim)).await;
    assert_eq!(
        (&again["type"], &again["name"]),
        (&json!("welcome"), &json!("anna"))
    );
    assert_eq!(again["claim"], claim.as_str(), "{again}");
    // The name moved to the new connection: the old one closing does not free it.
    old.close().await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let refused = hello_claiming(&mut stranger, "anna", None).await;
    assert_eq!(refused["code"], "name_taken", "{refused}");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn look_alike_and_invisible_names_are_refused_with_the_reason() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let addr = server.addr;
    register(addr, "victim").await;
    register(addr, "cop").await;
    let mut c = Client::connect(addr).await.unwrap();
    let refused = [
        // A Cyrillic і among Latin letters.
        ("v\u{456}ctim", "bad_name", "one script"),
        // All Cyrillic, and `cop` to the eye.
        (
            "\u{441}\u{43e}\u{440}",
            "name_taken",
            "looks like the registered player 'cop'",
        ),
        ("VICTIM", "name_taken", "registered player's name"),
        ("\u{ffa0}\u{ffa0}\u{ffa0}", "bad_name", "blank"),
        ("\u{1160}\u{1160}", "bad_name", "blank"),
        ("bo\u{1160}b", "bad_name", "invisible"),
        ("bob\u{ffa0}", "bad_name", "invisible"),
        ("bo\u{200d}b", "bad_name", "invisible"),
        ("bo\u{200b}b", "bad_name", "invisible"),
        ("\u{200d}\u{200c}", "bad_name", "blank"),
        ("   ", "bad_name", "blank"),
    ];
    for (name, code, why) in refused {
        let m = hello_as(&mut c, name).await;
        assert_eq!(m["type"], "error", "{name:?}: {m}");
        assert_eq!(m["code"], code, "{name:?}: {m}");
        assert!(
            m["message"].as_str().unwrap().contains(why),
            "{name:?}: {m}"
        );
    }
    // A full-width name is its usual form.
    let m = hello_as(&mut c, "Ｍａｘ").await;
    assert_eq!(m["name"], "Max", "{m}");

    // Connected guests: a name that looks like another's present now is refused, and free
    // again once that guest has gone.
    let mut anna = Client::connect(addr).await.unwrap();
    assert_eq!(hello_as(&mut anna, "anna").await["name"], "anna");
    let mut other = Client::connect(addr).await.unwrap();
    for like in ["Anna", "ANNA", "\u{430}nn\u{430}"] {
        let m = hello_as(&mut other, like).await;
        assert_eq!(m["type"], "error", "{like:?}: {m}");
    }
    anna.close().await;
    let mut taken = Value::Null;
    for _ in 0..50 {
        taken = hello_as(&mut other, "anna").await;
        if taken["type"] == "welcome" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(taken["name"], "anna", "{taken}");

    // Registration: the same rules, and no account that looks like another.
    for (name, status) in [
        ("v\u{456}ctim", 400),
        ("\u{441}\u{43e}\u{440}", 409),
        ("Victim", 409),
        ("bo\u{1160}b", 400),
        ("\u{ffa0}\u{ffa0}", 400),
    ] {
        let r = try_register(addr, name).await;
        assert_eq!(r.status, status, "{name:?}: {}", r.body);
    }
    server.stop();
}

/// Waits for a `playing` list for which `want` holds.
async fn playing_until(c: &mut Client, want: impl Fn(&[Value]) -> bool) -> Vec<Value> {
    loop {
        let m = until(c, "playing").await;
        let games = m["games"].as_array().unwrap().clone();
        if want(&games) {
            return games;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_runs_out_with_nobody_connected_and_the_game_leaves_the_playing_list() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let addr = server.addr;
    let mut watcher = Client::connect(addr).await.unwrap();
    watcher.send(&json!({"type": "lobby"})).await.unwrap();
    until(&mut watcher, "lobby").await;
    let mut a = Client::connect_from(ip("127.0.0.2"), addr).await.unwrap();
    let mut b = Client::connect_from(ip("127.0.0.3"), addr).await.unwrap();
    let id = offer(&mut a, json!({"type": "challenge", "clock": "6/turn"})).await;
    let jb = accept(&mut b, &id).await;
    let game = jb["info"]["game"].as_str().unwrap().to_string();
    let slow = jb["view"]["to_act"].as_u64().expect("someone to act");
    let has = |g: &str| {
        let g = g.to_string();
        move |games: &[Value]| games.iter().any(|x| x["id"] == g.as_str())
    };
    playing_until(&mut watcher, has(&game)).await;

    // Both players leave (the creator never even joined): the game is no longer listed, well
    // before its clock runs out.
    a.close().await;
    b.close().await;
    let gone = tokio::time::timeout(
        Duration::from_secs(4),
        playing_until(&mut watcher, |games| {
            !games.iter().any(|x| x["id"] == game.as_str())
        }),
    )
    .await;
    assert!(gone.is_ok(), "the game stayed listed with nobody in it");

    // Its clock runs out all the same: the side to act loses on time.
    tokio::time::sleep(Duration::from_secs(7)).await;
    let mut spectator = Client::connect(addr).await.unwrap();
    let seen = watch(&mut spectator, &game).await;
    assert_eq!(seen["view"]["match_winner"], 1 - slow, "{seen}");
    assert_eq!(seen["clock"]["left_ms"][slow as usize], 0, "{seen}");

    // Again across a restart with nobody connecting: the clock resumes with the server.
    let mut a = Client::connect_from(ip("127.0.0.2"), addr).await.unwrap();
    let mut b = Client::connect_from(ip("127.0.0.3"), addr).await.unwrap();
    let id = offer(&mut a, json!({"type": "challenge", "clock": "5/turn"})).await;
    let jb = accept(&mut b, &id).await;
    let game = jb["info"]["game"].as_str().unwrap().to_string();
    let slow = jb["view"]["to_act"].as_u64().unwrap();
    server.stop();
    let server = start_server(&db, fast_limits());
    tokio::time::sleep(Duration::from_secs(7)).await;
    let mut spectator = Client::connect(server.addr).await.unwrap();
    let seen = watch(&mut spectator, &game).await;
    assert_eq!(seen["view"]["match_winner"], 1 - slow, "{seen}");
    server.stop();
}
