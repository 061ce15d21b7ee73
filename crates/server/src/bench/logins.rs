//! The login flood (`acey bench-server --login-flood`): the server's resident memory before,
//! at its highest during, and after many wrong logins sent at once from several loopback
//! addresses, with how they were answered. Each attempt names another unknown player, so that
//! every one of them costs a password hash (an unknown name is checked against a dummy hash, to
//! take as long as a wrong password) and only the hashing line limits them.

use std::collections::BTreeMap;
use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::loadtest::rss_kb;
use crate::{Config, Database, Limits};

/// What the login flood does.
#[derive(Debug, Clone)]
pub struct LoginFloodConfig {
    /// Wrong logins sent at once.
    pub attempts: usize,
    /// Loopback addresses they come from (127.0.0.2 on), as many from each.
    pub addresses: usize,
    /// Password hashes at once on the server (0: its default, the cores).
    pub hashes_at_once: usize,
    /// Attempts waiting for a hash beyond those (`None`: the server's default).
    pub hash_queue: Option<usize>,
}

/// What the login flood measured.
#[derive(Debug, Clone)]
pub struct LoginFloodReport {
    /// Resident memory before the flood, KB (server and clients are one process).
    pub rss_before_kb: u64,
    /// The most resident memory seen during the flood, KB.
    pub rss_peak_kb: u64,
    /// Resident memory once every answer came and [`SETTLE`] passed, KB.
    pub rss_after_kb: u64,
    /// HTTP status -> how many attempts got it (0: no answer).
    pub answers: BTreeMap<u16, usize>,
    /// Seconds from the first attempt to the last answer.
    pub seconds: f64,
    /// The hashes at once the server ran with.
    pub hashes_at_once: usize,
}

/// How long after the flood the memory is read again.
pub const SETTLE: Duration = Duration::from_secs(5);

/// One POST of `body` to `path` from the local address `from`: the answer's status.
async fn post_from(from: IpAddr, addr: SocketAddr, path: &str, body: &str) -> std::io::Result<u16> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(from, 0))?;
    let mut s = socket.connect(addr).await?;
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).await?;
    s.write_all(body.as_bytes()).await?;
    let mut answer = Vec::new();
    s.read_to_end(&mut answer).await?;
    let status = answer
        .get(9..12)
        .and_then(|b| std::str::from_utf8(b).ok())
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    Ok(status)
}

/// Runs the login flood against a server of its own (SQLite in `dir`).
pub fn run_login_flood(
    config: &LoginFloodConfig,
    dir: &std::path::Path,
) -> Result<LoginFloodReport, String> {
    let addresses = config.addresses.clamp(1, 250);
    let per_address = config.attempts.div_ceil(addresses) as f64;
    let defaults = Limits::default();
    let limits = Limits {
        // Every attempt within its address's login rate: only the hashing line holds them.
        logins_per_minute: per_address.max(defaults.logins_per_minute),
        hashes_at_once: if config.hashes_at_once == 0 {
            defaults.hashes_at_once
        } else {
            config.hashes_at_once
        },
        hash_queue: config.hash_queue.unwrap_or(defaults.hash_queue),
        ..defaults
    };
    let server = crate::start(Config {
        addr: "127.0.0.1:0".parse().map_err(|e| format!("{e}"))?,
        db: Database::Sqlite(dir.join("logins.db")),
        limits,
        origins: Vec::new(),
        proxies: Default::default(),
    })
    .map_err(|e| e.to_string())?;
    let addr = server.addr;
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    let report = runtime.block_on(async move {
        // Let the server settle (its threads started, its first allocations made).
        tokio::time::sleep(Duration::from_secs(1)).await;
        let rss_before_kb = rss_kb();
        let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let sampler = {
            let done = std::sync::Arc::clone(&done);
            tokio::spawn(async move {
                let mut peak = 0;
                while !done.load(std::sync::atomic::Ordering::Relaxed) {
                    peak = peak.max(rss_kb());
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
                peak
            })
        };
        let t0 = Instant::now();
        let attempts: Vec<_> = (0..config.attempts)
            .map(|i| {
                let from = IpAddr::from([127, 0, 0, 2 + (i % addresses) as u8]);
                let body = format!(r#"{{"name":"nobody{i}","password":"not the password"}}"#);
                tokio::spawn(async move { post_from(from, addr, "/api/session", &body).await })
            })
            .collect();
        let mut answers = BTreeMap::new();
        for a in attempts {
            let status = match a.await {
                Ok(Ok(s)) => s,
                _ => 0,
            };
            *answers.entry(status).or_insert(0) += 1;
        }
        let seconds = t0.elapsed().as_secs_f64();
        done.store(true, std::sync::atomic::Ordering::Relaxed);
        let rss_peak_kb = sampler.await.unwrap_or(0);
        tokio::time::sleep(SETTLE).await;
        LoginFloodReport {
            rss_before_kb,
            rss_peak_kb,
            rss_after_kb: rss_kb(),
            answers,
            seconds,
            hashes_at_once: limits.hashes_at_once,
        }
    });
    server.stop();
    Ok(report)
}
