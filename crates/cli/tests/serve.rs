//! `acey serve`: starts, prints the address to open, serves the web client; bad addresses are
//! usage errors.

mod common;

use std::io::{Read, Write};

use common::{acey, assert_exit_code, serve, temp_dir};

/// The whole HTTP response to a GET of `path`.
fn get(port: u16, path: &str) -> String {
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut page = String::new();
    s.read_to_string(&mut page).unwrap();
    page
}

#[test]
fn serve_prints_the_address_and_serves_the_web_client() {
    let dir = temp_dir();
    let (mut child, port, first) = serve(dir.path().join("t.db"));
    assert_eq!(
        first.trim(),
        format!("acey is serving at http://127.0.0.1:{port}/")
    );
    let page = get(port, "/");
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("Play the computer"));
}

#[test]
fn sigterm_stops_the_server_cleanly_and_a_restart_serves_the_same_games() {
    let dir = temp_dir();
    let db = dir.path().join("t.db");
    let (mut child, port, first) = serve(&db);
    assert!(first.contains("serving"), "{first}");
    let health = get(port, "/healthz");
    assert!(health.ends_with("ok\n"), "{health}");
    let t0 = std::time::Instant::now();
    child.signal("TERM");
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "a clean stop exits 0");
    assert!(t0.elapsed() < std::time::Duration::from_secs(10));
    let err = child.stderr();
    assert!(err.contains("shutting down"), "the log says so: {err}");
    // The same database serves again.
    let (mut again, port, first) = serve(&db);
    assert!(first.contains("serving"), "{first}");
    assert!(get(port, "/healthz").ends_with("ok\n"));
    again.kill().unwrap();
    again.wait().unwrap();
}

#[test]
fn a_bad_address_is_a_usage_error() {
    let out = acey(&["serve", "--addr", "localhost-ish"]);
    let err = assert_exit_code(&out, 2);
    assert!(err.contains("--addr 'localhost-ish'"), "{err}");
}
