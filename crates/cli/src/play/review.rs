//! The analysis of the game just played, for `acey play`: `A` at the end of a game in the full
//! screen, `analyse` in `--plain`. The game is judged as `acey analyse` judges a record
//! (docs/analysis.md), then only the decisions of the game that just ended are kept: a summary
//! line per player and every marked decision, played against best.

use acey_ai::analysis::{summarise, Analyser, Decision, GAME_LEVEL, GAME_PLIES};
use acey_ai::Level;
use acey_rules::{Game, Player};
use unicode_width::UnicodeWidthStr;

use crate::i18n::{self, t};

/// The review of `game`'s current game, as lines of text as wide as they need (the line mode).
pub fn review(game: &Game, names: &[String; 2]) -> Vec<String> {
    // Judged as every host judges a played game, as `acey analyse` by default (about a second
    // a game).
    review_with(game, names, GAME_LEVEL, GAME_PLIES, usize::MAX)
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

/// The widest summary table in the full screen: an 80-column screen less the review box's
/// borders.
pub const WIDTH: usize = 78;

/// `text` cut to `width` columns, with `…` where it was cut.
fn cut(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    let mut out = String::new();
    for c in text.chars() {
        if out.width() + c.to_string().width() + 1 > width {
            break;
        }
        out.push(c);
    }
    out.push('…');
    out
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

/// [`review`] with another level and depth, its summary table within `width` columns (the full
/// screen's [`WIDTH`]): long names are cut to make room.
pub fn review_with(
    game: &Game,
    names: &[String; 2],
    level: Level,
    plies: u8,
    width: usize,
) -> Vec<String> {
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
    let cells: Vec<[String; 9]> = Player::BOTH
        .iter()
        .map(|&p| {
            let s = summarise(&rules, &decisions, p);
            [
                names[p.index()].clone(),
                s.decisions.to_string(),
                s.unforced.to_string(),
                s.doubtful.to_string(),
                s.bad.to_string(),
                s.very_bad.to_string(),
                i18n::decimal(lang, f64::from(s.error_rate), 3),
                i18n::signed(lang, f64::from(s.luck), 2),
                i18n::decimal(lang, f64::from(s.rating), 1),
            ]
        })
        .collect();
    // Each number column as wide as its heading or its widest figure.
    let mut widths: Vec<usize> = (0..9)
        .map(|i| {
            let figures = cells.iter().map(|c| c[i].width());
            figures.chain([headings[i].width()]).max().unwrap_or(0)
        })
        .collect();
    // The names take what is left of the line, so the table fits an 80-column screen's box.
    let numbers: usize = widths[1..].iter().map(|w| w + 1).sum();
    let room = width.saturating_sub(numbers).max(headings[0].width());
    widths[0] = widths[0].min(room).max(headings[0].width());
    let row = |cells: &[String; 9]| -> String {
        cells
            .iter()
            .enumerate()
            .map(|(i, c)| match i {
                0 => pad(&cut(c, widths[0]), widths[0], false),
                _ => pad(c, widths[i], true),
            })
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
        row(&headings),
    ];
    lines.extend(cells.iter().map(row));
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
        let lines = review_with(
            &game,
            &["you".into(), "bot".into()],
            Level::Beginner,
            0,
            usize::MAX,
        );
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

    /// The summary table fits the review's box on an 80-column screen in every language, long
    /// names cut rather than the rating column.
    #[test]
    fn the_summary_table_fits_80_columns_in_every_language() {
        let mut game = Game::new(Rules::default());
        play_random(&mut game, &mut SeededRng::new(5), |_| {}).unwrap();
        let names = ["A-very-long-name-20".to_string(), "bot".to_string()];
        for lang in i18n::Lang::ALL {
            i18n::set_for_thread(Some(lang));
            let lines = review_with(&game, &names, Level::Beginner, 0, WIDTH);
            for line in &lines[1..4] {
                assert!(line.width() <= WIDTH, "{lang:?}: {line}");
            }
            let rating = t!("term-review-col-rating");
            assert!(
                lines[1].trim_end().ends_with(&rating),
                "{lang:?}: {}",
                lines[1]
            );
            // A name too long for what the columns leave is cut, and says so.
            assert!(lines[2].starts_with("A-very"), "{lang:?}: {}", lines[2]);
        }
        i18n::set_for_thread(None);
    }
}
