//! The analysis of the game just played, for `acey play`: `A` at the end of a game in the full
//! screen, `analyse` in `--plain`. The game is judged as `acey analyse` judges a record
//! (docs/analysis.md), then only the decisions of the game that just ended are kept: a summary
//! line per player and every marked decision, played against best.

use acey_ai::analysis::{summarise, Analyser, Decision};
use acey_ai::Level;
use acey_rules::{Game, Player};
use unicode_width::UnicodeWidthStr;

use crate::i18n::{self, t};

/// The depth of the review: 1-ply, as `acey analyse` by default (about a second a game).
pub const PLIES: u8 = 1;

/// The level that judges.
pub const LEVEL: Level = Level::Strongest;

/// The review of `game`'s current game, as lines of text.
pub fn review(game: &Game, names: &[String; 2]) -> Vec<String> {
    review_with(game, names, LEVEL, PLIES)
}

/// The analysis's words for a cube action (`double`, `no double`, `take`, `drop`) in the
/// player's language, as the web's analysis says them; plays (notation) as they are.
fn action_text(text: &str) -> String {
    match text {
        "double" | "no double" | "take" | "drop" => {
            i18n::text(&format!("analysis-action-{}", text.replace(' ', "-")), &[])
        }
        _ => text.to_string(),
    }
}

/// `text` padded with spaces to `width` columns, on the left (`right`) or the right: by the
/// columns a terminal gives it, not by bytes, for the Russian headings.
fn pad(text: &str, width: usize, right: bool) -> String {
    let fill = " ".repeat(width.saturating_sub(text.width()));
    if right {
        format!("{fill}{text}")
    } else {
        format!("{text}{fill}")
    }
}

/// [`review`] with another level and depth (tests).
pub fn review_with(game: &Game, names: &[String; 2], level: Level, plies: u8) -> Vec<String> {
    let rules = *game.rules();
    let analyser = match Analyser::new(level, rules, plies) {
        Ok(a) => a,
        Err(e) => return vec![t!("term-review-failed", error = e.to_string())],
    };
    let analysis = match analyser.analyse(game) {
        Ok(a) => a,
        Err(e) => return vec![t!("term-review-failed", error = e.to_string())],
    };
    let number = game.game_number();
    let decisions: Vec<Decision> = analysis
        .decisions
        .into_iter()
        .filter(|d| d.game == number)
        .collect();
    // Fractions with the language's decimal separator.
    let lang = i18n::current();
    // The columns: each as wide as its heading in this language, at least as the numbers need.
    let headings = [
        t!("term-review-col-player"),
        t!("term-review-col-decisions"),
        t!("term-review-col-unforced"),
        t!("analysis-mark-doubtful"),
        t!("analysis-mark-bad"),
        t!("analysis-mark-very_bad"),
        t!("term-review-col-error-rate"),
        t!("term-review-col-luck"),
        t!("term-review-col-rating"),
    ];
    let mins = [14, 9, 8, 8, 4, 8, 10, 7, 6];
    let widths: Vec<usize> = headings
        .iter()
        .zip(mins)
        .map(|(h, m)| h.width().max(m))
        .collect();
    let row = |cells: [String; 9]| -> String {
        cells
            .iter()
            .enumerate()
            .map(|(i, c)| pad(c, widths[i], i > 0))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut lines = vec![
        t!(
            "term-review-head",
            number = number,
            plies = plies,
            level = i18n::level_name(level)
        ),
        row(headings.clone()),
    ];
    for p in Player::BOTH {
        let s = summarise(&rules, &decisions, p);
        lines.push(row([
            names[p.index()].clone(),
            s.decisions.to_string(),
            s.unforced.to_string(),
            s.doubtful.to_string(),
            s.bad.to_string(),
            s.very_bad.to_string(),
            i18n::decimal(lang, f64::from(s.error_rate), 3),
            i18n::signed(lang, f64::from(s.luck), 2),
            i18n::decimal(lang, f64::from(s.rating), 1),
        ]));
    }
    let marked: Vec<&Decision> = decisions
        .iter()
        .filter(|d| !d.forced && d.mark.is_some())
        .collect();
    lines.push(String::new());
    if marked.is_empty() {
        lines.push(t!("term-review-no-marks"));
    } else {
        lines.push(t!("term-review-marked", count = marked.len()));
    }
    for d in marked {
        let dice = d
            .dice
            .map_or_else(|| action_text(d.kind.as_str()), |(a, b)| format!("{a}-{b}"));
        let mark = d.mark.map_or(String::new(), |m| {
            i18n::text(
                &format!("analysis-mark-{}", m.as_str().replace(' ', "_")),
                &[],
            )
        });
        lines.push(t!(
            "term-review-decision",
            name = names[d.player.index()].as_str(),
            dice = dice,
            mark = mark,
            played = action_text(&d.played)
        ));
        lines.push(t!(
            "term-review-best",
            best = action_text(&d.best),
            lost = i18n::decimal(lang, f64::from(d.equity_lost), 3)
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use acey_rules::{play_random, Rules, SeededRng};

    #[test]
    fn a_random_game_is_reviewed_with_its_summary_and_marks() {
        let mut game = Game::new(Rules::default());
        play_random(&mut game, &mut SeededRng::new(3), |_| {}).unwrap();
        let lines = review_with(&game, &["you".into(), "bot".into()], Level::Beginner, 0);
        assert!(lines[0].starts_with("Game 1 judged at 0-ply"), "{lines:?}");
        assert!(lines[1].contains("error rate"));
        assert!(lines[2].starts_with("you "));
        assert!(lines[3].starts_with("bot "));
        // Random play collects marks, each shown with the best play.
        assert!(lines[5].starts_with("Marked decisions ("), "{lines:?}");
        let marks = lines.iter().filter(|l| l.contains(": played ")).count();
        assert!(marks > 3);
        assert_eq!(
            lines.iter().filter(|l| l.starts_with("    best ")).count(),
            marks
        );
    }
}
