//! A finished one-sided table and the two-sided evaluation built from two of its entries.

use std::time::Duration;

use acey_rules::{Position, Rules, Scoring, CHECKERS};

use super::build::{solve_all, Row};
use super::index::{boards, checkers, home_of, index, Home};
use crate::eval::{max_points, Eval};

/// The one-sided bear-off table of one rule set: for every home board of up to
/// [`Table::max_checkers`] checkers, how many turns bearing them all off takes and how many are
/// left after each turn, under the table's policy (the fewest expected turns; see
/// [`crate::bearoff`]).
#[derive(Debug, Clone)]
pub struct Table {
    rules: Rules,
    max_checkers: u8,
    /// Per board: where its three arrays start in `data`, and their common length.
    spans: Vec<(u32, u32)>,
    /// Per board, `len` values each: turn probabilities, expected checkers left, no-checker-off
    /// probabilities.
    data: Vec<f32>,
    /// Per board: expected turns.
    means: Vec<f32>,
    build_time: Duration,
}

/// One board's entry: views into the table, indexed by turns from now.
#[derive(Debug, Clone, Copy)]
pub struct Entry<'a> {
    /// `turns[t]`: probability that the last checker comes off in exactly `t` turns (the turn
    /// about to be rolled is turn 1; the 1-2, its double and re-rolls all count inside it).
    /// `turns[0]` is 1 for the empty board and 0 otherwise.
    pub turns: &'a [f32],
    /// `left[t]`: expected checkers still on the board after `t` turns (`left[0]` is the count
    /// now); 0 beyond the end of the slice.
    pub left: &'a [f32],
    /// `none_off[t]`: probability that no checker has been borne off after `t` turns (what a
    /// gammon needs, for a board of 15); 0 beyond the end of the slice.
    pub none_off: &'a [f32],
    /// Expected turns.
    pub mean: f32,
}

impl Entry<'_> {
    /// Probability of needing `t` turns or more: `P(T >= t)`.
    pub fn at_least(&self, t: usize) -> f32 {
        1.0 - self.turns.iter().take(t).sum::<f32>()
    }

    /// Expected checkers left after `t` turns.
    pub fn left_after(&self, t: usize) -> f32 {
        self.left.get(t).copied().unwrap_or(0.0)
    }

    /// Probability that none is off after `t` turns.
    pub fn none_off_after(&self, t: usize) -> f32 {
        self.none_off.get(t).copied().unwrap_or(0.0)
    }
}

impl Table {
    /// Builds the table of every board of up to `max_checkers` (at most 15) checkers under
    /// `rules`. Prefer [`crate::bearoff::table`], which builds each rule set's full table once
    /// per process and refuses the rule sets a table cannot serve; this is for tests and
    /// measurements.
    pub fn build(rules: &Rules, max_checkers: u8) -> Table {
        let max_checkers = max_checkers.min(CHECKERS);
        let started = std::time::Instant::now();
        let rows = solve_all(rules, max_checkers);
        let mut spans = Vec::with_capacity(rows.len());
        let mut data = Vec::new();
        let mut means = Vec::with_capacity(rows.len());
        for Row {
            turns,
            left,
            none_off,
            mean,
            ..
        } in rows
        {
            spans.push((data.len() as u32, turns.len() as u32));
            for v in [turns, left, none_off] {
                data.extend(v.iter().map(|&x| x as f32));
            }
            means.push(mean as f32);
        }
        Table {
            rules: *rules,
            max_checkers,
            spans,
            data,
            means,
            build_time: started.elapsed(),
        }
    }

    /// The rules it was built for.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The most checkers a board of the table holds.
    pub fn max_checkers(&self) -> u8 {
        self.max_checkers
    }

    /// Boards in the table.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether the table has no board (never: the empty board is always in it).
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// Memory the table holds, in bytes.
    pub fn bytes(&self) -> usize {
        self.data.len() * 4 + self.spans.len() * 8 + self.means.len() * 4
    }

    /// How long building it took.
    pub fn build_time(&self) -> Duration {
        self.build_time
    }

    /// The entry of a home board, or `None` when it holds more checkers than the table.
    pub fn entry(&self, home: &Home) -> Option<Entry<'_>> {
        if checkers(home) > self.max_checkers {
            return None;
        }
        let i = index(home);
        debug_assert!(i < boards(self.max_checkers));
        let (start, len) = self.spans[i];
        let (start, len) = (start as usize, len as usize);
        Some(Entry {
            turns: &self.data[start..start + len],
            left: &self.data[start + len..start + 2 * len],
            none_off: &self.data[start + 2 * len..start + 3 * len],
            mean: self.means[i],
        })
    }

    /// The value of a bear-off state for the side to roll (`state.turn()`), from the two sides'
    /// entries, or `None` when the state is not one: a side has a checker outside its home board
    /// (or more than the table holds), or the game is over.
    ///
    /// The two sides bear off independently, each turn by turn, the side to roll first; so with
    /// `T` a side's turns to finish and `L(t)` its checkers left after `t` turns:
    ///
    /// * P(win) = sum over t of P(T_me = t) P(T_them >= t);
    /// * checker-count points won = sum over t of P(T_me = t) E\[L_them(t - 1)\] (the loser's
    ///   checkers still on the board when the winner finishes; 0 once the loser has finished), and
    ///   lost = sum over t of P(T_them = t) E\[L_me(t)\];
    /// * a gammon (backgammon scoring) needs the loser to have none off: the same sums over the
    ///   probability that none is off, for a side that has all 15 on the board.
    ///
    /// These are exact for the table's policy played by both sides (see [`crate::bearoff`]).
    pub fn eval(&self, rules: &Rules, state: &Position) -> Option<Eval> {
        if state.winner().is_some() {
            return None;
        }
        let me = state.turn();
        let mine = self.entry(&home_of(state, me)?)?;
        let theirs = self.entry(&home_of(state, me.other())?)?;
        let my_full = state.off(me) == 0;
        let their_full = state.off(me.other()) == 0;
        let (mut win, mut won, mut lost, mut won_gammon, mut lost_gammon) =
            (0.0f64, 0.0f64, 0.0f64, 0.0f64, 0.0f64);
        // P(T_them >= t), kept as a running sum: 1 at t = 1 since the other side is not off.
        let mut theirs_at_least = 1.0f64;
        let horizon = mine.turns.len().max(theirs.turns.len());
        for t in 1..horizon {
            let p_mine = mine.turns.get(t).copied().unwrap_or(0.0) as f64;
            theirs_at_least -= theirs.turns.get(t - 1).copied().unwrap_or(0.0) as f64;
            let p_theirs = theirs.turns.get(t).copied().unwrap_or(0.0) as f64;
            win += p_mine * theirs_at_least.max(0.0);
            won += p_mine * theirs.left_after(t - 1) as f64;
            lost += p_theirs * mine.left_after(t) as f64;
            if their_full {
                won_gammon += p_mine * theirs.none_off_after(t - 1) as f64;
            }
            if my_full {
                lost_gammon += p_theirs * mine.none_off_after(t) as f64;
            }
            if t >= theirs.turns.len() {
                theirs_at_least = 0.0;
            }
        }
        let win = win.clamp(0.0, 1.0);
        let loss = 1.0 - win;
        let max = max_points(rules) as f64;
        let per = |total: f64, p: f64| if p > 1e-12 { total / p } else { 0.0 };
        let (win_points, loss_points) = match rules.scoring {
            Scoring::CheckerCount => (per(won, win) / max, per(lost, loss) / max),
            Scoring::Single => (1.0, 1.0),
            Scoring::GammonBackgammon => (
                (1.0 + per(won_gammon, win)) / max,
                (1.0 + per(lost_gammon, loss)) / max,
            ),
        };
        Some(Eval {
            win: win as f32,
            win_points: win_points.clamp(0.0, 1.0) as f32,
            loss_points: loss_points.clamp(0.0, 1.0) as f32,
        })
    }
}
