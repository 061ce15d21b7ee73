//! The step view for user interfaces (design section 2): one die at a time, with undo.
//!
//! The legal next steps are exactly the steps that keep a maximal play reachable, so a person
//! clicking one checker at a time can never end in a play the play view would reject, whatever
//! order they choose for the dice.

use std::cell::OnceCell;
use std::collections::HashSet;
use std::fmt;

use crate::movegen::{single_steps, with_shared_gen, MoveGen};
use crate::pool::Pool;
use crate::position::Position;
use crate::rules::Rules;
use crate::step::{Play, Step};

/// Why a step or a confirmation was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepError {
    /// The step is not one of the legal next steps; the message lists them.
    Illegal(String),
    /// Confirmation was asked for while legal steps remain.
    Incomplete(String),
}

impl fmt::Display for StepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepError::Illegal(m) | StepError::Incomplete(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for StepError {}

/// Builds one play step by step.
///
/// ```
/// use acey_rules::{Pool, Position, Rules, TurnBuilder};
/// let rules = Rules::default();
/// let mut turn = TurnBuilder::new(&rules, Position::starting(&rules), Pool::roll(1, 2).unwrap());
/// let first = turn.legal_steps()[0];
/// turn.step(first).unwrap();
/// assert_eq!(turn.steps().len(), 1);
/// turn.undo();
/// assert!(turn.steps().is_empty());
/// ```
#[derive(Clone)]
pub struct TurnBuilder {
    rules: Rules,
    start: Position,
    pool: Pool,
    plays: Vec<Play>,
    /// The resulting positions of `plays`, built on first use by the step view.
    targets: OnceCell<HashSet<Position>>,
    steps: Vec<Step>,
    current: Position,
    /// The legal next steps, computed when first asked for (bots that play whole plays never
    /// need them).
    legal: OnceCell<Vec<Step>>,
}

impl fmt::Debug for TurnBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TurnBuilder")
            .field("start", &self.start)
            .field("pool", &self.pool)
            .field("steps", &self.steps)
            .finish()
    }
}

impl TurnBuilder {
    /// Starts building a play of `pool` from `pos` for `pos.turn()`.
    pub fn new(rules: &Rules, pos: Position, pool: Pool) -> TurnBuilder {
        let plays = with_shared_gen(rules, |gen| gen.plays(&pos, &pool).to_vec());
        TurnBuilder {
            rules: *rules,
            start: pos,
            pool,
            plays,
            targets: OnceCell::new(),
            steps: Vec::new(),
            current: pos,
            legal: OnceCell::new(),
        }
    }

    /// Every legal play of the pool (the play view).
    pub fn plays(&self) -> &[Play] {
        &self.plays
    }

    /// The pool being played.
    pub fn pool(&self) -> Pool {
        self.pool
    }

    /// The position the play started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The position after the steps taken so far.
    pub fn position(&self) -> &Position {
        &self.current
    }

    /// The steps taken so far.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The dice not yet used, larger first.
    pub fn remaining_dice(&self) -> Vec<u8> {
        let mut left = self.pool.dice().to_vec();
        for s in &self.steps {
            if let Some(i) = left.iter().position(|&d| d == s.die) {
                left.remove(i);
            }
        }
        left
    }

    /// Every way to finish the play from the steps taken so far, one per resulting position, as
    /// whole plays (the steps taken first, then the rest, in an order the step view accepts).
    /// Before any step this is [`TurnBuilder::plays`]; once the play is complete, the play itself.
    ///
    /// ```
    /// use acey_rules::{Dest, Pool, Position, Preset, Source, TurnBuilder};
    /// let rules = Preset::Backgammon.rules();
    /// let mut turn = TurnBuilder::new(&rules, Position::starting(&rules), Pool::roll(4, 2).unwrap());
    /// turn.step_between(Source::Point(8), Dest::Point(6)).unwrap();
    /// let rest = turn.completions();
    /// assert!(rest.len() < turn.plays().len());
    /// assert!(rest.iter().all(|p| p.steps()[0] == turn.steps()[0]));
    /// ```
    pub fn completions(&self) -> Vec<Play> {
        if self.steps.is_empty() {
            return self.plays.clone();
        }
        let mut out: Vec<Play> = Vec::new();
        let mut work = self.clone();
        work.collect_completions(&mut out);
        out
    }

    fn collect_completions(&mut self, out: &mut Vec<Play>) {
        if self.is_complete() {
            if !out.iter().any(|p| p.position() == &self.current) {
                out.push(Play::new(&self.steps, self.current));
            }
            return;
        }
        for step in self.legal_steps().to_vec() {
            if self.step(step).is_ok() {
                self.collect_completions(out);
                self.undo();
            }
        }
    }

    /// The legal next steps.
    pub fn legal_steps(&self) -> &[Step] {
        self.legal.get_or_init(|| self.compute_legal_steps())
    }

    /// Whether the play is finished: no legal step remains (all dice used, the rest cannot be
    /// used, or the last checker is off).
    pub fn is_complete(&self) -> bool {
        if self.steps.is_empty() {
            // Some legal step exists exactly when some play uses at least one die.
            return self.plays.is_empty();
        }
        self.legal_steps().is_empty()
    }

    /// Takes a step. Only the step's origin, destination and die need to match a legal step; the
    /// hit flag is filled in.
    pub fn step(&mut self, step: Step) -> Result<Step, StepError> {
        let found = self
            .legal_steps()
            .iter()
            .find(|s| s.from == step.from && s.to == step.to && s.die == step.die)
            .copied()
            .ok_or_else(|| {
                let legal: Vec<String> = self
                    .legal_steps()
                    .iter()
                    .map(|s| format!("{s} (die {})", s.die))
                    .collect();
                StepError::Illegal(if legal.is_empty() {
                    format!("{step} is not legal: no step is left to play")
                } else {
                    format!(
                        "{step} with a {} is not legal; legal steps: {}",
                        step.die,
                        legal.join(", ")
                    )
                })
            })?;
        self.steps.push(found);
        self.current = self.start.after_steps(&self.steps);
        self.refresh();
        Ok(found)
    }

    /// Takes the legal step from `from` to `to`, choosing the die. When two dice could make the
    /// same move, the first legal one is taken (larger die first).
    pub fn step_between(
        &mut self,
        from: crate::step::Source,
        to: crate::step::Dest,
    ) -> Result<Step, StepError> {
        let candidate = self
            .legal_steps()
            .iter()
            .find(|s| s.from == from && s.to == to)
            .copied();
        match candidate {
            Some(s) => self.step(s),
            None => Err(StepError::Illegal(format!(
                "no legal step goes from {from} to {to}"
            ))),
        }
    }

    /// Takes back the last step, if any.
    pub fn undo(&mut self) -> Option<Step> {
        let s = self.steps.pop()?;
        self.current = self.start.after_steps(&self.steps);
        self.refresh();
        Some(s)
    }

    /// Takes back every step.
    pub fn reset(&mut self) {
        self.steps.clear();
        self.current = self.start;
        self.refresh();
    }

    /// The finished play. Fails while legal steps remain.
    pub fn finish(&self) -> Result<Play, StepError> {
        if !self.is_complete() {
            return Err(StepError::Incomplete(format!(
                "the play is not finished: {} more step(s) can still be played",
                self.remaining_dice().len()
            )));
        }
        Ok(Play::new(&self.steps, self.current))
    }

    /// Plays a whole play at once: succeeds when `steps` (hit flags ignored) are, in this
    /// order, a legal way to finish the play from its start. Replaces any steps taken so far; when refused, those steps stay as they were.
    pub fn play_steps(&mut self, steps: &[Step]) -> Result<Play, StepError> {
        let same = |a: &Step, b: &Step| a.from == b.from && a.to == b.to && a.die == b.die;
        // Fast path: the steps of a generated play, as bots send them.
        if let Some(p) = self.plays.iter().find(|p| {
            p.steps().len() == steps.len() && p.steps().iter().zip(steps).all(|(a, b)| same(a, b))
        }) {
            let play = *p;
            self.steps = play.steps().to_vec();
            self.current = *play.position();
            self.legal = OnceCell::new();
            return Ok(play);
        }
        let before = self.steps.clone();
        self.reset();
        let result = steps
            .iter()
            .try_for_each(|s| self.step(*s).map(|_| ()))
            .and_then(|()| self.finish());
        if result.is_err() {
            // Refused: the steps taken before are back in place.
            self.steps = before;
            self.current = self.start.after_steps(&self.steps);
            self.refresh();
        }
        result
    }

    fn refresh(&mut self) {
        self.legal = OnceCell::new();
    }

    /// The legal next steps: those after which some maximal play is still reachable.
    fn compute_legal_steps(&self) -> Vec<Step> {
        let targets = self
            .targets
            .get_or_init(|| self.plays.iter().map(|p| *p.position()).collect());
        let mut legal = Vec::new();
        let remaining = self.remaining_dice();
        if remaining.is_empty() || self.current.winner().is_some() {
            return legal;
        }
        let mut gen = MoveGen::new(&self.rules);
        let mut dice = remaining.clone();
        dice.dedup();
        for die in dice {
            for step in single_steps(&self.rules, &self.current, &self.pool, die) {
                let after = self.current.after_steps(&[step]);
                let mut rest = remaining.clone();
                if let Some(i) = rest.iter().position(|&d| d == die) {
                    rest.remove(i);
                }
                let reachable = match Pool::from_dice(&rest) {
                    Ok(rest_pool) if after.winner().is_none() => {
                        let plays = gen.plays_in_turn(&after, &rest_pool, &self.pool);
                        if plays.is_empty() {
                            targets.contains(&after)
                        } else {
                            plays.iter().any(|p| targets.contains(p.position()))
                        }
                    }
                    _ => targets.contains(&after),
                };
                if reachable {
                    legal.push(step);
                }
            }
        }
        legal
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::{Dest, Source};
    use crate::Preset;

    #[test]
    fn every_order_of_a_legal_play_is_accepted_and_undo_restores() {
        let rules = Preset::Backgammon.rules();
        let start = Position::starting(&rules);
        let mut b = TurnBuilder::new(&rules, start, Pool::roll(3, 1).unwrap());
        // 6/5 first, then 8/5: the 1 before the 3
        b.step_between(Source::Point(6), Dest::Point(5)).unwrap();
        b.step_between(Source::Point(8), Dest::Point(5)).unwrap();
        assert!(b.is_complete());
        let play = b.finish().unwrap();
        assert!(b.plays().iter().any(|p| p.position() == play.position()));
        b.undo();
        b.undo();
        assert_eq!(b.position(), &start);
        assert!(b.finish().is_err());
    }

    #[test]
    fn completions_keep_the_steps_taken() {
        let rules = Preset::Backgammon.rules();
        let start = Position::starting(&rules);
        let mut b = TurnBuilder::new(&rules, start, Pool::roll(4, 2).unwrap());
        assert_eq!(b.completions(), b.plays());
        b.step_between(Source::Point(8), Dest::Point(6)).unwrap();
        let rest = b.completions();
        assert!(!rest.is_empty() && rest.len() < b.plays().len());
        for play in &rest {
            assert_eq!(play.steps()[0], b.steps()[0], "{}", play.notation());
            // Each is one of the legal plays' positions.
            assert!(b.plays().iter().any(|p| p.position() == play.position()));
        }
        // Every legal play that starts 8/6 (in some order of its steps) is among them: 8/6 6/2.
        let mut whole = b.clone();
        whole
            .step_between(Source::Point(6), Dest::Point(2))
            .unwrap();
        assert!(rest.iter().any(|p| p.position() == whole.position()));
        assert_eq!(whole.completions().len(), 1);
    }
}
