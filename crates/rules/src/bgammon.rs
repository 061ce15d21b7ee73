//! bgammon.org `.match` replays read into a [`Record`] (acey-deucey and backgammon games).
//!
//! Two forms are read, told apart by their first line:
//!
//! * **REPLAY.md's form**: an index table of `bgammon-replay <offset>` lines (one per game, the
//!   byte offset of the game's first line, eight digits), then the games one after another.
//! * **What bgammon's server writes** for one game: the game's `i` line first, no index table,
//!   possibly no final newline.
//!
//! A game is its `i` line, `i [<timestamp>] <player1> <player2> <match length> <score1>
//! <score2> <winner> <cube> <variant>` (variant 0 backgammon, 1 acey-deucey; the field REPLAY.md
//! calls `<total>` is the match length and `<points>` the cube's value), then one event a line:
//!
//! | line | meaning |
//! |---|---|
//! | `1 r 5-3 13/8 24/21` | player 1 rolls 5-3 and moves; moves are separated by spaces or `, `, one die at a time in the order played |
//! | `2 r 4-4` | a roll with no legal move |
//! | `1 d 2 1`, `1 d 2 0` | player 1 doubles to 2; taken (1) or dropped (0) |
//! | `2 t` | player 2 resigns |
//!
//! Every point is in player 1's numbering (acey's absolute numbering: bgammon's player 1 is acey's
//! player 0). `bar/N` enters from the bar, `off/N` enters from off the board (acey's `start`;
//! player 2 enters on 1-6), `N/off` bears off. A 1-2 is written `2-1`; the double chosen after a
//! fully played 2-1 has no marker: it is the same player's next roll line, `r N-N`, followed by
//! that player's re-roll. The last line of a won game may stop once the last checker is off.
//!
//! Acey-deucey games are read under the `bgammon` preset, backgammon games under `backgammon`
//! (with `opening_roll=reroll-both` if a game's first roll is a double, which the backgammon
//! convention cannot start with). The file names no die-off: it is written as 2-1 for the player
//! who rolls first (backgammon: the first roll's dice, larger to the starter). A match from its
//! first game (scores 0-0, or the first game's own result when it ended by a resignation or a
//! drop, as the server writes it then) keeps its length as the match target; a single game cut
//! from the middle of a match is read as a game on its own, its score kept in the header
//! (`bgammon score`).
//!
//! ```
//! use acey_rules::{bgammon, Phase, Player};
//! let text = "i 1702738670 alice bob 1 0 0 1 1 1\n1 r 6-5 off/19, off/20\n2 t";
//! let record = bgammon::parse(text).unwrap();
//! let game = record.game().unwrap();
//! assert!(matches!(game.phase(), Phase::GameOver { winner: Player::Zero, .. }));
//! assert_eq!(record.header.players[1].as_deref(), Some("bob"));
//! ```

use std::fmt;

use crate::game::{Action, Game, GameEnd, GameError, Phase};
use crate::position::Player;
use crate::record::{DiceSource, Record, RecordHeader};
use crate::rules::{OpeningRoll, Preset};
use crate::step::{Dest, Source, Step};
use crate::turn_builder::TurnBuilder;

/// Why a `.match` file could not be read: the 1-based line and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BgammonError {
    /// The line (1-based) where the problem is.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for BgammonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for BgammonError {}

fn err<T>(line: usize, message: impl Into<String>) -> Result<T, BgammonError> {
    Err(BgammonError {
        line,
        message: message.into(),
    })
}

/// Whether `text` looks like a bgammon `.match` file (its first non-blank line is an index line
/// `bgammon-replay ...` or a game's `i` line) rather than an acey record.
pub fn looks_like_match(text: &str) -> bool {
    let first = text.lines().map(str::trim).find(|l| !l.is_empty());
    match first {
        Some(l) => {
            let mut words = l.split_whitespace();
            match words.next() {
                Some("bgammon-replay") => true,
                Some("i") => words.count() >= 8,
                _ => false,
            }
        }
        None => false,
    }
}

/// Reads a `.match` file (either form, see the module docs) into a record that replays under
/// the `bgammon` or `backgammon` preset. Errors name the line; never panics.
pub fn parse(text: &str) -> Result<Record, BgammonError> {
    let file = read_file(text)?;
    build(&file)
}

// ---------------------------------------------------------------------------------------------
// Reading the lines.

/// A point as bgammon writes it, in player 1's numbering.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum From {
    Point(u8),
    Bar,
    /// Off the board before entering (acey's `start`).
    Off,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum To {
    Point(u8),
    Off,
}

#[derive(Debug, Clone, Copy)]
struct Move {
    from: From,
    to: To,
}

impl Move {
    fn source(self, mover: Player) -> Source {
        match self.from {
            From::Point(p) => Source::Point(relative(p, mover)),
            From::Bar => Source::Bar,
            From::Off => Source::Start,
        }
    }

    fn dest(self, mover: Player) -> Dest {
        match self.to {
            To::Point(p) => Dest::Point(relative(p, mover)),
            To::Off => Dest::Off,
        }
    }
}

/// Player 1's point `p` (acey's absolute numbering) from `mover`'s side, and back.
fn relative(p: u8, mover: Player) -> u8 {
    match mover {
        Player::Zero => p,
        Player::One => 25 - p,
    }
}

#[derive(Debug)]
enum Event {
    Roll {
        player: Player,
        dice: [u8; 2],
        moves: Vec<Move>,
    },
    Double {
        player: Player,
        value: u32,
        taken: bool,
    },
    Resign {
        player: Player,
    },
}

#[derive(Debug)]
struct Info {
    line: usize,
    offset: usize,
    timestamp: Option<i64>,
    names: [String; 2],
    match_length: u32,
    scores: [u32; 2],
    winner: u8,
    variant: u8,
}

#[derive(Debug)]
struct GameText {
    info: Info,
    events: Vec<(usize, Event)>,
}

struct MatchFile {
    games: Vec<GameText>,
}

fn read_file(text: &str) -> Result<MatchFile, BgammonError> {
    let mut index: Vec<(usize, usize)> = Vec::new();
    let mut games: Vec<GameText> = Vec::new();
    let mut offset = 0usize;
    let mut last_line = 1;
    for (n, raw) in text.split('\n').enumerate() {
        let line_no = n + 1;
        let start = offset;
        offset += raw.len() + 1;
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        last_line = line_no;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[0] {
            "bgammon-replay" => {
                if !games.is_empty() {
                    return err(
                        line_no,
                        "an index line `bgammon-replay` after the first game: the index table comes first",
                    );
                }
                let value = match words.as_slice() {
                    [_, v] if v.len() == 8 && v.bytes().all(|b| b.is_ascii_digit()) => v
                        .parse::<usize>()
                        .map_err(|_| BgammonError {
                            line: line_no,
                            message: format!("'{v}' is not a byte offset"),
                        })?,
                    _ => {
                        return err(
                            line_no,
                            "an index line is `bgammon-replay` and an eight-digit byte offset, e.g. `bgammon-replay 00000024`",
                        )
                    }
                };
                index.push((line_no, value));
            }
            "i" => {
                let info = read_info(&words, line_no, start)?;
                games.push(GameText {
                    info,
                    events: Vec::new(),
                });
            }
            "1" | "2" => {
                let Some(game) = games.last_mut() else {
                    return err(line_no, "an event before the game's `i` line");
                };
                // The server separates moves by ", " as well as by spaces.
                let spaced = line.replace(',', " ");
                let words: Vec<&str> = spaced.split_whitespace().collect();
                game.events.push((line_no, read_event(&words, line_no)?));
            }
            other => {
                return err(
                    line_no,
                    format!(
                        "'{other}' does not start a .match line (`bgammon-replay`, `i`, or a player 1 or 2)"
                    ),
                )
            }
        }
    }
    if games.is_empty() {
        return err(
            last_line,
            "no game: a .match file holds at least one game's `i` line",
        );
    }
    if !index.is_empty() {
        if index.len() != games.len() {
            return err(
                index[0].0,
                format!(
                    "the index table lists {} game(s) but the file holds {} (truncated?)",
                    index.len(),
                    games.len()
                ),
            );
        }
        for ((line, at), game) in index.iter().zip(&games) {
            if *at != game.info.offset {
                return err(
                    *line,
                    format!(
                        "the index says a game starts at byte {at}, but its `i` line (line {}) starts at byte {}",
                        game.info.line, game.info.offset
                    ),
                );
            }
        }
    }
    Ok(MatchFile { games })
}

fn number<T: std::str::FromStr>(word: &str, what: &str, line: usize) -> Result<T, BgammonError> {
    word.parse::<T>().map_err(|_| BgammonError {
        line,
        message: format!("'{word}' is not {what}"),
    })
}

fn read_info(words: &[&str], line: usize, offset: usize) -> Result<Info, BgammonError> {
    // REPLAY.md: i <timestamp> <player1> <player2> <total> <score1> <score2> <winner> <points>
    // <variant>; its older form has no timestamp.
    let (timestamp, rest) = match words.len() {
        10 => (
            Some(number::<i64>(words[1], "a timestamp", line)?),
            &words[2..],
        ),
        9 => (None, &words[1..]),
        n => {
            return err(
                line,
                format!(
                    "an `i` line has 9 fields after the `i` (timestamp, players, match length, scores, winner, cube, variant), found {}",
                    n - 1
                ),
            )
        }
    };
    let match_length = number::<u32>(rest[2], "a match length", line)?;
    let scores = [
        number::<u32>(rest[3], "a score", line)?,
        number::<u32>(rest[4], "a score", line)?,
    ];
    let winner = number::<u8>(rest[5], "a winner (0, 1 or 2)", line)?;
    if winner > 2 {
        return err(line, format!("the winner is 0, 1 or 2, not {winner}"));
    }
    // The cube's value (REPLAY.md's <points>) is checked for form only: the moves decide.
    number::<u32>(rest[6], "a cube value", line)?;
    let variant = number::<u8>(rest[7], "a variant (0 backgammon, 1 acey-deucey)", line)?;
    match variant {
        0 | 1 => {}
        2 => {
            return err(
                line,
                "tabula games (variant 2) cannot be read: acey plays acey-deucey and backgammon",
            )
        }
        v => {
            return err(
                line,
                format!("unknown variant {v}: 0 is backgammon, 1 acey-deucey"),
            )
        }
    }
    Ok(Info {
        line,
        offset,
        timestamp,
        names: [rest[0].to_string(), rest[1].to_string()],
        match_length,
        scores,
        winner,
        variant,
    })
}

fn read_event(words: &[&str], line: usize) -> Result<Event, BgammonError> {
    let player = if words[0] == "1" {
        Player::Zero
    } else {
        Player::One
    };
    match words.get(1).copied() {
        Some("r") => {
            let Some(dice_word) = words.get(2) else {
                return err(
                    line,
                    "a roll line needs its dice, e.g. `1 r 5-3 13/8 24/21`",
                );
            };
            let dice = read_dice(dice_word, line)?;
            let moves = words[3..]
                .iter()
                .map(|w| read_move(w, line))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Event::Roll {
                player,
                dice,
                moves,
            })
        }
        Some("d") => match words {
            [_, _, v, r] => {
                let value = number::<u32>(v, "a cube value", line)?;
                let taken = match *r {
                    "1" => true,
                    "0" => false,
                    other => {
                        return err(
                            line,
                            format!("a double is taken (1) or dropped (0), not '{other}'"),
                        )
                    }
                };
                Ok(Event::Double {
                    player,
                    value,
                    taken,
                })
            }
            _ => err(
                line,
                "a double line is `P d VALUE 1` (taken) or `P d VALUE 0` (dropped)",
            ),
        },
        Some("t") if words.len() == 2 => Ok(Event::Resign { player }),
        Some("t") => err(line, "a resignation line is `P t` and nothing more"),
        Some(other) => err(
            line,
            format!("unknown event '{other}': r (roll), d (double) or t (resignation)"),
        ),
        None => err(line, "a player number with no event (r, d or t)"),
    }
}

fn read_dice(word: &str, line: usize) -> Result<[u8; 2], BgammonError> {
    let parts: Vec<&str> = word.split('-').collect();
    if parts.len() == 3 {
        return err(
            line,
            format!("'{word}': three dice are tabula's, which acey does not play"),
        );
    }
    let die = |s: &str| match s.parse::<u8>() {
        Ok(d) if (1..=6).contains(&d) => Ok(d),
        _ => err(
            line,
            format!("'{word}' is not a roll: write two dice 1-6, e.g. 5-3"),
        ),
    };
    match parts.as_slice() {
        [a, b] => Ok([die(a)?, die(b)?]),
        _ => err(
            line,
            format!("'{word}' is not a roll: write two dice 1-6, e.g. 5-3"),
        ),
    }
}

fn read_move(word: &str, line: usize) -> Result<Move, BgammonError> {
    let bad = || {
        err(
            line,
            format!("'{word}' is not a move: write from/to, e.g. 13/8, bar/22, off/20, 3/off"),
        )
    };
    let plain = word.trim_end_matches('*').to_ascii_lowercase();
    let Some((a, b)) = plain.split_once('/') else {
        return bad();
    };
    let point = |s: &str| match s.parse::<u8>() {
        Ok(p) if (1..=24).contains(&p) => Some(p),
        _ => None,
    };
    let from = match a {
        "bar" => From::Bar,
        "off" => From::Off,
        _ => match point(a) {
            Some(p) => From::Point(p),
            None => return bad(),
        },
    };
    let to = match b.trim_end_matches('*') {
        "off" => To::Off,
        s => match point(s) {
            Some(p) => To::Point(p),
            None => return bad(),
        },
    };
    Ok(Move { from, to })
}

// ---------------------------------------------------------------------------------------------
// Replaying the events as acey actions.

fn player_name(p: Player) -> &'static str {
    match p {
        Player::Zero => "player 1",
        Player::One => "player 2",
    }
}

/// A step written as bgammon writes it (player 1's numbering).
fn bgammon_step(step: &Step, mover: Player) -> String {
    let from = match step.from {
        Source::Point(p) => relative(p, mover).to_string(),
        Source::Bar => "bar".to_string(),
        Source::Start => "off".to_string(),
    };
    let to = match step.to {
        Dest::Point(p) => relative(p, mover).to_string(),
        Dest::Off => "off".to_string(),
    };
    format!("{from}/{to}")
}

struct Builder {
    game: Game,
    actions: Vec<Action>,
}

impl Builder {
    fn act(&mut self, action: Action, line: usize) -> Result<(), BgammonError> {
        self.game
            .apply(action)
            .map_err(|e: GameError| BgammonError {
                line,
                message: e.to_string(),
            })?;
        if let Some(a) = self.game.actions().last() {
            self.actions.push(a.clone());
        }
        Ok(())
    }

    /// The die-off the file does not write, so that `player` starts; under
    /// `use-die-off-dice` the die-off dice are the first roll's.
    fn die_off(
        &mut self,
        player: Player,
        roll: Option<[u8; 2]>,
        line: usize,
    ) -> Result<bool, BgammonError> {
        let rules = *self.game.rules();
        match (rules.opening_roll, roll) {
            (OpeningRoll::UseDieOffDice, Some([a, b])) => {
                let (hi, lo) = (a.max(b), a.min(b));
                let dice = match player {
                    Player::Zero => [hi, lo],
                    Player::One => [lo, hi],
                };
                self.act(Action::DieOff { dice }, line)?;
                Ok(true)
            }
            (OpeningRoll::UseDieOffDice, None) => err(
                line,
                format!(
                    "{} acts before the opening roll, which backgammon plays from the die-off",
                    player_name(player)
                ),
            ),
            (OpeningRoll::RerollBoth, _) => {
                let dice = match player {
                    Player::Zero => [2, 1],
                    Player::One => [1, 2],
                };
                self.act(Action::DieOff { dice }, line)?;
                Ok(false)
            }
        }
    }

    fn event(&mut self, event: &Event, line: usize) -> Result<(), BgammonError> {
        match event {
            Event::Roll {
                player,
                dice,
                moves,
            } => self.roll(*player, *dice, moves, line),
            Event::Double {
                player,
                value,
                taken,
            } => {
                if matches!(self.game.phase(), Phase::DieOff) {
                    self.die_off(*player, None, line)?;
                }
                match self.game.phase() {
                    Phase::Roll { player: p } if p == player => {}
                    _ => {
                        return err(
                            line,
                            format!(
                                "{} cannot double here: {}",
                                player_name(*player),
                                self.waiting()
                            ),
                        )
                    }
                }
                let cube = self.game.cube().value;
                if *value != cube * 2 {
                    return err(
                        line,
                        format!(
                            "the cube is at {cube}: a double makes it {}, not {value}",
                            cube * 2
                        ),
                    );
                }
                self.act(Action::Double, line)?;
                self.act(if *taken { Action::Take } else { Action::Drop }, line)
            }
            Event::Resign { player } => self.act(Action::Resign { player: *player }, line),
        }
    }

    fn waiting(&self) -> String {
        match self.game.phase() {
            Phase::DieOff => "the game has not started".to_string(),
            Phase::Roll { player } => format!("{} is to roll", player_name(*player)),
            Phase::CubeOffered { by } => {
                format!("{} is to take or drop the cube", player_name(by.other()))
            }
            Phase::Move { player, .. } => format!("{} is to move", player_name(*player)),
            Phase::NameDouble { player } => format!(
                "{} played a 2-1 in full and rolls the chosen double next",
                player_name(*player)
            ),
            Phase::GameOver { .. } => "the game is over".to_string(),
        }
    }

    fn roll(
        &mut self,
        player: Player,
        dice: [u8; 2],
        moves: &[Move],
        line: usize,
    ) -> Result<(), BgammonError> {
        let [a, b] = dice;
        match self.game.phase().clone() {
            Phase::DieOff => {
                if !self.die_off(player, Some(dice), line)? {
                    self.act(Action::Roll { dice }, line)?;
                }
            }
            Phase::NameDouble { player: p } => {
                if p != player || a != b {
                    return err(
                        line,
                        format!(
                            "{} played a 2-1 in full: the next line is {}'s chosen double (N-N), not {} {a}-{b}",
                            player_name(p),
                            player_name(p),
                            player_name(player)
                        ),
                    );
                }
                self.act(Action::NameDouble { value: a }, line)?;
            }
            Phase::Roll { player: p } if p == player => self.act(Action::Roll { dice }, line)?,
            _ => {
                return err(
                    line,
                    format!("{} cannot roll: {}", player_name(player), self.waiting()),
                )
            }
        }
        let turn = match self.game.phase() {
            Phase::Move { .. } => self.game.turn().cloned(),
            _ => None,
        };
        let Some(turn) = turn else {
            if moves.is_empty() {
                return Ok(());
            }
            return err(
                line,
                format!(
                    "{} has no legal move with {a}-{b}, but moves are written",
                    player_name(player)
                ),
            );
        };
        match find_play(&turn, moves, player) {
            Some(steps) => self.act(Action::Play { steps }, line),
            None => {
                let written: Vec<String> = moves
                    .iter()
                    .map(|m| {
                        let from = match m.from {
                            From::Point(p) => p.to_string(),
                            From::Bar => "bar".to_string(),
                            From::Off => "off".to_string(),
                        };
                        let to = match m.to {
                            To::Point(p) => p.to_string(),
                            To::Off => "off".to_string(),
                        };
                        format!("{from}/{to}")
                    })
                    .collect();
                let legal: Vec<String> = turn
                    .plays()
                    .iter()
                    .take(8)
                    .map(|p| {
                        p.steps()
                            .iter()
                            .map(|s| bgammon_step(s, player))
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect();
                err(
                    line,
                    format!(
                        "'{}' is not a legal play of {a}-{b} for {}; legal plays include: {}{}",
                        if written.is_empty() {
                            "-".to_string()
                        } else {
                            written.join(" ")
                        },
                        player_name(player),
                        legal.join(" | "),
                        if turn.plays().len() > 8 { " | ..." } else { "" }
                    ),
                )
            }
        }
    }
}

/// The steps of `turn` that the written moves describe, each move one die or several dice of
/// one checker, the play complete at the end.
fn find_play(turn: &TurnBuilder, moves: &[Move], mover: Player) -> Option<Vec<Step>> {
    let mut work = turn.clone();
    if walk(&mut work, moves, 0, None, mover) {
        Some(work.steps().to_vec())
    } else {
        None
    }
}

fn walk(
    work: &mut TurnBuilder,
    moves: &[Move],
    i: usize,
    at: Option<Source>,
    mover: Player,
) -> bool {
    let Some(m) = moves.get(i) else {
        return work.is_complete();
    };
    let from = at.unwrap_or_else(|| m.source(mover));
    let to = m.dest(mover);
    for step in work.legal_steps().to_vec() {
        if step.from != from {
            continue;
        }
        // The move ends here, or the same checker goes on towards its destination.
        let next = if step.to == to {
            Some(None)
        } else {
            match (step.to, to) {
                (Dest::Point(p), Dest::Point(t)) if p > t => Some(Some(Source::Point(p))),
                (Dest::Point(p), Dest::Off) => Some(Some(Source::Point(p))),
                _ => None,
            }
        };
        let Some(next_at) = next else { continue };
        if work.step(step).is_err() {
            continue;
        }
        let next_i = if next_at.is_none() { i + 1 } else { i };
        if walk(work, moves, next_i, next_at, mover) {
            return true;
        }
        work.undo();
    }
    false
}

fn build(file: &MatchFile) -> Result<Record, BgammonError> {
    let first = &file.games[0].info;
    for g in &file.games[1..] {
        if g.info.variant != first.variant {
            return err(
                g.info.line,
                "a match mixes backgammon and acey-deucey games",
            );
        }
    }
    let mut rules = if first.variant == 0 {
        Preset::Backgammon.rules()
    } else {
        Preset::Bgammon.rules()
    };
    if rules.opening_roll == OpeningRoll::UseDieOffDice {
        // The backgammon opening is played from the die-off, which is never a double.
        let double_first = file.games.iter().any(|g| {
            g.events.iter().find_map(|(_, e)| match e {
                Event::Roll { dice, .. } => Some(dice[0] == dice[1]),
                _ => None,
            }) == Some(true)
        });
        if double_first {
            rules.opening_roll = OpeningRoll::RerollBoth;
        }
    }
    let mut from_start = first.scores == [0, 0];
    if !from_start && first.match_length > 1 {
        // The server writes the score after a game that ended by a resignation or a drop: the
        // first game of a match may then show its own result.
        let mut single = Builder {
            game: Game::new(rules),
            actions: Vec::new(),
        };
        let replayed = file.games[0]
            .events
            .iter()
            .try_for_each(|(line, e)| single.event(e, *line));
        if let (
            Ok(()),
            Phase::GameOver {
                winner,
                points,
                how: GameEnd::Resigned | GameEnd::Dropped,
            },
        ) = (replayed, single.game.phase())
        {
            let mut after = [0, 0];
            after[winner.index()] = *points;
            from_start = first.scores == after;
        }
    }
    if first.match_length > 1 && from_start {
        rules.match_target = Some(first.match_length);
    }
    let mut b = Builder {
        game: Game::new(rules),
        actions: Vec::new(),
    };
    for (k, g) in file.games.iter().enumerate() {
        if k > 0 {
            if !matches!(b.game.phase(), Phase::GameOver { .. }) {
                return err(
                    g.info.line,
                    format!(
                        "game {k} ends without a result before game {} starts",
                        k + 1
                    ),
                );
            }
            b.act(Action::NextGame, g.info.line)?;
        }
        for (line, event) in &g.events {
            b.event(event, *line)?;
        }
        let end = g.events.last().map_or(g.info.line, |(l, _)| *l);
        match b.game.phase() {
            Phase::GameOver { winner, .. } => {
                let named = g.info.winner;
                if named != 0 && named != winner.index() as u8 + 1 {
                    return err(
                        g.info.line,
                        format!(
                            "the `i` line names player {named} as the winner, but {} won",
                            player_name(*winner)
                        ),
                    );
                }
            }
            _ if g.info.winner != 0 => {
                return err(
                    end,
                    format!(
                        "the game stops here unfinished, but its `i` line names player {} as the winner (truncated?)",
                        g.info.winner
                    ),
                );
            }
            // An unfinished game: the last one may be (the next `i` line is refused above).
            _ => {}
        }
    }
    let mut extra = vec![("Source".to_string(), "bgammon.org replay".to_string())];
    if !from_start {
        extra.push((
            "bgammon score".to_string(),
            format!(
                "{}-{} in its `i` line (before the game, or after it when it ended by a resignation or a drop), match to {}",
                first.scores[0], first.scores[1], first.match_length
            ),
        ));
    }
    let header = RecordHeader {
        players: [Some(first.names[0].clone()), Some(first.names[1].clone())],
        dice: Some(DiceSource::Described("bgammon.org".to_string())),
        date: first.timestamp.map(utc),
        extra,
    };
    Ok(Record {
        header,
        rules,
        setup: None,
        actions: b.actions,
    })
}

/// A Unix time as `YYYY-MM-DD HH:MM:SS UTC` (the proleptic Gregorian calendar).
fn utc(ts: i64) -> String {
    let t = crate::CivilTime::from_unix(ts);
    format!(
        "{} {:02}:{:02}:{:02} UTC",
        t.date(),
        t.hour,
        t.minute,
        t.second
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_dates() {
        assert_eq!(utc(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc(1_702_738_670), "2023-12-16 14:57:50 UTC");
        assert_eq!(utc(951_782_400), "2000-02-29 00:00:00 UTC");
    }

    #[test]
    fn detection() {
        assert!(looks_like_match(
            "bgammon-replay 00000024\ni 1 a b 1 0 0 1 1 0\n"
        ));
        assert!(looks_like_match("\ni 1702738670 a b 1 0 0 1 1 1"));
        assert!(!looks_like_match("# acey game record\nRules: american\n"));
        assert!(!looks_like_match("i am not a replay"));
    }
}
