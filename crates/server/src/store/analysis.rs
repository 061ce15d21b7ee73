//! The analyses of games (crate::analysis), the latest of each: [`AnalysisStore`], its type,
//! its SQL.

use super::sql::Columns;
use super::SqlStore;
use crate::storage::{BoxFuture, StoreError};

/// A game's analysis as stored (crate::analysis).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredAnalysis {
    /// How many of the game's actions it judged (all it had then).
    pub actions: usize,
    /// The depth of the search that judged it.
    pub plies: u8,
    /// The level whose evaluator judged it.
    pub level: String,
    /// The JSON of docs/analysis.md.
    pub body: String,
}

/// Analyses of games, one (the latest) per game.
pub trait AnalysisStore: Send + Sync + 'static {
    /// Keeps `analysis` as the analysis of `game`, replacing any before it.
    fn put_analysis<'a>(
        &'a self,
        game: &'a str,
        analysis: &'a StoredAnalysis,
        now: i64,
    ) -> BoxFuture<'a, Result<(), StoreError>>;

    /// The latest analysis of `game`.
    fn analysis<'a>(
        &'a self,
        game: &'a str,
    ) -> BoxFuture<'a, Result<Option<StoredAnalysis>, StoreError>>;
}

impl AnalysisStore for SqlStore {
    fn put_analysis<'a>(
        &'a self,
        game: &'a str,
        analysis: &'a StoredAnalysis,
        now: i64,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        on_db!(self, |pool| {
            sqlx::query(
                "INSERT INTO analyses (game_id, actions, plies, level, body, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6)
                 ON CONFLICT (game_id) DO UPDATE SET actions = excluded.actions,
                 plies = excluded.plies, level = excluded.level, body = excluded.body,
                 created_at = excluded.created_at",
            )
            .bind(game)
            .bind(analysis.actions as i64)
            .bind(i64::from(analysis.plies))
            .bind(&analysis.level)
            .bind(&analysis.body)
            .bind(now)
            .execute(pool)
            .await?;
            Ok(())
        })
    }

    fn analysis<'a>(
        &'a self,
        game: &'a str,
    ) -> BoxFuture<'a, Result<Option<StoredAnalysis>, StoreError>> {
        on_db!(self, |pool| {
            let row =
                sqlx::query("SELECT actions, plies, level, body FROM analyses WHERE game_id = $1")
                    .bind(game)
                    .fetch_optional(pool)
                    .await?;
            let Some(row) = row else { return Ok(None) };
            let actions: i64 = row.read("actions")?;
            let plies: i64 = row.read("plies")?;
            Ok(Some(StoredAnalysis {
                actions: actions.max(0) as usize,
                plies: plies.clamp(0, 2) as u8,
                level: row.read("level")?,
                body: row.read("body")?,
            }))
        })
    }
}
