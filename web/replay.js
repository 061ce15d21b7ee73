// The replay viewer of a finished game: every stored action, one frame each, with step controls.

import { draw } from "./board.js";

const $ = (id) => document.getElementById(id);

export async function openReplay(game) {
  const status = $("replay-status");
  status.textContent = "Loading…";
  let data;
  try {
    const res = await fetch(`/api/games/${game}/replay`);
    if (!res.ok) {
      status.textContent = await res.text();
      return;
    }
    data = await res.json();
  } catch (e) {
    status.textContent = `Could not load the game: ${e}`;
    return;
  }
  const frames = data.frames;
  const slider = $("r-slider");
  slider.max = frames.length - 1;
  $("replay-download").href = `/api/games/${game}/record`;
  let i = frames.length - 1;
  let timer = null;
  // Whose side the board is seen from: player 0's at first, the other's after a flip.
  let viewer = 0;

  const show = () => {
    const f = frames[i];
    const v = f.view;
    slider.value = i;
    const ph = v.phase;
    const dice = ph.phase === "move" ? ph.pool.map((value) => ({ value, used: false, player: ph.player, side: ph.player === viewer ? "right" : "left" })) : [];
    const svg = $("replay-board");
    svg.dataset.frame = i;
    svg.dataset.viewer = viewer;
    draw(svg, v.position, { viewer, dice });
    const what = f.action ? describe(f.action) : "start";
    const side = viewer === 0 ? "White" : "Black";
    status.textContent = `Move ${i} of ${frames.length - 1}: ${what} · pips ${v.pips[0]}–${v.pips[1]} · score ${v.score[0]}–${v.score[1]} · seen from ${side}`;
    const log = $("replay-log");
    [...log.children].forEach((li, k) => li.classList.toggle("done", k < v.log_len));
  };
  const go = (k) => {
    i = Math.max(0, Math.min(frames.length - 1, k));
    show();
  };
  const log = $("replay-log");
  log.replaceChildren(
    ...data.log.map((e) => {
      const li = document.createElement("li");
      li.innerHTML = `<span class="swatch p${e.player}"></span>`;
      li.append(e.notation);
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
    show();
  };
  $("r-play").onclick = () => {
    if (timer) {
      clearInterval(timer);
      timer = null;
      $("r-play").textContent = "Play";
      return;
    }
    if (i >= frames.length - 1) go(0);
    $("r-play").textContent = "Pause";
    timer = setInterval(() => {
      if (i >= frames.length - 1) {
        clearInterval(timer);
        timer = null;
        $("r-play").textContent = "Play";
      } else go(i + 1);
    }, 600);
  };
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowLeft") go(i - 1);
    if (e.key === "ArrowRight") go(i + 1);
  });
  show();
}

function describe(a) {
  switch (a.action) {
    case "die-off": return `die-off ${a.dice[0]} against ${a.dice[1]}`;
    case "roll": return `roll ${a.dice[0]}-${a.dice[1]}`;
    case "step": return `step ${a.step.from}/${a.step.to}`;
    case "play": return `play ${a.steps.map((s) => `${s.from}/${s.to}`).join(" ") || "(none)"}`;
    case "name-double": return `names ${a.value}-${a.value}`;
    case "resign": return `player ${a.player + 1} resigns`;
    default: return a.action.replace("-", " ");
  }
}
