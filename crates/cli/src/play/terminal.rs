//! The full-screen game's terminal: raw mode and the alternate screen, the event loop, and
//! getting the terminal back (and the game saved) however the program ends: `q`, Ctrl-C (a key
//! in raw mode), SIGTERM or SIGHUP (a signal handler sets a flag the loop reads), or a panic
//! (ratatui's panic hook restores the terminal; the loop's unwinding is caught so the game is
//! still saved).

use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Result};
use ratatui::crossterm::event::{self, Event, KeyEventKind};
use ratatui::DefaultTerminal;

use super::app::App;
use super::{save, ui};

/// Longest wait for a key before the loop looks at signals and timers again.
const IDLE: Duration = Duration::from_millis(200);

/// Runs the game until the player quits; saves it and says where.
pub fn run(mut app: App) -> Result<()> {
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = Arc::clone(&stop);
        // Another handler may already be installed (only one per process); then the keys are
        // still there to quit with.
        let _ = ctrlc::set_handler(move || stop.store(true, Ordering::SeqCst));
    }
    let mut terminal = ratatui::try_init()?;
    let result = std::panic::catch_unwind(AssertUnwindSafe(|| {
        event_loop(&mut terminal, &mut app, &stop)
    }));
    ratatui::restore();
    let saved = save::save(&app.session, &app.save_path);
    match &saved {
        // A finished game (or match) has nothing to continue: only where it was saved.
        Ok(()) if finished(&app) => println!(
            "{}",
            crate::i18n::t!("term-saved", path = app.save_path.display().to_string())
        ),
        Ok(()) => println!(
            "{}",
            crate::i18n::t!(
                "term-saved-continue",
                path = app.save_path.display().to_string()
            )
        ),
        Err(e) => eprintln!(
            "{}",
            crate::i18n::t!("term-save-failed", error = format!("{e:#}"))
        ),
    }
    println!("{}", app.session.score_line());
    match result {
        Ok(r) => r.and(saved),
        Err(_) => Err(anyhow!(crate::i18n::t!("term-internal-error-game"))),
    }
}

fn event_loop(terminal: &mut DefaultTerminal, app: &mut App, stop: &AtomicBool) -> Result<()> {
    loop {
        if stop.load(Ordering::SeqCst) {
            return Ok(());
        }
        let size = terminal.size()?;
        app.set_screen_size(size.width, size.height);
        terminal.draw(|f| ui::draw(f, app))?;
        if app.quit {
            return Ok(());
        }
        let now = Instant::now();
        let wait = match app.next_wakeup() {
            Some(t) => t.saturating_duration_since(now).min(IDLE),
            None => IDLE,
        };
        if event::poll(wait)? {
            match event::read()? {
                Event::Key(k) if k.kind == KeyEventKind::Press => app.on_key(k),
                // A resize needs nothing more: the next frame is laid out for the new size.
                _ => {}
            }
        }
        app.tick(Instant::now());
    }
}

/// Whether the game is over and nothing follows it: a single game ended, or the match decided.
fn finished(app: &App) -> bool {
    app.session.game().is_finished()
}
