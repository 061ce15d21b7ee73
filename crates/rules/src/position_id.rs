//! Compact one-line position IDs: acey's own (with `start` pools and the turn), and gnubg's
//! Position ID for backgammon positions.
//!
//! Both are bit strings in the style of GNU Backgammon: for each player and each of their slots,
//! one `1` bit per checker followed by a `0` bit; checkers not listed are borne off. Bits are
//! packed least significant bit first into bytes, and the bytes are written in base64.
//!
//! * **acey ID** (15 characters, base64url without padding): bit 0 is the player to act; then
//!   player 0's slots and then player 1's, each player's slots being their own points 1..=24, the
//!   bar and `start` (26 slots). At most 83 bits, padded with zero bits to 11 bytes.
//! * **gnubg Position ID** (14 characters, standard base64 without padding): the player *not* on
//!   roll first, then the player on roll, each with their points 1..=24 and the bar (25 slots), in
//!   10 bytes, exactly as gnubg writes it. It has no `start` pool and no turn: the caller says who
//!   is on roll.
//!
//! ```
//! use acey_rules::{Player, Position, Preset, Rules};
//! let bg = Position::starting(&Preset::Backgammon.rules());
//! assert_eq!(bg.gnubg_id().unwrap(), "4HPwATDgc/ABMA");
//! let acey = Position::starting(&Rules::default());
//! let id = acey.id();
//! assert_eq!(Position::from_id(&id).unwrap(), acey);
//! ```

use crate::position::{Player, Position, PositionError, CHECKERS};

const URL_SAFE: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
pub(crate) const STANDARD: &[u8; 64] =
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

const ACEY_BYTES: usize = 11;
const GNUBG_BYTES: usize = 10;

pub(crate) fn encode(bytes: &[u8], alphabet: &[u8; 64]) -> String {
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        let chars = chunk.len() + 1;
        for k in 0..chars {
            out.push(alphabet[((n >> (18 - 6 * k)) & 63) as usize] as char);
        }
    }
    out
}

fn decode(text: &str, alphabet: &[u8; 64], bytes: usize) -> Result<Vec<u8>, PositionError> {
    let text = text.trim().trim_end_matches('=');
    let want = (bytes * 8).div_ceil(6);
    if text.len() != want {
        return Err(PositionError::Malformed(format!(
            "a position ID has {want} characters, found {}",
            text.len()
        )));
    }
    let mut bits = Vec::with_capacity(want);
    for c in text.bytes() {
        let v = alphabet.iter().position(|&a| a == c).ok_or_else(|| {
            PositionError::Malformed(format!("'{}' is not a position ID character", c as char))
        })?;
        bits.push(v as u32);
    }
    let mut out = Vec::with_capacity(bytes + 2);
    for chunk in bits.chunks(4) {
        let mut n = 0u32;
        for (k, v) in chunk.iter().enumerate() {
            n |= v << (18 - 6 * k);
        }
        for k in 0..chunk.len().saturating_sub(1) {
            out.push((n >> (16 - 8 * k)) as u8);
        }
    }
    out.truncate(bytes);
    Ok(out)
}

struct BitWriter {
    bytes: Vec<u8>,
    at: usize,
}

impl BitWriter {
    fn new(len: usize) -> BitWriter {
        BitWriter {
            bytes: vec![0; len],
            at: 0,
        }
    }
    fn push(&mut self, one: bool) {
        if one {
            self.bytes[self.at / 8] |= 1 << (self.at % 8);
        }
        self.at += 1;
    }
    fn count(&mut self, n: u8) {
        for _ in 0..n {
            self.push(true);
        }
        self.push(false);
    }
}

struct BitReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl BitReader<'_> {
    fn bit(&mut self) -> Result<bool, PositionError> {
        if self.at >= self.bytes.len() * 8 {
            return Err(PositionError::Malformed(
                "position ID ends too early".to_string(),
            ));
        }
        let b = self.bytes[self.at / 8] >> (self.at % 8) & 1 == 1;
        self.at += 1;
        Ok(b)
    }
    fn count(&mut self) -> Result<u8, PositionError> {
        let mut n = 0u8;
        while self.bit()? {
            n += 1;
            if n > CHECKERS {
                return Err(PositionError::Malformed(
                    "position ID has more than 15 checkers in one place".to_string(),
                ));
            }
        }
        Ok(n)
    }
    fn rest_is_zero(&mut self) -> bool {
        while self.at < self.bytes.len() * 8 {
            if self.bit().unwrap_or(false) {
                return false;
            }
        }
        true
    }
}

/// Per-player slots read from an ID: own points 1..=24, bar, start.
struct Slots {
    points: [u8; 25],
    bar: u8,
    start: u8,
}

impl Slots {
    /// One player's slots: points 1..=24, the bar, and (acey IDs only) `start`.
    fn read(r: &mut BitReader<'_>, with_start: bool) -> Result<Slots, PositionError> {
        let mut s = Slots {
            points: [0; 25],
            bar: 0,
            start: 0,
        };
        for point in 1..=24 {
            s.points[point] = r.count()?;
        }
        s.bar = r.count()?;
        if with_start {
            s.start = r.count()?;
        }
        Ok(s)
    }
}

fn build(slots: [&Slots; 2], turn: Player) -> Result<Position, PositionError> {
    let mut board = [0i64; 24];
    let mut off = [0i64; 2];
    for p in Player::BOTH {
        let s = slots[p.index()];
        let mut total = s.bar as u32 + s.start as u32;
        for point in 1..=24u8 {
            let n = s.points[point as usize];
            if n == 0 {
                continue;
            }
            total += n as u32;
            let i = p.board_index(point);
            if board[i] != 0 {
                return Err(PositionError::Malformed(format!(
                    "position ID puts both players on point {} (player 0's numbering)",
                    i + 1
                )));
            }
            board[i] = if p == Player::Zero {
                n as i64
            } else {
                -(n as i64)
            };
        }
        if total > CHECKERS as u32 {
            return Err(PositionError::WrongCheckerCount {
                player: p,
                found: total,
            });
        }
        off[p.index()] = (CHECKERS as u32 - total) as i64;
    }
    Position::from_wide(
        &board,
        [slots[0].bar as i64, slots[1].bar as i64],
        [slots[0].start as i64, slots[1].start as i64],
        off,
        turn,
    )
}

impl Position {
    /// The acey ID: 15 characters of base64url that round-trip every position (see the module
    /// docs for the layout).
    pub fn id(&self) -> String {
        let mut w = BitWriter::new(ACEY_BYTES);
        w.push(self.turn() == Player::One);
        for p in Player::BOTH {
            for point in 1..=24 {
                w.count(self.count(p, point));
            }
            w.count(self.bar(p));
            w.count(self.start(p));
        }
        encode(&w.bytes, URL_SAFE)
    }

    /// Reads an acey ID, checking it fully.
    pub fn from_id(id: &str) -> Result<Position, PositionError> {
        let bytes = decode(id, URL_SAFE, ACEY_BYTES)?;
        let mut r = BitReader {
            bytes: &bytes,
            at: 0,
        };
        let turn = if r.bit()? { Player::One } else { Player::Zero };
        let slots = [Slots::read(&mut r, true)?, Slots::read(&mut r, true)?];
        if !r.rest_is_zero() {
            return Err(PositionError::Malformed(
                "position ID has stray bits after the last player".to_string(),
            ));
        }
        build([&slots[0], &slots[1]], turn)
    }

    /// gnubg's Position ID, with `self.turn()` as the player on roll. Fails when a `start` pool
    /// is not empty: gnubg has no such pool.
    pub fn gnubg_id(&self) -> Result<String, PositionError> {
        if self.start(Player::Zero) > 0 || self.start(Player::One) > 0 {
            return Err(PositionError::Malformed(
                "a gnubg Position ID cannot hold checkers in start".to_string(),
            ));
        }
        let mut w = BitWriter::new(GNUBG_BYTES);
        for p in [self.turn().other(), self.turn()] {
            for point in 1..=24 {
                w.count(self.count(p, point));
            }
            w.count(self.bar(p));
        }
        Ok(encode(&w.bytes, STANDARD))
    }

    /// Reads a gnubg Position ID; `on_roll` is the player on roll (gnubg's IDs do not say).
    pub fn from_gnubg_id(id: &str, on_roll: Player) -> Result<Position, PositionError> {
        let bytes = decode(id, STANDARD, GNUBG_BYTES)?;
        let mut r = BitReader {
            bytes: &bytes,
            at: 0,
        };
        let slots = [Slots::read(&mut r, false)?, Slots::read(&mut r, false)?];
        if !r.rest_is_zero() {
            return Err(PositionError::Malformed(
                "gnubg Position ID has stray bits after the last player".to_string(),
            ));
        }
        let (not_on_roll, on) = (&slots[0], &slots[1]);
        let ordered = match on_roll {
            Player::Zero => [on, not_on_roll],
            Player::One => [not_on_roll, on],
        };
        build(ordered, on_roll)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Preset, Rules};

    #[test]
    fn backgammon_start_has_gnubgs_well_known_id() {
        let pos = Position::starting(&Preset::Backgammon.rules());
        assert_eq!(pos.gnubg_id().unwrap(), "4HPwATDgc/ABMA");
        assert_eq!(
            Position::from_gnubg_id("4HPwATDgc/ABMA", Player::Zero).unwrap(),
            pos
        );
        let black = pos.with_turn(Player::One);
        assert_eq!(
            Position::from_gnubg_id("4HPwATDgc/ABMA", Player::One).unwrap(),
            black
        );
    }

    #[test]
    fn acey_ids_round_trip_and_are_fifteen_characters() {
        let pos = Position::starting(&Rules::default());
        let id = pos.id();
        assert_eq!(id.len(), 15);
        assert_eq!(Position::from_id(&id).unwrap(), pos);
        let other = pos.with_turn(Player::One);
        assert_ne!(other.id(), id);
        assert_eq!(Position::from_id(&other.id()).unwrap(), other);
    }

    #[test]
    fn bad_ids_are_rejected_with_reasons() {
        assert!(Position::from_id("short")
            .unwrap_err()
            .to_string()
            .contains("15 characters"));
        assert!(Position::from_id("!!!!!!!!!!!!!!!")
            .unwrap_err()
            .to_string()
            .contains("character"));
        // all ones: more than 15 checkers in one place
        assert!(Position::from_id("_______________").is_err());
        assert!(Position::from_gnubg_id("4HPwATDgc/ABMA==", Player::Zero).is_ok());
        assert!(Position::from_gnubg_id("4HPwATDgc", Player::Zero).is_err());
        let with_start = Position::starting(&Rules::default());
        assert!(with_start.gnubg_id().is_err());
    }
}
