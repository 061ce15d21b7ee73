//! The luck of a roll: how much better (or worse) the roll that came is for the player who rolled
//! it than the average roll, each roll valued by its best play.
//!
//! Two users: game analysis reports each roll's luck, and rollouts subtract it from every trial
//! (GNU Backgammon's "variance reduction"). For a rollout the subtraction is unbiased whatever
//! the valuation is, since a roll's luck averages exactly zero over the 36 rolls; the better the
//! valuation, the more of a trial's chance it removes.

use acey_rules::Position;

use crate::candidates::weighted_rolls;
use crate::search::{Bot, Ranked};

/// One roll's luck for the player to roll, with the average roll's value it is measured from.
#[derive(Debug, Clone)]
pub struct RollLuck {
    /// The roll's best value minus the average roll's, in points (positive: a lucky roll).
    pub equity: f32,
    /// The same for the win probability.
    pub win: f32,
    /// The average over the 36 rolls of each roll's best value: the state's value one roll
    /// ahead, in points for the player to roll.
    pub mean_equity: f32,
    /// The average over the 36 rolls of each roll's best win probability.
    pub mean_win: f32,
    /// The roll's candidates, best first, as [`Bot::rank`] ranks them.
    pub ranked: Vec<Ranked>,
}

/// The luck of `dice` for the player to roll in `state`, every roll valued by `bot`'s ranking at
/// its own depth (0-ply for the luck of an analysis or a rollout at 0-ply). The roll's own
/// ranking comes with it, so that a caller who plays the roll ranks it only once.
pub fn roll_luck(bot: &Bot, state: &Position, dice: (u8, u8)) -> RollLuck {
    let roll = (dice.0.max(dice.1), dice.0.min(dice.1));
    let (mut mean_equity, mut mean_win) = (0.0, 0.0);
    let mut this = None;
    for ((a, b), weight) in weighted_rolls() {
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
    // `weighted_rolls` lists every distinct roll, so the roll is always found; an impossible
    // roll (a die outside 1..=6) is ranked on its own and counts as average.
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
}
