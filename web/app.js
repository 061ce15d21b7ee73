// @ts-check
// The browser client: home screen, game screen and replay viewer. It knows no rules: the server
// sends the legal steps with every state, and this file only draws them and sends intents.

import { Connection, keepToken, tokenFor } from "./net.js";
import { DeviceConnection, deviceGames, isDeviceGame, recordLink } from "./device.js";
import { absolute, applyStep, draw, enableDrag, fly, lift, stepEnds } from "./board.js";
import { openReplay } from "./replay.js";
import { describeScoring, pointsText } from "./scoring.js";
import { fillChallengeForm, helloFor, initLobby, lobbyClockText, lobbyError, lobbyMessage, rulesText, savedName, stopSeeking } from "./lobby.js";
import { accountName, initAccount } from "./account.js";
import { api } from "./server.js";
import { openLeaders, openProfile } from "./profile.js";
import { errorText, formatNumber, initI18n, initLanguageSwitch, t, tAttr } from "./i18n.js";
import { autoConfirm, autoForced, initSettings, speed } from "./settings.js";
import { askForNotifications, lowClockSound, moveSound, notified, notifyHidden, setSound, showTurn, soundOn, sounds } from "./alerts.js";

// The protocol's messages, as types/protocol.d.ts declares them from crates/protocol.
/** @typedef {import("./types/protocol").ServerMsg} ServerMsg */
/** @typedef {import("./types/protocol").ClientMsg} ClientMsg */
/** @typedef {import("./types/protocol").GameInfo} GameInfo */
/** @typedef {import("./types/protocol").View} View */
/** @typedef {import("./types/protocol").Role} Role */
/** @typedef {import("./types/protocol").LogEntry} LogEntry */
/** @typedef {import("./types/protocol").ChatLine} ChatLine */
/** @typedef {import("./types/protocol").ClockView} ClockView */
/** @typedef {import("./types/protocol").Presence} Presence */
/** @typedef {import("./types/protocol").HintPlay} HintPlay */
/** @typedef {import("./types/protocol").Position} Position */
/** @typedef {Extract<ServerMsg, { type: "update" }>} Update */

// The element with this id (typed loosely: the page's elements are inputs, buttons, links...).
/** @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);

/**
 * What the game screen shows.
 * @type {{
 *   info: GameInfo | null, role: Role | null, token: string | null, view: View | null,
 *   lastN: number, shown: Position | null, log: LogEntry[], selected: any, cursor: any,
 *   flipped: boolean, queue: Update[], animating: boolean, busy: string | null,
 *   hints: HintPlay[] | null, preview: any, rematchOffer: number | null,
 *   clock: (ClockView & { at: number }) | null, chat: ChatLine[], presence: Presence | null,
 *   presenceAt: number, paired: string | null, pending: number | null, pendingType: string | null,
 *   latest: View | null,
 *   lowWarned: boolean, autoAt: number, autoMade: number, device: boolean,
 *   rated: import("./types/protocol").RatingChange[] | null,
 * }}
 */
const ui = {
  info: null, // the game's description
  role: null, // {seat: n} | "both" | "spectator"
  token: null, // this browser's seat token for the game
  view: null, // the latest state shown (behind the server while updates wait to be animated)
  lastN: -1, // the action count of the newest state received: older updates are stale
  shown: null, // the position on screen (behind `view` while animating)
  log: [],
  selected: null, // the chosen source key
  cursor: null, // the keyboard's key (a source, or a destination once a source is chosen)
  flipped: false,
  queue: [], // updates waiting for an animation to finish
  animating: false,
  busy: null, // what the status says while an animation runs
  hints: null,
  preview: null, // the steps of a hint row shown on the board
  rematchOffer: null, // the seat that offered a rematch (friend games), until answered
  clock: null, // {left_ms, running, control, at}: both clocks when last heard, and when
  chat: [], // the chat lines this connection may read
  presence: null, // who is connected at each seat
  presenceAt: 0, // when the presence was heard
  paired: null, // a game quick pairing found while this one was on screen
  pending: null, // the action count when the last game intent went out, until it is answered
  pendingType: null, // that intent's type
  latest: null, // the newest state received (ahead of `view` while updates are animated)
  lowWarned: false, // whether this turn's low-clock sound has been played
  autoAt: -1, // the state whose forced step or confirmation was made by itself
  autoMade: 0, // how many were made so
  rated: null, // each seat's rating before and after, once a rated game has moved them
  device: false, // whether the game on screen is played on this device (engine-worker.js)
};

/** @type {Connection | null} */
let conn = null;
/** @type {DeviceConnection | null} */
let device = null;

// The connection the game on screen is played through: the engine's worker for a game on this
// device (ui.device), else the server's.
/** @returns {Connection | DeviceConnection} */
function connection() {
  return ui.device ? deviceConnection() : server();
}

// While the server's line is down the board of a server game is locked (an intent could not
// be sent), and the clocks are marked as uncertain: the server's may have moved on. A game on
// this device goes on whatever that line does.
function renderConnection() {
  const down = conn !== null && conn.status === "reconnecting" && !ui.device;
  $("conn").textContent = down ? t("conn-reconnecting") : "";
  document.body.classList.toggle("offline", down);
  $("offline-banner").hidden = !down;
  renderClocks();
}

/** @returns {DeviceConnection} */
function deviceConnection() {
  if (!device) device = new DeviceConnection(onMessage);
  return device;
}

// The server's connection: the lobby, the chat, accounts, and the games played there.
/** @returns {Connection} */
function server() {
  if (!conn) {
    conn = new Connection(onMessage, () => renderConnection());
    // Every connection says who it is first: a guest's name (an account is known by its
    // cookie).
    conn.greet(() => helloFor(savedName()));
  }
  return conn;
}


function seatOf(role) {
  if (role && typeof role === "object" && "seat" in role) return role.seat;
  return null;
}

function controls(player) {
  if (ui.role === "both") return true;
  return seatOf(ui.role) === player;
}

function viewer() {
  const s = seatOf(ui.role);
  const base = s === null ? 0 : s;
  return ui.flipped ? 1 - base : base;
}

// Whether seat `p` is the reader ("You rolled"); both seats of a same-screen game go by colour.
function isYou(p) {
  return ui.info?.mode !== "local" && seatOf(ui.role) === p;
}

const colour = (p) => t(p === 0 ? "player-white" : "player-black");

function playerName(p) {
  if (ui.info?.mode === "local") return colour(p);
  if (isYou(p)) return t("player-you");
  const known = ui.info?.players?.[p]?.name;
  if (seatOf(ui.role) === null) return known || colour(p);
  if (ui.info?.mode === "computer") return t("player-computer", { level: t(`level-name-${ui.info.level}`) });
  return known || t("player-friend");
}

// The arguments of a message about seat `p`: its selector picks "You rolled" or "Anna rolled".
function who(p) {
  return { who: isYou(p) ? "you" : "other", name: playerName(p) };
}

// A play as the move list writes it, in the player's language: the record's "4-4 chosen" (the
// double named after a 1-2) is its one English word.
function logText(notation) {
  return notation.replace(/(\d-\d) chosen/g, (_, dice) => t("log-chosen", { dice }));
}

// A seat's name as the panel shows it: the real name, marked for a guest.
function seatLabel(p) {
  const known = ui.info?.players?.[p];
  if (!known || ui.info.mode === "local") return playerName(p);
  const rating = known.rating !== null && known.rating !== undefined ? ` ${known.rating}` : "";
  if (seatOf(ui.role) === p) {
    return known.registered ? t("player-you-mark", { name: `${known.name}${rating}` }) : t("player-you-guest", { name: known.name });
  }
  return known.registered ? `${known.name}${rating}` : t("player-guest", { name: known.name });
}

// ---------- announcements ----------

// The live region a screen reader reads out: rolls, plays, the named double, results.
function announce(text) {
  const a = $("announce");
  a.textContent = "";
  // A fresh text node each time, so that the same words twice are read twice.
  setTimeout(() => (a.textContent = text), 30);
}

let noteTimer = null;
// A line under the status that says what just happened, kept long enough to read.
function note(text, ms = 3500) {
  const n = $("note");
  n.textContent = text;
  n.hidden = false;
  announce(text);
  clearTimeout(noteTimer);
  noteTimer = setTimeout(() => (n.hidden = true), ms);
}

// ---------- messages ----------

/** @param {ServerMsg} msg */
function onMessage(msg) {
  if (msg.type === "paired" && ui.info && !$("game").hidden && ui.view?.phase.phase !== "game-over") {
    // Found while another game is on screen: offered, not forced.
    keepToken(msg.game, msg.token);
    ui.paired = msg.game;
    $("paired-go").href = `/g/${msg.game}`;
    $("paired-banner").hidden = false;
    stopSeeking();
    return;
  }
  if (lobbyMessage(msg)) return;
  switch (msg.type) {
    case "joined": {
      const game = msg.info.game;
      // Every way into a game (a create, a join, quick pairing, an accepted challenge, a
      // rematch) ends here: from now on a reconnect re-joins this game's seat.
      const watch = msg.role === "spectator";
      connection().remember(() => joinMessage(game, watch));
      // An intent that went out just before the line broke: the state the server now sends says
      // whether it arrived. Never sent again (it might have been applied): reported instead.
      // A takeback is answered by the whole state, with fewer actions than when it was asked for:
      // that is the takeback done, not an intent lost.
      const tookBack = ui.info?.game === game && (msg.info.takebacks ?? 0) > (ui.info.takebacks ?? 0);
      if (ui.pending !== null && ui.info?.game === game && msg.view.n <= ui.pending && !tookBack) note(t("conn-not-sent"), 6000);
      ui.pending = null;
      ui.latest = msg.view;
      if (ui.info?.game !== game) ui.rated = null;
      // A play just taken back is not made again by itself, forced or not: the player asked
      // to choose again.
      if (tookBack) ui.autoAt = msg.view.n;
      ui.info = msg.info;
      ui.role = msg.role;
      ui.view = msg.view;
      ui.lastN = msg.view.n;
      ui.shown = msg.view.position;
      ui.log = msg.log;
      ui.queue = [];
      ui.selected = null;
      ui.cursor = null;
      ui.hints = null;
      ui.preview = null;
      ui.busy = null;
      ui.rematchOffer = msg.rematch_offer ?? null;
      setClock(msg.clock);
      ui.chat = msg.chat || [];
      setPresence(msg.presence);
      renderChat();
      if (msg.token) keepToken(msg.info.game, msg.token);
      ui.token = msg.token || tokenFor(msg.info.game);
      const path = `/${ui.device ? "d" : "g"}/${msg.info.game}`;
      if (location.pathname !== path) history.pushState({}, "", path);
      showScreen("game");
      renderConnection();
      render();
      autoPlay();
      if (ui.role === "spectator") announce(t("note-watching"));
      // The first game against a person asks whether a hidden tab may notify the turn.
      if (msg.info.mode === "friend" && !watch) askForNotifications();
      break;
    }
    case "update": {
      // A state older than the one we have (after a resync) would step the board back.
      if (msg.view.n <= ui.lastN) break;
      ui.lastN = msg.view.n;
      if (ui.pending !== null && msg.view.n > ui.pending) ui.pending = null;
      const before = ui.latest;
      ui.latest = msg.view;
      turnAlerts(before, msg.view);
      // The clocks are shown as they are now, not when the update's animation is.
      setClock(msg.clock);
      ui.queue.push(msg);
      pump();
      break;
    }
    case "seats":
      if (ui.info) {
        ui.info.seats = msg.seats;
        ui.info.players = msg.players;
      }
      render();
      break;
    case "chat":
      ui.chat.push(msg.line);
      if (ui.chat.length > 200) ui.chat.shift();
      renderChat();
      if (msg.line.seat !== seatOf(ui.role) || ui.role === "spectator") announce(t("note-chat", { name: msg.line.from, text: msg.line.text }));
      break;
    case "presence":
      setPresence(msg.presence);
      renderAway();
      break;
    case "rematch": {
      // The rematch keeps the seats: the old game's token holds the same seat in the new one.
      const old = ui.info?.game;
      if (old && tokenFor(old)) keepToken(msg.game, tokenFor(old));
      ui.rematchOffer = null;
      join(msg.game, ui.role === "spectator");
      break;
    }
    case "rematch_offer":
      ui.rematchOffer = msg.by;
      render();
      announce(controls(msg.by) ? t("note-rematch-offered") : t("note-offers-rematch", { name: playerName(msg.by) }));
      break;
    case "rated":
      // A rated game's end moved both ratings: shown with the result.
      ui.rated = msg.ratings;
      render();
      announce(ratedText(msg.ratings));
      break;
    case "not_rated":
      // A game offered as rated ended without moving the ratings: say why at its end.
      if (ui.info) {
        ui.info.rated = false;
        ui.info.unrated = msg.reason;
      }
      render();
      announce(t("game-unrated", { reason: msg.reason }));
      break;
    case "rematch_declined":
      ui.rematchOffer = null;
      render();
      flash(controls(msg.by) ? t("note-you-declined") : t("note-declined", { name: playerName(msg.by) }));
      break;
    case "hint":
      ui.hints = msg.plays;
      ui.preview = null;
      renderHints();
      announce(msg.plays.length ? t("note-best", { notation: msg.plays[0].notation }) : t("note-no-hint"));
      break;
    case "error":
      if (msg.code === "not_found" && !ui.info) {
        showMissing();
        break;
      }
      if (!$("home").hidden) {
        lobbyError(msg);
        break;
      }
      ui.pending = null;
      flash(errorText(msg));
      break;
  }
}

// ---------- intents and turn alerts ----------

const CHANGES_GAME = new Set(["step", "undo", "confirm", "play", "roll", "name_double", "double", "take", "drop", "resign", "next_game", "claim", "takeback"]);

// Sends a game intent. While the connection is down nothing is sent (it could not be known
// whether a queued intent still fits the state the server has): the player is told instead.
/** @param {ClientMsg} msg */
function intent(msg) {
  if (!connection().connected) {
    flash(t("conn-offline-intent"));
    return false;
  }
  // A second press of Confirm (Roll, Take...) before the first is answered does nothing: the
  // first is on its way, and the second would only be refused.
  if (msg.type !== "step" && ui.pending !== null && ui.pendingType === msg.type) return false;
  // Only what changes the game is followed; a hint or a rematch asked for again does no harm.
  if (CHANGES_GAME.has(msg.type)) {
    ui.pending = ui.lastN;
    ui.pendingType = msg.type;
  }
  connection().send(msg);
  return true;
}

// The seat this browser plays alone (not a same-screen game, not watching), or null.
function ownSeat() {
  return ui.info?.mode === "local" ? null : seatOf(ui.role);
}

// Whether `v` waits for this browser's player.
function myTurn(v) {
  const me = ownSeat();
  return !!v && me !== null && v.to_act === me && v.phase.phase !== "game-over";
}

// The turn has come to the player: a sound, and a notification when the tab is hidden.
function turnAlerts(before, after) {
  if (!myTurn(after) || myTurn(before)) {
    markTurn();
    return;
  }
  ui.lowWarned = false;
  moveSound();
  const other = 1 - ownSeat();
  notifyHidden(t("page-title"), t("notify-your-turn", { name: playerName(other) }));
  markTurn();
}

// "(your turn)" in the tab's title and a marked icon while it is the player's turn.
function markTurn() {
  const onGame = !$("game").hidden;
  showTurn(onGame && myTurn(ui.latest), t("page-title"), t("title-your-turn"));
}

// The sound button's icons, drawn here rather than as emoji: a system without an emoji font
// (many Linux desktops, headless browsers) shows an emoji as an empty box.
const SPEAKER = '<path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/>';
const SOUND_ICONS = {
  on: SPEAKER + '<path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12"/>',
  off: SPEAKER + '<path d="M17 9.5l5 5M22 9.5l-5 5"/>',
};

function renderSound() {
  const on = soundOn();
  const b = $("sound");
  b.innerHTML = `<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor"
    stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${SOUND_ICONS[on ? "on" : "off"]}</svg>`;
  b.setAttribute("aria-pressed", String(on));
  b.title = t(on ? "sound-on" : "sound-off");
  b.setAttribute("aria-label", b.title);
}

// ---------- clocks, chat, presence ----------

/** @param {ClockView | null} c */
function setClock(c) {
  ui.clock = c ? { ...c, at: performance.now() } : null;
  renderClocks();
}

function clockLeft(p) {
  const c = ui.clock;
  if (!c) return null;
  const gone = c.running === p ? performance.now() - c.at : 0;
  return Math.max(0, c.left_ms[p] - gone);
}

function clockFormat(ms) {
  const s = Math.ceil(ms / 1000);
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}

function renderClocks() {
  for (const row of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#players .player"))) {
    const p = Number(row.dataset.player);
    const el = /** @type {HTMLElement | null} */ (row.querySelector(".clock"));
    if (!el) continue;
    const left = clockLeft(p);
    el.hidden = left === null;
    if (left === null) continue;
    el.textContent = clockFormat(left);
    el.classList.toggle("running", ui.clock.running === p);
    el.classList.toggle("low", left < 20000);
    // Not heard from the server for a while: the clock shown is a guess.
    const uncertain = !connection().connected;
    el.classList.toggle("uncertain", uncertain);
    if (uncertain) el.title = t("clock-uncertain");
    else el.removeAttribute("title");
    if (p === ownSeat() && ui.clock.running === p && left < LOW_CLOCK_MS && left > 0 && !ui.lowWarned) {
      ui.lowWarned = true;
      lowClockSound();
    }
  }
}

// When the player's clock counts as low: a sound, once a turn.
const LOW_CLOCK_MS = 10000;

setInterval(() => {
  if (ui.clock && ui.clock.running !== null && !$("game").hidden) renderClocks();
  if (ui.presence && !$("game").hidden) renderAway();
}, 250);

/** @param {Presence | null} p */
function setPresence(p) {
  ui.presence = p || null;
  ui.presenceAt = performance.now();
}

// Your opponent left: how long ago, and the claim once they have been gone long enough on their
// own turn (games without clocks; the server checks again).
const CLAIM_AFTER_MS = 120000;
function renderAway() {
  const box = $("away");
  const me = seatOf(ui.role);
  const p = ui.presence;
  if (!p || me === null || ui.info?.mode !== "friend" || !ui.view) {
    box.hidden = true;
    return;
  }
  const other = 1 - me;
  const over = ui.view.phase.phase === "game-over";
  if (p.connected[other] || over || !ui.info.seats[other].taken) {
    box.hidden = true;
    return;
  }
  const gone = (p.away_ms[other] ?? 0) + (performance.now() - ui.presenceAt);
  box.hidden = false;
  const theirTurn = ui.view.to_act === other;
  const clocks = !!ui.info.clock;
  const canClaim = !clocks && theirTurn && gone >= CLAIM_AFTER_MS;
  const wait = Math.ceil((CLAIM_AFTER_MS - gone) / 1000);
  const name = playerName(other);
  $("away-text").textContent = clocks
    ? t("game-away-clock", { name })
    : canClaim
      ? t("game-away-since", { name, seconds: Math.floor(gone / 1000) })
      : theirTurn
        ? t("game-away-claim-in", { name, seconds: wait })
        : t("game-away", { name });
  $("claim").hidden = !canClaim;
}

function renderChat() {
  const box = $("chat");
  const online = ui.info && ui.info.mode === "friend";
  box.hidden = !online;
  if (!online) return;
  const spectator = ui.role === "spectator";
  // Only worth offering once spectators have said something.
  $("chat-hide-row").hidden = spectator || !ui.chat.some((l) => l.channel === "spectators");
  const hide = $("chat-hide").checked && !spectator;
  const ol = $("chat-lines");
  ol.replaceChildren();
  for (const l of ui.chat) {
    if (hide && l.channel === "spectators") continue;
    const li = document.createElement("li");
    li.className = l.channel;
    const who = document.createElement("strong");
    who.textContent = l.channel === "spectators" ? `${t("note-chat-watching", { name: l.from })} ` : `${l.from}: `;
    li.append(who, l.text);
    ol.appendChild(li);
  }
  ol.scrollTop = ol.scrollHeight;
  $("chat-text").placeholder = t(spectator ? "chat-say-spectators" : "chat-say-opponent");
}

/**
 * @param {import("./types/protocol").Action} a
 * @returns {a is Extract<import("./types/protocol").Action, { action: "play" | "step" }>}
 */
function isPlay(a) {
  return a.action === "play" || a.action === "step";
}

// Updates are shown one at a time so that moves made by others can be followed. A client that
// has fallen behind (a spectator on a slow connection, a tab in the background) jumps to the
// newest state instead of animating every step it missed.
async function pump() {
  if (ui.animating) return;
  ui.animating = true;
  while (ui.queue.length) {
    const msg = ui.queue.shift();
    const a = msg.action;
    const before = ui.view;
    const mover = before?.to_act;
    const someoneElse = mover !== null && mover !== undefined && !controls(mover);
    const behind = ui.queue.length > 3;
    if (someoneElse && isPlay(a) && !behind && !document.hidden) {
      const steps = a.action === "play" ? a.steps : [a.step];
      const dice = "pool" in before.phase ? before.phase.pool.join("-") : "";
      ui.busy = t("status-plays", { ...who(mover), dice });
      renderStatus();
      let pos = ui.shown;
      for (const s of steps) {
        const svg = $("board");
        const ends = stepEnds(pos, s, mover, viewer());
        ui.shown = lift(pos, s, mover);
        render(true);
        await fly(svg, ends.from, ends.to, mover, 380 / speed());
        pos = applyStep(pos, s, mover);
        ui.shown = pos;
        render(true);
        await sleep(120 / speed());
      }
    }
    ui.view = msg.view;
    ui.shown = msg.view.position;
    ui.log = ui.log.concat(msg.log);
    ui.busy = null;
    if (a.action !== "step" && a.action !== "undo") ui.hints = null;
    ui.preview = null;
    ui.selected = null;
    ui.cursor = null;
    const pause = tell(msg, before);
    render();
    if (pause && !behind) await sleep(pause / speed());
    else if (a.action === "roll" || a.action === "die-off") await sleep(someoneElse && !behind ? 350 / speed() : 0);
  }
  ui.animating = false;
  render();
  autoPlay();
}

// Forced plays, and plays with no step left, made and confirmed by themselves where the
// settings say so. Once per state: a state that changed meanwhile (the player moved) is left.
function autoPlay() {
  const v = ui.view;
  if (!v || ui.animating || ui.queue.length || v.to_act === null || !controls(v.to_act)) return;
  const turn = v.turn;
  if (!turn || v.phase.phase !== "move" || !connection().connected || ui.autoAt === v.n) return;
  const forced = !!turn.forced && autoForced();
  /** @type {ClientMsg | null} */
  let msg = null;
  if (turn.complete && turn.steps.length && (forced || autoConfirm())) msg = { type: "confirm" };
  else if (!turn.complete && forced && turn.legal.length) {
    const s = turn.legal[0];
    msg = { type: "step", from: s.from, to: s.to, die: s.die };
  }
  if (!msg) return;
  ui.autoAt = v.n;
  setTimeout(() => {
    if (ui.view === v && !ui.animating && intent(msg)) ui.autoMade += 1;
  }, (msg.type === "confirm" ? 250 : 400) / speed());
}

// Says what an update did that the board alone does not make plain; returns how long to pause
// before the next update so that it can be read.
/**
 * @param {Update} msg
 * @param {View | null} before
 */
function tell(msg, before) {
  const a = msg.action;
  const v = msg.view;
  const ph = v.phase;
  for (const e of msg.log) {
    announce(t("note-played", { name: playerName(e.player), notation: logText(e.notation) }));
  }
  if (a.action === "roll" && before?.phase?.phase === "roll") {
    const p = before.phase.player;
    const dice = a.dice.join("-");
    // The roll was played at once: there was no legal play.
    const none = msg.log.find((e) => e.player === p && e.notation.endsWith(": -"));
    if (none) {
      note(t("note-no-play", { ...who(p), dice }), 4000);
      return 1600;
    }
    announce(t("note-rolled", { ...who(p), dice }));
  }
  if (a.action === "name-double") {
    const p = before?.to_act;
    note(t("note-named-double", { ...who(p), value: a.value }));
    return controls(p) ? 0 : 900;
  }
  const moving = before?.phase?.phase === "move" ? before.phase : null;
  const kind = moving?.kind;
  const playedDouble = kind && typeof kind === "object" && "chosen-double" in kind;
  if (playedDouble && (a.action === "confirm" || a.action === "play" || a.action === "step")) {
    const p = moving.player;
    const again = (ph.phase === "roll" || ph.phase === "move") && ph.player === p && before.phase.phase === "move";
    const finished = ph.phase !== "move" || ph.player !== p || !isSameTurn(before, v);
    if (again && finished) {
      note(controls(p) && ui.role !== "both" ? t("note-roll-again") : t("note-rolls-again", { name: playerName(p) }));
      return controls(p) ? 0 : 900;
    }
  }
  if (ph.phase === "game-over") {
    $("note").hidden = true;
    announce(gameOverText(v));
  }
  return 0;
}

// Whether `v` is still the play `before` was building (a step in the middle of a play).
/**
 * @param {View} before
 * @param {View} v
 */
function isSameTurn(before, v) {
  return v.phase.phase === "move" && before.phase.phase === "move" && v.turn && v.turn.steps.length > 0;
}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

let flashTimer = null;
function flash(text) {
  const s = $("status");
  s.dataset.error = "1";
  s.textContent = text;
  announce(text);
  clearTimeout(flashTimer);
  flashTimer = setTimeout(() => {
    delete s.dataset.error;
    render();
  }, 2500);
}

// ---------- drawing ----------

function legalSteps() {
  const v = ui.view;
  if (!v || !v.turn || ui.animating) return [];
  if (!controls(v.to_act)) return [];
  return v.turn.legal;
}

function keyOfSource(step, mover) {
  return typeof step.from === "number" ? "p" + absolute(step.from, mover) : step.from;
}

function keyOfDest(step, mover) {
  return typeof step.to === "number" ? "p" + absolute(step.to, mover) : "off";
}

// The sources the mover may pick now, in the order the keyboard visits them (from the mover's
// farthest point down: start, bar, 24 ... 1).
function sourceKeys() {
  const mover = ui.view?.to_act;
  const keys = [];
  for (const s of legalSteps()) {
    const k = keyOfSource(s, mover);
    if (!keys.includes(k)) keys.push(k);
  }
  const rank = (k) => (k === "start" ? 100 : k === "bar" ? 99 : relative(Number(k.slice(1)), mover));
  return keys.sort((x, y) => rank(y) - rank(x));
}

function destKeys() {
  const mover = ui.view?.to_act;
  const keys = [];
  for (const s of legalSteps()) {
    if (keyOfSource(s, mover) !== ui.selected) continue;
    const k = keyOfDest(s, mover);
    if (!keys.includes(k)) keys.push(k);
  }
  const rank = (k) => (k === "off" ? 0 : relative(Number(k.slice(1)), mover));
  return keys.sort((x, y) => rank(y) - rank(x));
}

// An absolute point in the mover's own numbering.
function relative(q, mover) {
  return mover === 0 ? q : 25 - q;
}

function render(animating) {
  const v = ui.view;
  if (!v) return;
  const mover = v.to_act;
  const steps = animating ? [] : legalSteps();
  const sources = new Set(steps.map((s) => keyOfSource(s, mover)));
  const targets = new Set(
    steps.filter((s) => keyOfSource(s, mover) === ui.selected).map((s) => keyOfDest(s, mover)),
  );
  const svg = $("board");
  svg.dataset.positionId = v.position_id;
  svg.dataset.n = v.n;
  svg.dataset.role = JSON.stringify(ui.role);
  // What the page is showing, for tests and for a curious developer.
  svg.dataset.phase = v.phase.phase;
  svg.dataset.game = ui.info.game;
  svg.dataset.logLen = ui.log.length;
  svg.dataset.cursor = ui.cursor ?? "";
  svg.dataset.selected = ui.selected ?? "";
  svg.dataset.auto = String(ui.autoMade);
  let pos = ui.shown || v.position;
  let previewKeys = null;
  if (!animating && ui.preview && mover !== null) {
    // A hint row shown on the board: the position after its steps, their ends marked.
    previewKeys = new Set();
    for (const s of ui.preview) {
      previewKeys.add(keyOfSource(s, mover));
      previewKeys.add(keyOfDest(s, mover));
      pos = applyStep(pos, s, mover);
    }
  }
  draw(svg, pos, {
    viewer: viewer(),
    mover: mover ?? viewer(),
    sources,
    targets,
    selected: ui.selected,
    cursor: animating ? null : ui.cursor,
    preview: previewKeys,
    dice: diceOf(v),
    cube: ui.info?.cube ? v.cube : null,
    onClick: clickPoint,
  });
  if (!animating) {
    renderStatus();
    renderPanel();
    renderButtons();
  }
}

function diceOf(v) {
  const ph = v.phase;
  if (ph.phase === "die-off" || !v.dice) return [];
  if (ph.phase === "move") {
    const side = ph.player === viewer() ? "right" : "left";
    const remaining = v.turn ? [...v.turn.remaining] : [];
    return ph.pool.map((value) => {
      const i = remaining.indexOf(value);
      const used = i < 0;
      if (!used) remaining.splice(i, 1);
      return { value, used, player: ph.player, side };
    });
  }
  // Just after the die-off or a roll that could not be played: show the dice faded.
  const last = v.dice;
  if (v.n > 0 && ph.phase === "roll") {
    const p = 1 - ph.player;
    return last.map((value) => ({ value, used: true, player: p, side: p === viewer() ? "right" : "left" }));
  }
  return [];
}

// The legal step from the selected source to `key`, sent to the server; false if there is none.
function playSelectedTo(key) {
  const mover = ui.view.to_act;
  const step = legalSteps().find((s) => keyOfSource(s, mover) === ui.selected && keyOfDest(s, mover) === key);
  if (!step) return false;
  ui.selected = null;
  ui.cursor = null;
  return intent({ type: "step", from: step.from, to: step.to, die: step.die });
}

function clickPoint(key) {
  const steps = legalSteps();
  if (!steps.length) return;
  const mover = ui.view.to_act;
  ui.preview = null;
  if (ui.selected && playSelectedTo(key)) return;
  ui.selected = steps.some((s) => keyOfSource(s, mover) === key) && ui.selected !== key ? key : null;
  ui.cursor = null;
  render();
}

// Dragging a checker: picked up from a source (its destinations light up as for a click),
// dropped on a destination to play the step, anywhere else to put it back.
function wireDrag() {
  const sourceStep = (key) => legalSteps().find((s) => keyOfSource(s, ui.view.to_act) === key);
  enableDrag($("board"), {
    canDrag: (key) => !!sourceStep(key),
    player: () => ui.view.to_act,
    start: (key) => {
      const step = sourceStep(key);
      if (!step) return;
      ui.selected = key;
      ui.preview = null;
      ui.shown = lift(ui.view.position, step, ui.view.to_act);
      render();
    },
    drop: (key) => {
      ui.shown = ui.view.position;
      if (!(key && ui.selected && playSelectedTo(key))) ui.selected = null;
      render();
    },
  });
}

// ---------- the keyboard ----------

function keyName(key) {
  const mover = ui.view?.to_act;
  if (key === "start") return t("note-start");
  if (key === "bar") return t("note-bar");
  if (key === "off") return t("note-off");
  const q = Number(key.slice(1));
  const n = Math.abs(ui.view.position.board[q - 1]);
  const point = relative(q, mover);
  return n ? t("note-point-checkers", { point, count: n }) : t("note-point", { point });
}

function moveCursor(dir) {
  const keys = ui.selected ? destKeys() : sourceKeys();
  if (!keys.length) return false;
  const i = keys.indexOf(ui.cursor);
  ui.cursor = keys[(i + dir + keys.length) % keys.length];
  render();
  announce(ui.selected ? t("note-to", { place: keyName(ui.cursor) }) : keyName(ui.cursor));
  return true;
}

function onKey(e) {
  if (!ui.view || $("game").hidden) return;
  if (e.target && ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return;
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const onBoard = e.target === $("board");
  const v = ui.view;
  const ph = v.phase;
  const mine = v.to_act !== null && controls(v.to_act) && !ui.animating;
  const press = (id) => {
    const b = $(id);
    if (b && !b.hidden && !b.disabled) {
      b.click();
      return true;
    }
    return false;
  };
  let done = false;
  switch (e.key) {
    case "ArrowRight":
    case "ArrowDown":
      done = onBoard && moveCursor(1);
      break;
    case "ArrowLeft":
    case "ArrowUp":
      done = onBoard && moveCursor(-1);
      break;
    case "Enter":
    case " ":
      if (!onBoard) break;
      if (mine && ph.phase === "move" && v.turn?.complete) done = press("confirm");
      else if (ui.cursor && !ui.selected && sourceKeys().includes(ui.cursor)) {
        ui.selected = ui.cursor;
        ui.cursor = destKeys()[0] ?? null;
        render();
        const place = keyName(ui.selected);
        announce(ui.cursor ? t("note-chosen-to", { place, to: keyName(ui.cursor) }) : t("note-chosen", { place }));
        done = true;
      } else if (ui.cursor && ui.selected) {
        done = playSelectedTo(ui.cursor);
      } else done = moveCursor(1);
      break;
    case "Backspace":
      if (ui.selected) {
        ui.selected = null;
        ui.cursor = null;
        render();
        done = true;
      } else done = press("undo");
      break;
    case "Escape":
      if (ui.selected || ui.preview) {
        ui.selected = null;
        ui.preview = null;
        render();
        done = true;
      }
      break;
    case "h":
      done = press("hint");
      break;
    case "r":
      done = press("roll");
      break;
    case "d":
      done = press("double");
      break;
    case "y":
      done = press("take") || press("rematch-accept");
      break;
    case "n":
      done = press("drop") || press("next-game") || press("rematch");
      break;
    case "f":
      done = press("flip");
      break;
    case "?":
      $("keys").hidden = !$("keys").hidden;
      done = true;
      break;
    default:
      if (/^[1-6]$/.test(e.key) && !$("doubles").hidden) {
        const b = /** @type {HTMLButtonElement | null} */ (document.querySelector(`#double-choices [data-value="${e.key}"]`));
        if (b && !b.disabled) {
          b.click();
          done = true;
        }
      }
  }
  if (done) e.preventDefault();
}

// ---------- status and panel ----------

/**
 * Both players' new ratings and their changes, as the end of a rated game says them.
 * @param {import("./types/protocol").RatingChange[]} ratings seat 0's first
 */
function ratedText(ratings) {
  /** @type {Record<string, string>} */
  const args = {};
  ratings.forEach((r, i) => {
    const change = Math.round(r.after - r.before);
    args[`name${i}`] = playerName(i);
    args[`rating${i}`] = `${Math.round(r.after)}${r.provisional ? "?" : ""}`;
    args[`change${i}`] = change < 0 ? `\u2212${-change}` : `+${change}`;
  });
  return t("game-rated", args);
}

function gameOverText(v) {
  const ph = v.phase;
  const w = ph.winner;
  const loser = 1 - w;
  const lines = [t("over-won", { ...who(w), points: pointsText(ui.info, ph, v, who(loser)) })];
  const [white, black] = v.score;
  if (v.match_winner !== null && ui.info.match > 1) {
    const m = v.match_winner;
    lines.push(t("over-match", { ...who(m), mine: v.score[m], theirs: v.score[1 - m] }));
  } else if (ui.info.match !== null && ui.info.match > 1) {
    lines.push(t("over-score-of", { white, black, match: ui.info.match }));
  } else if (ui.info.match === null) {
    lines.push(t("over-score", { white, black }));
  }
  if (v.match_winner !== null && ui.info.unrated) lines.push(t("game-unrated", { reason: ui.info.unrated }));
  if (v.match_winner !== null && ui.rated) lines.push(ratedText(ui.rated));
  // Whole sentences, one after another.
  return lines.join(" ");
}

function renderStatus() {
  const s = $("status");
  if (s.dataset.error) return;
  const v = ui.view;
  const ph = v.phase;
  const name = (p) => playerName(p);
  const mine = v.to_act !== null && controls(v.to_act);
  const watching = ui.role === "spectator";
  let text = "";
  if (ui.busy) {
    text = ui.busy;
  } else if (ui.info.mode === "friend" && !ui.info.seats.every((x) => x.taken)) {
    text = t(watching ? "status-waiting-second" : "status-waiting-friend");
  } else if (ph.phase === "game-over") {
    text = gameOverText(v);
    if (ui.rematchOffer !== null) {
      const offer = controls(ui.rematchOffer) ? t("status-rematch-waiting") : t("note-offers-rematch", { name: name(ui.rematchOffer) });
      text = `${text} ${offer}`;
    }
  } else if (ph.phase === "move") {
    const dice = ph.pool.join("-");
    // The kind of roll picks the message: plain, the acey-deucey, or the double named after it.
    const kind = ph.kind === "acey-deucey" ? "-acey" : typeof ph.kind === "object" && ph.kind !== null ? "-chosen" : "";
    if (mine && ui.info.mode === "local") text = t(`status-to-move${kind}`, { name: name(ph.player), dice });
    else if (mine) text = v.turn?.complete ? t("status-confirm") : t(`status-your-move${kind}`, { dice });
    else {
      const bot = ui.info.mode === "computer" && ui.info.seats[ph.player]?.kind === "bot";
      text = t(`status-to-move${kind === "-acey" ? "" : kind}`, { name: name(ph.player), dice });
      if (bot && !ui.queue.length) text = t("status-thinking", { text });
    }
  } else if (ph.phase === "name-double") {
    text = mine ? t("status-name-double", who(ph.player)) : t("status-names-double", { name: name(ph.player) });
  } else if (ph.phase === "roll") {
    const local = ui.info.mode === "local" ? "local-" : "";
    const id = `status-${local}${v.may_double ? "roll-or-double" : "roll"}`;
    text = mine ? t(id, { name: name(ph.player) }) : t("status-to-roll", { name: name(ph.player) });
  } else if (ph.phase === "cube-offered") {
    const args = { ...who(ph.by), value: v.cube.value * 2 };
    text = t(mine ? "status-cube-offered-you" : "status-cube-offered", args);
  } else text = t("status-die-off");
  if (watching) text = t("status-watching", { text });
  s.textContent = text;
}

function renderPanel() {
  const v = ui.view;
  const players = $("players");
  players.replaceChildren();
  for (const p of [0, 1]) {
    const row = document.createElement("div");
    row.className = "player" + (v.to_act === p ? " active" : "");
    row.dataset.player = String(p);
    const seat = ui.info.seats[p];
    row.innerHTML = `<span class="swatch p${p}"></span><span class="name"></span><span class="clock" hidden></span><span class="pips"></span><span class="score"></span>`;
    row.querySelector(".name").textContent = seat.taken ? seatLabel(p) : t("player-waiting", { name: seatLabel(p) });
    const pips = /** @type {HTMLElement} */ (row.querySelector(".pips"));
    pips.textContent = t("player-pips", { pips: v.pips[p] });
    pips.title = tAttr("player-pips-title", "title");
    const score = /** @type {HTMLElement} */ (row.querySelector(".score"));
    score.textContent = String(v.score[p]);
    score.title = tAttr("player-points-title", "title");
    players.appendChild(row);
  }
  const log = $("log");
  log.replaceChildren();
  let game = 0;
  for (const e of ui.log) {
    if (e.game !== game && ui.log.some((x) => x.game > 1)) {
      game = e.game;
      const h = document.createElement("li");
      h.className = "gamehead";
      h.textContent = t("game-number", { number: game });
      log.appendChild(h);
    }
    const li = document.createElement("li");
    li.dataset.player = String(e.player);
    li.innerHTML = `<span class="swatch p${e.player}"></span>`;
    li.append(logText(e.notation));
    log.appendChild(li);
  }
  log.scrollTop = log.scrollHeight;
  renderClocks();
  renderAway();
  const friend = ui.info.mode === "friend";
  const seated = ui.role !== "spectator";
  $("invite").hidden = !(friend && !ui.info.seats.every((x) => x.taken) && seated);
  $("paired-banner").hidden = !ui.paired || ui.paired === ui.info.game;
  $("invite-link").value = `${location.origin}/g/${ui.info.game}`;
  const w = $("watching");
  w.hidden = seated;
  if (!seated) {
    w.textContent = t(friend ? "note-watching-friend" : "note-watching");
  }
  const token = ui.token || tokenFor(ui.info.game);
  // A game on this device cannot be taken to another one.
  $("seat-link-box").hidden = !(seated && token) || ui.device;
  $("seat-link").value = token ? `${location.origin}/g/${ui.info.game}#seat=${token}` : "";
  if (ui.device) recordLink($("download"), deviceConnection(), ui.info.game);
  else $("download").href = api(`/api/games/${ui.info.game}/record`);
  $("replay-link").href = `/replay/${ui.info.game}`;
  $("analyse-link").href = `/replay/${ui.info.game}#analyse`;
  // A list of settings, each a phrase of its own.
  const match = ui.info.match;
  const parts = [
    t("rules-line", { rules: rulesText(ui.info.rules) }),
    match === 1 ? t("rules-single-game") : match ? t("rules-match-to", { match }) : t("rules-open-session"),
  ];
  if (ui.info.clock) parts.push(t("rules-clock", { clock: lobbyClockText(ui.info.clock) }));
  if (ui.info.players?.some((x) => x) && ui.info.mode === "friend") parts.push(t(ui.info.rated ? "mode-rated" : "mode-casual"));
  parts.push(describeScoring(ui.info.scoring));
  if (ui.info.takebacks) parts.push(t("rules-takebacks", { count: ui.info.takebacks }));
  $("rulesline").textContent = parts.join(" · ");
  renderHints();
}

// An equity with its sign and two decimals, as the player's language writes numbers.
const signed = (x) => formatNumber(x, { signDisplay: "always", minimumFractionDigits: 2, maximumFractionDigits: 2 });

function renderHints() {
  const box = $("hints");
  if (!ui.hints) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.replaceChildren();
  const h = document.createElement("div");
  h.className = "hinthead";
  h.textContent = t("game-hints-head");
  box.appendChild(h);
  ui.hints.forEach((p, i) => {
    const d = document.createElement("button");
    d.className = "hint" + (ui.preview === p.steps ? " shown" : "");
    d.dataset.index = String(i);
    d.textContent = `${signed(p.equity)}  ${p.notation || t("game-no-move")}`;
    d.onclick = () => {
      ui.preview = ui.preview === p.steps ? null : p.steps;
      render();
    };
    box.appendChild(d);
  });
}

/**
 * Whether a finished play can be taken back: against the computer (the person's own play) or
 * on one screen (either side's), unrated and without clocks, in the game being played, once a
 * play of that side moved a checker. The server (or this device's engine) decides; this only
 * keeps the button away where it would be refused.
 */
function canTakeBack() {
  const v = ui.view;
  const mode = ui.info.mode;
  if (ui.animating || v.phase.phase === "game-over" || ui.info.rated || ui.info.clock) return false;
  if (!(mode === "computer" && typeof ui.role === "object") && !(mode === "local" && ui.role === "both")) return false;
  const seat = typeof ui.role === "object" ? ui.role.seat : null;
  // A play that could not move is written with a dash after its dice ("6-6: -").
  const moved = (e) => !e.notation.endsWith(": -");
  return ui.log.some((e) => e.game === v.game_number && (seat === null || e.player === seat) && moved(e));
}

function renderButtons() {
  const v = ui.view;
  const ph = v.phase;
  const mine = v.to_act !== null && controls(v.to_act) && !ui.animating;
  const seated = ui.role !== "spectator";
  const over = ph.phase === "game-over";
  const matchOver = over && v.match_winner !== null;
  const show = (id, on) => ($(id).hidden = !on);
  show("undo", mine && ph.phase === "move" && v.turn && v.turn.steps.length > 0);
  show("confirm", mine && ph.phase === "move" && v.turn && v.turn.complete);
  show("roll", mine && ph.phase === "roll");
  show("double", mine && ph.phase === "roll" && v.may_double);
  show("take", mine && ph.phase === "cube-offered");
  show("drop", mine && ph.phase === "cube-offered");
  // The next game of a match, or of an open session (which never has a match winner).
  show("next-game", seated && over && !matchOver);
  show("hint", mine && (ph.phase === "move" || ph.phase === "name-double") && ui.info.mode === "computer");
  show("takeback", canTakeBack());
  show("resign", seated && !over);
  // Between friends a rematch is offered, then accepted or declined by the other seat.
  const offer = ui.rematchOffer;
  const offeredToMe = offer !== null && seated && !controls(offer);
  show("rematch", seated && matchOver && !offeredToMe);
  $("rematch").disabled = offer !== null && controls(offer);
  $("rematch").textContent = t(offer !== null && controls(offer) ? "button-rematch-offered" : ui.info.mode === "friend" ? "button-offer-rematch" : "button-rematch");
  $("rematch-offer").hidden = !(matchOver && offeredToMe);
  $("rematch-offer-text").textContent = offeredToMe ? t("note-offers-rematch", { name: playerName(offer) }) : "";
  show("replay-link", over);
  show("analyse-link", over);
  const picker = $("doubles");
  picker.hidden = !(mine && ph.phase === "name-double");
  if (!picker.hidden) {
    const box = $("double-choices");
    box.replaceChildren();
    for (let d = 1; d <= 6; d++) {
      const b = document.createElement("button");
      b.className = "double-choice";
      b.textContent = `${d}-${d}`;
      b.dataset.value = String(d);
      b.disabled = !v.nameable.includes(d);
      b.onclick = () => intent({ type: "name_double", value: d });
      box.appendChild(b);
    }
  }
}

// ---------- screens ----------

function showScreen(name) {
  for (const s of ["home", "game", "replay", "missing", "profile", "leaders"]) $(s).hidden = s !== name;
  markTurn();
}

function showMissing() {
  showScreen("missing");
}

/** @returns {ClientMsg} */
function joinMessage(game, watch) {
  const token = tokenFor(game);
  return token ? { type: "join", v: 2, game, token } : { type: "join", v: 2, game, watch: !!watch };
}

function join(game, watch) {
  connection().enter(() => joinMessage(game, watch));
}

function rulesString() {
  const preset = presets.find((p) => p.name === $("rules").value);
  const cube = $("cube").checked;
  if (preset && cube !== preset.cube) return `${preset.name},doubling_cube=${cube}`;
  return $("rules").value;
}

function create(mode) {
  /** @type {Extract<ClientMsg, { type: "create" }>} */
  const settings = {
    type: "create",
    v: 2,
    mode,
    rules: rulesString(),
    match: Number($("match").value),
  };
  if (mode === "computer") settings.level = $("level").value;
  const onDevice = $("on-device").checked;
  localStorage.setItem(
    "acey.settings",
    JSON.stringify({ rules: $("rules").value, cube: $("cube").checked, match: settings.match, level: $("level").value, onDevice }),
  );
  // Against the computer and on one screen the game is played on this device when the player
  // asks for it, and whenever the server cannot be reached; a friend needs the server.
  const serverDown = !navigator.onLine || (conn !== null && !conn.connected);
  if (mode === "friend" && serverDown) {
    // Said under the buttons: the game screen, where other refusals are said, is not shown.
    $("home-note").textContent = t("conn-friend-needs-server");
    $("home-note").hidden = false;
    return;
  }
  $("home-note").hidden = true;
  ui.device = mode !== "friend" && (onDevice || serverDown);
  // After the create, a reconnect re-joins the created game with its token.
  ui.info = null;
  connection().enter(() => (ui.info ? { type: "join", v: 2, game: ui.info.game, token: tokenFor(ui.info.game) } : settings));
}

let presets = [];

// The match lengths that suit the chosen rules' scoring, and what a game is worth.
function refreshHome(keepMatch) {
  const preset = presets.find((p) => p.name === $("rules").value) || { scoring: "checker-count", cube: false, matches: [15, 31, 61] };
  const match = $("match");
  const before = keepMatch ?? match.value;
  const opts = [new Option(t("match-single"), "1")];
  for (const n of preset.matches) opts.push(new Option(t("match-points", { points: n }), String(n)));
  opts.push(new Option(t("match-open"), "0"));
  match.replaceChildren(...opts);
  match.value = [...match.options].some((o) => o.value === String(before)) ? String(before) : "1";
  const scoring = [describeScoring(preset.scoring, true)];
  if ($("cube").checked) scoring.push(t("home-cube-multiplies"));
  // What the chosen preset means, in plain words, then what a game is worth.
  $("scoring").textContent = [t(`preset-${preset.name}`), ...scoring].join(" ");
}

async function home() {
  // The home page is shown once its options are in (a fetch from this server): filled in
  // before it is seen, nothing on it jumps.
  // The lobby is live over the socket: watched again after every reconnect.
  ui.info = null;
  ui.device = false;
  server().enter(() => ({ type: "lobby" }));
  let saved = {};
  try {
    saved = JSON.parse(localStorage.getItem("acey.settings") || "{}");
  } catch {
    saved = {};
  }
  try {
    const opts = await (await fetch("/api/options")).json();
    presets = opts.presets;
    $("rules").replaceChildren(...opts.presets.map((p) => new Option(t(`preset-name-${p.name}`), p.name)));
    $("level").replaceChildren(...opts.levels.map((l) => new Option(t(`level-name-${l.name}`), l.name)));
    $("rules").value = opts.presets.some((p) => p.name === saved.rules) ? saved.rules : "american";
    $("level").value = saved.level || opts.default_level;
    // The server's descriptions are English: each preset and level has its own message.
    for (const o of $("level").options) o.title = t(`level-${o.value}`);
    for (const o of $("rules").options) o.title = t(`preset-${o.value}`);
    fillChallengeForm(opts.presets);
  } catch {
    $("rules").replaceChildren(new Option(t("preset-name-american"), "american"));
    $("level").replaceChildren(new Option(t("level-name-casual"), "casual"));
  }
  const preset = presets.find((p) => p.name === $("rules").value);
  $("cube").checked = typeof saved.cube === "boolean" && saved.rules === $("rules").value ? saved.cube : !!preset?.cube;
  $("on-device").checked = !!saved.onDevice;
  refreshHome(saved.match !== undefined ? String(saved.match) : "1");
  showScreen("home");
  listDeviceGames();
  listServerGames();
}

// The server's games this browser has a seat in (their tokens, newest last), newest first: one
// being played opens its board, a finished one its replay. A guest has no profile, so this is
// where their games are found again.
const SERVER_GAMES_SHOWN = 8;
async function listServerGames() {
  let ids = [];
  try {
    ids = Object.keys(JSON.parse(localStorage.getItem("acey.tokens") || "{}"));
  } catch {
    ids = [];
  }
  ids = ids.filter((id) => !isDeviceGame(id)).slice(-SERVER_GAMES_SHOWN).reverse();
  const records = await Promise.all(
    ids.map(async (id) => {
      try {
        const res = await fetch(api(`/api/games/${id}/record.json`));
        return res.ok ? await res.json() : null;
      } catch {
        return null; // the server is not there: nothing to list
      }
    }),
  );
  const list = $("my-games-list");
  list.replaceChildren();
  for (const rec of records) {
    if (!rec?.game) continue;
    const info = rec.game;
    const over = rec.match_winner !== null && rec.match_winner !== undefined;
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = over ? `/replay/${info.game}` : `/g/${info.game}`;
    const names = [0, 1].map((p) => info.players?.[p]?.name || (info.seats?.[p]?.kind === "bot" ? t("device-game-computer", { level: t(`level-name-${info.level || "casual"}`) }) : "?"));
    a.textContent = `${names[0]} – ${names[1]} · ${rulesText(info.rules)}`;
    const state = document.createElement("span");
    state.className = "muted";
    const plays = rec.log?.length ?? 0;
    state.textContent = over
      ? t("my-game-over", { score: `${rec.score[0]}–${rec.score[1]}`, plays })
      : t("device-game-going", { plays });
    li.append(a, " ", state);
    list.appendChild(li);
  }
  $("my-games").hidden = list.children.length === 0;
}

// The games kept on this device, newest first: one being played goes on where it stood, a
// finished one opens its replay.
const DEVICE_GAMES_SHOWN = 8;
async function listDeviceGames() {
  let games = [];
  try {
    games = await deviceGames(deviceConnection());
  } catch {
    return; // no engine here (no IndexedDB, no WebAssembly): nothing kept to list
  }
  const list = $("device-games-list");
  list.replaceChildren();
  for (const g of games.slice(0, DEVICE_GAMES_SHOWN)) {
    const li = document.createElement("li");
    const over = g.view?.phase.phase === "game-over" && (g.view.match_winner !== null || !g.settings.rules.includes("match_target"));
    const a = document.createElement("a");
    a.href = over ? `/replay/${g.id}` : `/d/${g.id}`;
    const against =
      g.settings.mode === "computer"
        ? t("device-game-computer", { level: t(`level-name-${g.settings.level || "casual"}`) })
        : t("device-game-local");
    a.textContent = `${against} · ${rulesText(g.settings.rules)}`;
    const state = document.createElement("span");
    state.className = "muted";
    const plays = g.view?.log_len ?? 0;
    state.textContent = over ? t("device-game-over", { plays }) : t("device-game-going", { plays });
    li.append(a, " ", state);
    if (over && g.settings.mode === "computer") addToHistory(li, g.id);
    list.appendChild(li);
  }
  $("device-games").hidden = games.length === 0;
}

// The device games this browser added to an account's history (their ids), so that the offer is
// not made twice.
const ADDED_KEY = "acey.addedGames";
/** @returns {string[]} */
function addedGames() {
  try {
    const v = JSON.parse(localStorage.getItem(ADDED_KEY) || "[]");
    return Array.isArray(v) ? v.filter((x) => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Offers, under a finished game against the computer kept on this device, to add it to the
 * signed-in player's history on the server (which replays its record; never rated); once added,
 * a link to that history.
 * @param {HTMLElement} li
 * @param {string} game
 */
function addToHistory(li, game) {
  const name = accountName();
  if (!name) return;
  const history = () => {
    const link = document.createElement("a");
    link.href = `/@/${encodeURIComponent(name)}`;
    link.className = "added";
    link.textContent = t("device-game-added");
    return link;
  };
  if (addedGames().includes(game)) {
    li.append(" · ", history());
    return;
  }
  const button = document.createElement("button");
  button.type = "button";
  button.className = "link add-to-history";
  button.textContent = t("device-game-add");
  button.onclick = async () => {
    button.disabled = true;
    try {
      const { record } = await deviceConnection().ask("record", game);
      const res = await fetch(api("/api/games/device"), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ record }),
        credentials: "same-origin",
      });
      // 409: added before (from another tab, or before this browser kept the list).
      if (!res.ok && res.status !== 409) throw new Error((await res.json().catch(() => ({}))).error || res.statusText);
      localStorage.setItem(ADDED_KEY, JSON.stringify([...addedGames(), game]));
      button.replaceWith(history());
    } catch (e) {
      button.disabled = false;
      note(t("device-game-add-failed", { reason: e instanceof Error ? e.message : String(e) }), 6000);
    }
  };
  li.append(" ", button);
}

function route() {
  // A seat link from another device: keep its token, then forget it from the address bar.
  const m = location.pathname.match(/^\/(g|d|replay)\/([A-Za-z0-9]+)$/);
  const seat = location.hash.match(/^#seat=([A-Za-z0-9_-]+)$/);
  if (m && m[1] === "g" && seat) {
    keepToken(m[2], seat[1]);
    history.replaceState({}, "", location.pathname);
  }
  ui.device = !!m && m[1] === "d";
  if (m && (m[1] === "g" || m[1] === "d")) {
    showScreen("game");
    $("status").textContent = t("status-connecting");
    join(m[2]);
  } else if (m && m[1] === "replay") {
    showScreen("replay");
    openReplay(m[2], isDeviceGame(m[2]) ? deviceConnection() : null);
  } else if (location.pathname === "/" || location.pathname === "") {
    home();
  } else if (location.pathname.startsWith("/@/")) {
    showScreen("profile");
    openProfile(decodeURIComponent(location.pathname.slice(3)));
  } else if (location.pathname === "/players") {
    showScreen("leaders");
    openLeaders("acey-deucey");
  } else {
    showMissing();
  }
}

function wire() {
  /** @param {"undo" | "confirm" | "roll" | "double" | "take" | "drop" | "next_game" | "hint" | "takeback" | "rematch" | "rematch_decline" | "claim"} type */
  const send = (type) => () => intent({ type });
  $("play-computer").onclick = () => create("computer");
  $("play-friend").onclick = () => create("friend");
  $("play-local").onclick = () => create("local");
  $("rules").onchange = () => {
    const preset = presets.find((p) => p.name === $("rules").value);
    $("cube").checked = !!preset?.cube;
    refreshHome();
  };
  $("cube").onchange = () => refreshHome();
  $("undo").onclick = send("undo");
  $("confirm").onclick = send("confirm");
  $("roll").onclick = send("roll");
  $("double").onclick = send("double");
  $("take").onclick = send("take");
  $("drop").onclick = send("drop");
  $("next-game").onclick = send("next_game");
  $("hint").onclick = send("hint");
  $("takeback").onclick = send("takeback");
  $("rematch").onclick = send("rematch");
  $("rematch-accept").onclick = send("rematch");
  $("rematch-decline").onclick = send("rematch_decline");
  $("resign").onclick = () => {
    if (confirm(resignQuestion())) intent({ type: "resign" });
  };
  $("flip").onclick = () => {
    ui.flipped = !ui.flipped;
    render();
  };
  $("keys-help").onclick = () => ($("keys").hidden = !$("keys").hidden);
  $("sound").onclick = () => {
    setSound(!soundOn());
    renderSound();
  };
  renderSound();
  initSettings(t, () => {
    if (ui.view) {
      render();
      autoPlay();
    }
  });
  $("claim").onclick = send("claim");
  $("chat-hide").onchange = () => renderChat();
  $("chat-form").onsubmit = (e) => {
    e.preventDefault();
    const text = $("chat-text").value.trim();
    if (!text) return;
    server().send({ type: "chat", text });
    $("chat-text").value = "";
  };
  initLobby({
    send: (m) => server().send(m),
    hello: (name) => {
      if (name) localStorage.setItem("acey.name", name);
      server().send(helloFor(name));
    },
    paired: (game, token) => {
      keepToken(game, token);
      ui.device = false;
      join(game);
    },
    playComputer: () => create("computer"),
  });
  // The device games' offer to join the history needs to know who is logged in.
  initAccount(() => {
    server().restart();
    listDeviceGames();
  }).then(() => listDeviceGames());
  $("copy").onclick = () => {
    $("invite-link").select();
    navigator.clipboard?.writeText($("invite-link").value);
  };
  $("board").addEventListener("click", () => {
    if (ui.selected) {
      ui.selected = null;
      render();
    }
  });
  document.addEventListener("keydown", onKey);
  window.addEventListener("popstate", () => location.reload());
}

// What resigning costs now, asked before it is done.
function resignQuestion() {
  const v = ui.view;
  const me = ui.role === "both" ? v?.to_act : seatOf(ui.role);
  if (!v || me === null || me === undefined) return t("game-resign");
  return t("game-resign-cost", { ...who(1 - me), points: v.resign_points[me] });
}

// Errors are kept where tests (and a curious developer) can read them, with the alerts given.
window.aceyErrors = [];
window.aceyAlerts = { sounds, notified };
window.addEventListener("error", (e) => window.aceyErrors.push(String(e.message)));
window.addEventListener("unhandledrejection", (e) => window.aceyErrors.push(String(e.reason)));

// The service worker (sw.js) keeps this version's files for play with no network, and a new
// version, once installed beside it, is offered: the page switches when the player says so.
function initOffline() {
  if (!("serviceWorker" in navigator)) return;
  const sw = navigator.serviceWorker;
  // The first install takes over a page that had no worker: nothing to reload for.
  const hadWorker = !!sw.controller;
  const offer = (worker) => {
    $("update-banner").hidden = false;
    $("update-reload").onclick = () => worker.postMessage("take-over");
  };
  sw.register("/sw.js")
    .then((reg) => {
      if (reg.waiting && sw.controller) offer(reg.waiting);
      reg.addEventListener("updatefound", () => {
        const worker = reg.installing;
        worker?.addEventListener("statechange", () => {
          if (worker.state === "installed" && sw.controller) offer(worker);
        });
      });
      // A page left open for days still hears of a new version.
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") reg.update().catch(() => {});
      });
    })
    .catch(() => {});
  let switched = false;
  sw.addEventListener("controllerchange", () => {
    if (!hadWorker || switched) return;
    switched = true;
    location.reload();
  });
}

// The catalogue is loaded before anything is drawn: every text below comes from it.
await initI18n();
initLanguageSwitch($("lang"));
wire();
wireDrag();
route();
initOffline();
