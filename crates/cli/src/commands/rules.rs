//! `acey rules`: presets and options, with defaults and descriptions.

use acey_rules::{Preset, Rules};

use crate::input;

/// Arguments of `acey rules`.
#[derive(clap::Args)]
pub struct Args {
    /// Show every option's value for this rule set (e.g. bgammon or american,scoring=single).
    #[arg(long)]
    show: Option<String>,
}

/// Runs `acey rules`.
pub fn run(args: Args) -> anyhow::Result<()> {
    if let Some(text) = args.show {
        let rules = input::rules(&text)?;
        println!("{rules}");
        for (name, value) in rules.option_values() {
            println!("  {name} = {value}");
        }
        return Ok(());
    }
    println!("Presets (write --rules PRESET[,option=value...]):");
    for p in Preset::ALL {
        let differs: Vec<String> = Rules::AMERICAN
            .option_values()
            .iter()
            .zip(p.rules().option_values())
            .filter(|(a, b)| a.1 != b.1)
            .map(|(_, (name, value))| format!("{name}={value}"))
            .collect();
        println!("  {:<16} {}", p.as_str(), p.description());
        if !differs.is_empty() {
            println!(
                "  {:<16}   differs from american: {}",
                "",
                differs.join(", ")
            );
        }
    }
    println!();
    println!("Options (default = the american preset):");
    for o in Rules::options() {
        println!("  {:<20} [{}] {}", o.name, o.section, o.description);
        println!(
            "  {:<20}   values: {}; default: {}",
            "",
            o.values.join(" | "),
            o.default
        );
    }
    Ok(())
}
