//! The engine: the games on this device and one connection to them, driven by JSON requests.
//!
//! The web client talks to the engine as it talks to the server: it sends the protocol's client
//! messages and reads the server's messages back. A request is a JSON object with an `op`:
//!
//! * `{"op": "send", "msg": {...}}`: a client message, answered as the server answers it on
//!   one connection (`create` and `join` make its game the connection's game; intents act in
//!   it). The lobby, chat and friend games need the server: they are refused as such.
//! * `{"op": "restore", "saved": {...}}`: puts a kept game ([`Saved`]) back on the table, to
//!   be joined.
//! * `{"op": "analyse", "game": "..."}`: the analysis of a finished game, as the server's
//!   `/api/games/{id}/analysis` gives it once done (`{"status": "done", "plies", "level",
//!   "analysis"}`).
//! * `{"op": "replay", "game": "..."}`: a finished game frame by frame, as the server's
//!   `/api/games/{id}/replay` gives it (`{"replay": {...}}`).
//! * `{"op": "record", "game": "..."}`: the game's record in acey's text format
//!   (`{"record": "..."}`).
//!
//! The answer is `{"msgs": [...], "saved": [...]}`: the server messages, and every game the
//! request changed in the form to keep; or `{"error": "..."}` for a request that could not be
//! read. Nothing here reads a clock or the system's randomness: the seed given to
//! [`Engine::new`] drives every die and game id, so a run can be replayed exactly.

use std::collections::HashMap;

use acey_ai::analysis::{json, Analyser, GAME_LEVEL, GAME_PLIES};
use acey_protocol::{parse_client, ClientMsg, ErrorCode, Replay, ServerMsg};
use acey_rules::{Phase, SeededRng};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::table::{Refusal, Saved, Settings, Table};

/// A request to the engine.
#[derive(Debug, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
enum Request {
    Send { msg: Value },
    Restore { saved: Saved },
    Analyse { game: String },
    Replay { game: String },
    Record { game: String },
}

/// The games on this device, and the connection the web client plays through.
pub struct Engine {
    tables: HashMap<String, Table>,
    /// The game the connection has created or joined.
    current: Option<String>,
    /// Game ids and each game's seed.
    rng: SeededRng,
}

impl Engine {
    /// An engine whose dice and game ids come from `seed` (the web client draws it from the
    /// browser's cryptographic randomness).
    pub fn new(seed: u64) -> Engine {
        Engine {
            tables: HashMap::new(),
            current: None,
            rng: SeededRng::new(seed),
        }
    }

    /// Answers a request (see the module's documentation) with the JSON text of its answer.
    pub fn request(&mut self, text: &str) -> String {
        let request: Request = match serde_json::from_str(text) {
            Ok(r) => r,
            Err(e) => return json!({ "error": format!("bad request: {e}") }).to_string(),
        };
        let mut changed = Vec::new();
        let answer = match request {
            Request::Send { msg } => {
                let msgs = self.send(&msg.to_string(), &mut changed);
                json!({ "msgs": msgs })
            }
            Request::Restore { saved } => {
                let seed = self.rng.next_u64();
                match Table::restore(saved, seed) {
                    Ok(table) => {
                        self.tables.insert(table.id().to_string(), table);
                        json!({ "msgs": [] })
                    }
                    Err(e) => json!({ "error": e }),
                }
            }
            Request::Analyse { game } => match self.analyse(&game) {
                Ok(analysis) => json!({
                    "status": "done",
                    "plies": GAME_PLIES,
                    "level": GAME_LEVEL.as_str(),
                    "analysis": analysis,
                }),
                Err(e) => json!({ "error": e }),
            },
            Request::Replay { game } => match self.finished(&game) {
                Ok(table) => json!({ "replay": Replay::of(table.info(), table.game()) }),
                Err(e) => json!({ "error": e }),
            },
            Request::Record { game } => match self.tables.get(&game) {
                Some(table) => json!({ "record": table.record() }),
                None => json!({ "error": format!("there is no game {game} on this device") }),
            },
        };
        let mut answer = answer;
        let saved: Vec<Saved> = changed
            .iter()
            .filter_map(|id| self.tables.get(id).map(Table::saved))
            .collect();
        answer["saved"] = json!(saved);
        answer.to_string()
    }

    /// The game `id`, when it is on the table.
    pub fn table(&self, id: &str) -> Option<&Table> {
        self.tables.get(id)
    }

    /// A client message, answered as the server answers it; the games it changed are added to
    /// `changed`.
    fn send(&mut self, text: &str, changed: &mut Vec<String>) -> Vec<ServerMsg> {
        let (id, msg) = parse_client(text);
        let msg = match msg {
            Ok(m) => m,
            Err(e) => return vec![ServerMsg::error(id, ErrorCode::Malformed, e)],
        };
        match self.handle(id, msg, changed) {
            Ok(msgs) => msgs,
            Err((code, message)) => vec![ServerMsg::error(id, code, message)],
        }
    }

    fn handle(
        &mut self,
        id: Option<u64>,
        msg: ClientMsg,
        changed: &mut Vec<String>,
    ) -> Result<Vec<ServerMsg>, Refusal> {
        let version = |v| acey_protocol::check_version(v).map_err(|m| (ErrorCode::Version, m));
        match msg {
            ClientMsg::Ping => Ok(vec![ServerMsg::Pong]),
            ClientMsg::Hello { v, name, .. } => {
                version(v)?;
                Ok(vec![ServerMsg::Welcome {
                    v: acey_protocol::VERSION,
                    name: name.unwrap_or_default(),
                    registered: false,
                    claim: None,
                }])
            }
            ClientMsg::Create {
                v,
                mode,
                rules,
                match_to,
                level,
                seat,
            } => {
                version(v)?;
                let settings =
                    Settings::of_create(mode, rules.as_deref(), match_to, level.as_deref(), seat)?;
                let game = self.new_id();
                let mut table = Table::new(game.clone(), settings, self.rng.next_u64());
                table.start();
                let joined = table.joined();
                self.tables.insert(game.clone(), table);
                self.current = Some(game.clone());
                changed.push(game);
                Ok(vec![joined])
            }
            ClientMsg::Join { v, game, .. } => {
                version(v)?;
                let table = self.tables.get(&game).ok_or_else(|| {
                    (
                        ErrorCode::NotFound,
                        format!("there is no game {game} on this device"),
                    )
                })?;
                let joined = table.joined();
                self.current = Some(game);
                Ok(vec![joined])
            }
            ClientMsg::Hint => {
                let plays = self.current_table()?.hint(acey_protocol::HINT_PLAYS)?;
                Ok(vec![ServerMsg::Hint { id, plays }])
            }
            ClientMsg::Rematch => {
                let next_id = self.new_id();
                let seed = self.rng.next_u64();
                let table = self.current_table_mut()?;
                if let Some(started) = table.rematch() {
                    return Ok(vec![ServerMsg::Rematch {
                        game: started.to_string(),
                    }]);
                }
                let mut next = table.start_rematch(next_id.clone(), seed)?;
                changed.push(table.id().to_string());
                next.start();
                self.tables.insert(next_id.clone(), next);
                changed.push(next_id.clone());
                Ok(vec![ServerMsg::Rematch { game: next_id }])
            }
            ClientMsg::Takeback => {
                let table = self.current_table_mut()?;
                let msgs = table.takeback()?;
                changed.push(table.id().to_string());
                Ok(msgs)
            }
            ClientMsg::RematchDecline | ClientMsg::Claim => Err((
                ErrorCode::Illegal,
                "there is nobody to answer on this device".to_string(),
            )),
            ClientMsg::Lobby
            | ClientMsg::Challenge { .. }
            | ClientMsg::Cancel { .. }
            | ClientMsg::Accept { .. }
            | ClientMsg::Seek { .. }
            | ClientMsg::Chat { .. } => Err((
                ErrorCode::Unavailable,
                "the lobby and the chat are on the server: they need the connection".to_string(),
            )),
            intent => {
                let table = self.current_table_mut()?;
                let msgs = table.act(&intent)?;
                changed.push(table.id().to_string());
                Ok(msgs)
            }
        }
    }

    fn current_table(&self) -> Result<&Table, Refusal> {
        self.current
            .as_ref()
            .and_then(|g| self.tables.get(g))
            .ok_or_else(not_joined)
    }

    fn current_table_mut(&mut self) -> Result<&mut Table, Refusal> {
        self.current
            .as_ref()
            .and_then(|g| self.tables.get_mut(g))
            .ok_or_else(not_joined)
    }

    /// A new game id: `d` (for "device") and 11 random lowercase letters and digits; 12
    /// characters, where a server's id has 10, so the two never meet (`isDeviceGame` in
    /// web/device.js tells them apart so).
    fn new_id(&mut self) -> String {
        const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
        loop {
            let mut n = self.rng.next_u64();
            let id: String = std::iter::once('d')
                .chain((0..11).map(|_| {
                    let c = ALPHABET[(n % ALPHABET.len() as u64) as usize] as char;
                    n /= ALPHABET.len() as u64;
                    c
                }))
                .collect();
            if !self.tables.contains_key(&id) {
                return id;
            }
        }
    }

    /// Game `game`, when it is on the table and over.
    fn finished(&self, game: &str) -> Result<&Table, String> {
        let table = self
            .tables
            .get(game)
            .ok_or_else(|| format!("there is no game {game} on this device"))?;
        if !matches!(table.game().phase(), Phase::GameOver { .. }) {
            return Err(format!("game {game} is still being played"));
        }
        Ok(table)
    }

    /// The analysis of finished game `game`, as the server's JSON.
    fn analyse(&self, game: &str) -> Result<Value, String> {
        let table = self.finished(game)?;
        let analyser = Analyser::new(GAME_LEVEL, *table.game().rules(), GAME_PLIES)
            .map_err(|e| e.to_string())?;
        let analysis = analyser.analyse(table.game()).map_err(|e| e.to_string())?;
        Ok(json::to_json(
            &analysis,
            &table.seat_names().map(Some),
            None,
        ))
    }
}

fn not_joined() -> Refusal {
    (
        ErrorCode::NotJoined,
        "create or join a game first".to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(engine: &mut Engine, request: Value) -> Value {
        serde_json::from_str(&engine.request(&request.to_string())).unwrap()
    }

    fn send(engine: &mut Engine, msg: Value) -> Value {
        ask(engine, json!({"op": "send", "msg": msg}))
    }

    #[test]
    fn create_answers_joined_and_keeps_the_game() {
        let mut e = Engine::new(1);
        let a = send(
            &mut e,
            json!({"type": "create", "mode": "computer", "level": "beginner"}),
        );
        let joined = &a["msgs"][0];
        assert_eq!(joined["type"], "joined");
        assert_eq!(joined["info"]["mode"], "computer");
        assert_eq!(joined["role"]["seat"], 0);
        assert_eq!(joined["token"], "device");
        let game = joined["info"]["game"].as_str().unwrap().to_string();
        assert!(game.starts_with('d') && game.len() == 12, "{game}");
        assert_eq!(a["saved"][0]["id"], game.as_str());
        // The table rolled the die-off: the person is to move or to roll.
        assert_ne!(joined["view"]["phase"]["phase"], "die-off");
    }

    #[test]
    fn a_kept_game_restored_in_a_new_engine_is_joined_where_it_stood() {
        let mut e = Engine::new(2);
        let a = send(&mut e, json!({"type": "create", "mode": "local"}));
        let saved = a["saved"][0].clone();
        let game = saved["id"].as_str().unwrap().to_string();
        let view = a["msgs"][0]["view"].clone();
        let mut fresh = Engine::new(3);
        let refused = send(&mut fresh, json!({"type": "join", "game": game, "id": 4}));
        assert_eq!(refused["msgs"][0]["code"], "not_found");
        assert_eq!(refused["msgs"][0]["id"], 4);
        assert_eq!(
            ask(&mut fresh, json!({"op": "restore", "saved": saved}))["msgs"],
            json!([])
        );
        let joined = send(&mut fresh, json!({"type": "join", "game": game}));
        assert_eq!(joined["msgs"][0]["view"], view);
        assert_eq!(joined["msgs"][0]["role"], "both");
    }

    #[test]
    fn what_needs_the_server_is_refused_plainly_and_bad_requests_are_named() {
        let mut e = Engine::new(4);
        let a = send(&mut e, json!({"type": "seek", "pool": "american"}));
        assert!(a["msgs"][0]["message"]
            .as_str()
            .unwrap()
            .contains("connection"));
        let a = send(&mut e, json!({"type": "create", "mode": "friend"}));
        assert_eq!(a["msgs"][0]["code"], "bad_settings");
        let a = send(&mut e, json!({"type": "roll"}));
        assert_eq!(a["msgs"][0]["code"], "not_joined");
        let a = send(&mut e, json!({"type": "fly"}));
        assert_eq!(a["msgs"][0]["code"], "malformed");
        let a = ask(&mut e, json!({"op": "format_disk"}));
        assert!(a["error"].as_str().unwrap().starts_with("bad request"));
        assert!(e.request("not json").contains("bad request"));
        let a = ask(&mut e, json!({"op": "analyse", "game": "nope"}));
        assert!(a["error"].as_str().unwrap().contains("no game"));
    }

    #[test]
    fn a_finished_game_is_replayed_and_recorded_as_the_server_does() {
        let mut e = Engine::new(5);
        let a = send(
            &mut e,
            json!({"type": "create", "mode": "local", "rules": "bgammon"}),
        );
        let game = a["msgs"][0]["info"]["game"].as_str().unwrap().to_string();
        let a = ask(&mut e, json!({"op": "replay", "game": game}));
        assert!(a["error"].as_str().unwrap().contains("still being played"));
        send(&mut e, json!({"type": "resign"}));
        let a = ask(&mut e, json!({"op": "replay", "game": game}));
        let frames = a["replay"]["frames"].as_array().unwrap();
        assert!(frames[0]["action"].is_null());
        assert_eq!(
            frames.last().unwrap()["view"]["phase"]["phase"],
            "game-over"
        );
        let record = ask(&mut e, json!({"op": "record", "game": game}))["record"]
            .as_str()
            .unwrap()
            .to_string();
        let read = acey_rules::Record::parse(&record).expect("the record reads back");
        assert_eq!(read.header.players[0].as_deref(), Some("player 0"));
        assert!(record.contains(&game));
    }
}
