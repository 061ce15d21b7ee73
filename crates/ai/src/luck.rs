//! The luck of a roll: how much better (or worse) the roll that came is for the player who rolled
//! it than the average roll, each roll valued by its best play.
//!
//! The average is over the rolls that could have come at that point of the game, each with its
//! chance ([`PossibleRolls`]): any of the 36 as a rule, but not a double for a backgammon-style
//! opening roll made of the die-off's two dice (R2.3 `UseDieOffDice`: a tie is rolled again).
//! So a roll's luck averages exactly zero over the rolls that were possible, weighted by their
//! chances, the opening roll's included.
//!
//! Two users: game analysis reports each roll's luck, and rollouts subtract it from every trial
//! (GNU Backgammon's "variance reduction"). For a rollout the subtraction is unbiased whatever
//! the valuation is, since the luck averages zero; the better the valuation, the more of a
//! trial's chance it removes.

use acey_rules::Position;

use crate::candidates::weighted_rolls;
use crate::search::{Bot, Ranked};

/// The rolls that could come at a point of a game, with their chances.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PossibleRolls {
    /// Any of the 36: each of the 21 distinct rolls, 1/36 for a double and 2/36 otherwise.
    Any,
    /// A game's opening roll made of the die-off's two dice (`opening_roll = UseDieOffDice`,
    /// R2.3, as in backgammon): a tie is rolled again (E25), so never a double; each of the 15
    /// other rolls 2/30.
    DieOff,
}

impl PossibleRolls {
    /// The distinct rolls (higher die first) with their chances, which sum to one.
    pub fn weighted(self) -> impl Iterator<Item = ((u8, u8), f32)> {
        weighted_rolls().filter_map(move |((a, b), w)| match self {
            PossibleRolls::Any => Some(((a, b), w)),
            PossibleRolls::DieOff if a == b => None,
            PossibleRolls::DieOff => Some(((a, b), 2.0 / 30.0)),
        })
    }
}

/// One roll's luck for the player to roll, with the average roll's value it is measured from.
#[derive(Debug, Clone)]
pub struct RollLuck {
    /// The roll's best value minus the average roll's, in points (positive: a lucky roll).
    pub equity: f32,
    /// The same for the win probability.
    pub win: f32,
    /// The average over the possible rolls of each roll's best value: the state's value one
    /// roll ahead, in points for the player to roll.
    pub mean_equity: f32,
    /// The average over the possible rolls of each roll's best win probability.
    pub mean_win: f32,
    /// The roll's candidates, best first, as [`Bot::rank`] ranks them.
    pub ranked: Vec<Ranked>,
}

/// The luck of `dice` for the player to roll in `state`, among any of the 36 rolls (see
/// [`roll_luck_among`]).
pub fn roll_luck(bot: &Bot, state: &Position, dice: (u8, u8)) -> RollLuck {
    roll_luck_among(bot, state, dice, PossibleRolls::Any)
}

/// The luck of `dice` for the player to roll in `state`, against the average of the rolls that
/// were `possible`, every roll valued by `bot`'s ranking at its own depth (0-ply for the luck of
/// an analysis or a rollout at 0-ply). The roll's own ranking comes with it, so that a caller
/// who plays the roll ranks it only once.
pub fn roll_luck_among(
    bot: &Bot,
    state: &Position,
    dice: (u8, u8),
    possible: PossibleRolls,
) -> RollLuck {
    let roll = (dice.0.max(dice.1), dice.0.min(dice.1));
    let (mut mean_equity, mut mean_win) = (0.0, 0.0);
    let mut this = None;
    for ((a, b), weight) in possible.weighted() {
        let ranked = bot.rank(state, (a, b));
        // Every roll has at least one candidate (a roll that cannot be played passes); the
        // fallback only keeps a malformed ranking from panicking.
        let (e, w) = ranked.first().map_or((0.0, 0.5), |r| (r.equity, r.win));
        mean_equity += weight * e;
        mean_win += weight * w;
        if (a.max(b), a.min(b)) == roll {
            this = Some((e, w, ranked));
        }
    }
    // A possible roll is always found; an impossible one (a die outside 1..=6, a double after a
    // die-off) is ranked on its own and counts as average.
    let (e, w, ranked) = this.unwrap_or_else(|| (mean_equity, mean_win, bot.rank(state, dice)));
    RollLuck {
        equity: e - mean_equity,
        win: w - mean_win,
        mean_equity,
        mean_win,
        ranked,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluators::HeuristicEvaluator;
    use crate::search::SearchSettings;
    use crate::test_support::random_game_states;
    use acey_rules::Preset;
    use std::sync::Arc;

    #[test]
    fn luck_averages_zero_over_the_rolls_and_each_roll_is_its_best_play_against_the_mean() {
        let rules = Preset::American.rules();
        let bot = Bot::new(
            Arc::new(HeuristicEvaluator),
            rules,
            SearchSettings::default(),
        );
        let states = random_game_states(&rules, 17);
        for state in [states[3], states[states.len() / 2]] {
            let mut weighted = 0.0;
            let mut spread = 0.0f32;
            for ((a, b), weight) in weighted_rolls() {
                let luck = roll_luck(&bot, &state, (a, b));
                // The order of the dice does not matter.
                let swapped = roll_luck(&bot, &state, (b, a));
                assert_eq!((luck.equity, luck.win), (swapped.equity, swapped.win));
                let best = bot.rank(&state, (a, b))[0].equity;
                assert!((luck.equity - (best - luck.mean_equity)).abs() < 1e-5);
                assert_eq!(luck.ranked[0].equity, best);
                weighted += weight * luck.equity;
                spread = spread.max(luck.equity.abs());
            }
            assert!(weighted.abs() < 1e-4, "{weighted}");
            assert!(spread > 0.0, "some rolls are better than others");
        }
    }

    #[test]
    fn the_possible_rolls_sum_to_one_and_a_die_off_has_no_doubles() {
        let total = |p: PossibleRolls| p.weighted().map(|(_, w)| w).sum::<f32>();
        assert!((total(PossibleRolls::Any) - 1.0).abs() < 1e-6);
        assert!((total(PossibleRolls::DieOff) - 1.0).abs() < 1e-6);
        assert_eq!(PossibleRolls::Any.weighted().count(), 21);
        assert_eq!(PossibleRolls::DieOff.weighted().count(), 15);
        assert!(PossibleRolls::DieOff.weighted().all(|((a, b), _)| a != b));
    }
}
