//! The installable web app: the engine's WebAssembly, the icons, the manifest and the service
//! worker, which keeps this version's files for offline play (web/sw.js).
//!
//! The service worker is served with this version's id and the list of its files written in:
//! the id is a digest of every file the client is made of, so any change to them makes a new
//! service worker, which the browser installs beside the old one (and the page offers to
//! switch to).

use std::sync::OnceLock;

use axum::extract::Path;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use super::FILES;

/// The client's files that are not text: the engine (crates/engine, built by
/// scripts/build-wasm.sh) and the app's icons (scripts/icons.sh).
const BINARY: &[(&str, &str, &[u8])] = &[
    (
        "engine/acey.wasm",
        "application/wasm",
        include_bytes!("../../../../web/engine/acey.wasm"),
    ),
    (
        "icons/icon-192.png",
        "image/png",
        include_bytes!("../../../../web/icons/icon-192.png"),
    ),
    (
        "icons/icon-512.png",
        "image/png",
        include_bytes!("../../../../web/icons/icon-512.png"),
    ),
    (
        "icons/maskable-512.png",
        "image/png",
        include_bytes!("../../../../web/icons/maskable-512.png"),
    ),
];

const SERVICE_WORKER: &str = include_str!("../../../../web/sw.js");
const MANIFEST: &str = include_str!("../../../../web/manifest.webmanifest");

/// The paths the service worker keeps: every page's shell (`/`), every file of the client, and
/// the presets and levels the home page offers.
pub fn shell() -> Vec<String> {
    let text = FILES.iter().map(|(name, _, _)| *name);
    let binary = BINARY.iter().map(|(name, _, _)| *name);
    text.chain(binary)
        .chain(["manifest.webmanifest", "api/options"])
        .map(|name| match name {
            "index.html" => "/".to_string(),
            name => format!("/{name}"),
        })
        .collect()
}

/// This version of the client: the first 16 hex digits of a SHA-256 over all its files.
pub fn version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        let mut digest = Sha256::new();
        for (name, _, body) in FILES {
            digest.update(name.as_bytes());
            digest.update(body.as_bytes());
        }
        for (name, _, body) in BINARY {
            digest.update(name.as_bytes());
            digest.update(body);
        }
        digest.update(SERVICE_WORKER.as_bytes());
        digest.update(MANIFEST.as_bytes());
        digest.finalize()[..8]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    })
}

/// The service worker of this version: web/sw.js with its id and files written in (once).
pub fn service_worker_text() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let files = serde_json::to_string(&shell()).unwrap_or_else(|_| "[]".into());
        SERVICE_WORKER
            .replace("\"__ACEY_VERSION__\"", &format!("\"{}\"", version()))
            .replace("__ACEY_FILES__", &files)
    })
}

/// The client as a static site, for `acey export-web`: every file at its path (`index.html`
/// also as `404.html`, which static hosts serve for the app's other pages, `/g/ID`, `/d/ID`...),
/// the service worker with this version written in, and the presets and levels at
/// `api/options`. Served by any static host, it plays against the computer and on one screen
/// with no acey server.
pub fn static_site() -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = FILES
        .iter()
        .map(|(name, _, body)| (name.to_string(), body.as_bytes().to_vec()))
        .collect();
    if let Some((_, _, index)) = FILES.iter().find(|(n, _, _)| *n == "index.html") {
        files.push(("404.html".into(), index.as_bytes().to_vec()));
    }
    files.extend(
        BINARY
            .iter()
            .map(|(name, _, body)| (name.to_string(), body.to_vec())),
    );
    files.push(("sw.js".into(), service_worker_text().as_bytes().to_vec()));
    files.push(("manifest.webmanifest".into(), MANIFEST.as_bytes().to_vec()));
    let options = serde_json::to_vec(&super::options_now()).unwrap_or_default();
    files.push(("api/options".into(), options));
    files
}

async fn binary(name: &str, headers: &HeaderMap) -> Response {
    match BINARY.iter().find(|(n, _, _)| *n == name) {
        // PNG is compressed already.
        Some((_, mime, body)) if mime.starts_with("image/") => (
            [
                (header::CONTENT_TYPE, *mime),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *body,
        )
            .into_response(),
        Some((name, mime, body)) => super::compressed::respond(name, mime, body, headers).await,
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

/// `/engine/acey.wasm`, as `WebAssembly.instantiateStreaming` takes it (its own type).
pub async fn engine(headers: HeaderMap) -> Response {
    binary("engine/acey.wasm", &headers).await
}

/// `/icons/{file}`.
pub async fn icon(Path(name): Path<String>, headers: HeaderMap) -> Response {
    binary(&format!("icons/{name}"), &headers).await
}

/// `/sw.js`: never kept by the HTTP cache, so that the browser sees a new version at once.
pub async fn service_worker() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        service_worker_text(),
    )
        .into_response()
}

/// `/manifest.webmanifest`.
pub async fn manifest() -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/manifest+json"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        MANIFEST,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_service_worker_names_its_version_and_every_file_the_page_loads() {
        let sw = service_worker_text();
        assert!(!sw.contains("__ACEY_"), "every marker is written in");
        assert!(sw.contains(&format!("const VERSION = \"{}\";", version())));
        assert_eq!(version().len(), 16);
        let shell = shell();
        for path in [
            "/",
            "/app.js",
            "/engine/acey.wasm",
            "/engine-worker.js",
            "/locales/fr.ftl",
        ] {
            assert!(shell.iter().any(|p| p == path), "{path} is kept offline");
        }
        // Every file the index page links or loads is in the list (its links to the app's
        // other pages, `/players`, are the shell itself).
        let index = FILES.iter().find(|(n, _, _)| *n == "index.html").unwrap().2;
        for part in index.split(['"', '\'']) {
            let file = part
                .rsplit('/')
                .next()
                .is_some_and(|last| last.contains('.'));
            if part.starts_with('/') && file && !part.starts_with("//") {
                assert!(
                    shell.iter().any(|p| p == part),
                    "{part} is not kept offline"
                );
            }
        }
        // The manifest is JSON, with the icons an installable app needs.
        let manifest: serde_json::Value = serde_json::from_str(MANIFEST).unwrap();
        for icon in manifest["icons"].as_array().unwrap() {
            let src = icon["src"].as_str().unwrap();
            assert!(shell.iter().any(|p| p == src), "{src}");
        }
        assert_eq!(manifest["display"], "standalone");
    }

    #[test]
    fn the_static_site_has_every_file_the_service_worker_keeps() {
        let site = static_site();
        for path in shell() {
            let file = if path == "/" {
                "index.html"
            } else {
                &path[1..]
            };
            assert!(site.iter().any(|(p, _)| p == file), "{path} is exported");
        }
        assert!(site.iter().any(|(p, _)| p == "404.html"));
        let (_, sw) = site.iter().find(|(p, _)| p == "sw.js").unwrap();
        assert!(!String::from_utf8_lossy(sw).contains("__ACEY_"));
    }
}
