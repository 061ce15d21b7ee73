//! Drawing the full-screen game with ratatui: title, board, status, the game log or the hint,
//! messages, the double picker or the input line, and the keys that apply now.
//!
//! Every frame is laid out from the terminal's current size, so resizing just works; a terminal
//! too small for the board says so instead of drawing a broken board.

use acey_rules::{Phase, Player};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use ratatui::Frame;

use super::app::{App, Mode};
use super::board::{self, Mark, Tag};
use super::session::Seat;
use crate::i18n::{self, t};
use unicode_width::UnicodeWidthStr;

/// The smallest terminal the game draws in.
pub const MIN_WIDTH: u16 = board::WIDTH as u16 + 2;
/// See [`MIN_WIDTH`].
pub const MIN_HEIGHT: u16 = board::HEIGHT as u16 + 2 + 1 + 3 + 3;

/// The style of a board run.
fn style(tag: Tag, mark: Option<Mark>, color: bool) -> Style {
    let mut s = Style::default();
    if color {
        s = match tag {
            Tag::Frame => s.fg(Color::DarkGray),
            Tag::Label => s.fg(Color::Gray),
            Tag::Checker(Player::Zero) => s.fg(Color::LightYellow).add_modifier(Modifier::BOLD),
            Tag::Checker(Player::One) => s.fg(Color::LightCyan).add_modifier(Modifier::BOLD),
            Tag::Empty => s.fg(Color::DarkGray),
        };
        s = match mark {
            Some(Mark::Cursor) => s.bg(Color::Blue).fg(Color::White),
            Some(Mark::Selected) => s.bg(Color::Green).fg(Color::Black),
            Some(Mark::Target) => s.bg(Color::Magenta).fg(Color::White),
            Some(Mark::Movable) => s.add_modifier(Modifier::UNDERLINED),
            Some(Mark::Last) => s.bg(Color::DarkGray),
            None => s,
        };
    } else {
        // NO_COLOR: highlights by reverse video and underline only.
        s = match mark {
            Some(Mark::Cursor) => s.add_modifier(Modifier::REVERSED | Modifier::BOLD),
            Some(Mark::Selected) => s.add_modifier(Modifier::REVERSED | Modifier::UNDERLINED),
            Some(Mark::Target) => s.add_modifier(Modifier::UNDERLINED | Modifier::BOLD),
            Some(Mark::Movable) => s.add_modifier(Modifier::BOLD),
            Some(Mark::Last) => s.add_modifier(Modifier::UNDERLINED),
            None => s,
        };
    }
    s
}

/// Draws the whole screen.
pub fn draw(f: &mut Frame, app: &App) {
    let area = f.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        let text = t!(
            "term-too-small",
            width = area.width,
            height = area.height,
            min_width = MIN_WIDTH,
            min_height = MIN_HEIGHT
        );
        f.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    let keys = keys_lines(&app.prompt(), area.width);
    // At least three lines of messages, one to type in, and every key.
    let bottom_height = (4 + keys.len() as u16).max(6);
    let [title, body, bottom] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(board::HEIGHT as u16 + 2),
        Constraint::Length(bottom_height),
    ])
    .areas(area);
    draw_title(f, app, title);
    let [left, right] =
        Layout::horizontal([Constraint::Length(MIN_WIDTH), Constraint::Min(0)]).areas(body);
    let [board_area, under] = Layout::vertical([
        Constraint::Length(board::HEIGHT as u16 + 2),
        Constraint::Min(0),
    ])
    .areas(left);
    draw_board(f, app, board_area);
    // The status, dice, pips and IDs go under the board when there is room (a tall terminal),
    // else beside it in place of the game log (80x24).
    let info_beside = under.height < INFO_LINES && right.width >= 16;
    if info_beside {
        let hint_shown = app.hint.is_some() || app.hint_pending();
        if hint_shown {
            draw_side(f, app, right);
        } else {
            f.render_widget(
                Paragraph::new(info_lines(app))
                    .wrap(Wrap { trim: true })
                    .block(Block::bordered()),
                right,
            );
        }
    } else {
        f.render_widget(
            Paragraph::new(info_lines(app)).wrap(Wrap { trim: true }),
            under,
        );
        if right.width >= 16 {
            draw_side(f, app, right);
        }
    }
    draw_bottom(f, app, bottom, keys);
    if app.mode == Mode::Help {
        draw_help(f, area);
    }
    if let Mode::Review { lines, scroll } = &app.mode {
        draw_review(f, area, lines, *scroll);
    }
}

/// The lines under the board when all of [`info_lines`] fit there.
const INFO_LINES: u16 = 4;

fn draw_title(f: &mut Frame, app: &App, area: Rect) {
    let s = &app.session;
    let seats = s.setup().seats;
    let who = if seats.contains(&Seat::Bot) {
        // Which side the bot plays, for the languages whose words change with it ("contre
        // l'ordinateur", "против компьютера").
        let bot = match seats {
            [Seat::Bot, Seat::Bot] => "both",
            [Seat::Bot, _] => "x",
            _ => "o",
        };
        t!(
            "term-title-bot",
            x = s.name(Player::Zero),
            o = s.name(Player::One),
            bot = bot,
            level = i18n::level_name(s.setup().level)
        )
    } else {
        t!("term-title-people")
    };
    // The score first: it must survive a narrow terminal.
    let text = t!(
        "term-title",
        score = s.score_line(),
        number = s.game().game_number(),
        players = who,
        preset = s.game().rules().nearest_preset().to_string()
    );
    let style = if app.color {
        Style::default().fg(Color::Black).bg(Color::Gray)
    } else {
        Style::default().add_modifier(Modifier::REVERSED)
    };
    f.render_widget(Paragraph::new(text).style(style), area);
}

fn draw_board(f: &mut Frame, app: &App, area: Rect) {
    let pos = app.session.position();
    let viewer = app.viewer();
    let lines: Vec<Line> = board::draw(&pos, viewer, &app.marks())
        .into_iter()
        .map(|l| {
            Line::from(
                l.into_iter()
                    .map(|r| Span::styled(r.text, style(r.tag, r.mark, app.color)))
                    .collect::<Vec<_>>(),
            )
        })
        .collect();
    let title = t!(
        "term-seen-from",
        who = app.session.who(viewer),
        name = app.session.mark(viewer)
    );
    f.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(title)),
        area,
    );
}

/// The status line, the dice, the pips (and the cube), the position IDs.
fn info_lines(app: &App) -> Vec<Line<'static>> {
    let s = &app.session;
    let pos = s.position();
    let mut lines = vec![Line::from(s.status_line())];
    if let Some(turn) = s.game().turn() {
        // The dice of the pool being played; the used ones are dimmed (struck in no-colour mode).
        let mut left = turn.remaining_dice();
        let mut spans = vec![Span::raw(t!("term-dice-label"))];
        for d in turn.pool().dice() {
            let unused = left.iter().position(|x| x == d).map(|i| left.remove(i));
            let style = match (unused.is_some(), app.color) {
                (true, _) => Style::default().add_modifier(Modifier::BOLD),
                (false, true) => Style::default().fg(Color::DarkGray),
                (false, false) => Style::default().add_modifier(Modifier::CROSSED_OUT),
            };
            spans.push(Span::styled(format!("[{d}]"), style));
            spans.push(Span::raw(" "));
        }
        lines.push(Line::from(spans));
    }
    let mut pips = vec![t!(
        "term-pips",
        x = pos.pip_count(Player::Zero),
        o = pos.pip_count(Player::One)
    )];
    if s.game().rules().doubling_cube {
        let cube = s.game().cube();
        let (owner, name) = match cube.owner {
            None => ("centred", ""),
            Some(p) => (s.who(p), s.mark(p)),
        };
        pips.push(t!(
            "term-cube-line",
            value = cube.value,
            owner = owner,
            name = name
        ));
    }
    if s.auto_forced() {
        pips.push(t!("term-forced-automatic"));
    }
    lines.push(Line::from(pips.join("   ")));
    lines.push(Line::from(t!("term-position-id", id = app.position_id())));
    // Backgammon: gnubg's IDs, to paste into GNU Backgammon.
    if let Some(ids) = app.session.game().gnubg_ids() {
        lines.push(Line::from(t!("term-gnubg-id", id = ids)));
    }
    if app.bot_thinking() {
        lines.push(Line::from(Span::styled(
            t!("term-bot-thinking"),
            Style::default().add_modifier(Modifier::ITALIC),
        )));
    }
    lines
}

fn draw_side(f: &mut Frame, app: &App, area: Rect) {
    if app.hint_pending() {
        f.render_widget(
            Paragraph::new(t!("term-hint-working"))
                .wrap(Wrap { trim: true })
                .block(Block::bordered().title(t!("term-hint-title"))),
            area,
        );
        return;
    }
    if let Some(hint) = &app.hint {
        let lines: Vec<String> = hint
            .iter()
            .enumerate()
            .map(|(i, h)| {
                let equity = i18n::signed(i18n::current(), f64::from(h.equity), 3);
                format!("{}. {equity}  {}", i + 1, h.text)
            })
            .collect();
        let widest = lines.iter().map(|l| l.width()).max().unwrap_or(0) as u16 + 2;
        // Too narrow beside the board for a play on one line: the hint goes over the lower
        // part of the screen, as wide as it needs, each play on its own line.
        let area = if widest > area.width {
            let screen = f.area();
            let height = (lines.len() as u16 + 2).min(screen.height);
            let width = widest.max(area.width).min(screen.width);
            let rect = Rect {
                x: screen.x,
                y: (area.y + area.height).saturating_sub(height),
                width,
                height,
            };
            f.render_widget(Clear, rect);
            rect
        } else {
            area
        };
        f.render_widget(
            Paragraph::new(lines.into_iter().map(Line::from).collect::<Vec<_>>())
                .wrap(Wrap { trim: true })
                .block(Block::bordered().title(t!("term-hint-title-close"))),
            area,
        );
        return;
    }
    let log = app.log_lines();
    let room = area.height.saturating_sub(2) as usize;
    let start = log.len().saturating_sub(room);
    let lines: Vec<Line> = log[start..]
        .iter()
        .map(|l| Line::from(l.as_str()))
        .collect();
    f.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(t!("term-log-title"))),
        area,
    );
}

fn draw_bottom(f: &mut Frame, app: &App, area: Rect, keys_text: Vec<String>) {
    let [messages, entry, keys] = Layout::vertical([
        Constraint::Min(1),
        Constraint::Length(1),
        Constraint::Length(keys_text.len() as u16),
    ])
    .areas(area);
    let n = app.messages.len();
    let lines: Vec<Line> = app
        .messages
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let error = app.error && i + 1 == n;
            let style = match (error, app.color) {
                (true, true) => Style::default().fg(Color::LightRed),
                (true, false) => Style::default().add_modifier(Modifier::BOLD),
                _ => Style::default(),
            };
            Line::from(Span::styled(m.clone(), style))
        })
        .collect();
    let room = messages.height as usize;
    let skip = lines.len().saturating_sub(room);
    f.render_widget(
        Paragraph::new(lines.into_iter().skip(skip).collect::<Vec<_>>()),
        messages,
    );
    match &app.mode {
        Mode::Typing(text) => {
            f.render_widget(
                Paragraph::new(t!("term-typing-line", text = text.as_str())),
                entry,
            );
        }
        _ if app.session.human_to_act().is_some()
            && matches!(app.session.game().phase(), Phase::NameDouble { .. }) =>
        {
            let mut spans = vec![Span::raw(t!("term-double-label"))];
            for d in 1..=6u8 {
                let chosen = d == app.double_cursor;
                let style = match (chosen, app.color) {
                    (true, true) => Style::default().bg(Color::Blue).fg(Color::White),
                    (true, false) => Style::default().add_modifier(Modifier::REVERSED),
                    _ => Style::default(),
                };
                spans.push(Span::styled(format!("[{d}-{d}]"), style));
                spans.push(Span::raw(" "));
            }
            f.render_widget(Paragraph::new(Line::from(spans)), entry);
        }
        _ => {}
    }
    let keys_style = if app.color {
        Style::default().fg(Color::Gray)
    } else {
        Style::default()
    };
    f.render_widget(
        Paragraph::new(keys_text.into_iter().map(Line::from).collect::<Vec<_>>()).style(keys_style),
        keys,
    );
}

/// The keys that apply now, then `?: help   q: save and quit`, as lines of at most `width`
/// columns broken between keys (never inside one): on an 80-column screen every key shows, in
/// every language, the keys of the moment first.
fn keys_lines(prompt: &str, width: u16) -> Vec<String> {
    let tail = t!("term-key-tail");
    let mut lines = Vec::new();
    let mut line = String::new();
    let items = prompt
        .split(KEY_GAP)
        .chain(tail.split(KEY_GAP))
        .map(str::trim)
        .filter(|item| !item.is_empty());
    for item in items {
        if !line.is_empty() && line.width() + KEY_GAP.len() + item.width() > width as usize {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push_str(KEY_GAP);
        }
        line.push_str(item);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// What separates two keys in a keys line (`r: roll   d: double`).
const KEY_GAP: &str = "   ";

fn draw_help(f: &mut Frame, area: Rect) {
    let text = t!("term-help");
    let lines: Vec<&str> = text.lines().collect();
    // As wide as the longest line in this language (in columns), within the screen.
    let widest = lines.iter().map(|l| l.width()).max().unwrap_or(0) as u16;
    let w = (widest + 2).max(70).min(area.width);
    let h = (lines.len() as u16 + 2).min(area.height);
    let rect = Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    };
    f.render_widget(Clear, rect);
    f.render_widget(
        Paragraph::new(lines.iter().map(|l| Line::from(*l)).collect::<Vec<_>>())
            .block(Block::bordered().title(t!("term-help-title"))),
        rect,
    );
}

/// The review of the game just played, over the board, from line `scroll`.
fn draw_review(f: &mut Frame, area: Rect, lines: &[String], scroll: usize) {
    let w = 100.min(area.width);
    let h = (lines.len() as u16 + 2).min(area.height);
    let rect = Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    };
    let shown: Vec<Line> = lines
        .iter()
        .skip(scroll)
        .map(|l| Line::from(l.as_str()))
        .collect();
    f.render_widget(Clear, rect);
    f.render_widget(
        Paragraph::new(shown)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(t!(
                "term-review-title",
                first = scroll + 1,
                last = (scroll + h.saturating_sub(2) as usize).min(lines.len()),
                count = lines.len()
            ))),
        rect,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::app::tests::{at_the_cube, key, one_two, type_text};
    use ratatui::backend::TestBackend;
    use ratatui::buffer::Buffer;
    use ratatui::crossterm::event::KeyCode;
    use ratatui::Terminal;

    fn render(app: &App, w: u16, h: u16) -> Buffer {
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
        t.draw(|f| draw(f, app)).unwrap();
        t.backend().buffer().clone()
    }

    fn text(buf: &Buffer) -> Vec<String> {
        (0..buf.area.height)
            .map(|y| {
                (0..buf.area.width)
                    .map(|x| buf.cell((x, y)).map_or(" ", |c| c.symbol()))
                    .collect::<String>()
            })
            .collect()
    }

    fn screen(app: &App) -> String {
        text(&render(app, 110, 34)).join("\n")
    }

    #[test]
    fn the_move_screen_shows_board_status_log_and_keys() {
        let app = one_two();
        let s = screen(&app);
        assert!(
            s.contains(" acey · Score: you 0, bot 0 · game 1 · you (X) vs bot (O), bot level"),
            "{s}"
        );
        assert!(s.contains("Score: you 0, bot 0"), "{s}");
        assert!(
            s.contains("13 14 15 16 17 18        19 20 21 22 23 24"),
            "{s}"
        );
        assert!(
            s.contains("12 11 10  9  8  7         6  5  4  3  2  1"),
            "{s}"
        );
        assert!(s.contains("X start 15"), "{s}");
        assert!(s.contains("O start 15"), "{s}");
        assert!(
            s.contains("You to play the acey-deucey 1-2 (dice left: 2 1)."),
            "{s}"
        );
        assert!(s.contains("Pips: X 375  O 375"), "{s}");
        assert!(s.contains("Dice: [2] [1]"), "{s}");
        assert!(s.contains(" game log "), "{s}");
        assert!(s.contains("←/→: checker"), "{s}");
    }

    #[test]
    fn the_picker_hint_log_and_game_over_screens() {
        let mut app = one_two();
        type_text(&mut app, "in/24 in/23");
        let s = screen(&app);
        assert!(
            s.contains("Double: [1-1] [2-2] [3-3] [4-4] [5-5] [6-6]"),
            "{s}"
        );
        assert!(s.contains("Name a double"), "{s}");
        assert!(
            s.contains("X 1-2: in/24 in/23"),
            "the log in notation, as typed: {s}"
        );
        app.on_key(key(KeyCode::Char('h')));
        let s = screen(&app);
        assert!(s.contains(" hint (Esc closes) "), "{s}");
        assert!(s.contains("1. +") || s.contains("1. -"), "{s}");
        app.on_key(key(KeyCode::Char('R')));
        assert!(screen(&app).contains("Resign this game and give the bot 15 points? y / n"));
        app.on_key(key(KeyCode::Char('y')));
        let s = screen(&app);
        assert!(s.contains("Bot wins 15 points by resignation."), "{s}");
        assert!(s.contains("Score: you 0, bot 15"), "{s}");
        assert!(s.contains("n: next game / rematch"), "{s}");
        assert!(s.contains("A: analyse the game"), "{s}");
        app.review_depth = (acey_ai::Level::Beginner, 0);
        app.on_key(key(KeyCode::Char('A')));
        let s = screen(&app);
        assert!(s.contains(" analysis, lines 1-"), "{s}");
        assert!(
            s.contains("Game 1 judged at 0-ply by the beginner level"),
            "{s}"
        );
        assert!(s.contains("Esc: close"), "{s}");
        std::fs::remove_file(&app.save_path).ok();
    }

    #[test]
    fn resizing_and_too_small_terminals() {
        let app = one_two();
        let narrow = text(&render(&app, MIN_WIDTH, MIN_HEIGHT)).join("\n");
        assert!(narrow.contains("13 14 15 16 17 18"), "{narrow}");
        assert!(
            !narrow.contains(" game log "),
            "no room for the log: {narrow}"
        );
        let tiny = text(&render(&app, 40, 12)).join("\n");
        assert!(tiny.contains("The terminal is 40x12"), "{tiny}");
        // One terminal, resized between frames.
        let mut t = Terminal::new(TestBackend::new(110, 34)).unwrap();
        t.draw(|f| draw(f, &app)).unwrap();
        t.backend_mut().resize(70, 30);
        t.draw(|f| draw(f, &app)).unwrap();
        let after = text(t.backend().buffer()).join("\n");
        assert_eq!(t.backend().buffer().area.width, 70);
        assert!(after.contains("19 20 21 22 23 24"), "{after}");
    }

    #[test]
    fn no_colour_mode_uses_no_colours_but_still_highlights() {
        let mut app = one_two();
        app.color = false;
        let buf = render(&app, 110, 34);
        let mut reversed = 0;
        for cell in buf.content() {
            assert_eq!(cell.fg, Color::Reset);
            assert_eq!(cell.bg, Color::Reset);
            if cell.modifier.contains(Modifier::REVERSED) {
                reversed += 1;
            }
        }
        assert!(reversed > 0, "the cursor is drawn in reverse video");
        app.color = true;
        let buf = render(&app, 110, 34);
        assert!(
            buf.content().iter().any(|c| c.bg == Color::Blue),
            "the cursor in colour"
        );
    }

    #[test]
    fn the_help_screen() {
        let mut app = one_two();
        app.on_key(key(KeyCode::Char('?')));
        let s = screen(&app);
        assert!(s.contains(" keys "), "{s}");
        assert!(s.contains("Backspace        let go of the checker"), "{s}");
        app.on_key(key(KeyCode::Char('x')));
        assert_eq!(app.mode, Mode::Normal);
    }

    /// In every language, each keys line fits in 80 columns (the `?: help` tail is left out
    /// rather than the keys of the moment), the help's lines fit in its box on an 80-column
    /// screen, and the board's labels keep the board's width (columns, not bytes: Russian
    /// letters take two bytes each).
    #[test]
    fn every_language_fits_in_80_columns() {
        use crate::i18n::{text_in, Lang};
        let keys = [
            "term-key-typing",
            "term-key-play-on",
            "term-key-help-close",
            "term-key-review",
            "term-key-over-analysing",
            "term-key-over",
            "term-key-name-double",
            "term-key-roll",
            "term-key-cube",
            "term-key-complete",
            "term-key-destination",
            "term-key-checker",
            "term-key-waiting",
        ];
        for lang in Lang::ALL {
            for id in keys {
                let prompt = text_in(lang, id, &[]);
                assert!(prompt.width() <= 80, "{lang:?} {id}: {prompt}");
                for line in keys_lines(&prompt, 80) {
                    assert!(line.width() <= 80, "{lang:?} {id}: {line}");
                }
            }
            let help = text_in(lang, "term-help", &[]);
            for line in help.lines() {
                assert!(line.width() <= 78, "{lang:?} help: {line}");
            }
            let label = |id| text_in(lang, id, &[]).width();
            assert!(label("term-board-start") <= 6 && label("term-board-off") <= 6);
            assert!(label("term-board-bar") <= 5, "{lang:?}");
        }
    }

    /// Asserts that `app` drawn at 80x24 shows the whole board and every key of its keys line.
    fn fits_80x24(app: &App, what: &str) -> String {
        let lang = i18n::current();
        let screen = text(&render(app, 80, 24)).join("\n");
        for numbers in ["13 14 15 16 17 18", "12 11 10  9  8  7"] {
            assert!(
                screen.contains(numbers),
                "{lang:?} {what}: no '{numbers}'\n{screen}"
            );
        }
        let prompt = app.prompt();
        let tail = t!("term-key-tail");
        for key in prompt.split(KEY_GAP).chain(tail.split(KEY_GAP)) {
            let key = key.trim();
            assert!(
                screen.contains(key),
                "{lang:?} {what}: '{key}' not shown\n{screen}"
            );
        }
        screen
    }

    /// The full screen at 80x24 in every language: the board whole, every key of the keys line
    /// (moving, naming a double, the cube, the game's end), the status beside the board, the
    /// hint one play a line, the analysis with its rating column.
    #[test]
    fn every_screen_fits_80x24_in_every_language() {
        for lang in i18n::Lang::ALL {
            i18n::set_for_thread(Some(lang));
            let mut app = one_two();
            let s = fits_80x24(&app, "move");
            let status: String = app
                .session
                .status_line()
                .split_whitespace()
                .take(2)
                .collect::<Vec<_>>()
                .join(" ");
            assert!(
                s.contains(&status),
                "{lang:?}: status '{status}' beside the board\n{s}"
            );
            app.on_key(key(KeyCode::Char('h')));
            let s = text(&render(&app, 80, 24)).join("\n");
            for (i, h) in app.hint.as_ref().unwrap().iter().enumerate() {
                let line = format!("{}. ", i + 1);
                let row = s.lines().find(|r| r.contains(&line) && r.contains(&h.text));
                assert!(
                    row.is_some(),
                    "{lang:?}: hint '{}' on one line\n{s}",
                    h.text
                );
            }
            app.on_key(key(KeyCode::Esc));
            type_text(&mut app, "in/24 in/23");
            fits_80x24(&app, "name a double");
            app.on_key(key(KeyCode::Char('R')));
            fits_80x24(&app, "resign");
            app.on_key(key(KeyCode::Char('y')));
            fits_80x24(&app, "game over");
            app.review_depth = (acey_ai::Level::Beginner, 0);
            app.on_key(key(KeyCode::Char('A')));
            let s = fits_80x24(&app, "analysis");
            let rating = t!("term-review-col-rating");
            // The table's heading, inside the review's box, ends with the whole rating column.
            let head = s
                .lines()
                .find(|r| r.contains(&t!("term-review-col-player")))
                .and_then(|r| r.split('│').nth(1));
            assert!(
                head.is_some_and(|inner| inner.trim_end().ends_with(&rating)),
                "{lang:?}: the rating column whole\n{s}"
            );
            std::fs::remove_file(&app.save_path).ok();
            let mut cube = at_the_cube();
            fits_80x24(&cube, "roll or double");
            cube.on_key(key(KeyCode::Char('d')));
            cube.settle();
            fits_80x24(&cube, "after the double");
            std::fs::remove_file(&cube.save_path).ok();
        }
        i18n::set_for_thread(None);
    }

    #[test]
    fn the_cube_owner_and_the_position_id_are_shown() {
        let mut app = at_the_cube();
        let s = screen(&app);
        assert!(s.contains("Cube: 1 (centred)"), "{s}");
        assert!(
            s.contains(&format!("Position ID: {}", app.position_id())),
            "{s}"
        );
        // The person doubles; the bot takes and owns the cube (R9.3).
        app.on_key(key(KeyCode::Char('d')));
        app.settle();
        assert_eq!(app.session.game().cube().value, 2);
        let s = screen(&app);
        assert!(s.contains("Cube: 2 (bot's)"), "{s}");
    }
}
