//! Game analysis: every decision of a game judged by the bot, the luck of every roll, and a
//! summary per player (docs/analysis.md).
//!
//! The game is replayed action by action through [`Game`]. A **checker decision** is a whole turn
//! segment, as the bot ranks it ([`Bot::rank`]): from a roll to the next roll, so a 1-2 under an
//! acey-deucey rule set is one decision made of the 1-2's play, the named double and its play
//! (AD-2 to AD-4). The played segment is found among the ranked candidates by the position it
//! reached. A **cube decision** is every roll at which the player on roll may double (double or
//! not) and every double offered (take or drop), judged by [`crate::cube`]'s 0-ply equities.
//!
//! Equity lost is in the scoring's points times the cube at the decision, from the mover's side.
//! Marks compare it with [`unit()`] (the worth of a game at cube 1, see there) times the cube:
//! doubtful from [`DOUBTFUL`], bad from [`BAD`], very bad from [`VERY_BAD`] of it. The
//! performance rating is [`RATING_SCALE`] times the mean of that normalised loss per unforced
//! decision, as XG's PR: 0 is perfect play.
//!
//! **Luck** of a roll is the 0-ply equity of the best play of the roll minus the average of that
//! over the rolls that could have come (1/36 for a double, 2/36 otherwise; for an opening roll
//! made of the die-off's dice, the 15 rolls that are not doubles, 2/30 each), times the cube: how
//! much the dice gave compared with an average roll. 0-ply because the average over the rolls is already one ply of
//! lookahead; the same 0-ply average is the equity of the player to roll shown on the graph.
//!
//! **Rollouts** ([`Analyser::rollout_marked`]) judge again the checker plays the search marked:
//! the played segment and the search's best few are played out to the end (or a truncation) by
//! the level's 0-ply bot with common dice, and the rollout's equities replace the search's.
//!
//! Decisions are analysed in parallel on rayon, each on its own, so the result does not depend
//! on the number of threads: the same game gives the same analysis.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

#[cfg(feature = "json")]
pub mod json;

use acey_rules::{
    Action, Game, GameEnd, GameError, Phase, Player, PoolKind, Position, Rules, Scoring, Step,
};
use rayon::prelude::*;

use crate::candidates::{notation, Candidate};
use crate::cube::{double_analysis, offer_analysis, CubeAnalysis};
use crate::eval::Evaluator;
use crate::levels::Level;
use crate::luck::{roll_luck_among, PossibleRolls};
use crate::rollout::{Rollout, RolloutSettings};
use crate::search::{Bot, Ranked};

/// Deepest search an analysis may use: beyond 2 plies a decision takes minutes.
pub const MAX_PLIES: u8 = 2;
/// The level whose evaluator and move filters judge a played game wherever it was played (the
/// server's analyses, the browser's engine), so that a game is judged alike on every host.
pub const GAME_LEVEL: Level = Level::Strongest;
/// The depth of the search that judges a played game's checker plays on every host
/// ([`GAME_LEVEL`]): 1-ply, as `acey analyse` by default.
pub const GAME_PLIES: u8 = 1;
/// Doubtful from this fraction of [`unit()`] (times the cube) lost.
pub const DOUBTFUL: f32 = 0.04;
/// Bad from this fraction of [`unit()`] (times the cube) lost.
pub const BAD: f32 = 0.08;
/// Very bad from this fraction of [`unit()`] (times the cube) lost.
pub const VERY_BAD: f32 = 0.16;
/// The rating is this times the mean normalised equity lost per unforced decision (XG's scale).
pub const RATING_SCALE: f32 = 500.0;
/// Candidates of the search rolled out for a marked decision, besides the played one.
pub const ROLLOUT_CANDIDATES: usize = 4;
/// Ranked plays kept with each checker decision ([`Decision::alternatives`]), besides the played
/// one: enough to see what else was worth considering, few enough to store every game's.
pub const ALTERNATIVES: usize = 5;

/// The worth of a game at cube 1 that thresholds and the rating are fractions of.
///
/// * gammon-backgammon: 1, a single game, as GNU Backgammon and XG normalise, so that backgammon
///   marks and ratings read as theirs do (a game there is worth about 1.4 on average);
/// * single game: 1, all a game is worth;
/// * checker-count: 7.5, half the most a game is worth (15). A game between two advanced bots
///   is worth 10.9 points on average (80 games measured), against 15 at most: the same ratio of
///   average to unit as backgammon's gives about 7.5. Against 15 itself, the worst plays of a
///   random player (about 2 points) would not count as very bad.
pub fn unit(rules: &Rules) -> f32 {
    match rules.scoring {
        Scoring::CheckerCount => 7.5,
        Scoring::Single | Scoring::GammonBackgammon => 1.0,
    }
}

/// Why a game could not be analysed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// The depth asked for is beyond [`MAX_PLIES`].
    #[error("analysis searches 0 to {MAX_PLIES} plies, not {0}")]
    TooDeep(u8),
    /// An action of the game was refused when it was replayed (a game built by hand).
    #[error("action {action} of the game is refused: {source}")]
    Replay {
        /// 0-based index of the refused action.
        action: usize,
        /// Why it was refused.
        source: GameError,
    },
}

/// What was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecisionKind {
    /// A checker play: a whole turn segment (for a 1-2, the double named and its play too).
    Play,
    /// Whether to double, before a roll.
    Double,
    /// Whether to take a double offered.
    Take,
}

impl DecisionKind {
    /// `play`, `double` or `take`.
    pub fn as_str(self) -> &'static str {
        match self {
            DecisionKind::Play => "play",
            DecisionKind::Double => "double",
            DecisionKind::Take => "take",
        }
    }
}

/// How bad a decision was, by the equity it lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// At least [`DOUBTFUL`] of a game's worth lost.
    Doubtful,
    /// At least [`BAD`].
    Bad,
    /// At least [`VERY_BAD`].
    VeryBad,
}

impl Mark {
    /// The mark of a loss already divided by the game's worth (`None`: no mark).
    pub fn of(normalised_loss: f32) -> Option<Mark> {
        if normalised_loss >= VERY_BAD {
            Some(Mark::VeryBad)
        } else if normalised_loss >= BAD {
            Some(Mark::Bad)
        } else if normalised_loss >= DOUBTFUL {
            Some(Mark::Doubtful)
        } else {
            None
        }
    }

    /// `doubtful`, `bad` or `very bad`.
    pub fn as_str(self) -> &'static str {
        match self {
            Mark::Doubtful => "doubtful",
            Mark::Bad => "bad",
            Mark::VeryBad => "very bad",
        }
    }
}

/// One judged decision.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// 0-based index of the game action that started the decision (the roll, the double offered).
    pub action: usize,
    /// Game number in the match, from 1.
    pub game: u32,
    /// Who decided.
    pub player: Player,
    /// What was decided.
    pub kind: DecisionKind,
    /// The roll of a checker decision.
    pub dice: Option<(u8, u8)>,
    /// The cube's value at the decision (every equity here is multiplied by it).
    pub cube: u32,
    /// What was played, in notation (`double`, `no double`, `take`, `drop` for the cube).
    pub played: String,
    /// The best choice by the analysis.
    pub best: String,
    /// Equity of the played choice, in points, from the mover's side.
    pub played_equity: f32,
    /// Equity of the best choice.
    pub best_equity: f32,
    /// `best_equity - played_equity`, never below 0.
    pub equity_lost: f32,
    /// The mark of the loss (`None` for a forced decision or a small loss).
    pub mark: Option<Mark>,
    /// Only one legal choice: not counted in the summary.
    pub forced: bool,
    /// The roll's luck, in points (checker decisions only).
    pub luck: Option<f32>,
    /// Equity of the mover before the roll, 0-ply averaged over the rolls (checker decisions).
    pub equity_before: Option<f32>,
    /// Win probability of the mover before the roll, the same way.
    pub win_before: Option<f32>,
    /// Set when rollouts judged the decision ([`Analyser::rollout_marked`]): the equities, the
    /// best, the loss and the mark are then the rollout's.
    pub rollout: Option<RolloutJudgement>,
    /// The position the decision was made in, `turn` the decider (before the roll for a checker
    /// play, so a viewer can show it with the dice).
    pub position: Position,
    /// The search's best checker plays, best first, at most [`ALTERNATIVES`] of them, and the
    /// played one after them when it is not among them (empty for cube decisions).
    pub alternatives: Vec<Alternative>,
}

impl Decision {
    /// Whether what was played was the best (forced, or nothing lost): the play as written may
    /// differ from the best candidate's writing (its steps in another order) and be the same.
    pub fn played_best(&self) -> bool {
        self.forced || self.equity_lost <= 0.0 || self.played == self.best
    }
}

/// One checker play of a decision as the search ranked it.
#[derive(Debug, Clone, PartialEq)]
pub struct Alternative {
    /// The play in notation (a whole acey-deucey segment after a 1-2).
    pub play: String,
    /// Its equity for the mover, in points at the decision's cube.
    pub equity: f32,
    /// Its win probability for the mover.
    pub win: f32,
    /// The depth its value comes from (a candidate the move filter dropped keeps a shallower
    /// value).
    pub plies: u8,
    /// The steps of the play, in the order made (the roll's, then the named double's).
    pub steps: Vec<Step>,
    /// The position it reaches, `turn` whoever rolls next.
    pub state: Position,
    /// Whether this is what was played.
    pub played: bool,
}

/// What [`Analyser::rollout_marked`] did to an analysis, for reports.
#[derive(Debug, Clone, Copy)]
pub struct RolloutRun {
    /// The settings.
    pub settings: RolloutSettings,
    /// Decisions rolled out.
    pub done: usize,
    /// Decisions marked, to roll out.
    pub marked: usize,
}

/// What the rollouts of one decision were.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RolloutJudgement {
    /// Games played per candidate.
    pub trials: usize,
    /// Candidates rolled out (the search's best and the played one).
    pub candidates: usize,
    /// Standard error of the played choice's equity, in points at the decision's cube.
    pub played_std_error: f32,
    /// Standard error of the best choice's equity, the same way.
    pub best_std_error: f32,
}

/// The summary of one player's decisions.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerSummary {
    /// The player.
    pub player: Player,
    /// Decisions made (forced included).
    pub decisions: usize,
    /// Decisions with more than one choice.
    pub unforced: usize,
    /// Doubtful marks.
    pub doubtful: usize,
    /// Bad marks.
    pub bad: usize,
    /// Very bad marks.
    pub very_bad: usize,
    /// Total equity lost over the unforced decisions, in points.
    pub equity_lost: f32,
    /// Mean equity lost per unforced decision, in points (0 with none).
    pub error_rate: f32,
    /// Sum of the luck of the player's rolls, in points.
    pub luck: f32,
    /// Performance rating: [`RATING_SCALE`] times the mean equity lost per unforced decision
    /// divided by [`unit()`] times the cube; 0 is perfect play.
    pub rating: f32,
}

/// The analysis of a game.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// The depth the decisions were judged at.
    pub plies: u8,
    /// Every decision, in the order of the game.
    pub decisions: Vec<Decision>,
    /// The summary of player 0, then player 1.
    pub players: [PlayerSummary; 2],
    /// False when the analysis was stopped: `decisions` then holds those that were done.
    pub complete: bool,
}

impl Analysis {
    /// The equity of the player to roll before each roll, for a graph: `(decision index, player,
    /// equity, win probability)`.
    pub fn equity_graph(&self) -> Vec<(usize, Player, f32, f32)> {
        self.decisions
            .iter()
            .enumerate()
            .filter_map(|(i, d)| Some((i, d.player, d.equity_before?, d.win_before?)))
            .collect()
    }
}

/// The summary of `player`'s decisions under `rules`.
pub fn summarise(rules: &Rules, decisions: &[Decision], player: Player) -> PlayerSummary {
    let mine: Vec<&Decision> = decisions.iter().filter(|d| d.player == player).collect();
    let unforced: Vec<&&Decision> = mine.iter().filter(|d| !d.forced).collect();
    let count = |m: Mark| unforced.iter().filter(|d| d.mark == Some(m)).count();
    let equity_lost: f32 = unforced.iter().map(|d| d.equity_lost).sum();
    let normalised: f32 = unforced
        .iter()
        .map(|d| d.equity_lost / (unit(rules) * d.cube as f32))
        .sum();
    let n = unforced.len().max(1) as f32;
    PlayerSummary {
        player,
        decisions: mine.len(),
        unforced: unforced.len(),
        doubtful: count(Mark::Doubtful),
        bad: count(Mark::Bad),
        very_bad: count(Mark::VeryBad),
        equity_lost,
        error_rate: equity_lost / n,
        luck: mine.iter().filter_map(|d| d.luck).sum(),
        rating: RATING_SCALE * normalised / n,
    }
}

/// A decision of a game found by [`Analyser::list`], waiting to be judged by
/// [`Analyser::judge`].
#[derive(Debug, Clone)]
pub struct Undecided(Pending);

/// A play as the game's log writes it (`6-1: 13/7 8/7`, or a whole acey-deucey segment) in the
/// form of [`notation`]: the dice are named only before an acey-deucey segment (a decision
/// shows its roll beside the play).
fn as_played(rules: &Rules, dice: (u8, u8), written: String) -> String {
    if rules.is_acey_deucey(dice.0, dice.1) {
        return written;
    }
    match written.split_once(": ") {
        Some((_, steps)) => steps.to_string(),
        None => written,
    }
}

/// The steps of a candidate: the roll's play, then the named double's.
fn steps_of(c: &Candidate) -> Vec<Step> {
    let double = c.double.and_then(|(_, p)| p);
    c.play
        .iter()
        .chain(double.iter())
        .flat_map(|p| p.steps().iter().copied())
        .collect()
}

/// A decision found in the replay, before the bot judges it.
#[derive(Debug, Clone)]
enum Pending {
    /// A roll: `state` before it (mover to roll), the segment's end as reached (`None`: the
    /// roll had no legal play), and the log entries the segment wrote.
    Play {
        action: usize,
        game: u32,
        cube: u32,
        state: Position,
        dice: (u8, u8),
        reached: Option<Position>,
        written: String,
        /// The rolls that could have come (no double for an opening made of the die-off).
        possible: PossibleRolls,
    },
    /// A cube decision, judged during the replay (one 0-ply evaluation).
    Cube(Decision),
}

/// A roll whose segment is still being played.
struct Open {
    action: usize,
    game: u32,
    cube: u32,
    state: Position,
    dice: (u8, u8),
    log_len: usize,
    possible: PossibleRolls,
}

/// Judges games with a bot of a level's evaluator and filters at a chosen depth.
#[derive(Debug, Clone)]
pub struct Analyser {
    rules: Rules,
    bot: Bot,
    luck_bot: Bot,
}

impl Analyser {
    /// An analyser with `level`'s evaluator and move filters, searching `plies` deep, no noise.
    pub fn new(level: Level, rules: Rules, plies: u8) -> Result<Analyser, AnalysisError> {
        Analyser::with_evaluator(level, level.evaluator(&rules), rules, plies)
    }

    /// An analyser with `level`'s move filters over another `evaluator` (a network being
    /// trained, say, to measure its judgement against another program's on the same games).
    pub fn with_evaluator(
        level: Level,
        evaluator: Arc<dyn Evaluator>,
        rules: Rules,
        plies: u8,
    ) -> Result<Analyser, AnalysisError> {
        if plies > MAX_PLIES {
            return Err(AnalysisError::TooDeep(plies));
        }
        let bot = Bot::new(
            Arc::clone(&evaluator),
            rules,
            level.judging_settings(&rules, plies),
        );
        // Luck looks at 21 rolls per decision: 0-ply, with the level's chain filter.
        let luck_bot = Bot::new(evaluator, rules, level.settings_at(&rules, 0));
        Ok(Analyser {
            rules,
            bot,
            luck_bot,
        })
    }

    /// The bot that judges (its first choice of a roll loses nothing).
    pub fn bot(&self) -> &Bot {
        &self.bot
    }

    /// The number of decisions `game` holds (for a progress bar).
    pub fn count(&self, game: &Game) -> Result<usize, AnalysisError> {
        Ok(self.pending(game)?.len())
    }

    /// Every decision of `game` in the order of the game, not yet judged (a cube decision is
    /// judged while listing: it needs the game as it stood). Each is judged on its own by
    /// [`Analyser::judge`], so that a caller with threads of its own (the server's bounded bot
    /// pool) can spread them, and [`Analyser::assemble`] sums them up: the same analysis as
    /// [`Analyser::analyse`].
    pub fn list(&self, game: &Game) -> Result<Vec<Undecided>, AnalysisError> {
        Ok(self.pending(game)?.into_iter().map(Undecided).collect())
    }

    /// Judges one decision that [`Analyser::list`] found.
    pub fn judge(&self, decision: Undecided) -> Decision {
        self.judge_pending(decision.0)
    }

    /// The analysis of judged decisions (in the order of the game); `complete` says whether
    /// they are all of the game's.
    pub fn assemble(&self, decisions: Vec<Decision>, complete: bool) -> Analysis {
        let players = [
            summarise(&self.rules, &decisions, Player::Zero),
            summarise(&self.rules, &decisions, Player::One),
        ];
        Analysis {
            plies: self.bot.settings().plies,
            decisions,
            players,
            complete,
        }
    }

    /// Analyses `game` (finished or not; a segment still being played is left out).
    pub fn analyse(&self, game: &Game) -> Result<Analysis, AnalysisError> {
        self.analyse_with(game, &AtomicBool::new(false), &|_, _| {})
    }

    /// [`Analyser::analyse`], calling `progress(done, total)` after each decision; once `stop`
    /// is set no new decision starts and the analysis holds those done (`complete` false).
    pub fn analyse_with(
        &self,
        game: &Game,
        stop: &AtomicBool,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Result<Analysis, AnalysisError> {
        let pending = self.pending(game)?;
        let total = pending.len();
        let done = AtomicUsize::new(0);
        let judged: Vec<Option<Decision>> = pending
            .into_par_iter()
            .map(|p| {
                if stop.load(Ordering::Relaxed) {
                    return None;
                }
                let d = self.judge_pending(p);
                progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
                Some(d)
            })
            .collect();
        let complete = judged.iter().all(Option::is_some);
        let decisions: Vec<Decision> = judged.into_iter().flatten().collect();
        Ok(self.assemble(decisions, complete))
    }

    /// Replays `game` and lists its decisions; cube decisions are judged on the way (they need
    /// the game's cube and score at that moment).
    fn pending(&self, game: &Game) -> Result<Vec<Pending>, AnalysisError> {
        let rules = *game.rules();
        let mut replay = match game.setup() {
            Some(pos) => Game::from_position(rules, *pos)
                .map_err(|source| AnalysisError::Replay { action: 0, source })?,
            None => Game::new(rules),
        };
        let mut out = Vec::new();
        let mut open: Option<Open> = None;
        for (i, action) in game.actions().iter().enumerate() {
            let before = replay.phase().clone();
            let before_pos = replay.position();
            if let Some(d) = self.cube_decision(&replay, i, action) {
                out.push(Pending::Cube(d));
            }
            replay
                .apply(action.clone())
                .map_err(|source| AnalysisError::Replay { action: i, source })?;
            if matches!(action, Action::Roll { .. } | Action::DieOff { .. }) {
                match *replay.phase() {
                    Phase::Move {
                        player,
                        pool,
                        kind: PoolKind::Natural | PoolKind::AceyDeucey,
                    } => {
                        open = Some(Open {
                            action: i,
                            game: replay.game_number(),
                            cube: replay.cube().value,
                            state: replay.position().with_turn(player),
                            // As rolled (the pool orders them its own way).
                            dice: match action {
                                Action::Roll { dice } | Action::DieOff { dice } => {
                                    (dice[0], dice[1])
                                }
                                _ => (pool.dice()[0], pool.dice()[1]),
                            },
                            log_len: replay.log().len(),
                            // The die-off's dice played as the opening roll: a tie was rolled
                            // again, so it could not be a double (R2.3, E25).
                            possible: if matches!(action, Action::DieOff { .. }) {
                                PossibleRolls::DieOff
                            } else {
                                PossibleRolls::Any
                            },
                        });
                    }
                    _ => {
                        // A roll with no legal play is forfeited at once: a forced decision,
                        // still a roll with its luck.
                        if let (Phase::Roll { player }, Action::Roll { dice }) = (&before, action) {
                            out.push(Pending::Play {
                                action: i,
                                game: replay.game_number(),
                                cube: replay.cube().value,
                                state: before_pos.with_turn(*player),
                                dice: (dice[0], dice[1]),
                                reached: None,
                                written: "-".to_string(),
                                possible: PossibleRolls::Any,
                            });
                        }
                    }
                }
                continue;
            }
            let Some(o) = open.as_ref() else { continue };
            let next = match *replay.phase() {
                Phase::Move { player, .. } | Phase::NameDouble { player }
                    if player == o.state.turn() =>
                {
                    continue;
                }
                Phase::GameOver {
                    how: GameEnd::Resigned,
                    ..
                } => {
                    // Resigned in the middle of a segment: the segment was never finished.
                    open = None;
                    continue;
                }
                Phase::GameOver { winner, .. } => winner.other(),
                Phase::Roll { player } => player,
                Phase::CubeOffered { by } => by,
                Phase::Move { player, .. } | Phase::NameDouble { player } => player,
                Phase::DieOff => o.state.turn().other(),
            };
            let written: Vec<String> = replay
                .log()
                .get(o.log_len..)
                .unwrap_or_default()
                .iter()
                .map(|r| r.notation())
                .collect();
            out.push(Pending::Play {
                action: o.action,
                game: o.game,
                cube: o.cube,
                state: o.state,
                dice: o.dice,
                reached: Some(replay.position().with_turn(next)),
                written: written.join(", "),
                possible: o.possible,
            });
            open = None;
        }
        Ok(out)
    }

    /// The cube decision `action` makes in `game` (before it is applied), judged.
    fn cube_decision(&self, game: &Game, i: usize, action: &Action) -> Option<Decision> {
        let cube = game.cube().value;
        let base = |player: Player, kind, played: &str, best: &str, pe: f32, be: f32| Decision {
            action: i,
            game: game.game_number(),
            player,
            kind,
            dice: None,
            cube,
            played: played.to_string(),
            best: best.to_string(),
            played_equity: pe,
            best_equity: be,
            equity_lost: (be - pe).max(0.0),
            mark: Mark::of((be - pe).max(0.0) / (unit(&self.rules) * cube as f32)),
            forced: false,
            luck: None,
            equity_before: None,
            win_before: None,
            rollout: None,
            position: game.position().with_turn(player),
            alternatives: Vec::new(),
        };
        match *game.phase() {
            Phase::Roll { player } => {
                // Only a choice between doubling and rolling is judged; a resignation is not.
                let doubled = match action {
                    Action::Double => true,
                    Action::Roll { .. } => false,
                    _ => return None,
                };
                let a: CubeAnalysis = double_analysis(&self.bot, game)?;
                let double = a.double_take.min(a.double_pass);
                let (pe, name) = if doubled {
                    (double, "double")
                } else {
                    (a.no_double, "no double")
                };
                let (be, best) = if a.should_double() {
                    (double, "double")
                } else {
                    (a.no_double, "no double")
                };
                Some(base(player, DecisionKind::Double, name, best, pe, be))
            }
            Phase::CubeOffered { by } => {
                let took = match action {
                    Action::Take => true,
                    Action::Drop => false,
                    _ => return None,
                };
                let a = offer_analysis(&self.bot, game)?;
                // The taker's equities are the doubler's, negated.
                let (take, drop) = (-a.double_take, -a.double_pass);
                let (pe, name) = if took { (take, "take") } else { (drop, "drop") };
                let (be, best) = if a.should_take() {
                    (take, "take")
                } else {
                    (drop, "drop")
                };
                Some(base(by.other(), DecisionKind::Take, name, best, pe, be))
            }
            _ => None,
        }
    }

    /// Judges one decision.
    fn judge_pending(&self, p: Pending) -> Decision {
        let (action, game, cube, state, dice, reached, written, possible) = match p {
            Pending::Cube(d) => return d,
            Pending::Play {
                action,
                game,
                cube,
                state,
                dice,
                reached,
                written,
                possible,
            } => (action, game, cube, state, dice, reached, written, possible),
        };
        let c = cube as f32;
        let mover = state.turn();
        let ranked = self.bot.rank(&state, dice);
        let plies = self.bot.settings().plies;
        let same_board = |a: &Position, b: &Position| a.with_turn(mover) == b.with_turn(mover);
        let played = reached.and_then(|r| {
            ranked
                .iter()
                .find(|x| x.candidate.state == r)
                .or_else(|| ranked.iter().find(|x| same_board(&x.candidate.state, &r)))
        });
        let best = ranked.first();
        // A candidate beyond the move filter kept a shallower value: judge it at the full depth.
        let played_equity = match (played, reached) {
            (Some(x), _) if x.plies == plies => x.equity,
            (Some(x), _) => self.value_for(mover, &x.candidate.state),
            (None, Some(r)) => self.value_for(mover, &r),
            (None, None) => best.map_or(0.0, |b| b.equity),
        };
        let best_equity = best.map_or(played_equity, |b| b.equity);
        let lost = (best_equity - played_equity).max(0.0) * c;
        let forced = ranked.len() <= 1;
        let show = |x: &Candidate| notation(&self.rules, dice, x);
        let (luck, before, win) = self.luck(&state, dice, possible);
        // What was played as it was played (its steps in the player's order, the dice as
        // rolled), not as the candidate reaching the same position is written.
        let played_text = as_played(&self.rules, dice, written);
        let alternative = |x: &Ranked, is_played: bool| Alternative {
            play: if is_played {
                played_text.clone()
            } else {
                show(&x.candidate)
            },
            equity: x.equity * c,
            win: x.win,
            plies: x.plies,
            steps: steps_of(&x.candidate),
            state: x.candidate.state,
            played: is_played,
        };
        let is_played = |x: &Ranked| played.is_some_and(|p| std::ptr::eq(p, x));
        let mut alternatives: Vec<Alternative> = ranked
            .iter()
            .take(ALTERNATIVES)
            .map(|x| alternative(x, is_played(x)))
            .collect();
        if let Some(p) = played.filter(|p| {
            !ranked
                .iter()
                .take(ALTERNATIVES)
                .any(|x| std::ptr::eq(*p, x))
        }) {
            let mut a = alternative(p, true);
            a.equity = played_equity * c;
            a.plies = plies;
            alternatives.push(a);
        }
        Decision {
            action,
            game,
            player: mover,
            kind: DecisionKind::Play,
            dice: Some(dice),
            cube,
            best: match best {
                Some(b) if is_played(b) => played_text.clone(),
                Some(b) => show(&b.candidate),
                None => "-".to_string(),
            },
            played: played_text,
            played_equity: played_equity * c,
            best_equity: best_equity * c,
            equity_lost: if forced { 0.0 } else { lost },
            mark: if forced {
                None
            } else {
                Mark::of(lost / (unit(&self.rules) * c))
            },
            forced,
            luck: Some(luck * c),
            equity_before: Some(before * c),
            win_before: Some(win),
            rollout: None,
            position: state,
            alternatives,
        }
    }

    /// The decisions of `analysis` that [`Analyser::rollout_marked`] rolls out: unforced
    /// checker plays marked doubtful or worse (indices into `analysis.decisions`).
    pub fn marked(analysis: &Analysis) -> Vec<usize> {
        analysis
            .decisions
            .iter()
            .enumerate()
            .filter(|(_, d)| d.kind == DecisionKind::Play && !d.forced && d.mark.is_some())
            .map(|(i, _)| i)
            .collect()
    }

    /// Judges again by rollouts the marked checker plays of `analysis` (an analysis of `game`
    /// by this analyser; [`Analyser::marked`]): the played segment and the search's best
    /// [`ROLLOUT_CANDIDATES`] are played out by the level's 0-ply bot with common dice
    /// ([`crate::Rollout::candidates`], every core). The best by rollout equity becomes the
    /// best; the equities, the loss and the mark are the rollout's; the summary is recomputed.
    /// Cube decisions keep their judgement. One decision at a time, calling `progress(done,
    /// total)` after each; once `stop` is set no new trial starts: the decision being rolled out
    /// keeps its search judgement, those done keep their rollout. Returns how many decisions
    /// were rolled out.
    pub fn rollout_marked(
        &self,
        game: &Game,
        analysis: &mut Analysis,
        settings: &RolloutSettings,
        stop: &AtomicBool,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Result<usize, AnalysisError> {
        let marked = Analyser::marked(analysis);
        let pending = self.pending(game)?;
        let total = marked.len();
        let mut done = 0;
        for i in marked {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let d = &mut analysis.decisions[i];
            let found = pending.iter().find_map(|p| match p {
                Pending::Play {
                    action,
                    state,
                    dice,
                    reached: Some(reached),
                    ..
                } if *action == d.action => Some((*state, *dice, *reached)),
                _ => None,
            });
            if let Some((state, dice, reached)) = found {
                if !self.rollout_one(d, &state, dice, &reached, settings, stop) {
                    break;
                }
            }
            done += 1;
            progress(done, total);
        }
        analysis.players = [
            summarise(&self.rules, &analysis.decisions, Player::Zero),
            summarise(&self.rules, &analysis.decisions, Player::One),
        ];
        Ok(done)
    }

    fn rollout_one(
        &self,
        d: &mut Decision,
        state: &Position,
        dice: (u8, u8),
        reached: &Position,
        settings: &RolloutSettings,
        stop: &AtomicBool,
    ) -> bool {
        let mover = state.turn();
        let ranked = self.bot.rank(state, dice);
        let mut cands: Vec<Candidate> = ranked
            .iter()
            .take(ROLLOUT_CANDIDATES)
            .map(|r| r.candidate)
            .collect();
        let same_board = |a: &Position, b: &Position| a.with_turn(mover) == b.with_turn(mover);
        let position_of = |cands: &[Candidate]| {
            cands
                .iter()
                .position(|c| c.state == *reached)
                .or_else(|| cands.iter().position(|c| same_board(&c.state, reached)))
        };
        let played = match position_of(&cands) {
            Some(i) => i,
            None => {
                let Some(j) = position_of(&ranked.iter().map(|r| r.candidate).collect::<Vec<_>>())
                else {
                    return true;
                };
                cands.push(ranked[j].candidate);
                cands.len() - 1
            }
        };
        let Some(results) = Rollout::new(&self.luck_bot, *settings)
            .stopped_by(stop)
            .candidates(mover, &cands)
        else {
            return false;
        };
        let Some((best, best_result)) = results
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.equity.total_cmp(&b.1.equity))
        else {
            return true;
        };
        let c = d.cube as f32;
        let played_result = &results[played];
        d.played_equity = played_result.equity as f32 * c;
        d.best_equity = best_result.equity as f32 * c;
        d.best = notation(&self.rules, dice, &cands[best]);
        d.equity_lost = (d.best_equity - d.played_equity).max(0.0);
        d.mark = Mark::of(d.equity_lost / (unit(&self.rules) * c));
        d.rollout = Some(RolloutJudgement {
            trials: played_result.trials,
            candidates: cands.len(),
            played_std_error: played_result.std_error as f32 * c,
            best_std_error: best_result.std_error as f32 * c,
        });
        true
    }

    /// The value of `next` (reached by `mover`) for `mover` at the analysing depth.
    fn value_for(&self, mover: Player, next: &Position) -> f32 {
        let (equity, _) = self.bot.analyse(next, self.bot.settings().plies);
        if next.turn() == mover {
            equity
        } else {
            -equity
        }
    }

    /// The roll's luck for the mover at cube 1, with the mover's 0-ply equity and win
    /// probability before the roll (the weighted average over the rolls that were `possible`).
    fn luck(&self, state: &Position, dice: (u8, u8), possible: PossibleRolls) -> (f32, f32, f32) {
        let luck = roll_luck_among(&self.luck_bot, state, dice, possible);
        (luck.equity, luck.mean_equity, luck.mean_win)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidates::weighted_rolls;
    use acey_rules::{random_action, Preset, SeededRng, CHECKERS};

    /// A whole game (fixed dice): player 0 plays the analyser's bot's first choice (its planned
    /// named double and play after a 1-2), player 1 uniformly random legal choices.
    fn bot_against_random(analyser: &Analyser, rules: Rules, seed: u64) -> Game {
        let mut rules = rules;
        rules.match_target = None;
        let mut game = Game::new(rules);
        let mut dice = SeededRng::new(seed);
        let mut choices = SeededRng::new(seed ^ 0x55);
        let mut plan: Option<Candidate> = None;
        while !matches!(game.phase(), Phase::GameOver { .. }) {
            let action = match *game.phase() {
                Phase::Move { player, pool, kind } if player == Player::Zero => {
                    let state = game.position().with_turn(player);
                    let play = match kind {
                        PoolKind::ChosenDouble(_) => plan.take().and_then(|c| c.double?.1),
                        _ => {
                            let c = analyser.bot().choose(
                                &state,
                                (pool.dice()[0], pool.dice()[1]),
                                &mut choices,
                            );
                            plan = Some(c);
                            c.play
                        }
                    };
                    Action::Play {
                        steps: play.map(|p| p.steps().to_vec()).unwrap_or_default(),
                    }
                }
                Phase::NameDouble {
                    player: Player::Zero,
                } => Action::NameDouble {
                    value: plan.and_then(|c| c.double).map_or(6, |(d, _)| d),
                },
                _ => random_action(&game, &mut dice).expect("the game is not over"),
            };
            game.apply(action).expect("legal choices");
        }
        game
    }

    #[test]
    fn random_play_collects_very_bad_marks_and_the_judging_bot_none() {
        // R9.2's checker-count scoring (american) and AD-2..AD-5 segments: the bot's own first
        // choice at the analysing depth loses nothing by definition of "best".
        let rules = Preset::American.rules();
        let analyser = Analyser::new(Level::Advanced, rules, 0).unwrap();
        let game = bot_against_random(&analyser, rules, 5);
        let a = analyser.analyse(&game).unwrap();
        assert!(a.complete);
        let [bot, random] = &a.players;
        assert!(bot.unforced > 10 && random.unforced > 10, "{a:?}");
        assert_eq!((bot.doubtful, bot.bad, bot.very_bad), (0, 0, 0), "{bot:?}");
        assert_eq!(bot.rating, 0.0);
        assert!(random.very_bad > 0, "{random:?}");
        assert!(random.error_rate > 0.2, "{random:?}");
        assert!(
            random.error_rate > 10.0 * bot.error_rate,
            "{bot:?} {random:?}"
        );
        assert!(random.rating > 10.0, "{random:?}");
        // Every roll of the game is a checker decision; forced ones are not counted.
        let plays = a.decisions.iter().filter(|d| d.kind == DecisionKind::Play);
        assert_eq!(plays.count(), bot.decisions + random.decisions);
        for d in &a.decisions {
            assert!(d.equity_lost >= 0.0);
            assert!(!d.forced || (d.mark.is_none() && d.equity_lost == 0.0));
        }
        let forced = a.decisions.iter().filter(|d| d.forced).count();
        assert_eq!(bot.unforced + random.unforced + forced, a.decisions.len());
    }

    #[test]
    fn at_one_ply_too_the_judging_bot_loses_nothing_and_random_play_much() {
        let rules = Preset::American.rules();
        let analyser = Analyser::new(Level::Expert, rules, 1).unwrap();
        let game = bot_against_random(&analyser, rules, 11);
        let a = analyser.analyse(&game).unwrap();
        assert_eq!(a.plies, 1);
        let [bot, random] = &a.players;
        assert_eq!((bot.equity_lost, bot.rating), (0.0, 0.0), "{bot:?}");
        assert!(random.very_bad > 0 && random.rating > 10.0, "{random:?}");
    }

    fn decision(player: Player, lost: f32, cube: u32, forced: bool, luck: f32) -> Decision {
        Decision {
            action: 0,
            game: 1,
            player,
            kind: DecisionKind::Play,
            dice: Some((3, 1)),
            cube,
            played: "a".into(),
            best: "b".into(),
            played_equity: -lost,
            best_equity: 0.0,
            equity_lost: lost,
            mark: Mark::of(lost / (7.5 * cube as f32)),
            forced,
            luck: Some(luck),
            equity_before: Some(0.0),
            win_before: Some(0.5),
            rollout: None,
            position: Position::starting(&Preset::American.rules()),
            alternatives: Vec::new(),
        }
    }

    #[test]
    fn the_summary_counts_marks_error_rate_and_rating_over_unforced_decisions() {
        // Checker-count (american): unit 7.5, so doubtful from 0.3, bad from 0.6, very bad
        // from 1.2 points at cube 1, and twice that at cube 2.
        let rules = Preset::American.rules();
        assert_eq!(unit(&rules), 7.5);
        let z = Player::Zero;
        let ds = [
            decision(z, 0.0, 1, true, 0.5),
            decision(z, 0.3, 1, false, -0.25),
            decision(z, 0.6, 1, false, 0.0),
            decision(z, 1.2, 2, false, 1.0),
            decision(z, 1.2, 1, false, 0.0),
            decision(Player::One, 3.0, 1, false, 2.0),
        ];
        let s = summarise(&rules, &ds, z);
        assert_eq!((s.decisions, s.unforced), (5, 4));
        assert_eq!((s.doubtful, s.bad, s.very_bad), (1, 2, 1));
        assert!((s.equity_lost - 3.3).abs() < 1e-5);
        assert!((s.error_rate - 3.3 / 4.0).abs() < 1e-5);
        assert!((s.luck - 1.25).abs() < 1e-6);
        // 500 x mean of (0.3/7.5, 0.6/7.5, 1.2/15, 1.2/7.5) = 500 x 0.09.
        assert!((s.rating - 45.0).abs() < 1e-3, "{s:?}");
        assert_eq!(Mark::of(0.039), None);
        assert_eq!(Mark::of(0.04), Some(Mark::Doubtful));
        assert_eq!(Mark::of(0.16), Some(Mark::VeryBad));
        let none = summarise(&rules, &[], z);
        assert_eq!((none.error_rate, none.rating, none.luck), (0.0, 0.0, 0.0));
    }

    #[test]
    fn declining_to_win_now_is_very_bad() {
        // Backgammon (R9.1, R9.2): player 0 has two checkers left on its 1 and 2 points and
        // rolls 2-1; bearing both off wins. 2/1 1/off leaves a checker, and the opponent, with
        // one checker left on its own 1 point, bears it off and wins instead.
        let rules = Preset::Backgammon.rules();
        let mut board = [0i8; 24];
        board[0] = 1;
        board[1] = 1;
        board[24 - 1] = -1;
        let off = [CHECKERS - 2, CHECKERS - 1];
        let pos = Position::new(board, [0, 0], [0, 0], off, Player::Zero).unwrap();
        let mut game = Game::from_position(rules, pos).unwrap();
        game.apply(Action::Roll { dice: [2, 1] }).unwrap();
        let blunder = game
            .legal_plays()
            .iter()
            .find(|p| p.position().winner().is_none())
            .expect("a play that does not win")
            .steps()
            .to_vec();
        game.apply(Action::Play { steps: blunder }).unwrap();
        let analyser = Analyser::new(Level::Advanced, rules, 0).unwrap();
        let a = analyser.analyse(&game).unwrap();
        let d = a
            .decisions
            .iter()
            .find(|d| d.kind == DecisionKind::Play)
            .unwrap();
        assert!(!d.forced);
        assert_eq!(d.mark, Some(Mark::VeryBad), "{d:?}");
        assert!(d.best.matches("off").count() == 2, "{d:?}");
        assert!(
            (d.best_equity - 1.0).abs() < 1e-4,
            "a single game won: {d:?}"
        );
        assert!(d.played_equity < 0.0 && d.equity_lost > 1.0, "{d:?}");
        assert_eq!(a.players[0].very_bad, 1);
    }

    #[test]
    fn luck_sums_per_player_and_averages_zero_over_the_rolls() {
        let rules = Preset::American.rules();
        let analyser = Analyser::new(Level::Advanced, rules, 0).unwrap();
        let game = bot_against_random(&analyser, rules, 8);
        let a = analyser.analyse(&game).unwrap();
        for p in &a.players {
            let sum: f32 = a
                .decisions
                .iter()
                .filter(|d| d.player == p.player)
                .filter_map(|d| d.luck)
                .sum();
            assert!((p.luck - sum).abs() < 1e-3, "{p:?} {sum}");
            assert!(p.luck != 0.0);
        }
        // Luck measures a roll against the average roll: weighted over all 21 it is 0.
        let state = match analyser
            .pending(&game)
            .unwrap()
            .remove(a.decisions.len() / 2)
        {
            Pending::Play { state, .. } => state,
            Pending::Cube(d) => panic!("no cube in american: {d:?}"),
        };
        let mean: f32 = weighted_rolls()
            .map(|(roll, w)| w * analyser.luck(&state, roll, PossibleRolls::Any).0)
            .sum();
        assert!(mean.abs() < 1e-4, "{mean}");
        let spread = weighted_rolls()
            .map(|(roll, _)| analyser.luck(&state, roll, PossibleRolls::Any).0.abs())
            .fold(0.0, f32::max);
        assert!(spread > 0.01, "rolls differ: {spread}");
    }

    /// The luck the analysis gives the opening roll `dice` of a game under `rules`: the die-off
    /// that starts it (its own dice where the rules play them, else 6-1 and then the roll), and
    /// the first player's play.
    fn opening_luck(analyser: &Analyser, rules: Rules, dice: (u8, u8)) -> f32 {
        let mut game = Game::new(rules);
        if rules.opening_roll == acey_rules::OpeningRoll::UseDieOffDice {
            game.apply(Action::DieOff {
                dice: [dice.0, dice.1],
            })
            .unwrap();
        } else {
            game.apply(Action::DieOff { dice: [6, 1] }).unwrap();
            game.apply(Action::Roll {
                dice: [dice.0, dice.1],
            })
            .unwrap();
        }
        let bot = analyser.bot();
        while matches!(
            game.phase(),
            Phase::Move { player, .. } | Phase::NameDouble { player } if *player == Player::Zero
        ) {
            for action in bot.decide(&game, &mut SeededRng::new(1)) {
                game.apply(action).unwrap();
            }
        }
        let a = analyser.analyse(&game).unwrap();
        let first = a
            .decisions
            .iter()
            .find(|d| d.kind == DecisionKind::Play)
            .expect("the opening is judged");
        assert_eq!(first.dice, Some(dice));
        first.luck.expect("a checker play has its luck")
    }

    #[test]
    fn opening_roll_luck_sums_to_zero_over_the_openings_the_rules_allow() {
        // Backgammon plays the die-off's two dice: never a double, 15 openings of 2/30 each.
        // The acey-deucey presets roll both dice again: the 21 rolls of 1/36 or 2/36.
        for (preset, openings) in [
            (Preset::Backgammon, 15),
            (Preset::American, 21),
            (Preset::Bgammon, 21),
        ] {
            let rules = preset.rules();
            let analyser = Analyser::new(Level::Beginner, rules, 0).unwrap();
            let possible = if preset == Preset::Backgammon {
                PossibleRolls::DieOff
            } else {
                PossibleRolls::Any
            };
            let (mut sum, mut count, mut spread) = (0.0f32, 0, 0.0f32);
            for ((a, b), weight) in possible.weighted() {
                // The higher die is player 0's in a die-off, so player 0 opens.
                let luck = opening_luck(&analyser, rules, (a, b));
                sum += weight * luck;
                count += 1;
                spread = spread.max(luck.abs());
            }
            assert_eq!(count, openings, "{preset}");
            assert!(sum.abs() < 1e-4, "{preset}: {sum}");
            assert!(spread > 0.01, "{preset}: openings differ");
        }
    }

    #[test]
    fn decisions_judged_one_by_one_sum_up_to_the_whole_analysis() {
        // The server judges each listed decision on its own bot pool: the same analysis.
        let rules = Preset::American.rules();
        let analyser = Analyser::new(Level::Advanced, rules, 0).unwrap();
        let game = bot_against_random(&analyser, rules, 5);
        let listed = analyser.list(&game).unwrap();
        let decisions: Vec<Decision> = listed.into_iter().map(|u| analyser.judge(u)).collect();
        assert_eq!(
            analyser.assemble(decisions, true),
            analyser.analyse(&game).unwrap()
        );
    }

    /// Plays the game's first legal play while it waits for a move, and names 6-6 when asked.
    fn play_on(game: &mut Game) {
        loop {
            match game.phase() {
                Phase::Move { .. } => {
                    let steps = game.legal_plays()[0].steps().to_vec();
                    game.apply(Action::Play { steps }).unwrap();
                }
                Phase::NameDouble { .. } => game.apply(Action::NameDouble { value: 6 }).unwrap(),
                _ => return,
            }
        }
    }

    #[test]
    fn a_play_is_shown_as_it_was_played_with_the_dice_as_rolled() {
        let rules = Preset::American.rules();
        let mut game = Game::new(rules);
        game.apply(Action::DieOff { dice: [5, 3] }).unwrap();
        play_on(&mut game);
        // The other side rolls 1-2 (the 1 first) and enters with the 1, then moves that checker
        // on with the 2: written `in/24 24/22`, not as the candidate of the same result is.
        game.apply(Action::Roll { dice: [1, 2] }).unwrap();
        let turn = game.turn().expect("a move to make");
        let typed = acey_rules::notation::find_steps(turn, "in/24 24/22").unwrap();
        assert_eq!(
            acey_rules::notation::format_steps(&typed.steps),
            "in/24 24/22"
        );
        game.apply(Action::Play { steps: typed.steps }).unwrap();
        play_on(&mut game);
        game.apply(Action::Roll { dice: [4, 1] }).unwrap();
        play_on(&mut game);
        let analyser = Analyser::new(Level::Beginner, rules, 0).unwrap();
        let a = analyser.analyse(&game).unwrap();
        let d = a
            .decisions
            .iter()
            .find(|d| d.dice == Some((1, 2)))
            .expect("the 1-2, its dice as rolled");
        assert!(
            d.played.starts_with("1-2: in/24 24/22, 6-6 chosen: "),
            "{d:?}"
        );
        let marked: Vec<&Alternative> = d.alternatives.iter().filter(|x| x.played).collect();
        assert_eq!(marked[0].play, d.played);
    }

    #[test]
    fn each_checker_decision_keeps_its_ranked_alternatives_with_the_played_one_marked() {
        let rules = Preset::American.rules();
        let analyser = Analyser::new(Level::Advanced, rules, 0).unwrap();
        let game = bot_against_random(&analyser, rules, 9);
        let a = analyser.analyse(&game).unwrap();
        let mut outside = 0;
        for d in &a.decisions {
            if d.kind != DecisionKind::Play {
                assert!(d.alternatives.is_empty());
                continue;
            }
            assert_eq!(d.position.turn(), d.player, "{d:?}");
            if d.played == "-" {
                continue; // no legal play: nothing to rank
            }
            let alts = &d.alternatives;
            assert!(!alts.is_empty() && alts.len() <= ALTERNATIVES + 1, "{d:?}");
            assert_eq!(alts[0].play, d.best, "the first is the best: {d:?}");
            assert!((alts[0].equity - d.best_equity).abs() < 1e-4, "{d:?}");
            let ranked = &alts[..alts.len().min(ALTERNATIVES)];
            assert!(
                ranked.windows(2).all(|w| w[0].equity >= w[1].equity),
                "{d:?}"
            );
            let played: Vec<&Alternative> = alts.iter().filter(|x| x.played).collect();
            assert_eq!(played.len(), 1, "exactly one is what was played: {d:?}");
            assert_eq!(played[0].play, d.played, "{d:?}");
            assert!((played[0].equity - d.played_equity).abs() < 1e-4, "{d:?}");
            if alts.len() > ALTERNATIVES {
                outside += 1;
                assert!(alts[ALTERNATIVES].played, "{d:?}");
            }
            // Each alternative's steps lead from the position to the one it reaches.
            for x in alts {
                assert!(!x.steps.is_empty() || x.play.contains('-'), "{x:?}");
                assert_ne!(x.state, d.position, "{x:?}");
            }
        }
        assert!(
            outside > 0,
            "the random side plays outside the best five at times"
        );
    }

    #[test]
    fn the_same_game_gives_the_same_analysis_and_a_deep_request_is_refused() {
        let rules = Preset::Bgammon.rules();
        let analyser = Analyser::new(Level::Advanced, rules, 0).unwrap();
        let game = bot_against_random(&analyser, rules, 3);
        let first = analyser.analyse(&game).unwrap();
        let second = analyser.analyse(&game).unwrap();
        assert_eq!(first, second);
        assert_eq!(analyser.count(&game).unwrap(), first.decisions.len());
        assert_eq!(
            first.equity_graph().len(),
            first
                .decisions
                .iter()
                .filter(|d| d.kind == DecisionKind::Play)
                .count()
        );
        assert_eq!(
            Analyser::new(Level::Advanced, rules, 3).unwrap_err(),
            AnalysisError::TooDeep(3)
        );
    }

    #[test]
    fn a_stopped_analysis_says_it_is_incomplete() {
        let rules = Preset::American.rules();
        let analyser = Analyser::new(Level::Advanced, rules, 0).unwrap();
        let game = bot_against_random(&analyser, rules, 2);
        let a = analyser
            .analyse_with(&game, &AtomicBool::new(true), &|_, _| {})
            .unwrap();
        assert!(!a.complete && a.decisions.is_empty());
    }

    #[test]
    fn cube_decisions_are_judged_where_the_cube_is_on() {
        // R9.3: with the cube on, every first roll of a turn is a double/no-double decision,
        // and a double offered is a take/drop decision for the other player.
        let mut rules = Preset::Backgammon.rules();
        rules.doubling_cube = true;
        let analyser = Analyser::new(Level::Advanced, rules, 0).unwrap();
        let mut game = Game::new(rules);
        let mut dice = SeededRng::new(4);
        while !matches!(game.phase(), Phase::Roll { .. }) || game.log().len() < 6 {
            let a = random_action(&game, &mut dice).unwrap();
            game.apply(a).unwrap();
        }
        let doubler = game.to_act().unwrap();
        game.apply(Action::Double).unwrap();
        game.apply(Action::Drop).unwrap();
        let a = analyser.analyse(&game).unwrap();
        let double = a
            .decisions
            .iter()
            .rev()
            .find(|d| d.kind == DecisionKind::Double)
            .unwrap();
        assert_eq!((double.player, double.played.as_str()), (doubler, "double"));
        let take = a.decisions.last().unwrap();
        assert_eq!(take.kind, DecisionKind::Take);
        assert_eq!(
            (take.player, take.played.as_str()),
            (doubler.other(), "drop")
        );
        // Dropping concedes the cube's value, 1 point, whatever else the position says.
        assert!((take.played_equity + 1.0).abs() < 1e-6, "{take:?}");
        assert!(a
            .decisions
            .iter()
            .filter(|d| d.kind == DecisionKind::Double)
            .all(|d| d.played == "no double" || d.action + 2 == game.actions().len()));
    }

    #[test]
    fn rollouts_judge_the_marked_plays_again_and_stop_when_asked() {
        let rules = Preset::American.rules();
        let analyser = Analyser::new(Level::Beginner, rules, 0).unwrap();
        let game = bot_against_random(&analyser, rules, 5);
        let searched = analyser.analyse(&game).unwrap();
        let marked = Analyser::marked(&searched);
        assert!(marked.len() > 3, "{}", marked.len());
        let settings = RolloutSettings {
            trials: 36,
            truncate: Some(6),
            seed: 3,
            stratify: true,
            variance_reduction: false,
        };
        let none = |_: usize, _: usize| {};
        // Stopped before it starts: nothing changes.
        let mut a = searched.clone();
        let n = analyser
            .rollout_marked(&game, &mut a, &settings, &AtomicBool::new(true), &none)
            .unwrap();
        assert_eq!(n, 0);
        assert_eq!(a, searched);
        // Stopped after two: those two are rolled out, the others stay as searched.
        let stop = AtomicBool::new(false);
        let mut a = searched.clone();
        let n = analyser
            .rollout_marked(&game, &mut a, &settings, &stop, &|done, _| {
                if done == 2 {
                    stop.store(true, Ordering::SeqCst);
                }
            })
            .unwrap();
        assert_eq!(n, 2);
        assert_eq!(
            a.decisions.iter().filter(|d| d.rollout.is_some()).count(),
            2
        );
        // All of them.
        let mut all = searched.clone();
        let n = analyser
            .rollout_marked(&game, &mut all, &settings, &AtomicBool::new(false), &none)
            .unwrap();
        assert_eq!(n, marked.len());
        for (i, d) in all.decisions.iter().enumerate() {
            if marked.contains(&i) {
                let r = d.rollout.expect("rolled out");
                assert_eq!(r.trials, 36);
                assert!(r.candidates >= 2, "{r:?}");
                assert!(d.equity_lost >= 0.0);
                assert!((d.equity_lost - (d.best_equity - d.played_equity).max(0.0)).abs() < 1e-6);
                assert_eq!(
                    d.mark,
                    Mark::of(d.equity_lost / (unit(&rules) * d.cube as f32))
                );
            } else {
                assert_eq!(d, &searched.decisions[i]);
            }
        }
        assert_eq!(
            all.players,
            [
                summarise(&rules, &all.decisions, Player::Zero),
                summarise(&rules, &all.decisions, Player::One)
            ]
        );
        // The same answer twice.
        let mut again = searched.clone();
        analyser
            .rollout_marked(&game, &mut again, &settings, &AtomicBool::new(false), &none)
            .unwrap();
        assert_eq!(again, all);
    }
}
