//! HTTP for players and the lobby: profiles (`GET /api/players/NAME`), the lobby
//! (`GET /api/lobby`) and leaderboards (`GET /api/leaderboard?family=...`). The pages
//! (`/@/NAME`, `/players`) are drawn by the web client from these.

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};

use crate::http::error::{api_error, unavailable};
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
pub async fn player(State(app): State<AppState>, Path(name): Path<String>) -> Response {
    let store = app.store();
    let account = match store.account_by_name(&name).await {
        Ok(Some(a)) => a,
        Ok(None) => return api_error(StatusCode::NOT_FOUND, format!("no player '{name}'")),
        Err(e) => return unavailable(e),
    };
    let (ratings, history, games) = match (
        store.ratings_of(account.id).await,
        store.history_of(account.id).await,
        store.games_of(account.id, PROFILE_GAMES).await,
    ) {
        (Ok(r), Ok(h), Ok(g)) => (r, h, g),
        (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => return unavailable(e),
    };
    Json(Profile {
        name: account.name,
        ratings,
        history,
        games,
    })
    .into_response()
}

/// `GET /api/lobby`: open challenges, games being played, connections online.
pub async fn lobby(State(app): State<AppState>) -> Response {
    match app
        .shared
        .lobby
        .snapshot(app.shared.hub.services().bus.connections())
        .await
    {
        Ok(view) => Json(view).into_response(),
        Err((_, e)) => unavailable(e),
    }
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
pub async fn leaderboard(State(app): State<AppState>, Query(q): Query<FamilyQuery>) -> Response {
    let name = q.family.unwrap_or_else(|| "acey-deucey".into());
    let Some(family) = Family::parse(&name) else {
        return api_error(
            StatusCode::BAD_REQUEST,
            format!("no rule family '{name}': acey-deucey or backgammon"),
        );
    };
    match app.store().leaderboard(family, LEADERS).await {
        Ok(rows) => Json(serde_json::json!({
            "family": family,
            "players": rows
                .into_iter()
                .enumerate()
                .map(|(i, leader)| Ranked { rank: i + 1, leader })
                .collect::<Vec<_>>(),
        }))
        .into_response(),
        Err(e) => unavailable(e),
    }
}
