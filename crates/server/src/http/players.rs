//! HTTP for players and the lobby: profiles (`GET /api/players/NAME`), the lobby
//! (`GET /api/lobby`) and leaderboards (`GET /api/leaderboard?family=...`). The pages
//! (`/@/NAME`, `/players`) are drawn by the web client from these.

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};

use crate::http::error::ApiError;
use crate::http::AppState;
use crate::rating::Family;
use crate::store::{HistoryPoint, Leader, PastGame, RatingView};

/// Games listed on a profile.
const PROFILE_GAMES: u32 = 50;

/// Players on a leaderboard.
const LEADERS: u32 = 100;

#[derive(Serialize)]
struct Profile {
    name: String,
    ratings: Vec<RatingView>,
    history: Vec<HistoryPoint>,
    games: Vec<PastGame>,
}

/// `GET /api/players/NAME`: ratings, rating history and recent games; 404 for no such player.
pub async fn player(
    State(app): State<AppState>,
    Path(name): Path<String>,
) -> Result<Response, ApiError> {
    let store = app.store();
    let Some(account) = store.account_by_name(&name).await? else {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no player '{name}'"),
        ));
    };
    Ok(Json(Profile {
        name: account.name,
        ratings: store.ratings_of(account.id).await?,
        history: store.history_of(account.id).await?,
        games: store.games_of(account.id, PROFILE_GAMES).await?,
    })
    .into_response())
}

/// `GET /api/lobby`: open challenges, games being played, connections online.
pub async fn lobby(State(app): State<AppState>) -> Result<Response, ApiError> {
    let view = app
        .shared
        .lobby
        .snapshot(app.shared.hub.services().bus.connections())
        .await
        .map_err(|(_, e)| ApiError::unavailable(e))?;
    Ok(Json(view).into_response())
}

/// The query of a leaderboard.
#[derive(Deserialize)]
pub struct FamilyQuery {
    /// `acey-deucey` (the default) or `backgammon`.
    family: Option<String>,
}

#[derive(Serialize)]
struct Ranked {
    rank: usize,
    #[serde(flatten)]
    leader: Leader,
}

/// `GET /api/leaderboard?family=acey-deucey|backgammon`: the best established ratings.
pub async fn leaderboard(
    State(app): State<AppState>,
    Query(q): Query<FamilyQuery>,
) -> Result<Response, ApiError> {
    let name = q.family.unwrap_or_else(|| "acey-deucey".into());
    let Some(family) = Family::parse(&name) else {
        return Err(ApiError::bad_request(format!(
            "no rule family '{name}': acey-deucey or backgammon"
        )));
    };
    let rows = app.store().leaderboard(family, LEADERS).await?;
    Ok(Json(serde_json::json!({
        "family": family,
        "players": rows
            .into_iter()
            .enumerate()
            .map(|(i, leader)| Ranked { rank: i + 1, leader })
            .collect::<Vec<_>>(),
    }))
    .into_response())
}
