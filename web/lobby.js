// @ts-check
// The lobby: quick-pairing buttons, open challenges, games being played and who is online, kept
// live over the WebSocket. It knows the lobby's messages only; app.js passes in how to send and
// how to enter a game.

import { errorText, hasText, t } from "./i18n.js";

// The protocol's messages, as types/protocol.d.ts declares them from crates/protocol.
/** @typedef {import("./types/protocol").ServerMsg} ServerMsg */
/** @typedef {import("./types/protocol").ClientMsg} ClientMsg */
/** @typedef {import("./types/protocol").Challenge} Challenge */
/** @typedef {import("./types/protocol").PoolView} PoolView */
/** @typedef {import("./types/protocol").LiveGame} LiveGame */
/** @typedef {import("./types/protocol").TimeControl} TimeControl */

// The element with this id (typed loosely: the page's elements are inputs, buttons, links...).
/** @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);

// A quick-pairing pool's name: a message for each pool the server is known to have.
const POOLS = ["american", "american-match", "bgammon", "backgammon"];
const poolName = (id) => (POOLS.includes(id) ? t(`pool-${id}`) : id);

/**
 * The lobby as last heard.
 * @type {{
 *   challenges: Map<string, Challenge>, pools: PoolView[], playing: LiveGame[], online: number,
 *   seeking: { pool: string, id: string } | null, name: string | null, registered: boolean,
 *   me: string | null,
 * }}
 */
const state = {
  challenges: new Map(), // id -> challenge
  pools: [],
  playing: [],
  online: 0,
  seeking: null, // {pool, id, since}
  name: null,
  registered: false,
  me: null, // the name the server knows this connection by
};

/**
 * What app.js passes in.
 * @type {{
 *   send: (msg: ClientMsg) => void, hello: (name: string) => void, playComputer: () => void,
 *   paired: (game: string, token: string) => void,
 * } | null}
 */
let deps = null;
let botTimer = null;

/** @param {TimeControl | null} c */
function clockText(c) {
  if (!c) return "—";
  if (c.kind === "fischer") return `${c.base % 60 === 0 ? c.base / 60 : (c.base / 60).toFixed(1)}+${c.increment}`;
  return t("clock-per-turn", { seconds: c.seconds });
}

// A rule string as players read it: the match length is shown on its own, so the string's
// `match_target=N` option is left out.
// A rule string as a person reads it: the preset's name in their language, then any option
// changed from it ("American, with the doubling cube"); the match length is shown apart.
export function rulesText(rules) {
  const parts = String(rules || "").split(",").filter((p) => p && !p.startsWith("match_target="));
  const [preset, ...options] = parts.length ? parts : ["american"];
  const name = hasText(`preset-name-${preset}`) ? t(`preset-name-${preset}`) : preset;
  const said = options.map((o) => {
    const id = `rules-option-${o.replace("=", "-").replace(/_/g, "-")}`;
    return hasText(id) ? t(id) : o;
  });
  return [name, ...said].join(", ");
}

export function lobbyClockText(c) {
  return clockText(c);
}

function matchText(n) {
  return n === 1 ? t("match-single") : t("match-points", { points: n });
}

function renderPools() {
  const box = $("pools");
  box.replaceChildren();
  for (const p of state.pools) {
    const b = document.createElement("button");
    b.className = "card pool" + (state.seeking?.pool === p.id ? " primary" : "");
    b.dataset.pool = p.id;
    const title = document.createElement("strong");
    title.textContent = poolName(p.id);
    const sub = document.createElement("span");
    sub.textContent = `${clockText(p.clock)} · ${t("lobby-waiting", { count: p.waiting })}`;
    b.append(title, sub);
    b.onclick = () => deps.send({ type: "seek", pool: p.id });
    box.appendChild(b);
  }
}

function renderChallenges() {
  const body = $("challenges");
  body.replaceChildren();
  const list = [...state.challenges.values()].sort((a, b) => a.created_at - b.created_at);
  for (const c of list) {
    const tr = document.createElement("tr");
    tr.dataset.id = c.id;
    const cells = [
      c.registered ? c.name : t("lobby-guest", { name: c.name }),
      c.rating === null || c.rating === undefined ? "—" : String(Math.round(c.rating)),
      c.rules,
      matchText(c.match),
      clockText(c.clock),
      t(c.rated ? "mode-rated" : "mode-casual"),
    ];
    for (const text of cells) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.appendChild(td);
    }
    const td = document.createElement("td");
    const b = document.createElement("button");
    if (c.name === state.me && !state.registered === !c.registered) {
      b.textContent = t("lobby-cancel");
      b.className = "cancel";
      b.onclick = () => deps.send({ type: "cancel", challenge: c.id });
    } else {
      b.textContent = t("lobby-accept");
      b.className = "accept primary";
      b.onclick = () => deps.send({ type: "accept", challenge: c.id });
    }
    td.appendChild(b);
    tr.appendChild(td);
    body.appendChild(tr);
  }
  $("no-challenges").hidden = list.length > 0;
}

function renderPlaying() {
  const ul = $("playing");
  ul.replaceChildren();
  for (const g of state.playing) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = `/g/${g.id}`;
    a.textContent = `${g.names[0]} – ${g.names[1]}`;
    const rules = document.createElement("span");
    rules.className = "muted";
    rules.textContent = ` ${rulesText(g.rules)}${g.rated ? ` · ${t("mode-rated")}` : ""}`;
    li.append(a, rules);
    ul.appendChild(li);
  }
  $("no-playing").hidden = state.playing.length > 0;
}

function renderSeeking() {
  const s = state.seeking;
  $("seeking").hidden = !s;
  if (!s) {
    clearTimeout(botTimer);
    $("seek-bot").hidden = true;
    return;
  }
  $("seeking-text").textContent = t("lobby-looking", { pool: poolName(s.pool) });
}

function renderOnline() {
  $("online").textContent = t("lobby-online", { count: state.online });
}

export function renderLobby() {
  renderPools();
  renderChallenges();
  renderPlaying();
  renderSeeking();
  renderOnline();
}

// Handles a lobby message; returns whether it was one.
/** @param {ServerMsg} msg */
export function lobbyMessage(msg) {
  switch (msg.type) {
    case "welcome":
      state.me = msg.name;
      state.registered = msg.registered;
      // Not while the person is typing a new one.
      if (document.activeElement !== $("my-name")) $("my-name").value = msg.name;
      $("my-name").disabled = msg.registered;
      $("name-note").textContent = t(msg.registered ? "home-name-account" : "home-name-guest");
      $("ch-rated").disabled = !msg.registered;
      if (!msg.registered) {
        localStorage.setItem("acey.name", msg.name);
        if (msg.claim) localStorage.setItem("acey.nameClaim", JSON.stringify({ name: msg.name, claim: msg.claim }));
      }
      renderChallenges();
      return true;
    case "lobby":
      // Shown once it has something to show: the first paint of an empty lobby would only
      // move the page as it fills.
      $("lobby").hidden = false;
      state.challenges = new Map(msg.challenges.map((c) => [c.id, c]));
      state.pools = msg.pools;
      state.playing = msg.playing;
      state.online = msg.online;
      renderLobby();
      return true;
    case "challenge_added":
      state.challenges.set(msg.challenge.id, msg.challenge);
      renderChallenges();
      return true;
    case "challenge_removed":
      state.challenges.delete(msg.id);
      renderChallenges();
      return true;
    case "pools":
      state.pools = msg.pools;
      renderPools();
      return true;
    case "playing":
      state.playing = msg.games;
      renderPlaying();
      return true;
    case "online":
      state.online = msg.n;
      renderOnline();
      return true;
    case "seeking":
      state.seeking = { pool: msg.pool, id: msg.id };
      renderSeeking();
      renderPools();
      clearTimeout(botTimer);
      // Waiting alone for a while: the computer is offered meanwhile (the seek stays open).
      botTimer = setTimeout(() => ($("seek-bot").hidden = !state.seeking), 15000);
      return true;
    case "paired":
      state.seeking = null;
      renderSeeking();
      deps.paired(msg.game, msg.token);
      return true;
  }
  return false;
}

// A refused lobby message: shown beside the lobby.
export function lobbyError(msg) {
  $("name-note").textContent = errorText(msg);
}

export function stopSeeking() {
  state.seeking = null;
  renderSeeking();
}

export function initLobby(d) {
  deps = d;
  const saved = localStorage.getItem("acey.name");
  $("my-name").value = saved || "";
  $("my-name").onchange = () => {
    const name = $("my-name").value.trim();
    // An emptied field is not a new name: the old one stays until another is typed.
    if (name) deps.hello(name);
  };
  $("seek-cancel").onclick = () => {
    if (state.seeking) deps.send({ type: "cancel", challenge: state.seeking.id });
    stopSeeking();
    renderPools();
  };
  $("seek-bot").onclick = () => deps.playComputer();
  $("ch-create").onclick = () => {
    /** @type {Extract<ClientMsg, { type: "challenge" }>} */
    const msg = {
      type: "challenge",
      rules: $("ch-rules").value,
      match: Number($("ch-match").value),
      rated: $("ch-rated").checked,
    };
    const clock = $("ch-clock").value;
    if (clock) msg.clock = clock;
    deps.send(msg);
  };
}

// The settings of the challenge form: presets and the match lengths that suit each.
export function fillChallengeForm(presets) {
  const rules = $("ch-rules");
  rules.replaceChildren(...presets.map((p) => new Option(t(`preset-name-${p.name}`), p.name)));
  const refresh = () => {
    const p = presets.find((x) => x.name === rules.value) || { matches: [] };
    const m = $("ch-match");
    m.replaceChildren(new Option(matchText(1), "1"), ...p.matches.map((n) => new Option(matchText(n), String(n))));
  };
  rules.onchange = refresh;
  refresh();
}

export function savedName() {
  return localStorage.getItem("acey.name") || "";
}

/**
 * The hello that says who this browser plays as: the guest `name` (none: the server gives one),
 * with the claim the server gave for it, so that a reload or a reconnection takes the name back
 * from this browser's old socket even before the server has seen it close.
 * @param {string} name
 * @returns {import("./types/protocol").ClientMsg}
 */
export function helloFor(name) {
  if (!name) return { type: "hello", v: 2 };
  /** @type {{name?: string, claim?: string}} */
  let kept = {};
  try {
    kept = JSON.parse(localStorage.getItem("acey.nameClaim") || "{}") || {};
  } catch {
    kept = {};
  }
  return kept.name === name && typeof kept.claim === "string"
    ? { type: "hello", v: 2, name, claim: kept.claim }
    : { type: "hello", v: 2, name };
}
