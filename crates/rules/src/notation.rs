//! Move notation (design 3.2): writing plays, and reading what people type.
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
pub fn find_play<'a>(plays: &'a [Play], text: &str) -> Result<&'a Play, NotationError> {
    let segments = parse_segments(text)?;
    let matches: Vec<&Play> = plays
        .iter()
        .filter(|p| covers(&segments, p.steps(), &mut [false; 4]))
        .collect();
    match matches.as_slice() {
        [] => {
            let mut legal: Vec<String> = plays.iter().map(|p| p.notation()).collect();
            legal.truncate(12);
            let more = if plays.len() > 12 { ", ..." } else { "" };
            Err(NotationError::NoSuchPlay(if plays.is_empty() {
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
            }))
        }
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
}
