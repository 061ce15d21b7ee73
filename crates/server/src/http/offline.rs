//! The installable web app: the engine's WebAssembly, the icons, the manifest and the service
//! worker, which keeps this version's files for offline play (web/sw.js).
//!
//! The service worker is served with this version's id and the list of its files written in:
//! the id is a digest of every file the client is made of, so any change to them makes a new
//! service worker, which the browser installs beside the old one (and the page offers to
//! switch to).
//!
//! The same files make the static site of `acey export-web`; pointed at an acey server elsewhere
//! (`--server`), its pages name that server in a meta tag (web/server.js reads it) and the site
//! is a version of its own.

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
        short_hex(digest)
    })
}

/// A version id: the first 8 bytes of `digest`, in hex.
fn short_hex(digest: Sha256) -> String {
    digest.finalize()[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The service worker of this version: web/sw.js with its id and files written in (once).
pub fn service_worker_text() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| service_worker_of(version()))
}

/// web/sw.js with the version `version` and this version's files written in.
fn service_worker_of(version: &str) -> String {
    let files = serde_json::to_string(&shell()).unwrap_or_else(|_| "[]".into());
    SERVICE_WORKER
        .replace("\"__ACEY_VERSION__\"", &format!("\"{version}\""))
        .replace("__ACEY_FILES__", &files)
}

/// The version of a static site: [`version`] for a site that plays online with its own origin;
/// for one pointed at an acey server (`acey export-web --server`), a digest of the version and
/// that address, since its pages differ: a site exported again for another server is a new
/// version, which the browsers that installed the old one take up.
pub fn site_version(server: Option<&str>) -> String {
    let Some(server) = server else {
        return version().to_string();
    };
    let mut digest = Sha256::new();
    digest.update(version().as_bytes());
    digest.update(b"\0acey-server\0");
    digest.update(server.as_bytes());
    short_hex(digest)
}

/// The address of an acey server as `acey export-web --server` takes it: an absolute `http` or
/// `https` URL of a host (a name, an IPv4 address or a bracketed IPv6 one) with an optional port
/// and no path beyond `/`, no query, no fragment and no user. Returned as the page's meta tag
/// holds it: the scheme and the host in lower case, without the final `/`.
pub fn server_address(text: &str) -> Result<String, String> {
    let refused = |why: &str| {
        Err(format!(
            "--server takes an http or https address with no path, such as \
             https://play.example.org ({why}): '{text}'"
        ))
    };
    let lower = text.to_ascii_lowercase();
    let (scheme, rest) = match lower.split_once("://") {
        Some((scheme @ ("http" | "https"), rest)) => (scheme, rest),
        _ => return refused("not an http or https address"),
    };
    let (authority, tail) = rest.split_at(rest.find(['/', '?', '#']).unwrap_or(rest.len()));
    if !tail.is_empty() && tail != "/" {
        return refused("a path, a query or a fragment");
    }
    let host = match authority.strip_prefix('[') {
        Some(v6) => match v6.split_once(']') {
            Some((ip, port)) if ip.parse::<std::net::Ipv6Addr>().is_ok() => {
                (port.is_empty() || port.starts_with(':')).then_some(port)
            }
            _ => None,
        },
        None => {
            let (name, port) = authority.split_at(authority.find(':').unwrap_or(authority.len()));
            let name_ok = !name.is_empty()
                && !name.starts_with(['.', '-'])
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.');
            name_ok.then_some(port)
        }
    };
    let Some(port) = host else {
        return refused("not a host name or address");
    };
    if let Some(port) = port.strip_prefix(':') {
        if port.parse::<u16>().is_err() {
            return refused("not a port");
        }
    }
    Ok(format!("{scheme}://{authority}"))
}

/// The page `index.html` with the acey server's address written in, as
/// `<meta name="acey-server" content="...">` (web/server.js reads it).
fn page_for(index: &str, server: &str) -> String {
    let tag = format!("<meta name=\"acey-server\" content=\"{server}\">");
    for after in ["<meta charset=\"utf-8\">", "<head>"] {
        if let Some(at) = index.find(after) {
            let at = at + after.len();
            return format!("{}\n{tag}{}", &index[..at], &index[at..]);
        }
    }
    format!("{tag}\n{index}")
}

/// The client as a static site, for `acey export-web`: every file at its path (`index.html`
/// also as `404.html`, which static hosts serve for the app's other pages, `/g/ID`, `/d/ID`...),
/// the service worker with this version written in, and the presets and levels at
/// `api/options`. Served by any static host, it plays against the computer and on one screen
/// with no acey server.
pub fn static_site() -> Vec<(String, Vec<u8>)> {
    static_site_for(None)
}

/// [`static_site`], its pages playing online with the acey server at `server` (a value of
/// [`server_address`]) instead of their own origin, under the version [`site_version`] gives.
pub fn static_site_for(server: Option<&str>) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = FILES
        .iter()
        .map(|(name, _, body)| match (*name, server) {
            ("index.html", Some(server)) => (name.to_string(), page_for(body, server).into_bytes()),
            _ => (name.to_string(), body.as_bytes().to_vec()),
        })
        .collect();
    if let Some((_, index)) = files.iter().find(|(n, _)| n == "index.html") {
        let index = index.clone();
        files.push(("404.html".into(), index));
    }
    files.extend(
        BINARY
            .iter()
            .map(|(name, _, body)| (name.to_string(), body.to_vec())),
    );
    let worker = match server {
        None => service_worker_text().to_string(),
        Some(_) => service_worker_of(&site_version(server)),
    };
    files.push(("sw.js".into(), worker.into_bytes()));
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
        let page = |site: &[(String, Vec<u8>)], name: &str| {
            let (_, body) = site.iter().find(|(p, _)| p == name).unwrap();
            String::from_utf8(body.clone()).unwrap()
        };
        assert!(!page(&site, "index.html").contains("acey-server"));
        assert_eq!(site_version(None), version());
    }

    #[test]
    fn a_site_pointed_at_a_server_names_it_in_its_pages_and_is_a_version_of_its_own() {
        let server = "https://play.example.org";
        let site = static_site_for(Some(server));
        let bytes = |name: &str| site.iter().find(|(p, _)| p == name).unwrap().1.clone();
        let text = |name: &str| String::from_utf8(bytes(name)).unwrap();
        let tag = "<meta name=\"acey-server\" content=\"https://play.example.org\">";
        for page in ["index.html", "404.html"] {
            let page = text(page);
            assert_eq!(page.matches(tag).count(), 1, "{page}");
            // In the head, after the character set (which must come first).
            assert!(page.find("<meta charset").unwrap() < page.find(tag).unwrap());
            assert!(page.find(tag).unwrap() < page.find("</head>").unwrap());
        }
        // Its own version, the same for the same address, written into its service worker.
        let own = site_version(Some(server));
        assert_ne!(own, version());
        assert_eq!(own.len(), 16);
        assert_eq!(own, site_version(Some(server)));
        assert_ne!(own, site_version(Some("https://other.example.org")));
        let sw = text("sw.js");
        assert!(sw.contains(&format!("const VERSION = \"{own}\";")), "{sw}");
        assert!(!sw.contains("__ACEY_"));
        // The same files otherwise.
        let plain = static_site();
        assert_eq!(plain.len(), site.len());
        for (name, body) in &plain {
            if !["index.html", "404.html", "sw.js"].contains(&name.as_str()) {
                assert!(&bytes(name) == body, "{name}");
            }
        }
    }

    #[test]
    fn a_server_address_is_an_http_origin_and_nothing_more() {
        for (given, kept) in [
            ("https://play.example.org", "https://play.example.org"),
            ("https://play.example.org/", "https://play.example.org"),
            (
                "HTTP://Acey.Example.org:8080",
                "http://acey.example.org:8080",
            ),
            ("http://127.0.0.1:8080/", "http://127.0.0.1:8080"),
            ("http://[::1]:8080", "http://[::1]:8080"),
            ("https://localhost", "https://localhost"),
        ] {
            assert_eq!(server_address(given).as_deref(), Ok(kept), "{given}");
        }
        for bad in [
            "",
            "play.example.org",
            "ftp://play.example.org",
            "ws://play.example.org",
            "https://",
            "https:///path",
            "https://play.example.org/acey",
            "https://play.example.org/?x=1",
            "https://play.example.org#top",
            "https://user@play.example.org",
            "https://play.example.org:99999",
            "https://play.example.org:",
            "https://[::1",
            "https://[nope]:80",
            "https://play example.org",
            "https://play.example.org\"><script>",
            "/relative",
        ] {
            let e = server_address(bad).unwrap_err();
            assert!(e.contains("--server"), "{e}");
        }
    }
}
