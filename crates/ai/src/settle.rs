//! Endgames settled exactly: where the game is certain to end within the next roll or two, the
//! value of a state follows from the rules alone, and no evaluator needs to guess it.
//!
//! Both cases are races (no contact, [`in_contact`] false), where neither side can hit or block
//! the other, so what one side can do on a roll does not depend on the other's checkers:
//!
//! * the side to roll bears its last checkers off whatever it rolls: it wins, and what it wins
//!   is decided by the other side's checkers as they stand (a gammon, a backgammon, the checkers
//!   left under checker-count scoring);
//! * the side to roll may not finish, but its opponent will on its next roll whatever it rolls:
//!   each roll either bears the last checker off (a win, valued as above) or hands the opponent
//!   a certain win, and the roll's best play is then the one that loses least (a checker borne
//!   off saves the gammon, the last checkers brought out of the opponent's home board save the
//!   backgammon, every checker off counts under checker-count scoring).
//!
//! A network values such states by resemblance and can be a whole point wrong: in position
//! `CwAAwEg00RMBAAA` (backgammon, player 1 to play 3-3, the opponent off next roll) it rated the
//! plays that lose a backgammon about -2.37 and ranked the first play that saves it 59th.
//! Searches value settled states directly at any depth (see `crate::search`), so a play that
//! saves a gammon is judged at its true value whatever its resemblance.
//!
//! A roll that earns the roller another roll without finishing (an acey-deucey re-roll) reaches
//! beyond what is settled here: such a state is left to the evaluator.

use acey_rules::{base_score, MoveGen, Player, Position, Rules, CHECKERS};

use crate::candidates::{candidates, weighted_rolls};
use crate::contact::in_contact;
use crate::eval::{max_points, Eval};

/// Checkers a side can bear off in a roll that is neither a double nor an acey-deucey: a side
/// with more left cannot be certain to finish on its next roll.
const SURE_FINISH_LEFT: u8 = 2;

/// Whether `state` may be settled at all, by counts alone: one side has at most two checkers
/// left. Cheap, so that searches can ask it of every state they value.
pub fn may_settle(state: &Position) -> bool {
    state.winner().is_none()
        && Player::BOTH
            .iter()
            .any(|&p| CHECKERS - state.off(p) <= SURE_FINISH_LEFT)
}

/// Whether `player` bears its last checkers off on its next roll, whatever it rolls, from
/// `pos` (its turn or not: in a race the other side's checkers do not change what it can do).
fn finishes_every_roll(rules: &Rules, gen: &mut MoveGen, pos: &Position, player: Player) -> bool {
    if CHECKERS - pos.off(player) > SURE_FINISH_LEFT {
        return false;
    }
    let state = pos.with_turn(player);
    weighted_rolls().all(|(roll, _)| {
        candidates(rules, gen, &state, roll)
            .iter()
            .any(|c| c.state.winner() == Some(player))
    })
}

/// The exact value of `state` for the side to roll, where the game's end is certain within this
/// roll and the next (see the module documentation); `None` elsewhere.
pub fn settle(rules: &Rules, gen: &mut MoveGen, state: &Position) -> Option<Eval> {
    if !may_settle(state) || in_contact(state) {
        return None;
    }
    let roller = state.turn();
    let other = roller.other();
    // Under acey-deucey rules a 1-2 that does not finish earns another roll, which is beyond
    // what is settled here; with more checkers left than a plain roll can bear off, the 1-2's
    // whole chain would have to be walked (every named double's plays, from a board still
    // full) only to find that out. Left to the evaluator, cheaply.
    if rules.acey_deucey && CHECKERS - state.off(roller) > SURE_FINISH_LEFT {
        return None;
    }
    let other_finishes = finishes_every_roll(rules, gen, state, other);
    if !other_finishes && CHECKERS - state.off(roller) > SURE_FINISH_LEFT {
        return None;
    }
    // Points won and lost over the rolls, weighted by their chances.
    let (mut win, mut won, mut lost) = (0.0f32, 0.0f32, 0.0f32);
    for (roll, weight) in weighted_rolls() {
        let cands = candidates(rules, gen, state, roll);
        let finished = cands
            .iter()
            .filter(|c| c.state.winner() == Some(roller))
            .map(|c| base_score(rules, &c.state, roller))
            .max();
        if let Some(points) = finished {
            win += weight;
            won += weight * points as f32;
            continue;
        }
        if !other_finishes || cands.iter().any(|c| c.state.turn() == roller) {
            return None;
        }
        // The opponent finishes next whatever this play is: the play that loses least.
        let points = cands
            .iter()
            .map(|c| base_score(rules, &c.state, other))
            .min()?;
        lost += weight * points as f32;
    }
    // The chances add up to one only within rounding: a certain win must read 1, not 1 + 1e-7.
    let win = win.min(1.0);
    let max = max_points(rules);
    let share = |points: f32, chance: f32| {
        if chance > 1e-6 {
            points / chance / max
        } else {
            0.0
        }
    };
    Some(Eval {
        win,
        win_points: share(won, win),
        loss_points: share(lost, 1.0 - win),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use acey_rules::Preset;

    /// Player 1's checkers as (own point, count) and player 0's, the rest of each side off.
    fn position(ones: &[(u8, u8)], zeros: &[(u8, u8)], turn: Player) -> Position {
        Position::with_rest_off(zeros, ones, turn).unwrap()
    }

    #[test]
    fn a_side_certain_to_finish_wins_what_the_other_side_s_checkers_say() {
        let rules = Preset::Backgammon.rules();
        let mut gen = MoveGen::new(&rules);
        // Player 0 bears its last checker off whatever it rolls; player 1 has none off, and a
        // checker in player 0's home board: a backgammon.
        let state = position(&[(21, 1), (6, 14)], &[(1, 1)], Player::Zero);
        let e = settle(&rules, &mut gen, &state).expect("settled");
        assert_eq!(e.win, 1.0);
        assert!((e.equity(&rules) - 3.0).abs() < 1e-5, "{e:?}");
        // Without that checker in the home board a gammon, with one off a single game.
        let gammon = position(&[(6, 15)], &[(1, 1)], Player::Zero);
        let e = settle(&rules, &mut gen, &gammon).expect("settled");
        assert!((e.equity(&rules) - 2.0).abs() < 1e-5, "{e:?}");
        let single = position(&[(6, 14)], &[(1, 1)], Player::Zero);
        let e = settle(&rules, &mut gen, &single).expect("settled");
        assert!((e.equity(&rules) - 1.0).abs() < 1e-5, "{e:?}");
    }

    #[test]
    fn before_a_certain_loss_each_roll_plays_what_loses_least() {
        let rules = Preset::Backgammon.rules();
        let mut gen = MoveGen::new(&rules);
        // Player 1 to roll, player 0 finishes next whatever it rolls. Player 1's checker on its
        // 21-point leaves player 0's home board with any roll (2-1 takes it to 18): every roll
        // saves the backgammon; 6-6 alone saves the gammon too (21/3 and a checker off).
        let state = position(&[(21, 1), (6, 14)], &[(1, 1)], Player::One);
        let e = settle(&rules, &mut gen, &state).expect("settled");
        assert_eq!(e.win, 0.0);
        let expected = -(2.0 * 35.0 + 1.0) / 36.0;
        assert!((e.equity(&rules) - expected).abs() < 1e-5, "{e:?}");
        // From its 23-point it needs 5 pips: 2-1, 3-1 and 1-1 (5/36) leave it backgammoned,
        // 6-6 still saves the gammon.
        let deep = position(&[(23, 1), (6, 14)], &[(1, 1)], Player::One);
        let e = settle(&rules, &mut gen, &deep).expect("settled");
        let expected = -(3.0 * 5.0 + 1.0 + 2.0 * 30.0) / 36.0;
        assert!(
            (e.equity(&rules) - expected).abs() < 1e-4,
            "{e:?} {expected}"
        );
    }

    #[test]
    fn contact_and_longer_races_are_left_to_the_evaluator() {
        let rules = Preset::Backgammon.rules();
        let mut gen = MoveGen::new(&rules);
        // Neither side near its end.
        assert!(settle(&rules, &mut gen, &Position::starting(&rules)).is_none());
        // Player 1's checker on its 23-point is behind player 0's last one, on its 3-point: it
        // may still hit it.
        let contact = position(&[(23, 1), (6, 14)], &[(3, 1)], Player::One);
        assert!(settle(&rules, &mut gen, &contact).is_none());
        // Player 0's last checker on its 6-point does not finish on a 2-1, player 1 is far.
        let open = position(&[(6, 15)], &[(6, 1)], Player::One);
        assert!(settle(&rules, &mut gen, &open).is_none());
    }
}
