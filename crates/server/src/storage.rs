//! Storage: what the server keeps so that a restart loses nothing.
//!
//! Game code talks to the [`Store`] trait only; [`crate::store::SqlStore`] implements it on
//! SQLite (the default) or on PostgreSQL (shared by several nodes): the rooms,
//! the protocol and the bot never see SQL.

use std::future::Future;
use std::pin::Pin;

use acey_rules::{Action, Rules};

/// A boxed future, so that the trait can be used as `Arc<dyn Store>`.
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Why storage failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database refused or failed.
    #[error("database error: {0}")]
    Database(String),
    /// Someone else wrote first: the action number is taken (another node appended it).
    #[error("action {n} of game {game} was stored by another writer first")]
    Conflict {
        /// The game.
        game: String,
        /// The action number.
        n: usize,
    },
    /// A stored row could not be read back (corrupt or from an incompatible version).
    #[error("stored game {game} is unreadable: {reason}")]
    Corrupt {
        /// The game.
        game: String,
        /// What is wrong.
        reason: String,
    },
}

pub use acey_protocol::Mode;

/// Everything about a game except its actions.
#[derive(Debug, Clone, PartialEq)]
pub struct GameMeta {
    /// The game's public id (in links).
    pub id: String,
    /// How it is played.
    pub mode: Mode,
    /// The rule set, match length included.
    pub rules: Rules,
    /// The bot's level name (computer games).
    pub level: Option<String>,
    /// The bot's seat (computer games).
    pub bot_seat: Option<usize>,
    /// The secret of each seat as stored (a hash: [`crate::seat_token::stored_form`]); `None`
    /// while a seat is free.
    pub tokens: [Option<String>; 2],
    /// The game this one is a rematch of.
    pub rematch_of: Option<String>,
    /// Creation time, unix seconds.
    pub created_at: i64,
    /// Names, rating and clock (online play).
    pub online: Online,
    /// How many plays were taken back (games against the computer and on one screen).
    pub takebacks: u32,
}

impl GameMeta {
    /// The names written for the seats in records and analyses: the players' own (online
    /// games), the bot's with its level, `player N` on one screen, else `guest N`.
    pub fn seat_names(&self) -> [String; 2] {
        std::array::from_fn(|seat| {
            if let Some(p) = &self.online.players[seat] {
                return p.name.clone();
            }
            match (self.mode, self.bot_seat) {
                (Mode::Computer, Some(b)) if b == seat => {
                    acey_protocol::bot_name(self.level.as_deref().unwrap_or("casual"))
                }
                (Mode::Local, _) => format!("player {seat}"),
                _ => format!("guest {seat}"),
            }
        })
    }
}

/// Who sits at a seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seated {
    /// The name shown.
    pub name: String,
    /// The account, for a player logged in (a guest has none).
    pub account: Option<i64>,
}

/// What online play adds to a game.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Online {
    /// Who sits at each seat, when known.
    pub players: [Option<Seated>; 2],
    /// Whether the result changes ratings.
    pub rated: bool,
    /// Why a game offered as rated is played or was settled unrated (`rated` is then false).
    pub unrated: Option<acey_protocol::Unrated>,
    /// Whether the game came from the lobby (listed while it is played).
    pub lobby: bool,
    /// The clock as last stored (see [`Store::save_clock`]).
    pub clock: Option<crate::clock::Clock>,
    /// Each seated account's rating for this game's family and kind, as shown to players (read
    /// when the game is loaded or a seat taken; not stored with the game).
    pub ratings: [Option<f64>; 2],
}

/// A game as stored: its description and its accepted actions in order.
#[derive(Debug, Clone)]
pub struct StoredGame {
    /// The description.
    pub meta: GameMeta,
    /// The actions, in order.
    pub actions: Vec<Action>,
}

/// A place to keep games. Every method is one atomic change.
pub trait Store: Send + Sync + 'static {
    /// Saves a new game with no actions.
    fn create_game<'a>(&'a self, meta: &'a GameMeta) -> BoxFuture<'a, Result<(), StoreError>>;

    /// Gives a free seat its token; `false` when someone took it first.
    fn claim_seat<'a>(
        &'a self,
        game: &'a str,
        seat: usize,
        token: &'a str,
    ) -> BoxFuture<'a, Result<bool, StoreError>>;

    /// Replaces a seat's stored token `old` by `new`; `false` when the seat no longer holds
    /// `old` (someone replaced it first).
    fn replace_seat<'a>(
        &'a self,
        game: &'a str,
        seat: usize,
        old: &'a str,
        new: &'a str,
    ) -> BoxFuture<'a, Result<bool, StoreError>>;

    /// Appends action number `n` (0-based). Fails if that number is already stored, so that two
    /// writers can never interleave a game's log.
    fn append_action<'a>(
        &'a self,
        game: &'a str,
        n: usize,
        action: &'a Action,
    ) -> BoxFuture<'a, Result<(), StoreError>>;

    /// Stores a finished game whole, with its actions and result, in one transaction (a game
    /// played on a device, added to an account's history); `false` when a game of that id is
    /// stored already.
    fn add_finished_game<'a>(
        &'a self,
        meta: &'a GameMeta,
        actions: &'a [Action],
        result: &'a crate::store::GameResult,
    ) -> BoxFuture<'a, Result<bool, StoreError>>;

    /// Takes back the end of a game's log: deletes actions `keep` and after, and counts one
    /// more takeback, in one transaction ([`acey_rules::Game::takeback_point`]).
    fn take_back<'a>(&'a self, game: &'a str, keep: usize)
        -> BoxFuture<'a, Result<(), StoreError>>;

    /// The id of the game started as a rematch of `game`, if one was.
    fn find_rematch<'a>(
        &'a self,
        game: &'a str,
    ) -> BoxFuture<'a, Result<Option<String>, StoreError>>;

    /// Whether the database answers: a trivial query (the health probe's).
    fn ping(&self) -> BoxFuture<'_, Result<(), StoreError>>;

    /// Deletes the games created before `before` (unix seconds) in which no person ever moved
    /// (no action but the server's die-off and rolls); returns how many.
    fn delete_abandoned(&self, before: i64) -> BoxFuture<'_, Result<u64, StoreError>>;

    /// Records who sits at a seat.
    fn set_player<'a>(
        &'a self,
        game: &'a str,
        seat: usize,
        player: &'a Seated,
    ) -> BoxFuture<'a, Result<(), StoreError>>;

    /// Stores a game's clock (at each change of whose time runs).
    fn save_clock<'a>(
        &'a self,
        game: &'a str,
        clock: &'a crate::clock::Clock,
    ) -> BoxFuture<'a, Result<(), StoreError>>;

    /// The games whose clock is running (to be resumed after a restart).
    fn running_clocks(&self) -> BoxFuture<'_, Result<Vec<String>, StoreError>>;

    /// Loads a game, or `None` when there is no such game.
    fn load_game<'a>(
        &'a self,
        game: &'a str,
    ) -> BoxFuture<'a, Result<Option<StoredGame>, StoreError>>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mode_names_round_trip() {
        for m in [Mode::Computer, Mode::Friend, Mode::Local] {
            assert_eq!(Mode::parse(m.as_str()), Some(m));
        }
        assert_eq!(Mode::parse("chess"), None);
    }
}
