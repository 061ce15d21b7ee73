//! `acey play --online URL --plain` against a real server on a temporary database: the real
//! binary driven through stdin, met by a WebSocket client playing random legal moves or by a
//! second `acey play --online` process.

mod common;

use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use acey_server::bench::loadtest::{needs, random_intent, Client};
use acey_server::{Config, Limits, Running};
use common::{stderr, stdout, Acey};
use serde_json::{json, Value};

fn limits() -> Limits {
    Limits {
        rate_per_sec: 100_000.0,
        burst: 100_000.0,
        logins_per_minute: 1_000.0,
        ..acey_server::bench::loadtest::one_address_limits()
    }
}

fn server() -> (tempfile::TempDir, Running) {
    let dir = tempfile::tempdir().unwrap();
    let running = acey_server::start(Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: dir.path().join("acey.db").into(),
        limits: limits(),
        origins: Vec::new(),
        proxies: Default::default(),
    })
    .expect("the server starts");
    (dir, running)
}

/// A running `acey play --online --plain`, its output read line by line on a thread.
type Term = common::Running;

impl Term {
    /// The client, keeping its seats in `data` (never the user's own data folder).
    fn start(addr: std::net::SocketAddr, data: &std::path::Path, args: &[&str]) -> Term {
        Acey::new(["play", "--online", &format!("http://{addr}"), "--plain"])
            .args(args)
            .env("XDG_DATA_HOME", data)
            // The messages checked here are English, whatever the machine's locale.
            .english()
            .spawn()
    }
}

/// What the WebSocket side saw.
#[derive(Default)]
struct Seen {
    /// Plays made by the terminal client's seat.
    their_plays: usize,
    chat: Vec<(String, String)>,
    over: bool,
    errors: Vec<String>,
}

/// Plays `seat`'s random legal intents until the connection ends, noting what it sees.
async fn robot(mut c: Client, mut view: Value, seat: u64, seen: Arc<Mutex<Seen>>) {
    let mut rng = acey_rules::SeededRng::new(11);
    let mut acted_at = u64::MAX;
    loop {
        let n = view["n"].as_u64().unwrap_or(0);
        if needs(&view, Some(seat)) && acted_at != n {
            acted_at = n;
            if c.send(&random_intent(&view, &mut rng)).await.is_err() {
                return;
            }
        }
        let Ok(m) = c.recv().await else { return };
        let mut s = seen.lock().unwrap();
        match m["type"].as_str() {
            Some("update") => {
                view = m["view"].clone();
                for e in m["log"].as_array().into_iter().flatten() {
                    if e["player"].as_u64() != Some(seat) {
                        s.their_plays += 1;
                    }
                }
                s.over |= !view["match_winner"].is_null();
            }
            Some("chat") => s.chat.push((
                m["line"]["from"].as_str().unwrap_or("").to_string(),
                m["line"]["text"].as_str().unwrap_or("").to_string(),
            )),
            Some("error") => s.errors.push(m.to_string()),
            _ => {}
        }
    }
}

fn is_my_prompt(l: &str) -> bool {
    l.starts_with("> your move")
        || l.starts_with("> so far")
        || l.starts_with("> name a double")
        || l.starts_with("> your play")
        || l.starts_with("> your turn")
}

#[test]
fn quick_pairing_puts_the_terminal_in_a_game_it_plays_with_a_clock_and_chat() {
    let (_dir, server) = server();
    let addr = server.addr;
    let rt = tokio::runtime::Runtime::new().unwrap();
    let data = common::temp_dir();
    let mut t = Term::start(addr, data.path(), &["--name", "tester"]);
    t.until("with the lobby", |l| l.starts_with("> lobby"));
    assert!(t.has("Welcome, tester (guest)."));
    assert!(t.has("1. american"), "the pools are listed");
    t.send("seek american");
    t.until("about the seek", |l| {
        l.contains("Waiting in the american pool")
    });

    // The other side presses the same button: it lands in the game at once, the terminal is
    // told where and joins.
    let seen = Arc::new(Mutex::new(Seen::default()));
    let (c, joined) = rt.block_on(async {
        let mut c = Client::connect(addr).await.unwrap();
        c.send(&json!({"type": "hello", "v": 2, "name": "robot"}))
            .await
            .unwrap();
        c.recv_type("welcome", |_| {}).await.unwrap();
        c.send(&json!({"type": "seek", "pool": "american"}))
            .await
            .unwrap();
        let j = c.recv_type("joined", |_| {}).await.unwrap();
        c.send(&json!({"type": "chat", "text": "hi from robot"}))
            .await
            .unwrap();
        (c, j)
    });
    assert_eq!(joined["role"], json!({"seat": 1}));
    assert_eq!(joined["info"]["players"][0]["name"], "tester");
    rt.spawn(robot(c, joined["view"].clone(), 1, Arc::clone(&seen)));
    let j = t.until("about the game", |l| l.starts_with("Joined game"));
    assert!(j.contains("X tester (you) vs O robot"), "{j}");
    assert!(j.contains("clock 3+12"), "{j}");
    t.until("with the robot's chat", |l| {
        l == "[chat] O robot: hi from robot"
    });
    // Any command shows the prompt again (it may have come before the chat).
    t.send("position");

    // The terminal plays its moves, typed in notation from the list of legal plays.
    let mut typed = 0;
    while typed < 6 {
        let prompt = t.until("asking for a move", |l| {
            is_my_prompt(l) || l.contains(" wins ")
        });
        if prompt.contains(" wins ") {
            break;
        }
        if prompt.starts_with("> name a double") {
            let first = prompt
                .rsplit(": ")
                .next()
                .and_then(|s| s.split(", ").next())
                .unwrap()
                .to_string();
            t.send(&first);
            continue;
        }
        if prompt.starts_with("> your play") {
            t.send("ok");
            continue;
        }
        if prompt.starts_with("> your turn") {
            t.send("roll");
            continue;
        }
        t.send("plays");
        let first = t.until("listing the plays", |l| l.starts_with("1. "));
        let play = first.trim_start_matches("1. ").to_string();
        t.send(&play);
        // The server's echo of the play (the log) before the next prompt.
        let done = t.until("with its play", |l| l.starts_with("tester plays "));
        assert!(done.ends_with(&format!("{play}.")), "{done} is not {play}");
        typed += 1;
    }
    // The clock was shown counting down from 3:00.
    assert!(t.has("Clock 3+12: X tester (you) "), "no clock shown");
    assert!(
        t.seen
            .iter()
            .any(|l| l.starts_with("Clock 3+12:") && l.contains("(running)")),
        "no running clock shown"
    );
    // The chat reaches the other side.
    t.send("say good game, robot");
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        {
            let s = seen.lock().unwrap();
            if s.chat
                .iter()
                .any(|(from, text)| from == "tester" && text == "good game, robot")
            {
                assert!(
                    s.their_plays >= typed.min(3),
                    "plays seen: {}",
                    s.their_plays
                );
                assert!(s.errors.is_empty(), "{:?}", s.errors);
                break;
            }
        }
        assert!(Instant::now() < deadline, "the chat line did not arrive");
        std::thread::sleep(Duration::from_millis(50));
    }
    // Resigning ends the game for both.
    t.send("resign");
    t.until("with the cost", |l| {
        l.starts_with("Resigning now gives robot")
    });
    t.send("resign yes");
    t.until("with the result", |l| l.starts_with("robot wins"));
    let deadline = Instant::now() + Duration::from_secs(10);
    while !seen.lock().unwrap().over {
        assert!(Instant::now() < deadline, "the robot did not see the end");
        std::thread::sleep(Duration::from_millis(50));
    }
    t.quit();
    server.stop();
}

#[test]
fn a_challenge_made_in_one_terminal_is_accepted_in_another_and_they_chat() {
    let (_dir, server) = server();
    let addr = server.addr;
    let data = common::temp_dir();
    let mut a = Term::start(addr, data.path(), &["--name", "anna"]);
    a.until("with the lobby", |l| l.starts_with("> lobby"));
    let mut b = Term::start(addr, data.path(), &["--name", "bert"]);
    b.until("with the lobby", |l| l.starts_with("> lobby"));
    b.send("lobby");
    b.until("with the lobby again", |l| l.starts_with("Lobby: "));
    a.send("challenge bgammon match 3 clock 5+10");
    a.until("with its challenge", |l| {
        l.starts_with("Your challenge: anna")
    });
    let seen = b.until("with the challenge", |l| {
        l.starts_with("New challenge: anna")
    });
    assert!(seen.contains("match to 3"), "{seen}");
    assert!(seen.contains("clock 5+10"), "{seen}");
    assert!(seen.contains("'accept 1'"), "{seen}");
    b.send("accept 1");
    let jb = b.until("in the game", |l| l.starts_with("Joined game"));
    let ja = a.until("in the game", |l| l.starts_with("Joined game"));
    assert_eq!(jb.split(':').next(), ja.split(':').next(), "one game");
    assert!(ja.contains("X anna (you) vs O bert"), "{ja}");
    a.send("say <b>hi</b> bert");
    b.until("with the chat", |l| l == "[chat] X anna: <b>hi</b> bert");
    // Refused input is answered and changes nothing.
    b.send("fly away");
    // Whether or not it is bert's move, it is refused with a reason.
    b.until("with a refusal", |l| {
        l.contains("is not a command") || l.contains("'fly' is not a move")
    });
    b.send("accept 9");
    b.until("with a refusal", |l| l.contains("there is no number 9"));
    a.quit();
    b.until("with the opponent gone", |l| l == "anna left the game.");
    b.quit();
    server.stop();
}

/// One HTTP request: the status.
fn post(addr: std::net::SocketAddr, path: &str, body: &Value) -> u16 {
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    let body = body.to_string();
    write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut reply = String::new();
    s.read_to_string(&mut reply).unwrap();
    reply[9..12].parse().unwrap()
}

fn run_once(args: &[&str], password: Option<&str>) -> (i32, String, String) {
    let acey = Acey::new(args).english();
    let mut child = match password {
        Some(p) => acey.env("ACEY_PASSWORD", p),
        None => acey.env_remove("ACEY_PASSWORD"),
    }
    .spawn();
    // At its first prompt, whatever it asks, it is told to quit.
    while let Some(line) = child.next_line() {
        if line.starts_with("> ") {
            let _ = child.try_send("quit");
        }
    }
    let o = child.output();
    (o.status.code().unwrap_or(-1), stdout(&o), stderr(&o))
}

#[test]
fn bad_addresses_refused_logins_and_accounts_get_clear_answers() {
    let (code, _, err) = run_once(&["play", "--online", "ftp://acey.example", "--plain"], None);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("is not an address acey can play at"), "{err}");
    let (code, _, err) = run_once(&["play", "--online", "http://host:port", "--plain"], None);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a port"), "{err}");
    // Nobody listens there.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let nobody = closed.local_addr().unwrap();
    drop(closed);
    let url = format!("http://{nobody}");
    let (code, _, err) = run_once(&["play", "--online", &url, "--plain"], None);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("could not connect"), "{err}");

    let (_dir, server) = server();
    let addr = server.addr;
    let url = format!("http://{addr}");
    assert_eq!(
        post(
            addr,
            "/api/accounts",
            &json!({"name": "Zoe", "password": "a good password"})
        ),
        201
    );
    let login = ["play", "--online", &url, "--plain", "--login", "zoe"];
    let (code, _, err) = run_once(&login, Some("wrong password"));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("login refused"), "{err}");
    let (code, _, err) = run_once(&login, None);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("ACEY_PASSWORD"), "{err}");
    let (code, out, err) = run_once(&login, Some("a good password"));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Welcome, Zoe."), "{out}");
    // A guest cannot take an account's name: the server's answer is shown.
    let (code, out, err) = run_once(
        &["play", "--online", &url, "--plain", "--name", "zoe"],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("registered player's name"), "{out}");
    server.stop();
}

#[test]
fn the_bell_rings_when_it_becomes_your_turn_and_not_with_quiet() {
    use common::duo::{play_until, until, Player};
    let long = Duration::from_secs(60);
    let (_dir, server) = server();
    let addr = server.addr;
    let data = common::temp_dir();
    // A kept-seats file that makes no sense: a warning, and play goes on.
    std::fs::create_dir_all(data.path().join("acey")).unwrap();
    std::fs::write(data.path().join("acey").join("seats.json"), "{not json").unwrap();
    let mut a = Player::new(Term::start(addr, data.path(), &["--name", "anna"]), "anna");
    let mut b = Player::new(
        Term::start(addr, data.path(), &["--name", "bert", "--quiet"]),
        "bert",
    );
    let warning = until(&mut a, "with the warning", long, |l| {
        l.starts_with("Warning: the kept seats in")
    });
    assert!(warning.contains("seats.json"), "{warning}");
    until(&mut a, "with the lobby", long, |l| l.starts_with("> lobby"));
    until(&mut b, "with the lobby", long, |l| l.starts_with("> lobby"));
    a.t.send("challenge");
    until(&mut b, "with the challenge", long, |l| {
        l.starts_with("New challenge")
    });
    b.t.send("accept 1");
    play_until(&mut a, &mut b, "two plays each", long, |a, b| {
        a.made >= 2 && b.made >= 2
    });
    // Anna's turns each start with a bell on a line of its own, just before her prompt.
    let bells: Vec<usize> =
        a.t.seen
            .iter()
            .enumerate()
            .filter(|(_, l)| l.contains('\x07'))
            .map(|(i, _)| i)
            .collect();
    assert!(bells.len() >= 2, "{}", a.t.seen.join("\n"));
    for i in bells {
        assert_eq!(a.t.seen[i], "\x07");
        let next_prompt = a.t.seen[i..].iter().find(|l| l.starts_with("> "));
        assert!(
            next_prompt.is_some_and(|p| p.starts_with("> your")),
            "{:?}",
            &a.t.seen[i..]
        );
    }
    // Bert asked for quiet: his turns came without one.
    assert!(b.answered >= 2);
    assert!(!b.t.seen.iter().any(|l| l.contains('\x07')));
    a.t.send("quit");
    b.t.send("quit");
    server.stop();
}
