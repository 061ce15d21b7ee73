//! The PostgreSQL backend: every store ([`super::Backend`]) in one database that
//! several server nodes share. Migrations under `crates/server/migrations/postgres` (the same
//! versions as SQLite's, in this database's types) run when the store opens; the queries are
//! `sql_store.rs`, shared with SQLite.

use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::PgPool;

use super::sql::redact;
use crate::storage::StoreError;

/// Everything in one PostgreSQL database.
#[derive(Clone)]
pub struct PgStore {
    pool: PgPool,
}

/// Connections a node keeps to the database.
const POOL_SIZE: u32 = 16;

impl PgStore {
    /// Connects to `url` and brings the schema up to date.
    pub async fn open(url: &str) -> Result<PgStore, StoreError> {
        let options: PgConnectOptions = url
            .parse()
            .map_err(|e| StoreError::Database(format!("bad database URL {}: {e}", redact(url))))?;
        let pool = PgPoolOptions::new()
            .max_connections(POOL_SIZE)
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(options)
            .await
            .map_err(|e| StoreError::Database(format!("cannot connect to {}: {e}", redact(url))))?;
        // Two nodes starting at once: sqlx takes an advisory lock around the migrations, so
        // one runs them and the other finds them done.
        sqlx::migrate!("./migrations/postgres")
            .run(&pool)
            .await
            .map_err(|e| StoreError::Database(format!("migration failed: {e}")))?;
        Ok(PgStore { pool })
    }

    /// The connection pool.
    pub(crate) fn pool(&self) -> &PgPool {
        &self.pool
    }
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
        .await
        .map_err(|e| StoreError::Database(e.to_string()))?;
    Ok(format!("{base}/{name}"))
}

/// The queries, compiled for PostgreSQL.
mod queries {
    #[allow(dead_code)]
    type Db = sqlx::Postgres;
    type DbRow = sqlx::postgres::PgRow;
    type StoreImpl = super::PgStore;
    const DIALECT: Dialect = Dialect::Postgres;
    include!("sql_store.rs");
}
