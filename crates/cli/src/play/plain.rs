//! `acey play --plain`: the game as lines of text, for screen readers, pipes and scripts.
//!
//! After every play the position is printed as text; each time the game waits for a person a
//! prompt line starting with `> ` says what it waits for. Input is read line by line: a play in
//! notation (`13/7 8/7`), one step of it (`13/7`), a double's value after a full 1-2, or one of
//! the commands below. Bot plays are printed step by step. End of input ends the session as
//! `quit` does: the game is saved and a final score line printed. The game is also saved before
//! every prompt, so an interrupt loses nothing.

use std::io::{BufRead, Write};
use std::path::Path;

use acey_rules::{Action, Phase, Player, PoolKind, Position};
use anyhow::Result;

use super::board::{self, absolute, mark_char, Marks};
use super::save;
use super::session::{Seat, Session};
use super::typed;
use crate::i18n::{self, t};

/// Runs the line mode over `input` and `out` until `quit` or the end of the input.
pub fn run(
    session: Session,
    save_path: &Path,
    input: impl BufRead,
    out: &mut impl Write,
) -> Result<()> {
    run_lines(session, save_path, input.lines(), out)
}

/// [`run`] over lines from anywhere: a pipe's, or a line editor's at a terminal
/// (`super::line_editor`).
pub fn run_lines(
    mut session: Session,
    save_path: &Path,
    mut lines: impl Iterator<Item = std::io::Result<String>>,
    out: &mut impl Write,
) -> Result<()> {
    writeln!(out, "{}", intro(&session))?;
    let mut printed: Option<(Position, u32)> = None;
    let mut logged = session.game().log().len();
    let mut announced_end: Option<u32> = None;
    // (game number, actions) last saved, to save only what changed.
    let mut saved: Option<(u32, usize)> = None;
    loop {
        // The position after every play, the person's included, before what follows it.
        if session.game().log().len() != logged {
            logged = session.game().log().len();
            print_position(&session, out, &mut printed)?;
        }
        while let Some(event) = session.auto_step() {
            writeln!(out, "{}", event.text)?;
            if session.game().log().len() != logged {
                logged = session.game().log().len();
                print_position(&session, out, &mut printed)?;
            }
        }
        if session.game_over() {
            if announced_end != Some(session.game().game_number()) {
                announced_end = Some(session.game().game_number());
                print_position(&session, out, &mut printed)?;
                writeln!(out, "{}", session.status_line())?;
                writeln!(out, "{}", session.score_line())?;
                save_and_say(&session, save_path, out)?;
            }
        } else {
            print_position(&session, out, &mut printed)?;
        }
        // Saved before every prompt, quietly: an interrupt (Ctrl-C is a signal in line mode) or
        // a closed terminal then loses nothing.
        let state = (session.game().game_number(), session.game().actions().len());
        if saved != Some(state) {
            saved = Some(state);
            if let Err(e) = save::save(&session, save_path) {
                writeln!(out, "{}", t!("term-save-failed", error = format!("{e:#}")))?;
            }
        }
        writeln!(out, "> {}", prompt(&session))?;
        out.flush()?;
        let Some(line) = lines.next() else {
            break;
        };
        let text = typed::clean(&line?);
        if text.is_empty() {
            continue;
        }
        match command(&mut session, &text, out)? {
            Flow::Quit => break,
            Flow::Go => {}
        }
    }
    save_and_say(&session, save_path, out)?;
    writeln!(out, "{}", session.final_score_line())?;
    out.flush()?;
    Ok(())
}

enum Flow {
    Go,
    Quit,
}

fn intro(s: &Session) -> String {
    match s.setup().seats {
        [Seat::Human, Seat::Bot] | [Seat::Bot, Seat::Human] => t!(
            "term-plain-intro-bot",
            mark = mark_char(s.viewer()).to_string(),
            level = i18n::level_name(s.setup().level),
            rules = s.game().rules().to_string()
        ),
        _ => t!(
            "term-plain-intro-people",
            rules = s.game().rules().to_string()
        ),
    }
}

fn save_and_say(s: &Session, path: &Path, out: &mut impl Write) -> Result<()> {
    match save::save(s, path) {
        Ok(()) => writeln!(
            out,
            "{}",
            t!("term-saved", path = path.display().to_string())
        )?,
        Err(e) => writeln!(out, "{}", t!("term-save-failed", error = format!("{e:#}")))?,
    }
    Ok(())
}

/// What the game waits for, as the prompt line (after `> `).
fn prompt(s: &Session) -> String {
    if s.game_over() {
        return t!("term-prompt-game-over");
    }
    if let Some((by, level)) = s.pending_offer() {
        return t!(
            "term-prompt-offer",
            taker = s.mark(by.other()),
            name = s.mark(by),
            level = level.name()
        );
    }
    let Some(p) = s.human_to_act() else {
        return t!("term-prompt-waiting");
    };
    let (who, name) = (s.who(p), s.mark(p));
    match s.game().phase() {
        Phase::Roll { .. } => t!("term-prompt-roll", who = who, name = name),
        Phase::CubeOffered { .. } => t!("term-prompt-take", who = who, name = name),
        Phase::NameDouble { .. } => t!("term-prompt-name-double", who = who, name = name),
        Phase::Move { kind, .. } => {
            let Some(t) = s.game().turn() else {
                return t!("term-prompt-waiting");
            };
            let dice: Vec<String> = t.remaining_dice().iter().map(|d| d.to_string()).collect();
            let dice = dice.join("-");
            if t.steps().is_empty() {
                match kind {
                    PoolKind::ChosenDouble(d) => t!(
                        "term-prompt-move-chosen",
                        who = who,
                        name = name,
                        double = format!("{d}-{d}"),
                        dice = dice
                    ),
                    _ => t!("term-prompt-move", who = who, name = name, dice = dice),
                }
            } else if t.legal_steps().is_empty() {
                t!(
                    "term-prompt-complete",
                    who = who,
                    name = name,
                    play = acey_rules::notation::format_steps(t.steps())
                )
            } else {
                t!(
                    "term-prompt-next-step",
                    who = who,
                    name = name,
                    play = acey_rules::notation::format_steps(t.steps()),
                    dice = dice
                )
            }
        }
        _ => t!("term-prompt-waiting"),
    }
}

/// Prints the position unless it (and the cube) is what was printed last.
fn print_position(
    s: &Session,
    out: &mut impl Write,
    printed: &mut Option<(Position, u32)>,
) -> Result<()> {
    let pos = s.position();
    let now = (pos, s.game().cube().value);
    if *printed == Some(now) {
        return Ok(());
    }
    *printed = Some(now);
    for line in describe(s, &pos) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// The position in words: each side's checkers by point (the viewer's numbering), pools, pips.
pub fn describe(s: &Session, pos: &Position) -> Vec<String> {
    let viewer = s.viewer();
    let mut out = vec![t!(
        "term-position-head",
        who = s.who(viewer),
        name = s.mark(viewer)
    )];
    if s.game().rules().doubling_cube {
        let cube = s.game().cube();
        out.push(match cube.owner {
            Some(p) => t!(
                "term-position-cube-owner",
                value = cube.value,
                who = s.who(p),
                name = s.mark(p)
            ),
            None => t!("term-position-cube-middle", value = cube.value),
        });
    }
    for p in [viewer, viewer.other()] {
        out.push(t!(
            "term-position-side",
            mark = mark_char(p).to_string(),
            name = s.name(p),
            points = occupied(pos, viewer, p),
            start = start_count(Some(s.game().rules()), pos, p),
            bar = pos.bar(p),
            off = pos.off(p),
            pips = pos.pip_count(p)
        ));
    }
    out
}

fn command(s: &mut Session, text: &str, out: &mut impl Write) -> Result<Flow> {
    let mut words = text.split_whitespace();
    let first = words.next().unwrap_or("").to_ascii_lowercase();
    let rest: Vec<&str> = words.collect();
    let person = s.human_to_act();
    match first.as_str() {
        "quit" | "exit" | "q" => return Ok(Flow::Quit),
        "help" | "?" => writeln!(out, "{}", t!("term-plain-help"))?,
        "board" => {
            let lines = board::draw(&s.position(), s.viewer(), &Marks::default());
            for l in board::plain(&lines) {
                writeln!(out, "{l}")?;
            }
        }
        "position" | "pos" => {
            for l in describe(s, &s.position()) {
                writeln!(out, "{l}")?;
            }
        }
        "auto" => {
            let on = match rest.first().map(|w| w.to_ascii_lowercase()) {
                Some(w) if w == "on" => true,
                Some(w) if w == "off" => false,
                _ => !s.auto_forced(),
            };
            s.set_auto_forced(on);
            let said = if on {
                t!("term-auto-on")
            } else {
                t!("term-auto-off")
            };
            writeln!(out, "{said}")?;
        }
        "rematch" | "next" => {
            if s.game_over() {
                s.rematch();
                writeln!(out, "{}", t!("term-new-game"))?;
            } else {
                writeln!(out, "{}", t!("term-not-over-rematch"))?;
            }
        }
        "resign" => resign(s, rest.first().copied(), out)?,
        "analyse" | "analyze" | "analysis" => {
            if s.game_over() {
                let names = [s.name(Player::Zero), s.name(Player::One)];
                for l in super::review::review(s.game(), &names) {
                    writeln!(out, "{l}")?;
                }
            } else {
                writeln!(out, "{}", t!("term-not-over-analyse"))?;
            }
        }
        "accept" | "decline" if s.pending_offer().is_some() => {
            let accept = first == "accept";
            match s.answer_offer(accept) {
                Ok(()) if accept => writeln!(out, "{}", t!("term-accepted"))?,
                Ok(()) => writeln!(out, "{}", t!("term-declined"))?,
                Err(e) => writeln!(out, "{e}")?,
            }
        }
        _ if s.pending_offer().is_some() => {
            writeln!(out, "{}", t!("term-offer-pending"))?;
        }
        _ if person.is_none() => {
            let said = if s.game_over() {
                t!("term-nothing-to-do-over")
            } else {
                t!("term-nothing-to-do", status = s.status_line())
            };
            writeln!(out, "{said}")?;
        }
        "roll" => match s.roll_now() {
            Some(e) => writeln!(out, "{}", e.text)?,
            None => writeln!(out, "{}", t!("term-not-time-to-roll"))?,
        },
        "double" => apply(s, Action::Double, out)?,
        "take" => apply(s, Action::Take, out)?,
        "drop" => apply(s, Action::Drop, out)?,
        "undo" => apply(s, Action::Undo, out)?,
        "ok" | "confirm" => apply(s, Action::Confirm, out)?,
        "hint" => {
            let hint = s.hint(8);
            if hint.is_empty() {
                writeln!(out, "{}", t!("term-no-hint"))?;
            }
            for (i, h) in hint.iter().enumerate() {
                let equity = i18n::signed(i18n::current(), f64::from(h.equity), 3);
                writeln!(out, "{}. {equity} {}", i + 1, h.text)?;
            }
        }
        "best" => match s.best_action() {
            Some(a) => apply(s, a, out)?,
            None => writeln!(out, "{}", t!("term-no-suggestion"))?,
        },
        "plays" => {
            if let Some(t) = s.game().turn().filter(|t| !t.steps().is_empty()) {
                writeln!(
                    out,
                    "{}",
                    t!(
                        "term-so-far-plays",
                        play = acey_rules::notation::format_steps(t.steps())
                    )
                )?;
            }
            for (i, c) in choices(s).iter().enumerate() {
                writeln!(out, "{}. {}", i + 1, c.0)?;
            }
        }
        "play" if rest.len() == 1 && rest[0].parse::<usize>().is_ok() => {
            let n: usize = rest[0].parse().unwrap_or(0);
            let list = choices(s);
            match n.checked_sub(1).and_then(|i| list.get(i)) {
                Some((_, action)) => apply(s, action.clone(), out)?,
                None => writeln!(
                    out,
                    "{}",
                    t!("term-no-choice", number = n, count = list.len())
                )?,
            }
        }
        _ => match typed::actions(s.game(), text) {
            Ok(actions) => {
                for a in actions {
                    apply(s, a, out)?;
                }
            }
            Err(e) => writeln!(out, "{e}")?,
        },
    }
    Ok(Flow::Go)
}

/// `resign`: the cost; `resign yes`: resign outright; `resign single|gammon|backgammon`: offer
/// that (the opponent may decline).
fn resign(s: &mut Session, what: Option<&str>, out: &mut impl Write) -> Result<()> {
    let who = s.resigner();
    let (opponent, opponent_name) = (s.who(who.other()), s.mark(who.other()));
    let cost = s.resignation_cost(who);
    match what.map(|w| w.to_ascii_lowercase()) {
        None => {
            let offers: Vec<String> = s
                .resignation_offers(who)
                .iter()
                .map(|(r, p)| t!("term-resign-offer-item", level = r.name(), points = *p))
                .collect();
            let said = if offers.is_empty() {
                t!(
                    "term-resign-costs",
                    who = opponent,
                    name = opponent_name,
                    cost = cost
                )
            } else {
                t!(
                    "term-resign-costs-offers",
                    who = opponent,
                    name = opponent_name,
                    cost = cost,
                    offers = offers.join(", ")
                )
            };
            writeln!(out, "{said}")?;
        }
        Some(w) if matches!(w.as_str(), "yes" | "y" | "all") => {
            apply(s, Action::Resign { player: who }, out)?;
        }
        Some(w) => match acey_rules::Resignation::from_name(&w) {
            Some(level) => match s.offer_resignation(level) {
                Ok(Some(true)) => writeln!(
                    out,
                    "{}",
                    t!("term-bot-accepts-offer", level = level.name())
                )?,
                Ok(Some(false)) => writeln!(
                    out,
                    "{}",
                    t!(
                        "term-bot-declines-offer-plain",
                        level = level.name(),
                        cost = cost
                    )
                )?,
                Ok(None) => writeln!(
                    out,
                    "{}",
                    t!(
                        "term-offers-resign",
                        name = s.mark(who),
                        level = level.name(),
                        taker = s.mark(who.other())
                    )
                )?,
                Err(e) => writeln!(out, "{e}")?,
            },
            None => writeln!(out, "{}", t!("term-resign-unknown", word = w))?,
        },
    }
    Ok(())
}

/// The numbered choices of `plays`: the legal plays (after some steps, the ways to finish the
/// play from them, those steps included), or the doubles that may be named.
fn choices(s: &Session) -> Vec<(String, Action)> {
    match s.game().phase() {
        Phase::NameDouble { .. } => s
            .game()
            .nameable_doubles()
            .into_iter()
            .map(|d| (format!("{d}-{d}"), Action::NameDouble { value: d }))
            .collect(),
        Phase::Move { .. } => s
            .game()
            .turn()
            .map(|t| t.completions())
            .unwrap_or_default()
            .iter()
            .map(|p| {
                (
                    p.notation(),
                    Action::Play {
                        steps: p.steps().to_vec(),
                    },
                )
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn apply(s: &mut Session, action: Action, out: &mut impl Write) -> Result<()> {
    let before = s.game().log().len();
    let actor = s.game().to_act().unwrap_or(Player::Zero);
    let (who, name) = (s.who(actor), s.mark(actor));
    let what = match &action {
        Action::Play { steps } => Some(t!(
            "term-played",
            who = who,
            name = name,
            play = acey_rules::notation::format_steps(steps)
        )),
        Action::NameDouble { value } => Some(t!("term-named-short", value = *value)),
        Action::Double => Some(t!(
            "term-doubles",
            who = who,
            name = name,
            value = s.game().cube().value * 2
        )),
        Action::Take => Some(t!("term-taken")),
        Action::Drop => Some(t!("term-dropped")),
        _ => None,
    };
    match s.apply(action) {
        Ok(()) => {
            if let Some(w) = what {
                writeln!(out, "{w}")?;
            } else if s.game().log().len() > before {
                if let Some(r) = s.game().log().last() {
                    writeln!(out, "{}", t!("term-played-short", play = r.notation()))?;
                }
            }
        }
        Err(e) => writeln!(out, "{e}")?,
    }
    Ok(())
}

/// A side's start pool for the position lines: its count, or `none` under rules whose checkers
/// start on the board (backgammon: the line leaves the pool out); unknown rules count it.
pub(crate) fn start_count(rules: Option<&acey_rules::Rules>, pos: &Position, p: Player) -> String {
    match rules {
        Some(r) if r.layout == acey_rules::Layout::Backgammon => "none".to_string(),
        _ => pos.start(p).to_string(),
    }
}

/// The points where `p` has checkers, as `viewer` numbers them, highest first, each with its
/// count (`23:2 22:1`), or `-` when none.
pub(crate) fn occupied(pos: &Position, viewer: Player, p: Player) -> String {
    let points: Vec<String> = (1..=24u8)
        .rev()
        .filter_map(|v| {
            // The viewer's point v is player p's own point:
            let own = if p == viewer { v } else { 25 - v };
            let n = pos.count(p, own);
            debug_assert_eq!(absolute(viewer, v), absolute(p, own));
            (n > 0).then(|| format!("{v}:{n}"))
        })
        .collect();
    if points.is_empty() {
        "-".to_string()
    } else {
        points.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::session::Setup;
    use acey_ai::Level;
    use acey_rules::Rules;

    #[test]
    fn position_lines_name_the_start_pool_only_where_the_rules_have_one() {
        for (rules, has_start) in [
            (Rules::default(), true),
            (acey_rules::Preset::Backgammon.rules(), false),
        ] {
            let s = Session::new(Setup {
                rules,
                seats: [Seat::Human, Seat::Bot],
                level: Level::Beginner,
                seed: 1,
                auto_forced: false,
            });
            let lines = describe(&s, &s.game().position());
            let sides: Vec<&String> = lines.iter().filter(|l| l.contains("| pips")).collect();
            assert_eq!(sides.len(), 2, "{lines:?}");
            for l in sides {
                assert_eq!(l.contains("| start "), has_start, "{rules}: {l}");
                assert!(l.contains("bar 0, off 0"), "{l}");
            }
        }
    }

    fn run_with(input: &str, seats: [Seat; 2], seed: u64) -> (String, std::path::PathBuf) {
        let path = crate::play::app::tests::temp_save();
        let session = Session::new(Setup {
            rules: Rules::default(),
            seats,
            level: Level::Beginner,
            seed,
            auto_forced: false,
        });
        let mut out = Vec::new();
        run(session, &path, input.as_bytes(), &mut out).unwrap();
        (String::from_utf8(out).unwrap(), path)
    }

    #[test]
    fn end_of_input_saves_and_prints_the_final_score() {
        let (out, path) = run_with("", [Seat::Human, Seat::Bot], 2);
        assert!(out.contains("Game saved to"), "{out}");
        assert!(
            out.trim_end().ends_with("Final score: you 0, bot 0"),
            "{out}"
        );
        assert!(out.contains("> You"), "a prompt for the person: {out}");
        assert!(path.exists());
        std::fs::remove_file(path).ok();
    }

    #[test]
    fn illegal_input_is_answered_and_changes_nothing() {
        let (out, path) = run_with("hello\n13/1\nplay 99\n", [Seat::Human, Seat::Bot], 2);
        assert!(out.contains("'hello' is not a move"), "{out}");
        assert!(
            out.contains("'13/1' is not a legal next step; legal steps: "),
            "{out}"
        );
        assert!(out.contains("There is no choice 99"), "{out}");
        std::fs::remove_file(path).ok();
    }

    #[test]
    fn the_cube_is_offered_and_the_bot_answers() {
        let session = Session::new(Setup {
            rules: acey_rules::Preset::Backgammon.rules(),
            seats: [Seat::Human, Seat::Bot],
            level: Level::Beginner,
            seed: 5,
            auto_forced: false,
        });
        let path = crate::play::app::tests::temp_save();
        let mut out = Vec::new();
        run(session, &path, "double\nroll\n".as_bytes(), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("> You: 'roll' or 'double'"), "{out}");
        assert!(out.contains("You double to 2."), "{out}");
        assert!(
            out.contains("The bot takes the cube."),
            "an even game is taken: {out}"
        );
        assert!(
            out.contains("Cube: 2, you may double next")
                || out.contains("Cube: 2, bot may double next"),
            "{out}"
        );
        assert!(
            out.contains("It is not the time to roll."),
            "the roll came with the take: {out}"
        );
        std::fs::remove_file(path).ok();
    }

    /// Player 0 (the person, against the bot) at the opening 4-2 of a backgammon game.
    fn backgammon_four_two() -> Session {
        let rules = acey_rules::Preset::Backgammon.rules();
        let game = acey_rules::Game::replay(rules, &[Action::DieOff { dice: [4, 2] }]).unwrap();
        Session::with_game(
            Setup {
                rules,
                seats: [Seat::Human, Seat::Bot],
                level: Level::Beginner,
                seed: 1,
                auto_forced: false,
            },
            game,
            0,
        )
    }

    fn say(s: &mut Session, text: &str) -> String {
        let mut out = Vec::new();
        command(s, text, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn plays_hint_and_play_n_keep_the_steps_already_made() {
        let mut s = backgammon_four_two();
        let all = say(&mut s, "plays").lines().count();
        assert_eq!(say(&mut s, "8/6"), "");
        let listed = say(&mut s, "plays");
        let lines: Vec<&str> = listed.lines().collect();
        assert_eq!(lines[0], "So far 8/6; the plays that finish it:");
        assert!(lines.len() - 1 < all, "{listed}");
        for l in &lines[1..] {
            assert!(l.contains(". 8/6 "), "every play keeps 8/6: {listed}");
        }
        let hint = say(&mut s, "hint");
        assert!(!hint.is_empty());
        for l in hint.lines() {
            assert!(l.contains(" 8/6 "), "every hint keeps 8/6: {hint}");
        }
        say(&mut s, "play 1");
        let log = s.game().log();
        assert_eq!(log.len(), 1, "the play is made");
        assert_eq!(log[0].steps[0].to_string(), "8/6");
        // `best` keeps the step too.
        let mut s = backgammon_four_two();
        say(&mut s, "13/11");
        say(&mut s, "best");
        assert_eq!(s.game().log()[0].steps[0].to_string(), "13/11");
    }

    #[test]
    fn resign_says_what_it_costs_and_offers_a_single_with_gammons() {
        // Checker-count scoring (american): the points at stake, one form.
        let (out, path) = run_with("resign\nresign yes\n", [Seat::Human, Seat::Bot], 2);
        assert!(
            out.contains("Resigning gives the bot 15 points: type 'resign yes' to resign."),
            "{out}"
        );
        assert!(out.contains("Bot wins 15 points by resignation."), "{out}");
        std::fs::remove_file(path).ok();
        // Backgammon at the start: a backgammon at stake (R9.2); a single may be offered.
        let mut s = backgammon_four_two();
        let said = say(&mut s, "resign");
        assert!(
            said.contains("Resigning gives the bot 3 points, a backgammon"),
            "{said}"
        );
        assert!(
            said.contains("'resign single' offers a single (1 point)"),
            "{said}"
        );
        assert!(
            said.contains("'resign gammon' offers a gammon (2 points)"),
            "{said}"
        );
        assert!(!s.game_over(), "'resign' alone only asks");
        // An even opening: the bot gladly takes a single.
        let said = say(&mut s, "resign single");
        assert!(said.contains("The bot accepts the single."), "{said}");
        assert!(matches!(
            s.game().phase(),
            Phase::GameOver {
                winner: Player::One,
                points: 1,
                ..
            }
        ));
        let said = say(&mut s, "resign backgammon");
        assert!(said.contains("not something to offer"), "{said}");
    }

    #[test]
    fn plays_typed_in_another_order_are_accepted() {
        for text in ["8/6 6/2", "13/11 11/7", "4-2: 6/2 8/6"] {
            let mut s = backgammon_four_two();
            let said = say(&mut s, text);
            assert!(said.starts_with("You played "), "{text}: {said}");
            assert_eq!(s.game().log().len(), 1, "{text}");
        }
    }

    #[test]
    fn a_finished_game_is_analysed_on_request() {
        let mut s = backgammon_four_two();
        let said = say(&mut s, "analyse");
        assert!(said.contains("The game is not over"), "{said}");
        let said = say(&mut s, "resign yes");
        assert!(s.game_over(), "{said}");
        let said = say(&mut s, "analyse");
        assert!(
            said.starts_with("Game 1 judged at 1-ply by the strongest level"),
            "{said}"
        );
        assert!(said.contains("error rate"), "{said}");
    }

    #[test]
    fn two_people_can_finish_a_game_with_best() {
        let input = "best\n".repeat(3000);
        let (out, path) = run_with(&input, [Seat::Human, Seat::Human], 9);
        assert!(
            out.contains("game over: type 'rematch'"),
            "{}",
            &out[out.len().saturating_sub(2000)..]
        );
        let last = out.lines().last().unwrap();
        assert!(last.starts_with("Final score: X "), "{last}");
        std::fs::remove_file(path).ok();
    }
}
