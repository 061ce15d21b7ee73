//! One module per subcommand.

pub mod duel;
pub mod moves;
pub mod perft;
pub mod play;
pub mod rules;
pub mod selfplay;
pub mod train;
pub mod train_log;
