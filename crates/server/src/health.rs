//! Whether the database answers, known at every moment without asking it: a task asks it every
//! [`PROBE_EVERY`] (a trivial query with a short timeout), and a write that fails marks it down
//! at once. While it is down, `/healthz` answers 503 (so a balancer sends clients to another
//! node), new games are refused at once with `unavailable`, and a move is refused before it
//! takes its room's lock, instead of each waiting for the database driver's own timeouts while
//! holding the room (a new game got no answer for over 10 s; each refused move held its game
//! for about 5 s).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::protocol::ErrorCode;
use crate::room::Refusal;
use crate::store::Backend;

/// How often the database is asked whether it answers.
pub const PROBE_EVERY: Duration = Duration::from_millis(500);

/// How long a probe may take before the database counts as down.
pub const PROBE_TIMEOUT: Duration = Duration::from_secs(1);

/// How long a move's write may take before it is given up (and the database counted as down).
/// Far above a healthy write's time (milliseconds), far below the driver's own timeouts.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(2);

/// The database's state as last seen.
#[derive(Debug)]
pub struct Health {
    up: AtomicBool,
}

impl Default for Health {
    fn default() -> Self {
        Health {
            up: AtomicBool::new(true),
        }
    }
}

impl Health {
    /// Whether the database answered when last asked.
    pub fn is_up(&self) -> bool {
        self.up.load(Ordering::Acquire)
    }

    /// A request to the database failed or took too long: down until the next probe answers.
    pub fn failed(&self) {
        if self.up.swap(false, Ordering::AcqRel) {
            tracing::error!("the database does not answer");
        }
    }

    /// The refusal to give while the database is down.
    pub fn check(&self) -> Result<(), Refusal> {
        if self.is_up() {
            return Ok(());
        }
        Err((
            ErrorCode::Unavailable,
            "the server cannot reach its database: try again in a moment".to_string(),
        ))
    }

    fn set(&self, up: bool) {
        let was = self.up.swap(up, Ordering::AcqRel);
        match (was, up) {
            (false, true) => tracing::info!("the database answers again"),
            (true, false) => tracing::error!("the database does not answer"),
            _ => {}
        }
    }

    /// Asks the database every [`PROBE_EVERY`], for as long as the server runs.
    pub async fn watch(self: Arc<Self>, store: Arc<dyn Backend>) {
        let mut every = tokio::time::interval(PROBE_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            let answered = tokio::time::timeout(PROBE_TIMEOUT, store.ping()).await;
            self.set(matches!(answered, Ok(Ok(()))));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn down_refuses_with_unavailable_and_up_lets_through() {
        let h = Health::default();
        assert!(h.is_up() && h.check().is_ok());
        h.failed();
        assert_eq!(h.check().unwrap_err().0, ErrorCode::Unavailable);
        h.set(true);
        assert!(h.check().is_ok());
    }
}
