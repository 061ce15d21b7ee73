//! The whole game flow (rules spec 2.2 to 2.10) as a state machine driven by actions.
//!
//! A [`Game`] holds no random generator: dice come in with the actions that roll them
//! ([`Action::DieOff`], [`Action::Roll`]). A game is therefore a pure function of its rules and its
//! action log, which is what makes records, replays, undo, crash recovery and server authority
//! simple: [`Game::replay`] rebuilds any game from [`Game::actions`].
//!
//! ```
//! use acey_rules::{Action, Game, Phase, Player, Rules};
//! let mut game = Game::new(Rules::default());
//! game.apply(Action::DieOff { dice: [5, 2] }).unwrap(); // player 0 starts (R2.2)
//! game.apply(Action::Roll { dice: [1, 2] }).unwrap();   // an acey-deucey (2.7)
//! let play = game.legal_plays()[0].steps().to_vec();
//! game.apply(Action::Play { steps: play }).unwrap();    // AD-1, both dice used
//! assert_eq!(game.phase(), &Phase::NameDouble { player: Player::Zero });
//! game.apply(Action::NameDouble { value: 6 }).unwrap(); // AD-3
//! let four = game.legal_plays()[0].steps().to_vec();
//! game.apply(Action::Play { steps: four }).unwrap();    // AD-4, all four used
//! assert_eq!(game.phase(), &Phase::Roll { player: Player::Zero }); // AD-5: roll again
//! ```

use std::fmt;

use crate::pool::Pool;
use crate::position::{Player, Position, CHECKERS};
use crate::rules::{
    AceyDoubleChoice, ChainLimit, NaturalDoubles, NextGameStarter, OpeningRoll, Rules, Scoring,
};
use crate::segment::fills_double;
use crate::step::{Play, Step};
use crate::turn_builder::{StepError, TurnBuilder};
use crate::MoveGen;

/// What kind of pool is being played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum PoolKind {
    /// A natural roll other than an acey-deucey 1-2.
    Natural,
    /// The 1-2 of an acey-deucey (AD-1).
    AceyDeucey,
    /// The double named after a fully played 1-2 (AD-4), with the named value.
    ChosenDouble(u8),
}

/// Where the game stands: who must do what next.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "phase", rename_all = "kebab-case"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Phase {
    /// Both players roll one die to decide who starts (R2.2).
    DieOff,
    /// `player` rolls (or, with the cube, may double first).
    Roll {
        /// Who rolls.
        player: Player,
    },
    /// `by` offered the cube; the other player takes or drops.
    CubeOffered {
        /// Who doubled.
        by: Player,
    },
    /// `player` plays `pool` step by step (see [`Game::turn`]).
    Move {
        /// Who moves.
        player: Player,
        /// The dice.
        pool: Pool,
        /// What kind of pool it is.
        kind: PoolKind,
    },
    /// `player` played a 1-2 in full and names a double (AD-3).
    NameDouble {
        /// Who names.
        player: Player,
    },
    /// The game is over.
    GameOver {
        /// Who won.
        winner: Player,
        /// Points won (the cube included).
        points: u32,
        /// How it ended.
        how: GameEnd,
    },
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum GameEnd {
    /// The winner bore off all 15 checkers (R9.1).
    BoreOff,
    /// The loser resigned.
    Resigned,
    /// The loser dropped a double.
    Dropped,
    /// The loser forfeited: ran out of time, or left and was claimed against
    /// ([`Action::Forfeit`]).
    Forfeited,
}

/// Something a player (or the dice) does. Actions are attributed to whoever the phase is waiting
/// for, except [`Action::Resign`] and [`Action::ResignAs`], which name their player.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "action", rename_all = "kebab-case"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Action {
    /// The die-off: `dice[0]` is player 0's die, `dice[1]` player 1's.
    DieOff {
        /// The two dice.
        dice: [u8; 2],
    },
    /// The player on roll rolls these two dice.
    Roll {
        /// The two dice.
        dice: [u8; 2],
    },
    /// One step of the current play.
    Step {
        /// The step (its hit flag is ignored and recomputed).
        step: Step,
    },
    /// Take back the last step of the current play.
    Undo,
    /// Finish the current play; only when no legal step remains.
    Confirm,
    /// Play whole steps at once and finish (what bots and records do).
    Play {
        /// The steps, in order.
        steps: Vec<Step>,
    },
    /// Name the double after a fully played 1-2 (AD-3).
    NameDouble {
        /// 1..=6.
        value: u8,
    },
    /// Offer the cube (R9.3), before rolling.
    Double,
    /// Accept the cube.
    Take,
    /// Refuse the cube, conceding the current stake.
    Drop,
    /// `player` resigns the game, conceding what the position would score if the opponent won
    /// now ([`Game::resignation_points`]).
    Resign {
        /// Who resigns.
        player: Player,
    },
    /// `player` resigns conceding a single game, a gammon or a backgammon (times the cube),
    /// under `gammon-backgammon` scoring (R9.2), where that can be less than [`Action::Resign`]
    /// concedes. Such an offer needs the opponent's agreement, which is asked outside the game
    /// (the terminal asks the bot or the other person; the server never sends it): the action
    /// records the agreed result. Refused under other scorings and above what the position
    /// would score ([`Game::resignations`] lists the levels allowed).
    ResignAs {
        /// Who resigns.
        player: Player,
        /// What is conceded.
        level: Resignation,
    },
    /// `player` forfeits: the server's verdict when their clock runs out or when they left the
    /// game and their opponent claimed it. In a match the opponent wins the match (their score
    /// is raised to the match length, and by at least what the position would score); in a
    /// single game or an open session the game is scored as a resignation ([`Action::Resign`]).
    Forfeit {
        /// Who forfeits.
        player: Player,
    },
    /// Start the next game of the match or session.
    NextGame,
}

/// What a resignation concedes under `gammon-backgammon` scoring (R9.2), before the cube.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Resignation {
    /// A single game: 1 point.
    Single,
    /// A gammon: 2 points.
    Gammon,
    /// A backgammon: 3 points.
    Backgammon,
}

impl Resignation {
    /// Every level, smallest first.
    pub const ALL: [Resignation; 3] = [
        Resignation::Single,
        Resignation::Gammon,
        Resignation::Backgammon,
    ];

    /// Points conceded before the cube: 1, 2 or 3.
    pub fn points(self) -> u32 {
        match self {
            Resignation::Single => 1,
            Resignation::Gammon => 2,
            Resignation::Backgammon => 3,
        }
    }

    /// `single`, `gammon` or `backgammon`.
    pub fn name(self) -> &'static str {
        match self {
            Resignation::Single => "single",
            Resignation::Gammon => "gammon",
            Resignation::Backgammon => "backgammon",
        }
    }

    /// The level named `single`, `gammon` or `backgammon` (any case).
    pub fn from_name(name: &str) -> Option<Resignation> {
        Resignation::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// Why an action was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameError {
    /// The action does not fit the phase; the message says what is expected.
    WrongPhase(String),
    /// A die value outside 1..=6 or another bad argument.
    BadValue(String),
    /// An illegal step, play or confirmation.
    Illegal(String),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::WrongPhase(m) | GameError::BadValue(m) | GameError::Illegal(m) => {
                f.write_str(m)
            }
        }
    }
}

impl std::error::Error for GameError {}

impl From<StepError> for GameError {
    fn from(e: StepError) -> Self {
        GameError::Illegal(e.to_string())
    }
}

/// The highest value of the doubling cube: 2^12, the cap GNU Backgammon uses. No double is
/// offered beyond it (R9.3 sets no cap; a cap keeps every score finite and representable).
pub const MAX_CUBE: u32 = 4096;

/// The doubling cube (R9.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Cube {
    /// Current value: 1, 2, 4, ...
    pub value: u32,
    /// Who may double next; `None` while centred.
    pub owner: Option<Player>,
}

/// One finished play, for logs and records.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlayRecord {
    /// Game number in the match, from 1.
    pub game: u32,
    /// Who played.
    pub player: Player,
    /// The dice as rolled or named.
    pub dice: Vec<u8>,
    /// What kind of pool.
    pub kind: PoolKind,
    /// The steps, in order (empty when nothing could be played).
    pub steps: Vec<Step>,
}

impl PlayRecord {
    /// One line of notation, e.g. `1-2: in/24 in/23` or `6-6 chosen: in/19(4)`.
    pub fn notation(&self) -> String {
        let dice = match self.kind {
            PoolKind::ChosenDouble(d) if self.dice.iter().all(|&x| x == d) => {
                format!("{d}-{d} chosen")
            }
            // European complement: the named double and its complement (AD-4).
            PoolKind::ChosenDouble(d) => format!(
                "{d}-{d} chosen ({})",
                self.dice
                    .iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join("-")
            ),
            _ => match self.dice.as_slice() {
                [a, b] => format!("{a}-{b}"),
                [d, ..] => format!("{d}-{d}"),
                [] => String::new(),
            },
        };
        format!("{dice}: {}", crate::notation::format_steps(&self.steps))
    }
}

/// A game, or a match of games, of Acey-Deucey under one rule set.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    position: Position,
    phase: Phase,
    turn: Option<TurnBuilder>,
    /// Dice of the roll being played, as rolled (for the record).
    rolled: [u8; 2],
    cube: Cube,
    score: [u32; 2],
    game_number: u32,
    /// Acey-deucey re-rolls taken in the current turn (AD-6).
    rerolls: u32,
    /// Whether the current turn is already past its first roll (no cube action then: R9.3).
    in_reroll: bool,
    /// Crawford: the game being played is the Crawford game.
    crawford_game: bool,
    crawford_done: bool,
    actions: Vec<Action>,
    log: Vec<PlayRecord>,
    games_won: [u32; 2],
    /// The set-up position of a game made with [`Game::from_position`]; `None` for [`Game::new`].
    setup: Option<Position>,
}

impl Game {
    /// A new game (or the first game of a match), waiting for the die-off.
    pub fn new(rules: Rules) -> Game {
        Game {
            rules,
            position: Position::starting(&rules),
            phase: Phase::DieOff,
            turn: None,
            rolled: [0, 0],
            cube: Cube {
                value: 1,
                owner: None,
            },
            score: [0, 0],
            game_number: 1,
            rerolls: 0,
            in_reroll: false,
            crawford_game: false,
            crawford_done: false,
            actions: Vec::new(),
            log: Vec::new(),
            games_won: [0, 0],
            setup: None,
        }
    }

    /// A game that starts from a set-up `position` (tests, analysis, study of a position): no
    /// die-off, `position.turn()` to roll, cube centred, score 0-0. Only the first game starts
    /// there; [`Action::NextGame`] starts from the rules' usual starting position. The action
    /// log does not hold the set-up, so rebuild such a game with [`Game::replay_from`] and
    /// [`Game::setup`]. A position where someone has already won is refused.
    ///
    /// ```
    /// use acey_rules::{Action, Game, Phase, Player, Position, Rules};
    /// let rules = Rules::default();
    /// let pos = Position::starting(&rules).with_turn(Player::One);
    /// let mut game = Game::from_position(rules, pos).unwrap();
    /// assert_eq!(game.phase(), &Phase::Roll { player: Player::One });
    /// game.apply(Action::Roll { dice: [6, 5] }).unwrap();
    /// let again = Game::replay_from(rules, *game.setup().unwrap(), game.actions()).unwrap();
    /// assert_eq!(again.position(), game.position());
    /// ```
    pub fn from_position(rules: Rules, position: Position) -> Result<Game, GameError> {
        if let Some(winner) = position.winner() {
            return Err(GameError::BadValue(format!(
                "the game is already over: {winner} has borne off all 15 checkers"
            )));
        }
        let mut game = Game::new(rules);
        game.position = position;
        game.phase = Phase::Roll {
            player: position.turn(),
        };
        game.setup = Some(position);
        Ok(game)
    }

    /// Rebuilds a game from its rules and action log. On a bad action, says which one.
    pub fn replay(rules: Rules, actions: &[Action]) -> Result<Game, (usize, GameError)> {
        Game::replay_actions(Game::new(rules), actions)
    }

    /// Rebuilds a game made with [`Game::from_position`] from its set-up position and action log.
    /// A refused set-up position is reported as `(0, error)`.
    pub fn replay_from(
        rules: Rules,
        position: Position,
        actions: &[Action],
    ) -> Result<Game, (usize, GameError)> {
        let game = Game::from_position(rules, position).map_err(|e| (0, e))?;
        Game::replay_actions(game, actions)
    }

    fn replay_actions(mut game: Game, actions: &[Action]) -> Result<Game, (usize, GameError)> {
        for (i, a) in actions.iter().enumerate() {
            game.apply(a.clone()).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    /// The set-up position of a game made with [`Game::from_position`] (`None` for a game made
    /// with [`Game::new`], which starts with a die-off from the usual starting position).
    pub fn setup(&self) -> Option<&Position> {
        self.setup.as_ref()
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The position (with the current step view applied while a play is being built). Its
    /// `turn` is the player who acts next.
    pub fn position(&self) -> Position {
        match &self.turn {
            Some(t) => *t.position(),
            None => self.position,
        }
    }

    /// The phase.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The step view of the play being built, in the `Move` phase.
    pub fn turn(&self) -> Option<&TurnBuilder> {
        self.turn.as_ref()
    }

    /// The legal plays of the current pool (empty outside the `Move` phase).
    pub fn legal_plays(&self) -> &[Play] {
        self.turn.as_ref().map(|t| t.plays()).unwrap_or(&[])
    }

    /// The cube.
    pub fn cube(&self) -> Cube {
        self.cube
    }

    /// Match or session score, `[player 0, player 1]`.
    pub fn score(&self) -> [u32; 2] {
        self.score
    }

    /// Whether the game being played is a match's Crawford game (no doubling: R9.4).
    pub fn is_crawford_game(&self) -> bool {
        self.crawford_game
    }

    /// Whether the match's Crawford game has been played: later games are post-Crawford.
    pub fn crawford_done(&self) -> bool {
        self.crawford_done
    }

    /// Games won by each player in this match or session.
    pub fn games_won(&self) -> [u32; 2] {
        self.games_won
    }

    /// The number of the game being played, from 1.
    pub fn game_number(&self) -> u32 {
        self.game_number
    }

    /// Every accepted action, in order: with the rules, the whole game.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// Every finished play, in order.
    pub fn log(&self) -> &[PlayRecord] {
        &self.log
    }

    /// Whether play is over and the rules call for no next game: a game with no match target
    /// has ended, or the match is decided (R9.4). Every host offers a rematch from here; a game
    /// of a match that is not decided goes on with [`Action::NextGame`] instead.
    pub fn is_finished(&self) -> bool {
        matches!(self.phase, Phase::GameOver { .. })
            && (self.rules.match_target.is_none() || self.match_winner().is_some())
    }

    /// The match winner once someone has reached the match target (R9.4).
    pub fn match_winner(&self) -> Option<Player> {
        let target = self.rules.match_target?;
        Player::BOTH
            .into_iter()
            .find(|p| self.score[p.index()] >= target)
    }

    /// The player the game waits for, if any (none during the die-off or after the match).
    pub fn to_act(&self) -> Option<Player> {
        match &self.phase {
            Phase::Roll { player } | Phase::NameDouble { player } | Phase::Move { player, .. } => {
                Some(*player)
            }
            Phase::CubeOffered { by } => Some(by.other()),
            Phase::DieOff | Phase::GameOver { .. } => None,
        }
    }

    /// Whether `player` may offer the cube now. The cube stops at [`MAX_CUBE`] (as GNU
    /// Backgammon's does), so its value can never overflow.
    pub fn may_double(&self, player: Player) -> bool {
        self.rules.doubling_cube
            && self.cube.value < MAX_CUBE
            && matches!(self.phase, Phase::Roll { player: p } if p == player)
            && !self.in_reroll
            && !self.crawford_game
            && self.cube.owner.is_none_or(|o| o == player)
            && self.match_winner().is_none()
    }

    /// The points `player` concedes by resigning now ([`Action::Resign`]): what the position
    /// would score if the opponent won now (R9.2), times the cube. Steps of an unfinished play
    /// do not count: the position is the one the play began from.
    pub fn resignation_points(&self, player: Player) -> u32 {
        base_score(&self.rules, &self.position, player.other()) * self.cube.value
    }

    /// The levels `player` may offer to resign at now ([`Action::ResignAs`]) with the points
    /// each concedes (the cube included), smallest first: under `gammon-backgammon` scoring the
    /// levels up to what the position would score; empty under other scorings (only
    /// [`Action::Resign`] there) and once the game is over.
    pub fn resignations(&self, player: Player) -> Vec<(Resignation, u32)> {
        if self.rules.scoring != Scoring::GammonBackgammon
            || matches!(self.phase, Phase::GameOver { .. })
        {
            return Vec::new();
        }
        let most = base_score(&self.rules, &self.position, player.other());
        Resignation::ALL
            .into_iter()
            .filter(|r| r.points() <= most)
            .map(|r| (r, r.points() * self.cube.value))
            .collect()
    }

    /// The doubles that may be named now (AD-3), in the `NameDouble` phase.
    pub fn nameable_doubles(&self) -> Vec<u8> {
        if !matches!(self.phase, Phase::NameDouble { .. }) {
            return Vec::new();
        }
        nameable_doubles_at(&self.rules, &mut MoveGen::new(&self.rules), &self.position)
    }

    /// Applies an action. On error nothing changes. The action is kept in [`Game::actions`] as
    /// the game decided it: a step's and a play's hit flags are the game's, whatever the caller
    /// sent.
    pub fn apply(&mut self, action: Action) -> Result<(), GameError> {
        // Every branch of `apply_inner` validates before it changes anything, so a refused action
        // leaves the game as it was without the cost of a copy.
        let decided = self.apply_inner(&action)?;
        self.actions.push(decided.unwrap_or(action));
        Ok(())
    }

    fn expect(&self, what: &str) -> GameError {
        let now = match &self.phase {
            Phase::DieOff => "the die-off".to_string(),
            Phase::Roll { player } => format!("{player} to roll"),
            Phase::CubeOffered { by } => format!("{} to take or drop the cube", by.other()),
            Phase::Move { player, pool, .. } => format!("{player} to play {pool}"),
            Phase::NameDouble { player } => format!("{player} to name a double"),
            Phase::GameOver { .. } => "the game is over".to_string(),
        };
        GameError::WrongPhase(format!("cannot {what} now: waiting for {now}"))
    }

    /// Applies `action`; returns the action as decided where it differs from what was sent
    /// (the hit flags of steps).
    fn apply_inner(&mut self, action: &Action) -> Result<Option<Action>, GameError> {
        match (action, &self.phase) {
            (Action::Step { step }, Phase::Move { .. }) => {
                let turn = self.turn.as_mut().expect("a Move phase has a turn");
                let step = turn.step(*step)?;
                Ok(Some(Action::Step { step }))
            }
            (Action::Play { steps }, &Phase::Move { player, pool, kind }) => {
                let turn = self.turn.as_mut().expect("a Move phase has a turn");
                let play = turn.play_steps(steps)?;
                let steps = play.steps().to_vec();
                self.finish_pool(player, pool, kind, play);
                Ok(Some(Action::Play { steps }))
            }
            // The other actions are kept as they were sent.
            _ => self.apply_plain(action).map(|()| None),
        }
    }

    fn apply_plain(&mut self, action: &Action) -> Result<(), GameError> {
        match (action, self.phase.clone()) {
            (Action::DieOff { dice }, Phase::DieOff) => self.die_off(*dice),
            (Action::Roll { dice }, Phase::Roll { player }) => {
                check_dice(dice)?;
                self.rolled = *dice;
                let kind = if self.rules.is_acey_deucey(dice[0], dice[1]) {
                    PoolKind::AceyDeucey
                } else {
                    PoolKind::Natural
                };
                let pool = Pool::roll(dice[0], dice[1]).expect("checked");
                self.start_pool(player, pool, kind);
                Ok(())
            }
            (Action::Undo, Phase::Move { .. }) => {
                let turn = self.turn.as_mut().expect("a Move phase has a turn");
                turn.undo()
                    .map(|_| ())
                    .ok_or_else(|| GameError::Illegal("nothing to undo".to_string()))
            }
            (Action::Confirm, Phase::Move { player, pool, kind }) => {
                let play = self
                    .turn
                    .as_ref()
                    .expect("a Move phase has a turn")
                    .finish()?;
                self.finish_pool(player, pool, kind, play);
                Ok(())
            }
            (Action::NameDouble { value }, Phase::NameDouble { player }) => {
                if !(1..=6).contains(value) {
                    return Err(GameError::BadValue(format!(
                        "a named double is 1 to 6, not {value}"
                    )));
                }
                let allowed = self.nameable_doubles();
                if !allowed.contains(value) {
                    return Err(GameError::Illegal(format!(
                        "{value}-{value} cannot be named: a double that can be played in full must be chosen ({})",
                        allowed.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
                    )));
                }
                let pool =
                    Pool::chosen_double(*value, self.rules.acey_doubles_mode).expect("checked");
                self.start_pool(player, pool, PoolKind::ChosenDouble(*value));
                Ok(())
            }
            (Action::Double, Phase::Roll { player }) => {
                if !self.may_double(player) {
                    return Err(GameError::Illegal(if !self.rules.doubling_cube {
                        "these rules have no doubling cube".to_string()
                    } else if self.in_reroll {
                        "the cube cannot be offered during an acey-deucey re-roll (R9.3)"
                            .to_string()
                    } else if self.crawford_game {
                        "no doubling in the Crawford game".to_string()
                    } else if self.cube.value >= MAX_CUBE {
                        format!("the cube is at its highest value, {MAX_CUBE}")
                    } else {
                        format!("{player} does not own the cube")
                    }));
                }
                self.phase = Phase::CubeOffered { by: player };
                Ok(())
            }
            (Action::Take, Phase::CubeOffered { by }) => {
                self.cube = Cube {
                    value: self.cube.value * 2,
                    owner: Some(by.other()),
                };
                self.phase = Phase::Roll { player: by };
                Ok(())
            }
            (Action::Drop, Phase::CubeOffered { by }) => {
                let points = self.cube.value;
                self.end_game(by, points, GameEnd::Dropped);
                Ok(())
            }
            (Action::Resign { player }, phase) => {
                if matches!(phase, Phase::GameOver { .. }) {
                    return Err(self.expect("resign"));
                }
                // Steps of an unfinished play are not part of the game yet: the position is
                // scored as it stood when the play began.
                let points = self.resignation_points(*player);
                self.end_game(player.other(), points, GameEnd::Resigned);
                Ok(())
            }
            (Action::ResignAs { player, level }, phase) => {
                if matches!(phase, Phase::GameOver { .. }) {
                    return Err(self.expect("resign"));
                }
                if self.rules.scoring != Scoring::GammonBackgammon {
                    return Err(GameError::Illegal(
                        "a resignation names single, gammon or backgammon only under gammon-backgammon scoring: resign".to_string(),
                    ));
                }
                let allowed = self.resignations(*player);
                let Some(&(_, points)) = allowed.iter().find(|(r, _)| r == level) else {
                    return Err(GameError::Illegal(format!(
                        "the position scores no {}: resign as {}",
                        level.name(),
                        allowed
                            .iter()
                            .map(|(r, _)| r.name())
                            .collect::<Vec<_>>()
                            .join(" or ")
                    )));
                };
                self.end_game(player.other(), points, GameEnd::Resigned);
                Ok(())
            }
            (Action::Forfeit { player }, phase) => {
                if matches!(phase, Phase::GameOver { .. }) && self.match_winner().is_some() {
                    return Err(self.expect("forfeit"));
                }
                let stake = if matches!(phase, Phase::GameOver { .. }) {
                    // Between two games of a match: nothing is at stake but the match.
                    0
                } else {
                    self.resignation_points(*player)
                };
                let winner = player.other();
                let points = match self.rules.match_target {
                    Some(target) => stake.max(target.saturating_sub(self.score[winner.index()])),
                    None => stake,
                };
                if matches!(phase, Phase::GameOver { .. }) {
                    // The game before was scored already: only the match is decided now.
                    self.score[winner.index()] += points;
                    self.phase = Phase::GameOver {
                        winner,
                        points,
                        how: GameEnd::Forfeited,
                    };
                } else {
                    self.end_game(winner, points, GameEnd::Forfeited);
                }
                Ok(())
            }
            (Action::NextGame, Phase::GameOver { winner, .. }) => {
                if self.match_winner().is_some() {
                    return Err(GameError::WrongPhase(
                        "the match is over: no next game".to_string(),
                    ));
                }
                self.next_game(winner);
                Ok(())
            }
            (a, _) => Err(self.expect(action_name(a))),
        }
    }

    fn die_off(&mut self, dice: [u8; 2]) -> Result<(), GameError> {
        check_dice(&dice)?;
        if dice[0] == dice[1] {
            // E25: a tie is rolled again, never played as a double.
            return Ok(());
        }
        let starter = if dice[0] > dice[1] {
            Player::Zero
        } else {
            Player::One
        };
        self.position = self.position.with_turn(starter);
        match self.rules.opening_roll {
            OpeningRoll::RerollBoth => self.phase = Phase::Roll { player: starter },
            OpeningRoll::UseDieOffDice => {
                // E1: a die-off of 2 against 1 is an acey-deucey.
                self.rolled = [dice[starter.index()], dice[starter.other().index()]];
                let kind = if self.rules.is_acey_deucey(dice[0], dice[1]) {
                    PoolKind::AceyDeucey
                } else {
                    PoolKind::Natural
                };
                let pool = Pool::roll(dice[0], dice[1]).expect("checked");
                self.start_pool(starter, pool, kind);
            }
        }
        Ok(())
    }

    fn start_pool(&mut self, player: Player, pool: Pool, kind: PoolKind) {
        self.position = self.position.with_turn(player);
        let turn = TurnBuilder::new(&self.rules, self.position, pool);
        if turn.is_complete() {
            // No legal step at all (R3.2, E28): the pool is forfeited at once.
            let play = turn.finish().expect("complete");
            self.finish_pool(player, pool, kind, play);
        } else {
            self.turn = Some(turn);
            self.phase = Phase::Move { player, pool, kind };
        }
    }

    fn finish_pool(&mut self, player: Player, pool: Pool, kind: PoolKind, play: Play) {
        self.turn = None;
        self.position = *play.position();
        self.log.push(PlayRecord {
            game: self.game_number,
            player,
            dice: match kind {
                PoolKind::ChosenDouble(_) => pool.dice().to_vec(),
                _ => self.rolled.to_vec(),
            },
            kind,
            steps: play.steps().to_vec(),
        });
        if self.position.off(player) == CHECKERS {
            // AD-7: the game ends at once.
            let points = base_score(&self.rules, &self.position, player) * self.cube.value;
            self.end_game(player, points, GameEnd::BoreOff);
            return;
        }
        let used = play.dice_used();
        let reroll_allowed = match self.rules.acey_chain_limit {
            ChainLimit::Unlimited => true,
            ChainLimit::Max(n) => self.rerolls < n as u32,
        };
        match kind {
            PoolKind::AceyDeucey => {
                let earned = self.rules.earns_double(used);
                if earned {
                    self.phase = Phase::NameDouble { player };
                } else {
                    self.pass_turn(player);
                }
            }
            PoolKind::ChosenDouble(_) => {
                let earned = self.rules.earns_reroll(used);
                if earned && reroll_allowed {
                    self.rerolls += 1;
                    self.reroll(player);
                } else {
                    self.pass_turn(player);
                }
            }
            PoolKind::Natural => {
                let double = pool.len() == 4;
                if double
                    && used == 4
                    && self.rules.natural_doubles == NaturalDoubles::FourMovesThenReroll
                {
                    self.reroll(player);
                } else {
                    self.pass_turn(player);
                }
            }
        }
    }

    fn reroll(&mut self, player: Player) {
        // E18: same player, same position; only the dice change.
        self.in_reroll = true;
        self.phase = Phase::Roll { player };
    }

    fn pass_turn(&mut self, player: Player) {
        let next = player.other();
        self.rerolls = 0;
        self.in_reroll = false;
        self.position = self.position.with_turn(next);
        self.phase = Phase::Roll { player: next };
    }

    fn end_game(&mut self, winner: Player, points: u32, how: GameEnd) {
        self.turn = None;
        self.score[winner.index()] += points;
        self.games_won[winner.index()] += 1;
        if let Some(target) = self.rules.match_target {
            // Crawford: the game right after a player first reaches match point (target - 1) is
            // played without the cube.
            if self.crawford_game {
                self.crawford_game = false;
                self.crawford_done = true;
            } else if self.rules.doubling_cube
                && !self.crawford_done
                && self.score[winner.index()] + 1 == target
            {
                self.crawford_game = true;
            }
        }
        self.phase = Phase::GameOver {
            winner,
            points,
            how,
        };
    }

    fn next_game(&mut self, previous_winner: Player) {
        let crawford_game = self.crawford_game;
        self.position = Position::starting(&self.rules);
        self.turn = None;
        self.cube = Cube {
            value: 1,
            owner: None,
        };
        self.game_number += 1;
        self.rerolls = 0;
        self.in_reroll = false;
        self.crawford_game = crawford_game;
        let starter = match self.rules.next_game_starter {
            NextGameStarter::DieOff => None,
            NextGameStarter::PreviousWinner => Some(previous_winner),
            NextGameStarter::PreviousLoser => Some(previous_winner.other()),
        };
        match starter {
            Some(p) => {
                // E26: the starter rolls both dice, with no die-off.
                self.position = self.position.with_turn(p);
                self.phase = Phase::Roll { player: p };
            }
            None => self.phase = Phase::DieOff,
        }
    }
}

/// The doubles that may be named after a fully played 1-2 from `pos` (AD-3).
pub(crate) fn nameable_doubles_at(rules: &Rules, gen: &mut MoveGen, pos: &Position) -> Vec<u8> {
    match rules.acey_double_choice {
        AceyDoubleChoice::Any => (1..=6).collect(),
        AceyDoubleChoice::PlayableIfPossible => {
            let full: Vec<u8> = (1..=6u8)
                .filter(|&d| {
                    let pool = Pool::chosen_double(d, rules.acey_doubles_mode)
                        .expect("1..=6 is a valid die");
                    fills_double(gen.plays(pos, &pool))
                })
                .collect();
            if full.is_empty() {
                (1..=6).collect()
            } else {
                full
            }
        }
    }
}

/// The base value of a win by `winner` from `pos` (R9.2), before the cube.
pub fn base_score(rules: &Rules, pos: &Position, winner: Player) -> u32 {
    let loser = winner.other();
    match rules.scoring {
        Scoring::CheckerCount => (CHECKERS - pos.off(loser)) as u32,
        Scoring::Single => 1,
        Scoring::GammonBackgammon => {
            if pos.off(loser) > 0 {
                1
            } else if pos.bar(loser) > 0
                || pos.start(loser) > 0
                || (19..=24).any(|p| pos.count(loser, p) > 0)
            {
                3
            } else {
                2
            }
        }
    }
}

fn check_dice(dice: &[u8; 2]) -> Result<(), GameError> {
    for d in dice {
        if !(1..=6).contains(d) {
            return Err(GameError::BadValue(format!("a die shows 1 to 6, not {d}")));
        }
    }
    Ok(())
}

fn action_name(a: &Action) -> &'static str {
    match a {
        Action::DieOff { .. } => "roll the die-off",
        Action::Roll { .. } => "roll",
        Action::Step { .. } => "move a checker",
        Action::Undo => "undo",
        Action::Confirm => "confirm a play",
        Action::Play { .. } => "play",
        Action::NameDouble { .. } => "name a double",
        Action::Double => "double",
        Action::Take => "take",
        Action::Drop => "drop",
        Action::Resign { .. } | Action::ResignAs { .. } => "resign",
        Action::Forfeit { .. } => "forfeit",
        Action::NextGame => "start the next game",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Preset;

    /// A backgammon game at its start, player 0 to roll (R9.2 gammon-backgammon scoring).
    fn backgammon() -> Game {
        let rules = Preset::Backgammon.rules();
        Game::from_position(rules, Position::starting(&rules).with_turn(Player::Zero)).unwrap()
    }

    #[test]
    fn resigning_at_a_chosen_level_under_gammon_scoring() {
        let mut game = backgammon();
        // Player 1's back checkers sit in player 0's home board: a backgammon is at stake.
        assert_eq!(game.resignation_points(Player::One), 3);
        let levels: Vec<(Resignation, u32)> = game.resignations(Player::One);
        assert_eq!(
            levels,
            vec![
                (Resignation::Single, 1),
                (Resignation::Gammon, 2),
                (Resignation::Backgammon, 3)
            ]
        );
        // The cube multiplies every level (R9.3).
        game.apply(Action::Double).unwrap();
        game.apply(Action::Take).unwrap();
        assert_eq!(game.resignation_points(Player::One), 6);
        assert_eq!(game.resignations(Player::One)[0], (Resignation::Single, 2));
        game.apply(Action::ResignAs {
            player: Player::One,
            level: Resignation::Single,
        })
        .unwrap();
        assert_eq!(
            game.phase(),
            &Phase::GameOver {
                winner: Player::Zero,
                points: 2,
                how: GameEnd::Resigned
            }
        );
        assert!(
            game.resignations(Player::One).is_empty(),
            "the game is over"
        );
        assert!(game
            .apply(Action::ResignAs {
                player: Player::One,
                level: Resignation::Single
            })
            .is_err());
    }

    #[test]
    fn a_level_is_refused_above_the_stake_and_under_other_scorings() {
        // Player 1 has borne off a checker: only a single is at stake (R9.2).
        let rules = Preset::Backgammon.rules();
        let mut board = [0i8; 24];
        board[0] = 15;
        board[23] = -14;
        let pos = Position::new(board, [0, 0], [0, 0], [0, 1], Player::Zero).unwrap();
        let mut game = Game::from_position(rules, pos).unwrap();
        assert_eq!(game.resignation_points(Player::One), 1);
        assert_eq!(
            game.resignations(Player::One),
            vec![(Resignation::Single, 1)]
        );
        let e = game
            .apply(Action::ResignAs {
                player: Player::One,
                level: Resignation::Gammon,
            })
            .unwrap_err();
        assert!(e.to_string().contains("no gammon"), "{e}");
        // Checker-count scoring (the american default): one form only, the points at stake.
        let mut game = Game::new(Rules::default());
        assert_eq!(game.resignation_points(Player::Zero), 15);
        assert!(game.resignations(Player::Zero).is_empty());
        assert!(game
            .apply(Action::ResignAs {
                player: Player::Zero,
                level: Resignation::Single
            })
            .is_err());
        game.apply(Action::Resign {
            player: Player::Zero,
        })
        .unwrap();
        assert!(matches!(game.phase(), Phase::GameOver { points: 15, .. }));
    }

    #[test]
    fn the_cube_stops_at_its_cap() {
        // R9.3 with GNU Backgammon's cap: after twelve takes the cube is at 4096 and no one may
        // double again; the game goes on and ends with a finite score.
        let rules: Rules = "american,doubling_cube=true".parse().unwrap();
        let mut game = Game::new(rules);
        game.apply(Action::DieOff { dice: [6, 5] }).unwrap();
        let mut takes = 0;
        loop {
            match *game.phase() {
                Phase::Roll { player } if game.cube().value < MAX_CUBE => {
                    assert!(game.may_double(player));
                    game.apply(Action::Double).unwrap();
                    game.apply(Action::Take).unwrap();
                    takes += 1;
                    game.apply(Action::Roll { dice: [6, 5] }).unwrap();
                }
                Phase::Roll { player } => {
                    assert!(!game.may_double(player));
                    let e = game.apply(Action::Double).unwrap_err().to_string();
                    assert!(e.contains("4096"), "{e}");
                    break;
                }
                Phase::Move { .. } => {
                    let play = game.legal_plays().first().map(|p| p.steps().to_vec());
                    game.apply(Action::Play {
                        steps: play.unwrap_or_default(),
                    })
                    .unwrap();
                }
                ref other => panic!("{other:?}"),
            }
        }
        assert_eq!((takes, game.cube().value), (12, MAX_CUBE));
    }

    #[test]
    fn a_step_is_kept_with_the_hit_the_game_decided() {
        // Whatever hit flag the caller sends, the game's own is kept: a record replays the same
        // and tells the truth.
        let rules = crate::Preset::Backgammon.rules();
        let mut game = Game::new(rules);
        game.apply(Action::DieOff { dice: [6, 5] }).unwrap();
        let step = game.turn().unwrap().legal_steps()[0];
        let lie = Step {
            hit: !step.hit,
            ..step
        };
        game.apply(Action::Step { step: lie }).unwrap();
        assert_eq!(game.actions()[1], Action::Step { step });
    }

    #[test]
    fn a_forfeit_in_a_match_gives_the_opponent_the_match() {
        let rules = Rules {
            match_target: Some(31),
            ..Rules::default()
        };
        let mut game = Game::new(rules);
        game.apply(Action::DieOff { dice: [5, 2] }).unwrap();
        game.apply(Action::Forfeit {
            player: Player::Zero,
        })
        .unwrap();
        assert_eq!(game.score(), [0, 31]);
        assert_eq!(game.match_winner(), Some(Player::One));
        assert!(matches!(
            game.phase(),
            Phase::GameOver {
                winner: Player::One,
                how: GameEnd::Forfeited,
                ..
            }
        ));
        // Nothing is left to forfeit once the match is decided.
        assert!(game
            .apply(Action::Forfeit {
                player: Player::One
            })
            .is_err());
    }

    #[test]
    fn play_is_finished_after_a_game_without_a_target_or_a_decided_match_only() {
        let resign_first = |rules: Rules| {
            let mut game = Game::new(rules);
            assert!(!game.is_finished());
            game.apply(Action::DieOff { dice: [5, 2] }).unwrap();
            game.apply(Action::Resign {
                player: Player::One,
            })
            .unwrap();
            assert!(matches!(game.phase(), Phase::GameOver { .. }));
            game
        };
        // No match target: the game ended is the end.
        assert!(resign_first(Rules::default()).is_finished());
        // A match to 31 goes on after a game that did not decide it (R9.4) ...
        let mut game = resign_first(Rules {
            match_target: Some(31),
            ..Rules::default()
        });
        assert!(game.match_winner().is_none() && !game.is_finished());
        // ... and is finished once it is decided.
        game.apply(Action::NextGame).unwrap();
        game.apply(Action::Forfeit {
            player: Player::One,
        })
        .unwrap();
        assert!(game.match_winner().is_some() && game.is_finished());
    }

    #[test]
    fn a_forfeit_in_a_single_game_scores_as_a_resignation() {
        // Checker-count scoring (R9.2): the points at stake, as Action::Resign concedes.
        let mut game = Game::new(Rules::default());
        game.apply(Action::DieOff { dice: [2, 6] }).unwrap();
        let stake = game.resignation_points(Player::One);
        game.apply(Action::Forfeit {
            player: Player::One,
        })
        .unwrap();
        assert_eq!(game.score(), [stake, 0]);
        let replayed = Game::replay(*game.rules(), game.actions()).unwrap();
        assert_eq!(replayed.score(), game.score());
    }

    #[test]
    fn a_forfeit_between_two_games_of_a_match_decides_it() {
        let rules = Rules {
            match_target: Some(31),
            ..Rules::default()
        };
        let mut game = Game::new(rules);
        game.apply(Action::DieOff { dice: [5, 2] }).unwrap();
        game.apply(Action::Resign {
            player: Player::One,
        })
        .unwrap();
        let first = game.score()[0];
        assert!(first > 0 && first < 31);
        game.apply(Action::Forfeit {
            player: Player::One,
        })
        .unwrap();
        assert_eq!(game.score(), [31, 0]);
        assert_eq!(game.match_winner(), Some(Player::Zero));
    }
}
