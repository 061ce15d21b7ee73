//! Jellyfish `.mat` export of backgammon games: the shape GNU Backgammon imports (header, move
//! numbers, two columns, cube lines, `Wins` lines), and a round trip: random backgammon games
//! and matches with the cube and resignations, written and read back by a reader of the format
//! (moves read with acey's own notation reader), replay to the same games.

mod common;

use acey_rules::{jellyfish, notation, Action, Game, Phase, Player, Preset, Rules};

/// How often the random games double, resign, drop and undo (see `common::Odds`).
const ODDS: common::Odds = common::Odds::new(6, 250, 3, 1);

/// Reads `.mat` text back into a game, as an importer does: entries by column, dice and moves
/// (`25` the bar, `0` off), `Doubles`, `Takes`, `Drops`, `Wins`; each game's points checked.
fn read_mat(rules: &Rules, text: &str) -> Game {
    let mut game = Game::new(*rules);
    let mut lines = text.lines();
    let first = lines.next().unwrap();
    assert_eq!(
        first,
        format!(" {} point match", rules.match_target.unwrap_or(0))
    );
    for line in lines {
        if line.is_empty() || line.contains(" : ") {
            continue;
        }
        if let Some(n) = line.strip_prefix(" Game ") {
            if n != "1" {
                game.apply(Action::NextGame).unwrap();
            }
            continue;
        }
        if line.trim_start().starts_with("Wins ") {
            let indent = line.len() - line.trim_start().len();
            let column = usize::from(indent >= 33);
            entry(&mut game, column, line.trim());
            continue;
        }
        // "  3) 62: 13/7 5/3                 Doubles => 2": the number, then the entries. A
        // long left entry pushes the right one along (as gnubg writes it), so entries are found
        // by their first word, and the column by where the first one starts.
        assert_eq!(&line[3..5], ") ", "{line:?}");
        let mut entries: Vec<(usize, String)> = Vec::new();
        let mut at = 5;
        for word in line[5..].split(' ') {
            let starts = word.len() == 3 && word.ends_with(':')
                || ["Doubles", "Takes", "Drops", "Wins"].contains(&word);
            if starts {
                entries.push((at, word.to_string()));
            } else if let Some((_, e)) = entries.last_mut() {
                e.push(' ');
                e.push_str(word);
            }
            at += word.len() + 1;
        }
        for (i, (start, text)) in entries.iter().enumerate() {
            let column = if i == 0 && *start < 33 { 0 } else { 1 };
            entry(&mut game, column, text.trim());
        }
    }
    game
}

fn entry(game: &mut Game, column: usize, text: &str) {
    if let Some(wins) = text.strip_prefix("Wins ") {
        let points: u32 = wins.split(' ').next().unwrap().parse().unwrap();
        match game.phase() {
            Phase::GameOver {
                winner, points: p, ..
            } => {
                assert_eq!((winner.index(), *p), (column, points), "{text}");
            }
            // A resignation: the loser is the other column.
            _ => {
                let loser = Player::from_index(1 - column).unwrap();
                game.apply(Action::Resign { player: loser }).unwrap();
                assert!(matches!(game.phase(), Phase::GameOver { points: p, .. } if *p == points));
            }
        }
    } else if text.starts_with("Doubles => ") {
        game.apply(Action::Double).unwrap();
    } else if text == "Takes" {
        game.apply(Action::Take).unwrap();
    } else if text == "Drops" {
        game.apply(Action::Drop).unwrap();
    } else {
        let (dice, moves) = text.split_once(':').expect("a roll");
        let d: Vec<u8> = dice.bytes().map(|b| b - b'0').collect();
        let dice = [d[0], d[1]];
        match game.phase() {
            Phase::DieOff => {
                // The opening roll is the die-off: the larger die is the mover's (the column).
                let (hi, lo) = (dice[0].max(dice[1]), dice[0].min(dice[1]));
                let dice = if column == 0 { [hi, lo] } else { [lo, hi] };
                game.apply(Action::DieOff { dice }).unwrap();
            }
            _ => game.apply(Action::Roll { dice }).unwrap(),
        }
        if let Some(turn) = game.turn() {
            let found = notation::find_steps(turn, moves.trim()).unwrap_or_else(|e| {
                panic!("{text}: {e}");
            });
            assert!(found.complete, "{text}");
            game.apply(Action::Play { steps: found.steps }).unwrap();
        } else {
            assert!(moves.trim().is_empty(), "{text}");
        }
    }
}

#[test]
fn the_shape_gnubg_imports() {
    let mut rules = Preset::Backgammon.rules();
    rules.match_target = Some(5);
    let game = common::random_match(&rules, 3, ODDS);
    let text = jellyfish::to_mat(&game, ["alice", "bob"]).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], " 5 point match");
    assert_eq!(lines[1], "");
    assert_eq!(lines[2], " Game 1");
    assert!(lines[3].starts_with(" alice : 0 "), "{}", lines[3]);
    assert_eq!(&lines[3][32..], "bob : 0");
    assert!(lines[4].starts_with("  1) "), "{}", lines[4]);
    let games = text.lines().filter(|l| l.starts_with(" Game ")).count();
    // One blank line before each game after the first.
    assert!(!text.contains("\n\n\n"));
    assert_eq!(games as u32, game.game_number());
    let wins = text.lines().filter(|l| l.contains("Wins ")).count();
    let over = matches!(game.phase(), Phase::GameOver { .. });
    assert_eq!(wins as u32, game.game_number() - u32::from(!over));
    for l in text.lines().filter(|l| l.len() > 4 && &l[3..5] == ") ") {
        // Move numbers count up within each game; a right entry starts at column 33.
        assert!(l[..3].trim().parse::<u32>().is_ok(), "{l}");
        if l.len() > 33 {
            assert_ne!(&l[32..33], "x");
        }
    }
    assert!(text.contains(" Doubles => 2"));
}

#[test]
fn random_backgammon_games_and_matches_round_trip() {
    let mut seen = common::Seen::default();
    let mut matched = Preset::Backgammon.rules();
    matched.match_target = Some(7);
    for (rules, seeds) in [(Preset::Backgammon.rules(), 40), (matched, 12)] {
        for seed in 0..seeds {
            let game = common::random_match(&rules, seed, ODDS);
            seen.count(&game);
            let text = jellyfish::to_mat(&game, ["alice", "bob"]).unwrap();
            let back = read_mat(&rules, &text);
            assert_eq!(back.position(), game.position(), "seed {seed}\n{text}");
            assert_eq!(back.score(), game.score(), "seed {seed}");
            assert_eq!(back.phase(), game.phase(), "seed {seed}");
            assert_eq!(back.game_number(), game.game_number());
            // Every play's dice and steps (in the order the reader found for them).
            let plays = |g: &Game| -> Vec<(Vec<u8>, Vec<acey_rules::Step>)> {
                g.log()
                    .iter()
                    .map(|r| {
                        let mut dice = r.dice.clone();
                        dice.sort_unstable();
                        let mut steps = r.steps.clone();
                        steps.sort_unstable();
                        (dice, steps)
                    })
                    .collect()
            };
            assert_eq!(plays(&back), plays(&game), "seed {seed}");
        }
    }
    assert!(
        seen.takes > 0 && seen.drops > 0 && seen.resigns > 0,
        "{seen:?}"
    );
}

#[test]
fn acey_deucey_games_are_refused() {
    let game = Game::new(Rules::default());
    let e = jellyfish::to_mat(&game, ["a", "b"]).unwrap_err();
    assert!(e.to_string().contains("backgammon games only"), "{e}");
}
