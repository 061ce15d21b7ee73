//! What an evaluator says about a state, and the [`Evaluator`] trait.
//!
//! A *state* is a position together with the player to roll: the position's `turn`. Every value is
//! from the point of view of that player. The acey-deucey re-roll means the player to roll is
//! often the one who has just moved, so callers never assume the turn alternates.

use acey_rules::{Position, Rules, Scoring};

/// An evaluation of a state from the side to roll.
///
/// `win` is the probability that the side to roll wins. `win_points` and `loss_points` are the
/// expected points of a win and of a loss, as fractions of the most a game can be worth under the
/// scoring rule (15 checkers, 3 for a backgammon, 1 for a single game), so that each output lies in
/// 0..=1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Eval {
    /// Probability that the side to roll wins.
    pub win: f32,
    /// Expected value of a win, as a fraction of [`max_points`].
    pub win_points: f32,
    /// Expected value of a loss, as a fraction of [`max_points`].
    pub loss_points: f32,
}

impl Eval {
    /// The same state seen by the other player.
    pub fn flipped(self) -> Eval {
        Eval {
            win: 1.0 - self.win,
            win_points: self.loss_points,
            loss_points: self.win_points,
        }
    }

    /// Expected points for the side to roll (positive is good), under `rules`' scoring.
    ///
    /// Under single-game scoring every game is worth exactly one point, so the equity is
    /// `2 win - 1` whatever the margins say: a network trained under checker-count scoring
    /// predicts margins (about 0.68 of a win's worth) that mean nothing there.
    pub fn equity(&self, rules: &Rules) -> f32 {
        if rules.scoring == Scoring::Single {
            return 2.0 * self.win - 1.0;
        }
        max_points(rules) * (self.win * self.win_points - (1.0 - self.win) * self.loss_points)
    }

    /// A sure win worth `points`.
    pub fn won(rules: &Rules, points: u32) -> Eval {
        Eval {
            win: 1.0,
            win_points: points as f32 / max_points(rules),
            loss_points: 0.0,
        }
    }
}

/// The most points one game can be worth before the cube.
pub fn max_points(rules: &Rules) -> f32 {
    match rules.scoring {
        Scoring::CheckerCount => 15.0,
        Scoring::Single => 1.0,
        Scoring::GammonBackgammon => 3.0,
    }
}

/// Evaluates states. Implementations are cheap to share between threads.
pub trait Evaluator: Send + Sync {
    /// A short name for logs and duels.
    fn name(&self) -> String;

    /// Evaluates each state (position with `turn` = the player to roll) into `out`.
    /// `states` and `out` have the same length.
    fn evaluate_batch(&self, rules: &Rules, states: &[Position], out: &mut [Eval]);

    /// Whether this evaluator's value of `state` is already a whole-game value that lookahead
    /// cannot improve (the bear-off tables: [`crate::bearoff::BearoffEvaluator`]). Searches then
    /// value such a state directly at any depth, and bots play the best candidate there by
    /// 0-ply, every acey-deucey segment included and without noise. `false` unless overridden.
    fn exact_for(&self, rules: &Rules, state: &Position) -> bool {
        let _ = (rules, state);
        false
    }

    /// Evaluates one state.
    fn evaluate(&self, rules: &Rules, state: &Position) -> Eval {
        let mut out = [Eval {
            win: 0.5,
            win_points: 0.5,
            loss_points: 0.5,
        }];
        self.evaluate_batch(rules, std::slice::from_ref(state), &mut out);
        out[0]
    }
}

/// The value of a finished game to the side to roll, or `None` while it goes on.
pub fn terminal_eval(rules: &Rules, state: &Position) -> Option<Eval> {
    let winner = state.winner()?;
    let points = acey_rules::base_score(rules, state, winner);
    let won = Eval::won(rules, points);
    Some(if winner == state.turn() {
        won
    } else {
        won.flipped()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use acey_rules::Preset;

    #[test]
    fn single_game_equity_ignores_the_margins() {
        let e = Eval {
            win: 0.7,
            win_points: 0.3,
            loss_points: 0.1,
        };
        let mut single = Preset::American.rules();
        single.scoring = Scoring::Single;
        assert!((e.equity(&single) - 0.4).abs() < 1e-6);
        assert!((e.flipped().equity(&single) + 0.4).abs() < 1e-6);
        // Checker-count scoring weighs the margins: 15 (0.7 * 0.3 - 0.3 * 0.1).
        assert!((e.equity(&Preset::American.rules()) - 2.7).abs() < 1e-5);
    }
}
