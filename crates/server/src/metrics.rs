//! What `/metrics` reports, in Prometheus' text format: connections, refusals, games in memory,
//! actions and their latency (from receiving an intent to broadcasting its result), bot work.

use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Upper bounds of the latency histogram's buckets, in seconds.
const BUCKETS: [f64; 11] = [
    0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 5.0,
];

/// The server's counters.
#[derive(Default)]
pub struct Metrics {
    /// Connections accepted since start.
    pub connections_total: AtomicU64,
    /// Connections refused at accept (a cap was reached).
    pub connections_refused: AtomicU64,
    /// Connections closed for silence (handshake, idle or pong timeout).
    pub timeouts: AtomicU64,
    /// Messages refused by a rate limit (connection, address, creation or hints).
    pub rate_limited: AtomicU64,
    /// Games created.
    pub games_created: AtomicU64,
    /// Actions accepted and stored.
    pub actions: AtomicU64,
    /// Hints computed.
    pub hints: AtomicU64,
    /// Game analyses finished and stored.
    pub analyses: AtomicU64,
    latency: [AtomicU64; BUCKETS.len() + 1],
    latency_sum_us: AtomicU64,
}

/// Values read elsewhere when the page is drawn.
pub struct Gauges {
    /// Open connections.
    pub connections: usize,
    /// Games in memory.
    pub rooms: usize,
    /// Bot jobs waiting and running.
    pub bot_waiting: usize,
    /// Bot jobs running.
    pub bot_running: usize,
}

impl Metrics {
    /// Counts one action that took `took` from intent to broadcast.
    pub fn action(&self, took: Duration) {
        self.actions.fetch_add(1, Ordering::Relaxed);
        let s = took.as_secs_f64();
        let i = BUCKETS
            .iter()
            .position(|&b| s <= b)
            .unwrap_or(BUCKETS.len());
        self.latency[i].fetch_add(1, Ordering::Relaxed);
        self.latency_sum_us
            .fetch_add(took.as_micros() as u64, Ordering::Relaxed);
    }

    /// Adds one to a counter.
    pub fn count(counter: &AtomicU64) {
        counter.fetch_add(1, Ordering::Relaxed);
    }

    /// The page.
    pub fn render(&self, g: &Gauges) -> String {
        let mut out = String::new();
        let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
        let mut metric = |name: &str, kind: &str, help: &str, value: String| {
            let _ = writeln!(
                out,
                "# HELP acey_{name} {help}\n# TYPE acey_{name} {kind}\nacey_{name} {value}"
            );
        };
        metric(
            "connections",
            "gauge",
            "Open connections.",
            g.connections.to_string(),
        );
        metric(
            "connections_total",
            "counter",
            "Connections accepted.",
            get(&self.connections_total).to_string(),
        );
        metric(
            "connections_refused_total",
            "counter",
            "Connections refused by a connection cap.",
            get(&self.connections_refused).to_string(),
        );
        metric(
            "timeouts_total",
            "counter",
            "Connections closed for silence.",
            get(&self.timeouts).to_string(),
        );
        metric(
            "rate_limited_total",
            "counter",
            "Messages refused by a rate limit.",
            get(&self.rate_limited).to_string(),
        );
        metric(
            "games_created_total",
            "counter",
            "Games created.",
            get(&self.games_created).to_string(),
        );
        metric(
            "games_in_memory",
            "gauge",
            "Games held in memory.",
            g.rooms.to_string(),
        );
        metric(
            "actions_total",
            "counter",
            "Actions accepted and stored.",
            get(&self.actions).to_string(),
        );
        metric(
            "hints_total",
            "counter",
            "Hints computed.",
            get(&self.hints).to_string(),
        );
        metric(
            "analyses_total",
            "counter",
            "Game analyses finished and stored.",
            get(&self.analyses).to_string(),
        );
        metric(
            "bot_queue_depth",
            "gauge",
            "Bot moves and hints waiting for the pool.",
            g.bot_waiting.to_string(),
        );
        metric(
            "bot_running",
            "gauge",
            "Bot moves and hints being computed.",
            g.bot_running.to_string(),
        );
        let _ = writeln!(out, "# HELP acey_action_seconds From an intent to the broadcast of its result.\n# TYPE acey_action_seconds histogram");
        let mut cumulative = 0;
        for (i, b) in BUCKETS.iter().enumerate() {
            cumulative += get(&self.latency[i]);
            let _ = writeln!(out, "acey_action_seconds_bucket{{le=\"{b}\"}} {cumulative}");
        }
        cumulative += get(&self.latency[BUCKETS.len()]);
        let _ = writeln!(
            out,
            "acey_action_seconds_bucket{{le=\"+Inf\"}} {cumulative}"
        );
        let _ = writeln!(
            out,
            "acey_action_seconds_sum {}",
            get(&self.latency_sum_us) as f64 / 1e6
        );
        let _ = writeln!(out, "acey_action_seconds_count {cumulative}");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_histogram_is_cumulative_and_counts_every_action() {
        let m = Metrics::default();
        m.action(Duration::from_micros(500));
        m.action(Duration::from_millis(30));
        m.action(Duration::from_secs(9));
        let page = m.render(&Gauges {
            connections: 3,
            rooms: 2,
            bot_waiting: 0,
            bot_running: 1,
        });
        assert!(
            page.contains("acey_action_seconds_bucket{le=\"0.001\"} 1"),
            "{page}"
        );
        assert!(
            page.contains("acey_action_seconds_bucket{le=\"0.05\"} 2"),
            "{page}"
        );
        assert!(
            page.contains("acey_action_seconds_bucket{le=\"+Inf\"} 3"),
            "{page}"
        );
        assert!(page.contains("acey_actions_total 3"), "{page}");
        assert!(page.contains("acey_connections 3"), "{page}");
    }
}
