//! What a GNU Backgammon player asks of `acey eval` and `acey hint` (gammons, the cube action,
//! cubeful equities, which double to name after a 1-2), the arguments such a player types, and
//! the line mode typed into as a person does (pasted control characters, `:` before a play, a
//! wrong step).

mod common;

use serde_json::Value;

use common::{assert_success, assert_usage_error, stdout, temp_dir, Acey};

/// gnubg's Position ID of backgammon's start.
const BG_START: &str = "4HPwATDgc/ABMA";

fn json(args: &[&str]) -> Value {
    let o = Acey::new(args).english().output();
    assert_success(&o);
    serde_json::from_str(&stdout(&o)).unwrap_or_else(|e| panic!("{e}: {}", stdout(&o)))
}

#[test]
fn eval_gives_the_gammons_and_the_cube_action_of_a_backgammon_position() {
    let o = Acey::new(["eval", "--position", BG_START, "--rules", "backgammon"])
        .english()
        .output();
    assert_success(&o);
    let text = stdout(&o);
    assert!(text.contains("a win is worth "), "{text}");
    assert!(text.contains("cube 1, centred (money game"), "{text}");
    assert!(text.contains("cubeful equity: "), "{text}");
    // Nobody doubles at the start.
    assert!(text.contains("cube action:    no double, take"), "{text}");

    let v = json(&[
        "eval",
        "--position",
        BG_START,
        "--rules",
        "backgammon",
        "--cube",
        "2",
        "--cube-owner",
        "theirs",
        "--json",
    ]);
    let win = v["win_points"].as_f64().unwrap();
    assert!((1.0..3.0).contains(&win), "{v}");
    assert_eq!(v["cube"]["value"], 2);
    assert!(
        v["cube"]["action"].as_str().unwrap().contains("opponent's"),
        "{v}"
    );
    // A cube of 2 doubles the stakes: the cubeful equity is in points of that cube.
    assert!(
        v["cube"]["cubeful_equity"].as_f64().unwrap().abs() < 2.0,
        "{v}"
    );

    // Without a cube in the rules there is no cube to ask about.
    let o = Acey::new([
        "eval",
        "--position",
        BG_START,
        "--rules",
        "american",
        "--cube",
        "2",
    ])
    .english()
    .output();
    assert_usage_error(&o, "no doubling cube");
    let o = Acey::new([
        "eval",
        "--position",
        BG_START,
        "--rules",
        "backgammon",
        "--cube",
        "3",
    ])
    .english()
    .output();
    assert_usage_error(&o, "a cube is 1, 2, 4, 8");
}

#[test]
fn hint_gives_each_plays_worth_and_cubeful_equity() {
    let v = json(&[
        "hint",
        "--position",
        BG_START,
        "--dice",
        "3-1",
        "--rules",
        "backgammon",
        "--ply",
        "0",
        "--max",
        "3",
        "--json",
    ]);
    let plays = v["plays"].as_array().unwrap();
    assert_eq!(plays.len(), 3);
    assert_eq!(plays[0]["notation"], "8/5 6/5");
    for p in plays {
        // About a point each, more with gammons (the network's estimate).
        assert!(p["win_points"].as_f64().unwrap() > 0.5, "{p}");
        assert!(p["loss_points"].as_f64().unwrap() > 0.5, "{p}");
        assert!(p["cubeful_equity"].as_f64().is_some(), "{p}");
    }
    let o = Acey::new([
        "hint",
        "--position",
        BG_START,
        "--dice",
        "3-1",
        "--rules",
        "backgammon",
        "--ply",
        "0",
    ])
    .english()
    .output();
    let text = stdout(&o);
    assert!(
        text.contains("  W ") && text.contains(" cubeful "),
        "{text}"
    );
}

#[test]
fn the_double_to_name_after_a_one_two_is_ranked() {
    // The opening 1-2 played in full (in/24 in/23): the position the naming prompt stands at.
    let moves = json(&[
        "moves",
        "--position",
        common::START,
        "--dice",
        "1-2",
        "--json",
    ]);
    let after = moves["plays"][0]["position"].to_string();
    let v = json(&[
        "hint",
        "--position",
        &after,
        "--name-double",
        "--ply",
        "0",
        "--json",
    ]);
    let doubles = v["doubles"].as_array().unwrap();
    assert_eq!(
        doubles.len(),
        6,
        "every double can be named at the start: {v}"
    );
    let values: Vec<u64> = doubles
        .iter()
        .map(|d| d["double"].as_u64().unwrap())
        .collect();
    let mut sorted = values.clone();
    sorted.sort();
    assert_eq!(sorted, vec![1, 2, 3, 4, 5, 6]);
    assert!(doubles
        .windows(2)
        .all(|w| w[0]["equity"].as_f64() >= w[1]["equity"].as_f64()));
    let o = Acey::new(["hint", "--position", &after, "--name-double", "--ply", "0"])
        .english()
        .output();
    let text = stdout(&o);
    assert!(text.contains("names a double after the 1-2"), "{text}");
    assert!(text.contains("best play: "), "{text}");
    // Where no double can be named (backgammon has no acey-deucey), it says so.
    let o = Acey::new([
        "hint",
        "--position",
        BG_START,
        "--rules",
        "backgammon",
        "--name-double",
    ])
    .english()
    .output();
    assert_usage_error(&o, "name no double after a 1-2");
}

#[test]
fn arguments_are_refused_for_what_they_are() {
    // A negative number is a bad value, not an unknown flag.
    let o = Acey::new([
        "hint",
        "--position",
        BG_START,
        "--dice",
        "3-1",
        "--ply",
        "-1",
    ])
    .output();
    assert_usage_error(&o, "invalid value '-1' for '--ply");
    let o = Acey::new([
        "hint",
        "--position",
        BG_START,
        "--dice",
        "3-1",
        "--max",
        "0",
    ])
    .output();
    assert_usage_error(&o, "--max");
    // A network that is not there is a bad argument: exit code 2, as every other.
    let o = Acey::new(["engine", "--net", "/nonexistent/missing.acey-net"]).output_with_stdin("");
    assert_usage_error(&o, "missing.acey-net");
    // A one-character name is refused with the rule, before any connection.
    let o = Acey::new([
        "play",
        "--online",
        "http://127.0.0.1:9",
        "--plain",
        "--name",
        "a",
    ])
    .english()
    .output();
    assert_usage_error(&o, "a name is 2 to 20 letters, digits, _ or -");
}

#[test]
fn the_line_mode_reads_pasted_control_characters_a_colon_and_wrong_steps_as_a_person_means() {
    let dir = temp_dir();
    let save = dir.path().join("line.txt");
    let play = |input: &str| {
        let o = Acey::new([
            "play", "--plain", "--seed", "7", "--level", "beginner", "--save",
        ])
        .arg(&save)
        .english()
        .output_with_stdin(input);
        assert_success(&o);
        std::fs::remove_file(&save).ok();
        for kept in std::fs::read_dir(dir.path()).unwrap().flatten() {
            std::fs::remove_file(kept.path()).ok();
        }
        stdout(&o)
    };
    // The first legal play's first step, as `plays` lists it.
    let text = play("plays\n");
    let first = text
        .lines()
        .find_map(|l| l.strip_prefix("1. "))
        .unwrap_or_else(|| panic!("no numbered play: {text}"));
    let step = first.split(' ').next().unwrap().split('(').next().unwrap();
    let step = step.trim_end_matches('*');
    // Pasted with control characters, or typed after ':' as in the full screen: the step.
    for typed in [format!("\u{1}\u{2}{step}"), format!(":{step}")] {
        let text = play(&format!("{typed}\n"));
        assert!(
            text.contains(&format!("so far {step}")),
            "{typed:?}: {text}"
        );
        assert!(
            !text.contains('\u{1}'),
            "no control character echoed: {text:?}"
        );
    }
    // Off the board either way: one answer, with the legal steps.
    let text = play("in/0\nin/25\n");
    let answers: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("is not a legal"))
        .collect();
    assert_eq!(answers.len(), 2, "{text}");
    assert_eq!(
        answers[0].replace("in/0", "X"),
        answers[1].replace("in/25", "X"),
        "{text}"
    );
    assert!(answers[0].contains("legal steps: "), "{text}");
}
