//! Where `acey` writes files, as a person points it: a save through a symbolic link updates the
//! file the link names and leaves the link a link; a FIFO or a device node is refused with a
//! clear error and left as it was, by every command that writes a file.

#![cfg(unix)]

mod common;

use std::os::unix::fs::FileTypeExt as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{
    assert_success, assert_usage_error, bgammon_data, stdout, temp_dir, whole_plain_game, Acey,
};

/// A FIFO made by the system's `mkfifo`.
fn fifo(dir: &Path) -> PathBuf {
    let path = dir.join("pipe");
    let status = Command::new("mkfifo")
        .arg(&path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success(), "mkfifo {}", path.display());
    path
}

/// A character device with /dev/null's numbers (1, 3) made by `mknod`, where this user may (as
/// root); `None` elsewhere, so that the FIFO alone is tried.
fn device(dir: &Path) -> Option<PathBuf> {
    let path = dir.join("null");
    let made = Command::new("mknod")
        .arg(&path)
        .args(["c", "1", "3"])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !made {
        eprintln!("mknod is not permitted here: only the FIFO is tried");
    }
    made.then_some(path)
}

/// The special files to try writing to, with the word the refusal uses for each.
fn special_files(dir: &Path) -> Vec<(PathBuf, &'static str)> {
    let mut files = vec![(fifo(dir), "is a FIFO (named pipe), not a regular file")];
    if let Some(dev) = device(dir) {
        files.push((dev, "is a device, not a regular file"));
    }
    files
}

/// Asserts that `path` is still the special file it was (a FIFO, or a character device).
fn untouched(path: &Path) {
    let t = std::fs::symlink_metadata(path).unwrap().file_type();
    assert!(
        t.is_fifo() || t.is_char_device(),
        "{} was replaced: {t:?}",
        path.display()
    );
}

#[test]
fn a_save_through_a_symbolic_link_updates_its_target_and_keeps_the_link() {
    let dir = temp_dir();
    std::fs::create_dir(dir.path().join("games")).unwrap();
    let link = dir.path().join("current.txt");
    // A relative link, as `ln -s games/today.txt current.txt` makes; the target is new.
    std::os::unix::fs::symlink("games/today.txt", &link).unwrap();
    let text = whole_plain_game(
        Acey::new(["play", "--plain", "--level", "beginner", "--seed", "3"])
            .english()
            .arg("--save")
            .arg(&link),
        "game over",
    );
    assert!(text.contains("Game saved to"), "{text}");
    let meta = std::fs::symlink_metadata(&link).unwrap();
    assert!(meta.file_type().is_symlink(), "the link stays a link");
    let target = dir.path().join("games/today.txt");
    let saved = std::fs::read_to_string(&target).unwrap();
    assert!(saved.contains("Seats: human bot"), "{saved}");
    // Nothing else was left beside it (no temporary file, no kept copy).
    assert_eq!(
        std::fs::read_dir(dir.path().join("games")).unwrap().count(),
        1
    );

    // A second game through the same link: the finished game is replaced in the target.
    whole_plain_game(
        Acey::new(["play", "--plain", "--level", "beginner", "--seed", "4"])
            .english()
            .arg("--save")
            .arg(&link),
        "game over",
    );
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_ne!(std::fs::read_to_string(&target).unwrap(), saved);

    // The other writers go through links the same way.
    let mat = dir.path().join("match.mat");
    std::os::unix::fs::symlink("games/converted.mat", &mat).unwrap();
    let o = Acey::new([
        "convert",
        &bgammon_data("backgammon-replay.match"),
        "--to",
        "mat",
    ])
    .arg("-o")
    .arg(&mat)
    .output();
    assert_success(&o);
    assert!(std::fs::symlink_metadata(&mat)
        .unwrap()
        .file_type()
        .is_symlink());
    let converted = std::fs::read_to_string(dir.path().join("games/converted.mat")).unwrap();
    assert!(converted.contains("point match"), "{converted}");
}

#[test]
fn a_save_onto_a_fifo_or_a_device_is_refused_and_leaves_it_alone() {
    let dir = temp_dir();
    for (path, why) in special_files(dir.path()) {
        // Refused before the game starts (no prompt), and the special file is still there.
        let o = Acey::new(["play", "--plain", "--seed", "1"])
            .english()
            .arg("--save")
            .arg(&path)
            .output_with_stdin("quit\n");
        assert_usage_error(&o, why);
        assert!(
            !stdout(&o).contains("> "),
            "no game was started: {}",
            stdout(&o)
        );
        untouched(&path);
        // The same through a symbolic link to it.
        let link = dir.path().join("link-to-special");
        std::fs::remove_file(&link).ok();
        std::os::unix::fs::symlink(&path, &link).unwrap();
        let o = Acey::new(["play", "--plain"])
            .english()
            .arg("--save")
            .arg(&link)
            .output_with_stdin("quit\n");
        assert_usage_error(&o, why);
        untouched(&path);
        // In the player's language.
        let o = Acey::new(["play", "--plain", "--lang", "fr"])
            .arg("--save")
            .arg(&path)
            .output_with_stdin("quit\n");
        assert_usage_error(&o, "pas un fichier ordinaire");
        untouched(&path);
    }
}

#[test]
fn every_command_that_writes_a_file_refuses_a_fifo_or_a_device() {
    let dir = temp_dir();
    let record = dir.path().join("game.txt");
    let o = Acey::new(["convert", &bgammon_data("backgammon-replay.match")])
        .arg("-o")
        .arg(&record)
        .output();
    assert_success(&o);
    for (path, why) in special_files(dir.path()) {
        let p = path.to_str().unwrap();
        let r = record.to_str().unwrap();
        let runs: [&[&str]; 5] = [
            &["convert", r, "-o", p],
            &["analyse", r, "--html", p],
            &["train", "--net", p, "--games", "1"],
            &["benchmark", "--generate", p, "--per-stage", "1"],
            &["play", "--plain", "--save", p],
        ];
        for args in runs {
            let o = Acey::new(args).english().output_with_stdin("");
            assert_usage_error(&o, why);
            untouched(&path);
        }
    }
}
