//! The server through a PostgreSQL outage. The test runs a PostgreSQL server of its own
//! (`initdb` and `pg_ctl` of the installed PostgreSQL, on a temporary data directory and a free
//! port; as the `postgres` user when run as root) so that it can stop it under a running game and
//! start it again: `/healthz` answers 503 with a short JSON body while the database is down and
//! 200 after; a new game is refused at once with `unavailable`; a move is refused without holding
//! its game; and the game goes on once the database is back.
//!
//! It runs in the PostgreSQL pass (`ACEY_TEST_POSTGRES` set, as `scripts/test.sh` does, which
//! also installs PostgreSQL); without it the test says so and stops.

mod common;

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use acey_server::bench::loadtest::{needs, random_intent, Client};
use acey_server::Database;
use common::*;
use serde_json::{json, Value};

/// A PostgreSQL server on a temporary data directory; stopped and removed when dropped.
struct Postgres {
    dir: tempfile::TempDir,
    bin: PathBuf,
    port: u16,
    as_root: bool,
}

impl Postgres {
    fn start() -> Postgres {
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .expect("PostgreSQL is installed (scripts/test.sh installs it)")
            .filter_map(|e| e.ok())
            .map(|e| e.path().join("bin"))
            .filter(|b| b.join("initdb").exists())
            .max_by_key(|b| {
                let version = b.parent().and_then(|p| p.file_name()).unwrap_or_default();
                version.to_string_lossy().parse::<u32>().unwrap_or(0)
            })
            .expect("initdb under /usr/lib/postgresql/*/bin");
        let as_root = Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
        let dir = tempfile::tempdir().unwrap();
        if as_root {
            // PostgreSQL refuses to run as root: its own user runs it, in a directory it owns.
            let ok = Command::new("chown")
                .arg("postgres")
                .arg(dir.path())
                .status()
                .unwrap();
            assert!(ok.success());
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let pg = Postgres {
            dir,
            bin,
            port,
            as_root,
        };
        let data = pg.data();
        pg.run("initdb", &["-D", &data, "-A", "trust", "-U", "acey"]);
        pg.up();
        pg
    }

    fn data(&self) -> String {
        self.dir.path().join("data").display().to_string()
    }

    fn run(&self, program: &str, args: &[&str]) {
        let program = self.bin.join(program);
        let mut command = if self.as_root {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&program);
            c
        } else {
            Command::new(&program)
        };
        let out = command.args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{} {args:?}: {}",
            program.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }

    fn up(&self) {
        let dir = self.dir.path().display().to_string();
        let log = format!("{dir}/log");
        let options = format!(
            "-p {} -k {dir} -c listen_addresses=127.0.0.1 -c fsync=off",
            self.port
        );
        let data = self.data();
        self.run(
            "pg_ctl",
            &["-D", &data, "-l", &log, "-w", "-o", &options, "start"],
        );
    }

    /// Stops the server as an operator would (`pg_ctl stop -m fast`: connections are ended).
    fn down(&self) {
        let data = self.data();
        self.run("pg_ctl", &["-D", &data, "-m", "fast", "-w", "stop"]);
    }

    fn url(&self) -> String {
        format!("postgres://acey@127.0.0.1:{}/postgres", self.port)
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let data = self.data();
        let program = self.bin.join("pg_ctl");
        let mut command = if self.as_root {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&program);
            c
        } else {
            Command::new(&program)
        };
        let _ = command
            .args(["-D", &data, "-m", "immediate", "stop"])
            .output();
    }
}

/// Asks `/healthz` until it answers `status` (the probe runs twice a second).
async fn health_becomes(addr: std::net::SocketAddr, status: u16) -> String {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let (s, body) = http_get(addr, "/healthz").await;
        if s == status {
            return body;
        }
        assert!(Instant::now() < deadline, "/healthz still {s}: {body}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Reads updates until a person must act in the same-screen game.
async fn until_a_person_acts(c: &mut Client, mut view: Value) -> Value {
    while !needs(&view, None) {
        let m = c.recv().await.unwrap();
        if m["type"] == "update" {
            view = m["view"].clone();
        }
    }
    view
}

#[test]
fn health_tells_of_a_postgresql_outage_and_nothing_waits_on_the_database() {
    if std::env::var("ACEY_TEST_POSTGRES").map_or(true, |v| v.is_empty()) {
        eprintln!(
            "SKIPPED: the outage test needs PostgreSQL; set ACEY_TEST_POSTGRES (scripts/test.sh does)"
        );
        return;
    }
    let pg = Postgres::start();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let db = rt
        .block_on(acey_server::store::fresh_database(&pg.url()))
        .unwrap();
    let server = start_server(&Database::Postgres(db), fast_limits());
    let addr = server.addr;
    let (mut c, view) = rt.block_on(async {
        assert_eq!(http_get(addr, "/healthz").await, (200, "ok\n".to_string()));
        let (mut c, j) = local_game(addr).await;
        let view = play_until(&mut c, None, j["view"].clone(), 1, |v| {
            v["log_len"].as_u64().unwrap() >= 2
        })
        .await;
        let view = until_a_person_acts(&mut c, view).await;
        (c, view)
    });

    pg.down();
    let intent = random_intent(&view, &mut acey_rules::SeededRng::new(5));
    rt.block_on(async {
        let body = health_becomes(addr, 503).await;
        let health: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(health, json!({"status": "unavailable", "database": "down"}));
        // A new game is refused at once, not after the database driver's own timeouts: a
        // client that waited longer than this would have failed.
        let mut d = Client::connect(addr).await.unwrap();
        d.timeout = Duration::from_secs(5);
        d.send(&json!({"type": "create", "v": 2, "mode": "local"}))
            .await
            .unwrap();
        let e = expect_error(&mut d, "unavailable").await;
        assert!(e["message"].as_str().unwrap().contains("database"), "{e}");
        // A move is refused the same way, and the game is not held: the same connection
        // answers at once (expect_error pings it), and another client can watch it.
        c.timeout = Duration::from_secs(5);
        c.send(&intent).await.unwrap();
        expect_error(&mut c, "unavailable").await;
    });

    pg.up();
    rt.block_on(async {
        assert_eq!(health_becomes(addr, 200).await, "ok\n");
        // The game goes on from where it was: the refused move was not made, so it can be made
        // now, and then the game plays on.
        c.timeout = Duration::from_secs(30);
        c.send(&intent).await.unwrap();
        let m = until(&mut c, "update").await;
        assert_eq!(
            m["view"]["n"].as_u64(),
            view["n"].as_u64().map(|n| n + 1),
            "{m}"
        );
        let n = m["view"]["log_len"].as_u64().unwrap();
        play_until(&mut c, None, m["view"].clone(), 6, |v| {
            v["log_len"].as_u64().unwrap() >= n + 2
        })
        .await;
        // And new games are made again.
        let (_d, joined) = local_game(addr).await;
        assert_eq!(joined["type"], "joined");
    });
    server.stop();
}
