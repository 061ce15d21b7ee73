//! Move notation (docs/notation.md): writing plays, and reading what people type.
//!
//! Steps are written from the mover's own point numbers: `24/18`, `13/7*` (a hit), `6/off`,
//! `bar/22` (re-entering from the bar) and `in/22` (entering from `start`). Input also accepts the
//! usual compressions: `8/5(2)` for two checkers, `24/18/13` or `24/13` for one checker using
//! several dice, `25` for the bar or start, `*` marks anywhere (they are checked, not required).
//!
//! ```
//! use acey_rules::{legal_plays, notation, Pool, Position, Preset};
//! let rules = Preset::Backgammon.rules();
//! let plays = legal_plays(&rules, &Position::starting(&rules), &Pool::roll(3, 1).unwrap());
//! let play = notation::find_play(&plays, "8/5 6/5").unwrap();
//! assert_eq!(play.notation(), "8/5 6/5");
//! assert!(notation::find_play(&plays, "24/18").is_err());
//! ```

use std::fmt;

use crate::step::{Dest, Play, Source, Step};
use crate::turn_builder::TurnBuilder;

/// Formats steps as notation, compressing identical steps as `in/19(4)`. An empty play is `-`.
pub fn format_steps(steps: &[Step]) -> String {
    if steps.is_empty() {
        return "-".to_string();
    }
    let mut groups: Vec<(Step, usize)> = Vec::new();
    for s in steps {
        match groups.iter_mut().find(|(g, _)| g == s) {
            Some(g) => g.1 += 1,
            None => groups.push((*s, 1)),
        }
    }
    groups
        .iter()
        .map(|(s, n)| {
            if *n > 1 {
                format!("{s}({n})")
            } else {
                s.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Why typed notation was not accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotationError {
    /// The text could not be read; the message says where.
    Syntax(String),
    /// The text reads fine but no legal play matches it.
    NoSuchPlay(String),
    /// Several legal plays with different results match; the message lists them.
    Ambiguous(String),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Syntax(m)
            | NotationError::NoSuchPlay(m)
            | NotationError::Ambiguous(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for NotationError {}

/// Where a typed move starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum From {
    Point(u8),
    Bar,
    Start,
    /// `25`: the bar or start, whichever the play uses.
    BarOrStart,
}

/// One typed move of one checker, possibly over several dice: `from/to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Segment {
    from: From,
    to: Dest,
    hit: bool,
}

fn parse_from(tok: &str) -> Result<From, NotationError> {
    match tok.to_ascii_lowercase().as_str() {
        "bar" | "b" => Ok(From::Bar),
        "in" | "start" | "s" => Ok(From::Start),
        "25" => Ok(From::BarOrStart),
        t => match t.parse::<u8>() {
            Ok(p) if (1..=24).contains(&p) => Ok(From::Point(p)),
            _ => Err(NotationError::Syntax(format!(
                "'{tok}' is not a point (1-24, bar, in or 25)"
            ))),
        },
    }
}

fn parse_to(tok: &str) -> Result<Dest, NotationError> {
    match tok.to_ascii_lowercase().as_str() {
        "off" | "0" | "o" => Ok(Dest::Off),
        t => match t.parse::<u8>() {
            Ok(p) if (1..=24).contains(&p) => Ok(Dest::Point(p)),
            _ => Err(NotationError::Syntax(format!(
                "'{tok}' is not a destination (1-24 or off)"
            ))),
        },
    }
}

/// Reads typed notation into one-checker segments.
fn parse_segments(text: &str) -> Result<Vec<Segment>, NotationError> {
    let mut out = Vec::new();
    let text = text.trim();
    if text == "-" || text.is_empty() {
        return Ok(out);
    }
    for word in text.split(|c: char| c.is_whitespace() || c == ',') {
        if word.is_empty() {
            continue;
        }
        let (body, repeat) = match word.find('(') {
            Some(i) => {
                let inner = word[i + 1..]
                    .strip_suffix(')')
                    .ok_or_else(|| NotationError::Syntax(format!("'{word}': missing ')'")))?;
                let n: usize = inner.parse().map_err(|_| {
                    NotationError::Syntax(format!(
                        "'{word}': repeat count '{inner}' is not a number"
                    ))
                })?;
                if !(1..=4).contains(&n) {
                    return Err(NotationError::Syntax(format!(
                        "'{word}': a checker move repeats 1 to 4 times"
                    )));
                }
                (&word[..i], n)
            }
            None => (word, 1),
        };
        let parts: Vec<&str> = body.split('/').collect();
        if parts.len() < 2 {
            return Err(NotationError::Syntax(format!(
                "'{word}' is not a move: write from/to, e.g. 13/7 or in/22"
            )));
        }
        let mut from = parse_from(parts[0].trim_end_matches('*'))?;
        let mut segs = Vec::new();
        for (k, raw) in parts[1..].iter().enumerate() {
            let hit = raw.ends_with('*');
            let to = parse_to(raw.trim_end_matches('*'))?;
            segs.push(Segment { from, to, hit });
            match to {
                Dest::Point(p) => from = From::Point(p),
                Dest::Off if k + 2 < parts.len() => {
                    return Err(NotationError::Syntax(format!(
                        "'{word}': nothing can move on after bearing off"
                    )))
                }
                Dest::Off => {}
            }
        }
        for _ in 0..repeat {
            out.extend(segs.iter().copied());
        }
    }
    Ok(out)
}

fn from_matches(f: From, s: Source) -> bool {
    match (f, s) {
        (From::Point(a), Source::Point(b)) => a == b,
        (From::Bar, Source::Bar) | (From::Start, Source::Start) => true,
        (From::BarOrStart, Source::Bar | Source::Start) => true,
        _ => false,
    }
}

/// Whether the play's steps can be split into chains, one per segment, each chain one checker
/// going from the segment's start to its end.
fn covers(segments: &[Segment], steps: &[Step], used: &mut [bool; 4]) -> bool {
    let Some((seg, rest)) = segments.split_first() else {
        return used[..steps.len()].iter().all(|&u| u);
    };
    chain(seg.from, seg, rest, steps, used, false)
}

fn chain(
    at: From,
    seg: &Segment,
    rest: &[Segment],
    steps: &[Step],
    used: &mut [bool; 4],
    hit_seen: bool,
) -> bool {
    for i in 0..steps.len() {
        if used[i] || !from_matches(at, steps[i].from) {
            continue;
        }
        used[i] = true;
        let hit = hit_seen || steps[i].hit;
        let ok = if steps[i].to == seg.to {
            // A typed '*' must correspond to a real hit somewhere on this checker's way.
            (!seg.hit || hit) && covers(rest, steps, used)
        } else {
            match steps[i].to {
                Dest::Point(p) => chain(From::Point(p), seg, rest, steps, used, hit),
                Dest::Off => false,
            }
        };
        if ok {
            return true;
        }
        used[i] = false;
    }
    false
}

/// Finds the legal play that typed notation describes. The plays are those of one pool (for
/// instance from [`crate::legal_plays`]). Errors say why: unreadable, not legal, or ambiguous.
///
/// Only the plays' own steps are matched (chained per checker, in any order), so a play written
/// through other points than the ones the generator kept for its position (`8/6 6/2` for the
/// generator's `8/4 4/2`) is not found: to read what a person types, use [`find_steps`], which
/// knows the position and tries every order.
pub fn find_play<'a>(plays: &'a [Play], text: &str) -> Result<&'a Play, NotationError> {
    let segments = parse_segments(text)?;
    let matches: Vec<&Play> = plays
        .iter()
        .filter(|p| covers(&segments, p.steps(), &mut [false; 4]))
        .collect();
    match matches.as_slice() {
        [] => Err(no_such_play(plays, text)),
        [one] => Ok(one),
        [first, rest @ ..] => {
            if rest.iter().all(|p| p.position() == first.position()) {
                Ok(first)
            } else {
                let options: Vec<String> = matches.iter().map(|p| p.notation()).collect();
                Err(NotationError::Ambiguous(format!(
                    "'{}' is ambiguous: it could be {}",
                    text.trim(),
                    options.join(" or ")
                )))
            }
        }
    }
}

/// What typed notation names when read against the play being built ([`find_steps`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypedSteps {
    /// The steps to take from where the play stands, in an order the step view accepts.
    pub steps: Vec<Step>,
    /// Whether they finish the play (no legal step is left after them).
    pub complete: bool,
}

/// Most partial step sequences [`find_steps`] looks at before it gives up (a typed play has at
/// most four steps, so real input stays far below this).
const SEARCH_BUDGET: usize = 20_000;

/// Reads typed notation as steps from where `turn` stands: the rest of the play after the steps
/// already taken, or all of it when none are taken.
///
/// Unlike [`find_play`], the steps need not be written in the order, or through the points, the
/// move generator happened to keep for a position: a play is the same play in any order of its
/// steps, so `8/6 6/2` and `8/4 4/2` both read as the 4-2 that moves a checker from 8 to 2, and
/// `24/13` is any legal way of moving one checker from 24 to 13. Each typed move is matched
/// against the legal next steps of the step view ([`TurnBuilder::legal_steps`]), trying every
/// order of the typed moves, so what is found is always a legal way to play. Several readings
/// that lead to the same position are one play; readings that lead to different positions (a
/// hit on one route and not on the other) are reported as ambiguous. A reading that leaves legal
/// steps to play is returned with `complete: false`, but only when no reading finishes the play.
///
/// ```
/// use acey_rules::{notation, Pool, Position, Preset, TurnBuilder};
/// let rules = Preset::Backgammon.rules();
/// let turn = TurnBuilder::new(&rules, Position::starting(&rules), Pool::roll(4, 2).unwrap());
/// let a = notation::find_steps(&turn, "8/6 6/2").unwrap();
/// let b = notation::find_steps(&turn, "8/4 4/2").unwrap();
/// assert!(a.complete && b.complete);
/// let after = |steps: &[acey_rules::Step]| {
///     let mut t = turn.clone();
///     t.play_steps(steps).unwrap().position().clone()
/// };
/// assert_eq!(after(&a.steps), after(&b.steps));
/// ```
pub fn find_steps(turn: &TurnBuilder, text: &str) -> Result<TypedSteps, NotationError> {
    let segments = parse_segments(text)?;
    let mut state: Vec<Progress> = segments
        .iter()
        .map(|s| Progress {
            at: s.from,
            done: false,
            hit: false,
        })
        .collect();
    let mut walk = Walk {
        segments: &segments,
        found: Vec::new(),
        budget: SEARCH_BUDGET,
    };
    let mut work = turn.clone();
    let taken = work.steps().len();
    walk.visit(&mut work, &mut state, taken);
    let complete: Vec<&Found> = walk.found.iter().filter(|f| f.complete).collect();
    let pick = if complete.is_empty() {
        walk.found.iter().collect::<Vec<_>>()
    } else {
        complete
    };
    match pick.split_first() {
        // After some steps, the plays that finish from them are the ones to suggest.
        None => Err(no_such_play(&turn.completions(), text)),
        Some((first, rest)) => {
            if rest.iter().all(|f| f.position == first.position) {
                Ok(TypedSteps {
                    steps: first.steps.clone(),
                    complete: first.complete,
                })
            } else {
                let mut options: Vec<String> = Vec::new();
                for f in &pick {
                    let written = format_steps(&f.steps);
                    if !options.contains(&written) {
                        options.push(written);
                    }
                }
                Err(NotationError::Ambiguous(format!(
                    "'{}' is ambiguous: it could be {}",
                    text.trim(),
                    options.join(" or ")
                )))
            }
        }
    }
}

/// Where one typed move stands during [`find_steps`]: its checker's current place, whether it
/// has arrived, and whether it hit on the way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Progress {
    at: From,
    done: bool,
    hit: bool,
}

/// One reading of typed notation.
struct Found {
    steps: Vec<Step>,
    position: crate::position::Position,
    complete: bool,
}

/// The search of [`find_steps`].
struct Walk<'a> {
    segments: &'a [Segment],
    found: Vec<Found>,
    budget: usize,
}

/// A destination on the mover's way, as a number that only goes down: the point, 0 for off.
fn height_to(d: Dest) -> u8 {
    match d {
        Dest::Point(p) => p,
        Dest::Off => 0,
    }
}

impl Walk<'_> {
    /// Extends every unfinished typed move by each legal next step that heads for its
    /// destination, in every order; records each way that finishes all typed moves.
    fn visit(&mut self, turn: &mut TurnBuilder, state: &mut [Progress], taken: usize) {
        if self.budget == 0 {
            return;
        }
        self.budget -= 1;
        if state.iter().all(|p| p.done) {
            let position = *turn.position();
            let complete = turn.is_complete();
            if !self
                .found
                .iter()
                .any(|f| f.position == position && f.complete == complete)
            {
                self.found.push(Found {
                    steps: turn.steps()[taken..].to_vec(),
                    position,
                    complete,
                });
            }
            return;
        }
        let legal = turn.legal_steps().to_vec();
        for i in 0..state.len() {
            let here = state[i];
            // Identical typed moves (`8/5(2)`) are interchangeable: extend only the first.
            if here.done
                || state[..i]
                    .iter()
                    .zip(self.segments)
                    .any(|(p, s)| *p == here && *s == self.segments[i])
            {
                continue;
            }
            let seg = self.segments[i];
            for step in &legal {
                // Steps only go down the mover's numbering: one past the destination is no
                // way there.
                if !from_matches(here.at, step.from) || height_to(step.to) < height_to(seg.to) {
                    continue;
                }
                let arrived = step.to == seg.to;
                let hit = here.hit || step.hit;
                let next = match step.to {
                    _ if arrived => {
                        // A typed '*' must be a real hit somewhere on this checker's way.
                        if seg.hit && !hit {
                            continue;
                        }
                        Progress {
                            at: here.at,
                            done: true,
                            hit,
                        }
                    }
                    Dest::Point(p) => Progress {
                        at: From::Point(p),
                        done: false,
                        hit,
                    },
                    Dest::Off => continue,
                };
                if turn.step(*step).is_err() {
                    continue;
                }
                state[i] = next;
                self.visit(turn, state, taken);
                state[i] = here;
                turn.undo();
            }
        }
    }
}

fn no_such_play(plays: &[Play], text: &str) -> NotationError {
    let mut legal: Vec<String> = plays.iter().map(|p| p.notation()).collect();
    legal.truncate(12);
    let more = if plays.len() > 12 { ", ..." } else { "" };
    NotationError::NoSuchPlay(if plays.is_empty() {
        format!(
            "'{}' is not legal: there is no legal play (the roll is forfeited)",
            text.trim()
        )
    } else {
        format!(
            "'{}' is not a legal play; legal plays include: {}{more}",
            text.trim(),
            legal.join(" | ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{legal_plays, Pool, Position, Preset, Rules};

    #[test]
    fn formats_with_compression() {
        let s = Step {
            from: Source::Start,
            to: Dest::Point(19),
            die: 6,
            hit: false,
        };
        assert_eq!(format_steps(&[s, s, s, s]), "in/19(4)");
        assert_eq!(format_steps(&[]), "-");
    }

    #[test]
    fn reads_chains_and_repeats() {
        let rules = Preset::Backgammon.rules();
        let start = Position::starting(&rules);
        let plays = legal_plays(&rules, &start, &Pool::roll(6, 5).unwrap());
        let a = find_play(&plays, "24/13").unwrap();
        let b = find_play(&plays, "24/18/13").unwrap();
        assert_eq!(a.position(), b.position());
        let plays = legal_plays(&rules, &start, &Pool::roll(3, 3).unwrap());
        let p = find_play(&plays, "8/5(2) 6/3(2)").unwrap();
        assert_eq!(p.position().count(crate::Player::Zero, 5), 2);
    }

    #[test]
    fn rejects_with_reasons() {
        let rules = Rules::default();
        let start = Position::starting(&rules);
        let plays = legal_plays(&rules, &start, &Pool::roll(1, 2).unwrap());
        let e = find_play(&plays, "in/20").unwrap_err();
        assert!(matches!(e, NotationError::NoSuchPlay(_)), "{e}");
        assert!(e.to_string().contains("legal plays include"));
        let e = find_play(&plays, "in/x").unwrap_err();
        assert!(matches!(e, NotationError::Syntax(_)), "{e}");
        let e = find_play(&plays, "in/24*").unwrap_err();
        assert!(
            matches!(e, NotationError::NoSuchPlay(_)),
            "a hit mark with no hit: {e}"
        );
        assert!(find_play(&plays, "in/24 in/23").is_ok());
        assert!(find_play(&plays, "25/24 25/23").is_ok());
        assert!(find_play(&plays, "in/22").is_ok());
    }

    /// The position a typed reading leads to.
    fn after(turn: &TurnBuilder, typed: &TypedSteps) -> Position {
        let mut t = turn.clone();
        for s in &typed.steps {
            t.step(*s).unwrap();
        }
        *t.position()
    }

    #[test]
    fn typed_steps_in_any_order_and_through_any_point() {
        // The tester's cases: the generator keeps one order per position, a person may type
        // another.
        let rules = Preset::Backgammon.rules();
        let start = Position::starting(&rules);
        let turn = TurnBuilder::new(&rules, start, Pool::roll(4, 2).unwrap());
        let reference = find_steps(&turn, "8/4 4/2").unwrap();
        assert!(reference.complete);
        for text in ["8/6 6/2", "6/2 8/6", "8/2", "8/6/2", "8/4/2"] {
            let typed = find_steps(&turn, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(typed.complete, "{text}");
            assert_eq!(after(&turn, &typed), after(&turn, &reference), "{text}");
        }
        let a = find_steps(&turn, "13/11 11/7").unwrap();
        let b = find_steps(&turn, "13/9 9/7").unwrap();
        assert!(a.complete && b.complete);
        assert_eq!(after(&turn, &a), after(&turn, &b));
        // The plays-only reader cannot see through the other point; this one can.
        let plays = legal_plays(&rules, &start, &Pool::roll(4, 2).unwrap());
        let via_six = plays.iter().any(|p| p.notation() == "8/6 6/2");
        assert!(via_six || find_play(&plays, "8/6 6/2").is_err());
        // Acey-deucey (R4.1): entering with the 1 and moving the same checker on with the 6.
        let rules = Rules::default();
        let start = Position::starting(&rules);
        let turn = TurnBuilder::new(&rules, start, Pool::roll(6, 1).unwrap());
        let a = find_steps(&turn, "in/24 24/18").unwrap();
        let b = find_steps(&turn, "in/19 19/18").unwrap();
        let c = find_steps(&turn, "in/18").unwrap();
        assert!(a.complete);
        assert_eq!(after(&turn, &a), after(&turn, &b));
        assert_eq!(after(&turn, &a), after(&turn, &c));
    }

    #[test]
    fn typed_steps_after_a_step_chains_and_partial_plays() {
        let rules = Preset::Backgammon.rules();
        let start = Position::starting(&rules);
        // 6-5 from the start: the chain 24/18/13 and the compression 24/13 are one play.
        let turn = TurnBuilder::new(&rules, start, Pool::roll(6, 5).unwrap());
        let chain = find_steps(&turn, "24/18/13").unwrap();
        assert!(chain.complete);
        assert_eq!(chain.steps.len(), 2);
        assert_eq!(
            after(&turn, &chain),
            after(&turn, &find_steps(&turn, "24/13").unwrap())
        );
        // After one step, the rest of the play is typed alone.
        let mut half = TurnBuilder::new(&rules, start, Pool::roll(4, 2).unwrap());
        half.step_between(Source::Point(8), Dest::Point(6)).unwrap();
        let rest = find_steps(&half, "6/2").unwrap();
        assert!(rest.complete);
        assert_eq!(rest.steps.len(), 1);
        let e = find_steps(&half, "8/6 6/2").unwrap_err();
        assert!(matches!(e, NotationError::NoSuchPlay(_)), "{e}");
        // A double: two of four steps typed are a partial play; all four finish it.
        let turn = TurnBuilder::new(&rules, start, Pool::roll(3, 3).unwrap());
        let part = find_steps(&turn, "8/5(2)").unwrap();
        assert!(!part.complete);
        assert_eq!(part.steps.len(), 2);
        let whole = find_steps(&turn, "6/3(2) 8/5(2)").unwrap();
        assert!(whole.complete);
        assert_eq!(whole.steps.len(), 4);
        // Not legal, unreadable, a hit mark without a hit.
        assert!(matches!(
            find_steps(&turn, "24/1"),
            Err(NotationError::NoSuchPlay(_))
        ));
        assert!(matches!(
            find_steps(&turn, "8/x"),
            Err(NotationError::Syntax(_))
        ));
        assert!(find_steps(&turn, "8/5*(2)").is_err());
    }

    #[test]
    fn typed_steps_report_routes_to_different_positions_as_ambiguous() {
        // Player 0 with a checker on 10 against O blots on (player 0's) 7 and 6; dice 4-3:
        // 10/6 via 7 hits twice, via 6... 10/7*/3 and 10/6*/3 end on 3 with different hits.
        let rules = Preset::Backgammon.rules();
        let mut board = [0i8; 24];
        board[9] = 1; // player 0 on 10
        board[0] = 14; // the rest at home on 1
        board[6] = -1; // O blot on player 0's 7
        board[5] = -1; // O blot on player 0's 6
        board[23] = -13;
        let pos = Position::new(board, [0, 0], [0, 0], [0, 0], crate::Player::Zero).unwrap();
        let turn = TurnBuilder::new(&rules, pos, Pool::roll(4, 3).unwrap());
        let e = find_steps(&turn, "10/3").unwrap_err();
        assert!(matches!(e, NotationError::Ambiguous(_)), "{e}");
        // Naming the way through settles it.
        assert!(find_steps(&turn, "10/7* 7/3").unwrap().complete);
        assert!(find_steps(&turn, "10/6*/3").unwrap().complete);
    }
}
