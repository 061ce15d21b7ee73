//! The ordered walks (see the parent module's docs): a double's steps with origins in
//! non-increasing order, and two different dice with the second origin no higher than the first.
//! They serve every rule set whose dice usage is standard and whose hits are unrestricted, which
//! is every preset but `britannica`.
//!
//! The walk state is the position itself, in the board's own numbering, plus a few bitmasks in the
//! mover's numbering ([`Node`]), so a result's position is the walk's own state and never a replay.
//! The origins that can move with a die are found all at once as a bitmask ([`Frame::movable`]):
//! occupied points whose target the opponent does not hold, entries, and the bear-offs the rules
//! allow, so the walks never try an origin that cannot move. The mover's player index is a
//! constant parameter, so the board numbering compiles to constants. Plays that can neither enter
//! nor bear off take written-out walks ([`MoveGen::walk_double_on_board`],
//! [`MoveGen::walk_two_on_board`]) whose inner states are masks only.
//!
//! A maximal play is written by copying a template into the output and applying its last steps
//! where it lies ([`MoveGen::push_finished`]): a position whose bytes were just written, copied
//! out whole, would stall the processor's store forwarding on every play (docs/benchmarks.md,
//! run 6).
//!
//! A double's ordered walk reaches each multiset of steps once, and two different multisets of
//! steps with one die value never lead to one position (the number of steps taken from each point
//! follows from the position reached, point by point from the top), so a double's results need no
//! de-duplication. Two different dice can reach one position twice: [`MoveGen::walk_two`] says
//! when, and which of those cases it skips by structure and which it checks by key.

use super::{
    bear_off_points, first_entry_unlocked, highest_bit as highest, key_moved, MoveGen, View, BAR,
    HOME_MASK, KEY_UNIT, OFF, START,
};
use crate::pool::Pool;
use crate::position::{Player, Position, CHECKERS};
use crate::rules::{BarPriority, BearOffRule, EntryBeforeMoving, EntryUnlock, Rules};
use crate::step::{Play, Step};

/// Bits of the points 1..=24 in a mover-relative mask.
const POINTS: u32 = 0x01FF_FFFE;
const START_BIT: u32 = 1 << START;
const BAR_BIT: u32 = 1 << BAR;
/// The bar and the start pool: both enter on point `25 - die`.
const ENTRY_BITS: u32 = START_BIT | BAR_BIT;

/// Bits `0..=n`.
#[inline(always)]
fn up_to(n: usize) -> u32 {
    (2u32 << n).wrapping_sub(1)
}

/// Where a checker leaving generator index `from` with `die` lands (0 = off).
#[inline(always)]
fn target(from: usize, die: usize) -> usize {
    // The bar and start enter as if from point 25; past point 1 is off.
    from.min(25).saturating_sub(die)
}

/// The facts of one generation that no step changes: the rules in the form the walk reads them,
/// and the points the opponent holds (a play only ever opens points up).
pub(super) struct Frame {
    blocked: u32,
    strict_bar: bool,
    bear_off_rule: BearOffRule,
    entry_before_moving: EntryBeforeMoving,
    frozen_home: bool,
    entry_unlock: EntryUnlock,
    /// The whole pool is a double or a 1-2 (C13: what `DoubleOrAceyDeucey` asks for).
    pool_unlocks_entry: bool,
}

impl Frame {
    pub(super) fn new(rules: &Rules, whole: &Pool, view: &View) -> Frame {
        Frame {
            blocked: view.blocked,
            strict_bar: rules.bar_priority == BarPriority::Strict,
            bear_off_rule: rules.bear_off_rule,
            entry_before_moving: rules.entry_before_moving,
            frozen_home: rules.frozen_home,
            entry_unlock: rules.entry_unlock,
            pool_unlocks_entry: super::pool_unlocks_entry(rules, whole),
        }
    }

    /// What a step with `die` needs that stays the same for the whole generation.
    #[inline(always)]
    pub(super) fn die(&self, die: u8) -> Die {
        let d = die as usize;
        let entry_open = self.blocked & (1 << (25 - d)) == 0;
        // Points farther than the die whose target the opponent does not hold.
        let mut moves = POINTS & !(self.blocked << d) & !up_to(d);
        if self.frozen_home {
            moves &= !HOME_MASK;
        }
        if entry_open {
            moves |= ENTRY_BITS;
        }
        Die {
            value: die,
            moves,
            entry_open,
        }
    }

    /// Every origin of `node` from which a step with `die` is legal, as a mask of generator
    /// indices: the same steps as `StepRules::try_step` allows (R4.1 to R4.7, R8, C1, C13).
    #[inline(always)]
    fn movable<const P: usize>(&self, node: &Node, die: &Die) -> u32 {
        let occ = node.occ;
        let d = die.value as usize;
        if occ & ENTRY_BITS == 0 {
            // Nothing on the bar or in start: the usual case, with no entry rule to apply.
            let mut m = occ & die.moves;
            if node.outside == 0 {
                m |= bear_off_points(self.bear_off_rule, occ, d);
            }
            return m;
        }
        if self.strict_bar && occ & BAR_BIT != 0 {
            // R4.6: nothing but the bar moves while it holds a checker.
            return if die.entry_open { BAR_BIT } else { 0 };
        }
        let mut m = occ & die.moves;
        if m & START_BIT != 0
            && node.pos.start(player::<P>()) == CHECKERS
            && !first_entry_unlocked(self.entry_unlock, self.pool_unlocks_entry, d)
        {
            m &= !START_BIT;
        }
        // A checker in start or on the bar is outside: no bear-offs.
        if occ & START_BIT != 0 {
            match self.entry_before_moving {
                EntryBeforeMoving::Free => {}
                EntryBeforeMoving::AllMustEnterFirst => m &= ENTRY_BITS,
                // No move onto the mover's own points 1..=12 (GALT).
                EntryBeforeMoving::AllEnteredBeforeOwnHalf => m &= !up_to(12 + d),
            }
        }
        m
    }
}

/// One die value and the origins it can move from in the generation's position, before the
/// checks that depend on the walk's state (see [`Frame::movable`]).
pub(super) struct Die {
    value: u8,
    /// Occupied or not: the points from which the die moves to a point the opponent does not
    /// hold (within the board, not frozen), and the bar and start if their entry point is open.
    moves: u32,
    entry_open: bool,
}

/// The player with index `P`.
#[inline(always)]
fn player<const P: usize>() -> Player {
    if P == 0 {
        Player::Zero
    } else {
        Player::One
    }
}

/// The walk state: the position reached, and the mover-relative facts the step tests read.
#[derive(Clone, Copy)]
pub(super) struct Node {
    pos: Position,
    /// Bit `i` set when the mover has a checker on generator index `i` (points, start, bar).
    occ: u32,
    /// Bit `p` set when the opponent has a single checker on the mover's point `p`.
    blots: u32,
    /// The mover's checkers outside the home board (points 7..=24, bar, start).
    outside: u8,
    /// The exact key of the position reached (as in `Relative`), low and high halves, kept only
    /// by the walks that need it.
    key_lo: u64,
    key_hi: u64,
}

impl Node {
    /// The walk's first state; the key is worked out only when `keyed` (else zero).
    pub(super) fn new(pos: &Position, view: &View, keyed: bool) -> Node {
        let (key_lo, key_hi) = if keyed { view.key() } else { (0, 0) };
        Node {
            pos: *pos,
            occ: view.occ,
            blots: view.blots,
            outside: view.outside,
            key_lo,
            key_hi,
        }
    }

    #[inline(always)]
    fn hits(&self, to: usize) -> bool {
        self.blots & (1 << to) != 0
    }

    /// Moves a checker from `from` to `to` (0 = off), hitting when `hit`. The key is kept up
    /// to date only when `KEYED` (a double's walk does not need it).
    #[inline(always)]
    fn apply<const P: usize, const KEYED: bool>(&mut self, from: usize, to: usize, hit: bool) {
        if self.pos.move_indices::<P>(from, to, hit) {
            self.occ &= !(1 << from);
        }
        if KEYED {
            (self.key_lo, self.key_hi) = key_moved((self.key_lo, self.key_hi), from, to, hit);
        }
        if to != OFF {
            self.occ |= 1 << to;
            if hit {
                self.blots &= !(1 << to);
            }
        }
        self.outside -= (from > 6 && to <= 6) as u8;
    }

    #[inline(always)]
    fn key(&self) -> u128 {
        ((self.key_hi as u128) << 64) | self.key_lo as u128
    }

    #[inline(always)]
    fn all_off<const P: usize>(&self) -> bool {
        self.pos.off(player::<P>()) == CHECKERS
    }
}

/// A state of [`MoveGen::walk_double_on_board`], all in registers: the mover's occupied points,
/// the opposing blots and the key, which holds the mover's count on each point (four bits a
/// point). The position itself is only made at the leaves (see [`MoveGen::push_finished`]).
#[derive(Clone, Copy)]
struct OnBoard {
    occ: u32,
    blots: u32,
    key: (u64, u64),
}

impl OnBoard {
    /// The first state; `node` must carry its key (the counts are read from it).
    fn new(node: &Node) -> OnBoard {
        debug_assert!(
            node.key_lo | node.key_hi != 0,
            "a keyed node has checkers on points"
        );
        OnBoard {
            occ: node.occ,
            blots: node.blots,
            key: (node.key_lo, node.key_hi),
        }
    }

    #[inline(always)]
    fn hits(&self, to: usize) -> bool {
        self.blots & (1 << to) != 0
    }

    /// The mover's checkers on point `p`.
    #[inline(always)]
    fn count(&self, p: usize) -> u64 {
        if p <= 16 {
            (self.key.0 >> (4 * (p - 1))) & 15
        } else {
            (self.key.1 >> (4 * (p - 17))) & 15
        }
    }

    /// The state after moving a checker from point `from` with die `d` to a point (already known
    /// legal).
    #[inline(always)]
    fn step(&self, from: usize, d: usize) -> OnBoard {
        let to = from - d;
        let emptied = (self.count(from) == 1) as u32;
        // `key_moved` without its tests for bearing off and hits: both indices are points, and
        // only the counts are read here (measured: 4 % of a double's instructions).
        let (flo, fhi) = KEY_UNIT[from];
        let (tlo, thi) = KEY_UNIT[to];
        OnBoard {
            occ: (self.occ & !(emptied << from)) | 1 << to,
            // The blot, if any, is hit: the point is the mover's now.
            blots: self.blots & !(1 << to),
            key: (self.key.0 - flo + tlo, self.key.1 - fhi + thi),
        }
    }
}

impl MoveGen {
    /// Every maximal play of a pool of one die value (`n == 1`: a double, or what is left of
    /// one) or of two different dice, into `self.out`: picks the walk that fits the position.
    #[inline(always)]
    pub(super) fn walk_ordered(
        &mut self,
        pos: &Position,
        whole: &Pool,
        groups: &[(u8, u8); 4],
        n: usize,
    ) {
        let view = View::new(pos);
        let frame = Frame::new(&self.rules, whole, &view);
        let (x, y) = (groups[0].0, groups[1].0);
        let (hi, lo) = (frame.die(x.max(y)), frame.die(x.min(y)));
        let left = groups[0].1;
        let no_entries = view.bar == 0 && view.start == 0;
        if n == 1 {
            // A whole double that neither enters nor can bear off: see `walk_double_on_board`,
            // which reads the counts from the key.
            let on_board = left == 4 && no_entries && view.outside >= 4;
            let node = Node::new(pos, &view, on_board);
            match pos.turn() {
                Player::Zero if on_board => self.walk_double_on_board::<0>(&node, &hi),
                Player::One if on_board => self.walk_double_on_board::<1>(&node, &hi),
                Player::Zero => self.walk_double::<0>(&frame, &node, &hi, left, BAR, 0),
                Player::One => self.walk_double::<1>(&frame, &node, &hi, left, BAR, 0),
            }
            return;
        }
        // Two different dice need no keys when nothing can be borne off and the bar and start
        // (which enter on the same point) are not both occupied: see `walk_two`.
        let unkeyed = view.outside >= 2 && (view.bar == 0 || view.start == 0);
        let node = Node::new(pos, &view, !unkeyed);
        match pos.turn() {
            Player::Zero if unkeyed && no_entries => self.walk_two_on_board::<0>(&node, &hi, &lo),
            Player::One if unkeyed && no_entries => self.walk_two_on_board::<1>(&node, &hi, &lo),
            Player::Zero if unkeyed => self.walk_two::<0, false>(&frame, &node, &hi, &lo),
            Player::One if unkeyed => self.walk_two::<1, false>(&frame, &node, &hi, &lo),
            Player::Zero => self.walk_two::<0, true>(&frame, &node, &hi, &lo),
            Player::One => self.walk_two::<1, true>(&frame, &node, &hi, &lo),
        }
    }

    /// A double (or what is left of one): `left` steps of `die`, origins at or below `max_from`,
    /// after the `used` steps in `self.steps`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn walk_double<const P: usize>(
        &mut self,
        frame: &Frame,
        node: &Node,
        die: &Die,
        left: u8,
        max_from: usize,
        used: usize,
    ) {
        let d = die.value as usize;
        let mut m = frame.movable::<P>(node, die) & up_to(max_from);
        if m == 0 {
            self.keep_play::<false>(&node.pos, 0, node.all_off::<P>(), used);
            return;
        }
        if left == 1 {
            // The last die: every play here uses them all.
            self.admit(used + 1);
            let template = Play::from_array(self.steps, used + 1, node.pos);
            while m != 0 {
                let from = highest(m);
                m &= !(1 << from);
                let to = target(from, d);
                self.push_finished::<P, false>(&template, used, from, to, die.value, node.hits(to));
            }
            return;
        }
        while m != 0 {
            let from = highest(m);
            m &= !(1 << from);
            let to = target(from, d);
            let hit = node.hits(to);
            self.steps[used] = Step::from_indices(from, to, die.value, hit);
            let mut next = *node;
            next.apply::<P, false>(from, to, hit);
            if to == OFF && next.all_off::<P>() {
                self.keep_play::<false>(&next.pos, 0, true, used + 1);
            } else {
                self.walk_double::<P>(frame, &next, die, left - 1, from, used + 1);
            }
        }
    }

    /// A whole double (four steps) with nothing on the bar or in start and at least four
    /// checkers outside the home board: nothing enters and nothing can be borne off, so the legal
    /// origins are the occupied points of `die.moves`, and the four levels of
    /// [`MoveGen::walk_double`] are written out, without its recursion. Same plays, same order.
    pub(super) fn walk_double_on_board<const P: usize>(&mut self, node: &Node, die: &Die) {
        let d = die.value as usize;
        let moves = die.moves & POINTS;
        let s0 = OnBoard::new(node);
        let mut m1 = s0.occ & moves;
        if m1 == 0 {
            self.keep_play::<false>(&node.pos, 0, false, 0);
            return;
        }
        // Every play is finished in place from a copy of the start: see `push_finished`.
        let template = Play::from_array(self.steps, 4, node.pos);
        // The origins of the steps so far, and whether each hit.
        let mut path = [(0usize, false); 4];
        while m1 != 0 {
            let f1 = highest(m1);
            m1 &= !(1 << f1);
            let s1 = s0.step(f1, d);
            path[0] = (f1, s0.hits(f1 - d));
            let mut m2 = s1.occ & moves & up_to(f1);
            if m2 == 0 {
                self.shallow_double_leaf::<P>(&node.pos, &path[..1], die.value);
                continue;
            }
            while m2 != 0 {
                let f2 = highest(m2);
                m2 &= !(1 << f2);
                let s2 = s1.step(f2, d);
                path[1] = (f2, s1.hits(f2 - d));
                let mut m3 = s2.occ & moves & up_to(f2);
                if m3 == 0 {
                    self.shallow_double_leaf::<P>(&node.pos, &path[..2], die.value);
                    continue;
                }
                while m3 != 0 {
                    let f3 = highest(m3);
                    m3 &= !(1 << f3);
                    let s3 = s2.step(f3, d);
                    path[2] = (f3, s2.hits(f3 - d));
                    let mut m4 = s3.occ & moves & up_to(f3);
                    if m4 == 0 {
                        self.shallow_double_leaf::<P>(&node.pos, &path[..3], die.value);
                        continue;
                    }
                    // All four dice used: the most a double can, so every play below is kept.
                    self.admit(4);
                    while m4 != 0 {
                        let f4 = highest(m4);
                        m4 &= !(1 << f4);
                        path[3] = (f4, s3.hits(f4 - d));
                        self.out.push(template);
                        if let Some(play) = self.out.last_mut() {
                            let (steps, pos) = play.parts_mut();
                            for (step, &(from, hit)) in steps.iter_mut().zip(&path) {
                                *step = Step::between_points(from, from - d, die.value, hit);
                                pos.move_on_board::<P>(from, from - d, hit);
                            }
                        }
                    }
                }
            }
        }
    }

    /// A play of [`MoveGen::walk_double_on_board`] that stops short of four steps (`path`: the
    /// origins and hits of its steps): kept if no longer play is found.
    fn shallow_double_leaf<const P: usize>(
        &mut self,
        start: &Position,
        path: &[(usize, bool)],
        die: u8,
    ) {
        let d = die as usize;
        let mut pos = *start;
        for (i, &(from, hit)) in path.iter().enumerate() {
            self.steps[i] = Step::between_points(from, from - d, die, hit);
            pos.move_on_board::<P>(from, from - d, hit);
        }
        self.keep_play::<false>(&pos, 0, false, path.len());
    }

    /// Appends a copy of `template` and finishes it where it lies: step `last` moves a checker
    /// from `from` to `to` (`ON_BOARD`: both points) with `die`, and the template's position (the
    /// one before that step) gets the move. Writing the few changed bytes into the output, not
    /// into a copy that is then copied out whole, spares the processor a stall on every play.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn push_finished<const P: usize, const ON_BOARD: bool>(
        &mut self,
        template: &Play,
        last: usize,
        from: usize,
        to: usize,
        die: u8,
        hit: bool,
    ) {
        self.out.push(*template);
        if let Some(play) = self.out.last_mut() {
            let (steps, pos) = play.parts_mut();
            if ON_BOARD {
                steps[last] = Step::between_points(from, to, die, hit);
                pos.move_on_board::<P>(from, to, hit);
            } else {
                steps[last] = Step::from_indices(from, to, die, hit);
                pos.move_indices::<P>(from, to, hit);
            }
        }
    }

    /// Two different dice, `a` the larger: either die first from any origin, then the other from
    /// an origin no higher than the first (only the larger die first takes the second checker
    /// from the same point: either order gives the same result).
    ///
    /// Such a walk reaches one position twice only when one checker uses both dice, in either
    /// order, without hitting on the way; when checkers are borne off (two bear-offs in either
    /// order; the last checker borne off with one die or both); or when a checker from the bar
    /// and one from start, which enter on the same point, take the dice in either order. With
    /// two or more checkers outside the home board nothing can be borne off, so with the bar or
    /// start empty the first case is the only one and is skipped where it arises; otherwise
    /// (`KEYED`) every result is checked against the keys so far.
    pub(super) fn walk_two<const P: usize, const KEYED: bool>(
        &mut self,
        frame: &Frame,
        node: &Node,
        a: &Die,
        b: &Die,
    ) {
        let with_a = frame.movable::<P>(node, a);
        let with_b = frame.movable::<P>(node, b);
        let mut m = with_a | with_b;
        if m == 0 {
            self.keep_play::<KEYED>(&node.pos, node.key(), false, 0);
            return;
        }
        while m != 0 {
            let from = highest(m);
            m &= !(1 << from);
            // Whether the larger die first, then the smaller with the same checker, was played
            // without a hit on the way: the smaller die first with that checker is the same play.
            let mut same_checker_played = false;
            if with_a & (1 << from) != 0 {
                self.two_from::<P, KEYED>(frame, node, from, a, b, true, &mut same_checker_played);
            }
            if with_b & (1 << from) != 0 {
                self.two_from::<P, KEYED>(frame, node, from, b, a, false, &mut same_checker_played);
            }
        }
    }

    /// The plays of [`MoveGen::walk_two`] whose first step moves from `from` with `die`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn two_from<const P: usize, const KEYED: bool>(
        &mut self,
        frame: &Frame,
        node: &Node,
        from: usize,
        die: &Die,
        other: &Die,
        larger_first: bool,
        same_checker_played: &mut bool,
    ) {
        let to = target(from, die.value as usize);
        let hit = node.hits(to);
        self.steps[0] = Step::from_indices(from, to, die.value, hit);
        let mut next = *node;
        next.apply::<P, KEYED>(from, to, hit);
        if KEYED && to == OFF && next.all_off::<P>() {
            self.keep_play::<KEYED>(&next.pos, next.key(), true, 1);
            return;
        }
        let top = if larger_first { from } else { from - 1 };
        let mut second = frame.movable::<P>(&next, other) & up_to(top);
        if to != OFF && second & (1 << to) != 0 && !hit {
            if larger_first {
                *same_checker_played = true;
            } else if *same_checker_played && !KEYED {
                second &= !(1 << to);
            }
        }
        if second == 0 {
            // A higher origin might have followed: then a two-dice play exists and this
            // one-die leaf is dropped by the maximisation.
            self.keep_play::<KEYED>(&next.pos, next.key(), false, 1);
            return;
        }
        // Both dice used (or, E29, the last checker borne off): the most this pool can use.
        self.admit(2);
        let template = Play::from_array(self.steps, 2, next.pos);
        let d = other.value as usize;
        while second != 0 {
            let from2 = highest(second);
            second &= !(1 << from2);
            let to2 = target(from2, d);
            let hit2 = next.hits(to2);
            if KEYED {
                let (lo, hi) = key_moved((next.key_lo, next.key_hi), from2, to2, hit2);
                if !self.index.insert(((hi as u128) << 64) | lo as u128) {
                    continue;
                }
            }
            self.push_finished::<P, false>(&template, 1, from2, to2, other.value, hit2);
        }
    }

    /// [`MoveGen::walk_two`] with nothing on the bar or in start and at least two checkers
    /// outside the home board: every step goes from a point to a point, so the legal origins are
    /// the occupied points of each die's `moves` and no result can be reached twice but by one
    /// checker taking both dice. Same plays, same order.
    pub(super) fn walk_two_on_board<const P: usize>(&mut self, node: &Node, a: &Die, b: &Die) {
        let with_a = node.occ & a.moves;
        let with_b = node.occ & b.moves;
        let mut m = with_a | with_b;
        if m == 0 {
            self.keep_play::<false>(&node.pos, 0, false, 0);
            return;
        }
        // Every play is finished in place from a copy of the start: see `push_finished`.
        let template = Play::from_array(self.steps, 2, node.pos);
        while m != 0 {
            let from = highest(m);
            m &= !(1 << from);
            let leaves_empty = node.pos.mover_count::<P>(from) == 1;
            // Larger die first, then the smaller with the same checker, played without a hit on
            // the way: then the smaller die first with that checker is the same play.
            let mut same_checker_played = false;
            for (die, other, first, larger_first) in [(a, b, with_a, true), (b, a, with_b, false)] {
                if first & (1 << from) == 0 {
                    continue;
                }
                let to = from - die.value as usize;
                let hit = node.blots & (1 << to) != 0;
                let first = Step::between_points(from, to, die.value, hit);
                let occ = (node.occ & !((leaves_empty as u32) << from)) | 1 << to;
                let blots = node.blots & !(1 << to);
                let top = if larger_first { from } else { from - 1 };
                let mut second = occ & other.moves & up_to(top);
                if second & (1 << to) != 0 && !hit {
                    if larger_first {
                        same_checker_played = true;
                    } else if same_checker_played {
                        second &= !(1 << to);
                    }
                }
                if second == 0 {
                    self.steps[0] = first;
                    let mut pos = node.pos;
                    pos.move_on_board::<P>(from, to, hit);
                    self.keep_play::<false>(&pos, 0, false, 1);
                    continue;
                }
                // Both dice used: every play below is kept.
                self.admit(2);
                let d = other.value as usize;
                while second != 0 {
                    let from2 = highest(second);
                    second &= !(1 << from2);
                    let to2 = from2 - d;
                    let hit2 = blots & (1 << to2) != 0;
                    self.out.push(template);
                    if let Some(play) = self.out.last_mut() {
                        let (steps, pos) = play.parts_mut();
                        steps[0] = first;
                        steps[1] = Step::between_points(from2, to2, other.value, hit2);
                        pos.move_on_board::<P>(from, to, hit);
                        pos.move_on_board::<P>(from2, to2, hit2);
                    }
                }
            }
        }
    }

    /// A finished play: kept if it uses the most dice (R5.1, R5.3; E29 counts bearing off the
    /// last checker as using them all) and, when `KEYED`, reaches a position not reached before
    /// (`key` is its key; unused otherwise). A double's walk needs no keys: see the module docs.
    #[inline(always)]
    fn keep_play<const KEYED: bool>(
        &mut self,
        pos: &Position,
        key: u128,
        all_off: bool,
        used: usize,
    ) {
        if !self.admit(if all_off { self.pool.len() } else { used }) {
            return;
        }
        if !KEYED || self.index.insert(key) {
            self.out.push(Play::from_array(self.steps, used, *pos));
        }
    }
}
