//! What the server sends: [`ServerMsg`], its variants grouped by family (game, hello, lobby,
//! chat, error).
//!
//! A client reads these leniently ([`ServerMsg::parse`]): fields it does not know are ignored,
//! most fields it may miss have defaults, and a message type it does not know reads as
//! [`ServerMsg::Other`], so a newer server's additions never break an older client.

use acey_rules::Action;
use serde::{Deserialize, Serialize};

use crate::chat::ChatLine;
use crate::clock::ClockView;
use crate::error::ErrorCode;
use crate::game::{
    HintPlay, Joined, LogEntry, PlayerView, Presence, RatingChange, SeatView, Unrated, View,
};
use crate::lobby::{Challenge, LiveGame, LobbyView, PoolView};

/// What the server sends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ServerMsg {
    // The game family.
    /// The answer to create or join: the whole state.
    // Boxed: the joined message is rare and the largest.
    Joined(Box<Joined>),
    /// An accepted action and the state after it.
    Update {
        /// The action.
        action: Action,
        /// The state after it.
        // Boxed: the largest part of the most frequent message, which keeps ServerMsg small.
        view: Box<View>,
        /// Plays the action added to the log.
        #[serde(default)]
        log: Vec<LogEntry>,
        /// Both clocks after it, for a game with clocks.
        #[serde(default)]
        clock: Option<ClockView>,
    },
    /// A seat was taken (a friend joined).
    Seats {
        /// Both seats.
        #[serde(default)]
        seats: [SeatView; 2],
        /// Who sits at them, when known.
        #[serde(default)]
        players: [Option<PlayerView>; 2],
    },
    /// Who is connected at each seat.
    Presence {
        /// It.
        presence: Presence,
    },
    /// A game offered as rated ended without moving the ratings, and why (the game's
    /// [`GameInfo::unrated`](crate::GameInfo::unrated) says so from now on).
    NotRated {
        /// Why.
        reason: Unrated,
    },
    /// A rated game ended and moved both players' ratings: each seat's before and after.
    Rated {
        /// Seat 0's first.
        ratings: [RatingChange; 2],
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
        #[serde(default)]
        id: Option<u64>,
        /// Best first.
        #[serde(default)]
        plays: Vec<HintPlay>,
    },
    // The hello family.
    /// The answer to ping.
    Pong,
    /// The answer to hello: the name this connection plays under.
    Welcome {
        /// Protocol version.
        #[serde(default)]
        v: u32,
        /// The name.
        name: String,
        /// Whether it is an account's.
        #[serde(default)]
        registered: bool,
        /// For a name a guest chose: the secret that takes it back in the next `hello`
        /// (kept by the client, never shown).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        claim: Option<String>,
    },
    // The lobby family.
    /// The whole lobby (the answer to `lobby`).
    Lobby(LobbyView),
    /// A challenge appeared in the lobby.
    ChallengeAdded {
        /// It.
        challenge: Challenge,
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
        games: Vec<LiveGame>,
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
    // The chat family.
    /// A chat line.
    Chat {
        /// It.
        line: ChatLine,
    },
    // The error family.
    /// A refused message; nothing changed.
    Error {
        /// Echo of the request id, when the message had one.
        #[serde(default)]
        id: Option<u64>,
        /// A short machine-readable kind.
        code: ErrorCode,
        /// What went wrong, for a person.
        #[serde(default)]
        message: String,
    },
    /// A message of a type this version does not know, from a newer server (read only: never
    /// sent).
    #[serde(other)]
    #[cfg_attr(feature = "ts", ts(skip))]
    Other,
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

    /// Reads a message from the server, as a client does: leniently (see the module's
    /// documentation). Fails only on what is not a JSON object with a `type`, or on a known
    /// message whose fields cannot be read.
    pub fn parse(text: &str) -> Result<ServerMsg, serde_json::Error> {
        serde_json::from_str(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_servers_own_messages_read_back() {
        let game = acey_rules::Game::new(acey_rules::Rules::default());
        let view = serde_json::to_string(&View::of(&game)).unwrap();
        let text = format!(
            r#"{{"type":"update","action":{{"action":"die-off","dice":[3,5]}},"view":{view},"log":[],"clock":{{"control":{{"kind":"fischer","base":180,"increment":12}},"left_ms":[1000,2000],"running":1}}}}"#
        );
        match ServerMsg::parse(&text).unwrap() {
            ServerMsg::Update { view, clock, .. } => {
                assert_eq!(view.phase, acey_rules::Phase::DieOff);
                assert_eq!(clock.unwrap().running, Some(1));
            }
            other => panic!("{other:?}"),
        }
        // A message the client may not use reads as itself; one it does not know as `Other`.
        assert_eq!(
            ServerMsg::parse(r#"{"type":"hint","plays":[]}"#).unwrap(),
            ServerMsg::Hint {
                id: None,
                plays: Vec::new()
            }
        );
        assert!(matches!(
            ServerMsg::parse(r#"{"type":"fireworks","colour":"red"}"#).unwrap(),
            ServerMsg::Other
        ));
        assert!(ServerMsg::parse("nonsense").is_err());
        let role: crate::Role = serde_json::from_str(r#"{"seat":1}"#).unwrap();
        assert_eq!(role, crate::Role::Seat(1));
        let role: crate::Role = serde_json::from_str(r#""spectator""#).unwrap();
        assert_eq!(role, crate::Role::Spectator);
    }

    #[test]
    fn a_newer_servers_extra_fields_and_codes_are_ignored() {
        let m = ServerMsg::parse(
            r#"{"type":"error","code":"solar_flare","message":"later","mood":"calm"}"#,
        )
        .unwrap();
        assert!(matches!(
            m,
            ServerMsg::Error {
                code: ErrorCode::Other,
                ..
            }
        ));
        let m =
            ServerMsg::parse(r#"{"type":"welcome","name":"zoe","registered":true,"v":3,"x":1}"#)
                .unwrap();
        assert_eq!(
            m,
            ServerMsg::Welcome {
                v: 3,
                name: "zoe".into(),
                registered: true,
                claim: None
            }
        );
        let m = ServerMsg::parse(r#"{"type":"lobby","online":4,"tournaments":[]}"#).unwrap();
        assert_eq!(
            m,
            ServerMsg::Lobby(LobbyView {
                online: 4,
                ..LobbyView::default()
            })
        );
    }

    #[test]
    fn messages_write_and_read_back_the_same() {
        let game = acey_rules::Game::new(acey_rules::Rules::default());
        let msgs = [
            ServerMsg::Update {
                action: Action::DieOff { dice: [3, 5] },
                view: Box::new(View::of(&game)),
                log: Vec::new(),
                clock: None,
            },
            ServerMsg::error(Some(3), ErrorCode::NotYourTurn, "wait"),
            ServerMsg::Pong,
            ServerMsg::Presence {
                presence: Presence {
                    connected: [true, false],
                    away_ms: [None, Some(4200)],
                },
            },
        ];
        for m in msgs {
            let text = m.to_json();
            assert_eq!(ServerMsg::parse(&text).unwrap(), m, "{text}");
        }
        assert_eq!(
            ServerMsg::error(None, ErrorCode::Gone, "gone").to_json(),
            r#"{"type":"error","id":null,"code":"gone","message":"gone"}"#
        );
    }
}
