//! What the online client knows and does, without any terminal: the lobby as the server
//! describes it, the game being played or watched (with both clocks counted down locally
//! between updates), the chat, and the commands a person types. Both front ends feed it the
//! server's messages ([`Client::handle`]) and typed lines ([`Client::command`]) and show the
//! lines it answers with; what it must send comes back with them.
//!
//! It also knows how it stands with the server ([`Link`]): when the connection drops it says
//! so, refuses to send, and once a new socket is open ([`Client::up`]) says hello again and
//! rejoins its seat with the token. An intent sent just before the drop is then reported as made
//! or not made from the game's action count (`view.n`), never sent a second time.

use std::time::Instant;

use super::seats::{KeptSeat, SeatNote};
use crate::i18n::{self, t};
use crate::play::board::mark_char;
use crate::play::typed;
use acey_protocol::{
    Challenge, Channel, ChatLine, ClientMsg, ClockView, ErrorCode, GameInfo, Joined, LiveGame,
    LobbyView, LogEntry, PlayerView, PoolView, Presence, RatingChange, Role, ServerMsg, View,
    VERSION,
};
use acey_rules::{notation, Action, Phase, Player, PoolKind, Rules, TurnBuilder};

/// A server error in the player's language: the web client's `error-CODE` message when the
/// language has one, else what the server said (in English) with its code.
fn server_error(code: &str, message: &str) -> String {
    if i18n::current() != i18n::Lang::En {
        if let Some(text) = i18n::lookup(&format!("error-{code}"), &[]) {
            // The kind of refusal in the player's language, then why, as the server (in
            // English) says it: "Those settings are not allowed" alone does not say which.
            let refused = t!("term-server-refused", text = text);
            return match message.trim() {
                "" => refused,
                why => format!("{refused} ({why})"),
            };
        }
    }
    t!("term-server-says", message = message, code = code)
}

/// What an incoming message or a command led to: lines to show and messages to send.
#[derive(Debug, Default)]
pub struct Reply {
    /// Lines for the person, in order.
    pub lines: Vec<String>,
    /// Messages for the server, in order.
    pub send: Vec<ClientMsg>,
    /// The person asked to quit.
    pub quit: bool,
    /// Seats to keep or forget on disk.
    pub seats: Vec<SeatNote>,
    /// It has just become this side's turn: ring the bell (unless the player asked for quiet).
    pub bell: bool,
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
        let mark = mark_char(p).to_string();
        if self.role == Role::Seat(p.index()) {
            t!("term-online-label-you", mark = mark, name = self.name(p))
        } else {
            format!("{mark} {}", self.name(p))
        }
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
            let (label, time) = (self.label(p), clock_text(left));
            if c.running == Some(p.index()) {
                t!("term-online-clock-running", label = label, time = time)
            } else {
                format!("{label} {time}")
            }
        };
        Some(t!(
            "term-online-clock-line",
            control = c.control.to_string(),
            x = side(Player::Zero),
            o = side(Player::One)
        ))
    }

    /// Whether the game waits for this connection (the server does the rest: dice, rolls
    /// without a cube decision).
    pub fn my_turn(&self) -> bool {
        let mine = self.view.to_act.is_some_and(|p| self.role.controls(p));
        match self.view.phase {
            Phase::Move { .. } | Phase::NameDouble { .. } | Phase::CubeOffered { .. } => mine,
            Phase::Roll { .. } => mine && self.view.may_double,
            Phase::DieOff | Phase::GameOver { .. } => false,
        }
    }

    /// Whether the game (or the match) is over.
    pub fn over(&self) -> bool {
        matches!(self.view.phase, Phase::GameOver { .. })
    }

    /// Whether nothing more can be played here: a match won, or a single game over (an open
    /// session goes on with its next game).
    pub fn finished(&self) -> bool {
        self.view.match_winner.is_some()
            || (self.over() && matches!(self.info.match_to, None | Some(1)))
    }

    /// The step view of the play being built, rebuilt from the server's state.
    pub fn turn(&self) -> Option<TurnBuilder> {
        let rules = self.rules.as_ref()?;
        let t = self.view.turn.as_ref()?;
        let Phase::Move { pool, .. } = self.view.phase else {
            return None;
        };
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
                Some(_) => t!("term-online-prompt-match-over"),
                None => t!("term-online-prompt-game-over"),
            };
        }
        if self.role == Role::Spectator {
            return t!("term-online-prompt-watching");
        }
        if !self.my_turn() {
            return match v.to_act {
                Some(p) => match self.away_ms(p, Instant::now()) {
                    // The server allows a claim after two minutes gone on their own turn
                    // (games without clocks); it says so if it is too early.
                    Some(ms) if self.clock.is_none() && self.role != Role::Spectator => t!(
                        "term-online-prompt-gone",
                        name = self.name(p),
                        time = clock_text(ms)
                    ),
                    _ => t!("term-online-prompt-waiting-for", name = self.name(p)),
                },
                None => t!("term-prompt-waiting"),
            };
        }
        match v.phase {
            Phase::Roll { .. } => t!("term-online-prompt-roll"),
            Phase::CubeOffered { by } => t!(
                "term-online-prompt-take",
                name = self.name(by),
                value = v.cube.value * 2
            ),
            Phase::NameDouble { .. } => t!(
                "term-online-prompt-name-double",
                doubles = v
                    .nameable
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            _ => {
                let Some(t) = &v.turn else {
                    return t!("term-online-prompt-move-bare");
                };
                let dice: Vec<String> = t.remaining.iter().map(u8::to_string).collect();
                let dice = dice.join("-");
                if t.steps.is_empty() {
                    match v.phase {
                        Phase::Move {
                            kind: PoolKind::ChosenDouble(d),
                            ..
                        } => t!(
                            "term-online-prompt-move-chosen",
                            double = format!("{d}-{d}"),
                            dice = dice
                        ),
                        _ => t!("term-online-prompt-move", dice = dice),
                    }
                } else if t.legal.is_empty() {
                    t!(
                        "term-online-prompt-complete",
                        play = notation::format_steps(&t.steps)
                    )
                } else {
                    t!(
                        "term-online-prompt-next-step",
                        play = notation::format_steps(&t.steps),
                        dice = dice
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
        let mut out = vec![match self.info.match_to {
            Some(n) if n > 1 => t!(
                "term-online-position-head-match",
                name = self.name(viewer),
                number = v.game_number.max(1),
                target = n
            ),
            _ => t!(
                "term-online-position-head",
                name = self.name(viewer),
                number = v.game_number.max(1)
            ),
        }];
        if self.info.cube {
            out.push(match v.cube.owner {
                Some(p) => t!(
                    "term-position-cube-owner",
                    value = v.cube.value,
                    who = "other",
                    name = self.name(p)
                ),
                None => t!("term-position-cube-middle", value = v.cube.value),
            });
        }
        for p in [viewer, viewer.other()] {
            out.push(t!(
                "term-online-position-side",
                label = self.label(p),
                points = crate::play::plain::occupied(pos, viewer, p),
                start = crate::play::plain::start_count(self.rules.as_ref(), pos, p),
                bar = pos.bar(p),
                off = pos.off(p),
                pips = v.pips[p.index()],
                score = v.score[p.index()]
            ));
        }
        if let Some(d) = v.dice {
            out.push(t!("term-online-dice", dice = format!("{}-{}", d[0], d[1])));
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

/// How the client stands with the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Link {
    /// Connected, and in its game if it has one.
    #[default]
    Connected,
    /// No socket: the connection is trying again.
    Down,
    /// A new socket, the hello and the join sent: not back in the game until `joined`.
    Rejoining,
}

/// Intents sent in a game and not yet answered: what was typed, and the game's action count
/// when it was sent.
#[derive(Debug, Clone)]
struct InFlight {
    n: usize,
    text: String,
}

/// The client.
#[derive(Debug, Default)]
pub struct Client {
    /// The server, as [`super::Endpoint::http_url`] writes it (the key of the kept seats).
    pub server: String,
    /// The guest name asked for, said again at each hello.
    pub hello_name: Option<String>,
    /// The claim the server gave with that name: said with it at each hello, so that a
    /// reconnection takes the name back even before the server has seen the old socket close.
    claim: Option<String>,
    /// How the client stands with the server.
    pub link: Link,
    /// The seats kept for this server (games to resume).
    pub kept: Vec<KeptSeat>,
    /// A kept seat to go back to once welcomed (`--resume`), or being gone back to.
    resume: Option<KeptSeat>,
    /// Intents sent and not yet answered.
    in_flight: Option<InFlight>,
    /// Whether the game waited for this side at the last view (the bell rings on the change).
    my_turn_before: bool,
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

/// A rating after a rated game as the player reads it: `1512`, or `1512?` while provisional.
fn rating_text(r: &RatingChange) -> String {
    let mark = if r.provisional { "?" } else { "" };
    format!("{}{mark}", r.after.round() as i64)
}

/// A rating's change with its sign: `+12`, `−12` (a minus sign), `+0`.
fn change_text(r: &RatingChange) -> String {
    let d = (r.after - r.before).round() as i64;
    if d < 0 {
        format!("\u{2212}{}", -d)
    } else {
        format!("+{d}")
    }
}

/// The hello that starts a connection: as the guest `name` (with its `claim`, once given), or
/// under the name the server gives.
pub fn hello(name: Option<&str>, claim: Option<&str>) -> ClientMsg {
    ClientMsg::Hello {
        v: Some(VERSION),
        name: name.map(str::to_string),
        claim: name.and(claim).map(str::to_string),
    }
}

/// The message that joins `game`: with a seat's token (or without one, to take a free seat or
/// else watch), or only to watch.
fn join(game: String, token: Option<String>, watch: bool) -> ClientMsg {
    ClientMsg::Join {
        v: Some(VERSION),
        game,
        token,
        watch,
    }
}

impl Client {
    /// A client that has said nothing yet.
    pub fn new() -> Client {
        Client::default()
    }

    /// A client of `server` that says hello as `hello_name`, knows the seats `kept` there, and
    /// goes straight back to the game `resume` once welcomed. A game with no kept seat is
    /// refused with the games there are.
    pub fn with(
        server: String,
        hello_name: Option<String>,
        kept: Vec<KeptSeat>,
        resume: Option<&str>,
    ) -> Result<Client, String> {
        let resume = match resume {
            Some(game) => match kept.iter().find(|k| k.game == game) {
                Some(k) => Some(k.clone()),
                None => {
                    let games: Vec<&str> = kept.iter().map(|k| k.game.as_str()).collect();
                    return Err(t!(
                        "term-error-no-kept-seat",
                        game = game,
                        server = server.as_str(),
                        games = if games.is_empty() {
                            "-".to_string()
                        } else {
                            games.join(", ")
                        }
                    ));
                }
            },
            None => None,
        };
        Ok(Client {
            server,
            hello_name,
            kept,
            resume,
            ..Client::default()
        })
    }

    /// The hello this client opens a connection with.
    pub fn hello(&self) -> ClientMsg {
        hello(self.hello_name.as_deref(), self.claim.as_deref())
    }

    /// The socket is gone and the connection is trying again.
    pub fn down(&mut self, why: &str) -> Reply {
        let mut r = Reply::default();
        if self.link == Link::Down {
            return r;
        }
        self.link = Link::Down;
        r.say(t!("term-online-reconnecting", reason = why));
        // The server forgets a connection's seek and challenges when it closes.
        if self.seeking.take().is_some() || !self.mine.is_empty() {
            self.mine.clear();
            r.say(t!("term-online-seek-lost"));
        }
        if let Some(g) = self.game.as_mut() {
            g.pending = None;
        }
        r
    }

    /// A new socket is open: hello again (the welcome then rejoins the game).
    pub fn up(&mut self) -> Reply {
        let mut r = Reply::default();
        self.link = Link::Rejoining;
        r.say(t!("term-online-reconnected"));
        r.send.push(self.hello());
        r
    }

    /// The join that takes this client back to its game after a new socket, if it has one.
    fn rejoin(&self) -> Option<ClientMsg> {
        let g = self.game.as_ref()?;
        Some(match (&g.role, &g.token) {
            (Role::Spectator, _) | (_, None) => join(g.info.game.clone(), None, true),
            (_, Some(token)) => join(g.info.game.clone(), Some(token.clone()), false),
        })
    }

    /// A change to the kept seats, noted for the disk and in [`Client::kept`].
    fn note(&mut self, note: SeatNote, r: &mut Reply) {
        match &note {
            SeatNote::Keep(seat) => {
                self.kept.retain(|k| k.game != seat.game);
                self.kept.push(seat.clone());
            }
            SeatNote::Forget { game, .. } => {
                if !self.kept.iter().any(|k| k.game == *game) {
                    return;
                }
                self.kept.retain(|k| k.game != *game);
            }
        }
        r.seats.push(note);
    }

    /// The kept seats of this server as lines offering to resume them.
    pub fn kept_lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.kept.is_empty() {
            return out;
        }
        out.push(t!("term-online-kept"));
        for (i, k) in self.kept.iter().enumerate() {
            out.push(t!(
                "term-online-kept-game",
                number = i + 1,
                game = k.game.as_str(),
                x = k.players[0].as_str(),
                o = k.players[1].as_str(),
                mark = mark_char(seat(k.seat)).to_string(),
                rules = rules_text(&k.rules)
            ));
        }
        out
    }

    /// Takes in a server message.
    pub fn handle(&mut self, msg: ServerMsg, now: Instant) -> Reply {
        let mut r = Reply::default();
        match msg {
            ServerMsg::Welcome {
                name,
                registered,
                claim,
                ..
            } => {
                if claim.is_some() {
                    self.claim = claim;
                }
                r.say(if registered {
                    t!("term-online-welcome", name = name.as_str())
                } else {
                    t!("term-online-welcome-guest", name = name.as_str())
                });
                self.me = Some((name, registered));
                if let Some(back) = self.rejoin() {
                    r.send.push(back);
                } else if let Some(k) = &self.resume {
                    self.link = Link::Rejoining;
                    r.say(t!("term-online-resuming", game = k.game.as_str()));
                    r.send
                        .push(join(k.game.clone(), Some(k.token.clone()), false));
                } else {
                    self.link = Link::Connected;
                    r.send.push(ClientMsg::Lobby);
                    if !self.kept.is_empty() {
                        r.lines.extend(self.kept_lines());
                        r.say(t!("term-online-kept-how"));
                    }
                }
            }
            ServerMsg::Lobby(LobbyView {
                challenges,
                pools,
                playing,
                online,
            }) => {
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
                let text = if mine {
                    t!(
                        "term-online-your-challenge",
                        text = challenge_text(&challenge)
                    )
                } else {
                    t!(
                        "term-online-new-challenge",
                        text = challenge_text(&challenge)
                    )
                };
                if mine && !self.mine.contains(&challenge.id) {
                    self.mine.push(challenge.id.clone());
                }
                if !self.lobby.challenges.iter().any(|c| c.id == challenge.id) {
                    self.lobby.challenges.push(challenge);
                }
                if self.game.is_none() {
                    let n = self.lobby.challenges.len();
                    r.say(t!("term-online-accept-n", text = text, number = n));
                }
            }
            ServerMsg::ChallengeRemoved { id } => {
                let before = self.lobby.challenges.len();
                self.lobby.challenges.retain(|c| c.id != id);
                self.mine.retain(|m| *m != id);
                if self.game.is_none() && before != self.lobby.challenges.len() {
                    r.say(t!("term-online-challenge-gone", id = id.as_str()));
                }
            }
            ServerMsg::Pools { pools } => self.lobby.pools = pools,
            ServerMsg::Playing { games } => self.lobby.playing = games,
            ServerMsg::Online { n } => self.lobby.online = n,
            ServerMsg::Seeking { pool, id } => {
                r.say(t!("term-online-seeking", pool = pool.as_str()));
                self.seeking = Some((pool, id));
            }
            ServerMsg::Paired { game, token } => {
                r.say(t!("term-online-paired"));
                self.seeking = None;
                self.mine.clear();
                r.send.push(join(game, Some(token), false));
            }
            ServerMsg::Joined(j) => {
                self.seeking = None;
                self.mine.clear();
                self.link = Link::Connected;
                let g = GameState::new(*j, now);
                let again = self
                    .game
                    .as_ref()
                    .is_some_and(|old| old.info.game == g.info.game);
                if let Some(f) = self.in_flight.take() {
                    if again {
                        r.say(if g.view.n > f.n {
                            t!("term-online-intent-made", text = f.text)
                        } else {
                            t!("term-online-intent-lost", text = f.text)
                        });
                    }
                }
                let resumed = self.resume.take();
                r.say(t!(
                    "term-online-joined",
                    game = g.info.game.as_str(),
                    x = g.label(Player::Zero),
                    o = g.label(Player::One),
                    rules = rules_text(&g.info.rules),
                    terms = game_terms(
                        g.info.match_to.unwrap_or(1),
                        g.info.clock.as_ref().map(|c| c.to_string()).as_deref(),
                        g.info.rated
                    )
                ));
                if g.role == Role::Spectator {
                    r.say(t!("term-online-watching"));
                }
                match (&g.role, &g.token) {
                    (Role::Seat(s), Some(token)) => {
                        if !again {
                            r.say(t!(
                                "term-online-resume-how",
                                url = self.server.as_str(),
                                game = g.info.game.as_str()
                            ));
                        }
                        let kept = KeptSeat {
                            server: self.server.clone(),
                            game: g.info.game.clone(),
                            token: token.clone(),
                            seat: *s,
                            players: [g.name(Player::Zero), g.name(Player::One)],
                            rules: g.info.rules.clone(),
                        };
                        self.note(SeatNote::Keep(kept), &mut r);
                    }
                    _ => {
                        // A kept token that no longer opens its seat is of no more use.
                        if let Some(k) = resumed {
                            r.say(t!("term-online-seat-gone", game = k.game.as_str()));
                            let forget = SeatNote::Forget {
                                server: self.server.clone(),
                                game: k.game,
                            };
                            self.note(forget, &mut r);
                        }
                    }
                }
                for line in g.chat.iter().rev().take(5).rev() {
                    r.say(chat_text(line));
                }
                self.game = Some(g);
                self.my_turn_before = false;
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
                if self.in_flight.as_ref().is_some_and(|f| view.n > f.n) {
                    self.in_flight = None;
                }
                let before = g.view.clone();
                g.view = *view;
                if let Some(c) = clock {
                    g.clock = Some((c, now));
                }
                let mover = before.to_act;
                for e in &log {
                    r.say(t!(
                        "term-online-plays",
                        name = g.name(e.player),
                        play = e.notation.as_str()
                    ));
                }
                g.log.extend(log);
                action_lines(g, &action, mover, &mut r);
                self.after_view(&mut r);
            }
            ServerMsg::Seats { players, .. } => {
                if let Some(g) = self.game.as_mut() {
                    for (i, p) in players.iter().enumerate() {
                        if p.is_some() && g.info.players[i] != *p {
                            if let Some(PlayerView { name, .. }) = p {
                                r.say(t!(
                                    "term-online-sits",
                                    name = name.as_str(),
                                    mark = mark_char(seat(i)).to_string()
                                ));
                            }
                        }
                    }
                    g.info.players = players;
                }
            }
            ServerMsg::Rematch { game } => {
                if let Some(g) = &self.game {
                    r.say(t!("term-online-rematch-begins"));
                    r.send.push(join(game, g.token.clone(), false));
                }
            }
            ServerMsg::RematchOffer { by } => {
                if let Some(g) = self.game.as_mut() {
                    g.rematch_offer = Some(by);
                    if g.role == Role::Seat(by) {
                        r.say(t!("term-online-you-offer-rematch"));
                    } else {
                        r.say(t!("term-online-offers-rematch", name = g.name(seat(by))));
                    }
                }
            }
            ServerMsg::RematchDeclined { by } => {
                if let Some(g) = self.game.as_mut() {
                    g.rematch_offer = None;
                    r.say(t!("term-online-declines-rematch", name = g.name(seat(by))));
                }
            }
            ServerMsg::Error { code, message, .. } => {
                r.say(server_error(code.as_str(), &message));
                // An intent refused is answered: nothing is in flight any more.
                self.in_flight = None;
                // Going back to a game that is not there: the lobby instead.
                if self.link == Link::Rejoining && code == ErrorCode::NotFound {
                    self.link = Link::Connected;
                    let gone = self
                        .game
                        .take()
                        .map(|g| g.info.game)
                        .or_else(|| self.resume.take().map(|k| k.game));
                    if let Some(game) = gone {
                        r.say(t!("term-online-seat-gone", game = game.as_str()));
                        let forget = SeatNote::Forget {
                            server: self.server.clone(),
                            game,
                        };
                        self.note(forget, &mut r);
                    }
                    r.send.push(ClientMsg::Lobby);
                }
                // A guest name refused at hello: play under the name the server gives.
                // (Also when saying hello again after a reconnection: the welcome rejoins.)
                if (self.me.is_none() || self.link == Link::Rejoining)
                    && matches!(
                        code,
                        ErrorCode::NameTaken | ErrorCode::BadName | ErrorCode::BadSettings
                    )
                {
                    r.say(t!("term-online-guest-name"));
                    self.hello_name = None;
                    r.send.push(hello(None, None));
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
                                (true, true) => t!("term-online-back", name = name),
                                (true, false) => t!("term-online-here", name = name),
                                (false, _) => t!("game-away", name = name),
                            });
                        }
                        g.seen_connected[i] |= is;
                    }
                    g.presence = (presence, now);
                }
            }
            ServerMsg::Rated { ratings } => {
                if let Some(g) = &self.game {
                    let [a, b] = ratings;
                    r.say(t!(
                        "game-rated",
                        name0 = g.name(Player::Zero),
                        rating0 = rating_text(&a),
                        change0 = change_text(&a),
                        name1 = g.name(Player::One),
                        rating1 = rating_text(&b),
                        change1 = change_text(&b)
                    ));
                }
            }
            ServerMsg::NotRated { reason } => {
                if let Some(g) = self.game.as_mut() {
                    g.info.rated = false;
                    g.info.unrated = Some(reason);
                }
                r.say(t!("game-unrated", reason = reason.as_str()));
            }
            ServerMsg::Pong | ServerMsg::Hint { .. } | ServerMsg::Other => {}
        }
        r
    }

    /// Whether a challenge is this connection's own.
    fn is_mine(&self, c: &Challenge) -> bool {
        self.mine.contains(&c.id) || self.me.as_ref().is_some_and(|(n, _)| *n == c.name)
    }

    /// After a new view: a finished game's seat forgotten, the bell when the turn comes, a
    /// pending rest of a typed line, a play with nothing to choose.
    fn after_view(&mut self, r: &mut Reply) {
        let Some(g) = self.game.as_ref() else { return };
        if g.finished() {
            let forget = SeatNote::Forget {
                server: self.server.clone(),
                game: g.info.game.clone(),
            };
            self.note(forget, r);
        }
        let Some(g) = self.game.as_mut() else { return };
        let mine = g.my_turn();
        r.bell |= mine && !self.my_turn_before;
        self.my_turn_before = mine;
        if !mine {
            return;
        }
        if let Some(rest) = g.pending.take() {
            // Typed ahead: nothing to be told.
            r.bell = false;
            let more = self.command(&rest);
            r.lines.extend(more.lines);
            r.send.extend(more.send);
            return;
        }
        // A play with no legal step at all: nothing to choose, so it is passed at once.
        if let Some(t) = &g.view.turn {
            if t.steps.is_empty() && t.legal.is_empty() && g.passed_at != Some(g.view.n) {
                g.passed_at = Some(g.view.n);
                r.bell = false;
                r.say(t!("term-online-no-play"));
                r.send.push(ClientMsg::Confirm);
            }
        }
    }

    /// The lobby in lines.
    pub fn lobby_lines(&self) -> Vec<String> {
        let l = &self.lobby;
        let mut out = vec![t!("term-online-lobby", count = l.online)];
        out.push(t!("term-online-pools"));
        for (i, p) in l.pools.iter().enumerate() {
            out.push(t!(
                "term-online-pool",
                number = i + 1,
                id = format!("{:<15}", p.id),
                rules = rules_text(&p.rules),
                terms = match_text(p.match_to),
                clock = p.clock.to_string(),
                waiting = p.waiting
            ));
        }
        if l.challenges.is_empty() {
            out.push(t!("term-online-no-challenges"));
        } else {
            out.push(t!("term-online-challenges"));
            for (i, c) in l.challenges.iter().enumerate() {
                out.push(format!("  {}. {}", i + 1, challenge_text(c)));
            }
        }
        if l.playing.is_empty() {
            out.push(t!("term-online-no-games"));
        } else {
            out.push(t!("term-online-games"));
            for (i, g) in l.playing.iter().enumerate() {
                out.push(t!(
                    "term-online-game",
                    number = i + 1,
                    x = g.names[0].as_str(),
                    o = g.names[1].as_str(),
                    rules = rules_text(&g.rules),
                    rated = if g.rated { "rated" } else { "casual" },
                    id = g.id.as_str()
                ));
            }
        }
        out
    }

    /// What the client waits for, as a prompt line (after `> `).
    pub fn prompt(&self) -> String {
        match self.link {
            Link::Down => return t!("term-online-prompt-reconnecting"),
            Link::Rejoining => return t!("term-online-prompt-rejoining"),
            Link::Connected => {}
        }
        match &self.game {
            Some(g) => g.prompt(),
            None => match &self.seeking {
                Some((pool, _)) => t!("term-online-prompt-seeking", pool = pool.as_str()),
                None => t!("term-online-prompt-lobby"),
            },
        }
    }

    /// Carries out a typed line. Without a connection nothing is sent, and the player is told;
    /// an intent sent in a game is remembered until the server answers it.
    pub fn command(&mut self, text: &str) -> Reply {
        let connected = self.link == Link::Connected;
        let mut r = self.run_command(text);
        if r.send.is_empty() {
            return r;
        }
        if !connected {
            r.send.clear();
            if let Some(g) = self.game.as_mut() {
                g.pending = None;
            }
            r.say(t!("term-online-not-sent", text = text.trim()));
            return r;
        }
        if let Some(g) = &self.game {
            if r.send.iter().any(is_intent) && self.in_flight.is_none() {
                self.in_flight = Some(InFlight {
                    n: g.view.n,
                    text: text.trim().to_string(),
                });
            }
        }
        r
    }

    /// A typed line's effect, connected or not.
    fn run_command(&mut self, text: &str) -> Reply {
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
            "help" | "?" => r
                .lines
                .extend(t!("term-online-help").lines().map(str::to_string)),
            "quit" | "exit" => r.quit = true,
            "lobby" if self.game.is_none() => r.lines.extend(self.lobby_lines()),
            "leave" | "lobby" => {
                if self.game.take().is_some() {
                    r.say(t!("term-online-left"));
                }
                r.send.push(ClientMsg::Lobby);
            }
            "say" | "chat" => {
                if rest.is_empty() {
                    r.say(t!("term-online-say-what"));
                } else if self.game.is_none() {
                    r.say(t!("term-online-chat-in-game"));
                } else {
                    r.send.push(ClientMsg::Chat {
                        text: rest.to_string(),
                        channel: None,
                    });
                }
            }
            "seek" => self.seek(rest, &mut r),
            "resume" => self.resume_command(rest, &mut r),
            "challenge" => match challenge_msg(rest) {
                Ok(m) => r.send.push(m),
                Err(e) => r.say(e),
            },
            "accept" => match pick(rest, &self.lobby.challenges, |c| &c.id) {
                Ok(id) => r.send.push(ClientMsg::Accept { challenge: id }),
                Err(e) => r.say(t!("term-online-lists-challenges", error = e)),
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
                    r.say(t!("term-online-nothing-to-cancel"));
                }
                for id in ids {
                    r.send.push(ClientMsg::Cancel { challenge: id });
                }
                if self.seeking.take().is_some() {
                    r.say(t!("term-online-left-pool"));
                }
            }
            "watch" => match pick(rest, &self.lobby.playing, |g| &g.id) {
                Ok(id) => r.send.push(join(id, None, true)),
                Err(e) => r.say(t!("term-online-lists-games", error = e)),
            },
            _ => match self.game.as_mut() {
                Some(g) => game_command(g, &word, rest, text, &mut r),
                None => r.say(t!("term-online-not-lobby-command", text = text)),
            },
        }
        r
    }

    /// `resume [N|GAME]`: back to a kept seat of this server.
    fn resume_command(&mut self, rest: &str, r: &mut Reply) {
        if self.game.is_some() {
            r.say(t!("term-online-finish-first"));
            return;
        }
        if self.kept.is_empty() {
            r.say(t!("term-online-nothing-kept"));
            return;
        }
        let rest = if rest.is_empty() && self.kept.len() == 1 {
            "1"
        } else {
            rest
        };
        match pick(rest, &self.kept, |k| &k.game) {
            Ok(game) => match self.kept.iter().find(|k| k.game == game) {
                Some(k) => {
                    r.say(t!("term-online-resuming", game = k.game.as_str()));
                    r.send
                        .push(join(k.game.clone(), Some(k.token.clone()), false));
                    self.resume = Some(k.clone());
                    self.link = Link::Rejoining;
                }
                None => r.say(t!("term-online-nothing-kept-for", game = game)),
            },
            Err(e) => {
                r.lines.extend(self.kept_lines());
                r.say(e);
            }
        }
    }

    fn seek(&mut self, rest: &str, r: &mut Reply) {
        if self.game.is_some() {
            r.say(t!("term-online-finish-first"));
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
            Some(pool) => r.send.push(ClientMsg::Seek { pool }),
            None => r.say(t!(
                "term-online-seek-which",
                pools = self
                    .lobby
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
                .unwrap_or_else(|| t!("term-online-no-clock")),
        ),
        "roll" => r.send.push(ClientMsg::Roll),
        "double" => r.send.push(ClientMsg::Double),
        "take" => r.send.push(ClientMsg::Take),
        "drop" => r.send.push(ClientMsg::Drop),
        "undo" => r.send.push(ClientMsg::Undo),
        "ok" | "confirm" => r.send.push(ClientMsg::Confirm),
        "next" => r.send.push(ClientMsg::NextGame),
        "rematch" => r.send.push(ClientMsg::Rematch),
        "decline" => r.send.push(ClientMsg::RematchDecline),
        "claim" => r.send.push(ClientMsg::Claim),
        "resign" => {
            let me = match g.role {
                Role::Seat(s) => s,
                _ => {
                    r.say(t!("term-online-only-players-resign"));
                    return;
                }
            };
            if rest.eq_ignore_ascii_case("yes") {
                r.send.push(ClientMsg::Resign);
            } else {
                let pts = g.view.resign_points.get(me).copied().unwrap_or(1);
                r.say(t!(
                    "term-online-resign-cost",
                    name = g.name(seat(me).other()),
                    points = pts
                ));
            }
        }
        "plays" => {
            let list = g.plays();
            if list.is_empty() {
                r.say(t!("term-online-no-play-to-choose"));
            }
            for (i, (text, _)) in list.iter().enumerate() {
                r.say(format!("{}. {text}", i + 1));
            }
        }
        "play" if rest.parse::<usize>().is_ok() => {
            let n: usize = rest.parse().unwrap_or(0);
            let list = g.plays();
            match list.get(n.wrapping_sub(1)) {
                Some((_, steps)) => r.send.push(ClientMsg::Play {
                    steps: steps.clone(),
                }),
                None => r.say(t!("term-online-no-play-n", number = n, count = list.len())),
            }
        }
        _ => typed_play(g, text, r),
    }
}

/// A play, a step or a double typed in notation, checked against the legal steps first.
fn typed_play(g: &mut GameState, text: &str, r: &mut Reply) {
    if !g.my_turn() {
        r.say(t!("term-online-not-your-move", text = text));
        return;
    }
    let (label, body, rest) = typed::first_part(text);
    let actions = match g.view.phase {
        Phase::NameDouble { .. } => {
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
        Phase::Move { pool, kind, .. } => {
            let checked = match &label {
                Some(l) => typed::check_label(l, pool.dice(), kind),
                None => Ok(()),
            };
            checked.and_then(|()| match g.turn() {
                Some(turn) => typed::turn_actions(&turn, &body),
                None => Err(t!("term-online-not-rebuilt")),
            })
        }
        _ => Err(t!("term-online-not-a-command", text = text)),
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

/// Whether a message is an action in the game (what may be lost in a drop and must not be
/// made twice).
fn is_intent(m: &ClientMsg) -> bool {
    matches!(
        m,
        ClientMsg::Step { .. }
            | ClientMsg::Play { .. }
            | ClientMsg::NameDouble { .. }
            | ClientMsg::Confirm
            | ClientMsg::Undo
            | ClientMsg::Roll
            | ClientMsg::Double
            | ClientMsg::Take
            | ClientMsg::Drop
            | ClientMsg::Resign
            | ClientMsg::Claim
            | ClientMsg::NextGame
    )
}

/// The client message for an action typed.
fn intent(a: &Action) -> Option<ClientMsg> {
    Some(match a {
        Action::Step { step } => ClientMsg::Step {
            from: step.from,
            to: step.to,
            die: step.die,
        },
        Action::Play { steps } => ClientMsg::Play {
            steps: steps.clone(),
        },
        Action::NameDouble { value } => ClientMsg::NameDouble { value: *value },
        Action::Confirm => ClientMsg::Confirm,
        Action::Undo => ClientMsg::Undo,
        _ => return None,
    })
}

/// The lines an accepted action is told with (plays come from the log).
fn action_lines(g: &GameState, action: &Action, mover: Option<Player>, r: &mut Reply) {
    let who = |p: Player| g.name(p);
    let said = |id: &str, p: Player| i18n::text(id, &[("name", who(p).into())]);
    match action {
        Action::DieOff { dice } => r.say(t!(
            "term-online-die-off",
            x = who(Player::Zero),
            xd = dice[0],
            o = who(Player::One),
            od = dice[1]
        )),
        Action::Roll { dice } => {
            if let Some(p) = mover {
                r.say(t!(
                    "term-online-rolls",
                    name = who(p),
                    dice = format!("{}-{}", dice[0], dice[1])
                ));
            }
        }
        Action::NameDouble { value } => {
            if let Some(p) = mover {
                r.say(t!("term-online-names", name = who(p), value = *value));
            }
        }
        Action::Double => {
            if let Some(p) = mover {
                r.say(said("term-online-doubles", p));
            }
        }
        Action::Take => {
            if let Some(p) = mover {
                r.say(t!(
                    "term-online-takes",
                    name = who(p),
                    value = g.view.cube.value
                ));
            }
        }
        Action::Drop => {
            if let Some(p) = mover {
                r.say(said("term-online-drops", p));
            }
        }
        Action::Resign { player } | Action::ResignAs { player, .. } => {
            r.say(said("term-online-resigns", *player));
        }
        Action::Forfeit { player } => {
            let timed_out = g
                .clock
                .as_ref()
                .is_some_and(|(c, _)| c.left_ms[player.index()] == 0);
            r.say(if timed_out {
                said("term-online-time-ran-out", *player)
            } else {
                said("term-online-forfeits", *player)
            });
        }
        Action::NextGame => r.say(t!("term-online-game-begins", number = g.view.game_number)),
        Action::Step { .. } | Action::Undo | Action::Confirm | Action::Play { .. } => {}
    }
    if let Phase::GameOver { winner, points, .. } = g.view.phase {
        if g.over() && !matches!(action, Action::NextGame) {
            r.say(t!(
                "term-online-wins",
                name = who(winner),
                points = points,
                x = who(Player::Zero),
                xs = g.view.score[0],
                o = who(Player::One),
                os = g.view.score[1]
            ));
            // A single game's winner has won no match, whatever the view says.
            if let Some(m) = g
                .view
                .match_winner
                .filter(|_| g.info.match_to.unwrap_or(1) > 1)
            {
                r.say(said("term-online-wins-match", m));
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
    if line.channel == Channel::Spectators {
        t!(
            "term-online-chat-spectators",
            from = from,
            text = line.text.as_str()
        )
    } else {
        t!("term-online-chat", from = from, text = line.text.as_str())
    }
}

/// `, match to N` or `, one game`.
fn match_text(n: u32) -> String {
    t!("term-online-match", points = n)
}

/// What a game is played for: `, match to 3, clock 5+10, rated`.
fn game_terms(match_to: u32, clock: Option<&str>, rated: bool) -> String {
    t!(
        "term-online-terms",
        points = match_to,
        clock = clock.unwrap_or("none"),
        rated = if rated { "rated" } else { "casual" }
    )
}

/// A challenge in a line.
pub fn challenge_text(c: &Challenge) -> String {
    t!(
        "term-online-challenge",
        name = c.name.as_str(),
        guest = if c.registered { "no" } else { "yes" },
        rating = match c.rating {
            Some(r) => format!("{r:.0}"),
            None => "none".into(),
        },
        terms = match_text(c.match_to),
        rules = rules_text(&c.rules),
        clock = c
            .clock
            .as_ref()
            .map_or("none".to_string(), |t| t.to_string()),
        rated = if c.rated { "rated" } else { "casual" },
        id = c.id.as_str()
    )
}

/// A number of a list (from 1) or an id in it.
fn pick<T>(text: &str, list: &[T], id: impl Fn(&T) -> &String) -> Result<String, String> {
    if text.is_empty() {
        return Err(t!("term-online-which-one"));
    }
    if let Ok(n) = text.parse::<usize>() {
        return list
            .get(n.wrapping_sub(1))
            .map(|x| id(x).clone())
            .ok_or_else(|| t!("term-online-no-number", number = n));
    }
    Ok(text.to_string())
}

/// `challenge [RULES] [match N] [clock C] [rated]` as a message.
fn challenge_msg(text: &str) -> Result<ClientMsg, String> {
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
                let n = words
                    .next()
                    .ok_or_else(|| t!("term-online-match-needs-length"))?;
                match_to = Some(
                    n.parse()
                        .map_err(|_| t!("term-online-not-match-length", text = n))?,
                );
            }
            "clock" => {
                clock = Some(
                    words
                        .next()
                        .ok_or_else(|| t!("term-online-clock-needs-control"))?
                        .to_string(),
                );
            }
            _ if rules.is_none() => rules = Some(w.to_string()),
            _ => return Err(t!("term-online-not-challenge-part", text = w)),
        }
    }
    Ok(ClientMsg::Challenge {
        rules,
        match_to,
        clock,
        rated,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A message as the JSON the server reads.
    fn written(m: Result<ClientMsg, String>) -> serde_json::Value {
        serde_json::to_value(m.unwrap()).unwrap()
    }

    /// `joined` at seat 0 of `game` (id `g1`, token `tok`), as the server sends it.
    fn joined(game: &acey_rules::Game) -> ServerMsg {
        let text = json!({
            "type": "joined", "v": 2, "role": {"seat": 0}, "token": "tok",
            "info": {"game": "g1", "mode": "friend", "rules": "american",
                     "players": [{"name": "anna"}, {"name": "bert"}]},
            "view": View::of(game),
        });
        ServerMsg::parse(&text.to_string()).unwrap()
    }

    fn welcome() -> ServerMsg {
        ServerMsg::parse(r#"{"type": "welcome", "v": 2, "name": "anna", "claim": "k1"}"#).unwrap()
    }

    #[test]
    fn a_drop_refuses_input_rejoins_with_the_token_and_tells_what_became_of_a_play() {
        let now = Instant::now();
        let mut game = acey_rules::Game::new("american".parse().unwrap());
        game.apply(Action::DieOff { dice: [5, 2] }).unwrap();
        if matches!(game.phase(), Phase::Roll { .. }) {
            game.apply(Action::Roll { dice: [3, 1] }).unwrap();
        }
        assert_eq!(game.to_act(), Some(Player::Zero));
        let mut c = Client::with("http://x".into(), Some("anna".into()), Vec::new(), None).unwrap();
        c.handle(welcome(), now);
        let r = c.handle(joined(&game), now);
        assert!(r.bell, "X moves first: the bell rings");
        assert!(matches!(&r.seats[..], [SeatNote::Keep(k)] if k.token == "tok" && k.seat == 0));
        assert!(
            r.lines.iter().any(|l| l.contains("--resume g1")),
            "{:?}",
            r.lines
        );

        // A play sent, then the connection drops before its answer.
        let r = c.command("play 1");
        let Some(ClientMsg::Play { steps }) = r.send.first().cloned() else {
            panic!("{:?}", r.send)
        };
        c.down("reset");
        assert!(c.prompt().starts_with("reconnecting"));
        let r = c.command("play 1");
        assert!(r.send.is_empty(), "nothing is sent without a connection");
        assert!(r.lines[0].starts_with("Not connected"), "{:?}", r.lines);
        // Back: hello with the name's claim (the server may not have seen the old socket
        // close), then the join with the seat's token.
        let r = c.up();
        assert!(
            matches!(&r.send[..], [ClientMsg::Hello { name: Some(n), claim: Some(k), .. }] if n == "anna" && k == "k1"),
            "{:?}",
            r.send
        );
        let r = c.handle(welcome(), now);
        assert!(
            matches!(&r.send[..], [ClientMsg::Join { token: Some(t), watch: false, .. }] if t == "tok"),
            "{:?}",
            r.send
        );
        // The server had not made it (n unchanged): said so, not sent again.
        let r = c.handle(joined(&game), now);
        assert!(r.send.is_empty());
        assert!(r.lines[0].contains("was not made"), "{:?}", r.lines);
        assert_eq!(c.link, Link::Connected);

        // Sent again, dropped again, and this time the server had made it.
        c.command("play 1");
        c.down("reset");
        c.up();
        c.handle(welcome(), now);
        game.apply(Action::Play { steps }).unwrap();
        let r = c.handle(joined(&game), now);
        assert!(r.lines[0].contains("was made"), "{:?}", r.lines);
        assert!(r.send.is_empty(), "{:?}", r.send);
        assert!(!r.bell, "no longer this side's turn");
    }

    #[test]
    fn challenges_and_clocks_are_written_as_the_server_reads_them() {
        assert_eq!(
            written(challenge_msg("bgammon match 3 clock 5+10 rated")),
            json!({"type": "challenge", "rules": "bgammon", "match": 3, "clock": "5+10", "rated": true})
        );
        assert_eq!(
            written(challenge_msg("")),
            json!({"type": "challenge", "rated": false})
        );
        assert!(challenge_msg("match x").is_err());
        assert!(challenge_msg("a b").is_err());
        assert_eq!(clock_text(180_000), "3:00");
        assert_eq!(clock_text(61_001), "1:02");
        assert_eq!(clock_text(9_450), "0:09.4");
    }
}
