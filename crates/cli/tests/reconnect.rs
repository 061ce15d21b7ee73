//! `acey play --online --plain` terminals keep their seats: two terminals go on playing after
//! the `acey serve` process is killed (SIGKILL) and started again on the same database and
//! port, with the moves made around the restart applied once; a terminal that quits is offered
//! its unfinished game when it comes back, and `--resume GAME` takes it straight back to its
//! seat, where it moves; a finished game's token is forgotten.

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::duo::{play_until, until, Player};
use common::{assert_usage_error, free_port, temp_dir, Acey, Running};
use serde_json::{json, Value};

const LONG: Duration = Duration::from_secs(60);

/// `acey serve` on `port` with the database `db`, once it says it is serving.
fn serve_at(port: u16, db: &Path) -> Running {
    let mut s = Acey::new(["serve", "--addr", &format!("127.0.0.1:{port}"), "--db"])
        .arg(db)
        .spawn();
    let first = s.next_line().unwrap_or_default();
    assert!(first.contains("acey is serving"), "{first}\n{}", s.stderr());
    s
}

/// `acey play --online http://127.0.0.1:PORT --plain --name NAME`, its seats kept in `data`.
fn terminal(port: u16, name: &str, data: &Path, more: &[&str]) -> Player {
    let t = Acey::new([
        "play",
        "--online",
        &format!("http://127.0.0.1:{port}"),
        "--plain",
        "--name",
        name,
    ])
    .args(more)
    .env("XDG_DATA_HOME", data)
    .english()
    .timeout(LONG)
    .spawn();
    Player::new(t, name)
}

/// Anna challenges, Bert accepts: both in one game, whose id is returned.
fn meet(a: &mut Player, b: &mut Player) -> String {
    until(a, "with the lobby", LONG, |l| l.starts_with("> lobby"));
    until(b, "with the lobby", LONG, |l| l.starts_with("> lobby"));
    a.t.send("challenge");
    until(b, "with the challenge", LONG, |l| {
        l.starts_with("New challenge")
    });
    b.t.send("accept 1");
    let joined = until(a, "in the game", LONG, |l| l.starts_with("Joined game"));
    until(b, "in the game", LONG, |l| l.starts_with("Joined game"));
    joined
        .strip_prefix("Joined game ")
        .and_then(|rest| rest.split(':').next())
        .expect("the game's id")
        .to_string()
}

/// The game's log as a spectator sees it: how many plays each seat made.
fn plays_stored(port: u16, game: &str) -> [usize; 2] {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let joined: Value = rt.block_on(async {
        let addr = format!("127.0.0.1:{port}").parse().unwrap();
        let mut c = acey_server::bench::loadtest::Client::connect(addr)
            .await
            .unwrap();
        c.send(&json!({"type": "join", "game": game, "watch": true}))
            .await
            .unwrap();
        c.recv_type("joined", |_| {}).await.unwrap()
    });
    let mut made = [0, 0];
    for e in joined["log"].as_array().expect("a log") {
        made[e["player"].as_u64().expect("a player") as usize] += 1;
    }
    made
}

#[test]
fn two_terminals_play_on_across_a_killed_and_restarted_server_each_move_once() {
    let dir = temp_dir();
    let db = dir.path().join("acey.db");
    let port = free_port();
    let mut server = serve_at(port, &db);
    let (data_a, data_b) = (temp_dir(), temp_dir());
    let mut a = terminal(port, "anna", data_a.path(), &[]);
    let mut b = terminal(port, "bert", data_b.path(), &[]);
    let game = meet(&mut a, &mut b);
    play_until(&mut a, &mut b, "three plays each", LONG, |a, b| {
        a.made >= 3 && b.made >= 3
    });

    // The next prompt for a move is answered, and the server is killed at once: the play is
    // in flight, made or not.
    let (mover, other) = loop {
        if let Some(l) = a.pump(Duration::from_millis(10)) {
            if l.starts_with("> your move") {
                break (&mut a, &mut b);
            }
        }
        if let Some(l) = b.pump(Duration::from_millis(10)) {
            if l.starts_with("> your move") {
                break (&mut b, &mut a);
            }
        }
    };
    server.kill().unwrap();
    server.wait().unwrap();
    for p in [&mut *mover, &mut *other] {
        until(p, "about the lost connection", LONG, |l| {
            l.starts_with("Connection lost (")
        });
        until(p, "with the reconnecting prompt", LONG, |l| {
            l == "> reconnecting to the server..."
        });
    }
    // Typed while the server is away: refused, not queued.
    mover.t.send("roll");
    until(mover, "refusing to send", LONG, |l| {
        l.starts_with("Not connected: 'roll' was not sent.")
    });
    std::thread::sleep(Duration::from_millis(700));
    let mut server = serve_at(port, &db);
    let back = Instant::now();
    for p in [&mut *mover, &mut *other] {
        until(p, "connected again", LONG, |l| l == "Connected again.");
        // How soon after the server's return (a figure, not a check: no test asserts a time).
        eprintln!("{} back after {:?}", p.name, back.elapsed());
        let joined = until(p, "back in the game", LONG, |l| {
            l.starts_with("Joined game")
        });
        assert!(joined.contains(&game), "{joined}");
        assert!(joined.contains("(you)"), "seated, not watching: {joined}");
    }
    // The play in flight is told exactly once: echoed before the server died, or reported as
    // made or not made after the rejoin.
    let seen = &mover.t.seen;
    let lost = seen
        .iter()
        .rposition(|l| l.starts_with("Connection lost ("))
        .unwrap();
    let asked = seen[..lost]
        .iter()
        .rposition(|l| l.starts_with("> your move"))
        .unwrap();
    let told: Vec<&String> = seen[asked..]
        .iter()
        .filter(|l| {
            l.starts_with(&format!("{} plays ", mover.name))
                || l.starts_with("'play 1', sent as the connection dropped, was made.")
                || l.starts_with("'play 1' did not reach the server")
        })
        .collect();
    assert_eq!(told.len(), 1, "{}", seen[asked..].join("\n"));

    let (made_a, made_b) = (a.made, b.made);
    play_until(&mut a, &mut b, "three more plays each", LONG, |a, b| {
        a.made >= made_a + 3 && b.made >= made_b + 3
    });
    // Every echo comes before the result, on the same socket.
    a.t.send("resign yes");
    until(&mut b, "with the result", LONG, |l| {
        l.starts_with("bert wins")
    });
    until(&mut a, "with the result", LONG, |l| {
        l.starts_with("bert wins")
    });
    let stored = plays_stored(port, &game);
    assert_eq!(
        stored,
        [a.made, b.made],
        "every play the terminals were told of is stored once, and no other"
    );
    for p in [&a, &b] {
        assert!(!p.t.has("panicked"), "{}", p.t.seen.join("\n"));
    }
    a.t.send("quit");
    b.t.send("quit");
    server.kill().unwrap();
}

#[test]
fn a_terminal_that_quits_is_offered_its_game_and_resume_takes_it_back_to_its_seat() {
    let dir = temp_dir();
    let db = dir.path().join("acey.db");
    let port = free_port();
    let _server = serve_at(port, &db);
    let (data_a, data_b) = (temp_dir(), temp_dir());
    let mut a = terminal(port, "anna", data_a.path(), &[]);
    let mut b = terminal(port, "bert", data_b.path(), &[]);
    let game = meet(&mut a, &mut b);
    let url = format!("http://127.0.0.1:{port}");
    let way_back =
        format!("To come back to this game later: acey play --online {url} --resume {game}");
    until(&mut a, "with the way back", LONG, |l| l == way_back);
    let seats = data_a.path().join("acey").join("seats.json");
    let kept = std::fs::read_to_string(&seats).expect("the seat is kept");
    assert!(kept.contains(&game), "{kept}");
    play_until(&mut a, &mut b, "a play each", LONG, |a, b| {
        a.made >= 1 && b.made >= 1
    });

    // Anna quits; started again, she is offered the game and picks it.
    a.t.send("quit");
    until(&mut b, "with anna gone", LONG, |l| {
        l == "anna left the game."
    });
    let mut a = terminal(port, "anna", data_a.path(), &[]);
    until(&mut a, "with the kept games", LONG, |l| {
        l == "Your unfinished games on this server:"
    });
    let offered = until(&mut a, "with the game", LONG, |l| l.starts_with("  1. "));
    assert!(offered.contains(&game), "{offered}");
    assert!(offered.contains("X anna vs O bert"), "{offered}");
    until(&mut a, "with the lobby", LONG, |l| l.starts_with("> lobby"));
    a.t.send("resume 1");
    let joined = until(&mut a, "back in the game", LONG, |l| {
        l.starts_with("Joined game")
    });
    assert!(joined.contains("X anna (you) vs O bert"), "{joined}");
    let before = a.made;
    play_until(&mut a, &mut b, "anna moving again", LONG, |a, _| {
        a.made > before
    });

    // Quits again, and `--resume GAME` goes straight back.
    a.t.send("quit");
    until(&mut b, "with anna gone", LONG, |l| {
        l == "anna left the game."
    });
    let mut a = terminal(port, "anna", data_a.path(), &["--resume", &game]);
    until(&mut a, "going back", LONG, |l| {
        l == format!("Going back to game {game}...")
    });
    let joined = until(&mut a, "back in the game", LONG, |l| {
        l.starts_with("Joined game")
    });
    assert!(joined.contains("X anna (you) vs O bert"), "{joined}");
    assert!(!a.t.has("You are watching."));
    let before = a.made;
    play_until(&mut a, &mut b, "anna moving again", LONG, |a, _| {
        a.made > before
    });

    // The game ends: its token is forgotten.
    b.t.send("resign yes");
    until(&mut a, "with the result", LONG, |l| {
        l.starts_with("anna wins")
    });
    let kept = std::fs::read_to_string(&seats).expect("the seats file");
    assert!(
        !kept.contains(&game),
        "a finished game is forgotten: {kept}"
    );
    a.t.send("quit");
    b.t.send("quit");

    // A game with no kept seat is refused before anything else.
    let o = Acey::new(["play", "--online", &url, "--plain", "--resume", &game])
        .env("XDG_DATA_HOME", data_a.path())
        .english()
        .output();
    assert_usage_error(&o, &format!("no seat is kept for game '{game}'"));
}
