//! `acey benchmark` through the binary: the shipped set scored by stage (text and JSON), a small
//! new set generated, settled again with another bot's plays and scored, extended with them,
//! deepened with more rollout games, and the refusal of a bad file with its line (exit 2).

mod common;

use common::{acey, acey_ok, assert_exit_code, stdout, temp_dir};

/// Generates a small set into `out` (36 rollout games a candidate, truncated after 2 decisions).
fn generate(out: &str, args: &[&str]) {
    let mut all = vec![
        "benchmark",
        "--generate",
        out,
        "--trials",
        "36",
        "--truncate",
        "2",
    ];
    all.extend_from_slice(args);
    acey_ok(&all);
}

/// `bot` scored on the set in `path`, as JSON.
fn scored(path: &str, bot: &str) -> serde_json::Value {
    let out = acey_ok(&["benchmark", "--data", path, "--bot", bot, "--json"]);
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn the_shipped_set_ranks_the_levels_by_stage() {
    let out = acey_ok(&[
        "benchmark",
        "--bot",
        "random",
        "--bot",
        "advanced",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["rules"], "american");
    assert_eq!(v["decisions"], 1000);
    let bots = v["bots"].as_array().unwrap();
    let (random, advanced) = (&bots[0], &bots[1]);
    for stage in ["entering", "contact", "chain", "race", "bear-off"] {
        assert_eq!(advanced["stages"][stage]["decisions"], 200, "{stage}");
    }
    // A lower bound for the random player (most of its plays are outside the settled ones),
    // and still several times what the network loses.
    assert!(
        random["mean_loss"].as_f64().unwrap() > 3.0 * advanced["mean_loss"].as_f64().unwrap(),
        "{v}"
    );
    let text = stdout(&acey(&["benchmark", "--bot", "advanced"]));
    assert!(text.contains("1000 decisions under american"), "{text}");
    assert!(
        text.contains("bear-off") && text.contains("advanced"),
        "{text}"
    );
}

#[test]
fn a_small_set_is_generated_and_scored_and_a_bad_one_refused() {
    let dir = temp_dir();
    let file = dir.path().join("small.txt");
    let path = file.to_str().unwrap();
    generate(
        path,
        &["--rules", "bgammon", "--per-stage", "1", "--keep", "3"],
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("# rules: bgammon"), "{text}");
    assert_eq!(
        text.lines().filter(|l| !l.starts_with('#')).count(),
        5,
        "{text}"
    );
    let v = scored(path, "advanced");
    assert_eq!(v["rules"], "bgammon");
    assert_eq!(v["decisions"], 5);

    // The same decisions settled again with the random player's own plays: it is scored on
    // them, never on a bound.
    let again = dir.path().join("again.txt");
    let again_path = again.to_str().unwrap();
    generate(
        again_path,
        &["--from", path, "--also", "random", "--keep", "2"],
    );
    let again_text = std::fs::read_to_string(&again).unwrap();
    assert!(again_text.contains("# rules: bgammon"), "{again_text}");
    assert!(again_text.contains("the plays of random"), "{again_text}");
    let decision = |l: &str| l.split_whitespace().take(3).collect::<Vec<_>>().join(" ");
    let firsts = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| !l.starts_with('#'))
            .map(decision)
            .collect()
    };
    assert_eq!(firsts(&again_text), firsts(&text), "the same decisions");
    let v = scored(again_path, "random");
    assert_eq!(v["bots"][0]["outside"], 0, "{v}");
    // Extended instead: every settled candidate kept as it is, the random player's plays added
    // with the same rollouts; other rollout settings than the set's are refused.
    let grown = dir.path().join("grown.txt");
    let grown_path = grown.to_str().unwrap();
    generate(
        grown_path,
        &["--from", path, "--extend", "--also", "random"],
    );
    let grown_text = std::fs::read_to_string(&grown).unwrap();
    assert!(
        grown_text.contains("# extended: the plays of random"),
        "{grown_text}"
    );
    assert_eq!(firsts(&grown_text), firsts(&text), "the same decisions");
    let candidates =
        |l: &str| -> Vec<String> { l.split_whitespace().skip(3).map(str::to_string).collect() };
    for (old, new) in text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .zip(grown_text.lines().filter(|l| !l.starts_with('#')))
    {
        let new = candidates(new);
        assert!(
            candidates(old).iter().all(|c| new.contains(c)),
            "{old} / {new:?}"
        );
    }
    let v = scored(grown_path, "random");
    assert_eq!(v["bots"][0]["outside"], 0, "{v}");
    for (args, told) in [
        (vec!["--seed", "2", "--also", "random"], "settled otherwise"),
        (vec![], "--also"),
    ] {
        let mut all = vec![
            "benchmark",
            "--generate",
            grown_path,
            "--from",
            path,
            "--extend",
            "--trials",
            "36",
            "--truncate",
            "2",
        ];
        all.extend(args);
        let err = assert_exit_code(&acey(&all), 2);
        assert!(err.contains(told), "{err}");
    }
    let bad_bot = acey(&[
        "benchmark",
        "--generate",
        again_path,
        "--from",
        path,
        "--also",
        "nobody",
    ]);
    let err = assert_exit_code(&bad_bot, 2);
    assert!(err.contains("nobody"), "{err}");

    std::fs::write(&file, format!("{text}contact nonsense 3-1\n")).unwrap();
    let err = assert_exit_code(&acey(&["benchmark", "--data", path]), 2);
    assert!(err.contains("line 10"), "{err}");
    let missing = acey(&["benchmark", "--data", "/nonexistent/benchmark.txt"]);
    assert_exit_code(&missing, 2);
}

#[test]
fn a_deepened_set_is_the_set_settled_with_more_games() {
    let dir = temp_dir();
    let file = dir.path().join("shallow.txt");
    let path = file.to_str().unwrap();
    generate(path, &["--per-stage", "1", "--keep", "3"]);
    let deep = dir.path().join("deep.txt");
    let deep_path = deep.to_str().unwrap();
    // 36 more games a candidate on top of the set's 36 (--trials says how many it has).
    generate(deep_path, &["--from", path, "--deepen", "36"]);
    let deep_text = std::fs::read_to_string(&deep).unwrap();
    assert!(
        deep_text.contains("# deepened: every rolled-out candidate 36 games more (the trials numbered 36 to 71, seed 1): 72 trials each"),
        "{deep_text}"
    );
    let wide = dir.path().join("wide.txt");
    let wide_path = wide.to_str().unwrap();
    acey_ok(&[
        "benchmark",
        "--generate",
        wide_path,
        "--from",
        path,
        "--keep",
        "3",
        "--trials",
        "72",
        "--truncate",
        "2",
    ]);
    let wide_text = std::fs::read_to_string(&wide).unwrap();
    let settled = |t: &str| -> Vec<Vec<(String, f64)>> {
        t.lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| {
                let mut c: Vec<(String, f64)> = l
                    .split_whitespace()
                    .skip(3)
                    .map(|w| {
                        let (id, e) = w.split_once(':').unwrap();
                        (id.to_string(), e.parse().unwrap())
                    })
                    .collect();
                c.sort_by(|a, b| a.0.cmp(&b.0));
                c
            })
            .collect()
    };
    let (d, w) = (settled(&deep_text), settled(&wide_text));
    assert_eq!(d.len(), 5);
    for (d, w) in d.iter().zip(&w) {
        assert_eq!(d.len(), w.len(), "{d:?} / {w:?}");
        for (x, y) in d.iter().zip(w) {
            assert_eq!(x.0, y.0);
            // Each file rounds to four decimals.
            assert!((x.1 - y.1).abs() < 2e-4, "{d:?} / {w:?}");
        }
    }
    // Scored alike (the two files' rounding apart).
    let (a, b) = (scored(deep_path, "advanced"), scored(wide_path, "advanced"));
    let loss = |v: &serde_json::Value| v["bots"][0]["mean_loss"].as_f64().unwrap();
    assert!((loss(&a) - loss(&b)).abs() < 1e-3, "{a} / {b}");
    // A set whose games so far --trials misstates is refused, as is --deepen with --also.
    for (args, told) in [
        (
            vec!["--trials", "72", "--truncate", "2"],
            "settled otherwise",
        ),
        (
            vec!["--trials", "36", "--truncate", "2", "--also", "random"],
            "--also",
        ),
    ] {
        let mut all = vec![
            "benchmark",
            "--generate",
            wide_path,
            "--from",
            path,
            "--deepen",
            "36",
        ];
        all.extend(args);
        let err = assert_exit_code(&acey(&all), 2);
        assert!(err.contains(told), "{err}");
    }
}
