//! The engine compiled to WebAssembly (`web/engine/acey.wasm`, run by node as the browser runs
//! it) against the native engine: the same requests with the same seed must get the same answers
//! at every level: every die, every bot play, every hint and an analysis. Equities may differ in
//! their last bits (the native build evaluates the network with fused multiply-adds where the
//! CPU has them), so numbers with a fraction are compared to 1e-4; everything else exactly.

mod node;

use acey_ai::Level;
use acey_engine::{scripted, Engine};
use serde_json::Value;

const SEED: u64 = 0x5eed_0000_2026_1206;

#[test]
fn the_webassembly_engine_answers_as_the_native_one_at_every_level() {
    let session = scripted::play(&mut Engine::new(SEED), Level::ALL, 180, true, 7);
    let plays: usize = session.bot_plays.iter().map(|(_, n)| n).sum();
    assert!(plays >= 1_000, "{plays} plays of the bot");
    assert!(session.analysed);
    let answers = node::replay(&session.requests, SEED, false);
    assert_eq!(answers.len(), session.requests.len());
    for (i, (native, wasm)) in session.answers.iter().zip(&answers).enumerate() {
        let (a, b): (Value, Value) = (
            serde_json::from_str(native).unwrap(),
            serde_json::from_str(wasm).unwrap(),
        );
        assert!(
            same(&a, &b),
            "request {i} ({}) is answered differently in WebAssembly:\n{native}\n{wasm}",
            session.requests[i]
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
