//! The WebAssembly engine run by node (`tests/wasm-replay.mjs`), for the differential test and
//! the benchmark (which includes this file).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The committed engine.
pub fn wasm() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/engine/acey.wasm")
}

/// Sends `requests` to the WebAssembly engine made with `seed`, in order: its answers, or with
/// `times` each request's time in milliseconds.
pub fn replay(requests: &[String], seed: u64, times: bool) -> Vec<String> {
    let mut command = Command::new("node");
    command
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wasm-replay.mjs"))
        .arg(wasm())
        .arg((seed >> 32).to_string())
        .arg((seed & 0xffff_ffff).to_string());
    if times {
        command.arg("--times");
    }
    let mut node = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node runs the WebAssembly engine (the test command installs it)");
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let mut stdin = node.stdin.take().expect("node's input");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = node.wait_with_output().expect("node ran");
    writer
        .join()
        .expect("the writer")
        .expect("node read the requests");
    assert!(
        output.status.success(),
        "node failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .expect("UTF-8")
        .lines()
        .map(str::to_string)
        .collect()
}
