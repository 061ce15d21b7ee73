//! `acey engine` as another program drives it: every request is answered on its own line with its
//! id, bad requests get an error answer, and the engine keeps serving until `quit`.

mod common;

use acey_rules::{legal_plays, Pool, Position, Rules};
use common::{acey, assert_success, bgammon_data, stderr, stdout, temp_dir, Acey, START};
use serde_json::{json, Value};

/// Sends the lines, closes stdin and returns every answer line and the exit status.
fn session(lines: &[String]) -> (Vec<Value>, std::process::ExitStatus) {
    session_with(&[], lines)
}

/// [`session`] with more arguments to `acey engine`.
fn session_with(args: &[&str], lines: &[String]) -> (Vec<Value>, std::process::ExitStatus) {
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let o = Acey::new(["engine"]).args(args).output_with_stdin(&input);
    let answers: Vec<Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("every answer is one JSON line"))
        .collect();
    (answers, o.status)
}

fn start() -> Value {
    serde_json::from_str(START).unwrap()
}

#[test]
fn good_and_bad_requests_each_get_their_answer() {
    let requests: Vec<Value> = vec![
        json!({"id": 1, "cmd": "ping"}),
        json!({"id": "two", "cmd": "move", "position": start(), "dice": [6, 5], "level": "advanced"}),
        json!({"id": 3, "cmd": "move", "position": start(), "dice": "1-2", "level": "advanced"}),
        json!({"id": 4, "cmd": "eval", "position": start(), "ply": 0}),
        json!({"id": 5, "cmd": "hint", "position": start(), "dice": [3, 3], "max": 3, "level": "advanced"}),
        json!({"id": 6, "cmd": "double", "position": start(), "level": "advanced"}),
        json!({"id": 7, "cmd": "fly"}),
        json!({"id": 8, "cmd": "move", "position": start(), "dice": [0, 7]}),
        json!({"id": 9, "cmd": "move", "position": {"board": [1]}, "dice": [1, 2]}),
        json!({"id": 10, "cmd": "eval", "position": start(), "ply": 9}),
        json!({"id": 11, "cmd": "move", "position": start(), "dice": [3, 1], "level": "wizard"}),
        json!({"id": 12, "cmd": "rules", "rules": "bgammon"}),
        json!({"id": 13, "cmd": "rules", "rules": "nonsense"}),
        json!({"id": 14, "cmd": "levels"}),
        json!({"id": 15}),
    ];
    let mut lines: Vec<String> = requests.iter().map(Value::to_string).collect();
    // Not JSON at all, and JSON that is not an object: answered with a null id.
    lines.insert(3, "this is not json".into());
    lines.insert(4, "[1, 2]".into());
    lines.push(json!({"id": 16, "cmd": "quit"}).to_string());
    lines.push(json!({"id": 17, "cmd": "ping"}).to_string());
    let (answers, status) = session(&lines);
    assert!(status.success());
    // Everything up to quit is answered, nothing after it.
    assert_eq!(answers.len(), lines.len() - 1, "{answers:#?}");
    let by_id = |id: Value| -> &Value {
        answers
            .iter()
            .find(|a| a["id"] == id)
            .unwrap_or_else(|| panic!("no answer for {id}"))
    };
    let ok = |a: &Value| assert!(a.get("error").is_none(), "{a}");
    let error = |a: &Value, needle: &str| {
        let e = a["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error in {a}"));
        assert!(e.contains(needle), "'{needle}' not in '{e}'");
    };

    ok(by_id(json!(1)));
    assert_eq!(by_id(json!(1))["pong"], true);

    // A move is one of the legal plays.
    let rules = Rules::default();
    let pos: Position = serde_json::from_str(START).unwrap();
    let m = by_id(json!("two"));
    ok(m);
    let legal = legal_plays(&rules, &pos, &Pool::roll(6, 5).unwrap());
    let reached: Position = serde_json::from_value(m["position"].clone()).unwrap();
    assert!(legal
        .iter()
        .any(|p| p.position().with_turn(reached.turn()) == reached));
    assert_eq!(m["next_turn"], 1);
    assert_eq!(m["double"], Value::Null);

    // A 1-2 from the opening: the whole segment, the named double and a re-roll.
    let ad = by_id(json!(3));
    ok(ad);
    assert!(ad["notation"].as_str().unwrap().starts_with("1-2: "));
    assert!((1..=6).contains(&ad["double"]["value"].as_u64().unwrap()));
    assert_eq!(ad["next_turn"], 0);

    let e = by_id(json!(4));
    ok(e);
    let win = e["win"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&win));
    assert!(e["equity"].is_number());

    let h = by_id(json!(5));
    ok(h);
    let plays = h["plays"].as_array().unwrap();
    assert_eq!(plays.len(), 3);
    assert_eq!(plays[0]["diff"], 0.0);
    assert!(plays[2]["equity"].as_f64() <= plays[0]["equity"].as_f64());

    let d = by_id(json!(6));
    ok(d);
    assert!((1..=6).contains(&d["double"].as_u64().unwrap()));
    assert_eq!(d["doubles"].as_array().unwrap().len(), 6);

    error(by_id(json!(7)), "unknown command 'fly'");
    error(by_id(json!(8)), "'dice'");
    error(by_id(json!(9)), "invalid position JSON");
    error(by_id(json!(10)), "'ply'");
    error(by_id(json!(11)), "unknown level 'wizard'");
    assert_eq!(by_id(json!(12))["rules"], "bgammon");
    error(by_id(json!(13)), "nonsense");
    assert_eq!(by_id(json!(14))["levels"].as_array().unwrap().len(), 6);
    error(by_id(json!(15)), "missing 'cmd'");
    assert_eq!(by_id(json!(16))["bye"], true);
    let nulls: Vec<&Value> = answers.iter().filter(|a| a["id"].is_null()).collect();
    assert_eq!(nulls.len(), 2, "{nulls:?}");
    assert!(nulls.iter().all(|a| a["error"].is_string()));
}

#[test]
fn the_engine_ends_cleanly_at_the_end_of_input() {
    let (answers, status) = session(&[json!({"id": 1, "cmd": "ping"}).to_string(), String::new()]);
    assert!(status.success());
    assert_eq!(answers.len(), 1);
}

#[test]
fn a_game_record_is_analysed_as_acey_analyse_does() {
    // A whole random game under the default rules, as a record in the project's text format.
    let rules = Rules::default();
    let mut game = acey_rules::Game::new(rules);
    let mut dice = acey_rules::SeededRng::new(11);
    acey_rules::play_random(&mut game, &mut dice, |_| {}).unwrap();
    let record = acey_rules::Record::from_game(&game, Default::default()).to_string();
    let (answers, status) = session(&[
        json!({"id": 1, "cmd": "analyse", "record": record, "ply": 0}).to_string(),
        json!({"id": 2, "cmd": "analyse", "record": "not a record"}).to_string(),
        json!({"id": 3, "cmd": "analyse"}).to_string(),
        json!({"id": 4, "cmd": "analyse", "record": record, "ply": 7}).to_string(),
    ]);
    assert!(status.success());
    let a = &answers[0];
    assert_eq!(a["id"], 1, "{a}");
    let players = a["players"].as_array().unwrap();
    assert_eq!(players.len(), 2, "{a}");
    for p in players {
        for field in [
            "decisions",
            "unforced",
            "marks",
            "error_rate",
            "luck",
            "rating",
        ] {
            assert!(!p[field].is_null(), "{field} in {p}");
        }
    }
    // A random player errs: both sides of a random game lose equity somewhere.
    assert!(
        players
            .iter()
            .all(|p| p["error_rate"].as_f64().unwrap() > 0.0),
        "{a}"
    );
    assert!(!a["decisions"].as_array().unwrap().is_empty());
    for (i, want) in [(1, "bad record"), (2, "'record'"), (3, "'ply'")] {
        let e = answers[i]["error"].as_str().unwrap_or_default();
        assert!(e.contains(want), "{}: {}", want, answers[i]);
    }
}

#[test]
fn a_bgammon_replay_is_analysed_too_and_its_errors_name_the_line() {
    let path = bgammon_data("acey-deucey-server.match");
    let text = std::fs::read_to_string(path).unwrap();
    let bad = "i 1702738670 alice bob 1 0 0 0 1 1\n1 r 6-5 off/19 off/21\n";
    let (answers, status) = session(&[
        json!({"id": 1, "cmd": "analyse", "record": text, "ply": 0}).to_string(),
        json!({"id": 2, "cmd": "analyse", "record": bad, "ply": 0}).to_string(),
    ]);
    assert!(status.success());
    let a = &answers[0];
    assert_eq!(a["players"][0]["name"], "alice", "{a}");
    assert!(a["decisions"].as_array().unwrap().len() > 30, "{a}");
    let e = answers[1]["error"].as_str().unwrap_or_default();
    assert!(
        e.contains("bad record") && e.contains("line 2"),
        "{}",
        answers[1]
    );
}

#[test]
fn a_network_file_plays_the_moves_instead_of_the_shipped_one() {
    let dir = temp_dir();
    let net = dir.path().join("tiny.acey-net");
    let net_arg = net.to_str().unwrap();
    // An untrained network of four hidden units: its plays are not the shipped network's.
    let made = acey(&[
        "train",
        "--net",
        net_arg,
        "--rules",
        "backgammon",
        "--hidden",
        "4",
        "--games",
        "16",
        "--round",
        "16",
        "--duel-every",
        "0",
        "--features",
        "rich",
    ]);
    assert_success(&made);
    let rolls = [
        [3, 1],
        [6, 5],
        [4, 2],
        [5, 5],
        [6, 1],
        [2, 1],
        [5, 3],
        [6, 4],
    ];
    let requests: Vec<String> = rolls
        .iter()
        .enumerate()
        .map(|(i, d)| {
            json!({"id": i, "cmd": "move", "rules": "backgammon", "level": "advanced",
                   "position": {"board": [-2,0,0,0,0,5,0,3,0,0,0,-5,5,0,0,0,-3,0,-5,0,0,0,0,2],
                                "bar": [0,0], "start": [0,0], "off": [0,0], "turn": 0},
                   "dice": d})
            .to_string()
        })
        .collect();
    let (shipped, status) = session(&requests);
    assert!(status.success());
    let (tiny, status) = session_with(&["--net", net_arg], &requests);
    assert!(status.success());
    let (tiny_race, status) = session_with(&["--net", net_arg, "--race-net", net_arg], &requests);
    assert!(status.success());
    assert_eq!(tiny.len(), rolls.len());
    assert!(tiny.iter().all(|a| a["notation"].is_string()), "{tiny:?}");
    assert_eq!(tiny, tiny_race, "no race position here");
    let differ = shipped
        .iter()
        .zip(&tiny)
        .filter(|(a, b)| a["notation"] != b["notation"])
        .count();
    assert!(
        differ > 0,
        "the untrained network played as the shipped one"
    );
    // A bad file stops the engine before it reads a request, with a clear message.
    let missing = dir.path().join("missing");
    let out = acey(&["engine", "--net", missing.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("cannot read the network"));
}

/// `apply` (used by scripts/tabula_duel.py to referee another engine): every turn segment the
/// rules allow is accepted, answered with the state the rules give it (who rolls next
/// included), and a state the roll cannot reach, a wrong or missing double, or a bad field is
/// refused with a message.
#[test]
fn apply_accepts_exactly_the_rules_segments() {
    use acey_rules::{turn_segments, MoveGen};
    // AD-2..AD-5 under bgammon: a 1-2 from the start names a double and re-rolls.
    let cases: [(&str, (u8, u8)); 3] = [
        ("bgammon", (1, 2)),
        ("american", (6, 4)),
        ("american", (3, 3)),
    ];
    let mut requests = Vec::new();
    let mut expected = Vec::new();
    for (rules_text, dice) in cases {
        let rules: Rules = rules_text.parse().unwrap();
        let state = Position::starting(&rules);
        let segments = turn_segments(&rules, &mut MoveGen::new(&rules), &state, dice);
        assert!(!segments.is_empty());
        // Every segment of the small rolls; every 7th of the 1-2's many.
        let step = if segments.len() > 60 { 7 } else { 1 };
        for s in segments.iter().step_by(step) {
            // The claimed state's turn does not matter: the rules say who rolls next.
            let mut reach = serde_json::to_value(s.state).unwrap();
            reach["turn"] = json!(1 - s.state.turn().index());
            requests.push(
                json!({"id": requests.len(), "cmd": "apply", "rules": rules_text,
                "position": state, "dice": [dice.0, dice.1], "reach": reach,
                "double": s.double.map(|(d, _)| d)}),
            );
            expected.push(serde_json::to_value(s.state).unwrap());
        }
    }
    let n = requests.len();
    let bgammon: Rules = "bgammon".parse().unwrap();
    let start = Position::starting(&bgammon);
    let acey = turn_segments(&bgammon, &mut MoveGen::new(&bgammon), &start, (1, 2));
    let named = acey[0]
        .double
        .expect("a 1-2 from the start names a double")
        .0;
    let other = if named == 6 { 5 } else { 6 };
    let bad = [
        // A 1-2 segment with another double named, and with none.
        json!({"id": "wrong double", "cmd": "apply", "rules": "bgammon", "position": start,
               "dice": [1, 2], "reach": acey[0].state, "double": other}),
        json!({"id": "no double", "cmd": "apply", "rules": "bgammon", "position": start,
               "dice": [1, 2], "reach": acey[0].state}),
        // The start itself cannot be reached by playing 6-4.
        json!({"id": "unreachable", "cmd": "apply", "position": start, "dice": [6, 4],
               "reach": start}),
        json!({"id": "no reach", "cmd": "apply", "position": start, "dice": [6, 4]}),
        json!({"id": "bad double", "cmd": "apply", "rules": "bgammon", "position": start,
               "dice": [1, 2], "reach": acey[0].state, "double": 7}),
    ];
    requests.extend(bad);
    let lines: Vec<String> = requests.iter().map(Value::to_string).collect();
    let (answers, status) = session(&lines);
    assert!(status.success());
    assert_eq!(answers.len(), requests.len());
    for (i, want) in expected.iter().enumerate() {
        let a = &answers[i];
        assert_eq!(a["id"], json!(i));
        assert_eq!(&a["position"], want, "request {}", requests[i]);
        assert_eq!(a["next_turn"], want["turn"]);
        assert!(a["notation"].is_string());
    }
    let errors: Vec<&str> = answers[n..]
        .iter()
        .map(|a| a["error"].as_str().expect("refused with a message"))
        .collect();
    assert!(
        errors[0].contains(&format!("not by naming {other}-{other}")),
        "{errors:?}"
    );
    assert!(errors[1].contains("only by naming a double"), "{errors:?}");
    assert!(errors[2].contains("cannot be reached"), "{errors:?}");
    assert!(errors[3].contains("missing 'reach'"), "{errors:?}");
    assert!(
        errors[4].contains("'double' must be a number from 1 to 6"),
        "{errors:?}"
    );
}
