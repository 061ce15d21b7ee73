//! `acey play`: Acey-Deucey in the terminal, full-screen (ratatui) or as lines of text
//! (`--plain`), against the bot or a second person at the same keyboard.
//!
//! * [`session`]: the game, its seats, dice and bot; what happens by itself.
//! * [`thinking`]: the bot's decisions as jobs that can run on another thread.
//! * [`board`]: the board drawn as tagged text, from either player's side.
//! * [`typed`]: plays, steps and doubles typed in notation.
//! * [`app`], [`ui`], [`terminal`]: the full-screen game's state and keys, drawing, and terminal.
//! * [`plain`]: the line mode.
//! * [`save`]: saving a game and going on with it later.
//! * [`review`]: the analysis of the game just played.
//! * [`online`]: `acey play --online URL`, the lobby and online games over the server's protocol.

pub mod app;
pub mod board;
pub mod line_editor;
pub mod online;
pub mod plain;
pub mod review;
pub mod save;
pub mod session;
pub mod terminal;
pub mod thinking;
pub mod typed;
pub mod ui;

pub use session::{Seat, Session, Setup};
