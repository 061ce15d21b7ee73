//! The web client in a real headless Chromium, driven through chromedriver (Debian's `chromium`
//! and `chromium-driver`, which `scripts/test.sh` installs). Screenshots go to
//! `target/screenshots/` for a person to look at.

mod common;

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::*;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

struct Chromedriver {
    child: Child,
    port: u16,
}

impl Drop for Chromedriver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn chromedriver() -> Chromedriver {
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap();
    let child = Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect(
            "chromedriver is needed for the browser tests: run scripts/test.sh as root, or \
             apt-get install chromium chromium-driver",
        );
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not start");
        std::thread::sleep(Duration::from_millis(100));
    }
    Chromedriver { child, port }
}

/// A fresh browser session with its own empty profile.
async fn browser(driver: &Chromedriver, profile: &std::path::Path) -> Client {
    let binary = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_string());
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".to_string(),
        json!({
            "binary": binary,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1280,900",
                format!("--user-data-dir={}", profile.display()),
            ]
        }),
    );
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("a chromium session starts")
}

fn screenshots() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

async fn screenshot(c: &Client, name: &str) {
    let png = c.screenshot().await.unwrap();
    std::fs::write(screenshots().join(name), png).unwrap();
}

/// What the page shows, read in one script.
async fn page(c: &Client) -> Value {
    c.execute(
        r#"const q = (s) => document.querySelectorAll(s);
           const shown = (id) => { const e = document.getElementById(id); return !!e && !e.hidden && e.offsetParent !== null; };
           const b = document.getElementById('board');
           return {
             status: document.getElementById('status').textContent,
             src: q('#board .hit.src').length, dst: q('#board .hit.dst').length,
             confirm: shown('confirm'), doubles: shown('doubles'),
             log: [...q('#log li[data-player]')].map(li => Number(li.dataset.player)),
             position: b.dataset.positionId || null, role: b.dataset.role || null, n: Number(b.dataset.n || -1),
             invite: document.getElementById('invite-link').value,
             inviteShown: shown('invite'),
             conn: document.getElementById('conn').textContent,
             errors: window.aceyErrors || [],
           };"#,
        vec![],
    )
    .await
    .unwrap()
}

async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

/// Drags with the mouse from the centre of the element `from` to the centre of `to` (both
/// looked up before the drag starts: the board is redrawn when a checker is picked up).
async fn drag(c: &Client, from: &str, to: &str) {
    use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
    let centres = c
        .execute(
            "const at = (s) => { const r = document.querySelector(s).getBoundingClientRect(); \
             return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)]; }; \
             return [at(arguments[0]), at(arguments[1])];",
            vec![json!(from), json!(to)],
        )
        .await
        .unwrap();
    let xy = |i: usize, k: usize| centres[i][k].as_f64().unwrap();
    let ms = |n| Some(Duration::from_millis(n));
    let mouse = MouseActions::new("mouse".into())
        .then(PointerAction::MoveTo {
            duration: None,
            x: xy(0, 0),
            y: xy(0, 1),
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::MoveTo {
            duration: ms(60),
            x: xy(0, 0) + 15.0,
            y: xy(0, 1),
        })
        .then(PointerAction::MoveTo {
            duration: ms(250),
            x: xy(1, 0),
            y: xy(1, 1),
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    c.perform_actions(mouse).await.unwrap();
}

/// What the replay viewer shows: whose side, which frame, the status line.
async fn replay(c: &Client) -> Value {
    c.execute(
        "const b = document.getElementById('replay-board'); \
         return {viewer: b.dataset.viewer || null, frame: b.dataset.frame || null, \
         status: document.getElementById('replay-status').textContent};",
        vec![],
    )
    .await
    .unwrap()
}

async fn wait_until(c: &Client, what: &str, ok: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let p = page(c).await;
        if ok(&p) {
            return p;
        }
        assert!(
            Instant::now() < deadline,
            "timed out waiting for {what}: {p}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_visitor_plays_the_computer_by_clicking_and_a_friend_joins_by_link() {
    let (dir, db) = temp_db();
    let server = start_server(&db, acey_server::Limits::default());
    let url = server.url();
    let driver = chromedriver();

    // ---- A first-time visitor: one click on the home page starts a game against the computer.
    let a = browser(&driver, &dir.path().join("profile-a")).await;
    a.goto(&url).await.unwrap();
    a.wait()
        .for_element(Locator::Css("#play-computer"))
        .await
        .unwrap();
    screenshot(&a, "home.png").await;
    click(&a, "#play-computer").await;
    wait_until(&a, "the board", |p| p["n"].as_i64().unwrap() > 0).await;
    // Play by clicking highlighted checkers and destinations until the bot has answered a
    // play of ours.
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut clicks = 0;
    let mut shot_mid_move = false;
    loop {
        let p = page(&a).await;
        let log: Vec<i64> = p["log"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_i64().unwrap())
            .collect();
        if let Some(first_ours) = log.iter().position(|&x| x == 0) {
            if log[first_ours..].contains(&1) {
                break;
            }
        }
        assert!(Instant::now() < deadline, "the game did not progress: {p}");
        if p["doubles"] == true {
            click(&a, "#double-choices .double-choice:not([disabled])").await;
        } else if p["confirm"] == true {
            click(&a, "#confirm").await;
        } else if p["dst"].as_u64().unwrap() > 0 {
            if !shot_mid_move {
                screenshot(&a, "computer-destinations.png").await;
                shot_mid_move = true;
            }
            click(&a, "#board .hit.dst").await;
            clicks += 1;
        } else if p["src"].as_u64().unwrap() > 0 {
            click(&a, "#board .hit.src").await;
            clicks += 1;
        }
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
    assert!(clicks >= 2, "moves were made by clicking");
    screenshot(&a, "computer-after-bot.png").await;
    // Readable on a phone: the same page in a narrow window.
    a.set_window_size(390, 844).await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    screenshot(&a, "computer-phone.png").await;
    a.set_window_size(1280, 900).await.unwrap();

    // ---- Resign, then replay the finished game seen from the other side too (Flip).
    let game_url = a.current_url().await.unwrap();
    let game = game_url.path().trim_start_matches("/g/").to_string();
    a.execute("window.confirm = () => true;", vec![])
        .await
        .unwrap();
    click(&a, "#resign").await;
    wait_until(&a, "the end of the game", |p| {
        p["status"].as_str().unwrap().contains("won")
    })
    .await;
    a.goto(&format!("{url}replay/{game}")).await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut r = replay(&a).await;
    while r["frame"].is_null() {
        assert!(Instant::now() < deadline, "the replay did not load: {r}");
        tokio::time::sleep(Duration::from_millis(100)).await;
        r = replay(&a).await;
    }
    assert_eq!(r["viewer"], "0");
    assert!(
        r["status"].as_str().unwrap().contains("seen from White"),
        "{r}"
    );
    click(&a, "#r-flip").await;
    let flipped = replay(&a).await;
    assert_eq!(flipped["viewer"], "1", "{flipped}");
    assert!(
        flipped["status"]
            .as_str()
            .unwrap()
            .contains("seen from Black"),
        "{flipped}"
    );
    assert_eq!(flipped["frame"], r["frame"], "flipping keeps the frame");
    screenshot(&a, "replay-flipped.png").await;

    // ---- Play a friend: A creates the game, B opens the link in another browser session.
    a.goto(&url).await.unwrap();
    a.wait()
        .for_element(Locator::Css("#play-friend"))
        .await
        .unwrap();
    click(&a, "#play-friend").await;
    let p = wait_until(&a, "the invite link", |p| {
        p["inviteShown"] == true && p["invite"].as_str().unwrap().contains("/g/")
    })
    .await;
    let link = p["invite"].as_str().unwrap().to_string();
    screenshot(&a, "friend-invite.png").await;
    let b = browser(&driver, &dir.path().join("profile-b")).await;
    b.goto(&link).await.unwrap();
    let pb = wait_until(&b, "the friend's board", |p| p["n"].as_i64().unwrap() > 0).await;
    let pa = wait_until(&a, "the same board for both", |p| {
        p["n"] == pb["n"] && p["position"] == pb["position"] && p["inviteShown"] == false
    })
    .await;
    assert_eq!(pa["position"], pb["position"]);
    assert_eq!(pa["role"], r#"{"seat":0}"#, "{pa}");
    assert_eq!(
        pb["role"], r#"{"seat":1}"#,
        "whoever opens the link takes the other seat: {pb}"
    );
    assert!(
        pa["errors"].as_array().unwrap().is_empty() && pb["errors"].as_array().unwrap().is_empty(),
        "{pa} {pb}"
    );
    // Whoever is to move makes one step by dragging a checker onto a highlighted destination
    // (a click shows where it may go); the other sees it.
    let (mover, watcher) = if pa["src"].as_u64().unwrap() > 0 {
        (&a, &b)
    } else {
        (&b, &a)
    };
    click(mover, "#board .hit.src").await;
    wait_until(mover, "destinations", |p| p["dst"].as_u64().unwrap() > 0).await;
    drag(mover, "#board .hit.selected", "#board .hit.dst").await;
    let after = wait_until(mover, "the step", |p| p["n"].as_i64() > pa["n"].as_i64()).await;
    wait_until(watcher, "the opponent's step", |p| {
        p["position"] == after["position"]
    })
    .await;
    screenshot(&a, "friend-a.png").await;
    screenshot(&b, "friend-b.png").await;
    a.close().await.unwrap();
    b.close().await.unwrap();
    server.stop();
}
