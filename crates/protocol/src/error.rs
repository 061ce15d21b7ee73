//! The error family: what the server answers to a message it refuses (`error`).

use serde::{Deserialize, Serialize};

/// A refused message: the code and what to tell the person, as sent in an `error`
/// ([`ServerMsg::Error`](crate::ServerMsg::Error)). The server and the browser's engine refuse
/// in these terms.
pub type Refusal = (ErrorCode, String);

/// A [`Refusal`] with `code` and `message`.
pub fn refuse(code: ErrorCode, message: impl Into<String>) -> Refusal {
    (code, message.into())
}

/// What a spectator is told when it tries to act in a game it watches.
pub const SPECTATORS: &str = "spectators can only watch";

/// Kinds of error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ErrorCode {
    /// Not JSON, or not a message of this protocol.
    Malformed,
    /// Longer than the size limit.
    TooLarge,
    /// Too many messages too fast.
    RateLimited,
    /// Another protocol version.
    Version,
    /// No such game.
    NotFound,
    /// Not joined yet, or already joined.
    NotJoined,
    /// The connection does not hold the seat that must act (or watches only).
    NotYourTurn,
    /// The game refused the action.
    Illegal,
    /// A bad setting in create (rules, level, match).
    BadSettings,
    /// The server could not store the action; nothing changed.
    Unavailable,
    /// The game has reached the most actions a game may hold.
    TooLong,
    /// Not allowed to this connection (a rated challenge without an account, a claim too early,
    /// chat in a channel not yours).
    Forbidden,
    /// The name belongs to an account: log in to use it, or choose another.
    NameTaken,
    /// The challenge is gone (taken, cancelled, or its creator left).
    Gone,
    /// A name that cannot be used: blank, invisible characters, characters other than letters,
    /// digits, `_` and `-`, letters of several scripts, or too short or long.
    BadName,
    /// A code this version does not know, from a newer server (read only: never sent).
    #[serde(other)]
    #[cfg_attr(feature = "ts", ts(skip))]
    Other,
}

impl ErrorCode {
    /// The code as sent (`malformed`, `not_your_turn`, ...; `other` for an unknown one).
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::Malformed => "malformed",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::Version => "version",
            ErrorCode::NotFound => "not_found",
            ErrorCode::NotJoined => "not_joined",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::Illegal => "illegal",
            ErrorCode::BadSettings => "bad_settings",
            ErrorCode::Unavailable => "unavailable",
            ErrorCode::TooLong => "too_long",
            ErrorCode::Forbidden => "forbidden",
            ErrorCode::NameTaken => "name_taken",
            ErrorCode::Gone => "gone",
            ErrorCode::BadName => "bad_name",
            ErrorCode::Other => "other",
        }
    }
}
