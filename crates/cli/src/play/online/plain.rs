//! `acey play --online URL --plain`: the lobby and online games as lines of text, for screen
//! readers, pipes and scripts (and the tests).
//!
//! Everything the server says is printed as it comes; each time the client waits for the
//! person a prompt line starting with `> ` says for what (printed again whenever the game
//! moves on while it is this side's turn). Commands are read line by line from stdin at any
//! time (`help` lists them); the end of input or `quit` leaves, closing the connection.
//!
//! When the connection drops, a line says so and the prompt becomes `> reconnecting...`; a line
//! says when it is back, and the game goes on. When it becomes the player's turn a bell
//! character (`\a`) is written on a line of its own, unless `--quiet`.

use crate::i18n::t;
use std::io::{BufRead, Write};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use acey_rules::Position;
use anyhow::{anyhow, Result};

use super::client::{Client, Reply};
use super::net::{Connection, NetEvent};
use super::seats::SeatStore;
use super::{Endpoint, Start};

/// What the loop waits for.
enum Input {
    Net(NetEvent),
    Line(String),
    Eof,
    Interrupt,
}

/// Runs the line mode on stdin and stdout.
pub fn run(endpoint: &Endpoint, cookie: Option<&str>, start: Start) -> Result<()> {
    let (tx, rx) = mpsc::channel::<Input>();
    let net = tx.clone();
    let conn = Connection::open(endpoint, cookie, move |e| {
        let _ = net.send(Input::Net(e));
    })?;
    let keys = tx.clone();
    // Piped input is read one line at a time, each once the server has answered the one before
    // (`Pace`), so a script's commands meet the state they were written for.
    let terminal = std::io::IsTerminal::is_terminal(&std::io::stdin());
    let (ready, next) = mpsc::channel::<()>();
    std::thread::spawn(move || {
        // At a terminal: line editing and history, as in the offline line mode.
        let edited = terminal
            .then(crate::play::line_editor::EditedLines::new)
            .flatten();
        let lines: Box<dyn Iterator<Item = std::io::Result<String>>> = match edited {
            Some(e) => Box::new(e),
            None => Box::new(std::io::stdin().lock().lines()),
        };
        for line in lines {
            let Ok(line) = line else { break };
            if keys.send(Input::Line(line)).is_err() {
                return;
            }
            if !terminal && next.recv().is_err() {
                return;
            }
        }
        let _ = keys.send(Input::Eof);
    });
    // Ctrl-C and SIGTERM: leave through the loop, so the server is told.
    let stop = tx;
    let _ = ctrlc::set_handler(move || {
        let _ = stop.send(Input::Interrupt);
    });
    let mut out = std::io::stdout().lock();
    if let Some(notice) = &start.notice {
        writeln!(out, "{notice}")?;
    }
    writeln!(
        out,
        "{}",
        t!("term-online-connected", url = endpoint.http_url())
    )?;
    conn.send(&start.client.hello());
    let pace = Pace {
        ready,
        awaiting: false,
    };
    let result = run_loop(&rx, &conn, start, &mut out, pace);
    conn.close();
    result
}

/// When the next piped line may be read: at once after a line that sent the server nothing,
/// else once the server's next message has come.
struct Pace {
    ready: mpsc::Sender<()>,
    awaiting: bool,
}

impl Pace {
    fn line_done(&mut self, sent: bool) {
        if sent {
            self.awaiting = true;
        } else {
            let _ = self.ready.send(());
        }
    }

    fn server_spoke(&mut self) {
        if std::mem::take(&mut self.awaiting) {
            let _ = self.ready.send(());
        }
    }
}

fn run_loop(
    rx: &mpsc::Receiver<Input>,
    conn: &Connection,
    start: Start,
    out: &mut impl Write,
    mut pace: Pace,
) -> Result<()> {
    let Start {
        mut client,
        mut seats,
        quiet,
        ..
    } = start;
    let mut shown = Shown::default();
    loop {
        let input = match rx.recv_timeout(Duration::from_secs(1)) {
            Ok(i) => i,
            Err(mpsc::RecvTimeoutError::Timeout) => continue,
            Err(mpsc::RecvTimeoutError::Disconnected) => return Ok(()),
        };
        let reply = match input {
            Input::Net(NetEvent::Msg(m)) => {
                let r = client.handle(m, Instant::now());
                pace.server_spoke();
                r
            }
            Input::Net(NetEvent::Unreadable(e)) => {
                writeln!(out, "{e}")?;
                continue;
            }
            Input::Net(NetEvent::Down(why)) => {
                // The answer a piped line waits for will not come over a lost connection: read
                // on, so that what is typed meanwhile is refused rather than held back.
                pace.server_spoke();
                client.down(&why)
            }
            Input::Net(NetEvent::Up) => client.up(),
            Input::Net(NetEvent::Closed(why)) => {
                out.flush()?;
                return Err(anyhow!("{why}"));
            }
            Input::Line(l) => {
                let r = client.command(&crate::play::typed::clean(&l));
                pace.line_done(!r.send.is_empty());
                // An answered command shows the prompt again.
                shown.prompt = None;
                r
            }
            Input::Eof => {
                writeln!(out, "{}", t!("term-online-bye"))?;
                return Ok(());
            }
            Input::Interrupt => {
                writeln!(out, "{}", t!("term-online-interrupted"))?;
                return Ok(());
            }
        };
        if show(&mut client, reply, conn, &mut seats, quiet, &mut shown, out)? {
            writeln!(out, "{}", t!("term-online-bye"))?;
            return Ok(());
        }
    }
}

/// What was printed last, so that the position and the prompt are printed when they change.
#[derive(Default)]
struct Shown {
    position: Option<(String, Position)>,
    prompt: Option<(String, usize)>,
}

/// Prints a reply, keeps its seats and sends its messages; says whether to quit.
fn show(
    client: &mut Client,
    reply: Reply,
    conn: &Connection,
    seats: &mut SeatStore,
    quiet: bool,
    shown: &mut Shown,
    out: &mut impl Write,
) -> Result<bool> {
    // Kept before anything is said, so a finished game is forgotten once its end is shown.
    let warnings = seats.apply(&reply.seats);
    for line in reply.lines.iter().chain(&warnings) {
        writeln!(out, "{line}")?;
    }
    if reply.bell && !quiet {
        writeln!(out, "\x07")?;
    }
    for m in &reply.send {
        conn.send(m);
    }
    if reply.quit {
        return Ok(true);
    }
    let n = client.game.as_ref().map(|g| g.view.n).unwrap_or(0);
    if let Some(g) = &client.game {
        let now = (g.info.game.clone(), g.view.position);
        if shown.position.as_ref() != Some(&now) {
            shown.position = Some(now);
            for line in g.describe() {
                writeln!(out, "{line}")?;
            }
        }
    }
    let prompt = client.prompt();
    let mine = client.game.as_ref().is_some_and(|g| g.my_turn());
    // While it is this side's turn, every new state prompts again (two turns in a row may
    // ask the same); otherwise only a new prompt is printed.
    let key = (prompt.clone(), if mine { n } else { 0 });
    if shown.prompt.as_ref() != Some(&key) && reply.send.is_empty() {
        shown.prompt = Some(key);
        if let Some(c) = client
            .game
            .as_ref()
            .and_then(|g| g.clock_line(Instant::now()))
        {
            writeln!(out, "{c}")?;
        }
        writeln!(out, "> {prompt}")?;
    }
    out.flush()?;
    Ok(false)
}
