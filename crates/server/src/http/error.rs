//! Why an HTTP request was refused ([`ApiError`]), answered the same way by every handler: the
//! JSON API's `{"error": "..."}` with its status, `Retry-After` when trying again later will do,
//! the database being away (logged, 503), and a plain-text problem for the pages that are not
//! JSON (records, replays).

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

/// A refused request. Handlers return `Result<Response, ApiError>` and refuse with `?`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ApiError {
    /// `{"error": message}` with this status (a bad body, a name taken, not logged in...).
    #[error("{message}")]
    Refused {
        /// The status.
        status: StatusCode,
        /// What the client is told.
        message: String,
    },
    /// `{"error": message}` with this status and `Retry-After: seconds`: busy or held back, not
    /// broken; the client may try again then.
    #[error("{message} (again in {seconds} s)")]
    Later {
        /// 503 (busy) or 429 (too many).
        status: StatusCode,
        /// When to try again.
        seconds: u64,
        /// What the client is told.
        message: String,
    },
    /// The store (or another part of the server) failed: logged with its reason, and the client
    /// is told to try again (503).
    #[error("the server failed: {0}")]
    Unavailable(String),
    /// A plain-text answer, for the endpoints that serve text or files (records, replays).
    #[error("{message}")]
    Text {
        /// The status.
        status: StatusCode,
        /// What the client is told.
        message: String,
    },
}

impl ApiError {
    /// A JSON refusal with `status`.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError::Refused {
            status,
            message: message.into(),
        }
    }

    /// 400: the request itself is wrong.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 503 with `Retry-After: seconds`: the server is busy.
    pub fn retry_later(seconds: u64, message: impl Into<String>) -> ApiError {
        ApiError::Later {
            status: StatusCode::SERVICE_UNAVAILABLE,
            seconds,
            message: message.into(),
        }
    }

    /// The store failed (or the like): 503, the reason logged, not shown.
    pub fn unavailable(e: impl std::fmt::Display) -> ApiError {
        ApiError::Unavailable(e.to_string())
    }

    /// A plain-text refusal with `status`.
    pub fn text(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError::Text {
            status,
            message: message.into(),
        }
    }
}

impl From<crate::storage::StoreError> for ApiError {
    fn from(e: crate::storage::StoreError) -> ApiError {
        ApiError::unavailable(e)
    }
}

/// A JSON error answer.
fn json(status: StatusCode, message: String) -> Response {
    (status, Json(serde_json::json!({ "error": message }))).into_response()
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        match self {
            ApiError::Refused { status, message } => json(status, message),
            ApiError::Later {
                status,
                seconds,
                message,
            } => {
                let mut r = json(status, message);
                r.headers_mut()
                    .insert(header::RETRY_AFTER, seconds.max(1).into());
                r
            }
            ApiError::Unavailable(why) => {
                tracing::error!(error = %why, "storage failed in an HTTP request");
                json(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "the server cannot reach its database: try again in a moment".into(),
                )
            }
            ApiError::Text { status, message } => (status, message).into_response(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_answers_with_its_status_and_headers_and_hides_storage_reasons() {
        let r = ApiError::bad_request("no").into_response();
        assert_eq!(r.status(), StatusCode::BAD_REQUEST);
        assert!(r.headers().get(header::RETRY_AFTER).is_none());
        let r = ApiError::retry_later(0, "busy").into_response();
        assert_eq!(r.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(r.headers()[header::RETRY_AFTER], "1", "never 0 seconds");
        let e = ApiError::unavailable("disk full at /var/lib/secret");
        assert!(e.to_string().contains("disk full"), "kept for the log");
        let r = e.into_response();
        assert_eq!(r.status(), StatusCode::SERVICE_UNAVAILABLE);
        let body = tokio::runtime::Runtime::new()
            .unwrap()
            .block_on(axum::body::to_bytes(r.into_body(), 1 << 16))
            .unwrap();
        let body = String::from_utf8_lossy(&body);
        assert!(
            body.contains("try again") && !body.contains("secret"),
            "{body}"
        );
        let r = ApiError::text(StatusCode::NOT_FOUND, "no game").into_response();
        assert_eq!(
            r.headers()[header::CONTENT_TYPE],
            "text/plain; charset=utf-8"
        );
    }
}
