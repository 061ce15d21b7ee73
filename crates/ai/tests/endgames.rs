//! Plays that change what the game can come to, chosen at every level and every depth: gammons
//! and backgammons saved where the opponent bears off next for sure, and a race decided in a
//! roll. Each position's best plays are found independently by rolling every candidate out to
//! the game's end (the games end within a roll or two, so the rollouts are all but exact).

use acey_ai::analysis::{Analyser, DecisionKind, Mark};
use acey_ai::{candidates, Bot, Candidate, Level, Rollout, RolloutSettings};
use acey_rules::{Action, Game, MoveGen, Player, Position, Preset, Rules, SeededRng};

/// One endgame: the state before the roll, the roll, and what the saving plays reach.
struct Endgame {
    name: &'static str,
    state: Position,
    dice: (u8, u8),
}

/// Player 1's checkers as (own point, count) and player 0's, the rest of each side off.
fn position(ones: &[(u8, u8)], zeros: &[(u8, u8)], turn: Player) -> Position {
    Position::with_rest_off(zeros, ones, turn).expect("a valid endgame")
}

fn endgames() -> Vec<Endgame> {
    vec![
        Endgame {
            // The opponent bears off next roll for sure; only the plays that bring both
            // checkers out of its home board (22/19 19/16(2) 17/14 and a few others) save the
            // backgammon. The network ranked the first of them 59th at 0-ply.
            name: "backgammon save, CwAAwEg00RMBAAA 3-3",
            state: Position::from_id("CwAAwEg00RMBAAA").expect("the issue's position"),
            dice: (3, 3),
        },
        Endgame {
            // One checker left outside the home board: 9/6 6/3 3/off (or 6/3 3/off twice)
            // bears a checker off and saves the gammon; 9/6 6/3(3) does not.
            name: "gammon save 3-3",
            state: position(&[(9, 1), (6, 14)], &[(1, 1)], Player::One),
            dice: (3, 3),
        },
        Endgame {
            // The last checker in the opponent's home board needs both dice to leave it:
            // 21/19/18 saves the backgammon, 6/5 6/4 and the like do not.
            name: "backgammon save 2-1",
            state: position(&[(21, 1), (6, 14)], &[(1, 1)], Player::One),
            dice: (2, 1),
        },
        Endgame {
            // A race decided in a roll: leave two checkers that bear off whatever is rolled
            // next (2 and 1), not three or a gap; the opponent finishes only with a double.
            name: "race decided in a roll 4-1",
            state: position(&[(5, 1), (2, 1), (1, 1)], &[(6, 1), (5, 1)], Player::One),
            dice: (4, 1),
        },
    ]
}

fn rules() -> Rules {
    Preset::Backgammon.rules()
}

/// Every candidate's equity for the mover by rollouts played to the end.
fn rolled_out(e: &Endgame) -> Vec<(Candidate, f64)> {
    let rules = rules();
    let cands = candidates(&rules, &mut MoveGen::new(&rules), &e.state, e.dice);
    let judge = Level::Advanced.bot(rules);
    let settings = RolloutSettings {
        trials: 36 * 20,
        ..RolloutSettings::default()
    };
    let results = Rollout::new(&judge, settings)
        .candidates(e.state.turn(), &cands)
        .expect("not stopped");
    cands
        .into_iter()
        .zip(results)
        .map(|(c, r)| (c, r.equity))
        .collect()
}

/// Whether `chosen` is among the best by rollout (within a hundredth of a point).
fn assert_best(e: &Endgame, values: &[(Candidate, f64)], chosen: &Position, who: &str) {
    let best = values
        .iter()
        .map(|(_, v)| *v)
        .fold(f64::NEG_INFINITY, f64::max);
    let (_, v) = values
        .iter()
        .find(|(c, _)| c.state == *chosen)
        .expect("the choice is a candidate");
    assert!(
        best - v < 0.01,
        "{}: {who} chose a play worth {v:.3} against {best:.3}",
        e.name
    );
}

#[test]
fn every_level_and_depth_plays_the_play_that_changes_the_outcome() {
    let rules = rules();
    for e in endgames() {
        let values = rolled_out(&e);
        // The positions are worth testing: some plays lose clearly more than the best.
        let spread = values
            .iter()
            .map(|(_, v)| *v)
            .fold(f64::NEG_INFINITY, f64::max)
            - values.iter().map(|(_, v)| *v).fold(f64::INFINITY, f64::min);
        assert!(spread > 0.1, "{}: spread {spread:.3}", e.name);
        for &level in Level::ALL {
            // The level as it plays (noise included), every seed of a few.
            let bot = level.bot(rules);
            for seed in 0..4 {
                let chosen = bot.choose(&e.state, e.dice, &mut SeededRng::new(seed));
                assert_best(&e, &values, &chosen.state, &format!("{level}"));
            }
            // And at every depth, as it judges for hints and analysis.
            for plies in 0..=2 {
                for settings in [
                    level.settings_at(&rules, plies),
                    level.judging_settings(&rules, plies),
                ] {
                    let bot = Bot::new(level.evaluator(&rules), rules, settings);
                    let ranked = bot.rank(&e.state, e.dice);
                    assert_best(
                        &e,
                        &values,
                        &ranked[0].candidate.state,
                        &format!("{level} at {plies}-ply"),
                    );
                }
            }
        }
    }
}

#[test]
fn the_bot_at_the_table_saves_the_backgammon() {
    let rules = rules();
    let e = &endgames()[0];
    let mut game = Game::from_position(rules, e.state).expect("a valid position");
    game.apply(Action::Roll { dice: [3, 3] })
        .expect("player 1 rolls");
    let bot = Level::Strongest.bot(rules);
    for action in bot.decide(&game, &mut SeededRng::new(1)) {
        game.apply(action).expect("the bot's actions are legal");
    }
    let after = game.position();
    assert!(
        (19..=24).all(|p| after.count(Player::One, p) == 0),
        "both checkers out of the opponent's home board: {}",
        after.id()
    );
}

#[test]
fn an_analysis_marks_the_missed_save() {
    let rules = rules();
    let e = &endgames()[0];
    let values = rolled_out(e);
    // The worst play by rollout: it leaves a checker in the opponent's home board.
    let (worst, _) = values
        .iter()
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .expect("candidates");
    let mut game = Game::from_position(rules, e.state).expect("a valid position");
    game.apply(Action::Roll { dice: [3, 3] })
        .expect("player 1 rolls");
    let play = worst.play.expect("a 3-3 here has plays");
    game.apply(Action::Play {
        steps: play.steps().to_vec(),
    })
    .expect("a legal play");
    for plies in 0..=2 {
        let analysis = Analyser::new(Level::Strongest, rules, plies)
            .expect("a depth analyses take")
            .analyse(&game)
            .expect("the game replays");
        let d = analysis
            .decisions
            .iter()
            .find(|d| d.kind == DecisionKind::Play)
            .expect("the 3-3 is judged");
        // A backgammon (3 points) against a gammon (2): a whole point lost.
        assert!(
            (d.equity_lost - 1.0).abs() < 0.01,
            "{plies}-ply: lost {}",
            d.equity_lost
        );
        assert_eq!(d.mark, Some(Mark::VeryBad), "{plies}-ply");
    }
}
