//! What the rules of rated games ([`crate::rating::integrity`]) read and write:
//! [`IntegrityStore`] and its SQL. The networks each account was seen on, the rated games two
//! accounts have played against each other, and games marked unrated with the reason.

use super::sql::Columns;
use super::SqlStore;
use crate::rating::integrity::Unrated;
use crate::storage::{BoxFuture, StoreError};

/// The facts behind the rules of rated games.
pub trait IntegrityStore: Send + Sync + 'static {
    /// Notes that `account` was seen on `network` (an address as
    /// [`crate::rating::integrity::network`] gives it) at `now` (unix seconds).
    fn saw_network<'a>(
        &'a self,
        account: i64,
        network: &'a str,
        now: i64,
    ) -> BoxFuture<'a, Result<(), StoreError>>;

    /// Whether the accounts `a` and `b` were both seen on one network since `since`.
    fn share_network(&self, a: i64, b: i64, since: i64) -> BoxFuture<'_, Result<bool, StoreError>>;

    /// The rated games between the accounts `a` and `b` that ended since `since`, the game
    /// `except` left out (the one being settled).
    fn rated_between<'a>(
        &'a self,
        a: i64,
        b: i64,
        since: i64,
        except: &'a str,
    ) -> BoxFuture<'a, Result<u32, StoreError>>;

    /// Marks a game unrated, and why.
    fn set_unrated<'a>(
        &'a self,
        game: &'a str,
        reason: Unrated,
    ) -> BoxFuture<'a, Result<(), StoreError>>;

    /// Forgets the networks last seen before `before`; returns how many were forgotten.
    fn forget_networks(&self, before: i64) -> BoxFuture<'_, Result<u64, StoreError>>;
}

impl IntegrityStore for SqlStore {
    fn saw_network<'a>(
        &'a self,
        account: i64,
        network: &'a str,
        now: i64,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        on_db!(self, |pool| {
            sqlx::query(
                "INSERT INTO account_networks (account_id, network, last_seen) VALUES ($1, $2, $3)
                 ON CONFLICT (account_id, network) DO UPDATE SET last_seen = excluded.last_seen",
            )
            .bind(account)
            .bind(network)
            .bind(now)
            .execute(pool)
            .await?;
            Ok(())
        })
    }

    fn share_network(&self, a: i64, b: i64, since: i64) -> BoxFuture<'_, Result<bool, StoreError>> {
        on_db!(self, |pool| {
            let row = sqlx::query(
                "SELECT 1 AS shared FROM account_networks x
                 JOIN account_networks y ON y.network = x.network
                 WHERE x.account_id = $1 AND y.account_id = $2
                 AND x.last_seen >= $3 AND y.last_seen >= $3 LIMIT 1",
            )
            .bind(a)
            .bind(b)
            .bind(since)
            .fetch_optional(pool)
            .await?;
            Ok(row.is_some())
        })
    }

    fn rated_between<'a>(
        &'a self,
        a: i64,
        b: i64,
        since: i64,
        except: &'a str,
    ) -> BoxFuture<'a, Result<u32, StoreError>> {
        on_db!(self, |pool| {
            let row = sqlx::query(
                "SELECT COUNT(*) AS n FROM games g JOIN results r ON r.game_id = g.id
                 WHERE g.rated = 1 AND g.id <> $4 AND r.ended_at >= $3
                 AND ((g.account0 = $1 AND g.account1 = $2) OR (g.account0 = $2 AND g.account1 = $1))",
            )
            .bind(a)
            .bind(b)
            .bind(since)
            .bind(except)
            .fetch_one(pool)
            .await?;
            let n: i64 = row.read("n")?;
            Ok(n.clamp(0, i64::from(u32::MAX)) as u32)
        })
    }

    fn set_unrated<'a>(
        &'a self,
        game: &'a str,
        reason: Unrated,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        on_db!(self, |pool| {
            sqlx::query("UPDATE games SET rated = 0, unrated = $2 WHERE id = $1")
                .bind(game)
                .bind(reason.as_str())
                .execute(pool)
                .await?;
            Ok(())
        })
    }

    fn forget_networks(&self, before: i64) -> BoxFuture<'_, Result<u64, StoreError>> {
        on_db!(self, |pool| {
            let done = sqlx::query("DELETE FROM account_networks WHERE last_seen < $1")
                .bind(before)
                .execute(pool)
                .await?;
            Ok(done.rows_affected())
        })
    }
}
