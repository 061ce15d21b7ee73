//! # acey-engine
//!
//! acey's engine for the browser: the rules ([`acey_rules`]) and the bot ([`acey_ai`]) hosting
//! games on this device, compiled to WebAssembly and run by the web client in a worker, so that
//! a game against the computer or on one screen needs no server.
//!
//! A game here speaks the server's protocol ([`acey_protocol`]): the client sends the same
//! messages and gets the same answers (`joined`, `update` with the view and its legal steps,
//! `hint`), so the web client's board, input, hints and analysis are the ones it uses online.
//! The dice and the bot's turns are the table's own, decided by the same functions as in the
//! server's rooms ([`acey_ai::table_action`], [`acey_ai::Bot::decide`]).
//!
//! * [`table`]: one game on this device ([`Table`]) and the form it is kept in ([`Saved`]);
//! * [`engine`]: the games and one connection to them, driven by JSON requests ([`Engine`]);
//! * [`ffi`]: the WebAssembly interface over it;
//! * [`scripted`]: a scripted session with it, for the differential test and the benchmark.
//!
//! ```
//! use acey_engine::Engine;
//!
//! let mut engine = Engine::new(7);
//! let answer = engine.request(r#"{"op":"send","msg":{"type":"create","mode":"computer"}}"#);
//! let answer: serde_json::Value = serde_json::from_str(&answer).unwrap();
//! assert_eq!(answer["msgs"][0]["type"], "joined");
//! // The game as the client keeps it (IndexedDB), to take it up after a reload.
//! assert_eq!(answer["saved"][0]["settings"]["level"], "casual");
//! ```
#![warn(missing_docs)]

pub mod engine;
pub mod ffi;
pub mod scripted;
pub mod table;

pub use engine::Engine;
pub use table::{Saved, Settings, Table};
