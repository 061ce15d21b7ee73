//! The server's messages as the terminal client reads them (protocol version 2, the one the
//! browser speaks; `crates/server/src/protocol.rs` writes them). Every field the client does
//! not use is ignored and every field it may miss has a default, so a newer server's extra
//! fields or messages never break it: an unknown message type reads as [`ServerMsg::Other`].

use acey_rules::{Action, Cube, GameEnd, Player, PoolKind, Position, Step};
use acey_server::clock::TimeControl;
use serde::Deserialize;

/// The protocol version the client speaks.
pub const VERSION: u32 = 2;

/// What the server sends.
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The answer to join: the whole state.
    Joined(Box<Joined>),
    /// An accepted action and the state after it.
    Update {
        /// The action.
        action: Action,
        /// The state after it.
        view: Box<View>,
        /// Plays the action added to the log.
        #[serde(default)]
        log: Vec<LogEntry>,
        /// Both clocks, for a game with clocks.
        #[serde(default)]
        clock: Option<ClockView>,
    },
    /// A seat was taken.
    Seats {
        /// Who sits at them.
        #[serde(default)]
        players: [Option<PlayerView>; 2],
    },
    /// A rematch was started: join it with the same token.
    Rematch {
        /// The new game.
        game: String,
    },
    /// A seat offers a rematch.
    RematchOffer {
        /// The seat.
        by: usize,
    },
    /// A seat declined the rematch.
    RematchDeclined {
        /// The seat.
        by: usize,
    },
    /// A refused message.
    Error {
        /// The kind (`illegal`, `gone`, ...).
        code: String,
        /// For a person.
        message: String,
    },
    /// The answer to ping.
    Pong,
    /// The answer to hello.
    Welcome {
        /// The name this connection plays under.
        name: String,
        /// Whether it is an account's.
        registered: bool,
    },
    /// The whole lobby.
    Lobby {
        /// Open challenges, oldest first.
        #[serde(default)]
        challenges: Vec<Challenge>,
        /// The quick-pairing pools.
        #[serde(default)]
        pools: Vec<PoolView>,
        /// Games being played.
        #[serde(default)]
        playing: Vec<LiveGame>,
        /// Connections open.
        #[serde(default)]
        online: usize,
    },
    /// A challenge appeared.
    ChallengeAdded {
        /// It.
        challenge: Challenge,
    },
    /// A challenge left the lobby.
    ChallengeRemoved {
        /// Its id.
        id: String,
    },
    /// How many wait in each pool.
    Pools {
        /// Every pool.
        pools: Vec<PoolView>,
    },
    /// The games being played.
    Playing {
        /// Newest first.
        games: Vec<LiveGame>,
    },
    /// Connections open.
    Online {
        /// How many.
        n: usize,
    },
    /// This connection waits in a pool.
    Seeking {
        /// The pool.
        pool: String,
        /// The seek's id (cancel with it).
        id: String,
    },
    /// A challenge or seek was taken: join this game with this token.
    Paired {
        /// The game.
        game: String,
        /// The seat's token.
        token: String,
    },
    /// A chat line.
    Chat {
        /// It.
        line: ChatLine,
    },
    /// Who is connected at each seat.
    Presence {
        /// It.
        presence: Presence,
    },
    /// A message this client does not use (hints, newer kinds).
    #[serde(other)]
    Other,
}

/// The answer to join.
#[derive(Debug, Clone, Deserialize)]
pub struct Joined {
    /// The game.
    pub info: GameInfo,
    /// This connection's role.
    pub role: Role,
    /// The seat token (absent for spectators).
    #[serde(default)]
    pub token: Option<String>,
    /// The state.
    pub view: View,
    /// The whole move log.
    #[serde(default)]
    pub log: Vec<LogEntry>,
    /// The seat with an unanswered rematch offer.
    #[serde(default)]
    pub rematch_offer: Option<usize>,
    /// Both clocks.
    #[serde(default)]
    pub clock: Option<ClockView>,
    /// The chat so far.
    #[serde(default)]
    pub chat: Vec<ChatLine>,
    /// Who is connected.
    #[serde(default)]
    pub presence: Presence,
}

/// A connection's role in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Seat 0 or 1.
    Seat(usize),
    /// Both seats (same screen).
    Both,
    /// Watching.
    Spectator,
}

impl Role {
    /// Whether this role acts for `player`.
    pub fn controls(self, player: Player) -> bool {
        match self {
            Role::Seat(s) => s == player.index(),
            Role::Both => true,
            Role::Spectator => false,
        }
    }

    /// The side the board is seen from.
    pub fn viewer(self) -> Player {
        match self {
            Role::Seat(1) => Player::One,
            _ => Player::Zero,
        }
    }
}

/// A game's description.
#[derive(Debug, Clone, Deserialize)]
pub struct GameInfo {
    /// Game id.
    pub game: String,
    /// The rule string.
    pub rules: String,
    /// The match length.
    #[serde(default, rename = "match")]
    pub match_to: Option<u32>,
    /// Who sits at each seat.
    #[serde(default)]
    pub players: [Option<PlayerView>; 2],
    /// Whether rated.
    #[serde(default)]
    pub rated: bool,
    /// The time control.
    #[serde(default)]
    pub clock: Option<TimeControl>,
    /// Whether the cube is in play.
    #[serde(default)]
    pub cube: bool,
}

/// A player as others see them.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct PlayerView {
    /// The name.
    pub name: String,
    /// Whether it is an account's.
    #[serde(default)]
    pub registered: bool,
}

/// The phase, as the server writes `acey_rules::Phase` (tagged by `phase`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct PhaseView {
    /// `die-off`, `roll`, `cube-offered`, `move`, `name-double` or `game-over`.
    pub phase: String,
    /// Who rolls, moves or names.
    #[serde(default)]
    pub player: Option<Player>,
    /// Who doubled.
    #[serde(default)]
    pub by: Option<Player>,
    /// The dice of a move.
    #[serde(default)]
    pub pool: Option<Vec<u8>>,
    /// What kind of pool.
    #[serde(default)]
    pub kind: Option<PoolKind>,
    /// Who won.
    #[serde(default)]
    pub winner: Option<Player>,
    /// Points won.
    #[serde(default)]
    pub points: Option<u32>,
    /// How the game ended.
    #[serde(default)]
    pub how: Option<GameEnd>,
}

/// The step view of the play being built.
#[derive(Debug, Clone, Deserialize)]
pub struct TurnView {
    /// Position at the start of the play.
    pub start: Position,
    /// Steps taken.
    #[serde(default)]
    pub steps: Vec<Step>,
    /// Legal next steps.
    #[serde(default)]
    pub legal: Vec<Step>,
    /// Dice not used yet.
    #[serde(default)]
    pub remaining: Vec<u8>,
}

/// The state of a game.
#[derive(Debug, Clone, Deserialize)]
pub struct View {
    /// Actions accepted so far.
    pub n: usize,
    /// Who must do what.
    pub phase: PhaseView,
    /// Who the game waits for.
    #[serde(default)]
    pub to_act: Option<Player>,
    /// The position (the play being built applied).
    pub position: Position,
    /// Pip counts.
    #[serde(default)]
    pub pips: [u32; 2],
    /// The last dice.
    #[serde(default)]
    pub dice: Option<[u8; 2]>,
    /// The play being built.
    #[serde(default)]
    pub turn: Option<TurnView>,
    /// The doubles that may be named.
    #[serde(default)]
    pub nameable: Vec<u8>,
    /// The cube.
    pub cube: Cube,
    /// Whether the player to roll may double.
    #[serde(default)]
    pub may_double: bool,
    /// Points.
    #[serde(default)]
    pub score: [u32; 2],
    /// Game number in the match.
    #[serde(default)]
    pub game_number: u32,
    /// The match winner.
    #[serde(default)]
    pub match_winner: Option<Player>,
    /// What resigning would cost each player.
    #[serde(default)]
    pub resign_points: [u32; 2],
}

/// A play of the log.
#[derive(Debug, Clone, Deserialize)]
pub struct LogEntry {
    /// Who played.
    pub player: Player,
    /// The play in notation, dice first.
    pub notation: String,
}

/// Both clocks as the server sent them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct ClockView {
    /// The control.
    pub control: TimeControl,
    /// Milliseconds left to each seat.
    pub left_ms: [u64; 2],
    /// The seat whose time runs.
    #[serde(default)]
    pub running: Option<usize>,
}

/// A chat line.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ChatLine {
    /// `players` or `spectators`.
    pub channel: String,
    /// Who wrote it.
    pub from: String,
    /// The writer's seat.
    #[serde(default)]
    pub seat: Option<usize>,
    /// The text, plain.
    pub text: String,
}

/// Who is connected at each seat.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
pub struct Presence {
    /// Seat 0 first.
    #[serde(default)]
    pub connected: [bool; 2],
    /// For a seat with nobody: milliseconds since they left.
    #[serde(default)]
    pub away_ms: [Option<u64>; 2],
}

/// An open challenge.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Challenge {
    /// Its id.
    pub id: String,
    /// Who made it.
    pub name: String,
    /// Whether its maker has an account.
    #[serde(default)]
    pub registered: bool,
    /// The maker's rating.
    #[serde(default)]
    pub rating: Option<f64>,
    /// The rule string.
    pub rules: String,
    /// Match length.
    #[serde(rename = "match", default)]
    pub match_to: u32,
    /// The clock.
    #[serde(default)]
    pub clock: Option<TimeControl>,
    /// Whether rated.
    #[serde(default)]
    pub rated: bool,
}

/// A quick-pairing pool.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct PoolView {
    /// Its id (`american`, ...).
    pub id: String,
    /// The preset.
    pub rules: String,
    /// Match length.
    #[serde(rename = "match", default)]
    pub match_to: u32,
    /// The clock.
    pub clock: TimeControl,
    /// Players waiting.
    #[serde(default)]
    pub waiting: usize,
}

/// A game being played.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct LiveGame {
    /// The game id.
    pub id: String,
    /// Both players.
    pub names: [String; 2],
    /// The rule string.
    pub rules: String,
    /// Whether rated.
    #[serde(default)]
    pub rated: bool,
}

/// Reads one text frame; a message that is not JSON of this protocol says so.
pub fn parse(text: &str) -> Result<ServerMsg, String> {
    serde_json::from_str(text)
        .map_err(|e| crate::i18n::t!("term-error-unreadable-message", reason = e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_servers_own_messages_read_back() {
        let game = acey_rules::Game::new(acey_rules::Rules::default());
        let view = serde_json::to_string(&acey_server::protocol::View::of(&game)).unwrap();
        let text = format!(
            r#"{{"type":"update","action":{{"action":"die-off","dice":[3,5]}},"view":{view},"log":[],"clock":{{"control":{{"kind":"fischer","base":180,"increment":12}},"left_ms":[1000,2000],"running":1}}}}"#
        );
        match parse(&text).unwrap() {
            ServerMsg::Update { view, clock, .. } => {
                assert_eq!(view.phase.phase, "die-off");
                assert_eq!(clock.unwrap().running, Some(1));
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            parse(r#"{"type":"hint","plays":[]}"#).unwrap(),
            ServerMsg::Other
        ));
        assert!(parse("nonsense").is_err());
        let role: Role = serde_json::from_str(r#"{"seat":1}"#).unwrap();
        assert_eq!(role, Role::Seat(1));
        let role: Role = serde_json::from_str(r#""spectator""#).unwrap();
        assert_eq!(role, Role::Spectator);
    }
}
