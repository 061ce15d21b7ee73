//! Plain-text game records (docs/notation.md, "Plain-text game records"): a header, then one line per roll.
//!
//! ```text
//! # acey game record
//! Player 0: Alice
//! Player 1: acey strong
//! Rules: american
//! Match: none
//! Dice: seed 7
//! Result: unfinished
//!
//! game 1
//! die-off 5-2
//! 0 1-2: in/24 in/23, 6-6 chosen: in/19(4)
//! 0 5-3: in/22 ...
//! ```
//!
//! The record holds the game, not the clicks that made it: steps that were taken back are gone and
//! a play built step by step is written like a play made at once. Everything else replays exactly:
//! [`Record::actions`] are the actions [`Record::parse`] read, and [`Record::game`] replays them.
//! An unfinished turn is a final line ending in `...`: its steps come back as
//! [`Action::Step`]s, so the game continues mid-turn. The format is specified, with examples, in
//! `docs/notation.md`.
//!
//! ```
//! use acey_rules::{Action, Game, Record, RecordHeader, Rules};
//! let mut game = Game::new(Rules::default());
//! game.apply(Action::DieOff { dice: [5, 2] }).unwrap();
//! game.apply(Action::Roll { dice: [6, 5] }).unwrap();
//! let text = Record::from_game(&game, RecordHeader::default()).to_string();
//! assert!(text.contains("\n0 6-5: ...\n"));
//! let back: Record = text.parse().unwrap();
//! assert_eq!(back.game().unwrap().position(), game.position());
//! ```

use std::fmt;
use std::str::FromStr;

use crate::game::{Action, Game, GameEnd, Phase, PlayRecord, PoolKind};
use crate::notation::find_steps;
use crate::position::{Player, Position};
use crate::rules::Rules;
use crate::step::{Dest, Source, Step};
use crate::turn_builder::TurnBuilder;

/// Where the dice of a recorded game came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiceSource {
    /// [`crate::SeededRng`] with this seed: `seed 42`.
    Seed(u64),
    /// Anything else, in words: `physical dice`, `server`.
    Described(String),
}

impl fmt::Display for DiceSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiceSource::Seed(s) => write!(f, "seed {s}"),
            DiceSource::Described(d) => f.write_str(d),
        }
    }
}

impl DiceSource {
    fn read(text: &str) -> DiceSource {
        let seed = text
            .strip_prefix("seed ")
            .and_then(|s| s.trim().parse::<u64>().ok());
        match seed {
            Some(s) => DiceSource::Seed(s),
            None => DiceSource::Described(text.to_string()),
        }
    }
}

/// What a record says about a game that the game itself does not know.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RecordHeader {
    /// The players' names, `[player 0, player 1]`.
    pub players: [Option<String>; 2],
    /// Where the dice came from.
    pub dice: Option<DiceSource>,
    /// When the game was played, as free text.
    pub date: Option<String>,
    /// Other header lines (`Event: club night`), kept in order.
    pub extra: Vec<(String, String)>,
}

/// A game record: header, rules, optional set-up position and the game's actions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// Names, dice source, date and other header lines.
    pub header: RecordHeader,
    /// The rules (the `Rules:` line; `Match:` sets or checks the match target).
    pub rules: Rules,
    /// The set-up position of a game made with [`Game::from_position`] (`Setup:` line).
    pub setup: Option<Position>,
    /// The actions, as the text describes them: one [`Action::Play`] per finished pool and
    /// [`Action::Step`]s for the unfinished one.
    pub actions: Vec<Action>,
}

/// Why a record could not be read, with the 1-based line it concerns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    /// The line (1-based) where the problem is.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for RecordError {}

fn err<T>(line: usize, message: impl Into<String>) -> Result<T, RecordError> {
    Err(RecordError {
        line,
        message: message.into(),
    })
}

impl Record {
    /// The record of `game` (finished or not) with `header`'s names, dice source and date.
    pub fn from_game(game: &Game, header: RecordHeader) -> Record {
        Record {
            header,
            rules: *game.rules(),
            setup: game.setup().copied(),
            actions: canonical_actions(game),
        }
    }

    /// Reads a record; errors give the line and what is wrong. Never panics.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        parse_record(text)
    }

    /// Replays the record into a game (the record was checked when it was read, so this fails
    /// only for a record built by hand with bad actions).
    pub fn game(&self) -> Result<Game, (usize, crate::GameError)> {
        match self.setup {
            Some(pos) => Game::replay_from(self.rules, pos, &self.actions),
            None => Game::replay(self.rules, &self.actions),
        }
    }

    fn new_game(&self) -> Result<Game, crate::GameError> {
        match self.setup {
            Some(pos) => Game::from_position(self.rules, pos),
            None => Ok(Game::new(self.rules)),
        }
    }
}

impl FromStr for Record {
    type Err = RecordError;

    fn from_str(s: &str) -> Result<Record, RecordError> {
        Record::parse(s)
    }
}

/// The game's actions as a record holds them: undone steps dropped, every finished pool one
/// `Play`, the steps of an unfinished pool as `Step`s.
fn canonical_actions(game: &Game) -> Vec<Action> {
    let mut shadow = match game.setup() {
        Some(pos) => match Game::from_position(*game.rules(), *pos) {
            Ok(g) => g,
            Err(_) => return game.actions().to_vec(),
        },
        None => Game::new(*game.rules()),
    };
    let mut out = Vec::with_capacity(game.actions().len());
    for action in game.actions() {
        if shadow.apply(action.clone()).is_err() {
            // Cannot happen: these actions were accepted by the same rules in the same order.
            return game.actions().to_vec();
        }
        match action {
            Action::Step { .. } | Action::Undo => {}
            Action::Confirm | Action::Play { .. } => {
                // The steps taken one by one become the one play they made.
                while matches!(out.last(), Some(Action::Step { .. })) {
                    out.pop();
                }
                out.push(Action::Play {
                    steps: shadow
                        .log()
                        .last()
                        .map(|r| r.steps.clone())
                        .unwrap_or_default(),
                })
            }
            // A resignation may come in the middle of a play: its steps are already in `out`.
            other => out.push(other.clone()),
        }
        // The unfinished play's steps, as they stand after this action.
        if let Some(turn) = shadow.turn() {
            if matches!(action, Action::Step { .. } | Action::Undo) {
                while matches!(out.last(), Some(Action::Step { .. })) {
                    out.pop();
                }
                out.extend(turn.steps().iter().map(|&step| Action::Step { step }));
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Steps as a record writes and reads them.

/// One step as written: origin, destination and, when given, the die (`4/off[6]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Written {
    from: Source,
    to: Dest,
    die: Option<u8>,
}

/// Writes steps in their exact order, compressing only runs of identical steps (`in/19(4)`).
/// With `dice`, every bear-off names its die.
fn write_steps(steps: &[Step], dice: bool) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < steps.len() {
        let s = steps[i];
        let mut n = 1;
        while i + n < steps.len() && steps[i + n] == s {
            n += 1;
        }
        let mut w = s.to_string();
        if dice && s.to == Dest::Off {
            w.push_str(&format!("[{}]", s.die));
        }
        if n > 1 {
            w.push_str(&format!("({n})"));
        }
        out.push(w);
        i += n;
    }
    out.join(" ")
}

/// The steps of one pool as the record writes them, from `turn` (the pool untouched): plain
/// notation when reading it back gives exactly these steps, else with every bear-off's die.
fn record_steps(turn: &TurnBuilder, steps: &[Step], complete: bool) -> String {
    if steps.is_empty() {
        return "-".to_string();
    }
    let plain = write_steps(steps, false);
    let same = |back: &[Step]| {
        back.len() == steps.len()
            && back
                .iter()
                .zip(steps)
                .all(|(a, b)| a.from == b.from && a.to == b.to && a.die == b.die)
    };
    let exact = read_steps(&plain)
        .ok()
        .and_then(|w| resolve(turn, &w, complete))
        .is_some_and(|back| same(&back));
    if exact {
        plain
    } else {
        write_steps(steps, true)
    }
}

fn read_source(tok: &str) -> Option<Source> {
    match tok.to_ascii_lowercase().as_str() {
        "bar" => Some(Source::Bar),
        "in" | "start" => Some(Source::Start),
        t => t
            .parse::<u8>()
            .ok()
            .filter(|p| (1..=24).contains(p))
            .map(Source::Point),
    }
}

fn read_dest(tok: &str) -> Option<Dest> {
    match tok.to_ascii_lowercase().as_str() {
        "off" => Some(Dest::Off),
        t => t
            .parse::<u8>()
            .ok()
            .filter(|p| (1..=24).contains(p))
            .map(Dest::Point),
    }
}

/// Reads written steps: `24/18`, `13/7*`, `24/18/13` (one checker, two steps), `in/19(4)`,
/// `4/off[6]`.
fn read_steps(text: &str) -> Result<Vec<Written>, String> {
    let mut out = Vec::new();
    for word in text.split_whitespace() {
        let (body, repeat) = match word.find('(') {
            Some(i) => {
                let inner = word[i + 1..]
                    .strip_suffix(')')
                    .ok_or_else(|| format!("'{word}': missing ')'"))?;
                match inner.parse::<usize>() {
                    Ok(n) if (1..=4).contains(&n) => (&word[..i], n),
                    _ => return Err(format!("'{word}': the repeat count is 1 to 4")),
                }
            }
            None => (word, 1),
        };
        let (body, die) = match body.find('[') {
            Some(i) => {
                let inner = body[i + 1..]
                    .strip_suffix(']')
                    .ok_or_else(|| format!("'{word}': missing ']'"))?;
                match inner.parse::<u8>() {
                    Ok(d) if (1..=6).contains(&d) => (&body[..i], Some(d)),
                    _ => return Err(format!("'{word}': the die in [ ] is 1 to 6")),
                }
            }
            None => (body, None),
        };
        let parts: Vec<&str> = body.split('/').collect();
        if parts.len() < 2 {
            return Err(format!(
                "'{word}' is not a step: write from/to, e.g. 13/7, bar/22, in/22 or 6/off"
            ));
        }
        if die.is_some() && parts.len() != 2 {
            return Err(format!("'{word}': a die in [ ] goes on a single step"));
        }
        let mut from = read_source(parts[0].trim_end_matches('*'))
            .ok_or_else(|| format!("'{word}': '{}' is not a point (1-24, bar or in)", parts[0]))?;
        let mut chain = Vec::new();
        for (k, raw) in parts[1..].iter().enumerate() {
            let to = read_dest(raw.trim_end_matches('*'))
                .ok_or_else(|| format!("'{word}': '{raw}' is not a destination (1-24 or off)"))?;
            chain.push(Written { from, to, die });
            match to {
                Dest::Point(p) => from = Source::Point(p),
                Dest::Off if k + 2 < parts.len() => {
                    return Err(format!("'{word}': nothing moves on after bearing off"))
                }
                Dest::Off => {}
            }
        }
        for _ in 0..repeat {
            out.extend(chain.iter().copied());
        }
    }
    Ok(out)
}

/// The legal steps matching `written` in order, from `turn`; with `complete`, they must finish
/// the play. When a bear-off does not name its die, the dice are tried smallest first.
fn resolve(turn: &TurnBuilder, written: &[Written], complete: bool) -> Option<Vec<Step>> {
    let Some((w, rest)) = written.split_first() else {
        return (!complete || turn.is_complete()).then(Vec::new);
    };
    let mut candidates: Vec<Step> = turn
        .legal_steps()
        .iter()
        .filter(|s| s.from == w.from && s.to == w.to && w.die.is_none_or(|d| d == s.die))
        .copied()
        .collect();
    candidates.sort_by_key(|s| s.die);
    for c in candidates {
        let mut next = turn.clone();
        let Ok(taken) = next.step(c) else { continue };
        if let Some(mut tail) = resolve(&next, rest, complete) {
            tail.insert(0, taken);
            return Some(tail);
        }
    }
    None
}

/// Why `written` does not resolve: the first step that is not legal, or the unfinished play.
fn explain(turn: &TurnBuilder, written: &[Written], text: &str) -> String {
    let mut t = turn.clone();
    for w in written {
        let step = t
            .legal_steps()
            .iter()
            .filter(|s| s.from == w.from && s.to == w.to && w.die.is_none_or(|d| d == s.die))
            .min_by_key(|s| s.die)
            .copied();
        match step {
            Some(s) => {
                if t.step(s).is_err() {
                    break;
                }
            }
            None => {
                let legal: Vec<String> = t
                    .legal_steps()
                    .iter()
                    .map(|s| {
                        if s.to == Dest::Off {
                            format!("{s}[{}]", s.die)
                        } else {
                            s.to_string()
                        }
                    })
                    .collect();
                let shown = match w.die {
                    Some(d) => format!("{}/{}[{d}]", w.from, w.to),
                    None => format!("{}/{}", w.from, w.to),
                };
                return if legal.is_empty() {
                    format!("'{text}': {shown} is not legal: no step is left to play")
                } else {
                    format!(
                        "'{text}': {shown} is not legal here; legal steps: {}",
                        legal.join(" ")
                    )
                };
            }
        }
    }
    if !t.is_complete() {
        format!(
            "'{text}' does not finish the play ({} more step(s) can be played); end the line with '...' if the turn stopped there",
            t.remaining_dice().len()
        )
    } else {
        format!("'{text}' is not a legal play")
    }
}

// ---------------------------------------------------------------------------------------------
// Writing.

fn points(n: u32) -> String {
    if n == 1 {
        "1 point".to_string()
    } else {
        format!("{n} points")
    }
}

fn how_words(how: GameEnd) -> &'static str {
    match how {
        GameEnd::BoreOff => "bore off",
        GameEnd::Resigned => "resigned",
        GameEnd::Dropped => "dropped",
        GameEnd::Forfeited => "forfeited",
    }
}

fn result_line(winner: Player, pts: u32, how: GameEnd) -> String {
    format!(
        "{} wins {} ({})",
        winner.index(),
        points(pts),
        how_words(how)
    )
}

/// The `Result:` header: derived from the game when a record is written.
fn result_words(game: &Game) -> String {
    let [a, b] = game.score();
    if let Some(w) = game.match_winner() {
        return format!("{w} wins the match (score {a}-{b})");
    }
    match game.phase() {
        Phase::GameOver {
            winner,
            points: pts,
            how,
        } if game.game_number() == 1 => {
            format!("{winner} wins {} ({})", points(*pts), how_words(*how))
        }
        Phase::GameOver { winner, .. } => {
            format!("{winner} wins game {}; score {a}-{b}", game.game_number())
        }
        _ if game.game_number() > 1 || a + b > 0 => format!("unfinished; score {a}-{b}"),
        _ => "unfinished".to_string(),
    }
}

fn pool_head(record: &PlayRecord) -> String {
    match record.kind {
        PoolKind::ChosenDouble(d) => chosen_head(d, &record.dice),
        _ => match record.dice.as_slice() {
            [a, b] => format!("{a}-{b}"),
            other => dice_words(other),
        },
    }
}

fn chosen_head(d: u8, dice: &[u8]) -> String {
    if dice.iter().all(|&x| x == d) {
        format!("{d}-{d} chosen")
    } else {
        // European complement (AD-4): the pool is shown too.
        format!("{d}-{d} chosen ({})", dice_words(dice))
    }
}

fn dice_words(dice: &[u8]) -> String {
    dice.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("-")
}

/// Builds the body text by replaying the record's actions.
struct Writer {
    lines: Vec<String>,
    /// The roll line being written (finished segments only).
    line: Option<String>,
    /// The dice of the latest roll, as rolled (for a pool still being played).
    last_roll: [u8; 2],
    /// The step view at the start of the pool being played.
    pool_start: Option<TurnBuilder>,
}

impl Writer {
    /// Ends the roll line before something else is written, noting an unfinished pool.
    fn flush(&mut self, game: &Game) {
        match game.phase() {
            Phase::Move { player, kind, .. } => {
                let steps = game.turn().map(|t| t.steps().to_vec()).unwrap_or_default();
                let written = match (&self.pool_start, steps.is_empty()) {
                    (_, true) => "...".to_string(),
                    (Some(t), false) => format!("{} ...", record_steps(t, &steps, false)),
                    (None, false) => format!("{} ...", write_steps(&steps, false)),
                };
                let seg = match kind {
                    PoolKind::ChosenDouble(d) => {
                        let dice = game
                            .turn()
                            .map(|t| t.pool().dice().to_vec())
                            .unwrap_or_default();
                        format!("{}: {written}", chosen_head(*d, &dice))
                    }
                    _ => format!("{}-{}: {written}", self.last_roll[0], self.last_roll[1]),
                };
                match (self.line.take(), kind) {
                    (Some(l), PoolKind::ChosenDouble(_)) => self.lines.push(format!("{l}, {seg}")),
                    (open, _) => {
                        if let Some(l) = open {
                            self.lines.push(l);
                        }
                        self.lines.push(format!("{} {seg}", player.index()));
                    }
                }
            }
            Phase::NameDouble { .. } => {
                if let Some(l) = self.line.take() {
                    self.lines.push(format!("{l}, ..."));
                }
            }
            _ => {
                if let Some(l) = self.line.take() {
                    self.lines.push(l);
                }
            }
        }
    }

    fn body(record: &Record) -> Result<Vec<String>, (usize, crate::GameError)> {
        let mut game = record.new_game().map_err(|e| (0, e))?;
        let mut w = Writer {
            lines: vec!["game 1".to_string()],
            line: None,
            last_roll: [0, 0],
            pool_start: None,
        };
        for (i, action) in record.actions.iter().enumerate() {
            let continues = matches!(
                action,
                Action::Step { .. } | Action::Undo | Action::Confirm | Action::Play { .. }
            ) || (matches!(action, Action::NameDouble { .. }));
            if !continues {
                w.flush(&game);
            }
            let actor = game.to_act();
            let logged = game.log().len();
            let was_over = matches!(game.phase(), Phase::GameOver { .. });
            game.apply(action.clone()).map_err(|e| (i, e))?;
            let who = |p: Option<Player>| p.map(|p| p.index()).unwrap_or(0);
            match action {
                Action::DieOff { dice } => {
                    w.lines.push(format!("die-off {}-{}", dice[0], dice[1]));
                    if dice[0] != dice[1] {
                        let s = if dice[0] > dice[1] { 0 } else { 1 };
                        w.last_roll = [dice[s], dice[1 - s]];
                    }
                }
                Action::Roll { dice } => w.last_roll = *dice,
                Action::Double => w.lines.push(format!("{} doubles", who(actor))),
                Action::Take => w.lines.push(format!("{} takes", who(actor))),
                Action::Drop => w.lines.push(format!("{} drops", who(actor))),
                Action::Resign { player } => w.lines.push(format!("{} resigns", player.index())),
                Action::ResignAs { player, level } => {
                    w.lines
                        .push(format!("{} resigns a {}", player.index(), level.name()))
                }
                Action::Forfeit { player } => w.lines.push(format!("{} forfeits", player.index())),
                Action::NextGame => w.lines.push(format!("game {}", game.game_number())),
                _ => {}
            }
            if let Some(entry) = game.log().get(logged) {
                let steps = match (&w.pool_start, entry.steps.is_empty()) {
                    (_, true) => "-".to_string(),
                    (Some(t), false) => record_steps(t, &entry.steps, true),
                    (None, false) => write_steps(&entry.steps, false),
                };
                let seg = format!("{}: {steps}", pool_head(entry));
                w.line = Some(match (w.line.take(), entry.kind) {
                    (Some(l), PoolKind::ChosenDouble(_)) => format!("{l}, {seg}"),
                    (open, _) => {
                        if let Some(l) = open {
                            w.lines.push(l);
                        }
                        format!("{} {seg}", entry.player.index())
                    }
                });
                w.pool_start = None;
                if !matches!(game.phase(), Phase::NameDouble { .. }) {
                    w.flush(&game);
                }
            }
            if matches!(
                action,
                Action::Roll { .. } | Action::DieOff { .. } | Action::NameDouble { .. }
            ) && matches!(game.phase(), Phase::Move { .. })
            {
                w.pool_start = game.turn().cloned();
            }
            if let (
                false,
                Phase::GameOver {
                    winner,
                    points,
                    how,
                },
            ) = (was_over, game.phase())
            {
                w.flush(&game);
                w.lines.push(result_line(*winner, *points, *how));
            }
        }
        w.flush(&game);
        Ok(w.lines)
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "# acey game record")?;
        for p in Player::BOTH {
            if let Some(name) = &self.header.players[p.index()] {
                writeln!(f, "Player {}: {}", p.index(), one_line(name))?;
            }
        }
        writeln!(f, "Rules: {}", self.rules)?;
        match self.rules.match_target {
            Some(n) => writeln!(f, "Match: {n}")?,
            None => writeln!(f, "Match: none")?,
        }
        if let Some(d) = &self.header.dice {
            writeln!(f, "Dice: {}", one_line(&d.to_string()))?;
        }
        if let Some(d) = &self.header.date {
            writeln!(f, "Date: {}", one_line(d))?;
        }
        if let Some(pos) = &self.setup {
            writeln!(f, "Setup: {}", pos.id())?;
        }
        for (k, v) in &self.header.extra {
            writeln!(f, "{}: {}", one_line(k), one_line(v))?;
        }
        match Writer::body(self) {
            Ok(lines) => {
                if let Ok(game) = self.game() {
                    writeln!(f, "Result: {}", result_words(&game))?;
                }
                writeln!(f)?;
                for l in lines {
                    writeln!(f, "{l}")?;
                }
            }
            Err((i, e)) => {
                // A record built by hand with a refused action: say so rather than lose it.
                writeln!(f)?;
                writeln!(f, "# action {} was refused: {e}", i + 1)?;
            }
        }
        Ok(())
    }
}

/// Header values stay on one line.
fn one_line(s: &str) -> String {
    s.replace(['\r', '\n'], " ")
}

// ---------------------------------------------------------------------------------------------
// Reading.

fn header_key(line: &str) -> Option<(&str, &str)> {
    let (key, value) = line.split_once(':')?;
    let first = key.chars().next()?;
    let ok = first.is_ascii_alphabetic()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-' || c == '_');
    // `0 6-5: ...` is a roll line, `die-off` has no colon.
    ok.then(|| (key.trim(), value.trim()))
}

fn parse_record(text: &str) -> Result<Record, RecordError> {
    let mut header = RecordHeader::default();
    let mut rules: Option<(usize, Rules)> = None;
    let mut matchlen: Option<(usize, Option<u32>)> = None;
    let mut setup = None;
    let mut seen: Vec<String> = Vec::new();
    let mut body: Vec<(usize, &str)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match (body.is_empty(), header_key(line)) {
            (true, Some((key, value))) => {
                let lower = key.to_ascii_lowercase();
                if seen.contains(&lower) {
                    return err(n, format!("the header '{key}' is given twice"));
                }
                seen.push(lower.clone());
                match lower.as_str() {
                    "player 0" => header.players[0] = Some(value.to_string()),
                    "player 1" => header.players[1] = Some(value.to_string()),
                    "rules" => match value.parse::<Rules>() {
                        Ok(r) => rules = Some((n, r)),
                        Err(e) => return err(n, format!("bad rules: {e}")),
                    },
                    "match" => {
                        let target = match value.to_ascii_lowercase().as_str() {
                            "none" | "-" | "" => None,
                            v => match v.trim_end_matches("points").trim().parse::<u32>() {
                                Ok(t) if t > 0 => Some(t),
                                _ => {
                                    return err(
                                        n,
                                        format!("'Match: {value}': write the match length in points (e.g. 'Match: 7') or 'none'"),
                                    )
                                }
                            },
                        };
                        matchlen = Some((n, target));
                    }
                    "dice" => header.dice = Some(DiceSource::read(value)),
                    "date" => header.date = Some(value.to_string()),
                    "setup" => match Position::from_id(value) {
                        Ok(p) => setup = Some(p),
                        Err(e) => return err(n, format!("bad set-up position ID '{value}': {e}")),
                    },
                    // Derived from the game when written; the body decides.
                    "result" => {}
                    _ => header.extra.push((key.to_string(), value.to_string())),
                }
            }
            _ => body.push((n, line)),
        }
    }
    let Some((rules_line, mut rules)) = rules else {
        return err(
            1,
            "the record has no 'Rules:' header line (e.g. 'Rules: american')",
        );
    };
    if let Some((n, target)) = matchlen {
        match (rules.match_target, target) {
            (Some(a), Some(b)) if a != b => {
                return err(
                    n,
                    format!("'Match: {b}' disagrees with the rules (line {rules_line}), which say match_target={a}"),
                )
            }
            (Some(a), None) => {
                return err(
                    n,
                    format!("'Match: none' disagrees with the rules (line {rules_line}), which say match_target={a}"),
                )
            }
            (_, t) => rules.match_target = t,
        }
    }
    let mut record = Record {
        header,
        rules,
        setup,
        actions: Vec::new(),
    };
    let game = record.new_game().or_else(|e| err(1, e.to_string()))?;
    let last = text.lines().count().max(1);
    let mut reader = Reader {
        game,
        actions: Vec::new(),
        described: 0,
        from_die_off: false,
        started: false,
    };
    for (n, line) in body {
        reader.line(n, line)?;
    }
    reader.check_described(last)?;
    record.actions = reader.actions;
    Ok(record)
}

/// Reads body lines into actions, playing them on a game as it goes.
struct Reader {
    game: Game,
    actions: Vec<Action>,
    /// Log entries the text has accounted for.
    described: usize,
    /// A pool was started by the die-off (its line has no roll of its own).
    from_die_off: bool,
    /// Whether any body line was read.
    started: bool,
}

fn read_dice(text: &str) -> Option<[u8; 2]> {
    let (a, b) = text.trim().split_once('-')?;
    let a = a
        .trim()
        .parse::<u8>()
        .ok()
        .filter(|d| (1..=6).contains(d))?;
    let b = b
        .trim()
        .parse::<u8>()
        .ok()
        .filter(|d| (1..=6).contains(d))?;
    Some([a, b])
}

impl Reader {
    fn apply(&mut self, n: usize, action: Action) -> Result<(), RecordError> {
        match self.game.apply(action.clone()) {
            Ok(()) => {
                self.actions.push(action);
                Ok(())
            }
            Err(e) => err(n, e.to_string()),
        }
    }

    /// A pool forfeited on the spot (no legal step) must be written before anything else.
    fn check_described(&self, n: usize) -> Result<(), RecordError> {
        match self.game.log().get(self.described) {
            Some(r) => err(
                n,
                format!(
                    "{} could not play {} (no legal step): write that roll as '{} {}: -' first",
                    r.player,
                    pool_head(r),
                    r.player.index(),
                    pool_head(r)
                ),
            ),
            None => Ok(()),
        }
    }

    fn line(&mut self, n: usize, line: &str) -> Result<(), RecordError> {
        let first = !self.started;
        self.started = true;
        let lower = line.to_ascii_lowercase();
        if let Some(rest) = lower.strip_prefix("game ") {
            let Ok(number) = rest.trim().parse::<u32>() else {
                return err(n, format!("'{line}': write 'game N' with N a number"));
            };
            self.check_described(n)?;
            if first && number == 1 && self.actions.is_empty() {
                return Ok(());
            }
            self.apply(n, Action::NextGame)?;
            self.from_die_off = false;
            if self.game.game_number() != number {
                return err(
                    n,
                    format!(
                        "this is game {}, not game {number}",
                        self.game.game_number()
                    ),
                );
            }
            return Ok(());
        }
        if let Some(rest) = lower.strip_prefix("die-off") {
            self.check_described(n)?;
            let Some(dice) = read_dice(rest) else {
                return err(
                    n,
                    format!("'{line}': write the die-off as 'die-off A-B' (player 0's die first)"),
                );
            };
            self.apply(n, Action::DieOff { dice })?;
            self.from_die_off = matches!(self.game.phase(), Phase::Move { .. });
            return Ok(());
        }
        let (who, rest) = match line.split_once(char::is_whitespace) {
            Some((p, rest)) => (p, rest.trim()),
            None => (line, ""),
        };
        let player = match who {
            "0" => Player::Zero,
            "1" => Player::One,
            _ => {
                return err(
                    n,
                    format!("'{line}': a line starts with 'game', 'die-off' or a player (0 or 1)"),
                )
            }
        };
        let word = rest.to_ascii_lowercase();
        let simple = match word.as_str() {
            "doubles" => Some(Action::Double),
            "takes" => Some(Action::Take),
            "drops" => Some(Action::Drop),
            "resigns" => Some(Action::Resign { player }),
            "forfeits" => Some(Action::Forfeit { player }),
            w => w
                .strip_prefix("resigns a ")
                .and_then(crate::game::Resignation::from_name)
                .map(|level| Action::ResignAs { player, level }),
        };
        if let Some(action) = simple {
            self.check_described(n)?;
            self.from_die_off = false;
            let resigns = matches!(
                action,
                Action::Resign { .. } | Action::ResignAs { .. } | Action::Forfeit { .. }
            );
            if !resigns && self.game.to_act() != Some(player) {
                return err(
                    n,
                    match self.game.to_act() {
                        Some(p) => format!("it is {p}'s turn to act, not {player}'s"),
                        None => format!("{player} cannot {word} now"),
                    },
                );
            }
            return self.apply(n, action);
        }
        if let Some(result) = word.strip_prefix("wins ") {
            self.check_described(n)?;
            return self.check_result(n, player, result);
        }
        self.roll_line(n, player, rest)
    }

    fn check_result(&self, n: usize, player: Player, result: &str) -> Result<(), RecordError> {
        match self.game.phase() {
            Phase::GameOver {
                winner,
                points: pts,
                how,
            } => {
                let expected = result_line(*winner, *pts, *how);
                let written = format!("{} wins {result}", player.index());
                if expected == written {
                    Ok(())
                } else {
                    err(
                        n,
                        format!("the record says '{written}' but the game ended '{expected}'"),
                    )
                }
            }
            _ => err(
                n,
                format!("'{} wins ...': the game is not over", player.index()),
            ),
        }
    }

    /// `P a-b: steps[, d-d chosen: steps][, ...]`.
    fn roll_line(&mut self, n: usize, player: Player, rest: &str) -> Result<(), RecordError> {
        let segments: Vec<&str> = rest.split(',').map(str::trim).collect();
        let count = segments.len();
        let mut open = false;
        for (k, seg) in segments.into_iter().enumerate() {
            let last = k + 1 == count;
            if seg == "..." {
                if !last || k == 0 {
                    return err(n, "'...' alone ends a line, after a played 1-2");
                }
                if !matches!(self.game.phase(), Phase::NameDouble { player: p } if *p == player) {
                    return err(
                        n,
                        "', ...' stands for a double not yet named, but none is due",
                    );
                }
                open = true;
                continue;
            }
            let Some((head, steps)) = seg.split_once(':') else {
                return err(
                    n,
                    format!("'{seg}': write a roll as 'A-B: steps' (e.g. '0 6-5: 24/18 18/13')"),
                );
            };
            let (head, steps) = (head.trim(), steps.trim());
            let partial = steps == "..." || steps.ends_with(" ...");
            if partial && !last {
                return err(n, "'...' (an unfinished play) can only end a line");
            }
            let steps = steps.trim_end_matches("...").trim();
            let lower = head.to_ascii_lowercase();
            let chosen = lower.contains("chosen");
            if chosen != (k > 0) {
                return err(
                    n,
                    if chosen {
                        format!("'{head}': a line starts with its roll, and a chosen double follows a 1-2 after a comma")
                    } else {
                        format!("'{head}': after a comma comes the chosen double, 'D-D chosen: steps'; a new roll goes on a new line")
                    },
                );
            }
            if chosen {
                self.chosen(n, player, head, &lower)?;
            } else {
                self.roll(n, player, head)?;
            }
            open |= self.segment_steps(n, steps, partial)?;
        }
        if !open {
            if let Phase::NameDouble { player: p } = self.game.phase() {
                return err(
                    n,
                    format!("{p} must name a double after this 1-2: add ', D-D chosen: steps' (or ', ...' if the record stops here)"),
                );
            }
        }
        Ok(())
    }

    /// The roll at the head of a line: rolls the dice, or checks the die-off's.
    fn roll(&mut self, n: usize, player: Player, head: &str) -> Result<(), RecordError> {
        let Some(dice) = read_dice(head) else {
            return err(
                n,
                format!("'{head}' is not a roll: write two dice as rolled, e.g. '6-5'"),
            );
        };
        if let Some(r) = self.game.log().get(self.described) {
            // The pool was forfeited when it was rolled; the line describes it.
            if r.player != player || r.dice != dice {
                return self.check_described(n);
            }
            return Ok(());
        }
        if std::mem::take(&mut self.from_die_off) {
            if let Phase::Move {
                player: p, pool, ..
            } = self.game.phase()
            {
                let same = crate::Pool::roll(dice[0], dice[1]).is_ok_and(|d| d == *pool);
                if *p != player || !same {
                    return err(
                        n,
                        format!("the die-off gave {p} {pool} to play, not {player} {head}"),
                    );
                }
                return Ok(());
            }
        }
        match self.game.phase() {
            Phase::Roll { player: p } if *p != player => {
                return err(n, format!("it is {p}'s turn to roll, not {player}'s"))
            }
            Phase::Roll { .. } => {}
            Phase::Move { player: p, pool, .. } => {
                return err(
                    n,
                    format!("{p} has not finished playing {pool}: the previous line must end the play (or end in '...' only as the last line)"),
                )
            }
            Phase::NameDouble { player: p } => {
                return err(n, format!("{p} must first name a double for the 1-2"))
            }
            _ => {}
        }
        self.apply(n, Action::Roll { dice })
    }

    /// `d-d chosen [(pool)]` after a 1-2.
    fn chosen(
        &mut self,
        n: usize,
        player: Player,
        head: &str,
        lower: &str,
    ) -> Result<(), RecordError> {
        let (value, pool) = match lower.split_once("chosen") {
            Some((v, p)) => (v.trim(), p.trim()),
            None => (lower, ""),
        };
        let d = match read_dice(value) {
            Some([a, b]) if a == b => a,
            _ => {
                return err(
                    n,
                    format!("'{head}': a chosen double is written 'D-D chosen', e.g. '6-6 chosen'"),
                )
            }
        };
        match self.game.phase() {
            Phase::NameDouble { player: p } if *p == player => {}
            _ => {
                return err(
                    n,
                    format!(
                        "'{head}': no double is to be named here (only after a 1-2 played in full)"
                    ),
                )
            }
        }
        self.apply(n, Action::NameDouble { value: d })?;
        let actual = match self.game.log().get(self.described) {
            Some(r) => r.dice.clone(),
            None => self
                .game
                .turn()
                .map(|t| t.pool().dice().to_vec())
                .unwrap_or_default(),
        };
        if !pool.is_empty() {
            let written = pool.trim_start_matches('(').trim_end_matches(')').trim();
            if written != dice_words(&actual) {
                return err(
                    n,
                    format!(
                        "'{head}': the pool of {d}-{d} chosen is {} under these rules",
                        dice_words(&actual)
                    ),
                );
            }
        }
        Ok(())
    }

    /// Plays the steps of the pool just started. Returns whether the play is left unfinished.
    fn segment_steps(&mut self, n: usize, text: &str, partial: bool) -> Result<bool, RecordError> {
        if self.game.log().get(self.described).is_some() {
            // Forfeited when the pool began.
            if text != "-" || partial {
                let r = &self.game.log()[self.described];
                return err(
                    n,
                    format!(
                        "{} has no legal step with {}: the play is written '-'",
                        r.player,
                        pool_head(r)
                    ),
                );
            }
            self.described += 1;
            return Ok(false);
        }
        let Some(turn) = self.game.turn().cloned() else {
            return err(n, "no play is expected here");
        };
        if text == "-" && !partial {
            return err(
                n,
                "'-' is only for a roll that cannot be played, and a legal play exists",
            );
        }
        let written = read_steps(if text == "-" { "" } else { text });
        if partial {
            let written = written.map_err(|m| RecordError {
                line: n,
                message: m,
            })?;
            let Some(steps) = resolve(&turn, &written, false) else {
                return err(n, explain(&turn, &written, text));
            };
            for step in steps {
                self.apply(n, Action::Step { step })?;
            }
            return Ok(true);
        }
        let exact = written.as_ref().ok().and_then(|w| resolve(&turn, w, true));
        let steps = match (exact, &written) {
            (Some(steps), _) => steps,
            // Hand-written compressions such as `24/13` or `25/22` name a play, not its steps.
            // Hand-written plays may also take the steps in another order than the generator.
            (None, written) => match (find_steps(&turn, text), written) {
                (Ok(t), _) if t.complete => t.steps,
                (_, Ok(w)) => return err(n, explain(&turn, w, text)),
                (_, Err(m)) => return err(n, m.clone()),
            },
        };
        self.apply(n, Action::Play { steps })?;
        self.described = self.game.log().len();
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Pool, Preset};

    fn record_text(game: &Game) -> String {
        Record::from_game(game, RecordHeader::default()).to_string()
    }

    #[test]
    fn acey_deucey_turn_is_one_line_and_replays() {
        let mut game = Game::new(Rules::default());
        game.apply(Action::DieOff { dice: [5, 2] }).unwrap();
        game.apply(Action::Roll { dice: [1, 2] }).unwrap();
        let play = crate::notation::find_play(game.legal_plays(), "in/24 in/23")
            .unwrap()
            .steps()
            .to_vec();
        game.apply(Action::Play { steps: play }).unwrap();
        game.apply(Action::NameDouble { value: 6 }).unwrap();
        let four = game.legal_plays()[0].steps().to_vec();
        game.apply(Action::Play { steps: four }).unwrap();
        let text = record_text(&game);
        assert!(
            text.contains("\n0 1-2: in/23 in/24, 6-6 chosen: in/19(4)\n"),
            "{text}"
        );
        let back = Record::parse(&text).unwrap();
        assert_eq!(back.actions, game.actions());
    }

    #[test]
    fn bear_off_dice_are_named_only_when_needed() {
        // Player 0 with checkers on 4 and 3 only, dice 6-5: either die takes either checker.
        let rules = Preset::Backgammon.rules();
        let mut board = [0i8; 24];
        board[3] = 1;
        board[2] = 1;
        board[23] = -15;
        let pos = Position::new(board, [0, 0], [0, 0], [13, 0], Player::Zero).unwrap();
        let turn = TurnBuilder::new(&rules, pos, Pool::roll(6, 5).unwrap());
        for play in turn.plays() {
            let text = record_steps(&turn, play.steps(), true);
            let back = resolve(&turn, &read_steps(&text).unwrap(), true).unwrap();
            assert_eq!(back, play.steps(), "{text}");
        }
        let off = |from: u8, die: u8| Step {
            from: Source::Point(from),
            to: Dest::Off,
            die,
            hit: false,
        };
        assert_eq!(
            record_steps(&turn, &[off(4, 6), off(3, 5)], true),
            "4/off[6] 3/off[5]"
        );
    }

    #[test]
    fn unfinished_turn_continues() {
        let mut game = Game::new(Rules::default());
        game.apply(Action::DieOff { dice: [2, 5] }).unwrap();
        game.apply(Action::Roll { dice: [6, 4] }).unwrap();
        let step = game.turn().unwrap().legal_steps()[0];
        game.apply(Action::Step { step }).unwrap();
        let text = record_text(&game);
        assert!(text.ends_with(" ...\n"), "{text}");
        let back = Record::parse(&text).unwrap();
        let again = back.game().unwrap();
        assert_eq!(again.position(), game.position());
        assert_eq!(again.turn().unwrap().steps(), game.turn().unwrap().steps());
    }

    #[test]
    fn hand_written_plays_in_another_order_load() {
        // The opening 4-2 (backgammon plays the die-off dice): the generator keeps one order for
        // each position, people write any.
        for line in ["0 4-2: 8/6 6/2", "0 4-2: 6/2 8/6", "0 4-2: 8/2"] {
            let text = format!("Rules: backgammon\n\ngame 1\ndie-off 4-2\n{line}\n");
            let record = Record::parse(&text).unwrap_or_else(|e| panic!("{line}: {e}"));
            let game = record.game().unwrap();
            assert_eq!(game.position().count(Player::Zero, 2), 1, "{line}");
            assert_eq!(game.position().count(Player::Zero, 8), 2, "{line}");
        }
    }

    #[test]
    fn a_resignation_at_a_level_is_written_and_read() {
        let rules = Preset::Backgammon.rules();
        let mut game = Game::new(rules);
        game.apply(Action::DieOff { dice: [4, 2] }).unwrap();
        game.apply(Action::ResignAs {
            player: Player::Zero,
            level: crate::Resignation::Gammon,
        })
        .unwrap();
        let text = record_text(&game);
        assert!(text.contains("\n0 resigns a gammon\n"), "{text}");
        assert!(text.contains("1 wins 2 points (resigned)"), "{text}");
        let back = Record::parse(&text).unwrap();
        assert_eq!(back.actions, game.actions());
    }

    #[test]
    fn errors_name_the_line() {
        let e =
            Record::parse("Rules: american\n\ngame 1\ndie-off 5-2\n0 6-5: 24/18\n").unwrap_err();
        assert_eq!(e.line, 5, "{e}");
        let e = Record::parse("Rules: nonsense\n").unwrap_err();
        assert_eq!(e.line, 1);
        let e = Record::parse("Player 0: x\n").unwrap_err();
        assert!(e.message.contains("Rules"), "{e}");
    }

    #[test]
    fn a_forfeit_is_written_and_read_back() {
        let rules = crate::Rules {
            match_target: Some(15),
            ..crate::Rules::default()
        };
        let mut game = Game::new(rules);
        game.apply(Action::DieOff { dice: [4, 1] }).unwrap();
        game.apply(Action::Forfeit {
            player: Player::One,
        })
        .unwrap();
        let text = Record::from_game(&game, RecordHeader::default()).to_string();
        assert!(text.contains("1 forfeits"), "{text}");
        assert!(text.contains("forfeited"), "{text}");
        let back = Record::parse(&text).unwrap().game().unwrap();
        assert_eq!(back.score(), [15, 0]);
        assert_eq!(back.match_winner(), Some(Player::Zero));
    }
}
