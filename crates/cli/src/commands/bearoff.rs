//! `acey bearoff`: builds a rule set's one-sided bear-off table and shows what it holds, in all
//! or for one home board.

use serde_json::json;

use acey_ai::bearoff::{self, Home, POINTS};

use crate::{input, UsageError};

/// Arguments of `acey bearoff`.
#[derive(clap::Args)]
pub struct Args {
    /// Rules: a preset with optional overrides.
    #[arg(long, default_value = "american")]
    rules: String,
    /// One side's home board: the checkers on its points 1 to 6, e.g. `0,2,0,3,0,1` (the rest
    /// are off). Without it, the table as a whole.
    #[arg(long)]
    board: Option<String>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// Reads `0,2,0,3,0,1`: six counts, at most 15 in all.
fn board(text: &str) -> Result<Home, UsageError> {
    let bad = || {
        UsageError(format!(
            "bad --board '{text}': give the checkers on points 1 to 6, e.g. 0,2,0,3,0,1 (at most 15 in all)"
        ))
    };
    let counts: Vec<u8> = text
        .split(',')
        .map(|c| c.trim().parse::<u8>().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    let home: Home = counts.try_into().map_err(|_| bad())?;
    if home.iter().map(|&c| c as u32).sum::<u32>() > acey_rules::CHECKERS as u32 {
        return Err(bad());
    }
    Ok(home)
}

/// Runs `acey bearoff`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let rules = input::rules(&args.rules)?;
    let home = args.board.as_deref().map(board).transpose()?;
    let table = bearoff::table(&rules).ok_or_else(|| {
        UsageError(format!(
            "no bear-off table for {rules}: a limit on the acey-deucey chain is not part of a position"
        ))
    })?;
    let Some(home) = home else {
        let (built, mb) = (table.build_time().as_secs_f64(), table.bytes() as f64 / 1e6);
        if args.json {
            let v = json!({"rules": rules.to_string(), "boards": table.len(),
                "build_seconds": built, "bytes": table.bytes()});
            outln!("{v}")?;
        } else {
            outln!("bear-off table for {rules} (shared by every rule set with its bear-off options: {})", table.rules())?;
            outln!(
                "boards:   {} (up to 15 checkers on points 1-6)",
                table.len()
            )?;
            outln!("built in: {built:.2} s")?;
            outln!("memory:   {mb:.2} MB")?;
        }
        return Ok(());
    };
    let e = table
        .entry(&home)
        .expect("a full table holds every board of up to 15");
    let rows: Vec<(usize, f32, f32)> = (1..e.end())
        .map(|t| (t, e.turns(t), e.left_after(t)))
        .collect();
    if args.json {
        let turns: Vec<_> = rows
            .iter()
            .map(|&(t, p, left)| json!({"turn": t, "probability": p, "left": left}))
            .collect();
        let v = json!({"rules": rules.to_string(), "board": home, "mean_turns": e.mean(),
            "turns": turns});
        outln!("{v}")?;
        return Ok(());
    }
    let points: Vec<String> = (0..POINTS)
        .filter(|&k| home[k] > 0)
        .map(|k| format!("{}:{}", k + 1, home[k]))
        .collect();
    outln!(
        "board {} ({} checkers, {rules})",
        points.join(" "),
        e.checkers()
    )?;
    outln!("expected turns: {:.4}", e.mean())?;
    outln!("turn  off in this turn  off by now  checkers left")?;
    let mut by_now = e.turns(0);
    for (t, p, left) in rows {
        by_now += p;
        outln!("{t:>4}  {:>15.6}  {:>10.6}  {left:>13.4}", p, by_now)?;
    }
    Ok(())
}
