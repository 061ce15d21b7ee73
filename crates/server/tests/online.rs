//! The server through real WebSocket connections: complete games, spectators, reconnects, seat
//! protection, bad input, and a restart in the middle of a game.

mod common;

use acey_server::bench::loadtest::Client;
use common::*;
use serde_json::{json, Value};

fn spawn_spectator(mut c: Client, start: Value) -> tokio::task::JoinHandle<(Vec<Value>, Value)> {
    tokio::spawn(async move {
        let mut actions = Vec::new();
        let mut view = start;
        while !match_over(&view) {
            let m = c.recv().await.unwrap();
            if m["type"] == "update" {
                // Every action arrives, in order, exactly once.
                assert_eq!(m["view"]["n"], view["n"].as_u64().unwrap() + 1, "{m}");
                actions.push(m["action"].clone());
                view = m["view"].clone();
            }
        }
        (actions, view)
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_finish_games_in_every_preset_and_a_spectator_sees_every_action() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let addr = server.addr;
    for (i, preset) in [
        "american",
        "bgammon",
        "liberal-bearoff",
        "old-navy",
        "britannica",
        "backgammon",
    ]
    .into_iter()
    .enumerate()
    {
        let mut a = Client::connect(addr).await.unwrap();
        // One match of 3 points exercises the next game and the score.
        let length = if preset == "bgammon" { 3 } else { 1 };
        let ja = create(
            &mut a,
            json!({"type": "create", "v": 1, "mode": "friend", "rules": preset, "match": length}),
        )
        .await;
        assert_eq!(ja["role"], json!({"seat": 0}));
        let game = ja["info"]["game"].as_str().unwrap().to_string();
        let mut b = Client::connect(addr).await.unwrap();
        let jb = join(&mut b, &game, None).await;
        assert_eq!(jb["role"], json!({"seat": 1}), "{jb}");
        let mut s = Client::connect(addr).await.unwrap();
        let js = join(&mut s, &game, None).await;
        assert_eq!(js["role"], "spectator");
        assert!(js["token"].is_null(), "spectators get no token");
        let watcher = spawn_spectator(s, js["view"].clone());

        let seed = 100 + i as u64;
        let va = ja["view"].clone();
        let vb = jb["view"].clone();
        let pa = tokio::spawn(async move {
            let v = play_until(&mut a, Some(0), va, seed, match_over).await;
            (a, v)
        });
        let pb = tokio::spawn(async move {
            let v = play_until(&mut b, Some(1), vb, seed + 50, match_over).await;
            (b, v)
        });
        let (_a, va) = pa.await.unwrap();
        let (_b, vb) = pb.await.unwrap();
        let (seen, vs) = watcher.await.unwrap();
        assert_eq!(va, vb, "{preset}: both players see the same final state");
        assert_eq!(va, vs, "{preset}: the spectator too");
        assert!(va["score"][0].as_u64().unwrap() + va["score"][1].as_u64().unwrap() >= length);
        // The spectator saw every action since it joined; the stored record holds them all.
        let (status, body) = http_get(addr, &format!("/api/games/{game}/record.json")).await;
        assert_eq!(status, 200);
        let record: Value = serde_json::from_str(&body).unwrap();
        let stored = record["actions"].as_array().unwrap();
        assert_eq!(stored.len() as u64, va["n"].as_u64().unwrap());
        let from = stored.len() - seen.len();
        assert_eq!(&stored[from..], &seen[..], "{preset}");
        let (status, body) = http_get(addr, &format!("/api/games/{game}/replay")).await;
        assert_eq!(status, 200, "{body}");
        let replay: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(replay["frames"].as_array().unwrap().len(), stored.len() + 1);
        // The text record reads back into the same game.
        let (status, text) = http_get(addr, &format!("/api/games/{game}/record")).await;
        assert_eq!(status, 200);
        let parsed = acey_rules::Record::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let replayed = parsed.game().unwrap();
        assert_eq!(
            replayed.score(),
            [
                va["score"][0].as_u64().unwrap() as u32,
                va["score"][1].as_u64().unwrap() as u32
            ]
        );
    }
    server.stop();
}

/// Between the games of a match the server waits until a seated player asks for the next game
/// (the web client's "Next game" button); a game that ends early must not stall the match.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_goes_on_to_the_next_game_when_a_player_asks() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let mut a = Client::connect(server.addr).await.unwrap();
    let ja = create(
        &mut a,
        // Backgammon scoring: resigning at the start costs 3 points, short of 7.
        json!({"type": "create", "v": 1, "mode": "friend", "rules": "backgammon", "match": 7}),
    )
    .await;
    let game = ja["info"]["game"].as_str().unwrap().to_string();
    let mut b = Client::connect(server.addr).await.unwrap();
    let jb = join(&mut b, &game, None).await;
    // The friend's arrival starts the die-off; wait until someone is to act.
    let mut view = jb["view"].clone();
    while view["to_act"].is_null() {
        let m = b.recv().await.unwrap();
        if m["type"] == "update" {
            view = m["view"].clone();
        }
    }
    b.send(&json!({"type": "resign"})).await.unwrap();
    let over = b
        .recv_type("update", |_| {})
        .await
        .map(|m| m["view"].clone())
        .unwrap();
    assert_eq!(over["phase"]["phase"], "game-over", "{over}");
    assert!(
        over["match_winner"].is_null(),
        "one resignation does not win a 7-point match: {over}"
    );
    assert_eq!(over["game_number"], 1);
    // Nobody is to act, so the test clients' `needs` must ask for the next game (seat 0 only).
    assert!(acey_server::bench::loadtest::needs(&over, Some(0)));
    assert!(!acey_server::bench::loadtest::needs(&over, Some(1)));
    b.send(&json!({"type": "next_game"})).await.unwrap();
    let next = b
        .recv_type("update", |_| {})
        .await
        .map(|m| m["view"].clone())
        .unwrap();
    assert_eq!(next["game_number"], 2, "{next}");
    assert_ne!(next["phase"]["phase"], "game-over");
    // The other seat sees the same next game.
    let view_a = catch_up(&mut a, ja["view"].clone(), next["n"].as_u64().unwrap()).await;
    assert_eq!(view_a["game_number"], 2);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seats_are_protected_and_a_token_returns_to_the_seat() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let addr = server.addr;
    let mut a = Client::connect(addr).await.unwrap();
    let ja = create(&mut a, json!({"type": "create", "mode": "friend"})).await;
    let game = ja["info"]["game"].as_str().unwrap().to_string();
    let token_a = ja["token"].as_str().unwrap().to_string();
    let mut b = Client::connect(addr).await.unwrap();
    let jb = join(&mut b, &game, None).await;
    let token_b = jb["token"].as_str().unwrap().to_string();
    assert_ne!(token_a, token_b);

    // A third person, with no token or a made-up one, only watches.
    let mut c = Client::connect(addr).await.unwrap();
    let jc = join(&mut c, &game, Some("not-a-real-token-at-all")).await;
    assert_eq!(jc["role"], "spectator");
    let view = jc["view"].clone();
    let mover = view["to_act"].as_u64().unwrap();
    let step = view["turn"]["legal"][0].clone();
    let intent =
        json!({"type": "step", "from": step["from"], "to": step["to"], "die": step["die"]});
    for msg in [
        intent.clone(),
        json!({"type": "resign"}),
        json!({"type": "confirm"}),
        json!({"type": "next_game"}),
    ] {
        c.send(&msg).await.unwrap();
        expect_error(&mut c, "not_your_turn").await;
    }
    // The seated player who is not to move cannot move for the other.
    let (other, mover_client) = if mover == 0 {
        (&mut b, &mut a)
    } else {
        (&mut a, &mut b)
    };
    other.send(&intent).await.unwrap();
    let e = other.recv_type("error", |_| {}).await.unwrap();
    assert_eq!(e["code"], "not_your_turn");

    // The mover steps, drops the connection, and comes back with the token mid-play.
    let before = view.clone();
    let n = view["n"].as_u64().unwrap();
    mover_client.send(&intent).await.unwrap();
    // Skip the die-off and roll updates this client had not read yet.
    let after = loop {
        let u = mover_client.recv_type("update", |_| {}).await.unwrap();
        if u["view"]["n"] == n + 1 {
            break u["view"].clone();
        }
    };
    assert_eq!(after["turn"]["steps"].as_array().unwrap().len(), 1);
    let token = if mover == 0 { &token_a } else { &token_b };
    let mut back = Client::connect(addr).await.unwrap();
    let jr = join(&mut back, &game, Some(token)).await;
    assert_eq!(jr["role"], json!({"seat": mover}));
    assert_eq!(
        jr["view"], after,
        "the reconnected player sees exactly the state they left"
    );
    assert_ne!(before["position_id"], after["position_id"]);
    // And can go on from there.
    back.send(&json!({"type": "undo"})).await.unwrap();
    let undone = back.recv_type("update", |_| {}).await.unwrap()["view"].clone();
    assert_eq!(undone["position_id"], before["position_id"]);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_messages_get_errors_and_change_nothing() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let addr = server.addr;
    let mut a = Client::connect(addr).await.unwrap();
    // Before joining: intents need a game.
    a.send(&json!({"type": "undo"})).await.unwrap();
    expect_error(&mut a, "not_joined").await;
    a.send(&json!({"type": "join", "game": "nosuchgame"}))
        .await
        .unwrap();
    expect_error(&mut a, "not_found").await;
    a.send(&json!({"type": "create", "mode": "computer", "rules": "chess"}))
        .await
        .unwrap();
    expect_error(&mut a, "bad_settings").await;
    a.send(&json!({"type": "create", "mode": "computer", "level": "godlike"}))
        .await
        .unwrap();
    expect_error(&mut a, "bad_settings").await;
    a.send(&json!({"type": "create", "v": 9, "mode": "local"}))
        .await
        .unwrap();
    expect_error(&mut a, "version").await;

    let ja = create(&mut a, json!({"type": "create", "mode": "local"})).await;
    assert_eq!(ja["role"], "both");
    let view = ja["view"].clone();
    let legal: Vec<Value> = view["turn"]["legal"].as_array().unwrap().clone();
    // A step that is not among the legal ones.
    let illegal = (1..=24)
        .flat_map(|from| (1..=6).map(move |die| (from, die)))
        .map(|(from, die)| json!({"from": from, "to": if from > die { json!(from - die) } else { json!("off") }, "die": die}))
        .find(|s| !legal.iter().any(|l| l["from"] == s["from"] && l["to"] == s["to"] && l["die"] == s["die"]))
        .unwrap();
    let cases: Vec<(String, &str)> = vec![
        ("{not json".to_string(), "malformed"),
        ("[1,2,3]".to_string(), "malformed"),
        (json!({"type": "teleport"}).to_string(), "malformed"),
        (json!({"type": "step", "from": 25, "to": 1, "die": 6}).to_string(), "malformed"),
        (json!({"type": "step", "from": 13, "to": 7, "die": 9}).to_string(), "illegal"),
        (json!({"type": "undo", "please": true}).to_string(), "malformed"),
        (json!({"type": "step", "from": illegal["from"], "to": illegal["to"], "die": illegal["die"]}).to_string(), "illegal"),
        (json!({"type": "confirm"}).to_string(), "illegal"),
        (json!({"type": "undo"}).to_string(), "illegal"),
        (json!({"type": "name_double", "value": 4}).to_string(), "illegal"),
        (json!({"type": "take"}).to_string(), "illegal"),
        (json!({"type": "next_game"}).to_string(), "illegal"),
        (json!({"type": "rematch"}).to_string(), "illegal"),
        (json!({"type": "hint"}).to_string(), "illegal"),
        (format!("{{\"type\":\"ping\",\"pad\":\"{}\"}}", "x".repeat(5000)), "too_large"),
    ];
    for (text, code) in cases {
        a.send_text(&text).await.unwrap();
        let e = expect_error(&mut a, code).await;
        assert!(e["message"].as_str().unwrap().len() > 5, "{e}");
    }
    a.send_binary(vec![1, 2, 3]).await.unwrap();
    expect_error(&mut a, "malformed").await;
    // Request ids come back with the error.
    a.send(&json!({"type": "confirm", "id": 77})).await.unwrap();
    assert_eq!(expect_error(&mut a, "illegal").await["id"], 77);
    // After all that the game is exactly as it was.
    let again = join(
        &mut a,
        ja["info"]["game"].as_str().unwrap(),
        ja["token"].as_str(),
    )
    .await;
    assert_eq!(again["view"], view);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn too_many_messages_are_refused_but_the_connection_stays() {
    let (_dir, db) = temp_db();
    let limits = acey_server::Limits {
        rate_per_sec: 2.0,
        burst: 5.0,
        ..acey_server::Limits::default()
    };
    let server = start_server(&db, limits);
    let mut a = Client::connect(server.addr).await.unwrap();
    for _ in 0..20 {
        a.send(&json!({"type": "ping"})).await.unwrap();
    }
    let mut pongs = 0;
    let mut limited = 0;
    for _ in 0..20 {
        let m = a.recv().await.unwrap();
        match m["type"].as_str() {
            Some("pong") => pongs += 1,
            Some("error") if m["code"] == "rate_limited" => limited += 1,
            _ => panic!("{m}"),
        }
    }
    assert!((5..=7).contains(&pongs), "{pongs} answered");
    assert_eq!(pongs + limited, 20);
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    a.send(&json!({"type": "ping"})).await.unwrap();
    assert_eq!(a.recv().await.unwrap()["type"], "pong");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_computer_survives_a_restart_exactly_and_offers_hints_and_a_rematch() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let mut a = Client::connect(server.addr).await.unwrap();
    let ja = create(
        &mut a,
        json!({"type": "create", "mode": "computer", "level": "beginner"}),
    )
    .await;
    assert_eq!(ja["info"]["seats"][1]["kind"], "bot");
    let game = ja["info"]["game"].as_str().unwrap().to_string();
    let token = ja["token"].as_str().unwrap().to_string();
    // Play until the bot has moved at least once and it is our move again, then take one step.
    let view = play_until(&mut a, Some(0), ja["view"].clone(), 7, |v| {
        v["log_len"].as_u64().unwrap() >= 2
            && v["phase"]["phase"] == "move"
            && v["to_act"] == 0
            && v["turn"]["steps"].as_array().unwrap().is_empty()
            && !v["turn"]["legal"].as_array().unwrap().is_empty()
    })
    .await;
    a.send(&json!({"type": "hint", "id": 5})).await.unwrap();
    let hint = a.recv_type("hint", |m| panic!("{m}")).await.unwrap();
    assert_eq!(hint["id"], 5);
    assert!(!hint["plays"].as_array().unwrap().is_empty());
    let s = &view["turn"]["legal"][0];
    a.send(&json!({"type": "step", "from": s["from"], "to": s["to"], "die": s["die"]}))
        .await
        .unwrap();
    let mid = a.recv_type("update", |_| {}).await.unwrap()["view"].clone();
    let (_, record_before) = http_get(server.addr, &format!("/api/games/{game}/record")).await;

    // The server dies mid-play and comes back on the same database, on another port.
    server.stop();
    let server = start_server(&db, fast_limits());
    let mut a = Client::connect(server.addr).await.unwrap();
    let back = join(&mut a, &game, Some(&token)).await;
    assert_eq!(back["role"], json!({"seat": 0}));
    assert_eq!(
        back["view"], mid,
        "the game continues exactly where it stood"
    );
    let (_, record_after) = http_get(server.addr, &format!("/api/games/{game}/record")).await;
    assert_eq!(record_before, record_after);

    // Finish the game against the bot, then ask for a rematch.
    let end = play_until(&mut a, Some(0), back["view"].clone(), 8, match_over).await;
    assert_eq!(end["phase"]["phase"], "game-over");
    a.send(&json!({"type": "rematch"})).await.unwrap();
    let r = a.recv_type("rematch", |_| {}).await.unwrap();
    let new_game = r["game"].as_str().unwrap();
    assert_ne!(new_game, game);
    let jr = join(&mut a, new_game, Some(&token)).await;
    assert_eq!(
        jr["role"],
        json!({"seat": 0}),
        "the old token takes its seat in the rematch"
    );
    assert_eq!(jr["info"]["rematch_of"], game.as_str());
    // ... once: the rematch gives the seat a token of its own, and the old one is spent.
    let fresh = jr["token"].as_str().unwrap().to_string();
    assert_ne!(fresh, token);
    let mut other = Client::connect(server.addr).await.unwrap();
    assert_eq!(
        join(&mut other, new_game, Some(&token)).await["role"],
        "spectator"
    );
    assert_eq!(
        join(&mut other, new_game, Some(&fresh)).await["role"],
        json!({"seat": 0})
    );
    // The old game still knows its own token.
    assert_eq!(
        join(&mut other, &game, Some(&token)).await["role"],
        json!({"seat": 0})
    );
    server.stop();
}

/// A game against the computer, as the server stores it, played by `bot` (seat 1) against a
/// player who always makes the worst play (seat 0) with seeded dice, up to the first roll of the
/// bot where its cube decision is a clear double (double/pass: no judgement call). `None` if
/// the game ends first.
fn actions_up_to_a_bot_double(
    rules: acey_rules::Rules,
    bot: &acey_ai::Bot,
    seed: u64,
) -> Option<Vec<acey_rules::Action>> {
    use acey_ai::cube::{double_analysis, CubeVerdict};
    use acey_rules::{Action, Game, Phase, Player, SeededRng};
    let mut dice = SeededRng::new(seed);
    let mut game = Game::new(rules);
    for _ in 0..2000 {
        let roll = |d: &mut SeededRng| {
            let (a, b) = d.roll();
            [a, b]
        };
        let actions = match game.phase().clone() {
            Phase::DieOff => vec![Action::DieOff {
                dice: roll(&mut dice),
            }],
            Phase::Roll { player } => {
                if player == Player::One
                    && double_analysis(bot, &game)
                        .is_some_and(|a| a.verdict() == CubeVerdict::DoublePass)
                {
                    return Some(game.actions().to_vec());
                }
                vec![Action::Roll {
                    dice: roll(&mut dice),
                }]
            }
            Phase::Move {
                player: Player::Zero,
                pool,
                ..
            } => {
                let d = pool.dice();
                let start = *game.turn()?.start();
                let worst = bot.rank(&start, (d[0], d[1])).pop()?;
                worst.candidate.actions()
            }
            Phase::NameDouble {
                player: Player::Zero,
            } => vec![Action::NameDouble { value: 1 }],
            Phase::GameOver { .. } => return None,
            _ => bot.decide(&game, &mut acey_rules::SeededRng::new(seed)),
        };
        for a in actions {
            game.apply(a).ok()?;
        }
    }
    None
}

/// The bot doubles when its cube decision says so: a game stored up to a roll of the bot where it
/// is far ahead (single-game scoring, so it cannot be too good to double) is loaded by the server,
/// whose bot offers the cube instead of rolling. The person takes; the stakes double and the cube
/// is theirs, so the bot goes on by rolling.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_offers_the_cube_when_far_ahead_and_a_take_doubles_the_stakes() {
    use acey_server::storage::{GameMeta, Mode};
    let rules: acey_rules::Rules = "american, doubling_cube = true, scoring = single"
        .parse()
        .unwrap();
    // The level the stored game names: the server's bot decides exactly as this one.
    let bot = acey_ai::Level::Advanced.bot(rules);
    let actions = (1..20)
        .find_map(|seed| actions_up_to_a_bot_double(rules, &bot, seed))
        .expect("a seeded game where the bot gets far ahead");
    let (_dir, db) = temp_db();
    let token = acey_server::random::token().unwrap();
    let id = acey_server::random::game_id().unwrap();
    {
        let store = acey_server::open_store(&db).await.unwrap();
        let meta = GameMeta {
            id: id.clone(),
            mode: Mode::Computer,
            rules,
            level: Some("advanced".into()),
            bot_seat: Some(1),
            tokens: [Some(token.clone()), None],
            rematch_of: None,
            created_at: 0,
            takebacks: 0,
            online: Default::default(),
        };
        store.create_game(&meta).await.unwrap();
        for (i, a) in actions.iter().enumerate() {
            store.append_action(&id, i, a).await.unwrap();
        }
    }
    let server = start_server(&db, fast_limits());
    let mut a = Client::connect(server.addr).await.unwrap();
    let joined = join(&mut a, &id, Some(&token)).await;
    let view = &joined["view"];
    assert_eq!(
        view["phase"],
        json!({"phase": "cube-offered", "by": 1}),
        "the bot doubles instead of rolling: {view}"
    );
    assert_eq!(view["n"].as_u64().unwrap() as usize, actions.len() + 1);
    assert_eq!(view["to_act"], 0);
    assert_eq!(view["cube"], json!({"value": 1, "owner": null}));

    a.send(&json!({"type": "take"})).await.unwrap();
    let took = a.recv_type("update", |_| {}).await.unwrap();
    assert_eq!(took["action"]["action"], "take", "{took}");
    assert_eq!(took["view"]["cube"], json!({"value": 2, "owner": 0}));
    // The cube is the person's now: the bot cannot redouble, so the server rolls for it.
    let next = a.recv_type("update", |_| {}).await.unwrap();
    assert_eq!(next["action"]["action"], "roll", "{next}");
    server.stop();
}

/// Between friends a rematch is a question: one seat offers, the other sees the offer (so does
/// anyone who joins later) and declines or accepts it; only an accepted offer starts a game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_friend_rematch_is_offered_then_declined_or_accepted() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let mut a = Client::connect(server.addr).await.unwrap();
    let ja = create(&mut a, json!({"type": "create", "mode": "friend"})).await;
    let game = ja["info"]["game"].as_str().unwrap().to_string();
    let token_a = ja["token"].as_str().unwrap().to_string();
    let mut b = Client::connect(server.addr).await.unwrap();
    let jb = join(&mut b, &game, None).await;
    let token_b = jb["token"].as_str().unwrap().to_string();
    // Before the game is over there is nothing to offer.
    b.send(&json!({"type": "rematch"})).await.unwrap();
    expect_error(&mut b, "illegal").await;
    b.send(&json!({"type": "resign"})).await.unwrap();
    let over = b.recv_type("update", |_| {}).await.unwrap();
    assert_eq!(over["view"]["phase"]["phase"], "game-over");

    // Seat 0 offers: both seats hear it, and no game starts.
    a.send(&json!({"type": "rematch"})).await.unwrap();
    let offer = a.recv_type("rematch_offer", |_| {}).await.unwrap();
    assert_eq!(offer, json!({"type": "rematch_offer", "by": 0}));
    let offer_b = b.recv_type("rematch_offer", |_| {}).await.unwrap();
    assert_eq!(offer_b, offer);
    // Offering twice is refused; a spectator cannot answer; a late joiner sees the offer.
    a.send(&json!({"type": "rematch"})).await.unwrap();
    expect_error(&mut a, "illegal").await;
    let mut c = Client::connect(server.addr).await.unwrap();
    let jc = join(&mut c, &game, None).await;
    assert_eq!(jc["role"], "spectator");
    assert_eq!(jc["rematch_offer"], 0);
    c.send(&json!({"type": "rematch_decline"})).await.unwrap();
    expect_error(&mut c, "illegal").await;
    // The offerer cannot decline their own offer.
    a.send(&json!({"type": "rematch_decline"})).await.unwrap();
    expect_error(&mut a, "illegal").await;

    // Seat 1 declines: everyone hears it and the offer is gone.
    b.send(&json!({"type": "rematch_decline"})).await.unwrap();
    let declined = json!({"type": "rematch_declined", "by": 1});
    assert_eq!(b.recv().await.unwrap(), declined);
    assert_eq!(a.recv().await.unwrap(), declined);
    assert_eq!(c.recv().await.unwrap(), declined);
    b.send(&json!({"type": "rematch_decline"})).await.unwrap();
    expect_error(&mut b, "illegal").await;
    assert!(join(&mut c, &game, None).await["rematch_offer"].is_null());

    // Seat 1 offers, seat 0 accepts: the rematch starts for everyone, seats kept.
    b.send(&json!({"type": "rematch"})).await.unwrap();
    assert_eq!(
        a.recv().await.unwrap(),
        json!({"type": "rematch_offer", "by": 1})
    );
    a.send(&json!({"type": "rematch"})).await.unwrap();
    let started = a.recv_type("rematch", |_| {}).await.unwrap();
    let new_game = started["game"].as_str().unwrap().to_string();
    assert_ne!(new_game, game);
    assert_eq!(b.recv_type("rematch", |_| {}).await.unwrap(), started);
    assert_eq!(c.recv_type("rematch", |_| {}).await.unwrap(), started);
    // Asking again answers with the started game, to the asker only.
    b.send(&json!({"type": "rematch"})).await.unwrap();
    assert_eq!(b.recv().await.unwrap(), started);
    let ra = join(&mut a, &new_game, Some(&token_a)).await;
    let rb = join(&mut b, &new_game, Some(&token_b)).await;
    assert_eq!(ra["role"], json!({"seat": 0}));
    assert_eq!(rb["role"], json!({"seat": 1}));
    assert_eq!(rb["info"]["rematch_of"], game.as_str());
    assert!(rb["rematch_offer"].is_null());
    server.stop();
}

/// The load benchmark's clients keep playing: seat 0 offers a rematch of each finished friend
/// game and seat 1 accepts it, so more games finish than were started.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_load_clients_play_on_through_rematch_offers() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    // Whole games, not resigned ones: 12 seconds leave room for a third game's end even when
    // the machine is busy with other work (6 were once too few under a full load).
    let config = acey_server::bench::loadtest::LoadConfig {
        games: 2,
        seconds: 12,
        think_ms: 1,
        seed: 9,
        resign_after: None,
        bot_games: None,
    };
    let report = acey_server::bench::loadtest::run_load(server.addr, &config)
        .await
        .unwrap();
    assert_eq!(report.errors, 0, "{report:?}");
    assert!(
        report.finished > config.games,
        "finished games were followed by rematches: {report:?}"
    );
    server.stop();
}

/// The benchmark's short games end by resignation after a few plays and are rematched, and its
/// games against the computer are played too, with no error.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_load_benchmark_plays_short_games_and_games_against_the_computer() {
    let (_dir, db) = temp_db();
    let server = start_server(&db, fast_limits());
    let config = acey_server::bench::loadtest::LoadConfig {
        games: 2,
        seconds: 4,
        think_ms: 1,
        seed: 3,
        resign_after: Some(4),
        bot_games: Some(("beginner".into(), 2)),
    };
    let report = acey_server::bench::loadtest::run_load(server.addr, &config)
        .await
        .unwrap();
    assert_eq!(report.errors, 0, "{report:?}");
    assert_eq!((report.games, report.bot_games), (4, 2));
    assert!(
        report.finished >= 8,
        "short games end and are rematched: {report:?}"
    );
    assert!(report.rss_kb > 0, "{report:?}");
    server.stop();
}
