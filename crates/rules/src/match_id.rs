//! gnubg's Match ID: the cube, the score, whose turn it is and the dice of a backgammon game, in
//! the 12 characters GNU Backgammon shows beside its Position ID ("A technical description of
//! the Match ID" in gnubg's manual), so that a position from acey can be pasted into gnubg.
//!
//! The key is a 66-bit string packed least significant bit first into 9 bytes, written in
//! standard base64 without padding: the cube's value as a power of two (4 bits), its owner (2:
//! 0, 1, or 3 when centred), the player on roll or who rolled (1), the Crawford flag (1), the
//! game's state (3: 1 playing, 2 over, 3 resigned, 4 ended by a dropped cube), the player to
//! decide (1), a double offered (1), a resignation offered (2, always 0: acey resigns at once),
//! the two dice (3 each, 0 before the roll), the match length (15, 0 for money) and each
//! player's score (15 each). acey's player 0 (X) is gnubg's player 0.

use crate::game::{Game, GameEnd, Phase};
use crate::position::Player;
use crate::position_id::{encode, STANDARD};

/// The fields of a Match ID, in gnubg's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct MatchKey {
    cube_log2: u32,
    /// 0, 1, or 3 for a centred cube.
    cube_owner: u32,
    dice_owner: u32,
    crawford: bool,
    state: u32,
    turn: u32,
    doubled: bool,
    dice: [u32; 2],
    match_length: u32,
    score: [u32; 2],
}

impl MatchKey {
    fn id(&self) -> String {
        let fields: [(u128, u32); 12] = [
            (self.cube_log2.min(15).into(), 4),
            (self.cube_owner.into(), 2),
            (self.dice_owner.into(), 1),
            (self.crawford.into(), 1),
            (self.state.into(), 3),
            (self.turn.into(), 1),
            (self.doubled.into(), 1),
            (0, 2),
            (self.dice[0].into(), 3),
            (self.dice[1].into(), 3),
            (self.match_length.min(0x7fff).into(), 15),
            (
                u128::from(self.score[0].min(0x7fff)) | u128::from(self.score[1].min(0x7fff)) << 15,
                30,
            ),
        ];
        let mut key = 0u128;
        let mut at = 0;
        for (value, bits) in fields {
            key |= (value & ((1 << bits) - 1)) << at;
            at += bits;
        }
        encode(&key.to_le_bytes()[..9], STANDARD)
    }
}

fn index(p: Player) -> u32 {
    p.index() as u32
}

impl Game {
    /// gnubg's Position ID and Match ID of the game as it stands, as gnubg writes them together
    /// (`4HPwATDgc/ABMA:cIkmAQAAAAAA`): the position at the start of the turn, seen by the player
    /// on roll, and [`Game::gnubg_match_id`]. `None` when a checker is in a `start` pool (the
    /// acey-deucey family: gnubg has no such pool).
    pub fn gnubg_ids(&self) -> Option<String> {
        let position = match self.turn() {
            Some(t) => *t.start(),
            None => self.position(),
        };
        let on_roll = match *self.phase() {
            Phase::Roll { player } | Phase::Move { player, .. } | Phase::NameDouble { player } => {
                player
            }
            Phase::CubeOffered { by } => by,
            Phase::GameOver { winner, .. } => winner,
            Phase::DieOff => position.turn(),
        };
        let id = position.with_turn(on_roll).gnubg_id().ok()?;
        Some(format!("{id}:{}", self.gnubg_match_id()))
    }

    /// gnubg's Match ID of the game as it stands (see the module notes). Meaningful for the
    /// backgammon family, whose positions also have a gnubg Position ID
    /// ([`crate::Position::gnubg_id`]); acey-deucey's 1-2 and named doubles have no gnubg form.
    ///
    /// ```
    /// use acey_rules::{Game, Preset};
    /// let game = Game::new(Preset::Backgammon.rules());
    /// assert_eq!(game.gnubg_match_id().len(), 12);
    /// ```
    pub fn gnubg_match_id(&self) -> String {
        let cube = self.cube();
        let (dice_owner, turn, state, doubled, dice) = match *self.phase() {
            Phase::DieOff => (Player::Zero, Player::Zero, 1, false, [0, 0]),
            Phase::Roll { player } => (player, player, 1, false, [0, 0]),
            Phase::CubeOffered { by } => (by, by.other(), 1, true, [0, 0]),
            Phase::Move {
                player, ref pool, ..
            } => {
                let d = pool.dice();
                let dice = match d {
                    [a, b, ..] => [u32::from(*a), u32::from(*b)],
                    _ => [0, 0],
                };
                (player, player, 1, false, dice)
            }
            Phase::NameDouble { player } => (player, player, 1, false, [0, 0]),
            Phase::GameOver { winner, how, .. } => {
                let state = match how {
                    GameEnd::Resigned => 3,
                    GameEnd::Dropped => 4,
                    GameEnd::BoreOff | GameEnd::Forfeited => 2,
                };
                (winner, winner, state, false, [0, 0])
            }
        };
        MatchKey {
            cube_log2: cube.value.max(1).ilog2(),
            cube_owner: cube.owner.map_or(3, index),
            dice_owner: index(dice_owner),
            crawford: self.is_crawford_game(),
            state,
            turn: index(turn),
            doubled,
            dice,
            match_length: self.rules().match_target.unwrap_or(0),
            score: self.score(),
        }
        .id()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Action, Preset};

    /// A Match ID gnubg wrote (bug-gnubg, July 2009): a 9-point match at 0-0, the cube centred
    /// at 1, player 1 on roll with 5-1.
    #[test]
    fn a_match_id_gnubg_wrote_is_written_the_same() {
        let key = MatchKey {
            cube_log2: 0,
            cube_owner: 3,
            dice_owner: 1,
            crawford: false,
            state: 1,
            turn: 1,
            doubled: false,
            dice: [5, 1],
            match_length: 9,
            score: [0, 0],
        };
        assert_eq!(key.id(), "cIkmAQAAAAAA");
    }

    #[test]
    fn a_game_s_cube_dice_and_score_are_in_its_match_id() {
        let mut rules = Preset::Backgammon.rules();
        rules.match_target = Some(5);
        let mut game = Game::new(rules);
        // Player 0 wins the die-off with a 5 against a 1, and plays the opening 5-1 (R2.2).
        game.apply(Action::DieOff { dice: [5, 1] }).unwrap();
        let id = game.gnubg_match_id();
        assert_eq!(id.len(), 12);
        let Phase::Move { player, .. } = *game.phase() else {
            panic!("the opening roll is played: {:?}", game.phase());
        };
        let expected = MatchKey {
            cube_log2: 0,
            cube_owner: 3,
            dice_owner: index(player),
            crawford: false,
            state: 1,
            turn: index(player),
            doubled: false,
            dice: [5, 1],
            match_length: 5,
            score: [0, 0],
        };
        assert_eq!(id, expected.id());
        assert_eq!(
            game.gnubg_ids().unwrap(),
            format!("4HPwATDgc/ABMA:{}", expected.id()),
            "the opening position, as gnubg shows it"
        );
        assert_eq!(Game::new(crate::Rules::default()).gnubg_ids(), None);
    }
}
