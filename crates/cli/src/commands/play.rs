//! `acey play`: a game in the terminal (see the `play` module).

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

use acey_ai::Level;
use anyhow::Result;

use crate::i18n::{self, t};
use crate::play::{self, Seat, Session, Setup};
use crate::{Translated, UsageError};

/// Who the opponent is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Vs {
    /// The bot (you play the side chosen with --side).
    Bot,
    /// A second person at the same keyboard.
    Human,
}

/// The side the person plays against the bot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Side {
    /// X (player 0).
    X,
    /// O (player 1).
    O,
    /// X or O at random (from the dice seed, so `--seed` repeats it).
    Random,
}

/// Arguments of `acey play`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The opponent.
    #[arg(long, value_enum, default_value = "bot")]
    vs: Vs,
    /// Your side against the bot: x, o or random. The die-off decides who starts either way; the
    /// board is shown from your side [default: x].
    #[arg(long, value_enum)]
    side: Option<Side>,
    /// The bot's level (beginner, casual, intermediate, advanced, expert, strongest); hints use
    /// it too [default: intermediate, or the loaded game's].
    #[arg(long)]
    level: Option<String>,
    /// Rules: a preset with optional overrides, e.g. `american` or `bgammon,doubling_cube=true`.
    #[arg(long, default_value = "american")]
    rules: String,
    /// Play a match to N points (default: single games).
    #[arg(long = "match", value_name = "N")]
    match_to: Option<u32>,
    /// Go on with a saved game, exactly where it stood (its rules, seats and dice).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["vs", "side", "rules", "match_to", "seed"])]
    load: Option<PathBuf>,
    /// Where to save the game [default: the --load file, else ~/.local/share/acey/last-game.txt].
    /// An unfinished game already there (not the one loaded) is first kept under another name,
    /// `<name>-<date>-<time>.txt`, and the game says so.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Line mode for screen readers, pipes and scripts: reads plays and commands from stdin.
    #[arg(long)]
    plain: bool,
    /// Dice seed, for a reproducible game (default: from the operating system).
    #[arg(long)]
    seed: Option<u64>,
    /// No colours (also when the NO_COLOR environment variable is set).
    #[arg(long)]
    no_color: bool,
    /// Make forced plays (a single legal play) without asking.
    #[arg(long)]
    auto_forced: bool,
    /// Pause after each step of the bot's play, in milliseconds.
    #[arg(long, default_value_t = 500, value_name = "MS")]
    delay: u64,
    /// Play online at an acey server (http://HOST:PORT or https://HOST): its lobby, quick pairing, challenges,
    /// games with clocks and chat, over the protocol the browser speaks.
    #[arg(long, value_name = "URL", conflicts_with_all = ["vs", "side", "level", "load", "save", "seed", "auto_forced"])]
    online: Option<String>,
    /// Online: the name to play under as a guest (2-20 letters, digits, _ or -).
    #[arg(long, requires = "online", conflicts_with = "login")]
    name: Option<String>,
    /// Online: log in as this account first (the password is read from ACEY_PASSWORD, or
    /// asked for on the terminal).
    #[arg(long, value_name = "NAME", requires = "online")]
    login: Option<String>,
    /// Online: go straight back to this unfinished game, with the seat token kept when it
    /// started (`acey play --online URL` lists them).
    #[arg(long, value_name = "GAME", requires = "online")]
    resume: Option<String>,
    /// Online: no bell when it becomes your turn.
    #[arg(long, requires = "online")]
    quiet: bool,
    /// The game's language: en, fr, ru or nb (also no, nn, and forms like fr-CA or nb_NO)
    /// [default: from LC_ALL, LC_MESSAGES or LANG, else English].
    #[arg(long, value_name = "LANG")]
    lang: Option<String>,
}

/// Runs `acey play`. Its errors reach `main` already in the player's language, `error:`
/// included ([`Translated`]), with the exit code they would have had: 2 for the player's
/// input, 1 for the rest.
pub fn run(args: Args) -> Result<()> {
    // Chosen before anything is said, so that every message of the game is in one language.
    let lang = match i18n::from_env(args.lang.as_deref()) {
        Ok(lang) => lang,
        // Refused in the locale's language, which is also the one `error:` is said in.
        Err(why) => {
            let lang = i18n::from_env(None).unwrap_or(i18n::Lang::En);
            return Err(translated(lang, why, true));
        }
    };
    i18n::set(lang);
    play(args).map_err(|e| {
        // A closed pipe ends the program quietly in `main`: it must stay recognisable.
        if crate::closed_pipe(&e) {
            return e;
        }
        let usage = e.downcast_ref::<UsageError>().is_some();
        translated(lang, format!("{e:#}"), usage)
    })
}

/// `error: MESSAGE` in `lang`, for `main` to print as it is.
fn translated(lang: i18n::Lang, message: String, usage: bool) -> anyhow::Error {
    let text = i18n::text_in(
        lang,
        "term-error",
        &[("message", fluent_bundle::FluentValue::from(message))],
    );
    Translated { text, usage }.into()
}

/// A bot level's name as `--level` takes it (`beginner` ... `strongest`), refused in the
/// player's language.
fn level(text: &str) -> Result<Level, UsageError> {
    text.parse().map_err(|_| UsageError(level_refused(text)))
}

/// Why `text` is not a bot level, in the player's language.
pub(crate) fn level_refused(text: &str) -> String {
    let names: Vec<&str> = Level::ALL.iter().map(|l| l.as_str()).collect();
    t!("term-error-level", level = text, levels = names.join(", "))
}

/// The game `acey play` was asked for.
fn play(args: Args) -> Result<()> {
    if let Some(url) = &args.online {
        // Checked here, so that a name the server would replace by `Guest-NNNN` is refused with
        // the rule rather than silently changed.
        if let Some(name) = &args.name {
            if acey_server::account::PlayerName::parse(name).is_err() {
                return Err(UsageError(t!("term-error-name", name = name.as_str())).into());
            }
        }
        let no_color = args.no_color || std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        return play::online::run(play::online::Options {
            url: url.clone(),
            name: args.name.clone(),
            login: args.login.clone(),
            plain: args.plain,
            color: !no_color,
            resume: args.resume.clone(),
            quiet: args.quiet,
        });
    }
    let session = match &args.load {
        Some(path) => {
            let mut s = play::save::load(path).map_err(|e| UsageError(format!("{e:#}")))?;
            if args.auto_forced {
                s.set_auto_forced(true);
            }
            if let Some(text) = &args.level {
                s.set_level(level(text)?);
            }
            s
        }
        None => Session::new(setup(&args)?),
    };
    let save_path = args
        .save
        .clone()
        .or_else(|| args.load.clone())
        .unwrap_or_else(play::save::default_path);
    // Saves go through a symbolic link to its target, and anything but a regular file (or a path
    // where nothing is yet) is refused now, before a game is played and before an unfinished
    // game there is moved aside: `--save /dev/null` once replaced the system's /dev/null.
    let save_path =
        crate::output::target(&save_path).map_err(|e| UsageError(play::save::refused(&e)))?;
    // Never lose a game: an unfinished game in the file this session saves to (other than the
    // one being continued) is kept under another name first.
    let continuing = args.load.as_ref().is_some_and(|l| same_file(l, &save_path));
    let notice = match continuing {
        true => None,
        false => play::save::keep_unfinished(&save_path)?.map(|kept| {
            t!(
                "term-kept-unfinished",
                path = save_path.display().to_string(),
                kept = kept.display().to_string()
            )
        }),
    };
    if args.plain {
        if let Some(n) = &notice {
            outln!("{n}")?;
        }
        // Ctrl-C and SIGTERM end the line mode at once; the game was saved before the prompt.
        let path = save_path.clone();
        let _ = ctrlc::set_handler(move || {
            let _ = outln!(
                "{}",
                t!("term-interrupted", path = path.display().to_string())
            );
            std::process::exit(130);
        });
        let stdin = std::io::stdin();
        let mut stdout = std::io::stdout();
        // At a terminal: line editing and history.
        if stdin.is_terminal() {
            if let Some(lines) = play::line_editor::EditedLines::new() {
                return play::plain::run_lines(session, &save_path, lines, &mut stdout);
            }
        }
        return play::plain::run(session, &save_path, stdin.lock(), &mut stdout);
    }
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err(UsageError(t!("term-needs-terminal")).into());
    }
    // https://no-color.org: any non-empty NO_COLOR turns colours off.
    let no_color = args.no_color || std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let mut app = play::app::App::new(
        session,
        save_path,
        !no_color,
        Duration::from_millis(args.delay),
    );
    if let Some(n) = notice {
        // On the screen while playing, and left in the terminal after it.
        eprintln!("{n}");
        app.say(n);
    }
    play::terminal::run(app)
}

/// Whether two paths name the same file (the same text, or the same file once resolved).
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    a == b
        || matches!(
            (std::fs::canonicalize(a), std::fs::canonicalize(b)),
            (Ok(x), Ok(y)) if x == y
        )
}

fn setup(args: &Args) -> Result<Setup> {
    let mut rules = args.rules.parse::<acey_rules::Rules>().map_err(|e| {
        // The rules' own reason (which option, which value) is the rules crate's, in English.
        UsageError(t!(
            "term-error-rules",
            rules = args.rules.as_str(),
            reason = e.to_string()
        ))
    })?;
    if let Some(n) = args.match_to {
        if n == 0 {
            return Err(UsageError(t!("term-error-match-zero")).into());
        }
        rules.match_target = Some(n);
    }
    let level = match &args.level {
        Some(text) => level(text)?,
        None => Level::Intermediate,
    };
    let seed = args.seed.unwrap_or_else(play::session::DiceSource::os_seed);
    let seats = match (args.vs, args.side) {
        (Vs::Human, None) => [Seat::Human, Seat::Human],
        (Vs::Human, Some(_)) => return Err(UsageError(t!("term-error-side-vs-human")).into()),
        (Vs::Bot, side) => bot_seats(side.unwrap_or(Side::X), seed),
    };
    Ok(Setup {
        rules,
        seats,
        level,
        seed,
        auto_forced: args.auto_forced,
    })
}

/// The seats for a person playing `side` against the bot. A random side is drawn from its own
/// stream of the dice seed, so the same `--seed` gives the same side and the same dice.
fn bot_seats(side: Side, seed: u64) -> [Seat; 2] {
    let o = match side {
        Side::X => false,
        Side::O => true,
        Side::Random => acey_rules::SeededRng::new(seed ^ 0x51DE)
            .die()
            .is_multiple_of(2),
    };
    if o {
        [Seat::Bot, Seat::Human]
    } else {
        [Seat::Human, Seat::Bot]
    }
}
