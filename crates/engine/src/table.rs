//! A table: one game on this device, hosted as the server hosts a room, in the protocol's terms.
//!
//! A [`Table`] takes a player's intents ([`ClientMsg`]) and answers with what the server would
//! send ([`ServerMsg`]): `update` for every accepted action, with the dice it rolled and the
//! bot's replies, `hint`, and `error` for a refused intent (which changes nothing). The rolls
//! and the bot's turns are the table's own ([`acey_ai::table_action`], [`Bot::decide`]), as in
//! the server's rooms, so a game here plays exactly as one there.

use acey_ai::{Bot, Level};
use acey_protocol::{
    create_rules, ErrorCode, GameInfo, HintPlay, Joined, LogEntry, Mode, Presence, Role, SeatView,
    ServerMsg, View,
};
use acey_rules::{Action, Game, Player, Rules, SeededRng};
use serde::{Deserialize, Serialize};

/// The seat token of every game on this device: nobody else can reach it, so the token proves
/// nothing; it is sent so that the client keeps it as it keeps a server's.
pub const DEVICE_TOKEN: &str = "device";

/// The most actions a game here may have, as on the server: a real game never gets near it.
pub const MAX_ACTIONS: usize = 20_000;

/// A refused intent: the code and what to tell the player.
pub use acey_protocol::Refusal;

use acey_protocol::refuse;

/// What a game is, as created: everything but its actions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// `computer` or `local` (one screen).
    pub mode: Mode,
    /// The rules, match length included (kept as the rule string).
    #[serde(with = "text")]
    pub rules: Rules,
    /// The bot's level (games against the computer; kept by name).
    #[serde(default, with = "text::optional")]
    pub level: Option<Level>,
    /// The person's seat against the computer (0 on one screen).
    #[serde(default)]
    pub seat: usize,
}

impl Settings {
    /// The settings a `create` asks for, checked as the server checks them. A game with a
    /// friend needs the server and is refused.
    pub fn of_create(
        mode: Mode,
        rules: Option<&str>,
        match_to: Option<u32>,
        level: Option<&str>,
        seat: Option<usize>,
    ) -> Result<Settings, Refusal> {
        let bad = |m: String| refuse(ErrorCode::BadSettings, m);
        let rules = create_rules(rules, match_to).map_err(bad)?;
        let seat = seat.unwrap_or(0);
        if seat > 1 {
            return Err(bad(format!("a seat is 0 or 1, not {seat}")));
        }
        let level = match mode {
            Mode::Computer => Some(
                level
                    .unwrap_or("casual")
                    .parse::<Level>()
                    .map_err(|e| bad(e.to_string()))?,
            ),
            Mode::Local if level.is_some() => {
                return Err(bad("a level is only for games against the computer".into()))
            }
            Mode::Local => None,
            Mode::Friend => {
                return Err(bad(
                    "a game with a friend is played on the server: it needs the connection".into(),
                ))
            }
        };
        Ok(Settings {
            mode,
            rules,
            level,
            seat: if mode == Mode::Local { 0 } else { seat },
        })
    }

    /// The seat the bot plays, against the computer.
    fn bot_seat(&self) -> Option<Player> {
        match self.mode {
            Mode::Computer => Player::from_index(1 - self.seat),
            _ => None,
        }
    }
}

/// Values kept as the text they are written as (a rule string, a level's name), so that a kept
/// game reads back whatever the types become.
mod text {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};
    use std::fmt::Display;
    use std::str::FromStr;

    pub fn serialize<T: Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(value)
    }

    pub fn deserialize<'de, T, D>(d: D) -> Result<T, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        String::deserialize(d)?.parse().map_err(D::Error::custom)
    }

    pub mod optional {
        use super::*;

        pub fn serialize<T: Display, S: Serializer>(
            value: &Option<T>,
            s: S,
        ) -> Result<S::Ok, S::Error> {
            match value {
                Some(v) => s.collect_str(v),
                None => s.serialize_none(),
            }
        }

        pub fn deserialize<'de, T, D>(d: D) -> Result<Option<T>, D::Error>
        where
            T: FromStr,
            T::Err: Display,
            D: Deserializer<'de>,
        {
            Option::<String>::deserialize(d)?
                .map(|t| t.parse().map_err(D::Error::custom))
                .transpose()
        }
    }
}

/// A game kept on the device: its id, settings and actions, from which [`Table::restore`]
/// takes it up exactly where it was.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Saved {
    /// The game's id.
    pub id: String,
    /// How it was created.
    pub settings: Settings,
    /// Every action so far, dice included.
    pub actions: Vec<Action>,
    /// The game this one is a rematch of.
    #[serde(default)]
    pub rematch_of: Option<String>,
    /// The rematch of this game, once started.
    #[serde(default)]
    pub rematch: Option<String>,
    /// How many plays were taken back.
    #[serde(default, skip_serializing_if = "acey_protocol::is_zero")]
    pub takebacks: u32,
}

/// One game on this device.
pub struct Table {
    id: String,
    settings: Settings,
    game: Game,
    bot: Option<Bot>,
    /// The dice and the bot's noise.
    rng: SeededRng,
    rematch_of: Option<String>,
    rematch: Option<String>,
    takebacks: u32,
}

impl Table {
    /// A new game `id` with `settings`; `seed` drives its dice and the bot's noise.
    pub fn new(id: String, settings: Settings, seed: u64) -> Table {
        let bot = settings.level.map(|l| l.bot(settings.rules));
        Table {
            id,
            game: Game::new(settings.rules),
            settings,
            bot,
            rng: SeededRng::new(seed),
            rematch_of: None,
            rematch: None,
            takebacks: 0,
        }
    }

    /// A kept game taken up again: its actions replayed (a record that the rules refuse is
    /// refused, naming the action). The dice from here on come from `seed`.
    pub fn restore(saved: Saved, seed: u64) -> Result<Table, String> {
        let game = Game::replay(saved.settings.rules, &saved.actions)
            .map_err(|(i, e)| format!("action {i} of game {} is refused: {e}", saved.id))?;
        let mut table = Table::new(saved.id, saved.settings, seed);
        table.game = game;
        table.rematch_of = saved.rematch_of;
        table.rematch = saved.rematch;
        table.takebacks = saved.takebacks;
        Ok(table)
    }

    /// The game as it should be kept.
    pub fn saved(&self) -> Saved {
        Saved {
            id: self.id.clone(),
            settings: self.settings.clone(),
            actions: self.game.actions().to_vec(),
            rematch_of: self.rematch_of.clone(),
            rematch: self.rematch.clone(),
            takebacks: self.takebacks,
        }
    }

    /// The game's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The settings it was created with.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The role of the person at this table.
    pub fn role(&self) -> Role {
        match self.settings.mode {
            Mode::Computer => Role::Seat(self.settings.seat),
            _ => Role::Both,
        }
    }

    /// The game's description, as the server sends it.
    pub fn info(&self) -> GameInfo {
        let rules = self.settings.rules;
        let bot_seat = self.settings.bot_seat();
        let seat = |i: usize| SeatView {
            kind: if bot_seat.map(Player::index) == Some(i) {
                "bot".into()
            } else {
                "human".into()
            },
            taken: true,
        };
        GameInfo {
            game: self.id.clone(),
            mode: self.settings.mode,
            rules: rules.to_string(),
            match_to: rules.match_target,
            level: self.settings.level.map(|l| l.as_str().to_string()),
            seats: [seat(0), seat(1)],
            rematch_of: self.rematch_of.clone(),
            scoring: rules.scoring.as_str().into(),
            cube: rules.doubling_cube,
            players: [None, None],
            rated: false,
            clock: None,
            unrated: None,
            takebacks: self.takebacks,
        }
    }

    /// The names the records give the seats, as the server names them: the bot by its level,
    /// a person by the seat (nobody signs in on this device).
    pub fn seat_names(&self) -> [String; 2] {
        std::array::from_fn(
            |seat| match (self.settings.bot_seat(), self.settings.level) {
                (Some(b), Some(level)) if b.index() == seat => {
                    acey_protocol::bot_name(level.as_str())
                }
                _ => format!("player {seat}"),
            },
        )
    }

    /// The game record in acey's text format (docs/notation.md), as the server's
    /// `/api/games/{id}/record` writes it; the dice are this device's.
    pub fn record(&self) -> String {
        let header = acey_rules::RecordHeader {
            players: self.seat_names().map(Some),
            dice: Some(acey_rules::DiceSource::Described("this device".into())),
            date: None,
            extra: acey_protocol::record_lines(&self.id, self.takebacks),
        };
        acey_rules::Record::from_game(&self.game, header).to_string()
    }

    /// The whole state: the answer to `create` and `join`.
    pub fn joined(&self) -> ServerMsg {
        ServerMsg::Joined(Box::new(Joined {
            v: acey_protocol::VERSION,
            info: self.info(),
            role: self.role(),
            token: Some(DEVICE_TOKEN.to_string()),
            view: View::of(&self.game),
            log: self.game.log().iter().map(LogEntry::from).collect(),
            rematch_offer: None,
            rematch: self.rematch.clone(),
            clock: None,
            chat: Vec::new(),
            presence: Presence {
                connected: [true, true],
                away_ms: [None, None],
            },
        }))
    }

    /// Starts the game: the die-off, and whatever the table and the bot do before the person
    /// first decides. The updates are those of a new game on the server.
    pub fn start(&mut self) -> Vec<ServerMsg> {
        let mut out = Vec::new();
        // A new game has no action for the limit to refuse.
        let _ = self.advance(&mut out);
        out
    }

    /// Carries out an intent of the person at the table: the updates it caused (the table's
    /// rolls and the bot's replies included), or why it was refused.
    pub fn act(&mut self, msg: &acey_protocol::ClientMsg) -> Result<Vec<ServerMsg>, Refusal> {
        let role = self.role();
        // The table's own dice, from its seeded generator.
        let rng = &mut self.rng;
        let roll = || {
            let (a, b) = rng.roll();
            Ok([a, b])
        };
        let action = acey_protocol::intent_action(msg, role, &self.game, roll)?;
        let mut out = Vec::new();
        self.commit(action, &mut out)?;
        // The person's action stands; a game that can go no further says so at the next one.
        let _ = self.advance(&mut out);
        Ok(out)
    }

    /// The bot's ranked plays for the person to act (games against the computer only), at most
    /// `max`, as the server's `hint` gives them.
    pub fn hint(&self, max: usize) -> Result<Vec<HintPlay>, Refusal> {
        let bot = acey_protocol::may_hint(&self.game, self.role(), self.bot.as_ref())?;
        Ok(bot
            .hints(&self.game, max)
            .into_iter()
            .map(|h| HintPlay {
                notation: h.notation,
                equity: h.equity,
                steps: h.steps,
            })
            .collect())
    }

    /// Takes back the person's last play against the computer (either side's on one screen)
    /// and everything after it, as the server does ([`acey_protocol::takeback_cut`]): the answer is
    /// the whole state again, as the server sends it after a takeback.
    pub fn takeback(&mut self) -> Result<Vec<ServerMsg>, Refusal> {
        let keep = acey_protocol::takeback_cut(&self.game, self.role())?;
        self.game = Game::replay(self.settings.rules, &self.game.actions()[..keep])
            .map_err(|(i, e)| refuse(ErrorCode::Illegal, format!("action {i}: {e}")))?;
        self.takebacks += 1;
        Ok(vec![self.joined()])
    }

    /// Whether a rematch may start: the game (or the match) is over.
    pub fn is_over(&self) -> bool {
        self.game.is_finished()
    }

    /// The rematch already started from this game, if any.
    pub fn rematch(&self) -> Option<&str> {
        self.rematch.as_deref()
    }

    /// A rematch of this finished game with the same settings, as game `id`; this game
    /// remembers it. Refused before the game or match is over.
    pub fn start_rematch(&mut self, id: String, seed: u64) -> Result<Table, Refusal> {
        if !self.is_over() {
            return Err(refuse(
                ErrorCode::Illegal,
                "a rematch can start once the game or match is over",
            ));
        }
        let mut next = Table::new(id, self.settings.clone(), seed);
        next.rematch_of = Some(self.id.clone());
        self.rematch = Some(next.id.clone());
        Ok(next)
    }

    /// Applies `action` and adds its update to `out`.
    fn commit(&mut self, action: Action, out: &mut Vec<ServerMsg>) -> Result<(), Refusal> {
        if self.game.actions().len() >= MAX_ACTIONS {
            return Err(refuse(
                ErrorCode::TooLong,
                format!(
                    "this game has reached the limit of {MAX_ACTIONS} actions: start a new one"
                ),
            ));
        }
        let log_before = self.game.log().len();
        self.game
            .apply(action)
            .map_err(|e| refuse(ErrorCode::Illegal, e.to_string()))?;
        // What the game decided (a step's hit flag is the game's) is what is sent.
        let action = self.game.actions()[self.game.actions().len() - 1].clone();
        out.push(ServerMsg::Update {
            action,
            view: Box::new(View::of(&self.game)),
            log: self.game.log()[log_before..]
                .iter()
                .map(LogEntry::from)
                .collect(),
            clock: None,
        });
        Ok(())
    }

    /// The table's own moves until a person must decide: the dice, and the bot's turns.
    fn advance(&mut self, out: &mut Vec<ServerMsg>) -> Result<(), Refusal> {
        loop {
            let bot_seat = self.settings.bot_seat();
            let rng = &mut self.rng;
            let roll = || -> Result<[u8; 2], Refusal> {
                let (a, b) = rng.roll();
                Ok([a, b])
            };
            let table = acey_ai::table_action(&self.game, self.bot.as_ref().zip(bot_seat), roll)?;
            if let Some(action) = table {
                self.commit(action, out)?;
                continue;
            }
            let (Some(bot), Some(p)) = (&self.bot, self.game.to_act()) else {
                return Ok(());
            };
            if bot_seat != Some(p) {
                return Ok(());
            }
            let actions = bot.decide(&self.game, &mut self.rng);
            if actions.is_empty() {
                return Ok(());
            }
            for action in actions {
                self.commit(action, out)?;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use acey_protocol::ClientMsg;
    use acey_rules::Phase;

    fn computer(level: &str, seat: usize, seed: u64) -> Table {
        let settings =
            Settings::of_create(Mode::Computer, None, None, Some(level), Some(seat)).unwrap();
        let mut t = Table::new("g".into(), settings, seed);
        t.start();
        t
    }

    /// Plays the person's side with the first legal step each time, until the game is over.
    fn play_out(t: &mut Table) -> usize {
        let mut updates = 0;
        for _ in 0..5_000 {
            if t.is_over() {
                return updates;
            }
            let msg = match t.game().phase() {
                Phase::Roll { .. } => ClientMsg::Roll,
                Phase::NameDouble { .. } => ClientMsg::NameDouble { value: 6 },
                Phase::CubeOffered { .. } => ClientMsg::Take,
                Phase::Move { .. } => match t.game().turn() {
                    Some(turn) if turn.is_complete() => ClientMsg::Confirm,
                    Some(turn) => {
                        let s = turn.legal_steps()[0];
                        ClientMsg::Step {
                            from: s.from,
                            to: s.to,
                            die: s.die,
                        }
                    }
                    None => ClientMsg::Confirm,
                },
                Phase::GameOver { .. } => ClientMsg::NextGame,
                Phase::DieOff => panic!("the table rolls the die-off"),
            };
            updates += t
                .act(&msg)
                .unwrap_or_else(|e| panic!("{msg:?}: {e:?}"))
                .len();
        }
        panic!("the game did not end");
    }

    #[test]
    fn a_game_against_the_computer_runs_to_its_end_from_either_seat() {
        for seat in [0, 1] {
            let mut t = computer("beginner", seat, 11 + seat as u64);
            // The table rolled the die-off and, where the bot won it, played the bot's turn.
            assert_eq!(t.game().to_act(), Some(Player::from_index(seat).unwrap()));
            assert!(play_out(&mut t) > 20);
            let saved = t.saved();
            let again = Table::restore(saved.clone(), 1).unwrap();
            assert_eq!(again.saved(), saved);
            assert!(again.is_over());
        }
    }

    #[test]
    fn the_person_cannot_act_for_the_bot_nor_out_of_turn() {
        let mut t = computer("casual", 0, 3);
        let before = t.saved();
        // Player 0 is to move: naming a double is not the game's phase.
        let refused = t.act(&ClientMsg::NameDouble { value: 3 }).unwrap_err();
        assert_eq!(refused.0, ErrorCode::Illegal);
        assert!(t.act(&ClientMsg::Rematch).is_err());
        assert_eq!(t.saved(), before, "a refused intent changes nothing");
    }

    #[test]
    fn a_restored_game_goes_on_from_the_same_position() {
        let mut t = computer("advanced", 0, 5);
        let s = t.game().turn().unwrap().legal_steps()[0];
        t.act(&ClientMsg::Step {
            from: s.from,
            to: s.to,
            die: s.die,
        })
        .unwrap();
        let again = Table::restore(t.saved(), 99).unwrap();
        assert_eq!(View::of(again.game()), View::of(t.game()));
        let mut broken = t.saved();
        broken.actions.insert(0, Action::Confirm);
        assert!(Table::restore(broken, 1)
            .err()
            .unwrap()
            .contains("action 0"));
    }

    #[test]
    fn a_friend_game_needs_the_server_and_a_bad_level_is_named() {
        let e = Settings::of_create(Mode::Friend, None, None, None, None).unwrap_err();
        assert!(e.1.contains("connection"));
        let e =
            Settings::of_create(Mode::Computer, None, None, Some("grandmaster"), None).unwrap_err();
        assert_eq!(e.0, ErrorCode::BadSettings);
        assert!(Settings::of_create(Mode::Local, None, None, Some("casual"), None).is_err());
        assert!(Settings::of_create(Mode::Computer, None, None, None, Some(2)).is_err());
    }

    #[test]
    fn a_hint_is_given_to_the_mover_against_the_computer_only() {
        let t = computer("casual", 0, 8);
        let plays = t.hint(3).unwrap();
        assert!(!plays.is_empty() && plays.len() <= 3);
        let settings = Settings::of_create(Mode::Local, None, None, None, None).unwrap();
        let mut local = Table::new("l".into(), settings, 8);
        local.start();
        assert!(local.hint(3).is_err());
    }

    #[test]
    fn a_takeback_puts_the_person_back_before_their_play_with_the_same_dice() {
        let mut t = computer("casual", 0, 21);
        assert!(t.takeback().is_err(), "nothing played yet");
        let before = View::of(t.game());
        let kept = t.game().actions().len();
        let Some(play) = t.game().legal_plays().first().map(|p| p.steps().to_vec()) else {
            panic!("a first roll always has a play");
        };
        let replies = t.act(&ClientMsg::Play { steps: play }).unwrap();
        assert!(replies.len() > 1, "the bot answered: {replies:?}");
        let answer = t.takeback().unwrap();
        assert!(matches!(answer.as_slice(), [ServerMsg::Joined(j)] if j.info.takebacks == 1));
        assert_eq!(t.game().actions().len(), kept);
        assert_eq!(View::of(t.game()), before);
        // Kept and taken up again with the count.
        let again = Table::restore(t.saved(), 4).unwrap();
        assert_eq!(again.info().takebacks, 1);
        // On one screen, either side's last play.
        let settings = Settings::of_create(Mode::Local, None, None, None, None).unwrap();
        let mut local = Table::new("l".into(), settings, 8);
        local.start();
        let mover = local.game().to_act();
        let play = local.game().legal_plays()[0].steps().to_vec();
        local.act(&ClientMsg::Play { steps: play }).unwrap();
        local.takeback().unwrap();
        assert_eq!(local.game().to_act(), mover);
    }
}
