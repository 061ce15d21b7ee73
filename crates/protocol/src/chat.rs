//! The chat family: a game's chat lines and the conversations they belong to (`chat` both
//! ways). Who may write where, and what a line may hold, is the server's (`acey_server::chat`).

use serde::{Deserialize, Serialize};

/// Which conversation of a game a line belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Channel {
    /// Between the two players; spectators do not see it.
    Players,
    /// Among the spectators; players see it unless they hide it.
    Spectators,
}

impl Channel {
    /// The name sent and stored.
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Players => "players",
            Channel::Spectators => "spectators",
        }
    }

    /// Reads a name sent or stored.
    pub fn parse(s: &str) -> Option<Channel> {
        match s {
            "players" => Some(Channel::Players),
            "spectators" => Some(Channel::Spectators),
            _ => None,
        }
    }
}

/// A chat line as kept and sent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChatLine {
    /// The conversation.
    pub channel: Channel,
    /// Who wrote it (a name; `Guest` marks are the client's to draw).
    pub from: String,
    /// The writer's seat, for players.
    #[serde(default)]
    pub seat: Option<usize>,
    /// The text, plain.
    pub text: String,
    /// Unix ms.
    #[serde(default)]
    pub at: u64,
}
