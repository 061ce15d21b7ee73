//! Pages of another origin (the client exported by `acey export-web --server` to a host of its
//! own) over real HTTP: a server started with `--origin` answers CORS for the listed origins and
//! for no other, lets their pages act from another site, and keeps its own pages' policy.

mod common;

use acey_server::{Config, Limits, Running};
use common::*;
use serde_json::json;

const SITE: &str = "https://site.example";

fn server_listing(origins: &[&str]) -> (tempfile::TempDir, Running) {
    let (dir, db) = temp_db();
    let server = acey_server::start(Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        db,
        limits: Limits::default(),
        origins: origins.iter().map(|o| o.to_string()).collect(),
        proxies: Default::default(),
    })
    .expect("server starts");
    (dir, server)
}

/// The values of every `Vary` header of an answer, lower case.
fn vary(r: &HttpReply) -> String {
    r.headers
        .iter()
        .filter(|(k, _)| k.eq_ignore_ascii_case("vary"))
        .map(|(_, v)| v.to_ascii_lowercase())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The browser's preflight of a JSON POST to the analysis from a page of `origin`.
async fn preflight(addr: std::net::SocketAddr, origin: &str) -> HttpReply {
    http(
        addr,
        "OPTIONS",
        "/api/games/nosuchgame/analysis",
        None,
        &[
            ("Origin", origin),
            ("Access-Control-Request-Method", "POST"),
            ("Access-Control-Request-Headers", "content-type"),
        ],
    )
    .await
}

/// The POST itself, from a page of `origin` on another site.
async fn ask(addr: std::net::SocketAddr, origin: &str) -> HttpReply {
    http(
        addr,
        "POST",
        "/api/games/nosuchgame/analysis",
        Some(&json!({})),
        &[("Origin", origin), ("Sec-Fetch-Site", "cross-site")],
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_listed_origin_reads_and_acts_from_another_site_and_no_other_origin_does() {
    let (_dir, server) = server_listing(&[SITE, "http://127.0.0.1:9"]);
    let addr = server.addr;

    // A GET from the listed site: its origin named, never `*`, no credentials.
    let r = http(
        addr,
        "GET",
        "/api/leaderboard?family=acey-deucey",
        None,
        &[("Origin", SITE), ("Sec-Fetch-Site", "cross-site")],
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.header("access-control-allow-origin"), Some(SITE));
    assert_eq!(r.header("access-control-allow-credentials"), None);
    assert!(vary(&r).contains("origin"), "{:?}", r.headers);
    // The server's own pages keep their policy.
    let csp = r.header("content-security-policy").unwrap();
    assert!(csp.contains("connect-src 'self'"), "{csp}");

    // An unlisted origin: no CORS header at all (the browser hides the answer), the same Vary.
    for other in ["https://evil.example", "http://site.example", "null"] {
        let r = http(
            addr,
            "GET",
            "/api/leaderboard?family=acey-deucey",
            None,
            &[("Origin", other)],
        )
        .await;
        assert_eq!(r.header("access-control-allow-origin"), None, "{other}");
        assert!(vary(&r).contains("origin"), "{other}: {:?}", r.headers);
    }

    // The preflight of the analysis request (JSON POST).
    let r = preflight(addr, SITE).await;
    assert!(
        (200..300).contains(&r.status),
        "{} {:?}",
        r.status,
        r.headers
    );
    assert_eq!(r.header("access-control-allow-origin"), Some(SITE));
    let methods = r.header("access-control-allow-methods").unwrap();
    assert!(
        methods.contains("POST") && !methods.contains('*'),
        "{methods}"
    );
    let headers = r.header("access-control-allow-headers").unwrap();
    assert!(
        headers.to_ascii_lowercase().contains("content-type"),
        "{headers}"
    );
    assert_eq!(r.header("access-control-allow-credentials"), None);
    // Another origin's preflight names no origin: the browser sends nothing after it.
    let r = preflight(addr, "https://evil.example").await;
    assert_eq!(r.header("access-control-allow-origin"), None);

    // The POST itself: the listed site acts from another site (no such game here: 404, not
    // a refusal); any other origin is refused.
    let r = ask(addr, SITE).await;
    assert_eq!(r.status, 404, "{}", r.body);
    assert_eq!(r.header("access-control-allow-origin"), Some(SITE));
    let r = ask(addr, "https://evil.example").await;
    assert_eq!(r.status, 403, "{}", r.body);
    assert_eq!(r.header("access-control-allow-origin"), None);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_list_no_page_elsewhere_reads_the_api() {
    let (_dir, server) = server_listing(&[]);
    let addr = server.addr;
    let own = format!("http://{addr}");
    for origin in [own.as_str(), "https://site.example"] {
        let r = http(
            addr,
            "GET",
            "/api/leaderboard?family=acey-deucey",
            None,
            &[("Origin", origin)],
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(r.header("access-control-allow-origin"), None, "{origin}");
    }
    let r = http(
        addr,
        "OPTIONS",
        "/api/games/nosuchgame/analysis",
        None,
        &[
            ("Origin", "https://site.example"),
            ("Access-Control-Request-Method", "POST"),
        ],
    )
    .await;
    assert_eq!(r.header("access-control-allow-origin"), None);
    // A page of another site is refused, as before.
    let r = http(
        addr,
        "POST",
        "/api/games/nosuchgame/analysis",
        Some(&json!({})),
        &[("Origin", own.as_str()), ("Sec-Fetch-Site", "cross-site")],
    )
    .await;
    assert_eq!(r.status, 403, "{}", r.body);
    server.stop();
}
