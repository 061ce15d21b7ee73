//! The lobby: open challenges, quick pairing, games being played and who is online.

pub mod bus;
pub mod challenge;
pub mod service;

pub use bus::Bus;
pub use challenge::{best_opponent, Challenge, Pool, POOLS};
pub use service::Lobby;
