// The acey WebSocket protocol (docs/protocol.md) as TypeScript types, for type-checking the
// web client's JavaScript (web/tsconfig.json); nothing here is shipped.
// Generated from crates/protocol by ts-rs: do not edit. Regenerate with
// UPDATE_PROTOCOL_TYPES=1 cargo test -p acey-protocol --features ts --test typescript

/** The protocol version. */
export type Version = 2;

/**
 * Something a player (or the dice) does. Actions are attributed to whoever the phase is waiting
 * for, except [`Action::Resign`] and [`Action::ResignAs`], which name their player.
 */
export type Action = { "action": "die-off", 
/**
 * The two dice.
 */
dice: [number, number], } | { "action": "roll", 
/**
 * The two dice.
 */
dice: [number, number], } | { "action": "step", 
/**
 * The step (its hit flag is ignored and recomputed).
 */
step: Step, } | { "action": "undo" } | { "action": "confirm" } | { "action": "play", 
/**
 * The steps, in order.
 */
steps: Array<Step>, } | { "action": "name-double", 
/**
 * 1..=6.
 */
value: number, } | { "action": "double" } | { "action": "take" } | { "action": "drop" } | { "action": "resign", 
/**
 * Who resigns.
 */
player: Player, } | { "action": "resign-as", 
/**
 * Who resigns.
 */
player: Player, 
/**
 * What is conceded.
 */
level: Resignation, } | { "action": "forfeit", 
/**
 * Who forfeits.
 */
player: Player, } | { "action": "next-game" };

/**
 * An open offer to play, as the lobby shows it. A quick-pairing seek is a challenge with a
 * pool (not listed one by one).
 */
export type Challenge = { 
/**
 * Its id.
 */
id: string, 
/**
 * The creator's name.
 */
name: string, 
/**
 * Whether the creator has an account (guests are marked).
 */
registered: boolean, 
/**
 * The creator's rating in the challenge's family and kind, if rated there.
 */
rating: number | null, 
/**
 * The rule string (`american`, `backgammon` ...).
 */
rules: string, 
/**
 * The match length (1: a single game).
 */
match: number, 
/**
 * The clock, if any.
 */
clock: TimeControl | null, 
/**
 * Whether the result changes ratings (only between two accounts).
 */
rated: boolean, 
/**
 * The quick-pairing pool of a seek.
 */
pool: string | null, 
/**
 * Unix seconds.
 */
created_at: number, };

/**
 * Which conversation of a game a line belongs to.
 */
export type Channel = "players" | "spectators";

/**
 * A chat line as kept and sent.
 */
export type ChatLine = { 
/**
 * The conversation.
 */
channel: Channel, 
/**
 * Who wrote it (a name; `Guest` marks are the client's to draw).
 */
from: string, 
/**
 * The writer's seat, for players.
 */
seat: number | null, 
/**
 * The text, plain.
 */
text: string, 
/**
 * Unix ms.
 */
at: number, };

/**
 * What a client may send. Any message may also carry a numeric `id`, echoed in the error or
 * hint that answers it ([`parse_client`] takes it off before parsing the rest).
 */
export type ClientMsg = { "type": "create", 
/**
 * Protocol version (optional; must be [`VERSION`](crate::VERSION) when given).
 */
v?: number | null, 
/**
 * `computer`, `friend` or `local`.
 */
mode: Mode, 
/**
 * Rule string, e.g. `american` or `bgammon,doubling_cube=true` (default `american`).
 */
rules?: string | null, 
/**
 * Match length in points; 0 or absent: a single game.
 */
match?: number | null, 
/**
 * Bot level for `computer` games (default `casual`).
 */
level?: string | null, 
/**
 * Seat of the person in `computer` and `friend` games: 0 (default) or 1.
 */
seat?: number | null, } | { "type": "join", 
/**
 * Protocol version (optional; must be [`VERSION`](crate::VERSION) when given).
 */
v?: number | null, 
/**
 * The game id.
 */
game: string, 
/**
 * A seat token kept from an earlier join or create.
 */
token?: string | null, 
/**
 * Only watch, even when a seat is free.
 */
watch?: boolean, } | { "type": "step", 
/**
 * Origin.
 */
from: Source, 
/**
 * Destination.
 */
to: Dest, 
/**
 * The die used.
 */
die: number, } | { "type": "undo" } | { "type": "confirm" } | { "type": "play", 
/**
 * The steps in order.
 */
steps: Array<Step>, } | { "type": "roll" } | { "type": "name_double", 
/**
 * 1 to 6.
 */
value: number, } | { "type": "double" } | { "type": "take" } | { "type": "drop" } | { "type": "resign" } | { "type": "next_game" } | { "type": "hint" } | { "type": "takeback" } | { "type": "rematch" } | { "type": "rematch_decline" } | { "type": "ping" } | { "type": "hello", 
/**
 * Protocol version (optional; must be spoken here when given).
 */
v?: number | null, 
/**
 * A guest's name.
 */
name?: string | null, 
/**
 * The claim the `welcome` gave with that name: the same guest coming back (a reload,
 * a reconnection) takes the name back from a connection of theirs that the server
 * has not yet seen close.
 */
claim?: string | null, } | { "type": "lobby" } | { "type": "challenge", 
/**
 * Rule string (default `american`).
 */
rules?: string | null, 
/**
 * Match length (default 1: a single game).
 */
match?: number | null, 
/**
 * A clock, as `3+12` or `30/turn`; none when absent.
 */
clock?: string | null, 
/**
 * Whether the result is rated (accounts only).
 */
rated: boolean, } | { "type": "cancel", 
/**
 * Its id.
 */
challenge: string, } | { "type": "accept", 
/**
 * Its id.
 */
challenge: string, } | { "type": "seek", 
/**
 * The pool id (`american`, `american-match`, `bgammon`, `backgammon`).
 */
pool: string, } | { "type": "chat", 
/**
 * The line (plain text, at most 300 characters).
 */
text: string, 
/**
 * `players` (the default for a player) or `spectators` (the default, and the only
 * choice, for a spectator).
 */
channel?: Channel | null, } | { "type": "claim" };

/**
 * Both clocks, as they stand when the message is sent.
 */
export type ClockView = { 
/**
 * The control.
 */
control: TimeControl, 
/**
 * Milliseconds left to each seat.
 */
left_ms: [number, number], 
/**
 * The seat whose time is running.
 */
running: number | null, };

/**
 * The doubling cube (R9.3).
 */
export type Cube = { 
/**
 * Current value: 1, 2, 4, ...
 */
value: number, 
/**
 * Who may double next; `None` while centred.
 */
owner: Player | null, };

/**
 * Where a step's checker goes.
 */
export type Dest = number | "off";

/**
 * Kinds of error.
 */
export type ErrorCode = "malformed" | "too_large" | "rate_limited" | "version" | "not_found" | "not_joined" | "not_your_turn" | "illegal" | "bad_settings" | "unavailable" | "too_long" | "forbidden" | "name_taken" | "gone" | "bad_name";

/**
 * How a game ended.
 */
export type GameEnd = "bore-off" | "resigned" | "dropped" | "forfeited";

/**
 * The description of a game sent on join.
 */
export type GameInfo = { 
/**
 * Game id.
 */
game: string, 
/**
 * How it is played.
 */
mode: Mode, 
/**
 * The rule set as a rule string.
 */
rules: string, 
/**
 * Match length (`None`: a single game or an open session).
 */
match: number | null, 
/**
 * The bot's level in games against the computer.
 */
level: string | null, 
/**
 * Both seats.
 */
seats: [SeatView, SeatView], 
/**
 * The game this is a rematch of.
 */
rematch_of: string | null, 
/**
 * What a win is worth (R9.2): `checker-count`, `single` or `gammon-backgammon`.
 */
scoring: string, 
/**
 * Whether the doubling cube is in play.
 */
cube: boolean, 
/**
 * Who sits at each seat, when known.
 */
players: [PlayerView | null, PlayerView | null], 
/**
 * Whether the result is rated.
 */
rated: boolean, 
/**
 * The time control, for a game with clocks.
 */
clock: TimeControl | null, 
/**
 * Why a game offered as rated is played or was settled unrated (docs/protocol.md, "Rated
 * games"); absent otherwise.
 */
unrated?: Unrated | null, 
/**
 * How many plays were taken back ([`ClientMsg::Takeback`]):
 * such a game is not a record of play as it went. Absent when none.
 */
takebacks?: number, };

/**
 * A ranked play of a hint.
 */
export type HintPlay = { 
/**
 * The play in notation (with the named double and its play after a 1-2).
 */
notation: string, 
/**
 * Expected points for the mover.
 */
equity: number, 
/**
 * The steps of the play of the rolled dice.
 */
steps: Array<Step>, };

/**
 * The answer to create or join ([`ServerMsg::Joined`](crate::ServerMsg::Joined)): the whole
 * state of the game for this connection.
 */
export type Joined = { 
/**
 * Protocol version.
 */
v: number, 
/**
 * The game.
 */
info: GameInfo, 
/**
 * This connection's role.
 */
role: Role, 
/**
 * The seat token to keep (absent for spectators).
 */
token: string | null, 
/**
 * The state.
 */
view: View, 
/**
 * The whole move log.
 */
log: Array<LogEntry>, 
/**
 * The seat that has offered a rematch still unanswered (friend games), if any.
 */
rematch_offer: number | null, 
/**
 * The rematch's game id, once it has started.
 */
rematch: string | null, 
/**
 * Both clocks, for a game with clocks.
 */
clock: ClockView | null, 
/**
 * The chat so far that this connection may read.
 */
chat: Array<ChatLine>, 
/**
 * Whether each seat has someone connected, and for how long each has been gone (ms).
 */
presence: Presence, };

/**
 * A game being played now, for the lobby.
 */
export type LiveGame = { 
/**
 * The game id (watch it at `/g/ID`).
 */
id: string, 
/**
 * Both players' names.
 */
names: [string, string], 
/**
 * The rule string.
 */
rules: string, 
/**
 * Whether it is rated.
 */
rated: boolean, 
/**
 * Unix seconds.
 */
created_at: number, };

/**
 * The whole lobby: the `lobby` message, and `GET /api/lobby`.
 */
export type LobbyView = { 
/**
 * Open challenges, oldest first.
 */
challenges: Array<Challenge>, 
/**
 * The quick-pairing pools and how many wait in each.
 */
pools: Array<PoolView>, 
/**
 * Lobby games being played now.
 */
playing: Array<LiveGame>, 
/**
 * Connections open now.
 */
online: number, };

/**
 * A play of the move log.
 */
export type LogEntry = { 
/**
 * Game number in the match.
 */
game: number, 
/**
 * Who played.
 */
player: Player, 
/**
 * The play in notation, dice first (`6-5: 24/18 18/13`).
 */
notation: string, };

/**
 * How a game is played.
 */
export type Mode = "computer" | "friend" | "local";

/**
 * Where the game stands: who must do what next.
 */
export type Phase = { "phase": "die-off" } | { "phase": "roll", 
/**
 * Who rolls.
 */
player: Player, } | { "phase": "cube-offered", 
/**
 * Who doubled.
 */
by: Player, } | { "phase": "move", 
/**
 * Who moves.
 */
player: Player, 
/**
 * The dice.
 */
pool: Pool, 
/**
 * What kind of pool it is.
 */
kind: PoolKind, } | { "phase": "name-double", 
/**
 * Who names.
 */
player: Player, } | { "phase": "game-over", 
/**
 * Who won.
 */
winner: Player, 
/**
 * Points won (the cube included).
 */
points: number, 
/**
 * How it ended.
 */
how: GameEnd, };

/**
 * One of the two players. Player 0 moves from point 24 down to 1 (its own numbering is the
 * absolute numbering of the board); player 1 moves the other way (R1.2, R1.3).
 */
export type Player = 0 | 1;

/**
 * A player as others see them.
 */
export type PlayerView = { 
/**
 * The name.
 */
name: string, 
/**
 * Whether it is an account's (a guest's is not).
 */
registered: boolean, 
/**
 * The account's rating for this game's family and kind.
 */
rating: number | null, };

/**
 * The dice available to one play: two different values, or four for a double (natural or
 * chosen), or the European acey-deucey double `{d, d, 7-d, 7-d}`.
 *
 * ```
 * use acey_rules::Pool;
 * assert_eq!(Pool::roll(3, 5).unwrap().dice(), &[5, 3]);
 * assert_eq!(Pool::roll(4, 4).unwrap().dice(), &[4, 4, 4, 4]);
 * assert!(Pool::roll(0, 7).is_err());
 * ```
 */
export type Pool = number[];

/**
 * What kind of pool is being played.
 */
export type PoolKind = "natural" | "acey-deucey" | { "chosen-double": number };

/**
 * A quick-pairing pool as the lobby shows it: a preset, a match length, a clock, and how
 * many wait in it.
 */
export type PoolView = { 
/**
 * Its id, as the client sends it in `seek` (`american`, ...).
 */
id: string, 
/**
 * The preset.
 */
rules: string, 
/**
 * The match length.
 */
match: number, 
/**
 * The clock.
 */
clock: TimeControl, 
/**
 * Players waiting in it.
 */
waiting: number, };

/**
 * A position: who holds each point, the three off-board pools of each player, and whose turn it
 * is.
 *
 * `board[i]` is the point numbered `i + 1` by player 0: positive values are player 0's checkers,
 * negative values player 1's (design section 3.1). The fields are private so that every
 * `Position` holds exactly 15 checkers per side; build one with [`Position::new`] (checked) or
 * [`Position::starting`].
 *
 * ```
 * use acey_rules::{Position, Player, Rules};
 * let start = Position::starting(&Rules::default());
 * assert_eq!(start.start(Player::Zero), 15);
 * assert_eq!(start.pip_count(Player::One), 15 * 25);
 * ```
 */
export type Position = { board: Array<number>, bar: [number, number], start: [number, number], off: [number, number], turn: number, };

/**
 * Whether each seat has someone connected.
 */
export type Presence = { 
/**
 * Seat 0 first.
 */
connected: [boolean, boolean], 
/**
 * For a seat with nobody connected, milliseconds since the last one left.
 */
away_ms: [number | null, number | null], };

/**
 * One player's rating before and after a rated game (the `rated` message).
 */
export type RatingChange = { 
/**
 * The rating before the game.
 */
before: number, 
/**
 * The rating after it.
 */
after: number, 
/**
 * Whether the rating after it is still provisional (few games, a wide deviation).
 */
provisional: boolean, };

/**
 * What a resignation concedes under `gammon-backgammon` scoring (R9.2), before the cube.
 */
export type Resignation = "single" | "gammon" | "backgammon";

/**
 * The seat of a connection.
 */
export type Role = { "seat": number } | "both" | "spectator";

/**
 * One seat as others see it.
 */
export type SeatView = { 
/**
 * `human` or `bot`.
 */
kind: string, 
/**
 * Whether someone holds the seat (a bot always does).
 */
taken: boolean, };

/**
 * What the server sends.
 */
export type ServerMsg = { "type": "joined" } & Joined | { "type": "update", 
/**
 * The action.
 */
action: Action, 
/**
 * The state after it.
 */
view: View, 
/**
 * Plays the action added to the log.
 */
log: Array<LogEntry>, 
/**
 * Both clocks after it, for a game with clocks.
 */
clock: ClockView | null, } | { "type": "seats", 
/**
 * Both seats.
 */
seats: [SeatView, SeatView], 
/**
 * Who sits at them, when known.
 */
players: [PlayerView | null, PlayerView | null], } | { "type": "presence", 
/**
 * It.
 */
presence: Presence, } | { "type": "not_rated", 
/**
 * Why.
 */
reason: Unrated, } | { "type": "rated", 
/**
 * Seat 0's first.
 */
ratings: [RatingChange, RatingChange], } | { "type": "rematch", 
/**
 * The new game's id.
 */
game: string, } | { "type": "rematch_offer", 
/**
 * The seat that offers.
 */
by: number, } | { "type": "rematch_declined", 
/**
 * The seat that declined.
 */
by: number, } | { "type": "hint", 
/**
 * Echo of the request id.
 */
id: number | null, 
/**
 * Best first.
 */
plays: Array<HintPlay>, } | { "type": "pong" } | { "type": "welcome", 
/**
 * Protocol version.
 */
v: number, 
/**
 * The name.
 */
name: string, 
/**
 * Whether it is an account's.
 */
registered: boolean, 
/**
 * For a name a guest chose: the secret that takes it back in the next `hello`
 * (kept by the client, never shown).
 */
claim?: string | null, } | { "type": "lobby" } & LobbyView | { "type": "challenge_added", 
/**
 * It.
 */
challenge: Challenge, } | { "type": "challenge_removed", 
/**
 * Its id.
 */
id: string, } | { "type": "pools", 
/**
 * Every pool.
 */
pools: Array<PoolView>, } | { "type": "playing", 
/**
 * Newest first.
 */
games: Array<LiveGame>, } | { "type": "online", 
/**
 * How many.
 */
n: number, } | { "type": "seeking", 
/**
 * The pool.
 */
pool: string, 
/**
 * The seek's id.
 */
id: string, } | { "type": "paired", 
/**
 * The game.
 */
game: string, 
/**
 * Your seat's token.
 */
token: string, } | { "type": "chat", 
/**
 * It.
 */
line: ChatLine, } | { "type": "error", 
/**
 * Echo of the request id, when the message had one.
 */
id: number | null, 
/**
 * A short machine-readable kind.
 */
code: ErrorCode, 
/**
 * What went wrong, for a person.
 */
message: string, };

/**
 * Where a step's checker comes from.
 */
export type Source = number | "bar" | "start";

/**
 * One die moving one checker.
 *
 * ```
 * use acey_rules::{Step, Source, Dest};
 * let s = Step { from: Source::Start, to: Dest::Point(22), die: 3, hit: true };
 * assert_eq!(s.to_string(), "in/22*");
 * ```
 */
export type Step = { 
/**
 * Origin.
 */
from: Source, 
/**
 * Destination.
 */
to: Dest, 
/**
 * The die value used.
 */
die: number, 
/**
 * Whether an opposing blot was hit on the destination (R4.4).
 */
hit: boolean, };

/**
 * How much time each player has.
 */
export type TimeControl = { "kind": "fischer", 
/**
 * The bank at the start, seconds.
 */
base: number, 
/**
 * Added to the player's bank when their turn ends, seconds.
 */
increment: number, } | { "kind": "per_turn", 
/**
 * Seconds per turn.
 */
seconds: number, };

/**
 * The step view of the play being built.
 */
export type TurnView = { 
/**
 * Position at the start of the play.
 */
start: Position, 
/**
 * Steps taken so far.
 */
steps: Array<Step>, 
/**
 * Legal next steps (points from the mover's side).
 */
legal: Array<Step>, 
/**
 * Dice not used yet.
 */
remaining: Array<number>, 
/**
 * No step is left: the play can be confirmed.
 */
complete: boolean, 
/**
 * Only one play is legal this turn (its step orders count once): a client may make it,
 * and confirm it, by itself. Absent when false.
 */
forced?: boolean | undefined, };

/**
 * Why a game between two accounts offered as rated does not move their ratings.
 */
export type Unrated = "too_short" | "same_address" | "pair_limit";

/**
 * Everything a client needs to draw the game.
 */
export type View = { 
/**
 * Actions accepted so far.
 */
n: number, 
/**
 * Who must do what.
 */
phase: Phase, 
/**
 * The player the game waits for.
 */
to_act: Player | null, 
/**
 * The position, with the steps of the play being built applied.
 */
position: Position, 
/**
 * The 15-character acey position ID of `position`.
 */
position_id: string, 
/**
 * Pip counts, player 0 first.
 */
pips: [number, number], 
/**
 * The last dice rolled (die-off dice during the die-off).
 */
dice: [number, number] | null, 
/**
 * The step view while a play is being built.
 */
turn: TurnView | null, 
/**
 * The doubles that may be named now.
 */
nameable: Array<number>, 
/**
 * The cube.
 */
cube: Cube, 
/**
 * Whether the player to roll may offer the cube.
 */
may_double: boolean, 
/**
 * Points, player 0 first.
 */
score: [number, number], 
/**
 * Game number in the match.
 */
game_number: number, 
/**
 * The match winner, when the match is over.
 */
match_winner: Player | null, 
/**
 * Plays in the log so far (the log itself is in the full state).
 */
log_len: number, 
/**
 * What resigning now would cost each player (player 0 first): the points the opponent
 * would score, cube included (R9.2; the position as it stood when the play began).
 */
resign_points: [number, number], };
