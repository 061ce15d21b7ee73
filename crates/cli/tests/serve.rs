//! `acey serve`: starts, prints the address to open, serves the web client; bad addresses are
//! usage errors.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};

/// Starts `acey serve` on a free port with the database `db`; returns the process, the port and
/// the first line it printed.
fn serve(db: &std::path::Path) -> (Child, u16, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
        .port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_acey"))
        .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--db"])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    (child, port, first)
}

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
    let dir = tempfile_dir();
    let (mut child, port, first) = serve(&dir.join("t.db"));
    assert_eq!(
        first.trim(),
        format!("acey is serving at http://127.0.0.1:{port}/")
    );
    let page = get(port, "/");
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("Play the computer"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sigterm_stops_the_server_cleanly_and_a_restart_serves_the_same_games() {
    // A folder of its own: the other test removes its folder when it ends.
    let dir = std::env::temp_dir().join(format!("acey-serve-sigterm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("t.db");
    let (mut child, port, first) = serve(&db);
    assert!(first.contains("serving"), "{first}");
    let health = get(port, "/healthz");
    assert!(health.ends_with("ok\n"), "{health}");
    let t0 = std::time::Instant::now();
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "a clean stop exits 0");
    assert!(t0.elapsed() < std::time::Duration::from_secs(10));
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(err.contains("shutting down"), "the log says so: {err}");
    // The same database serves again.
    let (mut again, port, first) = serve(&db);
    assert!(first.contains("serving"), "{first}");
    assert!(get(port, "/healthz").ends_with("ok\n"));
    again.kill().unwrap();
    again.wait().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_address_is_a_usage_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_acey"))
        .args(["serve", "--addr", "localhost-ish"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--addr 'localhost-ish'"), "{err}");
}

fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("acey-serve-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
