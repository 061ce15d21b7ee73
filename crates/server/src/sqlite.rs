//! The SQLite backend of [`Store`], through sqlx with runtime-checked queries (no database is
//! needed to compile). Migrations under `crates/server/migrations` run when the store opens.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use acey_rules::{Action, Rules};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row, SqlitePool};

use crate::storage::{BoxFuture, GameMeta, Mode, Online, Seated, Store, StoreError, StoredGame};

/// Games in one SQLite file.
#[derive(Clone)]
pub struct SqliteStore {
    pool: SqlitePool,
}

fn db(e: impl std::fmt::Display) -> StoreError {
    StoreError::Database(e.to_string())
}

impl SqliteStore {
    /// Opens (creating if needed) the database file and brings its schema up to date.
    pub async fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        // WAL with synchronous=FULL: every acknowledged action is on disk before the client hears
        // of it, so neither a crash of the process nor a power loss can take it back.
        let options = SqliteConnectOptions::from_str("sqlite://")
            .map_err(db)?
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .busy_timeout(Duration::from_secs(10))
            .foreign_keys(true);
        // One connection: SQLite takes one writer at a time anyway, and writers queued on one
        // connection wait in order instead of in SQLite's busy handler, which sleeps in steps
        // of up to 100 ms (a latency spike under load).
        let pool = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options)
            .await
            .map_err(|e| StoreError::Database(format!("cannot open {}: {e}", path.display())))?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .map_err(|e| StoreError::Database(format!("migration failed: {e}")))?;
        Ok(SqliteStore { pool })
    }

    /// The connection pool (for the other stores this backend implements).
    pub(crate) fn pool(&self) -> &SqlitePool {
        &self.pool
    }
}

fn meta_from_row(row: &sqlx::sqlite::SqliteRow) -> Result<GameMeta, StoreError> {
    let id: String = row.try_get("id").map_err(db)?;
    let corrupt = |reason: String| StoreError::Corrupt {
        game: id.clone(),
        reason,
    };
    let mode: String = row.try_get("mode").map_err(db)?;
    let mode = Mode::parse(&mode).ok_or_else(|| corrupt(format!("unknown mode '{mode}'")))?;
    let rules: String = row.try_get("rules").map_err(db)?;
    let rules: Rules =
        serde_json::from_str(&rules).map_err(|e| corrupt(format!("bad rules: {e}")))?;
    let bot_seat: Option<i64> = row.try_get("bot_seat").map_err(db)?;
    let seated = |i: usize| -> Result<Option<Seated>, StoreError> {
        let name: Option<String> = row.try_get(format!("name{i}").as_str()).map_err(db)?;
        let account: Option<i64> = row.try_get(format!("account{i}").as_str()).map_err(db)?;
        Ok(name.map(|name| Seated { name, account }))
    };
    let clock: Option<String> = row.try_get("clock").map_err(db)?;
    let clock = clock
        .map(|c| serde_json::from_str(&c))
        .transpose()
        .map_err(|e| corrupt(format!("bad clock: {e}")))?;
    let rated: i64 = row.try_get("rated").map_err(db)?;
    let lobby: i64 = row.try_get("lobby").map_err(db)?;
    let online = Online {
        players: [seated(0)?, seated(1)?],
        rated: rated != 0,
        lobby: lobby != 0,
        clock,
        ratings: [None, None],
    };
    Ok(GameMeta {
        online,
        mode,
        rules,
        level: row.try_get("level").map_err(db)?,
        bot_seat: bot_seat.map(|s| s as usize),
        tokens: [
            row.try_get("token0").map_err(db)?,
            row.try_get("token1").map_err(db)?,
        ],
        rematch_of: row.try_get("rematch_of").map_err(db)?,
        created_at: row.try_get("created_at").map_err(db)?,
        id,
    })
}

impl Store for SqliteStore {
    fn create_game<'a>(&'a self, meta: &'a GameMeta) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
            let rules = serde_json::to_string(&meta.rules).map_err(db)?;
            let clock = meta
                .online
                .clock
                .as_ref()
                .map(serde_json::to_string)
                .transpose()
                .map_err(db)?;
            let [p0, p1] = &meta.online.players;
            sqlx::query(
                "INSERT INTO games (id, mode, rules, level, bot_seat, token0, token1, rematch_of, created_at,
                 name0, account0, name1, account1, rated, lobby, clock)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            )
            .bind(&meta.id)
            .bind(meta.mode.as_str())
            .bind(rules)
            .bind(&meta.level)
            .bind(meta.bot_seat.map(|s| s as i64))
            .bind(&meta.tokens[0])
            .bind(&meta.tokens[1])
            .bind(&meta.rematch_of)
            .bind(meta.created_at)
            .bind(p0.as_ref().map(|p| p.name.clone()))
            .bind(p0.as_ref().and_then(|p| p.account))
            .bind(p1.as_ref().map(|p| p.name.clone()))
            .bind(p1.as_ref().and_then(|p| p.account))
            .bind(i64::from(meta.online.rated))
            .bind(i64::from(meta.online.lobby))
            .bind(clock)
            .execute(&self.pool)
            .await
            .map_err(db)?;
            Ok(())
        })
    }

    fn claim_seat<'a>(
        &'a self,
        game: &'a str,
        seat: usize,
        token: &'a str,
    ) -> BoxFuture<'a, Result<bool, StoreError>> {
        Box::pin(async move {
            // The IS NULL condition makes the claim atomic: of two joiners, one wins.
            let sql = if seat == 0 {
                "UPDATE games SET token0 = ? WHERE id = ? AND token0 IS NULL"
            } else {
                "UPDATE games SET token1 = ? WHERE id = ? AND token1 IS NULL"
            };
            let done = sqlx::query(sql)
                .bind(token)
                .bind(game)
                .execute(&self.pool)
                .await
                .map_err(db)?;
            Ok(done.rows_affected() == 1)
        })
    }

    fn replace_seat<'a>(
        &'a self,
        game: &'a str,
        seat: usize,
        old: &'a str,
        new: &'a str,
    ) -> BoxFuture<'a, Result<bool, StoreError>> {
        Box::pin(async move {
            // Conditional on the old value: of two joiners with the same old token, one wins.
            let sql = if seat == 0 {
                "UPDATE games SET token0 = ? WHERE id = ? AND token0 = ?"
            } else {
                "UPDATE games SET token1 = ? WHERE id = ? AND token1 = ?"
            };
            let done = sqlx::query(sql)
                .bind(new)
                .bind(game)
                .bind(old)
                .execute(&self.pool)
                .await
                .map_err(db)?;
            Ok(done.rows_affected() == 1)
        })
    }

    fn append_action<'a>(
        &'a self,
        game: &'a str,
        n: usize,
        action: &'a Action,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
            let json = serde_json::to_string(action).map_err(db)?;
            sqlx::query("INSERT INTO actions (game_id, n, action) VALUES (?, ?, ?)")
                .bind(game)
                .bind(n as i64)
                .bind(json)
                .execute(&self.pool)
                .await
                .map_err(db)?;
            Ok(())
        })
    }

    fn find_rematch<'a>(
        &'a self,
        game: &'a str,
    ) -> BoxFuture<'a, Result<Option<String>, StoreError>> {
        Box::pin(async move {
            let row = sqlx::query("SELECT id FROM games WHERE rematch_of = ? LIMIT 1")
                .bind(game)
                .fetch_optional(&self.pool)
                .await
                .map_err(db)?;
            row.map(|r| r.try_get("id").map_err(db)).transpose()
        })
    }

    fn delete_abandoned(&self, before: i64) -> BoxFuture<'_, Result<u64, StoreError>> {
        Box::pin(async move {
            // A person's action is anything but the server's own die-off and rolls. One
            // transaction, so that no action is left without its game.
            let mut tx = self.pool.begin().await.map_err(db)?;
            sqlx::query(
                "DELETE FROM actions WHERE game_id IN (SELECT g.id FROM games g WHERE g.created_at < ?1
                 AND NOT EXISTS (SELECT 1 FROM actions a WHERE a.game_id = g.id
                 AND json_extract(a.action, '$.action') NOT IN ('die-off', 'roll')))",
            )
            .bind(before)
            .execute(&mut *tx)
            .await
            .map_err(db)?;
            // Their actions are gone now, so "no action of a person" is "no action at all".
            let done = sqlx::query(
                "DELETE FROM games WHERE created_at < ?1
                 AND NOT EXISTS (SELECT 1 FROM actions a WHERE a.game_id = games.id)",
            )
            .bind(before)
            .execute(&mut *tx)
            .await
            .map_err(db)?;
            tx.commit().await.map_err(db)?;
            Ok(done.rows_affected())
        })
    }

    fn set_player<'a>(
        &'a self,
        game: &'a str,
        seat: usize,
        player: &'a Seated,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
            let sql = if seat == 0 {
                "UPDATE games SET name0 = ?, account0 = ? WHERE id = ?"
            } else {
                "UPDATE games SET name1 = ?, account1 = ? WHERE id = ?"
            };
            sqlx::query(sql)
                .bind(&player.name)
                .bind(player.account)
                .bind(game)
                .execute(&self.pool)
                .await
                .map_err(db)?;
            Ok(())
        })
    }

    fn save_clock<'a>(
        &'a self,
        game: &'a str,
        clock: &'a crate::clock::Clock,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
            let json = serde_json::to_string(clock).map_err(db)?;
            sqlx::query("UPDATE games SET clock = ? WHERE id = ?")
                .bind(json)
                .bind(game)
                .execute(&self.pool)
                .await
                .map_err(db)?;
            Ok(())
        })
    }

    fn running_clocks(&self) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
        Box::pin(async move {
            let rows = sqlx::query(
                "SELECT id FROM games WHERE clock IS NOT NULL
                 AND json_extract(clock, '$.running') IS NOT NULL
                 AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game_id = games.id)",
            )
            .fetch_all(&self.pool)
            .await
            .map_err(db)?;
            rows.iter().map(|r| r.try_get("id").map_err(db)).collect()
        })
    }

    fn load_game<'a>(
        &'a self,
        game: &'a str,
    ) -> BoxFuture<'a, Result<Option<StoredGame>, StoreError>> {
        Box::pin(async move {
            let Some(row) = sqlx::query("SELECT * FROM games WHERE id = ?")
                .bind(game)
                .fetch_optional(&self.pool)
                .await
                .map_err(db)?
            else {
                return Ok(None);
            };
            let meta = meta_from_row(&row)?;
            let rows = sqlx::query("SELECT n, action FROM actions WHERE game_id = ? ORDER BY n")
                .bind(game)
                .fetch_all(&self.pool)
                .await
                .map_err(db)?;
            let mut actions = Vec::with_capacity(rows.len());
            for (i, row) in rows.iter().enumerate() {
                let n: i64 = row.try_get("n").map_err(db)?;
                let text: String = row.try_get("action").map_err(db)?;
                let corrupt = |reason: String| StoreError::Corrupt {
                    game: game.to_string(),
                    reason,
                };
                if n != i as i64 {
                    return Err(corrupt(format!("action {i} is missing")));
                }
                actions.push(
                    serde_json::from_str(&text).map_err(|e| corrupt(format!("action {i}: {e}")))?,
                );
            }
            Ok(Some(StoredGame { meta, actions }))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn games_and_actions_round_trip_and_seats_are_claimed_once() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("t.db")).await.unwrap();
        let meta = GameMeta {
            id: "g1".into(),
            mode: Mode::Friend,
            rules: "bgammon".parse().unwrap(),
            level: None,
            bot_seat: None,
            tokens: [Some("a".into()), None],
            rematch_of: None,
            created_at: 5,
            online: Default::default(),
        };
        store.create_game(&meta).await.unwrap();
        let a = Action::DieOff { dice: [5, 2] };
        store.append_action("g1", 0, &a).await.unwrap();
        // The same number twice is refused: a game's log never forks.
        assert!(store.append_action("g1", 0, &Action::Undo).await.is_err());
        assert!(store.claim_seat("g1", 1, "b").await.unwrap());
        assert!(!store.claim_seat("g1", 1, "c").await.unwrap());
        let back = store.load_game("g1").await.unwrap().unwrap();
        assert_eq!(back.actions, vec![a]);
        assert_eq!(back.meta.tokens, [Some("a".into()), Some("b".into())]);
        assert_eq!(back.meta.rules, meta.rules);
        assert!(store.load_game("nope").await.unwrap().is_none());
        // Reopening runs the migrations again without harm.
        drop(store);
        let again = SqliteStore::open(&dir.path().join("t.db")).await.unwrap();
        assert_eq!(
            again.load_game("g1").await.unwrap().unwrap().actions.len(),
            1
        );
    }

    #[tokio::test]
    async fn abandoned_games_go_and_played_ones_stay_and_rematches_are_found() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("t.db")).await.unwrap();
        let game = |id: &str, created_at, rematch_of: Option<&str>| GameMeta {
            id: id.into(),
            mode: Mode::Local,
            rules: "american".parse().unwrap(),
            level: None,
            bot_seat: None,
            tokens: [Some("t".into()), Some("t".into())],
            rematch_of: rematch_of.map(String::from),
            created_at,
            online: Default::default(),
        };
        // Old and untouched but for the server's dice; old and moved in; new and untouched.
        store.create_game(&game("old", 10, None)).await.unwrap();
        store
            .append_action("old", 0, &Action::DieOff { dice: [5, 2] })
            .await
            .unwrap();
        store.create_game(&game("played", 10, None)).await.unwrap();
        store
            .append_action("played", 0, &Action::DieOff { dice: [5, 2] })
            .await
            .unwrap();
        store
            .append_action("played", 1, &Action::Undo)
            .await
            .unwrap();
        store
            .create_game(&game("new", 1000, Some("played")))
            .await
            .unwrap();
        assert_eq!(store.delete_abandoned(500).await.unwrap(), 1);
        assert!(store.load_game("old").await.unwrap().is_none());
        assert!(store.load_game("played").await.unwrap().is_some());
        assert!(store.load_game("new").await.unwrap().is_some());
        assert_eq!(
            store.find_rematch("played").await.unwrap().as_deref(),
            Some("new")
        );
        assert_eq!(store.find_rematch("new").await.unwrap(), None);
    }
}
