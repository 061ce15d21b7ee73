//! A finished game frame by frame, as the replay viewer draws it: the server's
//! `/api/games/{id}/replay`, and the browser's engine for a game played on the device.

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
