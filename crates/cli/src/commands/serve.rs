//! `acey serve`: the web server (play in the browser against the bot or a friend), and
//! `acey bench-server`: its load benchmark.

use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::Context;

use crate::UsageError;

/// Arguments of `acey serve`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// Address to listen on (use 0.0.0.0:PORT to accept other machines).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// SQLite database file for games (created if missing).
    #[arg(long, default_value = "acey.db")]
    pub db: PathBuf,
}

impl Args {
    /// What `acey` with no command runs.
    pub fn defaults() -> Args {
        Args {
            addr: "127.0.0.1:8080".into(),
            db: "acey.db".into(),
        }
    }
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let addr: SocketAddr = args.addr.parse().map_err(|_| {
        UsageError(format!(
            "--addr '{}' is not an address such as 127.0.0.1:8080",
            args.addr
        ))
    })?;
    acey_server::run(acey_server::Config {
        addr,
        db: args.db.clone(),
        limits: acey_server::Limits::default(),
    })
    .with_context(|| format!("cannot serve on {addr} with database {}", args.db.display()))
}

/// Arguments of `acey bench-server`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Concurrent games (two WebSocket connections each).
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// Seconds to measure once every game has started.
    #[arg(long, default_value_t = 30)]
    pub seconds: u64,
    /// Mean think time of each simulated player before an intent, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub think_ms: u64,
    /// Seed of the simulated players' choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

pub fn bench(args: BenchArgs) -> anyhow::Result<()> {
    if args.games == 0 || args.seconds == 0 {
        return Err(UsageError("--games and --seconds must be at least 1".into()).into());
    }
    let dir = std::env::temp_dir().join(format!("acey-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    outln!(
        "{} games, 2 WebSocket clients each, think time ~{} ms, measuring {} s ...",
        args.games,
        args.think_ms,
        args.seconds
    )?;
    let config = acey_server::loadtest::LoadConfig {
        games: args.games,
        seconds: args.seconds,
        think_ms: args.think_ms,
        seed: args.seed,
    };
    let result = acey_server::loadtest::run_benchmark(&config, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    let r = result.map_err(anyhow::Error::msg)?;
    let [p50, p90, p99, max] = r.latency_ms;
    outln!("concurrent games     {}", r.games)?;
    outln!(
        "actions measured     {} ({:.0} per second)",
        r.actions,
        r.actions as f64 / r.seconds
    )?;
    outln!("games finished       {}", r.finished)?;
    outln!("errors               {}", r.errors)?;
    outln!(
        "action -> broadcast  p50 {p50:.2} ms, p90 {p90:.2} ms, p99 {p99:.2} ms, max {max:.2} ms"
    )?;
    outln!(
        "resident memory      {} MB with every game running (server and clients in one process)",
        r.rss_kb / 1024
    )?;
    outln!("idle game in memory  {:.1} KB", r.idle_game_kb)?;
    Ok(())
}
