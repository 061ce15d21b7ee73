//! Jellyfish `.mat` match text for backgammon games: what GNU Backgammon, XG and BGBlitz import
//! (`import mat` in gnubg), so backgammon players can check acey's analysis against theirs.
//!
//! ```text
//!  5 point match
//!
//!  Game 1
//!  alice : 0                      bob : 0
//!   1) 41: 6/2 6/5                 21: 24/22 8/7
//!   2) 62: 13/11 8/2               54: 8/3 8/4
//!   3) 62: 13/7 5/3                 Doubles => 2
//!   4)  Takes                      53: 25/22 13/8
//! ```
//!
//! Player 0 is the left column, player 1 the right; each side's moves are written from its own
//! side (both start with checkers on 24, 13, 8 and 6), one step at a time, `25` for the bar, `0`
//! for off, `*` after a hit. Dice are written larger first. A game ends with `Wins N point(s)` in
//! the winner's column: after the last checker is off, a drop (` Drops`) or a resignation. The
//! match length is `match_target` (`0 point match` for games without one).
//!
//! ```
//! use acey_rules::{jellyfish, Action, Game, Preset};
//! let mut game = Game::new(Preset::Backgammon.rules());
//! game.apply(Action::DieOff { dice: [3, 1] }).unwrap();
//! let play = game.legal_plays()[0].steps().to_vec();
//! game.apply(Action::Play { steps: play }).unwrap();
//! let text = jellyfish::to_mat(&game, ["alice", "bob"]).unwrap();
//! assert!(text.starts_with(" 0 point match\n\n Game 1\n alice : 0"));
//! assert!(text.contains("  1) 31: "));
//! ```

use std::fmt;

use crate::game::{Action, Game, Phase};
use crate::position::{Player, Position};
use crate::record::{Record, RecordHeader};
use crate::rules::Layout;
use crate::step::{Dest, Source, Step};

/// Why a game cannot be written as Jellyfish text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JellyfishError(pub String);

impl fmt::Display for JellyfishError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for JellyfishError {}

/// Width of the left column's text (after the move number) and where the right column starts.
const LEFT: usize = 27;
const RIGHT_AT: usize = 33;

/// The game (or match) as Jellyfish `.mat` text, `names` for player 0 (left) and player 1. Only
/// backgammon games can be written: the backgammon layout, no acey-deucey, from the usual
/// starting position.
pub fn to_mat(game: &Game, names: [&str; 2]) -> Result<String, JellyfishError> {
    let rules = *game.rules();
    if rules.layout != Layout::Backgammon || rules.acey_deucey {
        return Err(JellyfishError(format!(
            "a Jellyfish .mat file holds backgammon games only, not {rules} (use a backgammon rule set)"
        )));
    }
    if let Some(setup) = game.setup() {
        if setup.with_turn(Player::Zero) != Position::starting(&rules) {
            return Err(JellyfishError(
                "a Jellyfish .mat file starts from the usual position: this game was set up"
                    .to_string(),
            ));
        }
    }
    // The game as a record holds it: undone steps gone, every finished pool one play.
    let actions = Record::from_game(game, RecordHeader::default()).actions;
    let mut shadow = match game.setup() {
        Some(pos) => Game::from_position(rules, *pos).map_err(|e| JellyfishError(e.to_string()))?,
        None => Game::new(rules),
    };
    let mut w = Writer {
        out: format!(" {} point match\n\n", rules.match_target.unwrap_or(0)),
        row: 0,
        open: false,
    };
    w.game_header(&shadow, names);
    let mut dice: Option<[u8; 2]> = None;
    for action in &actions {
        let phase = shadow.phase().clone();
        let cube = shadow.cube().value;
        shadow
            .apply(action.clone())
            .map_err(|e| JellyfishError(format!("the game does not replay: {e}")))?;
        match (action, &phase) {
            (Action::DieOff { .. }, _) | (Action::Roll { .. }, _) => {
                // The opening roll under use-die-off-dice is the die-off's dice.
                if let Some(turn) = shadow.turn() {
                    let d = turn.pool().dice().to_vec();
                    dice = Some([d[0], d[1]]);
                } else if let (Action::Roll { dice: d }, Phase::Roll { player }) = (action, &phase)
                {
                    // No legal move: the roll alone.
                    w.entry(*player, &format!("{}:", roll(*d)));
                }
            }
            (Action::Play { steps }, Phase::Move { player, .. }) => {
                let d = dice.take().unwrap_or([0, 0]);
                let moves: Vec<String> = steps.iter().map(step).collect();
                w.entry(*player, &format!("{}: {}", roll(d), moves.join(" ")));
            }
            (Action::Step { .. }, _) => {
                // An unfinished play at the end of the record: nothing is written for it.
            }
            (Action::Double, Phase::Roll { player }) => {
                w.entry(*player, &format!(" Doubles => {}", cube * 2));
            }
            (Action::Take, Phase::CubeOffered { by }) => w.entry(by.other(), " Takes"),
            (Action::Drop, Phase::CubeOffered { by }) => w.entry(by.other(), " Drops"),
            (Action::NextGame, _) => {
                // The `Wins` line ended the previous game with a blank line.
                w.close();
                w.game_header(&shadow, names);
            }
            _ => {}
        }
        if let (Phase::GameOver { winner, points, .. }, false) =
            (shadow.phase(), matches!(phase, Phase::GameOver { .. }))
        {
            w.wins(*winner, *points);
        }
    }
    w.close();
    Ok(w.out)
}

fn roll(d: [u8; 2]) -> String {
    format!("{}{}", d[0].max(d[1]), d[0].min(d[1]))
}

fn step(s: &Step) -> String {
    let from = match s.from {
        Source::Point(p) => p,
        // The backgammon layout has no `start`; both would be 25.
        Source::Bar | Source::Start => 25,
    };
    let to = match s.to {
        Dest::Point(p) => p,
        Dest::Off => 0,
    };
    format!("{from}/{to}{}", if s.hit { "*" } else { "" })
}

struct Writer {
    out: String,
    /// The move number of the current line.
    row: usize,
    /// Whether the current line has its left entry and waits for the right one.
    open: bool,
}

impl Writer {
    fn game_header(&mut self, game: &Game, names: [&str; 2]) {
        let score = game.score();
        let left = format!("{} : {}", names[0], score[0]);
        self.out.push_str(&format!(
            " Game {}\n {left:<31}{} : {}\n",
            game.game_number(),
            names[1],
            score[1]
        ));
        self.row = 0;
        self.open = false;
    }

    /// One entry in `player`'s column, starting a new numbered line where needed.
    fn entry(&mut self, player: Player, text: &str) {
        match player {
            Player::Zero => {
                self.close();
                self.row += 1;
                self.out
                    .push_str(&format!("{:>3}) {:<LEFT$} ", self.row, text));
                self.open = true;
            }
            Player::One => {
                if !self.open {
                    self.row += 1;
                    self.out
                        .push_str(&format!("{:>3}) {:<LEFT$} ", self.row, ""));
                }
                self.out.push_str(text.trim_end());
                self.out.push('\n');
                self.open = false;
            }
        }
    }

    /// Ends the current line if it has only its left entry.
    fn close(&mut self) {
        if self.open {
            // The left entry was padded to the right column: drop the padding.
            let trimmed = self.out.trim_end_matches(' ').len();
            self.out.truncate(trimmed);
            self.out.push('\n');
            self.open = false;
        }
    }

    /// `Wins N point(s)` in the winner's column, then a blank line.
    fn wins(&mut self, winner: Player, points: u32) {
        let text = format!("Wins {points} point{}", if points == 1 { "" } else { "s" });
        match winner {
            Player::Zero => {
                self.close();
                self.out.push_str(&format!("      {text}\n"));
            }
            Player::One => {
                if self.open {
                    let trimmed = self.out.trim_end_matches(' ').len();
                    self.out.truncate(trimmed);
                    let col = self.out.len() - self.out.rfind('\n').map_or(0, |i| i + 1);
                    let pad = (RIGHT_AT + 1).saturating_sub(col).max(1);
                    self.out.push_str(&" ".repeat(pad));
                    self.out.push_str(&text);
                    self.out.push('\n');
                    self.open = false;
                } else {
                    self.out
                        .push_str(&format!("{}{text}\n", " ".repeat(RIGHT_AT + 1)));
                }
            }
        }
        self.out.push('\n');
    }
}
