//! A WebSocket client that plays random legal intents, and the load benchmark built on it
//! (`acey bench-server`; figures in `docs/benchmarks.md`). The integration tests use the same
//! client.

use std::time::{Duration, Instant};

use acey_rules::SeededRng;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// What went wrong in a client.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The connection failed or closed.
    #[error("websocket: {0}")]
    Ws(String),
    /// Nothing arrived in time.
    #[error("timed out waiting for the server")]
    Timeout,
    /// The server sent something unexpected.
    #[error("unexpected message: {0}")]
    Unexpected(String),
}

/// A protocol client over a real WebSocket connection.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// How long [`Client::recv`] waits.
    pub timeout: Duration,
}

impl Client {
    /// Connects to `ws://addr/ws`.
    pub async fn connect(addr: std::net::SocketAddr) -> Result<Client, ClientError> {
        let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
            .read_buffer_size(4096)
            .write_buffer_size(0);
        let (ws, _) = tokio_tungstenite::connect_async_with_config(
            format!("ws://{addr}/ws"),
            Some(config),
            true,
        )
        .await
        .map_err(|e| ClientError::Ws(e.to_string()))?;
        Ok(Client {
            ws,
            timeout: Duration::from_secs(30),
        })
    }

    /// Connects to `ws://addr/ws` with a `Cookie` header (a player logged in, as a browser
    /// sends its session cookie with the upgrade).
    pub async fn connect_with_cookie(
        addr: std::net::SocketAddr,
        cookie: &str,
    ) -> Result<Client, ClientError> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let ws_err = |e: tokio_tungstenite::tungstenite::Error| ClientError::Ws(e.to_string());
        let mut request = format!("ws://{addr}/ws")
            .into_client_request()
            .map_err(ws_err)?;
        let value = cookie
            .parse()
            .map_err(|_| ClientError::Ws("a cookie that is not a header value".into()))?;
        request.headers_mut().insert("cookie", value);
        let (ws, _) = tokio_tungstenite::connect_async(request)
            .await
            .map_err(ws_err)?;
        Ok(Client {
            ws,
            timeout: Duration::from_secs(30),
        })
    }

    /// Connects to `addr` as a browser that reached the server by the name `host` would
    /// (`ws://host/ws`, so its `Host` header is `host`), with extra request headers such as
    /// `Origin`.
    pub async fn connect_as(
        addr: std::net::SocketAddr,
        host: &str,
        headers: &[(&str, &str)],
    ) -> Result<Client, ClientError> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        use tokio_tungstenite::tungstenite::http::{HeaderName, HeaderValue};
        let ws_err = |e: tokio_tungstenite::tungstenite::Error| ClientError::Ws(e.to_string());
        let mut request = format!("ws://{host}/ws")
            .into_client_request()
            .map_err(ws_err)?;
        for (k, v) in headers {
            let bad = || ClientError::Ws(format!("a header that cannot be sent: {k}: {v}"));
            let name = HeaderName::from_bytes(k.as_bytes()).map_err(|_| bad())?;
            let value = HeaderValue::from_str(v).map_err(|_| bad())?;
            request.headers_mut().insert(name, value);
        }
        let tcp = TcpStream::connect(addr)
            .await
            .map_err(|e| ClientError::Ws(e.to_string()))?;
        let (ws, _) = tokio_tungstenite::client_async(request, MaybeTlsStream::Plain(tcp))
            .await
            .map_err(ws_err)?;
        Ok(Client {
            ws,
            timeout: Duration::from_secs(30),
        })
    }

    /// Connects to `ws://addr/ws` from the local address `from` (on loopback, 127.0.0.2,
    /// 127.0.0.3 ... stand for different machines).
    pub async fn connect_from(
        from: std::net::IpAddr,
        addr: std::net::SocketAddr,
    ) -> Result<Client, ClientError> {
        let socket = tokio::net::TcpSocket::new_v4().map_err(|e| ClientError::Ws(e.to_string()))?;
        socket
            .bind(std::net::SocketAddr::new(from, 0))
            .map_err(|e| ClientError::Ws(e.to_string()))?;
        let tcp = socket
            .connect(addr)
            .await
            .map_err(|e| ClientError::Ws(e.to_string()))?;
        let _ = tcp.set_nodelay(true);
        let (ws, _) =
            tokio_tungstenite::client_async(format!("ws://{addr}/ws"), MaybeTlsStream::Plain(tcp))
                .await
                .map_err(|e| ClientError::Ws(e.to_string()))?;
        Ok(Client {
            ws,
            timeout: Duration::from_secs(30),
        })
    }

    /// Connects to `ws://addr/ws` from the local address `from` with a `Cookie` header: a
    /// player logged in, on a machine of their own.
    pub async fn connect_from_with_cookie(
        from: std::net::IpAddr,
        addr: std::net::SocketAddr,
        cookie: &str,
    ) -> Result<Client, ClientError> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let ws_err = |e: tokio_tungstenite::tungstenite::Error| ClientError::Ws(e.to_string());
        let socket = tokio::net::TcpSocket::new_v4().map_err(|e| ClientError::Ws(e.to_string()))?;
        socket
            .bind(std::net::SocketAddr::new(from, 0))
            .map_err(|e| ClientError::Ws(e.to_string()))?;
        let tcp = socket
            .connect(addr)
            .await
            .map_err(|e| ClientError::Ws(e.to_string()))?;
        let _ = tcp.set_nodelay(true);
        let mut request = format!("ws://{addr}/ws")
            .into_client_request()
            .map_err(ws_err)?;
        let value = cookie
            .parse()
            .map_err(|_| ClientError::Ws("a cookie that is not a header value".into()))?;
        request.headers_mut().insert("cookie", value);
        let (ws, _) = tokio_tungstenite::client_async(request, MaybeTlsStream::Plain(tcp))
            .await
            .map_err(ws_err)?;
        Ok(Client {
            ws,
            timeout: Duration::from_secs(30),
        })
    }

    /// Sends raw text.
    pub async fn send_text(&mut self, text: &str) -> Result<(), ClientError> {
        self.ws
            .send(Message::Text(text.into()))
            .await
            .map_err(|e| ClientError::Ws(e.to_string()))
    }

    /// Sends a binary frame (the server refuses those).
    pub async fn send_binary(&mut self, bytes: Vec<u8>) -> Result<(), ClientError> {
        self.ws
            .send(Message::Binary(bytes.into()))
            .await
            .map_err(|e| ClientError::Ws(e.to_string()))
    }

    /// Sends a JSON message.
    pub async fn send(&mut self, msg: &Value) -> Result<(), ClientError> {
        self.send_text(&msg.to_string()).await
    }

    /// The next JSON message.
    pub async fn recv(&mut self) -> Result<Value, ClientError> {
        loop {
            let next = tokio::time::timeout(self.timeout, self.ws.next())
                .await
                .map_err(|_| ClientError::Timeout)?;
            match next {
                Some(Ok(Message::Text(t))) => {
                    return serde_json::from_str(&t)
                        .map_err(|e| ClientError::Unexpected(format!("{e}: {t}")))
                }
                Some(Ok(Message::Close(_))) | None => {
                    return Err(ClientError::Ws("connection closed".into()))
                }
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err(ClientError::Ws(e.to_string())),
            }
        }
    }

    /// Reads until the server closes the connection; returns the close frame's code (`None`
    /// when the connection ended without one) and the messages that came before it.
    pub async fn recv_close(&mut self) -> Result<(Option<u16>, Vec<Value>), ClientError> {
        let mut seen = Vec::new();
        loop {
            let next = tokio::time::timeout(self.timeout, self.ws.next())
                .await
                .map_err(|_| ClientError::Timeout)?;
            match next {
                Some(Ok(Message::Close(frame))) => {
                    return Ok((frame.map(|f| u16::from(f.code)), seen))
                }
                None | Some(Err(_)) => return Ok((None, seen)),
                Some(Ok(Message::Text(t))) => {
                    if let Ok(v) = serde_json::from_str(&t) {
                        seen.push(v);
                    }
                }
                Some(Ok(_)) => continue,
            }
        }
    }

    /// Reads until a message of type `kind` (returned); other messages are passed to `seen`.
    pub async fn recv_type(
        &mut self,
        kind: &str,
        mut seen: impl FnMut(&Value),
    ) -> Result<Value, ClientError> {
        loop {
            let m = self.recv().await?;
            if m["type"] == kind {
                return Ok(m);
            }
            seen(&m);
        }
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// The default limits with those on one address lifted: the benchmark's and the tests' clients
/// all connect from 127.0.0.1, where each stands for a different person.
pub fn one_address_limits() -> crate::Limits {
    crate::Limits {
        ip_rate_per_sec: 1e9,
        ip_burst: 1e9,
        max_connections_per_ip: 1_000_000,
        creates_per_minute: 1e9,
        create_burst: 1e9,
        ..crate::Limits::default()
    }
}

/// Whether the state waits for a person in `seat` (`None`: a same-screen client holding both),
/// i.e. whether the server will not act by itself.
pub fn needs(view: &Value, seat: Option<u64>) -> bool {
    let to_act = &view["to_act"];
    let mine = match seat {
        Some(s) => to_act.as_u64() == Some(s),
        None => !to_act.is_null(),
    };
    let phase = view["phase"]["phase"].as_str().unwrap_or("");
    match phase {
        "move" | "name-double" | "cube-offered" => mine,
        "roll" => mine && view["may_double"] == true,
        // Between the games of a match someone starts the next one: seat 0 (or a same-screen
        // client), so that two players never both ask.
        "game-over" => view["match_winner"].is_null() && seat.is_none_or(|s| s == 0),
        _ => false,
    }
}

/// A random legal intent for the state (the state must [`needs`] this player).
pub fn random_intent(view: &Value, rng: &mut SeededRng) -> Value {
    let phase = view["phase"]["phase"].as_str().unwrap_or("");
    match phase {
        "move" => {
            let turn = &view["turn"];
            let steps = turn["steps"].as_array().map(Vec::len).unwrap_or(0);
            if steps > 0 && rng.below(10) == 0 {
                return json!({"type": "undo"});
            }
            if turn["complete"] == true {
                return json!({"type": "confirm"});
            }
            let legal = turn["legal"].as_array().cloned().unwrap_or_default();
            if legal.is_empty() {
                return json!({"type": "confirm"});
            }
            let s = &legal[rng.below(legal.len())];
            json!({"type": "step", "from": s["from"], "to": s["to"], "die": s["die"]})
        }
        "name-double" => {
            let options = view["nameable"].as_array().cloned().unwrap_or_default();
            let value = if options.is_empty() {
                json!(6)
            } else {
                options[rng.below(options.len())].clone()
            };
            json!({"type": "name_double", "value": value})
        }
        "game-over" => json!({"type": "next_game"}),
        "cube-offered" => {
            if rng.below(4) == 0 {
                json!({"type": "drop"})
            } else {
                json!({"type": "take"})
            }
        }
        _ => {
            if rng.below(8) == 0 {
                json!({"type": "double"})
            } else {
                json!({"type": "roll"})
            }
        }
    }
}

/// What the load benchmark does.
#[derive(Debug, Clone)]
pub struct LoadConfig {
    /// Concurrent games (two connections each).
    pub games: usize,
    /// How long to measure once every game has started.
    pub seconds: u64,
    /// A player waits between 0.5x and 1.5x this before each intent (a fast human).
    pub think_ms: u64,
    /// Seed of the players' random choices.
    pub seed: u64,
    /// Short games: seat 0 resigns once a game has this many plays, so that game ends and
    /// rematches are part of the load.
    pub resign_after: Option<u64>,
    /// Games against the computer besides the friend games: the level and how many (one
    /// client each, whose intents are measured like the others; the bot runs on the server's
    /// bot pool).
    pub bot_games: Option<(String, usize)>,
}

/// What the load benchmark measured.
#[derive(Debug, Clone, Default)]
pub struct LoadReport {
    /// Games running at once.
    pub games: usize,
    /// Intents answered during the measurement.
    pub actions: usize,
    /// Seconds measured.
    pub seconds: f64,
    /// Action-to-broadcast latency percentiles in milliseconds: p50, p90, p99, max.
    pub latency_ms: [f64; 4],
    /// From a player's intent to the opponent hearing of its action (across nodes when the two
    /// are on different ones), in milliseconds: p50, p90, p99, max.
    pub peer_latency_ms: [f64; 4],
    /// Games finished (each is followed by a rematch).
    pub finished: usize,
    /// Errors answered (none are expected).
    pub errors: usize,
    /// Resident memory (KB) of the whole process (server and clients) in the middle of the
    /// measurement, with every game being played.
    pub rss_kb: u64,
    /// Games against the computer among `games`.
    pub bot_games: usize,
    /// Memory per idle game in memory, KB (rooms only, no connections).
    pub idle_game_kb: f64,
}

/// Resident set size of this process in KB (Linux; 0 elsewhere).
pub fn rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map(|pages| pages * 4)
        .unwrap_or(0)
}

/// When a benchmark player thinks, measures and stops.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Pace {
    pub(crate) think_ms: u64,
    pub(crate) measure_from: Instant,
    pub(crate) stop_at: Instant,
    /// Seat 0 resigns once the game has this many plays.
    pub(crate) resign_after: Option<u64>,
}

pub(crate) struct PlayerStats {
    /// For each measured intent: when it was sent (ms after the measurement began) and how long
    /// its broadcast took (µs).
    pub(crate) samples: Vec<(u32, u32)>,
    /// For each measured intent of the opponent: how long from its sending until this player
    /// heard of it (µs), which crosses nodes when the two are on different ones.
    pub(crate) peer_samples: Vec<u32>,
    pub(crate) finished: usize,
    pub(crate) errors: usize,
}

/// When each player of a game sent the intent that makes action `n + 1`, keyed by the seat's
/// game and `n`: the opponent looks it up when it hears of the action.
pub(crate) type SentAt =
    std::sync::Arc<std::sync::Mutex<std::collections::HashMap<(String, u64), Instant>>>;

/// One player of a benchmark game: acts on its turns after a think delay and measures the time
/// from sending each intent to receiving its broadcast, and from the opponent's sending to
/// hearing of the opponent's actions (`game` names the game in `sent_at`).
#[allow(clippy::too_many_arguments)]
pub(crate) async fn bench_player(
    mut client: Client,
    seat: u64,
    mut token: String,
    mut view: Value,
    seed: u64,
    pace: Pace,
    mut game: String,
    sent_at: SentAt,
) -> PlayerStats {
    let Pace {
        think_ms,
        measure_from,
        stop_at,
        resign_after,
    } = pace;
    let mut rng = SeededRng::new(seed);
    let mut stats = PlayerStats {
        samples: Vec::new(),
        peer_samples: Vec::new(),
        finished: 0,
        errors: 0,
    };
    let mut pending: Option<(u64, Instant)> = None;
    loop {
        if Instant::now() >= stop_at {
            break;
        }
        if pending.is_none() && needs(&view, Some(seat)) {
            let wait = think_ms / 2 + rng.below(think_ms.max(1) as usize) as u64;
            tokio::time::sleep(Duration::from_millis(wait)).await;
            // Short games: on its own turn (so the other player has nothing in flight), seat 0
            // resigns once the game has enough plays.
            let plays = view["log_len"].as_u64().unwrap_or(0);
            let short = seat == 0 && resign_after.is_some_and(|n| plays >= n);
            let intent = if short {
                json!({"type": "resign"})
            } else {
                random_intent(&view, &mut rng)
            };
            let n = view["n"].as_u64().unwrap_or(0);
            if client.send(&intent).await.is_err() {
                break;
            }
            let now = Instant::now();
            if let Ok(mut s) = sent_at.lock() {
                s.insert((game.clone(), n), now);
            }
            pending = Some((n, now));
        }
        let msg = match tokio::time::timeout(Duration::from_millis(500), client.recv()).await {
            Ok(Ok(m)) => m,
            Ok(Err(_)) => break,
            Err(_) => continue,
        };
        match msg["type"].as_str() {
            Some("update") => {
                view = msg["view"].clone();
                let got = view["n"].as_u64().unwrap_or(0);
                if got > 0 && pending.is_none_or(|(n, _)| got != n + 1) {
                    // The opponent's action (or the server's): when was it sent?
                    let sent = sent_at
                        .lock()
                        .ok()
                        .and_then(|mut s| s.remove(&(game.clone(), got - 1)));
                    if let Some(sent) = sent.filter(|s| *s >= measure_from) {
                        let took = sent.elapsed().as_micros().min(u32::MAX as u128) as u32;
                        stats.peer_samples.push(took);
                    }
                }
                if let Some((n, sent)) = pending {
                    if view["n"].as_u64() == Some(n + 1) {
                        if sent >= measure_from {
                            let at = sent.duration_since(measure_from).as_millis() as u32;
                            let took = sent.elapsed().as_micros().min(u32::MAX as u128) as u32;
                            stats.samples.push((at, took));
                        }
                        pending = None;
                    }
                }
                if view["phase"]["phase"] == "game-over" {
                    // Counted by seat 0 only, so that each game counts once.
                    if seat == 0 {
                        stats.finished += 1;
                    }
                    if seat == 0 {
                        let _ = client.send(&json!({"type": "rematch"})).await;
                    }
                }
            }
            // Seat 0 offers the rematch of a friend game; seat 1 accepts it.
            Some("rematch_offer") if seat == 1 => {
                let _ = client.send(&json!({"type": "rematch"})).await;
            }
            Some("rematch") => {
                game = msg["game"].as_str().unwrap_or("").to_string();
                pending = None;
                if client
                    .send(&json!({"type": "join", "game": game, "token": token}))
                    .await
                    .is_err()
                {
                    break;
                }
            }
            Some("joined") => {
                view = msg["view"].clone();
                // A rematch gives the seat a new token on its first join: keep it for the next.
                if let Some(t) = msg["token"].as_str() {
                    token = t.to_string();
                }
            }
            Some("error") => {
                stats.errors += 1;
                pending = None;
            }
            _ => {}
        }
    }
    client.close().await;
    stats
}

/// A started friend game: each player's connection, token and first view.
pub(crate) type StartedGame = ((Client, String, Value), (Client, String, Value), String);

/// Starts a friend game of two players, connecting from the given local addresses (or the
/// default one).
pub(crate) async fn start_game(
    addr: std::net::SocketAddr,
    from: Option<(std::net::IpAddr, std::net::IpAddr)>,
) -> Result<StartedGame, ClientError> {
    start_game_between([addr, addr], from).await
}

/// The same with each player on a server of its own (two nodes of one site).
pub(crate) async fn start_game_between(
    addrs: [std::net::SocketAddr; 2],
    from: Option<(std::net::IpAddr, std::net::IpAddr)>,
) -> Result<StartedGame, ClientError> {
    let connect = |ip: Option<std::net::IpAddr>, addr: std::net::SocketAddr| async move {
        match ip {
            Some(ip) => Client::connect_from(ip, addr).await,
            None => Client::connect(addr).await,
        }
    };
    let mut a = connect(from.map(|f| f.0), addrs[0]).await?;
    a.send(&json!({"type": "create", "mode": "friend", "match": 1}))
        .await?;
    let ja = a.recv_type("joined", |_| {}).await?;
    let game = ja["info"]["game"].as_str().unwrap_or("").to_string();
    let mut b = connect(from.map(|f| f.1), addrs[1]).await?;
    b.send(&json!({"type": "join", "game": game})).await?;
    let jb = b.recv_type("joined", |_| {}).await?;
    let token = |j: &Value| j["token"].as_str().unwrap_or("").to_string();
    let (ta, tb) = (token(&ja), token(&jb));
    // A's view may be behind B's: B joined later. Both catch up on the first update.
    Ok((
        (a, ta, jb["view"].clone()),
        (b, tb, jb["view"].clone()),
        game,
    ))
}

/// Runs the load benchmark against a server at `addr`: `games` friend games played by random
/// clients, each rematched when it ends, measured for `seconds` after all have started.
pub async fn run_load(
    addr: std::net::SocketAddr,
    config: &LoadConfig,
) -> Result<LoadReport, ClientError> {
    run_load_on(&[addr], config).await
}

/// The same against several nodes of one site: the players of game i connect to nodes i and
/// i + 1 (so with two nodes every game spans both), and the computer games go round them.
pub async fn run_load_on(
    addrs: &[std::net::SocketAddr],
    config: &LoadConfig,
) -> Result<LoadReport, ClientError> {
    let k = addrs.len().max(1);
    let node = |i: usize| addrs[i % k];
    let addr = node(0);
    // Ramp up in waves so that connecting does not count as load.
    let mut games = Vec::with_capacity(config.games);
    for chunk in 0..config.games.div_ceil(50) {
        let n = 50.min(config.games - chunk * 50);
        let mut wave = Vec::new();
        for j in 0..n {
            let i = chunk * 50 + j;
            wave.push(tokio::spawn(start_game_between(
                [node(i), node(i + 1)],
                None,
            )));
        }
        for w in wave {
            games.push(w.await.map_err(|e| ClientError::Ws(e.to_string()))??);
        }
    }
    let mut against_bot = Vec::new();
    if let Some((level, n)) = &config.bot_games {
        for _ in 0..*n {
            let mut c = Client::connect(addr).await?;
            c.send(&json!({"type": "create", "mode": "computer", "level": level, "match": 1}))
                .await?;
            let j = c.recv_type("joined", |_| {}).await?;
            let token = j["token"].as_str().unwrap_or("").to_string();
            against_bot.push((c, token, j["view"].clone()));
        }
    }
    let measure_from = Instant::now() + Duration::from_millis(config.think_ms * 2);
    let stop_at = measure_from + Duration::from_secs(config.seconds);
    let pace = Pace {
        think_ms: config.think_ms,
        measure_from,
        stop_at,
        resign_after: config.resign_after,
    };
    // Memory with every game being played: read halfway through the measurement.
    let halfway = measure_from + Duration::from_secs(config.seconds) / 2;
    let rss = tokio::spawn(async move {
        tokio::time::sleep_until(halfway.into()).await;
        rss_kb()
    });
    let mut tasks = Vec::new();
    let sent_at = SentAt::default();
    for (i, ((a, ta, va), (b, tb, vb), game)) in games.into_iter().enumerate() {
        let seed = config.seed.wrapping_add(2 * i as u64);
        let s = &sent_at;
        tasks.push(tokio::spawn(bench_player(
            a,
            0,
            ta,
            va,
            seed,
            pace,
            game.clone(),
            s.clone(),
        )));
        tasks.push(tokio::spawn(bench_player(
            b,
            1,
            tb,
            vb,
            seed + 1,
            pace,
            game,
            s.clone(),
        )));
    }
    let bot_games = against_bot.len();
    for (i, (c, t, v)) in against_bot.into_iter().enumerate() {
        let seed = config.seed.wrapping_add(1_000_000 + i as u64);
        tasks.push(tokio::spawn(bench_player(
            c,
            0,
            t,
            v,
            seed,
            pace,
            format!("bot{i}"),
            sent_at.clone(),
        )));
    }
    let mut all = Vec::new();
    let mut peers = Vec::new();
    let mut report = LoadReport {
        games: config.games + bot_games,
        bot_games,
        ..LoadReport::default()
    };
    for t in tasks {
        if let Ok(s) = t.await {
            all.extend(s.samples.iter().map(|&(_, us)| us));
            peers.extend(s.peer_samples.iter().copied());
            report.finished += s.finished;
            report.errors += s.errors;
        }
    }
    report.actions = all.len();
    report.seconds = config.seconds as f64;
    report.latency_ms = percentiles_ms(all);
    report.peer_latency_ms = percentiles_ms(peers);
    report.rss_kb = rss.await.unwrap_or(0);
    Ok(report)
}

/// A server for a benchmark on a free loopback port with a fresh database, and a runtime of its
/// own for the benchmark's clients.
pub(crate) fn bench_server(
    db: std::path::PathBuf,
    limits: crate::Limits,
) -> Result<(crate::Running, tokio::runtime::Runtime), String> {
    let server = crate::start(crate::Config {
        addr: "127.0.0.1:0".parse().map_err(|e| format!("{e}"))?,
        db: db.into(),
        limits,
        origins: Vec::new(),
        proxies: Default::default(),
    })
    .map_err(|e| e.to_string())?;
    let clients = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    Ok((server, clients))
}

/// p50, p90, p99 and the maximum of latencies in µs, in ms.
pub(crate) fn percentiles_ms(mut us: Vec<u32>) -> [f64; 4] {
    us.sort_unstable();
    let pct = |p: f64| -> f64 {
        if us.is_empty() {
            return 0.0;
        }
        let i = ((us.len() as f64 - 1.0) * p).round() as usize;
        us[i] as f64 / 1000.0
    };
    [pct(0.5), pct(0.9), pct(0.99), pct(1.0)]
}

/// Memory of idle games: creates `n` games straight through a hub (no connections), each waiting
/// for a person's move after the die-off and the first roll, and returns the growth of resident memory per game in KB.
pub async fn idle_game_kb(n: usize) -> Result<f64, String> {
    let dir = std::env::temp_dir().join(format!("acey-idle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let store = crate::store::SqlStore::open(&crate::Database::Sqlite(dir.join("idle.db")))
        .await
        .map_err(|e| e.to_string())?;
    let hub = crate::hub::Hub::new(crate::services::Services::new(
        std::sync::Arc::new(store),
        crate::Limits::default(),
    ));
    let mut rooms = Vec::with_capacity(n);
    // Warm up allocator and database first so that they do not count.
    for _ in 0..50 {
        rooms.push(create_idle(&hub).await?);
    }
    rooms.clear();
    let before = rss_kb();
    for _ in 0..n {
        rooms.push(create_idle(&hub).await?);
    }
    let after = rss_kb();
    drop(rooms);
    let _ = std::fs::remove_dir_all(&dir);
    Ok((after.saturating_sub(before)) as f64 / n as f64)
}

async fn create_idle(hub: &crate::hub::Hub) -> Result<std::sync::Arc<crate::room::Room>, String> {
    let (room, _, _) = hub
        .create(crate::hub::NewGame {
            // Same screen: the game starts at once, so each room holds a game waiting for a
            // move (with its step view), not an empty table.
            mode: crate::storage::Mode::Local,
            rules: None,
            match_to: None,
            level: None,
            seat: None,
            who: None,
        })
        .await
        .map_err(|(_, m)| m)?;
    Ok(room)
}

/// Runs the whole benchmark in this process: a server on a free loopback port with a fresh
/// database in `dir`, the load of [`run_load`], then the idle-game memory of [`idle_game_kb`].
pub fn run_benchmark(config: &LoadConfig, dir: &std::path::Path) -> Result<LoadReport, String> {
    let (server, clients) = bench_server(dir.join("bench.db"), one_address_limits())?;
    // Idle games first, while the process is fresh: afterwards the allocator would reuse the
    // memory the load freed and hide the growth.
    let idle = clients.block_on(idle_game_kb(1000))?;
    let mut report = clients
        .block_on(run_load(server.addr, config))
        .map_err(|e| e.to_string())?;
    server.stop();
    report.idle_game_kb = idle;
    Ok(report)
}

/// The load benchmark against `nodes` servers sharing the database `db` (several need
/// PostgreSQL), with this process's clients; no idle-memory measurement.
pub fn run_nodes_benchmark(
    config: &LoadConfig,
    db: &crate::Database,
    nodes: usize,
) -> Result<LoadReport, String> {
    let mut servers = Vec::new();
    for _ in 0..nodes.max(1) {
        servers.push(
            crate::start(crate::Config {
                addr: "127.0.0.1:0".parse().map_err(|e| format!("{e}"))?,
                db: db.clone(),
                limits: one_address_limits(),
                origins: Vec::new(),
                proxies: Default::default(),
            })
            .map_err(|e| e.to_string())?,
        );
    }
    let addrs: Vec<_> = servers.iter().map(|s| s.addr).collect();
    let clients = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let report = clients
        .block_on(run_load_on(&addrs, config))
        .map_err(|e| e.to_string());
    for s in servers {
        s.stop();
    }
    report
}
