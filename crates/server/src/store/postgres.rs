//! The PostgreSQL backend: everything in one database that several server nodes share.

use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::PgPool;

use super::sql::redact;
use crate::storage::StoreError;

/// Connections a node keeps to the database.
const POOL_SIZE: u32 = 16;

/// Connects to `url`; the caller migrates the database.
pub(super) async fn connect(url: &str) -> Result<PgPool, StoreError> {
    let options: PgConnectOptions = url
        .parse()
        .map_err(|e| StoreError::Database(format!("bad database URL {}: {e}", redact(url))))?;
    PgPoolOptions::new()
        .max_connections(POOL_SIZE)
        .acquire_timeout(Duration::from_secs(10))
        .connect_with(options)
        .await
        .map_err(|e| StoreError::Database(format!("cannot connect to {}: {e}", redact(url))))
}

/// Creates an empty database of a random name on the PostgreSQL server `server_url` names (any
/// database URL of that server); returns the new database's URL. For tests and benchmarks that
/// each want a site of their own.
pub async fn fresh_database(server_url: &str) -> Result<String, StoreError> {
    use sqlx::Connection;
    let name = format!(
        "acey_{}",
        crate::random::game_id()
            .map_err(|e| StoreError::Database(e.to_string()))?
            .to_lowercase()
            .replace('-', "_")
    );
    let base = server_url
        .rsplit_once('/')
        .map(|(b, _)| b.to_string())
        .ok_or_else(|| {
            StoreError::Database(format!("not a database URL: {}", redact(server_url)))
        })?;
    let mut c = sqlx::PgConnection::connect(server_url).await.map_err(|e| {
        StoreError::Database(format!("cannot connect to {}: {e}", redact(server_url)))
    })?;
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE DATABASE \"{name}\"")))
        .execute(&mut c)
        .await?;
    Ok(format!("{base}/{name}"))
}
