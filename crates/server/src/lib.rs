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
//!     db: "acey.db".into(),
//!     limits: Default::default(),
//! };
//! acey_server::run(config).unwrap(); // serves until Ctrl-C
//! ```
#![warn(missing_docs)]

pub mod bot;
pub mod hub;
pub mod loadtest;
pub mod protocol;
pub mod random;
pub mod room;
pub mod sqlite;
pub mod storage;
pub mod web;
pub mod ws;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

pub use ws::Limits;

/// How to run the server.
#[derive(Debug, Clone)]
pub struct Config {
    /// Where to listen (port 0: any free port).
    pub addr: SocketAddr,
    /// The SQLite database file (created if missing).
    pub db: PathBuf,
    /// Per-connection limits.
    pub limits: Limits,
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
    runtime: Option<tokio::runtime::Runtime>,
}

impl Drop for Running {
    fn drop(&mut self) {
        // Without waiting: a runtime may not block while being dropped inside another one.
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
    }
}

impl Running {
    /// The address to open in a browser.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Stops at once, like a killed process: connections drop, unfinished work is abandoned.
    /// Everything acknowledged is already stored.
    pub fn stop(self) {
        drop(self);
    }

    /// Blocks until Ctrl-C, then stops.
    pub fn wait_for_ctrl_c(self) -> Result<(), ServerError> {
        if let Some(rt) = &self.runtime {
            rt.block_on(tokio::signal::ctrl_c())?;
        }
        Ok(())
    }
}

/// Opens the database, binds the address and starts serving in the background.
pub fn start(config: Config) -> Result<Running, ServerError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("acey-server")
        .build()?;
    let setup = async {
        let store = sqlite::SqliteStore::open(&config.db).await?;
        let hub = hub::Hub::new(Arc::new(store));
        let listener = tokio::net::TcpListener::bind(config.addr).await?;
        let addr = listener.local_addr()?;
        Ok::<_, ServerError>((addr, web::router(hub, config.limits), listener))
    };
    // On a thread of its own, so that a caller already inside a runtime (a test, the load
    // benchmark) can start a server too.
    let (addr, app, listener) = std::thread::scope(|s| {
        s.spawn(|| runtime.block_on(setup))
            .join()
            .unwrap_or_else(|_| Err(std::io::Error::other("server start-up panicked").into()))
    })?;
    // No Nagle delay: moves are small messages that must leave at once.
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    runtime.spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            eprintln!("acey server stopped: {e}");
        }
    });
    Ok(Running {
        addr,
        runtime: Some(runtime),
    })
}

/// Runs the server until Ctrl-C, printing the address to open.
pub fn run(config: Config) -> Result<(), ServerError> {
    let db = config.db.clone();
    let running = start(config)?;
    println!("acey is serving at {}", running.url());
    println!(
        "open it in a browser to play (games are saved in {})",
        db.display()
    );
    println!("press Ctrl-C to stop");
    running.wait_for_ctrl_c()
}
