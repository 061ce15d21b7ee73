//! Reading what users type: rule sets, positions (JSON, acey ID or gnubg ID), dice, bot
//! levels and game files (acey records or bgammon.org `.match` replays).

use acey_rules::{bgammon, Game, Player, Pool, Position, Record, Rules};

use crate::UsageError;

/// Parses `preset[,option=value...]`.
pub fn rules(text: &str) -> Result<Rules, UsageError> {
    text.parse::<Rules>().map_err(|e| UsageError(e.to_string()))
}

/// Parses a bot level name (`beginner` ... `strongest`).
pub fn level(text: &str) -> Result<acey_ai::Level, UsageError> {
    text.parse()
        .map_err(|e: acey_ai::LevelError| UsageError(e.to_string()))
}

/// The evaluator of `--net` (and `--race-net`), behind the bear-off tables as the shipped
/// networks are ([`acey_ai::duel::network_evaluator`]); none without `--net`. A network that
/// cannot be read is a bad argument, as every other one (exit code 2).
pub fn network(
    net: Option<&std::path::Path>,
    race: Option<&std::path::Path>,
) -> Result<Option<std::sync::Arc<dyn acey_ai::Evaluator>>, UsageError> {
    net.map(|path| acey_ai::duel::network_evaluator(path, race).map_err(UsageError))
        .transpose()
}

/// Reads a game file's text: a bgammon.org `.match` replay (told by its first line, see
/// [`bgammon::looks_like_match`]) or an acey game record (docs/notation.md), and replays it.
/// The message of an error names the line.
pub fn game_record(text: &str) -> Result<(Record, Game), String> {
    let record = if bgammon::looks_like_match(text) {
        bgammon::parse(text).map_err(|e| format!("bgammon .match {e}"))?
    } else {
        Record::parse(text).map_err(|e| e.to_string())?
    };
    let game = record
        .game()
        .map_err(|(i, e)| format!("action {} is refused: {e}", i + 1))?;
    Ok((record, game))
}

/// Reads a position: the position JSON (docs/notation.md, "Position JSON"), a 15-character acey ID, or a 14-character gnubg
/// Position ID (player 0 on roll; backgammon positions only, no `start` pool).
pub fn position(text: &str) -> Result<Position, UsageError> {
    let t = text.trim();
    if t.starts_with('{') {
        return serde_json::from_str(t)
            .map_err(|e| UsageError(format!("invalid position JSON: {e}")));
    }
    let id = t.trim_end_matches('=');
    match id.len() {
        15 => Position::from_id(id).map_err(|e| UsageError(format!("invalid acey position ID: {e}"))),
        14 => Position::from_gnubg_id(id, Player::Zero)
            .map_err(|e| UsageError(format!("invalid gnubg position ID: {e}"))),
        _ => Err(UsageError(format!(
            "'{t}' is not a position: give position JSON, a 15-character acey ID or a 14-character gnubg ID"
        ))),
    }
}

/// Reads two dice: `3-5`, `35`, `3,5` or `3 5`.
pub fn dice(text: &str) -> Result<(u8, u8), UsageError> {
    let digits: Vec<u8> = text
        .chars()
        .filter(|c| !matches!(c, '-' | ',' | ' ' | '/'))
        .map(|c| c.to_digit(10).map(|d| d as u8))
        .collect::<Option<Vec<u8>>>()
        .ok_or_else(|| UsageError(format!("'{text}' is not a roll: write two dice like 3-5")))?;
    match digits.as_slice() {
        [a, b] if (1..=6).contains(a) && (1..=6).contains(b) => Ok((*a, *b)),
        _ => Err(UsageError(format!(
            "'{text}' is not a roll: write two dice from 1 to 6, like 3-5"
        ))),
    }
}

/// The pool for `--dice`, honouring `--chosen` (a double named after a 1-2, AD-4).
pub fn pool(rules: &Rules, (a, b): (u8, u8), chosen: bool) -> Result<Pool, UsageError> {
    if chosen {
        if a != b {
            return Err(UsageError(format!(
                "--chosen needs a double such as 6-6, not {a}-{b}"
            )));
        }
        return Pool::chosen_double(a, rules.acey_doubles_mode)
            .map_err(|e| UsageError(e.to_string()));
    }
    Pool::roll(a, b).map_err(|e| UsageError(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_spellings() {
        assert_eq!(dice("3-5").unwrap(), (3, 5));
        assert_eq!(dice("35").unwrap(), (3, 5));
        assert_eq!(dice("6,6").unwrap(), (6, 6));
        assert!(dice("7-1").is_err());
        assert!(dice("3").is_err());
        assert!(dice("a-b").is_err());
        assert!(dice("1-2-3").is_err());
    }

    #[test]
    fn positions_in_every_form() {
        let start = Position::starting(&Rules::default());
        assert_eq!(position(&start.to_json()).unwrap(), start);
        assert_eq!(position(&start.id()).unwrap(), start);
        let bg = position("4HPwATDgc/ABMA").unwrap();
        assert_eq!(bg.pip_count(Player::Zero), 167);
        assert!(position("{\"board\": []}")
            .unwrap_err()
            .0
            .contains("invalid position JSON"));
        assert!(position("hello").is_err());
    }
}
