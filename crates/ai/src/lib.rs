//! # acey-ai
//!
//! Bots for Acey-Deucey: evaluators (random, a hand-tuned heuristic, a neural network trained by
//! self-play), the one-sided bear-off database, play selection with 0- to 2-ply search, rollouts
//! and duels.
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
pub mod match_equity;
pub use analysis::{
    Analyser, Analysis, AnalysisError, Decision, DecisionKind, Mark, PlayerSummary,
    RolloutJudgement,
};
