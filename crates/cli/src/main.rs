//! `acey`: the command-line front end. Each subcommand lives in `commands/`; this file only
//! parses arguments and maps errors to exit codes (2 for bad input, 1 for anything else).

/// `println!` that hands the write error back instead of panicking: every command prints
/// through it (or through a locked `stdout` with `writeln!`), so a closed pipe
/// (`acey rules | head`) reaches [`main`] as an error, which ends the program quietly.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*)
    }};
}

mod commands;
mod cube_args;
mod i18n;
mod input;
mod judge;
mod output;
mod play;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

/// Acey-Deucey: the rules engine, bots and games.
#[derive(Parser)]
#[command(name = "acey", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Play in the browser: serve the web client, games against the bot and between friends
    /// (the default when no command is given).
    Serve(commands::serve::Args),
    /// Load benchmark of the server: many friend games of random players over real WebSockets
    /// (or, with --isolation, ordinary games while one address attacks).
    BenchServer(commands::serve::BenchArgs),
    /// Write the web client as static files for any static host: the installable app, which
    /// plays the computer and one screen with no server.
    ExportWeb(commands::export_web::Args),
    /// List every legal play of a dice pool from a position.
    Moves(commands::moves::Args),
    /// Count the leaves of the game tree (move-generation check).
    Perft(commands::perft::Args),
    /// Play random legal games and report speed and the score distribution.
    Selfplay(commands::selfplay::Args),
    /// List the presets and every rule option with its default.
    Rules(commands::rules::Args),
    /// Play in the terminal against the bot or a friend (full screen, or --plain line mode).
    Play(commands::play::Args),
    /// Play one bot against another with common random numbers; points per game with a 95% CI.
    Duel(commands::duel::Args),
    /// The benchmark of errors: bots scored on decisions settled by rollouts, stage by stage
    /// (or --generate a new set).
    Benchmark(commands::benchmark::Args),
    /// Rank the plays of a roll: win chance, expected points, difference to the best.
    Hint(commands::hint::Args),
    /// Win chance and expected points of a position for the player to roll.
    Eval(commands::eval::Args),
    /// Serve the bot over JSON lines on stdin/stdout (docs/engine-protocol.md).
    Engine(commands::engine::Args),
    /// Judge every decision of a saved game: marks, equity lost, luck, error rate and rating.
    Analyse(commands::analyse::Args),
    /// Write a game file (acey record or bgammon.org .match) as an acey record or, for
    /// backgammon, as Jellyfish .mat text for GNU Backgammon.
    Convert(commands::convert::Args),
    /// Train a network by TD(lambda) self-play (resumable; logs and plots its progress).
    Train(commands::train::Args),
    /// Build a rule set's one-sided bear-off table and show it (or one home board's entry).
    Bearoff(commands::bearoff::Args),
    /// The match equity table of a rule set's matches; --measure counts a game's points
    Met(commands::met::Args),
}

/// An error caused by what the user gave us: exit code 2.
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// An error already written out in the player's language, `error:` included (`acey play`'s,
/// see `commands::play::run`): printed as it is, with exit code 2 when `usage` (the player's
/// input was wrong), else 1.
#[derive(Debug)]
pub struct Translated {
    /// The whole line, e.g. "erreur : --match demande au moins 1 point".
    pub text: String,
    /// Whether it is a usage error (exit code 2).
    pub usage: bool,
}

impl std::fmt::Display for Translated {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::error::Error for Translated {}

/// The command line's grammar, where every option that takes a value takes a negative number as
/// its value (`--ply -1` is then refused for its number, not read as an unknown flag `-1`).
fn command() -> clap::Command {
    fn negatives(cmd: clap::Command) -> clap::Command {
        cmd.mut_args(|a| {
            let takes = a.get_action().takes_values();
            a.allow_negative_numbers(takes)
        })
        .mut_subcommands(negatives)
    }
    negatives(Cli::command())
}

fn main() -> ExitCode {
    let parsed = command()
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            return match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    let _ = e.print();
                    ExitCode::SUCCESS
                }
                _ => {
                    // One line: clap's message up to its usage block, joined.
                    let text = e.to_string();
                    let message: Vec<&str> = text
                        .lines()
                        .take_while(|l| !l.starts_with("Usage:"))
                        .map(str::trim)
                        .filter(|l| !l.is_empty() && !l.starts_with("tip:"))
                        .collect();
                    eprintln!("{} (see acey --help)", message.join(" "));
                    ExitCode::from(2)
                }
            };
        }
    };
    let result = match cli.command {
        // No command: serve the web client, so that `cargo run --release` starts a game server.
        None => commands::serve::run(commands::serve::Args::defaults()),
        Some(Command::Serve(args)) => commands::serve::run(args),
        Some(Command::BenchServer(args)) => commands::serve::bench(args),
        Some(Command::ExportWeb(args)) => commands::export_web::run(args),
        Some(Command::Moves(args)) => commands::moves::run(args),
        Some(Command::Perft(args)) => commands::perft::run(args),
        Some(Command::Selfplay(args)) => commands::selfplay::run(args),
        Some(Command::Rules(args)) => commands::rules::run(args),
        Some(Command::Play(args)) => commands::play::run(args),
        Some(Command::Duel(args)) => commands::duel::run(args),
        Some(Command::Benchmark(args)) => commands::benchmark::run(args),
        Some(Command::Hint(args)) => commands::hint::run(args),
        Some(Command::Eval(args)) => commands::eval::run(args),
        Some(Command::Engine(args)) => commands::engine::run(args),
        Some(Command::Train(args)) => commands::train::run(args),
        Some(Command::Analyse(args)) => commands::analyse::run(args),
        Some(Command::Convert(args)) => commands::convert::run(args),
        Some(Command::Bearoff(args)) => commands::bearoff::run(args),
        Some(Command::Met(args)) => commands::met::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // A closed pipe (`acey moves ... | head`) is the reader's choice, not an error.
            if closed_pipe(&e) {
                return ExitCode::SUCCESS;
            }
            if let Some(t) = e.downcast_ref::<Translated>() {
                eprintln!("{}", t.text);
                return ExitCode::from(if t.usage { 2 } else { 1 });
            }
            eprintln!("error: {e:#}");
            let usage_output = e.chain().any(|cause| {
                cause
                    .downcast_ref::<output::OutputError>()
                    .is_some_and(output::OutputError::is_usage)
            });
            if usage_output || e.downcast_ref::<UsageError>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// Whether an error is, or was caused by, writing to a closed pipe.
pub(crate) fn closed_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
