//! The end of a game or match: the result kept once, and the ratings of a rated game moved.

use acey_rules::{GameEnd, Phase};

use super::{Room, RoomState};
use crate::clock::now_ms;
use crate::protocol::{RatingChange, ServerMsg};
use crate::rating::integrity;
use crate::rating::{self, Family, Kind};
use crate::storage::Mode;
use crate::store::GameResult;

/// How a game ended, as results keep it: `bore-off`, `resigned`, `dropped` or `forfeited`.
pub fn end_name(how: GameEnd) -> &'static str {
    match how {
        GameEnd::BoreOff => "bore-off",
        GameEnd::Resigned => "resigned",
        GameEnd::Dropped => "dropped",
        GameEnd::Forfeited => "forfeited",
    }
}

impl Room {
    /// Once the game or match is decided: stops the clocks, keeps the result (once, also after
    /// a restart: the store refuses a second one) and moves the ratings of a rated game.
    pub(super) async fn settle(&self, st: &mut RoomState) {
        if st.finished {
            return;
        }
        let Some(winner) = st.game.match_winner() else {
            return;
        };
        st.finished = true;
        let online = &st.meta.online;
        let accounts = online.players.clone().map(|p| p.and_then(|p| p.account));
        if st.meta.mode == Mode::Local {
            // Two people on one screen: nobody's history.
            return;
        }
        // Every other result is kept, guests' too: a guest who registers later brings their
        // games into the account (their seat tokens prove them theirs).
        let how = match st.game.phase() {
            Phase::GameOver { how, .. } => end_name(*how),
            _ => "bore-off",
        };
        let ended_at = (now_ms() / 1000) as i64;
        let result = GameResult {
            game: self.id.clone(),
            winner: winner.index(),
            how: how.to_string(),
            reason: st.forfeit_reason.map(String::from),
            score: st.game.score(),
            ended_at,
        };
        let store = &self.services.store;
        match store.record_result(&result).await {
            Ok(true) => {}
            Ok(false) => return,
            Err(e) => {
                tracing::error!(game = %self.id, error = %e, "result not stored");
                st.finished = false;
                return;
            }
        }
        self.services.bus.playing_changed();
        let offered = online.rated || online.unrated.is_some();
        let (Some(kind), [Some(a), Some(b)], true) = (Kind::of(&st.meta.rules), accounts, offered)
        else {
            return;
        };
        if !self.still_rated(st, a, b, ended_at).await {
            return;
        }
        let family = Family::of(&st.meta.rules);
        let before = match (
            store.rating(a, family, kind).await,
            store.rating(b, family, kind).await,
        ) {
            (Ok(x), Ok(y)) => [x, y],
            (Err(e), _) | (_, Err(e)) => {
                tracing::error!(game = %self.id, error = %e, "ratings not read");
                return;
            }
        };
        let after = rating::after_result(before, winner.index());
        let mut saved = true;
        for (account, r) in [(a, &after[0]), (b, &after[1])] {
            if let Err(e) = store
                .save_rating(account, family, kind, r, &self.id, ended_at)
                .await
            {
                tracing::error!(game = %self.id, error = %e, "rating not stored");
                saved = false;
            }
        }
        if saved {
            // Shown at the game's end: each player's new rating and its change.
            let change = |i: usize| RatingChange {
                before: before[i].rating.round(),
                after: after[i].rating.round(),
                provisional: after[i].provisional(),
            };
            self.broadcast(&ServerMsg::Rated {
                ratings: [change(0), change(1)],
            });
        }
        tracing::info!(game = %self.id, family = family.as_str(), kind = kind.as_str(),
            before = ?[before[0].rating, before[1].rating], after = ?[after[0].rating, after[1].rating], "rated");
    }

    /// Whether the game just ended between the accounts `a` and `b`, offered as rated, moves
    /// their ratings: not when it was played unrated from the start, nor when the rules of rated
    /// games say so now (crate::rating::integrity). Otherwise the game is marked unrated, and
    /// everyone in the room is told why.
    async fn still_rated(&self, st: &mut RoomState, a: i64, b: i64, now: i64) -> bool {
        let why = match st.meta.online.unrated {
            Some(why) => Some(why),
            None => {
                let store = &*self.services.store;
                let short = integrity::too_short(&st.game);
                match integrity::at_end(store, &self.id, short, a, b, now).await {
                    Ok(why) => why,
                    Err(e) => {
                        // Unknown is not rated: a farmed result must not slip through an outage.
                        tracing::error!(game = %self.id, error = %e, "rating rules not read: not rated");
                        return false;
                    }
                }
            }
        };
        let Some(why) = why else {
            return true;
        };
        if st.meta.online.unrated.is_none() {
            if let Err(e) = self.services.store.set_unrated(&self.id, why).await {
                tracing::error!(game = %self.id, error = %e, "game not marked unrated");
            }
        }
        st.meta.online.rated = false;
        st.meta.online.unrated = Some(why);
        tracing::info!(game = %self.id, why = why.as_str(), "not rated");
        self.broadcast(&ServerMsg::NotRated { reason: why });
        false
    }
}
