//! How far the backgammon network's judgement is from settled values in back games, beside
//! ordinary contact positions (models/MODEL.md, "What is weak").
//!
//! `cargo run --release -p acey-ai --example backgames -- [PER_GROUP] [TRIALS] [SEED]`, by
//! default 24 positions a group, 1,296 trials, seed 1: finds the positions, values and settles
//! them, and prints a line for each (the measurement of record is kept in
//! `models/training/backgames-2026-12-06.log`).
//!
//! `cargo run --release -p acey-ai --example backgames -- --settled FILE [BOT]` judges another
//! bot (`advanced@NET.acey-net`, as `acey duel` names bots; the shipped `advanced` by default)
//! against the positions and settled values of such a file, with no rollout: a network trained
//! for back games is measured against the same values as the one before it.
//!
//! Games between two `beginner` bots (0-ply with a lot of noise: their mistakes make back games
//! common) under the `backgammon` preset without the cube give the positions, taken before a
//! roll, at most one a game per group so that they do not share a game:
//!
//! * **back game**: one side holds two or more points in the other's home board (their own
//!   points 19 to 24, two checkers or more each) and trails the race by 40 pips or more;
//! * **contact**: any other position where the two sides must still pass each other.
//!
//! Each position is valued by the `advanced` level's evaluator at 0-ply and searched at 2-ply,
//! and settled by a rollout of `TRIALS` whole games (first roll stratified over the 36 rolls)
//! played by the same level: the settled value is acey's own long rollout, so an error the
//! network makes in play is in it too, but one it makes judging a position from afar is not.
//! The example prints, for each group, the mean and the 90th percentile of the absolute
//! difference to the rollout, the share of positions more than 0.3 away, and the rollouts'
//! mean standard error (the noise under those figures).

use std::time::Instant;

use acey_ai::levels::Level;
use acey_ai::{Bot, Rollout, RolloutSettings};
use acey_rules::{dice_action, Game, Phase, Player, Position, Rules, SeededRng};

/// A side's checkers still behind the other's: the point of its furthest checker (25 for one on
/// the bar or not yet entered).
fn furthest(pos: &Position, p: Player) -> u8 {
    if pos.bar(p) + pos.start(p) > 0 {
        return 25;
    }
    (1..=24).rev().find(|&q| pos.count(p, q) > 0).unwrap_or(0)
}

/// Whether the two sides must still pass each other.
fn contact(pos: &Position) -> bool {
    furthest(pos, Player::Zero) + furthest(pos, Player::One) > 25
}

/// Whether `p` plays a back game: two or more points held in the other's home board and 40
/// pips or more behind.
fn back_game(pos: &Position, p: Player) -> bool {
    let anchors = (19..=24).filter(|&q| pos.count(p, q) >= 2).count();
    anchors >= 2 && pos.pip_count(p) >= pos.pip_count(p.other()) + 40
}

#[derive(Default)]
struct Group {
    zero: Vec<f64>,
    two: Vec<f64>,
    std_error: Vec<f64>,
}

impl Group {
    fn line(&self, name: &str) -> String {
        let n = self.zero.len().max(1) as f64;
        let mean = |xs: &[f64]| xs.iter().sum::<f64>() / n;
        let p90 = |xs: &[f64]| {
            let mut v = xs.to_vec();
            v.sort_by(f64::total_cmp);
            v.get(((v.len().max(1) - 1) as f64 * 0.9).round() as usize)
                .copied()
                .unwrap_or(f64::NAN)
        };
        let far = |xs: &[f64]| xs.iter().filter(|&&x| x > 0.3).count();
        format!(
            "{name:<10} {:>3}   0-ply {:.3} (p90 {:.3}, {:>2} over 0.3)   2-ply {:.3} (p90 {:.3}, {:>2} over 0.3)   rollout SE {:.3}",
            self.zero.len(),
            mean(&self.zero),
            p90(&self.zero),
            far(&self.zero),
            mean(&self.two),
            p90(&self.two),
            far(&self.two),
            mean(&self.std_error),
        )
    }
}

/// The `--settled FILE [BOT]` mode: `bot`'s 0-ply and 2-ply errors against the rollouts of a
/// file this example printed.
fn judge_settled(file: &str, bot: Option<&str>) -> Result<(), String> {
    let mut rules: Rules = "backgammon".parse().map_err(|e| format!("{e:?}"))?;
    rules.doubling_cube = false;
    rules.match_target = None;
    let judge = match bot {
        Some(name) => acey_ai::named_bot(name, rules, 1).map_err(|e| e.to_string())?,
        None => Level::Advanced.bot(rules),
    };
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let mut groups = [Group::default(), Group::default()];
    for (i, line) in text.lines().enumerate() {
        // `back ID 0-ply +x 2-ply +y rollout +z ±se`
        let words: Vec<&str> = line.split_whitespace().collect();
        let g = match words.first() {
            Some(&"back") if words.get(1) != Some(&"game") => 0,
            Some(&"contact") if words.len() == 9 => 1,
            _ => continue,
        };
        let bad = || format!("{file}:{}: not a measured position: {line}", i + 1);
        if words.len() != 9 || words[6] != "rollout" {
            return Err(bad());
        }
        let pos = Position::from_gnubg_id(words[1], Player::Zero).map_err(|_| bad())?;
        let settled: f64 = words[7].parse().map_err(|_| bad())?;
        let se: f64 = words[8]
            .trim_start_matches('±')
            .parse()
            .map_err(|_| bad())?;
        let zero = judge.evaluate(&pos).equity(&rules) as f64;
        let two = judge.analyse(&pos, 2).0 as f64;
        groups[g].zero.push((zero - settled).abs());
        groups[g].two.push((two - settled).abs());
        groups[g].std_error.push(se);
        println!(
            "{} {} 0-ply {zero:+.3} 2-ply {two:+.3} rollout {settled:+.3} ±{se:.3}",
            words[0], words[1]
        );
    }
    if groups.iter().any(|g| g.zero.is_empty()) {
        return Err(format!(
            "{file}: no back-game or no contact positions in it"
        ));
    }
    println!("{}", groups[0].line("back game"));
    println!("{}", groups[1].line("contact"));
    Ok(())
}

fn main() -> Result<(), String> {
    let raw: Vec<String> = std::env::args().skip(1).collect();
    if raw.first().map(String::as_str) == Some("--settled") {
        let file = raw.get(1).ok_or("usage: backgames --settled FILE [BOT]")?;
        return judge_settled(file, raw.get(2).map(String::as_str));
    }
    let args: Vec<u64> = raw
        .iter()
        .map(|a| a.parse().map_err(|_| format!("'{a}' is not a count")))
        .collect::<Result<_, _>>()?;
    let per_group = args.first().copied().unwrap_or(24) as usize;
    let trials = args.get(1).copied().unwrap_or(1296) as usize;
    let seed = args.get(2).copied().unwrap_or(1);
    let mut rules: Rules = "backgammon".parse().map_err(|e| format!("{e:?}"))?;
    rules.doubling_cube = false;
    rules.match_target = None;
    let players = Level::Beginner.bot(rules);
    let judge: Bot = Level::Advanced.bot(rules);
    let mut rng = SeededRng::new(seed);

    // The positions: at most one of each group a game.
    let (mut backs, mut others) = (Vec::new(), Vec::new());
    let mut games = 0;
    while (backs.len() < per_group || others.len() < per_group) && games < 20_000 {
        games += 1;
        let mut game = Game::new(rules);
        let (mut back, mut other) = (None, None);
        let mut rolls = 0u64;
        while !matches!(game.phase(), Phase::GameOver { .. }) {
            let actions = match game.phase() {
                Phase::DieOff | Phase::Roll { .. } => {
                    if let Phase::Roll { player } = game.phase() {
                        let pos = game.position().with_turn(*player);
                        rolls += 1;
                        if contact(&pos) {
                            if back_game(&pos, Player::Zero) || back_game(&pos, Player::One) {
                                back.get_or_insert(pos);
                            } else if rolls.is_multiple_of(7) {
                                other.get_or_insert(pos);
                            }
                        }
                    }
                    dice_action(game.phase(), &mut rng).into_iter().collect()
                }
                _ => players.decide(&game, &mut rng),
            };
            for a in actions {
                game.apply(a).map_err(|e| e.to_string())?;
            }
        }
        backs.extend(back.filter(|_| backs.len() < per_group));
        others.extend(other.filter(|_| others.len() < per_group));
    }
    eprintln!(
        "{} back-game and {} contact positions from {games} games; rolling each out {trials} times...",
        backs.len(),
        others.len()
    );

    let settings = RolloutSettings {
        trials,
        seed,
        ..RolloutSettings::default()
    };
    let began = Instant::now();
    let mut groups = [Group::default(), Group::default()];
    let total = backs.len() + others.len();
    for (i, (g, pos)) in backs
        .iter()
        .map(|p| (0, p))
        .chain(others.iter().map(|p| (1, p)))
        .enumerate()
    {
        let zero = judge.evaluate(pos).equity(&rules) as f64;
        let two = judge.analyse(pos, 2).0 as f64;
        let settled = Rollout::new(&judge, settings).state(pos);
        groups[g].zero.push((zero - settled.equity).abs());
        groups[g].two.push((two - settled.equity).abs());
        groups[g].std_error.push(settled.std_error);
        println!(
            "{} {} 0-ply {zero:+.3} 2-ply {two:+.3} rollout {:+.3} ±{:.3}",
            ["back", "contact"][g],
            pos.gnubg_id().unwrap_or_else(|_| pos.to_json()),
            settled.equity,
            settled.std_error
        );
        eprintln!(
            "  {} of {total} ({:.0} s)",
            i + 1,
            began.elapsed().as_secs_f64()
        );
    }
    println!("{}", groups[0].line("back game"));
    println!("{}", groups[1].line("contact"));
    Ok(())
}
