//! Everything the server keeps, in one SQL database: an SQLite file (the default) or a
//! PostgreSQL database that several nodes share.

mod online;
mod postgres;
mod sql;
mod sqlite;

pub use online::{
    Account, AccountStore, AnalysisStore, Backend, ChatStore, GameResult, HistoryPoint, Leader,
    LiveGame, LobbyStore, PastGame, RatingView, ResultStore, StoredAnalysis,
};
pub use postgres::{fresh_database, PgStore};
pub use sql::{redact, Database, Dialect};
pub use sqlite::SqliteStore;
