//! HTTP: the embedded web client, the WebSocket endpoint, game records and replays; accounts
//! ([`accounts`]), players and leaderboards ([`players`]), game analysis ([`analysis`]); the
//! answers to a refused request ([`error`]).

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Path, Request, State, WebSocketUpgrade};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Serialize;

use acey_rules::{Game, Phase};

use self::client::ClientAddr;
use self::error::ApiError;
use self::ws::{serve_socket, Shared};
use crate::cache::{RenderCache, Rendering};
use crate::metrics::Gauges;
use crate::pool::BotPool;
use crate::protocol::{GameInfo, LogEntry};
use crate::room::rebuild;
use crate::storage::StoredGame;

pub mod accounts;
pub mod analysis;
pub mod client;
mod compressed;
pub mod device_games;
pub mod error;
pub mod offline;
pub mod origin;
pub mod players;
pub mod ws;

/// The files of `web/`, built into the binary (no build step, nothing to install).
pub(crate) const FILES: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../../../../web/index.html"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../../../../web/style.css"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/app.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/board.js"),
    ),
    (
        "net.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/net.js"),
    ),
    (
        "alerts.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/alerts.js"),
    ),
    (
        "settings.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/settings.js"),
    ),
    (
        "theme.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/theme.js"),
    ),
    (
        "replay.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/replay.js"),
    ),
    (
        "analysis.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/analysis.js"),
    ),
    (
        "scoring.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/scoring.js"),
    ),
    (
        "lobby.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/lobby.js"),
    ),
    (
        "account.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/account.js"),
    ),
    (
        "profile.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/profile.js"),
    ),
    (
        "device.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/device.js"),
    ),
    (
        "server.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/server.js"),
    ),
    (
        "engine-worker.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/engine-worker.js"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_str!("../../../../web/favicon.svg"),
    ),
    (
        "i18n.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/i18n.js"),
    ),
    (
        "locales/en.ftl",
        FLUENT,
        include_str!("../../../../locales/en.ftl"),
    ),
    (
        "locales/fr.ftl",
        FLUENT,
        include_str!("../../../../locales/fr.ftl"),
    ),
    (
        "locales/ru.ftl",
        FLUENT,
        include_str!("../../../../locales/ru.ftl"),
    ),
    (
        "locales/nb.ftl",
        FLUENT,
        include_str!("../../../../locales/nb.ftl"),
    ),
    (
        "vendor/fluent/builtins.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/vendor/fluent/builtins.js"),
    ),
    (
        "vendor/fluent/bundle.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/vendor/fluent/bundle.js"),
    ),
    (
        "vendor/fluent/index.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/vendor/fluent/index.js"),
    ),
    (
        "vendor/fluent/memoizer.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/vendor/fluent/memoizer.js"),
    ),
    (
        "vendor/fluent/resolver.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/vendor/fluent/resolver.js"),
    ),
    (
        "vendor/fluent/resource.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/vendor/fluent/resource.js"),
    ),
    (
        "vendor/fluent/scope.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/vendor/fluent/scope.js"),
    ),
    (
        "vendor/fluent/types.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../../web/vendor/fluent/types.js"),
    ),
];

/// The type of the Fluent catalogues (`locales/*.ftl`): text a browser shows as is if opened.
const FLUENT: &str = "text/plain; charset=utf-8";

/// What every HTTP handler shares.
#[derive(Clone)]
pub struct AppState {
    pub(crate) shared: Arc<Shared>,
    cache: Arc<RenderCache>,
    /// Replaying games for records and replays: CPU work, a few at a time, off the async
    /// threads and apart from the bots.
    renders: Arc<BotPool>,
    /// The origins whose pages may open a WebSocket (`--origin`; empty: the server's own
    /// address, [`origin`]).
    pub(crate) origins: Arc<Vec<String>>,
    /// Game analyses under way on this node.
    pub(crate) analyses: Arc<crate::analysis::Analyses>,
    /// The line for password hashing.
    pub(crate) hashing: Arc<crate::account::hashing::Hashing>,
    /// Login attempts per account.
    pub(crate) lockout: Arc<crate::account::lockout::Lockout>,
}

impl AppState {
    /// The store.
    pub fn store(&self) -> &Arc<dyn crate::store::Backend> {
        self.shared.hub.store()
    }
}

/// Bytes of rendered records and replays kept for finished games.
const CACHE_BYTES: usize = 32 << 20;

/// The application's routes. `origins` are the web origins (`https://example.org`) whose pages
/// may open a WebSocket or send a state-changing request (empty: [`origin`]'s default).
pub fn router(shared: Arc<Shared>, origins: Vec<String>) -> Router {
    let limits = shared.hub.services().limits;
    let at_once = limits.analyses_at_once;
    let state = AppState {
        shared,
        cache: Arc::new(RenderCache::new(CACHE_BYTES)),
        renders: Arc::new(BotPool::new(2)),
        origins: Arc::new(origins),
        analyses: crate::analysis::Analyses::new(at_once),
        hashing: Arc::new(crate::account::hashing::Hashing::new(
            limits.hashes_at_once,
            limits.hash_queue,
        )),
        lockout: Arc::new(crate::account::lockout::Lockout::new(
            limits.account_attempts,
            limits.account_lockout,
        )),
    };
    // The client's pages and files, compressed for browsers that take it: they are nearly all
    // a first visit downloads, and a phone's first paint waits for them.
    let client = Router::new()
        .route("/", get(index))
        .route("/g/{id}", get(index))
        .route("/d/{id}", get(index))
        .route("/engine/acey.wasm", get(offline::engine))
        .route("/icons/{file}", get(offline::icon))
        .route("/sw.js", get(offline::service_worker))
        .route("/manifest.webmanifest", get(offline::manifest))
        .route("/replay/{id}", get(index))
        .route("/@/{name}", get(index))
        .route("/players", get(index))
        .route("/api/options", get(options))
        .route("/{file}", get(file))
        .route("/locales/{file}", get(locale))
        .route("/vendor/fluent/{file}", get(vendor))
        .layer(tower_http::compression::CompressionLayer::new());
    let cors = origin::cors(&state.origins);
    let routes = Router::new()
        .merge(client)
        .route("/api/accounts", post(accounts::register))
        .route(
            "/api/session",
            get(accounts::whoami)
                .post(accounts::login)
                .delete(accounts::logout),
        )
        .route("/api/session/password", post(accounts::change_password))
        .route("/api/players/{name}", get(players::player))
        .route("/api/lobby", get(players::lobby))
        .route("/api/leaderboard", get(players::leaderboard))
        .route("/ws", get(websocket))
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .route("/api/games/device", post(device_games::add))
        .route("/api/games/{id}/record", get(record_text))
        .route("/api/games/{id}/record.json", get(record))
        .route("/api/games/{id}/replay", get(replay))
        .route(
            "/api/games/{id}/analysis",
            get(analysis::status).post(analysis::start),
        )
        .layer(middleware::from_fn_with_state(
            state.clone(),
            accounts::same_origin_only,
        ))
        .layer(middleware::from_fn(security_headers));
    // Pages of the listed origins served elsewhere (`acey export-web --server`) read the API's
    // answers; a preflight is answered before any route.
    match cors {
        Some(cors) => routes.layer(cors),
        None => routes,
    }
    .with_state(state)
}

/// Headers on every response: no script but the server's own files (the client has no inline
/// script; the engine's WebAssembly is compiled from the server's own file too), no framing by
/// other sites, no type sniffing, no referrer beyond this site.
async fn security_headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; \
             connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
        ),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    response
}

async fn serve_file(name: &str, headers: &HeaderMap) -> Response {
    match FILES.iter().find(|(n, _, _)| *n == name) {
        Some((name, mime, body)) => compressed::respond(name, mime, body.as_bytes(), headers).await,
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

async fn index(headers: HeaderMap) -> Response {
    serve_file("index.html", &headers).await
}

async fn file(Path(name): Path<String>, headers: HeaderMap) -> Response {
    serve_file(&name, &headers).await
}

/// A language's catalogue, `/locales/fr.ftl`.
async fn locale(Path(name): Path<String>, headers: HeaderMap) -> Response {
    serve_file(&format!("locales/{name}"), &headers).await
}

/// The vendored Fluent runtime's modules, `/vendor/fluent/bundle.js`.
async fn vendor(Path(name): Path<String>, headers: HeaderMap) -> Response {
    serve_file(&format!("vendor/fluent/{name}"), &headers).await
}

async fn healthz(State(app): State<AppState>) -> Response {
    if *app.shared.shutdown.borrow() {
        return (StatusCode::SERVICE_UNAVAILABLE, "shutting down\n").into_response();
    }
    if !app.shared.hub.services().health.is_up() {
        // A balancer sends new clients elsewhere; a person reading it sees why.
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(serde_json::json!({ "status": "unavailable", "database": "down" })),
        )
            .into_response();
    }
    "ok\n".into_response()
}

async fn metrics(State(app): State<AppState>) -> Response {
    let services = app.shared.hub.services();
    let gauges = Gauges {
        connections: app.shared.peers.open(),
        rooms: app.shared.hub.rooms_in_memory().await,
        bot_waiting: services.pool.waiting(),
        bot_running: services.pool.running(),
    };
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        services.metrics.render(&gauges),
    )
        .into_response()
}

async fn websocket(
    State(app): State<AppState>,
    client: ClientAddr,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    let ip = client.ip;
    if !origin::allowed(&headers, &app.origins) {
        tracing::warn!(peer = %ip, origin = ?headers.get(header::ORIGIN), "websocket from a foreign origin refused");
        return ApiError::text(
            StatusCode::FORBIDDEN,
            "this page's origin may not play here",
        )
        .into_response();
    }
    let limits = app.shared.hub.services().limits;
    // Through a proxy, the client's own per-address cap (the proxy's connection was counted at
    // accept, against the global cap only).
    let place = match app.shared.peers.admit_forwarded(client.peer, ip) {
        Some(Err(cap)) => {
            crate::metrics::Metrics::count(&app.shared.hub.services().metrics.connections_refused);
            tracing::warn!(peer = %ip, cap, "websocket refused");
            return ApiError::text(
                StatusCode::TOO_MANY_REQUESTS,
                "too many connections from your address",
            )
            .into_response();
        }
        Some(Ok(place)) => Some(place),
        None => None,
    };
    let account = crate::http::accounts::current_account(&app, &headers)
        .await
        .map(|a| crate::storage::Seated {
            name: a.name,
            account: Some(a.id),
        });
    // Small buffers: the messages are small, and the defaults (128 KiB each way) would make a
    // connection cost far more memory than the game it plays.
    upgrade
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .max_message_size(limits.hard_max_bytes())
        .max_frame_size(limits.hard_max_bytes())
        .on_upgrade(move |socket| async move {
            serve_socket(socket, app.shared, ip, account).await;
            drop(place);
        })
}

#[derive(Serialize)]
struct Choice {
    name: &'static str,
    description: &'static str,
}

/// A rules preset as the home page offers it: what a game is worth and the match lengths that
/// suit that scoring.
#[derive(Serialize)]
struct PresetChoice {
    name: &'static str,
    description: &'static str,
    /// `checker-count`, `single` or `gammon-backgammon` (R9.2).
    scoring: &'static str,
    /// Whether the preset plays with the doubling cube.
    cube: bool,
    /// Match lengths that make sense under the scoring, shortest first.
    matches: &'static [u32],
}

#[derive(Serialize)]
pub(crate) struct Options {
    presets: Vec<PresetChoice>,
    levels: Vec<Choice>,
    default_level: &'static str,
}

/// Match lengths for a scoring: a checker-count game is worth 1 to 15 points, so a match that
/// is to last more than one game needs 15 points or more; a game of the other scorings is worth
/// 1 (or 2-3 with gammons, times the cube).
pub fn match_lengths(scoring: acey_rules::Scoring) -> &'static [u32] {
    match scoring {
        acey_rules::Scoring::CheckerCount => &[15, 31, 61],
        acey_rules::Scoring::Single | acey_rules::Scoring::GammonBackgammon => {
            &[3, 5, 7, 9, 11, 13, 15, 17, 21, 25]
        }
    }
}

async fn options() -> Json<Options> {
    Json(options_now())
}

/// The presets and levels the home page offers (`/api/options`).
pub(crate) fn options_now() -> Options {
    Options {
        presets: acey_rules::Preset::ALL
            .iter()
            .map(|p| {
                let rules = p.rules();
                PresetChoice {
                    name: p.as_str(),
                    description: p.description(),
                    scoring: rules.scoring.as_str(),
                    cube: rules.doubling_cube,
                    matches: match_lengths(rules.scoring),
                }
            })
            .collect(),
        levels: acey_ai::Level::ALL
            .iter()
            .map(|l| Choice {
                name: l.as_str(),
                description: l.description(),
            })
            .collect(),
        default_level: "casual",
    }
}

/// A record or replay of a game: from the cache if the game is finished and was rendered
/// before, else loaded, replayed and rendered on the render pool (and kept if finished).
async fn rendered(app: &AppState, id: &str, what: Rendering) -> Result<Bytes, ApiError> {
    if let Some(body) = app.cache.get(id, what) {
        return Ok(body);
    }
    let stored = app
        .shared
        .hub
        .store()
        .load_game(id)
        .await
        .map_err(|e| {
            tracing::error!(error = %e, "storage failed in an HTTP request");
            ApiError::text(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server cannot reach its database: try again in a moment",
            )
        })?
        .ok_or_else(|| ApiError::text(StatusCode::NOT_FOUND, format!("there is no game '{id}'")))?;
    let (body, finished) = app
        .renders
        .run(move || render(&stored, what))
        .await
        .ok_or_else(|| ApiError::text(StatusCode::INTERNAL_SERVER_ERROR, "rendering failed"))??;
    let body = Bytes::from(body);
    if finished {
        app.cache.put(id, what, body.clone());
    }
    Ok(body)
}

/// Renders a stored game; says whether it is finished (and so will never change).
fn render(stored: &StoredGame, what: Rendering) -> Result<(String, bool), ApiError> {
    let game = rebuild(&stored.meta, &stored.actions)
        .map_err(|e| ApiError::text(StatusCode::INTERNAL_SERVER_ERROR, e))?;
    // Only a decided match is final: an open session can always go on (and never has a match
    // winner).
    let finished = matches!(game.phase(), Phase::GameOver { .. }) && game.match_winner().is_some();
    let body = match what {
        Rendering::RecordJson => record_json(stored, &game),
        Rendering::RecordText => record_plain(stored, &game),
        Rendering::Replay => replay_json(stored, &game)?,
    };
    Ok((body, finished))
}

fn download(id: &str, body: Bytes, mime: &'static str, ext: &str) -> Response {
    (
        [
            (header::CONTENT_TYPE, mime.to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"acey-{id}.{ext}\""),
            ),
        ],
        body,
    )
        .into_response()
}

/// The game record, JSON: the rules and every action (enough to replay it exactly with
/// `Game::replay`), plus the move log in notation and the result.
#[derive(Serialize)]
struct Record<'a> {
    format: &'static str,
    game: GameInfo,
    dice: &'static str,
    actions: &'a [acey_rules::Action],
    log: Vec<LogEntry>,
    score: [u32; 2],
    match_winner: Option<acey_rules::Player>,
}

fn record_json(stored: &StoredGame, game: &Game) -> String {
    let body = Record {
        format: "acey-record-json 1",
        game: GameInfo::from(&stored.meta),
        dice: "server (operating system CSPRNG)",
        actions: &stored.actions,
        log: game.log().iter().map(LogEntry::from).collect(),
        score: game.score(),
        match_winner: game.match_winner(),
    };
    serde_json::to_string_pretty(&body).unwrap_or_default()
}

async fn record(State(app): State<AppState>, Path(id): Path<String>) -> Response {
    match rendered(&app, &id, Rendering::RecordJson).await {
        Ok(body) => download(&id, body, "application/json", "json"),
        Err(e) => e.into_response(),
    }
}

/// The game record in acey's plain-text format (docs/notation.md), which `acey play` and
/// `Record::parse` read back.
fn record_plain(stored: &StoredGame, game: &Game) -> String {
    let [name0, name1] = stored.meta.seat_names();
    let date = acey_rules::CivilTime::from_unix(stored.meta.created_at).date();
    let header = acey_rules::RecordHeader {
        players: [Some(name0), Some(name1)],
        dice: Some(acey_rules::DiceSource::Described("server".into())),
        date: Some(date),
        extra: acey_protocol::record_lines(&stored.meta.id, stored.meta.takebacks),
    };
    acey_rules::Record::from_game(game, header).to_string()
}

async fn record_text(State(app): State<AppState>, Path(id): Path<String>) -> Response {
    match rendered(&app, &id, Rendering::RecordText).await {
        Ok(body) => download(&id, body, "text/plain; charset=utf-8", "txt"),
        Err(e) => e.into_response(),
    }
}

fn replay_json(stored: &StoredGame, game: &Game) -> Result<String, ApiError> {
    let id = &stored.meta.id;
    if !matches!(game.phase(), Phase::GameOver { .. }) {
        return Err(ApiError::text(
            StatusCode::CONFLICT,
            format!("game '{id}' is still being played: watch it live at /g/{id}"),
        ));
    }
    let body = acey_protocol::Replay::of(GameInfo::from(&stored.meta), game);
    Ok(serde_json::to_string(&body).unwrap_or_default())
}

async fn replay(State(app): State<AppState>, Path(id): Path<String>) -> Response {
    match rendered(&app, &id, Rendering::Replay).await {
        Ok(body) => ([(header::CONTENT_TYPE, "application/json")], body).into_response(),
        Err(e) => e.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_web_file_is_embedded_and_typed() {
        for (name, mime, body) in FILES {
            assert!(!body.trim().is_empty(), "{name} is empty");
            assert!(mime.contains('/'));
        }
        assert!(FILES
            .iter()
            .any(|(n, _, b)| *n == "index.html" && b.contains("app.js")));
    }

    #[test]
    fn every_module_a_script_imports_is_embedded() {
        for (name, _, body) in FILES.iter().filter(|(n, _, _)| n.ends_with(".js")) {
            // A module's imports are relative to its own folder (`vendor/fluent/` for the
            // Fluent runtime); a re-export (`export { X } from "./x.js"`) loads a module too.
            let dir = name.rsplit_once('/').map_or("", |(d, _)| d);
            let loads = |l: &&str| {
                l.starts_with("import ") || (l.starts_with("export ") && l.contains(" from "))
            };
            for line in body.lines().filter(loads) {
                let Some(file) = line.split("\"./").nth(1).and_then(|r| r.split('"').next()) else {
                    panic!("{name}: an import not of a local module: {line}");
                };
                let path = if dir.is_empty() {
                    file.to_string()
                } else {
                    format!("{dir}/{file}")
                };
                assert!(
                    FILES.iter().any(|(n, _, _)| *n == path),
                    "{name} imports {path}, which is not embedded"
                );
            }
        }
    }

    #[test]
    fn match_lengths_suit_the_scoring() {
        // R9.2: a checker-count game is worth up to 15 points, so its matches start at 15.
        assert!(match_lengths(acey_rules::Scoring::CheckerCount)
            .iter()
            .all(|&n| n >= 15));
        assert!(match_lengths(acey_rules::Scoring::Single).contains(&5));
    }
}
