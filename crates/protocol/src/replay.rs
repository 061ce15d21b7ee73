//! A finished game frame by frame, as the replay viewer draws it: the server's
//! `/api/games/{id}/replay`, and the browser's engine for a game played on the device; and the
//! header lines both write into a game's record.

use acey_rules::{Action, Game};
use serde::{Deserialize, Serialize};

use crate::game::{GameInfo, LogEntry, View};

/// A game frame by frame, with its move log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Replay {
    /// The game's description.
    pub game: GameInfo,
    /// The state before the first action, then after each.
    pub frames: Vec<Frame>,
    /// The move log.
    pub log: Vec<LogEntry>,
}

/// The header lines of a game's record (docs/notation.md) beyond names, dice and date, as the
/// server and the browser's engine write them: `Game: ID`, and `Takebacks: N` when plays were
/// taken back.
pub fn record_lines(game: &str, takebacks: u32) -> Vec<(String, String)> {
    let mut lines = vec![("Game".to_string(), game.to_string())];
    if takebacks > 0 {
        lines.push(("Takebacks".to_string(), takebacks.to_string()));
    }
    lines
}

/// The name a record gives the computer's seat: `acey bot (LEVEL)`.
pub fn bot_name(level: &str) -> String {
    format!("acey bot ({level})")
}

/// The level named by a record's name for the computer's seat ([`bot_name`]), if it is one.
pub fn bot_level(name: &str) -> Option<&str> {
    name.strip_prefix("acey bot (")?.strip_suffix(')')
}

/// One state of a replay.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Frame {
    /// The action that led here (none for the first frame).
    pub action: Option<Action>,
    /// The state after it.
    pub view: View,
}

impl Replay {
    /// The replay of `game`, described by `info`: a frame for every action, the steps and undos
    /// of a person's play included, so that the viewer shows exactly what happened.
    pub fn of(info: GameInfo, game: &Game) -> Replay {
        let mut g = Game::new(*game.rules());
        let mut frames = vec![Frame {
            action: None,
            view: View::of(&g),
        }];
        for a in game.actions() {
            // Every action of `game` was accepted by the same rules from the same start.
            if g.apply(a.clone()).is_err() {
                break;
            }
            frames.push(Frame {
                action: Some(a.clone()),
                view: View::of(&g),
            });
        }
        Replay {
            game: info,
            frames,
            log: game.log().iter().map(LogEntry::from).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bots_name_in_a_record_gives_its_level_back() {
        assert_eq!(bot_level(&bot_name("expert")), Some("expert"));
        assert_eq!(bot_level("player 0"), None);
        assert_eq!(bot_level("acey bot (expert"), None);
        assert_eq!(record_lines("g", 0).len(), 1);
        assert_eq!(record_lines("g", 2)[1], ("Takebacks".into(), "2".into()));
    }
}
