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
//!
//! The modules fall in three groups:
//!
//! * **Judging a position**: [`eval`] (the [`Evaluator`] trait), [`evaluators`], [`network`]
//!   with [`features`] and [`tactics`], [`models`] (the shipped networks), [`bearoff`] (the
//!   exact tables), [`contact`].
//! * **Playing and judging a game**: [`candidates`], [`search`] ([`Bot`]), [`levels`],
//!   [`decide`] (the bot at the table: [`Bot::decide`], [`Bot::hints`]), [`cube`],
//!   [`match_equity`], [`luck`], [`rollout`], [`analysis`].
//! * **The lab** (feature `lab`, on by default): [`train`] (TD(lambda) self-play), [`duel`]
//!   (bots against each other with common dice) and [`benchmark`] (the benchmark of errors).
//!   What a game needs never depends on them, so a build for playing only (the browser's
//!   engine) leaves them out with `default-features = false`.
#![warn(missing_docs)]
// Loops over point numbers 1..=24 index several arrays by the same point: clearer as indices.
#![allow(clippy::needless_range_loop)]

// Judging a position.
pub mod bearoff;
pub mod contact;
pub mod eval;
pub mod evaluators;
pub mod features;
pub mod models;
pub mod network;
pub mod tactics;

// Playing and judging a game.
pub mod analysis;
pub mod candidates;
pub mod cube;
pub mod decide;
pub mod levels;
pub mod luck;
pub mod match_equity;
pub mod rollout;
pub mod search;
// The search's internals: endgames valued by the rules, the classes its filters keep.
mod outcome;
mod settle;

// The lab.
#[cfg(feature = "lab")]
pub mod benchmark;
#[cfg(feature = "lab")]
pub mod duel;
#[cfg(feature = "lab")]
pub mod train;

#[cfg(test)]
mod test_support;

pub use analysis::{
    Analyser, Analysis, AnalysisError, Decision, DecisionKind, Mark, PlayerSummary,
    RolloutJudgement,
};
pub use bearoff::BearoffEvaluator;
pub use candidates::{candidates, Candidate};
pub use decide::{table_action, Hint};
pub use eval::{max_points, terminal_eval, Eval, Evaluator};
pub use evaluators::{HeuristicEvaluator, NeuralEvaluator, RandomEvaluator};
pub use levels::{Level, LevelError};
pub use luck::{roll_luck, roll_luck_among, PossibleRolls, RollLuck};
pub use network::{Activations, Network, NetworkError};
pub use rollout::{Rollout, RolloutResult, RolloutSettings};
pub use search::{Bot, Ranked, SearchSettings};

#[cfg(feature = "lab")]
pub use duel::{named_bot, DuelStats, GameOutcome, PairOutcome, UnknownBot};
#[cfg(feature = "lab")]
pub use train::{RoundReport, TrainSettings, Trainer};
