//! The lobby: open challenges, quick pairing, games being played and who is online (its news
//! travels on the [`crate::cluster::Bus`]).

pub mod challenge;
pub mod service;

pub use challenge::{best_opponent, Challenge, Pool, POOLS};
pub use service::Lobby;
