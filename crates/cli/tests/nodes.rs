//! Two `acey serve` processes on one PostgreSQL database: a friend game with a player on each,
//! the first process killed with SIGKILL mid-game, its player back on the second process with
//! nothing lost. Needs PostgreSQL (`scripts/test.sh` starts one and sets `ACEY_TEST_POSTGRES`);
//! without it the test says so and stops.

mod common;

use std::time::Duration;

use acey_server::bench::loadtest::{needs, random_intent, Client};
use common::Running;
use serde_json::{json, Value};

/// `acey serve` on a free port with the database `db`: the process and its address.
fn serve(db: &str) -> (Running, std::net::SocketAddr) {
    let (child, port, first) = common::serve(db);
    assert!(first.contains("serving at"), "{first}");
    (child, format!("127.0.0.1:{port}").parse().unwrap())
}

/// Plays `seat`'s random legal intents until the game has `until` actions; returns the view.
async fn play_to(c: &mut Client, seat: u64, mut view: Value, seed: u64, until: u64) -> Value {
    let mut rng = acey_rules::SeededRng::new(seed);
    let mut acted = u64::MAX;
    while view["n"].as_u64().unwrap() < until && view["match_winner"].is_null() {
        let n = view["n"].as_u64().unwrap();
        if needs(&view, Some(seat)) && acted != n {
            acted = n;
            c.send(&random_intent(&view, &mut rng)).await.unwrap();
        }
        let m = c.recv().await.unwrap();
        match m["type"].as_str() {
            Some("update") | Some("joined") => view = m["view"].clone(),
            Some("error") => panic!("refused: {m}"),
            _ => {}
        }
    }
    view
}

async fn recv_type(c: &mut Client, kind: &str) -> Value {
    c.recv_type(kind, |_| {}).await.unwrap()
}

#[test]
fn a_node_killed_with_sigkill_loses_nothing_and_its_player_goes_on_on_the_other() {
    let Ok(server) = std::env::var("ACEY_TEST_POSTGRES") else {
        eprintln!(
            "SKIPPED: two nodes need PostgreSQL; set ACEY_TEST_POSTGRES (scripts/test.sh does)"
        );
        return;
    };
    let rt = tokio::runtime::Runtime::new().unwrap();
    let db = rt
        .block_on(acey_server::store::fresh_database(&server))
        .unwrap();
    let (mut one, addr1) = serve(&db);
    let (mut two, addr2) = serve(&db);
    rt.block_on(async {
        let mut a = Client::connect(addr1).await.unwrap();
        a.send(&json!({"type": "create", "mode": "friend"}))
            .await
            .unwrap();
        let ja = recv_type(&mut a, "joined").await;
        let game = ja["info"]["game"].as_str().unwrap().to_string();
        let token = ja["token"].as_str().unwrap().to_string();
        let mut b = Client::connect(addr2).await.unwrap();
        b.send(&json!({"type": "join", "game": game}))
            .await
            .unwrap();
        let jb = recv_type(&mut b, "joined").await;
        let start = jb["view"]["n"].as_u64().unwrap();
        let target = start + 10;
        let (_, vb) = tokio::join!(
            play_to(&mut a, 0, ja["view"].clone(), 1, target),
            play_to(&mut b, 1, jb["view"].clone(), 2, target),
        );
        // SIGKILL: nothing is flushed or closed.
        one.kill().unwrap();
        one.wait().unwrap();
        // The player comes back on the other node with the seat's token.
        let mut a = Client::connect(addr2).await.unwrap();
        a.send(&json!({"type": "join", "game": game, "token": token}))
            .await
            .unwrap();
        let back = recv_type(&mut a, "joined").await;
        assert_eq!(back["role"], json!({"seat": 0}));
        let n = back["view"]["n"].as_u64().unwrap();
        assert!(
            n >= vb["n"].as_u64().unwrap(),
            "lost actions: {back} after {vb}"
        );
        let store = acey_server::open_store(&acey_server::Database::parse(&db))
            .await
            .unwrap();
        let stored = store.load_game(&game).await.unwrap().unwrap();
        assert_eq!(stored.actions.len() as u64, n);
        // And the game goes on there.
        let target = n + 6;
        let (va, vb) = tokio::join!(
            play_to(&mut a, 0, back["view"].clone(), 3, target),
            play_to(&mut b, 1, vb, 4, target),
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert!(va["n"].as_u64().unwrap() >= target.min(vb["n"].as_u64().unwrap()));
    });
    two.kill().unwrap();
    let _ = two.wait();
}
