//! The limits that keep one client from degrading the others, each met by a real client over
//! real sockets (issue 11): the length of a game, silent and slow connections, connection caps
//! per address, creation and hint rates, floods of binary frames, and a clean shutdown.
//! Different loopback addresses (127.0.0.2, 127.0.0.3, ...) stand for different machines.

mod common;

use std::net::IpAddr;
use std::time::{Duration, Instant};

use acey_server::bench::loadtest::Client;
use acey_server::Limits;
use common::*;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn ip(s: &str) -> IpAddr {
    s.parse().unwrap()
}

fn limits(f: impl FnOnce(&mut Limits)) -> Limits {
    let mut l = fast_limits();
    f(&mut l);
    l
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_past_its_length_limit_is_refused_and_playable_up_to_it() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, limits(|l| l.max_actions = 40));
    let mut c = Client::connect(server.addr).await.unwrap();
    let j = create(&mut c, json!({"type": "create", "v": 1, "mode": "local"})).await;
    let view = play_until(&mut c, None, j["view"].clone(), 3, |v| {
        v["n"].as_u64().unwrap() >= 40 || v["phase"]["phase"] == "game-over"
    })
    .await;
    assert_eq!(view["n"], 40, "played up to the limit");
    // The next action is refused with its own code, and the game is as it was.
    let intent = if view["turn"]["legal"]
        .as_array()
        .is_some_and(|l| !l.is_empty())
    {
        let s = &view["turn"]["legal"][0];
        json!({"type": "step", "from": s["from"], "to": s["to"], "die": s["die"]})
    } else {
        json!({"type": "confirm"})
    };
    c.send(&intent).await.unwrap();
    let e = expect_error(&mut c, "too_long").await;
    assert!(e["message"].as_str().unwrap().contains("40"), "{e}");
    let again = join(
        &mut c,
        j["info"]["game"].as_str().unwrap(),
        j["token"].as_str(),
    )
    .await;
    assert_eq!(again["view"]["n"], 40);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_slow_and_idle_connections_are_closed() {
    let (_dir, db) = temp_db();
    let server = start_server(
        &db,
        limits(|l| {
            l.handshake_timeout = Duration::from_millis(400);
            l.idle_timeout = Duration::from_millis(800);
            l.ping_interval = Duration::from_millis(200);
            l.pong_timeout = Duration::from_millis(900);
        }),
    );
    let closed_within = |mut s: tokio::net::TcpStream, limit: Duration| async move {
        let t0 = Instant::now();
        let mut buf = [0u8; 256];
        // Read until the server closes (0 bytes or an error).
        loop {
            match tokio::time::timeout(limit, s.read(&mut buf)).await {
                Ok(Ok(0)) | Ok(Err(_)) => return t0.elapsed(),
                Ok(Ok(_)) => continue,
                Err(_) => panic!("still open after {limit:?}"),
            }
        }
    };
    // A TCP connection that never says anything.
    let silent = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let took = closed_within(silent, Duration::from_secs(5)).await;
    assert!(took >= Duration::from_millis(300), "{took:?}");
    // A request sent one byte at a time, never finished (slowloris).
    let mut slow = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let head = b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ";
    let t0 = Instant::now();
    for b in head {
        if slow.write_all(&[*b]).await.is_err() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
        if t0.elapsed() > Duration::from_secs(3) {
            break;
        }
    }
    closed_within(slow, Duration::from_secs(5)).await;
    // A WebSocket client that never reads, so never answers the pings: closed after the pong
    // deadline with code 1001. (Reading would answer them; so it reads only at the end.)
    let mut deaf = Client::connect(server.addr).await.unwrap();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    // Its late pongs may meet a closed socket before it reads the close frame (1001): either
    // way it is closed, and counted as a timeout.
    let (code, _) = deaf.recv_close().await.unwrap();
    assert!(matches!(code, None | Some(1001)), "{code:?}");
    let (_, metrics) = http_get(server.addr, "/metrics").await;
    let timeouts: u64 = metrics
        .lines()
        .find_map(|l| l.strip_prefix("acey_timeouts_total "))
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        timeouts >= 3,
        "the silent, the slow and the deaf: {metrics}"
    );
    // A client that answers its pings stays, well past every timeout.
    let mut alive = Client::connect(server.addr).await.unwrap();
    let t0 = Instant::now();
    while t0.elapsed() < Duration::from_millis(2000) {
        alive.send(&json!({"type": "ping"})).await.unwrap();
        assert_eq!(alive.recv().await.unwrap()["type"], "pong");
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_per_address_cap_holds_while_another_address_plays() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, limits(|l| l.max_connections_per_ip = 5));
    let mut held = Vec::new();
    for _ in 0..5 {
        held.push(
            Client::connect_from(ip("127.0.0.2"), server.addr)
                .await
                .unwrap(),
        );
    }
    // The sixth from that address is refused at once.
    assert!(Client::connect_from(ip("127.0.0.2"), server.addr)
        .await
        .is_err());
    // Another address plays as usual.
    let mut other = Client::connect_from(ip("127.0.0.3"), server.addr)
        .await
        .unwrap();
    let j = create(
        &mut other,
        json!({"type": "create", "v": 1, "mode": "local"}),
    )
    .await;
    play_until(&mut other, None, j["view"].clone(), 1, |v| {
        v["log_len"].as_u64().unwrap() >= 2
    })
    .await;
    // A closed connection frees its place.
    drop(held.pop());
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(Client::connect_from(ip("127.0.0.2"), server.addr)
        .await
        .is_ok());
    let (status, page) = http_get(server.addr, "/metrics").await;
    assert_eq!(status, 200);
    assert!(page.contains("acey_connections_refused_total 1"), "{page}");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn creating_past_the_limit_is_refused_and_hints_are_capped() {
    let (_dir, db) = temp_db();
    let server = start_server(
        &db,
        limits(|l| {
            l.creates_per_minute = 1.0;
            l.create_burst = 3.0;
            l.hints_per_minute = 2.0;
        }),
    );
    let mut c = Client::connect_from(ip("127.0.0.4"), server.addr)
        .await
        .unwrap();
    for _ in 0..3 {
        create(&mut c, json!({"type": "create", "v": 1, "mode": "local"})).await;
    }
    c.send(&json!({"type": "create", "v": 1, "mode": "local"}))
        .await
        .unwrap();
    let e = expect_error(&mut c, "rate_limited").await;
    assert!(e["message"].as_str().unwrap().contains("new games"), "{e}");
    // The limit is the address's, not the connection's.
    let mut c2 = Client::connect_from(ip("127.0.0.4"), server.addr)
        .await
        .unwrap();
    c2.send(&json!({"type": "create", "v": 1, "mode": "local"}))
        .await
        .unwrap();
    expect_error(&mut c2, "rate_limited").await;
    // Another address creates freely: a game against the computer, with two hints and no third.
    let mut d = Client::connect_from(ip("127.0.0.5"), server.addr)
        .await
        .unwrap();
    let j = create(
        &mut d,
        json!({"type": "create", "v": 1, "mode": "computer", "level": "beginner"}),
    )
    .await;
    let view = play_until(&mut d, Some(0), j["view"].clone(), 2, |v| {
        v["phase"]["phase"] == "move" && v["to_act"] == 0
    })
    .await;
    assert_eq!(view["phase"]["phase"], "move");
    for _ in 0..2 {
        d.send(&json!({"type": "hint"})).await.unwrap();
        assert_eq!(d.recv_type("hint", |_| {}).await.unwrap()["type"], "hint");
    }
    d.send(&json!({"type": "hint"})).await.unwrap();
    let e = expect_error(&mut d, "rate_limited").await;
    assert!(e["message"].as_str().unwrap().contains("hints"), "{e}");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_binary_flood_is_limited_and_closed_while_others_play_on() {
    let (_dir, db) = temp_db();
    let server = start_server(
        &db,
        Limits {
            rate_per_sec: 50.0,
            burst: 50.0,
            ..Limits::default()
        },
    );
    let mut player = Client::connect_from(ip("127.0.0.6"), server.addr)
        .await
        .unwrap();
    let j = create(
        &mut player,
        json!({"type": "create", "v": 1, "mode": "local"}),
    )
    .await;
    let mut flood = Client::connect_from(ip("127.0.0.7"), server.addr)
        .await
        .unwrap();
    let t0 = Instant::now();
    let mut sent = 0;
    while t0.elapsed() < Duration::from_secs(3) {
        if flood.send_binary(vec![0u8; 64]).await.is_err() {
            break;
        }
        sent += 1;
    }
    // Far past its rate, the flooding connection is closed with a policy violation (1008).
    // (The close frame, 1008, may be lost when the server drops a socket that still holds
    // unread frames: the connection is reset. Either way it is closed.)
    let (code, _) = flood.recv_close().await.unwrap();
    assert!(
        matches!(code, None | Some(1008)),
        "{code:?} after {sent} frames"
    );
    let (_, metrics) = http_get(server.addr, "/metrics").await;
    let limited: u64 = metrics
        .lines()
        .find_map(|l| l.strip_prefix("acey_rate_limited_total "))
        .unwrap()
        .parse()
        .unwrap();
    assert!(limited >= 200, "the flood was refused: {metrics}");
    // The other address was never held up.
    let view = play_until(&mut player, None, j["view"].clone(), 4, |v| {
        v["log_len"].as_u64().unwrap() >= 4
    })
    .await;
    assert!(view["n"].as_u64().unwrap() > 4);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clean_shutdown_tells_clients_and_loses_nothing() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let mut c = Client::connect(server.addr).await.unwrap();
    let j = create(&mut c, json!({"type": "create", "v": 1, "mode": "local"})).await;
    let game = j["info"]["game"].as_str().unwrap().to_string();
    let token = j["token"].as_str().unwrap().to_string();
    let view = play_until(&mut c, None, j["view"].clone(), 6, |v| {
        v["log_len"].as_u64().unwrap() >= 6
    })
    .await;
    let stopping = std::thread::spawn(move || {
        let t0 = Instant::now();
        server.shutdown();
        t0.elapsed()
    });
    let (code, seen) = c.recv_close().await.unwrap();
    assert_eq!(code, Some(1012), "told the server restarts");
    // The last state the client was sent (the server may have rolled after the last one read).
    let view = seen
        .iter()
        .rev()
        .find(|m| m["type"] == "update")
        .map_or(view, |m| m["view"].clone());
    let took = tokio::task::spawn_blocking(move || stopping.join().unwrap())
        .await
        .unwrap();
    assert!(took < Duration::from_secs(8), "{took:?}");
    // Started again on the same database: the game is exactly where it was.
    let again = start_server(&db, fast_limits());
    let mut c = Client::connect(again.addr).await.unwrap();
    let back = join(&mut c, &game, Some(&token)).await;
    // Nothing the client saw is lost. The server rolls for the next player by itself, and a roll
    // stored while the shutdown closed the socket may not have reached the client: the stored
    // game is then exactly one action (that roll) ahead, on the same board.
    let (seen_n, back_n) = (
        view["n"].as_u64().unwrap(),
        back["view"]["n"].as_u64().unwrap(),
    );
    assert!(
        back_n == seen_n || back_n == seen_n + 1,
        "stored {back_n}, seen {seen_n}"
    );
    // The client stopped playing, so an extra action can only be the server's roll, which
    // leaves the board as it was.
    assert_eq!(back["view"]["position_id"], view["position_id"]);
    assert_eq!(back["role"], "both");
    let (status, body) = http_get(again.addr, "/healthz").await;
    assert_eq!((status, body.as_str()), (200, "ok\n"));
    again.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_client_s_files_go_compressed_to_browsers_that_take_it() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let addr = server.addr;
    for path in [
        "/",
        "/g/abc",
        "/app.js",
        "/style.css",
        "/locales/fr.ftl",
        "/api/options",
        "/engine/acey.wasm",
        "/sw.js",
    ] {
        for (accepts, want) in [
            ("gzip", Some("gzip")),
            ("br", Some("br")),
            ("identity", None),
        ] {
            let r = http(addr, "GET", path, None, &[("Accept-Encoding", accepts)]).await;
            assert_eq!(r.status, 200, "{path}");
            assert_eq!(r.header("content-encoding"), want, "{path} for {accepts}");
        }
    }
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_carry_security_headers_and_foreign_origins_cannot_open_a_socket() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let mut s = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut page = String::new();
    s.read_to_string(&mut page).await.unwrap();
    let head = page.split("\r\n\r\n").next().unwrap().to_ascii_lowercase();
    for h in [
        "content-security-policy: default-src 'self'; script-src 'self'",
        "frame-ancestors 'none'",
        "x-content-type-options: nosniff",
        "referrer-policy: same-origin",
    ] {
        assert!(head.contains(h), "{h} missing in {head}");
    }
    let upgrade = |origin: &str| {
        format!(
            "GET /ws HTTP/1.1\r\nHost: {}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\
             Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
             Origin: {origin}\r\n\r\n",
            server.addr
        )
    };
    for (origin, want) in [
        ("https://evil.example", "403"),
        (&format!("http://{}", server.addr)[..], "101"),
    ] {
        let mut s = tokio::net::TcpStream::connect(server.addr).await.unwrap();
        s.write_all(upgrade(origin).as_bytes()).await.unwrap();
        let mut buf = [0u8; 64];
        let n = s.read(&mut buf).await.unwrap();
        let status = String::from_utf8_lossy(&buf[..n]);
        assert!(
            status.starts_with(&format!("HTTP/1.1 {want}")),
            "{origin}: {status}"
        );
    }
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_database_keeps_only_hashes_of_seat_tokens() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let mut a = Client::connect(server.addr).await.unwrap();
    let j = create(&mut a, json!({"type": "create", "v": 1, "mode": "friend"})).await;
    let game = j["info"]["game"].as_str().unwrap().to_string();
    let token_a = j["token"].as_str().unwrap().to_string();
    let mut b = Client::connect(server.addr).await.unwrap();
    let jb = join(&mut b, &game, None).await;
    let token_b = jb["token"].as_str().unwrap().to_string();
    let store = acey_server::open_store(&db).await.unwrap();
    let stored = store.load_game(&game).await.unwrap().unwrap();
    for (kept, token) in stored.meta.tokens.iter().zip([&token_a, &token_b]) {
        let kept = kept.as_deref().unwrap();
        assert!(
            kept.starts_with("sha256:") && !kept.contains(token.as_str()),
            "{kept}"
        );
    }
    // The tokens still return the players to their seats, and the hash is no token.
    let mut again = Client::connect(server.addr).await.unwrap();
    assert_eq!(
        join(&mut again, &game, Some(&token_b)).await["role"],
        json!({"seat": 1})
    );
    let kept = stored.meta.tokens[0].clone().unwrap();
    assert_eq!(
        join(&mut again, &game, Some(&kept)).await["role"],
        "spectator"
    );
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_servers_own_address_or_the_listed_origins_may_open_a_socket() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let port = server.addr.port();
    // (the host the browser reached the server by, the page's origin, accepted)
    let cases = [
        (
            format!("127.0.0.1:{port}"),
            format!("http://127.0.0.1:{port}"),
            true,
        ),
        (
            format!("localhost:{port}"),
            format!("http://localhost:{port}"),
            true,
        ),
        (
            format!("127.0.0.1:{port}"),
            "https://evil.example".to_string(),
            false,
        ),
        // DNS rebinding: a page whose name was made to point here; its Host says the same.
        (
            format!("rebind.example:{port}"),
            format!("http://rebind.example:{port}"),
            false,
        ),
    ];
    for (host, origin, accepted) in &cases {
        let r = Client::connect_as(server.addr, host, &[("Origin", origin)]).await;
        assert_eq!(r.is_ok(), *accepted, "{origin} via {host}");
        if let Ok(mut c) = r {
            c.send(&json!({"type": "ping"})).await.unwrap();
            assert_eq!(c.recv().await.unwrap()["type"], "pong");
        }
    }
    let rebind = format!("http://rebind.example:{port}");
    let r = http(
        server.addr,
        "POST",
        "/api/accounts",
        Some(&json!({"name": "rebound", "password": "a good password"})),
        &[("Origin", &rebind)],
    )
    .await;
    assert_eq!(
        r.status, 403,
        "state-changing requests are held to the same rule"
    );
    server.stop();

    // With --origin, the list is the whole answer.
    let listed = acey_server::start(acey_server::Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: db.clone(),
        limits: fast_limits(),
        origins: vec!["https://acey.example.org".to_string()],
        proxies: Default::default(),
    })
    .unwrap();
    let ok = Client::connect_as(
        listed.addr,
        "acey.example.org",
        &[("Origin", "https://acey.example.org")],
    )
    .await;
    assert!(ok.is_ok());
    let own = format!("http://{}", listed.addr);
    let r = Client::connect_as(listed.addr, &listed.addr.to_string(), &[("Origin", &own)]).await;
    assert!(r.is_err(), "not listed");
    let r = Client::connect_as(listed.addr, &listed.addr.to_string(), &[]).await;
    assert!(r.is_ok(), "no Origin: not a browser's page");
    listed.stop();
}
