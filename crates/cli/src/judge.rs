//! Judging positions and plays, as `acey hint`, `acey eval` and `acey engine` do: the plays of
//! a roll ranked (by search or by rollouts), a state evaluated, and candidates written in move
//! notation and JSON.

use acey_ai::cube::{cube_efficiency, CubeAnalysis, CubeOwner, CubeVerdict};
use acey_ai::{max_points, Bot, Candidate, Eval, Level, Ranked, Rollout, RolloutSettings};
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

/// The evaluation behind the gammon and cube figures of `state` for its player to roll: 0-ply
/// at depth 0, else one roll ahead, the depth of the bot's own cube decisions
/// (`acey_ai::cube`); deeper searches keep only the win chance and the equity.
pub fn eval_parts(level: Level, rules: Rules, state: &Position, plies: u8) -> Eval {
    let bot = judging_bot(level, rules, plies.min(1));
    if plies == 0 {
        bot.evaluate(state)
    } else {
        bot.evaluate_ahead(state)
    }
}

/// What a win and a loss are worth on average, in points at a cube of 1: `(win, loss)`.
/// Above 1 by the share of gammons and backgammons (or, under checker-count scoring, by the
/// checkers left).
pub fn points_per_result(rules: &Rules, e: &Eval) -> (f64, f64) {
    let scale = f64::from(max_points(rules));
    (
        f64::from(e.win_points) * scale,
        f64::from(e.loss_points) * scale,
    )
}

/// The money-game cube decision of `state` (its player to roll, evaluated as `e`) with the cube
/// at `value` owned as `owner`: GNU Backgammon's method as the bot uses it (`acey_ai::cube`).
pub fn cube(rules: &Rules, state: &Position, e: Eval, value: u32, owner: CubeOwner) -> Cube {
    let a = CubeAnalysis::from_eval(e, rules, value, owner, cube_efficiency(state));
    let may_double = owner != CubeOwner::Theirs;
    let verdict = if may_double {
        a.verdict()
    } else {
        CubeVerdict::NoDoubleTake
    };
    let cubeful = match verdict {
        CubeVerdict::DoubleTake | CubeVerdict::DoublePass => a.double_take.min(a.double_pass),
        CubeVerdict::NoDoubleTake | CubeVerdict::TooGoodToDouble => a.no_double,
    };
    Cube {
        analysis: a,
        may_double,
        verdict,
        cubeful: f64::from(cubeful),
    }
}

/// A cube decision, as [`cube`] judges it.
#[derive(Debug, Clone, Copy)]
pub struct Cube {
    /// The equities of no double, double/take and double/pass.
    pub analysis: CubeAnalysis,
    /// Whether the player on roll may double (the cube is not the opponent's).
    pub may_double: bool,
    /// The right action.
    pub verdict: CubeVerdict,
    /// The cubeful equity of the right action, in points.
    pub cubeful: f64,
}

impl Cube {
    /// The right action in a backgammon player's words (`double, take`, `no double`...).
    pub fn action(&self) -> &'static str {
        match (self.may_double, self.verdict) {
            (false, _) => "no double (the cube is the opponent's)",
            (true, CubeVerdict::NoDoubleTake) => "no double, take",
            (true, CubeVerdict::TooGoodToDouble) => "too good to double, pass",
            (true, CubeVerdict::DoubleTake) => "double, take",
            (true, CubeVerdict::DoublePass) => "double, pass",
        }
    }

    /// The decision as JSON.
    pub fn json(&self) -> Value {
        json!({
            "no_double": self.analysis.no_double,
            "double_take": self.analysis.double_take,
            "double_pass": self.analysis.double_pass,
            "efficiency": self.analysis.efficiency,
            "cubeful_equity": self.cubeful,
            "action": self.action(),
        })
    }
}

/// The cubeful equity, for `mover`, of the play that reached `after`, the cube at `value` and
/// owned by `mover_owner` as the mover sees it: the cubeful equity of whoever rolls there (0-ply,
/// their best cube action taken), negated when that is the opponent.
pub fn cubeful_after(
    level: Level,
    rules: Rules,
    mover: acey_rules::Player,
    after: &Position,
    value: u32,
    mover_owner: CubeOwner,
) -> f64 {
    let e = eval_parts(level, rules, after, 0);
    if after.turn() == mover {
        return cube(&rules, after, e, value, mover_owner).cubeful;
    }
    let theirs = match mover_owner {
        CubeOwner::Centred => CubeOwner::Centred,
        CubeOwner::Mine => CubeOwner::Theirs,
        CubeOwner::Theirs => CubeOwner::Mine,
    };
    -cube(&rules, after, e, value, theirs).cubeful
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

    #[test]
    fn a_won_race_is_a_double_and_pass_and_a_centred_start_is_no_double() {
        use acey_rules::Preset;
        let rules = Preset::Backgammon.rules();
        let start = Position::starting(&rules);
        let e = eval_parts(Level::Advanced, rules, &start, 0);
        let (win, loss) = points_per_result(&rules, &e);
        // Gammons count: each is about a point, more or less (the network's own estimate).
        assert!(
            win > 0.8 && win < 3.0 && loss > 0.8 && loss < 3.0,
            "{win} {loss}"
        );
        let c = cube(&rules, &start, e, 1, CubeOwner::Centred);
        assert_eq!(c.action(), "no double, take");
        assert!((c.cubeful - f64::from(c.analysis.no_double)).abs() < 1e-9);
        // Far ahead: a sure single win is a double and pass, worth the cube.
        let sure = Eval {
            win: 0.99,
            win_points: 1.0 / 3.0,
            loss_points: 1.0 / 3.0,
        };
        let c = cube(&rules, &start, sure, 1, CubeOwner::Centred);
        assert_eq!(c.action(), "double, pass");
        assert!((c.cubeful - 1.0).abs() < 1e-6, "{}", c.cubeful);
        // The opponent's cube cannot be turned.
        let c = cube(&rules, &start, sure, 2, CubeOwner::Theirs);
        assert!(!c.may_double && c.action().starts_with("no double"));
    }
}
