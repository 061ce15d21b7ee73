//! Everything the server keeps, in one SQL database: an SQLite file (the default) or a
//! PostgreSQL database that several nodes share.
//!
//! Each store is a trait of its own, so that each part of the server takes only what it needs,
//! and each has a file here with its trait, its types and its SQL: `games.rs` (the games and
//! their actions: [`Store`], whose trait is [`crate::storage`]'s), `accounts.rs`
//! ([`AccountStore`]), `lobby.rs` ([`LobbyStore`]), `results.rs` ([`ResultStore`]), `chat.rs`
//! ([`ChatStore`]), `analysis.rs` ([`AnalysisStore`]) and `integrity.rs` ([`IntegrityStore`]:
//! what the rules of rated games read). [`Backend`] is all of them, and
//! [`SqlStore`] implements them all on either database.
//!
//! The SQL is written once for both databases. A [`SqlStore`] holds the pool of one or the
//! other, and each method's body is compiled once for each (the `on_db!` macro below): every
//! query runs through that database's own sqlx driver, with its own types, and nothing converts
//! rows or parameters in between. The queries use `$1`-style parameters, which both databases
//! read, numbered in order of first use (SQLite numbers named parameters that way); the few
//! statements that differ choose by [`SqlStore::dialect`]. Rows are read through `Columns`
//! (`sql.rs`), so that a function mapping a row serves both databases.
//!
//! Nothing here lives in one process's memory only: several nodes on one database see the same
//! games, accounts, challenges, ratings and chat.
//!
//! [`Store`]: crate::storage::Store

use sqlx::{PgPool, SqlitePool};

use crate::storage::{Store, StoreError};

/// A store method's body, run on whichever database `$store` (a [`SqlStore`]) has: binds
/// `$pool` to its pool (`&SqlitePool` or `&PgPool`) and boxes `$body` as the async block that
/// the store traits return. The body is compiled once per database, so that sqlx checks each
/// bind and read against that database's own types; its sqlx errors become [`StoreError`]s
/// with `?`.
///
/// It is the method's last expression: both arms take the method's `BoxFuture` type from
/// there, so a call costs one allocation and one branch, as a hand-written
/// `Box::pin(async move { .. })` for one database did. Defined before the store modules so that
/// they see it.
macro_rules! on_db {
    ($store:expr, |$pool:ident| $body:expr) => {
        match &$store.pool {
            $crate::store::Pool::Sqlite($pool) => ::std::boxed::Box::pin(async move { $body }),
            $crate::store::Pool::Postgres($pool) => ::std::boxed::Box::pin(async move { $body }),
        }
    };
}

/// The statement that stores a new game's row, with every column of a [`GameMeta`] bound: one
/// place for it, whether the game starts empty (`create_game`) or arrives whole
/// (`add_finished_game`). Its value is a query to execute on a pool or a transaction.
///
/// [`GameMeta`]: crate::storage::GameMeta
macro_rules! insert_game {
    ($meta:expr) => {{
        let meta: &$crate::storage::GameMeta = $meta;
        let rules = serde_json::to_string(&meta.rules).map_err($crate::store::sql::db)?;
        let clock = meta
            .online
            .clock
            .as_ref()
            .map(serde_json::to_string)
            .transpose()
            .map_err($crate::store::sql::db)?;
        let [p0, p1] = &meta.online.players;
        sqlx::query(
            "INSERT INTO games (id, mode, rules, level, bot_seat, token0, token1, rematch_of, created_at,
             name0, account0, name1, account1, rated, lobby, clock, unrated, takebacks)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)",
        )
        .bind(&meta.id)
        .bind(meta.mode.as_str())
        .bind(rules)
        .bind(&meta.level)
        .bind(meta.bot_seat.map(|s| s as i64))
        .bind(&meta.tokens[0])
        .bind(&meta.tokens[1])
        .bind(&meta.rematch_of)
        .bind(meta.created_at)
        .bind(p0.as_ref().map(|p| p.name.clone()))
        .bind(p0.as_ref().and_then(|p| p.account))
        .bind(p1.as_ref().map(|p| p.name.clone()))
        .bind(p1.as_ref().and_then(|p| p.account))
        .bind(i64::from(meta.online.rated))
        .bind(i64::from(meta.online.lobby))
        .bind(clock)
        .bind(meta.online.unrated.map(|u| u.as_str()))
        .bind(i64::from(meta.takebacks))
    }};
}

/// The statement that keeps a game's result once (a second is ignored), with a
/// [`GameResult`]'s columns bound; a query to execute on a pool or a transaction.
macro_rules! insert_result {
    ($result:expr) => {{
        let r: &$crate::store::GameResult = $result;
        sqlx::query(
            "INSERT INTO results (game_id, winner, how, reason, score0, score1, ended_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(&r.game)
        .bind(r.winner as i64)
        .bind(&r.how)
        .bind(&r.reason)
        .bind(i64::from(r.score[0]))
        .bind(i64::from(r.score[1]))
        .bind(r.ended_at)
    }};
}

mod accounts;
mod analysis;
mod chat;
mod games;
mod integrity;
mod lobby;
mod postgres;
mod results;
mod sql;
mod sqlite;

pub use accounts::{Account, AccountStore};
pub use analysis::{AnalysisStore, StoredAnalysis};
pub use chat::ChatStore;
pub use integrity::IntegrityStore;
pub use lobby::LobbyStore;
pub use postgres::fresh_database;
pub use results::{GameResult, HistoryPoint, Leader, LiveGame, PastGame, RatingView, ResultStore};
pub use sql::{Database, Dialect};

/// Everything the server keeps: one database provides it all.
pub trait Backend:
    Store + AccountStore + LobbyStore + ResultStore + ChatStore + AnalysisStore + IntegrityStore
{
}

impl<
        T: Store
            + AccountStore
            + LobbyStore
            + ResultStore
            + ChatStore
            + AnalysisStore
            + IntegrityStore,
    > Backend for T
{
}

/// Every store in one SQL database, SQLite or PostgreSQL.
#[derive(Clone)]
pub struct SqlStore {
    pool: Pool,
}

/// The connections of a [`SqlStore`], to one database or the other.
#[derive(Clone)]
enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

impl SqlStore {
    /// Opens the database `db` names (an SQLite file is created if missing) and brings its
    /// schema up to date: the migrations under `crates/server/migrations/sqlite` or
    /// `crates/server/migrations/postgres` (the same versions in PostgreSQL's types).
    pub async fn open(db: &Database) -> Result<SqlStore, StoreError> {
        let pool = match db {
            Database::Sqlite(path) => Pool::Sqlite(sqlite::connect(path).await?),
            Database::Postgres(url) => Pool::Postgres(postgres::connect(url).await?),
        };
        // Two nodes starting at once on PostgreSQL: sqlx takes an advisory lock around the
        // migrations, so one runs them and the other finds them done.
        match &pool {
            Pool::Sqlite(p) => sqlx::migrate!("./migrations/sqlite").run(p).await,
            Pool::Postgres(p) => sqlx::migrate!("./migrations/postgres").run(p).await,
        }
        .map_err(|e| StoreError::Database(format!("migration failed: {e}")))?;
        let store = SqlStore { pool };
        // Accounts made before names had skeletons (migration 0005) get theirs once.
        let filled = store.fill_skeletons().await?;
        if filled > 0 {
            tracing::info!(accounts = filled, "name skeletons filled");
        }
        Ok(store)
    }

    /// The SQL this store speaks.
    pub fn dialect(&self) -> Dialect {
        match self.pool {
            Pool::Sqlite(_) => Dialect::Sqlite,
            Pool::Postgres(_) => Dialect::Postgres,
        }
    }

    /// The PostgreSQL pool, on which the nodes sharing the database talk (crate::cluster::nodes); `None`
    /// on SQLite, which one node has to itself.
    pub(crate) fn postgres_pool(&self) -> Option<&PgPool> {
        match &self.pool {
            Pool::Sqlite(_) => None,
            Pool::Postgres(p) => Some(p),
        }
    }
}
