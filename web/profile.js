// Player pages: a profile at /@/NAME (ratings, a rating-history chart, recent games) and the
// leaderboards at /players. Everything comes from the JSON API and is inserted as text.

import { rulesText } from "./lobby.js";
import { t } from "./i18n.js";
import { api } from "./server.js";
import { isDeviceGame } from "./device.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

function date(secs) {
  return new Date(secs * 1000).toISOString().slice(0, 10);
}

// A rating's family (acey-deucey, backgammon) and kind (game, match) in words.
const ratingName = (family, kind) => t("profile-rating-name", { family, kind });

function cell(tr, text) {
  const td = document.createElement("td");
  if (text instanceof Node) td.appendChild(text);
  else td.textContent = text;
  tr.appendChild(td);
  return td;
}

function link(href, text) {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  return a;
}

// The rating history as lines, one per family and kind, over the games in order.
function chart(history) {
  const svg = $("profile-chart");
  svg.replaceChildren();
  svg.style.display = history.length ? "" : "none";
  if (!history.length) return;
  const W = 600, H = 200, pad = 34;
  const ratings = history.map((h) => h.rating);
  let lo = Math.min(...ratings), hi = Math.max(...ratings);
  if (hi - lo < 50) {
    lo -= 25;
    hi += 25;
  }
  const x = (i) => pad + (i * (W - 2 * pad)) / Math.max(1, history.length - 1);
  const y = (r) => H - pad + ((lo - r) * (H - 2 * pad)) / (hi - lo);
  const axis = document.createElementNS(SVG, "path");
  axis.setAttribute("d", `M${pad},${pad / 2} V${H - pad} H${W - pad / 2}`);
  axis.setAttribute("class", "axis");
  svg.appendChild(axis);
  for (const r of [lo, hi]) {
    const t = document.createElementNS(SVG, "text");
    t.setAttribute("x", 2);
    t.setAttribute("y", y(r) + 4);
    t.setAttribute("class", "axislabel");
    t.textContent = String(Math.round(r));
    svg.appendChild(t);
  }
  // One line per rating, named in the reader's words; each dot says its rating and date.
  const series = new Map();
  history.forEach((h, i) => {
    const key = ratingName(h.family, h.kind);
    if (!series.has(key)) series.set(key, []);
    series.get(key).push([x(i), y(h.rating), `${key}: ${Math.round(h.rating)}, ${date(h.at)}`]);
  });
  let n = 0;
  for (const [key, pts] of series) {
    const line = document.createElementNS(SVG, "polyline");
    line.setAttribute("points", pts.map(([px, py]) => `${px},${py}`).join(" "));
    line.setAttribute("class", `series s${n}`);
    const title = document.createElementNS(SVG, "title");
    title.textContent = key;
    line.appendChild(title);
    svg.appendChild(line);
    for (const [px, py, said] of pts) {
      const dot = document.createElementNS(SVG, "circle");
      dot.setAttribute("cx", px);
      dot.setAttribute("cy", py);
      dot.setAttribute("r", 3);
      dot.setAttribute("class", `dot s${n}`);
      const tip = document.createElementNS(SVG, "title");
      tip.textContent = said;
      dot.appendChild(tip);
      svg.appendChild(dot);
    }
    n++;
  }
}

export async function openProfile(name) {
  $("profile-name").textContent = name;
  $("profile-error").textContent = "";
  const r = await fetch(api(`/api/players/${encodeURIComponent(name)}`));
  const data = await r.json().catch(() => ({}));
  if (!r.ok) {
    $("profile-error").textContent = r.status === 404 ? t("profile-no-player") : data.error || t("profile-no-player");
    $("profile-games").replaceChildren();
    $("profile-ratings").replaceChildren();
    chart([]);
    return;
  }
  $("profile-name").textContent = data.name;
  const box = $("profile-ratings");
  box.replaceChildren();
  for (const rt of data.ratings) {
    const d = document.createElement("div");
    d.className = "rating";
    d.textContent = t("profile-rating", {
      name: ratingName(rt.family, rt.kind),
      rating: `${rt.rating}${rt.provisional ? "?" : ""}`,
      deviation: rt.deviation,
      games: rt.games,
    });
    box.appendChild(d);
  }
  if (!data.ratings.length) box.textContent = t("profile-not-rated");
  chart(data.history);
  const body = $("profile-games");
  body.replaceChildren();
  for (const g of data.games) {
    const tr = document.createElement("tr");
    tr.className = g.result;
    tr.dataset.game = g.id;
    cell(tr, t(g.result === "win" ? "profile-won" : "profile-lost"));
    cell(tr, opponentCell(g));
    cell(tr, `${g.points[0]}-${g.points[1]}`);
    cell(tr, rulesText(g.rules));
    // A game added from a device (its id is the engine's) was played away from the server.
    cell(tr, t(isDeviceGame(g.id) ? "profile-on-device" : g.rated ? "mode-rated" : "mode-casual"));
    cell(tr, date(g.ended_at));
    cell(tr, link(`/replay/${g.id}`, t("profile-replay")));
    body.appendChild(tr);
  }
  $("profile-none").hidden = data.games.length > 0;
}

/**
 * A past game's opponent: the computer at its level in the reader's language, a player with an
 * account as a link to their profile, a guest as such.
 * @param {{opponent: string, opponent_registered: boolean, opponent_level?: string}} g
 */
function opponentCell(g) {
  if (g.opponent_level) return t("player-computer", { level: t(`level-name-${g.opponent_level}`) });
  if (g.opponent_registered) return link(`/@/${encodeURIComponent(g.opponent)}`, g.opponent);
  return t("player-guest", { name: g.opponent });
}

export async function openLeaders(family) {
  $("lb-acey").className = family === "acey-deucey" ? "primary" : "";
  $("lb-bg").className = family === "backgammon" ? "primary" : "";
  $("lb-acey").onclick = () => openLeaders("acey-deucey");
  $("lb-bg").onclick = () => openLeaders("backgammon");
  const r = await fetch(api(`/api/leaderboard?family=${family}`));
  const data = await r.json().catch(() => ({ players: [] }));
  const body = $("leaders-rows");
  body.replaceChildren();
  for (const p of data.players || []) {
    const tr = document.createElement("tr");
    cell(tr, String(p.rank));
    cell(tr, link(`/@/${encodeURIComponent(p.name)}`, p.name));
    cell(tr, t("profile-kind", { kind: p.kind }));
    cell(tr, String(p.rating));
    cell(tr, String(p.games));
    body.appendChild(tr);
  }
  $("leaders-none").hidden = (data.players || []).length > 0;
}
