//! Every edge case of the rules specification (section 5, E1 to E30), one named test each, under
//! the default (`american`) rules unless the test says otherwise, plus the option variants the
//! edge cases mention.
//!
//! Expected values are worked out by hand from the rulings quoted above each test. Positions are
//! written with [`pos`]: both sides in player 0's numbering (player 0 is "P" in almost every test,
//! so the numbers read like the spec), and whatever a side does not place is borne off.

use std::collections::BTreeSet;

use acey_rules::notation::find_play;
use acey_rules::{
    base_score, distinct_rolls, legal_plays, AceyDoublesMode, AceyRerollGate, Action, BearOffRule,
    Cube, Dest, DiceUsage, Game, GameEnd, GameError, NextGameStarter, OpeningRoll, Phase, Play,
    Player, Pool, PoolKind, Position, Rules, Scoring, Source, Step, TurnBuilder,
};

const P0: Player = Player::Zero;
const P1: Player = Player::One;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// One side of a position: `(point, count)` pairs in player 0's numbering, plus `bar` and
/// `start`. The side's remaining checkers (of 15) are off.
#[derive(Clone, Copy)]
struct Side<'a> {
    points: &'a [(u8, u8)],
    bar: u8,
    start: u8,
}

/// Checkers on these points (player 0's numbering), nothing on the bar or in `start`.
fn side(points: &[(u8, u8)]) -> Side<'_> {
    Side {
        points,
        bar: 0,
        start: 0,
    }
}

/// All 15 in `start` (the side has not entered a checker).
fn unentered() -> Side<'static> {
    side(&[]).start(15)
}

impl Side<'_> {
    fn bar(mut self, n: u8) -> Self {
        self.bar = n;
        self
    }
    fn start(mut self, n: u8) -> Self {
        self.start = n;
        self
    }
    fn placed(&self) -> u8 {
        self.points.iter().map(|&(_, n)| n).sum::<u8>() + self.bar + self.start
    }
}

/// Builds a position with `turn` to act. Both sides are written in **player 0's numbering**
/// (player 1's point `q` is player 0's point `25 - q`); whatever a side does not place is off.
fn pos(zero: Side, one: Side, turn: Player) -> Position {
    let mut board = [0i8; 24];
    for &(p, n) in zero.points {
        board[p as usize - 1] += n as i8;
    }
    for &(p, n) in one.points {
        assert!(board[p as usize - 1] <= 0, "both colours on point {p}");
        board[p as usize - 1] -= n as i8;
    }
    Position::new(
        board,
        [zero.bar, one.bar],
        [zero.start, one.start],
        [15 - zero.placed(), 15 - one.placed()],
        turn,
    )
    .unwrap()
}

/// A checker moving from point `from` to point `to` (mover's numbering); the die is the distance.
fn mv(from: u8, to: u8) -> Step {
    Step {
        from: Source::Point(from),
        to: Dest::Point(to),
        die: from - to,
        hit: false,
    }
}

/// A checker entering from `start` on point `to` (die `25 - to`).
fn enter(to: u8) -> Step {
    Step {
        from: Source::Start,
        to: Dest::Point(to),
        die: 25 - to,
        hit: false,
    }
}

/// A checker re-entering from the bar on point `to` (die `25 - to`).
fn bar(to: u8) -> Step {
    Step {
        from: Source::Bar,
        to: Dest::Point(to),
        die: 25 - to,
        hit: false,
    }
}

/// A checker borne off from point `from` with die `die`.
fn off(from: u8, die: u8) -> Step {
    Step {
        from: Source::Point(from),
        to: Dest::Off,
        die,
        hit: false,
    }
}

fn pool(dice: &[u8]) -> Pool {
    Pool::from_dice(dice).unwrap()
}

fn chosen(d: u8) -> Pool {
    Pool::chosen_double(d, AceyDoublesMode::American).unwrap()
}

fn set<T: Ord>(items: impl IntoIterator<Item = T>) -> BTreeSet<T> {
    items.into_iter().collect()
}

/// The distinct resulting positions of a list of plays.
fn results_of(plays: &[Play]) -> BTreeSet<Position> {
    plays.iter().map(|p| *p.position()).collect()
}

/// The distinct resulting positions of every legal play of `pool` from `position`.
fn results(rules: &Rules, position: &Position, pool: &Pool) -> BTreeSet<Position> {
    results_of(&legal_plays(rules, position, pool))
}

/// The notations of every legal play, sorted.
fn notations(rules: &Rules, position: &Position, pool: &Pool) -> Vec<String> {
    let mut v: Vec<String> = legal_plays(rules, position, pool)
        .iter()
        .map(|p| p.notation())
        .collect();
    v.sort();
    v
}

fn american() -> Rules {
    Rules::default()
}

fn game_at(rules: Rules, position: Position) -> Game {
    Game::from_position(rules, position).unwrap()
}

fn act(game: &mut Game, action: Action) {
    let shown = format!("{action:?}");
    game.apply(action)
        .unwrap_or_else(|e| panic!("{shown} refused in {:?}: {e}", game.phase()));
}

fn roll(game: &mut Game, a: u8, b: u8) {
    act(game, Action::Roll { dice: [a, b] });
}

fn play(game: &mut Game, steps: &[Step]) {
    act(
        game,
        Action::Play {
            steps: steps.to_vec(),
        },
    );
}

fn name(game: &mut Game, value: u8) {
    act(game, Action::NameDouble { value });
}

fn moving(player: Player, pool: Pool, kind: PoolKind) -> Phase {
    Phase::Move { player, pool, kind }
}

fn to_roll(player: Player) -> Phase {
    Phase::Roll { player }
}

/// The last finished play of the game: (kind, notation of its steps).
fn last_play(game: &Game) -> (PoolKind, String) {
    let r = game.log().last().expect("a play was logged");
    (r.kind, acey_rules::notation::format_steps(&r.steps))
}

// ---------------------------------------------------------------------------------------------
// E1 .. E30
// ---------------------------------------------------------------------------------------------

/// E1: after the die-off, a 1-2 on the empty board: every step is legal (enter at 24 and 23, or
/// enter and move on), the named double may enter four checkers, all four are played, so P
/// re-rolls (AD-1 .. AD-5, R2.3 `RerollBoth`).
#[test]
fn e1_acey_deucey_as_the_first_roll() {
    let rules = american();
    let mut game = Game::new(rules);
    act(&mut game, Action::DieOff { dice: [5, 2] });
    assert_eq!(game.phase(), &to_roll(P0));
    roll(&mut game, 1, 2);
    assert_eq!(
        game.phase(),
        &moving(P0, Pool::roll(1, 2).unwrap(), PoolKind::AceyDeucey)
    );
    // Either die may be played first: in/24 with the 1 or in/23 with the 2.
    let first: BTreeSet<String> = game
        .turn()
        .unwrap()
        .legal_steps()
        .iter()
        .map(|s| format!("{s} ({})", s.die))
        .collect();
    assert_eq!(
        first,
        set(["in/24 (1)".to_string(), "in/23 (2)".to_string()])
    );
    // Two results: a checker on 24 and one on 23, or one checker on 22.
    assert_eq!(
        results_of(game.legal_plays()),
        set([
            pos(side(&[(24, 1), (23, 1)]).start(13), unentered(), P0),
            pos(side(&[(22, 1)]).start(14), unentered(), P0),
        ])
    );
    // "enter at 23 and then move 23->22"
    play(&mut game, &[enter(23), mv(23, 22)]);
    assert_eq!(game.phase(), &Phase::NameDouble { player: P0 });
    name(&mut game, 6);
    assert_eq!(
        game.phase(),
        &moving(P0, chosen(6), PoolKind::ChosenDouble(6))
    );
    // Entries plus moves are legal too.
    assert!(find_play(game.legal_plays(), "in/19 19/13 in/19 22/16").is_ok());
    play(&mut game, &[enter(19), enter(19), enter(19), enter(19)]);
    // All four used: P rolls again (AD-5).
    assert_eq!(game.phase(), &to_roll(P0));
    assert_eq!(
        game.position(),
        pos(side(&[(22, 1), (19, 4)]).start(10), unentered(), P0)
    );
    assert_eq!(game.score(), [0, 0]);
}

/// E1 under `opening_roll = UseDieOffDice`: a die-off of 2 against 1 is the starter's opening
/// play {2, 1}, treated as an acey-deucey (name a double, re-roll). A tied die-off is rolled
/// again, so a double is never an opening play.
#[test]
fn e1_die_off_two_against_one_is_an_acey_deucey_under_use_die_off_dice() {
    let rules = Rules {
        opening_roll: OpeningRoll::UseDieOffDice,
        ..american()
    };
    let mut game = Game::new(rules);
    act(&mut game, Action::DieOff { dice: [4, 4] });
    assert_eq!(game.phase(), &Phase::DieOff, "a tie is never a double");
    act(&mut game, Action::DieOff { dice: [2, 1] });
    assert_eq!(
        game.phase(),
        &moving(P0, Pool::roll(2, 1).unwrap(), PoolKind::AceyDeucey)
    );
    play(&mut game, &[enter(24), enter(23)]);
    assert_eq!(game.phase(), &Phase::NameDouble { player: P0 });
    name(&mut game, 3);
    play(&mut game, &[enter(22), enter(22), enter(22), enter(22)]);
    assert_eq!(game.phase(), &to_roll(P0), "all four played: re-roll");
    assert_eq!(
        game.position(),
        pos(side(&[(24, 1), (23, 1), (22, 4)]).start(9), unentered(), P0)
    );

    // Player 1 winning 2 against 1 gets the acey-deucey.
    let mut game = Game::new(rules);
    act(&mut game, Action::DieOff { dice: [1, 2] });
    assert_eq!(
        game.phase(),
        &moving(P1, Pool::roll(1, 2).unwrap(), PoolKind::AceyDeucey)
    );

    // Any other die-off is an ordinary opening play.
    let mut game = Game::new(rules);
    act(&mut game, Action::DieOff { dice: [3, 6] });
    assert_eq!(
        game.phase(),
        &moving(P1, Pool::roll(6, 3).unwrap(), PoolKind::Natural)
    );
}

/// E2(a): bar = 1, 24 blocked, 23 open: the 2 must enter at 23 (R4.6 inside AD-1); the 1 is then
/// free (23->22 or another checker; in/24 is blocked). Both used, so P names a double.
#[test]
fn e2a_acey_deucey_with_one_on_the_bar_enters_with_the_two() {
    let rules = american();
    let start = pos(
        side(&[(10, 1), (1, 11)]).bar(1).start(2),
        side(&[(24, 2)]),
        P0,
    );
    let mut game = game_at(rules, start);
    roll(&mut game, 1, 2);
    let first: Vec<String> = game
        .turn()
        .unwrap()
        .legal_steps()
        .iter()
        .map(|s| format!("{s} ({})", s.die))
        .collect();
    assert_eq!(first, ["bar/23 (2)"]);
    assert_eq!(
        results_of(game.legal_plays()),
        set([
            pos(
                side(&[(22, 1), (10, 1), (1, 11)]).start(2),
                side(&[(24, 2)]),
                P0
            ),
            pos(
                side(&[(23, 1), (9, 1), (1, 11)]).start(2),
                side(&[(24, 2)]),
                P0
            ),
        ])
    );
    play(&mut game, &[bar(23), mv(10, 9)]);
    assert_eq!(game.phase(), &Phase::NameDouble { player: P0 });
    name(&mut game, 5);
    assert_eq!(
        game.phase(),
        &moving(P0, chosen(5), PoolKind::ChosenDouble(5))
    );
}

/// E2(a), second half: if the 1 is not playable after bar/23, the turn ends with no double and
/// no re-roll (AD-2).
#[test]
fn e2a_acey_deucey_with_the_one_unplayable_after_entering_ends_the_turn() {
    let rules = american();
    let start = pos(side(&[(1, 14)]).bar(1), side(&[(24, 2), (22, 2)]), P0);
    let after = pos(side(&[(23, 1), (1, 14)]), side(&[(24, 2), (22, 2)]), P0);
    assert_eq!(results(&rules, &start, &pool(&[1, 2])), set([after]));
    let mut game = game_at(rules, start);
    roll(&mut game, 1, 2);
    play(&mut game, &[bar(23)]);
    assert_eq!(game.phase(), &to_roll(P1));
    assert_eq!(game.position(), after.with_turn(P1));
    assert_eq!(
        last_play(&game),
        (PoolKind::AceyDeucey, "bar/23".to_string())
    );
}

/// E2(b): bar = 2, 24 and 23 open: both dice must enter; both are used, so P names a double.
#[test]
fn e2b_acey_deucey_with_two_on_the_bar_enters_both() {
    let rules = american();
    let start = pos(side(&[]).bar(2).start(13), unentered(), P0);
    let mut game = game_at(rules, start);
    roll(&mut game, 2, 1);
    assert_eq!(
        results_of(game.legal_plays()),
        set([pos(side(&[(24, 1), (23, 1)]).start(13), unentered(), P0)])
    );
    play(&mut game, &[bar(24), bar(23)]);
    assert_eq!(game.phase(), &Phase::NameDouble { player: P0 });
}

/// E2(c): bar = 2, 24 blocked, 23 open: one checker enters with the 2; the 1 is unusable (bar
/// still occupied, 24 blocked). No double, no re-roll.
#[test]
fn e2c_acey_deucey_with_two_on_the_bar_and_24_blocked_loses_the_privileges() {
    let rules = american();
    let them = side(&[(24, 2)]).start(13);
    let start = pos(side(&[]).bar(2).start(13), them, P0);
    let after = pos(side(&[(23, 1)]).bar(1).start(13), them, P0);
    assert_eq!(results(&rules, &start, &pool(&[1, 2])), set([after]));
    let mut game = game_at(rules, start);
    roll(&mut game, 1, 2);
    play(&mut game, &[bar(23)]);
    assert_eq!(game.phase(), &to_roll(P1));
    assert_eq!(game.position(), after.with_turn(P1));
}

/// E2(d): bar >= 1, 24 and 23 both blocked: no step at all; the turn is forfeited with its
/// privileges (R3.2, AD-2).
#[test]
fn e2d_acey_deucey_with_no_entry_forfeits_everything() {
    let rules = american();
    let start = pos(
        side(&[]).bar(1).start(14),
        side(&[(24, 2), (23, 2)]).start(11),
        P0,
    );
    assert!(legal_plays(&rules, &start, &pool(&[1, 2])).is_empty());
    let mut game = game_at(rules, start);
    roll(&mut game, 1, 2);
    assert_eq!(game.phase(), &to_roll(P1));
    assert_eq!(game.position(), start.with_turn(P1));
    assert_eq!(last_play(&game), (PoolKind::AceyDeucey, "-".to_string()));
}

/// E2(e): bar = 1 when naming, and the named double's entry point is blocked: naming it is legal,
/// zero steps are played, so there is no re-roll (AD-3, AD-5).
#[test]
fn e2e_named_double_with_a_blocked_entry_and_a_bar_checker_plays_nothing() {
    let rules = american();
    let them = side(&[(19, 2)]).start(13);
    let start = pos(side(&[]).bar(3).start(12), them, P0);
    let after_one_two = pos(side(&[(24, 1), (23, 1)]).bar(1).start(12), them, P0);
    let mut game = game_at(rules, start);
    roll(&mut game, 1, 2);
    play(&mut game, &[bar(24), bar(23)]);
    assert_eq!(game.phase(), &Phase::NameDouble { player: P0 });
    assert_eq!(game.position(), after_one_two);
    let before_naming = game.clone();

    name(&mut game, 6); // entry point 19 is blocked
    assert_eq!(game.phase(), &to_roll(P1));
    assert_eq!(game.position(), after_one_two.with_turn(P1));
    assert_eq!(
        last_play(&game),
        (PoolKind::ChosenDouble(6), "-".to_string())
    );

    // Contrast: 5 enters at 20 and all four 5s can be played, so P rolls again.
    let mut game = before_naming;
    name(&mut game, 5);
    let four = game.legal_plays()[0].steps().to_vec();
    assert_eq!(four.len(), 4);
    assert_eq!(four[0], bar(20));
    play(&mut game, &four);
    assert_eq!(game.phase(), &to_roll(P0));
}

/// E3: naming a double while checkers remain in `start` is legal; each step may enter at 25-d or
/// move a board checker. With 19 open, four entries are possible; with 19 blocked, P plays the 6s
/// with board checkers.
#[test]
fn e3_named_double_with_checkers_in_start() {
    let rules = american();
    // P: 10 in start, one checker on 13, 4 off. O out of the way.
    let open = pos(side(&[(13, 1)]).start(10), unentered(), P0);
    let p = |points: &[(u8, u8)], start: u8| pos(side(points).start(start), unentered(), P0);
    // Worked out by hand: the 13 checker uses 0, 1 or 2 sixes (to 13, 7 or 1) and the entered
    // checkers the rest, 1 to 4 each (19, 13, 7, 1): ten splits, two of which coincide with
    // others ("13 and 1", "19, 13 and 7"), so eight results.
    assert_eq!(
        results(&rules, &open, &chosen(6)),
        set([
            p(&[(13, 1), (1, 1)], 9),
            p(&[(19, 1), (13, 1), (7, 1)], 8),
            p(&[(13, 3)], 8),
            p(&[(19, 2), (13, 2)], 7),
            p(&[(19, 4), (13, 1)], 6),
            p(&[(7, 2)], 9),
            p(&[(19, 3), (7, 1)], 7),
            p(&[(19, 2), (1, 1)], 8),
        ])
    );
    assert!(find_play(&legal_plays(&rules, &open, &chosen(6)), "in/19(4)").is_ok());

    // 19 blocked: only the board checker can use the 6s: 13/7/1, and no further.
    let them = side(&[(19, 2)]).start(13);
    let blocked = pos(side(&[(13, 1)]).start(10), them, P0);
    assert_eq!(notations(&rules, &blocked, &chosen(6)), ["13/7 7/1"]);
    assert_eq!(
        results(&rules, &blocked, &chosen(6)),
        set([pos(side(&[(1, 1)]).start(10), them, P0)])
    );
}

/// The E4/E5 set-up: P's checkers on 22 and 9; O blocks P's 3 (so 9 can never play a 6), and for
/// E5 also 14 and 4. The 1-2 is played 22/20 20/19.
fn e4_e5_game(rules: Rules, them: Side) -> Game {
    let start = pos(side(&[(22, 1), (9, 1)]), them, P0);
    let mut game = game_at(rules, start);
    roll(&mut game, 1, 2);
    play(&mut game, &[mv(22, 20), mv(20, 19)]);
    assert_eq!(game.phase(), &Phase::NameDouble { player: P0 });
    game
}

/// E4: P names 6 and only three 6-steps exist (19/13/7/1; 9/3 is blocked, and 1 cannot bear off
/// with 9 outside): P must play the three, there is no re-roll, the turn passes (R5.3, AD-5).
#[test]
fn e4_chosen_double_only_partly_playable_ends_the_turn() {
    let them = side(&[(3, 2)]);
    let mut game = e4_e5_game(american(), them);
    name(&mut game, 6);
    let plays: Vec<String> = game.legal_plays().iter().map(|p| p.notation()).collect();
    assert_eq!(plays, ["19/13 13/7 7/1"]);
    // Stopping early is not allowed (R5.4).
    let mut early = game.clone();
    assert!(matches!(
        early.apply(Action::Play {
            steps: vec![mv(19, 13), mv(13, 7)]
        }),
        Err(GameError::Illegal(_))
    ));
    play(&mut game, &[mv(19, 13), mv(13, 7), mv(7, 1)]);
    assert_eq!(game.phase(), &to_roll(P1));
    assert_eq!(game.position(), pos(side(&[(9, 1), (1, 1)]), them, P1));
}

/// E4 under `acey_reroll_gate = Always`: the same three 6s, and P re-rolls anyway.
#[test]
fn e4_chosen_double_only_partly_playable_rerolls_under_always() {
    let rules = Rules {
        acey_reroll_gate: AceyRerollGate::Always,
        ..american()
    };
    let them = side(&[(3, 2)]);
    let mut game = e4_e5_game(rules, them);
    name(&mut game, 6);
    play(&mut game, &[mv(19, 13), mv(13, 7), mv(7, 1)]);
    assert_eq!(game.phase(), &to_roll(P0));
    assert_eq!(game.position(), pos(side(&[(9, 1), (1, 1)]), them, P0));
}

/// E5: a chosen double with no legal step at all is legal to name (BKGM); zero steps are played,
/// there is no re-roll and the turn ends. Here 5: 19/14 and 9/4 are both blocked.
#[test]
fn e5_chosen_double_not_playable_at_all_ends_the_turn() {
    let them = side(&[(3, 2), (14, 2), (4, 2)]);
    let mut game = e4_e5_game(american(), them);
    assert_eq!(game.nameable_doubles(), [1, 2, 3, 4, 5, 6]);
    name(&mut game, 5);
    assert_eq!(game.phase(), &to_roll(P1));
    assert_eq!(game.position(), pos(side(&[(19, 1), (9, 1)]), them, P1));
    assert_eq!(
        last_play(&game),
        (PoolKind::ChosenDouble(5), "-".to_string())
    );
    assert_eq!(game.log().last().unwrap().dice, [5, 5, 5, 5]);
}

/// E6: only the checker on 24 can move; 23 and 22 open, 21 blocked. Each die alone is playable,
/// not both: P must play the 2 (R5.2), and the privileges are lost (AD-2).
#[test]
fn e6_one_two_where_only_one_die_can_be_used_plays_the_two() {
    let rules = american();
    let them = side(&[(21, 2)]);
    let start = pos(side(&[(24, 1), (1, 14)]), them, P0);
    assert_eq!(notations(&rules, &start, &pool(&[1, 2])), ["24/22"]);
    let mut game = game_at(rules, start);
    roll(&mut game, 1, 2);
    let mut wrong = game.clone();
    assert!(matches!(
        wrong.apply(Action::Play {
            steps: vec![mv(24, 23)]
        }),
        Err(GameError::Illegal(_))
    ));
    play(&mut game, &[mv(24, 22)]);
    assert_eq!(game.phase(), &to_roll(P1));
    assert_eq!(game.position(), pos(side(&[(22, 1), (1, 14)]), them, P1));

    // If only the 1 were playable (22 blocked too), P plays the 1 and also loses the privileges.
    let them = side(&[(21, 2), (22, 2)]);
    let start = pos(side(&[(24, 1), (1, 14)]), them, P0);
    assert_eq!(notations(&rules, &start, &pool(&[1, 2])), ["24/23"]);
    let mut game = game_at(rules, start);
    roll(&mut game, 2, 1);
    play(&mut game, &[mv(24, 23)]);
    assert_eq!(game.phase(), &to_roll(P1));
}

/// E7: the only movable checker is on 10; 9 blocked, 8 and 7 open. 2-first (10/8 8/7) uses both
/// dice, so both must be used (R5.1) and the double follows.
#[test]
fn e7_one_two_that_needs_the_two_first() {
    let rules = american();
    let them = side(&[(9, 2)]);
    let start = pos(side(&[(10, 1), (1, 14)]), them, P0);
    assert_eq!(notations(&rules, &start, &pool(&[1, 2])), ["10/8 8/7"]);
    assert_eq!(
        results(&rules, &start, &pool(&[1, 2])),
        set([pos(side(&[(7, 1), (1, 14)]), them, P0)])
    );
    let mut game = game_at(rules, start);
    roll(&mut game, 1, 2);
    play(&mut game, &[mv(10, 8), mv(8, 7)]);
    assert_eq!(game.phase(), &Phase::NameDouble { player: P0 });
}

/// E8: all home with checkers on 1 and 2: the 1 and the 2 bear off; the named 6 bears off from
/// the highest point each time (R8.2 case 3); four 6-steps, so P re-rolls.
#[test]
fn e8_bearing_off_during_an_acey_deucey() {
    let rules = american();
    let them = side(&[(13, 10)]);
    let start = pos(side(&[(5, 1), (4, 2), (3, 2), (2, 1), (1, 1)]), them, P0);
    let mut game = game_at(rules, start);
    roll(&mut game, 1, 2);
    play(&mut game, &[off(1, 1), off(2, 2)]);
    assert_eq!(game.phase(), &Phase::NameDouble { player: P0 });
    name(&mut game, 6);
    let plays: Vec<String> = game.legal_plays().iter().map(|p| p.notation()).collect();
    assert_eq!(plays, ["5/off 4/off(2) 3/off"]);
    play(&mut game, &[off(5, 6), off(4, 6), off(4, 6), off(3, 6)]);
    assert_eq!(game.phase(), &to_roll(P0));
    assert_eq!(game.position(), pos(side(&[(3, 1)]), them, P0));
}

/// E8 / AD-7: the last checker comes off during the chosen double: the game ends at once, with
/// the remaining 6 unused, no re-roll, and the win scored (15 - 5 = 10).
#[test]
fn e8_game_ends_at_once_when_the_last_checker_leaves_during_the_chosen_double() {
    let rules = american();
    let them = side(&[(13, 10)]); // O has borne off 5
    let start = pos(side(&[(5, 1), (3, 2), (2, 1), (1, 1)]), them, P0);
    let mut game = game_at(rules, start);
    roll(&mut game, 2, 1);
    play(&mut game, &[off(1, 1), off(2, 2)]);
    name(&mut game, 6);
    let plays: Vec<String> = game.legal_plays().iter().map(|p| p.notation()).collect();
    assert_eq!(plays, ["5/off 3/off(2)"]);
    play(&mut game, &[off(5, 6), off(3, 6), off(3, 6)]);
    assert_eq!(
        game.phase(),
        &Phase::GameOver {
            winner: P0,
            points: 10,
            how: GameEnd::BoreOff
        }
    );
    assert_eq!(game.score(), [10, 0]);
    assert!(matches!(
        game.apply(Action::Roll { dice: [3, 4] }),
        Err(GameError::WrongPhase(_))
    ));
}

/// E8 / AD-7: the last checker comes off during the 1-2 itself: the game ends at once, with no
/// naming of a double.
#[test]
fn e8_game_ends_at_once_when_the_last_checker_leaves_during_the_one_two() {
    let rules = american();
    let start = pos(side(&[(2, 1), (1, 1)]), side(&[(13, 10)]), P0);
    let mut game = game_at(rules, start);
    roll(&mut game, 1, 2);
    play(&mut game, &[off(1, 1), off(2, 2)]);
    assert_eq!(
        game.phase(),
        &Phase::GameOver {
            winner: P0,
            points: 10,
            how: GameEnd::BoreOff
        }
    );
    assert!(matches!(
        game.apply(Action::NameDouble { value: 6 }),
        Err(GameError::WrongPhase(_))
    ));
    assert_eq!(game.score(), [10, 0]);
}

/// E8, last bullet: the 1 cannot bear off (no checker on 1, checkers higher), but a use is a
/// use: 3/2 with the 1, then 2/off with the 2, earns the double.
#[test]
fn e8_the_one_may_move_inside_the_board_when_it_cannot_bear_off() {
    let rules = american();
    let them = side(&[(13, 10)]);
    let start = pos(side(&[(5, 1), (3, 1), (2, 1)]), them, P0);
    let p = |points: &[(u8, u8)]| pos(side(points), them, P0);
    // By hand: every way to play 2 and 1 from {2, 3, 5}; 1/off needs a checker on 1.
    assert_eq!(
        results(&rules, &start, &pool(&[1, 2])),
        set([
            p(&[(5, 1), (2, 1)]),
            p(&[(4, 1), (3, 1)]),
            p(&[(5, 1), (1, 2)]),
            p(&[(4, 1), (2, 1), (1, 1)]),
            p(&[(3, 2), (1, 1)]),
            p(&[(3, 1), (2, 2)]),
        ])
    );
    let mut game = game_at(rules, start);
    roll(&mut game, 1, 2);
    play(&mut game, &[mv(3, 2), off(2, 2)]);
    assert_eq!(game.phase(), &Phase::NameDouble { player: P0 });
    assert_eq!(game.position(), p(&[(5, 1), (2, 1)]));
}

/// E9: the last outside checker is on 7: 7/6 with the 1 makes P eligible (R8.1 re-checked after
/// every step), the 2 then bears off from 2. Both used, and the double bears off.
#[test]
fn e9_becoming_eligible_to_bear_off_mid_sequence() {
    let rules = american();
    let them = side(&[(13, 10)]);
    let start = pos(side(&[(7, 1), (5, 3), (4, 2), (2, 1)]), them, P0);
    let mut game = game_at(rules, start);
    roll(&mut game, 1, 2);
    let turn = game.turn().unwrap();
    assert!(
        turn.legal_steps().iter().all(|s| s.to != Dest::Off),
        "not eligible before 7/6: {:?}",
        turn.legal_steps()
    );
    act(&mut game, Action::Step { step: mv(7, 6) });
    assert!(game.turn().unwrap().legal_steps().contains(&off(2, 2)));
    act(&mut game, Action::Step { step: off(2, 2) });
    act(&mut game, Action::Confirm);
    assert_eq!(game.phase(), &Phase::NameDouble { player: P0 });
    assert_eq!(
        game.position(),
        pos(side(&[(6, 1), (5, 3), (4, 2)]), them, P0)
    );
    name(&mut game, 6);
    let plays: Vec<String> = game.legal_plays().iter().map(|p| p.notation()).collect();
    assert_eq!(plays, ["6/off 5/off(3)"]);
    play(&mut game, &[off(6, 6), off(5, 6), off(5, 6), off(5, 6)]);
    assert_eq!(game.phase(), &to_roll(P0));
    assert_eq!(game.position(), pos(side(&[(4, 2)]), them, P0));
}

/// E10: bar = 1, 6-3, 19 and 22 open, 16 blocked: only one die can be used, so P must enter with
/// the 6 (R5.2). With 19 blocked P enters with the 3, and must then play the 6 if it can.
#[test]
fn e10_larger_die_rule_when_entering() {
    let rules = american();
    let them = side(&[(16, 2)]);
    let start = pos(side(&[(1, 14)]).bar(1), them, P0);
    assert_eq!(notations(&rules, &start, &pool(&[6, 3])), ["bar/19"]);
    assert_eq!(
        results(&rules, &start, &pool(&[6, 3])),
        set([pos(side(&[(19, 1), (1, 14)]), them, P0)])
    );

    let them = side(&[(19, 2), (16, 2)]);
    let start = pos(side(&[(1, 14)]).bar(1), them, P0);
    assert_eq!(notations(&rules, &start, &pool(&[6, 3])), ["bar/22"]);

    let start = pos(side(&[(10, 1), (1, 13)]).bar(1), them, P0);
    assert_eq!(notations(&rules, &start, &pool(&[6, 3])), ["bar/22 10/4"]);
    assert_eq!(
        results(&rules, &start, &pool(&[6, 3])),
        set([pos(side(&[(22, 1), (4, 1), (1, 13)]), them, P0)])
    );
}

/// E11: 5 in `start`, no board checker can move 5 or 4, 5-4 with 20 and 21 open: every maximal
/// play begins with an entry (R4.7 via R5): both enter, or one enters and moves on to 16.
#[test]
fn e11_entering_is_forced_when_it_is_the_only_way_to_use_the_dice() {
    let rules = american();
    let start = pos(side(&[(1, 10)]).start(5), unentered(), P0);
    assert_eq!(
        results(&rules, &start, &pool(&[5, 4])),
        set([
            pos(side(&[(21, 1), (20, 1), (1, 10)]).start(3), unentered(), P0),
            pos(side(&[(16, 1), (1, 10)]).start(4), unentered(), P0),
        ])
    );
}

/// E12: bar = 1, start = 8, 4-3: the bar checker enters first (21 or 22, R4.6 Strict: not even a
/// `start` checker before it); the other die is then free: enter, move, or hit.
#[test]
fn e12_bar_checker_enters_before_start_checkers() {
    let rules = american();
    let them = side(&[(10, 1)]).start(14);
    let start = pos(side(&[(13, 6)]).bar(1).start(8), them, P0);
    let builder = TurnBuilder::new(&rules, start, pool(&[4, 3]));
    let first: BTreeSet<String> = builder
        .legal_steps()
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(first, set(["bar/21".to_string(), "bar/22".to_string()]));
    let hit = pos(
        side(&[(21, 1), (13, 5), (10, 1)]).start(8),
        side(&[]).bar(1).start(14),
        P0,
    );
    assert_eq!(
        results(&rules, &start, &pool(&[4, 3])),
        set([
            pos(side(&[(22, 1), (21, 1), (13, 6)]).start(7), them, P0),
            pos(side(&[(18, 1), (13, 6)]).start(8), them, P0),
            hit,
            pos(side(&[(22, 1), (13, 5), (9, 1)]).start(8), them, P0),
        ])
    );
    let plays = legal_plays(&rules, &start, &pool(&[4, 3]));
    assert_eq!(find_play(&plays, "bar/21 13/10*").unwrap().position(), &hit);
}

/// E13: O's blot on O's 3-point is P's 22; P enters there with a 3 and hits it to O's bar (R4.4).
#[test]
fn e13_hitting_while_entering() {
    let rules = american();
    let them = side(&[(22, 1)]).start(14);
    let start = pos(side(&[]).start(15), them, P0);
    let hit_them = side(&[]).bar(1).start(14);
    assert_eq!(
        results(&rules, &start, &pool(&[6, 3])),
        set([
            pos(side(&[(22, 1), (19, 1)]).start(13), hit_them, P0),
            pos(side(&[(16, 1)]).start(14), hit_them, P0),
            pos(side(&[(16, 1)]).start(14), them, P0), // in/19 19/16 passes the blot by
        ])
    );
    let plays = legal_plays(&rules, &start, &pool(&[6, 3]));
    let p = find_play(&plays, "in/22* 22/16").unwrap();
    assert_eq!(p.position().bar(P1), 1);
    assert_eq!(p.position().start(P1), 14);
}

/// E14: 13/8*/2 with 6-5: the blot on the intermediate point 8 is hit and the checker goes on
/// (R4.5). With 8 and 7 both blocked the checker cannot reach 2.
#[test]
fn e14_hitting_on_the_intermediate_point() {
    let rules = american();
    let them = side(&[(8, 1)]).start(14);
    let start = pos(side(&[(13, 1), (1, 14)]), them, P0);
    let hit = pos(side(&[(2, 1), (1, 14)]), side(&[]).bar(1).start(14), P0);
    assert_eq!(
        results(&rules, &start, &pool(&[6, 5])),
        set([hit, pos(side(&[(2, 1), (1, 14)]), them, P0)])
    );
    let plays = legal_plays(&rules, &start, &pool(&[6, 5]));
    assert_eq!(find_play(&plays, "13/8* 8/2").unwrap().position(), &hit);

    let start = pos(
        side(&[(13, 1), (1, 14)]),
        side(&[(8, 2), (7, 2)]).start(11),
        P0,
    );
    assert!(legal_plays(&rules, &start, &pool(&[6, 5])).is_empty());
}

/// E15: P (player 0) has borne off 4 and has a blot on the 5-point. O enters with a 5 on O's 20,
/// which is P's 5: the blot is hit, P goes to the bar and loses bear-off eligibility (R8.1), and
/// must re-enter in O's home board first.
#[test]
fn e15_hit_during_bear_off_costs_eligibility() {
    let rules = american();
    let home = [(6, 2), (4, 3), (3, 2), (2, 2), (1, 1)];
    let mut mine = home.to_vec();
    mine.push((5, 1));
    // O (player 1): 3 in start, 5 on O's 13 (P's 12), 7 off; O to move.
    let start = pos(side(&mine), side(&[(12, 5)]).start(3), P1);
    assert!(start.all_home(P0));
    let plays = legal_plays(&rules, &start, &pool(&[5, 3]));
    let hit = find_play(&plays, "in/20* 13/10").unwrap();
    let after = pos(
        side(&home).bar(1),
        side(&[(5, 1), (12, 4), (15, 1)]).start(2),
        P1,
    );
    assert_eq!(hit.position(), &after);
    assert!(!after.all_home(P0));

    // P to move: whatever the roll, the bar checker enters first and nothing is borne off.
    let after = after.with_turn(P0);
    for (a, b) in distinct_rolls() {
        let plays = legal_plays(&rules, &after, &Pool::roll(a, b).unwrap());
        assert!(!plays.is_empty(), "{a}-{b}: O's home board is open");
        for p in &plays {
            assert_eq!(p.steps()[0].from, Source::Bar, "{a}-{b}: {p}");
            assert!(p.steps().iter().all(|s| s.to != Dest::Off), "{a}-{b}: {p}");
        }
    }
}

/// E16: 14 home and 1 in `start`: P may not bear off (R8.1: `start` must be 0), whatever the
/// roll. With that checker home instead, the same 6-6 bears off.
#[test]
fn e16_an_oscar_blocks_bearing_off() {
    let rules = american();
    let home = [(6, 2), (5, 2), (4, 2), (3, 2), (2, 3), (1, 3)];
    let start = pos(side(&home).start(1), unentered(), P0);
    for (a, b) in distinct_rolls() {
        for p in legal_plays(&rules, &start, &Pool::roll(a, b).unwrap()) {
            assert!(p.steps().iter().all(|s| s.to != Dest::Off), "{a}-{b}: {p}");
        }
    }
    assert_eq!(
        notations(&rules, &start, &pool(&[6, 6, 6, 6])),
        ["in/19 19/13 13/7 7/1"]
    );

    let all_home = [(6, 2), (5, 2), (4, 2), (3, 2), (2, 3), (1, 4)];
    let start = pos(side(&all_home), unentered(), P0);
    assert_eq!(
        notations(&rules, &start, &pool(&[6, 6, 6, 6])),
        ["6/off(2) 5/off(2)"]
    );
}

/// E17: O holds all of P's 19..24 and P has a checker on the bar: every roll is forfeited, and a
/// 1-2 also forfeits its privileges (R4.6, R3.2, AD-2).
#[test]
fn e17_entry_fully_blocked_forfeits_every_roll() {
    let rules = american();
    let them = side(&[(24, 2), (23, 2), (22, 2), (21, 2), (20, 2), (19, 2)]).start(3);
    let start = pos(side(&[]).bar(1).start(14), them, P0);
    for (a, b) in distinct_rolls() {
        let mut game = game_at(rules, start);
        roll(&mut game, a, b);
        assert_eq!(game.phase(), &to_roll(P1), "{a}-{b}");
        assert_eq!(game.position(), start.with_turn(P1), "{a}-{b}");
        let kind = if (a, b) == (2, 1) {
            PoolKind::AceyDeucey
        } else {
            PoolKind::Natural
        };
        assert_eq!(last_play(&game), (kind, "-".to_string()), "{a}-{b}");
    }
}

/// E18: after AD-5 the same player rolls again: O does not move, and the position, the cube and
/// the turn owner are unchanged (the cube may not be offered before the re-roll, R9.3).
#[test]
fn e18_the_reroll_keeps_the_turn() {
    let rules = Rules {
        doubling_cube: true,
        ..american()
    };
    let mut game = Game::new(rules);
    act(&mut game, Action::DieOff { dice: [6, 1] });
    assert!(
        game.may_double(P0),
        "an ordinary turn may start with a double"
    );
    roll(&mut game, 1, 2);
    play(&mut game, &[enter(24), enter(23)]);
    name(&mut game, 6);
    play(&mut game, &[enter(19), enter(19), enter(19), enter(19)]);
    let expected = pos(side(&[(24, 1), (23, 1), (19, 4)]).start(9), unentered(), P0);
    assert_eq!(game.phase(), &to_roll(P0));
    assert_eq!(game.position(), expected);
    assert_eq!(game.to_act(), Some(P0));
    assert_eq!(
        game.cube(),
        Cube {
            value: 1,
            owner: None
        }
    );
    assert!(!game.may_double(P0));
    assert!(matches!(
        game.clone().apply(Action::Double),
        Err(GameError::Illegal(_))
    ));
    roll(&mut game, 6, 5);
    assert_eq!(
        game.phase(),
        &moving(P0, Pool::roll(6, 5).unwrap(), PoolKind::Natural)
    );
    assert_eq!(game.position(), expected);
}

/// E19: after a re-roll, 1-2 repeats the whole procedure (AD-6), 5-5 gives four 5s and the turn
/// passes (R6.1 default), 6-4 is a normal play and the turn passes.
#[test]
fn e19_chain_outcomes_after_a_reroll() {
    let rules = american();
    let mut game = Game::new(rules);
    act(&mut game, Action::DieOff { dice: [5, 2] });
    roll(&mut game, 2, 1);
    play(&mut game, &[enter(24), enter(23)]);
    name(&mut game, 6);
    play(&mut game, &[enter(19), enter(19), enter(19), enter(19)]);
    assert_eq!(game.phase(), &to_roll(P0));

    let mut again = game.clone();
    roll(&mut again, 1, 2);
    assert_eq!(
        again.phase(),
        &moving(P0, Pool::roll(1, 2).unwrap(), PoolKind::AceyDeucey)
    );
    play(&mut again, &[mv(24, 23), mv(23, 21)]);
    assert_eq!(again.phase(), &Phase::NameDouble { player: P0 });
    name(&mut again, 1);
    play(
        &mut again,
        &[mv(21, 20), mv(20, 19), mv(19, 18), mv(19, 18)],
    );
    assert_eq!(again.phase(), &to_roll(P0), "the chain is unlimited");

    let mut fives = game.clone();
    roll(&mut fives, 5, 5);
    assert_eq!(
        fives.phase(),
        &moving(P0, pool(&[5, 5, 5, 5]), PoolKind::Natural)
    );
    play(&mut fives, &[enter(20), enter(20), enter(20), enter(20)]);
    assert_eq!(fives.phase(), &to_roll(P1));
    assert_eq!(
        fives.position(),
        pos(
            side(&[(24, 1), (23, 1), (20, 4), (19, 4)]).start(5),
            unentered(),
            P1
        )
    );

    let mut plain = game;
    roll(&mut plain, 6, 4);
    play(&mut plain, &[mv(24, 18), mv(23, 19)]);
    assert_eq!(plain.phase(), &to_roll(P1));
    assert_eq!(
        plain.position(),
        pos(side(&[(19, 5), (18, 1)]).start(9), unentered(), P1)
    );
}

/// E20: a natural 1-1 or 2-2 is not an acey-deucey: four steps of 1 or 2, no double to name.
#[test]
fn e20_natural_one_one_and_two_two_are_ordinary_doubles() {
    let rules = american();
    let mut game = Game::new(rules);
    act(&mut game, Action::DieOff { dice: [3, 1] });
    roll(&mut game, 1, 1);
    assert_eq!(
        game.phase(),
        &moving(P0, pool(&[1, 1, 1, 1]), PoolKind::Natural)
    );
    assert!(game.legal_plays().iter().all(|p| p.dice_used() == 4));
    play(&mut game, &[enter(24), enter(24), enter(24), enter(24)]);
    assert_eq!(game.phase(), &to_roll(P1));
    roll(&mut game, 2, 2);
    assert_eq!(
        game.phase(),
        &moving(P1, pool(&[2, 2, 2, 2]), PoolKind::Natural)
    );
    play(&mut game, &[enter(23), enter(23), enter(23), enter(23)]);
    assert_eq!(game.phase(), &to_roll(P0));
    assert_eq!(
        game.position(),
        pos(side(&[(24, 4)]).start(11), side(&[(2, 4)]).start(11), P0)
    );
}

/// E21: after naming d, P must play as many d's as possible even if that breaks a point and
/// leaves a blot (R5.3): 7/1(2) is forced; 7/1 alone is not a finished play.
#[test]
fn e21_chosen_double_must_be_maximised_even_when_it_hurts() {
    let rules = american();
    let them = side(&[(4, 2), (3, 2), (2, 2)]).start(9);
    let start = pos(side(&[(10, 2), (9, 2), (8, 2), (7, 2), (1, 7)]), them, P0);
    assert_eq!(notations(&rules, &start, &chosen(6)), ["7/1(2)"]);
    let mut turn = TurnBuilder::new(&rules, start, chosen(6));
    turn.step(mv(7, 1)).unwrap();
    assert!(
        turn.finish().is_err(),
        "leaving the blot on 7 is not allowed"
    );
    assert_eq!(turn.legal_steps(), [mv(7, 1)]);
    turn.step(mv(7, 1)).unwrap();
    let done = turn.finish().unwrap();
    assert_eq!(
        done.position(),
        &pos(side(&[(10, 2), (9, 2), (8, 2), (1, 9)]), them, P0)
    );
}

/// The E22 position: X on 13, Y on 20, the rest stuck on 1; O blocks 4, 11 and 17. X's 6 (13/7)
/// kills every 3; X's 3 (13/10) or Y's 6 (20/14) lets both dice play.
fn e22_position() -> (Position, Side<'static>) {
    let them = side(&[(17, 2), (11, 2), (4, 2)]).start(9);
    (pos(side(&[(20, 1), (13, 1), (1, 13)]), them, P0), them)
}

/// E22 under `dice_usage = Standard`: both dice can be used, so "13/7 first" (after which no 3
/// can be played) is illegal (R5.1).
#[test]
fn e22_six_first_is_illegal_under_standard() {
    let rules = american();
    let (start, them) = e22_position();
    let both = pos(side(&[(14, 1), (10, 1), (1, 13)]), them, P0);
    assert_eq!(results(&rules, &start, &pool(&[6, 3])), set([both]));
    let mut game = game_at(rules, start);
    roll(&mut game, 6, 3);
    assert!(matches!(
        game.clone().apply(Action::Play {
            steps: vec![mv(13, 7)]
        }),
        Err(GameError::Illegal(_))
    ));
    play(&mut game, &[mv(13, 10), mv(20, 14)]);
    assert_eq!(game.position(), both.with_turn(P1));
}

/// E22 under `dice_usage = ForfeitOnBlock` (S2 read literally): 13/7 first is legal and the 3 is
/// lost.
#[test]
fn e22_six_first_forfeits_the_three_under_forfeit_on_block() {
    let rules = Rules {
        dice_usage: DiceUsage::ForfeitOnBlock,
        ..american()
    };
    let (start, them) = e22_position();
    let both = pos(side(&[(14, 1), (10, 1), (1, 13)]), them, P0);
    let six_only = pos(side(&[(20, 1), (7, 1), (1, 13)]), them, P0);
    assert_eq!(
        results(&rules, &start, &pool(&[6, 3])),
        set([both, six_only])
    );
    let mut game = game_at(rules, start);
    roll(&mut game, 6, 3);
    play(&mut game, &[mv(13, 7)]);
    assert_eq!(game.phase(), &to_roll(P1));
    assert_eq!(game.position(), six_only.with_turn(P1));
}

fn with_bear_off(rule: BearOffRule) -> Rules {
    Rules {
        bear_off_rule: rule,
        ..american()
    }
}

/// E23 (first case), `Standard`: checkers on 2 and 4 only, a 6: bear off from 4, the highest.
#[test]
fn e23_six_from_two_and_four_standard_bears_off_the_highest() {
    let rules = with_bear_off(BearOffRule::Standard);
    let start = pos(side(&[(4, 1), (2, 1)]), unentered(), P0);
    assert_eq!(notations(&rules, &start, &pool(&[6])), ["4/off"]);
    assert_eq!(
        results(&rules, &start, &pool(&[6])),
        set([pos(side(&[(2, 1)]), unentered(), P0)])
    );
}

/// E23 (first case), `AnyWhenAllLower`: the 6 may bear off the checker on 2 or the one on 4.
#[test]
fn e23_six_from_two_and_four_any_when_all_lower_bears_off_either() {
    let rules = with_bear_off(BearOffRule::AnyWhenAllLower);
    let start = pos(side(&[(4, 1), (2, 1)]), unentered(), P0);
    assert_eq!(notations(&rules, &start, &pool(&[6])), ["2/off", "4/off"]);
    assert_eq!(
        results(&rules, &start, &pool(&[6])),
        set([
            pos(side(&[(2, 1)]), unentered(), P0),
            pos(side(&[(4, 1)]), unentered(), P0),
        ])
    );
}

/// E23 (first case), `ExactOnly`: the 6 cannot bear off and no 6 moves inside the board, so it is
/// unplayable.
#[test]
fn e23_six_from_two_and_four_exact_only_is_unplayable() {
    let rules = with_bear_off(BearOffRule::ExactOnly);
    let start = pos(side(&[(4, 1), (2, 1)]), unentered(), P0);
    assert!(legal_plays(&rules, &start, &pool(&[6])).is_empty());
}

/// E23 (second case), all three rules: checkers on 5 and 2, a 3: no checker on 3 and one higher,
/// so the 3 cannot bear off; P must play 5/2 (2/off is not allowed).
#[test]
fn e23_three_from_two_and_five_moves_inside_under_every_bear_off_rule() {
    for rule in [
        BearOffRule::Standard,
        BearOffRule::AnyWhenAllLower,
        BearOffRule::ExactOnly,
    ] {
        let rules = with_bear_off(rule);
        let start = pos(side(&[(5, 1), (2, 1)]), unentered(), P0);
        assert_eq!(notations(&rules, &start, &pool(&[3])), ["5/2"], "{rule}");
        assert_eq!(
            results(&rules, &start, &pool(&[3])),
            set([pos(side(&[(2, 2)]), unentered(), P0)]),
            "{rule}"
        );
    }
}

/// E24: scoring (R9.2) under `CheckerCount` (15 - loser.off), `Single` (1) and
/// `GammonBackgammon` (1 if the loser bore off any; else 3 with a checker on the bar, in `start`
/// or in the winner's home board; else 2). Each case is checked with `base_score` and by playing
/// the winning bear-off in a game.
#[test]
fn e24_scoring_under_all_three_rules() {
    // The loser (player 1) in player 0's numbering; points 1..=6 are the winner's home board.
    // (loser, checker-count, single, gammon-backgammon)
    let cases: [(Side, u32, u32, u32); 7] = [
        (side(&[(12, 10)]), 10, 1, 1),                 // off 5: S1's example
        (side(&[(12, 10)]).bar(3).start(2), 15, 1, 3), // off 0: 2 start, 3 bar, 10 board
        (side(&[(20, 1)]), 1, 1, 1),                   // off 14
        (side(&[(12, 14)]).start(1), 15, 1, 3),        // off 0, one in start: backgammon
        (side(&[(12, 15)]), 15, 1, 2),                 // off 0, none behind: gammon
        (side(&[(12, 14), (3, 1)]), 15, 1, 3),         // off 0, one in the winner's home
        (side(&[(12, 14)]).bar(1), 15, 1, 3),          // off 0, one on the bar
    ];
    for (i, (loser, cc, single, gammon)) in cases.into_iter().enumerate() {
        for (scoring, expected) in [
            (Scoring::CheckerCount, cc),
            (Scoring::Single, single),
            (Scoring::GammonBackgammon, gammon),
        ] {
            let rules = Rules {
                scoring,
                ..american()
            };
            let won = pos(side(&[]), loser, P1);
            assert_eq!(
                base_score(&rules, &won, P0),
                expected,
                "case {i}, {scoring}"
            );

            let mut game = game_at(rules, pos(side(&[(1, 1)]), loser, P0));
            roll(&mut game, 6, 5);
            play(&mut game, &[off(1, 6)]);
            assert_eq!(
                game.phase(),
                &Phase::GameOver {
                    winner: P0,
                    points: expected,
                    how: GameEnd::BoreOff
                },
                "case {i}, {scoring}"
            );
            assert_eq!(game.score(), [expected, 0], "case {i}, {scoring}");
        }
    }
}

/// E25: a tied die-off (4-4) is rolled again by both players; it is never played as a double.
#[test]
fn e25_tied_die_off_is_rolled_again() {
    for opening in [OpeningRoll::RerollBoth, OpeningRoll::UseDieOffDice] {
        let rules = Rules {
            opening_roll: opening,
            ..american()
        };
        let mut game = Game::new(rules);
        act(&mut game, Action::DieOff { dice: [4, 4] });
        assert_eq!(game.phase(), &Phase::DieOff, "{opening}");
        assert_eq!(game.position(), Position::starting(&rules));
        assert!(game.log().is_empty());
        assert!(matches!(
            game.clone().apply(Action::Roll { dice: [4, 4] }),
            Err(GameError::WrongPhase(_))
        ));
        act(&mut game, Action::DieOff { dice: [6, 6] });
        assert_eq!(game.phase(), &Phase::DieOff, "{opening}");
        act(&mut game, Action::DieOff { dice: [2, 5] });
        let expected = match opening {
            OpeningRoll::RerollBoth => to_roll(P1),
            OpeningRoll::UseDieOffDice => moving(P1, Pool::roll(5, 2).unwrap(), PoolKind::Natural),
        };
        assert_eq!(game.phase(), &expected, "{opening}");
    }
}

/// E26 / R2.4: under `PreviousWinner` the winner of game k rolls both dice first in game k+1,
/// with no die-off. (`DieOff` and `PreviousLoser` for contrast.)
#[test]
fn e26_previous_winner_starts_the_next_game_without_a_die_off() {
    // Player 1 is about to bear off the last checker (its 1-point, player 0's 24).
    let near_end = pos(side(&[(12, 15)]), side(&[(24, 1)]), P1);
    let finish = |rules: Rules| {
        let mut game = game_at(rules, near_end);
        roll(&mut game, 3, 1);
        play(&mut game, &[off(1, 3)]);
        assert_eq!(
            game.phase(),
            &Phase::GameOver {
                winner: P1,
                points: 15,
                how: GameEnd::BoreOff
            }
        );
        act(&mut game, Action::NextGame);
        assert_eq!(game.game_number(), 2);
        assert_eq!(game.score(), [0, 15]);
        game
    };

    let rules = american();
    let mut game = finish(rules);
    assert_eq!(game.phase(), &to_roll(P1));
    assert_eq!(game.position(), Position::starting(&rules).with_turn(P1));
    assert!(matches!(
        game.clone().apply(Action::DieOff { dice: [6, 1] }),
        Err(GameError::WrongPhase(_))
    ));
    roll(&mut game, 6, 6);
    assert_eq!(
        game.phase(),
        &moving(P1, pool(&[6, 6, 6, 6]), PoolKind::Natural)
    );

    // The same through a resignation in a game started with a die-off.
    let mut game = Game::new(rules);
    act(&mut game, Action::DieOff { dice: [6, 1] });
    act(&mut game, Action::Resign { player: P1 });
    act(&mut game, Action::NextGame);
    assert_eq!(game.phase(), &to_roll(P0));

    let die_off = finish(Rules {
        next_game_starter: NextGameStarter::DieOff,
        ..rules
    });
    assert_eq!(die_off.phase(), &Phase::DieOff);
    let loser = finish(Rules {
        next_game_starter: NextGameStarter::PreviousLoser,
        ..rules
    });
    assert_eq!(loser.phase(), &to_roll(P0));
}

/// E27 (R1.6): P may not enter or move onto a point with two or more O checkers, but may land on
/// any number of P's own. A single 6: in/19 (two O) and 13/7 (three O) are blocked; 10/4 lands
/// on five of P's own.
#[test]
fn e27_blocked_points_and_stacking() {
    let rules = american();
    let them = side(&[(19, 2), (7, 3)]).start(10);
    let start = pos(side(&[(13, 1), (10, 1), (4, 5), (1, 7)]).start(1), them, P0);
    assert_eq!(notations(&rules, &start, &pool(&[6])), ["10/4"]);
    assert_eq!(
        results(&rules, &start, &pool(&[6])),
        set([pos(side(&[(13, 1), (4, 6), (1, 7)]).start(1), them, P0)])
    );
}

/// E28 (R3.2): no legal step is not an error: the turn passes and nothing else changes.
#[test]
fn e28_a_roll_with_no_legal_step_only_passes_the_turn() {
    let rules = american();
    let start = pos(
        side(&[(13, 1), (1, 14)]),
        side(&[(8, 2), (7, 2)]).start(11),
        P0,
    );
    let mut game = game_at(rules, start);
    assert_eq!(game.apply(Action::Roll { dice: [6, 5] }), Ok(()));
    assert_eq!(game.phase(), &to_roll(P1));
    assert_eq!(game.position(), start.with_turn(P1));
    assert_eq!(game.score(), [0, 0]);
    assert_eq!(
        game.cube(),
        Cube {
            value: 1,
            owner: None
        }
    );
    assert_eq!(game.log().len(), 1);
    assert_eq!(last_play(&game), (PoolKind::Natural, "-".to_string()));
}

/// E29: the last checker on 3, 6-1: 3/off with the 6 and 3/2 2/off are both legal; once P has no
/// checker left the remaining die counts as used. Inside an acey-deucey, the 15th checker borne
/// off with the 1 or with the 2 wins at once (AD-7).
#[test]
fn e29_a_play_that_ends_the_game_counts_as_complete() {
    let rules = american();
    let them = side(&[(13, 10)]);
    let start = pos(side(&[(3, 1)]), them, P0);
    let done = pos(side(&[]), them, P0);
    assert_eq!(results(&rules, &start, &pool(&[6, 1])), set([done]));
    let won = Phase::GameOver {
        winner: P0,
        points: 10,
        how: GameEnd::BoreOff,
    };
    for steps in [vec![off(3, 6)], vec![mv(3, 2), off(2, 6)]] {
        let mut game = game_at(rules, start);
        roll(&mut game, 6, 1);
        play(&mut game, &steps);
        assert_eq!(game.phase(), &won, "{steps:?}");
        assert_eq!(game.position().off(P0), 15);
    }

    let start = pos(side(&[(1, 1)]), them, P0);
    for die in [1, 2] {
        let mut game = game_at(rules, start);
        roll(&mut game, 1, 2);
        play(&mut game, &[off(1, die)]);
        assert_eq!(game.phase(), &won, "1/off with the {die}");
    }
}

/// E30: P's entering checker hits O's blot in O's home board; it goes to O's **bar** (not back to
/// `start`), and O must re-enter it first (R4.6) although O has 14 checkers in `start`.
#[test]
fn e30_hit_early_checker_goes_to_the_bar_and_has_priority() {
    let rules = american();
    let start = pos(side(&[]).start(15), side(&[(22, 1)]).start(14), P0);
    let mut game = game_at(rules, start);
    roll(&mut game, 4, 3);
    play(&mut game, &[enter(22), enter(21)]);
    assert_eq!(game.phase(), &to_roll(P1));
    let after = pos(
        side(&[(22, 1), (21, 1)]).start(13),
        side(&[]).bar(1).start(14),
        P1,
    );
    assert_eq!(game.position(), after);

    roll(&mut game, 6, 5);
    assert!(game
        .turn()
        .unwrap()
        .legal_steps()
        .iter()
        .all(|s| s.from == Source::Bar));
    // O enters on O's 19 (P's 6) or 20 (P's 5); then the other die: enter again, or move on to
    // O's 14 (P's 11).
    let mine = side(&[(22, 1), (21, 1)]).start(13);
    assert_eq!(
        results_of(game.legal_plays()),
        set([
            pos(mine, side(&[(6, 1), (5, 1)]).start(13), P1),
            pos(mine, side(&[(11, 1)]).start(14), P1),
        ])
    );
}

/// `Game::from_position` games replay from their set-up position.
#[test]
fn set_up_games_replay_from_their_position() {
    let (start, _) = e22_position();
    let mut game = game_at(american(), start);
    roll(&mut game, 6, 3);
    play(&mut game, &[mv(13, 10), mv(20, 14)]);
    roll(&mut game, 2, 1);
    let again = Game::replay_from(american(), *game.setup().unwrap(), game.actions()).unwrap();
    assert_eq!(again.position(), game.position());
    assert_eq!(again.phase(), game.phase());
    assert_eq!(Game::new(american()).setup(), None);
    let finished = pos(side(&[]), unentered(), P0);
    assert!(Game::from_position(american(), finished).is_err());
}
