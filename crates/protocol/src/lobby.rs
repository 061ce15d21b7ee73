//! The lobby family: open challenges, the quick-pairing pools and the games being played, as
//! the `lobby` message and its news (`challenge_added`, `pools`, `playing`, ...) carry them,
//! and `GET /api/lobby` answers.

use serde::{Deserialize, Serialize};

use crate::clock::TimeControl;

/// An open offer to play, as the lobby shows it. A quick-pairing seek is a challenge with a
/// pool (not listed one by one).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Challenge {
    /// Its id.
    pub id: String,
    /// The creator's name.
    pub name: String,
    /// Whether the creator has an account (guests are marked).
    #[serde(default)]
    pub registered: bool,
    /// The creator's rating in the challenge's family and kind, if rated there.
    #[serde(default)]
    pub rating: Option<f64>,
    /// The rule string (`american`, `backgammon` ...).
    pub rules: String,
    /// The match length (1: a single game).
    #[serde(default, rename = "match")]
    pub match_to: u32,
    /// The clock, if any.
    #[serde(default)]
    pub clock: Option<TimeControl>,
    /// Whether the result changes ratings (only between two accounts).
    #[serde(default)]
    pub rated: bool,
    /// The quick-pairing pool of a seek.
    #[serde(default)]
    pub pool: Option<String>,
    /// Unix seconds.
    #[serde(default)]
    pub created_at: i64,
}

/// A quick-pairing pool as the lobby shows it: a preset, a match length, a clock, and how
/// many wait in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PoolView {
    /// Its id, as the client sends it in `seek` (`american`, ...).
    pub id: String,
    /// The preset.
    pub rules: String,
    /// The match length.
    #[serde(default, rename = "match")]
    pub match_to: u32,
    /// The clock.
    pub clock: TimeControl,
    /// Players waiting in it.
    #[serde(default)]
    pub waiting: usize,
}

/// A game being played now, for the lobby.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LiveGame {
    /// The game id (watch it at `/g/ID`).
    pub id: String,
    /// Both players' names.
    pub names: [String; 2],
    /// The rule string.
    pub rules: String,
    /// Whether it is rated.
    #[serde(default)]
    pub rated: bool,
    /// Unix seconds.
    #[serde(default)]
    pub created_at: i64,
}

/// The whole lobby: the `lobby` message, and `GET /api/lobby`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LobbyView {
    /// Open challenges, oldest first.
    #[serde(default)]
    pub challenges: Vec<Challenge>,
    /// The quick-pairing pools and how many wait in each.
    #[serde(default)]
    pub pools: Vec<PoolView>,
    /// Lobby games being played now.
    #[serde(default)]
    pub playing: Vec<LiveGame>,
    /// Connections open now.
    #[serde(default)]
    pub online: usize,
}
