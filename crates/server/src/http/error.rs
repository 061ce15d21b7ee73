//! The answers to a refused HTTP request, the same for every handler: the JSON API's
//! `{"error": "..."}` with its status, the database being away (logged, 503), and a plain-text
//! problem for the pages that are not JSON (records, replays).

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// A JSON error answer.
pub fn api_error(status: StatusCode, message: impl Into<String>) -> Response {
    (status, Json(serde_json::json!({ "error": message.into() }))).into_response()
}

/// The answer when the store fails (logged; the client is told to try again).
pub fn unavailable(e: impl std::fmt::Display) -> Response {
    tracing::error!(error = %e, "storage failed in an HTTP request");
    api_error(
        StatusCode::SERVICE_UNAVAILABLE,
        "the server cannot reach its database: try again in a moment",
    )
}

/// A JSON error answer with `503 Service Unavailable` and `Retry-After: seconds`: the server is
/// busy (not broken), and the client may try again then.
pub fn retry_later(seconds: u32, message: impl Into<String>) -> Response {
    let mut r = api_error(StatusCode::SERVICE_UNAVAILABLE, message);
    r.headers_mut()
        .insert(axum::http::header::RETRY_AFTER, seconds.into());
    r
}

/// A plain-text error answer, for the endpoints that serve text or files (records, replays).
pub fn problem(status: StatusCode, message: impl Into<String>) -> Response {
    (status, message.into()).into_response()
}
