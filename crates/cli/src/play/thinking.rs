//! The bot's thinking as a self-contained job: the decision the game waits for, a copy of the
//! bot and its noise generator. A job can run right away (line mode, tests) or on another thread
//! while the full-screen game keeps drawing and reading keys: the strongest level searches two
//! plies deep and may think for seconds.
//!
//! Each job carries a stamp (the length of the game's action log when it was made); an answer
//! whose stamp no longer matches (the person resigned or started a new game meanwhile) is
//! dropped.

use acey_ai::Bot;
use acey_rules::{Action, Game, Phase, SeededRng};

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
    pub rng: SeededRng,
}

/// A decision to think about, with everything needed to do it anywhere.
#[derive(Debug, Clone)]
pub struct Job {
    /// A copy of the bot.
    pub bot: Bot,
    /// The bot's noise generator.
    pub rng: SeededRng,
    /// A copy of the game, waiting for a checker decision: a play, or a double to name.
    pub game: Game,
    /// What the job is for.
    pub task: Task,
    /// The game's action count when the job was made.
    pub stamp: usize,
}

impl Job {
    /// A job for the checker decision `game` waits for (`None` when it waits for none).
    pub fn new(bot: Bot, rng: SeededRng, game: &Game, task: Task) -> Option<Job> {
        matches!(game.phase(), Phase::Move { .. } | Phase::NameDouble { .. }).then(|| Job {
            bot,
            rng,
            game: game.clone(),
            task,
            stamp: game.actions().len(),
        })
    }

    /// Thinks.
    pub fn run(mut self) -> Outcome {
        let answer = match self.task {
            Task::Plan => Answer::Plan(self.plan()),
            Task::Hint(max) => Answer::Hint(
                self.bot
                    .hints(&self.game, max)
                    .into_iter()
                    .map(|h| HintLine {
                        text: h.notation,
                        equity: h.equity,
                    })
                    .collect(),
            ),
            Task::Best => Answer::Best(
                self.bot
                    .hints(&self.game, 1)
                    .into_iter()
                    .next()
                    .map(|h| h.action),
            ),
        };
        Outcome {
            stamp: self.stamp,
            answer,
            rng: self.rng,
        }
    }

    /// The bot's decision ([`Bot::decide`]) as the screen shows it: each play step by step, then
    /// confirmed. A loaded game can stop in the middle of the bot's play: its steps are taken
    /// back first, and the play made whole.
    fn plan(&mut self) -> Vec<Action> {
        let taken = self.game.turn().map_or(0, |t| t.steps().len());
        let mut out = vec![Action::Undo; taken];
        for action in self.bot.decide(&self.game, &mut self.rng) {
            match action {
                Action::Play { steps } => {
                    out.extend(steps.into_iter().map(|step| Action::Step { step }));
                    out.push(Action::Confirm);
                }
                other => out.push(other),
            }
        }
        out
    }
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
        let job = Job::new(
            Level::Advanced.bot(rules),
            SeededRng::new(1),
            &game,
            Task::Plan,
        )
        .unwrap();
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
        let job = Job::new(
            Level::Beginner.bot(rules),
            SeededRng::new(1),
            &game,
            Task::Hint(usize::MAX),
        )
        .unwrap();
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
