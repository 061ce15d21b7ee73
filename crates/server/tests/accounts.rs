//! Accounts over real HTTP: registration, login, logout, password change, and the answers to
//! wrong passwords, taken names, weak input and cross-site requests.

mod common;

use acey_server::Limits;
use common::*;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn register_log_in_change_the_password_and_log_out() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let addr = server.addr;
    let creds = json!({"name": "Alice_1", "password": "correct horse"});

    let r = http(addr, "POST", "/api/accounts", Some(&creds), &[]).await;
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(r.json()["name"], "Alice_1");
    let set = r.header("set-cookie").unwrap().to_string();
    assert!(set.starts_with("acey_session="), "{set}");
    assert!(set.contains("HttpOnly") && set.contains("SameSite=Lax") && set.contains("Path=/"));
    let cookie = r.cookie();
    let me = http(addr, "GET", "/api/session", None, &[("Cookie", &cookie)]).await;
    assert_eq!(me.json()["name"], "Alice_1");

    // The name is taken whatever its case; bad names and weak passwords say why.
    let taken = json!({"name": "alice_1", "password": "another password"});
    let r = http(addr, "POST", "/api/accounts", Some(&taken), &[]).await;
    assert_eq!(r.status, 409);
    assert!(r.json()["error"].as_str().unwrap().contains("taken"));
    for (name, password) in [
        ("a", "long enough pw"),
        ("bad name", "long enough pw"),
        ("<b>", "long enough pw"),
        ("okname", "short"),
    ] {
        let r = http(
            addr,
            "POST",
            "/api/accounts",
            Some(&json!({"name": name, "password": password})),
            &[],
        )
        .await;
        assert_eq!(r.status, 400, "{name}: {}", r.body);
        assert!(!r.json()["error"].as_str().unwrap().is_empty());
    }
    let r = http(
        addr,
        "POST",
        "/api/accounts",
        Some(&json!({"name": "x"})),
        &[],
    )
    .await;
    assert_eq!(r.status, 400);
    let r = http(
        addr,
        "POST",
        "/api/accounts",
        None,
        &[("Content-Type", "application/json")],
    )
    .await;
    assert_eq!(r.status, 400);

    // Wrong password and unknown name: one answer.
    let wrong = try_login(addr, "Alice_1", "wrong horse").await;
    let unknown = try_login(addr, "nobody", "wrong horse").await;
    assert_eq!((wrong.status, unknown.status), (401, 401));
    assert_eq!(wrong.body, unknown.body);
    assert!(wrong.header("set-cookie").is_none());

    // Log in again (any case), change the password: the other session ends, this one stays.
    let r = try_login(addr, "ALICE_1", "correct horse").await;
    assert_eq!(r.status, 200, "{}", r.body);
    let second = r.cookie();
    let change = json!({"password": "wrong", "new_password": "battery staple"});
    let r = http(
        addr,
        "POST",
        "/api/session/password",
        Some(&change),
        &[("Cookie", &second)],
    )
    .await;
    assert_eq!(r.status, 401);
    let change = json!({"password": "correct horse", "new_password": "battery staple"});
    let r = http(addr, "POST", "/api/session/password", Some(&change), &[]).await;
    assert_eq!(r.status, 401, "not logged in");
    let r = http(
        addr,
        "POST",
        "/api/session/password",
        Some(&change),
        &[("Cookie", &second)],
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let first = http(addr, "GET", "/api/session", None, &[("Cookie", &cookie)]).await;
    assert!(first.json()["name"].is_null(), "the other session survived");
    let old = http(addr, "POST", "/api/session", Some(&creds), &[]).await;
    assert_eq!(old.status, 401);
    let new = try_login(addr, "Alice_1", "battery staple").await;
    assert_eq!(new.status, 200);

    // Log out: the cookie is cleared and the session no longer opens.
    let r = http(addr, "DELETE", "/api/session", None, &[("Cookie", &second)]).await;
    assert_eq!(r.status, 200);
    assert!(r.header("set-cookie").unwrap().contains("Max-Age=0"));
    let me = http(addr, "GET", "/api/session", None, &[("Cookie", &second)]).await;
    assert!(me.json()["name"].is_null());
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cross_site_requests_are_refused() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let addr = server.addr;
    let creds = json!({"name": "victim", "password": "a good password"});
    let cookie = register(addr, "victim").await;
    for headers in [
        vec![("Origin", "https://evil.example")],
        vec![("Sec-Fetch-Site", "cross-site")],
    ] {
        let r = http(addr, "POST", "/api/session", Some(&creds), &headers).await;
        assert_eq!(r.status, 403, "{headers:?}");
        assert!(r.json()["error"].as_str().unwrap().contains("cross-site"));
        let mut with_cookie = headers.clone();
        with_cookie.push(("Cookie", &cookie));
        let r = http(addr, "DELETE", "/api/session", None, &with_cookie).await;
        assert_eq!(r.status, 403);
    }
    // A form post (what another site can send without asking) is refused for its type.
    let r = http(
        addr,
        "POST",
        "/api/session",
        None,
        &[("Content-Type", "application/x-www-form-urlencoded")],
    )
    .await;
    assert_eq!(r.status, 415);
    // The session survived all of it; the server's own origin is fine.
    let me = http(addr, "GET", "/api/session", None, &[("Cookie", &cookie)]).await;
    assert_eq!(me.json()["name"], "victim");
    let own = format!("http://{addr}");
    let r = http(
        addr,
        "POST",
        "/api/session",
        Some(&creds),
        &[("Origin", &own), ("Sec-Fetch-Site", "same-origin")],
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn logins_are_rate_limited_per_address() {
    let (_dir, db) = temp_db();
    let limits = Limits {
        logins_per_minute: 3.0,
        ..fast_limits()
    };
    let server = start_server(&db, limits);
    let addr = server.addr;
    let bad = json!({"name": "someone", "password": "guess guess"});
    for _ in 0..3 {
        assert_eq!(
            http(addr, "POST", "/api/session", Some(&bad), &[])
                .await
                .status,
            401
        );
    }
    let r = http(addr, "POST", "/api/session", Some(&bad), &[]).await;
    assert_eq!(r.status, 429);
    assert!(r.json()["error"].as_str().unwrap().contains("too many"));
    let r = http(addr, "POST", "/api/accounts", Some(&bad), &[]).await;
    assert_eq!(r.status, 429, "registration shares the limit");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leaderboards_answer_per_family_and_refuse_unknown_ones() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let addr = server.addr;
    let r = http(addr, "GET", "/api/leaderboard?family=backgammon", None, &[]).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["family"], "backgammon");
    assert!(r.json()["players"].as_array().unwrap().is_empty());
    let r = http(addr, "GET", "/api/leaderboard?family=chess", None, &[]).await;
    assert_eq!(r.status, 400);
    let r = http(addr, "GET", "/api/lobby", None, &[]).await;
    assert_eq!(r.json()["online"], 0);
    server.stop();
}

/// The `NAME=value` pair of the Set-Cookie header that sets cookie `name`.
fn set_cookie(r: &HttpReply, name: &str) -> String {
    r.headers
        .iter()
        .filter(|(k, _)| k.eq_ignore_ascii_case("set-cookie"))
        .map(|(_, v)| v.split(';').next().unwrap().trim())
        .find(|c| c.starts_with(&format!("{name}=")))
        .unwrap_or_else(|| panic!("no {name} cookie in {:?}", r.headers))
        .to_string()
}

fn ip(n: u8) -> std::net::IpAddr {
    std::net::IpAddr::from([127, 0, 0, n])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failed_logins_lock_an_account_but_never_shut_out_its_owner() {
    let (_dir, db) = temp_db();
    let limits = Limits {
        account_attempts: 3,
        account_lockout: std::time::Duration::from_secs(2),
        ..fast_limits()
    };
    let server = start_server(&db, limits);
    let addr = server.addr;
    let creds = json!({"name": "owner", "password": "the right password"});
    let r = http(addr, "POST", "/api/accounts", Some(&creds), &[]).await;
    assert_eq!(r.status, 201, "{}", r.body);
    let session = set_cookie(&r, "acey_session");
    let known = set_cookie(&r, "acey_device");
    let known = known.as_str();

    // A stranger tries 200 passwords at once from 20 addresses: 3 are checked, the rest are
    // refused before any hashing, and each refusal says when to come back.
    let guesses: Vec<_> = (0..200u32)
        .map(|i| {
            let body = json!({"name": "owner", "password": format!("guess number {i}")});
            tokio::spawn(async move {
                let from = Some(ip(20 + (i % 20) as u8));
                http_from(from, addr, "POST", "/api/session", Some(&body), &[]).await
            })
        })
        .collect();
    let mut statuses = std::collections::BTreeMap::new();
    for g in guesses {
        let r = g.await.unwrap();
        if r.status == 429 {
            assert!(r.header("retry-after").unwrap().parse::<u64>().unwrap() >= 1);
            assert!(
                r.json()["error"].as_str().unwrap().contains("this account"),
                "{}",
                r.body
            );
        }
        *statuses.entry(r.status).or_insert(0) += 1;
    }
    assert_eq!(statuses, [(401, 3), (429, 197)].into(), "{statuses:?}");

    // The right password from a browser that never logged in waits for the lock like anyone.
    let r = http_from(Some(ip(5)), addr, "POST", "/api/session", Some(&creds), &[]).await;
    assert_eq!(r.status, 429, "{}", r.body);
    // A made-up device cookie is no way past it.
    let forged = "acey_device=1.00000000000000000000000000000000.00";
    let r = http(
        addr,
        "POST",
        "/api/session",
        Some(&creds),
        &[("Cookie", forged)],
    )
    .await;
    assert_eq!(r.status, 429);
    // The owner's open session goes on meanwhile.
    let me = http(addr, "GET", "/api/session", None, &[("Cookie", &session)]).await;
    assert_eq!(me.json()["name"], "owner");
    // The browser that registered logs in through the lock (a wrong password there is only
    // wrong), and that does not lift the lock for anyone else.
    let wrong = json!({"name": "owner", "password": "a typo"});
    let r = http(
        addr,
        "POST",
        "/api/session",
        Some(&wrong),
        &[("Cookie", known)],
    )
    .await;
    assert_eq!(r.status, 401, "{}", r.body);
    let r = http(
        addr,
        "POST",
        "/api/session",
        Some(&creds),
        &[("Cookie", known)],
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let r = http_from(Some(ip(6)), addr, "POST", "/api/session", Some(&creds), &[]).await;
    assert_eq!(r.status, 429, "still locked for browsers it does not know");

    // The lock ends by itself: then the owner logs in from anywhere.
    tokio::time::sleep(std::time::Duration::from_millis(2200)).await;
    let r = http_from(Some(ip(7)), addr, "POST", "/api/session", Some(&creds), &[]).await;
    assert_eq!(r.status, 200, "{}", r.body);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_logins_waits_in_a_bounded_line_and_the_rest_are_told_to_retry() {
    let (_dir, db) = temp_db();
    let limits = Limits {
        hashes_at_once: 1,
        hash_queue: 2,
        ..fast_limits()
    };
    let server = start_server(&db, limits);
    let addr = server.addr;
    let cookie = register(addr, "flooded").await;
    // 40 wrong logins at once, each for another unknown name (each costs a hash all the same).
    let flood: Vec<_> = (0..40u32)
        .map(|i| {
            let body = json!({"name": format!("nobody{i}"), "password": "not the password"});
            tokio::spawn(async move {
                let from = Some(ip(30 + (i % 10) as u8));
                http_from(from, addr, "POST", "/api/session", Some(&body), &[]).await
            })
        })
        .collect();
    let (mut checked, mut busy) = (0, 0);
    for f in flood {
        let r = f.await.unwrap();
        match r.status {
            401 => checked += 1,
            503 => {
                busy += 1;
                assert_eq!(r.header("retry-after"), Some("1"), "{:?}", r.headers);
                assert!(
                    r.json()["error"].as_str().unwrap().contains("busy"),
                    "{}",
                    r.body
                );
            }
            s => panic!("{s}: {}", r.body),
        }
    }
    assert!(
        checked >= 3,
        "the place and the line were served: {checked}"
    );
    assert!(busy > 0, "40 at once cannot all wait in a line of 2");
    assert_eq!(checked + busy, 40);
    // Once the flood is over, logging in works.
    let creds = json!({"name": "flooded", "password": "a good password"});
    let r = http(addr, "POST", "/api/session", Some(&creds), &[]).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let me = http(addr, "GET", "/api/session", None, &[("Cookie", &cookie)]).await;
    assert_eq!(me.json()["name"], "flooded");
    server.stop();
}

#[test]
fn the_login_flood_benchmark_answers_every_attempt_and_reads_the_memory() {
    let dir = tempfile::tempdir().unwrap();
    let config = acey_server::bench::logins::LoginFloodConfig {
        attempts: 12,
        addresses: 3,
        hashes_at_once: 1,
        hash_queue: Some(2),
    };
    let r = acey_server::bench::logins::run_login_flood(&config, dir.path()).unwrap();
    assert_eq!(r.answers.values().sum::<usize>(), 12, "{:?}", r.answers);
    assert!(
        r.answers.keys().all(|s| *s == 401 || *s == 503),
        "wrong logins are refused or told to retry: {:?}",
        r.answers
    );
    assert!(r.rss_before_kb > 0 && r.rss_peak_kb > 0 && r.rss_after_kb > 0);
    assert_eq!(r.hashes_at_once, 1);
}
