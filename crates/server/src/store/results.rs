//! Results, ratings and what profiles, the lobby and leaderboards show of them:
//! [`ResultStore`], its types, its SQL.

use super::sql::{db, Columns};
use super::SqlStore;
use crate::rating::{Family, Kind, Rating};
use crate::storage::{BoxFuture, StoreError};

/// How a finished game or match ended, as kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameResult {
    /// The game.
    pub game: String,
    /// The winning seat.
    pub winner: usize,
    /// `bore-off`, `resigned`, `dropped` or `forfeited`.
    pub how: String,
    /// For a forfeit: `time` or `left`.
    pub reason: Option<String>,
    /// Final score, seat 0 first.
    pub score: [u32; 2],
    /// Unix seconds.
    pub ended_at: i64,
}

/// A rating as shown.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct RatingView {
    /// The family.
    pub family: Family,
    /// Game or match.
    pub kind: Kind,
    /// The rating, rounded.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Whether it is still provisional.
    pub provisional: bool,
    /// Rated results.
    pub games: u32,
}

/// A point of a rating history.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct HistoryPoint {
    /// The family.
    pub family: Family,
    /// Game or match.
    pub kind: Kind,
    /// The rating after the game.
    pub rating: f64,
    /// Unix seconds.
    pub at: i64,
}

/// A finished game in a player's history.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct PastGame {
    /// The game id (its replay is `/replay/ID`).
    pub id: String,
    /// The opponent's name.
    pub opponent: String,
    /// Whether the opponent has an account.
    pub opponent_registered: bool,
    /// The computer's level where the opponent was the computer (pages name it in the
    /// reader's language; `opponent` is its English name); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opponent_level: Option<String>,
    /// `win` or `loss`.
    pub result: &'static str,
    /// Final points, the player's first.
    pub points: [u32; 2],
    /// Whether it was rated.
    pub rated: bool,
    /// The rule string.
    pub rules: String,
    /// Unix seconds.
    pub ended_at: i64,
}

pub use acey_protocol::LiveGame;

/// A row of a leaderboard.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Leader {
    /// The player.
    pub name: String,
    /// Game or match.
    pub kind: Kind,
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Rated results.
    pub games: u32,
}

/// Results, ratings and what profiles, the lobby and leaderboards show of them.
pub trait ResultStore: Send + Sync + 'static {
    /// Keeps a result; `false` when the game had one already (so ratings move once).
    fn record_result<'a>(&'a self, r: &'a GameResult) -> BoxFuture<'a, Result<bool, StoreError>>;

    /// An account's rating in a family and kind (the default for none yet).
    fn rating(
        &self,
        account: i64,
        family: Family,
        kind: Kind,
    ) -> BoxFuture<'_, Result<Rating, StoreError>>;

    /// Stores a rating after `game` and adds it to the history.
    fn save_rating<'a>(
        &'a self,
        account: i64,
        family: Family,
        kind: Kind,
        rating: &'a Rating,
        game: &'a str,
        at: i64,
    ) -> BoxFuture<'a, Result<(), StoreError>>;

    /// Every rating of an account.
    fn ratings_of(&self, account: i64) -> BoxFuture<'_, Result<Vec<RatingView>, StoreError>>;

    /// An account's rating history, oldest first.
    fn history_of(&self, account: i64) -> BoxFuture<'_, Result<Vec<HistoryPoint>, StoreError>>;

    /// An account's finished games, newest first.
    fn games_of(
        &self,
        account: i64,
        limit: u32,
    ) -> BoxFuture<'_, Result<Vec<PastGame>, StoreError>>;

    /// Lobby games being played (no result yet), started since `since`, newest first.
    fn live_games(
        &self,
        since: i64,
        limit: u32,
    ) -> BoxFuture<'_, Result<Vec<LiveGame>, StoreError>>;

    /// The best rated in a family (kinds together), best first.
    fn leaderboard(
        &self,
        family: Family,
        limit: u32,
    ) -> BoxFuture<'_, Result<Vec<Leader>, StoreError>>;
}

/// A row with a rating's `rating`, `deviation`, `volatility` and `games`.
fn rating_from_row(row: &impl Columns) -> Result<Rating, StoreError> {
    let games: i64 = row.read("games")?;
    Ok(Rating {
        rating: row.read("rating")?,
        deviation: row.read("deviation")?,
        volatility: row.read("volatility")?,
        games: games.clamp(0, i64::from(u32::MAX)) as u32,
    })
}

/// A row's `family` and `kind`.
fn family_kind(row: &impl Columns) -> Result<(Family, Kind), StoreError> {
    let family: String = row.read("family")?;
    let kind: String = row.read("kind")?;
    let bad = |what: &str| StoreError::Database(format!("unknown rating {what} stored"));
    Ok((
        Family::parse(&family).ok_or_else(|| bad("family"))?,
        Kind::parse(&kind).ok_or_else(|| bad("kind"))?,
    ))
}

/// A row of `ratings`, as shown.
fn rating_view_from_row(row: &impl Columns) -> Result<RatingView, StoreError> {
    let (family, kind) = family_kind(row)?;
    let r = rating_from_row(row)?;
    Ok(RatingView {
        family,
        kind,
        rating: r.rating.round(),
        deviation: r.deviation.round(),
        provisional: r.provisional(),
        games: r.games,
    })
}

/// A row of `rating_history`.
fn history_point_from_row(row: &impl Columns) -> Result<HistoryPoint, StoreError> {
    let (family, kind) = family_kind(row)?;
    let rating: f64 = row.read("rating")?;
    Ok(HistoryPoint {
        family,
        kind,
        rating: rating.round(),
        at: row.read("at")?,
    })
}

/// A finished game (a row of `games` joined with its result) as `account` played it.
fn past_game_from_row(row: &impl Columns, account: i64) -> Result<PastGame, StoreError> {
    let a0: Option<i64> = row.read("account0")?;
    let me = if a0 == Some(account) { 0 } else { 1 };
    let other = 1 - me;
    let names: [Option<String>; 2] = [row.read("name0")?, row.read("name1")?];
    let accounts: [Option<i64>; 2] = [a0, row.read("account1")?];
    let winner: i64 = row.read("winner")?;
    let score: [i64; 2] = [row.read("score0")?, row.read("score1")?];
    let rules: String = row.read("rules")?;
    let rules: acey_rules::Rules = serde_json::from_str(&rules).map_err(db)?;
    let rated: i64 = row.read("rated")?;
    let bot: Option<i64> = row.read("bot_seat")?;
    let level: Option<String> = row.read("level")?;
    let opponent_level =
        (bot == Some(other as i64)).then(|| level.unwrap_or_else(|| "casual".into()));
    let opponent = match &opponent_level {
        Some(level) => format!("computer ({level})"),
        None => names[other].clone().unwrap_or_else(|| "guest".into()),
    };
    Ok(PastGame {
        id: row.read("id")?,
        opponent,
        opponent_registered: accounts[other].is_some(),
        opponent_level,
        result: if winner as usize == me { "win" } else { "loss" },
        points: [score[me] as u32, score[other] as u32],
        rated: rated != 0,
        rules: rules.to_string(),
        ended_at: row.read("ended_at")?,
    })
}

/// A row of `games` being played.
fn live_game_from_row(row: &impl Columns) -> Result<LiveGame, StoreError> {
    let rules: String = row.read("rules")?;
    let rules: acey_rules::Rules = serde_json::from_str(&rules).map_err(db)?;
    let rated: i64 = row.read("rated")?;
    let name = |c: &str| -> Result<String, StoreError> {
        let n: Option<String> = row.read(c)?;
        Ok(n.unwrap_or_else(|| "?".into()))
    };
    Ok(LiveGame {
        id: row.read("id")?,
        names: [name("name0")?, name("name1")?],
        rules: rules.to_string(),
        rated: rated != 0,
        created_at: row.read("created_at")?,
    })
}

/// A row of a leaderboard.
fn leader_from_row(row: &impl Columns) -> Result<Leader, StoreError> {
    let kind: String = row.read("kind")?;
    let games: i64 = row.read("games")?;
    let rating: f64 = row.read("rating")?;
    let deviation: f64 = row.read("deviation")?;
    Ok(Leader {
        name: row.read("name")?,
        kind: Kind::parse(&kind).unwrap_or(Kind::Game),
        rating: rating.round(),
        deviation: deviation.round(),
        games: games.max(0) as u32,
    })
}

impl ResultStore for SqlStore {
    fn record_result<'a>(&'a self, r: &'a GameResult) -> BoxFuture<'a, Result<bool, StoreError>> {
        on_db!(self, |pool| {
            let done = insert_result!(r).execute(pool).await?;
            Ok(done.rows_affected() == 1)
        })
    }

    fn rating(
        &self,
        account: i64,
        family: Family,
        kind: Kind,
    ) -> BoxFuture<'_, Result<Rating, StoreError>> {
        on_db!(self, |pool| {
            let row = sqlx::query(
                "SELECT rating, deviation, volatility, games FROM ratings
                 WHERE account_id = $1 AND family = $2 AND kind = $3",
            )
            .bind(account)
            .bind(family.as_str())
            .bind(kind.as_str())
            .fetch_optional(pool)
            .await?;
            row.as_ref()
                .map(rating_from_row)
                .transpose()
                .map(Option::unwrap_or_default)
        })
    }

    fn save_rating<'a>(
        &'a self,
        account: i64,
        family: Family,
        kind: Kind,
        rating: &'a Rating,
        game: &'a str,
        at: i64,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        on_db!(self, |pool| {
            let mut tx = pool.begin().await?;
            sqlx::query(
                "INSERT INTO ratings (account_id, family, kind, rating, deviation, volatility, games)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)
                 ON CONFLICT (account_id, family, kind) DO UPDATE SET rating = excluded.rating,
                 deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games",
            )
            .bind(account)
            .bind(family.as_str())
            .bind(kind.as_str())
            .bind(rating.rating)
            .bind(rating.deviation)
            .bind(rating.volatility)
            .bind(i64::from(rating.games))
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO rating_history (account_id, family, kind, game_id, rating, deviation, at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(account)
            .bind(family.as_str())
            .bind(kind.as_str())
            .bind(game)
            .bind(rating.rating)
            .bind(rating.deviation)
            .bind(at)
            .execute(&mut *tx)
            .await?;
            Ok(tx.commit().await?)
        })
    }

    fn ratings_of(&self, account: i64) -> BoxFuture<'_, Result<Vec<RatingView>, StoreError>> {
        on_db!(self, |pool| {
            let rows = sqlx::query(
                "SELECT family, kind, rating, deviation, volatility, games FROM ratings
                 WHERE account_id = $1 ORDER BY family, kind",
            )
            .bind(account)
            .fetch_all(pool)
            .await?;
            rows.iter().map(rating_view_from_row).collect()
        })
    }

    fn history_of(&self, account: i64) -> BoxFuture<'_, Result<Vec<HistoryPoint>, StoreError>> {
        on_db!(self, |pool| {
            let rows = sqlx::query(
                "SELECT family, kind, rating, at FROM rating_history WHERE account_id = $1
                 ORDER BY at, game_id LIMIT 2000",
            )
            .bind(account)
            .fetch_all(pool)
            .await?;
            rows.iter().map(history_point_from_row).collect()
        })
    }

    fn games_of(
        &self,
        account: i64,
        limit: u32,
    ) -> BoxFuture<'_, Result<Vec<PastGame>, StoreError>> {
        on_db!(self, |pool| {
            let rows = sqlx::query(
                "SELECT g.id, g.rules, g.rated, g.name0, g.name1, g.account0, g.account1,
                        g.bot_seat, g.level, r.winner, r.score0, r.score1, r.ended_at
                 FROM games g JOIN results r ON r.game_id = g.id
                 WHERE g.account0 = $1 OR g.account1 = $1
                 ORDER BY r.ended_at DESC, g.id LIMIT $2",
            )
            .bind(account)
            .bind(i64::from(limit))
            .fetch_all(pool)
            .await?;
            rows.iter()
                .map(|row| past_game_from_row(row, account))
                .collect()
        })
    }

    fn live_games(
        &self,
        since: i64,
        limit: u32,
    ) -> BoxFuture<'_, Result<Vec<LiveGame>, StoreError>> {
        on_db!(self, |pool| {
            let rows = sqlx::query(
                "SELECT id, rules, rated, name0, name1, created_at FROM games g
                 WHERE lobby = 1 AND created_at >= $1
                 AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id)
                 ORDER BY created_at DESC, id LIMIT $2",
            )
            .bind(since)
            .bind(i64::from(limit))
            .fetch_all(pool)
            .await?;
            rows.iter().map(live_game_from_row).collect()
        })
    }

    fn leaderboard(
        &self,
        family: Family,
        limit: u32,
    ) -> BoxFuture<'_, Result<Vec<Leader>, StoreError>> {
        on_db!(self, |pool| {
            // Provisional ratings (deviation over crate::rating::PROVISIONAL) are not ranked,
            // as on lichess: a lucky first game does not top the board.
            let rows = sqlx::query(
                "SELECT a.name, r.kind, r.rating, r.deviation, r.games FROM ratings r
                 JOIN accounts a ON a.id = r.account_id
                 WHERE r.family = $1 AND r.deviation <= $2
                 ORDER BY r.rating DESC, a.name LIMIT $3",
            )
            .bind(family.as_str())
            .bind(crate::rating::PROVISIONAL)
            .bind(i64::from(limit))
            .fetch_all(pool)
            .await?;
            rows.iter().map(leader_from_row).collect()
        })
    }
}
