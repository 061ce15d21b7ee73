// The browser client: home screen, game screen and replay viewer. It knows no rules: the server
// sends the legal steps with every state, and this file only draws them and sends intents.

import { Connection, keepToken, tokenFor } from "./net.js";
import { absolute, applyStep, draw, enableDrag, fly, lift, stepEnds } from "./board.js";
import { openReplay } from "./replay.js";

const $ = (id) => document.getElementById(id);
const NAMES = { computer: ["You", "Computer"], friend: ["You", "Friend"], local: ["White", "Black"] };

const ui = {
  info: null, // the game's description
  role: null, // {seat: n} | "both" | "spectator"
  view: null, // the latest state from the server
  shown: null, // the position on screen (behind `view` while animating)
  log: [],
  selected: null,
  flipped: false,
  queue: [], // updates waiting for an animation to finish
  animating: false,
  hints: null,
  rematchOffer: null, // the seat that offered a rematch (friend games), until answered
};

let conn = null;

function connection() {
  if (!conn) {
    conn = new Connection(onMessage, (s) => {
      $("conn").textContent = s === "connected" ? "" : "reconnecting…";
    });
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

function playerName(p) {
  const names = NAMES[ui.info?.mode] || ["Player 1", "Player 2"];
  if (ui.info?.mode === "local") return names[p];
  const me = seatOf(ui.role);
  if (me === null) return p === 0 ? "White" : "Black";
  if (p === me) return names[0];
  return ui.info?.mode === "computer" ? `Computer (${ui.info.level})` : names[1];
}

// ---------- messages ----------

function onMessage(msg) {
  switch (msg.type) {
    case "joined":
      ui.info = msg.info;
      ui.role = msg.role;
      ui.view = msg.view;
      ui.shown = msg.view.position;
      ui.log = msg.log;
      ui.queue = [];
      ui.selected = null;
      ui.hints = null;
      ui.rematchOffer = msg.rematch_offer ?? null;
      if (msg.token) keepToken(msg.info.game, msg.token);
      if (location.pathname !== `/g/${msg.info.game}`) history.pushState({}, "", `/g/${msg.info.game}`);
      showScreen("game");
      render();
      break;
    case "update":
      ui.queue.push(msg);
      pump();
      break;
    case "seats":
      if (ui.info) ui.info.seats = msg.seats;
      render();
      break;
    case "rematch":
      ui.rematchOffer = null;
      join(msg.game);
      break;
    case "rematch_offer":
      ui.rematchOffer = msg.by;
      render();
      break;
    case "rematch_declined":
      ui.rematchOffer = null;
      render();
      flash(controls(msg.by) ? "You declined the rematch." : `${playerName(msg.by)} declined the rematch.`);
      break;
    case "hint":
      ui.hints = msg.plays;
      renderHints();
      break;
    case "error":
      flash(msg.message);
      break;
  }
}

// Updates are shown one at a time so that moves made by others can be followed.
async function pump() {
  if (ui.animating) return;
  ui.animating = true;
  while (ui.queue.length) {
    const msg = ui.queue.shift();
    const a = msg.action;
    const before = ui.view;
    const mover = before?.to_act;
    const someoneElse = mover !== null && mover !== undefined && !controls(mover);
    if (someoneElse && (a.action === "play" || a.action === "step")) {
      const steps = a.action === "play" ? a.steps : [a.step];
      let pos = ui.shown;
      for (const s of steps) {
        const svg = $("board");
        const ends = stepEnds(pos, s, mover, viewer());
        ui.shown = lift(pos, s, mover);
        render(true);
        await fly(svg, ends.from, ends.to, mover, 380);
        pos = applyStep(pos, s, mover);
        ui.shown = pos;
        render(true);
        await sleep(120);
      }
    }
    ui.view = msg.view;
    ui.shown = msg.view.position;
    ui.log = ui.log.concat(msg.log);
    if (a.action !== "step" && a.action !== "undo") ui.hints = null;
    ui.selected = null;
    render();
    if (a.action === "roll" || a.action === "die-off") await sleep(someoneElse ? 350 : 0);
  }
  ui.animating = false;
  render();
}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

let flashTimer = null;
function flash(text) {
  const s = $("status");
  s.dataset.error = "1";
  s.textContent = text;
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
  draw(svg, ui.shown || v.position, {
    viewer: viewer(),
    mover: mover ?? viewer(),
    sources,
    targets,
    selected: ui.selected,
    dice: diceOf(v),
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
  connection().send({ type: "step", from: step.from, to: step.to, die: step.die });
  return true;
}

function clickPoint(key) {
  const steps = legalSteps();
  if (!steps.length) return;
  const mover = ui.view.to_act;
  if (ui.selected && playSelectedTo(key)) return;
  ui.selected = steps.some((s) => keyOfSource(s, mover) === key) && ui.selected !== key ? key : null;
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

function renderStatus() {
  const s = $("status");
  if (s.dataset.error) return;
  const v = ui.view;
  const ph = v.phase;
  const name = (p) => playerName(p);
  const mine = v.to_act !== null && controls(v.to_act);
  let text = "";
  if (ui.info.mode === "friend" && !ui.info.seats.every((x) => x.taken)) {
    text = "Waiting for your friend to open the link…";
  } else if (ph.phase === "game-over") {
    const how = { "bore-off": "bore off", resigned: "by resignation", dropped: "the cube was dropped" }[ph.how];
    const w = v.match_winner !== null ? v.match_winner : ph.winner;
    text = `${name(ph.winner)} won ${ph.points} point${ph.points === 1 ? "" : "s"} (${how}).`;
    if (v.match_winner !== null) text += ` ${name(w)} won the match ${v.score[w]}-${v.score[1 - w]}.`;
    if (ui.rematchOffer !== null) {
      text += controls(ui.rematchOffer) ? " Rematch offered: waiting for your friend." : ` ${name(ui.rematchOffer)} offers a rematch.`;
    }
  } else if (ph.phase === "move") {
    const dice = ph.pool.join("-");
    if (mine) {
      text = v.turn?.complete ? "Confirm your play, or undo." : `Your move: ${dice}` + (ph.kind === "acey-deucey" ? " — acey-deucey!" : "");
      if (ui.info.mode === "local") text = `${name(ph.player)} to move: ${dice}`;
    } else text = `${name(ph.player)} to move: ${dice}` + (ui.info.mode === "computer" ? " (thinking…)" : "");
  } else if (ph.phase === "name-double") {
    text = mine ? "You played 1-2 in full: name a double." : `${name(ph.player)} names a double…`;
  } else if (ph.phase === "roll") {
    text = mine ? "Roll, or offer the cube." : `${name(ph.player)} to roll`;
  } else if (ph.phase === "cube-offered") {
    text = mine ? `${name(ph.by)} doubles: take or drop?` : `${name(ph.by)} offered the cube`;
  } else text = "Rolling for who starts…";
  s.textContent = text;
}

function renderPanel() {
  const v = ui.view;
  const players = $("players");
  players.replaceChildren();
  for (const p of [0, 1]) {
    const row = document.createElement("div");
    row.className = "player" + (v.to_act === p ? " active" : "");
    row.dataset.player = p;
    const seat = ui.info.seats[p];
    const waiting = !seat.taken ? " (waiting)" : "";
    row.innerHTML = `<span class="swatch p${p}"></span><span class="name"></span><span class="pips" title="pip count">${v.pips[p]} pips</span><span class="score" title="points">${v.score[p]}</span>`;
    row.querySelector(".name").textContent = playerName(p) + waiting;
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
      h.textContent = `Game ${game}`;
      log.appendChild(h);
    }
    const li = document.createElement("li");
    li.dataset.player = e.player;
    li.innerHTML = `<span class="swatch p${e.player}"></span>`;
    li.append(e.notation);
    log.appendChild(li);
  }
  log.scrollTop = log.scrollHeight;
  const friend = ui.info.mode === "friend";
  $("invite").hidden = !(friend && !ui.info.seats.every((x) => x.taken) && seatOf(ui.role) !== null);
  $("invite-link").value = `${location.origin}/g/${ui.info.game}`;
  $("download").href = `/api/games/${ui.info.game}/record`;
  $("replay-link").href = `/replay/${ui.info.game}`;
  $("rulesline").textContent = `Rules: ${ui.info.rules}` + (ui.info.match ? ` · match to ${ui.info.match}` : " · open session");
  renderHints();
}

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
  h.textContent = "Best plays (expected points):";
  box.appendChild(h);
  for (const p of ui.hints) {
    const d = document.createElement("div");
    d.className = "hint";
    d.textContent = `${p.equity >= 0 ? "+" : ""}${p.equity.toFixed(2)}  ${p.notation || "(no move)"}`;
    box.appendChild(d);
  }
}

function renderButtons() {
  const v = ui.view;
  const ph = v.phase;
  const mine = v.to_act !== null && controls(v.to_act) && !ui.animating;
  const seated = ui.role !== "spectator";
  const over = ph.phase === "game-over";
  const matchOver = over && (v.match_winner !== null || ui.info.match === null);
  const show = (id, on) => ($(id).hidden = !on);
  show("undo", mine && ph.phase === "move" && v.turn && v.turn.steps.length > 0);
  show("confirm", mine && ph.phase === "move" && v.turn && v.turn.complete);
  show("roll", mine && ph.phase === "roll");
  show("double", mine && ph.phase === "roll" && v.may_double);
  show("take", mine && ph.phase === "cube-offered");
  show("drop", mine && ph.phase === "cube-offered");
  show("next-game", seated && over && v.match_winner === null && ui.info.match !== null);
  show("hint", mine && ph.phase === "move" && ui.info.mode === "computer");
  show("resign", seated && !over);
  // Between friends a rematch is offered, then accepted or declined by the other seat.
  const offer = ui.rematchOffer;
  const offeredToMe = offer !== null && seated && !controls(offer);
  show("rematch", seated && matchOver && !offeredToMe);
  $("rematch").disabled = offer !== null && controls(offer);
  $("rematch").textContent = offer !== null && controls(offer) ? "Rematch offered…" : ui.info.mode === "friend" ? "Offer rematch" : "Rematch";
  $("rematch-offer").hidden = !(matchOver && offeredToMe);
  $("rematch-offer-text").textContent = offeredToMe ? `${playerName(offer)} offers a rematch.` : "";
  show("replay-link", over);
  const picker = $("doubles");
  picker.hidden = !(mine && ph.phase === "name-double");
  if (!picker.hidden) {
    const box = $("double-choices");
    box.replaceChildren();
    for (let d = 1; d <= 6; d++) {
      const b = document.createElement("button");
      b.className = "double-choice";
      b.textContent = `${d}-${d}`;
      b.dataset.value = d;
      b.disabled = !v.nameable.includes(d);
      b.onclick = () => connection().send({ type: "name_double", value: d });
      box.appendChild(b);
    }
  }
}

// ---------- screens ----------

function showScreen(name) {
  for (const s of ["home", "game", "replay"]) $(s).hidden = s !== name;
}

function join(game) {
  const msg = () => ({ type: "join", v: 1, game, token: tokenFor(game) });
  connection().enter(msg);
}

function create(mode) {
  const settings = {
    type: "create",
    v: 1,
    mode,
    rules: $("rules").value,
    match: Number($("match").value),
  };
  if (mode === "computer") settings.level = $("level").value;
  localStorage.setItem("acey.settings", JSON.stringify({ rules: settings.rules, match: settings.match, level: $("level").value }));
  // After the create, a reconnect re-joins the created game with its token.
  ui.info = null;
  connection().enter(() => (ui.info ? { type: "join", v: 1, game: ui.info.game, token: tokenFor(ui.info.game) } : settings));
}

async function home() {
  showScreen("home");
  let saved = {};
  try {
    saved = JSON.parse(localStorage.getItem("acey.settings") || "{}");
  } catch {
    saved = {};
  }
  try {
    const opts = await (await fetch("/api/options")).json();
    $("rules").replaceChildren(...opts.presets.map((p) => new Option(p.name, p.name)));
    $("level").replaceChildren(...opts.levels.map((l) => new Option(l.name, l.name)));
    $("rules").value = saved.rules || "american";
    $("level").value = saved.level || opts.default_level;
    for (const o of $("level").options) o.title = opts.levels.find((l) => l.name === o.value)?.description || "";
    for (const o of $("rules").options) o.title = opts.presets.find((l) => l.name === o.value)?.description || "";
  } catch {
    $("rules").replaceChildren(new Option("american", "american"));
    $("level").replaceChildren(new Option("casual", "casual"));
  }
  if (saved.match !== undefined) $("match").value = String(saved.match);
}

function route() {
  const m = location.pathname.match(/^\/(g|replay)\/([A-Za-z0-9]+)$/);
  if (m && m[1] === "g") {
    showScreen("game");
    $("status").textContent = "Connecting…";
    join(m[2]);
  } else if (m && m[1] === "replay") {
    showScreen("replay");
    openReplay(m[2]);
  } else {
    home();
  }
}

function wire() {
  const send = (type) => () => connection().send({ type });
  $("play-computer").onclick = () => create("computer");
  $("play-friend").onclick = () => create("friend");
  $("play-local").onclick = () => create("local");
  $("undo").onclick = send("undo");
  $("confirm").onclick = send("confirm");
  $("roll").onclick = send("roll");
  $("double").onclick = send("double");
  $("take").onclick = send("take");
  $("drop").onclick = send("drop");
  $("next-game").onclick = send("next_game");
  $("hint").onclick = send("hint");
  $("rematch").onclick = send("rematch");
  $("rematch-accept").onclick = send("rematch");
  $("rematch-decline").onclick = send("rematch_decline");
  $("resign").onclick = () => {
    if (confirm("Resign this game?")) connection().send({ type: "resign" });
  };
  $("flip").onclick = () => {
    ui.flipped = !ui.flipped;
    render();
  };
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
  window.addEventListener("popstate", () => location.reload());
}

// Errors are kept where tests (and a curious developer) can read them.
window.aceyErrors = [];
window.addEventListener("error", (e) => window.aceyErrors.push(String(e.message)));
window.addEventListener("unhandledrejection", (e) => window.aceyErrors.push(String(e.reason)));

wire();
wireDrag();
route();
