//! The board as players know it (R1.4), drawn as text: both home boards at the right-hand end,
//! point numbers from the viewer's side, the bar in the middle and each player's `start` pool
//! and borne-off checkers beside the board.
//!
//! The drawing is a list of lines of tagged text runs, so the full-screen game can colour and
//! highlight it while the line mode and the tests read the same characters.
//!
//! From the viewer's side, the viewer's points 13..24 run left to right along the top and 12..1
//! along the bottom: the viewer enters at the top right (their 19..24, the opponent's home board)
//! and bears off at the bottom right.

use acey_rules::{Dest, Player, Position, Source};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use crate::i18n::t;

/// A place on or beside the board, independent of who looks at it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Spot {
    /// A point by player 0's numbering (1..=24): the absolute numbering of docs/notation.md.
    Point(u8),
    /// A player's bar.
    Bar(Player),
    /// A player's `start` pool.
    Start(Player),
    /// A player's borne-off checkers.
    Off(Player),
}

impl Spot {
    /// Where a step of `mover` starts.
    pub fn from_source(mover: Player, source: Source) -> Spot {
        match source {
            Source::Point(p) => Spot::Point(absolute(mover, p)),
            Source::Bar => Spot::Bar(mover),
            Source::Start => Spot::Start(mover),
        }
    }

    /// Where a step of `mover` ends.
    pub fn from_dest(mover: Player, dest: Dest) -> Spot {
        match dest {
            Dest::Point(p) => Spot::Point(absolute(mover, p)),
            Dest::Off => Spot::Off(mover),
        }
    }
}

/// Player 0's number of `player`'s point `p`.
pub fn absolute(player: Player, p: u8) -> u8 {
    match player {
        Player::Zero => p,
        Player::One => 25 - p,
    }
}

/// What a run of text is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tag {
    /// The frame.
    Frame,
    /// Point numbers and pool names.
    Label,
    /// A player's checker or checker count.
    Checker(Player),
    /// An empty point's marker.
    Empty,
}

/// A highlight on a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// Where the other side's latest step went from or to.
    Last,
    /// A legal destination of the chosen checker.
    Target,
    /// A checker that can move (where the cursor may go).
    Movable,
    /// The chosen checker.
    Selected,
    /// The cursor.
    Cursor,
}

/// A run of text with its tag and highlight.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    /// The characters.
    pub text: String,
    /// What they are.
    pub tag: Tag,
    /// The highlight, if any.
    pub mark: Option<Mark>,
}

/// One line of the drawing.
pub type Line = Vec<Run>;

/// Highlights to draw.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Marks {
    /// The cursor.
    pub cursor: Option<Spot>,
    /// The chosen checker.
    pub selected: Option<Spot>,
    /// Legal destinations of the chosen checker.
    pub targets: Vec<Spot>,
    /// Checkers that can move.
    pub movable: Vec<Spot>,
    /// The other side's latest step: where from and where to.
    pub last: Vec<Spot>,
}

impl Marks {
    fn of(&self, spot: Spot) -> Option<Mark> {
        if self.cursor == Some(spot) {
            Some(Mark::Cursor)
        } else if self.selected == Some(spot) {
            Some(Mark::Selected)
        } else if self.targets.contains(&spot) {
            Some(Mark::Target)
        } else if self.movable.contains(&spot) {
            Some(Mark::Movable)
        } else if self.last.contains(&spot) {
            Some(Mark::Last)
        } else {
            None
        }
    }
}

/// Rows of checkers drawn per half; taller stacks show their count in the last row.
const ROWS: usize = 5;
/// Width of one point column.
const COL: usize = 3;
/// Width of the bar column.
const BAR: usize = 5;

/// The width of the drawing in characters.
pub const WIDTH: usize = 1 + 6 * COL + 1 + BAR + 1 + 6 * COL + 1 + 1 + POOLS;
/// The height of the drawing in lines.
pub const HEIGHT: usize = 2 * ROWS + 5;
const POOLS: usize = 12;

fn run(text: impl Into<String>, tag: Tag, mark: Option<Mark>) -> Run {
    Run {
        text: text.into(),
        tag,
        mark,
    }
}

/// Who holds a spot's checkers and how many.
fn stack(pos: &Position, spot: Spot) -> Option<(Player, u8)> {
    let (player, n) = match spot {
        Spot::Point(a) => {
            let zero = pos.count(Player::Zero, a);
            if zero > 0 {
                (Player::Zero, zero)
            } else {
                (Player::One, pos.count(Player::One, 25 - a))
            }
        }
        Spot::Bar(p) => (p, pos.bar(p)),
        Spot::Start(p) => (p, pos.start(p)),
        Spot::Off(p) => (p, pos.off(p)),
    };
    (n > 0).then_some((player, n))
}

/// The mark of a player's checkers.
pub fn mark_char(p: Player) -> char {
    match p {
        Player::Zero => 'X',
        Player::One => 'O',
    }
}

/// One cell of a stack: `row` counts from the stack's base (0) outwards.
fn stack_cell(pos: &Position, spot: Spot, row: usize, width: usize, marks: &Marks) -> Run {
    let mark = marks.of(spot);
    match stack(pos, spot) {
        Some((p, n)) if (n as usize) > row => {
            let text = if row == ROWS - 1 && n as usize > ROWS {
                n.to_string()
            } else {
                mark_char(p).to_string()
            };
            run(format!("{text:^width$}"), Tag::Checker(p), mark)
        }
        _ if row == 0 && matches!(spot, Spot::Point(_)) => {
            run(format!("{:^width$}", "."), Tag::Empty, mark)
        }
        _ => run(" ".repeat(width), Tag::Empty, mark),
    }
}

/// The board seen by `viewer`, with highlights.
pub fn draw(pos: &Position, viewer: Player, marks: &Marks) -> Vec<Line> {
    let other = viewer.other();
    // The viewer's point `v` as a spot.
    let point = |v: u8| Spot::Point(absolute(viewer, v));
    let top: Vec<u8> = (13..=24).collect();
    let bottom: Vec<u8> = (1..=12).rev().collect();
    let frame = |left: char, mid: char| -> Line {
        let mut l = vec![run(" ", Tag::Frame, None)];
        l.push(run(
            format!(
                "{left}{}{mid}{}{mid}{}{left}",
                "-".repeat(6 * COL),
                "-".repeat(BAR),
                "-".repeat(6 * COL)
            ),
            Tag::Frame,
            None,
        ));
        l
    };
    let labels = |points: &[u8]| -> Line {
        let mut l = vec![run("  ", Tag::Label, None)];
        for (i, &v) in points.iter().enumerate() {
            if i == 6 {
                l.push(run(" ".repeat(BAR + 2), Tag::Label, None));
            }
            l.push(run(format!("{v:>2} "), Tag::Label, marks.of(point(v))));
        }
        l
    };
    let pool_text = |spot: Spot, name: &str| -> Run {
        let (p, n) = match spot {
            Spot::Start(p) => (p, pos.start(p)),
            Spot::Off(p) => (p, pos.off(p)),
            _ => unreachable!("only pools are listed beside the board"),
        };
        run(
            format!(" {} {}{n:>3}", mark_char(p), fit(name, 5, POOLS - 6)),
            Tag::Checker(p),
            marks.of(spot),
        )
    };
    let (start, off) = (t!("term-board-start"), t!("term-board-off"));
    // Beside the top half: what the viewer enters from and where the opponent bears off; beside
    // the bottom half, the reverse.
    let top_pools = [
        pool_text(Spot::Start(viewer), &start),
        pool_text(Spot::Off(other), &off),
    ];
    let bottom_pools = [
        pool_text(Spot::Start(other), &start),
        pool_text(Spot::Off(viewer), &off),
    ];

    // One row of a half board: its six outer points, the bar (stacks grow from the middle), its
    // six inner points, and a pool beside it.
    let half_row = |points: &[u8], bar: Spot, row: usize, beside: Option<&Run>| -> Line {
        let mut l = vec![run(" |", Tag::Frame, None)];
        for (i, &v) in points.iter().enumerate() {
            if i == 6 {
                l.push(run("|", Tag::Frame, None));
                l.push(stack_cell(pos, bar, ROWS - 1 - row, BAR, marks));
                l.push(run("|", Tag::Frame, None));
            }
            l.push(stack_cell(pos, point(v), row, COL, marks));
        }
        l.push(run("|", Tag::Frame, None));
        l.extend(beside.cloned());
        l
    };

    let mut lines = vec![labels(&top), frame('+', '+')];
    // The viewer's bar sits on the side they enter from.
    for row in 0..ROWS {
        lines.push(half_row(&top, Spot::Bar(viewer), row, top_pools.get(row)));
    }
    lines.push(vec![
        run(" |", Tag::Frame, None),
        run(" ".repeat(6 * COL), Tag::Empty, None),
        run("|", Tag::Frame, None),
        run(center(&t!("term-board-bar"), BAR), Tag::Label, None),
        run("|", Tag::Frame, None),
        run(" ".repeat(6 * COL), Tag::Empty, None),
        run("|", Tag::Frame, None),
    ]);
    for row in (0..ROWS).rev() {
        // Printed bottom-up, so row 1 comes before row 0: start above off, as in the top half.
        let beside = match row {
            1 => Some(&bottom_pools[0]),
            0 => Some(&bottom_pools[1]),
            _ => None,
        };
        lines.push(half_row(&bottom, Spot::Bar(other), row, beside));
    }
    lines.push(frame('+', '+'));
    lines.push(labels(&bottom));
    lines
}

/// `text` padded with spaces to at least `min` terminal columns, cut to at most `max`: a label
/// of the board in any language keeps the board's width (Russian letters are two bytes but one
/// column, so columns are counted, not bytes).
fn fit(text: &str, min: usize, max: usize) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if out.width() + c.width().unwrap_or(0) > max {
            break;
        }
        out.push(c);
    }
    let fill = min.saturating_sub(out.width());
    out + &" ".repeat(fill)
}

/// `text` centred in `width` columns (cut to them).
fn center(text: &str, width: usize) -> String {
    let text = fit(text, 0, width);
    let left = (width - text.width()) / 2;
    let right = width - text.width() - left;
    format!("{}{text}{}", " ".repeat(left), " ".repeat(right))
}

/// The drawing as plain text, one string per line, trailing spaces trimmed.
pub fn plain(lines: &[Line]) -> Vec<String> {
    lines
        .iter()
        .map(|l| {
            l.iter()
                .map(|r| r.text.as_str())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use acey_rules::{legal_plays, Pool, Preset, Rules};

    #[test]
    fn labels_are_fitted_by_columns_not_bytes() {
        // Russian letters are two bytes and one column each.
        assert_eq!(fit("выброс", 5, 6), "выброс");
        assert_eq!(fit("старт", 5, 6), "старт");
        assert_eq!(fit("ut", 5, 6), "ut   ");
        assert_eq!(fit("abcdefgh", 5, 6), "abcdef");
        assert_eq!(center("БАР", 5), " БАР ");
        assert_eq!(center("BARRE", 5), "BARRE");
    }

    #[test]
    fn the_backgammon_start_looks_like_a_backgammon_board() {
        let rules = Preset::Backgammon.rules();
        let pos = Position::starting(&rules);
        let text = plain(&draw(&pos, Player::Zero, &Marks::default()));
        assert_eq!(text.len(), HEIGHT);
        // Top labels 13..24 left to right, bottom 12..1.
        assert!(
            text[0].trim_start().starts_with("13 14 15 16 17 18"),
            "{}",
            text[0]
        );
        assert!(text[0].trim_end().ends_with("19 20 21 22 23 24"));
        assert!(text[HEIGHT - 1]
            .trim_start()
            .starts_with("12 11 10  9  8  7"));
        assert!(text[HEIGHT - 1].trim_end().ends_with("6  5  4  3  2  1"));
        // Player 0 (X) has 5 on its 13 (top left) and 2 on its 24 (top right); player 1 (O)
        // has 5 on X's 12 (bottom left) and 2 on X's 1 (bottom right).
        let top_row = &text[2];
        assert!(top_row.starts_with(" | X "), "{top_row}");
        let bottom_row = &text[HEIGHT - 3];
        assert!(bottom_row.starts_with(" | O "), "{bottom_row}");
        assert_eq!(
            top_row.matches('X').count(),
            3,
            "13, 24, and the 'X start' pool"
        );
        // Column of X's 13-point: five checkers, the fifth row shows a count only above five.
        for (row, line) in text.iter().enumerate().skip(2).take(ROWS) {
            assert_eq!(&line[3..4], "X", "row {row}: {line}");
        }
        for l in &text {
            assert!(l.chars().count() <= WIDTH, "{l}");
        }
    }

    #[test]
    fn the_view_flips_for_the_other_player_and_pools_are_shown() {
        let rules = Rules::default();
        let start = Position::starting(&rules);
        let plays = legal_plays(&rules, &start, &Pool::roll(6, 5).unwrap());
        let play = plays
            .iter()
            .find(|p| p.notation() == "in/19 in/20")
            .expect("entering both is legal");
        let pos = *play.position();
        let from_x = plain(&draw(&pos, Player::Zero, &Marks::default()));
        // X entered on its 19 and 20: top right for X.
        assert!(from_x[2].contains(" X  X "), "{}", from_x[2]);
        assert!(from_x[2].contains("X start 13"), "{}", from_x[2]);
        // O sees X's 19 and 20 as O's 6 and 5: bottom right.
        let from_o = plain(&draw(&pos, Player::One, &Marks::default()));
        assert!(
            from_o[HEIGHT - 3].contains(" X  X "),
            "{}",
            from_o[HEIGHT - 3]
        );
        assert!(from_o[2].contains("O start 15"), "{}", from_o[2]);
        assert!(
            from_o[HEIGHT - 4].contains("X start 13"),
            "{}",
            from_o[HEIGHT - 4]
        );
    }

    #[test]
    fn tall_stacks_show_their_count_and_marks_tag_the_spot() {
        let rules = Preset::Backgammon.rules();
        let pos = Position::starting(&rules);
        let marks = Marks {
            cursor: Some(Spot::Point(6)),
            targets: vec![Spot::Point(5)],
            ..Marks::default()
        };
        let lines = draw(&pos, Player::Zero, &marks);
        let marked: Vec<&Run> = lines
            .iter()
            .flatten()
            .filter(|r| r.mark == Some(Mark::Cursor))
            .collect();
        // The 6-point's label and its five rows.
        assert_eq!(marked.len(), ROWS + 1);
        assert!(lines.iter().flatten().any(|r| r.mark == Some(Mark::Target)));
        // Seven X checkers on X's 6-point (bottom row, right half): the stack's fifth row
        // shows "7".
        let tall: Position = serde_json::from_str(
            r#"{"board": [0,0,0,0,0,7, 0,0,0,0,0,0, 0,0,0,0,0,0, -2,0,0,0,0,0],
                "bar": [1, 0], "start": [0, 13], "off": [7, 0], "turn": 0}"#,
        )
        .unwrap();
        let text = plain(&draw(&tall, Player::Zero, &Marks::default()));
        let x6 = 2 + 6 * COL + 1 + BAR + 1 + 1;
        let fifth_from_bottom = HEIGHT - 3 - (ROWS - 1);
        assert_eq!(
            &text[fifth_from_bottom][x6 - 1..x6 + 1].trim(),
            &"7",
            "{text:#?}"
        );
        assert_eq!(&text[HEIGHT - 3][x6..x6 + 1], "X", "{text:#?}");
        // X's bar checker sits in the bar column of the top half, next to the middle.
        assert!(text[2 + ROWS - 1].contains("|  X  |"), "{text:#?}");
        assert!(text.iter().any(|l| l.contains("X off    7")), "{text:#?}");
        assert!(text.iter().any(|l| l.contains("O start 13")), "{text:#?}");
    }
}
