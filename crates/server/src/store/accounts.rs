//! Accounts and their login sessions: [`AccountStore`], its types, its SQL.

use super::sql::{is_unique_violation, Columns};
use super::SqlStore;
use crate::account::PlayerName;
use crate::storage::{BoxFuture, StoreError};

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
    /// Creates an account; `None` when the name is taken (ignoring case) or looks like an
    /// account's name (the same [`PlayerName::skeleton`]).
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

    /// An account whose name is `name` or looks like it (the same skeleton), if any.
    fn account_like<'a>(
        &'a self,
        name: &'a PlayerName,
    ) -> BoxFuture<'a, Result<Option<Account>, StoreError>>;

    /// Gives the accounts made before names had skeletons theirs; returns how many.
    fn fill_skeletons(&self) -> BoxFuture<'_, Result<u64, StoreError>>;

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

/// A row with an account's `id`, `name` and `password`.
fn account_from_row(row: &impl Columns) -> Result<Account, StoreError> {
    Ok(Account {
        id: row.read("id")?,
        name: row.read("name")?,
        password: row.read("password")?,
    })
}

impl AccountStore for SqlStore {
    fn create_account<'a>(
        &'a self,
        name: &'a PlayerName,
        password_hash: &'a str,
        now: i64,
    ) -> BoxFuture<'a, Result<Option<i64>, StoreError>> {
        on_db!(self, |pool| {
            // Not made when an account's name looks like it: the check and the insert are one
            // statement.
            let done = sqlx::query(
                "INSERT INTO accounts (name, name_key, name_skeleton, password, created_at)
                 SELECT $1, $2, $3, $4, $5
                 WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE name_skeleton = $3)
                 RETURNING id",
            )
            .bind(name.as_str())
            .bind(name.key())
            .bind(name.skeleton())
            .bind(password_hash)
            .bind(now)
            .fetch_optional(pool)
            .await;
            match done {
                Ok(Some(row)) => Ok(Some(row.read("id")?)),
                Ok(None) => Ok(None),
                // The unique key on the folded name decides between two registrations at once.
                Err(e) if is_unique_violation(&e) => Ok(None),
                Err(e) => Err(e.into()),
            }
        })
    }

    fn account_by_name<'a>(
        &'a self,
        name: &'a str,
    ) -> BoxFuture<'a, Result<Option<Account>, StoreError>> {
        on_db!(self, |pool| {
            let row = sqlx::query("SELECT id, name, password FROM accounts WHERE name_key = $1")
                .bind(name.trim().to_lowercase())
                .fetch_optional(pool)
                .await?;
            row.as_ref().map(account_from_row).transpose()
        })
    }

    fn account_like<'a>(
        &'a self,
        name: &'a PlayerName,
    ) -> BoxFuture<'a, Result<Option<Account>, StoreError>> {
        on_db!(self, |pool| {
            let row = sqlx::query(
                "SELECT id, name, password FROM accounts WHERE name_key = $1 OR name_skeleton = $2
                 ORDER BY id LIMIT 1",
            )
            .bind(name.key())
            .bind(name.skeleton())
            .fetch_optional(pool)
            .await?;
            row.as_ref().map(account_from_row).transpose()
        })
    }

    fn fill_skeletons(&self) -> BoxFuture<'_, Result<u64, StoreError>> {
        on_db!(self, |pool| {
            let rows = sqlx::query("SELECT id, name FROM accounts WHERE name_skeleton IS NULL")
                .fetch_all(pool)
                .await?;
            let mut filled = 0;
            for row in &rows {
                let id: i64 = row.read("id")?;
                let name: String = row.read("name")?;
                filled += sqlx::query("UPDATE accounts SET name_skeleton = $1 WHERE id = $2")
                    .bind(crate::account::name::skeleton(&name))
                    .bind(id)
                    .execute(pool)
                    .await?
                    .rows_affected();
            }
            Ok(filled)
        })
    }

    fn set_password<'a>(
        &'a self,
        account: i64,
        password_hash: &'a str,
        keep: &'a str,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        on_db!(self, |pool| {
            let mut tx = pool.begin().await?;
            sqlx::query("UPDATE accounts SET password = $1 WHERE id = $2")
                .bind(password_hash)
                .bind(account)
                .execute(&mut *tx)
                .await?;
            sqlx::query("DELETE FROM sessions WHERE account_id = $1 AND token_hash <> $2")
                .bind(account)
                .bind(keep)
                .execute(&mut *tx)
                .await?;
            Ok(tx.commit().await?)
        })
    }

    fn create_session<'a>(
        &'a self,
        token_hash: &'a str,
        account: i64,
        now: i64,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        on_db!(self, |pool| {
            sqlx::query(
                "INSERT INTO sessions (token_hash, account_id, created_at, last_seen) VALUES ($1, $2, $3, $4)",
            )
            .bind(token_hash)
            .bind(account)
            .bind(now)
            .bind(now)
            .execute(pool)
            .await?;
            Ok(())
        })
    }

    fn session_account<'a>(
        &'a self,
        token_hash: &'a str,
        fresh_after: i64,
        now: i64,
    ) -> BoxFuture<'a, Result<Option<Account>, StoreError>> {
        on_db!(self, |pool| {
            let row = sqlx::query(
                "SELECT a.id, a.name, a.password FROM sessions s JOIN accounts a ON a.id = s.account_id
                 WHERE s.token_hash = $1 AND s.last_seen > $2",
            )
            .bind(token_hash)
            .bind(fresh_after)
            .fetch_optional(pool)
            .await?;
            let Some(row) = row else {
                return Ok(None);
            };
            // Marked used at most once a minute: a page load is not a write.
            sqlx::query(
                "UPDATE sessions SET last_seen = $1 WHERE token_hash = $2 AND last_seen < $3",
            )
            .bind(now)
            .bind(token_hash)
            .bind(now - 60)
            .execute(pool)
            .await?;
            account_from_row(&row).map(Some)
        })
    }

    fn adopt_seats<'a>(
        &'a self,
        account: &'a Account,
        seats: &'a [(String, String)],
    ) -> BoxFuture<'a, Result<u64, StoreError>> {
        on_db!(self, |pool| {
            let mut tx = pool.begin().await?;
            let mut changed = 0;
            for (game, token) in seats {
                let inherited = crate::seat_token::inherited(token);
                for seat in 0..2 {
                    // Conditional on the seat's token and on no account yet: a guest's seat
                    // is adopted once, and only by whoever holds its secret.
                    let sql = if seat == 0 {
                        "UPDATE games SET account0 = $1, name0 = $2
                         WHERE id = $3 AND account0 IS NULL AND (token0 = $4 OR token0 = $5)
                         AND mode <> 'local'"
                    } else {
                        "UPDATE games SET account1 = $1, name1 = $2
                         WHERE id = $3 AND account1 IS NULL AND (token1 = $4 OR token1 = $5)
                         AND mode <> 'local'"
                    };
                    let done = sqlx::query(sql)
                        .bind(account.id)
                        .bind(&account.name)
                        .bind(game)
                        .bind(token)
                        .bind(&inherited)
                        .execute(&mut *tx)
                        .await?;
                    changed += done.rows_affected();
                }
            }
            tx.commit().await?;
            Ok(changed)
        })
    }

    fn delete_session<'a>(&'a self, token_hash: &'a str) -> BoxFuture<'a, Result<(), StoreError>> {
        on_db!(self, |pool| {
            sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
                .bind(token_hash)
                .execute(pool)
                .await?;
            Ok(())
        })
    }
}
