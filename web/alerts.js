// @ts-check
// Telling a player it is their turn when they are looking elsewhere, as lichess does: "(your turn)"
// in the tab's title and a marked icon while it is; a sound when the opponent has moved and when
// the player's clock runs low (mutable, remembered); a desktop notification when the tab is hidden.
//
// The sounds are synthesised with Web Audio (no files to fetch or cache).

const SOUND_KEY = "acey.sound";
const ICON = "/favicon.svg";

/** What the page shows in its title without the turn mark. */
let baseTitle = document.title;
let marked = false;
/** @type {AudioContext | null} */
let audio = null;
/** @type {string | null} the icon with the turn mark, made once */
let turnIcon = null;

/** Whether sounds are on (the default). */
export function soundOn() {
  return localStorage.getItem(SOUND_KEY) !== "off";
}

/** Turns the sounds on or off, remembered in this browser. @param {boolean} on */
export function setSound(on) {
  localStorage.setItem(SOUND_KEY, on ? "on" : "off");
}

/**
 * Marks the title and the icon while it is the player's turn, and takes the marks off when it is
 * not. `title` is the page's title without the mark; `mark` the translated "(your turn)".
 * @param {boolean} mine
 * @param {string} title
 * @param {string} mark
 */
export function showTurn(mine, title, mark) {
  baseTitle = title;
  const want = mine ? `${mark} ${title}` : title;
  if (document.title !== want) document.title = want;
  if (mine !== marked) {
    marked = mine;
    setIcon(mine ? markedIcon() : ICON);
  }
}

/** The page's title as it was last given, without the turn mark. */
export function plainTitle() {
  return baseTitle;
}

/** @param {string} href */
function setIcon(href) {
  let link = /** @type {HTMLLinkElement | null} */ (document.querySelector('link[rel="icon"]'));
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.append(link);
  }
  link.type = "image/svg+xml";
  link.href = href;
}

// The usual icon with a bright dot in its corner: seen in a row of tabs.
function markedIcon() {
  if (!turnIcon) {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1f5f46"/>' +
      '<polygon points="4,2 12,2 8,20" fill="#c9a66b"/><polygon points="20,30 28,30 24,12" fill="#8c3b2a"/>' +
      '<circle cx="10" cy="24" r="5" fill="#34303a"/><circle cx="24" cy="8" r="8" fill="#ff4f2e" stroke="#fff" stroke-width="2"/></svg>';
    turnIcon = `data:image/svg+xml,${encodeURIComponent(svg)}`;
  }
  return turnIcon;
}

/**
 * A short synthesised sound: `tones` are [frequency in Hz, start in s, length in s].
 * @param {[number, number, number][]} tones
 */
function play(tones) {
  if (!soundOn()) return;
  try {
    audio = audio || new AudioContext();
    // A context made before any click starts suspended; resuming may be refused, then it is silent.
    if (audio.state === "suspended") audio.resume().catch(() => {});
    const now = audio.currentTime;
    for (const [freq, at, len] of tones) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + at);
      gain.gain.exponentialRampToValueAtTime(0.25, now + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + at + len);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + at);
      osc.stop(now + at + len + 0.02);
    }
    sounds.push(tones.length === 1 ? "move" : "low");
  } catch {
    // No audio on this device: the title and the icon still say it.
  }
}

/** The sounds played, for a curious developer and the browser tests. @type {string[]} */
export const sounds = [];

/** The opponent has moved (a checker's knock). */
export function moveSound() {
  play([[660, 0, 0.09]]);
}

/** The player's clock has run low (two quick high beeps). */
export function lowClockSound() {
  play([
    [880, 0, 0.08],
    [880, 0.14, 0.08],
  ]);
}

/** Whether desktop notifications may be shown (asked for once, on the first online game). */
export async function askForNotifications() {
  if (!("Notification" in window) || Notification.permission !== "default") return;
  try {
    await Notification.requestPermission();
  } catch {
    // Refused or unsupported: the title and the sound remain.
  }
}

/** The notifications shown, for a curious developer and the browser tests. @type {string[]} */
export const notified = [];

/**
 * A desktop notification, only while the tab is hidden (a visible tab already shows the turn);
 * clicking it brings the tab forward. One at a time: a new one replaces the old.
 * @param {string} title
 * @param {string} body
 */
export function notifyHidden(title, body) {
  if (document.visibilityState !== "hidden") return;
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  try {
    const n = new Notification(title, { body, tag: "acey-turn", icon: ICON });
    n.onclick = () => {
      window.focus();
      n.close();
    };
    notified.push(body);
  } catch {
    // Some browsers only notify from a service worker: the title and the sound remain.
  }
}
