//! `POST /api/games/device`: a finished game played on a device (the browser's engine, with no
//! server) added to the signed-in account's history.
//!
//! The client sends the game's record as the engine wrote it (docs/notation.md). The server
//! reads it and replays every action under the record's rules, so only a game the rules accept,
//! played to its end against the computer, is kept; it is stored under the id the device gave
//! it (`d` and 11 letters or digits), so the same game is added once. Such a game is never
//! rated: its dice were rolled where the server cannot see them.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use acey_rules::{Game, Phase, Record};

use super::accounts::current_account;
use super::client::ClientAddr;
use super::error::ApiError;
use super::AppState;
use crate::clock::now_secs;
use crate::storage::{GameMeta, Mode, Online, Seated};
use crate::store::GameResult;

/// The longest record read: a game at the server's action limit written out, with room to spare.
pub const MAX_RECORD_BYTES: usize = 256 * 1024;

/// The request's body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeviceGame {
    /// The record, as the browser's engine writes it.
    pub record: String,
}

/// Whether `id` is one the browser's engine gives its games: `d` and 11 letters or digits.
fn is_device_id(id: &str) -> bool {
    id.len() == 12 && id.starts_with('d') && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

fn refused(message: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, message)
}

/// The game a device's record describes, as the server stores it for `account` (`name`), with
/// its actions and result; or why it cannot be added.
pub fn finished_game(
    text: &str,
    account: i64,
    name: &str,
    now: i64,
) -> Result<(GameMeta, Game, GameResult), ApiError> {
    let record = Record::parse(text).map_err(|e| refused(format!("the record: {e}")))?;
    let header = |key: &str| {
        record
            .header
            .extra
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.trim())
    };
    let id = header("Game")
        .filter(|id| is_device_id(id))
        .ok_or_else(|| refused("the record does not name a game played on a device ('Game: d…')"))?
        .to_string();
    if record.setup.is_some() {
        return Err(refused(
            "a game set up from a position is not one played on a device",
        ));
    }
    let takebacks = match header("Takebacks") {
        None => 0,
        Some(n) => n
            .parse::<u32>()
            .map_err(|_| refused(format!("'Takebacks: {n}' is not a count")))?,
    };
    let game = record
        .game()
        .map_err(|(i, e)| refused(format!("action {i} of the record is refused: {e}")))?;
    let (Phase::GameOver { how, .. }, Some(winner)) = (game.phase(), game.match_winner()) else {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "the game is not over: finish it on the device, then add it",
        ));
    };
    let levels = record.header.players.clone().map(|p| {
        p.as_deref()
            .and_then(acey_protocol::bot_level)
            .map(String::from)
    });
    let (bot_seat, level) = match levels {
        [None, Some(level)] => (1, level),
        [Some(level), None] => (0, level),
        _ => {
            return Err(refused(
                "only games against the computer are added to a history (a game on one screen is two players')",
            ))
        }
    };
    let level = level
        .parse::<acey_ai::Level>()
        .map_err(|_| refused(format!("'{level}' is not a level of the computer")))?;
    let mut players = [None, None];
    players[1 - bot_seat] = Some(Seated {
        name: name.to_string(),
        account: Some(account),
    });
    let meta = GameMeta {
        id: id.clone(),
        mode: Mode::Computer,
        rules: record.rules,
        level: Some(level.as_str().to_string()),
        bot_seat: Some(bot_seat),
        tokens: [None, None],
        rematch_of: None,
        created_at: now,
        takebacks,
        online: Online {
            players,
            ..Online::default()
        },
    };
    let result = GameResult {
        game: id,
        winner: winner.index(),
        how: crate::room::end_name(*how).to_string(),
        reason: None,
        score: game.score(),
        ended_at: now,
    };
    Ok((meta, game, result))
}

/// Adds the finished device game in the body to the signed-in account's history: `201
/// {"game": id}`; `409` when it is there already or not over, `400` for a record that is not a
/// finished game against the computer, `401` without an account, `429` past the address's
/// rate of new games (each added game counts as one created).
pub async fn add(
    State(app): State<AppState>,
    client: ClientAddr,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    if !app.shared.peers.take_create(client.ip) {
        crate::metrics::Metrics::count(&app.shared.hub.services().metrics.rate_limited);
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too many new games from your address: wait a minute",
        ));
    }
    let Some(account) = current_account(&app, &headers).await else {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "sign in to add games to your history",
        ));
    };
    if body.len() > MAX_RECORD_BYTES {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("a record is at most {MAX_RECORD_BYTES} bytes"),
        ));
    }
    let request: DeviceGame = serde_json::from_slice(&body)
        .map_err(|e| refused(format!("send {{\"record\": \"…\"}}: {e}")))?;
    let (meta, game, result) =
        finished_game(&request.record, account.id, &account.name, now_secs())?;
    let added = app
        .store()
        .add_finished_game(&meta, game.actions(), &result)
        .await
        .map_err(|e| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("not stored, try again: {e}"),
            )
        })?;
    if !added {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            format!("game {} is in a history already", meta.id),
        ));
    }
    tracing::info!(game = %meta.id, account = account.id, "device game added");
    Ok((StatusCode::CREATED, Json(json!({ "game": meta.id }))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_engines_ids_are_device_games() {
        assert!(is_device_id("dAb3xYz09kLm"));
        assert!(!is_device_id("Xq7fKp2mZa"));
        assert!(!is_device_id("dAb3xYz09kL!"));
        assert!(!is_device_id("d"));
    }
}
