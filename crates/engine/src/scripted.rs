//! A scripted session with the engine: games against the computer at given levels, the person's
//! side played by random legal steps with a hint asked for at the start of each play, each game
//! through to its end and a rematch. The differential test (`tests/wasm.rs`) and the engine's
//! benchmark (`examples/bench.rs`) send the same requests to the native engine and to the
//! WebAssembly one.

use acey_ai::Level;
use acey_rules::{Phase, SeededRng};
use serde_json::{json, Value};

use crate::engine::Engine;

/// What a request of the session asks for, for the benchmark's figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A hint at this level: the bot's ranking of every play of the roll.
    Hint(Level),
    /// A person's action after which the bot at this level played a turn: its decisions, and
    /// the table's rolls around them.
    BotTurn(Level),
    /// Anything else: a create, a step, a roll, a rematch, an analysis.
    Other,
}

/// The requests of a session, the native engine's answers, and what each asks for.
#[derive(Debug, Default)]
pub struct Session {
    /// The requests, as JSON texts.
    pub requests: Vec<String>,
    /// The native engine's answer to each.
    pub answers: Vec<String>,
    /// What each asks for.
    pub kinds: Vec<Kind>,
    /// The bot's plays at each level of the session, in order.
    pub bot_plays: Vec<(Level, usize)>,
    /// Whether a finished game was analysed.
    pub analysed: bool,
}

impl Session {
    fn ask(&mut self, engine: &mut Engine, request: Value, kind: Kind) -> Value {
        let text = request.to_string();
        let answer = engine.request(&text);
        let value = serde_json::from_str(&answer).unwrap_or(Value::Null);
        self.requests.push(text);
        self.answers.push(answer);
        self.kinds.push(kind);
        value
    }
}

/// Plays a session on `engine`: for each level, games against it (alternating the rules between
/// `american` and `backgammon`, and the person's seat) until the bot has made `plays` plays,
/// with the first finished game analysed when `analyse` is set. `seed` drives the person's
/// choices (the engine's own seed drives the dice and the bot).
pub fn play(
    engine: &mut Engine,
    levels: &[Level],
    plays: usize,
    analyse: bool,
    seed: u64,
) -> Session {
    let mut s = Session::default();
    let mut rng = SeededRng::new(seed);
    for (i, level) in levels.iter().enumerate() {
        let rules = if i % 2 == 0 { "american" } else { "backgammon" };
        let person = i % 2;
        let created = s.ask(
            engine,
            json!({"op": "send", "msg": {"type": "create", "mode": "computer", "rules": rules,
                   "level": level.as_str(), "seat": person}}),
            Kind::Other,
        );
        let mut game = created["msgs"][0]["info"]["game"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        let mut hinted = false;
        let mut made = 0;
        while made < plays {
            let Some(table) = engine.table(&game) else {
                break;
            };
            if table.is_over() {
                if analyse && !s.analysed {
                    s.analysed = true;
                    s.ask(engine, json!({"op": "analyse", "game": game}), Kind::Other);
                }
                let r = s.ask(
                    engine,
                    json!({"op": "send", "msg": {"type": "rematch"}}),
                    Kind::Other,
                );
                game = r["msgs"][0]["game"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string();
                s.ask(
                    engine,
                    json!({"op": "send", "msg": {"type": "join", "game": game}}),
                    Kind::Other,
                );
                continue;
            }
            let (msg, hint) = next_intent(engine, &game, &mut rng, &mut hinted);
            let kind = if hint {
                Kind::Hint(*level)
            } else {
                Kind::Other
            };
            let answer = s.ask(engine, json!({"op": "send", "msg": msg}), kind);
            let bot = (1 - person) as u64;
            let by_bot = answer["msgs"]
                .as_array()
                .into_iter()
                .flatten()
                .flat_map(|m| m["log"].as_array().cloned().unwrap_or_default())
                .filter(|entry| entry["player"].as_u64() == Some(bot))
                .count();
            if by_bot > 0 {
                if let Some(k) = s.kinds.last_mut() {
                    *k = Kind::BotTurn(*level);
                }
            }
            made += by_bot;
        }
        s.bot_plays.push((*level, made));
    }
    s
}

/// The person's next intent in `game` (and whether it is a hint): a random legal step, or the
/// one thing the game waits for; a hint at the start of each play.
fn next_intent(
    engine: &Engine,
    game: &str,
    rng: &mut SeededRng,
    hinted: &mut bool,
) -> (Value, bool) {
    let Some(table) = engine.table(game) else {
        return (json!({"type": "ping"}), false);
    };
    let g = table.game();
    let msg = match g.phase() {
        Phase::Roll { .. } => json!({"type": "roll"}),
        Phase::NameDouble { .. } => json!({"type": "name_double", "value": 1 + rng.below(6)}),
        Phase::CubeOffered { .. } => json!({"type": "take"}),
        Phase::GameOver { .. } => json!({"type": "next_game"}),
        Phase::DieOff => json!({"type": "ping"}),
        Phase::Move { .. } => match g.turn() {
            Some(turn) if turn.steps().is_empty() && !*hinted => {
                *hinted = true;
                return (json!({"type": "hint", "id": 1}), true);
            }
            Some(turn) if !turn.is_complete() => {
                let legal = turn.legal_steps();
                let s = legal[rng.below(legal.len())];
                json!({"type": "step", "from": s.from, "to": s.to, "die": s.die})
            }
            _ => {
                *hinted = false;
                json!({"type": "confirm"})
            }
        },
    };
    (msg, false)
}
