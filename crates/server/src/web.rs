//! HTTP: the embedded web client, the WebSocket endpoint, game records and replays.

use std::sync::Arc;

use axum::extract::{Path, State, WebSocketUpgrade};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

use acey_rules::{Game, Phase};

use crate::hub::Hub;
use crate::protocol::{GameInfo, LogEntry, View};
use crate::room::rebuild;
use crate::ws::{serve_socket, Limits};

/// The files of `web/`, built into the binary (no build step, nothing to install).
const FILES: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../../../web/index.html"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../../../web/style.css"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/app.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/board.js"),
    ),
    (
        "net.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/net.js"),
    ),
    (
        "replay.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/replay.js"),
    ),
    (
        "scoring.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/scoring.js"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_str!("../../../web/favicon.svg"),
    ),
];

#[derive(Clone)]
struct AppState {
    hub: Arc<Hub>,
    limits: Limits,
}

/// The application's routes.
pub fn router(hub: Arc<Hub>, limits: Limits) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/g/{id}", get(index))
        .route("/replay/{id}", get(index))
        .route("/ws", get(websocket))
        .route("/api/options", get(options))
        .route("/api/games/{id}/record", get(record_text))
        .route("/api/games/{id}/record.json", get(record))
        .route("/api/games/{id}/replay", get(replay))
        .route("/{file}", get(file))
        .with_state(AppState { hub, limits })
}

fn serve_file(name: &str) -> Response {
    match FILES.iter().find(|(n, _, _)| *n == name) {
        Some((_, mime, body)) => (
            [
                (header::CONTENT_TYPE, *mime),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *body,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

async fn index() -> Response {
    serve_file("index.html")
}

async fn file(Path(name): Path<String>) -> Response {
    serve_file(&name)
}

async fn websocket(State(app): State<AppState>, upgrade: WebSocketUpgrade) -> Response {
    let limits = app.limits;
    // Small buffers: the messages are small, and the defaults (128 KiB each way) would make a
    // connection cost far more memory than the game it plays.
    upgrade
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .max_message_size(limits.hard_max_bytes())
        .max_frame_size(limits.hard_max_bytes())
        .on_upgrade(move |socket| serve_socket(socket, app.hub, limits))
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
struct Options {
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
    Json(Options {
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
    })
}

fn problem(status: StatusCode, message: impl Into<String>) -> Response {
    (status, message.into()).into_response()
}

/// Loads a stored game (not the live room: a record is what was stored).
async fn load(app: &AppState, id: &str) -> Result<(crate::storage::StoredGame, Game), Response> {
    let stored = app
        .hub
        .store()
        .load_game(id)
        .await
        .map_err(|e| problem(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
        .ok_or_else(|| problem(StatusCode::NOT_FOUND, format!("there is no game '{id}'")))?;
    let game = rebuild(&stored.meta, &stored.actions)
        .map_err(|e| problem(StatusCode::INTERNAL_SERVER_ERROR, e))?;
    Ok((stored, game))
}

/// The game record, JSON: the rules and every action (enough to replay it exactly with
/// `Game::replay`), plus the move log in notation and the result.
#[derive(Serialize)]
struct Record {
    format: &'static str,
    game: GameInfo,
    dice: &'static str,
    actions: Vec<acey_rules::Action>,
    log: Vec<LogEntry>,
    score: [u32; 2],
    match_winner: Option<acey_rules::Player>,
}

async fn record(State(app): State<AppState>, Path(id): Path<String>) -> Response {
    let (stored, game) = match load(&app, &id).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let body = Record {
        format: "acey-record-json 1",
        game: GameInfo::of(&stored.meta),
        dice: "server (operating system CSPRNG)",
        actions: stored.actions,
        log: game.log().iter().map(LogEntry::from).collect(),
        score: game.score(),
        match_winner: game.match_winner(),
    };
    let json = serde_json::to_string_pretty(&body).unwrap_or_default();
    (
        [
            (header::CONTENT_TYPE, "application/json".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"acey-{id}.json\""),
            ),
        ],
        json,
    )
        .into_response()
}

/// The game record in acey's plain-text format (docs/notation.md), which `acey play` and
/// `Record::parse` read back.
async fn record_text(State(app): State<AppState>, Path(id): Path<String>) -> Response {
    let (stored, game) = match load(&app, &id).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let name = |seat: usize| match (stored.meta.mode, stored.meta.bot_seat) {
        (crate::storage::Mode::Computer, Some(b)) if b == seat => format!(
            "acey bot ({})",
            stored.meta.level.as_deref().unwrap_or("casual")
        ),
        (crate::storage::Mode::Local, _) => format!("player {seat}"),
        _ => format!("guest {seat}"),
    };
    let date = chrono_free_date(stored.meta.created_at);
    let header = acey_rules::RecordHeader {
        players: [Some(name(0)), Some(name(1))],
        dice: Some(acey_rules::DiceSource::Described("server".into())),
        date: Some(date),
        extra: vec![("Game".into(), id.clone())],
    };
    let text = acey_rules::Record::from_game(&game, header).to_string();
    (
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"acey-{id}.txt\""),
            ),
        ],
        text,
    )
        .into_response()
}

/// A unix time as `YYYY-MM-DD` (UTC), without a date library.
fn chrono_free_date(secs: i64) -> String {
    // Howard Hinnant's days-to-civil algorithm.
    let z = secs.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// A finished game, frame by frame for the replay viewer.
#[derive(Serialize)]
struct Replay {
    game: GameInfo,
    frames: Vec<Frame>,
    log: Vec<LogEntry>,
}

#[derive(Serialize)]
struct Frame {
    action: Option<acey_rules::Action>,
    view: View,
}

async fn replay(State(app): State<AppState>, Path(id): Path<String>) -> Response {
    let (stored, game) = match load(&app, &id).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    if !matches!(game.phase(), Phase::GameOver { .. }) {
        return problem(
            StatusCode::CONFLICT,
            format!("game '{id}' is still being played: watch it live at /g/{id}"),
        );
    }
    let mut g = Game::new(stored.meta.rules);
    let mut frames = vec![Frame {
        action: None,
        view: View::of(&g),
    }];
    for a in &stored.actions {
        if g.apply(a.clone()).is_err() {
            break;
        }
        // The step-by-step actions of a person's play (steps, undos) are kept: the viewer
        // shows exactly what happened.
        frames.push(Frame {
            action: Some(a.clone()),
            view: View::of(&g),
        });
    }
    Json(Replay {
        game: GameInfo::of(&stored.meta),
        frames,
        log: game.log().iter().map(LogEntry::from).collect(),
    })
    .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil() {
        assert_eq!(chrono_free_date(0), "1970-01-01");
        assert_eq!(chrono_free_date(951_782_400), "2000-02-29");
        assert_eq!(chrono_free_date(1_767_225_600), "2026-01-01");
    }

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
            for line in body.lines().filter(|l| l.starts_with("import ")) {
                let Some(file) = line.split("\"./").nth(1).and_then(|r| r.split('"').next()) else {
                    panic!("{name}: an import not of a local module: {line}");
                };
                assert!(
                    FILES.iter().any(|(n, _, _)| *n == file),
                    "{name} imports {file}, which is not embedded"
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
