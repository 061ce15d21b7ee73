//! Accounts: who a player is beyond one browser. Optional: a guest plays under a name of their
//! choice; an account keeps a rating and a history under a name nobody else may take.
//!
//! Names are checked here ([`PlayerName`]), passwords hashed with argon2id ([`password`]), and
//! sessions are random tokens of which the store keeps only a hash ([`session`]). Hashes wait
//! their turn in one line ([`hashing`]); failed logins are counted per account ([`lockout`]),
//! and a browser that logged in before gets past an account's lock ([`device`]).

pub mod device;
pub mod hashing;
pub mod lockout;
pub mod name;
pub mod password;
pub mod session;

pub use name::{skeleton, NameError, PlayerName};
