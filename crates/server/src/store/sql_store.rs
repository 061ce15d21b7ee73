// The SQL of every store, written once and compiled for each database: `include!`d by
// `sqlite.rs` and `postgres.rs`, each of which first names `Db` (the sqlx database), `DbRow` (its
// row), `StoreImpl` (the store type, with a `pool()`) and `DIALECT`. The queries use `$1`-style
// parameters, which both databases read, numbered in order of first use (SQLite numbers named
// parameters that way); the few statements that differ are chosen by `DIALECT`.

use acey_rules::{Action, Rules};
use sqlx::Row;

use crate::account::PlayerName;
use crate::chat::{Channel, ChatLine};
use crate::lobby::Challenge;
use super::super::online::{
    Account, AccountStore, AnalysisStore, ChatStore, GameResult, HistoryPoint, Leader, LiveGame,
    LobbyStore, PastGame, RatingView, ResultStore, StoredAnalysis,
};
use crate::rating::{Family, Kind, Rating};
use super::super::sql::{db, is_unique_violation, Dialect};
use crate::storage::{BoxFuture, GameMeta, Mode, Online, Seated, Store, StoreError, StoredGame};

fn meta_from_row(row: &DbRow) -> Result<GameMeta, StoreError> {
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

impl Store for StoreImpl {
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
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
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
            .execute(self.pool())
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
                "UPDATE games SET token0 = $1 WHERE id = $2 AND token0 IS NULL"
            } else {
                "UPDATE games SET token1 = $1 WHERE id = $2 AND token1 IS NULL"
            };
            let done = sqlx::query(sql)
                .bind(token)
                .bind(game)
                .execute(self.pool())
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
                "UPDATE games SET token0 = $1 WHERE id = $2 AND token0 = $3"
            } else {
                "UPDATE games SET token1 = $1 WHERE id = $2 AND token1 = $3"
            };
            let done = sqlx::query(sql)
                .bind(new)
                .bind(game)
                .bind(old)
                .execute(self.pool())
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
            let done = sqlx::query("INSERT INTO actions (game_id, n, action) VALUES ($1, $2, $3)")
                .bind(game)
                .bind(n as i64)
                .bind(json)
                .execute(self.pool())
                .await;
            match done {
                Ok(_) => Ok(()),
                // The key (game, n): another node appended this number first.
                Err(e) if is_unique_violation(&e) => Err(StoreError::Conflict {
                    game: game.to_string(),
                    n,
                }),
                Err(e) => Err(db(e)),
            }
        })
    }

    fn find_rematch<'a>(
        &'a self,
        game: &'a str,
    ) -> BoxFuture<'a, Result<Option<String>, StoreError>> {
        Box::pin(async move {
            let row = sqlx::query("SELECT id FROM games WHERE rematch_of = $1 LIMIT 1")
                .bind(game)
                .fetch_optional(self.pool())
                .await
                .map_err(db)?;
            row.map(|r| r.try_get("id").map_err(db)).transpose()
        })
    }

    fn delete_abandoned(&self, before: i64) -> BoxFuture<'_, Result<u64, StoreError>> {
        Box::pin(async move {
            // A person's action is anything but the server's own die-off and rolls. One
            // transaction, so that no action is left without its game.
            let mut tx = self.pool().begin().await.map_err(db)?;
            let sql = match DIALECT {
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
            sqlx::query(sql)
            .bind(before)
            .execute(&mut *tx)
            .await
            .map_err(db)?;
            // Their actions are gone now, so "no action of a person" is "no action at all".
            let done = sqlx::query(
                "DELETE FROM games WHERE created_at < $1
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
                "UPDATE games SET name0 = $1, account0 = $2 WHERE id = $3"
            } else {
                "UPDATE games SET name1 = $1, account1 = $2 WHERE id = $3"
            };
            sqlx::query(sql)
                .bind(&player.name)
                .bind(player.account)
                .bind(game)
                .execute(self.pool())
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
            sqlx::query("UPDATE games SET clock = $1 WHERE id = $2")
                .bind(json)
                .bind(game)
                .execute(self.pool())
                .await
                .map_err(db)?;
            Ok(())
        })
    }

    fn running_clocks(&self) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
        Box::pin(async move {
            let sql = match DIALECT {
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
            let rows = sqlx::query(sql)
            .fetch_all(self.pool())
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
            let Some(row) = sqlx::query("SELECT * FROM games WHERE id = $1")
                .bind(game)
                .fetch_optional(self.pool())
                .await
                .map_err(db)?
            else {
                return Ok(None);
            };
            let meta = meta_from_row(&row)?;
            let rows = sqlx::query("SELECT n, action FROM actions WHERE game_id = $1 ORDER BY n")
                .bind(game)
                .fetch_all(self.pool())
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


fn account_from_row(row: &DbRow) -> Result<Account, StoreError> {
    Ok(Account {
        id: row.try_get("id").map_err(db)?,
        name: row.try_get("name").map_err(db)?,
        password: row.try_get("password").map_err(db)?,
    })
}

impl AccountStore for StoreImpl {
    fn create_account<'a>(
        &'a self,
        name: &'a PlayerName,
        password_hash: &'a str,
        now: i64,
    ) -> BoxFuture<'a, Result<Option<i64>, StoreError>> {
        Box::pin(async move {
            let done = sqlx::query(
                "INSERT INTO accounts (name, name_key, password, created_at) VALUES ($1, $2, $3, $4)
                 RETURNING id",
            )
            .bind(name.as_str())
            .bind(name.key())
            .bind(password_hash)
            .bind(now)
            .fetch_one(self.pool())
            .await;
            match done {
                Ok(row) => Ok(Some(row.try_get("id").map_err(db)?)),
                // The unique key on the folded name decides between two registrations at once.
                Err(e) if is_unique_violation(&e) => Ok(None),
                Err(e) => Err(db(e)),
            }
        })
    }

    fn account_by_name<'a>(
        &'a self,
        name: &'a str,
    ) -> BoxFuture<'a, Result<Option<Account>, StoreError>> {
        Box::pin(async move {
            let row = sqlx::query("SELECT id, name, password FROM accounts WHERE name_key = $1")
                .bind(name.trim().to_lowercase())
                .fetch_optional(self.pool())
                .await
                .map_err(db)?;
            row.as_ref().map(account_from_row).transpose()
        })
    }

    fn set_password<'a>(
        &'a self,
        account: i64,
        password_hash: &'a str,
        keep: &'a str,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
            let mut tx = self.pool().begin().await.map_err(db)?;
            sqlx::query("UPDATE accounts SET password = $1 WHERE id = $2")
                .bind(password_hash)
                .bind(account)
                .execute(&mut *tx)
                .await
                .map_err(db)?;
            sqlx::query("DELETE FROM sessions WHERE account_id = $1 AND token_hash <> $2")
                .bind(account)
                .bind(keep)
                .execute(&mut *tx)
                .await
                .map_err(db)?;
            tx.commit().await.map_err(db)
        })
    }

    fn create_session<'a>(
        &'a self,
        token_hash: &'a str,
        account: i64,
        now: i64,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
            sqlx::query(
                "INSERT INTO sessions (token_hash, account_id, created_at, last_seen) VALUES ($1, $2, $3, $4)",
            )
            .bind(token_hash)
            .bind(account)
            .bind(now)
            .bind(now)
            .execute(self.pool())
            .await
            .map_err(db)?;
            Ok(())
        })
    }

    fn session_account<'a>(
        &'a self,
        token_hash: &'a str,
        fresh_after: i64,
        now: i64,
    ) -> BoxFuture<'a, Result<Option<Account>, StoreError>> {
        Box::pin(async move {
            let row = sqlx::query(
                "SELECT a.id, a.name, a.password FROM sessions s JOIN accounts a ON a.id = s.account_id
                 WHERE s.token_hash = $1 AND s.last_seen > $2",
            )
            .bind(token_hash)
            .bind(fresh_after)
            .fetch_optional(self.pool())
            .await
            .map_err(db)?;
            let Some(row) = row else {
                return Ok(None);
            };
            // Marked used at most once a minute: a page load is not a write.
            sqlx::query("UPDATE sessions SET last_seen = $1 WHERE token_hash = $2 AND last_seen < $3")
                .bind(now)
                .bind(token_hash)
                .bind(now - 60)
                .execute(self.pool())
                .await
                .map_err(db)?;
            account_from_row(&row).map(Some)
        })
    }

    fn adopt_seats<'a>(
        &'a self,
        account: &'a Account,
        seats: &'a [(String, String)],
    ) -> BoxFuture<'a, Result<u64, StoreError>> {
        Box::pin(async move {
            let mut tx = self.pool().begin().await.map_err(db)?;
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
                        .await
                        .map_err(db)?;
                    changed += done.rows_affected();
                }
            }
            tx.commit().await.map_err(db)?;
            Ok(changed)
        })
    }

    fn delete_session<'a>(&'a self, token_hash: &'a str) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
            sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
                .bind(token_hash)
                .execute(self.pool())
                .await
                .map_err(db)?;
            Ok(())
        })
    }
}

fn challenge_from_row(row: &DbRow) -> Result<Challenge, StoreError> {
    let clock: Option<String> = row.try_get("clock").map_err(db)?;
    let account: Option<i64> = row.try_get("account_id").map_err(db)?;
    let match_to: i64 = row.try_get("match_to").map_err(db)?;
    let rated: i64 = row.try_get("rated").map_err(db)?;
    Ok(Challenge {
        id: row.try_get("id").map_err(db)?,
        name: row.try_get("name").map_err(db)?,
        account,
        registered: account.is_some(),
        rating: row.try_get("rating").map_err(db)?,
        rules: row.try_get("rules").map_err(db)?,
        match_to: match_to.clamp(0, i64::from(u32::MAX)) as u32,
        clock: clock
            .map(|c| serde_json::from_str(&c))
            .transpose()
            .map_err(db)?,
        rated: rated != 0,
        pool: row.try_get("pool").map_err(db)?,
        owner: row.try_get("owner").map_err(db)?,
        created_at: row.try_get("created_at").map_err(db)?,
    })
}

impl LobbyStore for StoreImpl {
    fn add_challenge<'a>(&'a self, c: &'a Challenge) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
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
            .execute(self.pool())
            .await
            .map_err(db)?;
            Ok(())
        })
    }

    fn take_challenge<'a>(
        &'a self,
        id: &'a str,
    ) -> BoxFuture<'a, Result<Option<Challenge>, StoreError>> {
        Box::pin(async move {
            // DELETE ... RETURNING: of two takers, the one whose delete ran gets the row.
            let row = sqlx::query("DELETE FROM challenges WHERE id = $1 RETURNING *")
                .bind(id)
                .fetch_optional(self.pool())
                .await
                .map_err(db)?;
            row.as_ref().map(challenge_from_row).transpose()
        })
    }

    fn take_challenges_of<'a>(
        &'a self,
        owner: &'a str,
    ) -> BoxFuture<'a, Result<Vec<Challenge>, StoreError>> {
        Box::pin(async move {
            let rows = sqlx::query("DELETE FROM challenges WHERE owner = $1 RETURNING *")
                .bind(owner)
                .fetch_all(self.pool())
                .await
                .map_err(db)?;
            rows.iter().map(challenge_from_row).collect()
        })
    }

    fn challenges(&self) -> BoxFuture<'_, Result<Vec<Challenge>, StoreError>> {
        Box::pin(async move {
            let rows = sqlx::query("SELECT * FROM challenges ORDER BY created_at, id")
                .fetch_all(self.pool())
                .await
                .map_err(db)?;
            rows.iter().map(challenge_from_row).collect()
        })
    }
}

fn rating_from_row(row: &DbRow) -> Result<Rating, StoreError> {
    let games: i64 = row.try_get("games").map_err(db)?;
    Ok(Rating {
        rating: row.try_get("rating").map_err(db)?,
        deviation: row.try_get("deviation").map_err(db)?,
        volatility: row.try_get("volatility").map_err(db)?,
        games: games.clamp(0, i64::from(u32::MAX)) as u32,
    })
}

fn family_kind(row: &DbRow) -> Result<(Family, Kind), StoreError> {
    let family: String = row.try_get("family").map_err(db)?;
    let kind: String = row.try_get("kind").map_err(db)?;
    let bad = |what: &str| StoreError::Database(format!("unknown rating {what} stored"));
    Ok((
        Family::parse(&family).ok_or_else(|| bad("family"))?,
        Kind::parse(&kind).ok_or_else(|| bad("kind"))?,
    ))
}

impl ResultStore for StoreImpl {
    fn record_result<'a>(&'a self, r: &'a GameResult) -> BoxFuture<'a, Result<bool, StoreError>> {
        Box::pin(async move {
            let done = sqlx::query(
                "INSERT INTO results (game_id, winner, how, reason, score0, score1, ended_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (game_id) DO NOTHING",
            )
            .bind(&r.game)
            .bind(r.winner as i64)
            .bind(&r.how)
            .bind(&r.reason)
            .bind(i64::from(r.score[0]))
            .bind(i64::from(r.score[1]))
            .bind(r.ended_at)
            .execute(self.pool())
            .await
            .map_err(db)?;
            Ok(done.rows_affected() == 1)
        })
    }

    fn rating(
        &self,
        account: i64,
        family: Family,
        kind: Kind,
    ) -> BoxFuture<'_, Result<Rating, StoreError>> {
        Box::pin(async move {
            let row = sqlx::query(
                "SELECT rating, deviation, volatility, games FROM ratings
                 WHERE account_id = $1 AND family = $2 AND kind = $3",
            )
            .bind(account)
            .bind(family.as_str())
            .bind(kind.as_str())
            .fetch_optional(self.pool())
            .await
            .map_err(db)?;
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
        Box::pin(async move {
            let mut tx = self.pool().begin().await.map_err(db)?;
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
            .await
            .map_err(db)?;
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
            .await
            .map_err(db)?;
            tx.commit().await.map_err(db)
        })
    }

    fn ratings_of(&self, account: i64) -> BoxFuture<'_, Result<Vec<RatingView>, StoreError>> {
        Box::pin(async move {
            let rows = sqlx::query(
                "SELECT family, kind, rating, deviation, volatility, games FROM ratings
                 WHERE account_id = $1 ORDER BY family, kind",
            )
            .bind(account)
            .fetch_all(self.pool())
            .await
            .map_err(db)?;
            rows.iter()
                .map(|row| {
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
                })
                .collect()
        })
    }

    fn history_of(&self, account: i64) -> BoxFuture<'_, Result<Vec<HistoryPoint>, StoreError>> {
        Box::pin(async move {
            let rows = sqlx::query(
                "SELECT family, kind, rating, at FROM rating_history WHERE account_id = $1
                 ORDER BY at, game_id LIMIT 2000",
            )
            .bind(account)
            .fetch_all(self.pool())
            .await
            .map_err(db)?;
            rows.iter()
                .map(|row| {
                    let (family, kind) = family_kind(row)?;
                    let rating: f64 = row.try_get("rating").map_err(db)?;
                    Ok(HistoryPoint {
                        family,
                        kind,
                        rating: rating.round(),
                        at: row.try_get("at").map_err(db)?,
                    })
                })
                .collect()
        })
    }

    fn games_of(
        &self,
        account: i64,
        limit: u32,
    ) -> BoxFuture<'_, Result<Vec<PastGame>, StoreError>> {
        Box::pin(async move {
            let rows = sqlx::query(
                "SELECT g.id, g.rules, g.rated, g.name0, g.name1, g.account0, g.account1,
                        g.bot_seat, g.level, r.winner, r.score0, r.score1, r.ended_at
                 FROM games g JOIN results r ON r.game_id = g.id
                 WHERE g.account0 = $1 OR g.account1 = $1
                 ORDER BY r.ended_at DESC, g.id LIMIT $2",
            )
            .bind(account)
            .bind(i64::from(limit))
            .fetch_all(self.pool())
            .await
            .map_err(db)?;
            rows.iter()
                .map(|row| {
                    let a0: Option<i64> = row.try_get("account0").map_err(db)?;
                    let me = if a0 == Some(account) { 0 } else { 1 };
                    let other = 1 - me;
                    let names: [Option<String>; 2] = [
                        row.try_get("name0").map_err(db)?,
                        row.try_get("name1").map_err(db)?,
                    ];
                    let accounts: [Option<i64>; 2] = [a0, row.try_get("account1").map_err(db)?];
                    let winner: i64 = row.try_get("winner").map_err(db)?;
                    let score: [i64; 2] = [
                        row.try_get("score0").map_err(db)?,
                        row.try_get("score1").map_err(db)?,
                    ];
                    let rules: String = row.try_get("rules").map_err(db)?;
                    let rules: acey_rules::Rules = serde_json::from_str(&rules).map_err(db)?;
                    let rated: i64 = row.try_get("rated").map_err(db)?;
                    let bot: Option<i64> = row.try_get("bot_seat").map_err(db)?;
                    let level: Option<String> = row.try_get("level").map_err(db)?;
                    let opponent = if bot == Some(other as i64) {
                        format!("computer ({})", level.unwrap_or_else(|| "casual".into()))
                    } else {
                        names[other].clone().unwrap_or_else(|| "guest".into())
                    };
                    Ok(PastGame {
                        id: row.try_get("id").map_err(db)?,
                        opponent,
                        opponent_registered: accounts[other].is_some(),
                        result: if winner as usize == me { "win" } else { "loss" },
                        points: [score[me] as u32, score[other] as u32],
                        rated: rated != 0,
                        rules: rules.to_string(),
                        ended_at: row.try_get("ended_at").map_err(db)?,
                    })
                })
                .collect()
        })
    }

    fn live_games(
        &self,
        since: i64,
        limit: u32,
    ) -> BoxFuture<'_, Result<Vec<LiveGame>, StoreError>> {
        Box::pin(async move {
            let rows = sqlx::query(
                "SELECT id, rules, rated, name0, name1, created_at FROM games g
                 WHERE lobby = 1 AND created_at >= $1
                 AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id)
                 ORDER BY created_at DESC, id LIMIT $2",
            )
            .bind(since)
            .bind(i64::from(limit))
            .fetch_all(self.pool())
            .await
            .map_err(db)?;
            rows.iter()
                .map(|row| {
                    let rules: String = row.try_get("rules").map_err(db)?;
                    let rules: acey_rules::Rules = serde_json::from_str(&rules).map_err(db)?;
                    let rated: i64 = row.try_get("rated").map_err(db)?;
                    let name = |c: &str| -> Result<String, StoreError> {
                        let n: Option<String> = row.try_get(c).map_err(db)?;
                        Ok(n.unwrap_or_else(|| "?".into()))
                    };
                    Ok(LiveGame {
                        id: row.try_get("id").map_err(db)?,
                        names: [name("name0")?, name("name1")?],
                        rules: rules.to_string(),
                        rated: rated != 0,
                        created_at: row.try_get("created_at").map_err(db)?,
                    })
                })
                .collect()
        })
    }

    fn leaderboard(
        &self,
        family: Family,
        limit: u32,
    ) -> BoxFuture<'_, Result<Vec<Leader>, StoreError>> {
        Box::pin(async move {
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
            .fetch_all(self.pool())
            .await
            .map_err(db)?;
            rows.iter()
                .map(|row| {
                    let kind: String = row.try_get("kind").map_err(db)?;
                    let games: i64 = row.try_get("games").map_err(db)?;
                    let rating: f64 = row.try_get("rating").map_err(db)?;
                    let deviation: f64 = row.try_get("deviation").map_err(db)?;
                    Ok(Leader {
                        name: row.try_get("name").map_err(db)?,
                        kind: Kind::parse(&kind).unwrap_or(Kind::Game),
                        rating: rating.round(),
                        deviation: deviation.round(),
                        games: games.max(0) as u32,
                    })
                })
                .collect()
        })
    }
}

impl ChatStore for StoreImpl {
    fn add_chat<'a>(
        &'a self,
        game: &'a str,
        line: &'a ChatLine,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
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
            .execute(self.pool())
            .await
            .map_err(db)?;
            Ok(())
        })
    }

    fn chat<'a>(
        &'a self,
        game: &'a str,
        limit: u32,
    ) -> BoxFuture<'a, Result<Vec<ChatLine>, StoreError>> {
        Box::pin(async move {
            let rows = sqlx::query(
                "SELECT channel, name, seat, text, at FROM chat WHERE game_id = $1
                 ORDER BY n DESC LIMIT $2",
            )
            .bind(game)
            .bind(i64::from(limit))
            .fetch_all(self.pool())
            .await
            .map_err(db)?;
            let mut lines = rows
                .iter()
                .map(|row| {
                    let channel: String = row.try_get("channel").map_err(db)?;
                    let seat: Option<i64> = row.try_get("seat").map_err(db)?;
                    let at: i64 = row.try_get("at").map_err(db)?;
                    Ok(ChatLine {
                        channel: Channel::parse(&channel).unwrap_or(Channel::Spectators),
                        from: row.try_get("name").map_err(db)?,
                        seat: seat.map(|s| s as usize),
                        text: row.try_get("text").map_err(db)?,
                        at: at.max(0) as u64,
                    })
                })
                .collect::<Result<Vec<_>, StoreError>>()?;
            lines.reverse();
            Ok(lines)
        })
    }
}

impl AnalysisStore for StoreImpl {
    fn put_analysis<'a>(
        &'a self,
        game: &'a str,
        analysis: &'a StoredAnalysis,
        now: i64,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
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
            .execute(self.pool())
            .await
            .map_err(db)?;
            Ok(())
        })
    }

    fn analysis<'a>(
        &'a self,
        game: &'a str,
    ) -> BoxFuture<'a, Result<Option<StoredAnalysis>, StoreError>> {
        Box::pin(async move {
            let row = sqlx::query(
                "SELECT actions, plies, level, body FROM analyses WHERE game_id = $1",
            )
            .bind(game)
            .fetch_optional(self.pool())
            .await
            .map_err(db)?;
            let Some(row) = row else { return Ok(None) };
            let actions: i64 = row.try_get("actions").map_err(db)?;
            let plies: i64 = row.try_get("plies").map_err(db)?;
            Ok(Some(StoredAnalysis {
                actions: actions.max(0) as usize,
                plies: plies.clamp(0, 2) as u8,
                level: row.try_get("level").map_err(db)?,
                body: row.try_get("body").map_err(db)?,
            }))
        })
    }
}
