//! HTTP for accounts: register, log in and out, change the password; and the guard every
//! state-changing request passes (no cross-site requests).
//!
//! Answers are JSON; errors are `{"error": "..."}` with a status that says what kind.

use std::net::IpAddr;

use axum::body::Bytes;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{AppendHeaders, IntoResponse, Response};
use axum::Json;
use serde::Deserialize;

use crate::account::{device, password, session, PlayerName};
use crate::http::client::ClientAddr;
use crate::http::AppState;
use crate::store::Account;

use super::error::ApiError;
use crate::account::hashing::HashingError;
use crate::account::password::Scratch;
use crate::clock::now_secs as now;

/// Refuses state-changing requests (anything but GET and HEAD) that come from another site:
/// an `Origin` that is not this server's (or a configured one), a browser's
/// `Sec-Fetch-Site: cross-site` (unless its `Origin` is one of `--origin`'s: the client served
/// from a host of its own, `acey export-web --server`), or a body that is not JSON (a
/// cross-site form cannot send `application/json` without the browser asking first).
pub async fn same_origin_only(
    State(app): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let method = request.method().clone();
    if method == Method::GET || method == Method::HEAD || method == Method::OPTIONS {
        return next.run(request).await;
    }
    let headers = request.headers();
    let cross_site = headers
        .get("sec-fetch-site")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("cross-site"));
    let listed = crate::http::origin::listed(headers, &app.origins);
    if (cross_site && !listed) || !crate::http::origin::allowed(headers, &app.origins) {
        return ApiError::new(StatusCode::FORBIDDEN, "cross-site request refused").into_response();
    }
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().starts_with("application/json"));
    if method != Method::DELETE && !json {
        return ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "send the request as application/json",
        )
        .into_response();
    }
    next.run(request).await
}

/// The account logged in by the request's session cookie.
pub async fn current_account(app: &AppState, headers: &HeaderMap) -> Option<Account> {
    let token = session_token(headers)?;
    let fresh_after = now() - session::LIFETIME_SECS;
    app.store()
        .session_account(&session::stored_form(&token), fresh_after, now())
        .await
        .ok()
        .flatten()
}

fn session_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(session::from_cookie_header)
        .map(String::from)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Credentials {
    name: String,
    password: String,
    /// Games this browser played as a guest, with its seat tokens: they join the account.
    #[serde(default)]
    games: Vec<GuestSeat>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GuestSeat {
    game: String,
    token: String,
}

/// Guest games one request may bring into an account.
const MAX_ADOPTED: usize = 200;

/// Brings the guest games of a login or registration into the account (a seat is taken only
/// with its token, and only while no account holds it).
async fn adopt(app: &AppState, account: &Account, games: &[GuestSeat]) {
    let seats: Vec<(String, String)> = games
        .iter()
        .take(MAX_ADOPTED)
        .filter(|g| g.game.len() <= 64 && g.token.len() <= 128)
        .map(|g| (g.game.clone(), crate::seat_token::stored_form(&g.token)))
        .collect();
    if seats.is_empty() {
        return;
    }
    match app.store().adopt_seats(account, &seats).await {
        Ok(n) if n > 0 => tracing::info!(account = account.id, seats = n, "guest games adopted"),
        Ok(_) => {}
        Err(e) => tracing::warn!(error = %e, "guest games not adopted"),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewPassword {
    password: String,
    new_password: String,
}

fn parse<T: serde::de::DeserializeOwned>(body: &Bytes) -> Result<T, ApiError> {
    serde_json::from_slice(body)
        .map_err(|e| ApiError::bad_request(format!("the body is not what this request takes: {e}")))
}

/// Takes one of the address's login attempts: refused (429) past its rate.
fn within_rate(app: &AppState, ip: IpAddr) -> Result<(), ApiError> {
    if app.shared.peers.take_login(ip) {
        return Ok(());
    }
    crate::metrics::Metrics::count(&app.shared.hub.services().metrics.rate_limited);
    Err(ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "too many attempts from your address: wait a minute",
    ))
}

/// The body of an attempt from `ip`, once it is within the address's login rate.
fn limited<T: serde::de::DeserializeOwned>(
    app: &AppState,
    ip: IpAddr,
    body: &Bytes,
) -> Result<T, ApiError> {
    within_rate(app, ip)?;
    parse(body)
}

/// Whether the page was reached over HTTPS (directly or through a proxy that says so), for the
/// cookie's `Secure` flag.
fn secure(headers: &HeaderMap) -> bool {
    headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("https"))
}

/// Starts a session for `account`: the `Set-Cookie` values of the session and of the known
/// browser (keyed by the account's stored password hash `key`).
async fn start_session(
    app: &AppState,
    headers: &HeaderMap,
    account: i64,
    key: &str,
) -> Result<AppendHeaders<[(header::HeaderName, String); 2]>, ApiError> {
    let token = crate::random::token().map_err(ApiError::unavailable)?;
    let known = device::token(account, key).map_err(ApiError::unavailable)?;
    app.store()
        .create_session(&session::stored_form(&token), account, now())
        .await?;
    Ok(AppendHeaders([
        (
            header::SET_COOKIE,
            session::set_cookie(&token, secure(headers)),
        ),
        (
            header::SET_COOKIE,
            device::set_cookie(&known, secure(headers)),
        ),
    ]))
}

/// Whether the request comes from a browser that logged in to `account` before.
fn known_browser(headers: &HeaderMap, account: &Account) -> bool {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .filter_map(device::from_cookie_header)
        .any(|t| device::verify(t, account.id, &account.password))
}

/// The refusal of a login on a locked account.
fn locked(app: &AppState, wait: std::time::Duration) -> ApiError {
    crate::metrics::Metrics::count(&app.shared.hub.services().metrics.rate_limited);
    let minutes = wait.as_secs().div_ceil(60).max(1);
    ApiError::Later {
        status: StatusCode::TOO_MANY_REQUESTS,
        seconds: wait.as_secs(),
        message: format!(
            "too many failed logins for this account: try again in {minutes} minute{}, or from a browser that has logged in to it before",
            if minutes == 1 { "" } else { "s" }
        ),
    }
}

/// Runs a password hash in the hashing line: 503 with `Retry-After` when the line is full.
async fn hashing<T: Send + 'static>(
    app: &AppState,
    f: impl FnOnce(&mut Scratch) -> T + Send + 'static,
) -> Result<T, ApiError> {
    app.hashing.run(f).await.map_err(|e| match e {
        HashingError::Busy => {
            crate::metrics::Metrics::count(&app.shared.hub.services().metrics.rate_limited);
            ApiError::retry_later(1, e.to_string())
        }
        HashingError::Failed(_) => ApiError::unavailable(e),
    })
}

/// `POST /api/accounts {"name","password"}`: 201 and logged in, 409 for a name taken, 400 for
/// a bad name or a weak password.
pub async fn register(
    State(app): State<AppState>,
    client: ClientAddr,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let c: Credentials = limited(&app, client.ip, &body)?;
    let name = PlayerName::parse(&c.name).map_err(|e| ApiError::bad_request(e.to_string()))?;
    password::check(&c.password).map_err(|e| ApiError::bad_request(e.to_string()))?;
    let pw = c.password;
    let hash = hashing(&app, move |s| password::hash(&pw, s))
        .await?
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let Some(id) = app.store().create_account(&name, &hash, now()).await? else {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            format!("the name '{name}' is taken"),
        ));
    };
    tracing::info!(account = id, name = %name, "account registered");
    let account = Account {
        id,
        name: name.as_str().to_string(),
        password: hash,
    };
    adopt(&app, &account, &c.games).await;
    let cookies = start_session(&app, &headers, id, &account.password).await?;
    Ok((
        StatusCode::CREATED,
        cookies,
        Json(serde_json::json!({ "name": name.as_str() })),
    )
        .into_response())
}

/// `POST /api/session {"name","password"}`: 200 with the cookie, or 401 (the same answer for
/// an unknown name as for a wrong password, after the same work).
pub async fn login(
    State(app): State<AppState>,
    client: ClientAddr,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let c: Credentials = limited(&app, client.ip, &body)?;
    let account = app.store().account_by_name(&c.name).await?;
    // Each attempt on an account counts before its password is checked, except from a browser
    // that logged in to it before (its owner's: the way past a lock a stranger caused, which
    // neither counts nor lifts the lock for others).
    let known = account.as_ref().is_some_and(|a| known_browser(&headers, a));
    if let Some(a) = account.as_ref().filter(|_| !known) {
        if let Err(wait) = app.lockout.attempt(a.id) {
            tracing::warn!(account = a.id, peer = %client.ip, "login refused: the account is locked");
            return Err(locked(&app, wait));
        }
    }
    let stored = account.as_ref().map(|a| a.password.clone());
    let pw = c.password;
    let ok = hashing(&app, move |s| password::verify(&pw, stored.as_deref(), s)).await?;
    let Some(account) = account.filter(|_| ok) else {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "wrong name or password",
        ));
    };
    if !known {
        app.lockout.succeeded(account.id);
    }
    adopt(&app, &account, &c.games).await;
    let cookies = start_session(&app, &headers, account.id, &account.password).await?;
    Ok((cookies, Json(serde_json::json!({ "name": account.name }))).into_response())
}

/// `DELETE /api/session`: logs out (the session ends on the server too).
pub async fn logout(State(app): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    if let Some(token) = session_token(&headers) {
        app.store()
            .delete_session(&session::stored_form(&token))
            .await?;
    }
    Ok((
        [(header::SET_COOKIE, session::clear_cookie())],
        Json(serde_json::json!({ "name": null })),
    )
        .into_response())
}

/// `GET /api/session`: who is logged in (`{"name": null}` for nobody).
pub async fn whoami(State(app): State<AppState>, headers: HeaderMap) -> Response {
    let name = current_account(&app, &headers).await.map(|a| a.name);
    Json(serde_json::json!({ "name": name })).into_response()
}

/// `POST /api/session/password {"password","new_password"}`: changes the password of the
/// account logged in (the current one is asked again) and ends its other sessions.
pub async fn change_password(
    State(app): State<AppState>,
    client: ClientAddr,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    within_rate(&app, client.ip)?;
    let Some(account) = current_account(&app, &headers).await else {
        return Err(ApiError::new(StatusCode::UNAUTHORIZED, "log in first"));
    };
    let c: NewPassword = parse(&body)?;
    password::check(&c.new_password).map_err(|e| ApiError::bad_request(e.to_string()))?;
    let stored = account.password.clone();
    let (old, new) = (c.password, c.new_password);
    let hashed = hashing(&app, move |s| {
        password::verify(&old, Some(&stored), s).then(|| password::hash(&new, s))
    })
    .await?;
    let hash = match hashed {
        Some(Ok(h)) => h,
        Some(Err(e)) => return Err(ApiError::bad_request(e.to_string())),
        None => return Err(ApiError::new(StatusCode::UNAUTHORIZED, "wrong password")),
    };
    let keep = session_token(&headers)
        .map(|t| session::stored_form(&t))
        .unwrap_or_default();
    app.store().set_password(account.id, &hash, &keep).await?;
    Ok(Json(serde_json::json!({ "name": account.name })).into_response())
}
