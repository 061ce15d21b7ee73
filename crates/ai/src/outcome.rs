//! Outcome classes: what a state can still come to, as far as the scoring tells results apart.
//!
//! A move filter looks deeper only at the few plays the evaluator ranks best, and an evaluator
//! that misjudges a kind of position misjudges every play of it alike: where the plays that save
//! a gammon differ from the rest only by a checker borne off, the network may rank them below
//! fifty others, and a search that never looks at them cannot find them. The search therefore
//! keeps, besides the best few, the best play of every class they do not reach
//! (`crate::search`, one place for every filter).
//!
//! A class is a few facts about the state after the play, each a result the game can or can no
//! longer reach:
//!
//! * whether the sides are still in contact ([`in_contact`]): a race is decided by the pips;
//! * under gammon-backgammon scoring, for each side: whether it has borne a checker off (it can
//!   no longer lose a gammon), and whether it has a checker waiting to enter or in the other
//!   side's home board (a backgammon is still possible against it).

use acey_rules::{Player, Position, Rules, Scoring};

use crate::contact::in_contact;

/// Whether `player` has a checker on the bar, in its start pool or in the other side's home
/// board (its own points 19 to 24): the checkers that make a lost gammon a backgammon.
fn exposed_to_backgammon(state: &Position, player: Player) -> bool {
    state.bar(player) > 0
        || state.start(player) > 0
        || (19..=24).any(|p| state.count(player, p) > 0)
}

/// The outcome class of `state` (a candidate reached by `mover`), a number below 32: plays of
/// different classes differ in what the game can still come to (see the module documentation).
pub fn outcome_class(rules: &Rules, state: &Position, mover: Player) -> u8 {
    let mut class = u8::from(in_contact(state));
    if rules.scoring == Scoring::GammonBackgammon {
        for (i, p) in [mover, mover.other()].into_iter().enumerate() {
            let shift = 1 + 2 * i;
            class |= u8::from(state.off(p) > 0) << shift;
            class |= u8::from(exposed_to_backgammon(state, p)) << (shift + 1);
        }
    }
    class
}

#[cfg(test)]
mod tests {
    use super::*;
    use acey_rules::Preset;

    #[test]
    fn the_starting_position_is_one_class_and_a_race_another() {
        let rules = Preset::Backgammon.rules();
        let start = Position::starting(&rules);
        let class = outcome_class(&rules, &start, Player::Zero);
        // Contact, neither side off, both with back checkers.
        assert_eq!(class, 1 | 1 << 2 | 1 << 4);
        // Under single-game scoring only contact counts.
        let single = Rules {
            scoring: Scoring::Single,
            ..rules
        };
        assert_eq!(outcome_class(&single, &start, Player::Zero), 1);
    }
}
