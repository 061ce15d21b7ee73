//! `acey engine`: the JSON-lines protocol on stdin/stdout, documented in
//! docs/engine-protocol.md.
//!
//! One request per line, one answer per line carrying the request's `id`. A request that cannot
//! be served (bad JSON, an unknown command, an illegal position, bad dice, ...) is answered with
//! `{"id": ..., "error": "..."}` and the engine reads on; only `quit` or the end of input stops it.

use std::io::{BufRead, Write};

use std::path::PathBuf;
use std::sync::Arc;

use acey_ai::{Bot, Evaluator, Level};
use acey_rules::{for_each_turn_segment, MoveGen, Position, Preset, Rules, SeededRng};
use serde_json::{json, Map, Value};

use crate::input;
use crate::judge::{self, Method};

/// Arguments of `acey engine`.
#[derive(clap::Args)]
pub struct Args {
    /// Seed of the noise of the weaker levels (their choices are reproducible for a seed).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A network file for the `move` and `double` commands instead of the shipped network of
    /// the request's rules (to play a trained checkpoint against another program); the level
    /// still sets the search, and the bear-off tables still play the bear-off.
    #[arg(long)]
    net: Option<PathBuf>,
    /// With --net, a race network for the positions with no contact left.
    #[arg(long, requires = "net")]
    race_net: Option<PathBuf>,
}

/// The protocol's version, reported by `ping`.
const PROTOCOL_VERSION: u32 = 1;

/// Why a request failed: the text of its `error` answer.
struct RequestError(String);

impl<E: std::fmt::Display> From<E> for RequestError {
    fn from(e: E) -> Self {
        RequestError(e.to_string())
    }
}

type Reply = Result<Map<String, Value>, RequestError>;

fn err<T>(message: impl Into<String>) -> Result<T, RequestError> {
    Err(RequestError(message.into()))
}

/// The engine's state between requests.
struct Engine {
    noise: SeededRng,
    /// `--net`'s evaluator, when given.
    network: Option<Arc<dyn Evaluator>>,
}

/// A request's fields, with readers that say what is wrong.
struct Request<'a>(&'a Map<String, Value>);

impl Request<'_> {
    fn rules(&self) -> Result<Rules, RequestError> {
        match self.0.get("rules") {
            None | Some(Value::Null) => Ok(Rules::default()),
            Some(Value::String(s)) => Ok(input::rules(s)?),
            Some(_) => {
                err("'rules' must be a string such as \"american\" or \"bgammon,scoring=single\"")
            }
        }
    }

    fn level(&self, default: Level) -> Result<Level, RequestError> {
        match self.0.get("level") {
            None | Some(Value::Null) => Ok(default),
            Some(Value::String(s)) => Ok(s.parse::<Level>()?),
            Some(_) => err("'level' must be a string such as \"expert\""),
        }
    }

    fn position(&self) -> Result<Position, RequestError> {
        self.position_at("position")
    }

    /// The position in field `key`: position JSON or an ID.
    fn position_at(&self, key: &str) -> Result<Position, RequestError> {
        match self.0.get(key) {
            None | Some(Value::Null) => {
                err(format!("missing '{key}' (position JSON or an acey ID)"))
            }
            Some(Value::String(s)) => Ok(input::position(s)?),
            Some(v @ Value::Object(_)) => Ok(input::position(&v.to_string())?),
            Some(_) => err(format!(
                "'{key}' must be position JSON (an object) or an ID (a string)"
            )),
        }
    }

    /// The optional `double`: the double named after a 1-2.
    fn named_double(&self) -> Result<Option<u8>, RequestError> {
        match self.0.get("double") {
            None | Some(Value::Null) => Ok(None),
            Some(v) => match v.as_u64() {
                Some(d @ 1..=6) => Ok(Some(d as u8)),
                _ => err(format!("'double' must be a number from 1 to 6, not {v}")),
            },
        }
    }

    fn dice(&self) -> Result<(u8, u8), RequestError> {
        match self.0.get("dice") {
            None | Some(Value::Null) => err("missing 'dice' (e.g. [3, 5] or \"3-5\")"),
            Some(Value::String(s)) => Ok(input::dice(s)?),
            Some(Value::Array(a)) => {
                let d: Vec<Option<u64>> = a.iter().map(Value::as_u64).collect();
                match d.as_slice() {
                    [Some(x @ 1..=6), Some(y @ 1..=6)] => Ok((*x as u8, *y as u8)),
                    _ => err(format!(
                        "'dice' must be two numbers from 1 to 6, not {}",
                        Value::Array(a.clone())
                    )),
                }
            }
            Some(v) => err(format!("'dice' must be [a, b] or \"a-b\", not {v}")),
        }
    }

    fn ply(&self) -> Result<u8, RequestError> {
        match self.0.get("ply") {
            None | Some(Value::Null) => Ok(0),
            Some(v) => match v.as_u64() {
                Some(n) if n <= judge::MAX_PLY as u64 => Ok(n as u8),
                _ => err(format!("'ply' must be 0 to {}, not {v}", judge::MAX_PLY)),
            },
        }
    }

    fn count(&self, key: &str, default: usize, max: usize) -> Result<usize, RequestError> {
        match self.0.get(key) {
            None | Some(Value::Null) => Ok(default),
            Some(v) => match v.as_u64() {
                Some(n) if n >= 1 && n <= max as u64 => Ok(n as usize),
                _ => err(format!("'{key}' must be a number from 1 to {max}, not {v}")),
            },
        }
    }
}

fn object(v: Value) -> Map<String, Value> {
    match v {
        Value::Object(m) => m,
        other => {
            let mut m = Map::new();
            m.insert("value".into(), other);
            m
        }
    }
}

impl Engine {
    fn handle(&mut self, cmd: &str, req: &Request) -> Reply {
        match cmd {
            "ping" => Ok(object(json!({
                "pong": true,
                "engine": "acey",
                "version": env!("CARGO_PKG_VERSION"),
                "protocol": PROTOCOL_VERSION,
            }))),
            "levels" => Ok(object(json!({
                "levels": Level::ALL
                    .iter()
                    .map(|l| json!({"name": l.as_str(), "description": l.description()}))
                    .collect::<Vec<_>>(),
            }))),
            "rules" => {
                let rules = req.rules()?;
                Ok(object(json!({
                    "rules": rules.to_string(),
                    "options": rules
                        .option_values()
                        .into_iter()
                        .map(|(k, v)| (k.to_string(), Value::String(v)))
                        .collect::<Map<_, _>>(),
                    "presets": Preset::ALL.iter().map(|p| p.as_str()).collect::<Vec<_>>(),
                })))
            }
            "move" => self.play(req),
            "double" => self.double(req),
            "apply" => apply(req),
            "eval" => {
                let rules = req.rules()?;
                let state = req.position()?;
                let level = req.level(Level::Strongest)?;
                let ply = req.ply()?;
                let (win, equity) = judge::evaluate(level, rules, &state, ply);
                Ok(object(json!({
                    "player": state.turn().index(),
                    "ply": ply,
                    "win": win,
                    "equity": equity,
                })))
            }
            "hint" => {
                let rules = req.rules()?;
                let state = req.position()?;
                let dice = req.dice()?;
                let level = req.level(Level::Strongest)?;
                let ply = req.ply()?;
                let max = req.count("max", 10, 10_000)?;
                judge::check_playable(&state)?;
                let mut rows = judge::hint(level, rules, &state, dice, Method::Ply(ply));
                rows.truncate(max);
                Ok(object(json!({
                    "player": state.turn().index(),
                    "dice": [dice.0, dice.1],
                    "ply": ply,
                    "plays": judge::rows_json(&rules, dice, &rows),
                })))
            }
            "analyse" => {
                // A whole game record (docs/notation.md) or bgammon replay judged as `acey analyse --json` does.
                let Some(text) = req.0.get("record").and_then(Value::as_str) else {
                    return err("'record' must be a game record as text (docs/notation.md)");
                };
                // A bgammon.org .match replay is read too (told apart by its first line).
                let (record, game) = crate::input::game_record(text)
                    .map_err(|e| RequestError(format!("bad record: {e}")))?;
                let level = req.level(Level::Advanced)?;
                let ply = req.ply()?;
                let analyser = acey_ai::analysis::Analyser::new(level, record.rules, ply)
                    .map_err(|e| RequestError(e.to_string()))?;
                let result = analyser
                    .analyse(&game)
                    .map_err(|e| RequestError(e.to_string()))?;
                Ok(object(super::analyse::to_json(
                    &result,
                    &record.header.players,
                )))
            }
            "quit" => Ok(object(json!({"bye": true}))),
            "" => err(
                "missing 'cmd' (one of move, double, apply, eval, hint, analyse, rules, levels, ping, quit)",
            ),
            other => err(format!(
                "unknown command '{other}': use move, double, apply, eval, hint, analyse, rules, levels, ping or quit"
            )),
        }
    }

    fn bot(&self, req: &Request) -> Result<(Rules, Bot), RequestError> {
        let rules = req.rules()?;
        let level = req.level(Level::Expert)?;
        let bot = match &self.network {
            Some(net) => level.bot_with(net.clone(), rules),
            None => level.bot(rules),
        };
        Ok((rules, bot))
    }

    /// `move`: the bot's whole turn segment for a roll.
    fn play(&mut self, req: &Request) -> Reply {
        let (rules, bot) = self.bot(req)?;
        let state = req.position()?;
        let dice = req.dice()?;
        judge::check_playable(&state)?;
        let c = bot.choose(&state, dice, &mut self.noise);
        let mut answer = object(judge::candidate_json(&rules, dice, &c));
        answer.insert("level".into(), json!(req.level(Level::Expert)?.as_str()));
        Ok(answer)
    }

    /// `double`: the double to name after a fully played 1-2, with its play.
    fn double(&mut self, req: &Request) -> Reply {
        let (rules, bot) = self.bot(req)?;
        let after = req.position()?;
        judge::check_playable(&after)?;
        if !rules.acey_deucey {
            return err(format!(
                "the rules '{rules}' have no acey-deucey: no double is named"
            ));
        }
        let ranked = bot.rank_doubles(&after);
        let chosen = if bot.settings().noise > 0.0 {
            bot.choose_double(&after, &mut self.noise)
        } else {
            ranked.first().map(|(d, _)| *d).unwrap_or(6)
        };
        let best = ranked.iter().find(|(d, _)| *d == chosen);
        let play = best
            .and_then(|(_, r)| r.candidate.double)
            .and_then(|(_, p)| p);
        let steps = play.map(|p| p.steps().to_vec()).unwrap_or_default();
        let notation = play.map_or_else(|| "-".to_string(), |p| p.notation());
        Ok(object(json!({
            "double": chosen,
            "steps": steps,
            "notation": notation,
            "position": best.map(|(_, r)| r.candidate.state),
            "next_turn": best.map(|(_, r)| r.candidate.state.turn().index()),
            "doubles": ranked
                .iter()
                .map(|(d, r)| json!({"value": d, "equity": r.equity, "win": r.win}))
                .collect::<Vec<_>>(),
        })))
    }
}

/// `apply`: a turn segment chosen elsewhere (another engine, a person), given by the state it
/// reaches and the double it names, checked against every segment the rules allow for the roll.
/// The answer is that segment as `move` gives one, with the player who rolls next; a state the
/// roll cannot reach is refused. Harnesses use it to referee other programs' plays.
fn apply(req: &Request) -> Reply {
    let rules = req.rules()?;
    let state = req.position()?;
    let dice = req.dice()?;
    judge::check_playable(&state)?;
    let reach = req.position_at("reach")?;
    let double = req.named_double()?;
    // Compared with the mover to play: who rolls next is the rules' answer, not the claim's.
    let target = reach.with_turn(state.turn());
    let mut gen = MoveGen::new(&rules);
    let mut reached = false;
    let mut found = None;
    for_each_turn_segment(&rules, &mut gen, &state, dice, |s| {
        if found.is_none() && s.state.with_turn(state.turn()) == target {
            reached = true;
            if s.double.map(|(d, _)| d) == double {
                found = Some(s);
            }
        }
    });
    match found {
        Some(segment) => Ok(object(judge::candidate_json(&rules, dice, &segment))),
        None if reached => match double {
            Some(d) => err(format!(
                "'reach' is reachable with {}-{}, but not by naming {d}-{d}",
                dice.0, dice.1
            )),
            None => err(format!(
                "'reach' is reachable with {}-{} only by naming a double: give 'double'",
                dice.0, dice.1
            )),
        },
        None => err(format!(
            "'reach' cannot be reached from 'position' with {}-{} under the rules '{rules}'",
            dice.0, dice.1
        )),
    }
}

/// Answers one line: the answer object, and whether the engine should stop.
fn answer(engine: &mut Engine, line: &str) -> (Value, bool) {
    let request: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => {
            return (
                json!({"id": null, "error": format!("invalid JSON: {e}")}),
                false,
            )
        }
    };
    let Value::Object(fields) = request else {
        return (
            json!({"id": null, "error": "a request is a JSON object such as {\"id\": 1, \"cmd\": \"ping\"}"}),
            false,
        );
    };
    let id = fields.get("id").cloned().unwrap_or(Value::Null);
    let cmd = match fields.get("cmd") {
        Some(Value::String(s)) => s.clone(),
        None => String::new(),
        Some(v) => {
            return (
                json!({"id": id, "error": format!("'cmd' must be a string, not {v}")}),
                false,
            )
        }
    };
    let req = Request(&fields);
    // A bug in the bot must not take the engine down with it: report it and read on.
    let result =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| engine.handle(&cmd, &req)));
    let reply = match result {
        Ok(Ok(mut m)) => {
            m.insert("id".into(), id);
            Value::Object(m)
        }
        Ok(Err(RequestError(e))) => json!({"id": id, "error": e}),
        Err(_) => {
            json!({"id": id, "error": format!("internal error while answering '{cmd}' (a bug; please report the request)")})
        }
    };
    let stop = cmd == "quit" && reply.get("error").is_none();
    (reply, stop)
}

/// Runs `acey engine`.
pub fn run(args: Args) -> anyhow::Result<()> {
    // Panics are answered as errors; keep their default message off stderr's first line noise.
    std::panic::set_hook(Box::new(|info| eprintln!("acey engine: {info}")));
    let mut engine = Engine {
        noise: SeededRng::new(args.seed),
        network: crate::input::network(args.net.as_deref(), args.race_net.as_deref())?,
    };
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in stdin.lock().lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let (reply, stop) = answer(&mut engine, &line);
        writeln!(out, "{reply}")?;
        out.flush()?;
        if stop {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(line: &str) -> Value {
        let mut e = Engine {
            noise: SeededRng::new(1),
            network: None,
        };
        answer(&mut e, line).0
    }

    #[test]
    fn every_answer_carries_the_id_and_errors_are_answers() {
        assert_eq!(ask(r#"{"id": 7, "cmd": "ping"}"#)["id"], 7);
        assert_eq!(ask(r#"{"id": "a", "cmd": "ping"}"#)["pong"], true);
        let bad = ask("{nope");
        assert!(bad["error"].as_str().unwrap().contains("invalid JSON"));
        assert_eq!(bad["id"], Value::Null);
        let unknown = ask(r#"{"id": 3, "cmd": "fly"}"#);
        assert_eq!(unknown["id"], 3);
        assert!(unknown["error"]
            .as_str()
            .unwrap()
            .contains("unknown command 'fly'"));
        let dice = ask(r#"{"id": 4, "cmd": "move", "position": "x", "dice": [0, 7]}"#);
        assert!(dice["error"].is_string());
    }
}
