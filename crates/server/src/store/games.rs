//! The games and their actions: [`Store`] in SQL.

use acey_rules::{Action, Rules};

use super::sql::{db, is_unique_violation, Columns, Dialect};
use super::SqlStore;
use crate::storage::{BoxFuture, GameMeta, Mode, Online, Seated, Store, StoreError, StoredGame};
use crate::store::GameResult;

/// A row of `games`.
fn meta_from_row(row: &impl Columns) -> Result<GameMeta, StoreError> {
    let id: String = row.read("id")?;
    let corrupt = |reason: String| StoreError::Corrupt {
        game: id.clone(),
        reason,
    };
    let mode: String = row.read("mode")?;
    let mode = Mode::parse(&mode).ok_or_else(|| corrupt(format!("unknown mode '{mode}'")))?;
    let rules: String = row.read("rules")?;
    let rules: Rules =
        serde_json::from_str(&rules).map_err(|e| corrupt(format!("bad rules: {e}")))?;
    let bot_seat: Option<i64> = row.read("bot_seat")?;
    let seated = |i: usize| -> Result<Option<Seated>, StoreError> {
        let name: Option<String> = row.read(&format!("name{i}"))?;
        let account = row.read(&format!("account{i}"))?;
        Ok(name.map(|name| Seated { name, account }))
    };
    let clock: Option<String> = row.read("clock")?;
    let clock = clock
        .map(|c| serde_json::from_str(&c))
        .transpose()
        .map_err(|e| corrupt(format!("bad clock: {e}")))?;
    let rated: i64 = row.read("rated")?;
    let lobby: i64 = row.read("lobby")?;
    let unrated: Option<String> = row.read("unrated")?;
    let online = Online {
        players: [seated(0)?, seated(1)?],
        rated: rated != 0,
        // A reason this version does not know reads as Other, as clients read it.
        unrated: unrated.map(|u| {
            serde_json::from_value(serde_json::Value::String(u))
                .unwrap_or(acey_protocol::Unrated::Other)
        }),
        lobby: lobby != 0,
        clock,
        ratings: [None, None],
    };
    Ok(GameMeta {
        online,
        mode,
        rules,
        level: row.read("level")?,
        bot_seat: bot_seat.map(|s| s as usize),
        tokens: [row.read("token0")?, row.read("token1")?],
        rematch_of: row.read("rematch_of")?,
        created_at: row.read("created_at")?,
        takebacks: u32::try_from(row.read::<i64>("takebacks")?)
            .map_err(|_| corrupt("a negative count of takebacks".into()))?,
        id,
    })
}

/// The actions of `game` in order, from rows of `actions` sorted by number; a gap is corrupt.
fn actions_from_rows(game: &str, rows: &[impl Columns]) -> Result<Vec<Action>, StoreError> {
    let corrupt = |reason: String| StoreError::Corrupt {
        game: game.to_string(),
        reason,
    };
    let mut actions = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        let n: i64 = row.read("n")?;
        let text: String = row.read("action")?;
        if n != i as i64 {
            return Err(corrupt(format!("action {i} is missing")));
        }
        actions.push(serde_json::from_str(&text).map_err(|e| corrupt(format!("action {i}: {e}")))?);
    }
    Ok(actions)
}

impl Store for SqlStore {
    fn create_game<'a>(&'a self, meta: &'a GameMeta) -> BoxFuture<'a, Result<(), StoreError>> {
        on_db!(self, |pool| {
            insert_game!(meta).execute(pool).await?;
            Ok(())
        })
    }

    fn add_finished_game<'a>(
        &'a self,
        meta: &'a GameMeta,
        actions: &'a [Action],
        result: &'a GameResult,
    ) -> BoxFuture<'a, Result<bool, StoreError>> {
        on_db!(self, |pool| {
            // One transaction: the game is kept whole, with its result, or not at all.
            let mut tx = pool.begin().await?;
            match insert_game!(meta).execute(&mut *tx).await {
                Ok(_) => {}
                Err(e) if is_unique_violation(&e) => return Ok(false),
                Err(e) => return Err(e.into()),
            }
            for (n, action) in actions.iter().enumerate() {
                let json = serde_json::to_string(action).map_err(db)?;
                sqlx::query("INSERT INTO actions (game_id, n, action) VALUES ($1, $2, $3)")
                    .bind(&meta.id)
                    .bind(n as i64)
                    .bind(json)
                    .execute(&mut *tx)
                    .await?;
            }
            insert_result!(result).execute(&mut *tx).await?;
            tx.commit().await?;
            Ok(true)
        })
    }

    fn claim_seat<'a>(
        &'a self,
        game: &'a str,
        seat: usize,
        token: &'a str,
    ) -> BoxFuture<'a, Result<bool, StoreError>> {
        self.set_token(game, seat, None, token)
    }

    fn replace_seat<'a>(
        &'a self,
        game: &'a str,
        seat: usize,
        old: &'a str,
        new: &'a str,
    ) -> BoxFuture<'a, Result<bool, StoreError>> {
        self.set_token(game, seat, Some(old), new)
    }

    fn append_action<'a>(
        &'a self,
        game: &'a str,
        n: usize,
        action: &'a Action,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        on_db!(self, |pool| {
            let json = serde_json::to_string(action).map_err(db)?;
            let done = sqlx::query("INSERT INTO actions (game_id, n, action) VALUES ($1, $2, $3)")
                .bind(game)
                .bind(n as i64)
                .bind(json)
                .execute(pool)
                .await;
            match done {
                Ok(_) => Ok(()),
                // The key (game, n): another node appended this number first.
                Err(e) if is_unique_violation(&e) => Err(StoreError::Conflict {
                    game: game.to_string(),
                    n,
                }),
                Err(e) => Err(e.into()),
            }
        })
    }

    fn take_back<'a>(
        &'a self,
        game: &'a str,
        keep: usize,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        on_db!(self, |pool| {
            let mut tx = pool.begin().await?;
            sqlx::query("DELETE FROM actions WHERE game_id = $1 AND n >= $2")
                .bind(game)
                .bind(keep as i64)
                .execute(&mut *tx)
                .await?;
            sqlx::query("UPDATE games SET takebacks = takebacks + 1 WHERE id = $1")
                .bind(game)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok(())
        })
    }

    fn find_rematch<'a>(
        &'a self,
        game: &'a str,
    ) -> BoxFuture<'a, Result<Option<String>, StoreError>> {
        on_db!(self, |pool| {
            let row = sqlx::query("SELECT id FROM games WHERE rematch_of = $1 LIMIT 1")
                .bind(game)
                .fetch_optional(pool)
                .await?;
            row.map(|r| r.read("id")).transpose()
        })
    }

    fn ping(&self) -> BoxFuture<'_, Result<(), StoreError>> {
        on_db!(self, |pool| {
            sqlx::query("SELECT 1").execute(pool).await?;
            Ok(())
        })
    }

    fn delete_abandoned(&self, before: i64) -> BoxFuture<'_, Result<u64, StoreError>> {
        // A person's action is anything but the server's own die-off and rolls.
        let actions = match self.dialect() {
            Dialect::Sqlite => {
                "DELETE FROM actions WHERE game_id IN (SELECT g.id FROM games g WHERE g.created_at < $1
                 AND NOT EXISTS (SELECT 1 FROM actions a WHERE a.game_id = g.id
                 AND json_extract(a.action, '$.action') NOT IN ('die-off', 'roll')))"
            }
            Dialect::Postgres => {
                "DELETE FROM actions WHERE game_id IN (SELECT g.id FROM games g WHERE g.created_at < $1
                 AND NOT EXISTS (SELECT 1 FROM actions a WHERE a.game_id = g.id
                 AND (a.action::jsonb ->> 'action') NOT IN ('die-off', 'roll')))"
            }
        };
        on_db!(self, |pool| {
            // One transaction, so that no action is left without its game.
            let mut tx = pool.begin().await?;
            sqlx::query(actions).bind(before).execute(&mut *tx).await?;
            // Their actions are gone now, so "no action of a person" is "no action at all".
            let done = sqlx::query(
                "DELETE FROM games WHERE created_at < $1
                 AND NOT EXISTS (SELECT 1 FROM actions a WHERE a.game_id = games.id)",
            )
            .bind(before)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(done.rows_affected())
        })
    }

    fn set_player<'a>(
        &'a self,
        game: &'a str,
        seat: usize,
        player: &'a Seated,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        let sql = if seat == 0 {
            "UPDATE games SET name0 = $1, account0 = $2 WHERE id = $3"
        } else {
            "UPDATE games SET name1 = $1, account1 = $2 WHERE id = $3"
        };
        on_db!(self, |pool| {
            sqlx::query(sql)
                .bind(&player.name)
                .bind(player.account)
                .bind(game)
                .execute(pool)
                .await?;
            Ok(())
        })
    }

    fn save_clock<'a>(
        &'a self,
        game: &'a str,
        clock: &'a crate::clock::Clock,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        on_db!(self, |pool| {
            let json = serde_json::to_string(clock).map_err(db)?;
            sqlx::query("UPDATE games SET clock = $1 WHERE id = $2")
                .bind(json)
                .bind(game)
                .execute(pool)
                .await?;
            Ok(())
        })
    }

    fn running_clocks(&self) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
        let sql = match self.dialect() {
            Dialect::Sqlite => {
                "SELECT id FROM games WHERE clock IS NOT NULL
                 AND json_extract(clock, '$.running') IS NOT NULL
                 AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game_id = games.id)"
            }
            Dialect::Postgres => {
                "SELECT id FROM games WHERE clock IS NOT NULL
                 AND (clock::jsonb ->> 'running') IS NOT NULL
                 AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game_id = games.id)"
            }
        };
        on_db!(self, |pool| {
            let rows = sqlx::query(sql).fetch_all(pool).await?;
            rows.iter().map(|r| r.read("id")).collect()
        })
    }

    fn load_game<'a>(
        &'a self,
        game: &'a str,
    ) -> BoxFuture<'a, Result<Option<StoredGame>, StoreError>> {
        on_db!(self, |pool| {
            let Some(row) = sqlx::query("SELECT * FROM games WHERE id = $1")
                .bind(game)
                .fetch_optional(pool)
                .await?
            else {
                return Ok(None);
            };
            let meta = meta_from_row(&row)?;
            let rows = sqlx::query("SELECT n, action FROM actions WHERE game_id = $1 ORDER BY n")
                .bind(game)
                .fetch_all(pool)
                .await?;
            let actions = actions_from_rows(game, &rows)?;
            Ok(Some(StoredGame { meta, actions }))
        })
    }
}

impl SqlStore {
    /// Gives `seat` the token `new` where it holds `old` (`None`: where it is free); whether it
    /// did. Conditional on what the seat holds, so that of two joiners (with the same old
    /// token), one wins.
    fn set_token<'a>(
        &'a self,
        game: &'a str,
        seat: usize,
        old: Option<&'a str>,
        new: &'a str,
    ) -> BoxFuture<'a, Result<bool, StoreError>> {
        let sql = match (seat, old) {
            (0, None) => "UPDATE games SET token0 = $1 WHERE id = $2 AND token0 IS NULL",
            (_, None) => "UPDATE games SET token1 = $1 WHERE id = $2 AND token1 IS NULL",
            (0, Some(_)) => "UPDATE games SET token0 = $1 WHERE id = $2 AND token0 = $3",
            (_, Some(_)) => "UPDATE games SET token1 = $1 WHERE id = $2 AND token1 = $3",
        };
        on_db!(self, |pool| {
            let mut query = sqlx::query(sql).bind(new).bind(game);
            if let Some(old) = old {
                query = query.bind(old);
            }
            Ok(query.execute(pool).await?.rows_affected() == 1)
        })
    }
}
