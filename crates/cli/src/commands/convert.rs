//! `acey convert`: a game file (an acey record or a bgammon.org `.match` replay) written as an
//! acey record or, for backgammon games, as Jellyfish `.mat` text for GNU Backgammon.

use std::path::PathBuf;

use acey_rules::{jellyfish, Record};

use crate::{input, UsageError};

/// What `acey convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The acey game record (docs/notation.md).
    Record,
    /// Jellyfish `.mat` match text (backgammon games only), what GNU Backgammon imports.
    Mat,
}

/// Arguments of `acey convert`.
#[derive(clap::Args)]
pub struct Args {
    /// The game file: an acey record or a bgammon.org `.match` replay (told apart by content).
    file: PathBuf,
    /// What to write.
    #[arg(long, value_enum, default_value = "record")]
    to: Format,
    /// Where to write it (default: standard output).
    #[arg(long, short)]
    output: Option<PathBuf>,
}

/// Runs `acey convert`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| UsageError(format!("cannot read {}: {e}", args.file.display())))?;
    let (record, game) = input::game_record(&text)
        .map_err(|e| UsageError(format!("{}: {e}", args.file.display())))?;
    let out = match args.to {
        Format::Record => Record::from_game(&game, record.header.clone()).to_string(),
        Format::Mat => {
            // Names in .mat are single words before " : ".
            let names: Vec<String> = (0..2)
                .map(|i| {
                    let name = record.header.players[i]
                        .clone()
                        .unwrap_or_else(|| format!("player{i}"));
                    let word: String = name
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .join("_")
                        .replace(':', "_");
                    if word.is_empty() {
                        format!("player{i}")
                    } else {
                        word
                    }
                })
                .collect();
            jellyfish::to_mat(&game, [&names[0], &names[1]])
                .map_err(|e| UsageError(format!("{}: {e}", args.file.display())))?
        }
    };
    match &args.output {
        Some(path) => {
            crate::output::write(path, out.as_bytes()).map_err(|e| UsageError(e.to_string()))?;
        }
        None => outln!("{}", out.trim_end_matches('\n'))?,
    }
    Ok(())
}
