//! A fast hash for sets of whole positions (the distinct states of a roll, in perft and the
//! bots). The std default, SipHash, resists hash flooding, which a set of positions the engine
//! generated itself does not need; it took about 40% of perft's time.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use crate::position::Position;

/// A multiply-rotate hash over 8-byte words (the FxHash scheme), with a final fold so that the
/// low bits, which pick the bucket, depend on every word.
#[derive(Default)]
pub(crate) struct WordHasher(u64);

const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl WordHasher {
    #[inline]
    fn mix(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(K);
    }
}

impl Hasher for WordHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            let mut buf = [0u8; 8];
            buf.copy_from_slice(w);
            self.mix(u64::from_le_bytes(buf));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut buf = [0u8; 8];
            buf[..rest.len()].copy_from_slice(rest);
            self.mix(u64::from_le_bytes(buf));
        }
    }

    #[inline]
    fn write_u8(&mut self, v: u8) {
        self.mix(v as u64);
    }

    #[inline]
    fn write_usize(&mut self, v: usize) {
        self.mix(v as u64);
    }
}

/// A set of positions (turn included) under [`WordHasher`].
pub(crate) type PositionSet = HashSet<Position, BuildHasherDefault<WordHasher>>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Player;
    use crate::rules::Rules;
    use std::hash::BuildHasher;

    #[test]
    fn the_turn_changes_the_hash_and_repeats_are_found() {
        let build = BuildHasherDefault::<WordHasher>::default();
        let start = Position::starting(&Rules::default());
        let a = build.hash_one(start.with_turn(Player::Zero));
        let b = build.hash_one(start.with_turn(Player::One));
        assert_ne!(a, b);
        let mut set = PositionSet::default();
        assert!(set.insert(start));
        assert!(!set.insert(start));
        assert!(set.insert(start.with_turn(start.turn().other())));
    }
}
