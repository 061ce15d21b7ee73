//! What every room and connection shares: the store, the bot pool, the limits and the counters.

use std::sync::Arc;

use crate::limits::Limits;
use crate::metrics::Metrics;
use crate::pool::BotPool;
use crate::storage::Store;

/// The server's shared services.
pub struct Services {
    /// Where games are kept.
    pub store: Arc<dyn Store>,
    /// Where bot moves and hints are computed.
    pub pool: BotPool,
    /// The limits in force.
    pub limits: Limits,
    /// The counters behind `/metrics`.
    pub metrics: Arc<Metrics>,
}

impl Services {
    /// Services over a store with these limits.
    pub fn new(store: Arc<dyn Store>, limits: Limits) -> Arc<Services> {
        Arc::new(Services {
            store,
            pool: BotPool::new(limits.bot_threads),
            limits,
            metrics: Arc::new(Metrics::default()),
        })
    }
}
