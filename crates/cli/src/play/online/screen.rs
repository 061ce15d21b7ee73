//! The full-screen online client (ratatui): the lobby (quick-pairing pools with their waiting
//! counts, open challenges, games being played, who is online) and the game (the board of the
//! local game, both clocks counting down, the score, the chat and the log), with an input line
//! that takes the same commands and moves as `--plain`.
//!
//! Keys: type a command or a move and press Enter. With the input line empty, in the lobby
//! `1`-`4` seek a quick-pairing pool, `c` starts a challenge, `a` accepts, `w` watches, `x`
//! cancels; in a game `/` starts a chat line. Esc clears the line; Ctrl-C or `quit` leaves
//! (the terminal is restored and the connection closed, whatever ends the program).
//!
//! While the connection is down the title says so and input is not sent (the client says what
//! was not); when it becomes the player's turn the terminal's bell rings, unless `--quiet`.

use crate::i18n::t;
use std::collections::VecDeque;
use std::panic::AssertUnwindSafe;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use acey_rules::Player;
use anyhow::{anyhow, Result};
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::{DefaultTerminal, Frame};

use super::client::{clock_text, rules_text, Client, GameState, Link, Reply};
use super::net::{Connection, NetEvent};
use super::seats::SeatStore;
use super::{Endpoint, Start};
use crate::play::board::{self, Mark, Marks, Spot, Tag};
use acey_protocol::{ClientMsg, ServerMsg};

/// Lines of messages kept.
const KEPT: usize = 500;

/// The screen's state (no terminal needed: tests drive it with keys).
pub struct Screen {
    /// What the client knows.
    pub client: Client,
    /// Messages and chat, oldest first.
    pub messages: VecDeque<String>,
    /// The input line.
    pub input: String,
    /// Colours on.
    pub color: bool,
    /// The server's address, for the title.
    pub url: String,
    /// Leave.
    pub quit: bool,
    /// Why the connection ended, if it did.
    pub closed: Option<String>,
    /// The kept seats on disk.
    pub seats: SeatStore,
    /// The bell is due (rung after the next draw).
    pub bell: bool,
    /// No bell.
    pub quiet: bool,
}

impl Screen {
    /// A screen for a client of `url`.
    pub fn new(url: String, color: bool) -> Screen {
        Screen {
            client: Client::new(),
            messages: VecDeque::new(),
            input: String::new(),
            color,
            url,
            quit: false,
            closed: None,
            seats: SeatStore::default(),
            bell: false,
            quiet: false,
        }
    }

    /// Shows a reply's lines and keeps its seats; returns its messages to send.
    pub fn take(&mut self, r: Reply) -> Vec<ClientMsg> {
        for l in r.lines {
            self.messages.push_back(l);
        }
        for warning in self.seats.apply(&r.seats) {
            self.messages.push_back(warning);
        }
        self.bell |= r.bell && !self.quiet;
        while self.messages.len() > KEPT {
            self.messages.pop_front();
        }
        if r.quit {
            self.quit = true;
        }
        r.send
    }

    fn submit(&mut self, text: &str) -> Vec<ClientMsg> {
        let r = self.client.command(text);
        self.take(r)
    }

    /// One key; returns the messages it sends.
    pub fn on_key(&mut self, k: KeyEvent) -> Vec<ClientMsg> {
        let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
        match k.code {
            KeyCode::Char('c') | KeyCode::Char('d') if ctrl => {
                self.quit = true;
                Vec::new()
            }
            KeyCode::Enter => {
                let text = std::mem::take(&mut self.input);
                if text.trim().is_empty() {
                    return Vec::new();
                }
                self.messages.push_back(format!("> {text}"));
                self.submit(&text)
            }
            KeyCode::Esc => {
                self.input.clear();
                Vec::new()
            }
            KeyCode::Backspace => {
                self.input.pop();
                Vec::new()
            }
            KeyCode::Char(c) if self.input.is_empty() && !ctrl => self.first_key(c),
            KeyCode::Char(c) if !ctrl => {
                self.input.push(c);
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    /// A key typed on an empty input line: a shortcut, or the start of a command.
    fn first_key(&mut self, c: char) -> Vec<ClientMsg> {
        if self.client.game.is_none() {
            match c {
                '1'..='4' => return self.submit(&format!("seek {c}")),
                'c' => self.input = "challenge ".into(),
                'a' => self.input = "accept ".into(),
                'w' => self.input = "watch ".into(),
                'x' => return self.submit("cancel"),
                'q' => self.quit = true,
                c => self.input.push(c),
            }
            return Vec::new();
        }
        match c {
            '/' => self.input = "say ".into(),
            c => self.input.push(c),
        }
        Vec::new()
    }
}

/// Runs the full-screen client.
pub fn run(endpoint: &Endpoint, cookie: Option<&str>, start: Start, color: bool) -> Result<()> {
    use std::io::IsTerminal;
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err(crate::UsageError(t!("term-online-needs-terminal")).into());
    }
    let (tx, rx) = mpsc::channel::<NetEvent>();
    let conn = Connection::open(endpoint, cookie, move |e| {
        let _ = tx.send(e);
    })?;
    conn.send(&start.client.hello());
    let mut screen = Screen::new(endpoint.http_url(), color);
    screen.client = start.client;
    screen.seats = start.seats;
    screen.quiet = start.quiet;
    screen.messages.extend(start.notice);
    let mut terminal = ratatui::try_init()?;
    let result = std::panic::catch_unwind(AssertUnwindSafe(|| {
        event_loop(&mut terminal, &mut screen, &conn, &rx)
    }));
    ratatui::restore();
    conn.close();
    match result {
        Ok(r) => r?,
        Err(_) => return Err(anyhow!(t!("term-internal-error-client"))),
    }
    match screen.closed {
        Some(why) => Err(anyhow!("{why}")),
        None => Ok(()),
    }
}

fn event_loop(
    terminal: &mut DefaultTerminal,
    screen: &mut Screen,
    conn: &Connection,
    rx: &mpsc::Receiver<NetEvent>,
) -> Result<()> {
    loop {
        while let Ok(e) = rx.try_recv() {
            match e {
                NetEvent::Msg(m) => {
                    // The lobby has its own panel: its text is not a message.
                    let lobby = matches!(m, ServerMsg::Lobby(_));
                    let mut r = screen.client.handle(m, Instant::now());
                    if lobby {
                        r.lines.clear();
                    }
                    for m in screen.take(r) {
                        conn.send(&m);
                    }
                }
                NetEvent::Unreadable(e) => screen.messages.push_back(e),
                NetEvent::Down(why) => {
                    let r = screen.client.down(&why);
                    screen.take(r);
                }
                NetEvent::Up => {
                    let r = screen.client.up();
                    for m in screen.take(r) {
                        conn.send(&m);
                    }
                }
                NetEvent::Closed(why) => {
                    screen.closed = Some(why);
                    return Ok(());
                }
            }
        }
        terminal.draw(|f| draw(f, screen))?;
        if std::mem::take(&mut screen.bell) {
            use std::io::Write;
            let mut out = std::io::stdout();
            let _ = out.write_all(b"\x07");
            let _ = out.flush();
        }
        if screen.quit {
            return Ok(());
        }
        // Often enough for the clocks' tenths.
        if event::poll(Duration::from_millis(100))? {
            if let Event::Key(k) = event::read()? {
                if k.kind == KeyEventKind::Press {
                    for m in screen.on_key(k) {
                        conn.send(&m);
                    }
                }
            }
        }
    }
}

/// Draws the screen.
pub fn draw(f: &mut Frame, s: &Screen) {
    // On a short terminal (80x24) the input line goes without its box, so that the board keeps
    // its last row of point numbers and the messages a few lines under it.
    let boxed = f.area().height >= SHORT;
    let [title, main, input, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(5),
        Constraint::Length(if boxed { 3 } else { 1 }),
        Constraint::Length(1),
    ])
    .areas(f.area());
    let me = match &s.client.me {
        Some((n, true)) => n.clone(),
        Some((n, false)) => t!("lobby-guest", name = n.as_str()),
        None => t!("term-online-connecting"),
    };
    let me = match s.client.link {
        Link::Connected => me,
        Link::Down | Link::Rejoining => t!("term-online-title-reconnecting", me = me),
    };
    f.render_widget(
        Paragraph::new(t!(
            "term-online-title",
            me = me,
            url = s.url.as_str(),
            count = s.client.lobby.online
        ))
        .style(Style::default().add_modifier(Modifier::BOLD)),
        title,
    );
    match &s.client.game {
        Some(g) => draw_game(f, s, g, main),
        None => draw_lobby(f, s, main),
    }
    let prompt = s.client.prompt();
    if boxed {
        f.render_widget(
            Paragraph::new(format!("> {}▏", s.input))
                .block(Block::bordered().title(format!(" {prompt} "))),
            input,
        );
    } else {
        f.render_widget(Paragraph::new(format!("{prompt} > {}▏", s.input)), input);
    }
    let help = if s.client.game.is_some() {
        t!("term-online-keys-game")
    } else {
        t!("term-online-keys-lobby")
    };
    f.render_widget(
        Paragraph::new(help).style(Style::default().fg(Color::Gray)),
        keys,
    );
}

/// Terminals shorter than this draw the input line without its box.
const SHORT: u16 = 26;

/// The latest messages that fit a bordered box of `width` by `height` once wrapped.
fn messages(s: &Screen, width: u16, height: u16) -> Vec<Line<'static>> {
    let rows = height.saturating_sub(2) as usize;
    let width = width.saturating_sub(2).max(1) as usize;
    let mut used = 0;
    let mut skip = s.messages.len();
    for m in s.messages.iter().rev() {
        let need = m.chars().count().div_ceil(width).max(1);
        if used + need > rows {
            break;
        }
        used += need;
        skip -= 1;
    }
    s.messages
        .iter()
        .skip(skip)
        .map(|m| {
            let style = if m.starts_with("[chat") {
                Style::default().fg(Color::LightGreen)
            } else {
                Style::default()
            };
            Line::styled(m.clone(), style)
        })
        .collect()
}

fn draw_lobby(f: &mut Frame, s: &Screen, area: Rect) {
    let [top, bottom] =
        Layout::vertical([Constraint::Percentage(60), Constraint::Percentage(40)]).areas(area);
    let lines: Vec<Line> = s.client.lobby_lines().into_iter().map(Line::from).collect();
    f.render_widget(
        Paragraph::new(lines)
            .block(Block::bordered().title(t!("term-online-lobby-title")))
            .wrap(Wrap { trim: false }),
        top,
    );
    f.render_widget(
        Paragraph::new(messages(s, bottom.width, bottom.height))
            .block(Block::bordered().title(t!("term-online-messages-title")))
            .wrap(Wrap { trim: false }),
        bottom,
    );
}

fn style(tag: Tag, mark: Option<Mark>, color: bool) -> Style {
    let mut st = Style::default();
    if color {
        st = match tag {
            Tag::Frame | Tag::Empty => st.fg(Color::DarkGray),
            Tag::Label => st.fg(Color::Gray),
            Tag::Checker(Player::Zero) => st.fg(Color::LightYellow).add_modifier(Modifier::BOLD),
            Tag::Checker(Player::One) => st.fg(Color::LightCyan).add_modifier(Modifier::BOLD),
        };
    }
    if mark.is_some() {
        st = st.add_modifier(Modifier::UNDERLINED);
    }
    st
}

fn draw_game(f: &mut Frame, s: &Screen, g: &GameState, area: Rect) {
    let [left, right] = Layout::horizontal([
        Constraint::Length(board::WIDTH as u16 + 2),
        Constraint::Min(20),
    ])
    .areas(area);
    let [board_area, log_area] = Layout::vertical([
        Constraint::Length(board::HEIGHT as u16 + 2),
        Constraint::Min(3),
    ])
    .areas(left);
    let viewer = g.role.viewer();
    let mut marks = Marks::default();
    if g.my_turn() {
        if let (Some(t), Some(p)) = (&g.view.turn, g.view.to_act) {
            marks.movable = t
                .legal
                .iter()
                .map(|s| Spot::from_source(p, s.from))
                .collect();
        }
    }
    let lines: Vec<Line> = board::draw(&g.view.position, viewer, &marks)
        .into_iter()
        .map(|l| {
            Line::from(
                l.into_iter()
                    .map(|r| Span::styled(r.text, style(r.tag, r.mark, s.color)))
                    .collect::<Vec<_>>(),
            )
        })
        .collect();
    f.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(format!(
            " {} · {} ",
            g.info.game,
            rules_text(&g.info.rules)
        ))),
        board_area,
    );
    f.render_widget(
        Paragraph::new(messages(s, log_area.width, log_area.height))
            .block(Block::bordered().title(t!("term-online-chat-title")))
            .wrap(Wrap { trim: false }),
        log_area,
    );
    let side = side_lines(g, s.color, Instant::now());
    f.render_widget(
        Paragraph::new(side)
            .block(Block::bordered().title(t!("term-online-game-title")))
            .wrap(Wrap { trim: false }),
        right,
    );
}

/// The side panel beside the board: each player with their clock, score, pips and checkers off,
/// then the game's terms and the recent plays.
fn side_lines(g: &GameState, color: bool, now: Instant) -> Vec<Line<'static>> {
    let viewer = g.role.viewer();
    let mut side: Vec<Line<'static>> = Vec::new();
    for p in [viewer.other(), viewer] {
        let running = g
            .clock
            .as_ref()
            .is_some_and(|(c, _)| c.running == Some(p.index()));
        let clock = g
            .left_ms(p.index(), now)
            .map(|ms| format!("  {}", clock_text(ms)))
            .unwrap_or_default();
        let to_act = if g.view.to_act == Some(p) { " ◀" } else { "" };
        let mut st = Style::default().add_modifier(Modifier::BOLD);
        if running && color {
            st = st.fg(Color::LightRed);
        }
        // Short lines: the side panel is 18 columns wide on an 80-column screen.
        side.push(Line::styled(g.label(p), st));
        if !clock.is_empty() || !to_act.is_empty() {
            side.push(Line::styled(format!("{clock}{to_act}"), st));
        }
        let figures = t!(
            "term-online-side",
            score = g.view.score[p.index()],
            pips = g.view.pips[p.index()],
            off = g.view.position.off(p)
        );
        side.extend(figures.lines().map(|l| Line::from(l.to_string())));
        if let Some(away) = g.away_ms(p, now) {
            side.push(Line::from(t!("term-online-gone", time = clock_text(away))));
        }
    }
    side.push(Line::from(""));
    if let Some(d) = g.view.dice {
        side.push(Line::from(t!(
            "term-online-side-dice",
            dice = format!("{}-{}", d[0], d[1])
        )));
    }
    if g.info.cube {
        side.push(Line::from(t!(
            "term-online-side-cube",
            value = g.view.cube.value
        )));
    }
    if let Some(c) = &g.info.clock {
        side.push(Line::from(t!(
            "term-online-side-clock",
            clock = c.to_string()
        )));
    }
    if let Some(n) = g.info.match_to.filter(|n| *n > 1) {
        side.push(Line::from(t!("term-online-side-match", points = n)));
    }
    side.push(Line::from(if g.info.rated {
        t!("term-online-side-rated")
    } else {
        t!("term-online-side-casual")
    }));
    side.push(Line::from(""));
    side.push(Line::from(t!("term-online-side-recent")));
    for e in g.log.iter().rev().take(8) {
        side.push(Line::from(format!("  {} {}", g.name(e.player), e.notation)));
    }
    side
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;
    use unicode_width::UnicodeWidthStr;

    #[test]
    fn the_lobby_keys_send_what_the_commands_do() {
        let mut s = Screen::new("http://x".into(), false);
        let key = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
        // No pools known yet: the seek asks which.
        assert!(s.on_key(key('1')).is_empty());
        s.on_key(key('c'));
        assert_eq!(s.input, "challenge ");
        for c in "bgammon".chars() {
            s.on_key(key(c));
        }
        let sent = s.on_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
        let sent = serde_json::to_value(&sent[0]).unwrap();
        assert_eq!(sent["type"], "challenge");
        assert_eq!(sent["rules"], "bgammon");
        let mut t = Terminal::new(TestBackend::new(100, 30)).unwrap();
        t.draw(|f| draw(f, &s)).unwrap();
        let text: String = t
            .backend()
            .buffer()
            .content()
            .iter()
            .map(|c| c.symbol())
            .collect();
        assert!(text.contains("lobby"), "{text}");
        s.on_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
        assert!(s.quit);
    }

    /// A game against the bot as the server sends it on joining, at the person's roll.
    fn in_a_game() -> Screen {
        let mut game = acey_rules::Game::new(acey_rules::Rules::default());
        game.apply(acey_rules::Action::DieOff { dice: [5, 2] })
            .unwrap();
        let joined = serde_json::json!({
            "info": {
                "game": "abcd1234",
                "mode": "computer",
                "rules": "american",
                "seats": [{"kind": "human"}, {"kind": "bot"}],
            },
            "role": {"seat": 0},
            "view": serde_json::to_value(acey_protocol::View::of(&game)).unwrap(),
        });
        let joined: acey_protocol::Joined = serde_json::from_value(joined).unwrap();
        let mut s = Screen::new("http://localhost:8080".into(), false);
        s.client.handle(
            acey_protocol::ServerMsg::Joined(Box::new(joined)),
            Instant::now(),
        );
        s
    }

    /// At 80x24, in every language: the board with both rows of point numbers, no side line
    /// wrapped (each fits the panel), and the keys line whole.
    #[test]
    fn a_game_fits_80x24_in_every_language() {
        for lang in crate::i18n::Lang::ALL {
            crate::i18n::set_for_thread(Some(lang));
            let s = in_a_game();
            assert!(s.client.game.is_some());
            let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
            t.draw(|f| draw(f, &s)).unwrap();
            let buf = t.backend().buffer();
            let rows: Vec<String> = (0..24)
                .map(|y| (0..80).map(|x| buf[(x, y)].symbol()).collect())
                .collect();
            let screen = rows.join("\n");
            assert!(screen.contains("13 14 15 16 17 18"), "{lang:?}\n{screen}");
            assert!(screen.contains("12 11 10  9  8  7"), "{lang:?}\n{screen}");
            let keys = t!("term-online-keys-game");
            assert!(keys.width() <= 80, "{lang:?}: {keys}");
            assert!(rows[23].trim_end() == keys.trim_end(), "{lang:?}\n{screen}");
            // Every side line fits its panel: nothing of it is cut at the border.
            let g = s.client.game.as_ref().unwrap();
            let recent = t!("term-online-side-recent");
            for line in side_lines(g, false, Instant::now()) {
                let text = line.to_string();
                if text == recent {
                    break;
                }
                assert!(text.width() <= 18, "{lang:?}: '{text}'");
            }
        }
        crate::i18n::set_for_thread(None);
    }
}
