//! Every limit the server holds clients to, in one place: what one connection may send, what one
//! address may do across its connections, how long a connection may stay silent, how long a game
//! may grow, and how much bot work may run at once. `acey serve --help` lists them with their
//! flags; `docs/protocol.md` says what a client sees when it meets one.

use std::time::{Duration, Instant};

/// The server's limits. The defaults suit a public server on a small machine.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Longest accepted message, in bytes. Longer ones get an error; frames beyond
    /// [`Limits::hard_max_bytes`] close the connection.
    pub max_message_bytes: usize,
    /// Messages per second a connection may keep sending (text, binary and pings alike).
    pub rate_per_sec: f64,
    /// Messages a connection may send at once before the rate applies.
    pub burst: f64,
    /// Messages per second one address may keep sending over all its connections.
    pub ip_rate_per_sec: f64,
    /// Messages one address may send at once over all its connections.
    pub ip_burst: f64,
    /// Open connections one address may hold.
    pub max_connections_per_ip: usize,
    /// Open connections in all (0: derived from the file-descriptor limit at start-up).
    pub max_connections: usize,
    /// Time a new connection has to send its request (a silent or slowloris connection is
    /// closed after it).
    pub handshake_timeout: Duration,
    /// Time an HTTP connection may stay with nothing for the server to send before it is closed.
    pub idle_timeout: Duration,
    /// How often the server pings a WebSocket client.
    pub ping_interval: Duration,
    /// How long a WebSocket client may stay silent (no message, no pong) before it is closed.
    pub pong_timeout: Duration,
    /// Logins and registrations one address may try per minute (after as many at once).
    pub logins_per_minute: f64,
    /// Password hashes computed at once over the whole server (each takes 19 MiB).
    pub hashes_at_once: usize,
    /// Logins, registrations and password changes waiting for a hash beyond those; past it
    /// they are refused at once (503 with `Retry-After`).
    pub hash_queue: usize,
    /// Logins one account may be tried with from browsers not known to it before it is locked
    /// (a success forgets them).
    pub account_attempts: u32,
    /// How long a locked account refuses logins from browsers not known to it.
    pub account_lockout: Duration,
    /// Chat lines one connection may send per minute (after a few at once).
    pub chat_per_minute: f64,
    /// How long a player must be gone on their own turn, in a game without clocks, before
    /// the opponent may claim the game.
    pub claim_after: Duration,
    /// Games one address may create per minute (after `create_burst` at once).
    pub creates_per_minute: f64,
    /// Games one address may create at once.
    pub create_burst: f64,
    /// Hints one connection may ask for per minute (after a burst of as many).
    pub hints_per_minute: f64,
    /// Actions one game (a whole match or session) may hold. A real game has a few hundred; the
    /// limit stops a client from growing a game without end.
    pub max_actions: usize,
    /// Bot moves and hints computed at once (the rest wait in line, in order).
    pub bot_threads: usize,
    /// Games with no move of a person are deleted this long after they were created.
    pub abandoned_after: Duration,
    /// Game analyses one address may ask for per hour (after a burst of as many as a tenth of
    /// it, at least 3).
    pub analyses_per_hour: f64,
    /// Games analysed at once over the whole server (each takes one bot thread at a time).
    pub analyses_at_once: usize,
}

/// The most actions a game may hold by default: a 99-point match of long games stays far below.
pub const MAX_ACTIONS: usize = 20_000;

impl Limits {
    /// The size past which the WebSocket layer drops the connection instead of answering.
    pub fn hard_max_bytes(&self) -> usize {
        self.max_message_bytes.max(1024) * 16
    }
}

impl Default for Limits {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Limits {
            max_message_bytes: 4096,
            rate_per_sec: 20.0,
            burst: 40.0,
            ip_rate_per_sec: 60.0,
            ip_burst: 120.0,
            max_connections_per_ip: 32,
            max_connections: 0,
            handshake_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            ping_interval: Duration::from_secs(25),
            pong_timeout: Duration::from_secs(60),
            logins_per_minute: 10.0,
            hashes_at_once: cores,
            hash_queue: 32,
            account_attempts: 10,
            account_lockout: Duration::from_secs(15 * 60),
            chat_per_minute: 20.0,
            claim_after: Duration::from_secs(120),
            creates_per_minute: 20.0,
            create_burst: 10.0,
            hints_per_minute: 12.0,
            max_actions: MAX_ACTIONS,
            // One core stays free for the games themselves.
            bot_threads: cores.saturating_sub(1).max(1),
            abandoned_after: Duration::from_secs(24 * 3600),
            analyses_per_hour: 30.0,
            analyses_at_once: 2,
        }
    }
}

/// A token bucket: `burst` at once, refilled at `rate` per second.
#[derive(Debug, Clone)]
pub struct Bucket {
    tokens: f64,
    last: Instant,
    rate: f64,
    burst: f64,
}

impl Bucket {
    /// A full bucket.
    pub fn new(rate_per_sec: f64, burst: f64) -> Bucket {
        Bucket {
            tokens: burst,
            last: Instant::now(),
            rate: rate_per_sec,
            burst,
        }
    }

    /// Takes one token if there is one.
    pub fn take(&mut self) -> bool {
        self.refill();
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Whether the bucket is full again (nothing of its owner's recent use is remembered).
    pub fn is_full(&mut self) -> bool {
        self.refill();
        self.tokens >= self.burst
    }

    fn refill(&mut self) {
        let now = Instant::now();
        let dt = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * self.rate).min(self.burst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_gives_its_burst_then_its_rate() {
        let mut b = Bucket::new(0.0, 3.0);
        assert!(b.take() && b.take() && b.take());
        assert!(!b.take(), "empty after the burst with no refill");
        let mut b = Bucket::new(1_000_000.0, 1.0);
        assert!(b.take());
        std::thread::sleep(Duration::from_millis(2));
        assert!(b.take(), "refilled");
        let mut idle = Bucket::new(1_000_000.0, 5.0);
        idle.take();
        std::thread::sleep(Duration::from_millis(2));
        assert!(idle.is_full(), "a bucket left alone fills up");
    }
}
