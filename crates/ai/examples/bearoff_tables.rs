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
        if rules.acey_deucey {
            let (median, p95, worst) = decision_ms(&rules);
            println!(
                "  strongest level's decision in a bear-off (table built): median {median:.3} ms, \
                 95th percentile {p95:.3} ms, slowest {worst:.3} ms (a 1-2 every fourth roll)"
            );
        }
        built.push((k, preset.to_string()));
    }
}

/// Random bear-off states: both sides 1 to 15 checkers on random home points, player 0 to roll.
fn random_states(count: usize) -> Vec<acey_rules::Position> {
    use acey_rules::{Player, Position, SeededRng};
    let mut dice = SeededRng::new(1);
    let home = |dice: &mut SeededRng| {
        let mut h = [0i8; 6];
        for _ in 0..1 + dice.below(15) {
            h[dice.below(6)] += 1;
        }
        h
    };
    (0..count)
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
        .collect()
}

/// Median, 95th percentile and slowest milliseconds of the strongest level's choice over random
/// bear-off states, the process's table built first.
fn decision_ms(rules: &acey_rules::Rules) -> (f64, f64, f64) {
    let _ = acey_ai::bearoff::table(rules);
    let bot = acey_ai::Level::Strongest.bot(*rules);
    let mut dice = acey_rules::SeededRng::new(2);
    let mut times: Vec<f64> = random_states(400)
        .iter()
        .enumerate()
        .map(|(k, s)| {
            let roll = if k % 4 == 0 { (1, 2) } else { dice.roll() };
            let started = std::time::Instant::now();
            let _ = bot.choose(s, roll, &mut dice);
            started.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let n = times.len();
    (times[n / 2], times[n * 95 / 100], times[n - 1])
}

/// Mean nanoseconds of [`Table::eval`] over random bear-off states (both sides 1 to 15 checkers).
fn lookup_ns(table: &Table, rules: &acey_rules::Rules) -> f64 {
    let states = random_states(10_000);
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
