//! Shared helpers for the tests that run the `acey` binary (`mod common;` in each test file).
//!
//! * [`acey`], [`acey_ok`] and [`acey_with_stdin`] run it to the end and return its [`Output`];
//!   [`Acey`] does the same with environment variables, a working folder or another stdout.
//! * [`Acey::spawn`] starts it as a [`Running`] process: its output read line by line, lines
//!   waited for with a timeout, killed when dropped (a failing test never leaves `acey serve`
//!   behind), or read in turn with [`Running::poll_line`]. [`serve`] starts `acey serve` on a
//!   free port; [`whole_plain_game`] plays a whole `acey play --plain` game at its prompts.
//! * [`assert_success`], [`assert_exit_code`] and [`assert_usage_error`] check the exit code,
//!   with stderr in the message; [`stdout`] and [`stderr`] read an output as text.
//! * [`duo`]: two `acey play --online --plain` terminals playing one game, read in turn.
//! * [`temp_dir`] is a folder of the test's own, removed when dropped; [`bgammon_data`] and
//!   [`START`] are shared test data.
#![allow(dead_code)]

pub mod duo;

use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Output, Stdio};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The starting position of acey-deucey as position JSON: every checker in its start pool.
pub const START: &str = r#"{"board":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"bar":[0,0],"start":[15,15],"off":[0,0],"turn":0}"#;

/// How long [`Running::until`] and [`Running::next_line`] wait unless told otherwise.
pub const LINE_TIMEOUT: Duration = Duration::from_secs(30);

/// Runs `acey ARGS` with stdin closed; returns its exit status, stdout and stderr.
pub fn acey<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Acey::new(args).output()
}

/// [`acey`], requiring it to succeed.
pub fn acey_ok<S: AsRef<OsStr>>(args: &[S]) -> Output {
    let o = acey(args);
    assert_success(&o);
    o
}

/// Runs `acey ARGS`, feeding `input` on stdin and then closing it.
pub fn acey_with_stdin<S: AsRef<OsStr>>(args: &[S], input: &str) -> Output {
    Acey::new(args).output_with_stdin(input)
}

/// An `acey` command line being put together: arguments, environment, working folder.
pub struct Acey {
    cmd: Command,
    timeout: Duration,
}

impl Acey {
    /// `acey ARGS`, in the test's own environment.
    pub fn new<I, S>(args: I) -> Acey
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_acey"));
        cmd.args(args);
        Acey {
            cmd,
            timeout: LINE_TIMEOUT,
        }
    }

    /// One more argument.
    pub fn arg(mut self, arg: impl AsRef<OsStr>) -> Acey {
        self.cmd.arg(arg);
        self
    }

    /// More arguments.
    pub fn args<I, S>(mut self, args: I) -> Acey
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        self.cmd.args(args);
        self
    }

    /// Sets an environment variable (`NO_COLOR`, `XDG_DATA_HOME`, `ACEY_PASSWORD`, ...).
    pub fn env(mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> Acey {
        self.cmd.env(key, value);
        self
    }

    /// Sets several environment variables.
    pub fn envs<I, K, V>(mut self, vars: I) -> Acey
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<OsStr>,
        V: AsRef<OsStr>,
    {
        self.cmd.envs(vars);
        self
    }

    /// Removes an environment variable the test's own environment may have.
    pub fn env_remove(mut self, key: impl AsRef<OsStr>) -> Acey {
        self.cmd.env_remove(key);
        self
    }

    /// English messages whatever the machine's locale (`LC_ALL=C`).
    pub fn english(self) -> Acey {
        self.env("LC_ALL", "C")
    }

    /// None of the machine's locale variables (`LC_ALL`, `LC_MESSAGES`, `LANG`): the test sets
    /// the ones it means.
    pub fn no_locale(self) -> Acey {
        self.env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env_remove("LANG")
    }

    /// Runs in `dir` instead of the test's working folder.
    pub fn current_dir(mut self, dir: impl AsRef<Path>) -> Acey {
        self.cmd.current_dir(dir);
        self
    }

    /// Where stdout goes instead of being captured, for [`Acey::output`] ([`Acey::spawn`] always
    /// reads it).
    pub fn stdout(mut self, stdout: impl Into<Stdio>) -> Acey {
        self.cmd.stdout(stdout);
        self
    }

    /// How long the [`Running`] process's [`Running::until`] and [`Running::next_line`] wait
    /// ([`LINE_TIMEOUT`] unless told).
    pub fn timeout(mut self, timeout: Duration) -> Acey {
        self.timeout = timeout;
        self
    }

    /// Runs to the end with stdin closed; returns its exit status, stdout and stderr.
    pub fn output(mut self) -> Output {
        self.cmd.output().expect("the acey binary runs")
    }

    /// Runs to the end, fed `input` on stdin (then closed).
    pub fn output_with_stdin(self, input: &str) -> Output {
        let mut child = self.spawn();
        child.try_send_raw(input).ok();
        child.close_stdin();
        child.output()
    }

    /// Starts it with stdin, stdout and stderr piped: stdout is read line by line and stderr
    /// gathered, each on a thread of its own, so that neither pipe ever fills up.
    pub fn spawn(mut self) -> Running {
        let mut child = self
            .cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the acey binary runs");
        let stdin = child.stdin.take();
        let (tx, lines) = mpsc::channel();
        if let Some(out) = child.stdout.take() {
            std::thread::spawn(move || {
                let mut out = BufReader::new(out);
                loop {
                    let mut line = Vec::new();
                    match out.read_until(b'\n', &mut line) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            if tx.send(line).is_err() {
                                break;
                            }
                        }
                    }
                }
            });
        }
        let mut err = child.stderr.take().expect("a piped stderr");
        let stderr = std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = err.read_to_end(&mut bytes);
            bytes
        });
        Running {
            child,
            stdin,
            lines,
            stdout: Vec::new(),
            seen: Vec::new(),
            stderr: Some(stderr),
            stderr_bytes: Vec::new(),
            timeout: self.timeout,
            ended: None,
        }
    }
}

/// A running `acey`: stdin to write to, stdout read line by line on a thread, stderr gathered
/// on another. Dropping it kills the process if it is still running.
pub struct Running {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: mpsc::Receiver<Vec<u8>>,
    /// Every byte read from stdout so far.
    stdout: Vec<u8>,
    /// Every stdout line read so far, without its line end.
    pub seen: Vec<String>,
    stderr: Option<JoinHandle<Vec<u8>>>,
    stderr_bytes: Vec<u8>,
    timeout: Duration,
    ended: Option<ExitStatus>,
}

impl Running {
    /// The process id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Writes `line` and a line end to stdin; panics if it cannot.
    pub fn send(&mut self, line: &str) {
        self.try_send(line)
            .unwrap_or_else(|e| panic!("cannot send {line:?} to acey: {e}"));
    }

    /// Writes `line` and a line end to stdin, for when the program may already have ended.
    pub fn try_send(&mut self, line: &str) -> std::io::Result<()> {
        self.try_send_raw(&format!("{line}\n"))
    }

    fn try_send_raw(&mut self, text: &str) -> std::io::Result<()> {
        let stdin = self.stdin.as_mut().expect("stdin is still open");
        stdin.write_all(text.as_bytes())?;
        stdin.flush()
    }

    /// Closes stdin: the program reads the end of its input.
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The next stdout line (without its line end), or `None` once stdout has closed. Panics
    /// with the last lines read when none comes within the timeout.
    pub fn next_line(&mut self) -> Option<String> {
        match self.lines.recv_timeout(self.timeout) {
            Ok(bytes) => Some(self.keep(bytes)),
            Err(mpsc::RecvTimeoutError::Disconnected) => None,
            Err(mpsc::RecvTimeoutError::Timeout) => panic!(
                "no output for {:?}; last lines: {:?}",
                self.timeout,
                &self.seen[self.seen.len().saturating_sub(10)..]
            ),
        }
    }

    /// The next stdout line if one comes within `wait`, else `None` (also once stdout has
    /// closed): for reading several processes in turn.
    pub fn poll_line(&mut self, wait: Duration) -> Option<String> {
        match self.lines.recv_timeout(wait) {
            Ok(bytes) => Some(self.keep(bytes)),
            Err(_) => None,
        }
    }

    /// Reads stdout lines until one satisfies `want` and returns it; panics with everything
    /// read when stdout closes or the timeout passes first. `what` says what the line is, for
    /// that message ("with the lobby").
    pub fn until(&mut self, what: &str, want: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + self.timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(bytes) => {
                    let line = self.keep(bytes);
                    if want(&line) {
                        return line;
                    }
                }
                Err(_) => panic!(
                    "no line {what} in time; the output was:\n{}",
                    self.seen.join("\n")
                ),
            }
        }
    }

    /// Whether a line read so far contains `part`.
    pub fn has(&self, part: &str) -> bool {
        self.seen.iter().any(|l| l.contains(part))
    }

    /// Sends `quit` and expects a clean exit within 10 seconds.
    pub fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(status) = self.try_wait() {
                assert!(status.success(), "exit status {status}");
                return;
            }
            assert!(Instant::now() < deadline, "acey did not leave on quit");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Sends the signal `name` (`INT`, `TERM`, ...) with `kill(1)`.
    pub fn signal(&self, name: &str) {
        let sent = Command::new("kill")
            .args([format!("-{name}"), self.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success(), "kill -{name} {}", self.id());
    }

    /// Kills the process (SIGKILL), as [`Child::kill`].
    pub fn kill(&mut self) -> std::io::Result<()> {
        self.child.kill()
    }

    /// Waits for the process to end, as [`Child::wait`] (stdin is closed first).
    pub fn wait(&mut self) -> std::io::Result<ExitStatus> {
        self.close_stdin();
        let status = self.child.wait()?;
        self.ended = Some(status);
        Ok(status)
    }

    /// The exit status if the process has ended.
    pub fn try_wait(&mut self) -> Option<ExitStatus> {
        let status = self.child.try_wait().expect("the process can be asked")?;
        self.ended = Some(status);
        Some(status)
    }

    /// Everything on stderr: what it has written so far while it runs, all of it once it has
    /// ended.
    pub fn stderr(&mut self) -> String {
        if self.ended.is_some() || self.try_wait().is_some() {
            if let Some(thread) = self.stderr.take() {
                self.stderr_bytes = thread.join().unwrap_or_default();
            }
        }
        String::from_utf8_lossy(&self.stderr_bytes).into_owned()
    }

    /// Waits for the end (stdin closed first); returns the exit status with everything read
    /// from stdout since the start (the lines already read included) and stderr.
    pub fn output(mut self) -> Output {
        let status = self.wait().expect("acey ends");
        while let Ok(bytes) = self.lines.recv() {
            self.keep(bytes);
        }
        self.stderr();
        Output {
            status,
            stdout: std::mem::take(&mut self.stdout),
            stderr: std::mem::take(&mut self.stderr_bytes),
        }
    }

    /// Notes a line read from stdout; returns it without its line end.
    fn keep(&mut self, bytes: Vec<u8>) -> String {
        self.stdout.extend_from_slice(&bytes);
        let text = String::from_utf8_lossy(&bytes);
        let line = text.strip_suffix('\n').unwrap_or(&text);
        let line = line.strip_suffix('\r').unwrap_or(line).to_string();
        self.seen.push(line.clone());
        line
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if self.ended.is_none() && matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// `acey serve` on a free port of 127.0.0.1 with the database `db` (a file, or a PostgreSQL
/// URL), once it has printed its first line: the process, its port and that line.
pub fn serve(db: impl AsRef<OsStr>) -> (Running, u16, String) {
    let port = free_port();
    let mut child = Acey::new(["serve", "--addr", &format!("127.0.0.1:{port}"), "--db"])
        .arg(db)
        .spawn();
    let first = child.next_line().unwrap_or_default();
    (child, port, first)
}

/// A port of 127.0.0.1 that nothing listens on (free a moment ago).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// Plays a whole game of `acey play --plain` (the command line `acey`) as a script would: the
/// first listed play at every prompt (`play 1`: the typed commands are the same in every
/// language) until a prompt starts with `over`, then `quit`. Waits up to 60 seconds for each
/// line; returns every line printed, once the program has ended successfully.
pub fn whole_plain_game(acey: Acey, over: &str) -> String {
    let mut child = acey.timeout(Duration::from_secs(60)).spawn();
    let mut answers = 0;
    while let Some(line) = child.next_line() {
        if let Some(prompt) = line.strip_prefix("> ") {
            let answer = if prompt.starts_with(over) {
                "quit"
            } else {
                answers += 1;
                assert!(answers < 2000, "the game does not end: {prompt}");
                "play 1"
            };
            // The program may already have ended after "quit".
            let _ = child.try_send(answer);
        }
    }
    let text = child.seen.join("\n");
    let status = child.wait().expect("acey ends");
    assert!(status.success(), "{text}\n{}", child.stderr());
    text
}

/// Asserts that `acey` succeeded; the message has its exit status, stderr and stdout.
#[track_caller]
pub fn assert_success(o: &Output) {
    assert!(
        o.status.success(),
        "{}\nstderr: {}\nstdout: {}",
        o.status,
        stderr(o),
        stdout(o)
    );
}

/// Asserts that `acey` ended with exit code `code`, with stderr in the message; returns stderr
/// for more checks.
#[track_caller]
pub fn assert_exit_code(o: &Output, code: i32) -> String {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(code), "stderr: {err}");
    err
}

/// Bad input: exit code 2 and exactly one line on stderr containing `needle`, never a panic.
#[track_caller]
pub fn assert_usage_error(o: &Output, needle: &str) {
    let err = assert_exit_code(o, 2);
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "one line expected: {err}"
    );
    assert!(err.contains(needle), "'{needle}' not in: {err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// What `acey` printed on stdout, as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// What `acey` printed on stderr, as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A new empty folder of the test's own, removed with everything in it when dropped.
pub fn temp_dir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("acey-cli-test-")
        .tempdir()
        .expect("a temporary folder")
}

/// The path of a bgammon test file (`crates/rules/tests/data/bgammon/NAME`).
pub fn bgammon_data(name: &str) -> String {
    format!(
        "{}/../rules/tests/data/bgammon/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}
