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
    browser_speaking(driver, profile, None).await
}

/// The same, its languages (Accept-Language, `navigator.languages`) set when `languages` is
/// given ("fr-CA,fr").
async fn browser_speaking(
    driver: &Chromedriver,
    profile: &std::path::Path,
    languages: Option<&str>,
) -> Client {
    let binary = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_string());
    let mut options = json!({
        "binary": binary,
        "args": [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-dev-shm-usage", "--window-size=1280,900",
            format!("--user-data-dir={}", profile.display()),
        ]
    });
    // Notifications allowed, as a player who said yes when asked.
    options["prefs"] = json!({ "profile.default_content_setting_values.notifications": 1 });
    if let Some(languages) = languages {
        options["prefs"]["intl.accept_languages"] = json!(languages);
    }
    let mut caps = serde_json::Map::new();
    caps.insert("goog:chromeOptions".to_string(), options);
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

/// Browser tests share two cores: one at a time keeps each of them fast and its timings sane.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// A server, chromedriver and a temporary directory for the browser profiles.
struct Setup {
    dir: tempfile::TempDir,
    server: acey_server::Running,
    driver: Chromedriver,
    url: String,
}

fn setup() -> Setup {
    setup_with(acey_server::Limits::default())
}

fn setup_with(limits: acey_server::Limits) -> Setup {
    let (dir, db) = temp_db();
    let server = start_server(&db, limits);
    let url = server.url();
    let driver = chromedriver();
    Setup {
        dir,
        server,
        driver,
        url,
    }
}

impl Setup {
    /// A new browser (its own profile) on the home page, animations at the fastest speed a
    /// person can choose (the flows are the same; the test waits less).
    async fn visitor(&self, name: &str) -> Client {
        visitor_at(&self.driver, &self.dir.path().join(name), &self.url).await
    }
}

/// A new browser with the profile `profile` on the home page at `url` (see [`Setup::visitor`]).
async fn visitor_at(driver: &Chromedriver, profile: &std::path::Path, url: &str) -> Client {
    let c = browser(driver, profile).await;
    c.goto(url).await.unwrap();
    // English, whatever the machine's own languages: the tests read the page's words.
    c.execute(
        "localStorage.setItem('acey.speed', '4'); localStorage.setItem('acey.lang', 'en');",
        vec![],
    )
    .await
    .unwrap();
    c.goto(url).await.unwrap();
    // The home page shows itself once its options are in.
    wait_on(
        &c,
        "const b = document.getElementById('play-computer'); return !!b && b.offsetParent !== null;",
        "the home page",
        |v| v == true,
    )
    .await;
    // Resigning asks first; the tests answer yes.
    c.execute("window.confirm = () => true;", vec![])
        .await
        .unwrap();
    c
}

/// What the page shows (read in one script).
const PAGE: &str = r#"const q = (s) => document.querySelectorAll(s);
           const shown = (id) => { const e = document.getElementById(id); return !!e && !e.hidden && e.offsetParent !== null; };
           const b = document.getElementById('board');
           const cube = document.querySelector('#board .cube');
           return {
             status: document.getElementById('status').textContent,
             note: shown('note') ? document.getElementById('note').textContent : "",
             announce: document.getElementById('announce').textContent,
             src: q('#board .hit.src').length, dst: q('#board .hit.dst').length,
             srcKeys: [...q('#board .hit.src')].map(e => e.dataset.key),
             confirm: shown('confirm'), doubles: shown('doubles'),
             buttons: [...q('button')].filter(e => !e.hidden && e.offsetParent !== null && !e.disabled && e.id).map(e => e.id),
             log: [...q('#log li[data-player]')].map(li => Number(li.dataset.player)),
             logText: [...q('#log li[data-player]')].map(li => li.textContent),
             position: b.dataset.positionId || null, role: b.dataset.role || null, n: Number(b.dataset.n || -1),
             phase: b.dataset.phase || null, game: b.dataset.game || null,
             cursor: b.dataset.cursor || "", selected: b.dataset.selected || "",
             cube: cube ? { value: Number(cube.dataset.value), owner: cube.dataset.owner } : null,
             invite: document.getElementById('invite-link').value,
             inviteShown: shown('invite'), watching: shown('watching'), missing: shown('missing'),
             seatLink: document.getElementById('seat-link').value,
             conn: document.getElementById('conn').textContent,
             offline: shown('offline-banner'), title: document.title,
             auto: Number(b.dataset.auto || 0), error: !!document.getElementById('status').dataset.error,
             path: location.pathname,
             errors: window.aceyErrors || [],
           };"#;

/// Runs a script that reads the page and returns what it found.
async fn read(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.unwrap()
}

async fn page(c: &Client) -> Value {
    read(c, PAGE).await
}

async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

/// Chooses `value` in the select element `css`, as a person picks from a list: once the list
/// has it (a page that has just loaded fills its lists a moment later).
async fn choose(c: &Client, css: &str, value: &str) {
    c.wait()
        .at_most(Duration::from_secs(30))
        .for_element(Locator::Css(&format!("{css} option[value='{value}']")))
        .await
        .unwrap();
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .select_by_value(value)
        .await
        .unwrap();
}

/// Clicks an element if it is still there: the board is redrawn whenever an update arrives, so
/// what a snapshot of the page showed may be gone (or replaced) a moment later, and a person
/// would simply click again.
async fn try_click(c: &Client, css: &str) -> bool {
    match c.find(Locator::Css(css)).await {
        Ok(e) => e.click().await.is_ok(),
        Err(_) => false,
    }
}

/// Resigns the page's game (the question it asks first is answered yes).
async fn resign(c: &Client) {
    c.execute("window.confirm = () => true;", vec![])
        .await
        .unwrap();
    click(c, "#resign").await;
}

fn has_button(p: &Value, id: &str) -> bool {
    p["buttons"]
        .as_array()
        .unwrap()
        .iter()
        .any(|b| b.as_str() == Some(id))
}

/// Centres of two elements in CSS pixels (looked up before a drag starts: the board is
/// redrawn when a checker is picked up).
async fn centres(c: &Client, from: &str, to: &str) -> [(f64, f64); 2] {
    let v = c
        .execute(
            "const at = (s) => { const r = document.querySelector(s).getBoundingClientRect(); \
             return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)]; }; \
             return [at(arguments[0]), at(arguments[1])];",
            vec![json!(from), json!(to)],
        )
        .await
        .unwrap();
    let xy = |i: usize| (v[i][0].as_f64().unwrap(), v[i][1].as_f64().unwrap());
    [xy(0), xy(1)]
}

/// The pointer's path of a drag from the centre of `from` to the centre of `to`: press, a small
/// move that starts the drag, the way across, release.
async fn drag_path(c: &Client, from: &str, to: &str) -> Vec<fantoccini::actions::PointerAction> {
    use fantoccini::actions::{PointerAction, MOUSE_BUTTON_LEFT};
    let [(x0, y0), (x1, y1)] = centres(c, from, to).await;
    let ms = |n| Some(Duration::from_millis(n));
    vec![
        PointerAction::MoveTo {
            duration: None,
            x: x0,
            y: y0,
        },
        PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        },
        PointerAction::MoveTo {
            duration: ms(80),
            x: x0 + 12.0,
            y: y0 + 4.0,
        },
        PointerAction::MoveTo {
            duration: ms(300),
            x: x1,
            y: y1,
        },
        PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        },
    ]
}

/// Drags with the mouse from the centre of the element `from` to the centre of `to`.
async fn drag(c: &Client, from: &str, to: &str) {
    use fantoccini::actions::{InputSource, MouseActions};
    let mouse = drag_path(c, from, to)
        .await
        .into_iter()
        .fold(MouseActions::new("mouse".into()), |m, a| m.then(a));
    c.perform_actions(mouse).await.unwrap();
}

/// The same drag with a finger (a touch pointer), as on a phone.
async fn touch_drag(c: &Client, from: &str, to: &str) {
    use fantoccini::actions::{InputSource, TouchActions};
    let finger = drag_path(c, from, to)
        .await
        .into_iter()
        .fold(TouchActions::new("finger".into()), |f, a| f.then(a));
    c.perform_actions(finger).await.unwrap();
}

/// Presses one key on whatever has the focus.
async fn press(c: &Client, key: char) {
    use fantoccini::actions::{InputSource, KeyAction, KeyActions};
    let keys = KeyActions::new("keyboard".into())
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key });
    c.perform_actions(keys).await.unwrap();
}

const ENTER: char = '\u{E007}';
const ARROW_RIGHT: char = '\u{E014}';

async fn wait_until(c: &Client, what: &str, ok: impl Fn(&Value) -> bool) -> Value {
    wait_on(c, PAGE, what, ok).await
}

/// Reads the page with `script` until `ok` says what it found will do.
async fn wait_on(c: &Client, script: &str, what: &str, ok: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let p = read(c, script).await;
        if ok(&p) {
            return p;
        }
        assert!(
            Instant::now() < deadline,
            "timed out waiting for {what}: {p}"
        );
        tokio::time::sleep(Duration::from_millis(80)).await;
    }
}

/// Does, by clicking, the one thing a player would do next in this state (a double, confirm,
/// a destination, a source, roll, take); false when there is nothing to do.
async fn click_next(c: &Client, p: &Value) -> bool {
    let css = if p["doubles"] == true {
        "#double-choices .double-choice:not([disabled])"
    } else if p["confirm"] == true {
        "#confirm"
    } else if p["dst"].as_u64().unwrap() > 0 {
        "#board .hit.dst"
    } else if p["src"].as_u64().unwrap() > 0 {
        "#board .hit.src"
    } else if has_button(p, "roll") {
        "#roll"
    } else if has_button(p, "take") {
        "#take"
    } else {
        return false;
    };
    try_click(c, css).await
}

/// The same with the keyboard alone: arrows to a checker or destination, Enter to choose and
/// to confirm, a digit for a double, r to roll, y to take.
async fn key_next(c: &Client, p: &Value) -> bool {
    if p["doubles"] == true {
        let d = c
            .execute(
                "return document.querySelector('#double-choices .double-choice:not([disabled])').dataset.value;",
                vec![],
            )
            .await
            .unwrap();
        press(c, d.as_str().unwrap().chars().next().unwrap()).await;
    } else if p["confirm"] == true {
        press(c, ENTER).await;
    } else if p["src"].as_u64().unwrap() > 0 || p["dst"].as_u64().unwrap() > 0 {
        if p["cursor"] == "" {
            press(c, ARROW_RIGHT).await;
        } else {
            press(c, ENTER).await;
        }
    } else if has_button(p, "roll") {
        press(c, 'r').await;
    } else if has_button(p, "take") {
        press(c, 'y').await;
    } else {
        return false;
    }
    true
}

#[derive(Clone, Copy, PartialEq)]
enum Input {
    Mouse,
    Keyboard,
}

/// Plays the page's side until `done`, the way `input` says; returns the last page state.
/// Checks on the way that the status never says the computer is thinking while it moves.
async fn play_until(c: &Client, input: Input, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(240);
    let mut acted = 0;
    loop {
        let p = page(c).await;
        if done(&p) {
            assert!(
                acted > 0 || what.is_empty(),
                "nothing was played for {what}"
            );
            return p;
        }
        assert!(
            Instant::now() < deadline,
            "{what}: the game did not progress: {p}"
        );
        assert!(p["errors"].as_array().unwrap().is_empty(), "{p}");
        let did = match input {
            Input::Mouse => click_next(c, &p).await,
            Input::Keyboard => key_next(c, &p).await,
        };
        if did {
            acted += 1;
        }
        tokio::time::sleep(Duration::from_millis(if did { 60 } else { 100 })).await;
    }
}

fn over(p: &Value) -> bool {
    p["phase"] == "game-over"
}

/// Whether the log has a play of `seat` after the first `from` entries.
fn played_since(p: &Value, seat: i64, from: usize) -> bool {
    p["log"].as_array().unwrap()[from.min(p["log"].as_array().unwrap().len())..]
        .iter()
        .any(|x| x.as_i64() == Some(seat))
}

fn seat(p: &Value) -> i64 {
    serde_json::from_str::<Value>(p["role"].as_str().unwrap()).unwrap()["seat"]
        .as_i64()
        .unwrap_or(-1)
}

/// The addresses of the links `css` finds, once there are `n` of them.
async fn links(c: &Client, css: &str, n: usize, what: &str) -> Value {
    let script =
        format!("return [...document.querySelectorAll({css:?})].map(a => a.getAttribute('href'));");
    wait_on(c, &script, what, |v| {
        v.as_array().is_some_and(|l| l.len() == n)
    })
    .await
}

/// Takes back the page's last play against the computer by its button, once the button is
/// there: that play and the bot's reply leave the move list, the game says a play was taken
/// back, and the same roll is to be played again. Returns the page then.
async fn take_back(c: &Client) -> Value {
    let ours = |p: &Value| {
        p["log"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|x| x.as_i64() == Some(seat(p)))
            .count()
    };
    let before = wait_until(c, "the take-back button on our move", |p| {
        has_button(p, "takeback") && p["src"].as_u64().unwrap() > 0
    })
    .await;
    click(c, "#takeback").await;
    let back = wait_until(c, "the play taken back", |p| {
        ours(p) == ours(&before) - 1 && p["n"].as_i64() < before["n"].as_i64()
    })
    .await;
    assert_eq!(back["phase"], "move", "the roll is played again: {back}");
    // The game's own note may stand (after a 1-2, "roll again"); the lost-move note may not.
    assert!(
        !back["note"]
            .as_str()
            .unwrap()
            .contains("did not reach the server"),
        "a takeback is not a lost move: {back}"
    );
    assert!(back["src"].as_u64().unwrap() > 0, "{back}");
    let rules = read(
        c,
        "return document.getElementById('rulesline').textContent;",
    )
    .await;
    assert!(
        rules.as_str().unwrap().contains("one play taken back"),
        "the game says so: {rules}"
    );
    back
}

/// What the replay viewer shows: whose side, which frame, the status line.
async fn replay(c: &Client) -> Value {
    c.execute(
        "const b = document.getElementById('replay-board'); \
         return {viewer: b.dataset.viewer || null, frame: b.dataset.frame || null, \
         frames: Number(b.dataset.frames || 0), \
         entries: document.querySelectorAll('#replay-log li').length, \
         current: [...document.querySelectorAll('#replay-log li')].findIndex(li => li.classList.contains('current')), \
         names: [...document.querySelectorAll('#replay-players .name')].map(e => e.textContent), \
         buttons: [...document.querySelectorAll('#replay .controls button')].map(b => [b.textContent, b.getBoundingClientRect().width]), \
         status: document.getElementById('replay-status').textContent};",
        vec![],
    )
    .await
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_the_computer_by_clicking_then_a_rematch_and_its_replay() {
    let _one = ONE_AT_A_TIME.lock().await;
    let s = setup();
    let a = s.visitor("profile-a").await;
    screenshot(&a, "home.png").await;
    let home = page(&a).await;
    assert!(home["errors"].as_array().unwrap().is_empty(), "{home}");
    // The home page explains the scoring, and offers match lengths that suit it.
    let (scoring, matches) = {
        let v = a
            .execute(
                "return [document.getElementById('scoring').textContent, \
                 [...document.getElementById('match').options].map(o => o.value)];",
                vec![],
            )
            .await
            .unwrap();
        (v[0].as_str().unwrap().to_string(), v[1].clone())
    };
    assert!(scoring.contains("15 points"), "{scoring}");
    assert_eq!(matches, json!(["1", "15", "31", "61", "0"]));
    choose(&a, "#level", "beginner").await;
    click(&a, "#play-computer").await;
    // At the very start the only source is the start tray, and it is highlighted.
    let first = wait_until(&a, "our first move or the bot's", |p| {
        p["src"].as_u64().unwrap() > 0 || played_since(p, 1, 0)
    })
    .await;
    if first["log"].as_array().unwrap().is_empty() {
        assert_eq!(first["srcKeys"], json!(["start"]), "{first}");
        screenshot(&a, "computer-start-tray.png").await;
    }
    let end = play_until(&a, Input::Mouse, "the first game", over).await;
    assert!(end["status"].as_str().unwrap().contains("won"), "{end}");
    assert!(
        end["status"].as_str().unwrap().contains("not borne off"),
        "the end says what the points are: {end}"
    );
    assert!(has_button(&end, "rematch"), "{end}");
    screenshot(&a, "computer-game-over.png").await;
    let first_game = end["game"].as_str().unwrap().to_string();

    // The rematch: the player keeps the seat and moves again.
    click(&a, "#rematch").await;
    let re = wait_until(&a, "the rematch", |p| {
        p["game"].as_str() != Some(first_game.as_str()) && p["n"].as_i64().unwrap() > 0
    })
    .await;
    assert_eq!(seat(&re), 0, "the rematch keeps the seat: {re}");
    assert!(!re["watching"].as_bool().unwrap(), "{re}");
    play_until(&a, Input::Mouse, "a play of ours in the rematch", |p| {
        played_since(p, 0, 0) && played_since(p, 1, 0)
    })
    .await;
    let back = take_back(&a).await;
    let plays = back["log"].as_array().unwrap().len();
    play_until(&a, Input::Mouse, "the roll played again", |p| {
        played_since(p, 1, plays)
    })
    .await;
    screenshot(&a, "computer-rematch.png").await;

    // The replay of the first game: one frame per play, a clickable move list, names, and
    // buttons that show their glyphs.
    a.goto(&format!("{}replay/{first_game}", s.url))
        .await
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut r = replay(&a).await;
    while r["frame"].is_null() {
        assert!(Instant::now() < deadline, "the replay did not load: {r}");
        tokio::time::sleep(Duration::from_millis(100)).await;
        r = replay(&a).await;
    }
    let entries = r["entries"].as_u64().unwrap();
    let frames = r["frames"].as_u64().unwrap();
    assert!(
        frames >= entries && frames <= entries + 4,
        "one frame per play: {frames} frames for {entries} plays"
    );
    assert!(r["names"][1].as_str().unwrap().contains("Computer"), "{r}");
    for b in r["buttons"].as_array().unwrap() {
        assert!(!b[0].as_str().unwrap().trim().is_empty(), "{r}");
    }
    assert!(
        r["status"].as_str().unwrap().contains("seen from White"),
        "{r}"
    );
    click(&a, "#replay-log li:nth-child(3)").await;
    let third = replay(&a).await;
    assert_eq!(third["current"], 2, "clicking a play shows it: {third}");
    click(&a, "#r-flip").await;
    let flipped = replay(&a).await;
    assert_eq!(flipped["viewer"], "1", "{flipped}");
    assert_eq!(flipped["frame"], third["frame"], "flipping keeps the frame");
    screenshot(&a, "replay-flipped.png").await;

    // The home page lists the guest's games in this browser, newest first: the rematch being
    // played opens its board, the finished game its replay.
    a.goto(&s.url).await.unwrap();
    let rematch = re["game"].as_str().unwrap();
    let mine = links(&a, "#my-games-list a", 2, "this browser's games").await;
    assert_eq!(
        mine,
        json!([format!("/g/{rematch}"), format!("/replay/{first_game}")])
    );
    a.close().await.unwrap();
    s.server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_friend_game_ends_and_both_players_move_in_the_rematch() {
    let _one = ONE_AT_A_TIME.lock().await;
    let s = setup();
    let a = s.visitor("profile-a").await;
    click(&a, "#play-friend").await;
    let p = wait_until(&a, "the invite link", |p| {
        p["inviteShown"] == true && p["invite"].as_str().unwrap().contains("/g/")
    })
    .await;
    let link = p["invite"].as_str().unwrap().to_string();
    screenshot(&a, "friend-invite.png").await;
    let b = s.visitor("profile-b").await;
    b.goto(&link).await.unwrap();
    let pb = wait_until(&b, "the friend's board", |p| p["n"].as_i64().unwrap() > 0).await;
    let pa = wait_until(&a, "the same board for both", |p| {
        p["n"] == pb["n"] && p["position"] == pb["position"] && p["inviteShown"] == false
    })
    .await;
    assert_eq!(seat(&pa), 0, "{pa}");
    assert_eq!(
        seat(&pb),
        1,
        "whoever opens the link takes the other seat: {pb}"
    );
    // Whoever is to move makes one step by dragging a checker onto a highlighted destination.
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

    // A third browser is a spectator, and is told so.
    let c = s.visitor("profile-c").await;
    c.goto(&link).await.unwrap();
    let pc = wait_until(&c, "the spectator's board", |p| {
        p["n"].as_i64().unwrap() > 0
    })
    .await;
    assert_eq!(pc["watching"], true, "{pc}");
    assert!(
        pc["status"].as_str().unwrap().starts_with("Watching"),
        "{pc}"
    );
    screenshot(&c, "friend-spectator.png").await;

    // B resigns; A offers a rematch; B accepts; both are seated in the new game and both move.
    resign(&b).await;
    wait_until(&a, "the end", over).await;
    let old = pa["game"].as_str().unwrap().to_string();
    wait_until(&a, "the rematch button", |p| has_button(p, "rematch")).await;
    click(&a, "#rematch").await;
    wait_until(&b, "the offer", |p| has_button(p, "rematch-accept")).await;
    screenshot(&b, "friend-rematch-offer.png").await;
    click(&b, "#rematch-accept").await;
    let new_game =
        |p: &Value| p["game"].as_str() != Some(old.as_str()) && p["n"].as_i64().unwrap() > 0;
    let ra = wait_until(&a, "A in the rematch", new_game).await;
    let rb = wait_until(&b, "B in the rematch", new_game).await;
    assert_eq!((seat(&ra), seat(&rb)), (0, 1), "{ra} {rb}");
    let rc = wait_until(&c, "the spectator follows", new_game).await;
    assert_eq!(rc["watching"], true, "{rc}");
    // Both move: each plays until the log has a play of each seat.
    let both = |p: &Value| played_since(p, 0, 0) && played_since(p, 1, 0);
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let (qa, qb) = (page(&a).await, page(&b).await);
        if both(&qa) && both(&qb) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the rematch did not progress: {qa} {qb}"
        );
        if !click_next(&a, &qa).await {
            click_next(&b, &qb).await;
        }
        tokio::time::sleep(Duration::from_millis(80)).await;
    }
    screenshot(&a, "friend-rematch-a.png").await;
    screenshot(&b, "friend-rematch-b.png").await;
    for x in [a, b, c] {
        x.close().await.unwrap();
    }
    s.server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn same_screen_and_open_sessions_go_on_to_the_next_game() {
    let _one = ONE_AT_A_TIME.lock().await;
    let s = setup();
    let a = s.visitor("profile-a").await;

    // Same screen: both seats on one page; a resignation, then a rematch played on.
    click(&a, "#play-local").await;
    let p = wait_until(&a, "the same-screen board", |p| {
        p["src"].as_u64().unwrap() > 0
    })
    .await;
    assert_eq!(p["role"], "\"both\"", "{p}");
    play_until(&a, Input::Mouse, "two plays", |p| {
        p["log"].as_array().unwrap().len() >= 2
    })
    .await;
    resign(&a).await;
    let end = wait_until(&a, "the end", over).await;
    assert!(
        end["status"].as_str().unwrap().contains("by resignation"),
        "{end}"
    );
    let old = end["game"].as_str().unwrap().to_string();
    click(&a, "#rematch").await;
    wait_until(&a, "the same-screen rematch", |p| {
        p["game"].as_str() != Some(old.as_str()) && p["src"].as_u64().unwrap() > 0
    })
    .await;
    let re = play_until(&a, Input::Mouse, "a play in the rematch", |p| {
        !p["log"].as_array().unwrap().is_empty()
    })
    .await;
    assert_eq!(re["role"], "\"both\"", "{re}");

    // An open session against the computer: after a game, Next game, with the score kept.
    a.goto(&s.url).await.unwrap();
    a.wait().for_element(Locator::Css("#match")).await.unwrap();
    choose(&a, "#match", "0").await;
    click(&a, "#play-computer").await;
    wait_until(&a, "the open session", |p| p["n"].as_i64().unwrap() > 0).await;
    resign(&a).await;
    let end = wait_until(&a, "the first game's end", |p| {
        over(p) && has_button(p, "next-game")
    })
    .await;
    assert!(!has_button(&end, "rematch"), "{end}");
    screenshot(&a, "open-session-end.png").await;
    let logged = end["log"].as_array().unwrap().len();
    click(&a, "#next-game").await;
    let second = wait_until(&a, "the second game", |p| p["phase"] != "game-over").await;
    assert!(second["status"].as_str().is_some());
    let score: i64 = a
        .execute(
            "return Number(document.querySelector('#players .player[data-player=\"1\"] .score').textContent);",
            vec![],
        )
        .await
        .unwrap()
        .as_i64()
        .unwrap();
    assert!(score > 0, "the score carries over: {score}");
    play_until(&a, Input::Mouse, "a play in the second game", |p| {
        played_since(p, 0, logged)
    })
    .await;
    screenshot(&a, "open-session-second-game.png").await;
    a.close().await.unwrap();
    s.server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_by_keyboard_alone() {
    let _one = ONE_AT_A_TIME.lock().await;
    let s = setup();
    let a = s.visitor("profile-a").await;
    choose(&a, "#level", "beginner").await;
    // Tab to the button and press Enter, as a keyboard user does.
    a.execute("document.getElementById('play-computer').focus();", vec![])
        .await
        .unwrap();
    press(&a, ENTER).await;
    wait_until(&a, "the board", |p| p["n"].as_i64().unwrap() > 0).await;
    let focusable = a
        .execute("const b = document.getElementById('board'); b.focus(); return document.activeElement === b;", vec![])
        .await
        .unwrap();
    assert_eq!(focusable, true, "the board takes the focus");
    let p = wait_until(&a, "our move", |p| p["src"].as_u64().unwrap() > 0).await;
    press(&a, ARROW_RIGHT).await;
    let cur = wait_until(&a, "a cursor, announced", |p| {
        p["cursor"] != "" && p["announce"] != ""
    })
    .await;
    assert!(
        p["srcKeys"].as_array().unwrap().contains(&cur["cursor"]),
        "the cursor is on a source: {cur}"
    );
    screenshot(&a, "keyboard-cursor.png").await;
    let end = play_until(&a, Input::Keyboard, "a game by keyboard", over).await;
    assert!(end["status"].as_str().unwrap().contains("won"), "{end}");
    // The live region has said something about the end.
    let said = a
        .execute(
            "return document.getElementById('announce').getAttribute('aria-live');",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(said, "polite");
    screenshot(&a, "keyboard-game-over.png").await;
    a.close().await.unwrap();
    s.server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_phone_a_finger_drags_a_checker_and_the_board_is_legible() {
    let _one = ONE_AT_A_TIME.lock().await;
    let s = setup();
    let a = s.visitor("profile-a").await;
    a.set_window_size(390, 844).await.unwrap();
    // The page's viewport 844 pixels high, as the phone's is (the window has its frame).
    let inner = read(&a, "return innerHeight;").await.as_i64().unwrap();
    a.set_window_size(390, (844 + 844 - inner) as u32)
        .await
        .unwrap();
    // The first screen of the home page, as a phone opens it: the ways to play are on it
    // (the computer, a friend, the same screen, and the first quick-pairing button), and
    // nothing jumps as the page fills in.
    a.refresh().await.unwrap();
    a.wait()
        .for_element(Locator::Css("#pools .pool"))
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let first = a.execute_async(FIRST_SCREEN, vec![]).await.unwrap();
    println!("first screen on a phone: {first}");
    for (id, bottom) in first["bottoms"].as_object().unwrap() {
        assert!(
            bottom.as_f64().unwrap() <= first["height"].as_f64().unwrap(),
            "{id} is below the first screen: {first}"
        );
    }
    assert!(
        first["shift"].as_f64().unwrap() < 0.1,
        "the page jumps as it fills in: {first}"
    );
    click(&a, "#play-local").await;
    let p = wait_until(&a, "a source", |p| p["src"].as_u64().unwrap() > 0).await;
    let sizes = a
        .execute(
            "const num = document.querySelector('#board .pointnum').getBoundingClientRect(); \
             const svg = document.getElementById('board').getBoundingClientRect(); \
             const pt = document.querySelector('#board .hit[data-key=\"p1\"]').getBoundingClientRect(); \
             return {num: num.height, width: svg.width, point: pt.width, \
                     action: getComputedStyle(document.getElementById('board')).touchAction};",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(sizes["action"], "none", "{sizes}");
    assert!(
        sizes["num"].as_f64().unwrap() >= 9.0,
        "point numbers legible: {sizes}"
    );
    // A checker is almost a point wide (checker diameter = 68/72 of the point).
    assert!(
        sizes["point"].as_f64().unwrap() >= 25.0,
        "checkers large enough: {sizes}"
    );
    click(&a, "#board .hit.src").await;
    wait_until(&a, "destinations", |p| p["dst"].as_u64().unwrap() > 0).await;
    touch_drag(&a, "#board .hit.selected", "#board .hit.dst").await;
    wait_until(&a, "the dragged step", |q| {
        q["n"].as_i64() > p["n"].as_i64()
    })
    .await;
    screenshot(&a, "phone-after-drag.png").await;
    a.close().await.unwrap();
    s.server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_of_a_fast_game_stays_current_and_a_wrong_link_says_so() {
    let _one = ONE_AT_A_TIME.lock().await;
    let (dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let url = server.url();
    let driver = chromedriver();
    let c = browser(&driver, &dir.path().join("profile-c")).await;

    // A wrong link: a page that says so and a way home, and no game buttons.
    c.goto(&format!("{url}g/nosuchgame")).await.unwrap();
    let p = wait_until(&c, "the missing page", |p| p["missing"] == true).await;
    assert!(
        p["buttons"]
            .as_array()
            .unwrap()
            .iter()
            .all(|b| b != "resign" && b != "flip"),
        "{p}"
    );
    screenshot(&c, "no-such-game.png").await;

    // A same-screen game played as fast as the server answers, watched from a browser.
    let (mut player, joined) = local_game(server.addr).await;
    let game = joined["info"]["game"].as_str().unwrap().to_string();
    c.goto(&format!("{url}g/{game}")).await.unwrap();
    wait_until(&c, "the spectator's board", |p| {
        p["n"].as_i64().unwrap() >= 0 && p["watching"] == true
    })
    .await;
    let last = play_until_common(&mut player, joined["view"].clone()).await;
    let final_n = last["n"].as_i64().unwrap();
    let final_log = last["log_len"].as_u64().unwrap() as usize;
    let seen = wait_until(&c, "the spectator to catch up", |p| {
        p["n"].as_i64() == Some(final_n)
    })
    .await;
    assert_eq!(
        seen["log"].as_array().unwrap().len(),
        final_log,
        "no play twice or missing: {seen}"
    );
    assert!(seen["status"].as_str().unwrap().contains("won"), "{seen}");
    screenshot(&c, "spectator-caught-up.png").await;
    c.close().await.unwrap();
    server.stop();
}

/// Plays both seats of a same-screen game with random legal intents until it is over.
async fn play_until_common(
    player: &mut acey_server::bench::loadtest::Client,
    view: Value,
) -> Value {
    common::play_until(player, None, view, 5, |v| {
        v["phase"]["phase"] == "game-over"
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backgammon_from_the_home_page_with_the_cube_taken_then_dropped() {
    let _one = ONE_AT_A_TIME.lock().await;
    let s = setup();
    let a = s.visitor("profile-a").await;
    choose(&a, "#rules", "backgammon").await;
    let home = a
        .execute(
            "return [document.getElementById('cube').checked, document.getElementById('scoring').textContent, \
             [...document.getElementById('match').options].map(o => o.value)];",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(
        home[0], true,
        "the backgammon preset plays with the cube: {home}"
    );
    assert!(home[1].as_str().unwrap().contains("gammon"), "{home}");
    assert!(home[2].as_array().unwrap().contains(&json!("5")), "{home}");
    click(&a, "#play-local").await;
    wait_until(&a, "the board", |p| p["n"].as_i64().unwrap() > 0).await;
    // Whoever rolls first may double: double, then the other takes.
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut taken = false;
    loop {
        let p = page(&a).await;
        assert!(Instant::now() < deadline, "no cube action: {p}");
        assert!(p["cube"].is_object(), "the cube is drawn: {p}");
        if !taken && has_button(&p, "double") {
            assert_eq!(p["cube"]["owner"], "none", "{p}");
            click(&a, "#double").await;
            let q = wait_until(&a, "the take button", |q| has_button(q, "take")).await;
            assert!(
                q["status"].as_str().unwrap().contains("take or drop"),
                "{q}"
            );
            screenshot(&a, "cube-offered.png").await;
            click(&a, "#take").await;
            let t = wait_until(&a, "the cube taken", |q| q["cube"]["value"] == 2).await;
            assert_ne!(t["cube"]["owner"], "none", "{t}");
            taken = true;
        } else if taken && has_button(&p, "double") {
            // The owner redoubles; the other drops, and the game ends for the cube's value.
            click(&a, "#double").await;
            wait_until(&a, "the drop button", |q| has_button(q, "drop")).await;
            click(&a, "#drop").await;
            let end = wait_until(&a, "the end", over).await;
            assert!(
                end["status"]
                    .as_str()
                    .unwrap()
                    .contains("2 points: the cube was dropped"),
                "{end}"
            );
            screenshot(&a, "cube-dropped.png").await;
            break;
        } else {
            click_next(&a, &p).await;
        }
        tokio::time::sleep(Duration::from_millis(60)).await;
    }
    a.close().await.unwrap();
    s.server.stop();
}

/// Types a name into the lobby's name field and leaves it, as a person does.
async fn choose_name(c: &Client, name: &str) {
    // The server names a new guest first.
    wait_online(c, "a name given", |p| {
        !p["myName"].as_str().unwrap().is_empty()
    })
    .await;
    let field = c.find(Locator::Css("#my-name")).await.unwrap();
    field.clear().await.unwrap();
    field.send_keys(&format!("{name}\u{E004}")).await.unwrap();
}

/// What the online parts of the page show: names, clocks, chat, the lobby.
const ONLINE: &str = r#"const q = (s) => [...document.querySelectorAll(s)];
           return {
             names: q('#players .name').map(e => e.textContent),
             clocks: q('#players .clock').filter(e => !e.hidden).map(e => e.textContent),
             chat: q('#chat-lines li').map(e => e.textContent),
             chatMarkup: document.querySelectorAll('#chat-lines b, #chat-lines script').length,
             myName: document.getElementById('my-name').value,
             nameNote: document.getElementById('name-note').textContent,
             pools: q('#pools .pool').map(e => e.textContent),
             seeking: !document.getElementById('seeking').hidden,
             account: document.getElementById('account-name').textContent,
             rulesline: document.getElementById('rulesline').textContent,
           };"#;

async fn wait_online(c: &Client, what: &str, ok: impl Fn(&Value) -> bool) -> Value {
    wait_on(c, ONLINE, what, ok).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_strangers_meet_by_quick_pairing_play_with_a_clock_and_chat() {
    let _one = ONE_AT_A_TIME.lock().await;
    let s = setup();
    let a = s.visitor("quick-a").await;
    let b = s.visitor("quick-b").await;
    choose_name(&a, "Anna").await;
    choose_name(&b, "Bert").await;
    wait_online(&a, "Anna's name", |p| {
        p["myName"] == "Anna" && p["nameNote"] == "(guest)"
    })
    .await;
    wait_online(&b, "Bert's name", |p| p["myName"] == "Bert").await;
    screenshot(&a, "lobby.png").await;

    // Anna presses "American · single game" and waits; Bert sees her waiting and presses it too.
    let (pa, pb) = quick_paired(&a, &b).await;
    assert_ne!(seat(&pa), seat(&pb), "{pa} {pb}");
    // Both names, and both clocks counting from 3 minutes.
    let oa = wait_online(&a, "names and clocks", |p| {
        p["clocks"].as_array().unwrap().len() == 2
    })
    .await;
    let names = oa["names"].to_string();
    assert!(names.contains("Anna") && names.contains("Bert"), "{oa}");
    assert!(
        oa["clocks"][0].as_str().unwrap().starts_with("3:")
            || oa["clocks"][0].as_str().unwrap().starts_with("2:"),
        "{oa}"
    );
    assert!(
        oa["rulesline"].as_str().unwrap().contains("clock 3+12"),
        "{oa}"
    );

    // Both move.
    let both = |p: &Value| played_since(p, 0, 0) && played_since(p, 1, 0);
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let (qa, qb) = (page(&a).await, page(&b).await);
        if both(&qa) && both(&qb) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the game did not progress: {qa} {qb}"
        );
        assert!(qa["errors"].as_array().unwrap().is_empty(), "{qa}");
        if !click_next(&a, &qa).await {
            click_next(&b, &qb).await;
        }
        tokio::time::sleep(Duration::from_millis(80)).await;
    }

    // The chat field's invitation is whole, not cut at the field's edge.
    let fits = a
        .execute(
            "const i = document.getElementById('chat-text'); const st = getComputedStyle(i); \
             const c = document.createElement('canvas').getContext('2d'); \
             c.font = `${st.fontSize} ${st.fontFamily}`; \
             const room = i.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight); \
             return {text: i.placeholder, width: c.measureText(i.placeholder).width, room};",
            vec![],
        )
        .await
        .unwrap();
    assert!(
        fits["width"].as_f64().unwrap() <= fits["room"].as_f64().unwrap(),
        "the chat placeholder is cut: {fits}"
    );
    // A chat line with markup arrives as typed, as text.
    let field = a.find(Locator::Css("#chat-text")).await.unwrap();
    field.send_keys("<b>good luck</b>\u{E007}").await.unwrap();
    let ob = wait_online(&b, "the chat line", |p| {
        p["chat"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l.as_str().unwrap().contains("<b>good luck</b>"))
    })
    .await;
    assert_eq!(ob["chatMarkup"], 0, "markup was interpreted: {ob}");
    assert!(ob["chat"][0].as_str().unwrap().starts_with("Anna"), "{ob}");
    screenshot(&a, "quick-pairing-a.png").await;
    screenshot(&b, "quick-pairing-b.png").await;
    for x in [a, b] {
        x.close().await.unwrap();
    }
    s.server.stop();
}

/// Registers `name` from the header's account dialog, as a person would, and waits until the
/// page is logged in.
async fn register_in_page(c: &Client, name: &str) {
    click(c, "#account-open").await;
    for (field, text) in [("#acc-name", name), ("#acc-password", "a good password")] {
        let input = c.find(Locator::Css(field)).await.unwrap();
        input.send_keys(text).await.unwrap();
    }
    click(c, "#acc-register").await;
    wait_online(c, "logged in", |p| p["account"] == name).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_registers_and_finds_the_game_just_played_on_the_profile() {
    let _one = ONE_AT_A_TIME.lock().await;
    let s = setup();
    let a = s.visitor("register").await;
    click(&a, "#play-computer").await;
    let p = wait_until(&a, "the board", |p| p["n"].as_i64().unwrap() > 0).await;
    let game = p["game"].as_str().unwrap().to_string();
    resign(&a).await;
    wait_until(&a, "the end", over).await;

    register_in_page(&a, "Newcomer").await;

    click(&a, "#account-name a").await;
    let row = format!("#profile-games tr[data-game='{game}']");
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if a.find(Locator::Css(&row)).await.is_ok() {
            break;
        }
        assert!(Instant::now() < deadline, "the game is not on the profile");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let text = a
        .find(Locator::Css(&row))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    // The computer is named at its level, never as a guest.
    assert!(
        text.contains("lost") && text.contains("Computer (casual)") && !text.contains("guest"),
        "{text}"
    );
    screenshot(&a, "profile.png").await;
    click(&a, &format!("{row} a")).await;
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let r = replay(&a).await;
        if r["frames"].as_u64().unwrap_or(0) > 1 {
            break;
        }
        assert!(Instant::now() < deadline, "the replay did not open: {r}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    a.close().await.unwrap();
    s.server.stop();
}

/// A player logged in plays a game on the device, then adds it to their history from the home
/// page: the server replays its record, and the profile lists it as played on a device.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_played_on_the_device_is_added_to_the_players_history() {
    let _one = ONE_AT_A_TIME.lock().await;
    let s = setup();
    let a = s.visitor("device-history").await;
    register_in_page(&a, "Traveller").await;
    click(&a, "#on-device").await;
    choose(&a, "#level", "beginner").await;
    click(&a, "#play-computer").await;
    wait_until(&a, "a game on this device", |p| {
        p["path"].as_str().unwrap_or("").starts_with("/d/") && p["n"].as_i64().unwrap() > 0
    })
    .await;
    let p = play_until(&a, Input::Mouse, "a play of ours on the device", |p| {
        played_since(p, 0, 0)
    })
    .await;
    let game = p["game"].as_str().unwrap().to_string();
    resign(&a).await;
    wait_until(&a, "the end", over).await;

    a.goto(&s.url).await.unwrap();
    let button = "#device-games-list button.add-to-history";
    wait_on(
        &a,
        &format!("return !!document.querySelector({button:?});"),
        "the offer to add the game to the history",
        |v| v == true,
    )
    .await;
    click(&a, button).await;
    let added = "#device-games-list a.added";
    wait_on(
        &a,
        &format!("return !!document.querySelector({added:?});"),
        "the game added",
        |v| v == true,
    )
    .await;
    // A reload offers it no more: it is in the history.
    a.refresh().await.unwrap();
    wait_on(
        &a,
        &format!(
            "return [!!document.querySelector({added:?}), !!document.querySelector({button:?})];"
        ),
        "the list after a reload",
        |v| v == &json!([true, false]),
    )
    .await;
    click(&a, added).await;
    let row = format!("#profile-games tr[data-game='{game}']");
    let text = wait_on(
        &a,
        &format!("const r = document.querySelector({row:?}); return r ? r.textContent : null;"),
        "the device game on the profile",
        |v| v.is_string(),
    )
    .await;
    let text = text.as_str().unwrap();
    assert!(
        text.contains("on a device") && text.contains("lost"),
        "{text}"
    );
    a.close().await.unwrap();
    s.server.stop();
}

/// What the analysis in the replay viewer shows.
const ANALYSIS: &str = r#"const q = (s) => document.querySelectorAll(s);
           const shown = (id) => { const e = document.getElementById(id); return !!e && !e.hidden && e.offsetParent !== null; };
           const b = document.getElementById('replay-board');
           return {
             results: shown('analysis-results'), progress: shown('analysis-progress'),
             progressText: document.getElementById('analysis-progress-text').textContent,
             button: shown('analyse'),
             rows: [...q('#analysis-summary tbody tr')].map(r => [...r.cells].map(c => c.textContent)),
             marks: [...q('#analysis-graph .mark')].map(m => [m.dataset.index, m.getAttribute('class')]),
             glyphs: q('#replay-log .glyph').length,
             decision: b.dataset.decision ?? null,
             panel: shown('analysis-decision') ? document.getElementById('analysis-decision').textContent : "",
             alternatives: [...q('#analysis-decision .alt')].map(a => [a.querySelector('.play').textContent, a.classList.contains('played'), a.classList.contains('shown')]),
             lit: q('#replay-board .preview').length,
             status: document.getElementById('replay-status').textContent,
             errors: window.aceyErrors || [],
           };"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ended_game_is_analysed_from_its_end_screen_and_a_mark_clicked() {
    let _one = ONE_AT_A_TIME.lock().await;
    let s = setup_with(fast_limits());
    // A same-screen game played to its end by random legal plays (plenty of errors to mark),
    // then opened in the browser with its seat link, as from another device.
    let (mut player, joined) = local_game(s.server.addr).await;
    let game = joined["info"]["game"].as_str().unwrap().to_string();
    let token = joined["token"].as_str().unwrap().to_string();
    play_until_common(&mut player, joined["view"].clone()).await;
    let a = s.visitor("profile-analysis").await;
    a.goto(&format!("{}g/{game}#seat={token}", s.url))
        .await
        .unwrap();
    let end = wait_until(&a, "the end screen", over).await;
    assert!(end["status"].as_str().unwrap().contains("won"), "{end}");
    click(&a, "#analyse-link").await;

    // The replay viewer opens and the analysis runs with its progress shown, then the summary,
    // the graph with its marks and the marks in the move list.
    let done = wait_on(&a, ANALYSIS, "the analysis", |p| p["results"] == true).await;
    assert!(done["errors"].as_array().unwrap().is_empty(), "{done}");
    assert!(!done["button"].as_bool().unwrap(), "{done}");
    let rows = done["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2, "a row per player: {done}");
    assert_eq!(rows[0][0], "White", "{done}");
    let marks = done["marks"].as_array().unwrap();
    assert!(!marks.is_empty(), "random play is marked: {done}");
    assert!(done["glyphs"].as_u64().unwrap() > 0, "{done}");
    a.execute(
        "document.getElementById('analysis').scrollIntoView();",
        vec![],
    )
    .await
    .unwrap();
    screenshot(&a, "analysis.png").await;

    // A click on a mark shows its decision: the board before the roll, the verdict and the
    // ranked plays; a click on another play puts it on the board. (The last mark: nothing is
    // drawn over it.)
    let last = marks.last().unwrap();
    let index = last[0].as_str().unwrap();
    let index = index.to_string();
    click(&a, &format!("#analysis-graph .mark[data-index='{index}']")).await;
    let chosen = wait_on(&a, ANALYSIS, "the decision", |p| {
        p["decision"] == index.as_str()
    })
    .await;
    let panel = chosen["panel"].as_str().unwrap();
    assert!(
        panel.contains("played") && panel.contains("best"),
        "{chosen}"
    );
    let alts = chosen["alternatives"].as_array().unwrap();
    assert!(alts.len() >= 2, "{chosen}");
    assert_eq!(
        alts.iter().filter(|x| x[1] == true).count(),
        1,
        "the played one is shown as such: {chosen}"
    );
    assert!(
        chosen["status"].as_str().unwrap().starts_with("Decision"),
        "{chosen}"
    );
    screenshot(&a, "analysis-decision.png").await;
    click(&a, "#analysis-decision li:first-child .alt").await;
    let best = wait_on(&a, ANALYSIS, "the best play on the board", |p| {
        p["alternatives"][0][2] == true
    })
    .await;
    assert!(
        best["lit"].as_u64().unwrap() > 0,
        "its points are lit: {best}"
    );
    let best_play = best["alternatives"][0][0].as_str().unwrap();
    let best_play = best_play.trim_end_matches(" (played)");
    assert!(
        best["status"].as_str().unwrap().contains(best_play),
        "{best}"
    );
    // By keyboard: the list of marks under the graph.
    a.execute(
        "document.querySelector('#analysis-marks .markrow').focus();",
        vec![],
    )
    .await
    .unwrap();
    press(&a, ENTER).await;
    wait_on(&a, ANALYSIS, "the first mark by keyboard", |p| {
        p["decision"] == marks[0][0]
    })
    .await;

    // The analysis is stored: the next visit shows it at once, with no button to press.
    a.goto(&format!("{}replay/{game}", s.url)).await.unwrap();
    let again = wait_on(&a, ANALYSIS, "the stored analysis", |p| {
        p["results"] == true
    })
    .await;
    assert_eq!(again["marks"], done["marks"]);
    // On a phone the analysis fits the screen's width.
    a.set_window_size(390, 844).await.unwrap();
    let wide = a
        .execute(
            "document.getElementById('analysis').scrollIntoView();              return [document.documentElement.scrollWidth - window.innerWidth, \
               [...document.querySelectorAll('#replay *')].filter(e => e.getBoundingClientRect().right > window.innerWidth + 1) \
               .map(e => e.tagName + '#' + e.id + '.' + e.className).slice(0, 8)];",
            vec![],
        )
        .await
        .unwrap();
    screenshot(&a, "analysis-phone.png").await;
    assert!(wide[0].as_i64().unwrap() <= 0, "too wide: {wide}");
    // Every column of the summary is on the screen, its heading whole.
    let cut = a
        .execute(
            "return [...document.querySelectorAll('#analysis .summary th')] \
               .filter(th => th.getBoundingClientRect().right > innerWidth + 1 || th.scrollWidth > th.clientWidth + 1) \
               .map(th => th.textContent);",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(cut, json!([]), "summary columns cut on a phone");
    a.close().await.unwrap();
    s.server.stop();
}

/// English words of the game screen: none may be left in a translated status line or button.
const ENGLISH: &[&str] = &[
    "roll", "rolled", "move", "moves", "your", "you", "computer", "play", "plays", "waiting",
    "confirm", "undo", "thinking", "resign", "flip", "download", "replay", "keys", "drop", "take",
    "double", "rolling", "starts", "who",
];

/// The English words in `text`, compared word by word (not letters inside a word).
fn english_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphabetic())
        .map(str::to_lowercase)
        .filter(|w| ENGLISH.contains(&w.as_str()))
        .collect()
}

/// The texts of the buttons a player sees now.
const BUTTON_TEXTS: &str = "return [...document.querySelectorAll('button')]
    .filter(e => !e.hidden && e.offsetParent !== null).map(e => e.textContent);";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_in_russian_and_in_norwegian_leaves_no_english_in_the_status() {
    let _one = ONE_AT_A_TIME.lock().await;
    let s = setup();
    let a = s.visitor("profile-lang").await;
    // The switch names each language in itself.
    let names = read(
        &a,
        "return [...document.getElementById('lang').options].map(o => o.textContent);",
    )
    .await;
    assert_eq!(
        names,
        json!(["English", "Français", "Русский", "Norsk bokmål"])
    );
    for (lang, play_computer) in [
        ("ru", "Играть с компьютером"),
        ("nb", "Spill mot datamaskinen"),
    ] {
        // Choosing a language reloads the page in it, and the choice is remembered.
        a.goto(&s.url).await.unwrap();
        a.wait()
            .for_element(Locator::Css("#play-computer"))
            .await
            .unwrap();
        choose(&a, "#lang", lang).await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        let home = wait_on(
            &a,
            "return [document.documentElement.lang, localStorage.getItem('acey.lang'), \
             document.querySelector('#play-computer strong').textContent];",
            "the page in the chosen language",
            |v| v[0] == lang,
        )
        .await;
        assert_eq!(home, json!([lang, lang, play_computer]));
        screenshot(&a, &format!("lang-{lang}-home.png")).await;
        a.execute("window.confirm = () => true;", vec![])
            .await
            .unwrap();
        click(&a, "#play-computer").await;
        // Our first move, played by clicking; every status line on the way is checked.
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            let p = page(&a).await;
            assert!(p["errors"].as_array().unwrap().is_empty(), "{p}");
            let status = p["status"].as_str().unwrap();
            assert!(english_words(status).is_empty(), "{lang}: {status}");
            let buttons = read(&a, BUTTON_TEXTS).await;
            for b in buttons.as_array().unwrap() {
                let text = b.as_str().unwrap();
                assert!(english_words(text).is_empty(), "{lang}: a button {text}");
            }
            if p["role"].is_string() && played_since(&p, seat(&p), 0) {
                break;
            }
            assert!(Instant::now() < deadline, "{lang}: no move was played: {p}");
            let did = click_next(&a, &p).await;
            tokio::time::sleep(Duration::from_millis(if did { 60 } else { 100 })).await;
        }
        screenshot(&a, &format!("lang-{lang}-game.png")).await;
    }
    // Back to English through the switch.
    a.goto(&s.url).await.unwrap();
    a.wait()
        .for_element(Locator::Css("#play-computer"))
        .await
        .unwrap();
    choose(&a, "#lang", "en").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    wait_on(
        &a,
        "return document.documentElement.lang;",
        "English again",
        |v| v == "en",
    )
    .await;
    a.close().await.unwrap();
    s.server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_browsers_languages_choose_the_first_time() {
    let _one = ONE_AT_A_TIME.lock().await;
    let s = setup();
    // French Canadian picks French; Nynorsk picks Bokmål; a language without a catalogue,
    // English.
    for (languages, lang, play_computer) in [
        ("fr-CA,fr", "fr", "Jouer contre l’ordinateur"),
        ("nn-NO,nn", "nb", "Spill mot datamaskinen"),
        ("de-DE,de", "en", "Play the computer"),
    ] {
        let profile = s.dir.path().join(format!("profile-{lang}"));
        let c = browser_speaking(&s.driver, &profile, Some(languages)).await;
        c.goto(&s.url).await.unwrap();
        c.wait()
            .for_element(Locator::Css("#play-computer"))
            .await
            .unwrap();
        let seen = wait_on(
            &c,
            "return [navigator.languages[0], document.documentElement.lang, \
             document.querySelector('#play-computer strong').textContent, \
             document.getElementById('lang').value];",
            "the page in the browser's language",
            |v| v[1] == lang,
        )
        .await;
        assert_eq!(
            seen,
            json!([
                languages.split(',').next().unwrap(),
                lang,
                play_computer,
                lang
            ])
        );
        screenshot(&c, &format!("lang-first-{lang}.png")).await;
        c.close().await.unwrap();
    }
    s.server.stop();
}

// ---------- reconnecting ----------

/// Whether the page has something for its player to do now.
fn can_act(p: &Value) -> bool {
    p["doubles"] == true
        || p["confirm"] == true
        || p["dst"].as_u64().unwrap() > 0
        || p["src"].as_u64().unwrap() > 0
        || has_button(p, "roll")
        || has_button(p, "take")
}

/// Checks what must never happen to a seated player: a script error, or being told they are
/// not in their own game.
fn still_seated(p: &Value, seat_was: i64) {
    assert!(p["errors"].as_array().unwrap().is_empty(), "{p}");
    assert_eq!(seat(p), seat_was, "the seat changed: {p}");
    let status = p["status"].as_str().unwrap().to_lowercase();
    assert!(!status.contains("not in this game"), "{p}");
}

/// Waits until Anna's page (`a`) and Bert's (`b`) show the board of one game: both pages.
async fn both_on_one_board(a: &Client, b: &Client) -> (Value, Value) {
    let on_board =
        |p: &Value| p["path"].as_str().unwrap().starts_with("/g/") && p["n"].as_i64().unwrap() > 0;
    let pa = wait_until(a, "Anna's board", on_board).await;
    let pb = wait_until(b, "Bert's board", |p| {
        on_board(p) && p["game"] == pa["game"]
    })
    .await;
    (pa, pb)
}

/// Anna (`a`) presses the American quick-pairing button and waits; Bert (`b`) sees her waiting
/// and presses it too (the server seats him directly). Both pages on the game's board.
async fn quick_paired(a: &Client, b: &Client) -> (Value, Value) {
    click(a, "#pools .pool[data-pool='american']").await;
    wait_online(a, "waiting", |p| p["seeking"] == true).await;
    wait_online(b, "one waiting", |p| {
        p["pools"][0].as_str().unwrap_or("").contains("1 waiting")
    })
    .await;
    click(b, "#pools .pool[data-pool='american']").await;
    both_on_one_board(a, b).await
}

/// Anna (`a`) makes a challenge from the lobby's form (`rated` or not); Bert (`b`) accepts it
/// from the list (the server seats him directly). Both pages on the game's board.
async fn challenge_taken(a: &Client, b: &Client, rated: bool) -> (Value, Value) {
    click(a, ".newchallenge summary").await;
    if rated {
        click(a, "#ch-rated").await;
    }
    click(a, "#ch-create").await;
    let deadline = Instant::now() + Duration::from_secs(30);
    while !try_click(b, "#challenges .accept").await {
        assert!(Instant::now() < deadline, "Anna's challenge never showed");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    both_on_one_board(a, b).await
}

/// Both pages play on, each doing the next thing it can, until each seat has played again.
async fn both_play_on(a: &Client, b: &Client, what: &str) {
    let (sa, sb) = (seat(&page(a).await), seat(&page(b).await));
    let from = page(a).await["log"].as_array().unwrap().len();
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let (pa, pb) = (page(a).await, page(b).await);
        still_seated(&pa, sa);
        still_seated(&pb, sb);
        if [&pa, &pb]
            .iter()
            .all(|p| played_since(p, 0, from) && played_since(p, 1, from))
        {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{what}: the game did not go on: {pa} {pb}"
        );
        if !click_next(a, &pa).await {
            click_next(b, &pb).await;
        }
        tokio::time::sleep(Duration::from_millis(80)).await;
    }
}

/// Plays `other`'s side until `c` has something to do.
async fn until_turn_of(c: &Client, other: &Client) -> Value {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let p = page(c).await;
        if can_act(&p) && !over(&p) {
            return p;
        }
        assert!(Instant::now() < deadline, "never this page's turn: {p}");
        let q = page(other).await;
        click_next(other, &q).await;
        tokio::time::sleep(Duration::from_millis(80)).await;
    }
}

/// Waits until the page is connected again (the banner gone).
async fn back_online(c: &Client, what: &str) -> Value {
    wait_until(c, what, |p| p["conn"] == "" && p["offline"] == false).await
}

/// A server in a process of its own (this test binary run again, as [`serve_for_a_test`]), so
/// that a restart is a real `SIGKILL`: nothing is flushed or closed on the way out.
struct ServerProcess {
    child: Child,
    addr: std::net::SocketAddr,
    db: String,
}

impl ServerProcess {
    /// Starts a server on a free port over `db`, and waits until it accepts connections.
    fn start(db: &acey_server::Database) -> ServerProcess {
        let db = match db {
            acey_server::Database::Sqlite(path) => path.display().to_string(),
            acey_server::Database::Postgres(url) => url.clone(),
        };
        let addr = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .unwrap();
        ServerProcess::on(addr, db)
    }

    fn on(addr: std::net::SocketAddr, db: String) -> ServerProcess {
        let child = Command::new(std::env::current_exe().unwrap())
            .args(["serve_for_a_test", "--exact", "--ignored", "--nocapture"])
            .env("ACEY_TEST_SERVE", addr.to_string())
            .env("ACEY_TEST_SERVE_DB", &db)
            .stdout(Stdio::null())
            .spawn()
            .expect("the test binary runs again as a server");
        let deadline = Instant::now() + Duration::from_secs(30);
        while std::net::TcpStream::connect(addr).is_err() {
            assert!(
                Instant::now() < deadline,
                "the server process did not start"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        ServerProcess { child, addr, db }
    }

    fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Kills the server with `SIGKILL`, waits half a second, and starts it again on the same
    /// address and database.
    fn restart(mut self) -> ServerProcess {
        self.kill();
        std::thread::sleep(Duration::from_millis(500));
        ServerProcess::on(self.addr, std::mem::take(&mut self.db))
    }

    fn kill(&mut self) {
        // `Child::kill` sends SIGKILL.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Not a test: the server process of [`ServerProcess`], serving until it is killed.
#[test]
#[ignore = "the restart tests run it as their server's process"]
fn serve_for_a_test() {
    let (Ok(addr), Ok(db)) = (
        std::env::var("ACEY_TEST_SERVE"),
        std::env::var("ACEY_TEST_SERVE_DB"),
    ) else {
        return;
    };
    let _running = acey_server::start(acey_server::Config {
        addr: addr.parse().expect("an address"),
        db: acey_server::Database::parse(&db),
        limits: acey_server::Limits::default(),
        origins: Vec::new(),
        proxies: Default::default(),
    })
    .expect("the server starts");
    loop {
        std::thread::sleep(Duration::from_secs(3600));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_paired_by_quick_pairing_keep_their_seats_over_a_restart_and_a_lost_network() {
    let _one = ONE_AT_A_TIME.lock().await;
    let (dir, db) = temp_db();
    let mut server = ServerProcess::start(&db);
    let driver = chromedriver();
    // Bert's network is one the test can take away.
    let bert_net = common::network::Link::to(server.addr).await;
    let a = visitor_at(&driver, &dir.path().join("rq-a"), &server.url()).await;
    let b = visitor_at(&driver, &dir.path().join("rq-b"), &bert_net.url()).await;
    choose_name(&a, "Anna").await;
    choose_name(&b, "Bert").await;
    wait_online(&b, "Bert's name", |p| p["myName"] == "Bert").await;
    // Anna waits; Bert, pressing second, is seated by the server directly (no `paired`).
    let (pa, pb) = quick_paired(&a, &b).await;
    assert_ne!(seat(&pa), seat(&pb));
    both_play_on(&a, &b, "before the restart").await;

    // The tab of the player to move says so; the other's does not.
    let mover = until_turn_of(&b, &a).await;
    assert!(
        mover["title"].as_str().unwrap().starts_with("(your turn)"),
        "{mover}"
    );
    let waiting = page(&a).await;
    assert!(
        !waiting["title"].as_str().unwrap().contains("your turn"),
        "{waiting}"
    );

    // The server is killed and comes back: both pages say they lost it, then go on by
    // themselves, each in its own seat.
    server = server.restart();
    wait_until(&a, "Anna back", |p| {
        p["conn"] == "" && p["n"].as_i64().unwrap() > 0
    })
    .await;
    back_online(&b, "Bert back").await;
    both_play_on(&a, &b, "after the restart").await;

    // Bert's network goes for 12 seconds just as he moves: the page says so, locks the board,
    // and when the network is back the move is reported as not made (it never left), made
    // again, and applied once.
    let before = until_turn_of(&b, &a).await;
    let n0 = before["n"].as_i64().unwrap();
    bert_net.cut();
    let cut_at = Instant::now();
    // One intent into the dead network (a source is chosen first where the next thing is a
    // checker to move).
    assert!(click_next(&b, &before).await);
    let p = page(&b).await;
    if p["selected"] != "" {
        assert!(click_next(&b, &p).await);
    }
    let down = wait_until(&b, "the lost connection said", |p| p["offline"] == true).await;
    assert_eq!(down["conn"], "reconnecting…", "{down}");
    screenshot(&b, "reconnect-offline.png").await;
    // While it is down nothing can be played: the board does not answer.
    let locked = page(&b).await;
    assert!(!click_next(&b, &locked).await || page(&b).await["offline"] == true);
    tokio::time::sleep(Duration::from_secs(12).saturating_sub(cut_at.elapsed())).await;
    bert_net.restore();
    let back = back_online(&b, "Bert back after the outage").await;
    assert_eq!(
        back["n"].as_i64().unwrap(),
        n0,
        "the move made into the dead network was applied: {back}"
    );
    let told = wait_until(&b, "the lost move reported", |p| {
        p["status"]
            .as_str()
            .unwrap()
            .contains("did not reach the server")
            || p["note"]
                .as_str()
                .unwrap()
                .contains("did not reach the server")
    })
    .await;
    still_seated(&told, seat(&pb));
    both_play_on(&a, &b, "after the network came back").await;
    // Both pages agree on the game as it stands.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (pa, pb) = (page(&a).await, page(&b).await);
        if pa["n"] == pb["n"] && pa["position"] == pb["position"] {
            break;
        }
        assert!(Instant::now() < deadline, "the pages disagree: {pa} {pb}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    for x in [a, b] {
        x.close().await.unwrap();
    }
    drop(server);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_of_an_accepted_challenge_keep_their_seats_and_a_hidden_tab_is_notified() {
    let _one = ONE_AT_A_TIME.lock().await;
    let (dir, db) = temp_db();
    let mut server = ServerProcess::start(&db);
    let driver = chromedriver();
    let a = visitor_at(&driver, &dir.path().join("rc-a"), &server.url()).await;
    let b = visitor_at(&driver, &dir.path().join("rc-b"), &server.url()).await;
    choose_name(&a, "Anna").await;
    choose_name(&b, "Bert").await;
    wait_online(&b, "Bert's name", |p| p["myName"] == "Bert").await;
    // Anna makes a challenge; Bert accepts it from the list (seated by the server directly).
    challenge_taken(&a, &b, false).await;
    both_play_on(&a, &b, "before the restart").await;
    server = server.restart();
    back_online(&a, "Anna back").await;
    back_online(&b, "Bert back").await;
    both_play_on(&a, &b, "after the restart").await;

    // Anna looks at another tab while Bert plays: when her turn comes, she is notified.
    until_turn_of(&b, &a).await;
    let game_tab = a.window().await.unwrap();
    let other = a.new_window(true).await.unwrap();
    a.switch_to_window(other.handle).await.unwrap();
    a.goto("about:blank").await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let p = page(&b).await;
        if !can_act(&p) {
            break; // Bert's turn is over: it is Anna's
        }
        assert!(Instant::now() < deadline, "Bert's turn never ended: {p}");
        click_next(&b, &p).await;
        tokio::time::sleep(Duration::from_millis(80)).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    a.switch_to_window(game_tab).await.unwrap();
    let alerts = a
        .execute(
            "return {notified: window.aceyAlerts.notified, sounds: window.aceyAlerts.sounds,              permission: Notification.permission, title: document.title};",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(alerts["permission"], "granted", "{alerts}");
    assert!(
        alerts["notified"]
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n.as_str().unwrap().contains("Bert")),
        "no notification while the tab was hidden: {alerts}"
    );
    assert!(!alerts["sounds"].as_array().unwrap().is_empty(), "{alerts}");
    assert!(
        alerts["title"].as_str().unwrap().starts_with("(your turn)"),
        "{alerts}"
    );
    for x in [a, b] {
        x.close().await.unwrap();
    }
    drop(server);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_ends_with_both_new_ratings_and_their_changes() {
    let _one = ONE_AT_A_TIME.lock().await;
    let (dir, db) = temp_db();
    let server = start_server(&db, acey_server::Limits::default());
    let driver = chromedriver();
    // Two people on two machines: two accounts seen on one address never play rated.
    let bert_net =
        common::network::Link::from_address(server.addr, "127.0.0.3".parse().unwrap()).await;
    let a = visitor_at(&driver, &dir.path().join("rr-a"), &server.url()).await;
    let b = visitor_at(&driver, &dir.path().join("rr-b"), &bert_net.url()).await;
    register_in_page(&a, "Anna").await;
    register_in_page(&b, "Bert").await;
    // Anna offers a rated game; Bert takes it from the list.
    challenge_taken(&a, &b, true).await;
    // A real game (each plays twice), then Anna resigns.
    both_play_on(&a, &b, "the first plays").await;
    both_play_on(&a, &b, "the second plays").await;
    resign(&a).await;
    for (c, you) in [(&a, "−"), (&b, "+")] {
        let p = wait_until(c, "the new ratings", |p| {
            p["status"].as_str().unwrap().contains("New ratings:")
        })
        .await;
        let status = p["status"].as_str().unwrap();
        // "New ratings: You 1338? (−162), Bert 1662? (+162)." from Anna's side.
        assert!(status.contains("You "), "{status}");
        assert!(status.contains(&format!("({you}")), "{status}");
        assert!(!status.contains("Not rated"), "{status}");
    }
    screenshot(&b, "rated-end.png").await;
    for x in [a, b] {
        x.close().await.unwrap();
    }
    server.stop();
}

/// Where the ways to play end on the home page, the viewport's height, and the layout shift
/// so far (the browser's own layout-shift entries, as Lighthouse sums them).
const FIRST_SCREEN: &str = "const done = arguments[arguments.length - 1]; \
    const b = (css) => document.querySelector(css).getBoundingClientRect().bottom; \
    let shift = 0; const from = []; \
    new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) { shift += e.value; \
      from.push([e.value, e.startTime, ...e.sources.map(s => s.node ? (s.node.id || s.node.className || s.node.nodeName) : '?')]); } }) \
      .observe({type: 'layout-shift', buffered: true}); \
    setTimeout(() => done({height: innerHeight, shift, from, bottoms: {computer: b('#play-computer'), \
      friend: b('#play-friend'), local: b('#play-local'), quick: b('#pools .pool')}}), 200);";

/// The page's looks as the settings left them.
const LOOKS: &str = "const r = document.documentElement; \
    return {theme: r.dataset.theme, board: r.dataset.board, \
            background: getComputedStyle(document.body).backgroundColor, \
            felt: getComputedStyle(document.querySelector('#board .felt') || document.body).fill};";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_settings_give_a_dark_page_and_forced_plays_made_by_themselves() {
    let _one = ONE_AT_A_TIME.lock().await;
    let s = setup();
    let a = s.visitor("settings").await;
    // A double press of Confirm sends one confirmation: the second press does nothing (no
    // "not your turn" in red).
    choose(&a, "#level", "beginner").await;
    click(&a, "#play-computer").await;
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let p = page(&a).await;
        if p["confirm"] == true {
            a.execute(
                "const c = document.getElementById('confirm'); c.click(); c.click();",
                vec![],
            )
            .await
            .unwrap();
            for _ in 0..15 {
                let q = page(&a).await;
                assert_eq!(q["error"], false, "the second press was refused: {q}");
                tokio::time::sleep(Duration::from_millis(60)).await;
            }
            break;
        }
        assert!(Instant::now() < deadline, "no play to confirm: {p}");
        click_next(&a, &p).await;
        tokio::time::sleep(Duration::from_millis(80)).await;
    }

    // The settings, as a person opens them: a dark page, the ocean board, forced plays made
    // and plays confirmed by themselves.
    click(&a, "#settings-open").await;
    choose(&a, "#set-theme", "dark").await;
    choose(&a, "#set-board", "ocean").await;
    click(&a, "#set-forced").await;
    click(&a, "#set-confirm").await;
    click(&a, "#settings-close").await;
    let looks = read(&a, LOOKS).await;
    assert_eq!(looks["theme"], "dark", "{looks}");
    assert_eq!(looks["board"], "ocean", "{looks}");
    assert_eq!(looks["background"], "rgb(22, 24, 27)", "{looks}");
    assert_eq!(looks["felt"], "rgb(59, 115, 145)", "{looks}");
    screenshot(&a, "settings-dark-ocean.png").await;
    // They hold over a reload, from the first paint.
    a.refresh().await.unwrap();
    wait_until(&a, "the game again", |p| p["n"].as_i64().unwrap() > 0).await;
    let again = read(&a, LOOKS).await;
    assert_eq!(
        (again["theme"].clone(), again["board"].clone()),
        (json!("dark"), json!("ocean"))
    );

    // The game to its end: some of it is played by the page itself.
    let end = play_until(&a, Input::Mouse, "the game with the settings", over).await;
    assert!(
        end["auto"].as_u64().unwrap() > 0,
        "nothing was made by itself: {end}"
    );
    assert!(end["errors"].as_array().unwrap().is_empty(), "{end}");
    screenshot(&a, "settings-dark-end.png").await;
    a.close().await.unwrap();
    s.server.stop();
}

/// A game against the computer on this device (issue: play offline): the engine in the page's
/// worker plays it, a reload in the middle of a turn takes it up exactly where it stood (kept
/// in IndexedDB), and with the server killed it plays on to its end, a hint and a rematch
/// included.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_on_this_device_survives_a_reload_and_plays_on_with_the_server_gone() {
    let _one = ONE_AT_A_TIME.lock().await;
    let (dir, db) = temp_db();
    let mut server = ServerProcess::start(&db);
    let driver = chromedriver();
    let a = visitor_at(&driver, &dir.path().join("device"), &server.url()).await;
    click(&a, "#on-device").await;
    choose(&a, "#level", "beginner").await;
    click(&a, "#play-computer").await;
    let on_device = |p: &Value| p["path"].as_str().unwrap_or("").starts_with("/d/");
    wait_until(&a, "a game on this device", |p| {
        on_device(p) && p["n"].as_i64().unwrap() > 0
    })
    .await;
    // Plays of both sides, then a step of ours left unconfirmed, and a reload.
    play_until(&a, Input::Mouse, "plays on this device", |p| {
        played_since(p, 0, 0) && played_since(p, 1, 0)
    })
    .await;
    let mid = play_until(&a, Input::Mouse, "a step taken", |p| has_button(p, "undo")).await;
    a.refresh().await.unwrap();
    let back = wait_until(&a, "the game taken up after a reload", |p| {
        p["n"] == mid["n"]
    })
    .await;
    assert_eq!(back["position"], mid["position"], "{back}");
    assert_eq!(back["path"], mid["path"], "{back}");
    assert!(has_button(&back, "undo"), "the step is still taken: {back}");

    // No server from here on.
    server.kill();
    click(&a, "#undo").await;
    wait_until(&a, "the step taken back", |p| !has_button(p, "undo")).await;
    click(&a, "#hint").await;
    wait_on(
        &a,
        "return document.querySelectorAll('#hints button.hint').length;",
        "a hint from the engine on this device",
        |v| v.as_u64().unwrap_or(0) > 0,
    )
    .await;
    let end = play_until(
        &a,
        Input::Mouse,
        "the game's end with the server gone",
        over,
    )
    .await;
    assert!(end["status"].as_str().unwrap().contains("won"), "{end}");
    assert!(
        !end["offline"].as_bool().unwrap(),
        "no connection is missed: {end}"
    );
    click(&a, "#rematch").await;
    let re = wait_until(&a, "the rematch on this device", |p| {
        on_device(p) && p["game"] != end["game"] && p["n"].as_i64().unwrap() > 0
    })
    .await;
    assert_eq!(seat(&re), 0, "{re}");
    play_until(&a, Input::Mouse, "a play in the rematch", |p| {
        played_since(p, 0, 0) && played_since(p, 1, 0)
    })
    .await;
    // Taken back on the device as on the server, and kept so over a reload.
    let back = take_back(&a).await;
    a.refresh().await.unwrap();
    let again = wait_until(&a, "the game after the takeback, reloaded", |p| {
        p["n"] == back["n"]
    })
    .await;
    assert_eq!(again["position"], back["position"], "{again}");
    screenshot(&a, "device-rematch.png").await;
    a.close().await.unwrap();
}

/// Chromium's network emulation (DevTools, through chromedriver's
/// `/session/{id}/chromium/network_conditions`): `offline` takes the page's network away, as
/// airplane mode does.
#[derive(Debug)]
struct NetworkConditions {
    offline: bool,
}

impl fantoccini::wd::WebDriverCompatibleCommand for NetworkConditions {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/chromium/network_conditions",
            session.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        let conditions = json!({"network_conditions": {
            "offline": self.offline, "latency": 0,
            "download_throughput": 1_000_000_000, "upload_throughput": 1_000_000_000,
        }});
        (http::Method::POST, Some(conditions.to_string()))
    }
}

/// The installed app with no server (issue: play offline): after one visit the service worker
/// keeps this version's files; with the server killed and the network off (DevTools emulation)
/// the app opens at its start URL, plays a
/// whole game against the computer on this device and a rematch, a same-screen game, and the
/// first game's replay with its analysis, all from the engine in the page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_one_visit_the_app_opens_and_plays_with_no_server_and_no_network() {
    let _one = ONE_AT_A_TIME.lock().await;
    let (dir, db) = temp_db();
    let mut server = ServerProcess::start(&db);
    let driver = chromedriver();
    let a = visitor_at(&driver, &dir.path().join("offline"), &server.url()).await;
    wait_on(
        &a,
        "return !!navigator.serviceWorker.controller;",
        "the service worker in charge of the page",
        |v| v == true,
    )
    .await;
    let kept = a
        .execute_async(
            "const done = arguments[arguments.length - 1]; \
             caches.keys().then(async (keys) => done([keys, \
               keys.length ? (await (await caches.open(keys[0])).keys()).map(r => new URL(r.url).pathname) : []]));",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(kept[0].as_array().unwrap().len(), 1, "{kept}");
    assert!(kept[0][0].as_str().unwrap().starts_with("acey-"), "{kept}");
    for path in [
        "/",
        "/app.js",
        "/engine/acey.wasm",
        "/engine-worker.js",
        "/api/options",
    ] {
        assert!(
            kept[1].as_array().unwrap().iter().any(|p| p == path),
            "{path} is kept: {kept}"
        );
    }

    server.kill();
    a.issue_cmd(NetworkConditions { offline: true })
        .await
        .expect("chromedriver emulates a network that is off");
    assert_eq!(
        read(&a, "return navigator.onLine;").await,
        false,
        "the page knows the network is off"
    );
    let home = server.url() + "/";
    a.goto(&home).await.unwrap();
    let opened = wait_on(
        &a,
        "const b = document.getElementById('play-computer'); \
         return b && b.offsetParent !== null && document.getElementById('level').options.length > 2 \
           ? performance.now() : null;",
        "the home page, from the cache, with every level",
        |v| v.is_number(),
    )
    .await;
    // A friend needs the server: the home page says so, and stays.
    click(&a, "#play-friend").await;
    let said = wait_on(
        &a,
        "const n = document.getElementById('home-note'); return n.hidden ? null : n.textContent;",
        "the home page saying a friend needs the connection",
        |v| v.is_string(),
    )
    .await;
    assert!(
        said.as_str().unwrap().contains("needs the connection"),
        "{said}"
    );
    choose(&a, "#level", "beginner").await;
    let clicked = Instant::now();
    click(&a, "#play-computer").await;
    let on_device = |p: &Value| p["path"].as_str().unwrap_or("").starts_with("/d/");
    wait_until(&a, "a game on this device with no server", |p| {
        on_device(p) && p["n"].as_i64().unwrap() > 0
    })
    .await;
    // The figures of docs/benchmarks.md ("The browser's engine"), measured, not asserted.
    println!(
        "offline: home page shown {opened} ms after the navigation began; \
         first board {} ms after the click (engine loaded in its worker)",
        clicked.elapsed().as_millis()
    );
    let end = play_until(&a, Input::Mouse, "a whole game with no server", over).await;
    assert!(end["status"].as_str().unwrap().contains("won"), "{end}");
    let first = end["game"].as_str().unwrap().to_string();
    click(&a, "#rematch").await;
    wait_until(&a, "the rematch with no server", |p| {
        on_device(p) && p["game"].as_str() != Some(first.as_str()) && p["n"].as_i64().unwrap() > 0
    })
    .await;
    play_until(&a, Input::Mouse, "a play in the rematch", |p| {
        played_since(p, 0, 0)
    })
    .await;

    // One screen, two players.
    a.goto(&home).await.unwrap();
    wait_on(
        &a,
        "const b = document.getElementById('play-local'); return !!b && b.offsetParent !== null;",
        "the home page again",
        |v| v == true,
    )
    .await;
    click(&a, "#play-local").await;
    let local = play_until(&a, Input::Mouse, "both sides of a same-screen game", |p| {
        on_device(p) && played_since(p, 0, 0) && played_since(p, 1, 0)
    })
    .await;
    assert_eq!(local["role"], "\"both\"", "{local}");

    // The home page lists the games kept here, newest first: the two being played go on, the
    // finished one opens its replay.
    a.goto(&home).await.unwrap();
    let listed = links(&a, "#device-games-list a", 3, "the games on this device").await;
    assert_eq!(listed[0], local["path"], "{listed}");
    assert!(listed[1].as_str().unwrap().starts_with("/d/"), "{listed}");
    assert_eq!(listed[2], format!("/replay/{first}"), "{listed}");
    screenshot(&a, "device-games.png").await;

    // The first game's replay and its analysis, by the engine here.
    a.goto(&format!("{}/replay/{first}#analyse", server.url()))
        .await
        .unwrap();
    let done = wait_on(&a, ANALYSIS, "the analysis on this device", |p| {
        p["results"] == true
    })
    .await;
    assert!(
        done["rows"].as_array().unwrap().len() >= 2,
        "a summary row per player: {done}"
    );
    let r = replay(&a).await;
    assert!(r["frames"].as_u64().unwrap() > 10, "{r}");
    screenshot(&a, "offline-analysis.png").await;
    a.close().await.unwrap();
}

/// `acey export-web`'s site on a plain static server (Python's `http.server`), with no acey
/// server anywhere: the app plays against the computer on this device. Then a new version is
/// published (its service worker changed): it installs beside the running one, the page says a
/// new version is ready, and a press of Reload hands over to it, the game taken up as it stood.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_exported_site_plays_from_a_static_server_and_offers_its_next_version() {
    let _one = ONE_AT_A_TIME.lock().await;
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    for (path, body) in acey_server::http::offline::static_site() {
        let file = site.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, body).unwrap();
    }
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
        .port();
    let mut host = Command::new("python3")
        .args([
            "-m",
            "http.server",
            &port.to_string(),
            "--bind",
            "127.0.0.1",
            "--directory",
        ])
        .arg(&site)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("python3 serves the folder");
    let url = format!("http://127.0.0.1:{port}/");
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "the static server did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    let driver = chromedriver();
    let a = visitor_at(&driver, &dir.path().join("static"), &url).await;
    wait_on(
        &a,
        "return !!navigator.serviceWorker.controller;",
        "the service worker in charge of the page",
        |v| v == true,
    )
    .await;
    choose(&a, "#level", "beginner").await;
    click(&a, "#play-computer").await;
    play_until(&a, Input::Mouse, "plays from the static site", |p| {
        p["path"].as_str().unwrap_or("").starts_with("/d/")
            && played_since(p, 0, 0)
            && played_since(p, 1, 0)
    })
    .await;
    // Our turn, the bot's play shown to its end.
    let mid = wait_until(&a, "our turn", |p| p["src"].as_u64().unwrap() > 0).await;

    // The next version: a new service worker beside the running one.
    let sw = site.join("sw.js");
    let text = std::fs::read_to_string(&sw).unwrap();
    let version = acey_server::http::offline::version();
    std::fs::write(&sw, text.replace(version, "next-version")).unwrap();
    a.execute(
        "navigator.serviceWorker.getRegistration().then((r) => r && r.update());",
        vec![],
    )
    .await
    .unwrap();
    wait_on(
        &a,
        "return !document.getElementById('update-banner').hidden;",
        "the page saying a new version is ready",
        |v| v == true,
    )
    .await;
    screenshot(&a, "update-ready.png").await;
    click(&a, "#update-reload").await;
    // The new version in charge, and the old version's cache dropped.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let keys = a
            .execute_async(
                "const done = arguments[arguments.length - 1]; caches.keys().then(done);",
                vec![],
            )
            .await
            .unwrap_or(Value::Null);
        if keys == json!(["acey-next-version"]) {
            break;
        }
        assert!(Instant::now() < deadline, "the caches are {keys}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let back = wait_until(&a, "the game taken up under the new version", |p| {
        p["n"] == mid["n"]
    })
    .await;
    assert_eq!(back["position"], mid["position"], "{back}");
    a.close().await.unwrap();
    let _ = host.kill();
    let _ = host.wait();
}

/// A static host on `port` serving `site` as GitHub Pages and the like do: a path with no file
/// is answered with the site's `404.html` (the app's page, which routes `/g/ID` itself).
fn static_host(site: &std::path::Path, port: u16) -> Child {
    const HOST: &str = r#"
import functools, http.server, os, sys

class Host(http.server.SimpleHTTPRequestHandler):
    def send_error(self, code, message=None, explain=None):
        page = os.path.join(self.directory, "404.html")
        if code != 404 or self.command != "GET" or not os.path.isfile(page):
            return super().send_error(code, message, explain)
        body = open(page, "rb").read()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass

handler = functools.partial(Host, directory=sys.argv[2])
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), handler).serve_forever()
"#;
    let child = Command::new("python3")
        .args(["-c", HOST, &port.to_string()])
        .arg(site)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("python3 serves the folder");
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "the static host did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    child
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_exported_site_pointed_at_a_server_plays_a_friend_game_there_as_guests() {
    let _one = ONE_AT_A_TIME.lock().await;
    let (dir, db) = temp_db();
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
        .port();
    let site_origin = format!("http://127.0.0.1:{port}");
    // The acey server elsewhere (another port: another origin), listing the site.
    let server = acey_server::start(acey_server::Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        db,
        limits: acey_server::Limits::default(),
        origins: vec![site_origin.clone()],
        proxies: Default::default(),
    })
    .expect("the server starts");
    let address = acey_server::http::offline::server_address(&server.url()).unwrap();
    let site = dir.path().join("site");
    for (path, body) in acey_server::http::offline::static_site_for(Some(&address)) {
        let file = site.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, body).unwrap();
    }
    let mut host = static_host(&site, port);
    let driver = chromedriver();
    let url = format!("{site_origin}/");
    let a = visitor_at(&driver, &dir.path().join("elsewhere-a"), &url).await;
    // The server names the guest over its WebSocket; the header sends logging in to its site.
    wait_online(&a, "a guest's name from the server", |p| {
        !p["myName"].as_str().unwrap().is_empty()
    })
    .await;
    let header = read(
        &a,
        "const l = document.querySelector('#account-name a'); \
         return { text: l ? l.textContent : '', href: l ? l.href : '', \
                  open: !document.getElementById('account-open').hidden };",
    )
    .await;
    assert_eq!(header["href"], json!(format!("{address}/")), "{header}");
    assert!(
        header["text"]
            .as_str()
            .unwrap()
            .contains(&address["http://".len()..]),
        "{header}"
    );
    assert_eq!(header["open"], false, "no account box here: {header}");

    // A friend game: made on the server, its invite link on the site.
    click(&a, "#play-friend").await;
    let p = wait_until(&a, "the invite link", |p| {
        p["inviteShown"] == true && p["invite"].as_str().unwrap().contains("/g/")
    })
    .await;
    let game = p["game"].as_str().unwrap().to_string();
    let link = p["invite"].as_str().unwrap().to_string();
    assert_eq!(link, format!("{site_origin}/g/{game}"), "{p}");
    let (status, record) = http_get(server.addr, &format!("/api/games/{game}/record")).await;
    assert_eq!(status, 200, "the game is the server's: {record}");

    // The friend opens the link on the site (its 404.html routes it) and takes the other seat.
    let b = visitor_at(&driver, &dir.path().join("elsewhere-b"), &url).await;
    b.goto(&link).await.unwrap();
    let pb = wait_until(&b, "the friend's board", |p| p["n"].as_i64().unwrap() > 0).await;
    let pa = wait_until(&a, "the same board for both", |p| {
        p["n"] == pb["n"] && p["position"] == pb["position"] && p["inviteShown"] == false
    })
    .await;
    assert_eq!((seat(&pa), seat(&pb)), (0, 1), "{pa} {pb}");
    assert!(pa["errors"].as_array().unwrap().is_empty(), "{pa}");

    // The API from the page: a read, and a JSON POST after its preflight (the game is still
    // being played: 409, an answer the page may read).
    let asked = a
        .execute_async(
            "const done = arguments[arguments.length - 1]; \
             const server = arguments[0], game = arguments[1]; \
             (async () => { \
               const board = await fetch(`${server}/api/leaderboard?family=acey-deucey`); \
               const analysis = await fetch(`${server}/api/games/${game}/analysis`, \
                 { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }); \
               return { board: board.status, analysis: analysis.status }; \
             })().then(done, (e) => done({ error: String(e) }));",
            vec![json!(address), json!(game)],
        )
        .await
        .unwrap();
    assert_eq!(asked, json!({ "board": 200, "analysis": 409 }), "{asked}");
    screenshot(&a, "exported-online.png").await;

    // A page of an origin the server does not list reads nothing of it.
    let r = http(
        server.addr,
        "GET",
        "/api/leaderboard?family=acey-deucey",
        None,
        &[("Origin", "http://127.0.0.1:1")],
    )
    .await;
    assert_eq!(r.header("access-control-allow-origin"), None);
    let r = http(
        server.addr,
        "GET",
        "/api/leaderboard?family=acey-deucey",
        None,
        &[("Origin", site_origin.as_str())],
    )
    .await;
    assert_eq!(
        r.header("access-control-allow-origin"),
        Some(site_origin.as_str())
    );
    for x in [a, b] {
        x.close().await.unwrap();
    }
    let _ = host.kill();
    let _ = host.wait();
    server.stop();
}
