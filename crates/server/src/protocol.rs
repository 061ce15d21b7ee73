//! The WebSocket protocol, version [`VERSION`]: its messages are defined once, in the
//! `acey-protocol` crate (re-exported here), for the server, the terminal client and the web
//! client's type check. The full description, with examples, is `docs/protocol.md`.
//!
//! What is here builds messages from the server's own state: a game's description from its
//! stored [`GameMeta`], both clocks from a running [`Clock`], a pool's line in the lobby, a
//! challenge as the lobby shows it.

pub use acey_protocol::{
    intent_action, parse_client, ClientMsg, ClockView, ErrorCode, GameInfo, HintPlay, Joined,
    LobbyView, LogEntry, PlayerView, PoolView, Presence, RatingChange, Role, SeatView, ServerMsg,
    TurnView, View, OLDEST_VERSION, VERSION,
};

use crate::clock::Clock;
use crate::lobby::{Challenge, Pool};
use crate::storage::GameMeta;

/// The public description of a game (tokens are never part of it).
impl From<&GameMeta> for GameInfo {
    fn from(meta: &GameMeta) -> GameInfo {
        let seat = |i: usize| {
            if meta.bot_seat == Some(i) {
                SeatView {
                    kind: "bot".into(),
                    taken: true,
                }
            } else {
                SeatView {
                    kind: "human".into(),
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
            scoring: meta.rules.scoring.as_str().into(),
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
            unrated: meta.online.unrated,
            takebacks: meta.takebacks,
        }
    }
}

impl Clock {
    /// Both clocks as they stand at `now` (unix ms), as sent.
    pub fn view(&self, now: u64) -> ClockView {
        ClockView {
            control: self.control,
            left_ms: [self.left_ms(0, now), self.left_ms(1, now)],
            running: self.running.map(|(s, _)| s),
        }
    }
}

impl Pool {
    /// The pool as the lobby shows it, with `waiting` players in it.
    pub fn view(&self, waiting: usize) -> PoolView {
        PoolView {
            id: self.id.into(),
            rules: self.rules.into(),
            match_to: self.match_to,
            clock: self.clock,
            waiting,
        }
    }
}

/// A challenge as the lobby shows it: without its creator's account and connection.
impl From<&Challenge> for acey_protocol::Challenge {
    fn from(c: &Challenge) -> acey_protocol::Challenge {
        acey_protocol::Challenge {
            id: c.id.clone(),
            name: c.name.clone(),
            registered: c.registered,
            rating: c.rating,
            rules: c.rules.clone(),
            match_to: c.match_to,
            clock: c.clock,
            rated: c.rated,
            pool: c.pool.clone(),
            created_at: c.created_at,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pools_view_is_written_as_before() {
        let pool = Pool::find("american").unwrap();
        assert_eq!(
            serde_json::to_string(&pool.view(2)).unwrap(),
            r#"{"id":"american","rules":"american","match":1,"clock":{"kind":"fischer","base":180,"increment":12},"waiting":2}"#
        );
    }
}
