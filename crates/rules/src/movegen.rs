//! Legal plays (rules spec 2.4 to 2.8): every maximal play for a dice pool, one per distinct
//! resulting position.
//!
//! Under the usual options the walk only tries origins in non-increasing order (bar, start,
//! 24 ... 1): for a double every step, for two different dice the second step (the first may use
//! either die). Moving the farther checker first never makes a later step illegal: the
//! opponent's points only open up during a play, bear-off eligibility only improves, and a step
//! from a lower point cannot create the checker a higher step needs. So every result is reached
//! by such an ordered sequence, and a double's walk visits each multiset of steps once. These
//! ordered walks are in [`ordered`], which also says how they avoid listing a position twice.
//!
//! The options that break the argument (a hit that needs a checker home, the forfeit-on-block
//! reading) and pools of other shapes use the full walk here: every order, on a mover-relative
//! copy of the position ([`Relative`]), with a memo of visited states. Each of its results is
//! identified by an exact 128-bit key (the mover's point counts, bar and start, and which
//! opposing blots were hit), so its de-duplication never depends on a hash being collision-free.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use crate::key_set::KeySet;
use crate::pool::Pool;
use crate::position::{Player, Position, CHECKERS};
use crate::rules::{
    BarPriority, BearOffRule, DiceUsage, EntryBeforeMoving, EntryUnlock, HitRestriction, Rules,
};
use crate::step::{Play, Step, MAX_STEPS};

mod ordered;

/// Index of the borne-off pool in [`Relative::me`].
pub(crate) const OFF: usize = 0;
/// Index of the start pool in [`Relative::me`] (ranks above point 24 as an origin).
pub(crate) const START: usize = 25;
/// Index of the bar in [`Relative::me`] (ranks above start: under strict bar priority it moves
/// first).
pub(crate) const BAR: usize = 26;

// The key (see the module docs) in two 64-bit halves, so that no step needs 128-bit arithmetic:
// points 1..=16 in `lo` (4 bits each); in `hi`, points 17..=24 (bits 0..32), the bar (32..36),
// start (36..40) and one bit per point where an opposing blot was hit (40..64). A count never
// exceeds 15, so no nibble carries into the next.
const HI_BAR: u32 = 32;
const HI_START: u32 = 36;
const HI_HITS: u32 = 40;

/// One checker at index `i` (point, start or bar): `(lo, hi)` key units. Tables, because the
/// shifts would cost more.
const KEY_UNIT: [(u64, u64); 27] = {
    let mut t = [(0u64, 0u64); 27];
    let mut p = 1;
    while p <= 24 {
        t[p] = if p <= 16 {
            (1u64 << (4 * (p - 1)), 0)
        } else {
            (0, 1u64 << (4 * (p - 17)))
        };
        p += 1;
    }
    t[START] = (0, 1u64 << HI_START);
    t[BAR] = (0, 1u64 << HI_BAR);
    t
};

/// The key halves `(lo, hi)` after moving one checker from generator index `from` to `to`
/// (0 = off), hitting the blot there when `hit`.
#[inline(always)]
fn key_moved((mut lo, mut hi): (u64, u64), from: usize, to: usize, hit: bool) -> (u64, u64) {
    let (flo, fhi) = KEY_UNIT[from];
    lo -= flo;
    hi -= fhi;
    if to != OFF {
        let (tlo, thi) = KEY_UNIT[to];
        lo += tlo;
        hi += thi;
        if hit {
            hi |= 1u64 << (HI_HITS + to as u32 - 1);
        }
    }
    (lo, hi)
}

/// The highest set bit of a non-empty mask.
#[inline(always)]
fn highest_bit(m: u32) -> usize {
    31 - m.leading_zeros() as usize
}

/// C13: may the first checker enter from `start` with `die` (`pool_unlocks_entry`: the whole
/// pool is a double or a 1-2)?
#[inline]
fn first_entry_unlocked(rule: EntryUnlock, pool_unlocks_entry: bool, die: usize) -> bool {
    match rule {
        EntryUnlock::None => true,
        EntryUnlock::DoubleOrAceyDeucey => pool_unlocks_entry,
        EntryUnlock::SixRequired => die == 6,
    }
}

/// R8.1, R8.2: the home points of `occ` (the mover's occupied points, every checker home) from
/// which `die` bears a checker off.
#[inline(always)]
fn bear_off_points(rule: BearOffRule, occ: u32, die: usize) -> u32 {
    let home = occ & HOME_MASK;
    let exact = home & (1 << die);
    if home >> die != 0 || home == 0 {
        // A checker on a higher point (or none at all): only the exact point bears off.
        return exact;
    }
    exact
        | match rule {
            BearOffRule::ExactOnly => 0,
            BearOffRule::Standard => 1 << highest_bit(home),
            BearOffRule::AnyWhenAllLower => home,
        }
}

/// The high bit of every byte of a word.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
/// The low seven bits of every byte.
const LOW_7_BITS: u64 = 0x7F7F_7F7F_7F7F_7F7F;
/// One in every byte: multiplying by it sums the bytes into the top byte.
const ONE_PER_BYTE: u64 = 0x0101_0101_0101_0101;

/// The high bits of the eight bytes of `flags` (only high bits set) as bits 0..8, byte 0 first.
#[inline(always)]
fn byte_flags(flags: u64) -> u32 {
    // Byte k's bit, moved to bit 0 of its byte, lands on bit 56 + k of the product and nothing
    // else reaches the top byte (the partial products below it sum to less than 2^56).
    (((flags >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56) as u32
}

/// The eight bytes of `bytes` (each at most 15) packed as eight nibbles, byte 0 lowest.
#[inline(always)]
fn nibbles(bytes: u64) -> u64 {
    let x = (bytes | (bytes >> 4)) & 0x00FF_00FF_00FF_00FF;
    let x = (x | (x >> 8)) & 0x0000_FFFF_0000_FFFF;
    (x | (x >> 16)) & 0xFFFF_FFFF
}

/// Each byte of `x` (none of them -128) negated, as an `i8`.
#[inline(always)]
fn negate_bytes(x: u64) -> u64 {
    // 0 - x per byte: the high bit of every byte set before the subtraction stops any borrow from
    // crossing into the next byte, then the high bits are put right.
    (HIGH_BITS - (x & LOW_7_BITS)) ^ (!x & HIGH_BITS)
}

/// Home board points 1..=6 in `occ`.
const HOME_MASK: u32 = 0b111_1110;

/// The position as the mover sees it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Relative {
    /// `me[1..=24]`: the mover's checkers on the mover's points; `me[OFF]`, `me[START]`,
    /// `me[BAR]`: the pools.
    pub me: [u8; 27],
    /// The mover's checkers outside the home board (points 7..=24, bar, start).
    outside: u8,
    /// Bit `i` set when `me[i] > 0`, for `i` in 1..=26 (points, start, bar): the walks visit
    /// occupied origins only.
    occ: u32,
    /// Bit `p` set when the opponent holds point `p` (two or more checkers).
    blocked: u32,
    /// Bit `p` set when the opponent has exactly one checker on point `p`.
    blots: u32,
    /// Exact identity of the position reached from the play's start, low half.
    key_lo: u64,
    /// High half of the key.
    key_hi: u64,
}

/// The facts of a position that every walk starts from, seen from the mover, read eight points
/// at a time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct View {
    /// The mover's checkers on points 1..=24, one byte each, eight points per word.
    counts: [u64; 3],
    /// Bit `i` set when the mover has a checker on generator index `i` (points, start, bar).
    pub(crate) occ: u32,
    /// Bit `p` set when the opponent holds point `p` (two or more checkers).
    pub(crate) blocked: u32,
    /// Bit `p` set when the opponent has exactly one checker on point `p`.
    pub(crate) blots: u32,
    /// The mover's checkers outside the home board (points 7..=24, bar, start).
    pub(crate) outside: u8,
    /// The mover's checkers on the bar.
    pub(crate) bar: u8,
    /// The mover's checkers in `start`.
    pub(crate) start: u8,
}

impl View {
    #[inline(always)]
    pub(crate) fn new(pos: &Position) -> View {
        let mover = pos.turn();
        // Eight points per 64-bit word, one byte each (SWAR): the word-wide tests below give the
        // same masks and counts as a per-point loop, with no unpredictable branches.
        let board = pos.board();
        let word = |i: usize| {
            let mut b = [0u8; 8];
            for (k, byte) in b.iter_mut().enumerate() {
                *byte = board[8 * i + k] as u8;
            }
            u64::from_le_bytes(b)
        };
        // Player 0's point p is board[p - 1] with its checkers positive; player 1's point p is
        // board[24 - p] with its checkers negative: the words in reverse order, each with its
        // bytes reversed and negated.
        let words = match mover {
            Player::Zero => [word(0), word(1), word(2)],
            Player::One => [
                negate_bytes(word(2).swap_bytes()),
                negate_bytes(word(1).swap_bytes()),
                negate_bytes(word(0).swap_bytes()),
            ],
        };
        let (mut occ, mut blocked, mut blots) = (0u32, 0u32, 0u32);
        let mut counts = [0u64; 3];
        for (i, &w) in words.iter().enumerate() {
            let neg = w & HIGH_BITS;
            // The mover's counts: negative bytes (the opponent's) cleared.
            let c = w & !((neg >> 7) * 0xFF);
            counts[i] = c;
            // A count is at most 15, so adding 0x7F sets the high bit exactly when it is not 0.
            let occupied = (c + LOW_7_BITS) & HIGH_BITS;
            // Bytes equal to -1 (0xFF): exactly the zero bytes of `w ^ !0`.
            let t = !w;
            let blot = !(((t & LOW_7_BITS) + LOW_7_BITS) | t) & HIGH_BITS;
            let shift = 1 + 8 * i;
            occ |= byte_flags(occupied) << shift;
            blots |= byte_flags(blot) << shift;
            blocked |= byte_flags(neg & !blot) << shift;
        }
        let (bar, start) = (pos.bar(mover), pos.start(mover));
        // Points 7..=24: the top two bytes of the first word and the other two words (at most 15
        // checkers in all, so no byte overflows), summed across bytes by one multiplication.
        let far = (counts[0] & 0xFFFF_0000_0000_0000) + counts[1] + counts[2];
        let outside = bar + start + (far.wrapping_mul(ONE_PER_BYTE) >> 56) as u8;
        occ |= ((start > 0) as u32) << START;
        occ |= ((bar > 0) as u32) << BAR;
        View {
            counts,
            occ,
            blocked,
            blots,
            outside,
            bar,
            start,
        }
    }

    /// The exact key (see [`Relative`]) of the position itself, as low and high halves.
    pub(crate) fn key(&self) -> (u64, u64) {
        let lo = nibbles(self.counts[0]) | (nibbles(self.counts[1]) << 32);
        let hi =
            nibbles(self.counts[2]) | (self.bar as u64) << HI_BAR | (self.start as u64) << HI_START;
        (lo, hi)
    }
}

impl Relative {
    pub(crate) fn new(pos: &Position) -> Relative {
        let view = View::new(pos);
        let mut me = [0u8; 27];
        for (i, c) in view.counts.iter().enumerate() {
            me[1 + 8 * i..9 + 8 * i].copy_from_slice(&c.to_le_bytes());
        }
        me[OFF] = pos.off(pos.turn());
        me[START] = view.start;
        me[BAR] = view.bar;
        let (key_lo, key_hi) = view.key();
        Relative {
            me,
            outside: view.outside,
            occ: view.occ,
            blocked: view.blocked,
            blots: view.blots,
            key_lo,
            key_hi,
        }
    }

    /// The exact key of the position reached.
    #[inline]
    fn key(&self) -> u128 {
        ((self.key_hi as u128) << 64) | self.key_lo as u128
    }

    #[inline]
    fn all_off(&self) -> bool {
        self.me[OFF] == CHECKERS
    }

    #[inline]
    fn has_home_checker(&self) -> bool {
        self.occ & HOME_MASK != 0
    }

    /// Moves one checker from `from` to `to` (0 = off), hitting when `hit`.
    #[inline]
    fn apply(&mut self, from: usize, to: usize, hit: bool) {
        self.me[from] -= 1;
        if self.me[from] == 0 {
            self.occ &= !(1 << from);
        }
        self.me[to] += 1;
        (self.key_lo, self.key_hi) = key_moved((self.key_lo, self.key_hi), from, to, hit);
        if to != OFF {
            self.occ |= 1 << to;
            if hit {
                self.blots &= !(1 << to);
            }
        }
        if from > 6 && to <= 6 {
            self.outside -= 1;
        }
    }
}

/// The occupied origins of `occ` at or below `max_from`, highest first.
#[inline]
fn origins_down_from(occ: u32, max_from: usize) -> impl Iterator<Item = usize> {
    let mut m = occ & (u32::MAX >> (31 - max_from));
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let from = highest_bit(m);
        m &= !(1 << from);
        Some(from)
    })
}

/// Whether `pool` is one that unlocks the first entry under `EntryUnlock::DoubleOrAceyDeucey`.
fn pool_unlocks_entry(rules: &Rules, pool: &Pool) -> bool {
    pool.len() == 4 || (rules.acey_deucey && pool.is_one_two())
}

/// The legality of single steps under a rule set, for one pool.
#[derive(Clone, Copy)]
struct StepRules {
    rules: Rules,
    pool_unlocks_entry: bool,
    /// Facts of `rules` that the hot path reads, worked out once per pool.
    strict_bar: bool,
    /// No option restricts moves between points beyond blocks and bear-off (the usual case).
    plain_points: bool,
    need_home_to_hit: bool,
}

impl StepRules {
    fn new(rules: &Rules, whole: &Pool) -> StepRules {
        StepRules {
            rules: *rules,
            pool_unlocks_entry: pool_unlocks_entry(rules, whole),
            strict_bar: rules.bar_priority == BarPriority::Strict,
            plain_points: rules.entry_before_moving == EntryBeforeMoving::Free
                && !rules.frozen_home,
            need_home_to_hit: rules.hit_restriction == HitRestriction::NeedOneCheckerHome,
        }
    }

    /// The origins worth trying in `rel`: the occupied ones, or only the bar while it holds a
    /// checker under strict bar priority (R4.6), which `try_step` would enforce anyway.
    #[inline(always)]
    fn origins(&self, rel: &Relative) -> u32 {
        if self.strict_bar && rel.me[BAR] > 0 {
            1 << BAR
        } else {
            rel.occ
        }
    }

    /// If moving a checker from `from` with `die` is legal, its destination (0 = off) and whether
    /// it hits.
    #[inline(always)]
    fn try_step(&self, rel: &Relative, from: usize, die: u8) -> Option<(usize, bool)> {
        if from <= 24
            && self.plain_points
            && (rel.me[from] == 0 || (self.strict_bar && rel.me[BAR] > 0))
        {
            return None;
        }
        self.try_origin(rel, from, die)
    }

    /// [`StepRules::try_step`] for an origin that [`StepRules::origins`] gave for `rel`: it
    /// holds a checker and the bar does not forbid it, so the walks skip those two tests.
    #[inline(always)]
    fn try_origin(&self, rel: &Relative, from: usize, die: u8) -> Option<(usize, bool)> {
        if from > 24 || !self.plain_points {
            return self.try_step_general(rel, from, die);
        }
        // A checker on a point, under the usual options: the same tests as the general case,
        // without the ones that cannot apply.
        let d = die as usize;
        if from <= d {
            return self.bear_off(rel, from, d).then_some((OFF, false));
        }
        let to = from - d;
        if rel.blocked & (1 << to) != 0 {
            return None;
        }
        let hit = rel.blots & (1 << to) != 0;
        if hit && self.need_home_to_hit && !rel.has_home_checker() {
            return None;
        }
        Some((to, hit))
    }

    /// [`StepRules::try_step`] under every option.
    fn try_step_general(&self, rel: &Relative, from: usize, die: u8) -> Option<(usize, bool)> {
        let rules = &self.rules;
        if rel.me[from] == 0 {
            return None;
        }
        let d = die as usize;
        let strict_bar = rules.bar_priority == BarPriority::Strict && rel.me[BAR] > 0;
        let to = match from {
            BAR => 25 - d,
            START => {
                if strict_bar {
                    return None;
                }
                if rel.me[START] == CHECKERS
                    && !first_entry_unlocked(rules.entry_unlock, self.pool_unlocks_entry, d)
                {
                    return None;
                }
                25 - d
            }
            p => {
                if strict_bar {
                    return None;
                }
                match rules.entry_before_moving {
                    EntryBeforeMoving::Free => {}
                    EntryBeforeMoving::AllMustEnterFirst => {
                        if rel.me[START] > 0 {
                            return None;
                        }
                    }
                    EntryBeforeMoving::AllEnteredBeforeOwnHalf => {
                        if rel.me[START] > 0 && p <= 12 + d {
                            return None;
                        }
                    }
                }
                if p <= d {
                    return self.bear_off(rel, p, d).then_some((OFF, false));
                }
                if rules.frozen_home && p <= 6 {
                    return None;
                }
                p - d
            }
        };
        if rel.blocked & (1 << to) != 0 {
            return None;
        }
        let hit = rel.blots & (1 << to) != 0;
        if hit
            && rules.hit_restriction == HitRestriction::NeedOneCheckerHome
            && !rel.has_home_checker()
        {
            return None;
        }
        Some((to, hit))
    }

    /// R8.1 and R8.2: may the checker on point `p` (`p <= d`) bear off with die `d`?
    #[inline]
    fn bear_off(&self, rel: &Relative, p: usize, d: usize) -> bool {
        rel.outside == 0 && bear_off_points(self.rules.bear_off_rule, rel.occ, d) & (1 << p) != 0
    }
}

/// Fast hasher for exact 128-bit keys (a multiply-fold; the keys are exact, so the hash only
/// spreads them over buckets).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn write_u128(&mut self, v: u128) {
        let folded = (v as u64) ^ ((v >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = (self.0 ^ folded).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        self.0 ^= self.0 >> 29;
    }
    fn write_u8(&mut self, v: u8) {
        self.0 = (self.0 ^ v as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

type KeyBuild = BuildHasherDefault<KeyHasher>;

/// A reusable legal-play generator. Holding one across calls keeps its buffers, which is what
/// bots and benchmarks do; [`legal_plays`] is the one-shot form.
///
/// ```
/// use acey_rules::{MoveGen, Pool, Position, Rules};
/// let rules = Rules::default();
/// let mut gen = MoveGen::new(&rules);
/// let plays = gen.plays(&Position::starting(&rules), &Pool::roll(1, 2).unwrap());
/// // enter at 24 and 23, or one checker on to 22
/// assert_eq!(plays.len(), 2);
/// ```
pub struct MoveGen {
    rules: Rules,
    start: Position,
    pool: Pool,
    out: Vec<Play>,
    /// Keys of the results in `out`.
    index: KeySet,
    visited: HashSet<(u128, u8), KeyBuild>,
    max_used: usize,
    steps: [Step; MAX_STEPS],
    /// Tests set this to check the ordered walk for doubles against the full walk.
    full_walk_only: bool,
}

impl MoveGen {
    /// A generator for one rule set.
    pub fn new(rules: &Rules) -> MoveGen {
        MoveGen {
            rules: *rules,
            start: Position::starting(rules),
            pool: Pool::roll(1, 2).expect("1-2 is a valid roll"),
            out: Vec::with_capacity(64),
            index: KeySet::with_capacity(256),
            visited: HashSet::with_hasher(KeyBuild::default()),
            max_used: 0,
            steps: [Step::from_indices(START, 1, 1, false); MAX_STEPS],
            full_walk_only: false,
        }
    }

    /// The rule set.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Every legal play of `pool` from `pos` for the player `pos.turn()`, one per distinct
    /// resulting position. Empty when no step is legal. A finished position has no plays.
    pub fn plays(&mut self, pos: &Position, pool: &Pool) -> &[Play] {
        self.plays_in_turn(pos, pool, pool)
    }

    /// Like [`MoveGen::plays`] for what is left of `whole` after some of its steps: the entry
    /// conditions that depend on the kind of roll (C13) follow `whole`.
    pub(crate) fn plays_in_turn(&mut self, pos: &Position, pool: &Pool, whole: &Pool) -> &[Play] {
        self.out.clear();
        self.index.clear();
        self.visited.clear();
        self.max_used = 0;
        self.start = *pos;
        self.pool = *pool;
        if pos.winner().is_some() {
            return &self.out;
        }
        let (groups, n) = pool.grouped();
        let standard = self.rules.dice_usage == DiceUsage::Standard;
        let ordered =
            standard && self.rules.hit_restriction == HitRestriction::None && !self.full_walk_only;
        if ordered && (n == 1 || (n == 2 && pool.len() == 2)) {
            self.walk_ordered(pos, whole, &groups, n);
        } else {
            let rel = Relative::new(pos);
            let sr = StepRules::new(&self.rules, whole);
            let mut counts = [0u8; 2];
            let mut values = [0u8; 2];
            for i in 0..n {
                values[i] = groups[i].0;
                counts[i] = groups[i].1;
            }
            self.walk_all(&sr, &rel, values, counts, n, 0);
        }
        if standard && self.max_used == 1 && n == 2 {
            self.keep_larger_die(groups[0].0);
        }
        if self.out.len() == 1 && self.out[0].dice_used() == 0 {
            // No legal step at all: there is no play (R3.2, E28).
            self.out.clear();
        }
        &self.out
    }

    /// R5.2: when only one die can be used, the larger one must be, if it can.
    fn keep_larger_die(&mut self, larger: u8) {
        if self
            .out
            .iter()
            .any(|p| p.steps().first().map(|s| s.die) == Some(larger))
        {
            self.out
                .retain(|p| p.steps().first().map(|s| s.die) == Some(larger));
        }
    }

    /// Any pool, every order, with a memo of visited states for pools of three or more dice.
    fn walk_all(
        &mut self,
        sr: &StepRules,
        rel: &Relative,
        values: [u8; 2],
        counts: [u8; 2],
        n: usize,
        used: usize,
    ) {
        if used >= 1 && self.pool.len() > 2 {
            let memo = (rel.key(), counts[0] | (counts[1] << 4));
            if !self.visited.insert(memo) {
                return;
            }
        }
        let mut any = false;
        for i in 0..n {
            if counts[i] == 0 {
                continue;
            }
            let die = values[i];
            for from in origins_down_from(sr.origins(rel), BAR) {
                if let Some((to, hit)) = sr.try_origin(rel, from, die) {
                    any = true;
                    let mut next = *rel;
                    next.apply(from, to, hit);
                    self.steps[used] = Step::from_indices(from, to, die, hit);
                    let mut left = counts;
                    left[i] -= 1;
                    if left[0] + left[1] == 0 || next.all_off() {
                        self.leaf(&next, used + 1);
                    } else {
                        self.walk_all(sr, &next, values, left, n, used + 1);
                    }
                }
            }
        }
        if !any {
            self.leaf(rel, used);
        }
    }

    /// R5.1: whether a play using `weight` dice (E29: the whole pool when it bears off the last
    /// checker) can be kept; the first that uses more than the plays so far drops them.
    #[inline(always)]
    fn admit(&mut self, weight: usize) -> bool {
        if weight < self.max_used {
            return false;
        }
        if weight > self.max_used {
            self.max_used = weight;
            self.out.clear();
            self.index.clear();
        }
        true
    }

    /// Records a finished step sequence of the full walk, keeping only those that use the most
    /// dice (R5.1) and reach a position not reached before.
    fn leaf(&mut self, rel: &Relative, used: usize) {
        // E29: bearing off the last checker completes the play whatever dice remain.
        let weight = if rel.all_off() { self.pool.len() } else { used };
        if self.rules.dice_usage == DiceUsage::Standard && !self.admit(weight) {
            return;
        }
        if !self.index.insert(rel.key()) {
            return;
        }
        let position = self.start.after_steps(&self.steps[..used]);
        self.out.push(Play::from_array(self.steps, used, position));
    }
}

thread_local! {
    /// One generator per thread, reused across calls so its buffers are allocated once.
    static SHARED: std::cell::RefCell<Option<MoveGen>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` with this thread's reusable generator for `rules`.
pub(crate) fn with_shared_gen<R>(rules: &Rules, f: impl FnOnce(&mut MoveGen) -> R) -> R {
    SHARED.with(|cell| match cell.try_borrow_mut() {
        Ok(mut slot) => {
            let gen = match slot.as_mut() {
                Some(g) if g.rules == *rules => g,
                _ => slot.insert(MoveGen::new(rules)),
            };
            f(gen)
        }
        // Already in use further up this thread's stack: use a fresh one.
        Err(_) => f(&mut MoveGen::new(rules)),
    })
}

/// Every legal play of `pool` from `pos` (one-shot form of [`MoveGen::plays`]).
///
/// ```
/// use acey_rules::{legal_plays, Pool, Position, Rules};
/// let rules = Rules::default();
/// let plays = legal_plays(&rules, &Position::starting(&rules), &Pool::roll(6, 6).unwrap());
/// // four 6s from the start pool: every checker enters on point 19 or moves on to 13, 7 or 1
/// assert!(plays.iter().all(|p| p.dice_used() == 4));
/// ```
pub fn legal_plays(rules: &Rules, pos: &Position, pool: &Pool) -> Vec<Play> {
    with_shared_gen(rules, |gen| gen.plays(pos, pool).to_vec())
}

/// The legal single steps from `pos` with `die`, ignoring what the rest of the pool allows. The
/// step view ([`crate::TurnBuilder`]) filters these down to prefixes of maximal plays.
pub(crate) fn single_steps(rules: &Rules, pos: &Position, pool: &Pool, die: u8) -> Vec<Step> {
    let rel = Relative::new(pos);
    let sr = StepRules::new(rules, pool);
    (1..=BAR)
        .rev()
        .filter_map(|from| {
            sr.try_step(&rel, from, die)
                .map(|(to, hit)| Step::from_indices(from, to, die, hit))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::{Dest, Source};

    #[test]
    fn the_relative_view_matches_a_point_by_point_reading() {
        // Relative::new reads eight points per word; check it against Position's own queries on
        // every position of a few random games in every preset, from both sides.
        for preset in crate::Preset::ALL {
            let rules = preset.rules();
            let mut positions = Vec::new();
            let mut game = crate::Game::new(rules);
            let mut dice = crate::SeededRng::new(11);
            crate::play_random(&mut game, &mut dice, |g| positions.push(g.position()))
                .expect("a random game plays to the end");
            for pos in positions {
                for mover in [Player::Zero, Player::One] {
                    let pos = pos.with_turn(mover);
                    let rel = Relative::new(&pos);
                    let (mut occ, mut blots, mut blocked) = (0u32, 0u32, 0u32);
                    let mut outside = pos.bar(mover) + pos.start(mover);
                    let mut key = 0u128;
                    for p in 1..=24u8 {
                        let mine = pos.count(mover, p);
                        let theirs = pos.count(mover.other(), 25 - p);
                        assert_eq!(rel.me[p as usize], mine, "{preset} {pos:?} point {p}");
                        key |= (mine as u128) << (4 * (p - 1));
                        if mine > 0 {
                            occ |= 1 << p;
                        }
                        if p > 6 {
                            outside += mine;
                        }
                        match theirs {
                            0 => {}
                            1 => blots |= 1 << p,
                            _ => blocked |= 1 << p,
                        }
                    }
                    key |= (pos.bar(mover) as u128) << (64 + HI_BAR);
                    key |= (pos.start(mover) as u128) << (64 + HI_START);
                    if pos.start(mover) > 0 {
                        occ |= 1 << START;
                    }
                    if pos.bar(mover) > 0 {
                        occ |= 1 << BAR;
                    }
                    assert_eq!(rel.occ, occ, "{preset} {pos:?}");
                    assert_eq!(rel.blots, blots, "{preset} {pos:?}");
                    assert_eq!(rel.blocked, blocked, "{preset} {pos:?}");
                    assert_eq!(rel.outside, outside, "{preset} {pos:?}");
                    assert_eq!(rel.key(), key, "{preset} {pos:?}");
                }
            }
        }
    }

    fn american() -> Rules {
        Rules::default()
    }

    #[test]
    fn negate_bytes_negates_every_byte_alone() {
        for v in -15i8..=15 {
            for k in 0..8 {
                // v in byte k, its neighbours at the extremes a checker count can take
                let mut bytes = [15u8, (-15i8) as u8, 0, 1, (-1i8) as u8, 7, 0, (-7i8) as u8];
                bytes[k] = v as u8;
                let got = negate_bytes(u64::from_le_bytes(bytes)).to_le_bytes();
                let want = bytes.map(|b| (b as i8).wrapping_neg() as u8);
                assert_eq!(got, want, "{v} in byte {k}");
            }
        }
    }

    #[test]
    fn opening_one_two_has_three_results() {
        let rules = american();
        let plays = legal_plays(
            &rules,
            &Position::starting(&rules),
            &Pool::roll(1, 2).unwrap(),
        );
        let mut notations: Vec<String> = plays.iter().map(|p| p.notation()).collect();
        notations.sort();
        // enter on 24 and 23, or one checker on 22 (in/23 23/22 and in/24 24/22 are one result)
        assert_eq!(notations, ["in/23 23/22", "in/23 in/24"]);
        for p in &plays {
            assert_eq!(p.dice_used(), 2);
        }
    }

    #[test]
    fn backgammon_opening_three_one_has_sixteen_results() {
        let rules = crate::Preset::Backgammon.rules();
        let plays = legal_plays(
            &rules,
            &Position::starting(&rules),
            &Pool::roll(3, 1).unwrap(),
        );
        assert_eq!(plays.len(), 16);
        assert!(plays.iter().any(|p| p.steps()
            == [
                Step {
                    from: Source::Point(8),
                    to: Dest::Point(5),
                    die: 3,
                    hit: false
                },
                Step {
                    from: Source::Point(6),
                    to: Dest::Point(5),
                    die: 1,
                    hit: false
                },
            ]));
    }

    #[test]
    fn the_ordered_walks_agree_with_the_full_walk() {
        // The same rules with the full walk forced: the same positions, each listed once (the
        // full walk de-duplicates by key, so a position the ordered walks listed twice would
        // show), on positions reached by random play in every preset, both players moving.
        for preset in crate::Preset::ALL {
            let rules = preset.rules();
            let mut pos = Position::starting(&rules);
            let mut seed = 12345u64;
            let mut gen = MoveGen::new(&rules);
            let mut full_gen = MoveGen::new(&rules);
            full_gen.full_walk_only = true;
            for _ in 0..3000 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let a = ((seed >> 33) % 6) as u8 + 1;
                let b = ((seed >> 45) % 6) as u8 + 1;
                let pool = Pool::roll(a, b).unwrap();
                let sorted = |g: &mut MoveGen| {
                    let mut v: Vec<Position> =
                        g.plays(&pos, &pool).iter().map(|p| *p.position()).collect();
                    v.sort();
                    v
                };
                assert_eq!(
                    sorted(&mut gen),
                    sorted(&mut full_gen),
                    "{preset} {pos:?} {pool}"
                );
                let plays = gen.plays(&pos, &pool);
                if !plays.is_empty() {
                    let pick = (seed >> 20) as usize % plays.len();
                    pos = *plays[pick].position();
                }
                pos = pos.with_turn(pos.turn().other());
                if pos.winner().is_some() {
                    pos = Position::starting(&rules);
                }
            }
        }
    }
}
