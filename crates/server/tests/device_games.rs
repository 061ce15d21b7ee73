//! Games played on a device added to an account's history (`POST /api/games/device`): the
//! browser's engine plays a game against the computer to its end and writes its record, as the
//! web client does with no server; the server replays it, keeps it once, never rated, and lists
//! it with the account's games. Records that are not a finished game against the computer, and
//! requests without an account or from another site, are refused.

mod common;

use acey_engine::{Settings, Table};
use acey_protocol::{ClientMsg, Mode};
use acey_rules::Phase;
use common::*;
use serde_json::{json, Value};

/// A new game on the device: `mode`, the person at seat 0 (against the computer's `casual`).
fn device_game(id: &str, mode: Mode, seed: u64) -> Table {
    let level = (mode == Mode::Computer).then_some("casual");
    let seat = (mode == Mode::Computer).then_some(0);
    let settings = Settings::of_create(mode, None, None, level, seat).unwrap();
    let mut t = Table::new(id.into(), settings, seed);
    t.start();
    t
}

/// Plays the person's side with the first legal step each time until `stop` says so or the
/// game ends.
fn play_on(t: &mut Table, stop: impl Fn(&Table) -> bool) {
    while !t.is_over() && !stop(t) {
        let msg = match t.game().phase() {
            Phase::Roll { .. } => ClientMsg::Roll,
            Phase::NameDouble { .. } => ClientMsg::NameDouble {
                value: t.game().nameable_doubles()[0],
            },
            Phase::CubeOffered { .. } => ClientMsg::Take,
            Phase::Move { .. } => match t.game().turn() {
                Some(turn) if !turn.is_complete() => {
                    let s = turn.legal_steps()[0];
                    ClientMsg::Step {
                        from: s.from,
                        to: s.to,
                        die: s.die,
                    }
                }
                _ => ClientMsg::Confirm,
            },
            _ => ClientMsg::NextGame,
        };
        t.act(&msg).unwrap();
    }
}

async fn add(addr: std::net::SocketAddr, record: &str, headers: &[(&str, &str)]) -> (u16, Value) {
    let r = http(
        addr,
        "POST",
        "/api/games/device",
        Some(&json!({ "record": record })),
        headers,
    )
    .await;
    let body = serde_json::from_str(&r.body).unwrap_or(Value::Null);
    (r.status, body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_device_game_joins_the_history_once_and_unrated() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let cookie = register(server.addr, "ada").await;
    let me = [("Cookie", cookie.as_str())];

    // A game with a play taken back, kept, taken up again and played to its end on the device.
    let mut table = device_game("dqz7k2m9x4ab", Mode::Computer, 11);
    let moved = |t: &Table| {
        t.game()
            .log()
            .iter()
            .any(|p| p.player.index() == 0 && !p.steps.is_empty())
    };
    play_on(&mut table, |t| {
        moved(t) && t.game().to_act().map(|p| p.index()) == Some(0)
    });
    table.takeback().unwrap();
    let mut table = Table::restore(table.saved(), 12).unwrap();
    let unfinished = table.record();
    play_on(&mut table, |_| false);
    let record = table.record();
    let id = table.id().to_string();
    assert!(record.contains("Takebacks: 1"), "{record}");

    // Without an account, nothing is added; from another site, refused before anything is read.
    let (status, body) = add(server.addr, &record, &[]).await;
    assert_eq!(status, 401, "{body}");
    let cross = [
        ("Cookie", cookie.as_str()),
        ("Origin", "https://elsewhere.example"),
    ];
    assert_eq!(add(server.addr, &record, &cross).await.0, 403);
    // A game not yet over waits for its end.
    let (status, body) = add(server.addr, &unfinished, &me).await;
    assert_eq!(status, 409, "{body}");

    let (status, body) = add(server.addr, &record, &me).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["game"], id.as_str());
    let (status, body) = add(server.addr, &record, &me).await;
    assert_eq!(status, 409, "added once: {body}");

    // The history lists it, unrated; its record, replay and result are the server's now.
    let profile = http(server.addr, "GET", "/api/players/ada", None, &[]).await;
    assert_eq!(profile.status, 200);
    let profile: Value = serde_json::from_str(&profile.body).unwrap();
    let games = profile["games"].as_array().unwrap();
    let listed = games
        .iter()
        .find(|g| g.to_string().contains(&id))
        .unwrap_or_else(|| panic!("not in the history: {profile}"));
    assert_eq!(listed["rated"], false, "{listed}");
    // The opponent is the computer at its level (pages name it in the reader's language).
    assert_eq!(listed["opponent_level"], "casual", "{listed}");
    assert_eq!(listed["opponent_registered"], false, "{listed}");
    let (status, stored) = http_get(server.addr, &format!("/api/games/{id}/record")).await;
    assert_eq!(status, 200);
    assert!(stored.contains("Player 0: ada"), "{stored}");
    assert!(stored.contains("Player 1: acey bot (casual)"), "{stored}");
    assert!(stored.contains("Takebacks: 1"), "{stored}");
    let again = acey_rules::Record::parse(&stored).unwrap().game().unwrap();
    assert_eq!(again.log(), table.game().log());
    assert_eq!(again.score(), table.game().score());
    let (status, _) = http_get(server.addr, &format!("/api/games/{id}/replay")).await;
    assert_eq!(status, 200);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_that_are_not_a_finished_game_against_the_computer_are_refused() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let cookie = register(server.addr, "bea").await;
    let me = [("Cookie", cookie.as_str())];

    // On one screen: two people's game, nobody's history.
    let mut local = device_game("dlocal000001", Mode::Local, 3);
    play_on(&mut local, |_| false);
    let (status, body) = add(server.addr, &local.record(), &me).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("computer"),
        "{body}"
    );

    let mut game = device_game("dfine0000001", Mode::Computer, 5);
    play_on(&mut game, |_| false);
    let record = game.record();
    // A play changed after the game: the replay refuses it, naming the line.
    let first_play = record
        .lines()
        .position(|l| l.starts_with("0 ") || l.starts_with("1 "))
        .unwrap();
    let mut lines: Vec<&str> = record.lines().collect();
    lines[first_play] = "0 6-5: 24/13";
    let forged = lines.join("\n");
    let (status, body) = add(server.addr, &forged, &me).await;
    assert_eq!(status, 400, "{body}");
    // No device id, or a server game's.
    let (status, _) = add(
        server.addr,
        &record.replace("Game: dfine0000001", "Game: Xq7fKp2mZa"),
        &me,
    )
    .await;
    assert_eq!(status, 400);
    let (status, _) = add(server.addr, "not a record", &me).await;
    assert_eq!(status, 400);
    // Not JSON, or with fields the server does not know.
    let r = http(
        server.addr,
        "POST",
        "/api/games/device",
        Some(&json!({"record": record, "rated": true})),
        &me,
    )
    .await;
    assert_eq!(r.status, 400, "{}", r.body);
    let r = http(
        server.addr,
        "POST",
        "/api/games/device",
        Some(&json!(record)),
        &[("Cookie", cookie.as_str()), ("Content-Type", "text/plain")],
    )
    .await;
    assert_eq!(r.status, 415, "{}", r.body);
    // None of it was kept: the real game is still added once.
    assert_eq!(add(server.addr, &record, &me).await.0, 201);
    server.stop();
}
