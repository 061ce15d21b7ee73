//! Saving a game and going on with it later, exactly where it stood (mid-turn included).
//!
//! A save is the game's action log (a game is a pure function of its rules and actions) plus what
//! the session needs around it: who sits where, the bot's level, the dice seed and how many dice
//! were drawn, so the dice after loading are the ones the game would have had.

use std::path::{Path, PathBuf};

use acey_ai::Level;
use acey_rules::{Action, Game, Rules};
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};

use super::session::{Seat, Session, Setup};

/// The first line's `format` value; bump it when the layout changes.
const FORMAT: &str = "acey-play-save 1";

/// What a save file holds.
#[derive(Debug, Serialize, Deserialize)]
struct SaveFile {
    format: String,
    /// The rules as `preset[,option=value...]` (parses back to the same rules).
    rules: String,
    /// `human` or `bot` for player 0 and player 1.
    seats: [String; 2],
    level: String,
    seed: u64,
    dice_drawn: u64,
    auto_forced: bool,
    actions: Vec<Action>,
    /// The game log in notation, for people reading the file (ignored when loading).
    #[serde(default)]
    notation: Vec<String>,
}

/// Where a game is saved when no `--save` is given: `$XDG_DATA_HOME/acey/last-game.json`, else
/// `~/.local/share/acey/last-game.json`, else the current directory.
pub fn default_path() -> PathBuf {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| PathBuf::from(h).join(".local").join("share"))
        });
    match base {
        Some(b) => b.join("acey").join("last-game.json"),
        None => PathBuf::from("acey-last-game.json"),
    }
}

fn seat_name(seat: Seat) -> String {
    match seat {
        Seat::Human => "human".to_string(),
        Seat::Bot => "bot".to_string(),
    }
}

fn parse_seat(s: &str) -> Result<Seat> {
    match s {
        "human" => Ok(Seat::Human),
        "bot" => Ok(Seat::Bot),
        other => bail!("unknown seat '{other}' (expected human or bot)"),
    }
}

/// Writes the session to `path` (creating its folder), atomically: a crash while writing leaves
/// the previous save in place.
pub fn save(session: &Session, path: &Path) -> Result<()> {
    let setup = session.setup();
    let file = SaveFile {
        format: FORMAT.to_string(),
        rules: setup.rules.to_string(),
        seats: [seat_name(setup.seats[0]), seat_name(setup.seats[1])],
        level: setup.level.to_string(),
        seed: session.dice().seed(),
        dice_drawn: session.dice().drawn(),
        auto_forced: setup.auto_forced,
        actions: session.game().actions().to_vec(),
        notation: session
            .game()
            .log()
            .iter()
            .map(|r| format!("game {} {}: {}", r.game, r.player, r.notation()))
            .collect(),
    };
    let text = serde_json::to_string_pretty(&file)?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the folder {}", dir.display()))?;
    }
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

/// Reads a save back into a session that goes on where the game stood.
pub fn load(path: &Path) -> Result<Session> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let file: SaveFile = serde_json::from_str(&text)
        .with_context(|| format!("{} is not an acey save file", path.display()))?;
    if file.format != FORMAT {
        bail!(
            "{}: unsupported save format '{}' (expected '{FORMAT}')",
            path.display(),
            file.format
        );
    }
    let rules: Rules = file
        .rules
        .parse()
        .map_err(|e| anyhow::anyhow!("{}: bad rules: {e}", path.display()))?;
    let level: Level = file
        .level
        .parse()
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let seats = [parse_seat(&file.seats[0])?, parse_seat(&file.seats[1])?];
    let game = Game::replay(rules, &file.actions).map_err(|(i, e)| {
        anyhow::anyhow!(
            "{}: action {} of the saved game is refused: {e}",
            path.display(),
            i + 1
        )
    })?;
    let setup = Setup {
        rules,
        seats,
        level,
        seed: file.seed,
        auto_forced: file.auto_forced,
    };
    Ok(Session::with_game(setup, game, file.dice_drawn))
}

#[cfg(test)]
mod tests {
    use super::*;
    use acey_rules::Phase;

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
        let path = temp("mid-turn.json");
        save(&s, &path).unwrap();
        let mut back = load(&path).unwrap();
        assert_eq!(back.game().actions(), s.game().actions());
        assert_eq!(back.position(), s.position());
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
        assert_eq!(back.game().actions(), s.game().actions());
        std::fs::remove_file(&path).ok();
    }

    #[test]
    fn bad_files_are_refused_with_reasons() {
        let path = temp("bad.json");
        std::fs::write(&path, "not json").unwrap();
        let e = load(&path).unwrap_err().to_string();
        assert!(e.contains("not an acey save file"), "{e}");
        assert!(load(&temp("missing.json"))
            .unwrap_err()
            .to_string()
            .contains("cannot read"));
        std::fs::remove_file(&path).ok();
    }
}
