//! The engine compiled to WebAssembly (`web/engine/acey.wasm`, run by node as the browser runs
//! it) against the native engine: the same requests with the same seed must get the same answers
//! at every level: every die, every bot play, every hint and an analysis. Equities may differ in
//! their last bits (the native build evaluates the network with fused multiply-adds where the
//! CPU has them), so numbers with a fraction are compared to 1e-4; everything else exactly.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use acey_ai::Level;
use acey_engine::Engine;
use acey_rules::{Phase, SeededRng};
use serde_json::{json, Value};

const SEED: u64 = 0x5eed_0000_2026_1206;

fn wasm() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/engine/acey.wasm")
}

/// One request to the native engine, kept with its answer.
fn ask(engine: &mut Engine, log: &mut Vec<(String, String)>, request: Value) -> Value {
    let text = request.to_string();
    let answer = engine.request(&text);
    let value = serde_json::from_str(&answer).expect("the engine answers JSON");
    log.push((text, answer));
    value
}

/// The person's next intent in the game on the table: a random legal step, or the one thing the
/// game waits for; a hint is asked for at the start of each play.
fn person(engine: &Engine, game: &str, rng: &mut SeededRng, hinted: &mut bool) -> Value {
    let table = engine.table(game).expect("the game is on the table");
    let g = table.game();
    match g.phase() {
        Phase::Roll { .. } => json!({"type": "roll"}),
        Phase::NameDouble { .. } => json!({"type": "name_double", "value": 1 + rng.below(6)}),
        Phase::CubeOffered { .. } => json!({"type": "take"}),
        Phase::GameOver { .. } => json!({"type": "next_game"}),
        Phase::Move { .. } => {
            let turn = g.turn().expect("a move has a turn");
            if turn.steps().is_empty() && !*hinted {
                *hinted = true;
                return json!({"type": "hint", "id": 1});
            }
            if turn.is_complete() {
                *hinted = false;
                return json!({"type": "confirm"});
            }
            let legal = turn.legal_steps();
            let s = legal[rng.below(legal.len())];
            serde_json::json!({"type": "step", "from": s.from, "to": s.to, "die": s.die})
        }
        Phase::DieOff => unreachable!("the table rolls the die-off"),
    }
}

#[test]
fn the_webassembly_engine_answers_as_the_native_one_at_every_level() {
    let mut engine = Engine::new(SEED);
    let mut log = Vec::new();
    let mut rng = SeededRng::new(7);
    let mut bot_plays = 0;
    let mut analysed = false;
    for (i, level) in Level::ALL.iter().enumerate() {
        let rules = if i % 2 == 0 { "american" } else { "backgammon" };
        let created = ask(
            &mut engine,
            &mut log,
            json!({"op": "send", "msg": {"type": "create", "mode": "computer", "rules": rules,
                   "level": level.as_str(), "seat": i % 2}}),
        );
        let game = created["msgs"][0]["info"]["game"]
            .as_str()
            .unwrap()
            .to_string();
        let mut hinted = false;
        let mut level_plays = 0;
        // Whole games, until this level has made enough plays.
        let mut current = game;
        while level_plays < 180 {
            let over = engine.table(&current).unwrap().is_over();
            if over {
                if !analysed {
                    analysed = true;
                    let a = ask(
                        &mut engine,
                        &mut log,
                        json!({"op": "analyse", "game": current}),
                    );
                    assert!(a["analysis"].is_object(), "{a}");
                }
                let r = ask(
                    &mut engine,
                    &mut log,
                    json!({"op": "send", "msg": {"type": "rematch"}}),
                );
                current = r["msgs"][0]["game"].as_str().unwrap().to_string();
                ask(
                    &mut engine,
                    &mut log,
                    json!({"op": "send", "msg": {"type": "join", "game": current}}),
                );
                continue;
            }
            let msg = person(&engine, &current, &mut rng, &mut hinted);
            let a = ask(&mut engine, &mut log, json!({"op": "send", "msg": msg}));
            let bot = 1 - i % 2;
            let plays = a["msgs"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|m| m["log"].as_array().cloned().unwrap_or_default())
                .filter(|entry| entry["player"] == bot)
                .count();
            level_plays += plays;
        }
        bot_plays += level_plays;
    }
    assert!(bot_plays >= 1_000, "{bot_plays} plays of the bot");
    assert!(analysed);

    let mut node = Command::new("node")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wasm-replay.mjs"))
        .arg(wasm())
        .arg((SEED >> 32).to_string())
        .arg((SEED & 0xffff_ffff).to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node runs the WebAssembly engine (the test command installs it)");
    let requests: String = log.iter().map(|(r, _)| format!("{r}\n")).collect();
    let mut stdin = node.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(requests.as_bytes()));
    let output = node.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(
        output.status.success(),
        "node failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let answers = String::from_utf8(output.stdout).unwrap();
    let answers: Vec<&str> = answers.lines().collect();
    assert_eq!(answers.len(), log.len());
    for (i, ((request, native), wasm)) in log.iter().zip(answers).enumerate() {
        let (a, b): (Value, Value) = (
            serde_json::from_str(native).unwrap(),
            serde_json::from_str(wasm).unwrap(),
        );
        assert!(
            same(&a, &b),
            "request {i} ({request}) is answered differently in WebAssembly:\n{native}\n{wasm}"
        );
    }
}

/// Whether two answers agree: the same structure and text, integers equal, other numbers
/// within 1e-4.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_i64(), y.as_i64()) {
            (Some(x), Some(y)) => x == y,
            _ => (x.as_f64().unwrap() - y.as_f64().unwrap()).abs() < 1e-4,
        },
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}
