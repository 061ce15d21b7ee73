//! Storage for online play: accounts and sessions, the lobby's challenges, results and ratings,
//! and chat. Each is a trait of its own beside [`crate::storage::Store`], so that each part of
//! the server takes only what it needs; [`Backend`] is all of them, as a database provides.
//!
//! Nothing here lives in one process's memory only: several nodes on one database see the same
//! accounts, challenges, ratings and chat.

use crate::account::PlayerName;
use crate::chat::ChatLine;
use crate::lobby::Challenge;
use crate::rating::{Family, Kind, Rating};
use crate::storage::{BoxFuture, Store, StoreError};

/// An account as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    /// Its id.
    pub id: i64,
    /// The name as chosen.
    pub name: String,
    /// The password's argon2id hash.
    pub password: String,
}

/// Accounts and login sessions.
pub trait AccountStore: Send + Sync + 'static {
    /// Creates an account; `None` when the name is taken (ignoring case).
    fn create_account<'a>(
        &'a self,
        name: &'a PlayerName,
        password_hash: &'a str,
        now: i64,
    ) -> BoxFuture<'a, Result<Option<i64>, StoreError>>;

    /// The account of a name (any case).
    fn account_by_name<'a>(
        &'a self,
        name: &'a str,
    ) -> BoxFuture<'a, Result<Option<Account>, StoreError>>;

    /// Replaces an account's password hash and ends its other sessions (all but `keep`).
    fn set_password<'a>(
        &'a self,
        account: i64,
        password_hash: &'a str,
        keep: &'a str,
    ) -> BoxFuture<'a, Result<(), StoreError>>;

    /// Starts a session (the token's hash).
    fn create_session<'a>(
        &'a self,
        token_hash: &'a str,
        account: i64,
        now: i64,
    ) -> BoxFuture<'a, Result<(), StoreError>>;

    /// The account of a session used since `fresh_after` (unix seconds), marking it used now.
    fn session_account<'a>(
        &'a self,
        token_hash: &'a str,
        fresh_after: i64,
        now: i64,
    ) -> BoxFuture<'a, Result<Option<Account>, StoreError>>;

    /// Gives `account` the seats a guest played: each `(game, stored token)` whose seat has no
    /// account yet gets the account and its name; returns how many seats changed.
    fn adopt_seats<'a>(
        &'a self,
        account: &'a Account,
        seats: &'a [(String, String)],
    ) -> BoxFuture<'a, Result<u64, StoreError>>;

    /// Ends a session.
    fn delete_session<'a>(&'a self, token_hash: &'a str) -> BoxFuture<'a, Result<(), StoreError>>;
}

/// The lobby's open challenges and quick-pairing seeks.
pub trait LobbyStore: Send + Sync + 'static {
    /// Adds a challenge.
    fn add_challenge<'a>(&'a self, c: &'a Challenge) -> BoxFuture<'a, Result<(), StoreError>>;

    /// Removes a challenge and returns it, if it was still there (of two takers, one gets it).
    fn take_challenge<'a>(
        &'a self,
        id: &'a str,
    ) -> BoxFuture<'a, Result<Option<Challenge>, StoreError>>;

    /// Removes every challenge of a connection; returns them.
    fn take_challenges_of<'a>(
        &'a self,
        owner: &'a str,
    ) -> BoxFuture<'a, Result<Vec<Challenge>, StoreError>>;

    /// Every open challenge and seek, oldest first.
    fn challenges(&self) -> BoxFuture<'_, Result<Vec<Challenge>, StoreError>>;
}

/// How a finished game or match ended, as kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameResult {
    /// The game.
    pub game: String,
    /// The winning seat.
    pub winner: usize,
    /// `bore-off`, `resigned`, `dropped` or `forfeited`.
    pub how: String,
    /// For a forfeit: `time` or `left`.
    pub reason: Option<String>,
    /// Final score, seat 0 first.
    pub score: [u32; 2],
    /// Unix seconds.
    pub ended_at: i64,
}

/// A rating as shown.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct RatingView {
    /// The family.
    pub family: Family,
    /// Game or match.
    pub kind: Kind,
    /// The rating, rounded.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Whether it is still provisional.
    pub provisional: bool,
    /// Rated results.
    pub games: u32,
}

/// A point of a rating history.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct HistoryPoint {
    /// The family.
    pub family: Family,
    /// Game or match.
    pub kind: Kind,
    /// The rating after the game.
    pub rating: f64,
    /// Unix seconds.
    pub at: i64,
}

/// A finished game in a player's history.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct PastGame {
    /// The game id (its replay is `/replay/ID`).
    pub id: String,
    /// The opponent's name.
    pub opponent: String,
    /// Whether the opponent has an account.
    pub opponent_registered: bool,
    /// `win` or `loss`.
    pub result: &'static str,
    /// Final points, the player's first.
    pub points: [u32; 2],
    /// Whether it was rated.
    pub rated: bool,
    /// The rule string.
    pub rules: String,
    /// Unix seconds.
    pub ended_at: i64,
}

/// A game being played now, for the lobby.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct LiveGame {
    /// The game id (watch it at `/g/ID`).
    pub id: String,
    /// Both players' names.
    pub names: [String; 2],
    /// The rule string.
    pub rules: String,
    /// Whether it is rated.
    pub rated: bool,
    /// Unix seconds.
    pub created_at: i64,
}

/// A row of a leaderboard.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Leader {
    /// The player.
    pub name: String,
    /// Game or match.
    pub kind: Kind,
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Rated results.
    pub games: u32,
}

/// Results, ratings and what profiles, the lobby and leaderboards show of them.
pub trait ResultStore: Send + Sync + 'static {
    /// Keeps a result; `false` when the game had one already (so ratings move once).
    fn record_result<'a>(&'a self, r: &'a GameResult) -> BoxFuture<'a, Result<bool, StoreError>>;

    /// An account's rating in a family and kind (the default for none yet).
    fn rating(
        &self,
        account: i64,
        family: Family,
        kind: Kind,
    ) -> BoxFuture<'_, Result<Rating, StoreError>>;

    /// Stores a rating after `game` and adds it to the history.
    fn save_rating<'a>(
        &'a self,
        account: i64,
        family: Family,
        kind: Kind,
        rating: &'a Rating,
        game: &'a str,
        at: i64,
    ) -> BoxFuture<'a, Result<(), StoreError>>;

    /// Every rating of an account.
    fn ratings_of(&self, account: i64) -> BoxFuture<'_, Result<Vec<RatingView>, StoreError>>;

    /// An account's rating history, oldest first.
    fn history_of(&self, account: i64) -> BoxFuture<'_, Result<Vec<HistoryPoint>, StoreError>>;

    /// An account's finished games, newest first.
    fn games_of(
        &self,
        account: i64,
        limit: u32,
    ) -> BoxFuture<'_, Result<Vec<PastGame>, StoreError>>;

    /// Lobby games being played (no result yet), started since `since`, newest first.
    fn live_games(
        &self,
        since: i64,
        limit: u32,
    ) -> BoxFuture<'_, Result<Vec<LiveGame>, StoreError>>;

    /// The best rated in a family (kinds together), best first.
    fn leaderboard(
        &self,
        family: Family,
        limit: u32,
    ) -> BoxFuture<'_, Result<Vec<Leader>, StoreError>>;
}

/// Chat lines of games.
pub trait ChatStore: Send + Sync + 'static {
    /// Keeps a line.
    fn add_chat<'a>(
        &'a self,
        game: &'a str,
        line: &'a ChatLine,
    ) -> BoxFuture<'a, Result<(), StoreError>>;

    /// The latest `limit` lines of a game, oldest first.
    fn chat<'a>(
        &'a self,
        game: &'a str,
        limit: u32,
    ) -> BoxFuture<'a, Result<Vec<ChatLine>, StoreError>>;
}

/// A game's analysis as stored (crate::analysis).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredAnalysis {
    /// How many of the game's actions it judged (all it had then).
    pub actions: usize,
    /// The depth of the search that judged it.
    pub plies: u8,
    /// The level whose evaluator judged it.
    pub level: String,
    /// The JSON of docs/analysis.md.
    pub body: String,
}

/// Analyses of games, one (the latest) per game.
pub trait AnalysisStore: Send + Sync + 'static {
    /// Keeps `analysis` as the analysis of `game`, replacing any before it.
    fn put_analysis<'a>(
        &'a self,
        game: &'a str,
        analysis: &'a StoredAnalysis,
        now: i64,
    ) -> BoxFuture<'a, Result<(), StoreError>>;

    /// The latest analysis of `game`.
    fn analysis<'a>(
        &'a self,
        game: &'a str,
    ) -> BoxFuture<'a, Result<Option<StoredAnalysis>, StoreError>>;
}

/// Everything the server keeps: one database provides it all.
pub trait Backend:
    Store + AccountStore + LobbyStore + ResultStore + ChatStore + AnalysisStore
{
}

impl<T: Store + AccountStore + LobbyStore + ResultStore + ChatStore + AnalysisStore> Backend for T {}
