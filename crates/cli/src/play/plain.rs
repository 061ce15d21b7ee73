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
use super::session::{capital, Seat, Session};
use super::typed;

const HELP: &str = "\
Commands:
  13/7 8/7      a whole play in notation (also bar/22, in/19(4), 24/13, 6/off)
  13/7          one step of the play; then more steps, 'undo', and 'ok' to confirm
  1..6          the double to name after a fully played 1-2
  plays         list the legal plays (or doubles), numbered
  play N        make play N of that list (or name double N of it)
  hint          the bot's ranked suggestions
  best          do what the bot suggests first
  undo          take back the last step
  ok            confirm a play entered step by step
  roll, double, take, drop   roll, or use the doubling cube (when the rules have one)
  resign        say what resigning costs now; 'resign yes' resigns
  resign single offer a single (or 'resign gammon') when more is at stake, with gammons;
                the bot accepts or declines, a second person types 'accept' or 'decline'
  rematch       after a game: the next game (a new match once a match is decided)
  analyse       after a game: judge it (acey analyse at 1-ply): summary and marked plays
  board         draw the board
  position      describe the position
  auto on|off   make forced plays automatically
  quit          save and stop (end of input does the same)";

/// Runs the line mode over `input` and `out` until `quit` or the end of the input.
pub fn run(
    mut session: Session,
    save_path: &Path,
    input: impl BufRead,
    out: &mut impl Write,
) -> Result<()> {
    let mut lines = input.lines();
    writeln!(out, "{}. Type 'help' for commands.", intro(&session))?;
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
                writeln!(out, "Could not save the game: {e:#}")?;
            }
        }
        writeln!(out, "> {}", prompt(&session))?;
        out.flush()?;
        let Some(line) = lines.next() else {
            break;
        };
        let line = line?;
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        match command(&mut session, text, out)? {
            Flow::Quit => break,
            Flow::Go => {}
        }
    }
    save_and_say(&session, save_path, out)?;
    writeln!(out, "Final {}", lowercase_first(&session.score_line()))?;
    out.flush()?;
    Ok(())
}

enum Flow {
    Go,
    Quit,
}

fn intro(s: &Session) -> String {
    match s.setup().seats {
        [Seat::Human, Seat::Bot] | [Seat::Bot, Seat::Human] => format!(
            "acey: you play {} against the bot ({}), rules {}",
            mark_char(s.viewer()),
            s.setup().level,
            s.game().rules()
        ),
        _ => format!(
            "acey: X against O at one keyboard, rules {}",
            s.game().rules()
        ),
    }
}

fn lowercase_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

fn save_and_say(s: &Session, path: &Path, out: &mut impl Write) -> Result<()> {
    match save::save(s, path) {
        Ok(()) => writeln!(out, "Game saved to {}.", path.display())?,
        Err(e) => writeln!(out, "Could not save the game: {e:#}")?,
    }
    Ok(())
}

/// What the game waits for, as the prompt line (after `> `).
fn prompt(s: &Session) -> String {
    if s.game_over() {
        return "game over: type 'rematch' for another game, 'analyse' to judge this one, or 'quit'"
            .to_string();
    }
    if let Some((by, level)) = s.pending_offer() {
        return format!(
            "{}: {} offers to resign a {}: 'accept' or 'decline'",
            capital(s.name(by.other())),
            s.name(by),
            level.name()
        );
    }
    let Some(p) = s.human_to_act() else {
        return "waiting".to_string();
    };
    let who = capital(s.name(p));
    match s.game().phase() {
        Phase::Roll { .. } => format!("{who}: 'roll' or 'double'"),
        Phase::CubeOffered { .. } => format!("{who}: 'take' or 'drop' the cube"),
        Phase::NameDouble { .. } => format!("{who}: name a double, 1 to 6"),
        Phase::Move { kind, .. } => {
            let Some(t) = s.game().turn() else {
                return "waiting".to_string();
            };
            let dice: Vec<String> = t.remaining_dice().iter().map(|d| d.to_string()).collect();
            let what = match kind {
                PoolKind::ChosenDouble(d) => format!(" the chosen {d}-{d}"),
                _ => String::new(),
            };
            if t.steps().is_empty() {
                format!("{who} to play{what} {}: type a play", dice.join("-"))
            } else if t.legal_steps().is_empty() {
                format!(
                    "{who}: play {} complete: 'ok' to confirm or 'undo'",
                    acey_rules::notation::format_steps(t.steps())
                )
            } else {
                format!(
                    "{who}: so far {}, dice left {}: next step",
                    acey_rules::notation::format_steps(t.steps()),
                    dice.join("-")
                )
            }
        }
        _ => "waiting".to_string(),
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
    let side = match s.name(viewer) {
        "you" => "your".to_string(),
        name => format!("{name}'s"),
    };
    let mut out = vec![format!(
        "Position (points numbered from {side} side, {}):",
        mark_char(viewer)
    )];
    if s.game().rules().doubling_cube {
        let cube = s.game().cube();
        out.push(format!(
            "  Cube: {}{}",
            cube.value,
            match cube.owner {
                Some(p) => format!(", {} may double next", s.name(p)),
                None => ", in the middle".to_string(),
            }
        ));
    }
    for p in [viewer, viewer.other()] {
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
        out.push(format!(
            "  {} {}: {} | start {}, bar {}, off {} | pips {}",
            mark_char(p),
            s.name(p),
            if points.is_empty() {
                "-".to_string()
            } else {
                points.join(" ")
            },
            pos.start(p),
            pos.bar(p),
            pos.off(p),
            pos.pip_count(p)
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
        "help" | "?" => writeln!(out, "{HELP}")?,
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
            writeln!(
                out,
                "Forced plays are {} automatically.",
                if on { "made" } else { "not made" }
            )?;
        }
        "rematch" | "next" => {
            if s.game_over() {
                s.rematch();
                writeln!(out, "A new game begins.")?;
            } else {
                writeln!(out, "The game is not over: finish it or 'resign' first.")?;
            }
        }
        "resign" => resign(s, rest.first().copied(), out)?,
        "analyse" | "analyze" | "analysis" => {
            if s.game_over() {
                let names = [s.name(Player::Zero), s.name(Player::One)];
                for l in super::review::review(s.game(), names) {
                    writeln!(out, "{l}")?;
                }
            } else {
                writeln!(
                    out,
                    "The game is not over: 'analyse' judges a finished game."
                )?;
            }
        }
        "accept" | "decline" if s.pending_offer().is_some() => {
            let accept = first == "accept";
            match s.answer_offer(accept) {
                Ok(()) if accept => writeln!(out, "Accepted.")?,
                Ok(()) => writeln!(out, "Declined: play on.")?,
                Err(e) => writeln!(out, "{e}")?,
            }
        }
        _ if s.pending_offer().is_some() => {
            writeln!(out, "A resignation is offered: 'accept' or 'decline'.")?;
        }
        _ if person.is_none() => {
            writeln!(
                out,
                "Nothing to do now: {}",
                if s.game_over() {
                    "the game is over ('rematch' or 'quit')".to_string()
                } else {
                    s.status_line()
                }
            )?;
        }
        "roll" => match s.roll_now() {
            Some(e) => writeln!(out, "{}", e.text)?,
            None => writeln!(out, "It is not the time to roll.")?,
        },
        "double" => apply(s, Action::Double, out)?,
        "take" => apply(s, Action::Take, out)?,
        "drop" => apply(s, Action::Drop, out)?,
        "undo" => apply(s, Action::Undo, out)?,
        "ok" | "confirm" => apply(s, Action::Confirm, out)?,
        "hint" => {
            let hint = s.hint(8);
            if hint.is_empty() {
                writeln!(out, "No hint for this decision.")?;
            }
            for (i, h) in hint.iter().enumerate() {
                writeln!(out, "{}. {:+.3} {}", i + 1, h.equity, h.text)?;
            }
        }
        "best" => match s.best_action() {
            Some(a) => apply(s, a, out)?,
            None => writeln!(out, "No suggestion for this decision.")?,
        },
        "plays" => {
            if let Some(t) = s.game().turn().filter(|t| !t.steps().is_empty()) {
                writeln!(
                    out,
                    "So far {}; the plays that finish it:",
                    acey_rules::notation::format_steps(t.steps())
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
                None => writeln!(out, "There is no choice {n}: 'plays' lists {}.", list.len())?,
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
    let opponent = match s.name(who.other()) {
        "bot" => "the bot".to_string(),
        other => other.to_string(),
    };
    let cost = s.resignation_cost(who);
    match what.map(|w| w.to_ascii_lowercase()) {
        None => {
            let offers: Vec<String> = s
                .resignation_offers(who)
                .iter()
                .map(|(r, p)| {
                    format!(
                        "'resign {}' offers a {} ({p} point{})",
                        r.name(),
                        r.name(),
                        if *p == 1 { "" } else { "s" }
                    )
                })
                .collect();
            let more = if offers.is_empty() {
                String::new()
            } else {
                format!(
                    "; {} instead, which {opponent} may decline",
                    offers.join(", ")
                )
            };
            writeln!(
                out,
                "Resigning gives {opponent} {cost}: type 'resign yes' to resign{more}."
            )?;
        }
        Some(w) if matches!(w.as_str(), "yes" | "y" | "all") => {
            apply(s, Action::Resign { player: who }, out)?;
        }
        Some(w) => match acey_rules::Resignation::from_name(&w) {
            Some(level) => match s.offer_resignation(level) {
                Ok(Some(true)) => writeln!(out, "The bot accepts the {}.", level.name())?,
                Ok(Some(false)) => writeln!(
                    out,
                    "The bot declines the {}: play on, or 'resign yes' ({cost}).",
                    level.name()
                )?,
                Ok(None) => writeln!(
                    out,
                    "{} offers to resign a {}: {}, 'accept' or 'decline'?",
                    capital(s.name(who)),
                    level.name(),
                    s.name(who.other())
                )?,
                Err(e) => writeln!(out, "{e}")?,
            },
            None => writeln!(
                out,
                "'resign {w}': write 'resign yes', or 'resign single' / 'gammon' / 'backgammon'"
            )?,
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
    let what = match &action {
        Action::Play { steps } => Some(format!(
            "{} played {}.",
            capital(s.name(s.game().to_act().unwrap_or(Player::Zero))),
            acey_rules::notation::format_steps(steps)
        )),
        Action::NameDouble { value } => Some(format!("Named {value}-{value}.")),
        Action::Double => Some(format!(
            "{} double{} to {}.",
            capital(s.name(s.game().to_act().unwrap_or(Player::Zero))),
            if s.game().to_act().is_some_and(|p| s.name(p) == "you") {
                ""
            } else {
                "s"
            },
            s.game().cube().value * 2
        )),
        Action::Take => Some("Taken.".to_string()),
        Action::Drop => Some("Dropped.".to_string()),
        _ => None,
    };
    match s.apply(action) {
        Ok(()) => {
            if let Some(w) = what {
                writeln!(out, "{w}")?;
            } else if s.game().log().len() > before {
                if let Some(r) = s.game().log().last() {
                    writeln!(out, "Played {}.", r.notation())?;
                }
            }
        }
        Err(e) => writeln!(out, "{e}")?,
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::session::Setup;
    use acey_ai::Level;
    use acey_rules::Rules;

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
        assert!(out.contains("'13/1' is not a legal play"), "{out}");
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
            said.contains("Resigning gives the bot 3 points (a backgammon)"),
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
