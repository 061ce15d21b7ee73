//! # acey-server
//!
//! Acey-Deucey in the browser: an axum HTTP and WebSocket server with SQLite storage that serves
//! the web client (`web/`, embedded in the binary) and runs games against the computer, between
//! friends by invite link, and on one shared screen.
//!
//! The server is the authority: clients send intents, each is checked by an
//! [`acey_rules::Game`], stored, and only then broadcast. Dice come from the operating system's
//! cryptographic generator when the game asks for a roll. A restart rebuilds every game from its
//! stored actions with [`acey_rules::Game::replay`]. The protocol is `docs/protocol.md`.
//!
//! ```no_run
//! let config = acey_server::Config {
//!     addr: "127.0.0.1:8080".parse().unwrap(),
//!     db: acey_server::Database::parse("acey.db"),
//!     limits: Default::default(),
//!     origins: Vec::new(),
//!     proxies: Default::default(),
//! };
//! acey_server::run(config).unwrap(); // serves until Ctrl-C or SIGTERM
//! ```
#![warn(missing_docs)]

pub mod account;
pub mod analysis;
pub mod bench;
pub mod cache;
pub mod chat;
pub mod clock;
pub mod cluster;
pub mod gate;
pub mod health;
pub mod http;
pub mod hub;
pub mod limits;
pub mod lobby;
pub mod metrics;
pub mod pool;
pub mod protocol;
pub mod proxy;
pub mod random;
pub mod rating;
pub mod room;
pub mod seat_token;
pub mod services;
pub mod storage;
pub mod store;
pub mod tls;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

pub use limits::Limits;
pub use store::Database;

/// How to run the server.
#[derive(Debug, Clone)]
pub struct Config {
    /// Where to listen (port 0: any free port).
    pub addr: SocketAddr,
    /// Where everything is kept: an SQLite file (created if missing) or a PostgreSQL database.
    pub db: Database,
    /// Every limit the server holds clients to.
    pub limits: Limits,
    /// The web origins whose pages may open a WebSocket or send a state-changing request
    /// (`https://example.org`). Empty: pages the browser loaded from this server by an IP
    /// address or a localhost name ([`http::origin`]).
    pub origins: Vec<String>,
    /// Reverse proxies whose forwarding header names the client (none by default).
    pub proxies: proxy::TrustedProxies,
}

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The database could not be opened or migrated.
    #[error(transparent)]
    Store(#[from] storage::StoreError),
    /// The address could not be bound, or the runtime failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// A server running on its own runtime (its own threads), as `acey serve` runs it and as tests
/// start and stop it.
pub struct Running {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// Whether it serves TLS (`https://`, `wss://`).
    pub tls: bool,
    runtime: Option<tokio::runtime::Runtime>,
    shutdown: tokio::sync::watch::Sender<bool>,
    served: Option<tokio::task::JoinHandle<()>>,
}

impl Drop for Running {
    fn drop(&mut self) {
        // Without waiting: a runtime may not block while being dropped inside another one.
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
    }
}

/// How long a clean shutdown waits for WebSockets to send their close frames.
const SOCKET_GRACE: Duration = Duration::from_secs(2);

/// How long a clean shutdown waits for requests in flight before it stops anyway.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

impl Running {
    /// The address to open in a browser.
    pub fn url(&self) -> String {
        let scheme = if self.tls { "https" } else { "http" };
        format!("{scheme}://{}/", self.addr)
    }

    /// Stops at once, like a killed process: connections drop, unfinished work is abandoned.
    /// Everything acknowledged is already stored.
    pub fn stop(self) {
        drop(self);
    }

    /// Stops cleanly: no new connection is accepted, every WebSocket client is told the server
    /// is restarting (close code 1012, after which the web client reconnects), requests in
    /// flight finish, and then the runtime stops (within a few seconds at most).
    pub fn shutdown(mut self) {
        tracing::info!("shutting down");
        let _ = self.shutdown.send(true);
        if let (Some(rt), Some(served)) = (&self.runtime, self.served.take()) {
            let _ = rt.block_on(async { tokio::time::timeout(SHUTDOWN_GRACE, served).await });
        }
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_timeout(Duration::from_secs(1));
        }
    }

    /// Blocks until Ctrl-C or SIGTERM, then shuts down cleanly.
    pub fn wait_for_signal(self) -> Result<(), ServerError> {
        let stop = self.listen_for_stop()?;
        self.wait_for(stop)
    }

    /// Starts listening for Ctrl-C and SIGTERM now (so that a signal sent from here on is
    /// caught, not fatal); [`Running::wait_for`] then waits for one.
    pub fn listen_for_stop(&self) -> Result<StopSignal, ServerError> {
        let rt = self
            .runtime
            .as_ref()
            .ok_or_else(|| std::io::Error::other("the server is not running"))?;
        #[cfg(unix)]
        let term = rt.block_on(async {
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        })?;
        let _ = rt;
        Ok(StopSignal {
            #[cfg(unix)]
            term,
        })
    }

    /// Blocks until the signal comes, then shuts down cleanly.
    pub fn wait_for(self, stop: StopSignal) -> Result<(), ServerError> {
        if let Some(rt) = &self.runtime {
            rt.block_on(stop.recv())?;
        }
        self.shutdown();
        Ok(())
    }
}

/// Ctrl-C, or SIGTERM where there are signals, listened for since it was made.
pub struct StopSignal {
    #[cfg(unix)]
    term: tokio::signal::unix::Signal,
}

impl StopSignal {
    async fn recv(mut self) -> std::io::Result<()> {
        #[cfg(unix)]
        {
            tokio::select! {
                r = tokio::signal::ctrl_c() => r,
                _ = self.term.recv() => Ok(()),
            }
        }
        #[cfg(not(unix))]
        {
            let _ = &mut self;
            tokio::signal::ctrl_c().await
        }
    }
}

/// Opens the database `db` names (migrating it), as the server does at start-up.
pub async fn open_store(db: &Database) -> Result<Arc<dyn store::Backend>, storage::StoreError> {
    Ok(Arc::new(store::SqlStore::open(db).await?))
}

/// How often abandoned games are looked for and idle addresses forgotten.
const CLEAN_EVERY: Duration = Duration::from_secs(600);

/// Opens the database, binds the address and starts serving in the background.
pub fn start(config: Config) -> Result<Running, ServerError> {
    start_with(config, None)
}

/// [`start`], serving TLS with `tls` when given (`acey serve --tls-cert --tls-key`).
pub fn start_with(config: Config, tls: Option<tls::Tls>) -> Result<Running, ServerError> {
    let serves_tls = tls.is_some();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("acey-server")
        .build()?;
    let limits = config.limits;
    let (shutdown_tx, shutdown_rx) = tokio::sync::watch::channel(false);
    let setup = async {
        let store = store::SqlStore::open(&config.db).await?;
        // On a shared database, this node tells the others what changes (nodes.rs).
        let nodes = match store.postgres_pool() {
            Some(pool) => {
                let nodes = cluster::nodes::Nodes::new(pool.clone());
                let listener = cluster::nodes::listen(&nodes)
                    .await
                    .map_err(|e| storage::StoreError::Database(format!("cannot listen: {e}")))?;
                Some((nodes, listener))
            }
            None => None,
        };
        let store: Arc<dyn store::Backend> = Arc::new(store);
        let services = services::Services::new(store, limits);
        if let Some((n, _)) = &nodes {
            services.bus.join_nodes(Arc::clone(n));
        }
        let hub = hub::Hub::new(services);
        let lobby = lobby::Lobby::new(Arc::clone(&hub));
        let peers = gate::Peers::new(
            limits,
            gate::connection_cap(&limits),
            config.proxies.clone(),
        );
        let listener = tokio::net::TcpListener::bind(config.addr).await?;
        let addr = listener.local_addr()?;
        let shared = Arc::new(http::ws::Shared {
            hub,
            lobby,
            peers,
            shutdown: shutdown_rx,
            sockets: std::sync::atomic::AtomicUsize::new(0),
        });
        Ok::<_, ServerError>((addr, shared, listener, nodes))
    };
    // On a thread of its own, so that a caller already inside a runtime (a test, the load
    // benchmark) can start a server too.
    let (addr, shared, listener, nodes) = std::thread::scope(|s| {
        s.spawn(|| runtime.block_on(setup))
            .join()
            .unwrap_or_else(|_| Err(std::io::Error::other("server start-up panicked").into()))
    })?;
    let listener = gate::GatedListener::new(
        listener,
        Arc::clone(&shared.peers),
        Arc::clone(&shared.hub.services().metrics),
        limits,
    );
    let mut router = http::router(Arc::clone(&shared), config.origins.clone());
    if serves_tls {
        router = router.layer(axum::middleware::map_request(tls::mark_https));
    }
    let app = router.into_make_service_with_connect_info::<gate::PeerAddr>();
    let mut stopping = shared.shutdown.clone();
    let sockets = Arc::clone(&shared);
    let served = runtime.spawn(async move {
        let stop = async move {
            let _ = stopping.wait_for(|s| *s).await;
        };
        let served = match tls {
            None => {
                axum::serve(listener, app)
                    .with_graceful_shutdown(stop)
                    .await
            }
            Some(tls) => {
                let listener = tls::TlsListener::new(listener, tls, limits.handshake_timeout);
                axum::serve(listener, app)
                    .with_graceful_shutdown(stop)
                    .await
            }
        };
        if let Err(e) = served {
            tracing::error!(error = %e, "the server stopped");
        }
        // Upgraded connections are not the HTTP server's to wait for: each WebSocket sends
        // its close frame (1012) before the runtime stops.
        sockets.sockets_closed(SOCKET_GRACE).await;
    });
    runtime.spawn(clean_up(Arc::clone(&shared), limits));
    {
        let services = shared.hub.services();
        runtime.spawn(Arc::clone(&services.health).watch(Arc::clone(&services.store)));
    }
    runtime.spawn(Arc::clone(&shared.lobby).run());
    if let Some((nodes, listener)) = nodes {
        runtime.spawn(cluster::nodes::run(
            nodes,
            Arc::clone(&shared.hub),
            listener,
        ));
    }
    {
        // Clocks that were running when the server stopped run on (from where they were).
        let hub = Arc::clone(&shared.hub);
        runtime.spawn(async move {
            let n = hub.resume_clocks().await;
            if n > 0 {
                tracing::info!(games = n, "clocks resumed");
            }
        });
    }
    tracing::info!(%addr, db = %config.db, "serving");
    Ok(Running {
        addr,
        tls: serves_tls,
        runtime: Some(runtime),
        shutdown: shutdown_tx,
        served: Some(served),
    })
}

/// Deletes abandoned games, forgets idle addresses and the networks accounts were last seen on
/// 30 days ago, every [`CLEAN_EVERY`].
async fn clean_up(shared: Arc<http::ws::Shared>, limits: Limits) {
    let mut every = tokio::time::interval(CLEAN_EVERY);
    loop {
        every.tick().await;
        shared.peers.prune();
        let before = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64)
            - limits.abandoned_after.as_secs() as i64;
        match shared.hub.store().delete_abandoned(before).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(games = n, "abandoned games deleted"),
            Err(e) => tracing::warn!(error = %e, "could not delete abandoned games"),
        }
        let forget = clock::now_secs() - rating::integrity::NETWORK_MEMORY;
        match shared.hub.store().forget_networks(forget).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(networks = n, "networks of accounts forgotten"),
            Err(e) => tracing::warn!(error = %e, "could not forget old networks"),
        }
    }
}

/// Runs the server until Ctrl-C or SIGTERM, printing the address to open; then stops cleanly.
pub fn run(config: Config) -> Result<(), ServerError> {
    run_with(config, None)
}

/// [`run`], serving TLS with `tls` when given.
pub fn run_with(config: Config, tls: Option<tls::Tls>) -> Result<(), ServerError> {
    let db = config.db.clone();
    let running = start_with(config, tls)?;
    warm_bearoff_tables();
    let stop = running.listen_for_stop()?;
    // Written without println!: a closed stdout (`acey serve | head -1`) must not stop the
    // server.
    use std::io::Write;
    let mut out = std::io::stdout();
    let _ = writeln!(out, "acey is serving at {}", running.url());
    let _ = writeln!(
        out,
        "open it in a browser to play (games are saved in {db})"
    );
    let _ = writeln!(out, "press Ctrl-C to stop");
    let _ = out.flush();
    running.wait_for(stop)
}

/// Builds the bear-off tables of the two most played rule sets on a low-priority thread, so that
/// the first game to reach a bear-off does not wait a second or two for them (a table is built
/// at first use otherwise: `acey_ai::bearoff::table`).
fn warm_bearoff_tables() {
    let spawned = std::thread::Builder::new()
        .name("acey-bearoff-warm".into())
        .spawn(|| {
            pool::lower_priority();
            for preset in [acey_rules::Preset::American, acey_rules::Preset::Bgammon] {
                acey_ai::bearoff::table(&preset.rules());
            }
        });
    if let Err(e) = spawned {
        tracing::warn!(error = %e, "could not start building the bear-off tables");
    }
}
