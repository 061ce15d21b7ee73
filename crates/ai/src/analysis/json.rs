//! The JSON of an analysis (docs/analysis.md, "JSON"): what `acey analyse --json` prints, the
//! engine's `analyse` answers and the server stores and sends to the browser, written in one
//! place so that the three never differ.

use serde_json::{json, Value};

use super::{Analysis, Decision, RolloutRun};
use acey_rules::Player;

/// Rounds to four decimals: the JSON carries what the analysis can tell apart, not float noise.
fn round(x: f32) -> f64 {
    (x as f64 * 1e4).round() / 1e4
}

/// A player's name, or `player N` when the game has none.
pub fn name(names: &[Option<String>; 2], p: Player) -> String {
    names[p.index()]
        .clone()
        .unwrap_or_else(|| format!("player {}", p.index()))
}

fn decision(i: usize, d: &Decision) -> Value {
    let alternatives: Vec<Value> = d
        .alternatives
        .iter()
        .map(|a| {
            json!({
                "play": a.play,
                "equity": round(a.equity),
                "win": round(a.win),
                "plies": a.plies,
                "played": a.played,
                "steps": a.steps,
                "position": a.state,
            })
        })
        .collect();
    json!({
        "index": i,
        "action": d.action,
        "game": d.game,
        "player": d.player.index(),
        "kind": d.kind.as_str(),
        "dice": d.dice.map(|(a, b)| vec![a, b]),
        "cube": d.cube,
        "played": d.played,
        "best": d.best,
        "played_equity": round(d.played_equity),
        "best_equity": round(d.best_equity),
        "equity_lost": round(d.equity_lost),
        "mark": d.mark.map(|m| m.as_str().replace(' ', "_")),
        "forced": d.forced,
        "luck": d.luck.map(round),
        "rollout": d.rollout.map(|r| json!({
            "trials": r.trials,
            "candidates": r.candidates,
            "played_std_error": round(r.played_std_error),
            "best_std_error": round(r.best_std_error),
        })),
        "position": d.position,
        "position_id": d.position.id(),
        "alternatives": alternatives,
    })
}

/// The JSON of docs/analysis.md: the players' summaries, every decision, the equity graph and,
/// with `rollouts`, what the rollouts did.
pub fn to_json(a: &Analysis, names: &[Option<String>; 2], rollouts: Option<&RolloutRun>) -> Value {
    let players: Vec<Value> = a
        .players
        .iter()
        .map(|p| {
            json!({
                "player": p.player.index(),
                "name": name(names, p.player),
                "decisions": p.decisions,
                "unforced": p.unforced,
                "marks": {"doubtful": p.doubtful, "bad": p.bad, "very_bad": p.very_bad},
                "error_rate": round(p.error_rate),
                "luck": round(p.luck),
                "rating": round(p.rating),
            })
        })
        .collect();
    let decisions: Vec<Value> = a
        .decisions
        .iter()
        .enumerate()
        .map(|(i, d)| decision(i, d))
        .collect();
    let equity: Vec<Value> = a
        .equity_graph()
        .into_iter()
        .map(|(i, p, e, w)| {
            json!({"index": i, "player": p.index(), "equity": round(e), "win": round(w)})
        })
        .collect();
    json!({
        "plies": a.plies,
        "complete": a.complete,
        "rollouts": rollouts.map(|r| json!({
            "trials": r.settings.effective_trials(),
            "truncate": r.settings.truncate,
            "seed": r.settings.seed,
            "variance_reduction": r.settings.variance_reduction,
            "marked": r.marked,
            "done": r.done,
        })),
        "players": players,
        "decisions": decisions,
        "equity": equity,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Analyser;
    use crate::Level;
    use acey_rules::{play_random, Game, Preset, SeededRng};

    #[test]
    fn every_documented_field_is_written() {
        let rules = Preset::American.rules();
        let mut game = Game::new(rules);
        play_random(&mut game, &mut SeededRng::new(4), |_| {}).unwrap();
        let analyser = Analyser::new(Level::Advanced, rules, 0).unwrap();
        let a = analyser.analyse(&game).unwrap();
        let v = to_json(&a, &[Some("anna".into()), None], None);
        assert_eq!(v["players"][0]["name"], "anna");
        assert_eq!(v["players"][1]["name"], "player 1");
        for key in [
            "plies",
            "complete",
            "rollouts",
            "players",
            "decisions",
            "equity",
        ] {
            assert!(v.get(key).is_some(), "{key}");
        }
        let d = v["decisions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["alternatives"].as_array().is_some_and(|a| a.len() > 1))
            .expect("a decision with alternatives");
        for key in [
            "index",
            "action",
            "game",
            "player",
            "kind",
            "dice",
            "cube",
            "played",
            "best",
            "played_equity",
            "best_equity",
            "equity_lost",
            "mark",
            "forced",
            "luck",
            "rollout",
            "position",
            "position_id",
            "alternatives",
        ] {
            assert!(d.get(key).is_some(), "{key} in {d}");
        }
        let alt = &d["alternatives"][0];
        for key in [
            "play", "equity", "win", "plies", "played", "steps", "position",
        ] {
            assert!(alt.get(key).is_some(), "{key} in {alt}");
        }
        assert_eq!(alt["play"], d["best"]);
        assert!(alt["position"]["board"].is_array(), "{alt}");
    }
}
