//! What every room and connection shares: the store, the bot pool, the limits, the counters and
//! the database's health.

use std::sync::Arc;

use crate::cluster::Bus;
use crate::health::Health;
use crate::limits::Limits;
use crate::metrics::Metrics;
use crate::pool::BotPool;
use crate::store::Backend;

/// The server's shared services.
pub struct Services {
    /// Where games, accounts, the lobby, ratings and chat are kept.
    pub store: Arc<dyn Backend>,
    /// Where bot moves and hints are computed.
    pub pool: BotPool,
    /// The limits in force.
    pub limits: Limits,
    /// The counters behind `/metrics`.
    pub metrics: Arc<Metrics>,
    /// The lobby's channels.
    pub bus: Bus,
    /// Whether the database answers.
    pub health: Arc<Health>,
}

impl Services {
    /// Services over a store with these limits.
    pub fn new(store: Arc<dyn Backend>, limits: Limits) -> Arc<Services> {
        Arc::new(Services {
            store,
            pool: BotPool::new(limits.bot_threads),
            limits,
            metrics: Arc::new(Metrics::default()),
            bus: Bus::default(),
            health: Arc::new(Health::default()),
        })
    }
}
