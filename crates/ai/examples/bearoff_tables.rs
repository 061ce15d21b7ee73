//! Builds the bear-off table of every preset and prints its build time, size and a few entries
//! (the figures in `models/MODEL.md`).
//!
//! `cargo run --release -p acey-ai --example bearoff_tables`

use acey_ai::bearoff::{key, Table};
use acey_rules::{Preset, CHECKERS};

fn main() {
    let mut built: Vec<(acey_rules::Rules, String)> = Vec::new();
    for &preset in Preset::ALL {
        let rules = preset.rules();
        let Some(k) = key(&rules) else {
            println!("{preset}: no table");
            continue;
        };
        if let Some((_, first)) = built.iter().find(|(b, _)| *b == k) {
            println!("{preset}: the table of {first}");
            continue;
        }
        let table = Table::build(&k, CHECKERS);
        let longest = acey_ai::bearoff::all_homes(CHECKERS)
            .iter()
            .map(|home| table.entry(home).map_or(0, |e| e.end()))
            .max()
            .unwrap_or(0);
        let fifteen_on_six = table.entry(&[0, 0, 0, 0, 0, 15]).map_or(0.0, |e| e.mean());
        let fifteen_on_one = table.entry(&[15, 0, 0, 0, 0, 0]).map_or(0.0, |e| e.mean());
        println!(
            "{preset}: built in {:.2} s, {:.2} MB, longest distribution {longest} turns, \
             expected turns: 15 on the 6-point {fifteen_on_six:.3}, 15 on the 1-point {fifteen_on_one:.3}",
            table.build_time().as_secs_f64(),
            table.bytes() as f64 / 1e6,
        );
        built.push((k, preset.to_string()));
    }
}
