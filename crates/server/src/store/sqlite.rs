//! The SQLite backend, the default: every store ([`super::Backend`]) in one file,
//! through sqlx with runtime-checked queries (no database is needed to compile). Migrations
//! under `crates/server/migrations/sqlite` run when the store opens. The queries themselves are
//! `sql_store.rs`, shared with the PostgreSQL backend.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::SqlitePool;

use super::sql::db;
use crate::storage::StoreError;

/// Games in one SQLite file.
#[derive(Clone)]
pub struct SqliteStore {
    pool: SqlitePool,
}

impl SqliteStore {
    /// Opens (creating if needed) the database file and brings its schema up to date.
    pub async fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        // WAL with synchronous=FULL: every acknowledged action is on disk before the client hears
        // of it, so neither a crash of the process nor a power loss can take it back.
        let options = SqliteConnectOptions::from_str("sqlite://")
            .map_err(db)?
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .busy_timeout(Duration::from_secs(10))
            .foreign_keys(true);
        // One connection: SQLite takes one writer at a time anyway, and writers queued on one
        // connection wait in order instead of in SQLite's busy handler, which sleeps in steps
        // of up to 100 ms (a latency spike under load).
        let pool = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options)
            .await
            .map_err(|e| StoreError::Database(format!("cannot open {}: {e}", path.display())))?;
        sqlx::migrate!("./migrations/sqlite")
            .run(&pool)
            .await
            .map_err(|e| StoreError::Database(format!("migration failed: {e}")))?;
        Ok(SqliteStore { pool })
    }

    /// The connection pool (for the other stores this backend implements).
    pub(crate) fn pool(&self) -> &SqlitePool {
        &self.pool
    }
}

/// The queries, compiled for SQLite.
mod queries {
    #[allow(dead_code)]
    type Db = sqlx::Sqlite;
    type DbRow = sqlx::sqlite::SqliteRow;
    type StoreImpl = super::SqliteStore;
    const DIALECT: Dialect = Dialect::Sqlite;
    include!("sql_store.rs");
}
