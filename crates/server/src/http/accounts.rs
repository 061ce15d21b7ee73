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

use super::error::{api_error, retry_later, unavailable};
use crate::account::hashing::HashingError;
use crate::account::password::Scratch;
use crate::clock::now_secs as now;

/// Refuses state-changing requests (anything but GET and HEAD) that come from another site:
/// an `Origin` that is not this server's (or a configured one), a browser's
/// `Sec-Fetch-Site: cross-site`, or a body that is not JSON (a cross-site form cannot send
/// `application/json` without the browser asking first).
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
    if !crate::http::origin::allowed(headers, &app.origins) {
        return api_error(StatusCode::FORBIDDEN, "cross-site request refused");
    }
    if headers
        .get("sec-fetch-site")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("cross-site"))
    {
        return api_error(StatusCode::FORBIDDEN, "cross-site request refused");
    }
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().starts_with("application/json"));
    if method != Method::DELETE && !json {
        return api_error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "send the request as application/json",
        );
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

/// A refusal on the way to an answer (boxed: a response is large, the happy path small).
type Refused = Box<Response>;

fn parse<T: serde::de::DeserializeOwned>(body: &Bytes) -> Result<T, Refused> {
    serde_json::from_slice(body).map_err(|e| {
        Box::new(api_error(
            StatusCode::BAD_REQUEST,
            format!("the body is not what this request takes: {e}"),
        ))
    })
}

fn rate_limited(app: &AppState, ip: IpAddr) -> Option<Response> {
    if app.shared.peers.take_login(ip) {
        return None;
    }
    crate::metrics::Metrics::count(&app.shared.hub.services().metrics.rate_limited);
    Some(api_error(
        StatusCode::TOO_MANY_REQUESTS,
        "too many attempts from your address: wait a minute",
    ))
}

/// The body of an attempt from `ip`, once it is within the address's login rate.
fn limited<T: serde::de::DeserializeOwned>(
    app: &AppState,
    ip: IpAddr,
    body: &Bytes,
) -> Result<T, Refused> {
    if let Some(r) = rate_limited(app, ip) {
        return Err(Box::new(r));
    }
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
) -> Result<AppendHeaders<[(header::HeaderName, String); 2]>, Refused> {
    let token = crate::random::token().map_err(|e| Box::new(unavailable(e)))?;
    let known = device::token(account, key).map_err(|e| Box::new(unavailable(e)))?;
    app.store()
        .create_session(&session::stored_form(&token), account, now())
        .await
        .map_err(|e| Box::new(unavailable(e)))?;
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

/// The answer to a login on a locked account.
fn locked(app: &AppState, wait: std::time::Duration) -> Response {
    crate::metrics::Metrics::count(&app.shared.hub.services().metrics.rate_limited);
    let minutes = wait.as_secs().div_ceil(60).max(1);
    let mut r = api_error(
        StatusCode::TOO_MANY_REQUESTS,
        format!(
            "too many failed logins for this account: try again in {minutes} minute{}, or from a browser that has logged in to it before",
            if minutes == 1 { "" } else { "s" }
        ),
    );
    r.headers_mut()
        .insert(header::RETRY_AFTER, wait.as_secs().max(1).into());
    r
}

/// Runs a password hash in the hashing line: 503 with `Retry-After` when the line is full.
async fn hashing<T: Send + 'static>(
    app: &AppState,
    f: impl FnOnce(&mut Scratch) -> T + Send + 'static,
) -> Result<T, Refused> {
    app.hashing.run(f).await.map_err(|e| {
        Box::new(match e {
            HashingError::Busy => {
                crate::metrics::Metrics::count(&app.shared.hub.services().metrics.rate_limited);
                retry_later(1, e.to_string())
            }
            HashingError::Failed(_) => unavailable(e),
        })
    })
}

/// `POST /api/accounts {"name","password"}`: 201 and logged in, 409 for a name taken, 400 for
/// a bad name or a weak password.
pub async fn register(
    State(app): State<AppState>,
    client: ClientAddr,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let c: Credentials = match limited(&app, client.ip, &body) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    let name = match PlayerName::parse(&c.name) {
        Ok(n) => n,
        Err(e) => return api_error(StatusCode::BAD_REQUEST, e.to_string()),
    };
    if let Err(e) = password::check(&c.password) {
        return api_error(StatusCode::BAD_REQUEST, e.to_string());
    }
    let pw = c.password;
    let hash = match hashing(&app, move |s| password::hash(&pw, s)).await {
        Ok(Ok(h)) => h,
        Ok(Err(e)) => return api_error(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
        Err(r) => return *r,
    };
    let id = match app.store().create_account(&name, &hash, now()).await {
        Ok(Some(id)) => id,
        Ok(None) => return api_error(StatusCode::CONFLICT, format!("the name '{name}' is taken")),
        Err(e) => return unavailable(e),
    };
    tracing::info!(account = id, name = %name, "account registered");
    let account = Account {
        id,
        name: name.as_str().to_string(),
        password: hash,
    };
    adopt(&app, &account, &c.games).await;
    match start_session(&app, &headers, id, &account.password).await {
        Ok(cookies) => (
            StatusCode::CREATED,
            cookies,
            Json(serde_json::json!({ "name": name.as_str() })),
        )
            .into_response(),
        Err(r) => *r,
    }
}

/// `POST /api/session {"name","password"}`: 200 with the cookie, or 401 (the same answer for
/// an unknown name as for a wrong password, after the same work).
pub async fn login(
    State(app): State<AppState>,
    client: ClientAddr,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let c: Credentials = match limited(&app, client.ip, &body) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    let account = match app.store().account_by_name(&c.name).await {
        Ok(a) => a,
        Err(e) => return unavailable(e),
    };
    // Each attempt on an account counts before its password is checked, except from a browser
    // that logged in to it before (its owner's: the way past a lock a stranger caused, which
    // neither counts nor lifts the lock for others).
    let known = account.as_ref().is_some_and(|a| known_browser(&headers, a));
    if let Some(a) = account.as_ref().filter(|_| !known) {
        if let Err(wait) = app.lockout.attempt(a.id) {
            tracing::warn!(account = a.id, peer = %client.ip, "login refused: the account is locked");
            return locked(&app, wait);
        }
    }
    let stored = account.as_ref().map(|a| a.password.clone());
    let pw = c.password;
    let ok = match hashing(&app, move |s| password::verify(&pw, stored.as_deref(), s)).await {
        Ok(ok) => ok,
        Err(r) => return *r,
    };
    let Some(account) = account.filter(|_| ok) else {
        return api_error(StatusCode::UNAUTHORIZED, "wrong name or password");
    };
    if !known {
        app.lockout.succeeded(account.id);
    }
    adopt(&app, &account, &c.games).await;
    match start_session(&app, &headers, account.id, &account.password).await {
        Ok(cookies) => (cookies, Json(serde_json::json!({ "name": account.name }))).into_response(),
        Err(r) => *r,
    }
}

/// `DELETE /api/session`: logs out (the session ends on the server too).
pub async fn logout(State(app): State<AppState>, headers: HeaderMap) -> Response {
    if let Some(token) = session_token(&headers) {
        if let Err(e) = app
            .store()
            .delete_session(&session::stored_form(&token))
            .await
        {
            return unavailable(e);
        }
    }
    (
        [(header::SET_COOKIE, session::clear_cookie())],
        Json(serde_json::json!({ "name": null })),
    )
        .into_response()
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
) -> Response {
    if let Some(r) = rate_limited(&app, client.ip) {
        return r;
    }
    let Some(account) = current_account(&app, &headers).await else {
        return api_error(StatusCode::UNAUTHORIZED, "log in first");
    };
    let c: NewPassword = match parse(&body) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    if let Err(e) = password::check(&c.new_password) {
        return api_error(StatusCode::BAD_REQUEST, e.to_string());
    }
    let stored = account.password.clone();
    let (old, new) = (c.password, c.new_password);
    let hashed = hashing(&app, move |s| {
        if password::verify(&old, Some(&stored), s) {
            Some(password::hash(&new, s))
        } else {
            None
        }
    })
    .await;
    let hash = match hashed {
        Ok(Some(Ok(h))) => h,
        Ok(Some(Err(e))) => return api_error(StatusCode::BAD_REQUEST, e.to_string()),
        Ok(None) => return api_error(StatusCode::UNAUTHORIZED, "wrong password"),
        Err(r) => return *r,
    };
    let keep = session_token(&headers)
        .map(|t| session::stored_form(&t))
        .unwrap_or_default();
    match app.store().set_password(account.id, &hash, &keep).await {
        Ok(()) => Json(serde_json::json!({ "name": account.name })).into_response(),
        Err(e) => unavailable(e),
    }
}
