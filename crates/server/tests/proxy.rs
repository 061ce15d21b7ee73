//! The per-address limits behind a real reverse proxy: Debian's nginx (which `scripts/test.sh`
//! installs), started by the test as the current user on a free port with a temporary prefix,
//! configured as docs/deploy.md prescribes, in front of a server that trusts it
//! (`--trusted-proxy 127.0.0.1`). Clients on several loopback addresses (127.0.0.2, 127.0.0.3
//! ...) stand for different machines; the server only ever hears from the proxy, at 127.0.0.1.

mod common;

use std::net::{IpAddr, SocketAddr};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use acey_server::bench::loadtest::Client;
use acey_server::proxy::{ForwardedHeader, TrustedProxies};
use acey_server::{Config, Limits, Running};
use common::*;
use serde_json::json;

/// nginx running in the foreground from a temporary prefix; killed when dropped.
struct Nginx {
    child: Child,
    addr: SocketAddr,
    dir: tempfile::TempDir,
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Nginx {
    fn error_log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("error.log")).unwrap_or_default()
    }
}

/// A port nobody listens on now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// nginx in front of `upstream`, with the proxy settings of docs/deploy.md (WebSocket upgrade,
/// `Host`, `X-Forwarded-For`, `X-Forwarded-Proto`). One process, no user switch, nothing
/// written outside its prefix, so it runs as any user.
fn nginx(upstream: SocketAddr) -> Nginx {
    let binary = std::env::var("NGINX").unwrap_or_else(|_| "/usr/sbin/nginx".to_string());
    assert!(
        std::path::Path::new(&binary).exists(),
        "nginx is needed for the proxy tests: run scripts/test.sh as root, or apt-get install \
         nginx (or set NGINX to its path)"
    );
    let dir = tempfile::tempdir().unwrap();
    let prefix = dir.path().display().to_string();
    let port = free_port();
    let conf = format!(
        r#"daemon off;
master_process off;
worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    map $http_upgrade $connection_upgrade {{ default upgrade; "" close; }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://{upstream};
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 120s;
        }}
    }}
}}
"#
    );
    let conf_path = dir.path().join("nginx.conf");
    std::fs::write(&conf_path, conf).unwrap();
    let child = Command::new(&binary)
        .arg("-p")
        .arg(dir.path())
        .arg("-c")
        .arg(&conf_path)
        .arg("-e")
        .arg(dir.path().join("error.log"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{binary} does not start: {e}"));
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let mut proxy = Nginx { child, addr, dir };
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::net::TcpStream::connect(addr).is_err() {
        if let Ok(Some(status)) = proxy.child.try_wait() {
            panic!("nginx exited ({status}): {}", proxy.error_log());
        }
        assert!(
            Instant::now() < deadline,
            "nginx did not listen: {}",
            proxy.error_log()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    proxy
}

/// A server on `limits` that trusts the proxy on 127.0.0.1.
fn behind_proxy(db: &acey_server::Database, limits: Limits) -> Running {
    let nets = vec![TrustedProxies::parse_net("127.0.0.1").unwrap()];
    acey_server::start(Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: db.clone(),
        limits,
        origins: Vec::new(),
        proxies: TrustedProxies::new(nets, ForwardedHeader::XForwardedFor),
    })
    .expect("server starts")
}

fn ip(n: u8) -> IpAddr {
    IpAddr::from([127, 0, 0, n])
}

async fn wrong_login(from: IpAddr, addr: SocketAddr, name: &str) -> u16 {
    let body = json!({"name": name, "password": "not the password"});
    http_from(Some(from), addr, "POST", "/api/session", Some(&body), &[])
        .await
        .status
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forty_players_behind_one_proxy_each_get_their_game() {
    let (_dir, db) = temp_db();
    // The default limits, as on a public server: 10 new games at once and 32 connections per
    // address. Had the server not told the clients apart, the 40 would be one address.
    let server = behind_proxy(&db, Limits::default());
    let proxy = nginx(server.addr);
    let addr = proxy.addr;
    let mut players = Vec::new();
    for n in 0..40u8 {
        let from = ip(10 + n);
        players.push(tokio::spawn(async move {
            let mut c = Client::connect_from(from, addr)
                .await
                .unwrap_or_else(|e| panic!("{from}: {e}"));
            c.send(&json!({"type": "create", "v": 2, "mode": "friend"}))
                .await
                .unwrap();
            let m = c.recv().await.unwrap();
            assert_eq!(m["type"], "joined", "{from}: {m}");
            c
        }));
    }
    let mut held = Vec::new();
    for p in players {
        held.push(p.await.unwrap());
    }
    assert_eq!(
        held.len(),
        40,
        "every player has a game, all connected at once"
    );
    // One address is still held to its own limits behind the proxy: its 11th new game at once
    // is refused, while another address creates as usual.
    let mut greedy = Client::connect_from(ip(60), addr).await.unwrap();
    for _ in 0..10 {
        create(
            &mut greedy,
            json!({"type": "create", "v": 2, "mode": "local"}),
        )
        .await;
    }
    greedy
        .send(&json!({"type": "create", "v": 2, "mode": "local"}))
        .await
        .unwrap();
    expect_error(&mut greedy, "rate_limited").await;
    let mut other = Client::connect_from(ip(61), addr).await.unwrap();
    create(
        &mut other,
        json!({"type": "create", "v": 2, "mode": "local"}),
    )
    .await;
    // And to its own connection cap: 32 WebSockets, then the upgrade is refused.
    let mut many = Vec::new();
    for _ in 0..32 {
        many.push(Client::connect_from(ip(62), addr).await.unwrap());
    }
    assert!(Client::connect_from(ip(62), addr).await.is_err());
    assert!(Client::connect_from(ip(63), addr).await.is_ok());
    drop(many.pop());
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        Client::connect_from(ip(62), addr).await.is_ok(),
        "a closed WebSocket frees its client's place"
    );
    drop(proxy);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_strangers_wrong_logins_lock_only_the_strangers_address() {
    let (_dir, db) = temp_db();
    let server = behind_proxy(
        &db,
        Limits {
            logins_per_minute: 5.0,
            ..Limits::default()
        },
    );
    let proxy = nginx(server.addr);
    let addr = proxy.addr;
    let owner = ip(3);
    let creds = json!({"name": "victim", "password": "the right password"});
    let r = http_from(
        Some(owner),
        addr,
        "POST",
        "/api/accounts",
        Some(&creds),
        &[],
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    let stranger = ip(2);
    for _ in 0..5 {
        assert_eq!(wrong_login(stranger, addr, "victim").await, 401);
    }
    assert_eq!(wrong_login(stranger, addr, "victim").await, 429);
    // Naming another address in the header changes nothing: the proxy appends the address it
    // heard from, and that is the one the server reads.
    let spoofed = http_from(
        Some(stranger),
        addr,
        "POST",
        "/api/session",
        Some(&json!({"name": "victim", "password": "x"})),
        &[("X-Forwarded-For", "127.0.0.3")],
    )
    .await;
    assert_eq!(spoofed.status, 429, "{}", spoofed.body);
    // The owner, on another address behind the same proxy, logs in.
    let r = http_from(Some(owner), addr, "POST", "/api/session", Some(&creds), &[]).await;
    assert_eq!(r.status, 200, "{}", r.body);
    // A client that reaches the server directly is not a trusted proxy: its header is ignored
    // and its own address is limited.
    let direct = ip(4);
    let forged = [("X-Forwarded-For", "127.0.0.99")];
    let body = json!({"name": "victim", "password": "wrong"});
    // Five wrong logins, then the address is held back.
    for expected in [401, 401, 401, 401, 401, 429] {
        let r = http_from(
            Some(direct),
            server.addr,
            "POST",
            "/api/session",
            Some(&body),
            &forged,
        );
        assert_eq!(r.await.status, expected);
    }
    assert_eq!(
        wrong_login(ip(99), addr, "nobody").await,
        401,
        "127.0.0.99 is untouched"
    );
    assert!(proxy.error_log().is_empty() || !proxy.error_log().contains("[emerg]"));
    drop(proxy);
    server.stop();
}
