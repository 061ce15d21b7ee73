//! A finished one-sided table and the two-sided evaluation built from two of its entries.

use std::time::Duration;

use acey_rules::{Position, Rules, Scoring, CHECKERS};

use super::build::{solve_all, Row, NEGLIGIBLE};
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
    /// Per board: where its arrays lie in `data`.
    spans: Vec<Span>,
    /// Every board's arrays, one after the other: its turn probabilities from its first likely
    /// turn, its expected checkers left from turn 1, and (boards of 15 only) its no-checker-off
    /// probabilities from turn 1.
    data: Vec<f32>,
    build_time: Duration,
}

/// Where one board's arrays lie in [`Table`]'s data.
#[derive(Debug, Clone, Copy)]
struct Span {
    start: u32,
    /// The turn of the first stored turn probability (those before it are negligible).
    first: u16,
    turns: u16,
    left: u16,
    none_off: u16,
    /// Expected turns.
    mean: f32,
}

/// One board's entry in a [`Table`]. Every value is indexed by turns from now: the turn about to
/// be rolled is turn 1, and the 1-2, its double and re-rolls all count inside it.
#[derive(Debug, Clone, Copy)]
pub struct Entry<'a> {
    checkers: u8,
    first: usize,
    turns: &'a [f32],
    left: &'a [f32],
    none_off: &'a [f32],
    mean: f32,
}

impl Entry<'_> {
    /// Probability that the last checker comes off in exactly `t` turns (1 at `t = 0` for the
    /// empty board).
    pub fn turns(&self, t: usize) -> f32 {
        t.checked_sub(self.first)
            .and_then(|k| self.turns.get(k))
            .copied()
            .unwrap_or(0.0)
    }

    /// One past the last turn with a probability in the table: the board is off within
    /// `end() - 1` turns (up to a negligible tail).
    pub fn end(&self) -> usize {
        self.first + self.turns.len()
    }

    /// Probability of needing `t` turns or more.
    pub fn at_least(&self, t: usize) -> f32 {
        1.0 - (0..t.min(self.end())).map(|u| self.turns(u)).sum::<f32>()
    }

    /// Expected checkers still on the board after `t` turns (the board's count at `t = 0`).
    pub fn left_after(&self, t: usize) -> f32 {
        match t {
            0 => self.checkers as f32,
            _ => self.left.get(t - 1).copied().unwrap_or(0.0),
        }
    }

    /// Probability that no checker has been borne off after `t` turns, for a board of 15 (what a
    /// gammon needs); 0 for smaller boards, which have borne some off already.
    pub fn none_off_after(&self, t: usize) -> f32 {
        match t {
            0 if self.checkers == CHECKERS => 1.0,
            0 => 0.0,
            _ => self.none_off.get(t - 1).copied().unwrap_or(0.0),
        }
    }

    /// Expected turns to bear every checker off.
    pub fn mean(&self) -> f32 {
        self.mean
    }

    /// Checkers on the board.
    pub fn checkers(&self) -> u8 {
        self.checkers
    }
}

impl Table {
    /// Builds the table of every board of up to `max_checkers` (at most 15) checkers under
    /// `rules`. Prefer [`crate::bearoff::table`], which builds each rule set's full table once
    /// per process and refuses the rule sets a table cannot serve; this is for tests and
    /// measurements.
    ///
    /// The boards are solved in parallel on the current rayon pool.
    pub fn build(rules: &Rules, max_checkers: u8) -> Table {
        Table::from_solver(rules, max_checkers, true)
    }

    /// [`Table::build`] on the current thread alone.
    pub fn build_sequential(rules: &Rules, max_checkers: u8) -> Table {
        Table::from_solver(rules, max_checkers, false)
    }

    fn from_solver(rules: &Rules, max_checkers: u8, parallel: bool) -> Table {
        let max_checkers = max_checkers.min(CHECKERS);
        let elapsed = stopwatch();
        let rows = solve_all(rules, max_checkers, parallel);
        let mut spans = Vec::with_capacity(rows.len());
        let mut data = Vec::new();
        for (i, row) in rows.into_iter().enumerate() {
            let Row {
                mut turns,
                left,
                none_off,
                mean,
                ..
            } = row;
            // Leading turns too unlikely to matter are dropped, their mass moved to the first
            // turn kept (the tail was trimmed the same way while building).
            let first = turns
                .iter()
                .position(|&p| p >= NEGLIGIBLE)
                .unwrap_or(turns.len() - 1);
            let early: f64 = turns[..first].iter().sum();
            turns[first] += early;
            let none_off: &[f64] = if left[0] == CHECKERS as f64 {
                &none_off[1..]
            } else {
                &[]
            };
            let count = |v: &[f64]| u16::try_from(v.len()).expect("at most MAX_TURNS turns");
            spans.push(Span {
                start: u32::try_from(data.len()).expect("a table is far below 4 G values"),
                first: u16::try_from(first).expect("at most MAX_TURNS turns"),
                turns: count(&turns[first..]),
                left: count(&left[1..]),
                none_off: count(none_off),
                mean: mean as f32,
            });
            debug_assert_eq!(i + 1, spans.len());
            for v in [&turns[first..], &left[1..], none_off] {
                data.extend(v.iter().map(|&x| x as f32));
            }
        }
        Table {
            rules: *rules,
            max_checkers,
            spans,
            data,
            build_time: elapsed(),
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
        self.data.len() * std::mem::size_of::<f32>()
            + self.spans.len() * std::mem::size_of::<Span>()
    }

    /// How long building it took.
    pub fn build_time(&self) -> Duration {
        self.build_time
    }

    /// The entry of a home board, or `None` when it holds more checkers than the table.
    pub fn entry(&self, home: &Home) -> Option<Entry<'_>> {
        let checkers = checkers(home);
        if checkers > self.max_checkers {
            return None;
        }
        let i = index(home);
        debug_assert!(i < boards(self.max_checkers));
        let s = self.spans[i];
        let at = s.start as usize;
        let (t, l, z) = (s.turns as usize, s.left as usize, s.none_off as usize);
        Some(Entry {
            checkers,
            first: s.first as usize,
            turns: &self.data[at..at + t],
            left: &self.data[at + t..at + t + l],
            none_off: &self.data[at + t + l..at + t + l + z],
            mean: s.mean,
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
        let (mut win, mut won, mut lost, mut won_gammon, mut lost_gammon) =
            (0.0f64, 0.0f64, 0.0f64, 0.0f64, 0.0f64);
        // P(T_them >= t), kept as a running sum: 1 at t = 1 since the other side is not off.
        let mut theirs_at_least = 1.0f64;
        for t in 1..mine.end().max(theirs.end()) {
            theirs_at_least -= theirs.turns(t - 1) as f64;
            let p_mine = mine.turns(t) as f64;
            let p_theirs = theirs.turns(t) as f64;
            win += p_mine * theirs_at_least.max(0.0);
            won += p_mine * theirs.left_after(t - 1) as f64;
            lost += p_theirs * mine.left_after(t) as f64;
            won_gammon += p_mine * theirs.none_off_after(t - 1) as f64;
            lost_gammon += p_theirs * mine.none_off_after(t) as f64;
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

/// A stopwatch, started now: how long since, where the platform has a clock (the standard
/// library has none for WebAssembly in a browser, where it reads zero).
fn stopwatch() -> impl FnOnce() -> Duration {
    #[cfg(all(target_family = "wasm", target_os = "unknown"))]
    {
        || Duration::ZERO
    }
    #[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
    {
        let started = std::time::Instant::now();
        move || started.elapsed()
    }
}
