//! Plain-text game records (docs/notation.md, "Plain-text game records"): random games in every preset written, read back and
//! replayed; unfinished games continue mid-turn; malformed records are refused with a line number.

mod common;

use acey_rules::{
    Action, DiceSource, Game, Phase, Player, Position, Preset, Record, RecordHeader, Rules,
    SeededRng,
};
use proptest::prelude::*;

/// Every preset, a match with the cube, and the European complement (its chosen-double pools are
/// written with the pool shown).
fn rule_sets() -> Vec<Rules> {
    let mut v: Vec<Rules> = Preset::ALL.iter().map(|p| p.rules()).collect();
    for s in [
        "american,doubling_cube=true,match_target=5",
        "american,acey_doubles_mode=european-complement,acey_double_choice=playable-if-possible",
        "backgammon,match_target=3",
        "american,bar_priority=none,acey_chain_limit=1",
    ] {
        v.push(s.parse().expect("valid rule string"));
    }
    v
}

/// A random game driven by whole plays only (so the record's actions are the game's own), or,
/// with `clicks`, also by steps, undos and confirmations, as a user interface drives it. It stops
/// after `stop_after` actions, often in the middle of a turn.
fn random_game(rules: Rules, seed: u64, clicks: bool, stop_after: usize) -> Game {
    let mut dice = SeededRng::new(seed);
    let mut game = Game::new(rules);
    while game.actions().len() < stop_after {
        let odds = common::Odds::new(6, 300, 4, 5);
        let action = match game.phase() {
            // Resigning in the middle of a play.
            Phase::Move { player, .. } if dice.below(400) == 0 => Action::Resign {
                player: player.other(),
            },
            Phase::Move { .. } if clicks => common::random_click(&game, &mut dice, odds),
            Phase::GameOver { .. } => {
                if game.match_winner().is_some() || game.game_number() >= 3 {
                    break;
                }
                Action::NextGame
            }
            _ => common::random_choice(&game, &mut dice, odds).expect("an action before the end"),
        };
        game.apply(action).expect("a legal action");
    }
    game
}

fn header() -> RecordHeader {
    RecordHeader {
        players: [Some("Alice".into()), Some("acey strong".into())],
        dice: Some(DiceSource::Seed(7)),
        date: Some("2026-12-01".into()),
        extra: vec![("Event".into(), "club night".into())],
    }
}

/// Writes, reads and replays `game`; checks everything that must survive.
fn round_trip(game: &Game) -> Result<(), String> {
    let record = Record::from_game(game, header());
    let text = record.to_string();
    let back = Record::parse(&text).map_err(|e| format!("{e}\n{text}"))?;
    if back != record {
        return Err(format!("the record read back differs\n{text}"));
    }
    let again = back.game().map_err(|(i, e)| format!("action {i}: {e}"))?;
    let checks = [
        ("position", again.position() == game.position()),
        ("phase", again.phase() == game.phase()),
        ("score", again.score() == game.score()),
        ("cube", again.cube() == game.cube()),
        ("log", again.log() == game.log()),
        (
            "steps of the unfinished play",
            again.turn().map(|t| t.steps().to_vec()) == game.turn().map(|t| t.steps().to_vec()),
        ),
    ];
    for (what, ok) in checks {
        if !ok {
            return Err(format!("{what} differs after the round trip\n{text}"));
        }
    }
    // Written again, the text is the same.
    let text2 = Record::from_game(&again, header()).to_string();
    if text2 != text {
        return Err(format!(
            "written twice, the text differs:\n{text}\n---\n{text2}"
        ));
    }
    Ok(())
}

#[test]
fn whole_games_in_every_rule_set_round_trip_exactly() {
    for (i, rules) in rule_sets().into_iter().enumerate() {
        for seed in 0..8u64 {
            let game = random_game(rules, seed * 31 + i as u64, false, 4_000);
            round_trip(&game).unwrap_or_else(|e| panic!("{rules} seed {seed}: {e}"));
            // Games made of whole plays come back with exactly their own actions.
            let record = Record::parse(&Record::from_game(&game, header()).to_string()).unwrap();
            assert_eq!(record.actions, game.actions(), "{rules} seed {seed}");
        }
    }
}

#[test]
fn the_header_comes_back() {
    let game = random_game(Rules::default(), 3, false, 40);
    let text = Record::from_game(&game, header()).to_string();
    let back = Record::parse(&text).unwrap();
    assert_eq!(back.header, header());
    assert!(text.starts_with("# acey game record\nPlayer 0: Alice\nPlayer 1: acey strong\nRules: american\nMatch: none\nDice: seed 7\nDate: 2026-12-01\nEvent: club night\nResult: unfinished\n\ngame 1\n"), "{text}");
}

#[test]
fn set_up_games_round_trip() {
    let rules = Preset::Backgammon.rules();
    let pos = Position::from_gnubg_id("4HPwATDgc/ABMA", Player::One).unwrap();
    let mut game = Game::from_position(rules, pos).unwrap();
    let mut dice = SeededRng::new(5);
    for _ in 0..30 {
        let action = match game.phase() {
            Phase::Roll { .. } => {
                let (a, b) = dice.roll();
                Action::Roll { dice: [a, b] }
            }
            Phase::Move { .. } => Action::Play {
                steps: game.legal_plays()[0].steps().to_vec(),
            },
            _ => break,
        };
        game.apply(action).unwrap();
    }
    let text = Record::from_game(&game, RecordHeader::default()).to_string();
    assert!(text.contains("\nSetup: "), "{text}");
    round_trip(&game).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any game, driven as a user interface drives it and stopped anywhere (mid-turn, before a
    /// double is named, with the cube offered), is written and read back to the same game.
    #[test]
    fn any_game_stopped_anywhere_round_trips(seed in any::<u64>(), which in 0usize..10, stop in 1usize..600) {
        let sets = rule_sets();
        let rules = sets[which % sets.len()];
        let game = random_game(rules, seed, true, stop);
        if let Err(e) = round_trip(&game) {
            return Err(TestCaseError::fail(format!("{rules} seed {seed} stop {stop}: {e}")));
        }
    }
}

/// The record of a short game that every malformed-input test below edits.
const GOOD: &str = "\
# acey game record
Rules: american
Match: none

game 1
die-off 5-2
0 1-2: in/24 in/23, 6-6 chosen: in/19(4)
0 5-3: in/22 in/20
1 6-4: in/19 in/21
";

fn error_of(text: &str) -> (usize, String) {
    let e = Record::parse(text).expect_err("must be refused");
    (e.line, e.message)
}

#[test]
fn a_hand_written_record_is_read() {
    let record = Record::parse(GOOD).unwrap();
    let game = record.game().unwrap();
    assert_eq!(
        game.phase(),
        &Phase::Roll {
            player: Player::Zero
        }
    );
    assert_eq!(game.position().start(Player::Zero), 15 - 2 - 4 - 2);
    // Compressions people type are accepted for whole plays.
    let typed = GOOD.replace("in/22 in/20", "25/22 25/20");
    assert_eq!(
        Record::parse(&typed).unwrap().game().unwrap().position(),
        game.position()
    );
}

#[test]
fn malformed_records_say_which_line_and_why() {
    let cases: &[(&str, usize, &str)] = &[
        (
            &GOOD.replace("Rules: american", "Rules: chess"),
            2,
            "unknown rules preset",
        ),
        (
            &GOOD.replace("Rules: american\n", ""),
            1,
            "no 'Rules:' header",
        ),
        (
            &GOOD.replace("Match: none", "Match: seven"),
            3,
            "match length",
        ),
        (
            &GOOD.replace("die-off 5-2", "die-off 5-9"),
            6,
            "die-off A-B",
        ),
        (
            &GOOD.replace("0 5-3", "1 5-3"),
            8,
            "player 0's turn to roll",
        ),
        (
            &GOOD.replace("in/22 in/20", "in/22 in/21"),
            8,
            "in/21 is not legal here",
        ),
        (
            &GOOD.replace("in/22 in/20", "in/22"),
            8,
            "does not finish the play",
        ),
        (
            &GOOD.replace("in/22 in/20", "in/22 in/20 in/19"),
            8,
            "no step is left",
        ),
        (&GOOD.replace("in/22 in/20", "in/x"), 8, "not a destination"),
        (&GOOD.replace("in/22 in/20", "x/22 in/20"), 8, "not a point"),
        (&GOOD.replace("in/22 in/20", "in/22(9)"), 8, "repeat count"),
        (&GOOD.replace("in/22 in/20", "-"), 8, "a legal play exists"),
        (
            &GOOD.replace(", 6-6 chosen: in/19(4)", ""),
            7,
            "must name a double",
        ),
        (&GOOD.replace("6-6 chosen", "6-5 chosen"), 7, "'D-D chosen'"),
        (
            &GOOD.replace("0 5-3: in/22 in/20", "0 5-3 in/22 in/20"),
            8,
            "'A-B: steps'",
        ),
        (&GOOD.replace("0 5-3", "2 5-3"), 8, "a player (0 or 1)"),
        (
            &GOOD.replace("0 5-3: in/22 in/20", "0 5-3: in/22 ..."),
            9,
            "has not finished playing",
        ),
        (
            &format!("{GOOD}0 wins 1 point (bore off)\n"),
            10,
            "the game is not over",
        ),
        (
            &format!("{GOOD}game 3\n"),
            10,
            "cannot start the next game now",
        ),
        (&format!("{GOOD}1 takes\n"), 10, "it is player 0's turn"),
        (&format!("{GOOD}Date: today\n"), 10, "a line starts with"),
        (
            &GOOD.replace("Match: none", "Match: none\nMatch: 3"),
            4,
            "given twice",
        ),
        (
            &GOOD.replace("Match: none", "Setup: nonsense"),
            3,
            "set-up position ID",
        ),
    ];
    for (text, line, words) in cases {
        let (l, m) = error_of(text);
        assert!(
            m.contains(words),
            "expected '{words}' in: line {l}: {m}\n{text}"
        );
        assert_eq!(l, *line, "{m}\n{text}");
    }
}

#[test]
fn garbage_never_panics() {
    let mut dice = SeededRng::new(11);
    let alphabet: Vec<char> = "0123456789 -/:,.()[]*\nabcdefghilnoprstuw"
        .chars()
        .collect();
    for _ in 0..2_000 {
        let len = dice.below(60);
        let noise: String = (0..len)
            .map(|_| alphabet[dice.below(alphabet.len())])
            .collect();
        let cut = dice.below(GOOD.len());
        let text = format!("{}{}", &GOOD[..cut], noise);
        let _ = Record::parse(&text);
    }
}
