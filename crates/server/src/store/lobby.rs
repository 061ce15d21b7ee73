//! The lobby's open challenges and quick-pairing seeks: [`LobbyStore`] and its SQL.

use super::sql::{db, Columns};
use super::SqlStore;
use crate::lobby::Challenge;
use crate::storage::{BoxFuture, StoreError};

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

/// A row of `challenges`.
fn challenge_from_row(row: &impl Columns) -> Result<Challenge, StoreError> {
    let clock: Option<String> = row.read("clock")?;
    let account: Option<i64> = row.read("account_id")?;
    let match_to: i64 = row.read("match_to")?;
    let rated: i64 = row.read("rated")?;
    Ok(Challenge {
        id: row.read("id")?,
        name: row.read("name")?,
        account,
        registered: account.is_some(),
        rating: row.read("rating")?,
        rules: row.read("rules")?,
        match_to: match_to.clamp(0, i64::from(u32::MAX)) as u32,
        clock: clock
            .map(|c| serde_json::from_str(&c))
            .transpose()
            .map_err(db)?,
        rated: rated != 0,
        pool: row.read("pool")?,
        owner: row.read("owner")?,
        created_at: row.read("created_at")?,
    })
}

impl LobbyStore for SqlStore {
    fn add_challenge<'a>(&'a self, c: &'a Challenge) -> BoxFuture<'a, Result<(), StoreError>> {
        on_db!(self, |pool| {
            let clock = c
                .clock
                .map(|t| serde_json::to_string(&t))
                .transpose()
                .map_err(db)?;
            sqlx::query(
                "INSERT INTO challenges (id, name, account_id, rating, rules, match_to, clock, rated, pool, owner, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
            )
            .bind(&c.id)
            .bind(&c.name)
            .bind(c.account)
            .bind(c.rating)
            .bind(&c.rules)
            .bind(i64::from(c.match_to))
            .bind(clock)
            .bind(i64::from(c.rated))
            .bind(&c.pool)
            .bind(&c.owner)
            .bind(c.created_at)
            .execute(pool)
            .await?;
            Ok(())
        })
    }

    fn take_challenge<'a>(
        &'a self,
        id: &'a str,
    ) -> BoxFuture<'a, Result<Option<Challenge>, StoreError>> {
        on_db!(self, |pool| {
            // DELETE ... RETURNING: of two takers, the one whose delete ran gets the row.
            let row = sqlx::query("DELETE FROM challenges WHERE id = $1 RETURNING *")
                .bind(id)
                .fetch_optional(pool)
                .await?;
            row.as_ref().map(challenge_from_row).transpose()
        })
    }

    fn take_challenges_of<'a>(
        &'a self,
        owner: &'a str,
    ) -> BoxFuture<'a, Result<Vec<Challenge>, StoreError>> {
        on_db!(self, |pool| {
            let rows = sqlx::query("DELETE FROM challenges WHERE owner = $1 RETURNING *")
                .bind(owner)
                .fetch_all(pool)
                .await?;
            rows.iter().map(challenge_from_row).collect()
        })
    }

    fn challenges(&self) -> BoxFuture<'_, Result<Vec<Challenge>, StoreError>> {
        on_db!(self, |pool| {
            let rows = sqlx::query("SELECT * FROM challenges ORDER BY created_at, id")
                .fetch_all(pool)
                .await?;
            rows.iter().map(challenge_from_row).collect()
        })
    }
}
