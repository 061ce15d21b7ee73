//! `acey serve`: starts, prints the address to open, serves the web client; bad addresses are
//! usage errors.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};

#[test]
fn serve_prints_the_address_and_serves_the_web_client() {
    let dir = tempfile_dir();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
        .port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_acey"))
        .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--db"])
        .arg(dir.join("t.db"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(
        first.trim(),
        format!("acey is serving at http://127.0.0.1:{port}/")
    );
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut page = String::new();
    s.read_to_string(&mut page).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("Play the computer"));
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
