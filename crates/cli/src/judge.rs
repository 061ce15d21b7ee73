//! Judging positions and plays, as `acey hint`, `acey eval` and `acey engine` do: the plays of
//! a roll ranked (by search or by rollouts), a state evaluated, and candidates written in move
//! notation and JSON.

use acey_ai::{Bot, Candidate, Level, Ranked, Rollout, RolloutSettings};
use acey_rules::{Position, Rules};
use serde_json::{json, Value};

use crate::UsageError;

/// How plays are ranked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Expectimax this many plies deep.
    Ply(u8),
    /// Rollouts of the best candidates, with these settings.
    Rollout(RolloutSettings),
}

/// One ranked play.
#[derive(Debug, Clone)]
pub struct HintRow {
    /// The candidate.
    pub candidate: Candidate,
    /// Win probability for the mover.
    pub win: f64,
    /// Expected points for the mover.
    pub equity: f64,
    /// Standard error of `equity` (rollouts only).
    pub std_error: Option<f64>,
    /// The search depth of `win` and `equity` (searches only): move filters leave the weaker
    /// candidates at the depth of the pass that dropped them, as in GNU Backgammon's hints.
    pub plies: Option<u8>,
}

/// Candidates rolled out by a rollout hint (the best by 0-ply).
const ROLLOUT_CANDIDATES: usize = 8;

/// Most plies a search may look ahead: beyond 2 a decision takes minutes.
pub const MAX_PLY: u8 = 2;

/// The bot for analysis at `level`'s evaluator and filters, `plies` deep.
pub fn judging_bot(level: Level, rules: Rules, plies: u8) -> Bot {
    Bot::new(
        level.evaluator(&rules),
        rules,
        level.judging_settings(&rules, plies),
    )
}

/// Checks that the plies asked for are searchable. `rollout` says whether the command has a
/// `--rollout` to suggest instead (`acey hint` has, `acey eval` has not).
pub fn check_ply(ply: u8, rollout: bool) -> Result<u8, UsageError> {
    if ply > MAX_PLY {
        let instead = if rollout { " (or --rollout)" } else { "" };
        return Err(UsageError(format!(
            "--ply {ply} is too deep: use 0 to {MAX_PLY}{instead}"
        )));
    }
    Ok(ply)
}

/// Refuses a finished game (there is nothing to play).
pub fn check_playable(state: &Position) -> Result<(), UsageError> {
    match state.winner() {
        Some(w) => Err(UsageError(format!(
            "the game is over: player {} has borne off every checker",
            w.index()
        ))),
        None => Ok(()),
    }
}

/// The plays of `dice` from `state`, best first.
pub fn hint(
    level: Level,
    rules: Rules,
    state: &Position,
    dice: (u8, u8),
    method: Method,
) -> Vec<HintRow> {
    match method {
        Method::Ply(plies) => judging_bot(level, rules, plies)
            .rank(state, dice)
            .into_iter()
            .map(|r| HintRow {
                candidate: r.candidate,
                win: r.win as f64,
                equity: r.equity as f64,
                std_error: None,
                plies: Some(r.plies),
            })
            .collect(),
        Method::Rollout(rollout) => {
            // Candidates are chosen by an exact 0-ply ranking and played out by the level's
            // 0-ply bot, whose chain filter keeps the 1-2s of the games fast.
            let ranked: Vec<Ranked> = judging_bot(level, rules, 0)
                .rank(state, dice)
                .into_iter()
                .take(ROLLOUT_CANDIDATES)
                .collect();
            let player = Bot::new(level.evaluator(&rules), rules, level.settings_at(&rules, 0));
            let cands: Vec<Candidate> = ranked.iter().map(|r| r.candidate).collect();
            let results = Rollout::new(&player, rollout)
                .candidates(state.turn(), &cands)
                .unwrap_or_default();
            let mut rows: Vec<HintRow> = cands
                .into_iter()
                .zip(results)
                .map(|(candidate, result)| HintRow {
                    candidate,
                    win: result.win,
                    equity: result.equity,
                    std_error: Some(result.std_error),
                    plies: None,
                })
                .collect();
            rows.sort_by(|a, b| b.equity.total_cmp(&a.equity));
            rows
        }
    }
}

/// A candidate in move notation (docs/notation.md): the steps of a natural roll, or the whole
/// acey-deucey segment `1-2: in/24 in/23, 6-6 chosen: in/19(4)`.
pub fn notation(rules: &Rules, dice: (u8, u8), c: &Candidate) -> String {
    acey_ai::candidates::notation(rules, dice, c)
}

/// A candidate as JSON: notation, steps, the named double, the position reached and who rolls
/// next there.
pub fn candidate_json(rules: &Rules, dice: (u8, u8), c: &Candidate) -> Value {
    let steps = c.play.map(|p| p.steps().to_vec()).unwrap_or_default();
    let double = c.double.map(|(d, play)| {
        json!({
            "value": d,
            "steps": play.map(|p| p.steps().to_vec()).unwrap_or_default(),
        })
    });
    json!({
        "notation": notation(rules, dice, c),
        "steps": steps,
        "double": double,
        "position": c.state,
        "next_turn": c.state.turn().index(),
    })
}

/// Hint rows as JSON objects, with the difference to the best.
pub fn rows_json(rules: &Rules, dice: (u8, u8), rows: &[HintRow]) -> Vec<Value> {
    let best = rows.first().map_or(0.0, |r| r.equity);
    rows.iter()
        .enumerate()
        .map(|(i, r)| {
            let mut v = candidate_json(rules, dice, &r.candidate);
            v["rank"] = json!(i + 1);
            v["win"] = json!(r.win);
            v["equity"] = json!(r.equity);
            v["diff"] = json!(r.equity - best);
            if let Some(se) = r.std_error {
                v["std_error"] = json!(se);
            }
            if let Some(plies) = r.plies {
                v["plies"] = json!(plies);
            }
            v
        })
        .collect()
}

/// Win probability and equity of `state` for its player to roll, `plies` deep.
pub fn evaluate(level: Level, rules: Rules, state: &Position, plies: u8) -> (f64, f64) {
    let (equity, win) = judging_bot(level, rules, plies).analyse(state, plies);
    (win as f64, equity as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use acey_rules::MoveGen;

    #[test]
    fn acey_deucey_segments_are_written_as_their_parts() {
        let rules = Rules::default();
        let start = Position::starting(&rules);
        let mut gen = MoveGen::new(&rules);
        let c = acey_ai::candidates(&rules, &mut gen, &start, (1, 2));
        let with_double = c.iter().find(|c| c.double.is_some()).unwrap();
        let text = notation(&rules, (1, 2), with_double);
        assert!(text.starts_with("1-2: in/"), "{text}");
        assert!(text.contains(" chosen: "), "{text}");
        let natural = acey_ai::candidates(&rules, &mut gen, &start, (6, 5));
        let text = notation(&rules, (6, 5), &natural[0]);
        assert!(!text.contains(':') && text.contains("in/"), "{text}");
    }

    #[test]
    fn ranked_rows_are_sorted_and_their_json_is_complete() {
        let rules = Rules::default();
        let start = Position::starting(&rules);
        let rows = hint(Level::Advanced, rules, &start, (6, 5), Method::Ply(0));
        assert!(rows.windows(2).all(|w| w[0].equity >= w[1].equity));
        let json = rows_json(&rules, (6, 5), &rows);
        assert_eq!(json[0]["rank"], 1);
        assert_eq!(json[0]["diff"], 0.0);
        assert!(json.last().unwrap()["diff"].as_f64().unwrap() <= 0.0);
        assert_eq!(json[0]["next_turn"], 1);
    }
}
