//! Who sits where: a joiner's seat from their token (a rematch's inherited tokens replaced on
//! first use), a friend taking the free seat, and rematches (offered, declined, started).

use std::sync::Arc;

use super::{refuse, Refusal, Room};
use crate::clock::now_secs as now;
use crate::hub::Hub;
use crate::protocol::{ErrorCode, GameInfo, Role, ServerMsg};
use crate::random;
use crate::seat_token;
use crate::services::Services;
use crate::storage::{GameMeta, Mode, Online, Seated};

fn unavailable(e: impl std::fmt::Display) -> Refusal {
    (ErrorCode::Unavailable, e.to_string())
}

/// What a rematch request did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RematchOutcome {
    /// A friend game: the request is now an offer to the other seat.
    Offered,
    /// The rematch started (everyone in the room was told).
    Started(String),
    /// It had started before (only the asker needs telling).
    AlreadyStarted(String),
}

impl Room {
    /// Works out the role of a joiner: the seat of a matching token, a free seat of a friend
    /// game (claimed with a new token), or watching.
    pub async fn seat_for(
        self: &Arc<Self>,
        token: Option<&str>,
        watch: bool,
        who: Option<&Seated>,
    ) -> Result<(Role, Option<String>), Refusal> {
        let mut st = self.lock().await;
        if let Some(t) = token {
            // The seats this token holds, and whether any is still inherited from the game
            // before a rematch (worked out before any await: nothing borrowed crosses one).
            let seats: Vec<usize> = (0..2)
                .filter(|&i| {
                    st.meta.tokens[i]
                        .as_deref()
                        .is_some_and(|s| seat_token::matches(s, t))
                })
                .collect();
            let carried = seats.iter().any(|&i| {
                st.meta.tokens[i]
                    .as_deref()
                    .is_some_and(seat_token::is_inherited)
            });
            let role = match seats.as_slice() {
                [0, 1] => Some(Role::Both),
                [s] => Some(Role::Seat(*s)),
                _ => None,
            };
            if let Some(role) = role {
                if !carried {
                    return Ok((role, Some(t.to_string())));
                }
                // The first join of a rematch with the old game's token: the seat gets a token
                // of its own, and the old one stops opening it.
                let fresh = random::token().map_err(unavailable)?;
                let kept = seat_token::stored_form(&fresh);
                for &i in &seats {
                    let old = st.meta.tokens[i].clone().unwrap_or_default();
                    if !self
                        .services
                        .store
                        .replace_seat(&self.id, i, &old, &kept)
                        .await
                        .map_err(unavailable)?
                    {
                        return Ok((Role::Spectator, None));
                    }
                    st.meta.tokens[i] = Some(kept.clone());
                }
                return Ok((role, Some(fresh)));
            }
        }
        if watch || st.meta.mode != Mode::Friend {
            return Ok((Role::Spectator, None));
        }
        let Some(free) = (0..2).find(|&i| st.meta.tokens[i].is_none()) else {
            return Ok((Role::Spectator, None));
        };
        let new_token = random::token().map_err(unavailable)?;
        let kept = seat_token::stored_form(&new_token);
        if !self
            .services
            .store
            .claim_seat(&self.id, free, &kept)
            .await
            .map_err(unavailable)?
        {
            return Ok((Role::Spectator, None));
        }
        st.meta.tokens[free] = Some(kept);
        if let Some(who) = who {
            if let Err(e) = self.services.store.set_player(&self.id, free, who).await {
                tracing::warn!(game = %self.id, error = %e, "player's name not stored");
            } else {
                st.meta.online.players[free] = Some(who.clone());
                st.meta.online.ratings = seat_ratings(&self.services, &st.meta).await;
            }
        }
        let info = GameInfo::from(&st.meta);
        self.broadcast(&ServerMsg::Seats {
            seats: info.seats,
            players: info.players,
        });
        self.tell_changed();
        self.advance(&mut st).await?;
        Ok((Role::Seat(free), Some(new_token)))
    }

    /// Asks for a rematch of a finished game: same mode, rules, level and seats (each old token
    /// takes its seat once and then gets a new token). Against the computer and on one screen it starts at once; between
    /// friends the first ask is an offer (broadcast as `rematch_offer`) and the other seat's ask
    /// accepts it. A start is broadcast to everyone in the old room; `hub` creates the new game.
    pub async fn rematch(
        self: &Arc<Self>,
        hub: &Hub,
        role: Role,
    ) -> Result<RematchOutcome, Refusal> {
        let seat = match role {
            Role::Spectator => {
                return Err(refuse(ErrorCode::NotYourTurn, acey_protocol::SPECTATORS))
            }
            Role::Seat(s) => Some(s),
            Role::Both => None,
        };
        let mut st = self.lock().await;
        if let Some(id) = &st.rematch {
            return Ok(RematchOutcome::AlreadyStarted(id.clone()));
        }
        if !st.game.is_finished() {
            return Err((
                ErrorCode::Illegal,
                "a rematch can start once the game or match is over".into(),
            ));
        }
        if let (Mode::Friend, Some(me)) = (st.meta.mode, seat) {
            match st.rematch_offer {
                Some(by) if by == me => {
                    return Err((
                        ErrorCode::Illegal,
                        "you have offered a rematch already: your friend has to accept it".into(),
                    ))
                }
                // The other seat offered: this accepts.
                Some(_) => {}
                None => {
                    st.rematch_offer = Some(me);
                    self.broadcast(&ServerMsg::RematchOffer { by: me });
                    return Ok(RematchOutcome::Offered);
                }
            }
        }
        // The same seats, marked inherited: each old token takes its seat once and is then
        // replaced by a new one (seat_for).
        let meta = GameMeta {
            id: random::game_id().map_err(unavailable)?,
            rematch_of: Some(self.id.clone()),
            created_at: now(),
            takebacks: 0,
            tokens: st
                .meta
                .tokens
                .clone()
                .map(|t| t.map(|t| seat_token::inherited(&t))),
            online: Online {
                clock: st
                    .meta
                    .online
                    .clock
                    .map(|c| crate::clock::Clock::new(c.control)),
                ..st.meta.online.clone()
            },
            ..st.meta.clone()
        };
        let id = meta.id.clone();
        hub.start(meta).await?;
        st.rematch = Some(id.clone());
        st.rematch_offer = None;
        self.broadcast(&ServerMsg::Rematch { game: id.clone() });
        self.tell_changed();
        Ok(RematchOutcome::Started(id))
    }

    /// Declines the other seat's rematch offer (friend games); everyone in the room is told.
    pub async fn decline_rematch(&self, role: Role) -> Result<(), Refusal> {
        let Role::Seat(me) = role else {
            return Err((
                ErrorCode::Illegal,
                "only a seated player of a friend game can decline a rematch".into(),
            ));
        };
        let mut st = self.lock().await;
        match st.rematch_offer {
            Some(by) if by != me => {
                st.rematch_offer = None;
                self.broadcast(&ServerMsg::RematchDeclined { by: me });
                Ok(())
            }
            Some(_) => Err((
                ErrorCode::Illegal,
                "that is your own offer: only your friend can decline it".into(),
            )),
            None => Err((
                ErrorCode::Illegal,
                "there is no rematch offer to decline".into(),
            )),
        }
    }
}

/// The ratings of the accounts at the seats, for the game's family and kind (shown beside
/// their names).
pub async fn seat_ratings(services: &Services, meta: &GameMeta) -> [Option<f64>; 2] {
    let mut out = [None, None];
    let Some(kind) = crate::rating::Kind::of(&meta.rules) else {
        return out;
    };
    let family = crate::rating::Family::of(&meta.rules);
    for (seat, p) in meta.online.players.iter().enumerate() {
        if let Some(account) = p.as_ref().and_then(|p| p.account) {
            out[seat] = services
                .store
                .rating(account, family, kind)
                .await
                .ok()
                .map(|r| r.rating.round());
        }
    }
    out
}
