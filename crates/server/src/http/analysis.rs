//! `POST` and `GET /api/games/ID/analysis`: a game's analysis asked for and followed
//! (crate::analysis; docs/protocol.md, "HTTP paths").

use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::analysis::{Refusal, Status};
use crate::http::client::ClientAddr;
use crate::http::error::ApiError;
use crate::http::AppState;

/// A status as the answer's JSON.
fn answer(status: Status, running: StatusCode) -> Response {
    let json = |code: StatusCode, body: String| {
        (code, [(header::CONTENT_TYPE, "application/json")], body).into_response()
    };
    match status {
        Status::None => json(
            StatusCode::NOT_FOUND,
            serde_json::json!({"status": "none"}).to_string(),
        ),
        Status::Running { done, total } => json(
            running,
            serde_json::json!({"status": "running", "done": done, "total": total}).to_string(),
        ),
        Status::Failed(why) => json(
            StatusCode::INTERNAL_SERVER_ERROR,
            serde_json::json!({"status": "failed", "error": why}).to_string(),
        ),
        Status::Done(a) => {
            // The stored analysis is the server's own JSON: sent as stored, inside the object.
            let level = serde_json::Value::from(a.level).to_string();
            let body = format!(
                "{{\"status\":\"done\",\"plies\":{},\"level\":{level},\"analysis\":{}}}",
                a.plies, a.body
            );
            json(StatusCode::OK, body)
        }
    }
}

impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> ApiError {
        let status = match r {
            Refusal::NoGame(_) => StatusCode::NOT_FOUND,
            Refusal::NotOver(_) => StatusCode::CONFLICT,
            Refusal::TooMany => StatusCode::TOO_MANY_REQUESTS,
            Refusal::Busy => return ApiError::retry_later(60, r.to_string()),
            Refusal::Store(e) => return ApiError::unavailable(e),
            Refusal::Broken(ref why) => {
                tracing::error!(error = %why, "a stored game cannot be analysed");
                StatusCode::INTERNAL_SERVER_ERROR
            }
        };
        ApiError::new(status, r.to_string())
    }
}

/// `GET /api/games/ID/analysis`: 200 with `{"status":"done", "plies", "level", "analysis"}` or
/// `{"status":"running", "done", "total"}`; 404 `{"status":"none"}` when not analysed (or
/// analysed before the game went on); 500 `{"status":"failed", "error"}` after a failure.
pub async fn status(
    State(app): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let services = app.shared.hub.services();
    let s = app.analyses.status(services, &id).await?;
    Ok(answer(s, StatusCode::OK))
}

/// `POST /api/games/ID/analysis`: starts analysing an ended game. 202 with the progress when
/// it starts or is under way, 200 with the analysis when it is done; 409 for a game still
/// being played, 429 past the address's analysis rate, 503 when the server analyses as many
/// games as it may at once. A done analysis costs nothing from the rate.
pub async fn start(
    State(app): State<AppState>,
    client: ClientAddr,
    Path(id): Path<String>,
    // Read before answering (it says nothing): a body left unread when a `Connection: close`
    // answer goes out makes the socket reset, and the client may lose the answer.
    _body: axum::body::Bytes,
) -> Result<Response, ApiError> {
    let services = app.shared.hub.services();
    let admit = || {
        if app.shared.peers.take_analysis(client.ip) {
            return Ok(());
        }
        crate::metrics::Metrics::count(&services.metrics.rate_limited);
        Err(Refusal::TooMany)
    };
    let s = app.analyses.start(services, &id, admit).await?;
    Ok(answer(s, StatusCode::ACCEPTED))
}
