//! One sitting at the board: the game, who sits in each seat, the dice and the bot.
//!
//! Everything here is driven through [`acey_rules::Game`] actions; the session only decides *who*
//! acts and *when* (dice rolls, the bot's plays one step at a time, forced plays when the player
//! asked for them). The full-screen game and the line mode both sit on top of it, so they behave
//! alike and are tested alike.

use std::collections::VecDeque;

use acey_ai::{Bot, Level};
use acey_rules::{
    Action, Game, GameError, Phase, Player, PoolKind, Position, Resignation, Rules, SeededRng,
};

pub use super::thinking::HintLine;
use super::thinking::{Answer, Job, Outcome, Task};
use crate::i18n::{self, t, Lang};

/// Why a person's action was refused, in the player's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused(pub String);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refused {}

impl From<GameError> for Refused {
    fn from(e: GameError) -> Refused {
        Refused(refusal(&e))
    }
}

/// A refusal of the rules engine in the player's language. The engine explains in English, with
/// details (which steps are legal, what the phase waits for): English players read that; the
/// other languages are told the kind of refusal, since the engine's sentences cannot be
/// translated piece by piece.
pub fn refusal(e: &GameError) -> String {
    if i18n::current() == Lang::En {
        return e.to_string();
    }
    match e {
        GameError::WrongPhase(_) => t!("term-err-wrong-phase"),
        GameError::BadValue(_) => t!("term-err-bad-value"),
        GameError::Illegal(_) => t!("error-illegal"),
    }
}

/// Who plays a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    /// A person at this keyboard.
    Human,
    /// The bot.
    Bot,
}

/// The dice of a session: a [`SeededRng`] plus how many dice it has given, so a saved game can
/// go on with exactly the dice it would have had.
#[derive(Debug, Clone)]
pub struct DiceSource {
    seed: u64,
    drawn: u64,
    dice: SeededRng,
}

impl DiceSource {
    /// Dice from `seed`, with `drawn` dice already used.
    pub fn new(seed: u64, drawn: u64) -> DiceSource {
        let mut dice = SeededRng::new(seed);
        for _ in 0..drawn {
            dice.die();
        }
        DiceSource { seed, drawn, dice }
    }

    /// A seed from the operating system's generator (a fixed fallback cannot be allowed to
    /// repeat games, so the clock is mixed in when the OS has no entropy to give).
    pub fn os_seed() -> u64 {
        getrandom::u64().unwrap_or_else(|_| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(0x5eed)
        })
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Dice drawn so far.
    pub fn drawn(&self) -> u64 {
        self.drawn
    }

    fn two(&mut self) -> [u8; 2] {
        self.drawn += 2;
        let (a, b) = self.dice.roll();
        [a, b]
    }
}

/// How a session is set up.
#[derive(Debug, Clone)]
pub struct Setup {
    /// The rules (the match length included).
    pub rules: Rules,
    /// Who plays each seat, `[player 0, player 1]`.
    pub seats: [Seat; 2],
    /// The bot's level (also used for hints).
    pub level: Level,
    /// Dice seed.
    pub seed: u64,
    /// Play a forced play (the only legal play) without asking.
    pub auto_forced: bool,
}

/// Something that happened by itself (a roll, a bot step, a forced play).
#[derive(Debug, Clone, PartialEq)]
pub struct AutoEvent {
    /// What happened, in words.
    pub text: String,
    /// One step of the bot's play, with the bot's seat (interfaces pause after it and show where
    /// it went, so a person can follow the play).
    pub bot_step: Option<(Player, acey_rules::Step)>,
}

/// A game in progress with its seats, dice and bot.
pub struct Session {
    game: Game,
    setup: Setup,
    dice: DiceSource,
    bot: Bot,
    /// Noise for bots that make deliberate mistakes; seeded from the dice seed so a `--seed` game
    /// replays identically, and saved ([`Session::noise_state`]) so a loaded game does too.
    bot_rng: SeededRng,
    /// The noise generator as it was before the plan being carried out was made: a game saved
    /// in the middle of the bot's plan makes that plan again from it when loaded.
    plan_rng: SeededRng,
    /// The bot's remaining actions for the current turn segment.
    plan: VecDeque<Action>,
    /// A resignation offered to the other person at this keyboard, waiting for their answer.
    offer: Option<(Player, Resignation)>,
    /// The bot thinks elsewhere (another thread) and hands its plan in with [`Session::accept`].
    background: bool,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("phase", self.game.phase())
            .field("seats", &self.setup.seats)
            .finish()
    }
}

impl Session {
    /// A new match.
    pub fn new(setup: Setup) -> Session {
        let game = Game::new(setup.rules);
        Session::with_game(setup, game, 0)
    }

    /// A session that goes on from `game` with `drawn` dice of `setup.seed` already used (a
    /// loaded game).
    pub fn with_game(setup: Setup, game: Game, drawn: u64) -> Session {
        let bot = setup.level.bot(setup.rules);
        Session {
            game,
            dice: DiceSource::new(setup.seed, drawn),
            bot,
            bot_rng: SeededRng::new(setup.seed ^ 0xB07_B07),
            plan_rng: SeededRng::new(setup.seed ^ 0xB07_B07),
            plan: VecDeque::new(),
            offer: None,
            background: false,
            setup,
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The setup.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The dice source (for saving).
    pub fn dice(&self) -> &DiceSource {
        &self.dice
    }

    /// The state of the bot's noise generator to save: the one its current plan was made from
    /// while a plan is being carried out (loading then makes the same plan again), else the
    /// current one. Levels without noise never draw from it.
    pub fn noise_state(&self) -> u64 {
        if self.plan.is_empty() {
            self.bot_rng.state()
        } else {
            self.plan_rng.state()
        }
    }

    /// Puts the bot's noise generator where a saved game left it ([`Session::noise_state`]).
    pub fn set_noise_state(&mut self, state: u64) {
        self.bot_rng = SeededRng::new(state);
        self.plan_rng = SeededRng::new(state);
        self.plan.clear();
    }

    /// Whether forced plays are made without asking.
    pub fn auto_forced(&self) -> bool {
        self.setup.auto_forced
    }

    /// Turns automatic forced plays on or off.
    pub fn set_auto_forced(&mut self, on: bool) {
        self.setup.auto_forced = on;
    }

    /// Changes the bot's level (a loaded game played on at another level).
    pub fn set_level(&mut self, level: Level) {
        self.setup.level = level;
        self.bot = level.bot(self.setup.rules);
        self.plan.clear();
    }

    /// Who plays `player`.
    pub fn seat(&self, player: Player) -> Seat {
        self.setup.seats[player.index()]
    }

    /// Who a player is in a sentence, as the catalogues' `$who` selector takes it: `you` (the
    /// person against the bot), `bot`, or `other` (X or O between two people, named by
    /// [`Session::mark`]).
    pub fn who(&self, player: Player) -> &'static str {
        let vs_bot = self.setup.seats.contains(&Seat::Bot);
        match (vs_bot, self.seat(player)) {
            (true, Seat::Human) => "you",
            (true, Seat::Bot) => "bot",
            (false, _) => "other",
        }
    }

    /// `X` or `O`: a player's mark, their name between two people.
    pub fn mark(&self, player: Player) -> &'static str {
        match player {
            Player::Zero => "X",
            Player::One => "O",
        }
    }

    /// A short name for a player in the player's language: `you`/`bot` against the bot, `X`/`O`
    /// between two people (score lines, the title, tables).
    pub fn name(&self, player: Player) -> String {
        t!(
            "term-name",
            who = self.who(player),
            name = self.mark(player)
        )
    }

    /// The seat the board is shown from by default: the person's against the bot, else the
    /// player to act (two people take turns at one screen).
    pub fn viewer(&self) -> Player {
        match self.setup.seats {
            [Seat::Human, Seat::Bot] => Player::Zero,
            [Seat::Bot, Seat::Human] => Player::One,
            _ => self.game.to_act().unwrap_or(self.game.position().turn()),
        }
    }

    /// The person who must act now, if the game waits for one.
    pub fn human_to_act(&self) -> Option<Player> {
        let p = self.game.to_act()?;
        if self.seat(p) != Seat::Human {
            return None;
        }
        match self.game.phase() {
            // A roll is made for the person unless they could offer the cube first.
            Phase::Roll { player } if !self.game.may_double(*player) => None,
            Phase::Move { .. } if self.forced_play().is_some() => None,
            _ => Some(p),
        }
    }

    /// The only legal play, when forced plays are automatic and the person has not started it.
    fn forced_play(&self) -> Option<Vec<acey_rules::Step>> {
        let turn = self.game.turn()?;
        if !self.setup.auto_forced || !turn.steps().is_empty() {
            return None;
        }
        match turn.plays() {
            [only] => Some(only.steps().to_vec()),
            _ => None,
        }
    }

    /// Whether the game is over and waits for a rematch or the next game.
    pub fn game_over(&self) -> bool {
        matches!(self.game.phase(), Phase::GameOver { .. })
    }

    /// Does the next thing that needs no person: a roll, a step of the bot, a forced play.
    /// `None` when the game waits for a person (or is over).
    pub fn auto_step(&mut self) -> Option<AutoEvent> {
        let phase = self.game.phase().clone();
        let event = |text: String, bot_step: Option<(Player, acey_rules::Step)>| {
            Some(AutoEvent { text, bot_step })
        };
        match phase {
            Phase::DieOff => {
                let dice = self.dice.two();
                self.apply_checked(Action::DieOff { dice });
                let text = if dice[0] == dice[1] {
                    t!("term-die-off-again", die = dice[0])
                } else {
                    let starter = if dice[0] > dice[1] {
                        Player::Zero
                    } else {
                        Player::One
                    };
                    let (who, name) = (self.who(starter), self.mark(starter));
                    // Under `opening_roll = use-die-off-dice` the die-off is the first roll.
                    match self.game.phase() {
                        Phase::Roll { .. } => t!(
                            "term-die-off-starts",
                            x = dice[0],
                            o = dice[1],
                            who = who,
                            name = name
                        ),
                        _ => t!(
                            "term-die-off-plays",
                            x = dice[0],
                            o = dice[1],
                            who = who,
                            name = name,
                            dice = format!(
                                "{}-{}",
                                dice[starter.index()],
                                dice[starter.other().index()]
                            )
                        ),
                    }
                };
                event(text, None)
            }
            Phase::Roll { player } => {
                if self.seat(player) == Seat::Human && self.game.may_double(player) {
                    return None;
                }
                // On roll the bot's decision is the cube's: double, or nothing (and a roll).
                if self.seat(player) == Seat::Bot && self.bot.doubles_now(&self.game) {
                    let to = self.game.cube().value * 2;
                    self.apply_checked(Action::Double);
                    return event(t!("term-bot-doubles", value = to), None);
                }
                let dice = self.dice.two();
                self.apply_checked(Action::Roll { dice });
                event(self.roll_text(player, dice), None)
            }
            Phase::CubeOffered { by } => {
                let taker = by.other();
                if self.seat(taker) != Seat::Bot {
                    return None;
                }
                // The bot's decision on the cube offered: take or drop.
                let action = self
                    .bot
                    .decide(&self.game, &mut self.bot_rng.clone())
                    .pop()
                    .unwrap_or(Action::Take);
                let text = match action {
                    Action::Take => t!("term-bot-takes"),
                    _ => t!("term-bot-drops"),
                };
                self.apply_checked(action);
                event(text, None)
            }
            Phase::Move { player, .. } | Phase::NameDouble { player } => {
                if self.seat(player) == Seat::Bot {
                    if self.plan.is_empty() {
                        if self.background {
                            return None;
                        }
                        let job = self.bot_job()?;
                        self.accept(job.run());
                    }
                    let Some(action) = self.plan.pop_front() else {
                        // Never stall: the first legal play (or the first double).
                        let fallback = match self.game.legal_plays().first() {
                            Some(p) => Action::Play {
                                steps: p.steps().to_vec(),
                            },
                            None => Action::NameDouble { value: 1 },
                        };
                        self.plan.push_back(fallback);
                        return event(t!("term-bot-no-plan"), None);
                    };
                    let text = self.describe(player, &action);
                    let bot_step = match &action {
                        Action::Step { step } => Some((player, *step)),
                        _ => None,
                    };
                    if self.game.apply(action).is_err() {
                        // The plan came from the same rules engine; if it is refused, plan again
                        // from where the game stands rather than stop the game.
                        self.plan.clear();
                        return event(t!("term-bot-reconsiders"), None);
                    }
                    return event(text, bot_step);
                }
                let steps = self.forced_play()?;
                let text = t!(
                    "term-forced-play",
                    who = self.who(player),
                    name = self.mark(player),
                    play = acey_rules::notation::format_steps(&steps)
                );
                self.apply_checked(Action::Play { steps });
                event(text, None)
            }
            Phase::GameOver { .. } => None,
        }
    }

    /// Rolls now for the player to roll (a person who could have offered the cube first).
    pub fn roll_now(&mut self) -> Option<AutoEvent> {
        let Phase::Roll { player } = *self.game.phase() else {
            return None;
        };
        let dice = self.dice.two();
        self.apply_checked(Action::Roll { dice });
        Some(AutoEvent {
            text: self.roll_text(player, dice),
            bot_step: None,
        })
    }

    /// Whether the next automatic action makes the bot think (search), which can take a moment.
    pub fn bot_thinking_next(&self) -> bool {
        match self.game.phase() {
            Phase::Move { player, .. } | Phase::NameDouble { player } => {
                self.seat(*player) == Seat::Bot && self.plan.is_empty()
            }
            _ => false,
        }
    }

    fn roll_text(&self, player: Player, dice: [u8; 2]) -> String {
        let acey = self.game.rules().is_acey_deucey(dice[0], dice[1]);
        let id = match (self.game.phase(), acey) {
            (Phase::Move { .. }, true) => "term-rolls-acey",
            (Phase::Move { .. }, false) => "term-rolls",
            // The roll had no legal step at all: the game passed it on by itself (R3.2).
            _ => "term-rolls-stuck",
        };
        i18n::text(
            id,
            &[
                ("who", self.who(player).into()),
                ("name", self.mark(player).into()),
                ("dice", format!("{}-{}", dice[0], dice[1]).into()),
            ],
        )
    }

    /// Applies an action the session built itself from the game's own legal moves.
    fn apply_checked(&mut self, action: Action) {
        if let Err(e) = self.game.apply(action.clone()) {
            // Only reachable through a bug: the session builds these actions from the phase.
            debug_assert!(false, "session action {action:?} refused: {e}");
        }
    }

    fn describe(&self, player: Player, action: &Action) -> String {
        let (who, name) = (self.who(player), self.mark(player));
        let played = |steps: &[acey_rules::Step]| {
            t!(
                "term-played",
                who = who,
                name = name,
                play = acey_rules::notation::format_steps(steps)
            )
        };
        match action {
            Action::Step { step } => {
                // The bot writes its steps in its own numbering (docs/notation.md); say where that is
                // on the person's side of the board too.
                let viewer = self.viewer();
                if viewer != player && self.seat(viewer) == Seat::Human {
                    t!(
                        "term-step-mirrored",
                        who = who,
                        name = name,
                        step = step.to_string(),
                        mirrored = mirrored(step)
                    )
                } else {
                    t!("term-step", who = who, name = name, step = step.to_string())
                }
            }
            Action::Confirm => played(self.game.turn().map_or(&[], |t| t.steps())),
            Action::Play { steps } => played(steps),
            Action::NameDouble { value } => {
                t!("term-named", who = who, name = name, value = *value)
            }
            Action::Undo => t!("term-takes-back", who = who, name = name),
            other => t!(
                "term-step",
                who = who,
                name = name,
                step = format!("{other:?}")
            ),
        }
    }

    /// Applies a person's action. Refused actions change nothing and say why.
    pub fn apply(&mut self, action: Action) -> Result<(), Refused> {
        if let Some(p) = self.game.to_act() {
            let resign = matches!(action, Action::Resign { .. });
            if self.seat(p) == Seat::Bot && !resign {
                return Err(Refused(t!("term-err-bot-turn")));
            }
        }
        self.game.apply(action)?;
        self.plan.clear();
        self.offer = None;
        Ok(())
    }

    /// Lets the bot think elsewhere: [`Session::auto_step`] then waits (returns `None`) until a
    /// plan from [`Session::bot_job`] is handed in with [`Session::accept`].
    pub fn set_background(&mut self, on: bool) {
        self.background = on;
    }

    /// Whether the bot thinks elsewhere.
    pub fn background(&self) -> bool {
        self.background
    }

    /// A job for the decision the game waits for, or `None` when there is none.
    pub fn job(&self, task: Task) -> Option<Job> {
        Job::new(self.bot.clone(), self.bot_rng.clone(), &self.game, task)
    }

    /// The job of planning the bot's next actions, when the bot is to act and has no plan.
    pub fn bot_job(&self) -> Option<Job> {
        if self.bot_thinking_next() {
            self.job(Task::Plan)
        } else {
            None
        }
    }

    /// Hands in a finished plan; refused (`false`) when the game has moved on since the job was
    /// made.
    pub fn accept(&mut self, outcome: Outcome) -> bool {
        if outcome.stamp != self.game.actions().len() || !self.plan.is_empty() {
            return false;
        }
        match outcome.answer {
            Answer::Plan(actions) => {
                self.plan_rng = std::mem::replace(&mut self.bot_rng, outcome.rng);
                let actions = self.skip_retaken(actions);
                self.plan.extend(actions);
                true
            }
            _ => false,
        }
    }

    /// A plan made for a play the bot had already begun (a game loaded in the middle of it)
    /// starts by taking those steps back and making them again: when they are the plan's own
    /// first steps, that detour is dropped, so the game goes on as if it had never stopped.
    fn skip_retaken(&self, actions: Vec<Action>) -> Vec<Action> {
        let Some(taken) = self.game.turn().map(|t| t.steps()) else {
            return actions;
        };
        let k = taken.len();
        let same = actions.len() >= 2 * k
            && actions[..k].iter().all(|a| *a == Action::Undo)
            && actions[k..2 * k].iter().zip(taken).all(|(a, t)| {
                matches!(a, Action::Step { step } if step.from == t.from && step.to == t.to && step.die == t.die)
            });
        if k > 0 && same {
            actions[2 * k..].to_vec()
        } else {
            actions
        }
    }

    /// The cube decision the game waits for, as ranked suggestions from the side of the player
    /// who decides (points, the cube included): double or roll on at the roll, take or drop when
    /// a cube is offered (`acey_ai::cube`, the bot's own cube judgement). Empty otherwise.
    pub fn cube_hint(&self) -> Vec<HintLine> {
        use acey_ai::cube::{double_analysis, offer_analysis, CubeVerdict};
        let line = |id: &str, equity: f32| HintLine {
            text: i18n::text(id, &[]),
            equity,
        };
        if let Some(a) = double_analysis(&self.bot, &self.game) {
            let verdict = match a.verdict() {
                CubeVerdict::NoDoubleTake => "no-double-take",
                CubeVerdict::TooGoodToDouble => "too-good",
                CubeVerdict::DoubleTake => "double-take",
                CubeVerdict::DoublePass => "double-pass",
            };
            let double = line("term-hint-double", a.double_take.min(a.double_pass));
            let roll = line("term-hint-roll", a.no_double);
            let mut v = if a.should_double() {
                vec![double, roll]
            } else {
                vec![roll, double]
            };
            v[0].text = t!(
                "term-hint-verdict",
                action = v[0].text.as_str(),
                verdict = verdict
            );
            v
        } else if let Some(a) = offer_analysis(&self.bot, &self.game) {
            // The taker's side: what the doubler gets, negated.
            let take = line("term-hint-take", -a.double_take);
            let drop = line("term-hint-drop", -a.double_pass);
            if a.should_take() {
                vec![take, drop]
            } else {
                vec![drop, take]
            }
        } else {
            Vec::new()
        }
    }

    /// Ranked suggestions for the decision the game waits for (best first, at most `max`),
    /// thought out here and now: the plays of the roll, the double to name, or the cube.
    pub fn hint(&self, max: usize) -> Vec<HintLine> {
        if matches!(
            self.game.phase(),
            Phase::Roll { .. } | Phase::CubeOffered { .. }
        ) {
            return self.cube_hint();
        }
        match self.job(Task::Hint(max)).map(|j| j.run().answer) {
            Some(Answer::Hint(lines)) => lines,
            _ => Vec::new(),
        }
    }

    /// The bot's choice for the decision the game waits for, as the action that starts it: the
    /// play of the pool being played, or the double to name.
    pub fn best_action(&self) -> Option<Action> {
        match self.job(Task::Best).map(|j| j.run().answer) {
            Some(Answer::Best(action)) => action,
            _ => None,
        }
    }

    /// Who resigns from this keyboard: the person against the bot; between two people, whoever
    /// the game waits for.
    pub fn resigner(&self) -> Player {
        match self.setup.seats {
            [Seat::Human, Seat::Bot] => Player::Zero,
            [Seat::Bot, Seat::Human] => Player::One,
            _ => self.game.to_act().unwrap_or(self.viewer()),
        }
    }

    /// What resigning costs `player` now, in words: `15 points` or `2 points, a gammon`.
    pub fn resignation_cost(&self, player: Player) -> String {
        let points = self.game.resignation_points(player);
        let level = self
            .game
            .resignations(player)
            .last()
            .map_or("none", |(r, _)| r.name());
        t!("term-resign-cost", points = points, level = level)
    }

    /// The smaller resignations `player` may offer instead of resigning outright (under
    /// `gammon-backgammon` scoring: a single, or a gammon, below what the position scores), with
    /// the points each concedes; the opponent must agree.
    pub fn resignation_offers(&self, player: Player) -> Vec<(Resignation, u32)> {
        let full = self.game.resignation_points(player);
        self.game
            .resignations(player)
            .into_iter()
            .filter(|(_, points)| *points < full)
            .collect()
    }

    /// Offers to resign at `level`. Against the bot, the bot answers at once: it accepts when
    /// the offer is at least what it expects to win by playing on (its own evaluation of the
    /// position, the cube included), and the game ends (`Ok(Some(true))`), or it declines
    /// (`Ok(Some(false))`). Between two people the offer waits for the other's answer
    /// ([`Session::answer_offer`]; `Ok(None)`).
    pub fn offer_resignation(&mut self, level: Resignation) -> Result<Option<bool>, Refused> {
        let by = self.resigner();
        if !self.resignation_offers(by).iter().any(|(r, _)| *r == level) {
            return Err(Refused(t!(
                "term-err-not-an-offer",
                level = level.name(),
                cost = self.resignation_cost(by)
            )));
        }
        if self.seat(by.other()) == Seat::Human {
            self.offer = Some((by, level));
            return Ok(None);
        }
        let accepts = self.bot.accepts_resignation(&self.game, by, level);
        if accepts {
            self.game.apply(Action::ResignAs { player: by, level })?;
            self.plan.clear();
        }
        Ok(Some(accepts))
    }

    /// The resignation waiting for an answer from the other person, if any.
    pub fn pending_offer(&self) -> Option<(Player, Resignation)> {
        self.offer
    }

    /// The other person's answer to a pending offer: accepted, the game ends.
    pub fn answer_offer(&mut self, accept: bool) -> Result<(), Refused> {
        let Some((player, level)) = self.offer.take() else {
            return Err(Refused(t!("term-err-no-offer")));
        };
        if accept {
            self.game.apply(Action::ResignAs { player, level })?;
            self.plan.clear();
        }
        Ok(())
    }

    /// Starts the next game of the match, or a new match once this one is decided.
    pub fn rematch(&mut self) {
        self.offer = None;
        self.plan.clear();
        if self.game.apply(Action::NextGame).is_err() {
            self.game = Game::new(self.setup.rules);
        }
    }

    /// The position shown: the game's, with the steps of the play being built.
    pub fn position(&self) -> Position {
        self.game.position()
    }

    /// One line on the score, e.g. `Score: you 12, bot 3 (match to 15)`.
    pub fn score_line(&self) -> String {
        self.score_in("term-score", "term-score-match")
    }

    /// The score line said once the session ends, e.g. `Final score: you 12, bot 3`.
    pub fn final_score_line(&self) -> String {
        self.score_in("term-final-score", "term-final-score-match")
    }

    fn score_in(&self, single: &str, in_match: &str) -> String {
        let s = self.game.score();
        let mut args = vec![
            ("x", self.name(Player::Zero).into()),
            ("xs", s[0].into()),
            ("o", self.name(Player::One).into()),
            ("os", s[1].into()),
        ];
        match self.game.rules().match_target {
            Some(n) => {
                args.push(("target", n.into()));
                i18n::text(in_match, &args)
            }
            None => i18n::text(single, &args),
        }
    }

    /// What the game waits for, in words.
    pub fn status_line(&self) -> String {
        let g = &self.game;
        let subject = |p: Player| (self.who(p), self.mark(p));
        match g.phase() {
            Phase::DieOff => t!("term-status-die-off"),
            Phase::Roll { player } => {
                let (who, name) = subject(*player);
                t!("term-status-to-roll", who = who, name = name)
            }
            Phase::CubeOffered { by } => {
                let (who, name) = subject(*by);
                let (taker, taker_name) = subject(by.other());
                t!(
                    "term-status-doubled",
                    who = who,
                    name = name,
                    value = g.cube().value * 2,
                    taker = taker,
                    taker_name = taker_name
                )
            }
            Phase::Move { player, kind, .. } => {
                let (who, name) = subject(*player);
                let dice = match g.turn() {
                    Some(t) if t.remaining_dice().is_empty() => t!("term-dice-done"),
                    Some(t) => t
                        .remaining_dice()
                        .iter()
                        .map(|d| d.to_string())
                        .collect::<Vec<_>>()
                        .join(" "),
                    None => String::new(),
                };
                match kind {
                    PoolKind::ChosenDouble(d) => t!(
                        "term-status-to-play-chosen",
                        who = who,
                        name = name,
                        double = format!("{d}-{d}"),
                        dice = dice
                    ),
                    PoolKind::AceyDeucey => t!(
                        "term-status-to-play-acey",
                        who = who,
                        name = name,
                        dice = dice
                    ),
                    PoolKind::Natural => {
                        t!("term-status-to-play", who = who, name = name, dice = dice)
                    }
                }
            }
            Phase::NameDouble { player } => {
                let (who, name) = subject(*player);
                t!("term-status-name-double", who = who, name = name)
            }
            Phase::GameOver {
                winner,
                points,
                how,
            } => {
                let (why, cube) = won_by(g, *winner, *how);
                let (who, name) = subject(*winner);
                let won = t!(
                    "term-status-won",
                    who = who,
                    name = name,
                    points = *points,
                    how = why,
                    left = u32::from(15 - g.position().off(winner.other())),
                    cube = cube
                );
                match g.match_winner() {
                    Some(w) => {
                        let (who, name) = subject(w);
                        let m = t!("term-status-won-match", who = who, name = name);
                        format!("{won} {m}")
                    }
                    None => won,
                }
            }
        }
    }
}

/// A step written in the opponent's numbering: `13/7` -> `12/18`.
fn mirrored(step: &acey_rules::Step) -> String {
    use acey_rules::{Dest, Source};
    let from = match step.from {
        Source::Point(p) => (25 - p).to_string(),
        Source::Bar => "bar".to_string(),
        Source::Start => "in".to_string(),
    };
    let to = match step.to {
        Dest::Point(p) => (25 - p).to_string(),
        Dest::Off => "off".to_string(),
    };
    format!("{from}/{to}{}", if step.hit { "*" } else { "" })
}

/// Why a game ended with its points, as `term-status-won` says it: the kind of win (a borne-off
/// game's gammon, backgammon or checkers left, by the rules' scoring; a resignation, a dropped
/// cube, a forfeit) and the cube's value that multiplied it (1 where it did not: a dropped cube's
/// points are the cube's value already).
fn won_by(g: &acey_rules::Game, winner: Player, how: acey_rules::GameEnd) -> (&'static str, u32) {
    use acey_rules::{GameEnd, Scoring};
    let why = match how {
        GameEnd::BoreOff => match g.rules().scoring {
            Scoring::CheckerCount => "checkers",
            Scoring::GammonBackgammon => {
                match acey_rules::base_score(g.rules(), &g.position(), winner) {
                    3 => "backgammon",
                    2 => "gammon",
                    _ => "played",
                }
            }
            Scoring::Single => "played",
        },
        GameEnd::Resigned => "resigned",
        GameEnd::Dropped => "dropped",
        GameEnd::Forfeited => "forfeited",
    };
    let cube = if how == GameEnd::Dropped {
        1
    } else {
        g.cube().value
    };
    (why, cube)
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn setup(seats: [Seat; 2], seed: u64) -> Setup {
        Setup {
            rules: Rules::default(),
            seats,
            level: Level::Advanced,
            seed,
            auto_forced: false,
        }
    }

    /// A race where the player to roll (`turn`) has 20 pips left against 60 for the other side,
    /// under single-game scoring with the cube: a double that must be passed.
    fn far_ahead(turn: Player) -> (Setup, Game) {
        let rules = Rules {
            scoring: acey_rules::Scoring::Single,
            doubling_cube: true,
            ..Rules::default()
        };
        let mut board = [0i8; 24];
        for (p, n) in [(1, 2), (2, 2), (3, 2), (4, 1)] {
            board[p - 1] = n;
        }
        for (q, n) in [(6, 5), (5, 4), (4, 3)] {
            board[24 - q] = -n;
        }
        let pos = Position::new(board, [0, 0], [0, 0], [8, 3], Player::Zero).unwrap();
        let pos = if turn == Player::Zero {
            pos
        } else {
            pos.mirrored()
        };
        let game = Game::from_position(rules, pos.with_turn(turn)).unwrap();
        let setup = Setup {
            rules,
            ..setup([Seat::Human, Seat::Bot], 4)
        };
        (setup, game)
    }

    /// The game X ends by bearing off its last checker from its 1-point, O with `o` left.
    fn x_bears_off_last(rules: Rules, o: &[(u8, u8)]) -> Session {
        let pos = Position::with_rest_off(&[(1, 1)], o, Player::Zero).unwrap();
        let mut game = Game::from_position(rules, pos).unwrap();
        game.apply(Action::Roll { dice: [6, 5] }).unwrap();
        let play = game.legal_plays()[0].steps().to_vec();
        game.apply(Action::Play { steps: play }).unwrap();
        let setup = Setup {
            rules,
            ..setup([Seat::Human, Seat::Bot], 1)
        };
        Session::with_game(setup, game, 0)
    }

    #[test]
    fn the_end_of_a_game_says_what_its_points_are_for() {
        // Checker-count scoring (R9.2): the points are the loser's checkers not borne off.
        let s = x_bears_off_last(Rules::default(), &[(6, 12)]);
        assert_eq!(
            s.status_line(),
            "You win 12 points (12 checkers not borne off)."
        );
        // Gammon-backgammon scoring: none off is a gammon, one in the winner's home a backgammon.
        let bg = acey_rules::Preset::Backgammon.rules();
        let s = x_bears_off_last(bg, &[(6, 15)]);
        assert_eq!(s.status_line(), "You win 2 points (a gammon).");
        let s = x_bears_off_last(bg, &[(6, 14), (20, 1)]);
        assert_eq!(s.status_line(), "You win 3 points (a backgammon).");
        let s = x_bears_off_last(bg, &[(6, 10)]);
        assert_eq!(s.status_line(), "You win 1 point.");
    }

    #[test]
    fn the_bot_doubles_when_far_ahead_and_drops_a_hopeless_cube() {
        // The bot (O) is on roll far ahead: it doubles instead of rolling.
        let (setup, game) = far_ahead(Player::One);
        let mut s = Session::with_game(setup.clone(), game, 0);
        let e = s.auto_step().unwrap();
        assert_eq!(e.text, "The bot doubles to 2.");
        assert_eq!(s.game().phase(), &Phase::CubeOffered { by: Player::One });
        assert_eq!(s.human_to_act(), Some(Player::Zero));
        // The person is far ahead and doubles: the bot drops and concedes the cube's value.
        let (setup, game) = far_ahead(Player::Zero);
        let mut s = Session::with_game(setup, game, 0);
        s.apply(Action::Double).unwrap();
        assert_eq!(s.auto_step().unwrap().text, "The bot drops the cube.");
        assert!(matches!(
            s.game().phase(),
            Phase::GameOver {
                winner: Player::Zero,
                points: 1,
                ..
            }
        ));
    }

    #[test]
    fn bot_against_bot_finishes_a_game_through_auto_steps() {
        let mut s = Session::new(setup([Seat::Bot, Seat::Bot], 3));
        let mut n = 0;
        while s.auto_step().is_some() {
            n += 1;
            assert!(n < 20_000, "the game does not end");
        }
        assert!(s.game_over(), "{}", s.status_line());
        let score = s.game().score();
        assert_eq!(score[0] + score[1], {
            let Phase::GameOver { points, .. } = s.game().phase() else {
                unreachable!()
            };
            *points
        });
    }

    #[test]
    fn the_same_seed_gives_the_same_game_and_saved_dice_continue() {
        let run = |stop: usize| {
            let mut s = Session::new(setup([Seat::Bot, Seat::Bot], 11));
            for _ in 0..stop {
                s.auto_step();
            }
            s
        };
        let a = run(120);
        let b = run(120);
        assert_eq!(a.game().actions(), b.game().actions());
        // A session rebuilt from the actions and the dice drawn goes on exactly like the original.
        let half = run(60);
        let game = Game::replay(half.setup().rules, half.game().actions()).unwrap();
        let mut resumed = Session::with_game(half.setup().clone(), game, half.dice().drawn());
        for _ in 60..120 {
            resumed.auto_step();
        }
        assert_eq!(resumed.game().actions(), a.game().actions());
    }

    #[test]
    fn a_person_is_waited_for_and_the_bot_cannot_be_moved_for() {
        let mut s = Session::new(setup([Seat::Human, Seat::Bot], 5));
        while s.human_to_act().is_none() {
            assert!(s.auto_step().is_some());
        }
        assert_eq!(s.human_to_act(), Some(Player::Zero));
        assert!(s.auto_step().is_none(), "nothing moves without the person");
        assert!(!s.hint(5).is_empty());
        let best = s.best_action().unwrap();
        s.apply(best).unwrap();
    }

    #[test]
    fn forced_plays_are_made_when_asked() {
        // Seed search: find a game where the person faces a single legal play.
        let mut s = Session::new(Setup {
            auto_forced: true,
            ..setup([Seat::Human, Seat::Human], 1)
        });
        let mut forced = 0;
        for _ in 0..400 {
            if s.game_over() {
                break;
            }
            match s.auto_step() {
                Some(e) if e.text.starts_with("Forced play") => forced += 1,
                Some(_) => {}
                None => {
                    let best = s.best_action().unwrap();
                    s.apply(best).unwrap();
                }
            }
        }
        assert!(forced > 0, "no forced play in 400 actions");
    }

    #[test]
    fn the_cube_hint_at_the_roll_and_at_take_or_drop() {
        // X far ahead, on roll (R9.3): double, and O should drop.
        let (setup, game) = far_ahead(Player::Zero);
        let mut s = Session::with_game(
            Setup {
                seats: [Seat::Human, Seat::Human],
                ..setup
            },
            game,
            0,
        );
        let hint = s.hint(8);
        assert_eq!(hint.len(), 2, "{hint:?}");
        assert!(hint[0].text.starts_with("double ("), "{hint:?}");
        assert!(hint[0].text.contains("drop"), "{hint:?}");
        assert!(hint[1].text.starts_with("roll"), "{hint:?}");
        s.apply(Action::Double).unwrap();
        let hint = s.hint(8);
        assert_eq!(hint[0].text, "drop", "{hint:?}");
        assert_eq!(hint[1].text, "take");
        assert_eq!(hint[0].equity, -1.0, "a drop loses the cube's value");
        assert!(hint[1].equity < hint[0].equity);
    }

    /// Backgammon (gammon-backgammon scoring, R9.2): X has all 15 checkers on the bar against
    /// O's closed-out home board, O to roll: O expects a backgammon.
    fn hopeless_for_x(seats: [Seat; 2]) -> Session {
        let rules = acey_rules::Preset::Backgammon.rules();
        let mut board = [0i8; 24];
        // O's points 1-6 are X's 24-19: board indices 18..24.
        for (i, n) in [(18, 3), (19, 3), (20, 3), (21, 2), (22, 2), (23, 2)] {
            board[i] = -n;
        }
        let pos = Position::new(board, [15, 0], [0, 0], [0, 0], Player::One).unwrap();
        let game = Game::from_position(rules, pos).unwrap();
        Session::with_game(
            Setup {
                rules,
                ..setup(seats, 1)
            },
            game,
            0,
        )
    }

    #[test]
    fn the_bot_declines_a_single_when_it_expects_more_and_a_person_answers_an_offer() {
        let mut s = hopeless_for_x([Seat::Human, Seat::Bot]);
        assert_eq!(s.game().resignation_points(Player::Zero), 3);
        assert_eq!(s.resignation_cost(Player::Zero), "3 points, a backgammon");
        let offers: Vec<Resignation> = s
            .resignation_offers(Player::Zero)
            .iter()
            .map(|o| o.0)
            .collect();
        assert_eq!(offers, [Resignation::Single, Resignation::Gammon]);
        assert_eq!(s.offer_resignation(Resignation::Single), Ok(Some(false)));
        assert_eq!(s.offer_resignation(Resignation::Gammon), Ok(Some(false)));
        assert!(!s.game_over(), "declined offers change nothing");
        assert!(s.offer_resignation(Resignation::Backgammon).is_err());
        // Two people: the one to act (O here, whose checkers are all in O's home board: a
        // gammon at stake) offers a single, and the offer waits for X's answer.
        let mut s = hopeless_for_x([Seat::Human, Seat::Human]);
        assert_eq!(s.resigner(), Player::One, "whoever is to act");
        assert_eq!(s.resignation_cost(Player::One), "2 points, a gammon");
        assert_eq!(s.offer_resignation(Resignation::Single), Ok(None));
        assert_eq!(s.pending_offer(), Some((Player::One, Resignation::Single)));
        s.answer_offer(false).unwrap();
        assert!(s.pending_offer().is_none() && !s.game_over());
        s.offer_resignation(Resignation::Single).unwrap();
        s.answer_offer(true).unwrap();
        assert!(matches!(
            s.game().phase(),
            Phase::GameOver {
                winner: Player::Zero,
                points: 1,
                ..
            }
        ));
    }
}
