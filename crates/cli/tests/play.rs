//! `acey play --plain` as scripts and screen-reader users run it: whole games against the bot on
//! stdin, saving, and loading a game that stopped in the middle of a turn.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("acey-play-it-{}-{name}.txt", std::process::id()))
}

/// Runs `acey play --plain` with `args`, feeding `input` then closing stdin.
fn plain(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_acey"))
        .arg("play")
        .arg("--plain")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the acey binary runs");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// `Final score: you A, bot B` -> (A, B).
fn final_score(out: &str) -> (u32, u32) {
    let last = out.lines().last().unwrap_or_default();
    let rest = last
        .strip_prefix("Final score: you ")
        .unwrap_or_else(|| panic!("no final score line: {last}"));
    let (a, b) = rest.split_once(", bot ").unwrap();
    let b = b.split(' ').next().unwrap();
    (a.parse().unwrap(), b.parse().unwrap())
}

#[test]
fn a_whole_game_against_the_bot_on_stdin() {
    // Answer every prompt as a script would: the first listed play (or double) until the game
    // is over, then quit.
    let save = temp("whole-game");
    let mut child = Command::new(env!("CARGO_BIN_EXE_acey"))
        .args([
            "play", "--plain", "--level", "beginner", "--seed", "42", "--save",
        ])
        .arg(&save)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the acey binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let child_out = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(child_out).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut out = Vec::new();
    let mut answers = 0;
    loop {
        let line = match rx.recv_timeout(Duration::from_secs(60)) {
            Ok(l) => l,
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                child.kill().ok();
                panic!(
                    "no output for 60 s; last lines: {:?}",
                    &out[out.len().saturating_sub(10)..]
                );
            }
        };
        if let Some(prompt) = line.strip_prefix("> ") {
            let answer = if prompt.starts_with("game over") {
                "quit"
            } else {
                answers += 1;
                assert!(answers < 2000, "the game does not end");
                "play 1"
            };
            // The program may already have ended after "quit".
            let _ = writeln!(stdin, "{answer}");
        }
        out.push(line);
    }
    let status = child.wait().unwrap();
    let text = out.join("\n");
    assert!(status.success(), "{text}");
    let (you, bot) = final_score(&text);
    assert!((you == 0) != (bot == 0), "one side scores: {you}-{bot}");
    assert!((1..=15).contains(&(you + bot)), "{you}-{bot}");
    assert!(text.contains("Bot: "), "the bot's steps are printed");
    assert!(text.contains("Position (points numbered from your side, X):"));
    assert!(save.exists(), "the finished game is saved");
    // The saved game loads back as finished, with the same score.
    let again = plain(&["--load", save.to_str().unwrap(), "--level", "expert"], "");
    let again_text = stdout(&again);
    assert!(again.status.success(), "{again_text}");
    assert_eq!(final_score(&again_text), (you, bot), "{again_text}");
    assert!(again_text.contains("> game over"), "{again_text}");
    assert!(
        again_text.contains("against the bot (expert)"),
        "--level overrides the saved level: {again_text}"
    );
    std::fs::remove_file(save).ok();
}

#[test]
fn a_game_saved_mid_turn_continues_exactly_there() {
    let save = temp("mid-turn");
    let args = [
        "--seed",
        "7",
        "--level",
        "beginner",
        "--save",
        save.to_str().unwrap(),
    ];
    // What can the person play when the game first waits for them?
    let first = plain(&args, "plays\n");
    let text = stdout(&first);
    let play = text
        .lines()
        .find_map(|l| l.strip_prefix("1. "))
        .unwrap_or_else(|| panic!("no numbered play: {text}"));
    // Its first step, written alone: `in/19(2)` -> `in/19`, `24/18` stays.
    let step = play.split(' ').next().unwrap().split('(').next().unwrap();
    // The same game again: take that one step, then stop (end of input).
    let second = plain(&args, &format!("{step}\n"));
    let text = stdout(&second);
    assert!(second.status.success(), "{text}");
    assert!(
        text.contains(&format!("so far {}", step.trim_end_matches('*'))),
        "one step taken: {text}"
    );
    assert!(text.contains("Game saved to"), "{text}");
    // Load it: the game waits in the middle of the same turn.
    let third = plain(&["--load", save.to_str().unwrap()], "undo\n");
    let text = stdout(&third);
    assert!(third.status.success(), "{text}");
    let prompts: Vec<&str> = text.lines().filter(|l| l.starts_with("> ")).collect();
    assert!(
        prompts[0].contains(&format!("so far {}", step.trim_end_matches('*'))),
        "{text}"
    );
    // ... and `undo` takes back the step made before saving.
    assert!(prompts[1].contains("to play"), "{text}");
    std::fs::remove_file(save).ok();
}

#[test]
fn bad_arguments_and_files_are_usage_errors() {
    let o = plain(&["--level", "grandmaster"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown level"));
    let o = plain(&["--load", "x.txt", "--rules", "bgammon"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot be used with"));
    let o = plain(&["--load", "/nonexistent/acey-save.txt"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot read"));
    // The full-screen game refuses to start without a terminal and says what to do instead.
    let o = Command::new(env!("CARGO_BIN_EXE_acey"))
        .args(["play", "--seed", "1"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--plain"));
}
