//! The network's inputs: the state described from the side to roll.
//!
//! For each side (the side to roll first), each of its own points 1..=24 has four inputs in the
//! style of TD-Gammon: one checker or more, two or more, three or more, and `(n - 3) / 2` beyond
//! three. Then per side: checkers on the bar (any, and count / 4), in `start` (any, and count /
//! 15), borne off / 15, pip count / 375, whether all checkers are home (may bear off), and two
//! expert features: the number of the side's blots that the other side could hit from its own
//! checkers and entering pools within six pips (/ 6), and the length of its longest run of made
//! points (/ 6).
//!
//! That is the basic set ([`FeatureSet::Basic`], 212 inputs). The rich set
//! ([`FeatureSet::Rich`]) appends, per side, measures after GNU Backgammon's hand-made inputs
//! ([`crate::tactics`]): the rolls of the other side that hit one of its blots (/36); the rolls
//! with which its rearmost checker moves in full past the other side's points (/36); how well it
//! contains the other side (36 minus the fewest escapes of a checker of the other side on its
//! points 15..=24, /36); with checkers to enter, the chance that a roll enters none (closed
//! points of the board it enters²/36); the pips its checkers must travel to pass the other
//! side's rearmost checker (/152); its lead in the pip count, if it leads (/100). A network's
//! input count says which set it reads, and a basic network is made rich with zero weights on
//! the new inputs ([`crate::Network::with_features`]).
//!
//! Inputs are mostly zero, so they are produced as a sparse list `(index, value)`; the network's
//! first layer only touches the columns of nonzero inputs.

use acey_rules::{Player, Position};

use crate::tactics::{flipped, shots, Blockade};

/// Inputs per point.
const PER_POINT: usize = 4;
/// Inputs per side beyond the points.
const PER_SIDE_EXTRA: usize = 10;
/// Inputs for one side.
const PER_SIDE: usize = 24 * PER_POINT + PER_SIDE_EXTRA;
/// Number of inputs of the basic set.
pub const INPUTS: usize = 2 * PER_SIDE;
/// Inputs per side that the rich set appends.
const RICH_PER_SIDE: usize = 6;
/// Number of inputs of the rich set.
pub const RICH_INPUTS: usize = INPUTS + 2 * RICH_PER_SIDE;

/// Which inputs a network reads (module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FeatureSet {
    /// Point counts and per-side totals: 212 inputs.
    #[default]
    Basic,
    /// The basic inputs and six tactical measures per side: 224 inputs.
    Rich,
}

impl FeatureSet {
    /// Number of inputs.
    pub const fn inputs(self) -> usize {
        match self {
            FeatureSet::Basic => INPUTS,
            FeatureSet::Rich => RICH_INPUTS,
        }
    }

    /// The set with `n` inputs.
    pub fn with_inputs(n: usize) -> Option<FeatureSet> {
        [FeatureSet::Basic, FeatureSet::Rich]
            .into_iter()
            .find(|f| f.inputs() == n)
    }

    /// The set's name, as `acey train --features` takes it.
    pub fn name(self) -> &'static str {
        match self {
            FeatureSet::Basic => "basic",
            FeatureSet::Rich => "rich",
        }
    }
}

impl std::str::FromStr for FeatureSet {
    type Err = String;
    fn from_str(s: &str) -> Result<FeatureSet, String> {
        match s {
            "basic" => Ok(FeatureSet::Basic),
            "rich" => Ok(FeatureSet::Rich),
            _ => Err(format!("unknown feature set '{s}' (basic or rich)")),
        }
    }
}

/// One side's checkers by its own point numbers (index 1..=24), with the bitmask of the points it
/// occupies (bit `p`) and of the points it has made (two or more).
struct Side {
    counts: [u8; 25],
    occupied: u32,
    made: u32,
    /// Pips on the board (bar and start not included).
    board_pips: u32,
}

/// Both sides' checkers in one pass over the board: `[player 0, player 1]`.
fn sides(pos: &Position) -> [Side; 2] {
    let empty = || Side {
        counts: [0; 25],
        occupied: 0,
        made: 0,
        board_pips: 0,
    };
    let mut s = [empty(), empty()];
    for (i, &v) in pos.board().iter().enumerate() {
        if v == 0 {
            continue;
        }
        // Player 0's point p sits at index p - 1; player 1's at index 24 - p.
        let (side, p, n) = if v > 0 {
            (&mut s[0], i + 1, v as u8)
        } else {
            (&mut s[1], 24 - i, v.unsigned_abs())
        };
        side.counts[p] = n;
        side.occupied |= 1 << p;
        if n >= 2 {
            side.made |= 1 << p;
        }
        side.board_pips += p as u32 * n as u32;
    }
    s
}

/// Bits 1..=24: the points a side's own numbering uses.
const BOARD_BITS: u32 = ((1 << 25) - 1) & !1;
/// Bits 1..=6: a side's home board.
const HOME_BITS: u32 = 0b111_1110;
/// Bits 7..=24: the points outside a side's home board.
const OUTFIELD_BITS: u32 = BOARD_BITS & !(HOME_BITS | 1);

/// Blots of a side that the other side could hit with one die: from the other side's board
/// checkers up to six pips behind them, or by entering (the other side's bar or start checkers
/// enter on its own points 19..=24, which are this side's home board 1..=6; E15, E30).
///
/// `blots` and `their_occupied` are bitmasks of points (bit `p`), each in its own side's numbering.
fn exposed_blots(blots: u32, their_occupied: u32, their_pool: u8) -> u32 {
    let theirs_on_mine = flipped(their_occupied);
    // They move towards my 24, i.e. from my point p - d onto my point p.
    let by_move = (1..=6).fold(0u32, |m, d| m | theirs_on_mine << d);
    // Entering lands on their 19..=24 = my 1..=6.
    let by_entry = if their_pool > 0 { HOME_BITS } else { 0 };
    (blots & (by_move | by_entry)).count_ones()
}

/// The longest run of consecutive made points in a bitmask of made points.
fn longest_prime(made: u32) -> u32 {
    // Each step shortens every run by one: the number of steps until nothing is left.
    let (mut runs, mut len) = (made, 0);
    while runs != 0 {
        runs &= runs >> 1;
        len += 1;
    }
    len
}

/// The nonzero inputs of `state` in the feature set `set`, from the side to roll, as `(index,
/// value)` in `out` (cleared first).
pub fn encode(state: &Position, set: FeatureSet, out: &mut Vec<(u16, f32)>) {
    let both = sides_to_roll(state);
    encode_basic(state, &both, out);
    if set == FeatureSet::Rich {
        encode_rich(state, &both, out);
    }
}

/// Both sides' checkers, the side to roll first.
fn sides_to_roll(state: &Position) -> [Side; 2] {
    let [zero, one] = sides(state);
    if state.turn() == Player::Zero {
        [zero, one]
    } else {
        [one, zero]
    }
}

/// The rich set's measures of both sides (module documentation), appended to `out`.
fn encode_rich(state: &Position, both: &[Side; 2], out: &mut Vec<(u16, f32)>) {
    let me = state.turn();
    let players = [me, me.other()];
    let pools = players.map(|p| state.bar(p) as u32 + state.start(p) as u32);
    let pips = [0, 1].map(|k| both[k].board_pips + 25 * pools[k]);
    for k in 0..2 {
        let (this, that) = (&both[k], &both[1 - k]);
        let (pool, their_pool) = (pools[k], pools[1 - k]);
        let their_made = flipped(that.made);
        let attackers = flipped(that.occupied) | (their_pool > 0) as u32;
        let hit = shots(this.occupied & !this.made, this.made, attackers);
        let rear = if pool > 0 {
            Some(25)
        } else {
            this.occupied.checked_ilog2()
        };
        let back = rear.map_or(0, |p| Blockade::new(their_made).escapes(p));
        let ours = Blockade::new(flipped(this.made));
        let contain = 36 - (15..=24).map(|q| ours.escapes(q)).min().unwrap_or(36);
        let entry = if pool > 0 {
            let closed = (their_made >> 19 & 0b11_1111).count_ones();
            closed * closed
        } else {
            0
        };
        // Their rearmost checker in this side's numbering: 0 while they have checkers to enter.
        let their_rear = if their_pool > 0 {
            0
        } else {
            that.occupied.checked_ilog2().map_or(25, |q| 25 - q)
        };
        let mut behind = pool * 25u32.saturating_sub(their_rear);
        let mut rest = this.occupied & !((2u32 << their_rear) - 1);
        while rest != 0 {
            let p = rest.trailing_zeros();
            rest &= rest - 1;
            behind += (p - their_rear) * this.counts[p as usize] as u32;
        }
        let lead = pips[1 - k].saturating_sub(pips[k]);
        let values = [
            hit as f32 / 36.0,
            back as f32 / 36.0,
            contain as f32 / 36.0,
            entry as f32 / 36.0,
            behind as f32 / 152.0,
            lead as f32 / 100.0,
        ];
        let base = INPUTS + k * RICH_PER_SIDE;
        for (j, v) in values.into_iter().enumerate() {
            if v != 0.0 {
                out.push(((base + j) as u16, v));
            }
        }
    }
}

/// Appends the nonzero inputs of `state` (from the side to roll) in the basic set to `out` as
/// `(index, value)`.
pub fn encode_sparse(state: &Position, out: &mut Vec<(u16, f32)>) {
    encode_basic(state, &sides_to_roll(state), out);
}

/// [`encode_sparse`] of the sides already counted.
fn encode_basic(state: &Position, both: &[Side; 2], out: &mut Vec<(u16, f32)>) {
    out.clear();
    let me = state.turn();
    let players = [me, me.other()];
    for (k, &side) in players.iter().enumerate() {
        let base = k * PER_SIDE;
        let this = &both[k];
        let c = &this.counts;
        let mut occupied = this.occupied;
        while occupied != 0 {
            let p = occupied.trailing_zeros() as usize;
            occupied &= occupied - 1;
            let n = c[p];
            let i = (base + (p - 1) * PER_POINT) as u16;
            out.push((i, 1.0));
            if n >= 2 {
                out.push((i + 1, 1.0));
            }
            if n >= 3 {
                out.push((i + 2, 1.0));
            }
            if n > 3 {
                out.push((i + 3, (n - 3) as f32 / 2.0));
            }
        }
        let e = base + 24 * PER_POINT;
        let bar = state.bar(side);
        let start = state.start(side);
        let off = state.off(side);
        let other = players[1 - k];
        let their_pool = state.bar(other) + state.start(other);
        let pips = this.board_pips + 25 * (bar as u32 + start as u32);
        let all_home = bar == 0 && start == 0 && this.occupied & OUTFIELD_BITS == 0;
        let extras = [
            if bar > 0 { 1.0 } else { 0.0 },
            bar as f32 / 4.0,
            if start > 0 { 1.0 } else { 0.0 },
            start as f32 / 15.0,
            off as f32 / 15.0,
            pips as f32 / 375.0,
            if all_home { 1.0 } else { 0.0 },
            exposed_blots(this.occupied & !this.made, both[1 - k].occupied, their_pool) as f32
                / 6.0,
            longest_prime(this.made) as f32 / 6.0,
            (this.made & HOME_BITS).count_ones() as f32 / 6.0,
        ];
        for (j, v) in extras.into_iter().enumerate() {
            if v != 0.0 {
                out.push(((e + j) as u16, v));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::random_game_states;
    use acey_rules::Rules;

    #[test]
    fn mirrored_states_have_the_same_inputs() {
        // The encoding is from the side to roll, so swapping colours and seats changes nothing.
        let (mut x, mut y) = (Vec::new(), Vec::new());
        for pos in random_game_states(&Rules::default(), 9) {
            encode_sparse(&pos, &mut x);
            encode_sparse(&pos.mirrored(), &mut y);
            assert_eq!(x, y);
            assert!(x
                .iter()
                .all(|&(i, v)| (i as usize) < INPUTS && v > 0.0 && v <= 6.0));
        }
    }

    /// The inputs straight from their definition (module documentation) through `Position`'s
    /// own queries: the fast encoder must give exactly these.
    fn encode_by_definition(pos: &Position) -> Vec<(u16, f32)> {
        let me = pos.turn();
        let mut x = vec![0.0f32; INPUTS];
        for (k, side) in [me, me.other()].into_iter().enumerate() {
            let other = side.other();
            let base = k * PER_SIDE;
            let n = |p: u8| {
                if (1..=24).contains(&p) {
                    pos.count(side, p)
                } else {
                    0
                }
            };
            for p in 1..=24u8 {
                let c = n(p);
                let i = base + (p as usize - 1) * PER_POINT;
                x[i] = (c >= 1) as u8 as f32;
                x[i + 1] = (c >= 2) as u8 as f32;
                x[i + 2] = (c >= 3) as u8 as f32;
                x[i + 3] = c.saturating_sub(3) as f32 / 2.0;
            }
            // Their checker on their point q stands on my point 25 - q.
            let theirs = |q: u8| pos.count(other, q);
            let their_pool = pos.bar(other) + pos.start(other);
            let exposed = (1..=24u8)
                .filter(|&p| n(p) == 1)
                .filter(|&p| {
                    (1..=6).any(|d| 25 - p + d <= 24 && theirs(25 - p + d) > 0)
                        || (their_pool > 0 && p <= 6)
                })
                .count();
            let mut prime = 0;
            for start in 1..=24u8 {
                let len = (start..=24).take_while(|&p| n(p) >= 2).count();
                prime = prime.max(len);
            }
            let e = base + 24 * PER_POINT;
            let (bar, start) = (pos.bar(side), pos.start(side));
            x[e] = (bar > 0) as u8 as f32;
            x[e + 1] = bar as f32 / 4.0;
            x[e + 2] = (start > 0) as u8 as f32;
            x[e + 3] = start as f32 / 15.0;
            x[e + 4] = pos.off(side) as f32 / 15.0;
            x[e + 5] = pos.pip_count(side) as f32 / 375.0;
            x[e + 6] = pos.all_home(side) as u8 as f32;
            x[e + 7] = exposed as f32 / 6.0;
            x[e + 8] = prime as f32 / 6.0;
            x[e + 9] = (1..=6).filter(|&p| n(p) >= 2).count() as f32 / 6.0;
        }
        x.iter()
            .enumerate()
            .filter(|(_, &v)| v != 0.0)
            .map(|(i, &v)| (i as u16, v))
            .collect()
    }

    #[test]
    fn the_encoder_gives_the_inputs_of_the_definition() {
        for preset in [acey_rules::Preset::American, acey_rules::Preset::Backgammon] {
            let mut x = Vec::new();
            for seed in 0..40 {
                for pos in random_game_states(&preset.rules(), seed) {
                    encode_sparse(&pos, &mut x);
                    assert_eq!(x, encode_by_definition(&pos), "{pos:?}");
                }
            }
        }
    }

    #[test]
    fn a_blot_in_front_of_enemy_checkers_is_exposed() {
        let mine = 1 << 10; // a blot on my 10 = their 15
        let theirs = 1 << 18; // their 18: 3 pips away
        assert_eq!(exposed_blots(mine, theirs, 0), 1);
        let theirs = 1 << 21; // their 21: 6 pips away
        assert_eq!(exposed_blots(mine, theirs, 0), 1);
        let theirs = 1 << 22; // 7 pips away: not direct
        assert_eq!(exposed_blots(mine, theirs, 0), 0);
        let theirs = 1 << 14; // their 14 has passed it: they move towards their 1
        assert_eq!(exposed_blots(mine, theirs, 0), 0);
        let mine = mine | 1 << 3; // in my home board: their entering checkers hit it
        assert_eq!(exposed_blots(mine, 0, 1), 1);
        assert_eq!(exposed_blots(mine, 1 << 18, 1), 2);
    }

    #[test]
    fn the_rich_set_adds_its_measures_after_the_basic_inputs() {
        let (mut basic, mut rich, mut mirrored) = (Vec::new(), Vec::new(), Vec::new());
        for preset in [acey_rules::Preset::American, acey_rules::Preset::Backgammon] {
            for seed in 0..10 {
                for pos in random_game_states(&preset.rules(), seed) {
                    encode(&pos, FeatureSet::Basic, &mut basic);
                    encode(&pos, FeatureSet::Rich, &mut rich);
                    assert_eq!(rich[..basic.len()], basic[..]);
                    assert!(rich[basic.len()..]
                        .iter()
                        .all(|&(i, v)| (INPUTS..RICH_INPUTS).contains(&(i as usize))
                            && v > 0.0
                            && v <= 4.0));
                    encode(&pos.mirrored(), FeatureSet::Rich, &mut mirrored);
                    assert_eq!(rich, mirrored);
                }
            }
        }
    }

    #[test]
    fn the_rich_measures_of_a_hand_made_position() {
        // The side to roll (player 0): a blot on its 10, two checkers on its 20 and 12 in
        // start. The other side: its 6 point made (player 0's 19) and 13 checkers borne off.
        let mut board = [0i8; 24];
        board[9] = 1;
        board[19] = 2;
        board[18] = -2;
        let pos = Position::new(board, [0, 0], [12, 0], [0, 13], Player::Zero).unwrap();
        let mut x = Vec::new();
        encode(&pos, FeatureSet::Rich, &mut x);
        let rich = |i: usize| {
            x.iter()
                .find(|&&(j, _)| j as usize == i)
                .map_or(0.0, |&(_, v)| v)
        };
        // Their checkers on my 19 are past my blot on 10 (they move towards my 24): no shots.
        assert_eq!(rich(INPUTS), 0.0);
        // My rearmost "checker" is in start (25): the 6 point 6 pips ahead blocks 6-6 only...
        // every roll moves in full except those landing on 19: 1-5, 5-1, 2-4, 4-2, 3-3, 6-6
        // lands on 13 through 19 twice.
        assert_eq!(rich(INPUTS + 1), (36.0 - 6.0) / 36.0);
        // One closed point where I enter: 1/36 of the rolls enter nothing.
        assert_eq!(rich(INPUTS + 3), 1.0 / 36.0);
        // Their rearmost is on my 19: my 20 (1 pip past, twice) and 12 in start (6 pips each).
        assert_eq!(rich(INPUTS + 4), (2.0 + 12.0 * 6.0) / 152.0);
        // Pips: mine 10 + 40 + 300 = 350, theirs 12: I do not lead; they lead by 338.
        assert_eq!(rich(INPUTS + 5), 0.0);
        assert_eq!(rich(INPUTS + RICH_PER_SIDE + 5), 3.38);
        // They have no blots, nothing to enter; my 20 point made is their 5 point: it blocks
        // their 6 point checkers' ones.
        assert_eq!(rich(INPUTS + RICH_PER_SIDE), 0.0);
        assert_eq!(rich(INPUTS + RICH_PER_SIDE + 3), 0.0);
    }
}
