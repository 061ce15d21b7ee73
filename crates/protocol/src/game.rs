//! The game family: how a game is described, the state a client draws (the [`View`]), the move
//! log, seats and who sits at them, hints. The messages that carry them are
//! [`ServerMsg::Joined`](crate::ServerMsg::Joined), [`ServerMsg::Update`](crate::ServerMsg::Update)
//! and the others of the family.

use acey_rules::{Action, Cube, Game, Phase, PlayRecord, Player, Position, Rules, Step};
use serde::{Deserialize, Serialize};

use crate::chat::ChatLine;
use crate::client::ClientMsg;
use crate::clock::{ClockView, TimeControl};
use crate::error::{refuse, ErrorCode, Refusal, SPECTATORS};

/// How a game is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Mode {
    /// One person against the server's bot.
    Computer,
    /// Two people, each in their own browser; the second joins by the invite link.
    Friend,
    /// Two people sharing one screen: one token controls both seats.
    Local,
}

impl Mode {
    /// The name stored and sent on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Computer => "computer",
            Mode::Friend => "friend",
            Mode::Local => "local",
        }
    }

    /// Reads a stored name.
    pub fn parse(s: &str) -> Option<Mode> {
        match s {
            "computer" => Some(Mode::Computer),
            "friend" => Some(Mode::Friend),
            "local" => Some(Mode::Local),
            _ => None,
        }
    }
}

/// The longest match a game may be created for, in points.
pub const MAX_MATCH: u32 = 99;

/// Where a takeback asked for by `role` cuts `game`'s log ([`Game::takeback_point`]): the last
/// play of the person at a seat (against the computer), of either side for both seats (one
/// screen). The server and the browser's engine check first that the game allows takebacks.
pub fn takeback_cut(game: &Game, role: Role) -> Result<usize, Refusal> {
    let by = match role {
        Role::Spectator => return Err(refuse(ErrorCode::NotYourTurn, SPECTATORS)),
        Role::Seat(seat) => Player::from_index(seat),
        Role::Both => None,
    };
    game.takeback_point(by).ok_or_else(|| {
        refuse(
            ErrorCode::Illegal,
            "there is no play to take back in the game being played",
        )
    })
}

/// The action a player's intent `msg` asks of `game`, sent by a connection with `role`, as
/// every host of a game (the server's rooms, the browser's engine) reads it: the intents of a
/// turn ([`ClientMsg::turn_action`]) and `roll` from the player to act, `resign` from a seat
/// (on one screen, [`Role::Both`], from whoever is to act), `next_game` from anyone but a
/// spectator. Any other message is not a game action and is refused as malformed. Whether the
/// game accepts the action is [`Game::apply`]'s to say.
///
/// The dice of a roll come from `roll`, called only once the roll is allowed: each host rolls
/// its own way (the server from the operating system's randomness, which can fail, the engine
/// from its seeded generator), so the source is a parameter, and its refusal is passed on.
pub fn intent_action(
    msg: &ClientMsg,
    role: Role,
    game: &Game,
    roll: impl FnOnce() -> Result<[u8; 2], Refusal>,
) -> Result<Action, Refusal> {
    let to_act = game.to_act();
    let need_turn = || -> Result<Player, Refusal> {
        match to_act {
            Some(p) if role.controls(p) => Ok(p),
            Some(_) if role == Role::Spectator => Err(refuse(ErrorCode::NotYourTurn, SPECTATORS)),
            Some(p) => Err(refuse(
                ErrorCode::NotYourTurn,
                format!("it is {p}'s turn, not yours"),
            )),
            None => Err(refuse(
                ErrorCode::Illegal,
                "nobody can act now: the game is over or the dice are being rolled",
            )),
        }
    };
    // The intents of a player's own turn are the game's actions as sent.
    if let Some(action) = msg.turn_action() {
        need_turn()?;
        return Ok(action);
    }
    Ok(match msg {
        ClientMsg::Roll => {
            need_turn()?;
            if !matches!(game.phase(), Phase::Roll { .. }) {
                return Err(refuse(ErrorCode::Illegal, "it is not time to roll"));
            }
            Action::Roll { dice: roll()? }
        }
        ClientMsg::Resign => {
            let player = match role {
                Role::Seat(s) => Player::from_index(s).unwrap_or(Player::Zero),
                // One screen: whoever is to act resigns.
                Role::Both => to_act.ok_or_else(|| {
                    refuse(ErrorCode::Illegal, "nobody is to act: nothing to resign")
                })?,
                Role::Spectator => return Err(refuse(ErrorCode::NotYourTurn, SPECTATORS)),
            };
            Action::Resign { player }
        }
        ClientMsg::NextGame if role == Role::Spectator => {
            return Err(refuse(ErrorCode::NotYourTurn, SPECTATORS))
        }
        ClientMsg::NextGame => Action::NextGame,
        other => {
            return Err(refuse(
                ErrorCode::Malformed,
                format!("{other:?} is not a game action"),
            ))
        }
    })
}

/// Whether `role` may ask for a hint in `game`, as every host reads it: only in games against
/// the computer (`computer`, the host's bot, absent between people), and only the player to act
/// in a checker move or in naming a 1-2's double. The bot that is to give the hint, or the
/// refusal that says why none is given.
pub fn may_hint<B>(game: &Game, role: Role, computer: Option<B>) -> Result<B, Refusal> {
    let Some(bot) = computer else {
        return Err(refuse(
            ErrorCode::Illegal,
            "hints are only given in games against the computer",
        ));
    };
    match game.to_act() {
        Some(p)
            if role.controls(p)
                && matches!(game.phase(), Phase::Move { .. } | Phase::NameDouble { .. }) =>
        {
            Ok(bot)
        }
        _ => Err(refuse(
            ErrorCode::NotYourTurn,
            "a hint is for the player who is moving",
        )),
    }
}

/// The rules a `create` asks for ([`ClientMsg::Create`]), as every
/// host of a game reads them: the rule string (`american` when absent or blank) and the match
/// length (0: a single game; absent: the rule string's, else one point), which may not exceed
/// [`MAX_MATCH`] wherever it is written. The error says what is wrong, for a person.
pub fn create_rules(rules: Option<&str>, match_to: Option<u32>) -> Result<Rules, String> {
    let mut rules: Rules = match rules {
        Some(r) if !r.trim().is_empty() => r.parse().map_err(|e| format!("{e}"))?,
        _ => Rules::default(),
    };
    match match_to {
        Some(0) => rules.match_target = None,
        Some(n) => rules.match_target = Some(n),
        None if rules.match_target.is_none() => rules.match_target = Some(1),
        None => {}
    }
    match rules.match_target {
        Some(n) if n > MAX_MATCH => Err(format!("a match is 1 to {MAX_MATCH} points, not {n}")),
        _ => Ok(rules),
    }
}

/// The seat of a connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Role {
    /// Seat 0 or 1.
    Seat(usize),
    /// Both seats (same screen).
    Both,
    /// Watching only.
    Spectator,
}

impl Role {
    /// Whether this role may act for `player`.
    pub fn controls(self, player: Player) -> bool {
        match self {
            Role::Seat(s) => s == player.index(),
            Role::Both => true,
            Role::Spectator => false,
        }
    }

    /// The side the board is seen from: seat 1's for seat 1, player 0's for everyone else.
    pub fn viewer(self) -> Player {
        match self {
            Role::Seat(1) => Player::One,
            _ => Player::Zero,
        }
    }
}

/// One seat as others see it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatView {
    /// `human` or `bot`.
    pub kind: String,
    /// Whether someone holds the seat (a bot always does).
    #[serde(default)]
    pub taken: bool,
}

/// The step view of the play being built.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TurnView {
    /// Position at the start of the play.
    pub start: Position,
    /// Steps taken so far.
    #[serde(default)]
    pub steps: Vec<Step>,
    /// Legal next steps (points from the mover's side).
    #[serde(default)]
    pub legal: Vec<Step>,
    /// Dice not used yet.
    #[serde(default)]
    pub remaining: Vec<u8>,
    /// No step is left: the play can be confirmed.
    #[serde(default)]
    pub complete: bool,
    /// Only one play is legal this turn (its step orders count once): a client may make it,
    /// and confirm it, by itself. Absent when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(type = "boolean | undefined"))]
    pub forced: bool,
}

/// A play of the move log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LogEntry {
    /// Game number in the match.
    #[serde(default)]
    pub game: u32,
    /// Who played.
    pub player: Player,
    /// The play in notation, dice first (`6-5: 24/18 18/13`).
    pub notation: String,
}

impl From<&PlayRecord> for LogEntry {
    fn from(r: &PlayRecord) -> LogEntry {
        LogEntry {
            game: r.game,
            player: r.player,
            notation: r.notation(),
        }
    }
}

/// Everything a client needs to draw the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct View {
    /// Actions accepted so far.
    pub n: usize,
    /// Who must do what.
    pub phase: Phase,
    /// The player the game waits for.
    #[serde(default)]
    pub to_act: Option<Player>,
    /// The position, with the steps of the play being built applied.
    pub position: Position,
    /// The 15-character acey position ID of `position`.
    #[serde(default)]
    pub position_id: String,
    /// Pip counts, player 0 first.
    #[serde(default)]
    pub pips: [u32; 2],
    /// The last dice rolled (die-off dice during the die-off).
    #[serde(default)]
    pub dice: Option<[u8; 2]>,
    /// The step view while a play is being built.
    #[serde(default)]
    pub turn: Option<TurnView>,
    /// The doubles that may be named now.
    #[serde(default)]
    pub nameable: Vec<u8>,
    /// The cube.
    pub cube: Cube,
    /// Whether the player to roll may offer the cube.
    #[serde(default)]
    pub may_double: bool,
    /// Points, player 0 first.
    #[serde(default)]
    pub score: [u32; 2],
    /// Game number in the match.
    #[serde(default)]
    pub game_number: u32,
    /// The match winner, when the match is over.
    #[serde(default)]
    pub match_winner: Option<Player>,
    /// Plays in the log so far (the log itself is in the full state).
    #[serde(default)]
    pub log_len: usize,
    /// What resigning now would cost each player (player 0 first): the points the opponent
    /// would score, cube included (R9.2; the position as it stood when the play began).
    #[serde(default)]
    pub resign_points: [u32; 2],
}

impl View {
    /// The view of `game`.
    pub fn of(game: &Game) -> View {
        let position = game.position();
        let turn = game.turn().map(|t| TurnView {
            start: *t.start(),
            steps: t.steps().to_vec(),
            legal: t.legal_steps().to_vec(),
            remaining: t.remaining_dice(),
            complete: t.is_complete(),
            forced: t.plays().len() == 1,
        });
        let to_act = game.to_act();
        View {
            n: game.actions().len(),
            phase: game.phase().clone(),
            to_act,
            position,
            position_id: position.id(),
            pips: [
                position.pip_count(Player::Zero),
                position.pip_count(Player::One),
            ],
            dice: last_dice(game),
            turn,
            nameable: game.nameable_doubles(),
            cube: game.cube(),
            may_double: to_act.is_some_and(|p| game.may_double(p)),
            score: game.score(),
            game_number: game.game_number(),
            match_winner: game.match_winner(),
            log_len: game.log().len(),
            resign_points: resign_points(game),
        }
    }
}

/// What a resignation by each player would cost, as [`Game::apply`] scores `Action::Resign`.
fn resign_points(game: &Game) -> [u32; 2] {
    let pos = game
        .turn()
        .map(|t| *t.start())
        .unwrap_or_else(|| game.position());
    let cube = game.cube().value;
    [Player::One, Player::Zero]
        .map(|winner| acey_rules::base_score(game.rules(), &pos, winner).saturating_mul(cube))
}

/// The dice of the latest roll or die-off, if the current game has any.
fn last_dice(game: &Game) -> Option<[u8; 2]> {
    for a in game.actions().iter().rev() {
        match a {
            Action::Roll { dice } | Action::DieOff { dice } => return Some(*dice),
            Action::NextGame => return None,
            _ => {}
        }
    }
    None
}

/// The description of a game sent on join.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameInfo {
    /// Game id.
    pub game: String,
    /// How it is played.
    pub mode: Mode,
    /// The rule set as a rule string.
    pub rules: String,
    /// Match length (`None`: a single game or an open session).
    #[serde(default, rename = "match")]
    pub match_to: Option<u32>,
    /// The bot's level in games against the computer.
    #[serde(default)]
    pub level: Option<String>,
    /// Both seats.
    #[serde(default)]
    pub seats: [SeatView; 2],
    /// The game this is a rematch of.
    #[serde(default)]
    pub rematch_of: Option<String>,
    /// What a win is worth (R9.2): `checker-count`, `single` or `gammon-backgammon`.
    #[serde(default)]
    pub scoring: String,
    /// Whether the doubling cube is in play.
    #[serde(default)]
    pub cube: bool,
    /// Who sits at each seat, when known.
    #[serde(default)]
    pub players: [Option<PlayerView>; 2],
    /// Whether the result is rated.
    #[serde(default)]
    pub rated: bool,
    /// The time control, for a game with clocks.
    #[serde(default)]
    pub clock: Option<TimeControl>,
    /// Why a game offered as rated is played or was settled unrated (docs/protocol.md, "Rated
    /// games"); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unrated: Option<Unrated>,
    /// How many plays were taken back ([`ClientMsg::Takeback`]):
    /// such a game is not a record of play as it went. Absent when none.
    #[serde(default, skip_serializing_if = "crate::is_zero")]
    pub takebacks: u32,
}

/// Why a game between two accounts offered as rated does not move their ratings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Unrated {
    /// It ended by resignation, a dropped double or a forfeit (time, abandonment) before each
    /// player had made enough plays of their own.
    TooShort,
    /// The two accounts have been seen on one network address.
    SameAddress,
    /// The two accounts have played the day's most rated games against each other already.
    PairLimit,
    /// A reason this version does not know, from a newer server (read only: never sent).
    #[serde(other)]
    #[cfg_attr(feature = "ts", ts(skip))]
    Other,
}

impl Unrated {
    /// The reason as sent (`too_short`, `same_address`, `pair_limit`; `other` for an unknown
    /// one).
    pub fn as_str(self) -> &'static str {
        match self {
            Unrated::TooShort => "too_short",
            Unrated::SameAddress => "same_address",
            Unrated::PairLimit => "pair_limit",
            Unrated::Other => "other",
        }
    }
}

/// The answer to create or join ([`ServerMsg::Joined`](crate::ServerMsg::Joined)): the whole
/// state of the game for this connection.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Joined {
    /// Protocol version.
    #[serde(default)]
    pub v: u32,
    /// The game.
    pub info: GameInfo,
    /// This connection's role.
    pub role: Role,
    /// The seat token to keep (absent for spectators).
    #[serde(default)]
    pub token: Option<String>,
    /// The state.
    pub view: View,
    /// The whole move log.
    #[serde(default)]
    pub log: Vec<LogEntry>,
    /// The seat that has offered a rematch still unanswered (friend games), if any.
    #[serde(default)]
    pub rematch_offer: Option<usize>,
    /// The rematch's game id, once it has started.
    #[serde(default)]
    pub rematch: Option<String>,
    /// Both clocks, for a game with clocks.
    #[serde(default)]
    pub clock: Option<ClockView>,
    /// The chat so far that this connection may read.
    #[serde(default)]
    pub chat: Vec<ChatLine>,
    /// Whether each seat has someone connected, and for how long each has been gone (ms).
    #[serde(default)]
    pub presence: Presence,
}

/// A player as others see them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayerView {
    /// The name.
    pub name: String,
    /// Whether it is an account's (a guest's is not).
    #[serde(default)]
    pub registered: bool,
    /// The account's rating for this game's family and kind.
    #[serde(default)]
    pub rating: Option<f64>,
}

/// One player's rating before and after a rated game (the `rated` message).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RatingChange {
    /// The rating before the game.
    pub before: f64,
    /// The rating after it.
    pub after: f64,
    /// Whether the rating after it is still provisional (few games, a wide deviation).
    #[serde(default)]
    pub provisional: bool,
}

/// Whether each seat has someone connected.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Presence {
    /// Seat 0 first.
    #[serde(default)]
    pub connected: [bool; 2],
    /// For a seat with nobody connected, milliseconds since the last one left.
    #[serde(default)]
    pub away_ms: [Option<u64>; 2],
}

/// How many ranked plays a hint gives ([`HintPlay`]), on every host.
pub const HINT_PLAYS: usize = 5;

/// A ranked play of a hint.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HintPlay {
    /// The play in notation (with the named double and its play after a 1-2).
    pub notation: String,
    /// Expected points for the mover.
    pub equity: f32,
    /// The steps of the play of the rolled dice.
    #[serde(default)]
    pub steps: Vec<Step>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_takeback_cut_is_the_seats_own_last_play_and_never_a_spectators() {
        let mut game = Game::new(Rules::default());
        game.apply(Action::DieOff { dice: [6, 2] }).unwrap();
        game.apply(Action::Roll { dice: [6, 5] }).unwrap();
        let start = game.actions().len();
        let steps = game.legal_plays()[0].steps().to_vec();
        game.apply(Action::Play { steps }).unwrap();
        assert_eq!(takeback_cut(&game, Role::Seat(0)), Ok(start));
        assert_eq!(takeback_cut(&game, Role::Both), Ok(start));
        assert_eq!(
            takeback_cut(&game, Role::Seat(1)).unwrap_err().0,
            ErrorCode::Illegal
        );
        assert_eq!(
            takeback_cut(&game, Role::Spectator).unwrap_err().0,
            ErrorCode::NotYourTurn
        );
    }

    /// A game after its die-off, the winner to roll.
    fn to_roll() -> Game {
        let mut game = Game::new(Rules::default());
        game.apply(Action::DieOff { dice: [6, 2] }).unwrap();
        assert!(matches!(game.phase(), Phase::Roll { .. }));
        game
    }

    /// Dice that must not be asked for: the intent is refused before the roll.
    fn no_roll() -> Result<[u8; 2], Refusal> {
        panic!("rolled for an intent that is refused")
    }

    #[test]
    fn the_movers_turn_action_is_taken_as_sent_and_another_seat_is_refused() {
        let mut game = to_roll();
        game.apply(Action::Roll { dice: [6, 5] }).unwrap();
        let mover = game.to_act().unwrap();
        let steps = game.legal_plays()[0].steps().to_vec();
        let play = ClientMsg::Play {
            steps: steps.clone(),
        };
        for role in [Role::Seat(mover.index()), Role::Both] {
            assert_eq!(
                intent_action(&play, role, &game, no_roll),
                Ok(Action::Play {
                    steps: steps.clone()
                })
            );
        }
        assert_eq!(
            intent_action(&play, Role::Seat(mover.other().index()), &game, no_roll),
            Err((
                ErrorCode::NotYourTurn,
                format!("it is {mover}'s turn, not yours")
            ))
        );
        assert_eq!(
            intent_action(&play, Role::Spectator, &game, no_roll),
            Err((ErrorCode::NotYourTurn, SPECTATORS.to_string()))
        );
    }

    #[test]
    fn a_roll_is_the_movers_in_the_roll_phase_only_with_the_hosts_dice() {
        let game = to_roll();
        let mover = Role::Seat(game.to_act().unwrap().index());
        assert_eq!(
            intent_action(&ClientMsg::Roll, mover, &game, || Ok([3, 1])),
            Ok(Action::Roll { dice: [3, 1] })
        );
        // The host's failure to roll is passed on.
        let failed = (ErrorCode::Unavailable, "no dice".to_string());
        assert_eq!(
            intent_action(&ClientMsg::Roll, mover, &game, || Err(failed.clone())),
            Err(failed)
        );
        let other = Role::Seat(game.to_act().unwrap().other().index());
        for role in [other, Role::Spectator] {
            let refused = intent_action(&ClientMsg::Roll, role, &game, no_roll);
            assert_eq!(refused.unwrap_err().0, ErrorCode::NotYourTurn);
        }
        // Not once the dice are rolled...
        let mut moving = game.clone();
        moving.apply(Action::Roll { dice: [6, 5] }).unwrap();
        assert_eq!(
            intent_action(&ClientMsg::Roll, mover, &moving, no_roll),
            Err((ErrorCode::Illegal, "it is not time to roll".to_string()))
        );
        // ... nor while nobody is to act (the die-off is the host's).
        let new = Game::new(Rules::default());
        assert_eq!(new.to_act(), None);
        let refused = intent_action(&ClientMsg::Roll, Role::Both, &new, no_roll).unwrap_err();
        assert_eq!(refused.0, ErrorCode::Illegal);
        assert!(refused.1.contains("the game is over"), "{}", refused.1);
    }

    #[test]
    fn a_seat_resigns_itself_and_one_screen_resigns_whoever_is_to_act() {
        let game = to_roll();
        let mover = game.to_act().unwrap();
        for player in [Player::Zero, Player::One] {
            assert_eq!(
                intent_action(
                    &ClientMsg::Resign,
                    Role::Seat(player.index()),
                    &game,
                    no_roll
                ),
                Ok(Action::Resign { player })
            );
        }
        assert_eq!(
            intent_action(&ClientMsg::Resign, Role::Both, &game, no_roll),
            Ok(Action::Resign { player: mover })
        );
        assert_eq!(
            intent_action(&ClientMsg::Resign, Role::Spectator, &game, no_roll),
            Err((ErrorCode::NotYourTurn, SPECTATORS.to_string()))
        );
        // On one screen with nobody to act there is nobody to resign.
        let new = Game::new(Rules::default());
        assert_eq!(
            intent_action(&ClientMsg::Resign, Role::Both, &new, no_roll),
            Err((
                ErrorCode::Illegal,
                "nobody is to act: nothing to resign".to_string()
            ))
        );
    }

    #[test]
    fn the_next_game_is_anyones_but_a_spectators_and_other_messages_are_malformed() {
        let game = to_roll();
        for role in [Role::Seat(0), Role::Seat(1), Role::Both] {
            assert_eq!(
                intent_action(&ClientMsg::NextGame, role, &game, no_roll),
                Ok(Action::NextGame)
            );
        }
        assert_eq!(
            intent_action(&ClientMsg::NextGame, Role::Spectator, &game, no_roll),
            Err((ErrorCode::NotYourTurn, SPECTATORS.to_string()))
        );
        let refused = intent_action(&ClientMsg::Ping, Role::Both, &game, no_roll).unwrap_err();
        assert_eq!(
            refused,
            (
                ErrorCode::Malformed,
                "Ping is not a game action".to_string()
            )
        );
    }

    #[test]
    fn a_hint_is_for_the_mover_against_the_computer_only() {
        let mut game = to_roll();
        let bot = Some("bot");
        let code = |r: Result<&str, Refusal>| r.unwrap_err().0;
        // Before the dice are rolled there is nothing to hint.
        assert_eq!(
            code(may_hint(&game, Role::Both, bot)),
            ErrorCode::NotYourTurn
        );
        game.apply(Action::Roll { dice: [6, 5] }).unwrap();
        let mover = game.to_act().unwrap().index();
        assert_eq!(may_hint(&game, Role::Seat(mover), bot), Ok("bot"));
        assert_eq!(may_hint(&game, Role::Both, bot), Ok("bot"));
        assert_eq!(
            code(may_hint(&game, Role::Seat(1 - mover), bot)),
            ErrorCode::NotYourTurn
        );
        assert_eq!(
            code(may_hint(&game, Role::Spectator, bot)),
            ErrorCode::NotYourTurn
        );
        // Between people, never.
        assert_eq!(
            code(may_hint(&game, Role::Seat(mover), None::<&str>)),
            ErrorCode::Illegal
        );
    }

    #[test]
    fn the_view_of_a_new_game_waits_for_the_die_off() {
        let game = Game::new(acey_rules::Rules::default());
        let json = serde_json::to_value(View::of(&game)).unwrap();
        assert_eq!(json["phase"]["phase"], "die-off");
        assert_eq!(json["n"], 0);
        assert!(json["dice"].is_null());
        assert_eq!(json["pips"][0], 375);
    }

    /// A view of `position` with player 0 to play `dice`.
    fn view_after_roll(position: serde_json::Value, dice: [u8; 2]) -> View {
        let position: Position = serde_json::from_value(position).unwrap();
        let mut game = Game::from_position(acey_rules::Rules::default(), position).unwrap();
        game.apply(Action::Roll { dice }).unwrap();
        View::of(&game)
    }

    #[test]
    fn a_turn_with_one_legal_play_is_forced_and_says_so_only_then() {
        // The last checker on the 2-point: a 6-5 bears it off, and nothing else can be played.
        let mut board = [0i8; 24];
        board[1] = 1;
        let last = serde_json::json!({"board": board, "bar": [0, 0], "start": [0, 15], "off": [14, 0], "turn": 0});
        let view = view_after_roll(last, [6, 5]);
        assert!(view.turn.as_ref().unwrap().forced);
        assert_eq!(serde_json::to_value(&view).unwrap()["turn"]["forced"], true);
        // All fifteen in the start: many ways to enter a 3-1, and the field is left out.
        let empty = [0i8; 24];
        let start = serde_json::json!({"board": empty, "bar": [0, 0], "start": [15, 15], "off": [0, 0], "turn": 0});
        let view = view_after_roll(start, [3, 1]);
        assert!(!view.turn.as_ref().unwrap().forced);
        assert!(serde_json::to_value(&view).unwrap()["turn"]
            .get("forced")
            .is_none());
    }

    #[test]
    fn created_rules_take_the_match_length_and_refuse_a_long_one() {
        assert_eq!(create_rules(None, None).unwrap().match_target, Some(1));
        assert_eq!(
            create_rules(Some("  "), Some(0)).unwrap().match_target,
            None
        );
        assert_eq!(
            create_rules(Some("american"), Some(7))
                .unwrap()
                .match_target,
            Some(7)
        );
        assert!(create_rules(None, Some(MAX_MATCH + 1))
            .unwrap_err()
            .contains("1 to 99"));
        assert!(create_rules(Some("no-such-preset"), None).is_err());
    }

    #[test]
    fn roles_read_as_the_server_writes_them() {
        let role: Role = serde_json::from_str(r#"{"seat":1}"#).unwrap();
        assert_eq!(role, Role::Seat(1));
        let role: Role = serde_json::from_str(r#""spectator""#).unwrap();
        assert_eq!(role, Role::Spectator);
        assert_eq!(Role::Seat(1).viewer(), Player::One);
        assert_eq!(Role::Both.viewer(), Player::Zero);
        for m in [Mode::Computer, Mode::Friend, Mode::Local] {
            assert_eq!(serde_json::to_value(m).unwrap(), m.as_str());
            assert_eq!(Mode::parse(m.as_str()), Some(m));
        }
    }
}
