//! What a roll lets the player to roll reach: every distinct next state, with the actions that
//! lead there.
//!
//! A natural roll gives its plays. A 1-2 under an acey-deucey rule set gives, for every play of
//! the 1-2 that earns the double (AD-2), every nameable double and every play of it (AD-3, AD-4):
//! the whole turn segment up to the next roll is one decision. A candidate's `state` has `turn` set
//! to whoever rolls next: the same player after an earned re-roll (AD-5, natural doubles under
//! `four-moves-then-reroll`), else the opponent; a finished game is paired with the loser.

use acey_rules::{MoveGen, NaturalDoubles, Play, Pool, Position, Rules, CHECKERS};

/// One reachable next state and how to get there.
#[derive(Debug, Clone, Copy)]
pub struct Candidate {
    /// The play of the rolled dice; `None` when nothing can be played.
    pub play: Option<Play>,
    /// After a fully played 1-2: the named double and its play (`None` if no step of it is legal).
    pub double: Option<(u8, Option<Play>)>,
    /// The state reached, `turn` = the player who rolls next.
    pub state: Position,
}

fn next_turn(mover_finished: bool, same_player: bool, pos: Position) -> Position {
    let mover = pos.turn();
    if mover_finished || !same_player {
        pos.with_turn(mover.other())
    } else {
        pos.with_turn(mover)
    }
}

/// The doubles that may be named from `pos` after a fully played 1-2, each with its plays.
pub fn double_options(rules: &Rules, gen: &mut MoveGen, pos: &Position) -> Vec<(u8, Vec<Play>)> {
    let all: Vec<(u8, Vec<Play>)> = (1..=6u8)
        .map(|d| {
            let pool = Pool::chosen_double(d, rules.acey_doubles_mode).expect("1..=6");
            (d, gen.plays(pos, &pool).to_vec())
        })
        .collect();
    if rules.acey_double_choice == acey_rules::AceyDoubleChoice::PlayableIfPossible {
        let full = |plays: &Vec<Play>| {
            plays
                .first()
                .is_some_and(|p| p.dice_used() == 4 || p.position().winner().is_some())
        };
        if all.iter().any(|(_, p)| full(p)) {
            return all.into_iter().filter(|(_, p)| full(p)).collect();
        }
    }
    all
}

/// The candidates of a named double `d` with its `plays` from the position after the 1-2.
pub fn double_candidates(rules: &Rules, after: &Position, d: u8, plays: &[Play]) -> Vec<Candidate> {
    let mover = after.turn();
    let gate = |used: usize| rules.earns_reroll(used);
    if plays.is_empty() {
        return vec![Candidate {
            play: None,
            double: Some((d, None)),
            state: next_turn(false, gate(0), *after),
        }];
    }
    plays
        .iter()
        .map(|p| Candidate {
            play: None,
            double: Some((d, Some(*p))),
            state: next_turn(
                p.position().off(mover) == CHECKERS,
                gate(p.dice_used()),
                *p.position(),
            ),
        })
        .collect()
}

/// Every distinct next state that rolling `dice` from `state` can lead to.
pub fn candidates(
    rules: &Rules,
    gen: &mut MoveGen,
    state: &Position,
    dice: (u8, u8),
) -> Vec<Candidate> {
    let mover = state.turn();
    let pool = Pool::roll(dice.0, dice.1).expect("dice are 1..=6");
    let plays = gen.plays(state, &pool).to_vec();
    if plays.is_empty() {
        return vec![Candidate {
            play: None,
            double: None,
            state: state.with_turn(mover.other()),
        }];
    }
    let mut out: Vec<Candidate> = Vec::with_capacity(plays.len());
    let mut seen = std::collections::HashSet::with_capacity(plays.len() * 2);
    let mut push = |c: Candidate, out: &mut Vec<Candidate>| {
        if seen.insert(c.state) {
            out.push(c);
        }
    };
    if rules.is_acey_deucey(dice.0, dice.1) {
        for play in &plays {
            let after = *play.position();
            let earned = rules.earns_double(play.dice_used());
            if after.off(mover) == CHECKERS || !earned {
                push(
                    Candidate {
                        play: Some(*play),
                        double: None,
                        state: after.with_turn(mover.other()),
                    },
                    &mut out,
                );
                continue;
            }
            for (d, dplays) in double_options(rules, gen, &after) {
                for mut c in double_candidates(rules, &after, d, &dplays) {
                    c.play = Some(*play);
                    push(c, &mut out);
                }
            }
        }
    } else {
        let reroll =
            pool.len() == 4 && rules.natural_doubles == NaturalDoubles::FourMovesThenReroll;
        for play in &plays {
            let finished = play.position().off(mover) == CHECKERS;
            push(
                Candidate {
                    play: Some(*play),
                    double: None,
                    state: next_turn(finished, reroll && play.dice_used() == 4, *play.position()),
                },
                &mut out,
            );
        }
    }
    out
}

/// The 21 distinct rolls with their probabilities (1/36 for doubles, 2/36 otherwise).
pub fn weighted_rolls() -> impl Iterator<Item = ((u8, u8), f32)> {
    acey_rules::distinct_rolls()
        .map(|(a, b)| ((a, b), if a == b { 1.0 / 36.0 } else { 2.0 / 36.0 }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use acey_rules::{successors, Preset};

    #[test]
    fn candidates_reach_exactly_the_perft_successors() {
        // The engine's perft defines successor states (design 3.4); candidates must agree.
        for preset in [Preset::American, Preset::Bgammon, Preset::Backgammon] {
            let rules = preset.rules();
            let mut gen = MoveGen::new(&rules);
            let mut dice = acey_rules::Dice::new(4);
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
