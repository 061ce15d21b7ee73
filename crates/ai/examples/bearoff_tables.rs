//! Builds the bear-off table of every preset and prints its build time, size, a few entries and
//! the cost of a two-sided lookup (the figures in `models/MODEL.md`).
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
        let per_lookup = lookup_ns(&table, &rules);
        println!("  two-sided lookup (Table::eval on random bear-offs): {per_lookup:.0} ns");
        built.push((k, preset.to_string()));
    }
}

/// Mean nanoseconds of [`Table::eval`] over random bear-off states (both sides 1 to 15 checkers).
fn lookup_ns(table: &Table, rules: &acey_rules::Rules) -> f64 {
    use acey_rules::{Dice, Player, Position};
    let mut dice = Dice::new(1);
    let home = |dice: &mut Dice| {
        let mut h = [0i8; 6];
        for _ in 0..1 + dice.below(15) {
            h[dice.below(6)] += 1;
        }
        h
    };
    let states: Vec<Position> = (0..10_000)
        .map(|_| {
            let (a, b) = (home(&mut dice), home(&mut dice));
            let mut board = [0i8; 24];
            for k in 0..6 {
                board[k] = a[k];
                board[23 - k] = -b[k];
            }
            let off = |h: &[i8; 6]| 15 - h.iter().sum::<i8>() as u8;
            Position::new(board, [0, 0], [0, 0], [off(&a), off(&b)], Player::Zero)
                .expect("two home boards")
        })
        .collect();
    let started = std::time::Instant::now();
    let mut sum = 0.0f32;
    for _ in 0..20 {
        for s in &states {
            sum += table.eval(rules, s).map_or(0.0, |e| e.win);
        }
    }
    let ns = started.elapsed().as_nanos() as f64 / (20.0 * states.len() as f64);
    assert!(sum > 0.0);
    ns
}
