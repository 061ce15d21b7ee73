//! One module per subcommand.

pub mod moves;
pub mod perft;
pub mod rules;
pub mod selfplay;
