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
        outln!("{rules}")?;
        for (name, value) in rules.option_values() {
            outln!("  {name} = {value}")?;
        }
        return Ok(());
    }
    outln!("Presets (write --rules PRESET[,option=value...]):")?;
    for p in Preset::ALL {
        let differs: Vec<String> = Rules::AMERICAN
            .option_values()
            .iter()
            .zip(p.rules().option_values())
            .filter(|(a, b)| a.1 != b.1)
            .map(|(_, (name, value))| format!("{name}={value}"))
            .collect();
        outln!("  {:<16} {}", p.as_str(), p.description())?;
        if !differs.is_empty() {
            outln!(
                "  {:<16}   differs from american: {}",
                "",
                differs.join(", ")
            )?;
        }
    }
    outln!()?;
    outln!("Options (default = the american preset):")?;
    for o in Rules::options() {
        outln!("  {:<20} [{}] {}", o.name, o.section, o.description)?;
        outln!(
            "  {:<20}   values: {}; default: {}",
            "",
            o.values.join(" | "),
            o.default
        )?;
    }
    Ok(())
}
