//! What a roll lets the player to roll reach: every distinct next state, with the actions that
//! lead there.
//!
//! A natural roll gives its plays. A 1-2 under an acey-deucey rule set gives, for every play of
//! the 1-2 that earns the double (AD-2), every nameable double and every play of it (AD-3, AD-4):
//! the whole turn segment up to the next roll is one decision. A candidate's `state` has `turn` set
//! to whoever rolls next: the same player after an earned re-roll (AD-5, natural doubles under
//! `four-moves-then-reroll`), else the opponent; a finished game is paired with the loser.
//!
//! The walk is the rules engine's ([`acey_rules::turn_segments`]), the one perft counts; this
//! module names it in the bots' terms.

pub use acey_rules::{
    double_options, double_segments as double_candidates, turn_segments as candidates,
    TurnSegment as Candidate,
};
use acey_rules::{notation::format_steps, Pool, Rules};

/// The dice of a double named after a 1-2, as written in notation: `6-6 chosen`, or with the
/// European complement `6-6 chosen (6-6-1-1)`.
fn chosen_label(rules: &Rules, d: u8) -> String {
    match Pool::chosen_double(d, rules.acey_doubles_mode) {
        Ok(pool) if pool.dice().iter().any(|&x| x != d) => {
            let dice: Vec<String> = pool.dice().iter().map(|x| x.to_string()).collect();
            format!("{d}-{d} chosen ({})", dice.join("-"))
        }
        _ => format!("{d}-{d} chosen"),
    }
}

/// A candidate of the roll `dice` in move notation (docs/notation.md): the steps of a natural roll, or
/// the whole acey-deucey segment `1-2: in/24 in/23, 6-6 chosen: in/19(4)`.
pub fn notation(rules: &Rules, dice: (u8, u8), c: &Candidate) -> String {
    let steps = c
        .play
        .map_or_else(|| "-".to_string(), |p| format_steps(p.steps()));
    match c.double {
        None if !rules.is_acey_deucey(dice.0, dice.1) => steps,
        None => format!("{}-{}: {steps}", dice.0, dice.1),
        Some((d, play)) => {
            let second = play.map_or_else(|| "-".to_string(), |p| format_steps(p.steps()));
            format!(
                "{}-{}: {steps}, {}: {second}",
                dice.0,
                dice.1,
                chosen_label(rules, d)
            )
        }
    }
}

/// The 21 distinct rolls with their probabilities (1/36 for doubles, 2/36 otherwise).
pub fn weighted_rolls() -> impl Iterator<Item = ((u8, u8), f32)> {
    acey_rules::distinct_rolls()
        .map(|(a, b)| ((a, b), if a == b { 1.0 / 36.0 } else { 2.0 / 36.0 }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use acey_rules::{successors, MoveGen, Position, Preset};

    #[test]
    fn candidates_reach_exactly_the_perft_successors() {
        // The engine's perft defines successor states (`acey_rules::perft`); candidates must agree.
        for preset in [Preset::American, Preset::Bgammon, Preset::Backgammon] {
            let rules = preset.rules();
            let mut gen = MoveGen::new(&rules);
            let mut dice = acey_rules::SeededRng::new(4);
            let mut state = Position::starting(&rules);
            for _ in 0..60 {
                for (roll, _) in weighted_rolls() {
                    let mut ours: Vec<Position> = candidates(&rules, &mut gen, &state, roll)
                        .iter()
                        .map(|c| c.state)
                        .collect();
                    let mut theirs = successors(&rules, &mut gen, &state, roll);
                    ours.sort();
                    theirs.sort();
                    assert_eq!(ours, theirs, "{preset} {state:?} {roll:?}");
                }
                let roll = dice.roll();
                let c = candidates(&rules, &mut gen, &state, roll);
                state = c[dice.below(c.len())].state;
                if state.winner().is_some() {
                    state = Position::starting(&rules);
                }
            }
        }
    }

    #[test]
    fn roll_weights_sum_to_one() {
        let total: f32 = weighted_rolls().map(|(_, w)| w).sum();
        assert!((total - 1.0).abs() < 1e-6);
        assert_eq!(weighted_rolls().count(), 21);
    }
}
