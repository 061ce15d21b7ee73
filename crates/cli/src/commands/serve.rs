//! `acey serve`: the web server (play in the browser against the bot or a friend), and
//! `acey bench-server`: its load benchmark.

use std::net::SocketAddr;

use anyhow::Context;

use crate::UsageError;

/// Arguments of `acey serve`. Every limit the server holds clients to has a flag; the defaults
/// suit a public server on a small machine.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Address to listen on (use 0.0.0.0:PORT to accept other machines).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// Where games, accounts and ratings are kept: an SQLite file (created if missing; also
    /// written sqlite://FILE) or a PostgreSQL URL (postgres://user:password@host/name), which
    /// several `acey serve` nodes may share. The environment variable ACEY_DB sets it too.
    #[arg(long, env = "ACEY_DB", default_value = "acey.db")]
    pub db: String,
    /// A web origin whose pages may open a WebSocket or log in, such as https://example.org
    /// (repeat for several; only those are then accepted, and only those read the API from
    /// another origin: a site of `acey export-web --server`). Without it, only pages of this
    /// server's own address (an IP address or localhost) are.
    #[arg(long = "origin")]
    pub origins: Vec<String>,
    /// A reverse proxy (an address or a network, such as 127.0.0.1 or 10.0.0.0/8) whose
    /// forwarding header names the client: every per-address limit then applies to that client
    /// (repeat for several; by default no proxy is trusted).
    #[arg(long = "trusted-proxy", value_name = "CIDR", value_parser = acey_server::proxy::TrustedProxies::parse_net)]
    pub trusted_proxies: Vec<acey_server::proxy::IpNet>,
    /// The header the trusted proxies write the client into: x-forwarded-for or forwarded
    /// (RFC 7239). Only that one is read.
    #[arg(
        long,
        value_name = "HEADER",
        default_value = "x-forwarded-for",
        requires = "trusted_proxies"
    )]
    pub proxy_header: acey_server::proxy::ForwardedHeader,
    /// Open connections in all (0: the file-descriptor limit, raised where allowed, less a
    /// reserve).
    #[arg(long, default_value_t = 0)]
    pub max_connections: usize,
    /// Open connections from one address.
    #[arg(long, default_value_t = 32)]
    pub max_connections_per_ip: usize,
    /// Messages per second one connection may send (with a burst of twice as many).
    #[arg(long, default_value_t = 20.0)]
    pub rate: f64,
    /// Messages per second one address may send over all its connections (burst twice as many).
    #[arg(long, default_value_t = 60.0)]
    pub ip_rate: f64,
    /// Games one address may create per minute (after a burst of 10).
    #[arg(long, default_value_t = 20.0)]
    pub creates_per_minute: f64,
    /// Hints one connection may ask for per minute.
    #[arg(long, default_value_t = 12.0)]
    pub hints_per_minute: f64,
    /// Actions one game (a whole match or session) may hold.
    #[arg(long, default_value_t = acey_server::limits::MAX_ACTIONS)]
    pub max_actions: usize,
    /// Bot moves and hints computed at once (0: one fewer than the cores, at least one).
    #[arg(long, default_value_t = 0)]
    pub bot_threads: usize,
    /// Seconds a new connection has to send its request.
    #[arg(long, default_value_t = 10)]
    pub handshake_timeout: u64,
    /// Seconds an HTTP connection may stay with nothing to send before it is closed.
    #[arg(long, default_value_t = 60)]
    pub idle_timeout: u64,
    /// Seconds a WebSocket client may stay silent (it is pinged every 25 s) before it is closed.
    #[arg(long, default_value_t = 60)]
    pub pong_timeout: u64,
    /// Serving TLS directly, without a proxy in front.
    #[command(flatten)]
    pub tls: TlsArgs,
    /// Hours after which a game in which no person moved is deleted.
    #[arg(long, default_value_t = 24)]
    pub abandoned_after_hours: u64,
    /// Logins and registrations one address may try per minute.
    #[arg(long, default_value_t = 10.0)]
    pub logins_per_minute: f64,
    /// Password hashes computed at once (0: as many as the cores); each takes 19 MiB.
    #[arg(long, default_value_t = 0)]
    pub hashes_at_once: usize,
    /// Logins waiting for a password hash beyond those; the rest are refused (503).
    #[arg(long, default_value_t = 32)]
    pub hash_queue: usize,
    /// Logins one account may be tried with from browsers that never logged in to it, before
    /// it refuses them for --account-lockout-minutes (a browser that has logged in before
    /// still gets in).
    #[arg(long, default_value_t = 10)]
    pub account_attempts: u32,
    /// Minutes a locked account refuses logins from browsers that never logged in to it.
    #[arg(long, default_value_t = 15)]
    pub account_lockout_minutes: u64,
    /// Chat lines one connection may send per minute (after a burst of 5).
    #[arg(long, default_value_t = 20.0)]
    pub chat_per_minute: f64,
    /// Seconds a player must be gone on their own turn (games without clocks) before the
    /// opponent may claim the game.
    #[arg(long, default_value_t = 120)]
    pub claim_after: u64,
    /// Game analyses one address may ask for per hour.
    #[arg(long, default_value_t = 30.0)]
    pub analyses_per_hour: f64,
    /// Games the server analyses at once (each takes one bot thread at a time, between the
    /// bot moves of games being played).
    #[arg(long, default_value_t = 2)]
    pub analyses_at_once: usize,
}

impl Args {
    /// What `acey` with no command runs.
    pub fn defaults() -> Args {
        use clap::Parser;
        #[derive(clap::Parser)]
        struct Only {
            #[command(flatten)]
            args: Args,
        }
        Only::parse_from(["acey"]).args
    }

    fn limits(&self) -> anyhow::Result<acey_server::Limits> {
        let d = acey_server::Limits::default();
        let positive = [
            self.rate,
            self.ip_rate,
            self.creates_per_minute,
            self.hints_per_minute,
            self.logins_per_minute,
            self.chat_per_minute,
            self.analyses_per_hour,
        ];
        if positive.iter().any(|r| !(r.is_finite() && *r > 0.0)) {
            return Err(UsageError(
                "--rate, --ip-rate, --creates-per-minute, --hints-per-minute, --logins-per-minute, --chat-per-minute and --analyses-per-hour must be above 0"
                    .into(),
            )
            .into());
        }
        if self.max_connections_per_ip == 0 || self.max_actions == 0 || self.analyses_at_once == 0 {
            return Err(UsageError(
                "--max-connections-per-ip, --max-actions and --analyses-at-once must be at least 1"
                    .into(),
            )
            .into());
        }
        let secs = std::time::Duration::from_secs;
        Ok(acey_server::Limits {
            rate_per_sec: self.rate,
            burst: self.rate * 2.0,
            ip_rate_per_sec: self.ip_rate,
            ip_burst: self.ip_rate * 2.0,
            max_connections: self.max_connections,
            max_connections_per_ip: self.max_connections_per_ip,
            creates_per_minute: self.creates_per_minute,
            hints_per_minute: self.hints_per_minute,
            max_actions: self.max_actions,
            bot_threads: if self.bot_threads == 0 {
                d.bot_threads
            } else {
                self.bot_threads
            },
            handshake_timeout: secs(self.handshake_timeout.max(1)),
            idle_timeout: secs(self.idle_timeout.max(1)),
            // A WebSocket is written to at least every ping, so it must be pinged more often than
            // the idle timeout closes silent connections.
            ping_interval: d.ping_interval.min(secs(self.idle_timeout.max(2)) / 2),
            pong_timeout: secs(self.pong_timeout.max(1)),
            abandoned_after: secs(self.abandoned_after_hours.max(1) * 3600),
            logins_per_minute: self.logins_per_minute,
            hashes_at_once: if self.hashes_at_once == 0 {
                d.hashes_at_once
            } else {
                self.hashes_at_once
            },
            hash_queue: self.hash_queue,
            account_attempts: self.account_attempts.max(1),
            account_lockout: secs(self.account_lockout_minutes.max(1) * 60),
            chat_per_minute: self.chat_per_minute,
            claim_after: secs(self.claim_after.max(1)),
            analyses_per_hour: self.analyses_per_hour,
            analyses_at_once: self.analyses_at_once,
            ..d
        })
    }
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let addr: SocketAddr = args.addr.parse().map_err(|_| {
        UsageError(format!(
            "--addr '{}' is not an address such as 127.0.0.1:8080",
            args.addr
        ))
    })?;
    let limits = args.limits()?;
    let tls = args.tls.load()?;
    // Logs to stderr; RUST_LOG picks what (default: acey's info and above).
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("acey_server=info")),
        )
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
    let db = acey_server::Database::parse(&args.db);
    let serve = move |config| acey_server::run_with(config, tls);
    serve(acey_server::Config {
        addr,
        db: db.clone(),
        limits,
        origins: args.origins.clone(),
        proxies: acey_server::proxy::TrustedProxies::new(
            args.trusted_proxies.clone(),
            args.proxy_header,
        ),
    })
    .with_context(|| format!("cannot serve on {addr} with database {db}"))
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
    /// Short games: the first player of each friend game resigns once it has this many plays,
    /// so that game ends and rematches are measured too.
    #[arg(long)]
    pub resign_after: Option<u64>,
    /// Also play games against the computer at this level (one client each).
    #[arg(long, requires = "bot_games")]
    pub bot: Option<String>,
    /// How many games against the computer (with --bot).
    #[arg(long, requires = "bot")]
    pub bot_games: Option<usize>,
    /// The isolation benchmark instead: --games ordinary games (each player from its own
    /// loopback address) while one address runs one attack per phase of --seconds (connection
    /// flood, replay fetch loop, hint flood, creation flood, 30 games against strongest).
    #[arg(long)]
    pub isolation: bool,
    /// The lobby benchmark instead: --watchers connections watching the lobby, --challenges open
    /// challenges and --games games with clocks running; times a new challenge's delivery to
    /// every watcher, quick pairing and the clocks' drift.
    #[arg(long, conflicts_with = "isolation")]
    pub lobby: bool,
    /// Connections watching the lobby (with --lobby).
    #[arg(long, default_value_t = 1000)]
    pub watchers: usize,
    /// Open challenges in the lobby (with --lobby; at most --watchers).
    #[arg(long, default_value_t = 200)]
    pub challenges: usize,
    /// The load benchmark three times in one run, side by side: one node on SQLite, one node
    /// on this PostgreSQL database, and two nodes on it (each game with a player on each node).
    /// Give a database for the benchmark alone: its games stay in it.
    #[arg(long, value_name = "POSTGRES_URL", conflicts_with_all = ["isolation", "lobby"])]
    pub side_by_side: Option<String>,
    /// The login flood instead: --attempts wrong logins at once from --addresses loopback
    /// addresses (each naming another unknown player, so each costs a password hash); the
    /// process's resident memory before, at its peak and after, and how they were answered.
    #[arg(long, conflicts_with_all = ["isolation", "lobby", "side_by_side"])]
    pub login_flood: bool,
    /// Wrong logins sent at once (with --login-flood).
    #[arg(long, default_value_t = 100)]
    pub attempts: usize,
    /// Loopback addresses the wrong logins come from (with --login-flood).
    #[arg(long, default_value_t = 10)]
    pub addresses: usize,
    /// Password hashes at once on the server (with --login-flood; 0: the server's default, the
    /// cores; as many as --attempts lifts the cap).
    #[arg(long, default_value_t = 0)]
    pub hashes_at_once: usize,
    /// Logins waiting for a hash beyond those (with --login-flood; default: the server's).
    #[arg(long)]
    pub hash_queue: Option<usize>,
}

pub fn bench(args: BenchArgs) -> anyhow::Result<()> {
    if args.games == 0 || args.seconds == 0 {
        return Err(UsageError("--games and --seconds must be at least 1".into()).into());
    }
    let dir = std::env::temp_dir().join(format!("acey-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    if args.isolation {
        return isolation(&args, &dir);
    }
    if args.lobby {
        return lobby(&args, &dir);
    }
    if args.login_flood {
        return login_flood(&args, &dir);
    }
    if let Some(url) = &args.side_by_side {
        return side_by_side(&args, &dir, url);
    }
    outln!(
        "{} games, 2 WebSocket clients each, think time ~{} ms, measuring {} s ...",
        args.games,
        args.think_ms,
        args.seconds
    )?;
    let bot_games = match (&args.bot, args.bot_games) {
        (Some(level), Some(n)) => {
            crate::input::level(level).map_err(|e| UsageError(format!("--bot: {}", e.0)))?;
            Some((level.clone(), n))
        }
        _ => None,
    };
    let config = load_config(&args, bot_games);
    let result = acey_server::bench::loadtest::run_benchmark(&config, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    let r = result.map_err(anyhow::Error::msg)?;
    let [p50, p90, p99, max] = r.latency_ms;
    outln!(
        "concurrent games     {} ({} against the computer)",
        r.games,
        r.bot_games
    )?;
    outln!(
        "actions measured     {} ({:.0} per second)",
        r.actions,
        r.actions as f64 / r.seconds
    )?;
    outln!(
        "games finished       {} (each followed by a rematch)",
        r.finished
    )?;
    outln!("errors               {}", r.errors)?;
    outln!(
        "action -> broadcast  p50 {p50:.2} ms, p90 {p90:.2} ms, p99 {p99:.2} ms, max {max:.2} ms"
    )?;
    outln!(
        "resident memory      {} MB halfway through, every game being played (server and clients in one process)",
        r.rss_kb / 1024
    )?;
    outln!("idle game in memory  {:.1} KB", r.idle_game_kb)?;
    Ok(())
}

/// The load benchmark's settings from the arguments, with `bot_games` against the computer.
fn load_config(
    args: &BenchArgs,
    bot_games: Option<(String, usize)>,
) -> acey_server::bench::loadtest::LoadConfig {
    acey_server::bench::loadtest::LoadConfig {
        games: args.games,
        seconds: args.seconds,
        think_ms: args.think_ms,
        seed: args.seed,
        resign_after: args.resign_after,
        bot_games,
    }
}

fn side_by_side(args: &BenchArgs, dir: &std::path::Path, url: &str) -> anyhow::Result<()> {
    let pg = acey_server::Database::parse(url);
    if !pg.is_shared() {
        return Err(
            UsageError(format!("--side-by-side takes a postgres:// URL, not {url}")).into(),
        );
    }
    let config = load_config(args, None);
    let runs = [
        (
            "SQLite, 1 node",
            acey_server::Database::Sqlite(dir.join("side.db")),
            1,
        ),
        ("PostgreSQL, 1 node", pg.clone(), 1),
        ("PostgreSQL, 2 nodes", pg, 2),
    ];
    outln!(
        "{} games, 2 WebSocket clients each, think time ~{} ms, {} s each ...",
        args.games,
        args.think_ms,
        args.seconds
    )?;
    outln!("| store | intents/s | own broadcast p50 / p99 ms | opponent hears p50 / p99 / max ms | errors |")?;
    outln!("|---|---|---|---|---|")?;
    for (name, db, nodes) in runs {
        let r = acey_server::bench::loadtest::run_nodes_benchmark(&config, &db, nodes)
            .map_err(anyhow::Error::msg)?;
        let [o50, _, o99, _] = r.latency_ms;
        let [p50, _, p99, pmax] = r.peer_latency_ms;
        outln!(
            "| {name} | {:.0} | {o50:.2} / {o99:.2} | {p50:.2} / {p99:.2} / {pmax:.2} | {} |",
            r.actions as f64 / r.seconds,
            r.errors
        )?;
    }
    let _ = std::fs::remove_dir_all(dir);
    Ok(())
}

fn lobby(args: &BenchArgs, dir: &std::path::Path) -> anyhow::Result<()> {
    if args.challenges > args.watchers {
        return Err(UsageError("--challenges must be at most --watchers".into()).into());
    }
    outln!(
        "{} lobby watchers, {} open challenges, {} games with clocks running ...",
        args.watchers,
        args.challenges,
        args.games
    )?;
    let config = acey_server::bench::lobby::LobbyBenchConfig {
        watchers: args.watchers,
        challenges: args.challenges,
        games: args.games,
        probes: 20,
        pairings: 20,
        flags: 5,
    };
    let result = acey_server::bench::lobby::run_lobby_benchmark(&config, dir);
    let _ = std::fs::remove_dir_all(dir);
    let r = result.map_err(anyhow::Error::msg)?;
    let [p50, p90, p99, max] = r.delivery_ms;
    outln!("set up in            {:.1} s", r.setup_s)?;
    outln!(
        "challenge -> watcher p50 {p50:.2} ms, p90 {p90:.2} ms, p99 {p99:.2} ms, max {max:.2} ms ({} deliveries)",
        r.deliveries
    )?;
    let [p50, p90, p99, max] = r.pairing_ms;
    outln!(
        "quick pairing        p50 {p50:.2} ms, p90 {p90:.2} ms, p99 {p99:.2} ms, max {max:.2} ms"
    )?;
    outln!(
        "clock drift          mean {:.1} ms, max {:.1} ms (flag of a {} s clock against its announced deadline)",
        r.drift_ms[0],
        r.drift_ms[1],
        r.clock_ms / 1000
    )?;
    outln!(
        "resident memory      {} MB (server and every client in one process)",
        r.rss_kb / 1024
    )?;
    Ok(())
}

fn login_flood(args: &BenchArgs, dir: &std::path::Path) -> anyhow::Result<()> {
    if args.attempts == 0 || args.addresses == 0 || args.addresses > 250 {
        return Err(
            UsageError("--attempts must be at least 1 and --addresses 1 to 250".into()).into(),
        );
    }
    outln!(
        "{} wrong logins at once from {} addresses ...",
        args.attempts,
        args.addresses
    )?;
    let config = acey_server::bench::logins::LoginFloodConfig {
        attempts: args.attempts,
        addresses: args.addresses,
        hashes_at_once: args.hashes_at_once,
        hash_queue: args.hash_queue,
    };
    let result = acey_server::bench::logins::run_login_flood(&config, dir);
    let _ = std::fs::remove_dir_all(dir);
    let r = result.map_err(anyhow::Error::msg)?;
    let answers: Vec<String> = r
        .answers
        .iter()
        .map(|(status, n)| format!("{n} x {status}"))
        .collect();
    outln!("hashes at once       {}", r.hashes_at_once)?;
    outln!(
        "answers              {} in {:.1} s",
        answers.join(", "),
        r.seconds
    )?;
    outln!(
        "resident memory      {} MB before, {} MB at the peak, {} MB {} s after (server and clients in one process)",
        r.rss_before_kb / 1024,
        r.rss_peak_kb / 1024,
        r.rss_after_kb / 1024,
        acey_server::bench::logins::SETTLE.as_secs()
    )?;
    Ok(())
}

fn isolation(args: &BenchArgs, dir: &std::path::Path) -> anyhow::Result<()> {
    outln!(
        "{} ordinary games (each player from its own address), think time ~{} ms; one attacking \
         address, one attack per {} s phase ...",
        args.games,
        args.think_ms,
        args.seconds
    )?;
    let config = acey_server::bench::isolation::IsolationConfig {
        games: args.games,
        phase_seconds: args.seconds,
        think_ms: args.think_ms,
        seed: args.seed,
    };
    let result = acey_server::bench::isolation::run_isolation(&config, dir);
    let _ = std::fs::remove_dir_all(dir);
    let r = result.map_err(anyhow::Error::msg)?;
    outln!(
        "| attack | ordinary intents | p50 ms | p90 ms | p99 ms | max ms | attacker's attempts | refused |"
    )?;
    outln!("|---|---|---|---|---|---|---|---|")?;
    for p in &r.phases {
        let [p50, p90, p99, max] = p.latency_ms;
        outln!(
            "| {} | {} | {p50:.2} | {p90:.2} | {p99:.2} | {max:.2} | {} | {} |",
            p.attack,
            p.actions,
            p.attempts,
            p.refused
        )?;
    }
    outln!("errors answered to ordinary players: {}", r.errors)?;
    outln!("ordinary games finished: {}", r.finished)?;
    Ok(())
}

/// `acey serve --tls-cert FILE --tls-key FILE`: HTTPS and WSS served directly.
#[derive(clap::Args, Debug)]
pub struct TlsArgs {
    /// Serve HTTPS (and wss://) with this PEM certificate chain, leaf first (needs --tls-key).
    #[arg(long, value_name = "FILE", requires = "tls_key")]
    pub tls_cert: Option<std::path::PathBuf>,
    /// The PEM private key of --tls-cert.
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    pub tls_key: Option<std::path::PathBuf>,
}

impl TlsArgs {
    /// The certificate and key read and checked, when asked for; a missing or bad file is a
    /// usage error naming it.
    fn load(&self) -> anyhow::Result<Option<acey_server::tls::Tls>> {
        match (&self.tls_cert, &self.tls_key) {
            (Some(cert), Some(key)) => acey_server::tls::Tls::from_pem_files(cert, key)
                .map(Some)
                .map_err(|e| UsageError(e.to_string()).into()),
            _ => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_idle_timeout_pings_websockets_more_often() {
        let mut args = Args::defaults();
        args.idle_timeout = 10;
        let limits = args.limits().unwrap();
        assert!(limits.ping_interval < limits.idle_timeout);
        let defaults = Args::defaults().limits().unwrap();
        assert_eq!(defaults.ping_interval, std::time::Duration::from_secs(25));
        args.rate = 0.0;
        assert!(args.limits().is_err());
    }
}
