//! The full-screen game's state and key handling, with no terminal in sight: tests drive it with
//! synthetic key events and read the screen from a test backend.
//!
//! Moving by keys: the cursor walks the checkers that can move (Left/Right, Tab), Enter or Space
//! chooses one and its legal destinations light up, Enter or Space on one of them moves it,
//! Backspace takes back a step (or lets go of the chosen checker), and Enter confirms the play
//! once no step is left. Typing a play (`:` or a digit) works at any time.

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

use acey_rules::{Action, Dest, Phase, Player, Source, Step};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::board::{Marks, Spot};
use super::session::{HintLine, Session};
use super::thinking::{Answer, Job, Outcome, Task};
use super::typed;
use crate::i18n::t;

/// What the keyboard is doing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    /// Moving by keys.
    Normal,
    /// Typing a play (or a double) on the input line.
    Typing(String),
    /// Asked to confirm resigning outright (the prompt says what it costs).
    ConfirmResign,
    /// Asked what to resign (gammon-backgammon scoring): offer a single or a gammon, or resign
    /// outright.
    ChooseResign,
    /// The help screen.
    Help,
    /// The analysis of the game just played (`A` at game end), scrolled to `scroll`.
    Review {
        /// The review's lines ([`super::review`]).
        lines: Vec<String>,
        /// The first line shown.
        scroll: usize,
    },
}

/// The full-screen game.
pub struct App {
    /// The game and its seats.
    pub session: Session,
    /// What the keyboard is doing.
    pub mode: Mode,
    /// Index of the cursor in the current choice list (checkers, destinations).
    pub cursor: usize,
    /// The chosen checker.
    pub selected: Option<Source>,
    /// The double under the picker's cursor (1..=6).
    pub double_cursor: u8,
    /// The latest events and answers, newest last.
    pub messages: Vec<String>,
    /// Whether the last message is an error (drawn as one).
    pub error: bool,
    /// The hint, while shown.
    pub hint: Option<Vec<HintLine>>,
    /// Show the board from the other side.
    pub flipped: bool,
    /// Draw with colours.
    pub color: bool,
    /// Set when the program should end.
    pub quit: bool,
    /// Where the game is saved.
    pub save_path: PathBuf,
    /// Pause after each step of the bot.
    pub bot_delay: Duration,
    next_auto: Instant,
    /// The number of the game already saved at its end (to save each finished game once).
    saved_game: Option<u32>,
    /// The bot's plan being thought out on another thread.
    thinking: Option<Receiver<Outcome>>,
    /// A hint being thought out on another thread.
    hinting: Option<Receiver<Outcome>>,
    /// The review of the game just played, being worked out on another thread.
    reviewing: Option<Receiver<Vec<String>>>,
    /// The level and depth of the review ([`acey_ai::analysis::GAME_LEVEL`], [`acey_ai::analysis::GAME_PLIES`]).
    pub review_depth: (acey_ai::Level, u8),
    /// Where the bot's latest step went from and to, shown until the person acts.
    last_step: Option<(Spot, Spot)>,
    /// The terminal is too small for the board: only quitting works until it grows.
    pub too_small: bool,
}

/// Runs a job on its own thread; the answer comes back on the returned channel.
fn spawn(job: Job) -> Receiver<Outcome> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        // The receiver may be gone (the game moved on); the answer is then simply dropped.
        let _ = tx.send(job.run());
    });
    rx
}

/// Most messages kept on screen.
const MESSAGES: usize = 4;

impl App {
    /// A game in a terminal. The bot thinks on another thread so the screen stays alive.
    pub fn new(mut session: Session, save_path: PathBuf, color: bool, bot_delay: Duration) -> App {
        session.set_background(true);
        App {
            session,
            mode: Mode::Normal,
            cursor: 0,
            selected: None,
            double_cursor: 6,
            messages: Vec::new(),
            error: false,
            hint: None,
            flipped: false,
            color,
            quit: false,
            save_path,
            bot_delay,
            next_auto: Instant::now(),
            saved_game: None,
            thinking: None,
            hinting: None,
            reviewing: None,
            review_depth: (acey_ai::analysis::GAME_LEVEL, acey_ai::analysis::GAME_PLIES),
            last_step: None,
            too_small: false,
        }
    }

    /// Tells the app the terminal's size (before each frame): while it is too small to show the
    /// board, keys other than quitting do nothing, since the person cannot see what they do.
    pub fn set_screen_size(&mut self, width: u16, height: u16) {
        self.too_small = width < super::ui::MIN_WIDTH || height < super::ui::MIN_HEIGHT;
    }

    /// The acey position ID to analyse the decision at hand (the position before the steps of
    /// the play being built, with the player to act), for `acey hint` and `acey eval`.
    pub fn position_id(&self) -> String {
        let game = self.session.game();
        match game.turn() {
            Some(t) => t.start().id(),
            None => game.position().id(),
        }
    }

    /// The command line that analyses the decision at hand outside the game.
    pub fn analysis_command(&self) -> String {
        let game = self.session.game();
        let id = self.position_id();
        let rules = game.rules();
        match game.phase() {
            // Which double to name: the doubles ranked, each with its best play.
            Phase::NameDouble { .. } => {
                format!("acey hint --position {id} --name-double --rules {rules}")
            }
            Phase::Move {
                pool,
                kind: acey_rules::PoolKind::Natural | acey_rules::PoolKind::AceyDeucey,
                ..
            } => {
                let dice = match pool.dice() {
                    [a, b] => format!("{a}-{b}"),
                    [d, ..] => format!("{d}-{d}"),
                    [] => String::new(),
                };
                format!("acey hint --position {id} --dice {dice} --rules {rules}")
            }
            _ => format!("acey eval --position {id} --rules {rules}"),
        }
    }

    /// Adds a message (an event or an answer).
    pub fn say(&mut self, text: impl Into<String>) {
        self.messages.push(text.into());
        if self.messages.len() > MESSAGES {
            self.messages.remove(0);
        }
        self.error = false;
    }

    /// Adds an error message; nothing else changes.
    pub fn refuse(&mut self, text: impl Into<String>) {
        self.say(text);
        self.error = true;
    }

    /// The seat the board is drawn from.
    pub fn viewer(&self) -> Player {
        let v = self.session.viewer();
        if self.flipped {
            v.other()
        } else {
            v
        }
    }

    /// When [`App::tick`] next has something to do, or `None` while waiting for a person.
    pub fn next_wakeup(&self) -> Option<Instant> {
        if self.thinking.is_some() || self.hinting.is_some() || self.reviewing.is_some() {
            // Look for the bot's answer often.
            return Some(Instant::now() + Duration::from_millis(40));
        }
        if self.session.human_to_act().is_some() || self.session.game_over() {
            None
        } else {
            Some(self.next_auto)
        }
    }

    /// Whether the bot is thinking or about to (the screen says so).
    pub fn bot_thinking(&self) -> bool {
        self.thinking.is_some() || self.session.bot_thinking_next()
    }

    /// Whether a hint is being thought out.
    pub fn hint_pending(&self) -> bool {
        self.hinting.is_some()
    }

    /// Whether the review of the game is being worked out.
    pub fn review_pending(&self) -> bool {
        self.reviewing.is_some()
    }

    /// Starts the review of the game just played (on another thread when the bot thinks on
    /// one, else here).
    fn start_review(&mut self) {
        if self.reviewing.is_some() {
            return;
        }
        let game = self.session.game().clone();
        let names = [
            self.session.name(Player::Zero),
            self.session.name(Player::One),
        ];
        let (level, plies) = self.review_depth;
        if self.session.background() {
            let (tx, rx) = mpsc::channel();
            std::thread::spawn(move || {
                let _ = tx.send(super::review::review_with(
                    &game,
                    &names,
                    level,
                    plies,
                    super::review::WIDTH,
                ));
            });
            self.reviewing = Some(rx);
            self.say(t!("term-analysing"));
        } else {
            let lines =
                super::review::review_with(&game, &names, level, plies, super::review::WIDTH);
            self.mode = Mode::Review { lines, scroll: 0 };
        }
    }

    /// Collects answers from the threads and starts the bot thinking when it is its turn.
    fn poll_threads(&mut self) -> bool {
        let mut changed = false;
        if let Some(rx) = &self.reviewing {
            match rx.try_recv() {
                Ok(lines) => {
                    self.reviewing = None;
                    changed = true;
                    // Shown unless a new game has begun meanwhile.
                    if self.session.game_over() {
                        self.mode = Mode::Review { lines, scroll: 0 };
                    }
                }
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => {
                    self.reviewing = None;
                    self.refuse(t!("term-analysis-failed"));
                }
            }
        }
        if let Some(rx) = &self.hinting {
            match rx.try_recv() {
                Ok(outcome) => {
                    self.hinting = None;
                    changed = true;
                    if outcome.stamp == self.session.game().actions().len() {
                        if let Answer::Hint(lines) = outcome.answer {
                            if lines.is_empty() {
                                self.say(t!("term-no-hint"));
                            }
                            self.hint = Some(lines);
                        }
                    }
                }
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => {
                    self.hinting = None;
                    self.refuse(t!("term-hint-failed"));
                }
            }
        }
        if let Some(rx) = &self.thinking {
            match rx.try_recv() {
                Ok(outcome) => {
                    self.thinking = None;
                    // A stale plan (the game moved on meanwhile) is dropped; a new job follows.
                    self.session.accept(outcome);
                    changed = true;
                }
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => {
                    // The thread died: think here instead from now on.
                    self.thinking = None;
                    self.session.set_background(false);
                    self.refuse(t!("term-thread-stopped"));
                }
            }
        }
        if self.thinking.is_none() && self.session.background() {
            if let Some(job) = self.session.bot_job() {
                self.thinking = Some(spawn(job));
            }
        }
        changed
    }

    /// Does the automatic actions that are due: rolls at once, the bot's steps one per
    /// `bot_delay`. Returns whether anything changed.
    pub fn tick(&mut self, now: Instant) -> bool {
        let mut changed = self.poll_threads();
        // Bounded so that a long forced sequence cannot freeze the screen.
        for _ in 0..64 {
            if now < self.next_auto {
                break;
            }
            let Some(event) = self.session.auto_step() else {
                break;
            };
            changed = true;
            self.hint = None;
            self.say(event.text);
            if let Some((mover, step)) = event.bot_step {
                self.last_step = Some((
                    Spot::from_source(mover, step.from),
                    Spot::from_dest(mover, step.to),
                ));
                self.next_auto = now + self.bot_delay;
                break;
            }
        }
        if changed {
            self.reset_cursor();
            self.save_if_finished();
            self.poll_threads();
        }
        changed
    }

    /// Runs every automatic action now, ignoring the bot's pauses (tests).
    #[cfg(test)]
    pub fn settle(&mut self) {
        let delay = self.bot_delay;
        let background = self.session.background();
        self.bot_delay = Duration::ZERO;
        self.session.set_background(false);
        self.next_auto = Instant::now();
        while self.tick(Instant::now()) {}
        self.bot_delay = delay;
        self.session.set_background(background);
    }

    fn save_if_finished(&mut self) {
        if self.session.game_over() && self.saved_game != Some(self.session.game().game_number()) {
            self.saved_game = Some(self.session.game().game_number());
            let status = self.session.status_line();
            self.say(status);
            match super::save::save(&self.session, &self.save_path) {
                Ok(()) => self.say(t!(
                    "term-saved-next",
                    path = self.save_path.display().to_string(),
                    next = if self.session.game().match_winner().is_some() {
                        "match"
                    } else {
                        "game"
                    }
                )),
                Err(e) => self.refuse(t!("term-save-failed", error = format!("{e:#}"))),
            }
        }
    }

    /// The checkers that can move now, in board order (bar and start first, then from the far
    /// end of the mover's path).
    pub fn origins(&self) -> Vec<Source> {
        let Some(turn) = self.human_turn() else {
            return Vec::new();
        };
        let mut out: Vec<Source> = turn.legal_steps().iter().map(|s| s.from).collect();
        out.sort_by_key(|s| source_order(*s));
        out.dedup();
        out
    }

    /// The legal steps of the chosen checker, larger die first.
    pub fn targets(&self) -> Vec<Step> {
        let (Some(turn), Some(from)) = (self.human_turn(), self.selected) else {
            return Vec::new();
        };
        let mut out: Vec<Step> = turn
            .legal_steps()
            .iter()
            .filter(|s| s.from == from)
            .copied()
            .collect();
        out.sort_by_key(|s| std::cmp::Reverse(s.die));
        out.dedup_by(|a, b| a.to == b.to && a.die == b.die);
        out
    }

    fn human_turn(&self) -> Option<&acey_rules::TurnBuilder> {
        let p = self.session.human_to_act()?;
        match self.session.game().phase() {
            Phase::Move { player, .. } if *player == p => self.session.game().turn(),
            _ => None,
        }
    }

    fn reset_cursor(&mut self) {
        self.selected = None;
        self.cursor = 0;
    }

    /// The highlights for the board.
    pub fn marks(&self) -> Marks {
        let mut marks = Marks {
            last: self.last_step.map(|(a, b)| vec![a, b]).unwrap_or_default(),
            ..Marks::default()
        };
        let Some(mover) = self.session.human_to_act() else {
            return marks;
        };
        match self.selected {
            None => {
                let origins = self.origins();
                marks.movable = origins
                    .iter()
                    .map(|s| Spot::from_source(mover, *s))
                    .collect();
                marks.cursor = origins
                    .get(self.cursor)
                    .map(|s| Spot::from_source(mover, *s));
            }
            Some(from) => {
                marks.selected = Some(Spot::from_source(mover, from));
                let targets = self.targets();
                marks.targets = targets
                    .iter()
                    .map(|s| Spot::from_dest(mover, s.to))
                    .collect();
                marks.cursor = targets
                    .get(self.cursor)
                    .map(|s| Spot::from_dest(mover, s.to));
            }
        }
        marks
    }

    /// What the player can do now, in a few words (the bottom line of the screen). The keys are
    /// the same letters in every language; only what they do is translated.
    pub fn prompt(&self) -> String {
        if let (Mode::Normal, Some((by, level))) = (&self.mode, self.session.pending_offer()) {
            let points = self
                .session
                .game()
                .resignations(by)
                .iter()
                .find(|(r, _)| *r == level)
                .map_or(0, |(_, p)| *p);
            return t!(
                "term-key-offer",
                name = super::board::mark_char(by).to_string(),
                level = level.name(),
                points = points,
                taker = super::board::mark_char(by.other()).to_string()
            );
        }
        match &self.mode {
            Mode::Typing(_) => t!("term-key-typing"),
            Mode::ConfirmResign => {
                let who = self.session.resigner();
                t!(
                    "term-key-confirm-resign",
                    who = self.session.who(who.other()),
                    name = self.session.mark(who.other()),
                    cost = self.session.resignation_cost(who)
                )
            }
            Mode::ChooseResign => {
                let who = self.session.resigner();
                let mut options: Vec<String> = self
                    .session
                    .resignation_offers(who)
                    .iter()
                    .enumerate()
                    .map(|(i, (r, p))| {
                        t!(
                            "term-key-offer-item",
                            number = i + 1,
                            level = r.name(),
                            points = *p
                        )
                    })
                    .collect();
                options.push(t!(
                    "term-key-resign-item",
                    cost = self.session.resignation_cost(who)
                ));
                options.push(t!("term-key-play-on"));
                options.join("   ")
            }
            Mode::Help => t!("term-key-help-close"),
            Mode::Review { .. } => t!("term-key-review"),
            Mode::Normal => {
                if self.session.game_over() {
                    if self.review_pending() {
                        return t!("term-key-over-analysing");
                    }
                    return t!("term-key-over");
                }
                match (self.session.human_to_act(), self.session.game().phase()) {
                    (Some(_), Phase::NameDouble { .. }) => t!("term-key-name-double"),
                    (Some(_), Phase::Roll { .. }) => t!("term-key-roll"),
                    (Some(_), Phase::CubeOffered { .. }) => t!("term-key-cube"),
                    (Some(_), Phase::Move { .. }) => {
                        let complete = self
                            .human_turn()
                            .is_some_and(|t| t.legal_steps().is_empty());
                        if complete {
                            t!("term-key-complete")
                        } else if self.selected.is_some() {
                            t!("term-key-destination")
                        } else {
                            t!("term-key-checker")
                        }
                    }
                    _ => t!("term-key-waiting"),
                }
            }
        }
    }

    /// Handles one key press.
    pub fn on_key(&mut self, key: KeyEvent) {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        // In raw mode Ctrl-C arrives as a key, not a signal.
        if ctrl && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('d')) {
            self.quit = true;
            return;
        }
        if self.too_small {
            // The board is hidden behind the notice: nothing may happen unseen.
            if matches!(key.code, KeyCode::Char('q') | KeyCode::Char('Q')) {
                self.quit = true;
            }
            return;
        }
        match self.mode.clone() {
            Mode::Help => self.mode = Mode::Normal,
            Mode::Review { lines, scroll } => {
                let last = lines.len().saturating_sub(1);
                let scroll = match key.code {
                    KeyCode::Up | KeyCode::Char('k') => scroll.saturating_sub(1),
                    KeyCode::Down | KeyCode::Char('j') => (scroll + 1).min(last),
                    KeyCode::PageUp => scroll.saturating_sub(10),
                    KeyCode::PageDown | KeyCode::Char(' ') => (scroll + 10).min(last),
                    KeyCode::Home => 0,
                    KeyCode::End => last,
                    _ => {
                        self.mode = Mode::Normal;
                        return;
                    }
                };
                self.mode = Mode::Review { lines, scroll };
            }
            Mode::ConfirmResign => {
                self.mode = Mode::Normal;
                if matches!(key.code, KeyCode::Char('y') | KeyCode::Char('Y')) {
                    self.resign();
                } else {
                    self.say(t!("term-not-resigned"));
                }
            }
            Mode::ChooseResign => {
                self.mode = Mode::Normal;
                let who = self.session.resigner();
                let offers = self.session.resignation_offers(who);
                match key.code {
                    KeyCode::Char('y') | KeyCode::Char('Y') => self.resign(),
                    KeyCode::Char(c @ '1'..='9') => match offers.get(c as usize - '1' as usize) {
                        Some((level, _)) => self.offer(*level),
                        None => self.refuse(t!("term-no-such-choice")),
                    },
                    _ => self.say(t!("term-not-resigned")),
                }
            }
            Mode::Normal if self.session.pending_offer().is_some() => {
                let accept = matches!(key.code, KeyCode::Char('y') | KeyCode::Char('Y'));
                if !matches!(
                    key.code,
                    KeyCode::Char('y' | 'Y' | 'n' | 'N') | KeyCode::Esc
                ) {
                    return;
                }
                match self.session.answer_offer(accept) {
                    Ok(()) if accept => {
                        self.say(t!("term-accepted"));
                        self.save_if_finished();
                    }
                    Ok(()) => self.say(t!("term-declined")),
                    Err(e) => self.refuse(e.to_string()),
                }
            }
            Mode::Typing(text) => self.typing_key(text, key),
            Mode::Normal => self.normal_key(key),
        }
    }

    fn typing_key(&mut self, mut text: String, key: KeyEvent) {
        match key.code {
            KeyCode::Esc => self.mode = Mode::Normal,
            KeyCode::Enter => {
                self.mode = Mode::Normal;
                self.submit(&text);
            }
            KeyCode::Backspace => {
                text.pop();
                self.mode = Mode::Typing(text);
            }
            KeyCode::Char(c) => {
                text.push(c);
                self.mode = Mode::Typing(text);
            }
            _ => self.mode = Mode::Typing(text),
        }
    }

    /// Applies typed text as a play, a step or a double.
    pub fn submit(&mut self, text: &str) {
        if self.session.human_to_act().is_none() {
            self.refuse(t!("term-not-your-turn"));
            return;
        }
        match typed::actions(self.session.game(), text) {
            // Checked together on a copy of the game: each one is accepted.
            Ok(actions) => {
                for action in actions {
                    self.act(action);
                }
            }
            Err(e) => self.refuse(e),
        }
    }

    /// Applies a person's action; a refusal is shown and changes nothing.
    fn act(&mut self, action: Action) {
        let text = describe(&action);
        match self.session.apply(action) {
            Ok(()) => {
                self.hint = None;
                self.hinting = None;
                self.last_step = None;
                if let Some(t) = text {
                    self.say(t);
                }
                self.reset_cursor();
                self.next_auto = Instant::now();
                self.save_if_finished();
            }
            Err(e) => self.refuse(e.to_string()),
        }
    }

    /// Resigns outright: against the bot the person resigns; between two people, whoever is to
    /// act.
    fn resign(&mut self) {
        let who = self.session.resigner();
        self.act(Action::Resign { player: who });
    }

    /// Offers a smaller resignation; the bot answers at once, a second person with y / n.
    fn offer(&mut self, level: acey_rules::Resignation) {
        match self.session.offer_resignation(level) {
            Ok(Some(true)) => {
                self.say(t!("term-bot-accepts-offer", level = level.name()));
                self.hint = None;
                self.save_if_finished();
            }
            Ok(Some(false)) => self.say(t!("term-bot-declines-offer", level = level.name())),
            Ok(None) => {}
            Err(e) => self.refuse(e.to_string()),
        }
    }

    fn normal_key(&mut self, key: KeyEvent) {
        let phase = self.session.game().phase().clone();
        let human = self.session.human_to_act();
        match key.code {
            KeyCode::Char('q') | KeyCode::Char('Q') => self.quit = true,
            KeyCode::Char('?') => self.mode = Mode::Help,
            KeyCode::Char('f') => self.flipped = !self.flipped,
            KeyCode::Char('a') => {
                let on = !self.session.auto_forced();
                self.session.set_auto_forced(on);
                self.say(if on {
                    t!("term-auto-now-on")
                } else {
                    t!("term-auto-now-off")
                });
                self.next_auto = Instant::now();
            }
            KeyCode::Char('R') if !self.session.game_over() => {
                let who = self.session.resigner();
                self.mode = if self.session.resignation_offers(who).is_empty() {
                    Mode::ConfirmResign
                } else {
                    Mode::ChooseResign
                };
            }
            KeyCode::Char('A') if self.session.game_over() => self.start_review(),
            KeyCode::Char('n') if self.session.game_over() => {
                self.session.rematch();
                self.saved_game = None;
                self.say(t!("term-new-game"));
                self.next_auto = Instant::now();
            }
            KeyCode::Char('i') => {
                let line = t!(
                    "term-position-id-line",
                    id = self.position_id(),
                    command = self.analysis_command()
                );
                self.say(line);
                if let Some(ids) = self.session.game().gnubg_ids() {
                    self.say(t!("term-gnubg-id", id = ids));
                }
            }
            KeyCode::Char('h') => {
                if human.is_none() {
                    self.refuse(t!("term-hint-own-turn"));
                } else if matches!(phase, Phase::Roll { .. } | Phase::CubeOffered { .. }) {
                    // The cube decision: a 0-ply judgement, quick enough to make here.
                    let hint = self.session.cube_hint();
                    if hint.is_empty() {
                        self.say(t!("term-no-hint"));
                    }
                    self.hint = Some(hint);
                } else if self.session.background() {
                    if self.hinting.is_none() {
                        self.hinting = self.session.job(Task::Hint(8)).map(spawn);
                    }
                } else {
                    let hint = self.session.hint(8);
                    if hint.is_empty() {
                        self.say(t!("term-no-hint"));
                    }
                    self.hint = Some(hint);
                }
            }
            KeyCode::Esc => {
                self.hint = None;
                self.reset_cursor();
            }
            _ => match (human, phase) {
                (Some(_), Phase::NameDouble { .. }) => self.picker_key(key),
                (Some(_), Phase::Roll { .. }) => match key.code {
                    KeyCode::Char('r') | KeyCode::Enter | KeyCode::Char(' ') => {
                        if let Some(e) = self.session.roll_now() {
                            self.say(e.text);
                        }
                        self.reset_cursor();
                        self.next_auto = Instant::now();
                    }
                    KeyCode::Char('d') => self.act(Action::Double),
                    _ => {}
                },
                (Some(_), Phase::CubeOffered { .. }) => match key.code {
                    KeyCode::Char('y') => self.act(Action::Take),
                    KeyCode::Char('n') => self.act(Action::Drop),
                    _ => {}
                },
                (Some(_), Phase::Move { .. }) => self.move_key(key),
                _ => {
                    if matches!(key.code, KeyCode::Char(c) if c.is_ascii_digit() || c == ':') {
                        self.refuse(t!("term-not-your-turn"));
                    }
                }
            },
        }
    }

    fn picker_key(&mut self, key: KeyEvent) {
        match key.code {
            KeyCode::Left | KeyCode::Down => self.double_cursor = (self.double_cursor + 4) % 6 + 1,
            KeyCode::Right | KeyCode::Up | KeyCode::Tab => {
                self.double_cursor = self.double_cursor % 6 + 1
            }
            KeyCode::Enter | KeyCode::Char(' ') => {
                let v = self.double_cursor;
                self.submit(&v.to_string());
            }
            KeyCode::Char(c @ '0'..='9') => self.submit(&c.to_string()),
            KeyCode::Char(':') => self.mode = Mode::Typing(String::new()),
            _ => {}
        }
    }

    fn move_key(&mut self, key: KeyEvent) {
        let len = if self.selected.is_some() {
            self.targets().len()
        } else {
            self.origins().len()
        };
        match key.code {
            KeyCode::Left | KeyCode::Up | KeyCode::BackTab if len > 0 => {
                self.cursor = (self.cursor + len - 1) % len
            }
            KeyCode::Right | KeyCode::Down | KeyCode::Tab if len > 0 => {
                self.cursor = (self.cursor + 1) % len
            }
            KeyCode::Char(':') | KeyCode::Char('t') => self.mode = Mode::Typing(String::new()),
            KeyCode::Char(c) if c.is_ascii_digit() => self.mode = Mode::Typing(c.to_string()),
            KeyCode::Backspace => {
                if self.selected.is_some() {
                    self.reset_cursor();
                } else if self.human_turn().is_some_and(|t| !t.steps().is_empty()) {
                    self.act(Action::Undo);
                    self.say(t!("term-step-taken-back"));
                } else {
                    self.refuse(t!("term-nothing-to-undo"));
                }
            }
            KeyCode::Enter | KeyCode::Char(' ') => self.choose(),
            _ => {}
        }
    }

    /// Enter/Space while moving: choose the checker, move it, or confirm the finished play.
    fn choose(&mut self) {
        let complete = self
            .human_turn()
            .is_some_and(|t| t.legal_steps().is_empty());
        if complete {
            self.act(Action::Confirm);
            return;
        }
        match self.selected {
            None => {
                let origins = self.origins();
                if let Some(from) = origins.get(self.cursor) {
                    self.selected = Some(*from);
                    self.cursor = 0;
                }
            }
            Some(_) => {
                let targets = self.targets();
                if let Some(step) = targets.get(self.cursor) {
                    self.act(Action::Step { step: *step });
                }
            }
        }
    }

    /// The game log in notation, one line per play, with who played it.
    pub fn log_lines(&self) -> Vec<String> {
        let game = self.session.game();
        let mut out = Vec::new();
        let mut last_game = 0;
        for r in game.log() {
            if r.game != last_game {
                out.push(t!("term-log-game", number = r.game));
                last_game = r.game;
            }
            out.push(format!(
                "{} {}",
                super::board::mark_char(r.player),
                r.notation()
            ));
        }
        out
    }
}

/// Orders checkers as the cursor visits them: bar, start, then 24 down to 1.
fn source_order(s: Source) -> u8 {
    match s {
        Source::Bar => 0,
        Source::Start => 1,
        Source::Point(p) => 50 - p,
    }
}

/// What a person's accepted action did, for the message line.
fn describe(action: &Action) -> Option<String> {
    match action {
        Action::Step { step } => Some(format!(
            "{}/{}",
            step.from,
            match step.to {
                Dest::Point(p) => p.to_string(),
                Dest::Off => "off".to_string(),
            }
        )),
        Action::Play { steps } => Some(t!(
            "term-played-short",
            play = acey_rules::notation::format_steps(steps)
        )),
        Action::Confirm => Some(t!("term-play-confirmed")),
        Action::NameDouble { value } => Some(t!("term-named-short", value = *value)),
        Action::Resign { .. } => Some(t!("term-resigned")),
        Action::Double => Some(t!("term-doubled")),
        Action::Take => Some(t!("term-cube-taken")),
        Action::Drop => Some(t!("term-cube-dropped")),
        _ => None,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::play::session::{Seat, Setup};
    use acey_ai::Level;
    use acey_rules::{Game, PoolKind, Rules};
    use ratatui::crossterm::event::KeyEventKind;

    pub(crate) fn key(code: KeyCode) -> KeyEvent {
        KeyEvent {
            code,
            modifiers: KeyModifiers::NONE,
            kind: KeyEventKind::Press,
            state: ratatui::crossterm::event::KeyEventState::NONE,
        }
    }

    pub(crate) fn type_text(app: &mut App, text: &str) {
        app.on_key(key(KeyCode::Char(':')));
        for c in text.chars() {
            app.on_key(key(KeyCode::Char(c)));
        }
        app.on_key(key(KeyCode::Enter));
    }

    /// A save file of its own for each app (tests run in parallel).
    pub(crate) fn temp_save() -> PathBuf {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        std::env::temp_dir().join(format!("acey-app-test-{}-{n}.txt", std::process::id()))
    }

    /// An app against the bot whose game has gone through `actions` (player 0 is the person).
    pub(crate) fn app_after(actions: &[Action]) -> App {
        let setup = Setup {
            rules: Rules::default(),
            seats: [Seat::Human, Seat::Bot],
            level: Level::Beginner,
            seed: 17,
            auto_forced: false,
        };
        let game = Game::replay(setup.rules, actions).unwrap();
        let path = temp_save();
        let mut app = App::new(
            Session::with_game(setup, game, 0),
            path,
            false,
            Duration::ZERO,
        );
        // The tests read the bot's answers at once; one test below covers the thread.
        app.session.set_background(false);
        app.settle();
        app
    }

    /// The person (X) won the die-off and rolled 1-2.
    pub(crate) fn one_two() -> App {
        app_after(&[
            Action::DieOff { dice: [5, 2] },
            Action::Roll { dice: [1, 2] },
        ])
    }

    fn steps(app: &App) -> usize {
        app.session.game().turn().map_or(0, |t| t.steps().len())
    }

    #[test]
    fn choose_a_checker_see_its_targets_move_undo_and_confirm() {
        let mut app = one_two();
        // Only the start pool can move on an empty board.
        assert_eq!(app.origins(), vec![Source::Start]);
        assert_eq!(app.marks().cursor, Some(Spot::Start(Player::Zero)));
        app.on_key(key(KeyCode::Enter));
        assert_eq!(app.selected, Some(Source::Start));
        let targets: Vec<Dest> = app.targets().iter().map(|s| s.to).collect();
        assert_eq!(targets, vec![Dest::Point(23), Dest::Point(24)]);
        assert_eq!(app.marks().targets, vec![Spot::Point(23), Spot::Point(24)]);
        // Right moves to the second destination; Enter moves there (in/24 with the 1).
        app.on_key(key(KeyCode::Right));
        app.on_key(key(KeyCode::Enter));
        assert_eq!(steps(&app), 1);
        assert_eq!(
            app.session.game().turn().unwrap().steps()[0].to,
            Dest::Point(24)
        );
        // Backspace takes the step back.
        app.on_key(key(KeyCode::Backspace));
        assert_eq!(steps(&app), 0);
        assert!(app.messages.iter().any(|m| m == "Step taken back."));
        // Two steps, then Enter confirms: the 1-2 was played in full, so a double is named next.
        for _ in 0..2 {
            app.on_key(key(KeyCode::Enter)); // choose the start pool
            app.on_key(key(KeyCode::Enter)); // its first destination
        }
        assert_eq!(steps(&app), 2);
        assert!(
            app.prompt().starts_with("Enter: confirm"),
            "{}",
            app.prompt()
        );
        app.on_key(key(KeyCode::Enter));
        assert!(matches!(
            app.session.game().phase(),
            Phase::NameDouble {
                player: Player::Zero
            }
        ));
    }

    #[test]
    fn backspace_lets_go_of_a_chosen_checker_first() {
        let mut app = one_two();
        app.on_key(key(KeyCode::Enter));
        assert!(app.selected.is_some());
        app.on_key(key(KeyCode::Backspace));
        assert!(app.selected.is_none());
        app.on_key(key(KeyCode::Backspace));
        assert!(app.error, "nothing to undo is said");
        assert_eq!(app.messages.last().unwrap(), "Nothing to undo.");
    }

    #[test]
    fn the_double_picker_names_a_double() {
        let mut app = one_two();
        type_text(&mut app, "in/24 in/23");
        assert!(matches!(
            app.session.game().phase(),
            Phase::NameDouble { .. }
        ));
        assert_eq!(app.double_cursor, 6);
        app.on_key(key(KeyCode::Right)); // wraps to 1
        assert_eq!(app.double_cursor, 1);
        app.on_key(key(KeyCode::Left));
        app.on_key(key(KeyCode::Left)); // 5
        assert_eq!(app.double_cursor, 5);
        app.on_key(key(KeyCode::Enter));
        match app.session.game().phase() {
            Phase::Move { kind, .. } => assert_eq!(*kind, PoolKind::ChosenDouble(5)),
            other => panic!("expected the chosen 5-5, got {other:?}"),
        }
        // Digits name directly too (a fresh 1-2).
        let mut app = one_two();
        type_text(&mut app, "in/22");
        app.on_key(key(KeyCode::Char('3')));
        assert!(matches!(
            app.session.game().phase(),
            Phase::Move {
                kind: PoolKind::ChosenDouble(3),
                ..
            }
        ));
    }

    #[test]
    fn illegal_input_is_answered_with_why_and_changes_nothing() {
        let mut app = one_two();
        let before = app.session.game().actions().to_vec();
        type_text(&mut app, "in/20");
        assert!(app.error);
        assert!(
            app.messages
                .last()
                .unwrap()
                .contains("not a legal next step"),
            "{:?}",
            app.messages
        );
        type_text(&mut app, "13/7");
        assert!(app.error);
        assert_eq!(app.session.game().actions(), before.as_slice());
        // In the picker, a value the rules do not allow is refused the same way.
        type_text(&mut app, "in/24 in/23");
        type_text(&mut app, "9");
        assert!(app.error);
        assert!(matches!(
            app.session.game().phase(),
            Phase::NameDouble { .. }
        ));
    }

    #[test]
    fn the_bots_steps_are_shown_one_by_one() {
        // O (the bot) won the die-off and rolls first.
        let game = Game::replay(Rules::default(), &[Action::DieOff { dice: [2, 5] }]).unwrap();
        let mut app = App::new(
            Session::with_game(one_two().session.setup().clone(), game, 0),
            temp_save(),
            false,
            Duration::from_secs(3600),
        );
        app.session.set_background(false);
        let start = Instant::now();
        assert!(app.tick(start));
        let steps_now = |app: &App| {
            app.session
                .game()
                .actions()
                .iter()
                .filter(|a| matches!(a, Action::Step { .. }))
                .count()
        };
        assert_eq!(steps_now(&app), 1, "the roll and one step");
        // The step in the bot's numbering and in the person's, and where it went on the board.
        let said = app.messages.last().unwrap();
        assert!(
            said.starts_with("Bot: ") && said.contains(" (your side: "),
            "{said}"
        );
        assert_eq!(app.marks().last.len(), 2, "from and to are marked");
        // Nothing more until the pause is over.
        assert!(!app.tick(start + Duration::from_secs(1)));
        assert_eq!(steps_now(&app), 1);
        assert!(app.tick(start + Duration::from_secs(3601)));
        assert_eq!(steps_now(&app), 2);
    }

    #[test]
    fn the_bot_and_the_hint_think_on_another_thread() {
        let game = Game::replay(Rules::default(), &[Action::DieOff { dice: [2, 5] }]).unwrap();
        let mut app = App::new(
            Session::with_game(one_two().session.setup().clone(), game, 0),
            temp_save(),
            false,
            Duration::ZERO,
        );
        assert!(app.session.background());
        let deadline = Instant::now() + Duration::from_secs(30);
        // The bot rolls, thinks on its thread, plays; then the person is to act.
        while app.session.human_to_act().is_none() {
            app.tick(Instant::now());
            std::thread::sleep(Duration::from_millis(5));
            assert!(Instant::now() < deadline, "the bot never answered");
        }
        assert!(!app.session.game().log().is_empty());
        app.on_key(key(KeyCode::Char('h')));
        assert!(app.hint_pending());
        while app.hint.is_none() {
            app.tick(Instant::now());
            std::thread::sleep(Duration::from_millis(5));
            assert!(Instant::now() < deadline, "the hint never came");
        }
        assert!(!app.hint.as_ref().unwrap().is_empty());
    }

    #[test]
    fn hint_and_resign() {
        let mut app = one_two();
        app.on_key(key(KeyCode::Char('h')));
        let hint = app.hint.clone().unwrap();
        assert!(!hint.is_empty());
        assert!(hint[0].equity >= hint.last().unwrap().equity);
        app.on_key(key(KeyCode::Char('R')));
        assert_eq!(app.mode, Mode::ConfirmResign);
        // Checker-count scoring: the prompt says what it costs (R9.2).
        assert_eq!(
            app.prompt(),
            "Resign this game and give the bot 15 points? y / n"
        );
        app.on_key(key(KeyCode::Char('y')));
        assert!(app.session.game_over());
        assert!(app.messages.iter().any(|m| m.contains("Game saved to")));
        assert_eq!(app.session.game().score()[1], 15);
        app.on_key(key(KeyCode::Char('n')));
        assert!(!app.session.game_over());
        std::fs::remove_file(&app.save_path).ok();
    }

    #[test]
    fn two_people_see_the_board_from_the_side_of_whoever_acts() {
        let setup = Setup {
            rules: Rules::default(),
            seats: [Seat::Human, Seat::Human],
            level: Level::Beginner,
            seed: 3,
            auto_forced: false,
        };
        // O won the die-off and rolled 6-5.
        let game = Game::replay(
            setup.rules,
            &[
                Action::DieOff { dice: [2, 5] },
                Action::Roll { dice: [6, 5] },
            ],
        )
        .unwrap();
        let mut app = App::new(
            Session::with_game(setup, game, 0),
            temp_save(),
            false,
            Duration::ZERO,
        );
        app.session.set_background(false);
        assert_eq!(app.session.human_to_act(), Some(Player::One));
        assert_eq!(app.viewer(), Player::One);
        // O enters from its own start pool: the cursor is on O's start.
        assert_eq!(app.marks().cursor, Some(Spot::Start(Player::One)));
        app.on_key(key(KeyCode::Char('f')));
        assert_eq!(app.viewer(), Player::Zero, "f flips the board");
        app.on_key(key(KeyCode::Char('f')));
        type_text(&mut app, "in/19 in/20");
        app.settle();
        assert_eq!(app.session.human_to_act(), Some(Player::Zero));
        assert_eq!(
            app.viewer(),
            Player::Zero,
            "now X acts and sees the board from X's side"
        );
    }

    #[test]
    fn ctrl_c_quits() {
        let mut app = one_two();
        app.on_key(KeyEvent {
            modifiers: KeyModifiers::CONTROL,
            ..key(KeyCode::Char('c'))
        });
        assert!(app.quit);
    }

    #[test]
    fn keys_wait_while_the_terminal_is_too_small() {
        let mut app = one_two();
        app.set_screen_size(40, 12);
        let before = app.session.game().actions().to_vec();
        for code in [
            KeyCode::Enter,
            KeyCode::Char('R'),
            KeyCode::Char(':'),
            KeyCode::Char('h'),
            KeyCode::Char('f'),
        ] {
            app.on_key(key(code));
        }
        assert_eq!(app.mode, Mode::Normal, "no prompt opens unseen");
        assert_eq!(app.selected, None, "no checker is chosen unseen");
        assert!(app.hint.is_none() && !app.flipped);
        assert_eq!(app.session.game().actions(), before.as_slice());
        // Big enough again: the keys work.
        app.set_screen_size(110, 34);
        app.on_key(key(KeyCode::Enter));
        assert_eq!(app.selected, Some(Source::Start));
        app.set_screen_size(40, 12);
        app.on_key(key(KeyCode::Char('q')));
        assert!(app.quit, "q still quits");
    }

    /// The person (X) to roll with the cube centred (backgammon rules, R9.3).
    pub(crate) fn at_the_cube() -> App {
        let rules = acey_rules::Preset::Backgammon.rules();
        let start = acey_rules::Position::starting(&rules).with_turn(Player::Zero);
        let setup = Setup {
            rules,
            seats: [Seat::Human, Seat::Bot],
            level: Level::Beginner,
            seed: 17,
            auto_forced: false,
        };
        let game = Game::from_position(rules, start).unwrap();
        let mut app = App::new(
            Session::with_game(setup, game, 0),
            temp_save(),
            false,
            Duration::ZERO,
        );
        app.session.set_background(false);
        app
    }

    #[test]
    fn h_gives_the_cube_hint_at_the_roll_and_the_position_id_is_at_hand() {
        let mut app = at_the_cube();
        assert!(app.prompt().contains("h: hint"), "{}", app.prompt());
        app.on_key(key(KeyCode::Char('h')));
        let hint = app.hint.clone().expect("a cube hint");
        assert_eq!(hint.len(), 2, "{hint:?}");
        // The opening position is even: no double yet.
        assert!(
            hint[0].text.starts_with("roll without doubling"),
            "{hint:?}"
        );
        assert!(hint[1].text.starts_with("double"), "{hint:?}");
        // i: the ID, the command that analyses this decision, and in backgammon gnubg's IDs.
        app.on_key(key(KeyCode::Char('i')));
        let n = app.messages.len();
        let (said, gnubg) = (app.messages[n - 2].clone(), app.messages[n - 1].clone());
        let ids = app.session.game().gnubg_ids().unwrap();
        assert_eq!(gnubg, format!("GNUbg ID: {ids}"));
        assert!(ids.starts_with("4HPwATDgc/ABMA:"), "{ids}");
        let id = app.position_id();
        assert_eq!(
            acey_rules::Position::from_id(&id).unwrap(),
            app.session.position()
        );
        assert!(
            said.contains(&format!("acey eval --position {id} --rules ")),
            "{said}"
        );
        // While moving: the position the roll is played from, with its dice.
        let mut app = one_two();
        app.on_key(key(KeyCode::Enter));
        app.on_key(key(KeyCode::Enter)); // one step made
        let id = app.position_id();
        assert_eq!(
            &acey_rules::Position::from_id(&id).unwrap(),
            app.session.game().turn().unwrap().start()
        );
        assert_eq!(
            app.analysis_command(),
            format!("acey hint --position {id} --dice 2-1 --rules american")
        );
        // At the prompt to name a double: the command that ranks the doubles, from the
        // position the 1-2 was played to.
        type_text(&mut app, "in/24 in/23");
        assert!(matches!(
            app.session.game().phase(),
            Phase::NameDouble { .. }
        ));
        let id = app.position_id();
        assert_eq!(
            app.analysis_command(),
            format!("acey hint --position {id} --name-double --rules american")
        );
        assert_eq!(
            acey_rules::Position::from_id(&id).unwrap().turn(),
            Player::Zero
        );
    }

    #[test]
    fn with_gammons_the_person_chooses_what_to_resign() {
        let mut app = at_the_cube();
        app.on_key(key(KeyCode::Char('R')));
        assert_eq!(app.mode, Mode::ChooseResign);
        let prompt = app.prompt();
        assert!(
            prompt.starts_with(
                "1: offer a single (1)   2: offer a gammon (2)   y: resign (3 points, a backgammon)"
            ),
            "{prompt}"
        );
        // Esc: nothing happens.
        app.on_key(key(KeyCode::Esc));
        assert_eq!(app.mode, Mode::Normal);
        assert!(!app.session.game_over());
        // An even opening: the bot accepts a single.
        app.on_key(key(KeyCode::Char('R')));
        app.on_key(key(KeyCode::Char('1')));
        assert!(
            app.messages
                .iter()
                .any(|m| m == "The bot accepts the single."),
            "{:?}",
            app.messages
        );
        assert!(matches!(
            app.session.game().phase(),
            Phase::GameOver { points: 1, .. }
        ));
        std::fs::remove_file(&app.save_path).ok();
    }

    /// A whole random game, over: the person's seat played at random too.
    fn finished() -> App {
        let mut game = Game::new(Rules::default());
        acey_rules::play_random(&mut game, &mut acey_rules::SeededRng::new(8), |_| {}).unwrap();
        let mut app = app_after(game.actions());
        app.review_depth = (Level::Beginner, 0);
        assert!(app.session.game_over());
        app
    }

    #[test]
    fn at_game_end_a_shows_the_analysis_of_the_game_and_scrolls() {
        let mut app = finished();
        assert!(app.prompt().contains("A: analyse the game"));
        // Not before the end.
        let mut playing = one_two();
        playing.review_depth = (Level::Beginner, 0);
        playing.on_key(key(KeyCode::Char('A')));
        assert_eq!(playing.mode, Mode::Normal);
        app.on_key(key(KeyCode::Char('A')));
        let Mode::Review { lines, scroll: 0 } = app.mode.clone() else {
            panic!("{:?}", app.mode);
        };
        assert!(lines[0].starts_with("Game 1 judged at 0-ply"), "{lines:?}");
        assert!(lines.iter().any(|l| l.contains(": played ")), "{lines:?}");
        app.on_key(key(KeyCode::Down));
        app.on_key(key(KeyCode::Down));
        assert!(matches!(app.mode, Mode::Review { scroll: 2, .. }));
        app.on_key(key(KeyCode::Up));
        assert!(matches!(app.mode, Mode::Review { scroll: 1, .. }));
        app.on_key(key(KeyCode::End));
        assert!(matches!(app.mode, Mode::Review { scroll, .. } if scroll == lines.len() - 1));
        app.on_key(key(KeyCode::Esc));
        assert_eq!(app.mode, Mode::Normal);
        assert!(!app.quit);
        std::fs::remove_file(&app.save_path).ok();
        std::fs::remove_file(&playing.save_path).ok();
    }

    #[test]
    fn the_analysis_is_worked_out_on_another_thread() {
        let mut app = finished();
        app.session.set_background(true);
        app.on_key(key(KeyCode::Char('A')));
        assert!(app.review_pending());
        assert!(app.messages.iter().any(|m| m == "Analysing the game..."));
        let until = Instant::now() + Duration::from_secs(120);
        while app.review_pending() && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(20));
            app.tick(Instant::now());
        }
        assert!(matches!(app.mode, Mode::Review { .. }), "{:?}", app.mode);
        std::fs::remove_file(&app.save_path).ok();
    }
}
