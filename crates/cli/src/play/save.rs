//! Saving a game and going on with it later, exactly where it stood (mid-turn included).
//!
//! A save is the game's plain-text record ([`acey_rules::Record`]; the format is in
//! docs/notation.md), so it can be read, shared and loaded by anything that reads records. Five
//! extra header lines keep what the session needs around the game: who sits where, the bot's
//! level, how many dice of the seed were drawn (so the dice after loading are the ones the game
//! would have had), the state of the bot's noise generator (so the weaker levels' deliberate
//! mistakes after loading are the ones they would have made) and whether forced plays are
//! automatic. A record without them loads too: you
//! against the bot at the default level, the dice going on from the seed.

use std::path::{Path, PathBuf};

use acey_ai::Level;
use acey_rules::{Action, DiceSource as RecordDice, Record, RecordHeader};
use anyhow::{anyhow, Result};

use super::session::{refusal, DiceSource, Seat, Session, Setup};
use crate::i18n::{self, t};
use crate::output::OutputError;

const SEATS: &str = "Seats";
const LEVEL: &str = "Level";
const DRAWN: &str = "Dice drawn";
const FORCED: &str = "Forced plays";
const NOISE: &str = "Bot noise";

/// The user's data folder for acey: `$XDG_DATA_HOME/acey`, else `~/.local/share/acey`; `None`
/// when neither variable is set. Saved games and the online client's seats live there.
pub fn data_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| PathBuf::from(h).join(".local").join("share"))
        })?;
    Some(base.join("acey"))
}

/// Where a game is saved when no `--save` is given: `last-game.txt` in [`data_dir`], else the
/// current directory.
pub fn default_path() -> PathBuf {
    match data_dir() {
        Some(d) => d.join("last-game.txt"),
        None => PathBuf::from("acey-last-game.txt"),
    }
}

fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::Human => "human",
        Seat::Bot => "bot",
    }
}

/// The seats of a `Seats:` line, or why not (in the player's language).
fn parse_seats(s: &str) -> Result<[Seat; 2], String> {
    let line = format!("{SEATS}: {s}");
    let seat = |w: &str| match w {
        "human" => Ok(Seat::Human),
        "bot" => Ok(Seat::Bot),
        other => Err(t!("term-error-seat", seat = other, line = line.as_str())),
    };
    match s.split_whitespace().collect::<Vec<_>>().as_slice() {
        [a, b] => Ok([seat(a)?, seat(b)?]),
        _ => Err(t!("term-error-two-seats", line = line.as_str())),
    }
}

/// The session's game as a record with the session's header lines.
pub fn record(session: &Session) -> Record {
    let setup = session.setup();
    let player = |p: usize| match setup.seats[p] {
        Seat::Human => "human".to_string(),
        Seat::Bot => format!("acey {}", setup.level),
    };
    let header = RecordHeader {
        players: [Some(player(0)), Some(player(1))],
        dice: Some(RecordDice::Seed(session.dice().seed())),
        date: None,
        extra: vec![
            (
                SEATS.to_string(),
                format!(
                    "{} {}",
                    seat_name(setup.seats[0]),
                    seat_name(setup.seats[1])
                ),
            ),
            (LEVEL.to_string(), setup.level.to_string()),
            (DRAWN.to_string(), session.dice().drawn().to_string()),
            (NOISE.to_string(), session.noise_state().to_string()),
            (
                FORCED.to_string(),
                if setup.auto_forced {
                    "automatic"
                } else {
                    "manual"
                }
                .to_string(),
            ),
        ],
    };
    Record::from_game(session.game(), header)
}

/// Writes the session's record to `path` (creating its folder), atomically: a crash while
/// writing leaves the previous save in place. A symbolic link is written through to its target;
/// anything but a regular file is refused (`crate::output`). Errors are in the player's language.
pub fn save(session: &Session, path: &Path) -> Result<()> {
    let text = record(session).to_string();
    let target = crate::output::target(path).map_err(|e| anyhow!(refused(&e)))?;
    if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| {
            anyhow!(t!(
                "term-error-create-folder",
                folder = dir.display().to_string(),
                reason = i18n::io_reason(&e)
            ))
        })?;
    }
    crate::output::write(&target, text.as_bytes()).map_err(|e| anyhow!(refused(&e)))?;
    Ok(())
}

/// Why a file cannot be written, in the player's language.
pub fn refused(e: &OutputError) -> String {
    match e {
        OutputError::NotRegular { path, kind } => t!(
            "term-error-not-a-file",
            path = path.display().to_string(),
            kind = kind.key()
        ),
        OutputError::LinkLoop(path) => {
            t!("term-error-link-loop", path = path.display().to_string())
        }
        OutputError::Io { path, source } => t!(
            "term-error-write",
            path = path.display().to_string(),
            reason = i18n::io_reason(source)
        ),
    }
}

/// Keeps a game that a new session would overwrite: when `path` holds anything but a finished
/// game (a game not over, a match not decided, or a file that is not a readable record), it is
/// renamed to a free name beside it, `<name>-<UTC date and time>.txt`, which is returned. Nothing
/// is done (`None`) when `path` does not exist or holds a finished game.
pub fn keep_unfinished(path: &Path) -> Result<Option<PathBuf>> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        // Unreadable (not text, no permission): not ours to destroy either.
        Err(_) => String::new(),
    };
    let finished = text
        .parse::<Record>()
        .ok()
        .and_then(|r| r.game().ok())
        .is_some_and(|g| g.is_finished());
    if finished {
        return Ok(None);
    }
    let kept = free_name(path, &utc_stamp(std::time::SystemTime::now()));
    std::fs::rename(path, &kept).map_err(|e| {
        anyhow!(t!(
            "term-error-cannot-keep",
            path = path.display().to_string(),
            kept = kept.display().to_string(),
            reason = i18n::io_reason(&e)
        ))
    })?;
    Ok(Some(kept))
}

/// `dir/last-game.txt` -> `dir/last-game-<stamp>.txt`, or `-<stamp>-2` and so on when taken.
fn free_name(path: &Path, stamp: &str) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or_else(|| "game".into(), |s| s.to_string_lossy().into_owned());
    let ext = path
        .extension()
        .map_or_else(String::new, |e| format!(".{}", e.to_string_lossy()));
    (1..)
        .map(|n| {
            let tail = if n == 1 {
                String::new()
            } else {
                format!("-{n}")
            };
            path.with_file_name(format!("{stem}-{stamp}{tail}{ext}"))
        })
        .find(|p| !p.exists())
        .unwrap_or_else(|| path.with_extension("kept"))
}

/// A time as `YYYYMMDD-HHMMSS` in UTC.
fn utc_stamp(t: std::time::SystemTime) -> String {
    let secs = t
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let c = acey_rules::CivilTime::from_unix(secs as i64);
    format!(
        "{:04}{:02}{:02}-{:02}{:02}{:02}",
        c.year, c.month, c.day, c.hour, c.minute, c.second
    )
}

/// Reads a record back into a session that goes on where the game stood. Errors are in the
/// player's language (what the record's own reader says of a line stays English).
pub fn load(path: &Path) -> Result<Session> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| {
        anyhow!(t!(
            "term-error-read",
            path = shown.as_str(),
            reason = i18n::io_reason(&e)
        ))
    })?;
    let record: Record = text.parse().map_err(|e: acey_rules::RecordError| {
        anyhow!(t!(
            "term-error-not-a-record",
            path = shown.as_str(),
            line = e.line,
            reason = e.message
        ))
    })?;
    let game = record.game().map_err(|(i, e)| {
        anyhow!(t!(
            "term-error-action-refused",
            path = shown.as_str(),
            number = i + 1,
            reason = refusal(&e)
        ))
    })?;
    let extra = |key: &str| {
        record
            .header
            .extra
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.trim().to_string())
    };
    // A header line that does not read: the file, then why.
    let at = |reason: String| {
        anyhow!(t!(
            "term-error-in-file",
            path = shown.as_str(),
            reason = reason
        ))
    };
    let seats = match extra(SEATS) {
        Some(s) => parse_seats(&s).map_err(at)?,
        None => [Seat::Human, Seat::Bot],
    };
    let level: Level = match extra(LEVEL) {
        Some(l) => l
            .parse()
            .map_err(|_| at(crate::commands::play::level_refused(&l)))?,
        None => Level::Intermediate,
    };
    let (seed, drawn) = match &record.header.dice {
        Some(RecordDice::Seed(seed)) => {
            // Without the count, every die of the record came from the seed, two at a time.
            let rolled = game
                .actions()
                .iter()
                .filter(|a| matches!(a, Action::DieOff { .. } | Action::Roll { .. }))
                .count() as u64
                * 2;
            let drawn = match extra(DRAWN) {
                Some(d) => d.parse::<u64>().map_err(|_| at(not_a_number(DRAWN, &d)))?,
                None => rolled,
            };
            (*seed, drawn)
        }
        // Dice from elsewhere (a server, physical dice): new dice from here on.
        _ => (DiceSource::os_seed(), 0),
    };
    let auto_forced = extra(FORCED).is_some_and(|f| f.eq_ignore_ascii_case("automatic"));
    let noise = match extra(NOISE) {
        Some(n) => Some(n.parse::<u64>().map_err(|_| at(not_a_number(NOISE, &n)))?),
        None => None,
    };
    let setup = Setup {
        rules: record.rules,
        seats,
        level,
        seed,
        auto_forced,
    };
    let mut session = Session::with_game(setup, game, drawn);
    // Without the line (an older save, a record from elsewhere) the noise starts from the seed.
    if let Some(state) = noise {
        session.set_noise_state(state);
    }
    Ok(session)
}

/// Why a header line's value is not a number, in the player's language.
fn not_a_number(key: &str, value: &str) -> String {
    t!("term-error-not-a-number", line = format!("{key}: {value}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use acey_rules::{Phase, Rules};

    fn temp(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("acey-save-{}-{name}", std::process::id()))
    }

    #[test]
    fn a_game_saved_mid_turn_loads_mid_turn_and_goes_on_identically() {
        let setup = Setup {
            rules: Rules::default(),
            seats: [Seat::Human, Seat::Bot],
            level: Level::Advanced,
            seed: 21,
            auto_forced: false,
        };
        let mut s = Session::new(setup);
        // Play until the person is to move, then take one step of the play.
        while s.human_to_act().is_none() {
            s.auto_step();
        }
        let first = s.game().turn().unwrap().legal_steps()[0];
        s.apply(Action::Step { step: first }).unwrap();
        let path = temp("mid-turn.txt");
        save(&s, &path).unwrap();
        let mut back = load(&path).unwrap();
        // The record holds the game, not the clicks: the same position, mid-turn.
        assert_eq!(back.position(), s.position());
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("# acey game record"), "{text}");
        assert!(text.contains("Seats: human bot"), "{text}");
        assert!(text.contains("Dice: seed 21"), "{text}");
        assert!(matches!(back.game().phase(), Phase::Move { .. }));
        assert_eq!(back.game().turn().unwrap().steps(), &[first]);
        // Both go on the same way: same dice, same bot.
        for sess in [&mut s, &mut back] {
            while !sess.game_over() && sess.game().log().len() < 12 {
                if sess.auto_step().is_none() {
                    let best = sess.best_action().unwrap();
                    sess.apply(best).unwrap();
                }
            }
        }
        assert_eq!(back.game().log(), s.game().log());
        assert_eq!(back.position(), s.position());
        std::fs::remove_file(&path).ok();
    }

    #[test]
    fn noisy_levels_go_on_after_loading_as_if_the_game_had_never_stopped() {
        // The weaker levels make deliberate mistakes drawn from a seeded generator: a game saved
        // and loaded must make the same ones, also when saved in the middle of the bot's play.
        for level in [Level::Beginner, Level::Casual, Level::Intermediate] {
            let setup = Setup {
                rules: Rules::default(),
                seats: [Seat::Bot, Seat::Bot],
                level,
                seed: 8,
                auto_forced: false,
            };
            let run = |s: &mut Session, n: usize| {
                for _ in 0..n {
                    s.auto_step();
                }
            };
            let mut straight = Session::new(setup.clone());
            run(&mut straight, 260);
            let mut mid_play = false;
            for stop in [37, 101, 150, 151, 152] {
                let mut first = Session::new(setup.clone());
                run(&mut first, stop);
                mid_play |= first.game().turn().is_some_and(|t| !t.steps().is_empty());
                let path = temp(&format!("noise-{level}-{stop}.txt"));
                save(&first, &path).unwrap();
                let mut back = load(&path).unwrap();
                std::fs::remove_file(&path).ok();
                assert_eq!(back.noise_state(), first.noise_state(), "{level} at {stop}");
                run(&mut back, 260 - stop);
                assert_eq!(
                    back.game().log(),
                    straight.game().log(),
                    "{level}, saved after {stop} actions"
                );
                assert_eq!(back.position(), straight.position(), "{level} at {stop}");
                assert_eq!(back.dice().drawn(), straight.dice().drawn());
            }
            assert!(mid_play, "{level}: one save falls in the middle of a play");
        }
    }

    #[test]
    fn an_unfinished_game_is_kept_under_another_name_and_a_finished_one_is_not() {
        let dir = temp("keep-dir");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("last-game.txt");
        assert_eq!(keep_unfinished(&path).unwrap(), None, "nothing to keep");
        // An unfinished game: moved aside, intact.
        let mut s = Session::new(Setup {
            rules: Rules::default(),
            seats: [Seat::Bot, Seat::Bot],
            level: Level::Beginner,
            seed: 3,
            auto_forced: false,
        });
        for _ in 0..20 {
            s.auto_step();
        }
        save(&s, &path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let kept = keep_unfinished(&path).unwrap().expect("the game is kept");
        assert!(!path.exists());
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), text);
        let name = kept.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            name.starts_with("last-game-") && name.ends_with(".txt"),
            "{name}"
        );
        // A second one in the same second gets a name of its own.
        save(&s, &path).unwrap();
        let second = keep_unfinished(&path).unwrap().unwrap();
        assert_ne!(second, kept);
        assert!(kept.exists() && second.exists());
        // Something that is not a record is not destroyed either.
        std::fs::write(&path, "my notes").unwrap();
        let third = keep_unfinished(&path).unwrap().unwrap();
        assert_eq!(std::fs::read_to_string(&third).unwrap(), "my notes");
        // A finished game may be replaced: it stays where it is.
        while !s.game_over() {
            s.auto_step();
        }
        save(&s, &path).unwrap();
        assert_eq!(keep_unfinished(&path).unwrap(), None);
        assert!(path.exists());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn utc_stamps() {
        let at = |secs| utc_stamp(std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs));
        assert_eq!(at(0), "19700101-000000");
        // 2024-02-29 23:59:59 UTC, a leap day.
        assert_eq!(at(1_709_251_199), "20240229-235959");
        assert_eq!(at(1_709_251_200), "20240301-000000");
    }

    #[test]
    fn bad_files_are_refused_with_reasons() {
        let path = temp("bad.txt");
        std::fs::write(&path, "not json").unwrap();
        let e = load(&path).unwrap_err().to_string();
        assert!(e.contains("not a readable game record"), "{e}");
        std::fs::write(&path, "Rules: american\nSeats: human robot\n\ngame 1\n").unwrap();
        let e = format!("{:#}", load(&path).unwrap_err());
        assert!(e.contains("unknown seat 'robot'"), "{e}");
        assert!(load(&temp("missing.txt"))
            .unwrap_err()
            .to_string()
            .contains("cannot read"));
        std::fs::remove_file(&path).ok();
    }
}
