//! One module per subcommand.

pub mod duel;
pub mod moves;
pub mod perft;
pub mod rules;
pub mod selfplay;
pub mod train;
pub mod train_log;
