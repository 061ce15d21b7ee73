//! Tactical measures of a position that a network of one hidden layer cannot easily compute from
//! the raw point counts: how many rolls hit a blot, how many let a checker get past a blockade.
//! They are the "rich" inputs (see [`crate::features::FeatureSet`]), after GNU Backgammon's
//! hand-made inputs (its `A_PIPLOSS`/`A_P1`, `A_BACKESCAPES`, `A_CONTAIN`, `A_ENTER2`,
//! `A_BREAK_CONTACT`).
//!
//! Everything works on bitmasks of points in one side's own numbering (bit `p` for point `p`,
//! 1..=24; bit 0 for a checker still to enter, which stands "before" point 1 of the side that
//! enters it). The dice are counted as ordinary rolls: an acey-deucey 1-2, which can name any
//! double, counts as a plain 1-2, so the measures are the same under every rule set.

/// Bits 1..=24.
const BOARD: u32 = ((1 << 25) - 1) & !1;

/// For each 12-bit mask of blocked points in front of a checker (bit `k`: the point `k + 1`
/// pips ahead), how many of the 36 rolls let it move the whole roll: the landing point open, and
/// at least one of the two intermediate points open (GNU Backgammon's `anEscapes`). Doubles count
/// as the two dice only.
const ESCAPES: [u8; 4096] = {
    let mut table = [0u8; 4096];
    let mut mask = 0;
    while mask < 4096 {
        let mut count = 0;
        let mut a = 0;
        while a < 6 {
            let mut b = 0;
            while b <= a {
                let lands = mask & (1 << (a + b + 1)) == 0;
                let a_open = mask & (1 << a) == 0;
                let b_open = mask & (1 << b) == 0;
                if lands && (a_open || b_open) {
                    count += if a == b { 1 } else { 2 };
                }
                b += 1;
            }
            a += 1;
        }
        table[mask] = count;
        mask += 1;
    }
    table
};

/// Rolls (of 36) with which a checker on point `p` (1..=25, 25 for one still to enter) can move
/// the whole roll past `blocks`, the points made against it (bitmask in its own numbering).
pub fn escapes(p: u32, blocks: u32) -> u32 {
    Blockade::new(blocks).escapes(p)
}

/// The points made against a side, ready to count the escapes of its checkers on several points.
#[derive(Clone, Copy, Debug)]
pub struct Blockade {
    /// The blocked points, bit-reversed: bit `31 - q` for point `q`.
    reversed: u32,
}

impl Blockade {
    /// The blockade of `blocks` (bitmask in the blocked side's numbering).
    pub fn new(blocks: u32) -> Blockade {
        Blockade {
            reversed: (blocks & BOARD).reverse_bits(),
        }
    }

    /// [`escapes`] of a checker on point `p`.
    pub fn escapes(self, p: u32) -> u32 {
        debug_assert!((1..=25).contains(&p));
        // The shift moves the bit of point q (at 31 - q) to p - 1 - q: bit k of the window is
        // the point k + 1 pips in front of p.
        let window = self.reversed >> (32 - p) & 0xFFF;
        ESCAPES[window as usize] as u32
    }
}

/// Turns a side's bitmask of points into the other side's numbering (point `q` is the other
/// side's `25 - q`).
pub fn flipped(points: u32) -> u32 {
    (points & BOARD).reverse_bits() >> 6
}

/// Rolls (of 36) with which the attacker hits at least one of `blots`.
///
/// `blots` and `made` are the victim's blots and made points; `attackers` are the attacker's
/// checkers in the victim's numbering (they move towards the victim's point 24), with bit 0 set
/// when the attacker has checkers to enter (entering with a die `d` lands on the victim's point
/// `d`). A move may not land on a made point; combined moves need their intermediate landings
/// open. Like gnubg's shot count it is a measure, not a move generator: a checker on the bar,
/// which must enter before any other moves, is not made to.
pub fn shots(blots: u32, made: u32, attackers: u32) -> u32 {
    let blots = blots & BOARD;
    if blots == 0 || attackers == 0 {
        return 0;
    }
    let open = BOARD & !made;
    // Where one die of each number takes the attackers, and the open landings among those.
    let step: [u32; 7] = std::array::from_fn(|d| attackers << d);
    let landed: [u32; 7] = std::array::from_fn(|d| step[d] & open);
    let mut rolls = 0;
    for a in 1..=6 {
        // Doubles: up to four steps of `a`, each landing open.
        let mut reach = landed[a];
        let mut hit = reach;
        for _ in 1..4 {
            reach = (reach << a) & open;
            hit |= reach;
        }
        if hit & blots != 0 {
            rolls += 1;
        }
        for b in a + 1..=6 {
            let reach = step[a] | step[b] | landed[a] << b | landed[b] << a;
            if reach & blots != 0 {
                rolls += 2;
            }
        }
    }
    rolls
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The escapes of one roll, straight from the definition by pip distances.
    fn escapes_by_definition(p: u32, blocks: u32) -> u32 {
        let blocked = |pips: u32| p > pips && blocks & (1 << (p - pips)) != 0;
        let mut count = 0;
        for a in 1..=6 {
            for b in 1..=6 {
                if !blocked(a + b) && (!blocked(a) || !blocked(b)) {
                    count += 1;
                }
            }
        }
        count
    }

    #[test]
    fn escapes_follow_the_definition() {
        let mut seed = 12345u64;
        for _ in 0..2000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let blocks = (seed >> 20) as u32 & BOARD;
            let p = 1 + (seed >> 8) as u32 % 25;
            assert_eq!(
                escapes(p, blocks),
                escapes_by_definition(p, blocks),
                "{p} {blocks:b}"
            );
        }
    }

    #[test]
    fn escapes_of_hand_made_blockades() {
        // Nothing in front: every roll.
        assert_eq!(escapes(24, 0), 36);
        // A full six-point prime right in front: no roll of two dice gets past it.
        let prime = 0b111_1110 << 11; // points 12..=17
        assert_eq!(escapes(18, prime), 0);
        // One point made 3 pips ahead: 1-2 and 2-1 land on it, 3-3 has both intermediate
        // landings on it; every other roll moves in full.
        assert_eq!(escapes(20, 1 << 17), 33);
    }

    /// Shots straight from the definition: every roll, every order of the dice, every checker.
    fn shots_by_definition(blots: u32, made: u32, attackers: u32) -> u32 {
        let open = |q: u32| (1..=24).contains(&q) && made & (1 << q) == 0;
        let sources: Vec<u32> = (0..=24).filter(|q| attackers & (1 << q) != 0).collect();
        let hits_from = |s: u32, steps: &[u32]| {
            let mut at = s;
            for &d in steps {
                at += d;
                if !open(at) {
                    return false;
                }
                if blots & (1 << at) != 0 {
                    return true;
                }
            }
            false
        };
        let mut count = 0;
        for a in 1..=6 {
            for b in 1..=6 {
                let hit = sources.iter().any(|&s| {
                    if a == b {
                        hits_from(s, &[a, a, a, a])
                    } else {
                        hits_from(s, &[a])
                            || hits_from(s, &[b])
                            || hits_from(s, &[a, b])
                            || hits_from(s, &[b, a])
                    }
                });
                count += hit as u32;
            }
        }
        count
    }

    #[test]
    fn shots_follow_the_definition() {
        let mut seed = 99u64;
        for _ in 0..3000 {
            let mut next = || {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (seed >> 32) as u32
            };
            let (x, y, z) = (next(), next(), next());
            let blots = x & y & BOARD;
            let made = y & !x & z & BOARD;
            let attackers = z & !blots & !made & (BOARD | 1) & next();
            assert_eq!(
                shots(blots, made, attackers),
                shots_by_definition(blots, made, attackers),
                "{blots:b} {made:b} {attackers:b}"
            );
        }
    }

    #[test]
    fn shots_of_hand_made_positions() {
        // A blot 6 pips in front of one checker, nothing made: every roll with a 6 (11), plus
        // 5-1, 1-5, 4-2, 2-4 (4), plus 3-3 and 2-2 (2), 1-1 cannot reach (4 pips).
        assert_eq!(shots(1 << 16, 0, 1 << 10), 17);
        // A blot 1 pip away: every roll with a 1 (11) and 1-1 is among them.
        assert_eq!(shots(1 << 11, 0, 1 << 10), 11);
        // Entering checkers hit a blot on point 3 with any 3, 1-2/2-1, 1-1.
        assert_eq!(shots(1 << 3, 0, 1), 11 + 2 + 1);
        // With points 1 and 2 made, 2-1 and 1-1 have no open landing on the way: only the threes.
        assert_eq!(shots(1 << 3, 0b110, 1), 11);
    }
}
