//! What a client sends: [`ClientMsg`], and [`parse_client`], which reads one as the server
//! does. The messages by family (the variants keep the order of version 1, which the server's
//! error messages list):
//!
//! * game: `create`, `join`, `step`, `undo`, `confirm`, `play`, `roll`, `name_double`,
//!   `double`, `take`, `drop`, `resign`, `next_game`, `hint`, `rematch`, `rematch_decline`,
//!   `claim`;
//! * hello: `ping`, `hello`;
//! * lobby: `lobby`, `challenge`, `cancel`, `accept`, `seek`;
//! * chat: `chat`.
//!
//! The server is strict about what it reads: an unknown type or field is refused, so a client
//! developer learns of a typo at once. A client writes only the fields it means: absent
//! optional fields are left out.

use acey_rules::{Action, Dest, Source, Step};
use serde::{Deserialize, Serialize};

use crate::chat::Channel;
use crate::game::Mode;

/// Whether a boolean is `false` (such fields are left out when written).
fn is_false(b: &bool) -> bool {
    !*b
}

/// What a client may send. Any message may also carry a numeric `id`, echoed in the error or
/// hint that answers it ([`parse_client`] takes it off before parsing the rest).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ClientMsg {
    /// Start a new game and take a seat in it.
    Create {
        /// Protocol version (optional; must be [`VERSION`](crate::VERSION) when given).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        v: Option<u32>,
        /// `computer`, `friend` or `local`.
        mode: Mode,
        /// Rule string, e.g. `american` or `bgammon,doubling_cube=true` (default `american`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rules: Option<String>,
        /// Match length in points; 0 or absent: a single game.
        #[serde(default, rename = "match", skip_serializing_if = "Option::is_none")]
        match_to: Option<u32>,
        /// Bot level for `computer` games (default `casual`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        level: Option<String>,
        /// Seat of the person in `computer` and `friend` games: 0 (default) or 1.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<usize>,
    },
    /// Join a game: with a seat's token to (re)take the seat, without one to take a free seat
    /// of a `friend` game or else to watch.
    Join {
        /// Protocol version (optional; must be [`VERSION`](crate::VERSION) when given).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        v: Option<u32>,
        /// The game id.
        game: String,
        /// A seat token kept from an earlier join or create.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        /// Only watch, even when a seat is free.
        #[serde(default, skip_serializing_if = "is_false")]
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
    /// Take back your last finished play and everything after it, to play that roll again
    /// (games against the computer and on one screen, unrated; [`acey_rules::Game::takeback_point`]).
    /// The game then counts its takebacks ([`GameInfo::takebacks`](crate::GameInfo::takebacks)).
    Takeback,
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
        #[serde(default, skip_serializing_if = "Option::is_none")]
        v: Option<u32>,
        /// A guest's name.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        /// The claim the `welcome` gave with that name: the same guest coming back (a reload,
        /// a reconnection) takes the name back from a connection of theirs that the server
        /// has not yet seen close.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        claim: Option<String>,
    },
    /// Watch the lobby: answered with `lobby`, then its changes until a game is joined.
    Lobby,
    /// Offer a game to anyone in the lobby.
    Challenge {
        /// Rule string (default `american`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rules: Option<String>,
        /// Match length (default 1: a single game).
        #[serde(default, rename = "match", skip_serializing_if = "Option::is_none")]
        match_to: Option<u32>,
        /// A clock, as `3+12` or `30/turn`; none when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
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
        #[serde(default, skip_serializing_if = "Option::is_none")]
        channel: Option<Channel>,
    },
    /// Claim the game of an opponent who has been gone on their own turn for two minutes (games
    /// without clocks).
    Claim,
}

/// The types of the messages without fields: serde lets unit variants of a tagged enum ignore
/// extra fields, so [`parse_client`] refuses those itself.
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
    "takeback",
    "rematch",
    "rematch_decline",
    "ping",
    "lobby",
    "claim",
];

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

impl ClientMsg {
    /// The message as a JSON text, as the server reads it.
    pub fn to_json(&self) -> String {
        // Every field is plain data: serialising cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The game action an intent made on the player's own turn stands for: a step, undo,
    /// confirm, whole play, named double, cube offer, take or drop, exactly as sent (the game
    /// checks it). `None` for everything else: a roll (its dice are the server's), a resignation
    /// and the next game (which need no turn), and the messages that are not game actions.
    pub fn turn_action(&self) -> Option<Action> {
        Some(match self {
            ClientMsg::Step { from, to, die } => Action::Step {
                step: Step {
                    from: *from,
                    to: *to,
                    die: *die,
                    hit: false,
                },
            },
            ClientMsg::Undo => Action::Undo,
            ClientMsg::Confirm => Action::Confirm,
            ClientMsg::Play { steps } => Action::Play {
                steps: steps.clone(),
            },
            ClientMsg::NameDouble { value } => Action::NameDouble { value: *value },
            ClientMsg::Double => Action::Double,
            ClientMsg::Take => Action::Take,
            ClientMsg::Drop => Action::Drop,
            _ => return None,
        })
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
        // A turn intent is the game's action as sent; a roll's dice are not the client's.
        let step = parse_client(r#"{"type":"step","from":"start","to":22,"die":3}"#).1;
        assert_eq!(
            step.unwrap().turn_action(),
            Some(Action::Step {
                step: Step {
                    from: Source::Start,
                    to: Dest::Point(22),
                    die: 3,
                    hit: false
                }
            })
        );
        assert_eq!(ClientMsg::Take.turn_action(), Some(Action::Take));
        assert_eq!(ClientMsg::Roll.turn_action(), None);
        assert_eq!(ClientMsg::Resign.turn_action(), None);
        assert_eq!(ClientMsg::Ping.turn_action(), None);
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
    fn messages_written_read_back_and_leave_out_what_is_absent() {
        let msgs = [
            ClientMsg::Hello {
                v: Some(crate::VERSION),
                name: None,
                claim: None,
            },
            ClientMsg::Join {
                v: Some(crate::VERSION),
                game: "g".into(),
                token: None,
                watch: true,
            },
            ClientMsg::Challenge {
                rules: Some("bgammon".into()),
                match_to: None,
                clock: Some("5+10".into()),
                rated: false,
            },
            ClientMsg::Chat {
                text: "hi".into(),
                channel: Some(Channel::Spectators),
            },
            ClientMsg::NextGame,
        ];
        for m in msgs {
            assert_eq!(parse_client(&m.to_json()).1.as_ref(), Ok(&m), "{m:?}");
        }
        assert_eq!(
            ClientMsg::Hello {
                v: Some(2),
                name: None,
                claim: None
            }
            .to_json(),
            r#"{"type":"hello","v":2}"#
        );
        assert_eq!(
            ClientMsg::Join {
                v: None,
                game: "g".into(),
                token: Some("t".into()),
                watch: false
            }
            .to_json(),
            r#"{"type":"join","game":"g","token":"t"}"#
        );
    }
}
