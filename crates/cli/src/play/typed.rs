//! What a person types during a game: a play in the notation of docs/notation.md (read by
//! [`acey_rules::notation::find_steps`], so the steps may come in any order), the rest of a play
//! after some steps were made, a single step of the play being built, the value of a double after
//! a fully played 1-2, or a whole acey-deucey segment as the hint and the save file write it
//! (`1-2: in/24 in/23, 6-6 chosen: in/19(4)`). Both the full-screen game and the line mode use
//! it, so they accept exactly the same input.

use acey_rules::{notation, Action, Dest, Game, Phase, PoolKind, Source, TurnBuilder};

use super::session::refusal;
use crate::i18n::{self, t, Lang};

/// Why typed notation was refused, in the player's language. The rules crate explains in
/// English with the details (what a point may be, which plays match); the other languages are
/// told the kind of refusal with the text typed.
fn notation_refusal(e: &notation::NotationError, text: &str) -> String {
    if i18n::current() == Lang::En {
        return e.to_string();
    }
    match e {
        notation::NotationError::Syntax(_) => t!("term-err-not-a-move", text = text),
        notation::NotationError::NoSuchPlay(_) => t!("term-err-not-legal", text = text),
        notation::NotationError::Ambiguous(_) => t!("term-err-ambiguous", text = text),
    }
}

/// A line as typed or pasted, made ready to read: control characters (`^A`, the pieces of escape sequences,
/// a pasted tab) are dropped rather than read or echoed back raw, the line is trimmed,
/// and a leading `:` (the full screen's key for typing a play) is taken off, so that the same
/// text works in the full screen and in the line mode.
pub fn clean(line: &str) -> String {
    let kept: String = line.chars().filter(|c| !c.is_control()).collect();
    let kept = kept.trim();
    kept.strip_prefix(':').unwrap_or(kept).trim().to_string()
}

/// `from/to` in the shape of one step, whatever the words (`in/25`, `13/0`, `x/y`): refused, it
/// is answered with the legal steps, whichever way it was wrong.
fn step_shaped(text: &str) -> bool {
    let t = text.trim_end_matches('*');
    t.split_once('/').is_some_and(|(a, b)| {
        let word = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric());
        word(a) && word(b)
    })
}

/// The actions that typed text stands for in the game's current phase (applied in order), or
/// why it is refused. Every action is checked on a copy of the game first, so a refused text
/// changes nothing and an accepted one applies in full.
pub fn actions(game: &Game, text: &str) -> Result<Vec<Action>, String> {
    let text = text.trim();
    if matches!(game.phase(), Phase::GameOver { .. }) {
        return Err(t!("term-err-game-over"));
    }
    let parts = split_parts(text);
    let mut trial = game.clone();
    let mut out = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        let label = part.label.as_deref();
        let next = match trial.phase() {
            Phase::NameDouble { .. } => match label {
                // `6`, `6-6`: the double alone.
                None => vec![double(&trial, &part.body)?],
                // `6-6 chosen: in/19(4)`, `then 6-6: ...`: the double, then its play.
                Some(l) => {
                    let name = double(&trial, l)?;
                    let mut after = trial.clone();
                    after.apply(name.clone()).map_err(|e| refusal(&e))?;
                    let mut acts = vec![name];
                    if !part.body.is_empty() {
                        acts.extend(play(&after, &part.body)?);
                    }
                    acts
                }
            },
            Phase::Move { pool, kind, .. } => {
                if let Some(l) = label {
                    check_label(l, pool.dice(), *kind)?;
                }
                play(&trial, &part.body)?
            }
            _ if i == 0 => return Err(t!("term-err-nothing-to-play")),
            _ => return Err(t!("term-err-too-much", text = part.whole.as_str())),
        };
        for a in next {
            trial.apply(a.clone()).map_err(|e| refusal(&e))?;
            out.push(a);
        }
    }
    Ok(out)
}

/// One comma-separated part of typed text: an optional `label:` (dice such as `1-2`, or a named
/// double such as `6-6 chosen` or `then 6-6`) and the steps.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Part {
    label: Option<String>,
    body: String,
    whole: String,
}

/// Splits `1-2: in/24 in/23, then 6-6: in/19(4)` into its parts. A comma that is not followed
/// by a label only separates steps (`8/5, 6/5` is one play).
fn split_parts(text: &str) -> Vec<Part> {
    let mut parts: Vec<Part> = Vec::new();
    for piece in text.split(',') {
        let piece = piece.trim();
        let (label, body) = match piece.split_once(':') {
            Some((l, b)) if is_label(l) => (Some(l.trim().to_string()), b.trim().to_string()),
            _ => (None, piece.to_string()),
        };
        match (parts.last_mut(), &label) {
            (Some(last), None) => {
                last.body = format!("{} {body}", last.body).trim().to_string();
                last.whole = format!("{}, {piece}", last.whole);
            }
            _ => parts.push(Part {
                label,
                body,
                whole: piece.to_string(),
            }),
        }
    }
    if parts.is_empty() {
        parts.push(Part {
            label: None,
            body: String::new(),
            whole: String::new(),
        });
    }
    parts
}

/// Whether text before a `:` is a label: dice (`1-2`, `6-6`, `6-6 chosen`, `then 6-6`,
/// `6-6 chosen (6-6-1-1)`), not a step.
fn is_label(l: &str) -> bool {
    let l = l.trim().to_ascii_lowercase();
    let l = l.strip_prefix("then").unwrap_or(&l).trim();
    let dice: String = l.chars().take_while(|c| !c.is_whitespace()).collect();
    !l.is_empty() && !l.contains('/') && dice_of(&dice).is_some()
}

/// `1-2` or `12` as two dice.
fn dice_of(text: &str) -> Option<(u8, u8)> {
    let digits: Vec<u8> = text
        .chars()
        .filter(|c| *c != '-')
        .map(|c| c.to_digit(10).map(|d| d as u8))
        .collect::<Option<_>>()?;
    match digits.as_slice() {
        [a, b] if (1..=6).contains(a) && (1..=6).contains(b) => Some((*a, *b)),
        _ => None,
    }
}

/// The first comma-separated part of typed text as its label (`1-2`, `6-6 chosen`), if any,
/// and its steps, and the rest of the text after it, if any (`1-2: in/24 in/23, 6-6 chosen:
/// in/19(4)` is the 1-2's play, then the chosen double's). The online client sends one part
/// and keeps the rest for when the server asks for it.
pub fn first_part(text: &str) -> (Option<String>, String, Option<String>) {
    let mut parts = split_parts(text.trim()).into_iter();
    let first = parts.next();
    let rest: Vec<String> = parts.map(|p| p.whole).collect();
    let (label, body) = first.map(|p| (p.label, p.body)).unwrap_or_default();
    (label, body, (!rest.is_empty()).then(|| rest.join(", ")))
}

/// Checks a label typed before a play against the pool being played.
pub fn check_label(label: &str, dice: &[u8], kind: PoolKind) -> Result<(), String> {
    let lower = label.trim().to_ascii_lowercase();
    let plain = lower.strip_prefix("then").unwrap_or(&lower).trim();
    let first: String = plain.chars().take_while(|c| !c.is_whitespace()).collect();
    let Some((a, b)) = dice_of(&first) else {
        return Err(t!("term-err-not-a-roll", label = label));
    };
    let fits = match kind {
        PoolKind::ChosenDouble(d) => a == d && b == d,
        _ => match dice {
            [x, y] => (a, b) == (*x, *y) || (b, a) == (*x, *y),
            [d, ..] => a == *d && b == *d,
            [] => false,
        },
    };
    if fits {
        Ok(())
    } else {
        Err(match (kind, dice) {
            (PoolKind::ChosenDouble(d), _) => t!(
                "term-err-wrong-roll-chosen",
                label = label,
                double = format!("{d}-{d}")
            ),
            (_, [x, y]) => t!(
                "term-err-wrong-roll",
                label = label,
                dice = format!("{x}-{y}")
            ),
            (_, [d, ..]) => t!(
                "term-err-wrong-roll",
                label = label,
                dice = format!("{d}-{d}")
            ),
            _ => t!("term-err-nothing-to-play"),
        })
    }
}

/// A play, its rest after the steps already taken, or some of its steps.
fn play(game: &Game, text: &str) -> Result<Vec<Action>, String> {
    let Some(turn) = game.turn() else {
        return Err(t!("term-err-nothing-to-play"));
    };
    turn_actions(turn, text)
}

/// The actions typed text (steps only, no label) stands for in the step view `turn`: one
/// more step, the rest of the play (or all of it) as [`Action::Play`], some of its steps, or
/// the whole play again from its start. The online client calls it on a step view rebuilt
/// from the server's state.
pub fn turn_actions(turn: &TurnBuilder, text: &str) -> Result<Vec<Action>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(t!("term-err-empty-play"));
    }
    let taken = turn.steps().to_vec();
    // Building the play step by step: one more step, confirmed later ('ok', Enter).
    if let (false, Some((from, to))) = (taken.is_empty(), single_step(text)) {
        if let Some(step) = turn
            .legal_steps()
            .iter()
            .find(|s| s.from == from && s.to == to)
        {
            return Ok(vec![Action::Step { step: *step }]);
        }
    }
    // From where the play stands: the rest of it (or all of it, before any step).
    let refused = match notation::find_steps(turn, text) {
        Ok(t) if t.complete => {
            return Ok(vec![Action::Play {
                steps: taken.iter().chain(&t.steps).copied().collect(),
            }])
        }
        Ok(t) => return Ok(t.steps.iter().map(|s| Action::Step { step: *s }).collect()),
        Err(e) => e,
    };
    // After some steps, the whole play typed again from its start replaces them.
    if !taken.is_empty() {
        let mut fresh = turn.clone();
        fresh.reset();
        if let Ok(t) = notation::find_steps(&fresh, text) {
            if t.complete {
                return Ok(vec![Action::Play { steps: t.steps }]);
            }
        }
    }
    // One step, refused: the same answer whatever was wrong with it (`in/0` off from the start
    // pool, `in/25` beyond the board), with the steps that are legal.
    if step_shaped(text) && !matches!(refused, notation::NotationError::Ambiguous(_)) {
        let legal: Vec<String> = turn.legal_steps().iter().map(|s| s.to_string()).collect();
        return Err(if legal.is_empty() {
            t!("term-err-play-complete")
        } else {
            t!(
                "term-err-not-next-step",
                text = text,
                legal = legal.join(", ")
            )
        });
    }
    Err(notation_refusal(&refused, text))
}

/// `from/to` with exactly one slash, `*` allowed: a candidate single step.
fn single_step(text: &str) -> Option<(Source, Dest)> {
    let t = text.trim().trim_end_matches('*');
    let (a, b) = t.split_once('/')?;
    if b.contains('/') || t.contains(' ') || t.contains('(') {
        return None;
    }
    let from = match a.to_ascii_lowercase().as_str() {
        "bar" | "b" => Source::Bar,
        "in" | "start" | "s" => Source::Start,
        n => Source::Point(n.parse().ok().filter(|p| (1..=24).contains(p))?),
    };
    let to = match b.trim_end_matches('*').to_ascii_lowercase().as_str() {
        "off" | "o" | "0" => Dest::Off,
        n => Dest::Point(n.parse().ok().filter(|p| (1..=24).contains(p))?),
    };
    Some((from, to))
}

/// `6`, `6-6`, `66` or `6-6 chosen`: the double to name (AD-3).
fn double(game: &Game, text: &str) -> Result<Action, String> {
    double_of(&game.nameable_doubles(), text)
}

/// `6`, `6-6`, `66` or `6-6 chosen`: the double to name, one of `allowed`.
pub fn double_of(allowed: &[u8], text: &str) -> Result<Action, String> {
    let lower = text.trim().to_ascii_lowercase();
    let lower = lower.strip_prefix("then").unwrap_or(&lower).trim();
    // `6-6 chosen (6-6-1-1)`: the named value comes first.
    let lower = match lower.split_once(" chosen") {
        Some((d, _)) => d.trim(),
        None => lower,
    };
    let digits: Vec<char> = lower.chars().filter(|c| !matches!(c, '-' | ' ')).collect();
    let value = match digits.as_slice() {
        [d] | [d, _] if digits.iter().all(|c| c == d) => d.to_digit(10),
        _ => None,
    };
    match value {
        Some(v @ 1..=6) => {
            if allowed.contains(&(v as u8)) {
                Ok(Action::NameDouble { value: v as u8 })
            } else {
                Err(t!(
                    "term-err-double-not-allowed",
                    value = v,
                    allowed = allowed
                        .iter()
                        .map(|d| d.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            }
        }
        _ => Err(t!("term-err-not-a-double", text = text)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use acey_rules::{Player, Preset, Rules};

    fn game_at_one_two() -> Game {
        let mut g = Game::new(Rules::default());
        g.apply(Action::DieOff { dice: [5, 2] }).unwrap();
        g.apply(Action::Roll { dice: [1, 2] }).unwrap();
        g
    }

    fn apply_all(g: &mut Game, text: &str) {
        for a in actions(g, text).unwrap_or_else(|e| panic!("{text}: {e}")) {
            g.apply(a).unwrap();
        }
    }

    #[test]
    fn whole_plays_steps_and_doubles() {
        let mut g = game_at_one_two();
        assert!(matches!(
            actions(&g, "in/24 in/23").unwrap().as_slice(),
            [Action::Play { .. }]
        ));
        let step = actions(&g, "in/23").unwrap();
        assert!(matches!(step.as_slice(), [Action::Step { .. }]), "{step:?}");
        apply_all(&mut g, "in/23");
        let e = actions(&g, "in/20").unwrap_err();
        assert!(e.contains("not a legal next step"), "{e}");
        apply_all(&mut g, "23/22");
        let e = actions(&g, "in/24").unwrap_err();
        assert!(e.contains("complete"), "{e}");
        g.apply(Action::Confirm).unwrap();
        assert_eq!(actions(&g, "6").unwrap(), [Action::NameDouble { value: 6 }]);
        assert_eq!(
            actions(&g, "5-5").unwrap(),
            [Action::NameDouble { value: 5 }]
        );
        assert!(actions(&g, "7").unwrap_err().contains("not a double"));
        assert!(actions(&g, "3-4").is_err());
    }

    #[test]
    fn typed_lines_are_cleaned_and_one_wrong_step_gets_one_answer() {
        assert_eq!(clean("\u{1}\u{2}in/21"), "in/21");
        assert_eq!(clean("  :in/23 \t"), "in/23");
        assert_eq!(clean("\u{1b}[Ain/24"), "[Ain/24");
        let g = game_at_one_two();
        let turn = g.turn().unwrap();
        let zero = turn_actions(turn, "in/0").unwrap_err();
        let beyond = turn_actions(turn, "in/25").unwrap_err();
        assert_eq!(zero.replace("in/0", "X"), beyond.replace("in/25", "X"));
        assert!(zero.contains("legal steps: "), "{zero}");
    }

    #[test]
    fn nonsense_says_why() {
        let g = game_at_one_two();
        let e = actions(&g, "in/20").unwrap_err();
        assert_eq!(
            e,
            "'in/20' is not a legal next step; legal steps: in/23, in/24"
        );
        let e = actions(&g, "in/20 in/19").unwrap_err();
        assert!(e.contains("legal plays include"), "{e}");
        let e = actions(&g, "hello").unwrap_err();
        assert!(e.contains("not a move"), "{e}");
        let e = actions(&g, "6-5: in/19 in/20").unwrap_err();
        assert!(e.contains("not the roll being played"), "{e}");
    }

    /// A backgammon game (die-off dice played, R2.2 option) at the opening 4-2 of player 0.
    fn backgammon_four_two() -> Game {
        let mut g = Game::new(Preset::Backgammon.rules());
        g.apply(Action::DieOff { dice: [4, 2] }).unwrap();
        g
    }

    #[test]
    fn plays_in_any_order_and_the_rest_after_a_step() {
        for text in ["8/6 6/2", "8/4 4/2", "6/2 8/6", "8/2", "4-2: 8/6 6/2"] {
            let mut g = backgammon_four_two();
            apply_all(&mut g, text);
            assert_eq!(g.position().turn(), Player::One, "{text}: played in full");
            assert_eq!(g.position().count(Player::Zero, 2), 1, "{text}");
        }
        for text in ["13/11 11/7", "13/9 9/7", "13/7"] {
            let mut g = backgammon_four_two();
            apply_all(&mut g, text);
            assert_eq!(g.position().count(Player::Zero, 7), 1, "{text}");
        }
        // One step made by hand: the rest typed alone, or the whole play again.
        for rest in ["6/2", "8/6 6/2", "6/2 8/6", "2/x"] {
            let mut g = backgammon_four_two();
            apply_all(&mut g, "8/6");
            if rest == "2/x" {
                assert!(actions(&g, rest).is_err());
                continue;
            }
            apply_all(&mut g, rest);
            if rest == "6/2" {
                // One more step of the play being built: confirmed like any step.
                assert_eq!(g.log().len(), 0);
                g.apply(Action::Confirm).unwrap();
            }
            assert_eq!(g.log().len(), 1, "{rest}: the play is finished");
            assert_eq!(g.position().count(Player::Zero, 2), 1, "{rest}");
        }
        // Acey-deucey (R4.1): in/24 24/18 with a 6-1 is in/18.
        let mut g = Game::new(Rules::default());
        g.apply(Action::DieOff { dice: [5, 2] }).unwrap();
        g.apply(Action::Roll { dice: [6, 1] }).unwrap();
        apply_all(&mut g, "in/24 24/18");
        assert_eq!(g.position().count(Player::Zero, 18), 1);
    }

    #[test]
    fn a_whole_acey_deucey_turn_as_the_hint_and_the_save_file_write_it() {
        // AD-1 to AD-5: the 1-2, the named double and its play, typed in one line.
        for text in [
            "1-2: in/24 in/23, 6-6 chosen: in/19(4)",
            "in/23 in/24, then 6-6: in/19(4)",
            "2-1: in/22, 6-6 chosen: in/19(4)",
        ] {
            let mut g = game_at_one_two();
            apply_all(&mut g, text);
            assert_eq!(g.log().len(), 2, "{text}");
            assert_eq!(g.log()[1].kind, PoolKind::ChosenDouble(6), "{text}");
            // AD-5: a chosen double played in full earns a re-roll.
            assert_eq!(
                g.phase(),
                &Phase::Roll {
                    player: Player::Zero
                },
                "{text}"
            );
        }
        // At the naming prompt, the double with its play (as the hint lists it).
        let mut g = game_at_one_two();
        apply_all(&mut g, "in/24 in/23");
        apply_all(&mut g, "6-6: in/19(4)");
        assert_eq!(g.log().len(), 2);
        // A refused part refuses the whole line: nothing is applied.
        let g = game_at_one_two();
        let e = actions(&g, "1-2: in/24 in/23, 6-6 chosen: in/18(4)").unwrap_err();
        assert!(e.contains("not a legal play"), "{e}");
    }
}
