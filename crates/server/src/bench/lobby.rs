//! The lobby benchmark (`acey bench-server --lobby`): many players watching the lobby, many open
//! challenges and many games with clocks running, all real WebSocket clients of a real server on
//! loopback; it measures how fast a new challenge reaches every watcher, how far the clocks drift
//! from wall time, and how fast quick pairing meets two players.

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::sync::mpsc;

use crate::bench::loadtest::{one_address_limits, percentiles_ms, rss_kb, Client, ClientError};
use crate::{Config, Limits};

/// What to set up.
#[derive(Debug, Clone)]
pub struct LobbyBenchConfig {
    /// Connections watching the lobby.
    pub watchers: usize,
    /// Open challenges in the lobby (made by watchers) while measuring.
    pub challenges: usize,
    /// Games between two clients with clocks running (nobody moves, time runs).
    pub games: usize,
    /// New challenges whose delivery to every watcher is timed.
    pub probes: usize,
    /// Quick pairings timed.
    pub pairings: usize,
    /// Games whose flag fall is timed against the wall clock.
    pub flags: usize,
}

/// What was measured.
#[derive(Debug, Clone)]
pub struct LobbyBenchResult {
    /// Deliveries of the probe challenges timed (watchers × probes, less any lost).
    pub deliveries: usize,
    /// Challenge sent to its arrival at a watcher: p50, p90, p99, max (ms).
    pub delivery_ms: [f64; 4],
    /// Second seek sent to both players in the game: p50, p90, p99, max (ms).
    pub pairing_ms: [f64; 4],
    /// A flag's fall after the deadline the clock announced: mean and max of |drift| (ms).
    pub drift_ms: [f64; 2],
    /// Length of the clocks whose fall was timed (ms).
    pub clock_ms: u64,
    /// Resident memory of the process (server and every client), in KB.
    pub rss_kb: u64,
    /// Seconds spent setting up.
    pub setup_s: f64,
}

fn err(e: ClientError) -> String {
    e.to_string()
}

async fn guest(addr: std::net::SocketAddr, name: &str) -> Result<Client, String> {
    let mut c = Client::connect(addr).await.map_err(err)?;
    c.timeout = Duration::from_secs(60);
    c.send(&json!({"type": "hello", "v": 2, "name": name}))
        .await
        .map_err(err)?;
    c.recv_type("welcome", |_| {}).await.map_err(err)?;
    Ok(c)
}

/// A challenge from `a` with `clock`, taken by `b`; returns both clients (seated) and `a`'s
/// joined message.
async fn game(
    addr: std::net::SocketAddr,
    i: usize,
    clock: &str,
) -> Result<(Client, Client, Value), String> {
    let mut a = guest(addr, &format!("a{i}")).await?;
    let mut b = guest(addr, &format!("b{i}")).await?;
    a.send(&json!({"type": "challenge", "clock": clock}))
        .await
        .map_err(err)?;
    let made = a.recv_type("challenge_added", |_| {}).await.map_err(err)?;
    let id = made["challenge"]["id"].clone();
    b.send(&json!({"type": "accept", "challenge": id}))
        .await
        .map_err(err)?;
    b.recv_type("joined", |_| {}).await.map_err(err)?;
    let paired = a.recv_type("paired", |_| {}).await.map_err(err)?;
    a.send(&json!({"type": "join", "game": paired["game"], "token": paired["token"]}))
        .await
        .map_err(err)?;
    let joined = a.recv_type("joined", |_| {}).await.map_err(err)?;
    Ok((a, b, joined))
}

/// Runs the benchmark in this process, with a fresh database under `dir`.
pub fn run_lobby_benchmark(
    config: &LobbyBenchConfig,
    dir: &Path,
) -> Result<LobbyBenchResult, String> {
    let limits = Limits {
        rate_per_sec: 1e6,
        burst: 1e6,
        ..one_address_limits()
    };
    let server = crate::start(Config {
        addr: "127.0.0.1:0".parse().map_err(|e| format!("{e}"))?,
        db: dir.join("lobby-bench.db").into(),
        limits,
        origins: Vec::new(),
        proxies: Default::default(),
    })
    .map_err(|e| e.to_string())?;
    let addr = server.addr;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let result = rt.block_on(measure(addr, config));
    server.stop();
    result
}

async fn measure(
    addr: std::net::SocketAddr,
    config: &LobbyBenchConfig,
) -> Result<LobbyBenchResult, String> {
    let began = Instant::now();
    let bar = indicatif::ProgressBar::new(config.games as u64 + config.watchers as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{msg} {bar:40} {pos}/{len}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    // The games with clocks running: ten minutes each, longer than the benchmark.
    bar.set_message("games with clocks");
    let mut seated = Vec::with_capacity(config.games * 2);
    for i in 0..config.games {
        let (a, b, _) = game(addr, i, "10+0").await?;
        seated.push(a);
        seated.push(b);
        bar.inc(1);
    }
    // The watchers: each reads the lobby's news in its own task and reports when a probe
    // challenge arrives.
    bar.set_message("lobby watchers");
    let (tx, mut arrivals) = mpsc::unbounded_channel::<(String, Instant)>();
    let mut makers = Vec::new();
    for i in 0..config.watchers {
        let mut c = guest(addr, &format!("w{i}")).await?;
        c.send(&json!({"type": "lobby"})).await.map_err(err)?;
        c.recv_type("lobby", |_| {}).await.map_err(err)?;
        if i < config.challenges {
            c.send(&json!({"type": "challenge", "rules": "bgammon", "clock": "3+12"}))
                .await
                .map_err(err)?;
            makers.push(i);
        }
        let tx = tx.clone();
        tokio::spawn(async move {
            loop {
                match c.recv().await {
                    Ok(m) => {
                        if m["type"] == "challenge_added" && m["challenge"]["name"] == "probe" {
                            let id = m["challenge"]["id"].as_str().unwrap_or("").to_string();
                            let _ = tx.send((id, Instant::now()));
                        }
                    }
                    Err(ClientError::Timeout) => continue,
                    Err(_) => return,
                }
            }
        });
        bar.inc(1);
    }
    bar.finish_and_clear();
    let setup_s = began.elapsed().as_secs_f64();

    // Probes: a new challenge, timed to every watcher, then cancelled.
    let mut probe = guest(addr, "probe").await?;
    let mut delivery = Vec::new();
    for _ in 0..config.probes {
        let sent = Instant::now();
        probe
            .send(&json!({"type": "challenge", "clock": "3+12"}))
            .await
            .map_err(err)?;
        let made = probe
            .recv_type("challenge_added", |_| {})
            .await
            .map_err(err)?;
        let id = made["challenge"]["id"].as_str().unwrap_or("").to_string();
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut got = 0;
        while got < config.watchers && Instant::now() < deadline {
            match tokio::time::timeout(Duration::from_secs(10), arrivals.recv()).await {
                Ok(Some((seen, at))) if seen == id => {
                    got += 1;
                    delivery.push(at.duration_since(sent).as_micros() as u32);
                }
                Ok(Some(_)) => {}
                _ => break,
            }
        }
        probe
            .send(&json!({"type": "cancel", "challenge": id}))
            .await
            .map_err(err)?;
        probe
            .recv_type("challenge_removed", |_| {})
            .await
            .map_err(err)?;
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // Quick pairing: two players press the same button.
    let mut pairing = Vec::new();
    for i in 0..config.pairings {
        let mut x = guest(addr, &format!("x{i}")).await?;
        let mut y = guest(addr, &format!("y{i}")).await?;
        x.send(&json!({"type": "seek", "pool": "american"}))
            .await
            .map_err(err)?;
        x.recv_type("seeking", |_| {}).await.map_err(err)?;
        let sent = Instant::now();
        y.send(&json!({"type": "seek", "pool": "american"}))
            .await
            .map_err(err)?;
        let (jy, px) = tokio::join!(y.recv_type("joined", |_| {}), x.recv_type("paired", |_| {}));
        jy.map_err(err)?;
        px.map_err(err)?;
        pairing.push(sent.elapsed().as_micros() as u32);
        x.close().await;
        y.close().await;
    }

    // Flags: games whose clock runs out with nobody moving, timed against the deadline the
    // clock announced when the game began.
    let clock_ms = 6_000;
    let mut flags = Vec::new();
    for i in 0..config.flags {
        let (a, b, joined) = game(addr, config.games + i, "0.1+0").await?;
        let seen = Instant::now();
        let left = joined["clock"]["left_ms"]
            .as_array()
            .and_then(|l| l.iter().filter_map(Value::as_u64).min())
            .unwrap_or(clock_ms);
        flags.push((a, b, seen + Duration::from_millis(left)));
    }
    let mut drift = Vec::new();
    for (mut a, b, due) in flags {
        loop {
            let m = a.recv().await.map_err(err)?;
            if m["type"] == "update" && m["action"]["action"] == "forfeit" {
                let now = Instant::now();
                let d = if now >= due {
                    now.duration_since(due)
                } else {
                    due.duration_since(now)
                };
                drift.push(d.as_secs_f64() * 1000.0);
                break;
            }
        }
        drop(b);
    }
    let rss = rss_kb();
    drop(seated);
    let mean = if drift.is_empty() {
        0.0
    } else {
        drift.iter().sum::<f64>() / drift.len() as f64
    };
    let max = drift.iter().copied().fold(0.0, f64::max);
    Ok(LobbyBenchResult {
        deliveries: delivery.len(),
        delivery_ms: percentiles_ms(delivery),
        pairing_ms: percentiles_ms(pairing),
        drift_ms: [mean, max],
        clock_ms,
        rss_kb: rss,
        setup_s,
    })
}
