//! Clocks on the wire: the time control a game is played with and both players' time as the
//! server sends it. The server keeps the clocks themselves (`acey_server::clock`).

use std::fmt;

use serde::{Deserialize, Serialize};

/// How much time each player has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum TimeControl {
    /// Fischer: a bank of time, and an increment added at the end of each turn (`3+12`:
    /// 3 minutes and 12 seconds a turn).
    Fischer {
        /// The bank at the start, seconds.
        base: u32,
        /// Added to the player's bank when their turn ends, seconds.
        increment: u32,
    },
    /// A fixed time for each turn, nothing carried over (`30/turn`).
    PerTurn {
        /// Seconds per turn.
        seconds: u32,
    },
}

/// Why a time control was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TimeControlError(String);

/// The longest bank or turn time, seconds (3 hours).
pub const MAX_SECONDS: u32 = 3 * 3600;

impl TimeControl {
    /// Reads `M+S` (minutes, which may be a fraction such as `0.5`, plus seconds a turn) or
    /// `S/turn`.
    pub fn parse(text: &str) -> Result<TimeControl, TimeControlError> {
        let text = text.trim();
        let bad = |why: &str| TimeControlError(format!("'{text}': {why}"));
        if let Some(secs) = text.strip_suffix("/turn") {
            let seconds: u32 = secs
                .trim()
                .parse()
                .map_err(|_| bad("a time per turn is whole seconds, as 30/turn"))?;
            return TimeControl::PerTurn { seconds }.checked();
        }
        let (m, s) = text
            .split_once('+')
            .ok_or_else(|| bad("a clock is minutes+seconds (3+12) or seconds/turn (30/turn)"))?;
        let minutes: f64 = m
            .trim()
            .parse()
            .map_err(|_| bad("the minutes are a number, as 3 or 0.5"))?;
        let increment: u32 = s
            .trim()
            .parse()
            .map_err(|_| bad("the increment is whole seconds, as 12"))?;
        if !minutes.is_finite() || minutes < 0.0 || minutes * 60.0 > f64::from(MAX_SECONDS) {
            return Err(bad("the minutes are 0 to 180"));
        }
        TimeControl::Fischer {
            base: (minutes * 60.0).round() as u32,
            increment,
        }
        .checked()
    }

    /// The control if its numbers are sensible: some time to play, and no more than
    /// [`MAX_SECONDS`] anywhere.
    pub fn checked(self) -> Result<TimeControl, TimeControlError> {
        let ok = match self {
            TimeControl::Fischer { base, increment } => {
                (1..=MAX_SECONDS).contains(&base) && increment <= 600
            }
            TimeControl::PerTurn { seconds } => (3..=MAX_SECONDS).contains(&seconds),
        };
        if ok {
            Ok(self)
        } else {
            Err(TimeControlError(format!(
                "{self}: a clock gives each player some time (a bank of 1 s to {MAX_SECONDS} s and an increment of at most 600 s, or 3 s to {MAX_SECONDS} s a turn)"
            )))
        }
    }

    /// The bank each player starts with, milliseconds.
    pub fn initial_ms(self) -> u64 {
        match self {
            TimeControl::Fischer { base, .. } => u64::from(base) * 1000,
            TimeControl::PerTurn { seconds } => u64::from(seconds) * 1000,
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Fischer { base, increment } if base % 60 == 0 => {
                write!(f, "{}+{increment}", base / 60)
            }
            TimeControl::Fischer { base, increment } => {
                write!(f, "{}+{increment}", f64::from(base) / 60.0)
            }
            TimeControl::PerTurn { seconds } => write!(f, "{seconds}/turn"),
        }
    }
}

/// Both clocks, as they stand when the message is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ClockView {
    /// The control.
    pub control: TimeControl,
    /// Milliseconds left to each seat.
    pub left_ms: [u64; 2],
    /// The seat whose time is running.
    #[serde(default)]
    pub running: Option<usize>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_read_and_write_as_players_write_them() {
        assert_eq!(
            TimeControl::parse("3+12").unwrap(),
            TimeControl::Fischer {
                base: 180,
                increment: 12
            }
        );
        assert_eq!(TimeControl::parse("0.5+2").unwrap().to_string(), "0.5+2");
        assert_eq!(
            TimeControl::parse("30/turn").unwrap(),
            TimeControl::PerTurn { seconds: 30 }
        );
        for t in ["3+12", "0.5+2", "30/turn", "1+0"] {
            assert_eq!(TimeControl::parse(t).unwrap().to_string(), t);
        }
        for bad in [
            "", "3", "x+1", "3+x", "-1+2", "0+0", "1/turn", "999+0", "1e9+0", "NaN+2",
        ] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }
}
