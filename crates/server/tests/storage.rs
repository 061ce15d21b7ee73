//! The storage behaviour every backend must have, run against the one `temp_db` gives: SQLite,
//! or PostgreSQL when `ACEY_TEST_POSTGRES` names a server (`scripts/test.sh` runs both).

mod common;

use acey_rules::Action;
use acey_server::account::PlayerName;
use acey_server::lobby::Challenge;
use acey_server::rating::{Family, Kind, Rating};
use acey_server::storage::{GameMeta, Mode};
use acey_server::store::GameResult;
use common::temp_db;

#[tokio::test]
async fn games_and_actions_round_trip_and_seats_are_claimed_once() {
    let (_dir, db) = temp_db();
    let store = acey_server::open_store(&db).await.unwrap();
    let meta = GameMeta {
        id: "g1".into(),
        mode: Mode::Friend,
        rules: "bgammon".parse().unwrap(),
        level: None,
        bot_seat: None,
        tokens: [Some("a".into()), None],
        rematch_of: None,
        created_at: 5,
        takebacks: 0,
        online: Default::default(),
    };
    store.create_game(&meta).await.unwrap();
    let a = Action::DieOff { dice: [5, 2] };
    store.append_action("g1", 0, &a).await.unwrap();
    // The same number twice is refused: a game's log never forks.
    assert!(store.append_action("g1", 0, &Action::Undo).await.is_err());
    assert!(store.claim_seat("g1", 1, "b").await.unwrap());
    assert!(!store.claim_seat("g1", 1, "c").await.unwrap());
    let back = store.load_game("g1").await.unwrap().unwrap();
    assert_eq!(back.actions, vec![a]);
    assert_eq!(back.meta.tokens, [Some("a".into()), Some("b".into())]);
    assert_eq!(back.meta.rules, meta.rules);
    assert!(store.load_game("nope").await.unwrap().is_none());
    // Reopening runs the migrations again without harm.
    drop(store);
    let again = acey_server::open_store(&db).await.unwrap();
    assert_eq!(
        again.load_game("g1").await.unwrap().unwrap().actions.len(),
        1
    );
}

#[tokio::test]
async fn a_takeback_cuts_the_log_and_is_counted() {
    let (_dir, db) = temp_db();
    let store = acey_server::open_store(&db).await.unwrap();
    let meta = game("t1", Mode::Computer, [Some("a".into()), None]);
    store.create_game(&meta).await.unwrap();
    let actions = [
        Action::DieOff { dice: [5, 2] },
        Action::Roll { dice: [6, 5] },
        Action::Confirm,
        Action::Roll { dice: [3, 1] },
    ];
    for (n, a) in actions.iter().enumerate() {
        store.append_action("t1", n, a).await.unwrap();
    }
    store.take_back("t1", 2).await.unwrap();
    let back = store.load_game("t1").await.unwrap().unwrap();
    assert_eq!(back.actions, actions[..2]);
    assert_eq!(back.meta.takebacks, 1);
    // The log goes on from the cut, numbered without a gap.
    store.append_action("t1", 2, &Action::Undo).await.unwrap();
    store.take_back("t1", 2).await.unwrap();
    let back = store.load_game("t1").await.unwrap().unwrap();
    assert_eq!(back.actions.len(), 2);
    assert_eq!(back.meta.takebacks, 2);
}

#[tokio::test]
async fn abandoned_games_go_and_played_ones_stay_and_rematches_are_found() {
    let (_dir, db) = temp_db();
    let store = acey_server::open_store(&db).await.unwrap();
    let game = |id: &str, created_at, rematch_of: Option<&str>| GameMeta {
        id: id.into(),
        mode: Mode::Local,
        rules: "american".parse().unwrap(),
        level: None,
        bot_seat: None,
        tokens: [Some("t".into()), Some("t".into())],
        rematch_of: rematch_of.map(String::from),
        created_at,
        takebacks: 0,
        online: Default::default(),
    };
    // Old and untouched but for the server's dice; old and moved in; new and untouched.
    store.create_game(&game("old", 10, None)).await.unwrap();
    store
        .append_action("old", 0, &Action::DieOff { dice: [5, 2] })
        .await
        .unwrap();
    store.create_game(&game("played", 10, None)).await.unwrap();
    store
        .append_action("played", 0, &Action::DieOff { dice: [5, 2] })
        .await
        .unwrap();
    store
        .append_action("played", 1, &Action::Undo)
        .await
        .unwrap();
    store
        .create_game(&game("new", 1000, Some("played")))
        .await
        .unwrap();
    assert_eq!(store.delete_abandoned(500).await.unwrap(), 1);
    assert!(store.load_game("old").await.unwrap().is_none());
    assert!(store.load_game("played").await.unwrap().is_some());
    assert!(store.load_game("new").await.unwrap().is_some());
    assert_eq!(
        store.find_rematch("played").await.unwrap().as_deref(),
        Some("new")
    );
    assert_eq!(store.find_rematch("new").await.unwrap(), None);
}

fn game(id: &str, mode: Mode, tokens: [Option<String>; 2]) -> GameMeta {
    GameMeta {
        id: id.into(),
        mode,
        rules: "american".parse().unwrap(),
        level: None,
        bot_seat: None,
        tokens,
        rematch_of: None,
        created_at: 100,
        takebacks: 0,
        online: Default::default(),
    }
}

#[tokio::test]
async fn accounts_sessions_challenges_results_ratings_and_chat_behave_alike_on_every_backend() {
    let (_dir, db) = temp_db();
    let store = acey_server::open_store(&db).await.unwrap();
    // Accounts: unique ignoring case, found in any case.
    let name = PlayerName::parse("Zoë_1").unwrap();
    let id = store
        .create_account(&name, "hash", 5)
        .await
        .unwrap()
        .unwrap();
    let again = PlayerName::parse("zoË_1").unwrap();
    assert_eq!(store.create_account(&again, "h2", 6).await.unwrap(), None);
    let found = store.account_by_name("ZOË_1").await.unwrap().unwrap();
    assert_eq!((found.id, found.name.as_str()), (id, "Zoë_1"));
    // Sessions: fresh ones open, stale and deleted ones do not; a password change keeps one.
    store.create_session("s1", id, 1000).await.unwrap();
    store.create_session("s2", id, 1000).await.unwrap();
    assert!(store
        .session_account("s1", 900, 1000)
        .await
        .unwrap()
        .is_some());
    assert!(store
        .session_account("s1", 1000, 1001)
        .await
        .unwrap()
        .is_none());
    store.set_password(id, "new", "s1").await.unwrap();
    assert!(store
        .session_account("s2", 0, 1000)
        .await
        .unwrap()
        .is_none());
    assert_eq!(
        store
            .session_account("s1", 0, 1000)
            .await
            .unwrap()
            .unwrap()
            .password,
        "new"
    );
    store.delete_session("s1").await.unwrap();
    assert!(store
        .session_account("s1", 0, 1000)
        .await
        .unwrap()
        .is_none());

    // Challenges: listed in order, taken once, an owner's all at once.
    let challenge = |cid: &str, owner: &str, at: i64| Challenge {
        id: cid.into(),
        name: "zoe".into(),
        account: Some(id),
        registered: true,
        rating: Some(1512.5),
        rules: "bgammon".into(),
        match_to: 3,
        clock: Some(acey_server::clock::TimeControl::parse("3+12").unwrap()),
        rated: true,
        pool: None,
        owner: owner.into(),
        created_at: at,
    };
    store
        .add_challenge(&challenge("c2", "o1", 20))
        .await
        .unwrap();
    store
        .add_challenge(&challenge("c1", "o1", 10))
        .await
        .unwrap();
    store
        .add_challenge(&challenge("c3", "o2", 30))
        .await
        .unwrap();
    let all = store.challenges().await.unwrap();
    assert_eq!(
        all.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(),
        ["c1", "c2", "c3"]
    );
    assert_eq!(all[0], challenge("c1", "o1", 10));
    assert!(store.take_challenge("c3").await.unwrap().is_some());
    assert!(store.take_challenge("c3").await.unwrap().is_none());
    assert_eq!(store.take_challenges_of("o1").await.unwrap().len(), 2);
    assert!(store.challenges().await.unwrap().is_empty());

    // A finished game: the result is kept once, ratings are upserted with a history, the
    // game is in the history of the account at its seat.
    let mut meta = game("g1", Mode::Friend, [Some("t0".into()), Some("t1".into())]);
    meta.online.lobby = true;
    store.create_game(&meta).await.unwrap();
    let live = store.live_games(0, 10).await.unwrap();
    assert_eq!(live.len(), 1);
    let seated = acey_server::storage::Seated {
        name: "Zoë_1".into(),
        account: Some(id),
    };
    store.set_player("g1", 0, &seated).await.unwrap();
    let result = GameResult {
        game: "g1".into(),
        winner: 0,
        how: "resigned".into(),
        reason: None,
        score: [1, 0],
        ended_at: 2000,
    };
    assert!(store.record_result(&result).await.unwrap());
    assert!(!store.record_result(&result).await.unwrap());
    assert!(store.live_games(0, 10).await.unwrap().is_empty());
    let fresh = store
        .rating(id, Family::AceyDeucey, Kind::Game)
        .await
        .unwrap();
    assert_eq!(fresh, Rating::default());
    let r = Rating {
        rating: 1662.3,
        deviation: 290.3,
        volatility: 0.06,
        games: 1,
    };
    store
        .save_rating(id, Family::AceyDeucey, Kind::Game, &r, "g1", 2000)
        .await
        .unwrap();
    let r2 = Rating { games: 2, ..r };
    store
        .save_rating(id, Family::AceyDeucey, Kind::Game, &r2, "g1", 2001)
        .await
        .unwrap();
    assert_eq!(
        store
            .rating(id, Family::AceyDeucey, Kind::Game)
            .await
            .unwrap(),
        r2
    );
    assert_eq!(store.ratings_of(id).await.unwrap().len(), 1);
    assert_eq!(store.history_of(id).await.unwrap().len(), 2);
    let games = store.games_of(id, 10).await.unwrap();
    assert_eq!((games[0].id.as_str(), games[0].result), ("g1", "win"));
    assert!(
        store
            .leaderboard(Family::AceyDeucey, 10)
            .await
            .unwrap()
            .is_empty(),
        "provisional"
    );

    // Guest seats join an account with their token only, once.
    let token = acey_server::seat_token::stored_form("secret");
    store
        .create_game(&game("g2", Mode::Computer, [Some(token.clone()), None]))
        .await
        .unwrap();
    let wrong = [("g2".to_string(), "nope".to_string())];
    assert_eq!(store.adopt_seats(&found, &wrong).await.unwrap(), 0);
    let right = [("g2".to_string(), token)];
    assert_eq!(store.adopt_seats(&found, &right).await.unwrap(), 1);
    assert_eq!(store.adopt_seats(&found, &right).await.unwrap(), 0);

    // Clocks: a running one is found for resumption, a stopped one is not.
    let mut clock =
        acey_server::clock::Clock::new(acey_server::clock::TimeControl::parse("1+0").unwrap());
    store.save_clock("g2", &clock).await.unwrap();
    assert!(store.running_clocks().await.unwrap().is_empty());
    clock.switch(Some(1), 5);
    store.save_clock("g2", &clock).await.unwrap();
    assert_eq!(store.running_clocks().await.unwrap(), ["g2"]);
    let back = store.load_game("g2").await.unwrap().unwrap();
    assert_eq!(back.meta.online.clock, Some(clock));

    // Chat: the latest lines, oldest first.
    for i in 0..5 {
        let line = acey_server::chat::ChatLine {
            channel: acey_server::chat::Channel::Players,
            from: "zoe".into(),
            seat: Some(0),
            text: format!("line {i}"),
            at: i,
        };
        store.add_chat("g1", &line).await.unwrap();
    }
    let lines = store.chat("g1", 3).await.unwrap();
    assert_eq!(
        lines.iter().map(|l| l.text.as_str()).collect::<Vec<_>>(),
        ["line 2", "line 3", "line 4"]
    );
}

#[tokio::test]
async fn a_game_keeps_its_latest_analysis() {
    use acey_server::store::StoredAnalysis;
    let (_dir, db) = temp_db();
    let store = acey_server::open_store(&db).await.unwrap();
    assert_eq!(store.analysis("g1").await.unwrap(), None);
    let first = StoredAnalysis {
        actions: 120,
        plies: 1,
        level: "strongest".into(),
        body: r#"{"plies":1}"#.into(),
    };
    store.put_analysis("g1", &first, 10).await.unwrap();
    assert_eq!(store.analysis("g1").await.unwrap(), Some(first));
    // The session went on and was analysed again: the new analysis replaces the old.
    let second = StoredAnalysis {
        actions: 250,
        plies: 1,
        level: "strongest".into(),
        body: r#"{"plies":1,"complete":true}"#.into(),
    };
    store.put_analysis("g1", &second, 20).await.unwrap();
    assert_eq!(store.analysis("g1").await.unwrap(), Some(second));
    assert_eq!(store.analysis("g2").await.unwrap(), None);
}
