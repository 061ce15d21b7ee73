//! bgammon.org `.match` import: files in both forms (REPLAY.md's with its index table, and what
//! bgammon's server writes; see `tests/data/README.md`) read to the same game as the equivalent
//! acey record,
//! random games written as bgammon writes them read back to the same game, and bad or truncated
//! files refused with their line.

mod common;

use acey_rules::{bgammon, Action, Dest, Game, Phase, Player, Preset, Record, Rules, Source, Step};

/// How often the random games double, resign, drop and undo (see `common::Odds`).
const ODDS: common::Odds = common::Odds::new(6, 400, 3, 1);

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/bgammon/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

/// The actions that are not die-offs (the file names none: the import writes its own), each
/// roll's dice larger first (the file does not say which die was which).
fn moves(actions: &[Action]) -> Vec<Action> {
    actions
        .iter()
        .filter(|a| !matches!(a, Action::DieOff { .. }))
        .map(|a| match a {
            Action::Roll { dice } => Action::Roll {
                dice: [dice[0].max(dice[1]), dice[0].min(dice[1])],
            },
            other => other.clone(),
        })
        .collect()
}

/// The game log, each roll's dice larger first.
fn log(game: &Game) -> Vec<acey_rules::PlayRecord> {
    game.log()
        .iter()
        .map(|r| {
            let mut r = r.clone();
            r.dice.sort_unstable_by(|a, b| b.cmp(a));
            r
        })
        .collect()
}

/// The imported game and the acey record's game are the same game.
fn same_game(imported: &Record, acey: &Record) {
    assert_eq!(imported.rules, acey.rules);
    let a = imported.game().expect("the import replays");
    let b = acey.game().expect("the acey record replays");
    assert_eq!(moves(a.actions()), moves(b.actions()));
    assert_eq!(log(&a), log(&b));
    assert_eq!(a.position(), b.position());
    assert_eq!(a.phase(), b.phase());
    assert_eq!(a.score(), b.score());
    assert_eq!(imported.header.players, acey.header.players);
}

#[test]
fn acey_deucey_as_the_server_writes_it() {
    // One game, `i` line first, moves separated by ", ", no final newline; a 2-1 played in full,
    // its chosen double and the re-roll; a roll with no legal move; a chosen double with no
    // legal move (a bare `r N-N`); a resignation.
    let text = data("acey-deucey-server.match");
    assert!(!text.ends_with('\n'));
    assert!(bgammon::looks_like_match(&text));
    let imported = bgammon::parse(&text).unwrap();
    let acey = Record::parse(&data("acey-deucey-server.txt")).unwrap();
    same_game(&imported, &acey);
    assert_eq!(imported.rules, Preset::Bgammon.rules());
    let game = imported.game().unwrap();
    let log = game.log();
    // The features the file was written for.
    assert!(log
        .iter()
        .any(|r| r.kind == acey_rules::PoolKind::AceyDeucey && r.steps.len() == 2));
    assert!(log
        .iter()
        .any(|r| matches!(r.kind, acey_rules::PoolKind::ChosenDouble(_)) && r.steps.len() == 4));
    assert!(log
        .iter()
        .any(|r| matches!(r.kind, acey_rules::PoolKind::ChosenDouble(_)) && r.steps.is_empty()));
    assert!(log
        .iter()
        .any(|r| r.kind == acey_rules::PoolKind::Natural && r.steps.is_empty()));
    assert!(matches!(game.phase(), Phase::GameOver { .. }));
    assert_eq!(
        imported.header.date.as_deref(),
        Some("2023-12-16 14:57:50 UTC")
    );
}

#[test]
fn backgammon_match_as_replay_md_writes_it() {
    // REPLAY.md's form: the index table, then two games of a 5-point match; a double taken, a
    // redouble dropped, then a game won by bearing off.
    let text = data("backgammon-replay.match");
    assert!(bgammon::looks_like_match(&text));
    let imported = bgammon::parse(&text).unwrap();
    let acey = Record::parse(&data("backgammon-replay.txt")).unwrap();
    same_game(&imported, &acey);
    let game = imported.game().unwrap();
    let actions = game.actions();
    assert!(actions.contains(&Action::Take));
    assert!(actions.contains(&Action::Drop));
    assert_eq!(game.game_number(), 2);
    assert_eq!(imported.rules.match_target, Some(5));
}

// ---------------------------------------------------------------------------------------------
// Random games written as bgammon writes them, read back.

/// A step in bgammon's notation: player 1's numbering (acey's absolute numbering), `off/N` for
/// an entry from `start`, `N/off` for a bear-off.
fn bgammon_step(s: &Step, mover: Player) -> String {
    let abs = |p: u8| match mover {
        Player::Zero => p,
        Player::One => 25 - p,
    };
    let from = match s.from {
        Source::Point(p) => abs(p).to_string(),
        Source::Bar => "bar".into(),
        Source::Start => "off".into(),
    };
    let to = match s.to {
        Dest::Point(p) => abs(p).to_string(),
        Dest::Off => "off".into(),
    };
    format!("{from}/{to}")
}

struct Form {
    index: bool,
    comma: bool,
    final_newline: bool,
}

/// Writes a game (or match) as a bgammon `.match` file, from the spec, independently of the
/// reader.
fn write_match(rules: &Rules, actions: &[Action], form: &Form) -> String {
    let variant = if rules.acey_deucey { 1 } else { 0 };
    let length = rules.match_target.unwrap_or(1);
    let mut shadow = Game::new(*rules);
    let mut games: Vec<(String, Vec<String>)> = Vec::new();
    let mut lines: Vec<String> = Vec::new();
    let mut before = [0u32; 2];
    let mut doubler = Player::Zero;
    let sep = if form.comma { ", " } else { " " };
    let p = |pl: Player| pl.index() + 1;
    let finish = |shadow: &Game, before: [u32; 2], lines: &mut Vec<String>| {
        let winner = match shadow.phase() {
            Phase::GameOver { winner, .. } => winner.index() + 1,
            _ => 0,
        };
        let info = format!(
            "i 1702738670 alice bob {length} {} {} {winner} {} {variant}",
            before[0],
            before[1],
            shadow.cube().value
        );
        (info, std::mem::take(lines))
    };
    for a in actions {
        let phase = shadow.phase().clone();
        match (a, &phase) {
            (Action::NextGame, _) => {
                games.push(finish(&shadow, before, &mut lines));
                before = shadow.score();
            }
            (Action::Roll { dice }, Phase::Roll { player }) => {
                lines.push(format!(
                    "{} r {}-{}",
                    p(*player),
                    dice[0].max(dice[1]),
                    dice[0].min(dice[1])
                ));
            }
            (Action::NameDouble { value }, Phase::NameDouble { player }) => {
                lines.push(format!("{} r {value}-{value}", p(*player)));
            }
            (Action::Play { steps }, Phase::Move { player, .. }) => {
                let last = lines.last_mut().expect("a play follows its roll");
                let written: Vec<String> = steps.iter().map(|s| bgammon_step(s, *player)).collect();
                last.push(' ');
                last.push_str(&written.join(sep));
            }
            (Action::Double, Phase::Roll { player }) => doubler = *player,
            (Action::Take, _) => {
                lines.push(format!("{} d {} 1", p(doubler), shadow.cube().value * 2))
            }
            (Action::Drop, _) => {
                lines.push(format!("{} d {} 0", p(doubler), shadow.cube().value * 2))
            }
            (Action::Resign { player }, _) => lines.push(format!("{} t", p(*player))),
            _ => {}
        }
        shadow.apply(a.clone()).expect("the game's own actions");
        if let (Action::DieOff { .. }, Phase::Move { player, .. }) = (a, shadow.phase()) {
            // Under use-die-off-dice the die-off dice are the starter's first roll.
            let pool = shadow.turn().expect("a move phase").pool();
            let d = pool.dice();
            lines.push(format!(
                "{} r {}-{}",
                p(*player),
                d[0].max(d[1]),
                d[0].min(d[1])
            ));
        }
    }
    games.push(finish(&shadow, before, &mut lines));
    let bodies: Vec<String> = games
        .iter()
        .map(|(info, lines)| {
            let mut s = info.clone();
            for l in lines {
                s.push('\n');
                s.push_str(l);
            }
            s.push('\n');
            s
        })
        .collect();
    let mut out = String::new();
    if form.index {
        let mut at = 24 * bodies.len();
        for b in &bodies {
            out.push_str(&format!("bgammon-replay {at:08}\n"));
            at += b.len();
        }
    }
    for b in &bodies {
        out.push_str(b);
    }
    if !form.final_newline {
        out.pop();
    }
    out
}

#[test]
fn random_games_round_trip_in_both_forms() {
    let mut backgammon_match = Preset::Backgammon.rules();
    backgammon_match.match_target = Some(7);
    let mut acey_match = Preset::Bgammon.rules();
    acey_match.match_target = Some(25);
    let cases = [
        (Preset::Bgammon.rules(), 12),
        (Preset::Backgammon.rules(), 12),
        (backgammon_match, 4),
        (acey_match, 2),
    ];
    // What the games covered: takes, drops, resignations, matches of several games, rolls.
    let mut seen = common::Seen::default();
    for (rules, seeds) in cases {
        for seed in 0..seeds {
            let game = common::random_match(&rules, seed, ODDS);
            seen.count(&game);
            for form in [
                Form {
                    index: true,
                    comma: false,
                    final_newline: true,
                },
                Form {
                    index: false,
                    comma: true,
                    final_newline: false,
                },
            ] {
                if !form.index && game.game_number() > 1 {
                    // The server's form holds one game.
                    continue;
                }
                let text = write_match(&rules, game.actions(), &form);
                let record = bgammon::parse(&text)
                    .unwrap_or_else(|e| panic!("{rules} seed {seed}: {e}\n{text}"));
                let back = record.game().expect("an import replays");
                // A backgammon game that opens with a double cannot start from the die-off.
                assert!(record.rules == rules || !rules.acey_deucey);
                assert_eq!(
                    moves(back.actions()),
                    moves(game.actions()),
                    "{rules} seed {seed}"
                );
                assert_eq!(log(&back), log(&game));
                assert_eq!(back.score(), game.score());
                assert_eq!(back.phase(), game.phase());
            }
        }
    }
    let s = seen;
    assert!(
        [s.takes, s.drops, s.resigns, s.next_games]
            .iter()
            .all(|&n| n > 0)
            && s.rolls > 2000,
        "{seen:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// Bad and truncated files.

fn refused(text: &str) -> (usize, String) {
    let e = bgammon::parse(text).expect_err("refused");
    assert!(e.to_string().starts_with(&format!("line {}: ", e.line)));
    (e.line, e.message)
}

#[test]
fn bad_files_are_refused_with_their_line() {
    let head = "i 1702738670 alice bob 1 0 0 0 1 1\n";
    let cases: &[(&str, usize, &str)] = &[
        ("", 1, "no game"),
        ("i 1 2 3\n", 1, "9 fields"),
        ("i 1702738670 alice bob 1 0 0 0 1 2\n", 1, "tabula"),
        ("i 1702738670 alice bob 1 0 0 0 1 7\n", 1, "unknown variant"),
        ("i 1702738670 alice bob x 0 0 0 1 1\n", 1, "match length"),
        ("1 r 6-5 off/19 off/20\n", 1, "before the game's `i` line"),
        ("HEAD1 r 6-5 off/19 off/20\nfoo\n", 3, "does not start"),
        ("HEAD1 r 6-7 off/19\n", 2, "not a roll"),
        ("HEAD1 r 6-5-4\n", 2, "tabula"),
        ("HEAD1 r 6-5 off/19 off/25\n", 2, "not a move"),
        ("HEAD1 r 6-5 off/19 off/21\n", 2, "not a legal play of 6-5"),
        ("HEAD1 r 6-5 off/19\n", 2, "not a legal play"),
        (
            "HEAD1 r 6-5 off/19 off/20\n1 r 3-1\n",
            3,
            "player 1 cannot roll",
        ),
        ("HEAD1 r 2-1 off/23 off/24\n2 r 4-4\n", 3, "chosen double"),
        ("HEAD1 r 2-1 off/23 off/24\n1 r 4-3\n", 3, "chosen double"),
        (
            "HEAD1 r 6-5 off/19 off/20\n2 d 2 1\n",
            3,
            "no doubling cube",
        ),
        ("HEAD1 r 6-5 off/19 off/20\n2 x\n", 3, "unknown event"),
        ("HEAD1 r 6-5 off/19 off/20\n2 t now\n", 3, "resignation"),
        ("HEAD1 t\n1 r 6-5 off/19 off/20\n", 3, "game is over"),
    ];
    for (text, line, what) in cases {
        let text = text.replace("HEAD", head);
        let (l, m) = refused(&text);
        assert_eq!(l, *line, "{text:?}: {m}");
        assert!(m.contains(what), "{text:?}: {m}");
    }
    // Truncated: the `i` line names a winner the moves never reach.
    let (l, m) =
        refused("i 1702738670 alice bob 1 0 0 1 1 1\n1 r 6-5 off/19 off/20\n2 r 3-1 off/3, off/1");
    assert_eq!(l, 3);
    assert!(m.contains("truncated"), "{m}");
    // The wrong winner.
    let (l, m) = refused("i 1702738670 alice bob 1 0 0 1 1 1\n1 t\n");
    assert_eq!((l, m.contains("winner")), (1, true), "{m}");
    // The index table and the games disagree.
    let game = "i 1702738670 alice bob 1 0 0 2 1 1\n1 t\n";
    let (l, m) = refused(&format!(
        "bgammon-replay 00000024\nbgammon-replay 00000060\n{game}"
    ));
    assert_eq!(l, 1);
    assert!(m.contains("truncated"), "{m}");
    let (l, m) = refused(&format!("bgammon-replay 00000025\n{game}"));
    assert_eq!(l, 1);
    assert!(m.contains("byte"), "{m}");
    let (l, m) = refused(&format!("bgammon-replay 24\n{game}"));
    assert_eq!(l, 1);
    assert!(m.contains("eight-digit"), "{m}");
    assert!(bgammon::parse(&format!("bgammon-replay 00000024\n{game}")).is_ok());
    // A game that ends unfinished before the next one starts.
    let first = format!("{head}1 r 6-5 off/19 off/20\n");
    let (l, m) = refused(&format!(
        "bgammon-replay {:08}\nbgammon-replay {:08}\n{first}{game}",
        48,
        48 + first.len()
    ));
    assert_eq!(l, 5, "{m}");
    assert!(m.contains("without a result"), "{m}");
}

#[test]
fn a_match_whose_first_game_was_resigned_shows_the_score_after_it_and_is_still_a_match() {
    // As the server writes it: the `i` line of a game that ended by a resignation has the score
    // after the game (15-0 here, checker count).
    let after = "i 1702738670 alice bob 25 15 0 1 1 1\n1 r 6-5 off/19, off/20\n2 t\n";
    let record = bgammon::parse(after).unwrap();
    assert_eq!(record.rules.match_target, Some(25));
    assert!(!record
        .header
        .extra
        .iter()
        .any(|(k, _)| k == "bgammon score"));
    // A game from the middle of a match is read on its own, its score kept.
    let cut = "i 1702738670 alice bob 25 3 4 1 1 1\n1 r 6-5 off/19, off/20\n2 t\n";
    let record = bgammon::parse(cut).unwrap();
    assert_eq!(record.rules.match_target, None);
    let (_, note) = record
        .header
        .extra
        .iter()
        .find(|(k, _)| k == "bgammon score")
        .expect("the score is kept");
    assert!(note.starts_with("3-4 in its `i` line"), "{note}");
    assert!(note.ends_with("match to 25"), "{note}");
}

#[test]
fn an_unfinished_game_is_read_as_far_as_it_goes() {
    let record = bgammon::parse(
        "i 1702738670 alice bob 1 0 0 0 1 1\n1 r 6-5 off/19, off/20\n2 r 3-1 off/3, off/1\n",
    )
    .unwrap();
    let game = record.game().unwrap();
    assert_eq!(
        game.phase(),
        &Phase::Roll {
            player: Player::Zero
        }
    );
    assert_eq!(game.log().len(), 2);
}

#[test]
fn a_move_over_two_dice_and_a_bear_off_with_either_die_are_read() {
    // Backgammon: 24/13 with 6-5 is one checker over both dice (written as bgammon's older
    // clients did); the reader finds the route.
    let record =
        bgammon::parse("i 1702738670 alice bob 1 0 0 0 1 0\n1 r 6-5 24/13\n2 r 3-1 17/20 19/20\n")
            .unwrap();
    let game = record.game().unwrap();
    assert_eq!(game.log()[0].steps.len(), 2);
    assert_eq!(game.log()[1].steps.len(), 2);
}
