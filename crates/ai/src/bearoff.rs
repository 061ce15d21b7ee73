//! The one-sided bear-off database: for every way one side can have up to 15 checkers on its home
//! points (C(21, 6) = 54,264 boards), the distribution of the number of turns it needs to bear
//! them all off, the expected checkers it still has on the board after each turn, and the
//! probability that none is off yet after each turn; and the evaluator that values every state in
//! which both sides are bearing off from two such entries.
//!
//! # What a table is for
//!
//! One table per rule set, or rather per the options that change a bear-off on its own side of
//! the board ([`key`]): the bear-off rule (standard, exact-only, any-when-all-lower), frozen home
//! boards, how dice must be used, natural doubles that re-roll, and the acey-deucey turn (whether
//! a 1-2 is special, the gates for its double and re-roll, which doubles may be named, the
//! European complement). The transitions are the rules engine's own turn segments, so a 1-2, the
//! double named after it, its play and the re-roll it earns all count inside one turn, exactly as
//! the engine plays them. The one option a table cannot follow is a limit on the acey-deucey
//! chain (`acey_chain_limit = max(n)`): how many re-rolls a turn has had is not part of a
//! position. Rule sets with such a limit get no table ([`table`] returns `None`) and their bots
//! use the network in the bear-off as before. Every shipped preset has a table (`american`,
//! `bgammon`, `liberal-bearoff`, `old-navy`, `britannica`, `backgammon`).
//!
//! Tables are built at first use, once per process and rule set, in parallel over the boards of
//! equal pip count ([`Table::build_time`]; figures in `models/MODEL.md`), and kept for the
//! process's life. Lookups are an index computation over six counts and a few slices.
//!
//! # What is exact
//!
//! Each side's policy is the one that minimises its expected number of turns (GNU Backgammon's
//! one-sided database does the same), ties broken towards bearing checkers off sooner. For that
//! policy the turn distribution, the checkers left after each turn and the chance that none is
//! off are exact: each is computed over every roll and every legal turn, not sampled.
//!
//! The two-sided values ([`Table::eval`]) combine the two sides' entries as independent races,
//! the side to roll first. They are the exact value of the game when **both sides play the
//! table's policy**: the win probability, the expected checker-count points (winner scores the
//! loser's checkers still on the board) and the gammon chances alike. They are not the value of
//! optimal two-sided play: a side behind in the race should bear off as many checkers as it can
//! before the other finishes rather than race, and a side ahead may do better against a
//! particular opponent than by minimising its own expected turns, which no one-sided table can
//! know. The error of the win probability is the well-known small error of one-sided race
//! databases; the checker-count points carry the same kind of error, usually larger when one
//! side is far behind. A two-sided table (54,264 squared entries) would be exact, and is too big.
//!
//! # How the bots use it
//!
//! Every [`crate::Level`] evaluates through a [`BearoffEvaluator`]: in a bear-off state its bots
//! rank every candidate of the roll (the whole acey-deucey segment included, no chain filter) by
//! the table and play the best, at every level and without noise (a bear-off has no judgement
//! left to blunder with); lookahead is skipped there, since the table's value is already a
//! whole-race value. States reached by a search from before the bear-off are valued by the table
//! too. Training ends each self-play game at its first bear-off state and takes the table's value
//! as that state's exact result ([`crate::train`]).

mod build;
mod evaluator;
mod index;
mod table;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use acey_rules::{ChainLimit, Position, Rules};

pub use evaluator::BearoffEvaluator;
pub use index::{all_homes, boards, home_of, index, Home, BOARDS, POINTS};
pub use table::{Entry, Table};

/// Whether both sides are bearing off: every checker of each side in its home board or off, and
/// the game not over. Such a state has no contact (each side's checkers only move down through
/// its own home board).
pub fn is_bearoff(state: &Position) -> bool {
    state.winner().is_none() && acey_rules::Player::BOTH.iter().all(|&p| state.all_home(p))
}

/// The options of `rules` that a one-sided bear-off depends on, as a rule set with every other
/// option at its `american` value (two rule sets with the same key share a table), or `None`
/// when no table can serve `rules` (a limit on the acey-deucey chain).
///
/// The options left out cannot matter in a bear-off: entering and the bar (nothing is off the
/// board but borne-off checkers), hitting (no contact), the layout, opening rolls and who starts
/// (not a position's business), scoring, the cube and matches (they weigh the two entries, in
/// [`Table::eval`], and do not change either).
pub fn key(rules: &Rules) -> Option<Rules> {
    if rules.acey_chain_limit != ChainLimit::Unlimited {
        return None;
    }
    let american = Rules::AMERICAN;
    let acey = rules.acey_deucey;
    Some(Rules {
        dice_usage: rules.dice_usage,
        natural_doubles: rules.natural_doubles,
        acey_deucey: acey,
        // Without the acey-deucey procedure its options do nothing.
        acey_double_gate: if acey {
            rules.acey_double_gate
        } else {
            american.acey_double_gate
        },
        acey_double_choice: if acey {
            rules.acey_double_choice
        } else {
            american.acey_double_choice
        },
        acey_doubles_mode: if acey {
            rules.acey_doubles_mode
        } else {
            american.acey_doubles_mode
        },
        acey_reroll_gate: if acey {
            rules.acey_reroll_gate
        } else {
            american.acey_reroll_gate
        },
        bear_off_rule: rules.bear_off_rule,
        frozen_home: rules.frozen_home,
        ..american
    })
}

/// The full table (every board of up to 15 checkers) for `rules`, built on first use and shared by
/// the whole process; `None` when no table can serve `rules` (see [`key`]).
///
/// The first call for a rule set builds its table (about a second or two in a release build; see
/// `models/MODEL.md`); calls for other rule sets meanwhile are not held up.
pub fn table(rules: &Rules) -> Option<Arc<Table>> {
    type Slot = Arc<OnceLock<Arc<Table>>>;
    static TABLES: OnceLock<Mutex<HashMap<Rules, Slot>>> = OnceLock::new();
    let key = key(rules)?;
    let slot = {
        let mut tables = TABLES
            .get_or_init(Default::default)
            .lock()
            // A panic elsewhere while the map was held leaves it usable: slots are only added.
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        tables.entry(key).or_default().clone()
    };
    Some(
        slot.get_or_init(|| Arc::new(Table::build(&key, acey_rules::CHECKERS)))
            .clone(),
    )
}
