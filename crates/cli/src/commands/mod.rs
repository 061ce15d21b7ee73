//! One module per subcommand.

pub mod analyse;
pub mod bearoff;
pub mod benchmark;
pub mod convert;
pub mod duel;
pub mod engine;
pub mod eval;
pub mod export_web;
pub mod hint;
pub mod met;
pub mod moves;
pub mod perft;
pub mod play;
pub mod rules;
pub mod selfplay;
pub mod serve;
pub mod train;
