//! Monte-Carlo rollouts: the value of a state, or of each candidate of a roll, as the average
//! result of many games played on from it by a bot.
//!
//! A state is a position with the player to roll (`turn`). A trial plays the game on from the
//! state with the bot choosing for both sides, each decision covering a whole turn segment (a 1-2,
//! its named double and the double's play), and the re-roll rules decide who rolls next: the
//! candidates carry the player to roll, so a trial never assumes that turns alternate.
//!
//! Variance reduction:
//! * **Stratified first roll**: trial `i` starts with the ordered roll number `i % 36`, so every
//!   36 trials see each first roll exactly once. The number of trials is rounded up to a multiple
//!   of 36 and the standard error is the stratified one (within-roll spread only).
//! * **Common random numbers**: trial `i` uses the same dice stream for every candidate, so the
//!   differences between candidates are measured on the same luck.
//! * **Luck subtraction** (`variance_reduction`, GNU Backgammon's "variance reduction"): every
//!   roll of a trial after the first (which stratification already balances) has its luck for
//!   the player who rolled it taken off the trial's result: the roll's best value minus the mean
//!   of the 21 rolls' best values, each by the rollout bot's own search ([`crate::luck`]). A
//!   roll's luck averages exactly zero over the rolls, so the mean stays unbiased, while most of
//!   the chance in a trial's result is removed. Each decision then ranks all 21 rolls instead of
//!   one, so a trial costs many times more; `examples/rollout_variance.rs` weighs the two
//!   (docs/benchmarks.md, "Rollouts with the luck subtracted").
//!
//! Truncation: with `truncate = Some(n)`, a trial stops after `n` decisions and scores the state
//! reached with the bot's evaluator (0-ply), as gnubg's truncated rollouts do.
//!
//! Trials run in parallel on rayon; each trial's dice depend only on the seed and the trial
//! number, so results do not depend on the number of threads.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use acey_rules::{Player, Position, SeededRng};
use rayon::prelude::*;

use crate::candidates::Candidate;
use crate::eval::terminal_eval;
use crate::luck::roll_luck;
use crate::search::{Bot, Ranked};

/// A game that has not ended after this many decisions is scored by the evaluator (a guard: real
/// games end long before).
const MAX_DECISIONS: u32 = 5_000;

/// How to roll out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RolloutSettings {
    /// Games per state or candidate (rounded up to a multiple of 36 when stratifying).
    pub trials: usize,
    /// Stop each trial after this many decisions and evaluate; `None` plays to the end.
    pub truncate: Option<u32>,
    /// Seed of the dice streams.
    pub seed: u64,
    /// Stratify the first roll over the 36 ordered outcomes.
    pub stratify: bool,
    /// Subtract each later roll's luck from the trial's result (see the module's documentation).
    pub variance_reduction: bool,
}

impl Default for RolloutSettings {
    fn default() -> Self {
        RolloutSettings {
            trials: 1296,
            truncate: None,
            seed: 1,
            stratify: true,
            variance_reduction: false,
        }
    }
}

impl RolloutSettings {
    /// The settings in words, e.g. `144 games per candidate, truncated after 24 decisions, luck
    /// subtracted`.
    pub fn summary(&self) -> String {
        let mut s = format!("{} games per candidate", self.effective_trials());
        if let Some(t) = self.truncate {
            s.push_str(&format!(", truncated after {t} decisions"));
        }
        if self.variance_reduction {
            s.push_str(", luck subtracted");
        }
        s
    }

    /// The number of trials actually played.
    pub fn effective_trials(&self) -> usize {
        if self.stratify {
            self.trials.max(1).div_ceil(36) * 36
        } else {
            self.trials.max(1)
        }
    }
}

/// The outcome of a rollout, from one player's point of view.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RolloutResult {
    /// Trials played.
    pub trials: usize,
    /// Mean points per game (positive is good).
    pub equity: f64,
    /// Standard error of `equity`.
    pub std_error: f64,
    /// Mean win probability (a truncated trial counts its evaluated win chance).
    pub win: f64,
}

impl RolloutResult {
    /// The 95% confidence interval of the equity.
    pub fn interval(&self) -> (f64, f64) {
        (
            self.equity - 1.96 * self.std_error,
            self.equity + 1.96 * self.std_error,
        )
    }
}

/// The seed of trial `i`'s dice: trials get well separated SplitMix64 streams.
fn trial_seed(seed: u64, i: usize) -> u64 {
    SeededRng::new(seed ^ (i as u64).wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64()
}

/// The ordered roll number `k` of 36: `(k / 6 + 1, k % 6 + 1)`.
fn stratum_roll(k: usize) -> (u8, u8) {
    ((k / 6) as u8 + 1, (k % 6) as u8 + 1)
}

/// Trial `i` of a rollout from `state`: (points, win) for `me`, each less the luck of the rolls
/// after the first when the settings subtract it.
fn trial(
    bot: &Bot,
    state: &Position,
    me: Player,
    i: usize,
    settings: &RolloutSettings,
) -> (f64, f64) {
    let rules = bot.rules();
    let seed = trial_seed(settings.seed, i);
    let first = settings.stratify.then(|| stratum_roll(i % 36));
    let mut dice = SeededRng::new(seed);
    // The bot's noise draws from its own stream so that the dice stay common to all candidates.
    let mut noise = SeededRng::new(seed ^ 0x6E6F_6973_6500_0000);
    let mut state = *state;
    let mut first = first;
    let limit = settings
        .truncate
        .unwrap_or(MAX_DECISIONS)
        .min(MAX_DECISIONS);
    let mut decisions = 0;
    // The luck of the rolls so far, for `me`.
    let (mut luck, mut win_luck) = (0.0f64, 0.0f64);
    loop {
        let value = terminal_eval(rules, &state)
            .or_else(|| (decisions >= limit).then(|| bot.evaluate(&state)));
        if let Some(e) = value {
            let e = if state.turn() == me { e } else { e.flipped() };
            return (e.equity(rules) as f64 - luck, e.win as f64 - win_luck);
        }
        let (roll, stratified) = match first.take() {
            Some(roll) => (roll, true),
            None => (dice.roll(), false),
        };
        state = if settings.variance_reduction && !stratified {
            let l = roll_luck(bot, &state, roll);
            let sign = if state.turn() == me { 1.0 } else { -1.0 };
            luck += sign * l.equity as f64;
            win_luck += sign * l.win as f64;
            bot.pick(l.ranked, bot.exact(&state), &mut noise).state
        } else {
            bot.choose(&state, roll, &mut noise).state
        };
        decisions += 1;
    }
}

/// Mean and (stratified when possible) standard error of trial values; trial `i` is in stratum
/// `i % 36` when `stratified`.
fn summarise(values: &[(f64, f64)], stratified: bool) -> RolloutResult {
    let n = values.len();
    let mean = values.iter().map(|v| v.0).sum::<f64>() / n as f64;
    let win = values.iter().map(|v| v.1).sum::<f64>() / n as f64;
    let per_stratum = n / 36;
    let std_error = if stratified && per_stratum >= 2 {
        // Var(mean) = sum over strata of (1/36)^2 s_h^2 / n_h, each stratum weighing 1/36.
        let mut var = 0.0;
        for h in 0..36 {
            let ys: Vec<f64> = values.iter().skip(h).step_by(36).map(|v| v.0).collect();
            let m = ys.iter().sum::<f64>() / ys.len() as f64;
            let s2 = ys.iter().map(|y| (y - m).powi(2)).sum::<f64>() / (ys.len() - 1) as f64;
            var += s2 / ys.len() as f64 / (36.0 * 36.0);
        }
        var.sqrt()
    } else if n >= 2 {
        let s2 = values.iter().map(|v| (v.0 - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
        (s2 / n as f64).sqrt()
    } else {
        0.0
    };
    RolloutResult {
        trials: n,
        equity: mean,
        std_error,
        win,
    }
}

/// A rollout: `bot` playing both sides of many games from a state, with its settings; one value
/// for a state ([`Rollout::state`]), or for each candidate of a roll with common dice
/// ([`Rollout::candidates`], [`Rollout::roll`]).
///
/// ```
/// use acey_ai::{Level, Rollout, RolloutSettings};
/// use acey_rules::{Position, Preset};
///
/// let rules = Preset::Backgammon.rules();
/// let bot = Level::Beginner.settings_at(&rules, 0);
/// let bot = acey_ai::Bot::new(Level::Beginner.evaluator(&rules), rules, bot);
/// let settings = RolloutSettings { trials: 36, truncate: Some(4), ..Default::default() };
/// let start = Position::starting(&rules);
/// let ranked = Rollout::new(&bot, settings).roll(&start, (6, 5), 3).unwrap();
/// assert_eq!(ranked.len(), 3);
/// assert!(ranked[0].1.equity >= ranked[2].1.equity);
/// ```
#[derive(Clone, Copy)]
pub struct Rollout<'a> {
    bot: &'a Bot,
    settings: RolloutSettings,
    stop: Option<&'a AtomicBool>,
}

impl<'a> Rollout<'a> {
    /// A rollout by `bot` with `settings`.
    pub fn new(bot: &'a Bot, settings: RolloutSettings) -> Rollout<'a> {
        Rollout {
            bot,
            settings,
            stop: None,
        }
    }

    /// This rollout, given up as soon as `stop` is set: no trial starts after that, so a Ctrl-C
    /// is answered within a game, and the rollouts of candidates answer `None`.
    pub fn stopped_by(self, stop: &'a AtomicBool) -> Rollout<'a> {
        Rollout {
            stop: Some(stop),
            ..self
        }
    }

    /// The value of `state` for its player to roll.
    pub fn state(&self, state: &Position) -> RolloutResult {
        let values: Vec<(f64, f64)> = (0..self.settings.effective_trials())
            .into_par_iter()
            .map(|i| trial(self.bot, state, state.turn(), i, &self.settings))
            .collect();
        summarise(&values, self.settings.stratify)
    }

    /// Each candidate of a roll for `mover` (the player who rolled), in the candidates' order:
    /// trial `i` uses the same dice for every candidate. A candidate after which `mover` rolls
    /// again is rolled out from `mover`'s roll, one after which the opponent rolls from the
    /// opponent's. `None` when stopped.
    pub fn candidates(
        &self,
        mover: Player,
        candidates: &[Candidate],
    ) -> Option<Vec<RolloutResult>> {
        self.candidates_over(mover, candidates, 0..self.settings.effective_trials())
    }

    /// [`Rollout::candidates`] over the trials numbered `trials` only (`settings.trials` is not
    /// read): trial `i` plays the dice it plays in any rollout with these settings, so the
    /// trials after a rollout's last one extend it, as GNU Backgammon extends a rollout. Where
    /// `settings.stratify`, the range must start and end on a multiple of 36, so that each
    /// first roll keeps its equal share; an empty range gives no results.
    ///
    /// # Panics
    ///
    /// Where `settings.stratify` and the range does not cover whole strata.
    pub fn candidates_over(
        &self,
        mover: Player,
        candidates: &[Candidate],
        trials: Range<usize>,
    ) -> Option<Vec<RolloutResult>> {
        let settings = &self.settings;
        assert!(
            !settings.stratify
                || (trials.start.is_multiple_of(36) && trials.end.is_multiple_of(36)),
            "stratified trials come in whole strata of 36, not {trials:?}"
        );
        let n = trials.len();
        if n == 0 {
            return Some(Vec::new());
        }
        let stopped = || self.stop.is_some_and(|s| s.load(Ordering::Relaxed));
        // One flat parallel loop over (candidate, trial) keeps every core busy even with few
        // candidates.
        let values: Option<Vec<(f64, f64)>> = (0..candidates.len() * n)
            .into_par_iter()
            .map(|k| {
                if stopped() {
                    return None;
                }
                let (c, i) = (k / n, trials.start + k % n);
                Some(trial(self.bot, &candidates[c].state, mover, i, settings))
            })
            .collect();
        Some(
            values?
                .chunks(n)
                .map(|v| summarise(v, settings.stratify))
                .collect(),
        )
    }

    /// Ranks the candidates of `dice` from `state` by the bot's search, rolls out the best
    /// `keep` of them (all if `keep` is 0) with common dice, and returns them best first by
    /// rollout equity. `None` when stopped.
    pub fn roll(
        &self,
        state: &Position,
        dice: (u8, u8),
        keep: usize,
    ) -> Option<Vec<(Ranked, RolloutResult)>> {
        let mut ranked = self.bot.rank(state, dice);
        if keep > 0 {
            ranked.truncate(keep);
        }
        let cands: Vec<Candidate> = ranked.iter().map(|r| r.candidate).collect();
        let results = self.candidates(state.turn(), &cands)?;
        let mut out: Vec<(Ranked, RolloutResult)> = ranked.into_iter().zip(results).collect();
        out.sort_by(|a, b| b.1.equity.total_cmp(&a.1.equity));
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluators::HeuristicEvaluator;
    use crate::search::SearchSettings;
    use acey_rules::{MoveGen, Rules, Scoring};
    use std::sync::Arc;

    fn bot(rules: Rules) -> Bot {
        Bot::new(
            Arc::new(HeuristicEvaluator),
            rules,
            SearchSettings::default(),
        )
    }

    /// Player 0 has one checker left on its 1 point; player 1 has all 15 in its start pool.
    fn last_checker(turn: Player) -> Position {
        let mut board = [0i8; 24];
        board[0] = 1;
        Position::new(board, [0, 0], [0, 15], [14, 0], turn).unwrap()
    }

    #[test]
    fn a_sure_win_has_its_exact_value_and_no_error() {
        // Player 0 bears off with any roll: it wins 15 checkers (checker-count scoring) or 1
        // point (single-game scoring) every time.
        for (scoring, points) in [(Scoring::CheckerCount, 15.0), (Scoring::Single, 1.0)] {
            let rules = Rules {
                scoring,
                ..Rules::default()
            };
            let s = RolloutSettings {
                trials: 40,
                ..RolloutSettings::default()
            };
            let r = Rollout::new(&bot(rules), s).state(&last_checker(Player::Zero));
            assert_eq!(r.trials, 72, "rounded up to whole strata");
            assert_eq!(r.equity, points);
            assert_eq!(r.win, 1.0);
            assert_eq!(r.std_error, 0.0);
            // Already finished: the loser is to roll, and the value is exact.
            let mut board = [0i8; 24];
            board[5] = -15;
            let done = Position::new(board, [0, 0], [0, 0], [15, 0], Player::One).unwrap();
            let r = Rollout::new(&bot(rules), s).state(&done);
            assert_eq!((r.equity, r.std_error, r.win), (-points, 0.0, 0.0));
        }
    }

    #[test]
    fn standard_error_shrinks_with_trials() {
        let rules = Rules::default();
        let start = Position::starting(&rules);
        let b = bot(rules);
        let few = RolloutSettings {
            trials: 72,
            truncate: Some(8),
            seed: 5,
            stratify: true,
            variance_reduction: false,
        };
        let many = RolloutSettings {
            trials: 72 * 9,
            ..few
        };
        let (a, z) = (
            Rollout::new(&b, few).state(&start),
            Rollout::new(&b, many).state(&start),
        );
        assert!(a.std_error > 0.0);
        // Nine times the trials: about a third of the error (allow for the noise of estimating
        // the error itself).
        let ratio = z.std_error / a.std_error;
        assert!((0.2..0.5).contains(&ratio), "{a:?} {z:?}");
        assert!(
            (a.equity - z.equity).abs() < 4.0 * a.std_error,
            "{a:?} {z:?}"
        );
    }

    /// The heuristic bot, the starting position and its best `n` candidates of an opening 3-1.
    fn opening(n: usize) -> (Bot, Position, Vec<Candidate>) {
        let rules = Rules::default();
        let start = Position::starting(&rules);
        let b = bot(rules);
        let cands = b
            .rank(&start, (3, 1))
            .iter()
            .take(n)
            .map(|r| r.candidate)
            .collect();
        (b, start, cands)
    }

    #[test]
    fn the_trials_after_a_rollout_extend_it() {
        let (b, start, cands) = opening(3);
        let s = RolloutSettings {
            trials: 72,
            truncate: Some(6),
            seed: 9,
            stratify: true,
            variance_reduction: false,
        };
        let stop = AtomicBool::new(false);
        let whole = Rollout::new(&b, RolloutSettings { trials: 180, ..s })
            .candidates(start.turn(), &cands)
            .unwrap();
        let first = Rollout::new(&b, s)
            .stopped_by(&stop)
            .candidates_over(start.turn(), &cands, 0..72)
            .unwrap();
        let rest = Rollout::new(&b, s)
            .stopped_by(&stop)
            .candidates_over(start.turn(), &cands, 72..180)
            .unwrap();
        assert_eq!(
            first,
            Rollout::new(&b, s)
                .candidates(start.turn(), &cands)
                .unwrap()
        );
        for ((w, f), r) in whole.iter().zip(&first).zip(&rest) {
            assert_eq!((f.trials, r.trials, w.trials), (72, 108, 180));
            let mean = (f.equity * 72.0 + r.equity * 108.0) / 180.0;
            assert!((mean - w.equity).abs() < 1e-9, "{w:?} {f:?} {r:?}");
        }
        assert!(Rollout::new(&b, s)
            .stopped_by(&stop)
            .candidates_over(start.turn(), &cands, 72..72)
            .unwrap()
            .is_empty());
    }

    #[test]
    #[should_panic(expected = "whole strata")]
    fn stratified_trials_are_extended_by_whole_strata() {
        let (b, start, cands) = opening(2);
        let s = RolloutSettings::default();
        Rollout::new(&b, s).candidates_over(start.turn(), &cands, 36..50);
    }

    #[test]
    fn candidates_are_rolled_out_from_the_player_who_rolls_next() {
        // Each candidate's value for the mover is its state's rollout value, negated exactly when
        // the opponent rolls next (the same seeds give the same games). From the american opening
        // a 1-2 chain earns a re-roll and a 6-5 passes the dice.
        let rules = Rules::default();
        let start = Position::starting(&rules);
        let mut gen = MoveGen::new(&rules);
        let mut all = crate::candidates::candidates(&rules, &mut gen, &start, (1, 2));
        all.extend(crate::candidates::candidates(
            &rules,
            &mut gen,
            &start,
            (6, 5),
        ));
        let rerolls = all
            .iter()
            .filter(|c| c.state.turn() == Player::Zero)
            .count();
        assert!(
            rerolls > 0 && rerolls < all.len(),
            "{rerolls} of {}",
            all.len()
        );
        let b = bot(rules);
        let s = RolloutSettings {
            trials: 36,
            truncate: Some(4),
            seed: 9,
            stratify: true,
            variance_reduction: false,
        };
        let picked: Vec<Candidate> = all
            .iter()
            .filter(|c| c.state.turn() == Player::Zero)
            .take(2)
            .chain(all.iter().filter(|c| c.state.turn() == Player::One).take(2))
            .copied()
            .collect();
        let results = Rollout::new(&b, s)
            .candidates(Player::Zero, &picked)
            .unwrap();
        for (c, r) in picked.iter().zip(&results) {
            let own = Rollout::new(&b, s).state(&c.state);
            let sign = if c.state.turn() == Player::Zero {
                1.0
            } else {
                -1.0
            };
            // f32 evaluations flipped or not: equal to rounding.
            assert!((r.equity - sign * own.equity).abs() < 1e-4, "{r:?} {own:?}");
            assert!((r.std_error - own.std_error).abs() < 1e-4);
        }
    }

    #[test]
    fn rollouts_are_reproducible() {
        let rules = Rules::default();
        let start = Position::starting(&rules);
        let s = RolloutSettings {
            trials: 36,
            truncate: Some(6),
            seed: 3,
            stratify: false,
            variance_reduction: false,
        };
        let b = bot(rules);
        assert_eq!(
            Rollout::new(&b, s).state(&start),
            Rollout::new(&b, s).state(&start)
        );
    }

    #[test]
    fn luck_subtraction_plays_the_same_games_and_takes_each_later_roll_s_luck_off() {
        // Trial by trial: the same dice give the same game with and without the subtraction
        // (the luck is computed beside the play, not instead of it), and the difference is the
        // sum of the luck, for the trial's player, of every roll after the stratified first.
        let rules = Rules::default();
        let b = bot(rules);
        let start = crate::test_support::random_game_states(&rules, 23)[6];
        let me = start.turn();
        let mut some_luck = false;
        let plain_settings = RolloutSettings {
            trials: 36,
            truncate: Some(5),
            seed: 4,
            stratify: true,
            variance_reduction: false,
        };
        let reduced_settings = RolloutSettings {
            variance_reduction: true,
            ..plain_settings
        };
        for i in 0..6 {
            let seed = trial_seed(4, i);
            let plain = trial(&b, &start, me, i, &plain_settings);
            let reduced = trial(&b, &start, me, i, &reduced_settings);
            // Replay the game by hand, adding up the luck.
            let mut dice = SeededRng::new(seed);
            let mut noise = SeededRng::new(seed ^ 0x6E6F_6973_6500_0000);
            let mut state = b.choose(&start, stratum_roll(i), &mut noise).state;
            let mut luck = 0.0f64;
            for _ in 1..5 {
                if terminal_eval(&rules, &state).is_some() {
                    break;
                }
                let roll = dice.roll();
                let l = roll_luck(&b, &state, roll);
                let sign = if state.turn() == me { 1.0 } else { -1.0 };
                luck += sign * l.equity as f64;
                state = b.choose(&state, roll, &mut noise).state;
            }
            some_luck |= luck.abs() > 1e-3;
            assert!(
                (plain.0 - luck - reduced.0).abs() < 1e-4,
                "trial {i}: {plain:?} - {luck} against {reduced:?}"
            );
        }
        assert!(some_luck, "the trials met lucky and unlucky rolls");
    }

    #[test]
    fn luck_subtraction_keeps_the_value_and_shrinks_its_error() {
        // With the shipped network, as the benchmark and analysis roll out.
        let rules = Rules::default();
        let b = crate::levels::Level::Advanced.bot(rules);
        let start = crate::test_support::random_game_states(&rules, 29)[8];
        let plain = RolloutSettings {
            trials: 72 * 3,
            truncate: Some(6),
            seed: 11,
            stratify: true,
            variance_reduction: false,
        };
        let reduced = RolloutSettings {
            variance_reduction: true,
            ..plain
        };
        let (p, r) = (
            Rollout::new(&b, plain).state(&start),
            Rollout::new(&b, reduced).state(&start),
        );
        assert!(r.std_error > 0.0);
        assert!(
            r.std_error < 0.5 * p.std_error,
            "the subtraction removes much of the chance: {p:?} {r:?}"
        );
        let both = (p.std_error.powi(2) + r.std_error.powi(2)).sqrt();
        assert!((p.equity - r.equity).abs() < 4.0 * both, "{p:?} {r:?}");
    }
}
