//! `acey play --plain` as scripts and screen-reader users run it: whole games against the bot on
//! stdin, saving, and loading a game that stopped in the middle of a turn.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::{assert_exit_code, assert_success, stdout, temp_dir, whole_plain_game, Acey};

/// Runs `acey play --plain` with `args`, feeding `input` then closing stdin.
fn plain(args: &[&str], input: &str) -> Output {
    Acey::new(["play", "--plain"])
        .args(args)
        // The messages checked here are English: the tests do not follow the machine's locale.
        .english()
        .output_with_stdin(input)
}

/// `Final score: you A, bot B` (or `bot B, you A` when the person plays O) -> (A, B).
fn final_score(out: &str) -> (u32, u32) {
    let last = out.lines().last().unwrap_or_default();
    let rest = last
        .strip_prefix("Final score: ")
        .unwrap_or_else(|| panic!("no final score line: {last}"));
    let (first, second) = rest.split_once(", ").unwrap();
    let points = |part: &str, who: &str| -> Option<u32> {
        let n = part.strip_prefix(who)?.split(' ').next()?;
        n.parse().ok()
    };
    let you = points(first, "you ").or_else(|| points(second, "you "));
    let bot = points(first, "bot ").or_else(|| points(second, "bot "));
    match (you, bot) {
        (Some(y), Some(b)) => (y, b),
        _ => panic!("not a score of you against the bot: {last}"),
    }
}

/// Plays a whole game against the beginner bot with `args`, answering every prompt as a script
/// would: the first listed play (or double) until the game is over, then quit. Returns the
/// output once the program has ended successfully.
fn whole_game(args: &[&str], save: &Path) -> String {
    whole_plain_game(
        Acey::new(["play", "--plain", "--level", "beginner"])
            .args(args)
            .english()
            .arg("--save")
            .arg(save),
        "game over",
    )
}

#[test]
fn a_whole_game_against_the_bot_on_stdin() {
    let dir = temp_dir();
    let save = dir.path().join("whole-game.txt");
    let text = whole_game(&["--seed", "42"], &save);
    let (you, bot) = final_score(&text);
    assert!((you == 0) != (bot == 0), "one side scores: {you}-{bot}");
    assert!((1..=15).contains(&(you + bot)), "{you}-{bot}");
    assert!(text.contains("Bot: "), "the bot's steps are printed");
    assert!(text.contains("Position (points numbered from your side, X):"));
    assert!(save.exists(), "the finished game is saved");
    // The saved game loads back as finished, with the same score.
    let again = plain(&["--load", save.to_str().unwrap(), "--level", "expert"], "");
    let again_text = stdout(&again);
    assert_success(&again);
    assert_eq!(final_score(&again_text), (you, bot), "{again_text}");
    assert!(again_text.contains("> game over"), "{again_text}");
    assert!(
        again_text.contains("against the bot (expert)"),
        "--level overrides the saved level: {again_text}"
    );
}

#[test]
fn a_game_saved_mid_turn_continues_exactly_there() {
    let dir = temp_dir();
    let save = dir.path().join("mid-turn.txt");
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
    assert_success(&second);
    // The first run's unfinished game was kept under another name, not overwritten.
    let kept = kept_file(&text).unwrap_or_else(|| panic!("the first game is kept: {text}"));
    std::fs::remove_file(kept).ok();
    assert!(
        text.contains(&format!("so far {}", step.trim_end_matches('*'))),
        "one step taken: {text}"
    );
    assert!(text.contains("Game saved to"), "{text}");
    // Load it: the game waits in the middle of the same turn.
    let third = plain(&["--load", save.to_str().unwrap()], "undo\n");
    let text = stdout(&third);
    assert_success(&third);
    let prompts: Vec<&str> = text.lines().filter(|l| l.starts_with("> ")).collect();
    assert!(
        prompts[0].contains(&format!("so far {}", step.trim_end_matches('*'))),
        "{text}"
    );
    // ... and `undo` takes back the step made before saving.
    assert!(prompts[1].contains("to play"), "{text}");
}

#[test]
fn a_loaded_game_at_a_noisy_level_is_the_game_that_would_have_been_played() {
    // The beginner, casual and intermediate bots err on purpose, from a seeded generator whose
    // state the save keeps: stopping, saving and loading changes none of their choices.
    let dir = temp_dir();
    for level in ["beginner", "casual", "intermediate"] {
        let straight = dir.path().join(format!("noise-straight-{level}.txt"));
        let split = dir.path().join(format!("noise-split-{level}.txt"));
        let args = |save: &Path| {
            [
                "--seed",
                "12",
                "--level",
                level,
                "--save",
                &save.display().to_string(),
            ]
            .map(String::from)
        };
        let run = |args: &[String], input: &str| {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            assert_success(&plain(&args, input));
        };
        run(&args(&straight), &"best\n".repeat(30));
        run(&args(&split), &"best\n".repeat(12));
        run(
            &["--load".to_string(), split.display().to_string()],
            &"best\n".repeat(18),
        );
        let a = std::fs::read_to_string(&straight).unwrap();
        let b = std::fs::read_to_string(&split).unwrap();
        assert!(a.lines().filter(|l| l.starts_with("1 ")).count() > 5, "{a}");
        assert_eq!(
            a, b,
            "{level}: straight through and saved-then-loaded differ"
        );
    }
}

/// The file an unfinished game was kept in, from the notice that says so.
fn kept_file(out: &str) -> Option<PathBuf> {
    let line = out
        .lines()
        .find(|l| l.contains("held an unfinished game"))?;
    let kept = line
        .split("it is kept as ")
        .nth(1)?
        .split("; continue")
        .next()?;
    Some(PathBuf::from(kept))
}

#[test]
fn a_new_game_never_overwrites_an_unfinished_one() {
    // The default save file, in a data folder of the test's own.
    let data = temp_dir();
    let last = data.path().join("acey").join("last-game.txt");
    let run = |args: &[&str], input: &str| {
        let o = Acey::new(["play", "--plain", "--level", "beginner"])
            .args(args)
            .english()
            .env("XDG_DATA_HOME", data.path())
            .output_with_stdin(input);
        assert_success(&o);
        stdout(&o)
    };
    // A game stopped in the middle.
    let first = run(&["--seed", "4"], "best\nbest\n");
    assert!(
        first.contains(&format!("Game saved to {}", last.display())),
        "{first}"
    );
    let unfinished = std::fs::read_to_string(&last).unwrap();
    // A new game: the unfinished one is kept under another name, and the player is told.
    let second = run(&["--seed", "5"], "");
    let kept = kept_file(&second).unwrap_or_else(|| panic!("no notice: {second}"));
    assert!(second.starts_with(&format!("{} held an unfinished game", last.display())));
    assert!(
        second.contains(&format!("acey play --load {}", kept.display())),
        "{second}"
    );
    assert_eq!(kept.parent(), last.parent(), "kept beside it");
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), unfinished);
    assert!(std::fs::read_to_string(&last)
        .unwrap()
        .contains("Dice: seed 5"));
    // The kept game loads and goes on.
    let third = run(&["--load", kept.to_str().unwrap()], "");
    assert!(!third.contains("held an unfinished game"), "{third}");
    assert!(
        third.contains(&format!("Game saved to {}", kept.display())),
        "{third}"
    );
    // A finished game is simply replaced by the next one.
    let finished = whole_game(&["--seed", "42"], &last);
    assert!(finished.contains("game over"), "{finished}");
    let fourth = run(&["--seed", "6"], "");
    assert!(!fourth.contains("held an unfinished game"), "{fourth}");
    let files = std::fs::read_dir(last.parent().unwrap()).unwrap().count();
    assert_eq!(
        files, 3,
        "last-game.txt, the kept game and the one kept before the whole game"
    );
}

#[test]
fn bad_arguments_and_files_are_usage_errors() {
    let err = assert_exit_code(&plain(&["--level", "grandmaster"], ""), 2);
    assert!(err.contains("unknown level"), "{err}");
    let err = assert_exit_code(&plain(&["--load", "x.txt", "--rules", "bgammon"], ""), 2);
    assert!(err.contains("cannot be used with"), "{err}");
    let err = assert_exit_code(&plain(&["--load", "/nonexistent/acey-save.txt"], ""), 2);
    assert!(err.contains("cannot read"), "{err}");
    // The full-screen game refuses to start without a terminal and says what to do instead.
    let o = Acey::new(["play", "--seed", "1"]).english().output();
    let err = assert_exit_code(&o, 2);
    assert!(err.contains("--plain"), "{err}");
}

#[test]
fn the_person_can_play_o_against_the_bot() {
    let dir = temp_dir();
    let save = dir.path().join("side-o.txt");
    let text = whole_game(&["--seed", "5", "--side", "o"], &save);
    assert!(
        text.contains("you play O against the bot"),
        "{}",
        &text[..400.min(text.len())]
    );
    assert!(text.contains("Position (points numbered from your side, O):"));
    assert!(text.contains("Bot: "), "the bot plays X: {text}");
    // X is named first in the score, and X is the bot now.
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("Final score: bot "), "{last}");
    let (you, bot) = final_score(&text);
    assert!((you == 0) != (bot == 0), "one side scores: {you}-{bot}");
}

#[test]
fn a_random_side_follows_the_seed_and_side_is_only_against_the_bot() {
    let dir = temp_dir();
    let save = dir.path().join("side-random.txt");
    let side = |seed: &str| {
        let o = plain(
            &[
                "--side", "random", "--seed", seed, "--level", "beginner", "--save",
            ]
            .into_iter()
            .chain([save.to_str().unwrap()])
            .collect::<Vec<_>>(),
            "",
        );
        let text = stdout(&o);
        assert_success(&o);
        // Each run's game is its own: nothing is left for the next run to keep.
        std::fs::remove_file(&save).ok();
        let intro = text.lines().next().unwrap_or_default().to_string();
        intro
            .strip_prefix("acey: you play ")
            .and_then(|r| r.chars().next())
            .unwrap_or_else(|| panic!("{intro}"))
    };
    let sides: Vec<char> = (1..=8).map(|s| side(&s.to_string())).collect();
    assert!(sides.contains(&'X') && sides.contains(&'O'), "{sides:?}");
    assert_eq!(side("3"), sides[2], "the same seed gives the same side");
    let err = assert_exit_code(&plain(&["--vs", "human", "--side", "o"], ""), 2);
    assert!(err.contains("--side"), "{err}");
}
