//! The isolation benchmark: ordinary games go on while one abusive address attacks the server,
//! one attack after another, and the ordinary games' latency is measured in each phase.
//!
//! The server runs with its real limits. Every ordinary player connects from an address of its
//! own (127.1.x.y on loopback, as different people do); the attacker uses one address,
//! 127.0.0.66. Attacks, each for a phase: a connection flood (TCP and WebSocket connections opened
//! as fast as the server takes them), a replay fetch loop, a hint flood, a creation flood, and 30
//! games against `strongest` played as fast as the server answers.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::bench::loadtest::{
    bench_player, bench_server, needs, percentiles_ms, random_intent, start_game, Client,
    ClientError, Pace,
};

/// What the isolation benchmark does.
#[derive(Debug, Clone)]
pub struct IsolationConfig {
    /// Ordinary games (two players each, each from its own address).
    pub games: usize,
    /// Seconds of each phase.
    pub phase_seconds: u64,
    /// An ordinary player's mean think time before an intent.
    pub think_ms: u64,
    /// Seed of the players' choices.
    pub seed: u64,
}

/// One phase's figures.
#[derive(Debug, Clone)]
pub struct PhaseReport {
    /// What the attacker did.
    pub attack: &'static str,
    /// Ordinary intents answered in the phase.
    pub actions: usize,
    /// Their intent-to-broadcast latency: p50, p90, p99, max (ms).
    pub latency_ms: [f64; 4],
    /// What the attacker sent (connections, requests or messages).
    pub attempts: u64,
    /// How many of those the server refused or cut off (a closed connection, a refusal).
    pub refused: u64,
}

/// The whole run.
#[derive(Debug, Clone)]
pub struct IsolationReport {
    /// One row per phase, the quiet one first.
    pub phases: Vec<PhaseReport>,
    /// Errors the ordinary players were answered (none are expected).
    pub errors: usize,
    /// Ordinary games finished (each followed by a rematch).
    pub finished: usize,
}

const ATTACKER: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 66));

const ATTACKS: [&str; 6] = [
    "none (baseline)",
    "connection flood",
    "replay fetch loop",
    "hint flood (strongest)",
    "creation flood",
    "30 games against strongest",
];

/// The address of ordinary player `i`.
fn player_ip(i: usize) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 1, (i / 250) as u8, (i % 250 + 1) as u8))
}

/// Counts of one attack.
#[derive(Default)]
struct Tally {
    attempts: AtomicU64,
    refused: AtomicU64,
}

impl Tally {
    fn tried(&self, refused: bool) {
        self.attempts.fetch_add(1, Ordering::Relaxed);
        if refused {
            self.refused.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// Runs every phase against a server with the default limits in this process.
pub fn run_isolation(
    config: &IsolationConfig,
    dir: &std::path::Path,
) -> Result<IsolationReport, String> {
    // The real limits: the ordinary players come from addresses of their own.
    let (server, clients) = bench_server(dir.join("isolation.db"), crate::Limits::default())?;
    let report = clients
        .block_on(isolation(server.addr, config))
        .map_err(|e| e.to_string());
    server.stop();
    report
}

async fn isolation(
    addr: SocketAddr,
    config: &IsolationConfig,
) -> Result<IsolationReport, ClientError> {
    let mut games = Vec::with_capacity(config.games);
    for chunk in 0..config.games.div_ceil(50) {
        let n = 50.min(config.games - chunk * 50);
        let mut wave = Vec::new();
        for k in 0..n {
            let i = chunk * 50 + k;
            let from = (player_ip(2 * i), player_ip(2 * i + 1));
            wave.push(tokio::spawn(start_game(addr, Some(from))));
        }
        for w in wave {
            games.push(w.await.map_err(|e| ClientError::Ws(e.to_string()))??);
        }
    }
    let phase = Duration::from_secs(config.phase_seconds);
    let measure_from = Instant::now() + Duration::from_millis(config.think_ms * 2);
    let stop_at = measure_from + phase * ATTACKS.len() as u32;
    let pace = Pace {
        think_ms: config.think_ms,
        measure_from,
        stop_at,
        resign_after: None,
    };
    let mut players = Vec::new();
    let sent_at = crate::bench::loadtest::SentAt::default();
    for (i, ((a, ta, va), (b, tb, vb), game)) in games.into_iter().enumerate() {
        let seed = config.seed.wrapping_add(2 * i as u64);
        let s = sent_at.clone();
        players.push(tokio::spawn(bench_player(
            a,
            0,
            ta,
            va,
            seed,
            pace,
            game.clone(),
            s.clone(),
        )));
        players.push(tokio::spawn(bench_player(
            b,
            1,
            tb,
            vb,
            seed + 1,
            pace,
            game,
            s,
        )));
    }
    // The attacker: one attack per phase, each stopped when its phase ends.
    let mut tallies = Vec::new();
    tokio::time::sleep_until(measure_from.into()).await;
    for (k, _) in ATTACKS.iter().enumerate() {
        let until = measure_from + phase * (k as u32 + 1);
        let tally = Arc::new(Tally::default());
        attack(k, addr, until, Arc::clone(&tally)).await;
        tokio::time::sleep_until(until.into()).await;
        tallies.push(tally);
    }
    let mut per_phase: Vec<Vec<u32>> = vec![Vec::new(); ATTACKS.len()];
    let (mut errors, mut finished) = (0, 0);
    for p in players {
        if let Ok(s) = p.await {
            for (at, us) in s.samples {
                let k = (u64::from(at) / (config.phase_seconds * 1000)) as usize;
                if let Some(v) = per_phase.get_mut(k) {
                    v.push(us);
                }
            }
            errors += s.errors;
            finished += s.finished;
        }
    }
    let phases = ATTACKS
        .iter()
        .zip(per_phase)
        .zip(tallies)
        .map(|((attack, us), t)| PhaseReport {
            attack,
            actions: us.len(),
            latency_ms: percentiles_ms(us),
            attempts: t.attempts.load(Ordering::Relaxed),
            refused: t.refused.load(Ordering::Relaxed),
        })
        .collect();
    Ok(IsolationReport {
        phases,
        errors,
        finished,
    })
}

/// Runs attack `k` until `until` (returns when it is over).
async fn attack(k: usize, addr: SocketAddr, until: Instant, tally: Arc<Tally>) {
    let over = Arc::new(AtomicBool::new(false));
    let mut tasks = Vec::new();
    let spawn_n =
        |n: usize, f: fn(SocketAddr, Arc<Tally>, Arc<AtomicBool>, usize) -> BoxedAttack| {
            (0..n)
                .map(|i| tokio::spawn(f(addr, Arc::clone(&tally), Arc::clone(&over), i)))
                .collect::<Vec<_>>()
        };
    match k {
        0 => {}
        1 => tasks.extend(spawn_n(4, |a, t, o, _| Box::pin(connection_flood(a, t, o)))),
        2 => {
            if let Some(game) = finished_game(addr).await {
                let game = Arc::new(game);
                for _ in 0..8 {
                    let (t, o, g) = (Arc::clone(&tally), Arc::clone(&over), Arc::clone(&game));
                    tasks.push(tokio::spawn(
                        async move { replay_loop(addr, t, o, g).await },
                    ));
                }
            }
        }
        3 => tasks.extend(spawn_n(6, |a, t, o, _| Box::pin(hint_flood(a, t, o)))),
        4 => tasks.extend(spawn_n(4, |a, t, o, _| Box::pin(creation_flood(a, t, o)))),
        _ => tasks.extend(spawn_n(30, |a, t, o, i| {
            Box::pin(strongest_game(a, t, o, i))
        })),
    }
    tokio::time::sleep_until(until.into()).await;
    over.store(true, Ordering::Relaxed);
    for t in tasks {
        let _ = tokio::time::timeout(Duration::from_secs(5), t).await;
    }
}

type BoxedAttack = std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>;

/// Opens connections from the attacker's address as fast as they are taken, and keeps them.
async fn connection_flood(addr: SocketAddr, tally: Arc<Tally>, over: Arc<AtomicBool>) {
    let mut held = Vec::new();
    while !over.load(Ordering::Relaxed) {
        let socket = match tokio::net::TcpSocket::new_v4() {
            Ok(s) => s,
            Err(_) => break,
        };
        if socket.bind(SocketAddr::new(ATTACKER, 0)).is_err() {
            break;
        }
        match tokio::time::timeout(Duration::from_secs(1), socket.connect(addr)).await {
            Ok(Ok(mut tcp)) => {
                // A refused connection is closed by the server at once.
                let mut b = [0u8; 1];
                let refused = matches!(
                    tokio::time::timeout(Duration::from_millis(20), tcp.read(&mut b)).await,
                    Ok(Ok(0)) | Ok(Err(_))
                );
                tally.tried(refused);
                if !refused {
                    held.push(tcp);
                }
            }
            _ => tally.tried(true),
        }
        if held.len() > 2000 {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// A game that is over, for the replay loop: a same-screen game resigned at once.
async fn finished_game(addr: SocketAddr) -> Option<String> {
    let mut c = Client::connect_from(ATTACKER, addr).await.ok()?;
    c.send(&json!({"type": "create", "mode": "local"}))
        .await
        .ok()?;
    let j = c.recv_type("joined", |_| {}).await.ok()?;
    let game = j["info"]["game"].as_str()?.to_string();
    let mut view = j["view"].clone();
    // Play until someone is to act, then resign.
    while view["to_act"].is_null() {
        let m = c.recv().await.ok()?;
        if m["type"] == "update" {
            view = m["view"].clone();
        }
    }
    c.send(&json!({"type": "resign"})).await.ok()?;
    c.recv_type("update", |_| {}).await.ok()?;
    Some(game)
}

/// Fetches a finished game's replay in a loop.
async fn replay_loop(
    addr: SocketAddr,
    tally: Arc<Tally>,
    over: Arc<AtomicBool>,
    game: Arc<String>,
) {
    while !over.load(Ordering::Relaxed) {
        let ok = fetch(addr, &format!("/api/games/{game}/replay")).await;
        tally.tried(!ok);
        if !ok {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

async fn fetch(addr: SocketAddr, path: &str) -> bool {
    let Ok(socket) = tokio::net::TcpSocket::new_v4() else {
        return false;
    };
    if socket.bind(SocketAddr::new(ATTACKER, 0)).is_err() {
        return false;
    }
    let Ok(mut s) = socket.connect(addr).await else {
        return false;
    };
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    if s.write_all(req.as_bytes()).await.is_err() {
        return false;
    }
    let mut body = Vec::new();
    s.read_to_end(&mut body).await.is_ok() && body.starts_with(b"HTTP/1.1 200")
}

/// A game against `strongest`, then hints asked for as fast as the connection may.
async fn hint_flood(addr: SocketAddr, tally: Arc<Tally>, over: Arc<AtomicBool>) {
    let Some((mut c, mut view)) = vs_strongest(addr, &tally).await else {
        return;
    };
    while !over.load(Ordering::Relaxed) && !needs(&view, Some(0)) {
        match c.recv().await {
            Ok(m) if m["type"] == "update" => view = m["view"].clone(),
            Ok(_) => {}
            Err(_) => return,
        }
    }
    while !over.load(Ordering::Relaxed) {
        if c.send(&json!({"type": "hint"})).await.is_err() {
            tally.tried(true);
            return;
        }
        match tokio::time::timeout(Duration::from_secs(5), c.recv()).await {
            Ok(Ok(m)) => tally.tried(m["type"] == "error"),
            _ => tally.tried(true),
        }
    }
}

/// A connection from the attacker's address with a new game against `strongest` on it, and its
/// view; a failure to connect or to create is tallied as a refused try.
async fn vs_strongest(addr: SocketAddr, tally: &Tally) -> Option<(Client, Value)> {
    let made = match Client::connect_from(ATTACKER, addr).await {
        Ok(mut c) => create_vs_strongest(&mut c).await.map(|view| (c, view)),
        Err(_) => None,
    };
    if made.is_none() {
        tally.tried(true);
    }
    made
}

/// Creates a game against `strongest` on `c`: its first view, or `None` when refused.
async fn create_vs_strongest(c: &mut Client) -> Option<Value> {
    c.send(&json!({"type": "create", "mode": "computer", "level": "strongest"}))
        .await
        .ok()?;
    loop {
        let m = c.recv().await.ok()?;
        match m["type"].as_str() {
            Some("joined") => return Some(m["view"].clone()),
            Some("error") => return None,
            _ => {}
        }
    }
}

/// Asks for new games as fast as possible.
async fn creation_flood(addr: SocketAddr, tally: Arc<Tally>, over: Arc<AtomicBool>) {
    let Ok(mut c) = Client::connect_from(ATTACKER, addr).await else {
        tally.tried(true);
        return;
    };
    while !over.load(Ordering::Relaxed) {
        if c.send(&json!({"type": "create", "mode": "local"}))
            .await
            .is_err()
        {
            tally.tried(true);
            return;
        }
        match tokio::time::timeout(Duration::from_secs(5), c.recv()).await {
            Ok(Ok(m)) => tally.tried(m["type"] == "error"),
            _ => tally.tried(true),
        }
    }
}

/// One of thirty games against `strongest`, played with random legal intents as fast as the
/// server answers.
async fn strongest_game(addr: SocketAddr, tally: Arc<Tally>, over: Arc<AtomicBool>, i: usize) {
    let Some((mut c, mut view)) = vs_strongest(addr, &tally).await else {
        return;
    };
    tally.tried(false);
    let mut rng = acey_rules::SeededRng::new(i as u64 + 99);
    let mut acted_at = u64::MAX;
    while !over.load(Ordering::Relaxed) {
        let n = view["n"].as_u64().unwrap_or(0);
        if needs(&view, Some(0)) && acted_at != n {
            acted_at = n;
            if c.send(&random_intent(&view, &mut rng)).await.is_err() {
                return;
            }
        }
        match tokio::time::timeout(Duration::from_millis(500), c.recv()).await {
            Ok(Ok(m)) if m["type"] == "update" => view = m["view"].clone(),
            Ok(Ok(_)) | Err(_) => {}
            Ok(Err(_)) => return,
        }
    }
}
