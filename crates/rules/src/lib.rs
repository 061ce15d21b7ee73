//! # acey-rules
//!
//! The Acey-Deucey rules engine: rule options and presets, positions, legal plays, the step view
//! for user interfaces, and the whole game flow as a deterministic state machine. The rule
//! references (R4.6, AD-5, E12, ...) are the section numbers of the project's rules
//! specification, `docs/rules.md` in the repository.
//!
//! ```
//! use acey_rules::{legal_plays, Pool, Position, Rules};
//! let rules = Rules::default(); // the `american` preset
//! let start = Position::starting(&rules);
//! let plays = legal_plays(&rules, &start, &Pool::roll(1, 2).unwrap());
//! assert!(plays.iter().all(|p| p.dice_used() == 2));
//! ```
//!
//! The crate has no dependencies; the `serde` feature adds `Serialize`/`Deserialize` for the
//! public types, with positions in the JSON form of the design document.
#![warn(missing_docs)]

pub mod bgammon;
pub mod civil;
mod dice_action;
mod game;
pub mod jellyfish;
mod key_set;
mod match_id;
mod movegen;
pub mod notation;
mod perft;
mod pool;
mod position;
mod position_id;
mod position_set;
mod random_play;
mod record;
mod rules;
mod seeded_rng;
mod segment;
mod step;
mod takeback;
mod turn_builder;

pub use civil::CivilTime;
pub use dice_action::dice_action;
pub use game::{
    base_score, Action, Cube, Game, GameEnd, GameError, Phase, PlayRecord, PoolKind, Resignation,
    MAX_CUBE,
};
pub use movegen::{legal_plays, MoveGen};
pub use perft::{distinct_rolls, perft, perft_divide, successors};
pub use pool::{BadDie, Pool};
pub use position::{Player, Position, PositionError, CHECKERS};
pub use random_play::{play_random, random_action, random_game, RandomGameSummary};
pub use record::{DiceSource, Record, RecordError, RecordHeader};
pub use rules::{
    AceyDoubleChoice, AceyDoubleGate, AceyDoublesMode, AceyRerollGate, BarPriority, BearOffRule,
    ChainLimit, DiceUsage, EntryBeforeMoving, EntryUnlock, HitRestriction, Layout, NaturalDoubles,
    NextGameStarter, OpeningRoll, OptionInfo, Preset, Rules, RulesError, Scoring,
};
pub use seeded_rng::SeededRng;
pub use segment::{
    double_options, double_segments, for_each_turn_segment, turn_segments, TurnSegment,
};
pub use step::{Dest, Play, Source, Step, MAX_STEPS};
pub use turn_builder::{StepError, TurnBuilder};
