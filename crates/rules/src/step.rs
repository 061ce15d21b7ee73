//! Steps and plays (rules spec 2.4): one die moving one checker, and the ordered steps made with
//! one dice pool. Points are numbered from the mover's side (R1.2).

use std::fmt;

use crate::position::Position;

/// Where a step's checker comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(type = r#"number | "bar" | "start""#)
)]
pub enum Source {
    /// A point, 1..=24, from the mover's side.
    Point(u8),
    /// The bar (a hit checker re-entering; R4.1, R4.6).
    Bar,
    /// The `start` pool (a checker entering for the first time; R4.1).
    Start,
}

/// Where a step's checker goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = r#"number | "off""#))]
pub enum Dest {
    /// A point, 1..=24, from the mover's side.
    Point(u8),
    /// Borne off (R4.3).
    Off,
}

/// One die moving one checker.
///
/// ```
/// use acey_rules::{Step, Source, Dest};
/// let s = Step { from: Source::Start, to: Dest::Point(22), die: 3, hit: true };
/// assert_eq!(s.to_string(), "in/22*");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Step {
    /// Origin.
    pub from: Source,
    /// Destination.
    pub to: Dest,
    /// The die value used.
    pub die: u8,
    /// Whether an opposing blot was hit on the destination (R4.4).
    pub hit: bool,
}

impl Step {
    /// A step between two points (1..=24).
    #[inline(always)]
    pub(crate) fn between_points(from: usize, to: usize, die: u8, hit: bool) -> Step {
        Step {
            from: Source::Point(from as u8),
            to: Dest::Point(to as u8),
            die,
            hit,
        }
    }

    /// Builds a step from move-generator indices.
    #[inline(always)]
    pub(crate) fn from_indices(from: usize, to: usize, die: u8, hit: bool) -> Step {
        // Tables, because the generator builds a step for every node of its walks and the
        // branches of a `match` cost more than a load.
        const SOURCES: [Source; 27] = {
            let mut t = [Source::Start; 27];
            let mut p = 1;
            while p <= 24 {
                t[p] = Source::Point(p as u8);
                p += 1;
            }
            t[crate::movegen::BAR] = Source::Bar;
            t
        };
        const DESTS: [Dest; 25] = {
            let mut t = [Dest::Off; 25];
            let mut p = 1;
            while p <= 24 {
                t[p] = Dest::Point(p as u8);
                p += 1;
            }
            t
        };
        Step {
            from: SOURCES[from],
            to: DESTS[to],
            die,
            hit,
        }
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Point(p) => write!(f, "{p}"),
            Source::Bar => f.write_str("bar"),
            Source::Start => f.write_str("in"),
        }
    }
}

impl fmt::Display for Dest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Dest::Point(p) => write!(f, "{p}"),
            Dest::Off => f.write_str("off"),
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}/{}{}",
            self.from,
            self.to,
            if self.hit { "*" } else { "" }
        )
    }
}

/// Most steps one pool can hold (a double).
pub const MAX_STEPS: usize = 4;

/// What fills a [`Play`]'s unused step slots.
const EMPTY_STEP: Step = Step {
    from: Source::Start,
    to: Dest::Off,
    die: 0,
    hit: false,
};

/// A legal play: its steps in the order played and the position they lead to.
///
/// The resulting position keeps the mover as `turn` (docs/rules.md, "What happens after a play"): who acts next is the game's
/// business (the acey-deucey procedure may give the mover another pool).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Play {
    steps: [Step; MAX_STEPS],
    len: u8,
    position: Position,
}

impl Play {
    pub(crate) fn new(steps: &[Step], position: Position) -> Play {
        let mut arr = [EMPTY_STEP; MAX_STEPS];
        arr[..steps.len()].copy_from_slice(steps);
        Play {
            steps: arr,
            len: steps.len() as u8,
            position,
        }
    }

    /// A play from the first `len` steps of a full array (the move generator's buffer): the
    /// unused slots are reset, so equal plays compare equal, without a variable-length copy.
    #[inline]
    pub(crate) fn from_array(mut steps: [Step; MAX_STEPS], len: usize, position: Position) -> Play {
        for s in steps.iter_mut().skip(len) {
            *s = EMPTY_STEP;
        }
        Play {
            steps,
            len: len as u8,
            position,
        }
    }

    /// The step slots and the position, for the move generator to finish a play where it lies
    /// in its output (writing a few bytes into a copy and then copying the whole play out again
    /// costs more than the copy).
    #[inline(always)]
    pub(crate) fn parts_mut(&mut self) -> (&mut [Step; MAX_STEPS], &mut Position) {
        (&mut self.steps, &mut self.position)
    }

    /// The steps, in the order played.
    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    /// The position after the play (same player to act).
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Dice actually used.
    pub fn dice_used(&self) -> usize {
        self.len as usize
    }

    /// The play in move notation (docs/notation.md), e.g. `13/7* 7/4`; `-` for an empty play.
    pub fn notation(&self) -> String {
        crate::notation::format_steps(self.steps())
    }
}

impl fmt::Debug for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Play({} -> {:?})", self.notation(), self.position)
    }
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

#[cfg(feature = "serde")]
mod json {
    //! Steps in JSON (docs/notation.md, "Step JSON"): `{"from": 24 | "bar" | "start", "to": 18 | "off", "die": 6,
    //! "hit": false}`.
    use super::*;
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    #[serde(untagged)]
    enum PointOrName {
        Point(i64),
        Name(String),
    }

    impl Serialize for Source {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            match self {
                Source::Point(p) => s.serialize_u8(*p),
                Source::Bar => s.serialize_str("bar"),
                Source::Start => s.serialize_str("start"),
            }
        }
    }

    impl<'de> Deserialize<'de> for Source {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            match PointOrName::deserialize(d)? {
                PointOrName::Point(p) if (1..=24).contains(&p) => Ok(Source::Point(p as u8)),
                PointOrName::Name(n) if n == "bar" => Ok(Source::Bar),
                PointOrName::Name(n) if n == "start" || n == "in" => Ok(Source::Start),
                _ => Err(D::Error::custom(
                    "a step's \"from\" is a point 1..=24, \"bar\" or \"start\"",
                )),
            }
        }
    }

    impl Serialize for Dest {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            match self {
                Dest::Point(p) => s.serialize_u8(*p),
                Dest::Off => s.serialize_str("off"),
            }
        }
    }

    impl<'de> Deserialize<'de> for Dest {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            match PointOrName::deserialize(d)? {
                PointOrName::Point(p) if (1..=24).contains(&p) => Ok(Dest::Point(p as u8)),
                PointOrName::Name(n) if n == "off" => Ok(Dest::Off),
                _ => Err(D::Error::custom(
                    "a step's \"to\" is a point 1..=24 or \"off\"",
                )),
            }
        }
    }

    #[derive(Serialize, Deserialize)]
    struct StepJson {
        from: Source,
        to: Dest,
        die: u8,
        #[serde(default)]
        hit: bool,
    }

    impl Serialize for Step {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            StepJson {
                from: self.from,
                to: self.to,
                die: self.die,
                hit: self.hit,
            }
            .serialize(s)
        }
    }

    impl<'de> Deserialize<'de> for Step {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let j = StepJson::deserialize(d)?;
            if !(1..=6).contains(&j.die) {
                return Err(D::Error::custom(format!("die {} is outside 1..=6", j.die)));
            }
            Ok(Step {
                from: j.from,
                to: j.to,
                die: j.die,
                hit: j.hit,
            })
        }
    }
}
