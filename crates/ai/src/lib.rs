//! # acey-ai
//!
//! Bots for Acey-Deucey: evaluators (random, a hand-tuned heuristic, a neural network trained by
//! self-play), the one-sided bear-off database, play selection with 0- to 2-ply search, rollouts
//! and duels.
//!
//! A game against the bot is one loop: the table rolls the dice, and [`Bot::decide`] gives the
//! bot's actions for whatever else the game waits for: a roll's play (for a 1-2, the play, the
//! named double and its play), a double to name, the cube. Here the `beginner` level plays a
//! whole acey-deucey game against itself:
//!
//! ```
//! use acey_ai::Level;
//! use acey_rules::{dice_action, SeededRng, Game, Phase, PoolKind, Rules};
//!
//! let rules = Rules::default(); // the american preset: a 1-2 names a double and rolls again
//! let bot = Level::Beginner.bot(rules);
//! let mut game = Game::new(rules);
//! let (mut dice, mut noise) = (SeededRng::new(7), SeededRng::new(8));
//! while !matches!(game.phase(), Phase::GameOver { .. }) {
//!     let actions = match dice_action(game.phase(), &mut dice) {
//!         Some(roll) => vec![roll], // the die-off and every roll are the table's
//!         None => bot.decide(&game, &mut noise),
//!     };
//!     for action in actions {
//!         game.apply(action).expect("the bot's actions are legal");
//!     }
//! }
//! // The 1-2s were played through: a double named and played after each.
//! let chosen = game.log().iter().filter(|r| matches!(r.kind, PoolKind::ChosenDouble(_)));
//! assert!(chosen.count() > 0);
//! ```
#![warn(missing_docs)]
// Loops over point numbers 1..=24 index several arrays by the same point: clearer as indices.
#![allow(clippy::needless_range_loop)]

pub mod bearoff;
pub mod contact;
pub mod eval;
pub mod features;
pub mod network;
pub mod tactics;
#[cfg(test)]
mod test_support;

pub use bearoff::BearoffEvaluator;
pub use eval::{max_points, terminal_eval, Eval, Evaluator};
pub use network::{Activations, Network, NetworkError};
pub mod candidates;
pub mod evaluators;
pub mod search;

pub use candidates::{candidates, Candidate};
pub use evaluators::{HeuristicEvaluator, NeuralEvaluator, RandomEvaluator};
pub use search::{Bot, Ranked, SearchSettings};
pub mod models;
pub mod train;
pub use train::{RoundReport, TrainSettings, Trainer};
pub mod levels;
pub mod luck;
pub use levels::{Level, LevelError};
pub use luck::{roll_luck, RollLuck};
pub mod rollout;
pub use rollout::{
    rollout_candidates, rollout_candidates_over, rollout_candidates_until, rollout_roll,
    rollout_state, RolloutResult, RolloutSettings,
};
pub mod duel;
pub use duel::{named_bot, DuelStats, GameOutcome, PairOutcome, UnknownBot};
pub mod analysis;
pub mod benchmark;
pub mod cube;
pub mod decide;
pub use decide::Hint;
pub mod match_equity;
pub use analysis::{
    Analyser, Analysis, AnalysisError, Decision, DecisionKind, Mark, PlayerSummary,
    RolloutJudgement,
};
