//! The chat lines of games: [`ChatStore`] and its SQL.

use super::sql::Columns;
use super::SqlStore;
use crate::chat::{Channel, ChatLine};
use crate::storage::{BoxFuture, StoreError};

/// Chat lines of games.
pub trait ChatStore: Send + Sync + 'static {
    /// Keeps a line.
    fn add_chat<'a>(
        &'a self,
        game: &'a str,
        line: &'a ChatLine,
    ) -> BoxFuture<'a, Result<(), StoreError>>;

    /// The latest `limit` lines of a game, oldest first.
    fn chat<'a>(
        &'a self,
        game: &'a str,
        limit: u32,
    ) -> BoxFuture<'a, Result<Vec<ChatLine>, StoreError>>;
}

/// A row of `chat`.
fn line_from_row(row: &impl Columns) -> Result<ChatLine, StoreError> {
    let channel: String = row.read("channel")?;
    let seat: Option<i64> = row.read("seat")?;
    let at: i64 = row.read("at")?;
    Ok(ChatLine {
        channel: Channel::parse(&channel).unwrap_or(Channel::Spectators),
        from: row.read("name")?,
        seat: seat.map(|s| s as usize),
        text: row.read("text")?,
        at: at.max(0) as u64,
    })
}

impl ChatStore for SqlStore {
    fn add_chat<'a>(
        &'a self,
        game: &'a str,
        line: &'a ChatLine,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        on_db!(self, |pool| {
            sqlx::query(
                "INSERT INTO chat (game_id, n, channel, name, seat, text, at)
                 VALUES ($1, (SELECT COALESCE(MAX(n), -1) + 1 FROM chat WHERE game_id = $1), $2, $3, $4, $5, $6)",
            )
            .bind(game)
            .bind(line.channel.as_str())
            .bind(&line.from)
            .bind(line.seat.map(|s| s as i64))
            .bind(&line.text)
            .bind(line.at as i64)
            .execute(pool)
            .await?;
            Ok(())
        })
    }

    fn chat<'a>(
        &'a self,
        game: &'a str,
        limit: u32,
    ) -> BoxFuture<'a, Result<Vec<ChatLine>, StoreError>> {
        on_db!(self, |pool| {
            // The latest first, to take the last `limit`; then turned to oldest first.
            let rows = sqlx::query(
                "SELECT channel, name, seat, text, at FROM chat WHERE game_id = $1
                 ORDER BY n DESC LIMIT $2",
            )
            .bind(game)
            .bind(i64::from(limit))
            .fetch_all(pool)
            .await?;
            rows.iter().rev().map(line_from_row).collect()
        })
    }
}
