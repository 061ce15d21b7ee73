//! Helpers shared by the unit tests of this crate.

use acey_rules::{play_random, Game, Phase, Position, Rules, SeededRng};

/// Every state of one whole random game under `rules` (random legal plays and named doubles,
/// from `seed`) at which a player is about to roll, with `turn` = that player.
pub fn random_game_states(rules: &Rules, seed: u64) -> Vec<Position> {
    let mut game = Game::new(*rules);
    let mut states = Vec::new();
    play_random(&mut game, &mut SeededRng::new(seed), |g| {
        if let Phase::Roll { player } = g.phase() {
            states.push(g.position().with_turn(*player));
        }
    })
    .expect("the engine accepts its own legal actions");
    states
}
