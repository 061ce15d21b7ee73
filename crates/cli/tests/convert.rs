//! `acey convert`: bgammon `.match` replays and acey records written as acey records and as
//! Jellyfish `.mat` text.

mod common;

use std::process::{Command, Output};

use common::{assert_exit_code, assert_success, bgammon_data, temp_dir, Acey};

fn convert(args: &[&str]) -> Output {
    Acey::new(["convert"]).args(args).output()
}

#[test]
fn a_bgammon_match_becomes_an_acey_record_and_jellyfish_text() {
    let o = convert(&[&bgammon_data("backgammon-replay.match")]);
    assert_success(&o);
    let record = String::from_utf8(o.stdout).unwrap();
    assert!(record.starts_with("# acey game record\n"), "{record}");
    let back: acey_rules::Record = record.parse().expect("the record reads back");
    let expected: acey_rules::Record =
        std::fs::read_to_string(bgammon_data("backgammon-replay.txt"))
            .unwrap()
            .parse()
            .unwrap();
    let a = back.game().unwrap();
    let b = expected.game().unwrap();
    assert_eq!(a.position(), b.position());
    assert_eq!(a.score(), b.score());

    let dir = temp_dir();
    let out = dir.path().join("replay.mat");
    let o = convert(&[
        &bgammon_data("backgammon-replay.match"),
        "--to",
        "mat",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_success(&o);
    let mat = std::fs::read_to_string(&out).unwrap();
    assert!(
        mat.starts_with(" 5 point match\n\n Game 1\n alice : 0"),
        "{mat}"
    );
    assert!(mat.contains(" Game 2\n alice : 2"), "{mat}");
    assert!(mat.contains(" Doubles => 2"));
    assert!(mat.contains(" Takes"));
    assert!(mat.contains(" Drops"));
    assert!(mat.contains("Wins 2 points"));
}

#[test]
fn acey_deucey_is_not_written_as_jellyfish_text() {
    let o = convert(&[&bgammon_data("acey-deucey-server.match"), "--to", "mat"]);
    let err = assert_exit_code(&o, 2);
    assert!(err.contains("backgammon games only"), "{err}");
    assert_exit_code(&convert(&["/nonexistent/file.match"]), 2);
}

/// GNU Backgammon, where installed (Debian's `gnubg` package puts it in /usr/games).
fn gnubg() -> Option<std::path::PathBuf> {
    ["/usr/games/gnubg", "/usr/bin/gnubg", "/usr/local/bin/gnubg"]
        .iter()
        .map(std::path::PathBuf::from)
        .find(|p| p.exists())
}

/// Run by hand where GNU Backgammon is installed (`cargo test -p acey --test convert --
/// --ignored`): gnubg imports the `.mat` of the bgammon test match and of random backgammon
/// matches and reaches acey's score.
#[test]
#[ignore = "needs GNU Backgammon installed"]
fn gnubg_imports_the_mat_files_and_reaches_the_same_score() {
    use acey_rules::{jellyfish, Game, Phase, Preset, SeededRng};
    let gnubg = gnubg().expect("gnubg is installed");
    let mut games: Vec<(String, [u32; 2], u32)> = Vec::new();
    let o = convert(&[&bgammon_data("backgammon-replay.match"), "--to", "mat"]);
    assert_success(&o);
    games.push((String::from_utf8(o.stdout).unwrap(), [3, 0], 2));
    let mut rules = Preset::Backgammon.rules();
    rules.match_target = Some(7);
    for seed in 0..3 {
        let mut dice = SeededRng::new(seed);
        let mut game = Game::new(rules);
        while let Some(a) = match game.phase() {
            Phase::GameOver { .. } if game.match_winner().is_none() => {
                Some(acey_rules::Action::NextGame)
            }
            _ => acey_rules::random_action(&game, &mut dice),
        } {
            game.apply(a).unwrap();
        }
        let text = jellyfish::to_mat(&game, ["alice", "bob"]).unwrap();
        games.push((text, game.score(), game.game_number()));
    }
    let dir = temp_dir();
    for (i, (text, score, n)) in games.iter().enumerate() {
        let path = dir.path().join(format!("game-{i}.mat"));
        std::fs::write(&path, text).unwrap();
        let script = format!(
            "set display off\nimport mat {}\nshow score\n",
            path.display()
        );
        let mut child = Command::new(&gnubg)
            .args(["-t", "-q"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(script.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        let games = if *n == 1 {
            "1 game".to_string()
        } else {
            format!("{n} games")
        };
        let expected = format!(
            "The score (after {games}) is: alice {}, bob {}",
            score[0], score[1]
        );
        assert!(said.contains(&expected), "{expected}\n{said}\n{text}");
    }
}
