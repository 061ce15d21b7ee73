//! # acey-protocol
//!
//! The acey WebSocket protocol, version [`VERSION`]: JSON text messages with a `type` field,
//! defined once here for the server (`acey serve`), the terminal client (`acey online`) and,
//! through TypeScript declarations generated from these types (the `ts` feature), the web
//! client. The full description, with examples, is `docs/protocol.md` in the repository.
//!
//! A client creates or joins a game and then sends intents ([`ClientMsg`]); the server answers
//! a join with the whole state ([`ServerMsg::Joined`]) and then sends every accepted action with
//! what changed ([`ServerMsg::Update`]). A refused message gets [`ServerMsg::Error`] and changes
//! nothing.
//!
//! The messages are grouped by family, as the modules are: [`game`] (creating, joining and
//! playing games), [`lobby`] (challenges, quick pairing, games being played), [`chat`],
//! [`clock`] (time controls and clocks) and [`error`]; the hello family (`hello`, `welcome`,
//! `ping`, `pong`) has no types of its own. [`client`] and [`server`] hold the two message
//! enums, one for each direction.
//!
//! The server reads strictly (an unknown type or field is refused, [`parse_client`]); a client
//! reads leniently ([`ServerMsg::parse`]: unknown fields are ignored and an unknown type reads
//! as [`ServerMsg::Other`]).
//!
//! ```
//! use acey_protocol::{parse_client, ClientMsg, ErrorCode, ServerMsg};
//!
//! // The server reads a client's message, with the id the client numbered it with...
//! let (id, msg) = parse_client(r#"{"type": "seek", "pool": "american", "id": 7}"#);
//! assert_eq!(id, Some(7));
//! assert_eq!(msg, Ok(ClientMsg::Seek { pool: "american".into() }));
//!
//! // ... and answers it.
//! let reply = ServerMsg::error(id, ErrorCode::Gone, "that pool is closed");
//! assert_eq!(
//!     reply.to_json(),
//!     r#"{"type":"error","id":7,"code":"gone","message":"that pool is closed"}"#
//! );
//!
//! // A client reads the answer back, and ignores what it does not know.
//! let read = ServerMsg::parse(r#"{"type": "online", "n": 12, "since": 3}"#).unwrap();
//! assert_eq!(read, ServerMsg::Online { n: 12 });
//! ```
#![warn(missing_docs)]

pub mod chat;
pub mod client;
pub mod clock;
pub mod error;
pub mod game;
pub mod lobby;
pub mod replay;
pub mod server;
#[cfg(feature = "ts")]
pub mod typescript;

pub use chat::{Channel, ChatLine};
pub use client::{parse_client, ClientMsg};
pub use clock::{ClockView, TimeControl, TimeControlError, MAX_SECONDS};
pub use error::{refuse, ErrorCode, Refusal, SPECTATORS};
pub use game::{
    create_rules, intent_action, may_hint, takeback_cut, GameInfo, HintPlay, Joined, LogEntry,
    Mode, PlayerView, Presence, RatingChange, Role, SeatView, TurnView, Unrated, View, HINT_PLAYS,
    MAX_MATCH,
};
pub use lobby::{Challenge, LiveGame, LobbyView, PoolView};
pub use replay::{bot_level, bot_name, record_lines, Frame, Replay};
pub use server::ServerMsg;

/// The protocol version. Version 2 added the lobby, names, chat and clocks; a version-1
/// client's messages are all still understood (it ignores the fields added since), so both are
/// accepted and any other is refused.
pub const VERSION: u32 = 2;

/// The oldest version still spoken.
pub const OLDEST_VERSION: u32 = 1;

/// Whether a count is zero: the `skip_serializing_if` of a count left out of a message (or of a
/// saved game) when there is none, such as [`GameInfo::takebacks`].
pub fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Checks the version a client's `hello`, `create` or `join` gives (none: the current one), for
/// every host of games (the server, the browser's engine): an unspoken one is refused with
/// what to do about it.
pub fn check_version(v: Option<u32>) -> Result<(), String> {
    match v {
        Some(v) if !(OLDEST_VERSION..=VERSION).contains(&v) => Err(format!(
            "protocol version {v} is not spoken here: versions {OLDEST_VERSION} to {VERSION} are \
             (reload the page for the current client)"
        )),
        _ => Ok(()),
    }
}
