//! What a person types during a game: a whole play in the notation of design 3.2 (read by
//! [`acey_rules::notation::find_play`]), a single step of the play being built, or the value of
//! a double after a fully played 1-2. Both the full-screen game and the line mode use it, so
//! they accept exactly the same input.

use acey_rules::{notation, Action, Dest, Game, Phase, Source};

/// The action that typed text stands for in the game's current phase, or why it is refused.
pub fn action(game: &Game, text: &str) -> Result<Action, String> {
    let text = text.trim();
    match game.phase() {
        Phase::NameDouble { .. } => double(game, text),
        Phase::Move { .. } => play(game, text),
        Phase::GameOver { .. } => Err("the game is over".to_string()),
        _ => Err("nothing to play now".to_string()),
    }
}

/// A whole play, or one step of it (`13/7` while the play needs more).
fn play(game: &Game, text: &str) -> Result<Action, String> {
    let Some(turn) = game.turn() else {
        return Err("nothing to play now".to_string());
    };
    if text.is_empty() {
        return Err("type a play such as 13/7 8/7, or one step such as 13/7".to_string());
    }
    let whole = notation::find_play(turn.plays(), text);
    match whole {
        Ok(p) => Ok(Action::Play {
            steps: p.steps().to_vec(),
        }),
        Err(e) => {
            // One checker moving one die is also a step of the play being built.
            if let Some((from, to)) = single_step(text) {
                if let Some(step) = turn
                    .legal_steps()
                    .iter()
                    .find(|s| s.from == from && s.to == to)
                {
                    return Ok(Action::Step { step: *step });
                }
                if !turn.steps().is_empty() {
                    let legal: Vec<String> =
                        turn.legal_steps().iter().map(|s| s.to_string()).collect();
                    return Err(if legal.is_empty() {
                        "the play is complete: confirm it or undo a step".to_string()
                    } else {
                        format!(
                            "'{text}' is not a legal next step; legal steps: {}",
                            legal.join(", ")
                        )
                    });
                }
            }
            Err(e.to_string())
        }
    }
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

/// `6`, `6-6` or `66`: the double to name (AD-3).
fn double(game: &Game, text: &str) -> Result<Action, String> {
    let digits: Vec<char> = text.chars().filter(|c| !matches!(c, '-' | ' ')).collect();
    let value = match digits.as_slice() {
        [d] | [d, _] if digits.iter().all(|c| c == d) => d.to_digit(10),
        _ => None,
    };
    match value {
        Some(v @ 1..=6) => {
            let allowed = game.nameable_doubles();
            if allowed.contains(&(v as u8)) {
                Ok(Action::NameDouble { value: v as u8 })
            } else {
                Err(format!(
                    "{v}-{v} cannot be named now; choose one of {}",
                    allowed
                        .iter()
                        .map(|d| d.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            }
        }
        _ => Err(format!(
            "'{text}' is not a double: name one with a number from 1 to 6"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use acey_rules::Rules;

    fn game_at_one_two() -> Game {
        let mut g = Game::new(Rules::default());
        g.apply(Action::DieOff { dice: [5, 2] }).unwrap();
        g.apply(Action::Roll { dice: [1, 2] }).unwrap();
        g
    }

    #[test]
    fn whole_plays_steps_and_doubles() {
        let mut g = game_at_one_two();
        assert!(matches!(action(&g, "in/24 in/23"), Ok(Action::Play { .. })));
        let step = action(&g, "in/23").unwrap();
        assert!(matches!(step, Action::Step { .. }), "{step:?}");
        g.apply(step).unwrap();
        let e = action(&g, "in/20").unwrap_err();
        assert!(e.contains("not a legal next step"), "{e}");
        g.apply(action(&g, "23/22").unwrap()).unwrap();
        let e = action(&g, "in/24").unwrap_err();
        assert!(e.contains("complete"), "{e}");
        g.apply(Action::Confirm).unwrap();
        assert_eq!(action(&g, "6").unwrap(), Action::NameDouble { value: 6 });
        assert_eq!(action(&g, "5-5").unwrap(), Action::NameDouble { value: 5 });
        assert!(action(&g, "7").unwrap_err().contains("not a double"));
        assert!(action(&g, "3-4").is_err());
    }

    #[test]
    fn nonsense_says_why() {
        let g = game_at_one_two();
        let e = action(&g, "in/20").unwrap_err();
        assert!(e.contains("legal plays include"), "{e}");
        let e = action(&g, "hello").unwrap_err();
        assert!(e.contains("not a move"), "{e}");
    }
}
