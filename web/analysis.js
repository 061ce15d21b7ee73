// The analysis of an ended game in the replay viewer (docs/analysis.md, "In the browser"): asked
// for with one button, followed with a progress bar, then a summary per player, the graph of the
// winning chances with the marked decisions on it, a mark beside every move of the list, and for
// any decision its position with the played and the best plays and the ranked alternatives.

import { absolute } from "./board.js";
import { formatNumber, t } from "./i18n.js";
import { api } from "./server.js";

const $ = (id) => document.getElementById(id);

// Marks as GNU Backgammon and chess annotators write them.
export const GLYPH = { doubtful: "?!", bad: "?", very_bad: "??" };
const markText = (mark) => t(`analysis-mark-${mark}`);

function svgEl(name, attrs, parent) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// Numbers as the player's language writes them (a decimal comma in fr, ru, nb), without
// thousands separators (the summary table must fit a phone), an equity always signed.
const decimals = (x, digits) =>
  formatNumber(x, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
const fmt = (x, digits = 3) => (x >= 0 ? "+" : "−") + decimals(Math.abs(x), digits);
const pct = (p) => formatNumber(p, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });

// Asks the server for the analysis of `game` and follows it until it is done; `progress(done,
// total)` is called while it runs. Resolves to the answer's JSON ({plies, level, analysis}).
export async function fetchAnalysis(game, progress) {
  const url = api(`/api/games/${game}/analysis`);
  let res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
  for (;;) {
    let body = null;
    try {
      body = await res.json();
    } catch {
      throw new Error(`the server answered ${res.status}`);
    }
    if (body.status === "done") return body;
    if (body.status === "running") {
      progress(body.done, body.total);
      await new Promise((r) => setTimeout(r, 400));
      res = await fetch(url);
      continue;
    }
    throw new Error(body.error || `the server answered ${res.status}`);
  }
}

// The keys of the board's points a play's steps leave and reach (for the board's highlight).
export function stepKeys(steps, mover) {
  const keys = new Set();
  for (const s of steps || []) {
    keys.add(typeof s.from === "number" ? "p" + absolute(s.from, mover) : s.from);
    keys.add(typeof s.to === "number" ? "p" + absolute(s.to, mover) : "off");
  }
  return keys;
}

// The summary table: a row per player.
// `names`: the players' names as the page shows them (the stored analysis names guests and
// bots in English).
export function renderSummary(table, data, names) {
  const a = data.analysis;
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  const heads = [t("col-player"), t("analysis-decisions"), ...Object.values(GLYPH), t("analysis-error-rate"), t("analysis-luck"), t("col-rating")];
  for (const h of heads) {
    const th = document.createElement("th");
    th.textContent = h;
    const mark = Object.keys(GLYPH).find((k) => GLYPH[k] === h);
    if (mark) th.title = markText(mark);
    head.appendChild(th);
  }
  const body = table.createTBody();
  for (const p of a.players) {
    const row = body.insertRow();
    row.dataset.player = p.player;
    const cells = [
      names[p.player],
      `${p.unforced} (${p.decisions})`,
      p.marks.doubtful,
      p.marks.bad,
      p.marks.very_bad,
      decimals(p.error_rate, 3),
      fmt(p.luck, 2),
      decimals(p.rating, 1),
    ];
    cells.forEach((c, k) => {
      const td = row.insertCell();
      if (k === 0) td.innerHTML = `<span class="swatch p${p.player}"></span>`;
      td.append(String(c));
    });
  }
  const foot = table.createTFoot().insertRow().insertCell();
  foot.colSpan = 8;
  foot.className = "fine";
  foot.textContent = t("analysis-judged", { plies: data.plies, level: t(`level-name-${data.level}`) });
}

// White's (player 0's) winning chances before each roll, with the marked decisions on the
// line; a mark (or, by keyboard, its entry in the list of marks) calls `select(index)`.
export function renderGraph(svg, list, data, select, names) {
  const a = data.analysis;
  const W = 600;
  const H = 160;
  const pad = 6;
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  const n = Math.max(1, a.decisions.length - 1);
  const x = (i) => pad + ((W - 2 * pad) * i) / n;
  const y = (p) => pad + (H - 2 * pad) * (1 - p);
  svgEl("rect", { x: 0, y: 0, width: W, height: H, class: "graph-bg" }, svg);
  svgEl("line", { x1: pad, x2: W - pad, y1: y(0.5), y2: y(0.5), class: "graph-mid" }, svg);
  // Where each later game of a match or session starts.
  a.decisions.forEach((d, i) => {
    if (i > 0 && d.game !== a.decisions[i - 1].game) svgEl("line", { x1: x(i), x2: x(i), y1: pad, y2: H - pad, class: "graph-game" }, svg);
  });
  // White's chances at each checker decision (the equity graph is from the roller's side).
  const white = new Map(a.equity.map((e) => [e.index, e.player === 0 ? e.win : 1 - e.win]));
  const points = a.equity.map((e) => `${x(e.index).toFixed(1)},${y(white.get(e.index)).toFixed(1)}`);
  if (points.length) svgEl("polyline", { points: points.join(" "), class: "graph-line" }, svg);
  const near = (i) => {
    for (let k = i; k >= 0; k--) if (white.has(k)) return white.get(k);
    return 0.5;
  };
  list.replaceChildren();
  for (const d of a.decisions) {
    if (!d.mark) continue;
    const c = svgEl("circle", { cx: x(d.index), cy: y(near(d.index)), r: 6, class: `mark ${d.mark}` }, svg);
    c.dataset.index = d.index;
    svgEl("title", {}, c).textContent = `${GLYPH[d.mark]} ${names[d.player]}: ${describe(d)}`;
    c.addEventListener("click", () => select(d.index));
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.className = `markrow ${d.mark}`;
    b.dataset.index = d.index;
    b.textContent = `${GLYPH[d.mark]} ${names[d.player]}: ${describe(d)} (${fmt(-d.equity_lost)})`;
    b.onclick = () => select(d.index);
    li.appendChild(b);
    list.appendChild(li);
  }
  if (!list.children.length) {
    const li = document.createElement("li");
    li.textContent = t("analysis-no-marks");
    list.appendChild(li);
  }
}

// A choice of a decision as the player reads it: a checker play stays in notation, a cube
// action (`double`, `no double`, `take`, `drop` in the analysis) is said in the page's language.
function said(d, choice) {
  return d.kind === "play" ? choice : t(`analysis-action-${choice.replace(" ", "-")}`);
}

function describe(d) {
  if (d.kind === "play") return `${d.dice ? d.dice.join("-") + " " : ""}${d.played}`;
  return t(d.kind === "double" ? "analysis-cube" : "analysis-cube-answer", { played: said(d, d.played) });
}

// The panel of one decision: what was played and what was best, and the ranked plays, each of
// which `show(alternative)` puts on the board.
export function renderDecision(box, data, d, show, names) {
  const a = data.analysis;
  box.replaceChildren();
  box.hidden = false;
  const h = document.createElement("h4");
  const who = names[d.player];
  const dice = d.dice ? d.dice.join("-") : "";
  h.textContent = d.kind === "play"
    ? t(d.forced ? "analysis-to-play-forced" : "analysis-to-play", { name: who, dice })
    : t(d.kind === "double" ? "analysis-double-or-roll" : "analysis-take-or-drop", { name: who, cube: d.cube });
  box.appendChild(h);
  const p = document.createElement("p");
  p.className = "verdict" + (d.mark ? ` ${d.mark}` : "");
  const args = { played: said(d, d.played), best: said(d, d.best), lost: fmt(-d.equity_lost) };
  p.textContent = d.mark
    ? `${GLYPH[d.mark]} ${t("analysis-verdict-marked", { ...args, mark: markText(d.mark) })}`
    : d.forced
      ? t("analysis-forced", args)
      : t(d.equity_lost > 0 ? "analysis-played-lost" : "analysis-played-best", args);
  box.appendChild(p);
  if (d.luck !== null && d.luck !== undefined) {
    const l = document.createElement("p");
    l.className = "fine";
    l.textContent = t("analysis-roll-luck", { luck: fmt(d.luck, 2) });
    box.appendChild(l);
  }
  if (!d.alternatives.length) {
    const line = document.createElement("p");
    line.textContent = d.played === d.best
      ? `${said(d, d.played)}: ${fmt(d.played_equity)}`
      : `${said(d, d.played)}: ${fmt(d.played_equity)} · ${said(d, d.best)}: ${fmt(d.best_equity)}`;
    box.appendChild(line);
    return;
  }
  const ol = document.createElement("ol");
  ol.className = "alternatives";
  const best = d.alternatives[0].equity;
  d.alternatives.forEach((alt) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.className = "alt" + (alt.played ? " played" : "");
    b.innerHTML = `<span class="play"></span><span class="eq"></span><span class="win"></span>`;
    b.querySelector(".play").textContent = alt.played ? t("analysis-alt-played", { play: alt.play }) : alt.play;
    b.querySelector(".eq").textContent = alt.equity === best ? fmt(alt.equity) : `${fmt(alt.equity)} (${fmt(alt.equity - best)})`;
    b.querySelector(".win").textContent = pct(alt.win);
    b.onclick = () => {
      for (const o of ol.querySelectorAll("button")) o.classList.toggle("shown", o === b);
      show(alt);
    };
    li.appendChild(b);
    ol.appendChild(li);
  });
  box.appendChild(ol);
}

// For each entry of the move log, the index of the checker decision that wrote it (or -1): a
// decision's entries start at the log length before its roll (a roll with no legal play writes
// its entry as it is rolled).
export function decisionOfEntries(data, frames, logLength) {
  const out = new Array(logLength).fill(-1);
  const starts = [];
  for (const d of data.analysis.decisions) {
    if (d.kind !== "play") continue;
    const f = frames[d.action];
    if (f) starts.push([f.view.log_len, d.index]);
  }
  starts.sort((p, q) => p[0] - q[0]);
  let k = 0;
  for (let e = 0; e < logLength; e++) {
    while (k + 1 < starts.length && starts[k + 1][0] <= e) k++;
    if (starts.length && starts[k][0] <= e) out[e] = starts[k][1];
  }
  return out;
}
