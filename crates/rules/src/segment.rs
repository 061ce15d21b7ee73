//! Turn segments: everything one roll lets the player to roll reach before the next roll.
//!
//! A turn segment runs from a roll to the next roll, by either player. A natural roll's segment
//! is one play. A 1-2 under an acey-deucey rule set is longer: every play of the 1-2 that earns
//! the double (AD-2) is followed by every double that may be named (AD-3) and every play of it
//! (AD-4), all before anyone rolls again. Who rolls next is part of the state reached (its
//! `turn`): the same player after an earned re-roll (AD-5) or a natural double fully played under
//! `natural_doubles = four-moves-then-reroll`, else the opponent; a finished game always goes to
//! the loser. The acey-deucey chain limit (AD-6) is not part of a position, so the walk treats the
//! chain as unlimited.
//!
//! perft ([`crate::successors`]) and the bots count and rank exactly these states.
//!
//! ```
//! use acey_rules::{turn_segments, MoveGen, Position, Rules};
//! let rules = Rules::default(); // american: 1-2 is an acey-deucey
//! let mut gen = MoveGen::new(&rules);
//! let start = Position::starting(&rules);
//! let natural = turn_segments(&rules, &mut gen, &start, (6, 5));
//! assert!(natural.iter().all(|s| s.double.is_none() && s.state.turn() != start.turn()));
//! let acey = turn_segments(&rules, &mut gen, &start, (1, 2));
//! // Both dice play from the start, so every segment names a double.
//! assert!(acey.iter().all(|s| s.play.is_some() && s.double.is_some()));
//! ```

use crate::game::Action;
use crate::movegen::MoveGen;
use crate::pool::Pool;
use crate::position::{Player, Position, CHECKERS};
use crate::position_set::PositionSet;
use crate::rules::{AceyDoubleChoice, NaturalDoubles, Rules};
use crate::step::Play;

/// One way through a turn segment: the actions taken and the state they reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnSegment {
    /// The play of the rolled dice; `None` when nothing can be played (and, in the segments of
    /// [`double_segments`], where the roll's play is not part of the answer).
    pub play: Option<Play>,
    /// After a 1-2 play that earned the double: the named double and its play (`None` when no
    /// step of it is legal).
    pub double: Option<(u8, Option<Play>)>,
    /// The state reached, with `turn` set to the player who rolls next.
    pub state: Position,
}

impl TurnSegment {
    /// The game's actions that make this segment, in order: its play, then for a 1-2 the named
    /// double and its play. A pool with no legal play never waits for one (the game forfeits it
    /// at once), so a play the segment lacks has no action.
    pub fn actions(&self) -> Vec<Action> {
        let play = |p: &Play| Action::Play {
            steps: p.steps().to_vec(),
        };
        let mut out: Vec<Action> = self.play.iter().map(play).collect();
        if let Some((value, second)) = &self.double {
            out.push(Action::NameDouble { value: *value });
            out.extend(second.iter().map(play));
        }
        out
    }
}

/// `pos` reached by `mover`, with the player who rolls next to move: `mover` again when
/// `again` and the game goes on, else the opponent (also the loser of a finished game).
fn hand_over(pos: Position, mover: Player, again: bool) -> Position {
    if again && pos.off(mover) != CHECKERS {
        pos.with_turn(mover)
    } else {
        pos.with_turn(mover.other())
    }
}

/// Whether `plays`, the plays of a named double, use the whole double (or end the game); AD-3's
/// `playable-if-possible` lets only such doubles be named when there is one.
pub(crate) fn fills_double(plays: &[Play]) -> bool {
    plays
        .first()
        .is_some_and(|p| p.dice_used() == 4 || p.position().winner().is_some())
}

/// The doubles that may be named from `pos` after a 1-2 that earned the double (AD-3), each with
/// its plays for `pos.turn()`, smallest double first.
pub fn double_options(rules: &Rules, gen: &mut MoveGen, pos: &Position) -> Vec<(u8, Vec<Play>)> {
    let all: Vec<(u8, Vec<Play>)> = (1..=6u8)
        .map(|d| {
            let pool = Pool::chosen_double(d, rules.acey_doubles_mode).expect("1..=6 is a die");
            (d, gen.plays(pos, &pool).to_vec())
        })
        .collect();
    if rules.acey_double_choice == AceyDoubleChoice::PlayableIfPossible
        && all.iter().any(|(_, p)| fills_double(p))
    {
        return all.into_iter().filter(|(_, p)| fills_double(p)).collect();
    }
    all
}

/// The segment ends of naming double `d` with its `plays` (from [`double_options`]) at `after`,
/// the position after the 1-2 with the mover to play. `play` is `None` in each: the caller knows
/// the 1-2 play that led to `after`.
pub fn double_segments(rules: &Rules, after: &Position, d: u8, plays: &[Play]) -> Vec<TurnSegment> {
    let mut out = Vec::with_capacity(plays.len().max(1));
    walk_double(rules, after, None, d, plays, &mut |v| out.push(v.owned()));
    out
}

/// A way through a turn segment as the walk sees it: a [`TurnSegment`] whose plays are still
/// borrowed, so that visitors that want only the state (perft) copy no play.
#[derive(Clone, Copy)]
pub(crate) struct SegmentView<'a> {
    pub(crate) play: Option<&'a Play>,
    pub(crate) double: Option<(u8, Option<&'a Play>)>,
    pub(crate) state: Position,
}

impl SegmentView<'_> {
    fn owned(&self) -> TurnSegment {
        TurnSegment {
            play: self.play.copied(),
            double: self.double.map(|(d, p)| (d, p.copied())),
            state: self.state,
        }
    }
}

fn walk_double<'a>(
    rules: &Rules,
    after: &Position,
    play: Option<&'a Play>,
    d: u8,
    plays: &'a [Play],
    visit: &mut impl FnMut(SegmentView<'a>),
) {
    let mover = after.turn();
    if plays.is_empty() {
        visit(SegmentView {
            play,
            double: Some((d, None)),
            state: hand_over(*after, mover, rules.earns_reroll(0)),
        });
    }
    for p in plays {
        visit(SegmentView {
            play,
            double: Some((d, Some(p))),
            state: hand_over(*p.position(), mover, rules.earns_reroll(p.dice_used())),
        });
    }
}

/// The walk behind [`for_each_turn_segment`], with borrowed plays.
pub(crate) fn walk(
    rules: &Rules,
    gen: &mut MoveGen,
    state: &Position,
    roll: (u8, u8),
    mut visit: impl FnMut(SegmentView<'_>),
) {
    let mover = state.turn();
    let pool = Pool::roll(roll.0, roll.1).expect("dice are 1..=6");
    let plays = gen.plays(state, &pool);
    if plays.is_empty() {
        visit(SegmentView {
            play: None,
            double: None,
            state: state.with_turn(mover.other()),
        });
        return;
    }
    if !rules.is_acey_deucey(roll.0, roll.1) {
        let reroll =
            pool.len() == 4 && rules.natural_doubles == NaturalDoubles::FourMovesThenReroll;
        for play in plays {
            visit(SegmentView {
                play: Some(play),
                double: None,
                state: hand_over(*play.position(), mover, reroll && play.dice_used() == 4),
            });
        }
        return;
    }
    // The doubles need the generator again, so the 1-2 plays are copied out of it first.
    let plays = plays.to_vec();
    for play in &plays {
        let after = *play.position();
        if after.off(mover) == CHECKERS || !rules.earns_double(play.dice_used()) {
            visit(SegmentView {
                play: Some(play),
                double: None,
                state: after.with_turn(mover.other()),
            });
            continue;
        }
        for (d, dplays) in double_options(rules, gen, &after) {
            walk_double(rules, &after, Some(play), d, &dplays, &mut |v| visit(v));
        }
    }
}

/// Calls `visit` with every way through the turn segment of rolling `roll` at `state` (the
/// player to roll is `state.turn()`), in generation order. Different ways may reach the same
/// state; [`turn_segments`] keeps one of each.
///
/// # Panics
///
/// If a die of `roll` is not in 1..=6.
pub fn for_each_turn_segment(
    rules: &Rules,
    gen: &mut MoveGen,
    state: &Position,
    roll: (u8, u8),
    mut visit: impl FnMut(TurnSegment),
) {
    walk(rules, gen, state, roll, |v| visit(v.owned()));
}

/// Every distinct state that rolling `roll` at `state` can lead to before the next roll, each
/// with the first way (in generation order) that reaches it.
///
/// # Panics
///
/// If a die of `roll` is not in 1..=6.
pub fn turn_segments(
    rules: &Rules,
    gen: &mut MoveGen,
    state: &Position,
    roll: (u8, u8),
) -> Vec<TurnSegment> {
    let mut out = Vec::new();
    let mut seen = PositionSet::with_capacity_and_hasher(64, Default::default());
    for_each_turn_segment(rules, gen, state, roll, |s| {
        if seen.insert(s.state) {
            out.push(s);
        }
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{AceyRerollGate, Preset};
    use std::collections::HashSet;

    #[test]
    fn a_blocked_roll_passes_the_dice() {
        let rules = Preset::Backgammon.rules();
        let mut gen = MoveGen::new(&rules);
        // Player 0 on the bar against a closed board (points 19 to 24): nothing can be played.
        let mut board = [0i8; 24];
        board[18..].fill(-2);
        board[0] = 14;
        let pos = Position::new(board, [1, 0], [0, 0], [0, 3], Player::Zero).expect("valid");
        let segs = turn_segments(&rules, &mut gen, &pos, (6, 5));
        assert_eq!(segs.len(), 1);
        assert_eq!(segs[0].play, None);
        assert_eq!(segs[0].state, pos.with_turn(Player::One));
    }

    #[test]
    fn an_earned_reroll_keeps_the_roller() {
        let mut rules = Preset::American.rules();
        let mut gen = MoveGen::new(&rules);
        let start = Position::starting(&rules);
        let mover = start.turn();
        rules.acey_reroll_gate = AceyRerollGate::Always;
        for s in turn_segments(&rules, &mut gen, &start, (2, 1)) {
            assert!(s.double.is_some());
            assert_eq!(s.state.turn(), mover, "{s:?}");
        }
    }

    #[test]
    fn segments_are_distinct_and_cover_every_visit() {
        for preset in Preset::ALL {
            let rules = preset.rules();
            let mut gen = MoveGen::new(&rules);
            let start = Position::starting(&rules);
            for roll in crate::distinct_rolls() {
                let mut visited = HashSet::new();
                for_each_turn_segment(&rules, &mut gen, &start, roll, |s| {
                    visited.insert(s.state);
                });
                let segs = turn_segments(&rules, &mut gen, &start, roll);
                let distinct: HashSet<Position> = segs.iter().map(|s| s.state).collect();
                assert_eq!(distinct.len(), segs.len(), "{preset} {roll:?}");
                assert_eq!(distinct, visited, "{preset} {roll:?}");
            }
        }
    }
}
