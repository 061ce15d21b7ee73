//! Dice pools (R3.1, AD-4): the dice one play uses.

use std::fmt;

use crate::rules::AceyDoublesMode;

/// The dice available to one play: two different values, or four for a double (natural or
/// chosen), or the European acey-deucey double `{d, d, 7-d, 7-d}`.
///
/// ```
/// use acey_rules::Pool;
/// assert_eq!(Pool::roll(3, 5).unwrap().dice(), &[5, 3]);
/// assert_eq!(Pool::roll(4, 4).unwrap().dice(), &[4, 4, 4, 4]);
/// assert!(Pool::roll(0, 7).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "number[]"))]
pub struct Pool {
    dice: [u8; 4],
    len: u8,
}

/// A die value outside 1..=6.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BadDie(pub u8);

impl fmt::Display for BadDie {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "die value {} is outside 1..=6", self.0)
    }
}

impl std::error::Error for BadDie {}

fn check(d: u8) -> Result<u8, BadDie> {
    if (1..=6).contains(&d) {
        Ok(d)
    } else {
        Err(BadDie(d))
    }
}

impl Pool {
    /// The pool of a natural roll: `{a, b}` (larger first) or four of a double.
    pub fn roll(a: u8, b: u8) -> Result<Pool, BadDie> {
        let (a, b) = (check(a)?, check(b)?);
        Ok(if a == b {
            Pool {
                dice: [a; 4],
                len: 4,
            }
        } else {
            Pool {
                dice: [a.max(b), a.min(b), 0, 0],
                len: 2,
            }
        })
    }

    /// The pool of a double named after a 1-2 (AD-4).
    pub fn chosen_double(d: u8, mode: AceyDoublesMode) -> Result<Pool, BadDie> {
        let d = check(d)?;
        Ok(match mode {
            AceyDoublesMode::American => Pool {
                dice: [d; 4],
                len: 4,
            },
            AceyDoublesMode::EuropeanComplement => {
                // Larger values first, as every pool keeps them (the larger-die rule relies on it).
                let (hi, lo) = (d.max(7 - d), d.min(7 - d));
                Pool {
                    dice: [hi, hi, lo, lo],
                    len: 4,
                }
            }
        })
    }

    /// Any multiset of one to four dice (for tests and tools).
    pub fn from_dice(dice: &[u8]) -> Result<Pool, BadDie> {
        if dice.is_empty() || dice.len() > 4 {
            return Err(BadDie(0));
        }
        let mut out = [0u8; 4];
        for (i, &d) in dice.iter().enumerate() {
            out[i] = check(d)?;
        }
        out[..dice.len()].sort_unstable_by(|a, b| b.cmp(a));
        Ok(Pool {
            dice: out,
            len: dice.len() as u8,
        })
    }

    /// The dice, larger values first.
    pub fn dice(&self) -> &[u8] {
        &self.dice[..self.len as usize]
    }

    /// Number of dice.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Never true: a pool holds at least one die.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether every die has the same value.
    pub fn is_double(&self) -> bool {
        self.dice().iter().all(|&d| d == self.dice[0])
    }

    /// Whether this is the pool `{1, 2}`.
    pub fn is_one_two(&self) -> bool {
        self.dice() == [2, 1]
    }

    /// Distinct values with their multiplicity, larger first (at most two entries).
    pub(crate) fn grouped(&self) -> ([(u8, u8); 4], usize) {
        let mut out = [(0u8, 0u8); 4];
        let mut n = 0;
        for &d in self.dice() {
            if let Some(e) = out[..n].iter_mut().find(|e| e.0 == d) {
                e.1 += 1;
            } else {
                out[n] = (d, 1);
                n += 1;
            }
        }
        (out, n)
    }
}

impl fmt::Display for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.dice().iter().map(|d| d.to_string()).collect();
        f.write_str(&parts.join("-"))
    }
}

#[cfg(feature = "serde")]
mod json {
    //! A pool is written as its dice: `[5, 3]`, `[4, 4, 4, 4]`.
    use super::*;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    impl Serialize for Pool {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            self.dice().serialize(s)
        }
    }

    impl<'de> Deserialize<'de> for Pool {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let dice = Vec::<u8>::deserialize(d)?;
            Pool::from_dice(&dice)
                .map_err(|_| serde::de::Error::custom("a pool is 1 to 4 dice, each 1..=6"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn european_chosen_doubles_keep_the_larger_value_first() {
        // AD-4 European: {d, d, 7-d, 7-d}; the larger-die rule (R5.2) reads the first value.
        let p = Pool::chosen_double(1, AceyDoublesMode::EuropeanComplement).unwrap();
        assert_eq!(p.dice(), &[6, 6, 1, 1]);
        let p = Pool::chosen_double(5, AceyDoublesMode::EuropeanComplement).unwrap();
        assert_eq!(p.dice(), &[5, 5, 2, 2]);
        assert_eq!(p.to_string(), "5-5-2-2");
        assert!(Pool::chosen_double(7, AceyDoublesMode::American).is_err());
    }
}
