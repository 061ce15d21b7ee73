// @ts-check
// The player's settings, kept in this browser: the page's theme (as the system, light or dark),
// the board's colours, the speed of the animations, and two ways to play faster: forced plays
// made by themselves (as bgammon.org does) and a play confirmed by itself once no step is left.

const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));

/** The board themes; each keeps a contrast of at least 3:1 between its points and both checkers. */
export const BOARDS = ["classic", "ocean"];
/** The animation speeds offered (1 is normal). */
export const SPEEDS = [0.5, 1, 2, 4];

/** @param {string} key @param {string} fallback */
function read(key, fallback) {
  try {
    return localStorage.getItem(key) ?? fallback;
  } catch {
    return fallback;
  }
}

/** @param {string} key @param {string} value */
function write(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not kept: the setting holds for this page only.
  }
}

/** Whether a forced play (the only legal one) is made, and confirmed, by itself. */
export function autoForced() {
  return read("acey.autoForced", "off") === "on";
}

/** Whether a play is confirmed by itself once no step is left. */
export function autoConfirm() {
  return read("acey.autoConfirm", "off") === "on";
}

/** The animations' speed: 1 is normal. */
export function speed() {
  const s = Number(read("acey.speed", "1"));
  return s > 0 && s <= 4 ? s : 1;
}

function applyLooks() {
  const theme = read("acey.theme", "system");
  const dark = matchMedia("(prefers-color-scheme: dark)").matches;
  document.documentElement.dataset.theme = theme === "system" ? (dark ? "dark" : "light") : theme;
  document.documentElement.dataset.board = read("acey.board", "classic");
}

/**
 * Wires the settings dialog: `t` translates, `changed` redraws the board.
 * @param {(id: string, args?: object) => string} t
 * @param {() => void} changed
 */
export function initSettings(t, changed) {
  const dialog = $("settings");
  $("settings-open").onclick = () => {
    $("set-theme").value = read("acey.theme", "system");
    $("set-board").value = read("acey.board", "classic");
    $("set-speed").value = String(speed());
    $("set-forced").checked = autoForced();
    $("set-confirm").checked = autoConfirm();
    dialog.showModal();
  };
  $("settings-close").onclick = () => dialog.close();
  $("set-board").replaceChildren(...BOARDS.map((b) => new Option(t(`board-theme-${b}`), b)));
  $("set-speed").replaceChildren(...SPEEDS.map((s) => new Option(t(`speed-${String(s).replace(".", "-")}`), String(s))));
  $("set-theme").onchange = () => {
    write("acey.theme", $("set-theme").value);
    applyLooks();
  };
  $("set-board").onchange = () => {
    write("acey.board", $("set-board").value);
    applyLooks();
    changed();
  };
  $("set-speed").onchange = () => write("acey.speed", $("set-speed").value);
  $("set-forced").onchange = () => {
    write("acey.autoForced", $("set-forced").checked ? "on" : "off");
    changed();
  };
  $("set-confirm").onchange = () => {
    write("acey.autoConfirm", $("set-confirm").checked ? "on" : "off");
    changed();
  };
}
