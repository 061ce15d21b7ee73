//! A deliberately simple, independent legal-play generator and perft, written only to check the
//! engine (`src/movegen.rs`, `src/perft.rs`).
//!
//! It shares no code with the engine: the public `Rules`, `Pool` and `Position` types are used
//! only to read the input and to write the output. Everything else is built here from the rules
//! specification (`acey-deucey-rules.md`):
//!
//! * its own representation ([`View`]: plain arrays from the mover's point of view);
//! * brute force: at every step any remaining die (so every ordering of the pool) and every
//!   checker is tried, with no ordering tricks and no memo;
//! * its own maximisation: R5.1 (most dice), R5.2 (the larger die when only one of two different
//!   values can be used), E29 (a play that bears off the last checker is complete);
//! * bar priority R4.6, entry from `start` R4.1, hits R4.4, bear-off eligibility R8.1 checked
//!   before every step, the three bear-off rules R8.2, and the options of section 3
//!   (entry_before_moving, entry_unlock, hit_restriction, frozen_home, dice_usage,
//!   acey_doubles_mode, acey_double_gate, acey_double_choice, acey_reroll_gate, natural_doubles);
//! * its own de-duplication of results (a `BTreeSet`);
//! * its own perft (as `src/perft.rs` defines it), including the acey-deucey procedure AD-1..AD-7.
//!
//! The engine is compared with it on about 4,800 distinct positions reached by random legal play
//! (about 100,000 position and pool pairs), for every preset and every option, and the perft
//! numbers of the presets are pinned only after both sides agree.
//!
//! Readings where the spec leaves room, chosen here the same way as the engine (so an agreement
//! does not confirm them; they are interpretations, not checks):
//! * `dice_usage = forfeit-on-block`: a play ends when **no** remaining die has a legal step. The
//!   spec's "as soon as the next die has no legal step, the rest of the pool is lost" could also
//!   be read as letting P pick a blocked die next and so forfeit dice that could still be played.
//! * R5.2 (the larger die) is applied to any pool of two different values, which includes the
//!   European chosen double {d, d, 7-d, 7-d} when only one step can be played.
//! * `hit_restriction = need-one-checker-home` looks at the position before the hitting step.
//! * perft pairs a finished game with the loser to roll, as `src/perft.rs` does: its definition does
//!   not say, and AD-7 drops the re-roll, so "same player to roll" would be wrong there. Positions
//!   within depth 2 of the start never finish, so the pinned numbers do not depend on it.

use std::collections::{BTreeSet, HashSet};

use acey_rules::{
    perft, successors, AceyDoubleChoice, AceyDoubleGate, AceyDoublesMode, AceyRerollGate,
    BarPriority, BearOffRule, DiceUsage, EntryBeforeMoving, EntryUnlock, HitRestriction, MoveGen,
    NaturalDoubles, Player, Pool, Position, Preset, Rules, SeededRng,
};

// ---------------------------------------------------------------------------------------------
// The reference generator
// ---------------------------------------------------------------------------------------------

/// A position seen by the player to move: `mine[p]` and `theirs[p]` are the checkers on the
/// mover's point `p` (1..=24; index 0 unused).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
struct View {
    mover: Player,
    mine: [u8; 25],
    theirs: [u8; 25],
    my_bar: u8,
    my_start: u8,
    my_off: u8,
    their_bar: u8,
    their_start: u8,
    their_off: u8,
}

/// Where a step's checker comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum From {
    Bar,
    Start,
    Point(usize),
}

/// Every origin, tried in this order (the order does not matter: everything is tried).
fn origins() -> impl Iterator<Item = From> {
    [From::Bar, From::Start]
        .into_iter()
        .chain((1..=24).map(From::Point))
}

/// The absolute board index (player 0's point `i + 1`) of `mover`'s point `p`.
/// Player 1's point `p` is player 0's point `25 - p` (R1.2).
fn abs_index(mover: Player, p: usize) -> usize {
    match mover {
        Player::Zero => p - 1,
        Player::One => 24 - p,
    }
}

fn view_of(pos: &Position) -> View {
    let mover = pos.turn();
    let them = mover.other();
    let mut mine = [0u8; 25];
    let mut theirs = [0u8; 25];
    for p in 1..=24 {
        let raw = pos.board()[abs_index(mover, p)] as i32;
        // Positive values are player 0's checkers.
        let for_mover = if mover == Player::Zero { raw } else { -raw };
        if for_mover > 0 {
            mine[p] = for_mover as u8;
        } else {
            theirs[p] = (-for_mover) as u8;
        }
    }
    View {
        mover,
        mine,
        theirs,
        my_bar: pos.bar(mover),
        my_start: pos.start(mover),
        my_off: pos.off(mover),
        their_bar: pos.bar(them),
        their_start: pos.start(them),
        their_off: pos.off(them),
    }
}

/// Back to an engine `Position`, with `turn` as the player to act.
fn position_of(v: &View, turn: Player) -> Position {
    let mut board = [0i8; 24];
    for p in 1..=24 {
        let net = v.mine[p] as i8 - v.theirs[p] as i8;
        board[abs_index(v.mover, p)] = if v.mover == Player::Zero { net } else { -net };
    }
    let (mut bar, mut start, mut off) = ([0u8; 2], [0u8; 2], [0u8; 2]);
    let (me, them) = (v.mover as usize, v.mover.other() as usize);
    bar[me] = v.my_bar;
    start[me] = v.my_start;
    off[me] = v.my_off;
    bar[them] = v.their_bar;
    start[them] = v.their_start;
    off[them] = v.their_off;
    Position::new(board, bar, start, off, turn).expect("the reference keeps 15 checkers a side")
}

/// R8.1: every checker of the mover is in points 1..=6 or off.
fn may_bear_off(v: &View) -> bool {
    v.my_start == 0 && v.my_bar == 0 && (7..=24).all(|p| v.mine[p] == 0)
}

/// One step: `die` moves the checker at `from`. `None` when illegal.
///
/// `pool_unlocks` says whether the whole pool this step belongs to is a double (natural or
/// chosen) or the acey-deucey 1-2 (C13, `entry_unlock = double-or-acey-deucey`).
fn step(rules: &Rules, v: &View, from: From, die: u8, pool_unlocks: bool) -> Option<View> {
    // R4.6 Strict: while the bar holds a checker, only bar entries are legal.
    if rules.bar_priority == BarPriority::Strict && v.my_bar > 0 && from != From::Bar {
        return None;
    }
    let present = match from {
        From::Bar => v.my_bar,
        From::Start => v.my_start,
        From::Point(p) => v.mine[p],
    };
    if present == 0 {
        return None;
    }
    let d = die as usize;
    let mut n = *v;
    // Destination point, or None for off.
    let to: Option<usize>;
    match from {
        From::Bar => {
            if v.my_bar == 0 {
                return None;
            }
            n.my_bar -= 1;
            to = Some(25 - d); // R4.1
        }
        From::Start => {
            if v.my_start == 0 {
                return None;
            }
            if v.my_start == 15 {
                // C13: the condition on the very first entry.
                let ok = match rules.entry_unlock {
                    EntryUnlock::None => true,
                    EntryUnlock::DoubleOrAceyDeucey => pool_unlocks,
                    EntryUnlock::SixRequired => die == 6,
                };
                if !ok {
                    return None;
                }
            }
            n.my_start -= 1;
            to = Some(25 - d); // R4.1
        }
        From::Point(p) => {
            if v.mine[p] == 0 {
                return None;
            }
            match rules.entry_before_moving {
                EntryBeforeMoving::Free => {}
                // C1: no board checker moves while any checker is still in start.
                EntryBeforeMoving::AllMustEnterFirst => {
                    if v.my_start > 0 {
                        return None;
                    }
                }
                // GALT: no move onto one's own points 1..=12 while start is not empty.
                EntryBeforeMoving::AllEnteredBeforeOwnHalf => {
                    if v.my_start > 0 && p <= 12 + d {
                        return None;
                    }
                }
            }
            n.mine[p] -= 1;
            if p > d {
                // R4.2, and R8.3: a checker in the home board may only bear off.
                if rules.frozen_home && p <= 6 {
                    return None;
                }
                to = Some(p - d);
            } else {
                // R4.3: bearing off, R8.1 eligibility on the state before this step.
                if !may_bear_off(v) {
                    return None;
                }
                let highest = (1..=24)
                    .rev()
                    .find(|&q| v.mine[q] > 0)
                    .expect("p holds one");
                // R8.2 case 1 (exact), else case 3 by rule; case 2 (a higher checker) never
                // bears off with a larger die.
                let ok = p == d
                    || match rules.bear_off_rule {
                        BearOffRule::Standard => highest == p,
                        BearOffRule::ExactOnly => false,
                        BearOffRule::AnyWhenAllLower => highest < d,
                    };
                if !ok {
                    return None;
                }
                n.my_off += 1;
                to = None;
            }
        }
    }
    if let Some(t) = to {
        // R1.6: two or more opposing checkers block.
        if v.theirs[t] >= 2 {
            return None;
        }
        if v.theirs[t] == 1 {
            // C14 (BRIT): a hit needs one of the mover's checkers in the home board.
            if rules.hit_restriction == HitRestriction::NeedOneCheckerHome
                && (1..=6).all(|q| v.mine[q] == 0)
            {
                return None;
            }
            // R4.4: the blot goes to the opponent's bar.
            n.theirs[t] = 0;
            n.their_bar += 1;
        }
        n.mine[t] += 1;
    }
    Some(n)
}

/// A finished sequence of steps.
struct Leaf {
    view: View,
    used: usize,
    first_die: Option<u8>,
}

/// What stays fixed while one pool is walked.
struct Walk<'a> {
    rules: &'a Rules,
    dice: &'a [u8],
    pool_unlocks: bool,
    leaves: Vec<Leaf>,
}

impl Walk<'_> {
    /// Brute force: every remaining die, every origin, to the end.
    fn walk(&mut self, v: &View, taken: &mut [bool; 4], used: usize, first_die: Option<u8>) {
        let dice = self.dice;
        let all_taken = taken[..dice.len()].iter().all(|&t| t);
        // E29/AD-7: with the last checker off, the play is over.
        if all_taken || v.my_off == 15 {
            self.leaves.push(Leaf {
                view: *v,
                used,
                first_die,
            });
            return;
        }
        let mut any = false;
        for i in 0..dice.len() {
            // Two dice of the same value are interchangeable: try the value once.
            if taken[i] || (0..i).any(|j| !taken[j] && dice[j] == dice[i]) {
                continue;
            }
            for from in origins() {
                if let Some(next) = step(self.rules, v, from, dice[i], self.pool_unlocks) {
                    any = true;
                    taken[i] = true;
                    self.walk(&next, taken, used + 1, first_die.or(Some(dice[i])));
                    taken[i] = false;
                }
            }
        }
        if !any {
            self.leaves.push(Leaf {
                view: *v,
                used,
                first_die,
            });
        }
    }
}

/// One legal play of the reference: the resulting position (mover still to act) and how many
/// dice it used.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
struct RefPlay {
    position: Position,
    used: usize,
}

impl RefPlay {
    fn finished(&self) -> bool {
        self.position.off(self.position.turn()) == 15
    }
}

/// Whether the whole pool is a double or the acey-deucey 1-2 (C13).
fn pool_unlocks(rules: &Rules, dice: &[u8]) -> bool {
    let one_two = dice.len() == 2 && dice.contains(&1) && dice.contains(&2);
    dice.len() == 4 || (rules.acey_deucey && one_two)
}

/// Every legal play of `dice` from `pos` for `pos.turn()`, one per distinct (position, dice used).
/// Empty when nothing can be played.
fn ref_plays(rules: &Rules, pos: &Position, dice: &[u8]) -> Vec<RefPlay> {
    let v = view_of(pos);
    if v.my_off == 15 || v.their_off == 15 {
        return Vec::new();
    }
    let mut w = Walk {
        rules,
        dice,
        pool_unlocks: pool_unlocks(rules, dice),
        leaves: Vec::new(),
    };
    w.walk(&v, &mut [false; 4], 0, None);
    let leaves = w.leaves;
    let weight = |l: &Leaf| {
        if l.view.my_off == 15 {
            dice.len() // E29: complete, whatever dice remain
        } else {
            l.used
        }
    };
    let best = leaves.iter().map(weight).max().unwrap_or(0);
    if best == 0 {
        return Vec::new(); // R3.2/E28: no legal step at all
    }
    let kept: Vec<&Leaf> = match rules.dice_usage {
        DiceUsage::Standard => {
            // R5.1/R5.3: the most dice.
            let mut kept: Vec<&Leaf> = leaves.iter().filter(|l| weight(l) == best).collect();
            // R5.2: two different values, only one usable: the larger if it can be.
            let mut values: Vec<u8> = dice.to_vec();
            values.sort_unstable();
            values.dedup();
            if values.len() == 2 && best == 1 {
                let larger = values[1];
                if kept.iter().any(|l| l.first_die == Some(larger)) {
                    kept.retain(|l| l.first_die == Some(larger));
                }
            }
            kept
        }
        // S2's literal reading: no maximisation; a play ends when no remaining die can move.
        DiceUsage::ForfeitOnBlock => leaves.iter().collect(),
    };
    // De-duplicate on the reference's own representation, then convert.
    let distinct: BTreeSet<(View, usize)> = kept.iter().map(|l| (l.view, l.used)).collect();
    distinct
        .into_iter()
        .map(|(view, used)| RefPlay {
            position: position_of(&view, v.mover),
            used,
        })
        .collect()
}

fn natural_pool(a: u8, b: u8) -> Vec<u8> {
    if a == b {
        vec![a; 4]
    } else {
        vec![a, b]
    }
}

/// AD-4: the pool of a named double.
fn chosen_pool(rules: &Rules, d: u8) -> Vec<u8> {
    match rules.acey_doubles_mode {
        AceyDoublesMode::American => vec![d; 4],
        AceyDoublesMode::EuropeanComplement => vec![d, d, 7 - d, 7 - d],
    }
}

fn is_acey_deucey(rules: &Rules, a: u8, b: u8) -> bool {
    rules.acey_deucey && a.min(b) == 1 && a.max(b) == 2
}

/// AD-2: whether a 1-2 play earns the double.
fn earns_double(rules: &Rules, used: usize) -> bool {
    match rules.acey_double_gate {
        AceyDoubleGate::BothDiceRequired => used == 2,
        AceyDoubleGate::AnyDieUsed => used >= 1,
    }
}

/// AD-5: whether a chosen-double play earns the re-roll.
fn earns_reroll(rules: &Rules, used: usize) -> bool {
    match rules.acey_reroll_gate {
        AceyRerollGate::AllFourRequired => used == 4,
        AceyRerollGate::Always => true,
    }
}

/// AD-3: the doubles that may be named after a fully played 1-2.
fn nameable(rules: &Rules, pos: &Position) -> Vec<u8> {
    match rules.acey_double_choice {
        AceyDoubleChoice::Any => (1..=6).collect(),
        AceyDoubleChoice::PlayableIfPossible => {
            let full: Vec<u8> = (1..=6)
                .filter(|&d| {
                    ref_plays(rules, pos, &chosen_pool(rules, d))
                        .iter()
                        .any(|p| p.used == 4 || p.finished())
                })
                .collect();
            if full.is_empty() {
                (1..=6).collect()
            } else {
                full
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The reference perft (as `src/perft.rs` defines it)
// ---------------------------------------------------------------------------------------------

/// The state after a play: the position with the player to roll. A finished game is paired with
/// the loser to roll (the engine's convention, see `src/perft.rs`): the game is over, so who
/// would roll next does not exist, and one pairing keeps a finished position from being counted
/// twice.
fn state_after(play_pos: Position, same_player_rolls: bool) -> Position {
    let mover = play_pos.turn();
    if play_pos.off(mover) == 15 || !same_player_rolls {
        play_pos.with_turn(mover.other())
    } else {
        play_pos
    }
}

fn ref_successors(rules: &Rules, state: &Position, a: u8, b: u8) -> HashSet<Position> {
    let mover = state.turn();
    let mut out = HashSet::new();
    let plays = ref_plays(rules, state, &natural_pool(a, b));
    if plays.is_empty() {
        // Nothing can be played: same position, opponent to roll.
        out.insert(state.with_turn(mover.other()));
        return out;
    }
    if is_acey_deucey(rules, a, b) {
        for p in &plays {
            // AD-7 (game over) or AD-2 (privileges lost): the opponent rolls.
            if p.finished() || !earns_double(rules, p.used) {
                out.insert(state_after(p.position, false));
                continue;
            }
            for d in nameable(rules, &p.position) {
                let doubles = ref_plays(rules, &p.position, &chosen_pool(rules, d));
                if doubles.is_empty() {
                    // A named double with no legal step: the gate decides on zero steps.
                    out.insert(state_after(p.position, earns_reroll(rules, 0)));
                }
                for q in doubles {
                    out.insert(state_after(q.position, earns_reroll(rules, q.used)));
                }
            }
        }
    } else {
        // R6.1 option: a natural double played in full re-rolls.
        let reroll_rule = a == b && rules.natural_doubles == NaturalDoubles::FourMovesThenReroll;
        for p in plays {
            out.insert(state_after(p.position, reroll_rule && p.used == 4));
        }
    }
    out
}

/// The 21 distinct rolls.
fn rolls() -> Vec<(u8, u8)> {
    let mut v = Vec::new();
    for a in 1..=6 {
        for b in 1..=a {
            v.push((a, b));
        }
    }
    v
}

fn ref_perft(rules: &Rules, state: &Position, depth: u32) -> u64 {
    if depth == 0 || state.off(Player::Zero) == 15 || state.off(Player::One) == 15 {
        return 1;
    }
    rolls()
        .into_iter()
        .map(|(a, b)| {
            ref_successors(rules, state, a, b)
                .iter()
                .map(|s| ref_perft(rules, s, depth - 1))
                .sum::<u64>()
        })
        .sum()
}

// ---------------------------------------------------------------------------------------------
// Comparing with the engine
// ---------------------------------------------------------------------------------------------

/// The engine's resulting positions, and how many plays it listed for them: one play per
/// resulting position is part of the contract, so the count must equal the set's size.
fn engine_results(gen: &mut MoveGen, pos: &Position, dice: &[u8]) -> (BTreeSet<Position>, usize) {
    let pool = Pool::from_dice(dice).expect("valid dice");
    let plays = gen.plays(pos, &pool);
    (plays.iter().map(|p| *p.position()).collect(), plays.len())
}

fn reference_results(rules: &Rules, pos: &Position, dice: &[u8]) -> BTreeSet<Position> {
    ref_plays(rules, pos, dice)
        .iter()
        .map(|p| p.position)
        .collect()
}

fn compare_one(rules: &Rules, gen: &mut MoveGen, pos: &Position, dice: &[u8]) -> Option<String> {
    let (engine, listed) = engine_results(gen, pos, dice);
    let reference = reference_results(rules, pos, dice);
    if listed != engine.len() {
        return Some(format!(
            "rules {rules}\n  position {}\n  pool {dice:?}: engine lists {listed} plays for {} distinct positions",
            pos.to_json(),
            engine.len()
        ));
    }
    if engine == reference {
        return None;
    }
    let show = |s: Vec<&Position>| {
        s.iter()
            .map(|p| p.to_json())
            .collect::<Vec<_>>()
            .join("\n      ")
    };
    Some(format!(
        "rules {rules}\n  position {}\n  pool {dice:?}: engine {} results, reference {}\n    only engine:\n      {}\n    only reference:\n      {}",
        pos.to_json(),
        engine.len(),
        reference.len(),
        show(engine.difference(&reference).collect()),
        show(reference.difference(&engine).collect()),
    ))
}

/// Positions reached by random legal play from the start (several games), including the
/// position between a 1-2 and its chosen double. Plays are picked uniformly among the reference
/// results, so the walk itself never depends on the engine.
fn sample_positions(rules: &Rules, seed: u64, count: usize) -> Vec<Position> {
    let mut dice = SeededRng::new(seed);
    let mut out = Vec::with_capacity(count);
    let fresh = |dice: &mut SeededRng| {
        let start = Position::starting(rules);
        if dice.below(2) == 0 {
            start
        } else {
            start.with_turn(Player::One)
        }
    };
    let mut pos = fresh(&mut dice);
    let mut turns = 0;
    while out.len() < count {
        if pos.off(Player::Zero) == 15 || pos.off(Player::One) == 15 || turns > 600 {
            pos = fresh(&mut dice);
            turns = 0;
        }
        turns += 1;
        out.push(pos);
        let mover = pos.turn();
        let (a, b) = dice.roll();
        let plays = ref_plays(rules, &pos, &natural_pool(a, b));
        if plays.is_empty() {
            pos = pos.with_turn(mover.other());
            continue;
        }
        let p = plays[dice.below(plays.len())];
        pos = p.position;
        if p.finished() {
            continue;
        }
        let mut again =
            a == b && rules.natural_doubles == NaturalDoubles::FourMovesThenReroll && p.used == 4;
        if is_acey_deucey(rules, a, b) && earns_double(rules, p.used) {
            out.push(pos);
            let names = nameable(rules, &pos);
            let d = names[dice.below(names.len())];
            let doubles = ref_plays(rules, &pos, &chosen_pool(rules, d));
            let used = if doubles.is_empty() {
                0
            } else {
                let q = doubles[dice.below(doubles.len())];
                pos = q.position;
                q.used
            };
            if pos.off(mover) == 15 {
                continue;
            }
            again = earns_reroll(rules, used);
        }
        if !again {
            pos = pos.with_turn(mover.other());
        }
    }
    out.truncate(count);
    out
}

/// Compares engine and reference on `count` sampled positions, for all 21 natural rolls and, when
/// the chosen doubles differ from natural ones, the six chosen doubles too.
fn compare_on_random_positions(rules: &Rules, seed: u64, count: usize) {
    let mut gen = MoveGen::new(rules);
    let positions = sample_positions(rules, seed, count);
    let distinct: BTreeSet<Position> = positions.iter().copied().collect();
    let mut pools: Vec<Vec<u8>> = rolls()
        .into_iter()
        .map(|(a, b)| natural_pool(a, b))
        .collect();
    if rules.acey_doubles_mode != AceyDoublesMode::American {
        pools.extend((1..=6).map(|d| chosen_pool(rules, d)));
    }
    let mut failures = Vec::new();
    let mut compared = 0;
    for pos in &distinct {
        for dice in &pools {
            compared += 1;
            if let Some(f) = compare_one(rules, &mut gen, pos, dice) {
                failures.push(f);
            }
        }
    }
    assert!(
        distinct.len() * 2 > count,
        "the walk should reach many distinct positions"
    );
    assert!(
        failures.is_empty(),
        "{} of {compared} (position, pool) pairs differ; first ones:\n{}",
        failures.len(),
        failures
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

fn with(base: Preset, overrides: &str) -> Rules {
    format!("{base},{overrides}")
        .parse()
        .expect("valid override")
}

// ---------------------------------------------------------------------------------------------
// Sanity checks of the reference itself on the spec's worked examples
// ---------------------------------------------------------------------------------------------

/// A position for player 0 from (point, count) lists in player 0's numbering; player 1's
/// checkers are given in player 1's own numbering (point p is player 0's 25 - p). What is not
/// placed is off (or in start, as given).
fn pos_of(mine: &[(usize, u8)], theirs: &[(usize, u8)], bar: [u8; 2], start: [u8; 2]) -> Position {
    let mut board = [0i8; 24];
    for &(p, n) in mine {
        board[p - 1] += n as i8;
    }
    for &(p, n) in theirs {
        board[24 - p] -= n as i8;
    }
    let on0: u8 = mine.iter().map(|x| x.1).sum();
    let on1: u8 = theirs.iter().map(|x| x.1).sum();
    let off = [15 - on0 - bar[0] - start[0], 15 - on1 - bar[1] - start[1]];
    Position::new(board, bar, start, off, Player::Zero).unwrap()
}

/// A result summarised as (player 0's occupied points with counts, player 0's bar, player 0's off).
type Summary = (Vec<(usize, u8)>, u8, u8);

/// The reference's results as summaries, for readable assertions.
fn results(rules: &Rules, pos: &Position, dice: &[u8]) -> Vec<Summary> {
    let mut v: Vec<_> = ref_plays(rules, pos, dice)
        .iter()
        .map(|p| {
            let q = p.position;
            let pts = (1..=24)
                .filter(|&i| q.board()[i - 1] > 0)
                .map(|i| (i, q.board()[i - 1] as u8))
                .collect();
            (pts, q.bar(Player::Zero), q.off(Player::Zero))
        })
        .collect();
    v.sort();
    v.dedup(); // E29: one result reached with different numbers of dice
    v
}

#[test]
fn reference_follows_the_worked_examples() {
    let am = Rules::default();
    // E6: only 24 can move; 23 and 22 open, 21 blocked: at most one die, so the 2 (24->22).
    let pos = pos_of(&[(24, 1), (1, 14)], &[(4, 2)], [0, 0], [0, 13]);
    let r = results(&am, &pos, &[1, 2]);
    assert_eq!(r, vec![(vec![(1, 14), (22, 1)], 0, 0)]);
    // E7: 10 with 9 blocked, 8 and 7 open: 10->8->7 is the only play.
    let pos = pos_of(&[(10, 1), (1, 14)], &[(16, 2)], [0, 0], [0, 13]);
    assert_eq!(
        results(&am, &pos, &[1, 2]),
        vec![(vec![(1, 14), (7, 1)], 0, 0)]
    );
    // E10: bar 1, 6-3 with 19 and 22 open, 16 blocked: enter with the 6.
    let pos = pos_of(&[(1, 14)], &[(9, 2)], [1, 0], [0, 13]);
    assert_eq!(
        results(&am, &pos, &[6, 3]),
        vec![(vec![(1, 14), (19, 1)], 0, 0)]
    );
    // E23: checkers on 2 and 4 only, a 6.
    let pos = pos_of(&[(2, 1), (4, 1)], &[(1, 2)], [0, 0], [0, 13]);
    let std_ = results(&am, &pos, &[6]);
    assert_eq!(std_, vec![(vec![(2, 1)], 0, 14)]);
    let liberal = results(&Preset::LiberalBearoff.rules(), &pos, &[6]);
    assert_eq!(liberal, vec![(vec![(2, 1)], 0, 14), (vec![(4, 1)], 0, 14)]);
    assert!(results(&Preset::Bgammon.rules(), &pos, &[6]).is_empty());
    // E23 second part: 5 and 2, die 3: 5->2 under every rule.
    let pos = pos_of(&[(2, 1), (5, 1)], &[(1, 2)], [0, 0], [0, 13]);
    for rules in [am, Preset::LiberalBearoff.rules(), Preset::Bgammon.rules()] {
        assert_eq!(results(&rules, &pos, &[3]), vec![(vec![(2, 2)], 0, 13)]);
    }
    // E29: last checker on 3, 6-1: 6/off and 3/2/off are one result, the game is over.
    let pos = pos_of(&[(3, 1)], &[(1, 2)], [0, 0], [0, 13]);
    assert_eq!(results(&am, &pos, &[6, 1]), vec![(vec![], 0, 15)]);
    // E29 with a hit: an opposing blot on 2 makes 3/2*/off a second result; 6/off (one die)
    // stays legal because it ends the game.
    let pos = pos_of(&[(3, 1)], &[(23, 1)], [0, 0], [0, 14]);
    let r = ref_plays(&am, &pos, &[6, 1]);
    let bars: BTreeSet<u8> = r.iter().map(|p| p.position.bar(Player::One)).collect();
    assert_eq!(bars, BTreeSet::from([0, 1]), "{r:?}");
    // E9: last outside checker on 7: the 1 brings it home, then the 2 bears off from 2.
    let pos = pos_of(&[(7, 1), (2, 1), (5, 13)], &[(1, 2)], [0, 0], [0, 13]);
    let r = results(&am, &pos, &[1, 2]);
    assert!(r.contains(&(vec![(5, 13), (6, 1)], 0, 1)), "{r:?}");
    // E22: 6-3 where 13->7 first leaves no 3 (7->4 and 9->6 blocked) but 9->3 and 13->10
    // use both dice.
    let pos = pos_of(
        &[(13, 1), (9, 1), (1, 13)],
        &[(21, 2), (19, 2)],
        [0, 0],
        [0, 11],
    );
    assert_eq!(
        results(&am, &pos, &[6, 3]),
        vec![(vec![(1, 13), (3, 1), (10, 1)], 0, 0)]
    );
    let forfeit = with(Preset::American, "dice_usage=forfeit-on-block");
    let r = results(&forfeit, &pos, &[6, 3]);
    assert_eq!(
        r,
        vec![
            (vec![(1, 13), (3, 1), (10, 1)], 0, 0),
            (vec![(1, 13), (7, 1), (9, 1)], 0, 0)
        ]
    );
    // E12: bar 1, start 8, 4-3: the bar checker enters first, then anything.
    let pos = pos_of(&[(1, 6)], &[], [1, 0], [8, 15]);
    for p in ref_plays(&am, &pos, &[4, 3]) {
        assert_eq!(p.position.bar(Player::Zero), 0);
        assert_eq!(p.used, 2);
    }
}

/// The positions of the worked examples above and a few more corner cases, for both seats.
fn corner_positions() -> Vec<Position> {
    let v = vec![
        pos_of(&[(24, 1), (1, 14)], &[(4, 2)], [0, 0], [0, 13]),
        pos_of(&[(10, 1), (1, 14)], &[(16, 2)], [0, 0], [0, 13]),
        pos_of(&[(1, 14)], &[(9, 2)], [1, 0], [0, 13]),
        pos_of(&[(2, 1), (4, 1)], &[(1, 2)], [0, 0], [0, 13]),
        pos_of(&[(2, 1), (5, 1)], &[(1, 2)], [0, 0], [0, 13]),
        pos_of(&[(3, 1)], &[(1, 2)], [0, 0], [0, 13]),
        pos_of(&[(3, 1)], &[(23, 1)], [0, 0], [0, 14]),
        pos_of(&[(6, 1), (2, 1)], &[(22, 1), (20, 1)], [0, 0], [0, 13]),
        pos_of(&[(7, 1), (2, 1), (5, 13)], &[(1, 2)], [0, 0], [0, 13]),
        pos_of(
            &[(13, 1), (9, 1), (1, 13)],
            &[(21, 2), (19, 2)],
            [0, 0],
            [0, 11],
        ),
        pos_of(&[(1, 6)], &[], [1, 0], [8, 15]),
        // E2 (a)-(c): the bar against a 1-2, 24 blocked.
        pos_of(&[(8, 5)], &[(1, 2)], [1, 0], [9, 13]),
        pos_of(&[(8, 5)], &[(1, 2)], [2, 0], [8, 13]),
        // E17: entry fully blocked.
        pos_of(
            &[(8, 5)],
            &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2)],
            [1, 0],
            [9, 3],
        ),
        // E16: an Oscar in start blocks bearing off.
        pos_of(&[(1, 4), (2, 5), (6, 5)], &[(1, 2)], [0, 0], [1, 13]),
        // E15: a home blot the opponent's entering checkers can hit.
        pos_of(&[(5, 1), (3, 4)], &[(13, 5)], [0, 0], [0, 10]),
        // An empty start with only home checkers and blots of both sides around.
        pos_of(
            &[(6, 2), (4, 3), (1, 1)],
            &[(18, 1), (22, 1), (23, 3)],
            [0, 1],
            [0, 9],
        ),
    ];
    let mut all = v.clone();
    all.extend(v.iter().map(|p| p.mirrored()));
    all
}

#[test]
fn engine_matches_the_reference_on_corner_positions() {
    let mut rule_sets: Vec<Rules> = Preset::ALL.iter().map(|p| p.rules()).collect();
    for o in [
        "bar_priority=none",
        "dice_usage=forfeit-on-block",
        "acey_doubles_mode=european-complement",
        "frozen_home=true",
        "entry_before_moving=all-entered-before-own-half",
        "entry_unlock=six-required",
        "hit_restriction=need-one-checker-home",
    ] {
        rule_sets.push(with(Preset::American, o));
    }
    let mut failures = Vec::new();
    for rules in &rule_sets {
        let mut gen = MoveGen::new(rules);
        let mut pools: Vec<Vec<u8>> = rolls()
            .into_iter()
            .map(|(a, b)| natural_pool(a, b))
            .collect();
        pools.extend((1..=6).map(|d| chosen_pool(rules, d)));
        pools.extend((1..=6).map(|d| vec![d]));
        for pos in corner_positions() {
            for dice in &pools {
                failures.extend(compare_one(rules, &mut gen, &pos, dice));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} differ:\n{}",
        failures.len(),
        failures[..failures.len().min(5)].join("\n")
    );
}

// ---------------------------------------------------------------------------------------------
// Engine == reference on random positions
// ---------------------------------------------------------------------------------------------

#[test]
fn american_matches_the_reference() {
    compare_on_random_positions(&Preset::American.rules(), 1, 700);
}

#[test]
fn bgammon_matches_the_reference() {
    compare_on_random_positions(&Preset::Bgammon.rules(), 2, 600);
}

#[test]
fn liberal_bearoff_matches_the_reference() {
    compare_on_random_positions(&Preset::LiberalBearoff.rules(), 3, 600);
}

#[test]
fn backgammon_matches_the_reference() {
    compare_on_random_positions(&Preset::Backgammon.rules(), 4, 600);
}

#[test]
fn old_navy_and_britannica_match_the_reference() {
    compare_on_random_positions(&Preset::OldNavy.rules(), 5, 300);
    compare_on_random_positions(&Preset::Britannica.rules(), 6, 300);
}

#[test]
fn every_other_option_matches_the_reference() {
    for (i, overrides) in [
        "bar_priority=none",
        "dice_usage=forfeit-on-block",
        "acey_doubles_mode=european-complement",
        "frozen_home=true",
        "entry_before_moving=all-entered-before-own-half",
        "entry_unlock=six-required",
        "hit_restriction=need-one-checker-home,bear_off_rule=exact-only",
        "natural_doubles=four-moves-then-reroll,acey_double_gate=any-die-used",
    ]
    .iter()
    .enumerate()
    {
        compare_on_random_positions(&with(Preset::American, overrides), 100 + i as u64, 200);
    }
    compare_on_random_positions(
        &with(Preset::Backgammon, "dice_usage=forfeit-on-block"),
        120,
        200,
    );
}

// ---------------------------------------------------------------------------------------------
// perft
// ---------------------------------------------------------------------------------------------

/// Engine `successors` and the reference's, for every roll, from `state`.
fn compare_successors(rules: &Rules, gen: &mut MoveGen, state: &Position) -> Vec<String> {
    let mut failures = Vec::new();
    for (a, b) in rolls() {
        let engine: HashSet<Position> = successors(rules, gen, state, (a, b)).into_iter().collect();
        let reference = ref_successors(rules, state, a, b);
        if engine != reference {
            let only_e: Vec<String> = engine.difference(&reference).map(|p| p.to_json()).collect();
            let only_r: Vec<String> = reference.difference(&engine).map(|p| p.to_json()).collect();
            failures.push(format!(
                "rules {rules}, state {}, roll {a}-{b}: engine {} reference {}\n  only engine {only_e:?}\n  only reference {only_r:?}",
                state.to_json(),
                engine.len(),
                reference.len()
            ));
        }
    }
    failures
}

/// The states a perft of depth 2 expands: the start and every depth-1 state. Equal successor sets
/// for all of them is the same statement as equal perft at depth 1 and 2, roll by roll.
/// `stride` > 1 checks every `stride`-th depth-1 state only (in sorted order), to keep the
/// brute force inside the time budget for the expensive options.
fn check_successors_within_depth_1(rules: &Rules, stride: usize) {
    let mut gen = MoveGen::new(rules);
    let start = Position::starting(rules);
    let mut failures = compare_successors(rules, &mut gen, &start);
    let depth1: BTreeSet<Position> = rolls()
        .into_iter()
        .flat_map(|(a, b)| ref_successors(rules, &start, a, b))
        .collect();
    assert!(
        depth1.len() > 10,
        "{rules}: only {} depth-1 states",
        depth1.len()
    );
    for s in depth1.iter().step_by(stride) {
        failures.extend(compare_successors(rules, &mut gen, s));
    }
    assert!(
        failures.is_empty(),
        "{}",
        failures
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

fn check_perft(rules: &Rules, d1: u64, d2: u64) {
    let start = Position::starting(rules);
    assert_eq!(ref_perft(rules, &start, 1), d1, "reference perft depth 1");
    assert_eq!(ref_perft(rules, &start, 2), d2, "reference perft depth 2");
    assert_eq!(perft(rules, &start, 1), d1, "engine perft depth 1");
    assert_eq!(perft(rules, &start, 2), d2, "engine perft depth 2");
}

#[test]
fn perft_american_depth_1_and_2() {
    check_perft(&Preset::American.rules(), 235, 569_145);
}

#[test]
fn perft_bgammon_depth_1_and_2() {
    check_perft(&Preset::Bgammon.rules(), 235, 569_145);
}

#[test]
fn perft_backgammon_depth_1_and_2() {
    check_perft(&Preset::Backgammon.rules(), 447, 202_782);
}

/// The presets without a pinned perft whose game flow differs within depth 2 (old-navy's entry
/// conditions and re-rolling doubles, britannica's entry and hit rules), and the options that
/// only the game flow (and so perft) sees. american, bgammon and backgammon are covered by the
/// full reference perft above; liberal-bearoff cannot differ from american before anyone bears
/// off (its legal plays are compared on random positions above).
#[test]
fn successor_sets_match_within_depth_1_for_the_other_presets_and_options() {
    check_successors_within_depth_1(&Preset::OldNavy.rules(), 1);
    check_successors_within_depth_1(&Preset::Britannica.rules(), 1);
    for (overrides, stride) in [
        ("acey_reroll_gate=always", 1),
        ("acey_double_choice=playable-if-possible", 2),
        ("acey_double_gate=any-die-used", 1),
        ("acey_doubles_mode=european-complement", 3),
        ("natural_doubles=four-moves-then-reroll", 1),
    ] {
        check_successors_within_depth_1(&with(Preset::American, overrides), stride);
    }
}

/// Successor sets (the acey-deucey procedure, its gates, game end) on positions from the middle
/// and the end of random games, where chosen doubles are often only partly playable and games
/// end: perft from the start cannot reach those within depth 2.
#[test]
fn successor_sets_match_on_random_positions() {
    for (rules, seed, count) in [
        (Preset::American.rules(), 11, 40),
        (Preset::Bgammon.rules(), 12, 40),
        (
            with(Preset::American, "acey_double_choice=playable-if-possible"),
            13,
            15,
        ),
        (
            with(Preset::American, "acey_double_gate=any-die-used"),
            14,
            15,
        ),
        (
            with(Preset::American, "natural_doubles=four-moves-then-reroll"),
            15,
            15,
        ),
        (Preset::Backgammon.rules(), 16, 40),
    ] {
        let mut gen = MoveGen::new(&rules);
        let mut failures = Vec::new();
        // Every 7th position of a long walk: spread over whole games.
        for pos in sample_positions(&rules, seed, count * 7).iter().step_by(7) {
            failures.extend(compare_successors(&rules, &mut gen, pos));
        }
        assert!(
            failures.is_empty(),
            "{}",
            failures[..failures.len().min(5)].join("\n")
        );
    }
}
