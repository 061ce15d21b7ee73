//! What the online client knows and does, without any terminal: the lobby as the server
//! describes it, the game being played or watched (with both clocks counted down locally
//! between updates), the chat, and the commands a person types. Both front ends feed it the
//! server's messages ([`Client::handle`]) and typed lines ([`Client::command`]) and show the
//! lines it answers with; what it must send comes back with them.

use std::time::Instant;

use acey_rules::{notation, Action, Player, Pool, PoolKind, Rules, TurnBuilder};
use serde_json::{json, Value};

use super::proto::{
    Challenge, ChatLine, ClockView, GameInfo, Joined, LiveGame, LogEntry, PlayerView, PoolView,
    Presence, Role, ServerMsg, View, VERSION,
};
use crate::play::board::mark_char;
use crate::play::typed;

/// The commands, as `help` prints them.
pub const HELP: &str = "\
In the lobby:
  lobby                 show the lobby again
  seek POOL             quick pairing: american, american-match, bgammon or backgammon (or 1-4)
  challenge [RULES] [match N] [clock 3+12|30/turn] [rated]
                        offer a game to anyone (default: american, one game, no clock)
  accept N|ID           accept challenge N of the list
  cancel [ID]           withdraw your challenges and seek
  watch N|ID            watch game N of the games being played
In a game:
  13/7 8/7              a whole play (also bar/22, in/19(4), 24/13, 6/off); 13/7 alone is one step
  plays, play N         list the legal plays; make play N of the list
  undo, ok              take back a step; confirm a play made step by step
  1..6                  the double to name after a fully played 1-2
  roll, double, take, drop   the cube, when the rules have one
  resign                say what resigning costs; 'resign yes' resigns
  next                  start the next game of a match
  rematch, decline      offer or accept a rematch; decline the other side's offer
  say TEXT              write in the game's chat
  claim                 claim the game of an opponent gone on their turn (games without clocks)
  board, clock          draw the board; show both clocks
  leave                 leave the game for the lobby
Anywhere:
  help, quit";

/// What an incoming message or a command led to: lines to show and messages to send.
#[derive(Debug, Default)]
pub struct Reply {
    /// Lines for the person, in order.
    pub lines: Vec<String>,
    /// Messages for the server, in order.
    pub send: Vec<Value>,
    /// The person asked to quit.
    pub quit: bool,
}

impl Reply {
    fn say(&mut self, line: impl Into<String>) {
        self.lines.push(line.into());
    }
}

/// The lobby as last described.
#[derive(Debug, Clone, Default)]
pub struct LobbyState {
    /// Open challenges, oldest first.
    pub challenges: Vec<Challenge>,
    /// The quick-pairing pools.
    pub pools: Vec<PoolView>,
    /// Games being played.
    pub playing: Vec<LiveGame>,
    /// Connections open.
    pub online: usize,
}

/// A game being played or watched.
#[derive(Debug, Clone)]
pub struct GameState {
    /// Its description.
    pub info: GameInfo,
    /// This connection's role.
    pub role: Role,
    /// The seat token.
    pub token: Option<String>,
    /// The latest state.
    pub view: View,
    /// The move log.
    pub log: Vec<LogEntry>,
    /// Both clocks as last sent, and when.
    pub clock: Option<(ClockView, Instant)>,
    /// The chat.
    pub chat: Vec<ChatLine>,
    /// Who is connected, and when that was said.
    pub presence: (Presence, Instant),
    /// The seat with an unanswered rematch offer.
    pub rematch_offer: Option<usize>,
    /// Whether each seat has been seen connected since this client joined.
    seen_connected: [bool; 2],
    /// The rules, read from the rule string.
    pub rules: Option<Rules>,
    /// What remains of a typed line that runs past the part sent (the chosen double after a
    /// 1-2): sent when the server asks for it.
    pending: Option<String>,
    /// The action count at which a play with no legal step was passed.
    passed_at: Option<usize>,
}

impl GameState {
    fn new(j: Joined, now: Instant) -> GameState {
        let rules = j.info.rules.parse::<Rules>().ok();
        GameState {
            rules,
            role: j.role,
            token: j.token,
            view: j.view,
            log: j.log,
            clock: j.clock.map(|c| (c, now)),
            chat: j.chat,
            presence: (j.presence, now),
            seen_connected: j.presence.connected,
            rematch_offer: j.rematch_offer,
            info: j.info,
            pending: None,
            passed_at: None,
        }
    }

    /// The name at a seat (`X`/`O` when unknown).
    pub fn name(&self, p: Player) -> String {
        match &self.info.players[p.index()] {
            Some(v) => v.name.clone(),
            None => mark_char(p).to_string(),
        }
    }

    /// The name with its mark and, for this connection's own seat, `(you)`.
    pub fn label(&self, p: Player) -> String {
        let you = if self.role == Role::Seat(p.index()) {
            " (you)"
        } else {
            ""
        };
        format!("{} {}{you}", mark_char(p), self.name(p))
    }

    /// Milliseconds left on `seat`'s clock at `now`, counting down the running one.
    pub fn left_ms(&self, seat: usize, now: Instant) -> Option<u64> {
        let (c, at) = self.clock.as_ref()?;
        let left = *c.left_ms.get(seat)?;
        Some(if c.running == Some(seat) {
            left.saturating_sub(now.saturating_duration_since(*at).as_millis() as u64)
        } else {
            left
        })
    }

    /// For a seat nobody is connected to (someone sat there): how long they have been gone.
    pub fn away_ms(&self, p: Player, now: Instant) -> Option<u64> {
        let (presence, at) = &self.presence;
        let i = p.index();
        if presence.connected[i] || self.info.players[i].is_none() {
            return None;
        }
        let since = now.saturating_duration_since(*at).as_millis() as u64;
        Some(presence.away_ms[i].unwrap_or(0) + since)
    }

    /// Both clocks in a line (`None` without clocks).
    pub fn clock_line(&self, now: Instant) -> Option<String> {
        let (c, _) = self.clock.as_ref()?;
        let side = |p: Player| {
            let left = self.left_ms(p.index(), now).unwrap_or(0);
            let running = if c.running == Some(p.index()) {
                " (running)"
            } else {
                ""
            };
            format!("{} {}{running}", self.label(p), clock_text(left))
        };
        Some(format!(
            "Clock {}: {}, {}",
            c.control,
            side(Player::Zero),
            side(Player::One)
        ))
    }

    /// Whether the game waits for this connection (the server does the rest: dice, rolls
    /// without a cube decision).
    pub fn my_turn(&self) -> bool {
        let mine = self.view.to_act.is_some_and(|p| self.role.controls(p));
        match self.view.phase.phase.as_str() {
            "move" | "name-double" | "cube-offered" => mine,
            "roll" => mine && self.view.may_double,
            _ => false,
        }
    }

    /// Whether the game (or the match) is over.
    pub fn over(&self) -> bool {
        self.view.phase.phase == "game-over"
    }

    /// The step view of the play being built, rebuilt from the server's state.
    pub fn turn(&self) -> Option<TurnBuilder> {
        let rules = self.rules.as_ref()?;
        let t = self.view.turn.as_ref()?;
        let pool = Pool::from_dice(self.view.phase.pool.as_deref()?).ok()?;
        let mut b = TurnBuilder::new(rules, t.start, pool);
        for s in &t.steps {
            b.step(*s).ok()?;
        }
        Some(b)
    }

    /// What the game waits for, as a prompt (after `> `).
    pub fn prompt(&self) -> String {
        let v = &self.view;
        if self.over() {
            return match v.match_winner {
                Some(_) => {
                    "match over: 'rematch' to play again, 'leave' for the lobby, 'quit'".into()
                }
                None => "game over: 'next' starts the next game".into(),
            };
        }
        if self.role == Role::Spectator {
            return "watching: 'say TEXT' to chat, 'leave' for the lobby".into();
        }
        if !self.my_turn() {
            return match v.to_act {
                Some(p) => match self.away_ms(p, Instant::now()) {
                    // The server allows a claim after two minutes gone on their own turn
                    // (games without clocks); it says so if it is too early.
                    Some(ms) if self.clock.is_none() && self.role != Role::Spectator => format!(
                        "waiting for {}, gone for {}: 'claim' claims the game after 2 minutes",
                        self.name(p),
                        clock_text(ms)
                    ),
                    _ => format!("waiting for {}", self.name(p)),
                },
                None => "waiting".into(),
            };
        }
        match v.phase.phase.as_str() {
            "roll" => "your turn: 'roll' or 'double'".into(),
            "cube-offered" => format!(
                "{} doubles to {}: 'take' or 'drop'",
                v.phase.by.map(|p| self.name(p)).unwrap_or_default(),
                v.cube.value * 2
            ),
            "name-double" => format!(
                "name a double: {}",
                v.nameable
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            _ => {
                let Some(t) = &v.turn else {
                    return "your move".into();
                };
                let dice: Vec<String> = t.remaining.iter().map(u8::to_string).collect();
                let what = match v.phase.kind {
                    Some(PoolKind::ChosenDouble(d)) => format!(" the chosen {d}-{d}"),
                    _ => String::new(),
                };
                if t.steps.is_empty() {
                    format!(
                        "your move{what} {}: type a play ('plays' lists them)",
                        dice.join("-")
                    )
                } else if t.legal.is_empty() {
                    format!(
                        "your play {} is complete: 'ok' to confirm or 'undo'",
                        notation::format_steps(&t.steps)
                    )
                } else {
                    format!(
                        "so far {}, dice left {}: next step",
                        notation::format_steps(&t.steps),
                        dice.join("-")
                    )
                }
            }
        }
    }

    /// The position in words, from this connection's side.
    pub fn describe(&self) -> Vec<String> {
        let v = &self.view;
        let viewer = self.role.viewer();
        let pos = &v.position;
        let mut out = vec![format!(
            "Position (points numbered from {}'s side), game {}{}:",
            self.name(viewer),
            v.game_number.max(1),
            match self.info.match_to {
                Some(n) if n > 1 => format!(" of a match to {n}"),
                _ => String::new(),
            }
        )];
        if self.info.cube {
            out.push(format!(
                "  Cube: {}{}",
                v.cube.value,
                match v.cube.owner {
                    Some(p) => format!(", {} may double next", self.name(p)),
                    None => ", in the middle".into(),
                }
            ));
        }
        for p in [viewer, viewer.other()] {
            let points: Vec<String> = (1..=24u8)
                .rev()
                .filter_map(|n| {
                    let own = if p == viewer { n } else { 25 - n };
                    let c = pos.count(p, own);
                    (c > 0).then(|| format!("{n}:{c}"))
                })
                .collect();
            out.push(format!(
                "  {}: {} | start {}, bar {}, off {} | pips {} | score {}",
                self.label(p),
                if points.is_empty() {
                    "-".into()
                } else {
                    points.join(" ")
                },
                pos.start(p),
                pos.bar(p),
                pos.off(p),
                v.pips[p.index()],
                v.score[p.index()]
            ));
        }
        if let Some(d) = v.dice {
            out.push(format!("  Dice: {}-{}", d[0], d[1]));
        }
        out
    }

    /// The legal plays from where the play stands (all of it before any step), with their
    /// steps from the play's start.
    pub fn plays(&self) -> Vec<(String, Vec<acey_rules::Step>)> {
        let Some(turn) = self.turn() else {
            return Vec::new();
        };
        let taken = turn.steps().to_vec();
        let list = if taken.is_empty() {
            turn.plays().to_vec()
        } else {
            turn.completions()
        };
        list.iter()
            .map(|p| {
                let steps: Vec<_> = p.steps().to_vec();
                let rest = steps.get(taken.len()..).unwrap_or(&[]);
                (notation::format_steps(rest), steps)
            })
            .collect()
    }
}

/// `m:ss` (and tenths under ten seconds).
pub fn clock_text(ms: u64) -> String {
    if ms < 10_000 {
        format!("0:0{}.{}", ms / 1000, (ms % 1000) / 100)
    } else {
        let s = ms.div_ceil(1000);
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// The client.
#[derive(Debug, Default)]
pub struct Client {
    /// The name this connection plays under, and whether it is an account's.
    pub me: Option<(String, bool)>,
    /// The lobby.
    pub lobby: LobbyState,
    /// The pool and id of this connection's seek.
    pub seeking: Option<(String, String)>,
    /// This connection's open challenges.
    pub mine: Vec<String>,
    /// The game joined, if any.
    pub game: Option<GameState>,
}

/// The hello that starts a connection.
pub fn hello(name: Option<&str>) -> Value {
    json!({"type": "hello", "v": VERSION, "name": name})
}

impl Client {
    /// A client that has said nothing yet.
    pub fn new() -> Client {
        Client::default()
    }

    /// Takes in a server message.
    pub fn handle(&mut self, msg: ServerMsg, now: Instant) -> Reply {
        let mut r = Reply::default();
        match msg {
            ServerMsg::Welcome { name, registered } => {
                r.say(format!(
                    "Welcome, {name}{}. Type 'help' for commands.",
                    if registered { "" } else { " (guest)" }
                ));
                self.me = Some((name, registered));
                r.send.push(json!({"type": "lobby"}));
            }
            ServerMsg::Lobby {
                challenges,
                pools,
                playing,
                online,
            } => {
                self.lobby = LobbyState {
                    challenges,
                    pools,
                    playing,
                    online,
                };
                if self.game.is_none() {
                    r.lines.extend(self.lobby_lines());
                }
            }
            ServerMsg::ChallengeAdded { challenge } => {
                let mine = self.is_mine(&challenge);
                let text = format!(
                    "{} challenge: {}",
                    if mine { "Your" } else { "New" },
                    challenge_text(&challenge)
                );
                if mine && !self.mine.contains(&challenge.id) {
                    self.mine.push(challenge.id.clone());
                }
                if !self.lobby.challenges.iter().any(|c| c.id == challenge.id) {
                    self.lobby.challenges.push(challenge);
                }
                if self.game.is_none() {
                    let n = self.lobby.challenges.len();
                    r.say(format!("{text} ('accept {n}')"));
                }
            }
            ServerMsg::ChallengeRemoved { id } => {
                let before = self.lobby.challenges.len();
                self.lobby.challenges.retain(|c| c.id != id);
                self.mine.retain(|m| *m != id);
                if self.game.is_none() && before != self.lobby.challenges.len() {
                    r.say(format!("Challenge {id} is gone."));
                }
            }
            ServerMsg::Pools { pools } => self.lobby.pools = pools,
            ServerMsg::Playing { games } => self.lobby.playing = games,
            ServerMsg::Online { n } => self.lobby.online = n,
            ServerMsg::Seeking { pool, id } => {
                r.say(format!(
                    "Waiting in the {pool} pool for an opponent ('cancel' to stop)."
                ));
                self.seeking = Some((pool, id));
            }
            ServerMsg::Paired { game, token } => {
                r.say("Paired: joining the game.");
                self.seeking = None;
                self.mine.clear();
                r.send
                    .push(json!({"type": "join", "v": VERSION, "game": game, "token": token}));
            }
            ServerMsg::Joined(j) => {
                self.seeking = None;
                self.mine.clear();
                let g = GameState::new(*j, now);
                r.say(format!(
                    "Joined game {}: {} vs {}, {}{}{}{}.",
                    g.info.game,
                    g.label(Player::Zero),
                    g.label(Player::One),
                    rules_text(&g.info.rules),
                    match g.info.match_to {
                        Some(n) if n > 1 => format!(", match to {n}"),
                        _ => ", one game".into(),
                    },
                    match &g.info.clock {
                        Some(c) => format!(", clock {c}"),
                        None => ", no clock".into(),
                    },
                    if g.info.rated { ", rated" } else { ", casual" },
                ));
                if g.role == Role::Spectator {
                    r.say("You are watching.");
                }
                for line in g.chat.iter().rev().take(5).rev() {
                    r.say(chat_text(line));
                }
                self.game = Some(g);
                self.after_view(&mut r);
            }
            ServerMsg::Update {
                action,
                view,
                log,
                clock,
            } => {
                let Some(g) = self.game.as_mut() else {
                    return r;
                };
                if view.n < g.view.n {
                    return r;
                }
                let before = g.view.clone();
                g.view = *view;
                if let Some(c) = clock {
                    g.clock = Some((c, now));
                }
                let mover = before.to_act;
                for e in &log {
                    r.say(format!("{} plays {}.", g.name(e.player), e.notation));
                }
                g.log.extend(log);
                action_lines(g, &action, mover, &mut r);
                self.after_view(&mut r);
            }
            ServerMsg::Seats { players } => {
                if let Some(g) = self.game.as_mut() {
                    for (i, p) in players.iter().enumerate() {
                        if p.is_some() && g.info.players[i] != *p {
                            if let Some(PlayerView { name, .. }) = p {
                                r.say(format!("{name} sits at {}.", mark_char(seat(i))));
                            }
                        }
                    }
                    g.info.players = players;
                }
            }
            ServerMsg::Rematch { game } => {
                if let Some(g) = &self.game {
                    r.say("The rematch begins.");
                    r.send.push(
                        json!({"type": "join", "v": VERSION, "game": game, "token": g.token}),
                    );
                }
            }
            ServerMsg::RematchOffer { by } => {
                if let Some(g) = self.game.as_mut() {
                    g.rematch_offer = Some(by);
                    if g.role == Role::Seat(by) {
                        r.say("You offer a rematch.");
                    } else {
                        r.say(format!(
                            "{} offers a rematch: 'rematch' accepts, 'decline' declines.",
                            g.name(seat(by))
                        ));
                    }
                }
            }
            ServerMsg::RematchDeclined { by } => {
                if let Some(g) = self.game.as_mut() {
                    g.rematch_offer = None;
                    r.say(format!("{} declines the rematch.", g.name(seat(by))));
                }
            }
            ServerMsg::Error { code, message } => {
                r.say(format!("The server says: {message} ({code})."));
                // A guest name refused at hello: play under the name the server gives.
                if self.me.is_none() && matches!(code.as_str(), "name_taken" | "bad_settings") {
                    r.say("Playing under a guest name the server gives instead.");
                    r.send.push(hello(None));
                }
                if let Some(g) = self.game.as_mut() {
                    g.pending = None;
                }
            }
            ServerMsg::Chat { line } => {
                let shown = chat_text(&line);
                if let Some(g) = self.game.as_mut() {
                    g.chat.push(line);
                }
                r.say(shown);
            }
            ServerMsg::Presence { presence } => {
                if let Some(g) = self.game.as_mut() {
                    for i in 0..2 {
                        let was = g.presence.0.connected[i];
                        let is = presence.connected[i];
                        if g.role != Role::Seat(i) && was != is && g.info.players[i].is_some() {
                            let name = g.name(seat(i));
                            r.say(match (is, g.seen_connected[i]) {
                                (true, true) => format!("{name} is back."),
                                (true, false) => format!("{name} is here."),
                                (false, _) => format!("{name} left the game."),
                            });
                        }
                        g.seen_connected[i] |= is;
                    }
                    g.presence = (presence, now);
                }
            }
            ServerMsg::Pong | ServerMsg::Other => {}
        }
        r
    }

    /// Whether a challenge is this connection's own.
    fn is_mine(&self, c: &Challenge) -> bool {
        self.mine.contains(&c.id) || self.me.as_ref().is_some_and(|(n, _)| *n == c.name)
    }

    /// After a new view: a pending rest of a typed line, a play with nothing to choose.
    fn after_view(&mut self, r: &mut Reply) {
        let Some(g) = self.game.as_mut() else { return };
        if !g.my_turn() {
            return;
        }
        if let Some(rest) = g.pending.take() {
            let more = self.command(&rest);
            r.lines.extend(more.lines);
            r.send.extend(more.send);
            return;
        }
        // A play with no legal step at all: nothing to choose, so it is passed at once.
        if let Some(t) = &g.view.turn {
            if t.steps.is_empty() && t.legal.is_empty() && g.passed_at != Some(g.view.n) {
                g.passed_at = Some(g.view.n);
                r.say("No legal play: the turn passes.");
                r.send.push(json!({"type": "confirm"}));
            }
        }
    }

    /// The lobby in lines.
    pub fn lobby_lines(&self) -> Vec<String> {
        let l = &self.lobby;
        let mut out = vec![format!("Lobby: {} online.", l.online)];
        out.push("Quick pairing ('seek POOL' or 'seek N'):".into());
        for (i, p) in l.pools.iter().enumerate() {
            out.push(format!(
                "  {}. {:<15} {}{}, clock {}: {} waiting",
                i + 1,
                p.id,
                p.rules,
                match_text(p.match_to),
                p.clock,
                p.waiting
            ));
        }
        if l.challenges.is_empty() {
            out.push("Open challenges: none ('challenge' makes one).".into());
        } else {
            out.push("Open challenges ('accept N'):".into());
            for (i, c) in l.challenges.iter().enumerate() {
                out.push(format!("  {}. {}", i + 1, challenge_text(c)));
            }
        }
        if l.playing.is_empty() {
            out.push("Games being played: none.".into());
        } else {
            out.push("Games being played ('watch N'):".into());
            for (i, g) in l.playing.iter().enumerate() {
                out.push(format!(
                    "  {}. {} vs {}, {}{} [{}]",
                    i + 1,
                    g.names[0],
                    g.names[1],
                    g.rules,
                    if g.rated { ", rated" } else { "" },
                    g.id
                ));
            }
        }
        out
    }

    /// What the client waits for, as a prompt line (after `> `).
    pub fn prompt(&self) -> String {
        match &self.game {
            Some(g) => g.prompt(),
            None => match &self.seeking {
                Some((pool, _)) => format!("waiting in the {pool} pool ('cancel' to stop)"),
                None => "lobby: 'seek american', 'challenge', 'accept N', 'watch N', 'help'".into(),
            },
        }
    }

    /// Carries out a typed line.
    pub fn command(&mut self, text: &str) -> Reply {
        let mut r = Reply::default();
        let text = text.trim();
        if text.is_empty() {
            return r;
        }
        let (word, rest) = match text.split_once(char::is_whitespace) {
            Some((w, rest)) => (w.to_ascii_lowercase(), rest.trim()),
            None => (text.to_ascii_lowercase(), ""),
        };
        match word.as_str() {
            "help" | "?" => r.lines.extend(HELP.lines().map(str::to_string)),
            "quit" | "exit" => r.quit = true,
            "lobby" if self.game.is_none() => r.lines.extend(self.lobby_lines()),
            "leave" | "lobby" => {
                if self.game.take().is_some() {
                    r.say("You left the game.");
                }
                r.send.push(json!({"type": "lobby"}));
            }
            "say" | "chat" => {
                if rest.is_empty() {
                    r.say("Say what? 'say good luck'");
                } else if self.game.is_none() {
                    r.say("Chat is in a game: join or watch one first.");
                } else {
                    r.send.push(json!({"type": "chat", "text": rest}));
                }
            }
            "seek" => self.seek(rest, &mut r),
            "challenge" => match challenge_msg(rest) {
                Ok(m) => r.send.push(m),
                Err(e) => r.say(e),
            },
            "accept" => match pick(rest, &self.lobby.challenges, |c| &c.id) {
                Ok(id) => r.send.push(json!({"type": "accept", "challenge": id})),
                Err(e) => r.say(format!("{e} ('lobby' lists the challenges)")),
            },
            "cancel" => {
                let ids: Vec<String> = if rest.is_empty() {
                    self.mine
                        .iter()
                        .cloned()
                        .chain(self.seeking.as_ref().map(|(_, id)| id.clone()))
                        .collect()
                } else {
                    vec![rest.to_string()]
                };
                if ids.is_empty() {
                    r.say("Nothing to cancel.");
                }
                for id in ids {
                    r.send.push(json!({"type": "cancel", "challenge": id}));
                }
                if self.seeking.take().is_some() {
                    r.say("You left the pool.");
                }
            }
            "watch" => match pick(rest, &self.lobby.playing, |g| &g.id) {
                Ok(id) => r
                    .send
                    .push(json!({"type": "join", "v": VERSION, "game": id, "watch": true})),
                Err(e) => r.say(format!("{e} ('lobby' lists the games)")),
            },
            _ => match self.game.as_mut() {
                Some(g) => game_command(g, &word, rest, text, &mut r),
                None => r.say(format!(
                    "'{text}' is not a lobby command: 'help' lists them"
                )),
            },
        }
        r
    }

    fn seek(&mut self, rest: &str, r: &mut Reply) {
        if self.game.is_some() {
            r.say("Finish or 'leave' this game first.");
            return;
        }
        let pool = match rest.parse::<usize>() {
            Ok(n) => self
                .lobby
                .pools
                .get(n.wrapping_sub(1))
                .map(|p| p.id.clone()),
            Err(_) if rest.is_empty() => None,
            Err(_) => Some(rest.to_ascii_lowercase()),
        };
        match pool {
            Some(p) => r.send.push(json!({"type": "seek", "pool": p})),
            None => r.say(format!(
                "seek which pool? {}",
                self.lobby
                    .pools
                    .iter()
                    .map(|p| p.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    }
}

/// The commands of a game.
fn game_command(g: &mut GameState, word: &str, rest: &str, text: &str, r: &mut Reply) {
    let bare = |t: &str| json!({"type": t});
    match word {
        "board" => {
            let lines = crate::play::board::draw(
                &g.view.position,
                g.role.viewer(),
                &crate::play::board::Marks::default(),
            );
            r.lines.extend(crate::play::board::plain(&lines));
        }
        "position" => r.lines.extend(g.describe()),
        "clock" => r.say(
            g.clock_line(Instant::now())
                .unwrap_or_else(|| "This game has no clock.".into()),
        ),
        "roll" => r.send.push(bare("roll")),
        "double" => r.send.push(bare("double")),
        "take" => r.send.push(bare("take")),
        "drop" => r.send.push(bare("drop")),
        "undo" => r.send.push(bare("undo")),
        "ok" | "confirm" => r.send.push(bare("confirm")),
        "next" => r.send.push(bare("next_game")),
        "rematch" => r.send.push(bare("rematch")),
        "decline" => r.send.push(bare("rematch_decline")),
        "claim" => r.send.push(bare("claim")),
        "resign" => {
            let me = match g.role {
                Role::Seat(s) => s,
                _ => {
                    r.say("Only a player can resign.");
                    return;
                }
            };
            if rest.eq_ignore_ascii_case("yes") {
                r.send.push(bare("resign"));
            } else {
                let pts = g.view.resign_points.get(me).copied().unwrap_or(1);
                r.say(format!(
                    "Resigning now gives {} {pts} point{}: 'resign yes' to resign.",
                    g.name(seat(me).other()),
                    if pts == 1 { "" } else { "s" }
                ));
            }
        }
        "plays" => {
            let list = g.plays();
            if list.is_empty() {
                r.say("No play to choose now.");
            }
            for (i, (text, _)) in list.iter().enumerate() {
                r.say(format!("{}. {text}", i + 1));
            }
        }
        "play" if rest.parse::<usize>().is_ok() => {
            let n: usize = rest.parse().unwrap_or(0);
            let list = g.plays();
            match list.get(n.wrapping_sub(1)) {
                Some((_, steps)) => r.send.push(json!({"type": "play", "steps": steps})),
                None => r.say(format!(
                    "There is no play {n}: 'plays' lists {}.",
                    list.len()
                )),
            }
        }
        _ => typed_play(g, text, r),
    }
}

/// A play, a step or a double typed in notation, checked against the legal steps first.
fn typed_play(g: &mut GameState, text: &str, r: &mut Reply) {
    if !g.my_turn() {
        r.say(format!(
            "'{text}' is not a command, and it is not your move: 'help' lists the commands"
        ));
        return;
    }
    let (label, body, rest) = typed::first_part(text);
    let actions = match g.view.phase.phase.as_str() {
        "name-double" => {
            let named = match &label {
                Some(l) => {
                    let named = typed::double_of(&g.view.nameable, l);
                    // `6-6 chosen: in/19(4)`: the double now, its play when asked for.
                    if named.is_ok() && !body.is_empty() {
                        g.pending = Some(join_rest(&body, rest.as_deref()));
                    }
                    named
                }
                None => typed::double_of(&g.view.nameable, &body),
            };
            named.map(|a| vec![a])
        }
        "move" => {
            let checked = match (&label, &g.view.phase.pool) {
                (Some(l), Some(dice)) => {
                    typed::check_label(l, dice, g.view.phase.kind.unwrap_or(PoolKind::Natural))
                }
                _ => Ok(()),
            };
            checked.and_then(|()| match g.turn() {
                Some(turn) => typed::turn_actions(&turn, &body),
                None => Err("the play could not be rebuilt here: use 'plays' and 'play N'".into()),
            })
        }
        _ => Err(format!("'{text}' is not a command: 'help' lists them")),
    };
    match actions {
        Ok(acts) => {
            if g.pending.is_none() {
                g.pending = rest;
            }
            for a in acts {
                if let Some(m) = intent(&a) {
                    r.send.push(m);
                }
            }
        }
        Err(e) => {
            g.pending = None;
            r.say(e);
        }
    }
}

fn join_rest(body: &str, rest: Option<&str>) -> String {
    match rest {
        Some(rest) => format!("{body}, {rest}"),
        None => body.to_string(),
    }
}

/// The client message for an action typed.
fn intent(a: &Action) -> Option<Value> {
    Some(match a {
        Action::Step { step } => {
            json!({"type": "step", "from": step.from, "to": step.to, "die": step.die})
        }
        Action::Play { steps } => json!({"type": "play", "steps": steps}),
        Action::NameDouble { value } => json!({"type": "name_double", "value": value}),
        Action::Confirm => json!({"type": "confirm"}),
        Action::Undo => json!({"type": "undo"}),
        _ => return None,
    })
}

/// The lines an accepted action is told with (plays come from the log).
fn action_lines(g: &GameState, action: &Action, mover: Option<Player>, r: &mut Reply) {
    let who = |p: Player| g.name(p);
    match action {
        Action::DieOff { dice } => {
            r.say(format!(
                "Die-off: {} {}, {} {}.",
                who(Player::Zero),
                dice[0],
                who(Player::One),
                dice[1]
            ));
        }
        Action::Roll { dice } => {
            if let Some(p) = mover {
                r.say(format!("{} rolls {}-{}.", who(p), dice[0], dice[1]));
            }
        }
        Action::NameDouble { value } => {
            if let Some(p) = mover {
                r.say(format!("{} names {value}-{value}.", who(p)));
            }
        }
        Action::Double => {
            if let Some(p) = mover {
                r.say(format!("{} doubles.", who(p)));
            }
        }
        Action::Take => {
            if let Some(p) = mover {
                r.say(format!(
                    "{} takes: the cube is at {}.",
                    who(p),
                    g.view.cube.value
                ));
            }
        }
        Action::Drop => {
            if let Some(p) = mover {
                r.say(format!("{} drops.", who(p)));
            }
        }
        Action::Resign { player } | Action::ResignAs { player, .. } => {
            r.say(format!("{} resigns.", who(*player)));
        }
        Action::Forfeit { player } => {
            let timed_out = g
                .clock
                .as_ref()
                .is_some_and(|(c, _)| c.left_ms[player.index()] == 0);
            r.say(if timed_out {
                format!("{}'s time ran out.", who(*player))
            } else {
                format!("{} forfeits.", who(*player))
            });
        }
        Action::NextGame => r.say(format!("Game {} begins.", g.view.game_number)),
        Action::Step { .. } | Action::Undo | Action::Confirm | Action::Play { .. } => {}
    }
    if let (Some(winner), Some(points)) = (g.view.phase.winner, g.view.phase.points) {
        if g.over() && !matches!(action, Action::NextGame) {
            r.say(format!(
                "{} wins {points} point{}. Score: {} {}, {} {}.",
                who(winner),
                if points == 1 { "" } else { "s" },
                who(Player::Zero),
                g.view.score[0],
                who(Player::One),
                g.view.score[1]
            ));
            if let Some(m) = g.view.match_winner {
                r.say(format!("{} wins the match.", who(m)));
            }
        }
    }
}

/// A rule string without its match length (said apart).
pub fn rules_text(rules: &str) -> String {
    rules
        .split(',')
        .filter(|part| !part.trim().starts_with("match_target"))
        .collect::<Vec<_>>()
        .join(",")
}

fn seat(i: usize) -> Player {
    Player::from_index(i).unwrap_or(Player::Zero)
}

/// A chat line as shown.
pub fn chat_text(line: &ChatLine) -> String {
    let from = match line.seat {
        Some(s) => format!("{} {}", mark_char(seat(s)), line.from),
        None => line.from.clone(),
    };
    let channel = if line.channel == "spectators" {
        " (spectators)"
    } else {
        ""
    };
    format!("[chat{channel}] {from}: {}", line.text)
}

fn match_text(n: u32) -> String {
    if n > 1 {
        format!(", match to {n}")
    } else {
        ", one game".into()
    }
}

/// A challenge in a line.
pub fn challenge_text(c: &Challenge) -> String {
    format!(
        "{}{} {}{}, {}, {}, {} [{}]",
        c.name,
        if c.registered { "" } else { " (guest)" },
        match c.rating {
            Some(r) => format!("{r:.0}"),
            None => "unrated".into(),
        },
        match_text(c.match_to),
        c.rules,
        match &c.clock {
            Some(t) => format!("clock {t}"),
            None => "no clock".into(),
        },
        if c.rated { "rated" } else { "casual" },
        c.id
    )
}

/// A number of a list (from 1) or an id in it.
fn pick<T>(text: &str, list: &[T], id: impl Fn(&T) -> &String) -> Result<String, String> {
    if text.is_empty() {
        return Err("which one? give its number or id".into());
    }
    if let Ok(n) = text.parse::<usize>() {
        return list
            .get(n.wrapping_sub(1))
            .map(|x| id(x).clone())
            .ok_or_else(|| format!("there is no number {n}"));
    }
    Ok(text.to_string())
}

/// `challenge [RULES] [match N] [clock C] [rated]` as a message.
fn challenge_msg(text: &str) -> Result<Value, String> {
    let mut rules: Option<String> = None;
    let mut match_to: Option<u32> = None;
    let mut clock: Option<String> = None;
    let mut rated = false;
    let mut words = text.split_whitespace();
    while let Some(w) = words.next() {
        match w.to_ascii_lowercase().as_str() {
            "rated" => rated = true,
            "casual" => rated = false,
            "match" => {
                let n = words.next().ok_or("'match' needs a length: match 5")?;
                match_to = Some(
                    n.parse()
                        .map_err(|_| format!("'{n}' is not a match length"))?,
                );
            }
            "clock" => {
                clock = Some(
                    words
                        .next()
                        .ok_or("'clock' needs a time control: clock 3+12 or clock 30/turn")?
                        .to_string(),
                );
            }
            _ if rules.is_none() => rules = Some(w.to_string()),
            _ => return Err(format!("'{w}' is not part of a challenge: challenge [RULES] [match N] [clock 3+12] [rated]")),
        }
    }
    let mut m = json!({"type": "challenge", "rated": rated});
    if let Some(r) = rules {
        m["rules"] = json!(r);
    }
    if let Some(n) = match_to {
        m["match"] = json!(n);
    }
    if let Some(c) = clock {
        m["clock"] = json!(c);
    }
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn challenges_and_clocks_are_written_as_the_server_reads_them() {
        assert_eq!(
            challenge_msg("bgammon match 3 clock 5+10 rated").unwrap(),
            json!({"type": "challenge", "rules": "bgammon", "match": 3, "clock": "5+10", "rated": true})
        );
        assert_eq!(
            challenge_msg("").unwrap(),
            json!({"type": "challenge", "rated": false})
        );
        assert!(challenge_msg("match x").is_err());
        assert!(challenge_msg("a b").is_err());
        assert_eq!(clock_text(180_000), "3:00");
        assert_eq!(clock_text(61_001), "1:02");
        assert_eq!(clock_text(9_450), "0:09.4");
    }
}
