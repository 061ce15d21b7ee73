//! The server's benchmarks, each run by `acey bench-server` over real WebSocket connections to a
//! real server on loopback (figures in docs/benchmarks.md): games of random players
//! ([`loadtest`], whose client the integration tests use too), the lobby under load ([`lobby`]),
//! and ordinary games while one address attacks ([`isolation`]).

pub mod isolation;
pub mod loadtest;
pub mod lobby;
pub mod logins;
