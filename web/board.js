// The SVG board. Pure drawing: given a position (the position JSON of docs/notation.md: board from player 0's side,
// positive = player 0), the viewer's seat and what to highlight, it draws the board. The viewer's
// home board is always at the bottom right; points are numbered from the viewer's side.

import { t } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
// Sizes in SVG units (the board is 1000 wide): checkers as large as the point width allows and
// point numbers that stay legible when the board is phone-sized (390 px: about 0.37 px a unit).
const W = 72; // point width
const R = 34; // checker radius
const LEFT = 14, BAR_X = 446, BAR_W = 52, RIGHT = 498, TRAY_X = 936, TRAY_W = 60;
const TOP = 44, BOTTOM = 736, POINT_LEN = 290, HEIGHT = 780;
const MID = (TOP + BOTTOM) / 2;

// Checker colours; the points' colours (style.css) keep a contrast of at least 3:1 with both.
export const COLORS = ["#f6f1e7", "#1e1b22"];

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// Absolute point (player 0's numbering) -> the viewer's numbering.
export function display(q, viewer) {
  return viewer === 0 ? q : 25 - q;
}

// A mover's point -> absolute.
export function absolute(p, mover) {
  return mover === 0 ? p : 25 - p;
}

// Centre x of a point in the viewer's numbering, and whether it is on the top row.
function pointX(d) {
  if (d <= 6) return RIGHT + (6 - d) * W + W / 2;
  if (d <= 12) return LEFT + (12 - d) * W + W / 2;
  if (d <= 18) return LEFT + (d - 13) * W + W / 2;
  return RIGHT + (d - 19) * W + W / 2;
}

function isTop(d) {
  return d >= 13;
}

// Centre of the i-th checker (from the edge) of a stack of n on point d: five fit at full
// spacing, more are squeezed into the point's length.
function slot(d, i, n) {
  const room = POINT_LEN + 20 - 2 * R;
  const step = n <= 1 ? 0 : Math.min(2 * R, room / (n - 1));
  const off = R + i * step;
  return { x: pointX(d), y: isTop(d) ? TOP + off : BOTTOM - off };
}

// Where a checker of `player` sits in the bar or the trays, for drawing and animation.
function barSlot(player, viewer, i) {
  const mine = player === viewer;
  return { x: BAR_X + BAR_W / 2, y: mine ? MID + 60 + R + i * 2 * R * 0.8 : MID - 60 - R - i * 2 * R * 0.8 };
}

// Trays on the right: the viewer enters at the top right and bears off at the bottom right.
function trayBox(kind, player, viewer) {
  const mine = player === viewer;
  const h = 158;
  if (kind === "start") return mine ? { y: TOP, h } : { y: BOTTOM - h, h };
  return mine ? { y: BOTTOM - 2 * h - 12, h } : { y: TOP + h + 12, h };
}

function trayChecker(kind, player, viewer, i) {
  const box = trayBox(kind, player, viewer);
  const top = kind === "start" ? player === viewer : player !== viewer;
  const y = top ? box.y + 8 + i * 9.6 : box.y + box.h - 8 - i * 9.6;
  return { x: TRAY_X + TRAY_W / 2, y };
}

// Where the checker of a step starts and ends, for animations.
export function stepEnds(pos, step, mover, viewer) {
  const count = (q) => Math.abs(pos.board[q - 1]);
  let from, to;
  if (step.from === "start") from = trayChecker("start", mover, viewer, pos.start[mover] - 1);
  else if (step.from === "bar") from = barSlot(mover, viewer, pos.bar[mover] - 1);
  else {
    const q = absolute(step.from, mover);
    from = slot(display(q, viewer), count(q) - 1, count(q));
  }
  if (step.to === "off") to = trayChecker("off", mover, viewer, pos.off[mover]);
  else {
    const q = absolute(step.to, mover);
    const sign = mover === 0 ? 1 : -1;
    const own = pos.board[q - 1] * sign > 0 ? count(q) : 0;
    to = slot(display(q, viewer), own, own + 1);
  }
  return { from, to };
}

// Applies a step to a position copy (for drawing the steps of an animated play one by one).
export function applyStep(pos, step, mover) {
  const p = JSON.parse(JSON.stringify(pos));
  const sign = mover === 0 ? 1 : -1;
  if (step.from === "start") p.start[mover] -= 1;
  else if (step.from === "bar") p.bar[mover] -= 1;
  else p.board[absolute(step.from, mover) - 1] -= sign;
  if (step.to === "off") p.off[mover] += 1;
  else {
    const i = absolute(step.to, mover) - 1;
    if (p.board[i] * sign < 0) {
      p.board[i] = 0;
      p.bar[1 - mover] += 1;
    }
    p.board[i] += sign;
  }
  return p;
}

function checker(svg, c, player, cls) {
  return el("circle", {
    cx: c.x, cy: c.y, r: R - 1, fill: COLORS[player],
    stroke: player === 0 ? "#8a7f6c" : "#0d0c0f", "stroke-width": 2,
    class: "checker " + (cls || ""),
  }, svg);
}

// Narrows a label that is wider than `max` (a long word for "off" in some languages) so that
// it stays inside its box.
function fit(node, max) {
  try {
    if (node.getComputedTextLength() > max) {
      node.setAttribute("textLength", String(max));
      node.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  } catch {
    // Not laid out (a board drawn off-screen): left as it is.
  }
}

function label(svg, x, y, text, cls) {
  const node = el("text", { x, y, class: cls || "count", "text-anchor": "middle", "dominant-baseline": "central" }, svg);
  node.textContent = text;
  return node;
}

const PIPS = {
  1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

export function die(svg, x, y, value, player, used) {
  const g = el("g", { class: "die" + (used ? " used" : ""), transform: `translate(${x},${y})` }, svg);
  el("rect", { x: -24, y: -24, width: 48, height: 48, rx: 8, fill: COLORS[player], stroke: "#222", "stroke-width": 2 }, g);
  for (const [a, b] of PIPS[value] || []) {
    el("circle", { cx: a * 13, cy: b * 13, r: 5, fill: player === 0 ? "#222" : "#eee" }, g);
  }
  return g;
}

// Draws the doubling cube: in the middle of the bar while centred, else at its owner's end.
function cubeAt(svg, cube, viewer) {
  const y = cube.owner === null || cube.owner === undefined ? MID : cube.owner === viewer ? BOTTOM - 30 : TOP + 30;
  const g = el("g", { class: "cube", transform: `translate(${BAR_X + BAR_W / 2},${y})`, "data-owner": cube.owner ?? "none", "data-value": cube.value }, svg);
  el("rect", { x: -23, y: -23, width: 46, height: 46, rx: 6 }, g);
  label(g, 0, 1, cube.value === 1 ? "64" : String(cube.value), "cubeval");
}

// Draws everything. `opts`: { viewer, mover, sources: Set of keys, targets: Set of keys,
// selected, cursor (the keyboard's key), preview (Set of keys a shown hint moves), dice:
// [{value, used, player, side}], cube: {value, owner} or null, onClick(key) }. Keys: "p<abs>",
// "bar", "start", "off".
export function draw(svg, pos, opts) {
  const viewer = opts.viewer ?? 0;
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 1000 ${HEIGHT}`);
  el("rect", { x: 0, y: 0, width: 1000, height: HEIGHT, rx: 14, class: "frame" }, svg);
  el("rect", { x: LEFT, y: TOP, width: 6 * W, height: BOTTOM - TOP, class: "felt" }, svg);
  el("rect", { x: RIGHT, y: TOP, width: 6 * W, height: BOTTOM - TOP, class: "felt" }, svg);
  el("rect", { x: BAR_X, y: TOP, width: BAR_W, height: BOTTOM - TOP, class: "bar" }, svg);
  const click = (key) => (e) => {
    e.stopPropagation();
    if (opts.onClick) opts.onClick(key);
  };
  const keyClass = (key) =>
    (opts.sources?.has(key) ? " src" : "") +
    (opts.targets?.has(key) ? " dst" : "") +
    (opts.selected === key ? " selected" : "") +
    (opts.cursor === key ? " cursor" : "") +
    (opts.preview?.has(key) ? " preview" : "");

  for (let d = 1; d <= 24; d++) {
    const x = pointX(d), top = isTop(d);
    const q = viewer === 0 ? d : 25 - d;
    const key = "p" + q;
    const tip = top ? TOP + POINT_LEN : BOTTOM - POINT_LEN;
    const base = top ? TOP : BOTTOM;
    el("polygon", {
      points: `${x - W / 2 + 2},${base} ${x + W / 2 - 2},${base} ${x},${tip}`,
      class: "point " + (d % 2 ? "odd" : "even"),
    }, svg);
    label(svg, x, top ? TOP / 2 + 1 : BOTTOM + (HEIGHT - BOTTOM) / 2 + 1, d, "pointnum");
    const v = pos.board[q - 1];
    const n = Math.abs(v), owner = v > 0 ? 0 : 1;
    for (let i = 0; i < n; i++) {
      const c = slot(d, i, n);
      checker(svg, c, owner, i === n - 1 && opts.sources?.has(key) ? "movable" : "");
    }
    if (n > 5) label(svg, x, slot(d, n - 1, n).y, n, "count on" + owner);
    // The whole point is the click target (and the highlight for destinations).
    const hit = el("rect", {
      x: x - W / 2, y: top ? TOP : BOTTOM - POINT_LEN - 20, width: W, height: POINT_LEN + 20,
      class: "hit" + keyClass(key), "data-key": key,
    }, svg);
    hit.addEventListener("click", click(key));
  }

  // The bar.
  for (const player of [0, 1]) {
    const n = pos.bar[player];
    for (let i = 0; i < n; i++) {
      const last = i === Math.min(n, 4) - 1;
      checker(svg, barSlot(player, viewer, Math.min(i, 3)), player, last && player === opts.mover && opts.sources?.has("bar") ? "movable" : "");
    }
    if (n > 1) { const c = barSlot(player, viewer, Math.min(n - 1, 3)); label(svg, c.x, c.y, n, "count on" + player); }
  }
  const barHit = el("rect", { x: BAR_X, y: MID + 40, width: BAR_W, height: BOTTOM - MID - 40, class: "hit pool" + keyClass("bar"), "data-key": "bar" }, svg);
  barHit.addEventListener("click", click("bar"));

  // Trays: start pools and borne-off checkers.
  for (const kind of ["start", "off"]) {
    for (const player of [0, 1]) {
      const box = trayBox(kind, player, viewer);
      el("rect", { x: TRAY_X, y: box.y, width: TRAY_W, height: box.h, rx: 6, class: "tray" }, svg);
      const n = pos[kind][player];
      const active = player === (opts.mover ?? viewer) && opts.sources?.has(kind);
      for (let i = 0; i < n; i++) {
        const c = trayChecker(kind, player, viewer, i);
        el("rect", {
          x: c.x - 25, y: c.y - 4, width: 50, height: 8, rx: 3, fill: COLORS[player],
          stroke: "#222", "stroke-width": 1, class: "traychecker" + (active && i === n - 1 ? " movable" : ""),
        }, svg);
      }
      const tag = t(kind === "start" ? "tray-start" : "tray-off");
      const [lx, ly] = [TRAY_X + TRAY_W / 2, box.y + box.h / 2];
      // A count sits on the checkers: a dark badge keeps it readable on the light ones.
      if (n) el("rect", { x: lx - 17, y: ly - 14, width: 34, height: 28, rx: 8, class: "traybadge" }, svg);
      const text = label(svg, lx, ly, n ? `${n}` : tag, "traylabel" + (n ? " on" + player : ""));
      fit(text, TRAY_W - 8);
      // The mover's start (a source) and off (a target) are clickable when legal.
      if (player === (opts.mover ?? viewer)) {
        const hit = el("rect", { x: TRAY_X, y: box.y, width: TRAY_W, height: box.h, rx: 6, class: "hit pool" + keyClass(kind), "data-key": kind }, svg);
        hit.addEventListener("click", click(kind));
      }
    }
  }

  if (opts.cube) cubeAt(svg, opts.cube, viewer);

  // Dice in the middle band of the mover's half.
  const dice = opts.dice || [];
  dice.forEach((dd, i) => {
    const cx = (dd.side === "left" ? LEFT + 3 * W : RIGHT + 3 * W) + (i - (dice.length - 1) / 2) * 58;
    die(svg, cx, MID, dd.value, dd.player, dd.used);
  });
}

// Animates a checker from `from` to `to` (SVG coordinates), resolving when done.
export function fly(svg, from, to, player, ms) {
  return new Promise((resolve) => {
    const c = checker(svg, from, player, "flying");
    const t0 = performance.now();
    const tick = (t) => {
      const k = Math.min(1, (t - t0) / ms);
      const e = k < 0.5 ? 2 * k * k : 1 - Math.pow(-2 * k + 2, 2) / 2;
      c.setAttribute("cx", from.x + (to.x - from.x) * e);
      c.setAttribute("cy", from.y + (to.y - from.y) * e);
      if (k < 1) requestAnimationFrame(tick);
      else resolve();
    };
    requestAnimationFrame(tick);
  });
}

// The position with the step's checker taken off its origin (drawn while it flies).
export function lift(pos, step, mover) {
  const p = JSON.parse(JSON.stringify(pos));
  const sign = mover === 0 ? 1 : -1;
  if (step.from === "start") p.start[mover] -= 1;
  else if (step.from === "bar") p.bar[mover] -= 1;
  else p.board[absolute(step.from, mover) - 1] -= sign;
  return p;
}

// Drag-to-move, next to click-to-move. A pointer pressed on a movable source and moved a few
// pixels picks a checker up; it follows the pointer, and on release the key under the pointer is
// handed to `h.drop` (which plays the step if it is a highlighted destination, and otherwise
// puts the checker back). A press without a move stays a click. The handlers are installed once
// on the <svg> element, because every draw() replaces its children (an update from the server
// may arrive in the middle of a drag).
//
// `h`: { canDrag(key) -> bool, start(key), drop(key or null), player() -> seat of the mover }.
export function enableDrag(svg, h) {
  const THRESHOLD = 6; // CSS pixels before a press becomes a drag
  let drag = null; // { key, id, x, y, started, ghost }
  const toSvg = (e) => {
    const m = svg.getScreenCTM();
    if (!m) return { x: 0, y: 0 };
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  };
  const keyAt = (e) => {
    const hit = document.elementFromPoint(e.clientX, e.clientY)?.closest?.("[data-key]");
    return hit && svg.contains(hit) ? hit.dataset.key : null;
  };
  const place = (e) => {
    if (!drag.ghost || !drag.ghost.isConnected) {
      drag.ghost = checker(svg, toSvg(e), h.player(), "flying dragging");
    }
    const c = toSvg(e);
    drag.ghost.setAttribute("cx", c.x);
    drag.ghost.setAttribute("cy", c.y);
  };
  const finish = (key) => {
    const d = drag;
    drag = null;
    if (d.ghost) d.ghost.remove();
    if (d.started) {
      // The click that follows a drag's release is not a click on the board.
      svg.dataset.dragged = "1";
      setTimeout(() => delete svg.dataset.dragged, 0);
      h.drop(key);
    }
  };
  svg.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 || drag) return;
    const key = e.target?.closest?.("[data-key]")?.dataset.key;
    if (!key || !h.canDrag(key)) return;
    drag = { key, id: e.pointerId, x: e.clientX, y: e.clientY, started: false, ghost: null };
  });
  svg.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.started) {
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < THRESHOLD) return;
      drag.started = true;
      try {
        svg.setPointerCapture(e.pointerId);
      } catch {
        // A synthetic or already released pointer: the drag works without capture too.
      }
      h.start(drag.key);
    }
    e.preventDefault();
    place(e);
  });
  svg.addEventListener("pointerup", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    finish(drag.started ? keyAt(e) : null);
  });
  svg.addEventListener("pointercancel", (e) => {
    if (drag && e.pointerId === drag.id) finish(null);
  });
  svg.addEventListener("click", (e) => {
    if (svg.dataset.dragged) e.stopImmediatePropagation();
  }, true);
}
