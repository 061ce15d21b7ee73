//! The shared test data: acey-deucey legal-play sets from two independent implementations, and
//! the published backgammon move counts (gnubg position IDs). The files are kept in
//! `tests/data/` (a copy of the project's shared test data, with its README), so a clone with
//! nothing beside it runs these tests.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;

use acey_rules::{legal_plays, Player, Pool, Position, Preset, Rules};

fn testdata(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

#[derive(serde::Deserialize)]
struct Case {
    position: Position,
    dice: [u8; 2],
    /// The bgammon file writes `null` where no play is legal.
    results: Option<Vec<String>>,
}

fn check_legal_play_file(file: &str, rules: &Rules) {
    let f = std::fs::File::open(testdata(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    let reader = BufReader::new(flate2::read::GzDecoder::new(f));
    let mut lines = 0;
    let mut failures = Vec::new();
    for (n, line) in reader.lines().enumerate() {
        let line = line.unwrap();
        let case: Case =
            serde_json::from_str(&line).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        let expected: BTreeSet<Position> = case
            .results
            .unwrap_or_default()
            .iter()
            .map(|r| serde_json::from_str::<Position>(r).unwrap())
            .collect();
        let pool = Pool::roll(case.dice[0], case.dice[1]).unwrap();
        let got: BTreeSet<Position> = legal_plays(rules, &case.position, &pool)
            .iter()
            .map(|p| *p.position())
            .collect();
        if got != expected {
            failures.push(format!(
                "line {}: {} dice {:?}: expected {} results, got {}; missing {:?}; extra {:?}",
                n + 1,
                case.position.to_json(),
                case.dice,
                expected.len(),
                got.len(),
                expected.difference(&got).take(3).collect::<Vec<_>>(),
                got.difference(&expected).take(3).collect::<Vec<_>>()
            ));
        }
        lines += 1;
    }
    assert_eq!(lines, 300, "{file} should hold 300 positions");
    assert!(
        failures.is_empty(),
        "{} of {lines} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_american_legal_play_set_matches() {
    check_legal_play_file(
        "acey-legal-plays-american.jsonl.gz",
        &Preset::American.rules(),
    );
}

#[test]
fn every_bgammon_legal_play_set_matches() {
    check_legal_play_file(
        "acey-legal-plays-bgammon.jsonl.gz",
        &Preset::Bgammon.rules(),
    );
}

#[test]
fn every_backgammon_move_count_matches() {
    let rules = Preset::Backgammon.rules();
    let text = std::fs::read_to_string(testdata("backgammon-move-counts.tsv")).unwrap();
    let mut rows = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let cols: Vec<&str> = line.split('\t').collect();
        let pos = Position::from_gnubg_id(cols[0], Player::Zero).unwrap();
        let (a, b) = cols[1].split_once('-').unwrap();
        let pool = Pool::roll(a.parse().unwrap(), b.parse().unwrap()).unwrap();
        let expected: usize = cols[2].parse().unwrap();
        let got = legal_plays(&rules, &pos, &pool).len();
        assert_eq!(got, expected, "{line}");
        rows += 1;
    }
    assert_eq!(rows, 30);
}
