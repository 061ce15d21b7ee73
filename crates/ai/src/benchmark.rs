//! The benchmark of errors (models/MODEL.md, "Benchmark of errors"), as GNU Backgammon's: a fixed
//! set of checker decisions (a position and its roll) drawn from games between levels in every
//! stage of the game, whose best candidates were settled by rollouts; a bot is measured by the
//! equity it loses per decision on the set, stage by stage.
//!
//! **The file**, text, one decision a line (`#` lines are comments that state how it was made):
//!
//! ```text
//! contact AAAgy_9BABIY_wM 4-1 AAEgy_9BABIY_wM:+1.2345 AAEgy_8BABIY_wM:+1.1020 ...
//! ```
//!
//! the stage, the acey position ID of the state (the mover to roll), the roll, then each settled
//! candidate as the position ID of the state it reaches (its turn: whoever rolls next) and its
//! rollout equity for the mover in points at cube 1, best first. A play that reaches none of the
//! listed states is scored as losing what the last listed one loses: a lower bound, and counted
//! apart ([`StageScore::outside`]), as GNU Backgammon's benchmark does with the plays its
//! rollouts did not cover.

use std::fmt;
use std::ops::Range;
use std::sync::atomic::AtomicBool;

use acey_rules::{Position, Rules, SeededRng};
use rayon::prelude::*;

use crate::bearoff::is_bearoff;
use crate::candidates::Candidate;
use crate::contact::in_contact;
use crate::duel::play_game_watched;
use crate::levels::Level;
use crate::rollout::{Rollout, RolloutSettings};
use crate::search::{Bot, Ranked};

/// The stage of the game a decision belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stage {
    /// The mover still has checkers in its `start` pool.
    Entering,
    /// Every checker entered, the sides still to pass each other.
    Contact,
    /// An acey-deucey roll (1-2): its play, the named double and the double's play.
    Chain,
    /// No contact left, not yet a bear-off of both sides.
    Race,
    /// Both sides bearing off.
    BearOff,
}

impl Stage {
    /// Every stage, in the order of a game.
    pub const ALL: [Stage; 5] = [
        Stage::Entering,
        Stage::Contact,
        Stage::Chain,
        Stage::Race,
        Stage::BearOff,
    ];

    /// The stage of the decision `dice` from `state` (the mover to roll) under `rules`.
    pub fn of(rules: &Rules, state: &Position, dice: (u8, u8)) -> Stage {
        if is_bearoff(state) {
            Stage::BearOff
        } else if !in_contact(state) {
            Stage::Race
        } else if rules.acey_deucey && (dice == (1, 2) || dice == (2, 1)) {
            Stage::Chain
        } else if state.start(state.turn()) > 0 {
            Stage::Entering
        } else {
            Stage::Contact
        }
    }

    /// Its name in the file.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Entering => "entering",
            Stage::Contact => "contact",
            Stage::Chain => "chain",
            Stage::Race => "race",
            Stage::BearOff => "bear-off",
        }
    }

    /// The stage of a name.
    pub fn parse(name: &str) -> Option<Stage> {
        Stage::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// A candidate settled by rollouts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settled {
    /// The state it reaches (its turn: whoever rolls next).
    pub state: Position,
    /// Its rollout equity for the mover, points at cube 1.
    pub equity: f32,
}

/// One decision of the benchmark.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// Its stage.
    pub stage: Stage,
    /// The state, the mover to roll.
    pub state: Position,
    /// The roll.
    pub dice: (u8, u8),
    /// The settled candidates, best first (at least two).
    pub candidates: Vec<Settled>,
}

impl Item {
    /// Best candidate first.
    fn sort(&mut self) {
        self.candidates
            .sort_by(|a, b| b.equity.total_cmp(&a.equity));
    }
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {}-{}",
            self.stage.name(),
            self.state.id(),
            self.dice.0,
            self.dice.1
        )?;
        for c in &self.candidates {
            write!(f, " {}:{:+.4}", c.state.id(), c.equity)?;
        }
        Ok(())
    }
}

/// A line of a benchmark file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {why}")]
pub struct BenchmarkError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong with it.
    pub why: String,
}

/// Reads a benchmark file.
pub fn parse(text: &str) -> Result<Vec<Item>, BenchmarkError> {
    let mut items = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |why: String| BenchmarkError { line: i + 1, why };
        let mut words = line.split_whitespace();
        let mut next = |what: &str| {
            words
                .next()
                .ok_or_else(|| bad(format!("the {what} is missing")))
        };
        let stage = next("stage")?;
        let stage = Stage::parse(stage).ok_or_else(|| bad(format!("unknown stage '{stage}'")))?;
        let state = next("position ID")?;
        let state =
            Position::from_id(state).map_err(|e| bad(format!("position '{state}': {e}")))?;
        let dice = next("roll")?;
        let dice = parse_roll(dice).ok_or_else(|| bad(format!("bad roll '{dice}'")))?;
        let candidates = words
            .map(|w| {
                let (id, eq) = w
                    .split_once(':')
                    .ok_or_else(|| bad(format!("'{w}' is not ID:EQUITY")))?;
                let state =
                    Position::from_id(id).map_err(|e| bad(format!("position '{id}': {e}")))?;
                let equity: f32 = eq
                    .parse()
                    .ok()
                    .filter(|e: &f32| e.is_finite())
                    .ok_or_else(|| bad(format!("bad equity '{eq}'")))?;
                Ok(Settled { state, equity })
            })
            .collect::<Result<Vec<_>, _>>()?;
        if candidates.len() < 2 {
            return Err(bad("fewer than two candidates".into()));
        }
        if candidates.windows(2).any(|w| w[0].equity < w[1].equity) {
            return Err(bad("the candidates are not best first".into()));
        }
        items.push(Item {
            stage,
            state,
            dice,
            candidates,
        });
    }
    Ok(items)
}

fn parse_roll(text: &str) -> Option<(u8, u8)> {
    let (a, b) = text.split_once('-')?;
    let (a, b): (u8, u8) = (a.parse().ok()?, b.parse().ok()?);
    ((1..=6).contains(&a) && (1..=6).contains(&b)).then_some((a, b))
}

/// The pairs of levels whose games the decisions are drawn from: strong and weak players meet, so
/// that the positions are those both kinds reach. (The 1- and 2-ply levels play the same
/// positions as `advanced` and would only slow the drawing.)
const PAIRS: [(Level, Level); 4] = [
    (Level::Advanced, Level::Advanced),
    (Level::Beginner, Level::Advanced),
    (Level::Intermediate, Level::Casual),
    (Level::Advanced, Level::Intermediate),
];

/// Draws decisions from games between levels under `rules`: each decision of a game is kept with
/// probability 1/8 while its stage has fewer than `per_stage`, until every stage has them (or
/// 20,000 games were played). Decisions with a single legal choice are left out. The same seed
/// gives the same decisions.
pub fn draw(rules: &Rules, per_stage: usize, seed: u64) -> Vec<(Stage, Position, (u8, u8))> {
    let mut rules = *rules;
    rules.match_target = None;
    let bots: Vec<[Bot; 2]> = PAIRS
        .iter()
        .map(|(a, b)| [a.bot(rules), b.bot(rules)])
        .collect();
    let mut pick = SeededRng::new(seed ^ 0xBE7C_4A11);
    let mut out: Vec<(Stage, Position, (u8, u8))> = Vec::new();
    let count = |out: &[(Stage, Position, (u8, u8))], s: Stage| {
        out.iter().filter(|(t, _, _)| *t == s).count()
    };
    let judge = Level::Advanced.bot(rules);
    for game in 0..20_000u64 {
        if Stage::ALL.iter().all(|&s| count(&out, s) >= per_stage) {
            break;
        }
        let pair = &bots[game as usize % bots.len()];
        let mut dice = SeededRng::new(seed.wrapping_add(game.wrapping_mul(0x9E37_79B9_7F4A_7C15)));
        let mut noise = [SeededRng::new(seed ^ game), SeededRng::new(!seed ^ game)];
        let mut seen: Vec<(Stage, Position, (u8, u8))> = Vec::new();
        let result = play_game_watched(
            &rules,
            [&pair[0], &pair[1]],
            &mut dice,
            &mut noise,
            &mut |state, roll| {
                if pick.next_u64().is_multiple_of(8) {
                    seen.push((Stage::of(&rules, state, roll), *state, roll));
                }
            },
        );
        if result.is_err() {
            continue; // an engine refusal would be a bug elsewhere; the game is just skipped
        }
        for (stage, state, roll) in seen {
            if count(&out, stage) < per_stage && judge.rank(&state, roll).len() > 1 {
                out.push((stage, state, roll));
            }
        }
    }
    out
}

/// The decisions of a set, to settle them again (with more candidates or another referee) while
/// the set stays the same positions.
pub fn decisions(items: &[Item]) -> Vec<(Stage, Position, (u8, u8))> {
    items.iter().map(|i| (i.stage, i.state, i.dice)).collect()
}

/// Who settles a decision ([`settle`]).
pub struct Referee {
    /// Its search's best candidates are settled (the strongest level's search at 1 ply).
    pub judge: Bot,
    /// Plays both sides of the rollouts, and scores the truncated ones with its evaluator.
    pub roller: Bot,
    /// Bots whose own plays are settled too, so that each is scored on what it plays rather
    /// than on a bound (their noiseless choice: noisy levels stay bounded where they stray).
    pub also: Vec<Bot>,
}

/// Settles one decision: the best `keep` candidates of the referee's judge and the play of every
/// bot in [`Referee::also`] (each state once), rolled out by the roller for both sides with
/// common dice, or valued by the judge where its evaluator is exact (a bear-off with the
/// tables); `None` once `stop` is set.
pub fn settle(
    referee: &Referee,
    (stage, state, dice): (Stage, Position, (u8, u8)),
    keep: usize,
    settings: &RolloutSettings,
    stop: &AtomicBool,
) -> Option<Item> {
    if stop.load(std::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    let ranked = referee.judge.rank(&state, dice);
    let mut cands: Vec<_> = ranked.iter().take(keep).map(|r| r.candidate).collect();
    for c in plays_of(&referee.also, &state, dice) {
        if cands.iter().all(|k| k.state != c.state) {
            cands.push(c);
        }
    }
    let candidates = value(referee, &state, &ranked, &cands, settings, stop)?;
    let mut item = Item {
        stage,
        state,
        dice,
        candidates,
    };
    item.sort();
    Some(item)
}

/// Extends a settled decision with the plays of [`Referee::also`] it lacks, each valued as
/// [`settle`] values it: rolled out by the roller with common dice (the same settings as the set
/// was settled with give each new play the dice its other candidates had), or by the judge where
/// its evaluator is exact. The candidates already settled keep their equities, so a set grows to
/// judge a new bot on its own plays instead of a bound. `None` once `stop` is set.
pub fn extend(
    referee: &Referee,
    item: &Item,
    settings: &RolloutSettings,
    stop: &AtomicBool,
) -> Option<Item> {
    if stop.load(std::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    let mut missing: Vec<Candidate> = Vec::new();
    for c in plays_of(&referee.also, &item.state, item.dice) {
        let settled = item.candidates.iter().any(|k| k.state == c.state);
        if !settled && missing.iter().all(|k| k.state != c.state) {
            missing.push(c);
        }
    }
    let mut out = item.clone();
    if !missing.is_empty() {
        // Where the judge is exact it ranks every candidate, and values the new ones from that.
        let ranked = if referee.judge.exact(&item.state) {
            referee.judge.rank(&item.state, item.dice)
        } else {
            Vec::new()
        };
        let added = value(referee, &item.state, &ranked, &missing, settings, stop)?;
        out.candidates.extend(added);
        out.sort();
    }
    Some(out)
}

/// Rolls out every candidate of a settled decision `more` games further (rounded up to whole
/// strata of 36), as GNU Backgammon extends a rollout: `settings` are the ones the set was
/// settled with, its `trials` the games each candidate has had, and the new games are the trials
/// numbered after those, so each candidate's equity becomes the mean over all its games, what
/// settling with that many trials gives (to the set's four decimals). The noise of a settlement
/// falls as the square root of its games, and with it what every bot is charged for the luck of
/// the best candidate's rollout. Decisions the judge values exactly are left as they are. `None`
/// once `stop` is set.
pub fn deepen(
    referee: &Referee,
    item: &Item,
    settings: &RolloutSettings,
    more: usize,
    stop: &AtomicBool,
) -> Option<Item> {
    if stop.load(std::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    if referee.judge.exact(&item.state) {
        return Some(item.clone());
    }
    let trials = deepening(settings, more);
    let (before, added) = (trials.start as f64, trials.len() as f64);
    let cands: Vec<Candidate> = item.candidates.iter().map(|c| reached(c.state)).collect();
    let results = Rollout::new(&referee.roller, *settings)
        .stopped_by(stop)
        .candidates_over(item.state.turn(), &cands, trials)?;
    let mut out = item.clone();
    for (c, r) in out.candidates.iter_mut().zip(&results) {
        let sum = f64::from(c.equity) * before + r.equity * added;
        c.equity = (sum / (before + added)) as f32;
    }
    out.sort();
    Some(out)
}

/// The trials [`deepen`] adds to a set settled with `settings`: those numbered after its last,
/// `more` rounded up to whole strata of 36 (as `settings.trials` is).
pub fn deepening(settings: &RolloutSettings, more: usize) -> Range<usize> {
    let before = settings.effective_trials();
    let added = RolloutSettings {
        trials: more,
        ..*settings
    }
    .effective_trials();
    before..before + added
}

/// A candidate that reaches `state`, to roll out: a rollout plays on from the state a candidate
/// reaches, whatever the play to it, so a settled state is all it needs.
fn reached(state: Position) -> Candidate {
    Candidate {
        play: None,
        double: None,
        state,
    }
}

/// Whether a set was settled as `referee` and `settings` would settle it: the best candidate of
/// the first decision that is rolled out (not valued by exact tables), rolled out again.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reproduction {
    /// The decision checked (its index in the set).
    pub decision: usize,
    /// Its best candidate's equity in the set.
    pub recorded: f32,
    /// The same candidate rolled out again.
    pub now: f32,
    /// Whether the two agree to the set's four decimals.
    pub same: bool,
}

/// Rolls out again the best candidate of the first decision of `items` that a rollout settled
/// (see [`Reproduction`]); `None` where every decision is valued exactly. [`extend`] adds
/// comparable equities only where this agrees: common dice make a new play's rollout
/// comparable with its decision's other candidates only under the same roller and settings.
pub fn reproduces(
    referee: &Referee,
    items: &[Item],
    settings: &RolloutSettings,
) -> Option<Reproduction> {
    let (decision, item) = items
        .iter()
        .enumerate()
        .find(|(_, i)| !referee.judge.exact(&i.state))?;
    let best = item.candidates[0];
    let now = value(
        referee,
        &item.state,
        &[],
        &[reached(best.state)],
        settings,
        &AtomicBool::new(false),
    )?
    .first()?
    .equity;
    Some(Reproduction {
        decision,
        recorded: best.equity,
        now,
        same: (now - best.equity).abs() <= 1e-4,
    })
}

/// The noiseless choice of each bot (the noise generator is never drawn from by a noiseless
/// bot).
fn plays_of(bots: &[Bot], state: &Position, dice: (u8, u8)) -> Vec<Candidate> {
    bots.iter()
        .map(|bot| bot.choose(state, dice, &mut SeededRng::new(0)))
        .collect()
}

/// The settled equities of `cands`: rolled out by the roller, or in a bear-off with the tables
/// the judge's exact values from `ranked` (every candidate: a rollout could only add noise).
fn value(
    referee: &Referee,
    state: &Position,
    ranked: &[Ranked],
    cands: &[Candidate],
    settings: &RolloutSettings,
    stop: &AtomicBool,
) -> Option<Vec<Settled>> {
    let equities: Vec<f32> = if referee.judge.exact(state) {
        cands
            .iter()
            .map(|c| {
                ranked
                    .iter()
                    .find(|r| r.candidate.state == c.state)
                    .map_or(f32::NEG_INFINITY, |r| r.equity)
            })
            .collect()
    } else {
        Rollout::new(&referee.roller, *settings)
            .stopped_by(stop)
            .candidates(state.turn(), cands)?
            .iter()
            .map(|r| r.equity as f32)
            .collect()
    };
    Some(
        cands
            .iter()
            .zip(&equities)
            .filter(|(_, e)| e.is_finite())
            .map(|(c, &equity)| Settled {
                state: c.state,
                equity,
            })
            .collect(),
    )
}

/// What a bot lost in one stage.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct StageScore {
    /// Decisions of the stage.
    pub decisions: usize,
    /// Equity lost in all, points at cube 1.
    pub lost: f64,
    /// Plays that reached none of the settled candidates (their loss a lower bound).
    pub outside: usize,
}

impl StageScore {
    /// Mean equity lost per decision.
    pub fn mean(&self) -> f64 {
        if self.decisions == 0 {
            0.0
        } else {
            self.lost / self.decisions as f64
        }
    }

    fn add(&mut self, other: &StageScore) {
        self.decisions += other.decisions;
        self.lost += other.lost;
        self.outside += other.outside;
    }
}

/// A bot's score on the benchmark: per stage, and in all.
#[derive(Debug, Clone, PartialEq)]
pub struct Score {
    /// Every stage with decisions, in the order of [`Stage::ALL`].
    pub stages: Vec<(Stage, StageScore)>,
    /// All decisions together.
    pub total: StageScore,
}

/// What `bot` loses on `items`: its choice (noise included, seeded by `seed` and the decision's
/// index, so the same seed gives the same score) against the best settled candidate.
pub fn score(bot: &Bot, items: &[Item], seed: u64) -> Score {
    let losses: Vec<(Stage, f64, bool)> = items
        .par_iter()
        .enumerate()
        .map(|(i, item)| {
            let mut noise = SeededRng::new(seed ^ (i as u64).wrapping_mul(0xA076_1D64_78BD_642F));
            let chosen = bot.choose(&item.state, item.dice, &mut noise);
            let best = item.candidates[0].equity as f64;
            match item.candidates.iter().find(|c| c.state == chosen.state) {
                Some(c) => (item.stage, (best - c.equity as f64).max(0.0), false),
                None => {
                    let last = item.candidates[item.candidates.len() - 1].equity as f64;
                    (item.stage, (best - last).max(0.0), true)
                }
            }
        })
        .collect();
    let mut stages: Vec<(Stage, StageScore)> = Vec::new();
    let mut total = StageScore::default();
    for stage in Stage::ALL {
        let mut s = StageScore::default();
        for &(_, lost, outside) in losses.iter().filter(|(t, _, _)| *t == stage) {
            s.decisions += 1;
            s.lost += lost;
            s.outside += usize::from(outside);
        }
        if s.decisions > 0 {
            total.add(&s);
            stages.push((stage, s));
        }
    }
    Score { stages, total }
}

#[cfg(test)]
mod tests {
    use super::*;
    use acey_rules::Preset;

    fn small_set(rules: &Rules) -> Vec<Item> {
        let drawn = draw(rules, 2, 5);
        let judge = Level::Advanced.bot(*rules);
        let referee = Referee {
            judge: judge.clone(),
            roller: judge,
            also: Vec::new(),
        };
        drawn
            .into_iter()
            .filter_map(|d| settle(&referee, d, 3, &settings(), &AtomicBool::new(false)))
            .collect()
    }

    fn settings() -> RolloutSettings {
        RolloutSettings {
            trials: 36,
            truncate: Some(2),
            seed: 3,
            stratify: true,
            variance_reduction: false,
        }
    }

    #[test]
    fn every_stage_is_drawn_and_a_set_reads_back_as_written() {
        let rules = Preset::American.rules();
        let items = small_set(&rules);
        for stage in Stage::ALL {
            assert_eq!(
                items.iter().filter(|i| i.stage == stage).count(),
                2,
                "{stage:?}"
            );
        }
        for item in &items {
            assert_eq!(Stage::of(&rules, &item.state, item.dice), item.stage);
            assert!(item.candidates.len() >= 2, "{item}");
        }
        let text: String = items.iter().map(|i| format!("{i}\n")).collect();
        let back = parse(&format!("# a comment\n\n{text}")).unwrap();
        assert_eq!(back.len(), items.len());
        for (a, b) in back.iter().zip(&items) {
            assert_eq!((a.stage, a.state, a.dice), (b.stage, b.state, b.dice));
            for (x, y) in a.candidates.iter().zip(&b.candidates) {
                assert_eq!(x.state, y.state);
                assert!((x.equity - y.equity).abs() < 1e-4);
            }
        }
        // The bear-off is valued by the tables, exactly: the best play is the table's.
        let judge = Level::Advanced.bot(rules);
        for item in items.iter().filter(|i| i.stage == Stage::BearOff) {
            let ranked = judge.rank(&item.state, item.dice);
            assert_eq!(item.candidates[0].state, ranked[0].candidate.state);
            assert_eq!(item.candidates[0].equity, ranked[0].equity);
        }
        // The same seed draws the same decisions.
        let again: Vec<_> = draw(&rules, 2, 5).into_iter().map(|d| d.1).collect();
        let first: Vec<_> = items.iter().map(|i| i.state).collect();
        assert_eq!(again, first);
    }

    #[test]
    fn the_bot_that_settled_a_set_loses_less_on_it_than_a_random_player() {
        let rules = Preset::American.rules();
        let items = small_set(&rules);
        let judge = Level::Advanced.bot(rules);
        let good = score(&judge, &items, 1);
        let random = crate::duel::named_bot("random", rules, 1).unwrap();
        let bad = score(&random, &items, 1);
        assert_eq!(good.total.decisions, items.len());
        assert!(
            good.total.mean() < bad.total.mean(),
            "{good:?} against {bad:?}"
        );
        assert_eq!(
            score(&judge, &items, 1),
            good,
            "the same seed, the same score"
        );
    }

    #[test]
    fn a_bot_settled_alongside_is_scored_on_its_own_plays() {
        let rules = Preset::American.rules();
        let items = small_set(&rules);
        let random = crate::duel::named_bot("random", rules, 1).unwrap();
        assert!(score(&random, &items, 1).total.outside > 0);
        let judge = Level::Advanced.bot(rules);
        let referee = Referee {
            judge: judge.clone(),
            roller: judge,
            also: vec![random.clone()],
        };
        let again: Vec<Item> = decisions(&items)
            .into_iter()
            .filter_map(|d| settle(&referee, d, 3, &settings(), &AtomicBool::new(false)))
            .collect();
        assert_eq!(decisions(&again), decisions(&items), "the same decisions");
        let scored = score(&random, &again, 1);
        assert_eq!(scored.total.outside, 0, "{scored:?}");
        // The judge's own candidates are settled as before (common dice: the same equities).
        for (a, b) in again.iter().zip(&items) {
            for c in &b.candidates {
                let e = a.candidates.iter().find(|x| x.state == c.state).unwrap();
                assert!((e.equity - c.equity).abs() < 1e-4, "{a} against {b}");
            }
        }
    }

    #[test]
    fn extending_a_set_settles_exactly_what_settling_it_with_the_bot_would() {
        let rules = Preset::American.rules();
        let items = small_set(&rules);
        let random = crate::duel::named_bot("random", rules, 1).unwrap();
        let judge = Level::Advanced.bot(rules);
        let referee = Referee {
            judge: judge.clone(),
            roller: judge.clone(),
            also: vec![random.clone()],
        };
        let stop = AtomicBool::new(false);
        let check = reproduces(&referee, &items, &settings()).unwrap();
        assert!(check.same, "{check:?}");
        let extended: Vec<Item> = items
            .iter()
            .map(|i| extend(&referee, i, &settings(), &stop).unwrap())
            .collect();
        let settled: Vec<Item> = decisions(&items)
            .into_iter()
            .filter_map(|d| settle(&referee, d, 3, &settings(), &stop))
            .collect();
        assert_eq!(score(&random, &extended, 1).total.outside, 0);
        let mut added = 0;
        for ((e, s), before) in extended.iter().zip(&settled).zip(&items) {
            // The same candidates, each with the equity a settlement with the bot gives it.
            assert_same_settlement(e, s);
            added += e.candidates.len() - before.candidates.len();
        }
        assert!(added > 0, "the random bot strays from the settled plays");
        // A set already holding the bot's plays is left as it is.
        for e in &extended {
            assert_eq!(&extend(&referee, e, &settings(), &stop).unwrap(), e);
        }
        // Other rollout settings than the set's are told.
        let other = RolloutSettings {
            seed: 4,
            ..settings()
        };
        let check = reproduces(&referee, &items, &other).unwrap();
        assert!(!check.same, "{check:?}");
        assert_eq!(check.recorded, items[check.decision].candidates[0].equity);
        // Stopped: nothing.
        assert!(extend(&referee, &items[0], &settings(), &AtomicBool::new(true)).is_none());
    }

    /// `a` and `b` settle the same candidates to the same equities (to the files' four
    /// decimals), best first.
    fn assert_same_settlement(a: &Item, b: &Item) {
        let sorted = |i: &Item| {
            let mut v: Vec<_> = i
                .candidates
                .iter()
                .map(|c| (c.state.id(), c.equity))
                .collect();
            v.sort_by(|x, y| x.0.cmp(&y.0));
            v
        };
        let (x, y) = (sorted(a), sorted(b));
        assert_eq!(x.len(), y.len(), "{a} against {b}");
        for (x, y) in x.iter().zip(&y) {
            assert_eq!(x.0, y.0, "{a} against {b}");
            assert!((x.1 - y.1).abs() < 1e-4, "{a} against {b}");
        }
        assert!(a.candidates.windows(2).all(|w| w[0].equity >= w[1].equity));
    }

    #[test]
    fn deepening_a_set_gives_what_settling_it_with_more_games_gives() {
        let rules = Preset::American.rules();
        // Read back from text, as a set is deepened: its equities rounded to four decimals.
        let text: String = small_set(&rules).iter().map(|i| format!("{i}\n")).collect();
        let items = parse(&text).unwrap();
        let judge = Level::Advanced.bot(rules);
        let referee = Referee {
            judge: judge.clone(),
            roller: judge.clone(),
            also: Vec::new(),
        };
        let stop = AtomicBool::new(false);
        // 36 more games, asked as 20 (rounded up to a whole stratum), then 72 more.
        let deeper: Vec<Item> = items
            .iter()
            .map(|i| deepen(&referee, i, &settings(), 20, &stop).unwrap())
            .collect();
        let twice = RolloutSettings {
            trials: 72,
            ..settings()
        };
        let deepest: Vec<Item> = deeper
            .iter()
            .map(|i| deepen(&referee, i, &twice, 72, &stop).unwrap())
            .collect();
        let mut moved = 0;
        for (trials, deepened) in [(72, &deeper), (144, &deepest)] {
            let settled: Vec<Item> = decisions(&items)
                .into_iter()
                .filter_map(|d| {
                    let s = RolloutSettings {
                        trials,
                        ..settings()
                    };
                    settle(&referee, d, 3, &s, &stop)
                })
                .collect();
            for ((d, s), before) in deepened.iter().zip(&settled).zip(&items) {
                assert_same_settlement(d, s);
                if judge.exact(&before.state) {
                    assert_eq!(d, before, "an exact decision stays as it is");
                } else {
                    moved += usize::from(d != before);
                }
            }
        }
        assert!(moved > 0, "more games move the rolled-out equities");
        // Stopped: nothing.
        assert!(deepen(&referee, &items[0], &settings(), 36, &AtomicBool::new(true)).is_none());
    }

    #[test]
    fn bad_lines_are_refused_with_their_number() {
        let e = parse("contact nonsense 3-1 a:1 b:2").unwrap_err();
        assert_eq!(e.line, 1);
        let id = Preset::American.rules();
        let pos = Position::starting(&id).id();
        for (line, why) in [
            (
                format!("middle {pos} 3-1 {pos}:+1 {pos}:+0.5"),
                "unknown stage",
            ),
            (format!("contact {pos} 7-1 {pos}:+1 {pos}:+0.5"), "bad roll"),
            (format!("contact {pos} 3-1 {pos}:+1"), "fewer than two"),
            (
                format!("contact {pos} 3-1 {pos}:+0.5 {pos}:+1"),
                "best first",
            ),
            (format!("contact {pos} 3-1 {pos}:x {pos}:+1"), "bad equity"),
        ] {
            let e = parse(&format!("# c\n{line}")).unwrap_err();
            assert_eq!(e.line, 2, "{line}");
            assert!(e.why.contains(why), "{line}: {e}");
        }
    }
}
