//! How news travels from where it happens to the connections that must hear it: within a node
//! on its [`Bus`] (the lobby's broadcast, an inbox per connection, the games with a player
//! present), and to the other nodes sharing one PostgreSQL database as [`nodes::Note`]s over
//! `LISTEN/NOTIFY`.

pub mod bus;
pub mod nodes;

pub use bus::Bus;
