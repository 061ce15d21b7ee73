//! The `acey` binary as users run it: outputs, exit codes and error messages.

mod common;

use std::process::{Command, Stdio};

use common::{
    acey, assert_exit_code, assert_success, assert_usage_error, stderr, stdout, temp_dir, Acey,
    START,
};

#[test]
fn moves_lists_the_plays_of_an_opening_one_two_as_json() {
    let o = acey(&["moves", "--position", START, "--dice", "1-2", "--json"]);
    assert_success(&o);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let plays = v["plays"].as_array().unwrap();
    // Enter on 24 and 23, or one checker on to 22: two distinct results.
    assert_eq!(plays.len(), 2);
    let mut notations: Vec<&str> = plays
        .iter()
        .map(|p| p["notation"].as_str().unwrap())
        .collect();
    notations.sort();
    assert_eq!(notations, ["in/23 23/22", "in/23 in/24"]);
    for p in plays {
        assert_eq!(p["position"]["turn"], 0, "turn unchanged after the play");
        assert_eq!(p["steps"].as_array().unwrap().len(), 2);
        assert_eq!(p["steps"][0]["from"], "start");
    }
}

#[test]
fn moves_with_no_legal_play_prints_an_empty_list() {
    // Player 0 on the bar; player 1 holds 19..=24 (E17).
    let pos = r#"{"board":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-2,-2,-2,-2,-2,-2],"bar":[1,0],"start":[14,3],"off":[0,0],"turn":0}"#;
    let o = acey(&["moves", "--position", pos, "--dice", "6-5", "--json"]);
    assert_success(&o);
    assert_eq!(stdout(&o).trim(), r#"{"plays":[]}"#);
}

#[test]
fn moves_reads_gnubg_ids_for_backgammon() {
    let o = acey(&[
        "moves",
        "--rules",
        "backgammon",
        "--position",
        "4HPwATDgc/ABMA",
        "--dice",
        "3-1",
    ]);
    assert_success(&o);
    assert!(
        stdout(&o).starts_with("16 legal plays of 3-1"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn bad_input_is_a_one_line_error_with_exit_code_two() {
    assert_usage_error(&acey(&["moves", "--dice", "9-2"]), "not a roll");
    assert_usage_error(
        &acey(&["moves", "--dice", "1-2", "--position", "{\"board\":[1]}"]),
        "invalid position JSON",
    );
    assert_usage_error(
        &acey(&["moves", "--dice", "1-2", "--position", "nonsense"]),
        "not a position",
    );
    let unbalanced = START.replace("[15,15]", "[14,15]");
    assert_usage_error(
        &acey(&["moves", "--dice", "1-2", "--position", &unbalanced]),
        "must have exactly 15",
    );
    assert_usage_error(
        &acey(&["moves", "--dice", "1-2", "--rules", "amerikan"]),
        "bgammon",
    );
    assert_usage_error(
        &acey(&["moves", "--dice", "1-2", "--rules", "american,scoring=lots"]),
        "checker-count",
    );
    assert_usage_error(&acey(&["moves"]), "--dice");
    assert_usage_error(&acey(&["perft", "--depth", "0"]), "--depth");
    assert_usage_error(&acey(&["perft", "--depth", "x"]), "invalid value");
    assert_usage_error(&acey(&["selfplay", "--games", "0"]), "--games");
    // Each command suggests only the options it has: eval has no --rollout, hint has.
    let e = acey(&["eval", "--position", START, "--ply", "3"]);
    assert_usage_error(&e, "--ply 3 is too deep: use 0 to 2");
    assert!(!stderr(&e).contains("--rollout"), "{}", stderr(&e));
    let h = acey(&["hint", "--position", START, "--dice", "6-5", "--ply", "3"]);
    assert_usage_error(&h, "use 0 to 2 (or --rollout)");
    assert_usage_error(&acey(&["frobnicate"]), "unrecognized subcommand");
}

#[test]
fn perft_prints_every_depth_and_divides() {
    let o = acey(&["perft", "--depth", "1", "--rules", "backgammon", "--divide"]);
    assert_success(&o);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 22, "{out}");
    let sum: u64 = lines[..21]
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(lines[21], format!("depth 1: {sum}"));
    assert!(lines.contains(&"3-1: 16"), "{out}");
}

#[test]
fn rules_lists_presets_and_options() {
    let o = acey(&["rules"]);
    assert_success(&o);
    let out = stdout(&o);
    for name in [
        "american",
        "bgammon",
        "liberal-bearoff",
        "backgammon",
        "acey_reroll_gate",
        "bear_off_rule",
    ] {
        assert!(out.contains(name), "{name} missing");
    }
    let o = acey(&["rules", "--show", "bgammon"]);
    assert!(
        stdout(&o).contains("bear_off_rule = exact-only"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn selfplay_reports_speed_and_scores() {
    let o = acey(&["selfplay", "--games", "20", "--seed", "5"]);
    assert_success(&o);
    let out = stdout(&o);
    assert!(out.contains("20 games"), "{out}");
    assert!(out.contains("turns/s"), "{out}");
    let again = stdout(&acey(&["selfplay", "--games", "20", "--seed", "5"]));
    // Same seed, same games: the lines after the timing line are identical.
    let tail = |s: &str| s.lines().skip(2).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(tail(&out), tail(&again));
}

#[test]
fn a_finished_position_and_a_closed_pipe_are_handled() {
    let done = r#"{"board":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-1],"bar":[0,0],"start":[0,14],"off":[15,0],"turn":1}"#;
    assert_usage_error(
        &acey(&["moves", "--dice", "3-1", "--position", done]),
        "is over",
    );
    assert_quiet_on_closed_pipe(&["moves", "--dice", "6-6", "--rules", "backgammon"]);
}

/// Runs acey with a stdout whose reading end is already closed everywhere (as after
/// `acey ... | head` once `head` has gone): the first write fails with a broken pipe, every
/// time. The output must then end quietly: exit 0, no panic, nothing on stderr.
fn assert_quiet_on_closed_pipe(args: &[&str]) {
    // A pipe whose only reader is a process that exits at once: once it is waited for, the
    // write end left in our hands leads nowhere.
    let mut reader = Command::new("true")
        .stdin(Stdio::piped())
        .spawn()
        .expect("`true` runs");
    let write_end = reader.stdin.take().expect("a piped stdin");
    reader.wait().expect("`true` ends");
    let o = Acey::new(args).stdout(write_end).output();
    let (status, err) = (o.status, stderr(&o));
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert_eq!(status.code(), Some(0), "{args:?}: {status:?} {err}");
    assert_eq!(err, "", "{args:?}: nothing on stderr");
}

#[test]
fn every_printing_command_ends_quietly_on_a_closed_pipe() {
    let start = START;
    for args in [
        &["rules"][..],
        &["rules", "--show", "backgammon"],
        &["moves", "--position", start, "--dice", "1-2"],
        &["moves", "--position", start, "--dice", "1-2", "--json"],
        &["perft", "--depth", "1"],
        &["perft", "--depth", "1", "--divide"],
        &["selfplay", "--games", "2", "--seed", "1"],
        &[
            "hint",
            "--position",
            start,
            "--dice",
            "6-5",
            "--ply",
            "0",
            "--level",
            "beginner",
        ],
        &[
            "hint",
            "--position",
            start,
            "--dice",
            "6-5",
            "--ply",
            "0",
            "--json",
        ],
        &["eval", "--position", start, "--level", "beginner"],
        &["eval", "--position", start, "--json"],
        &["duel", "--a", "random", "--b", "random", "--games", "2"],
        &[
            "duel", "--a", "random", "--b", "random", "--games", "2", "--json",
        ],
    ] {
        assert_quiet_on_closed_pipe(args);
    }
}

#[test]
fn met_prints_the_published_table_and_measures_a_distribution() {
    // Backgammon scoring: the Kazaross-XG2 table, 2-away against 4-away 66.9%, and the
    // post-Crawford line (2-away against 1-away 48.8%).
    let o = acey(&["met", "--rules", "backgammon", "--size", "4"]);
    assert_success(&o);
    let out = stdout(&o);
    let row = |name: &str| {
        out.lines()
            .find(|l| l.trim_start().starts_with(name))
            .unwrap_or_else(|| panic!("no line {name} in {out}"))
            .split_whitespace()
            .skip(1)
            .map(|w| w.to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(row("2a")[3], "66.9");
    assert_eq!(row("post")[1], "48.8");
    // Acey-deucey without a cube: no post-Crawford line.
    let o = acey(&["met", "--rules", "american", "--size", "3"]);
    assert!(o.status.success() && !stdout(&o).contains("post"));
    // A measured distribution is printed in the file format the tables are built from.
    let o = acey(&[
        "met",
        "--rules",
        "american",
        "--measure",
        "4",
        "--seed",
        "3",
    ]);
    assert_success(&o);
    let counted: u64 = stdout(&o)
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(counted, 4);
    assert_usage_error(&acey(&["met", "--size", "26"]), "--size");
    assert_usage_error(&acey(&["met", "--measure", "0"]), "--measure");
}

#[test]
fn a_match_duel_counts_matches() {
    let o = acey(&[
        "duel",
        "--a",
        "advanced",
        "--b",
        "advanced",
        "--blind-b",
        "--rules",
        "backgammon,match_target=3",
        "--games",
        "4",
        "--json",
    ]);
    assert_success(&o);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["games"], 4);
    // Each match is worth one point to its winner: the mean is a difference of win rates.
    let mean = v["points_per_game"].as_f64().unwrap();
    assert!((-1.0..=1.0).contains(&mean), "{v}");
}

#[test]
fn a_duel_with_luck_reports_the_luck_adjusted_figure_and_refuses_it_for_matches() {
    let o = acey(&[
        "duel",
        "--a",
        "advanced",
        "--b",
        "heuristic",
        "--rules",
        "bgammon",
        "--games",
        "4",
        "--luck",
        "--json",
    ]);
    assert_success(&o);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let adjusted = &v["luck_adjusted"];
    assert!(adjusted["points_per_game"].as_f64().is_some(), "{v}");
    assert_eq!(adjusted["ci95"].as_array().map(Vec::len), Some(2), "{v}");
    // Without --luck the field is there and null; the text report names the adjusted line.
    let o = acey(&[
        "duel", "--a", "random", "--b", "random", "--games", "2", "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert!(v["luck_adjusted"].is_null(), "{v}");
    let o = acey(&[
        "duel",
        "--a",
        "random",
        "--b",
        "heuristic",
        "--games",
        "2",
        "--luck",
    ]);
    assert_success(&o);
    assert!(stdout(&o).contains("luck-adjusted"), "{}", stdout(&o));
    assert_usage_error(
        &acey(&[
            "duel",
            "--a",
            "random",
            "--b",
            "random",
            "--rules",
            "backgammon,match_target=3",
            "--luck",
        ]),
        "--luck",
    );
}

/// The metadata line of a network file.
fn net_meta(path: &std::path::Path) -> String {
    let bytes = std::fs::read(path).unwrap();
    let text = String::from_utf8_lossy(&bytes[..200.min(bytes.len())]).into_owned();
    text.lines().nth(1).unwrap().to_string()
}

#[test]
fn train_creates_resumes_and_enriches_a_network() {
    let dir = temp_dir();
    let net = dir.path().join("sub/net.acey-net");
    let net_arg = net.to_str().unwrap();
    let train = |extra: &[&str]| {
        let mut args = vec![
            "train",
            "--net",
            net_arg,
            "--rules",
            "backgammon",
            "--hidden",
            "8",
            "--games",
            "32",
            "--round",
            "16",
            "--duel-every",
            "0",
        ];
        args.extend_from_slice(extra);
        acey(&args)
    };
    // A new basic network, then continued: the games add up.
    let o = train(&[]);
    assert_success(&o);
    assert!(net_meta(&net).contains("inputs=212"), "{}", net_meta(&net));
    let o = train(&[]);
    assert_success(&o);
    assert!(net_meta(&net).contains("games=64"), "{}", net_meta(&net));
    // Made rich: the tactical inputs added, the games kept, where they came from recorded.
    let o = train(&["--features", "rich"]);
    assert_success(&o);
    let meta = net_meta(&net);
    assert!(
        meta.contains("inputs=224") && meta.contains("games=96"),
        "{meta}"
    );
    assert!(meta.contains("features_from=basic"), "{meta}");
    // Trained on towards its own 1-ply values; a deeper lookahead is refused.
    let o = train(&["--lookahead", "1"]);
    assert_success(&o);
    assert!(net_meta(&net).contains("games=128"), "{}", net_meta(&net));
    assert_exit_code(&train(&["--lookahead", "2"]), 2);
    // With a tenth of the plays made at random; a share outside 0..=1 is refused.
    let o = train(&["--explore", "0.1"]);
    assert_success(&o);
    assert!(net_meta(&net).contains("games=160"), "{}", net_meta(&net));
    assert_usage_error(&train(&["--explore", "1.5"]), "--explore");
    // With a heuristic sparring partner in a third of the games; outside 0..=1 refused.
    let o = train(&["--sparring", "0.3"]);
    assert_success(&o);
    assert!(net_meta(&net).contains("games=192"), "{}", net_meta(&net));
    assert_usage_error(&train(&["--sparring=-0.1"]), "--sparring");
    // The curve redrawn from the log alone: nothing trained, the network's file untouched.
    let svg = dir.path().join("sub/net.curve.svg");
    let _ = std::fs::remove_file(&svg);
    let before = std::fs::read(&net).unwrap();
    let o = train(&["--plot-only"]);
    assert_success(&o);
    assert!(svg.exists(), "{}", stderr(&o));
    assert_eq!(std::fs::read(&net).unwrap(), before);
    let o = acey(&["train", "--net", "/nonexistent/x.acey-net", "--plot-only"]);
    assert_usage_error(&o, "no training log");
    // A rich network cannot go back, and an unknown set is named.
    assert_usage_error(&train(&["--features", "basic"]), "--features basic");
    let err = assert_exit_code(&train(&["--features", "huge"]), 2);
    assert!(err.contains("basic or rich"), "{err}");
    // The rich network plays in a duel as any network file does.
    let level = format!("advanced@{net_arg}");
    let o = acey(&[
        "duel",
        "--a",
        &level,
        "--b",
        "advanced",
        "--rules",
        "backgammon",
        "--games",
        "2",
    ]);
    assert_success(&o);
}

#[test]
fn hint_rollouts_can_subtract_the_luck() {
    // The same candidates rolled out on the same dice, with and without each later roll's luck
    // taken off: the JSON says which, and the subtraction leaves less chance in the results.
    let run = |extra: &[&str]| {
        let mut args = vec![
            "hint",
            "--position",
            START,
            "--dice",
            "6-5",
            "--level",
            "advanced",
            "--rollout",
            "--trials",
            "36",
            "--truncate",
            "6",
            "--max",
            "3",
            "--json",
        ];
        args.extend_from_slice(extra);
        let o = acey(&args);
        assert_success(&o);
        serde_json::from_str::<serde_json::Value>(&stdout(&o)).unwrap()
    };
    let (plain, reduced) = (run(&[]), run(&["--variance-reduction"]));
    assert_eq!(plain["method"]["rollout"]["variance_reduction"], false);
    assert_eq!(reduced["method"]["rollout"]["variance_reduction"], true);
    let errors = |v: &serde_json::Value| -> f64 {
        let plays = v["plays"].as_array().unwrap();
        assert!(plays.len() >= 2, "{v}");
        plays.iter().map(|p| p["std_error"].as_f64().unwrap()).sum()
    };
    assert!(
        errors(&reduced) < 0.6 * errors(&plain),
        "{plain} against {reduced}"
    );
    // Only with --rollout.
    assert_usage_error(
        &acey(&[
            "hint",
            "--position",
            START,
            "--dice",
            "6-5",
            "--variance-reduction",
        ]),
        "--rollout",
    );
}

#[test]
fn hint_saves_the_backgammon_at_every_depth() {
    // The opponent bears off next roll for sure: only the plays that bring both of player 1's
    // checkers out of its home board save the backgammon, whatever their rank by the network.
    for ply in ["0", "1", "2"] {
        let o = acey(&[
            "hint",
            "--rules",
            "backgammon",
            "--position",
            "CwAAwEg00RMBAAA",
            "--dice",
            "3-3",
            "--ply",
            ply,
            "--max",
            "3",
            "--json",
        ]);
        assert_success(&o);
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        let best = &v["plays"][0];
        // A gammon lost (2 points), not a backgammon (3): exact, not the network's guess.
        let equity = best["equity"].as_f64().unwrap();
        assert!((equity + 2.0).abs() < 1e-3, "{ply}-ply: {v}");
        // Player 1's points 19 to 24 are player 0's 1 to 6: none of its checkers left there.
        let board = best["position"]["board"].as_array().unwrap();
        assert!(
            board[..6].iter().all(|n| n.as_i64().unwrap() >= 0),
            "{ply}-ply: {best}"
        );
    }
}
