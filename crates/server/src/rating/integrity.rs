//! Which games between two accounts move ratings: the rules that keep ratings earned over the
//! board (docs/protocol.md, "Rated games").
//!
//! A game offered as rated is played unrated when its two accounts have been seen on one network
//! or have played [`PAIR_GAMES_PER_DAY`] rated games against each other in the last day
//! ([`before_start`]); at its end it is not rated either when it ended by resignation, a dropped
//! double or a forfeit before each player had made [`MIN_PLAYS`] plays ([`too_short`]), or when
//! one of the first two reasons has arisen since it began ([`at_end`]). Its result stands: the
//! game, its record and replay are kept as any other, only unrated, and the players are told
//! why ([`Unrated`]).

use std::net::IpAddr;

use acey_rules::{Game, GameEnd, Phase};

pub use acey_protocol::Unrated;

use crate::storage::StoreError;
use crate::store::Backend;

/// Plays with at least one step each player must have made for a resignation, a dropped double
/// or a forfeit to be rated: a farmed game ends at once, a real one rarely does.
pub const MIN_PLAYS: usize = 2;

/// Rated games two accounts may play against each other in [`DAY`] that count; later ones are
/// played unrated.
pub const PAIR_GAMES_PER_DAY: u32 = 3;

/// The window of [`PAIR_GAMES_PER_DAY`], in seconds.
pub const DAY: i64 = 24 * 3600;

/// How long a network an account was seen on links it to the other accounts seen there, in
/// seconds (and how long the store keeps it).
pub const NETWORK_MEMORY: i64 = 30 * 24 * 3600;

/// The network an address stands for, as kept: an IPv4 address itself, the /64 prefix of an
/// IPv6 address (one household or device's, as IPv6 hands out a /64 and its privacy extensions
/// change the rest every day), an IPv4 address mapped into IPv6 as that IPv4 address.
pub fn network(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
    }
}

/// Plays with at least one step each player has made, over every game of the match so far.
pub fn plays_made(game: &Game) -> [usize; 2] {
    let mut n = [0, 0];
    for p in game.log() {
        if !p.steps.is_empty() {
            n[p.player.index()] += 1;
        }
    }
    n
}

/// Whether a finished game is too short to rate: it ended by resignation, a dropped double or a
/// forfeit (time, abandonment) before each player had made [`MIN_PLAYS`] plays.
pub fn too_short(game: &Game) -> bool {
    let conceded = matches!(
        game.phase(),
        Phase::GameOver {
            how: GameEnd::Resigned | GameEnd::Dropped | GameEnd::Forfeited,
            ..
        }
    );
    conceded && plays_made(game).iter().any(|&n| n < MIN_PLAYS)
}

/// Why a game between the accounts `a` and `b` offered as rated must be played unrated, at
/// `now` (unix seconds): one network, or the day's rated games between them played already.
pub async fn before_start(
    store: &dyn Backend,
    a: i64,
    b: i64,
    now: i64,
) -> Result<Option<Unrated>, StoreError> {
    between(store, a, b, now, "").await
}

/// Why the finished game `id` between the accounts `a` and `b`, being played rated, does not
/// move the ratings after all, at `now`: too short (`short`, [`too_short`] of the game), or a
/// reason of [`before_start`] that arose while it was played (another game of the pair ended
/// first, an account came from the other's network).
pub async fn at_end(
    store: &dyn Backend,
    id: &str,
    short: bool,
    a: i64,
    b: i64,
    now: i64,
) -> Result<Option<Unrated>, StoreError> {
    if short {
        return Ok(Some(Unrated::TooShort));
    }
    between(store, a, b, now, id).await
}

/// The reasons that hold between two accounts, the game `except` not counted among their rated
/// games.
async fn between(
    store: &dyn Backend,
    a: i64,
    b: i64,
    now: i64,
    except: &str,
) -> Result<Option<Unrated>, StoreError> {
    if store.share_network(a, b, now - NETWORK_MEMORY).await? {
        return Ok(Some(Unrated::SameAddress));
    }
    if store.rated_between(a, b, now - DAY, except).await? >= PAIR_GAMES_PER_DAY {
        return Ok(Some(Unrated::PairLimit));
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use acey_rules::{Action, Player, Preset};

    /// A bgammon game played with the first legal play of every roll until `plays` plays are
    /// made, then resigned by the player to act.
    fn resigned_after(plays: usize) -> Game {
        let mut g = Game::new(Preset::Bgammon.rules());
        let mut rng = acey_rules::SeededRng::new(5);
        while g.log().len() < plays {
            let a = acey_rules::random_action(&g, &mut rng).expect("a game in play has an action");
            g.apply(a).expect("the random player's action is legal");
        }
        let player = g.to_act().unwrap_or(Player::Zero);
        g.apply(Action::Resign { player })
            .expect("resigning is legal");
        g
    }

    #[test]
    fn a_resignation_before_each_has_played_twice_is_too_short() {
        for plays in 0..4 {
            let g = resigned_after(plays);
            let made = plays_made(&g);
            assert_eq!(
                too_short(&g),
                made.iter().any(|&n| n < MIN_PLAYS),
                "{plays} plays: {made:?}"
            );
        }
        assert!(too_short(&resigned_after(0)));
        assert!(!too_short(&resigned_after(6)));
    }

    #[test]
    fn a_game_borne_off_is_never_too_short() {
        let mut rules = Preset::Bgammon.rules();
        rules.match_target = Some(1);
        let mut g = Game::new(rules);
        let mut rng = acey_rules::SeededRng::new(9);
        while g.match_winner().is_none() {
            let a = acey_rules::random_action(&g, &mut rng).expect("an action");
            g.apply(a).expect("legal");
        }
        assert!(!too_short(&g));
    }

    #[test]
    fn networks_are_ipv4_addresses_and_ipv6_64s() {
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        assert_eq!(network(ip("203.0.113.7")), "203.0.113.7");
        assert_eq!(network(ip("::ffff:203.0.113.7")), "203.0.113.7");
        assert_eq!(
            network(ip("2001:db8:1:2:aaaa::1")),
            network(ip("2001:db8:1:2:bbbb:cccc:dddd:eeee"))
        );
        assert_eq!(network(ip("2001:db8:1:2::1")), "2001:db8:1:2::/64");
        assert_ne!(
            network(ip("2001:db8:1:3::1")),
            network(ip("2001:db8:1:2::1"))
        );
    }
}
