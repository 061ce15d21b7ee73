//! Shared helpers: a real server on an ephemeral port with a temporary SQLite database.
#![allow(dead_code)]

pub mod network;

use acey_server::Database;

use acey_server::bench::loadtest::{needs, random_intent, Client};
use acey_server::{Config, Limits, Running};
use serde_json::{json, Value};

/// Limits loose enough for clients that play as fast as the server answers, all from one
/// address.
pub fn fast_limits() -> Limits {
    Limits {
        rate_per_sec: 100_000.0,
        burst: 100_000.0,
        logins_per_minute: 1_000.0,
        ..acey_server::bench::loadtest::one_address_limits()
    }
}

pub fn start_server(db: &Database, limits: Limits) -> Running {
    start_server_on("127.0.0.1:0".parse().unwrap(), db, limits)
}

/// A server on the address `addr` (a restart on the address of one that stopped).
pub fn start_server_on(addr: std::net::SocketAddr, db: &Database, limits: Limits) -> Running {
    acey_server::start(Config {
        addr,
        db: db.clone(),
        limits,
        origins: Vec::new(),
        proxies: Default::default(),
    })
    .expect("server starts")
}

/// A fresh, empty database for one test: an SQLite file in a temporary directory, or, when
/// `ACEY_TEST_POSTGRES` names a PostgreSQL server (`postgres://user@host:port/postgres`, as
/// `scripts/test.sh` sets it), a new database of a random name on that server.
pub fn temp_db() -> (tempfile::TempDir, Database) {
    let dir = tempfile::tempdir().unwrap();
    match std::env::var("ACEY_TEST_POSTGRES") {
        Ok(server) if !server.is_empty() => (dir, Database::Postgres(fresh_pg_database(&server))),
        _ => {
            let db = dir.path().join("acey.db");
            (dir, Database::Sqlite(db))
        }
    }
}

/// Creates a database of a random name on the server `url` names; returns its URL.
fn fresh_pg_database(url: &str) -> String {
    let url = url.to_string();
    // On a thread of its own: the caller may be inside a runtime already.
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(acey_server::store::fresh_database(&url))
            .unwrap_or_else(|e| panic!("ACEY_TEST_POSTGRES={url}: {e}"))
    })
    .join()
    .unwrap()
}

pub async fn create(c: &mut Client, msg: Value) -> Value {
    c.send(&msg).await.unwrap();
    let j = c
        .recv_type("joined", |m| panic!("before joined: {m}"))
        .await
        .unwrap();
    j
}

pub async fn join(c: &mut Client, game: &str, token: Option<&str>) -> Value {
    c.send(&json!({"type": "join", "v": 1, "game": game, "token": token}))
        .await
        .unwrap();
    c.recv_type("joined", |_| {}).await.unwrap()
}

/// `c` joins `game` to watch it; returns the `joined`.
pub async fn watch(c: &mut Client, game: &str) -> Value {
    c.send(&json!({"type": "join", "v": 2, "game": game, "watch": true}))
        .await
        .unwrap();
    until(c, "joined").await
}

/// Reads updates until the view reaches `n` actions; returns the last view.
pub async fn catch_up(c: &mut Client, mut view: Value, n: u64) -> Value {
    while view["n"].as_u64().unwrap() < n {
        let m = c.recv().await.unwrap();
        match m["type"].as_str() {
            Some("update") => view = m["view"].clone(),
            Some("seats" | "presence") => {}
            _ => panic!("unexpected {m}"),
        }
    }
    view
}

/// Expects the next message to be an error with `code`, then checks the connection still
/// answers (ping -> pong with nothing in between: no update was broadcast).
pub async fn expect_error(c: &mut Client, code: &str) -> Value {
    let mut m = c.recv().await.unwrap();
    // Who comes and goes is news, not a change of the game.
    while m["type"] == "presence" {
        m = c.recv().await.unwrap();
    }
    assert_eq!(m["type"], "error", "{m}");
    assert_eq!(m["code"], code, "{m}");
    assert!(!m["message"].as_str().unwrap().is_empty());
    c.send(&json!({"type": "ping"})).await.unwrap();
    let mut p = c.recv().await.unwrap();
    while p["type"] == "presence" {
        p = c.recv().await.unwrap();
    }
    assert_eq!(
        p["type"], "pong",
        "the game changed or the connection broke: {p}"
    );
    m
}

/// A new same-screen game: its creator's connection and the `joined` message.
pub async fn local_game(addr: std::net::SocketAddr) -> (Client, Value) {
    let mut c = Client::connect(addr).await.unwrap();
    let joined = create(&mut c, json!({"type": "create", "v": 1, "mode": "local"})).await;
    (c, joined)
}

/// Plays random legal intents for `seat` (`None`: both seats) until `done(view)`; returns the
/// last view. Every intent must be accepted.
pub async fn play_until(
    c: &mut Client,
    seat: Option<u64>,
    mut view: Value,
    seed: u64,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let mut rng = acey_rules::SeededRng::new(seed);
    let mut acted_at = u64::MAX;
    loop {
        if done(&view) {
            return view;
        }
        let n = view["n"].as_u64().unwrap();
        if needs(&view, seat) && acted_at != n {
            acted_at = n;
            c.send(&random_intent(&view, &mut rng)).await.unwrap();
        }
        let m = c.recv().await.unwrap();
        if std::env::var_os("ACEY_TEST_TRACE").is_some() {
            eprintln!("seat {seat:?} got {} n={}", m["type"], m["view"]["n"]);
        }
        match m["type"].as_str() {
            Some("update") => view = m["view"].clone(),
            Some("error") => panic!("a legal intent was refused: {m} in {view}"),
            _ => {}
        }
    }
}

pub fn match_over(view: &Value) -> bool {
    !view["match_winner"].is_null()
}

/// A blocking HTTP GET on loopback: (status, body).
pub async fn http_get(addr: std::net::SocketAddr, path: &str) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(
        format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .await
    .unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).to_string();
    let status: u16 = text[9..12].parse().unwrap();
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

/// An HTTP answer.
pub struct HttpReply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl HttpReply {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The `acey_session=...` pair of the Set-Cookie header, as a browser sends it back.
    pub fn cookie(&self) -> String {
        let set = self.header("set-cookie").expect("a Set-Cookie header");
        set.split(';').next().unwrap().trim().to_string()
    }
}

/// One HTTP/1.1 request on loopback with a JSON body (when given) and extra headers.
pub async fn http(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
    headers: &[(&str, &str)],
) -> HttpReply {
    http_from(None, addr, method, path, body, headers).await
}

/// [`http`] from the local address `from` (127.0.0.2, 127.0.0.3 ... stand for other machines).
pub async fn http_from(
    from: Option<std::net::IpAddr>,
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
    headers: &[(&str, &str)],
) -> HttpReply {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = match from {
        Some(ip) => {
            let socket = tokio::net::TcpSocket::new_v4().unwrap();
            socket.bind(std::net::SocketAddr::new(ip, 0)).unwrap();
            socket.connect(addr).await.unwrap()
        }
        None => tokio::net::TcpStream::connect(addr).await.unwrap(),
    };
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    let mut typed = false;
    for (k, v) in headers {
        typed |= k.eq_ignore_ascii_case("content-type");
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    if !body.is_empty() && !typed {
        head.push_str("Content-Type: application/json\r\n");
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    s.write_all(head.as_bytes()).await.unwrap();
    s.write_all(body.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status: u16 = lines.next().unwrap()[9..12].parse().unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    HttpReply {
        status,
        headers,
        body: body.to_string(),
    }
}

/// Asks to register `name` (with a good password): the answer, whatever it is.
pub async fn try_register(addr: std::net::SocketAddr, name: &str) -> HttpReply {
    http(
        addr,
        "POST",
        "/api/accounts",
        Some(&json!({"name": name, "password": "a good password"})),
        &[],
    )
    .await
}

/// Asks to log in as `name` with `password`: the answer, whatever it is.
pub async fn try_login(addr: std::net::SocketAddr, name: &str, password: &str) -> HttpReply {
    let body = json!({"name": name, "password": password});
    http(addr, "POST", "/api/session", Some(&body), &[]).await
}

/// Registers an account and returns its session cookie.
pub async fn register(addr: std::net::SocketAddr, name: &str) -> String {
    let r = try_register(addr, name).await;
    assert_eq!(r.status, 201, "{}", r.body);
    r.cookie()
}

/// `c` presses the quick-pairing button of `pool`; returns the `answer` it waits for
/// (`seeking` while it waits, `joined` when someone was waiting).
pub async fn seek(c: &mut Client, pool: &str, answer: &str) -> Value {
    c.send(&json!({"type": "seek", "pool": pool}))
        .await
        .unwrap();
    until(c, answer).await
}

/// `a` offers `challenge` (a `challenge` message); returns its id.
pub async fn offer(a: &mut Client, challenge: Value) -> String {
    a.send(&challenge).await.unwrap();
    until(a, "challenge_added").await["challenge"]["id"]
        .as_str()
        .unwrap()
        .to_string()
}

/// `b` accepts the challenge `id`; returns the `joined` that seats them.
pub async fn accept(b: &mut Client, id: &str) -> Value {
    b.send(&json!({"type": "accept", "challenge": id}))
        .await
        .unwrap();
    until(b, "joined").await
}

/// Makes a challenge from `a`, accepted by `b`; returns both joined messages (seat 0, seat 1)
/// and `a`'s token.
pub async fn paired_game(
    a: &mut Client,
    b: &mut Client,
    challenge: Value,
) -> (Value, Value, String) {
    let id = offer(a, challenge).await;
    let jb = accept(b, &id).await;
    let paired = until(a, "paired").await;
    let token = paired["token"].as_str().unwrap().to_string();
    let ja = join(a, paired["game"].as_str().unwrap(), Some(&token)).await;
    (ja, jb, token)
}

/// Reads messages until one of type `kind`, ignoring the others.
pub async fn until(c: &mut Client, kind: &str) -> Value {
    c.recv_type(kind, |_| {}).await.unwrap()
}
