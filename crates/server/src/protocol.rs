//! The WebSocket protocol, version [`VERSION`]: JSON text messages with a `type` field. The full
//! description, with examples, is `docs/protocol.md`.
//!
//! A client creates or joins a game and then sends intents; the server answers a join with the
//! whole state ([`ServerMsg::Joined`]) and then sends every accepted action with what changed
//! ([`ServerMsg::Update`]). A refused message gets [`ServerMsg::Error`] and changes nothing.

use acey_rules::{Action, Cube, Dest, Game, Phase, PlayRecord, Player, Position, Source, Step};
use serde::{Deserialize, Serialize};

use crate::storage::{GameMeta, Mode};

/// The protocol version. Version 2 added the lobby, names, chat and clocks; a version-1
/// client's messages are all still understood (it ignores the fields added since), so both are
/// accepted and any other is refused.
pub const VERSION: u32 = 2;

/// The oldest version still spoken.
pub const OLDEST_VERSION: u32 = 1;

/// What a client may send. Any message may also carry a numeric `id`, echoed in the error or
/// hint that answers it ([`parse_client`] takes it off before parsing the rest).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Start a new game and take a seat in it.
    Create {
        /// Protocol version (optional; must be [`VERSION`] when given).
        #[serde(default)]
        v: Option<u32>,
        /// `computer`, `friend` or `local`.
        mode: Mode,
        /// Rule string, e.g. `american` or `bgammon,doubling_cube=true` (default `american`).
        #[serde(default)]
        rules: Option<String>,
        /// Match length in points; 0 or absent: a single game.
        #[serde(default, rename = "match")]
        match_to: Option<u32>,
        /// Bot level for `computer` games (default `casual`).
        #[serde(default)]
        level: Option<String>,
        /// Seat of the person in `computer` and `friend` games: 0 (default) or 1.
        #[serde(default)]
        seat: Option<usize>,
    },
    /// Join a game: with a seat's token to (re)take the seat, without one to take a free seat
    /// of a `friend` game or else to watch.
    Join {
        /// Protocol version (optional; must be [`VERSION`] when given).
        #[serde(default)]
        v: Option<u32>,
        /// The game id.
        game: String,
        /// A seat token kept from an earlier join or create.
        #[serde(default)]
        token: Option<String>,
        /// Only watch, even when a seat is free.
        #[serde(default)]
        watch: bool,
    },
    /// Move one checker (the step view): `from` a point 1-24 (from the mover's side), `bar` or
    /// `start`; `to` a point or `off`; `die` the die used.
    Step {
        /// Origin.
        from: Source,
        /// Destination.
        to: Dest,
        /// The die used.
        die: u8,
    },
    /// Take back the last step of this play.
    Undo,
    /// Finish the play once no step is left.
    Confirm,
    /// A whole play at once.
    Play {
        /// The steps in order.
        steps: Vec<Step>,
    },
    /// Roll (only asked for when the cube could be offered instead).
    Roll,
    /// Name the double after a fully played 1-2.
    NameDouble {
        /// 1 to 6.
        value: u8,
    },
    /// Offer the cube.
    Double,
    /// Accept the cube.
    Take,
    /// Refuse the cube.
    Drop,
    /// Resign the current game.
    Resign,
    /// Start the next game of the match.
    NextGame,
    /// Ask for the bot's ranked plays (games against the computer only).
    Hint,
    /// Play again with the same settings once the game is over. Against the computer and on one
    /// screen the new game starts at once; between friends this offers a rematch, and the other
    /// seat's `rematch` accepts it (so two players who both ask start it).
    Rematch,
    /// Decline the other seat's rematch offer (friend games).
    RematchDecline,
    /// Keep-alive; answered with `pong`.
    Ping,
    /// Say who you are (version 2): a guest gives the name to play under; a player logged in
    /// (the session cookie) is known already and the name is ignored. Answered with `welcome`.
    Hello {
        /// Protocol version (optional; must be spoken here when given).
        #[serde(default)]
        v: Option<u32>,
        /// A guest's name.
        #[serde(default)]
        name: Option<String>,
    },
    /// Watch the lobby: answered with `lobby`, then its changes until a game is joined.
    Lobby,
    /// Offer a game to anyone in the lobby.
    Challenge {
        /// Rule string (default `american`).
        #[serde(default)]
        rules: Option<String>,
        /// Match length (default 1: a single game).
        #[serde(default, rename = "match")]
        match_to: Option<u32>,
        /// A clock, as `3+12` or `30/turn`; none when absent.
        #[serde(default)]
        clock: Option<String>,
        /// Whether the result is rated (accounts only).
        #[serde(default)]
        rated: bool,
    },
    /// Withdraw your challenge or quick-pairing seek.
    Cancel {
        /// Its id.
        challenge: String,
    },
    /// Accept a challenge: the game starts at once.
    Accept {
        /// Its id.
        challenge: String,
    },
    /// Quick pairing: wait in a pool until someone presses the same button.
    Seek {
        /// The pool id (`american`, `american-match`, `bgammon`, `backgammon`).
        pool: String,
    },
    /// Write in the game's chat.
    Chat {
        /// The line (plain text, at most 300 characters).
        text: String,
        /// `players` (the default for a player) or `spectators` (the default, and the only
        /// choice, for a spectator).
        #[serde(default)]
        channel: Option<crate::chat::Channel>,
    },
    /// Claim the game of an opponent who has been gone on their own turn for two minutes (games
    /// without clocks).
    Claim,
}

/// Reads a client message: its optional numeric `id` and the message. On failure, says why in
/// words a client developer can act on (and still returns the id when one could be read).
pub fn parse_client(text: &str) -> (Option<u64>, Result<ClientMsg, String>) {
    let mut value: serde_json::Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return (None, Err(format!("not JSON: {e}"))),
    };
    let Some(obj) = value.as_object_mut() else {
        return (None, Err("a message is a JSON object".to_string()));
    };
    let id = match obj.remove("id") {
        None | Some(serde_json::Value::Null) => None,
        Some(v) => match v.as_u64() {
            Some(id) => Some(id),
            None => {
                return (
                    None,
                    Err("\"id\" must be a non-negative integer".to_string()),
                )
            }
        },
    };
    if !obj.contains_key("type") {
        return (id, Err("a message needs a \"type\"".to_string()));
    }
    // Serde lets unit variants of a tagged enum ignore extra fields: refuse them here too.
    const BARE: &[&str] = &[
        "undo",
        "confirm",
        "roll",
        "double",
        "take",
        "drop",
        "resign",
        "next_game",
        "hint",
        "rematch",
        "rematch_decline",
        "ping",
        "lobby",
        "claim",
    ];
    if let Some(t) = obj.get("type").and_then(|t| t.as_str()) {
        if BARE.contains(&t) {
            if let Some(extra) = obj.keys().find(|k| *k != "type") {
                return (
                    id,
                    Err(format!("bad message: unknown field `{extra}` for `{t}`")),
                );
            }
        }
    }
    (
        id,
        serde_json::from_value(value).map_err(|e| format!("bad message: {e}")),
    )
}

/// The seat of a connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
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
}

/// One seat as others see it.
#[derive(Debug, Clone, Serialize)]
pub struct SeatView {
    /// `human` or `bot`.
    pub kind: &'static str,
    /// Whether someone holds the seat (a bot always does).
    pub taken: bool,
}

/// The step view of the play being built.
#[derive(Debug, Clone, Serialize)]
pub struct TurnView {
    /// Position at the start of the play.
    pub start: Position,
    /// Steps taken so far.
    pub steps: Vec<Step>,
    /// Legal next steps (points from the mover's side).
    pub legal: Vec<Step>,
    /// Dice not used yet.
    pub remaining: Vec<u8>,
    /// No step is left: the play can be confirmed.
    pub complete: bool,
}

/// A play of the move log.
#[derive(Debug, Clone, Serialize)]
pub struct LogEntry {
    /// Game number in the match.
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
#[derive(Debug, Clone, Serialize)]
pub struct View {
    /// Actions accepted so far.
    pub n: usize,
    /// Who must do what.
    pub phase: Phase,
    /// The player the game waits for.
    pub to_act: Option<Player>,
    /// The position, with the steps of the play being built applied.
    pub position: Position,
    /// The 15-character acey position ID of `position`.
    pub position_id: String,
    /// Pip counts, player 0 first.
    pub pips: [u32; 2],
    /// The last dice rolled (die-off dice during the die-off).
    pub dice: Option<[u8; 2]>,
    /// The step view while a play is being built.
    pub turn: Option<TurnView>,
    /// The doubles that may be named now.
    pub nameable: Vec<u8>,
    /// The cube.
    pub cube: Cube,
    /// Whether the player to roll may offer the cube.
    pub may_double: bool,
    /// Points, player 0 first.
    pub score: [u32; 2],
    /// Game number in the match.
    pub game_number: u32,
    /// The match winner, when the match is over.
    pub match_winner: Option<Player>,
    /// Plays in the log so far (the log itself is in the full state).
    pub log_len: usize,
    /// What resigning now would cost each player (player 0 first): the points the opponent
    /// would score, cube included (R9.2; the position as it stood when the play began).
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
#[derive(Debug, Clone, Serialize)]
pub struct GameInfo {
    /// Game id.
    pub game: String,
    /// How it is played.
    pub mode: Mode,
    /// The rule set as a rule string.
    pub rules: String,
    /// Match length (`None`: a single game or an open session).
    #[serde(rename = "match")]
    pub match_to: Option<u32>,
    /// The bot's level in games against the computer.
    pub level: Option<String>,
    /// Both seats.
    pub seats: [SeatView; 2],
    /// The game this is a rematch of.
    pub rematch_of: Option<String>,
    /// What a win is worth (R9.2): `checker-count`, `single` or `gammon-backgammon`.
    pub scoring: &'static str,
    /// Whether the doubling cube is in play.
    pub cube: bool,
    /// Who sits at each seat, when known.
    pub players: [Option<PlayerView>; 2],
    /// Whether the result is rated.
    pub rated: bool,
    /// The time control, for a game with clocks.
    pub clock: Option<crate::clock::TimeControl>,
}

/// A player as others see them.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerView {
    /// The name.
    pub name: String,
    /// Whether it is an account's (a guest's is not).
    pub registered: bool,
    /// The account's rating for this game's family and kind.
    pub rating: Option<f64>,
}

/// Both clocks, as they stand when the message is sent.
#[derive(Debug, Clone, Serialize)]
pub struct ClockView {
    /// The control.
    pub control: crate::clock::TimeControl,
    /// Milliseconds left to each seat.
    pub left_ms: [u64; 2],
    /// The seat whose time is running.
    pub running: Option<usize>,
}

impl ClockView {
    /// The view of a clock at `now` (unix ms).
    pub fn of(clock: &crate::clock::Clock, now: u64) -> ClockView {
        ClockView {
            control: clock.control,
            left_ms: [clock.left_ms(0, now), clock.left_ms(1, now)],
            running: clock.running.map(|(s, _)| s),
        }
    }
}

impl GameInfo {
    /// The public description of a game (tokens are never part of it).
    pub fn of(meta: &GameMeta) -> GameInfo {
        let seat = |i: usize| {
            if meta.bot_seat == Some(i) {
                SeatView {
                    kind: "bot",
                    taken: true,
                }
            } else {
                SeatView {
                    kind: "human",
                    taken: meta.tokens[i].is_some(),
                }
            }
        };
        GameInfo {
            game: meta.id.clone(),
            mode: meta.mode,
            rules: meta.rules.to_string(),
            match_to: meta.rules.match_target,
            level: meta.level.clone(),
            seats: [seat(0), seat(1)],
            rematch_of: meta.rematch_of.clone(),
            scoring: meta.rules.scoring.as_str(),
            cube: meta.rules.doubling_cube,
            players: [0, 1].map(|i| {
                meta.online.players[i].as_ref().map(|p| PlayerView {
                    registered: p.account.is_some(),
                    name: p.name.clone(),
                    rating: meta.online.ratings[i],
                })
            }),
            rated: meta.online.rated,
            clock: meta.online.clock.map(|c| c.control),
        }
    }
}

/// A ranked play of a hint.
#[derive(Debug, Clone, Serialize)]
pub struct HintPlay {
    /// The play in notation (with the named double and its play after a 1-2).
    pub notation: String,
    /// Expected points for the mover.
    pub equity: f32,
    /// The steps of the play of the rolled dice.
    pub steps: Vec<Step>,
}

/// What the server sends.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The answer to create or join: the whole state.
    Joined {
        /// Protocol version.
        v: u32,
        /// The game.
        info: GameInfo,
        /// This connection's role.
        role: Role,
        /// The seat token to keep (absent for spectators).
        token: Option<String>,
        /// The state (boxed: the joined message is rare and the largest).
        view: Box<View>,
        /// The whole move log.
        log: Vec<LogEntry>,
        /// The seat that has offered a rematch still unanswered (friend games), if any.
        rematch_offer: Option<usize>,
        /// The rematch's game id, once it has started.
        rematch: Option<String>,
        /// Both clocks, for a game with clocks.
        clock: Option<ClockView>,
        /// The chat so far that this connection may read.
        chat: Vec<crate::chat::ChatLine>,
        /// Whether each seat has someone connected, and for how long each has been gone (ms).
        presence: Presence,
    },
    /// An accepted action and the state after it.
    Update {
        /// The action.
        action: Action,
        /// The state after it.
        view: View,
        /// Plays the action added to the log.
        log: Vec<LogEntry>,
        /// Both clocks after it, for a game with clocks.
        clock: Option<ClockView>,
    },
    /// A seat was taken (a friend joined).
    Seats {
        /// Both seats.
        seats: [SeatView; 2],
        /// Who sits at them, when known.
        players: [Option<PlayerView>; 2],
    },
    /// A rematch was started: join this game with the same token.
    Rematch {
        /// The new game's id.
        game: String,
    },
    /// A seat offers a rematch (friend games): the other seat accepts with `rematch` or declines
    /// with `rematch_decline`.
    RematchOffer {
        /// The seat that offers.
        by: usize,
    },
    /// A seat declined the rematch offer; the offer is gone.
    RematchDeclined {
        /// The seat that declined.
        by: usize,
    },
    /// The bot's ranked plays for the current roll.
    Hint {
        /// Echo of the request id.
        id: Option<u64>,
        /// Best first.
        plays: Vec<HintPlay>,
    },
    /// A refused message; nothing changed.
    Error {
        /// Echo of the request id, when the message had one.
        id: Option<u64>,
        /// A short machine-readable kind.
        code: ErrorCode,
        /// What went wrong, for a person.
        message: String,
    },
    /// The answer to ping.
    Pong,
    /// The answer to hello: the name this connection plays under.
    Welcome {
        /// Protocol version.
        v: u32,
        /// The name.
        name: String,
        /// Whether it is an account's.
        registered: bool,
    },
    /// The whole lobby (the answer to `lobby`).
    Lobby(LobbyView),
    /// A challenge appeared in the lobby.
    ChallengeAdded {
        /// It.
        challenge: crate::lobby::Challenge,
    },
    /// A challenge left the lobby (taken, cancelled, or its creator left).
    ChallengeRemoved {
        /// Its id.
        id: String,
    },
    /// How many wait in each quick-pairing pool now.
    Pools {
        /// Every pool.
        pools: Vec<PoolView>,
    },
    /// The lobby games being played now.
    Playing {
        /// Newest first.
        games: Vec<crate::store::LiveGame>,
    },
    /// Connections open now.
    Online {
        /// How many.
        n: usize,
    },
    /// This connection waits in a quick-pairing pool (cancel with the id).
    Seeking {
        /// The pool.
        pool: String,
        /// The seek's id.
        id: String,
    },
    /// Your challenge or seek was taken: join this game with this token.
    Paired {
        /// The game.
        game: String,
        /// Your seat's token.
        token: String,
    },
    /// A chat line.
    Chat {
        /// It.
        line: crate::chat::ChatLine,
    },
    /// Who is connected at each seat.
    Presence {
        /// It.
        presence: Presence,
    },
}

/// The whole lobby: the `lobby` message, and `GET /api/lobby`.
#[derive(Debug, Clone, Serialize)]
pub struct LobbyView {
    /// Open challenges, oldest first.
    pub challenges: Vec<crate::lobby::Challenge>,
    /// The quick-pairing pools and how many wait in each.
    pub pools: Vec<PoolView>,
    /// Lobby games being played now.
    pub playing: Vec<crate::store::LiveGame>,
    /// Connections open now.
    pub online: usize,
}

/// A quick-pairing pool as the lobby shows it.
#[derive(Debug, Clone, Serialize)]
pub struct PoolView {
    /// The pool and its settings.
    #[serde(flatten)]
    pub pool: crate::lobby::Pool,
    /// Players waiting in it.
    pub waiting: usize,
}

/// Whether each seat has someone connected.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Presence {
    /// Seat 0 first.
    pub connected: [bool; 2],
    /// For a seat with nobody connected, milliseconds since the last one left.
    pub away_ms: [Option<u64>; 2],
}

/// Kinds of error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, or not a message of this protocol.
    Malformed,
    /// Longer than the size limit.
    TooLarge,
    /// Too many messages too fast.
    RateLimited,
    /// Another protocol version.
    Version,
    /// No such game.
    NotFound,
    /// Not joined yet, or already joined.
    NotJoined,
    /// The connection does not hold the seat that must act (or watches only).
    NotYourTurn,
    /// The game refused the action.
    Illegal,
    /// A bad setting in create (rules, level, match).
    BadSettings,
    /// The server could not store the action; nothing changed.
    Unavailable,
    /// The game has reached the most actions a game may hold.
    TooLong,
    /// Not allowed to this connection (a rated challenge without an account, a claim too early,
    /// chat in a channel not yours).
    Forbidden,
    /// The name belongs to an account: log in to use it, or choose another.
    NameTaken,
    /// The challenge is gone (taken, cancelled, or its creator left).
    Gone,
}

impl ServerMsg {
    /// The message as a JSON text.
    pub fn to_json(&self) -> String {
        // Every field is plain data: serialising cannot fail.
        serde_json::to_string(self).unwrap_or_else(|e| {
            format!("{{\"type\":\"error\",\"code\":\"unavailable\",\"message\":\"{e}\"}}")
        })
    }

    /// An error reply.
    pub fn error(id: Option<u64>, code: ErrorCode, message: impl Into<String>) -> ServerMsg {
        ServerMsg::Error {
            id,
            code,
            message: message.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intents_parse_with_ids_and_unknown_fields_are_refused() {
        let (id, m) = parse_client(r#"{"type":"step","from":"start","to":22,"die":3,"id":4}"#);
        assert_eq!(id, Some(4));
        assert_eq!(
            m.unwrap(),
            ClientMsg::Step {
                from: Source::Start,
                to: Dest::Point(22),
                die: 3
            }
        );
        assert_eq!(
            parse_client(r#"{"type":"undo"}"#).1.unwrap(),
            ClientMsg::Undo
        );
        assert!(parse_client(r#"{"type":"fly"}"#).1.is_err());
        assert!(parse_client(r#"{"type":"undo","extra":1}"#).1.is_err());
        assert!(parse_client(r#"{"type":"step","from":30,"to":2,"die":1}"#)
            .1
            .is_err());
        assert!(parse_client("[1,2]").1.is_err());
        assert!(parse_client("nonsense").1.is_err());
        let (_, c) = parse_client(r#"{"type":"create","mode":"computer","match":3}"#);
        assert!(matches!(
            c.unwrap(),
            ClientMsg::Create {
                match_to: Some(3),
                ..
            }
        ));
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
}
