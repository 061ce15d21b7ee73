//! The bot's thinking as a self-contained job: the decision the game waits for, a copy of the
//! bot and its noise generator. A job can run right away (line mode, tests) or on another thread
//! while the full-screen game keeps drawing and reading keys: the strongest level searches two
//! plies deep and may think for seconds.
//!
//! Each job carries a stamp (the length of the game's action log when it was made); an answer
//! whose stamp no longer matches (the person resigned or started a new game meanwhile) is
//! dropped.

use acey_ai::{Bot, Ranked};
use acey_rules::{Action, Dice, Game, Phase, PoolKind, Position, Step};

/// A decision the game waits for, as the bot sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Name a double after a fully played 1-2, from this position (AD-3).
    NameDouble(Position),
    /// Play the chosen double `d` from `start` (AD-4).
    ChosenDouble {
        /// The position the pool is played from.
        start: Position,
        /// The named value.
        d: u8,
    },
    /// Play a roll from `start`: a natural roll, or a 1-2 with the double and its play.
    Roll {
        /// The position the roll is played from.
        start: Position,
        /// The dice (a double's four dice are one roll).
        dice: (u8, u8),
    },
}

impl Decision {
    /// The decision `game` waits for, with the steps already taken in the current play.
    pub fn of(game: &Game) -> Option<(Decision, usize)> {
        match game.phase() {
            Phase::NameDouble { .. } => Some((Decision::NameDouble(game.position()), 0)),
            Phase::Move { pool, kind, .. } => {
                let turn = game.turn()?;
                let start = *turn.start();
                let taken = turn.steps().len();
                let decision = match kind {
                    PoolKind::ChosenDouble(d) => Decision::ChosenDouble { start, d: *d },
                    PoolKind::Natural | PoolKind::AceyDeucey => Decision::Roll {
                        start,
                        dice: match pool.dice() {
                            [a, b] => (*a, *b),
                            [d, ..] => (*d, *d),
                            [] => return None,
                        },
                    },
                };
                Some((decision, taken))
            }
            _ => None,
        }
    }
}

/// What a job is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Task {
    /// The bot's own actions up to its next roll.
    Plan,
    /// The best few choices, ranked, for a person (at most this many).
    Hint(usize),
    /// The bot's first choice for a person, as one action.
    Best,
}

/// One ranked suggestion of the hint.
#[derive(Debug, Clone, PartialEq)]
pub struct HintLine {
    /// What to do, in notation.
    pub text: String,
    /// Expected points for the mover.
    pub equity: f32,
}

/// The bot's answer.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// The bot's actions, in order.
    Plan(Vec<Action>),
    /// Ranked suggestions, best first.
    Hint(Vec<HintLine>),
    /// The first choice.
    Best(Option<Action>),
}

/// A finished job.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The stamp of the job.
    pub stamp: usize,
    /// What the bot says.
    pub answer: Answer,
    /// The noise generator after the job (plans only use it).
    pub rng: Dice,
}

/// A decision to think about, with everything needed to do it anywhere.
#[derive(Debug, Clone)]
pub struct Job {
    /// A copy of the bot.
    pub bot: Bot,
    /// The bot's noise generator.
    pub rng: Dice,
    /// The decision.
    pub decision: Decision,
    /// Steps already taken in the current play (a plan takes them back first).
    pub taken: usize,
    /// The ways to finish the current play from the steps already taken, as whole plays (empty
    /// before any step): a hint and the best play keep to them rather than drop those steps.
    pub finish: Vec<acey_rules::Play>,
    /// What the job is for.
    pub task: Task,
    /// The game's action count when the job was made.
    pub stamp: usize,
}

impl Job {
    /// Thinks.
    pub fn run(mut self) -> Outcome {
        let answer = match self.task {
            Task::Plan => Answer::Plan(self.plan()),
            Task::Hint(max) => Answer::Hint(self.hint(max)),
            Task::Best => Answer::Best(self.best()),
        };
        Outcome {
            stamp: self.stamp,
            answer,
            rng: self.rng,
        }
    }

    fn plan(&mut self) -> Vec<Action> {
        // A loaded game can stop in the middle of the bot's play: take it back, plan it whole.
        let mut out = vec![Action::Undo; self.taken];
        let push = |out: &mut Vec<Action>, steps: &[Step]| {
            out.extend(steps.iter().map(|s| Action::Step { step: *s }));
            out.push(Action::Confirm);
        };
        match self.decision {
            Decision::NameDouble(pos) => {
                let d = self.bot.choose_double(&pos, &mut self.rng);
                out.push(Action::NameDouble { value: d });
            }
            Decision::ChosenDouble { start, d } => {
                if let Some(play) = best_of_double(&self.bot, &start, d) {
                    push(&mut out, play.steps());
                }
            }
            Decision::Roll { start, dice } => {
                let choice = self.bot.choose(&start, dice, &mut self.rng);
                if let Some(play) = choice.play {
                    push(&mut out, play.steps());
                }
                if let Some((d, play)) = choice.double {
                    out.push(Action::NameDouble { value: d });
                    if let Some(play) = play {
                        push(&mut out, play.steps());
                    }
                }
            }
        }
        out
    }

    /// The play a ranked play stands for from where the person stands: itself before any step,
    /// else the way to finish that leads to the same position (`None`: not reachable any more).
    fn within(&self, play: Option<acey_rules::Play>) -> Option<Option<acey_rules::Play>> {
        match play {
            _ if self.finish.is_empty() => Some(play),
            Some(p) => self
                .finish
                .iter()
                .find(|f| f.position() == p.position())
                .map(|f| Some(*f)),
            None => None,
        }
    }

    fn hint(&self, max: usize) -> Vec<HintLine> {
        let line = |text: String, r: &Ranked| HintLine {
            text,
            equity: r.equity,
        };
        let written =
            |p: Option<acey_rules::Play>| p.map_or_else(|| "-".to_string(), |p| p.notation());
        match self.decision {
            Decision::NameDouble(pos) => self
                .bot
                .rank_doubles(&pos)
                .iter()
                .take(max)
                .map(|(d, r)| {
                    let play = double_play(r).map_or_else(|| "-".to_string(), |p| p.notation());
                    line(format!("{d}-{d}: {play}"), r)
                })
                .collect(),
            // Every play of the named double, not just the best one.
            Decision::ChosenDouble { start, d } => self
                .bot
                .rank_double(&start, d)
                .iter()
                .filter_map(|r| Some((self.within(double_play(r))?, r)))
                .take(max)
                .map(|(play, r)| line(written(play), r))
                .collect(),
            Decision::Roll { start, dice } => self
                .bot
                .rank(&start, dice)
                .iter()
                .filter_map(|r| Some((self.within(r.candidate.play)?, r)))
                .take(max)
                .map(|(play, r)| {
                    let mut text = written(play);
                    if let Some((d, p)) = r.candidate.double {
                        let rest = p.map_or_else(|| "-".to_string(), |p| p.notation());
                        text.push_str(&format!(", then {d}-{d}: {rest}"));
                    }
                    line(text, r)
                })
                .collect(),
        }
    }

    fn best(&self) -> Option<Action> {
        let as_play = |p: acey_rules::Play| Action::Play {
            steps: p.steps().to_vec(),
        };
        match self.decision {
            Decision::NameDouble(pos) => self
                .bot
                .rank_doubles(&pos)
                .first()
                .map(|(d, _)| Action::NameDouble { value: *d }),
            Decision::ChosenDouble { start, d } => self
                .bot
                .rank_double(&start, d)
                .iter()
                .find_map(|r| self.within(double_play(r)))
                .flatten()
                .map(as_play),
            Decision::Roll { start, dice } => self
                .bot
                .rank(&start, dice)
                .iter()
                .find_map(|r| self.within(r.candidate.play))
                .flatten()
                .map(as_play),
        }
    }
}

/// The play of a named double in a ranked double candidate.
fn double_play(r: &Ranked) -> Option<acey_rules::Play> {
    r.candidate.double.and_then(|(_, p)| p)
}

/// The bot's best play of the chosen double `d` from `start`.
fn best_of_double(bot: &Bot, start: &Position, d: u8) -> Option<acey_rules::Play> {
    bot.rank_doubles(start)
        .iter()
        .find(|(value, _)| *value == d)
        .and_then(|(_, r)| double_play(r))
}

#[cfg(test)]
mod tests {
    use super::*;
    use acey_ai::Level;
    use acey_rules::Rules;

    #[test]
    fn a_plan_for_a_one_two_plays_it_names_a_double_and_plays_that() {
        let rules = Rules::default();
        let mut game = Game::new(rules);
        game.apply(Action::DieOff { dice: [2, 5] }).unwrap();
        game.apply(Action::Roll { dice: [2, 1] }).unwrap();
        let (decision, taken) = Decision::of(&game).unwrap();
        assert_eq!(taken, 0);
        let job = Job {
            bot: Level::Advanced.bot(rules),
            rng: Dice::new(1),
            decision,
            taken,
            finish: Vec::new(),
            task: Task::Plan,
            stamp: game.actions().len(),
        };
        let Answer::Plan(actions) = job.run().answer else {
            panic!("a plan was asked for");
        };
        assert!(actions
            .iter()
            .any(|a| matches!(a, Action::NameDouble { .. })));
        for a in actions {
            game.apply(a).unwrap();
        }
        // A full chosen double from the start earns the re-roll (AD-5): the bot rolls again.
        assert!(
            matches!(game.phase(), Phase::Roll { .. }),
            "{:?}",
            game.phase()
        );
    }

    #[test]
    fn the_hint_of_a_named_double_lists_every_play() {
        let rules = Rules::default();
        let mut game = Game::new(rules);
        game.apply(Action::DieOff { dice: [5, 2] }).unwrap();
        game.apply(Action::Roll { dice: [1, 2] }).unwrap();
        let first = game.legal_plays()[0].steps().to_vec();
        game.apply(Action::Play { steps: first }).unwrap();
        game.apply(Action::NameDouble { value: 3 }).unwrap();
        let plays = game.legal_plays().len();
        assert!(plays > 1, "a chosen 3-3 from here has several plays");
        let (decision, taken) = Decision::of(&game).unwrap();
        let job = Job {
            bot: Level::Beginner.bot(rules),
            rng: Dice::new(1),
            decision,
            taken,
            finish: Vec::new(),
            task: Task::Hint(usize::MAX),
            stamp: game.actions().len(),
        };
        let Answer::Hint(lines) = job.run().answer else {
            panic!("a hint was asked for");
        };
        assert_eq!(lines.len(), plays, "{lines:?}");
        for line in &lines {
            let mut g = game.clone();
            for a in crate::play::typed::actions(&g, &line.text).unwrap() {
                g.apply(a).unwrap();
            }
            assert_eq!(
                g.log().len(),
                2,
                "the hint's play {} is accepted",
                line.text
            );
        }
    }
}
