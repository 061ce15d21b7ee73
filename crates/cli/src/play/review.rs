//! The analysis of the game just played, for `acey play`: `A` at the end of a game in the full
//! screen, `analyse` in `--plain`. The game is judged as `acey analyse` judges a record
//! (docs/analysis.md), then only the decisions of the game that just ended are kept: a summary
//! line per player and every marked decision, played against best.

use acey_ai::analysis::{summarise, Analyser, Decision};
use acey_ai::Level;
use acey_rules::{Game, Player};

/// The depth of the review: 1-ply, as `acey analyse` by default (about a second a game).
pub const PLIES: u8 = 1;

/// The level that judges.
pub const LEVEL: Level = Level::Strongest;

/// The review of `game`'s current game, as lines of text.
pub fn review(game: &Game, names: [&str; 2]) -> Vec<String> {
    review_with(game, names, LEVEL, PLIES)
}

/// [`review`] with another level and depth (tests).
pub fn review_with(game: &Game, names: [&str; 2], level: Level, plies: u8) -> Vec<String> {
    let rules = *game.rules();
    let analyser = match Analyser::new(level, rules, plies) {
        Ok(a) => a,
        Err(e) => return vec![format!("The game cannot be analysed: {e}")],
    };
    let analysis = match analyser.analyse(game) {
        Ok(a) => a,
        Err(e) => return vec![format!("The game cannot be analysed: {e}")],
    };
    let number = game.game_number();
    let decisions: Vec<Decision> = analysis
        .decisions
        .into_iter()
        .filter(|d| d.game == number)
        .collect();
    let mut lines = vec![
        format!("Game {number} judged at {plies}-ply by the {level} level (acey analyse):"),
        format!(
            "{:<14} {:>9} {:>8} {:>8} {:>4} {:>8} {:>10} {:>7} {:>6}",
            "player",
            "decisions",
            "unforced",
            "doubtful",
            "bad",
            "very bad",
            "error rate",
            "luck",
            "rating"
        ),
    ];
    for p in Player::BOTH {
        let s = summarise(&rules, &decisions, p);
        lines.push(format!(
            "{:<14} {:>9} {:>8} {:>8} {:>4} {:>8} {:>10.3} {:>+7.2} {:>6.1}",
            names[p.index()],
            s.decisions,
            s.unforced,
            s.doubtful,
            s.bad,
            s.very_bad,
            s.error_rate,
            s.luck,
            s.rating
        ));
    }
    let marked: Vec<&Decision> = decisions
        .iter()
        .filter(|d| !d.forced && d.mark.is_some())
        .collect();
    lines.push(String::new());
    if marked.is_empty() {
        lines.push("No decision is marked: nothing lost worth a doubtful mark.".to_string());
    } else {
        lines.push(format!("Marked decisions ({}):", marked.len()));
    }
    for d in marked {
        let dice = d
            .dice
            .map_or_else(|| d.kind.as_str().to_string(), |(a, b)| format!("{a}-{b}"));
        lines.push(format!(
            "{} {dice} {}: played {}",
            names[d.player.index()],
            d.mark.map_or("", |m| m.as_str()),
            d.played
        ));
        lines.push(format!("    best {}  (lost {:.3})", d.best, d.equity_lost));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use acey_rules::{play_random, Dice, Rules};

    #[test]
    fn a_random_game_is_reviewed_with_its_summary_and_marks() {
        let mut game = Game::new(Rules::default());
        play_random(&mut game, &mut Dice::new(3), |_| {}).unwrap();
        let lines = review_with(&game, ["you", "bot"], Level::Beginner, 0);
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
