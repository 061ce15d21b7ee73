//! The browser's engine in WebAssembly beside the native one (docs/benchmarks.md, "The browser's
//! engine"): `cargo run --release -p acey-engine --example bench [PLAYS]`.
//!
//! A scripted session (`acey_engine::scripted`) against the 0-ply, 1-ply and 2-ply levels
//! (`intermediate`, `expert`, `strongest`), PLAYS plays of the bot at each (default 60), is sent
//! to a native engine, to `web/engine/acey.wasm` in node (`tests/wasm-replay.mjs`), and to the
//! same file in a dedicated Web Worker of a page in headless Chromium, request by request with
//! the same seed. For each level it prints the median and 90th percentile of two kinds of
//! request: a hint (the bot's ranking of every play of a roll) and a person's action after which
//! the bot played its turn (its decisions and the table's rolls), native, in node and in
//! Chromium, and the ratio of each median to the native one. Each is timed on a second pass
//! over the requests, after a first with an engine made the same way, so that V8's optimising
//! compiler has compiled what the engine runs often, as it has after a few moves in play.
//!
//! For Chromium the example serves, on 127.0.0.1 with a small HTTP server of its own, the page
//! and the worker of `examples/bench-chromium/`, the engine (`application/wasm`) and the requests
//! (JSON); it starts `$CHROME`, else `/usr/bin/chromium`, else `chromium` on the `PATH`
//! (`--headless=new`, a temporary profile) on the page, whose worker instantiates the engine as
//! `wasm-replay.mjs` does, times each request with `performance.now()` and sends the times and
//! the answers back; the page posts them to the server. The page and the worker are served
//! cross-origin isolated (`Cross-Origin-Opener-Policy: same-origin`,
//! `Cross-Origin-Embedder-Policy: require-corp`): Chromium coarsens `performance.now()` to
//! 100 µs otherwise, 5 µs so. Chromium's answers must agree with the native engine's as in the
//! differential test (`tests/wasm.rs`: numbers with a fraction to 1e-4, the rest exactly), or the
//! example fails after printing its table. Without a Chromium it says so and leaves its columns
//! empty.

#[path = "../tests/node/mod.rs"]
mod node;

use std::time::Instant;

use acey_ai::Level;
use acey_engine::scripted::{self, Kind};
use acey_engine::Engine;
use serde_json::Value;

const SEED: u64 = 0x5eed_0000_2026_1206;

fn quantile(mut xs: Vec<f64>, q: f64) -> f64 {
    if xs.is_empty() {
        return f64::NAN;
    }
    xs.sort_by(f64::total_cmp);
    xs[((xs.len() - 1) as f64 * q).round() as usize]
}

/// A time for the table, `-` where there is none.
fn ms(x: f64) -> String {
    if x.is_nan() {
        "-".into()
    } else {
        format!("{x:.3} ms")
    }
}

/// A ratio for the table, `-` where there is none.
fn ratio(x: f64) -> String {
    if x.is_nan() {
        "-".into()
    } else {
        format!("{x:.2}")
    }
}

fn main() {
    let plays: usize = match std::env::args().nth(1) {
        None => 60,
        Some(a) => match a.parse() {
            Ok(n) if n > 0 => n,
            _ => {
                eprintln!(
                    "usage: bench [PLAYS] (PLAYS: the bot's plays at each level, at least 1)"
                );
                std::process::exit(2);
            }
        },
    };
    let levels = [Level::Intermediate, Level::Expert, Level::Strongest];
    eprintln!("playing the session ({plays} plays of the bot at each of 3 levels)...");
    let session = scripted::play(&mut Engine::new(SEED), &levels, plays, false, 7);
    eprintln!("timing {} requests natively...", session.requests.len());
    // Every leg times a second pass, after one over the same requests with an engine made the
    // same way: warm caches natively, and in V8 the functions the first pass ran often
    // optimised (WebAssembly starts on a quick baseline compiler).
    let mut warm = Engine::new(SEED);
    for r in &session.requests {
        warm.request(r);
    }
    let mut engine = Engine::new(SEED);
    let native: Vec<f64> = session
        .requests
        .iter()
        .map(|r| {
            let began = Instant::now();
            engine.request(r);
            began.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    eprintln!(
        "timing them in WebAssembly in node ({})...",
        version("node")
    );
    let wasm: Vec<f64> = node::replay(&session.requests, SEED, true)
        .iter()
        .map(|t| t.parse().unwrap_or(f64::NAN))
        .collect();
    let browser = match chromium::find() {
        None => {
            eprintln!(
                "no Chromium (neither $CHROME, /usr/bin/chromium nor chromium on the PATH): \
                 the Chromium columns stay empty"
            );
            None
        }
        Some(chrome) => {
            let name = version(&chrome.to_string_lossy());
            eprintln!("timing them in WebAssembly in a worker of headless {name}...");
            match chromium::replay(&chrome, &session.requests, SEED) {
                Ok(run) => Some((name, run)),
                Err(e) => {
                    eprintln!("the Chromium run failed: {e}");
                    std::process::exit(1);
                }
            }
        }
    };
    let in_browser: Vec<f64> = match &browser {
        Some((_, run)) => run.times.clone(),
        None => vec![f64::NAN; session.requests.len()],
    };
    println!(
        "{:<13} {:<9} {:>5} {:>11} {:>11} {:>11} {:>11} {:>11} {:>11} {:>6} {:>6}",
        "level",
        "request",
        "n",
        "native p50",
        "node p50",
        "chrome p50",
        "native p90",
        "node p90",
        "chrome p90",
        "node/n",
        "chr/n"
    );
    for level in levels {
        for (name, kind) in [
            ("hint", Kind::Hint(level)),
            ("bot turn", Kind::BotTurn(level)),
        ] {
            let pick = |xs: &[f64]| -> Vec<f64> {
                xs.iter()
                    .zip(&session.kinds)
                    .filter(|(_, k)| **k == kind)
                    .map(|(x, _)| *x)
                    .collect()
            };
            let (n, w, c) = (pick(&native), pick(&wasm), pick(&in_browser));
            let count = n.len();
            let (n50, w50, c50) = (
                quantile(n.clone(), 0.5),
                quantile(w.clone(), 0.5),
                quantile(c.clone(), 0.5),
            );
            println!(
                "{:<13} {:<9} {:>5} {:>11} {:>11} {:>11} {:>11} {:>11} {:>11} {:>6} {:>6}",
                level.as_str(),
                name,
                count,
                ms(n50),
                ms(w50),
                ms(c50),
                ms(quantile(n, 0.9)),
                ms(quantile(w, 0.9)),
                ms(quantile(c, 0.9)),
                ratio(w50 / n50),
                ratio(c50 / n50)
            );
        }
    }
    let size = std::fs::metadata(node::wasm())
        .map(|m| m.len())
        .unwrap_or(0);
    println!(
        "web/engine/acey.wasm: {size} bytes; node {}",
        version("node")
    );
    let Some((name, run)) = browser else {
        return;
    };
    println!(
        "{name}: the worker's performance.now() {} cross-origin isolated, its smallest step {:.1} µs",
        if run.isolated { "is" } else { "is NOT" },
        run.resolution * 1e3
    );
    let differ: Vec<usize> = (0..session.answers.len())
        .filter(|&i| {
            let native = serde_json::from_str::<Value>(&session.answers[i]);
            let wasm = run.answers.get(i).map(|a| serde_json::from_str::<Value>(a));
            !matches!((native, wasm), (Ok(a), Some(Ok(b))) if same(&a, &b))
        })
        .collect();
    if run.answers.len() == session.answers.len() && differ.is_empty() {
        println!(
            "Chromium's {} answers agree with the native engine's",
            run.answers.len()
        );
    } else {
        println!(
            "Chromium's answers DIFFER from the native engine's: {} answers to {} requests, {} \
             differ",
            run.answers.len(),
            session.answers.len(),
            differ.len()
        );
        if let Some(&i) = differ.first() {
            eprintln!(
                "the first, request {i} ({}):\nnative:   {}\nchromium: {}",
                session.requests[i],
                session.answers[i],
                run.answers.get(i).map_or("(none)", String::as_str)
            );
        }
        std::process::exit(1);
    }
}

/// Whether two answers agree, as in the differential test (`tests/wasm.rs`): the same structure
/// and text, integers equal, other numbers within 1e-4.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_i64(), y.as_i64()) {
            (Some(x), Some(y)) => x == y,
            _ => match (x.as_f64(), y.as_f64()) {
                (Some(x), Some(y)) => (x - y).abs() < 1e-4,
                _ => false,
            },
        },
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// What `program --version` prints, or `?`.
fn version(program: &str) -> String {
    std::process::Command::new(program)
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|_| "?".into())
}

/// The WebAssembly engine in a dedicated worker of a page in headless Chromium, served by a
/// small HTTP server of the example's own.
mod chromium {
    use std::fs::File;
    use std::io::{Read, Write};
    use std::net::{TcpListener, TcpStream};
    use std::path::{Path, PathBuf};
    use std::process::{Child, Command, Stdio};
    use std::sync::mpsc::{self, RecvTimeoutError, Sender};
    use std::time::{Duration, Instant};

    use serde_json::{json, Value};

    /// How long Chromium may take to start, run every request and post the results.
    const TIMEOUT: Duration = Duration::from_secs(300);

    /// What the worker sent back.
    pub struct Run {
        /// Each request's time in milliseconds.
        pub times: Vec<f64>,
        /// Each request's answer.
        pub answers: Vec<String>,
        /// Whether the worker was cross-origin isolated (`performance.now()` to 5 µs, not 100).
        pub isolated: bool,
        /// The smallest step of the worker's `performance.now()`, in milliseconds.
        pub resolution: f64,
    }

    /// The Chromium to run: `$CHROME`, else `/usr/bin/chromium`, else `chromium` (or
    /// `chromium-browser`) on the `PATH`.
    pub fn find() -> Option<PathBuf> {
        if let Some(chrome) = std::env::var_os("CHROME").filter(|c| !c.is_empty()) {
            return Some(chrome.into());
        }
        let usual = Path::new("/usr/bin/chromium");
        if usual.is_file() {
            return Some(usual.into());
        }
        let path = std::env::var_os("PATH")?;
        std::env::split_paths(&path)
            .flat_map(|dir| ["chromium", "chromium-browser"].map(|name| dir.join(name)))
            .find(|p| p.is_file())
    }

    /// Sends `requests` to the WebAssembly engine made with `seed` in a worker of a page in
    /// `chrome`, in order: each one's time and answer.
    pub fn replay(chrome: &Path, requests: &[String], seed: u64) -> Result<Run, String> {
        let setup =
            json!({"hi": seed >> 32, "lo": seed & 0xffff_ffff, "requests": requests}).to_string();
        let listener = TcpListener::bind("127.0.0.1:0").map_err(|e| format!("no server: {e}"))?;
        let address = listener.local_addr().map_err(|e| e.to_string())?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || serve(listener, setup, tx));
        let profile = std::env::temp_dir().join(format!(
            "acey-bench-chromium-{}-{}",
            std::process::id(),
            address.port()
        ));
        std::fs::create_dir_all(&profile).map_err(|e| format!("{}: {e}", profile.display()))?;
        let log = profile.join("chromium.log");
        let result = File::create(&log)
            .map_err(|e| format!("{}: {e}", log.display()))
            .and_then(|log| {
                Command::new(chrome)
                    .args([
                        "--headless=new",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--no-first-run",
                    ])
                    .arg(format!("--user-data-dir={}", profile.display()))
                    .arg(format!("http://{address}/"))
                    .stdin(Stdio::null())
                    .stdout(Stdio::null())
                    .stderr(log)
                    .spawn()
                    .map_err(|e| format!("{} did not start: {e}", chrome.display()))
            })
            .and_then(|mut child| {
                let posted = wait(&mut child, &rx);
                let _ = child.kill();
                let _ = child.wait();
                posted
            });
        let result = result.map_err(|e| {
            let log = std::fs::read_to_string(&log).unwrap_or_default();
            let tail: Vec<&str> = log.lines().rev().take(20).collect();
            let tail: Vec<&str> = tail.into_iter().rev().collect();
            format!("{e}\nthe end of Chromium's log:\n{}", tail.join("\n"))
        });
        // The browser's helpers may still be closing files of the profile.
        for _ in 0..10 {
            if std::fs::remove_dir_all(&profile).is_ok() || !profile.exists() {
                break;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
        let results: Value = serde_json::from_str(&result?)
            .map_err(|e| format!("the page posted what is not JSON: {e}"))?;
        if let Some(error) = results["error"].as_str() {
            return Err(format!("the page reported: {error}"));
        }
        let times: Vec<f64> = results["times"]
            .as_array()
            .ok_or("the page posted no times")?
            .iter()
            .map(|t| t.as_f64().unwrap_or(f64::NAN))
            .collect();
        let answers: Vec<String> = results["answers"]
            .as_array()
            .ok_or("the page posted no answers")?
            .iter()
            .map(|a| a.as_str().unwrap_or_default().to_string())
            .collect();
        if times.len() != requests.len() {
            return Err(format!(
                "the page posted {} times for {} requests",
                times.len(),
                requests.len()
            ));
        }
        Ok(Run {
            times,
            answers,
            isolated: results["isolated"].as_bool().unwrap_or(false),
            resolution: results["resolution"].as_f64().unwrap_or(f64::NAN),
        })
    }

    /// The body the page posted, waiting for it no longer than [`TIMEOUT`] and no longer than
    /// Chromium runs.
    fn wait(child: &mut Child, rx: &mpsc::Receiver<String>) -> Result<String, String> {
        let began = Instant::now();
        loop {
            match rx.recv_timeout(Duration::from_millis(500)) {
                Ok(body) => return Ok(body),
                Err(RecvTimeoutError::Disconnected) => return Err("the server stopped".into()),
                Err(RecvTimeoutError::Timeout) => {}
            }
            if let Ok(Some(status)) = child.try_wait() {
                return Err(format!("Chromium exited ({status}) before the page posted"));
            }
            if began.elapsed() > TIMEOUT {
                return Err(format!(
                    "the page posted nothing in {} s (Chromium still running: killed)",
                    TIMEOUT.as_secs()
                ));
            }
        }
    }

    /// Answers each connection in a thread of its own (Chromium opens some it never uses).
    fn serve(listener: TcpListener, setup: String, tx: Sender<String>) {
        let setup = std::sync::Arc::new(setup);
        for stream in listener.incoming().flatten() {
            let (setup, tx) = (setup.clone(), tx.clone());
            std::thread::spawn(move || {
                let _ = answer(stream, &setup, &tx);
            });
        }
    }

    /// Reads one HTTP/1.1 request from `stream` and answers it, closing the connection: GET of
    /// the page, the worker, the engine and the requests; POST of the results (sent on `tx`).
    fn answer(mut stream: TcpStream, setup: &str, tx: &Sender<String>) -> std::io::Result<()> {
        stream.set_read_timeout(Some(Duration::from_secs(60)))?;
        let mut buffer = Vec::new();
        let mut chunk = [0u8; 64 * 1024];
        let head = loop {
            if let Some(i) = buffer.windows(4).position(|w| w == b"\r\n\r\n") {
                break i + 4;
            }
            let n = stream.read(&mut chunk)?;
            if n == 0 {
                return Ok(());
            }
            buffer.extend_from_slice(&chunk[..n]);
        };
        let text = String::from_utf8_lossy(&buffer[..head]).into_owned();
        let mut lines = text.lines();
        let mut first = lines.next().unwrap_or_default().split_whitespace();
        let method = first.next().unwrap_or_default();
        let path = first
            .next()
            .unwrap_or_default()
            .split('?')
            .next()
            .unwrap_or_default();
        let length: usize = lines
            .filter_map(|l| l.split_once(':'))
            .find(|(k, _)| k.trim().eq_ignore_ascii_case("content-length"))
            .and_then(|(_, v)| v.trim().parse().ok())
            .unwrap_or(0);
        let mut body = buffer.split_off(head);
        while body.len() < length {
            let n = stream.read(&mut chunk)?;
            if n == 0 {
                break;
            }
            body.extend_from_slice(&chunk[..n]);
        }
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/bench-chromium");
        let file = |path: PathBuf, kind: &'static str| match std::fs::read(&path) {
            Ok(bytes) => ("200 OK", kind, bytes),
            Err(e) => (
                "404 Not Found",
                "text/plain",
                format!("{}: {e}", path.display()).into_bytes(),
            ),
        };
        let (status, kind, content) = match (method, path) {
            ("GET", "/") => file(dir.join("index.html"), "text/html; charset=utf-8"),
            ("GET", "/worker.js") => file(dir.join("worker.js"), "text/javascript"),
            ("GET", "/acey.wasm") => file(super::node::wasm(), "application/wasm"),
            ("GET", "/requests.json") => ("200 OK", "application/json", setup.as_bytes().into()),
            ("POST", "/results") => {
                body.truncate(length);
                let _ = tx.send(String::from_utf8_lossy(&body).into_owned());
                ("200 OK", "text/plain", b"thanks".to_vec())
            }
            _ => ("404 Not Found", "text/plain", b"not found".to_vec()),
        };
        // Cross-origin isolation, for performance.now() to 5 µs rather than 100 µs.
        write!(
            stream,
            "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\
             Cross-Origin-Opener-Policy: same-origin\r\n\
             Cross-Origin-Embedder-Policy: require-corp\r\n\
             Cross-Origin-Resource-Policy: same-origin\r\n\
             Cache-Control: no-store\r\nConnection: close\r\n\r\n",
            content.len()
        )?;
        stream.write_all(&content)?;
        stream.flush()
    }
}
