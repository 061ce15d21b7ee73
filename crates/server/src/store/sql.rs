//! What the stores share: which database a URL names, the dialects, how a database's errors
//! become [`StoreError`]s, and how a row of either database is read.

use std::fmt;
use std::path::PathBuf;

use sqlx::postgres::PgRow;
use sqlx::sqlite::SqliteRow;
use sqlx::{Decode, Postgres, Sqlite, Type};

use crate::storage::StoreError;

/// Where the server keeps everything: an SQLite file (the default) or a PostgreSQL database
/// that several nodes may share.
#[derive(Clone, PartialEq, Eq)]
pub enum Database {
    /// An SQLite file, created if missing.
    Sqlite(PathBuf),
    /// A PostgreSQL URL (`postgres://user:password@host/name`).
    Postgres(String),
}

impl Database {
    /// Reads `acey serve --db`: a `postgres://` or `postgresql://` URL, an `sqlite://` URL, or
    /// a file path.
    pub fn parse(text: &str) -> Database {
        let t = text.trim();
        if t.starts_with("postgres://") || t.starts_with("postgresql://") {
            return Database::Postgres(t.to_string());
        }
        let path = t
            .strip_prefix("sqlite://")
            .or_else(|| t.strip_prefix("sqlite:"))
            .unwrap_or(t);
        Database::Sqlite(PathBuf::from(path))
    }

    /// Whether several nodes can share it.
    pub fn is_shared(&self) -> bool {
        matches!(self, Database::Postgres(_))
    }
}

impl From<PathBuf> for Database {
    fn from(p: PathBuf) -> Database {
        Database::Sqlite(p)
    }
}

impl From<&std::path::Path> for Database {
    fn from(p: &std::path::Path) -> Database {
        Database::Sqlite(p.to_path_buf())
    }
}

/// Shown without a PostgreSQL password (logs, `--help`, errors).
impl fmt::Display for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Database::Sqlite(p) => write!(f, "{}", p.display()),
            Database::Postgres(url) => f.write_str(&redact(url)),
        }
    }
}

impl fmt::Debug for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Database({self})")
    }
}

/// A URL with its password replaced by `***`.
pub fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    match rest.split_once('@') {
        Some((user, host)) if user.contains(':') => {
            let name = user.split(':').next().unwrap_or("");
            format!("{scheme}://{name}:***@{host}")
        }
        _ => url.to_string(),
    }
}

/// The SQL spoken: the statements that differ between the two databases choose by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// SQLite.
    Sqlite,
    /// PostgreSQL.
    Postgres,
}

/// An error of the database, or of encoding what goes into it, as the store reports it.
pub(crate) fn db(e: impl fmt::Display) -> StoreError {
    StoreError::Database(e.to_string())
}

/// So that `?` reports sqlx's errors: the stores map them in this one place.
impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        db(e)
    }
}

/// Whether a database error is a unique key refusing a second row (the name taken, the action
/// number appended by someone else first).
pub(super) fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

/// A type that both databases read from a column (`i64`, `f64`, `String` and their `Option`s).
/// Its bounds are supertraits, so that code generic over [`Columns`] needs no bounds of its own.
pub(super) trait Value:
    for<'r> Decode<'r, Sqlite> + Type<Sqlite> + for<'r> Decode<'r, Postgres> + Type<Postgres>
{
}

impl<T> Value for T where
    T: for<'r> Decode<'r, Sqlite> + Type<Sqlite> + for<'r> Decode<'r, Postgres> + Type<Postgres>
{
}

/// A row of either database, read by column name: what the row-mapping functions shared by
/// both databases take.
pub(super) trait Columns {
    /// The value of `column`.
    fn read<T: Value>(&self, column: &str) -> Result<T, StoreError>;
}

impl Columns for SqliteRow {
    fn read<T: Value>(&self, column: &str) -> Result<T, StoreError> {
        Ok(sqlx::Row::try_get(self, column)?)
    }
}

impl Columns for PgRow {
    fn read<T: Value>(&self, column: &str) -> Result<T, StoreError> {
        Ok(sqlx::Row::try_get(self, column)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_and_paths_pick_the_backend_and_passwords_never_show() {
        assert_eq!(
            Database::parse("postgres://acey:secret@db/acey"),
            Database::Postgres("postgres://acey:secret@db/acey".into())
        );
        assert!(Database::parse("postgresql://db/acey").is_shared());
        assert_eq!(
            Database::parse("sqlite://data/acey.db"),
            Database::Sqlite("data/acey.db".into())
        );
        assert_eq!(
            Database::parse("acey.db"),
            Database::Sqlite("acey.db".into())
        );
        let shown = Database::parse("postgres://acey:secret@db/acey").to_string();
        assert_eq!(shown, "postgres://acey:***@db/acey");
        assert!(!format!("{:?}", Database::parse("postgres://a:pw@h/d")).contains("pw"));
        assert_eq!(redact("postgres://db/acey"), "postgres://db/acey");
    }
}
