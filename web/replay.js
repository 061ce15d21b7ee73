// The replay viewer of a finished game: one frame per play (and per cube action, resignation or
// new game), a clickable move list, step controls, and a flip to either side; with the game's
// analysis (analysis.js) once asked for.

import { draw } from "./board.js";
import { t } from "./i18n.js";
import { recordLink } from "./device.js";
import { api } from "./server.js";
import { GLYPH, decisionOfEntries, fetchAnalysis, renderDecision, renderGraph, renderSummary, stepKeys } from "./analysis.js";

const $ = (id) => document.getElementById(id);

// The frames a person steps through: the start, then every state in which the move log grew
// (a play, a roll that could not be played) or the cube, a resignation or a new game acted.
// The steps and undos of a play being built are left out.
export function playFrames(frames) {
  const keep = [0];
  const loud = new Set(["double", "take", "drop", "resign", "next-game"]);
  for (let i = 1; i < frames.length; i++) {
    const grew = frames[i].view.log_len > frames[i - 1].view.log_len;
    const a = frames[i].action;
    if (grew || (a && loud.has(a.action)) || i === frames.length - 1) keep.push(i);
  }
  return [...new Set(keep)];
}

function names(info) {
  if (info.mode === "computer") {
    const bot = info.seats.findIndex((s) => s.kind === "bot");
    const level = t(`level-name-${info.level}`);
    return [0, 1].map((p) => (p === bot ? t("player-computer", { level }) : t(p === 0 ? "replay-white-person" : "replay-black-person")));
  }
  return [t("player-white"), t("player-black")];
}

// Opens the replay of `game`: the server's, or with `device` (device.js) a game played on this
// device, whose replay, record and analysis the engine there gives.
export async function openReplay(game, device = null) {
  const status = $("replay-status");
  status.textContent = t("replay-loading");
  let data;
  try {
    if (device) {
      data = (await device.ask("replay", game)).replay;
    } else {
      const res = await fetch(api(`/api/games/${game}/replay`));
      if (!res.ok) {
        status.textContent = res.status === 404 ? t("error-not_found") : await res.text();
        return;
      }
      data = await res.json();
    }
  } catch (e) {
    status.textContent = t("replay-load-failed", { error: String(e) });
    return;
  }
  const all = data.frames;
  const frames = playFrames(all).map((k) => all[k]);
  // The players by their names where the game knows them (a guest marked as one), else by
  // colour, and the computer by its level.
  const byColour = names(data.game);
  const who = [0, 1].map((p) => {
    const known = data.game.players?.[p];
    if (!known?.name) return byColour[p];
    return known.registered ? known.name : t("player-guest", { name: known.name });
  });
  // The analysis names the players as the game does: their own names online, else as above.
  const shownNames = [0, 1].map((p) => data.game.players?.[p]?.name || byColour[p]);
  const slider = $("r-slider");
  slider.max = frames.length - 1;
  if (device) recordLink($("replay-download"), device, game);
  else $("replay-download").href = api(`/api/games/${game}/record`);
  let i = frames.length - 1;
  let timer = null;
  // Whose side the board is seen from: player 0's at first, the other's after a flip.
  let viewer = 0;
  // The analysis once loaded, the decision shown on the board (its index), and the play of it
  // shown (an alternative, or null for the position before it).
  let analysis = null;
  let entryDecision = [];
  let chosen = null;
  let shownAlt = null;

  const players = $("replay-players");
  players.replaceChildren(
    ...[0, 1].map((p) => {
      const row = document.createElement("div");
      row.className = "player";
      row.dataset.player = p;
      row.innerHTML = `<span class="swatch p${p}"></span><span class="name"></span><span class="score"></span>`;
      row.querySelector(".name").textContent = who[p];
      return row;
    }),
  );

  const log = $("replay-log");
  // The frame that shows the state right after log entry k.
  const frameOfEntry = (k) => frames.findIndex((f) => f.view.log_len > k);

  const showDecision = () => {
    const d = analysis.analysis.decisions[chosen];
    const svg = $("replay-board");
    svg.dataset.decision = chosen;
    const mover = d.player;
    const dice = d.dice ? d.dice.map((v) => ({ value: v, used: false, player: mover, side: mover === viewer ? "right" : "left" })) : [];
    if (shownAlt) {
      draw(svg, shownAlt.position, { viewer, preview: stepKeys(shownAlt.steps, mover), cube: data.game.cube ? { value: d.cube, owner: null } : null });
      const args = { number: d.index + 1, name: who[mover], play: shownAlt.play, side: seenFrom(viewer) };
      status.textContent = t(shownAlt.played ? "replay-decision-alt-played" : "replay-decision-alt", args);
    } else {
      draw(svg, d.position, { viewer, dice, cube: data.game.cube ? { value: d.cube, owner: null } : null });
      status.textContent = t("replay-decision", {
        number: d.index + 1,
        name: who[mover],
        kind: d.kind === "play" ? "play" : "cube",
        dice: d.dice ? d.dice.join("-") : "",
        played: d.played + (d.mark ? ` ${GLYPH[d.mark]}` : ""),
        side: seenFrom(viewer),
      });
    }
    for (const c of $("analysis-graph").querySelectorAll(".mark")) c.classList.toggle("chosen", Number(c.dataset.index) === chosen);
    [...log.children].forEach((li, k) => li.classList.toggle("current", entryDecision[k] === chosen));
  };
  const select = (index) => {
    chosen = index;
    shownAlt = null;
    const d = analysis.analysis.decisions[index];
    renderDecision($("analysis-decision"), analysis, d, (alt) => {
      shownAlt = alt;
      showDecision();
    }, shownNames);
    showDecision();
  };
  const show = () => {
    chosen = null;
    $("replay-board").removeAttribute("data-decision");
    const f = frames[i];
    const v = f.view;
    slider.value = i;
    const entry = v.log_len > 0 ? data.log[v.log_len - 1] : null;
    const fresh = i > 0 && v.log_len > frames[i - 1].view.log_len;
    // The dice of the play just made, faded, on its player's side.
    const dice = [];
    if (entry && fresh) {
      const m = entry.notation.match(/^(\d)-(\d)/);
      if (m) for (const d of [m[1], m[2]]) dice.push({ value: Number(d), used: true, player: entry.player, side: entry.player === viewer ? "right" : "left" });
    }
    const svg = $("replay-board");
    svg.dataset.frame = i;
    svg.dataset.viewer = viewer;
    svg.dataset.frames = frames.length;
    draw(svg, v.position, { viewer, dice, cube: data.game.cube ? v.cube : null });
    const what = fresh && entry ? `${who[entry.player]} ${entry.notation}` : f.action ? describe(f.action, who) : t("replay-start");
    status.textContent = t("replay-frame", {
      number: i,
      count: frames.length - 1,
      what,
      white: v.pips[0],
      black: v.pips[1],
      whiteScore: v.score[0],
      blackScore: v.score[1],
      side: seenFrom(viewer),
    });
    [...log.children].forEach((li, k) => {
      li.classList.toggle("done", k < v.log_len);
      li.classList.toggle("current", k === v.log_len - 1);
    });
    [...players.children].forEach((row, p) => (row.querySelector(".score").textContent = v.score[p]));
  };
  const go = (k) => {
    i = Math.max(0, Math.min(frames.length - 1, k));
    show();
  };
  log.replaceChildren(
    ...data.log.map((e, k) => {
      const li = document.createElement("li");
      li.innerHTML = `<span class="swatch p${e.player}"></span>`;
      li.append(e.notation);
      li.tabIndex = 0;
      const pick = () => {
        if (analysis && entryDecision[k] >= 0) select(entryDecision[k]);
        else go(frameOfEntry(k));
      };
      li.onclick = pick;
      li.onkeydown = (ev) => {
        if (ev.key === "Enter") pick();
      };
      return li;
    }),
  );
  $("r-first").onclick = () => go(0);
  $("r-prev").onclick = () => go(i - 1);
  $("r-next").onclick = () => go(i + 1);
  $("r-last").onclick = () => go(frames.length - 1);
  slider.oninput = () => go(Number(slider.value));
  $("r-flip").onclick = () => {
    viewer = 1 - viewer;
    if (chosen !== null) showDecision();
    else show();
  };

  // The analysis: shown at once when stored, else asked for with the button (or by a link
  // ending #analyse, as the game screen's "Analyse this game").
  const box = $("analysis");
  const button = $("analyse");
  const loaded = (body) => {
    analysis = body;
    entryDecision = decisionOfEntries(body, all, data.log.length);
    $("analysis-progress").hidden = true;
    button.hidden = true;
    box.hidden = false;
    $("analysis-results").hidden = false;
    renderSummary($("analysis-summary"), body, shownNames);
    renderGraph($("analysis-graph"), $("analysis-marks"), body, select, shownNames);
    [...log.children].forEach((li, k) => {
      // The mark goes on the first entry of its decision (a 1-2 writes two).
      const first = entryDecision[k] >= 0 && entryDecision[k] !== entryDecision[k - 1];
      const d = first ? body.analysis.decisions[entryDecision[k]] : null;
      li.querySelector(".glyph")?.remove();
      if (d?.mark) {
        const g = document.createElement("span");
        g.className = `glyph ${d.mark}`;
        g.textContent = ` ${GLYPH[d.mark]}`;
        li.appendChild(g);
      }
    });
  };
  const analyse = async () => {
    button.disabled = true;
    box.hidden = false;
    $("analysis-progress").hidden = false;
    $("analysis-progress-text").textContent = t("analysis-asking");
    try {
      const progress = (done, total) => {
        $("analysis-bar").max = Math.max(1, total);
        $("analysis-bar").value = done;
        $("analysis-progress-text").textContent = t("analysis-progress", { done, total });
      };
      const body = device ? await device.ask("analyse", game) : await fetchAnalysis(game, progress);
      loaded(body);
    } catch (e) {
      $("analysis-progress-text").textContent = t("analysis-failed", { error: e.message });
      button.disabled = false;
    }
  };
  button.onclick = analyse;
  button.hidden = false;
  button.disabled = false;
  box.hidden = true;
  if (device) {
    if (location.hash === "#analyse") analyse();
  } else fetch(api(`/api/games/${game}/analysis`))
    .then((r) => r.json())
    .then((body) => {
      if (body.status === "done") loaded(body);
      else if (body.status === "running" || location.hash === "#analyse") analyse();
    })
    .catch(() => {});
  $("r-play").onclick = () => {
    if (timer) {
      clearInterval(timer);
      timer = null;
      $("r-play").textContent = t("replay-play");
      return;
    }
    if (i >= frames.length - 1) go(0);
    $("r-play").textContent = t("replay-pause");
    timer = setInterval(() => {
      if (i >= frames.length - 1) {
        clearInterval(timer);
        timer = null;
        $("r-play").textContent = t("replay-play");
      } else go(i + 1);
    }, 900);
  };
  document.addEventListener("keydown", (e) => {
    if (e.target && ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return;
    if (e.key === "ArrowLeft") go(i - 1);
    if (e.key === "ArrowRight") go(i + 1);
    if (e.key === "Home") go(0);
    if (e.key === "End") go(frames.length - 1);
  });
  show();
}

// The side the board is seen from, for "seen from White".
const seenFrom = (viewer) => (viewer === 0 ? "white" : "black");

function describe(a, who) {
  switch (a.action) {
    case "die-off": return t("replay-die-off", { white: a.dice[0], black: a.dice[1] });
    case "roll": return t("replay-roll", { dice: `${a.dice[0]}-${a.dice[1]}` });
    case "name-double": return t("replay-names", { value: a.value });
    case "resign":
    case "resign-as": return t("replay-resigns", { name: who[a.player] });
    case "forfeit": return t("replay-forfeits", { name: who[a.player] });
    case "next-game": return t("replay-next-game");
    case "double": return t("replay-double");
    case "take": return t("replay-take");
    case "drop": return t("replay-drop");
    default: return a.action.replace("-", " ");
  }
}
