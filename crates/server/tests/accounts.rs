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
    let wrong = http(
        addr,
        "POST",
        "/api/session",
        Some(&json!({"name": "Alice_1", "password": "wrong horse"})),
        &[],
    )
    .await;
    let unknown = http(
        addr,
        "POST",
        "/api/session",
        Some(&json!({"name": "nobody", "password": "wrong horse"})),
        &[],
    )
    .await;
    assert_eq!((wrong.status, unknown.status), (401, 401));
    assert_eq!(wrong.body, unknown.body);
    assert!(wrong.header("set-cookie").is_none());

    // Log in again (any case), change the password: the other session ends, this one stays.
    let r = http(
        addr,
        "POST",
        "/api/session",
        Some(&json!({"name": "ALICE_1", "password": "correct horse"})),
        &[],
    )
    .await;
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
    let new = http(
        addr,
        "POST",
        "/api/session",
        Some(&json!({"name": "Alice_1", "password": "battery staple"})),
        &[],
    )
    .await;
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
