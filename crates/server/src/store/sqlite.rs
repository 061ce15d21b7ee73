//! The SQLite backend, the default: everything in one file.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::SqlitePool;

use crate::storage::StoreError;

/// Opens (creating if needed) the database file; the caller migrates it.
pub(super) async fn connect(path: &Path) -> Result<SqlitePool, StoreError> {
    // WAL with synchronous=FULL: every acknowledged action is on disk before the client hears
    // of it, so neither a crash of the process nor a power loss can take it back.
    let options = SqliteConnectOptions::from_str("sqlite://")?
        .filename(path)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Full)
        .busy_timeout(Duration::from_secs(10))
        .foreign_keys(true);
    // One connection: SQLite takes one writer at a time anyway, and writers queued on one
    // connection wait in order instead of in SQLite's busy handler, which sleeps in steps
    // of up to 100 ms (a latency spike under load).
    SqlitePoolOptions::new()
        .max_connections(1)
        .connect_with(options)
        .await
        .map_err(|e| StoreError::Database(format!("cannot open {}: {e}", path.display())))
}
