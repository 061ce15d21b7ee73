//! A set of exact 128-bit position keys for the move generator's de-duplication: open
//! addressing with linear probing, cleared in constant time by bumping a stamp, so the same
//! buffers serve every generation without being zeroed or reallocated.

/// The set. A slot is live when its stamp equals the current one.
#[derive(Clone, Debug)]
pub(crate) struct KeySet {
    keys: Vec<u128>,
    stamps: Vec<u32>,
    stamp: u32,
    len: usize,
    /// `64 - log2(capacity)`: the hash's top bits pick the slot.
    shift: u32,
}

impl KeySet {
    /// An empty set with room for `capacity` slots (rounded up to a power of two, at least 16).
    pub(crate) fn with_capacity(capacity: usize) -> KeySet {
        let cap = capacity.next_power_of_two().max(16);
        KeySet {
            keys: vec![0; cap],
            stamps: vec![0; cap],
            stamp: 1,
            len: 0,
            shift: 64 - cap.trailing_zeros(),
        }
    }

    /// Empties the set.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            // After 2^32 clears the old stamps could look live again: reset them once.
            self.stamps.fill(0);
            self.stamp = 1;
        }
    }

    #[inline]
    fn slot(&self, key: u128) -> usize {
        let folded = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (folded.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> self.shift) as usize
    }

    /// Adds `key`; true when it was not there yet.
    #[inline]
    pub(crate) fn insert(&mut self, key: u128) -> bool {
        if (self.len + 1) * 2 > self.keys.len() {
            self.grow();
        }
        let mask = self.keys.len() - 1;
        let mut i = self.slot(key);
        loop {
            if self.stamps[i] != self.stamp {
                self.stamps[i] = self.stamp;
                self.keys[i] = key;
                self.len += 1;
                return true;
            }
            if self.keys[i] == key {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the capacity, keeping the keys (rare: only very large result sets get here).
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let live: Vec<u128> = self
            .keys
            .iter()
            .zip(&self.stamps)
            .filter(|(_, &s)| s == self.stamp)
            .map(|(&k, _)| k)
            .collect();
        *self = KeySet::with_capacity(self.keys.len() * 2);
        for k in live {
            self.insert(k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn agrees_with_a_hash_set_across_clears_and_growth() {
        let mut set = KeySet::with_capacity(16);
        let mut x = 0x1234_5678_9abc_def0_u128;
        for round in 0..50 {
            set.clear();
            let mut reference = HashSet::new();
            for _ in 0..(round * 7) {
                x = x
                    .wrapping_mul(0x2545_F491_4F6C_DD1D)
                    .wrapping_add(round as u128);
                // Few distinct values, so that repeats occur.
                let key = (x >> 100) << (round % 100);
                assert_eq!(set.insert(key), reference.insert(key));
            }
            assert_eq!(set.len, reference.len());
        }
    }
}
