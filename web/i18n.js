// The player's language: chosen once (the browser's languages, or the switch in the header),
// its Fluent catalogue (/locales/LANG.ftl) loaded before the first screen is drawn, and every
// player-visible string looked up by id. Move notation, position IDs and protocol messages
// stay language-neutral; only what a person reads is translated.

import { FluentBundle, FluentResource } from "./vendor/fluent/index.js";

// The languages offered, each named in itself. A language is offered only once its catalogue
// has every message of en.ftl (crates/server/tests/locales.rs checks).
export const LANGUAGES = { en: "English", fr: "Français", ru: "Русский", nb: "Norsk bokmål" };

const KEY = "acey.lang";

// Norwegian is asked for as nb, no or nn: Bokmål is the catalogue for all three.
const ALIASES = { no: "nb", nn: "nb" };

let bundle = null;
let english = null; // the fallback for a message a catalogue lacks (never in a complete one)

// The saved choice, else the first of the browser's languages that has a catalogue.
function chooseLanguage() {
  const saved = localStorage.getItem(KEY);
  if (saved && saved in LANGUAGES) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    const lang = ALIASES[base] || base;
    if (lang in LANGUAGES) return lang;
  }
  return "en";
}

let lang = "en"; // the language shown

async function load(code) {
  const text = await (await fetch(`/locales/${code}.ftl`)).text();
  // No bidi isolation marks around placeables: every offered language is left-to-right, and
  // the marks would get into copied text.
  const b = new FluentBundle(code, { useIsolating: false });
  for (const e of b.addResource(new FluentResource(text))) console.error(`${code}.ftl:`, e);
  return b;
}

// Loads the chosen language (and English behind it) and marks the page with it.
export async function initI18n() {
  english = await load("en");
  lang = chooseLanguage();
  bundle = lang === "en" ? english : await load(lang).catch(() => null);
  if (!bundle) {
    // A catalogue that could not be loaded: the page in English rather than not at all.
    lang = "en";
    bundle = english;
  }
  document.documentElement.lang = lang;
  translate(document);
}

// Remembers a language chosen with the switch and shows the page again in it (a reload: every
// screen is drawn afresh in the new language).
function switchLanguage(code) {
  localStorage.setItem(KEY, code);
  location.reload();
}

function format(b, id, args, attr) {
  const msg = b?.getMessage(id);
  const pattern = msg && (attr ? msg.attributes[attr] : msg.value);
  if (!pattern) return null;
  const errors = [];
  const text = b.formatPattern(pattern, args, errors);
  for (const e of errors) console.error(`${id}:`, e);
  return text;
}

// The message `id` in the player's language, with `args` (numbers are formatted for the
// language: decimal commas, plural forms).
export function t(id, args) {
  return format(bundle, id, args) ?? format(english, id, args) ?? id;
}

// An attribute of a message (`.title`, `.aria-label`, `.placeholder`).
export function tAttr(id, attr, args) {
  return format(bundle, id, args, attr) ?? format(english, id, args, attr) ?? "";
}

// Fills every element under `root` marked `data-l10n-id`: its text from the message's value,
// and its attributes from the message's attributes. Elements so marked hold text only (a
// label's input sits beside its marked span, not inside it).
export function translate(root) {
  for (const el of root.querySelectorAll("[data-l10n-id]")) {
    const id = el.dataset.l10nId;
    const b = [bundle, english].find((x) => x.hasMessage(id));
    if (!b) {
      console.error(`no message ${id}`);
      continue;
    }
    const msg = b.getMessage(id);
    if (msg.value) el.textContent = b.formatPattern(msg.value);
    for (const [name, pattern] of Object.entries(msg.attributes)) el.setAttribute(name, b.formatPattern(pattern));
  }
}

// The language switch in the header: each language in its own name.
export function initLanguageSwitch(select) {
  select.replaceChildren(...Object.entries(LANGUAGES).map(([code, name]) => new Option(name, code)));
  select.value = lang;
  select.onchange = () => switchLanguage(select.value);
}

// A number as the player's language writes it (a decimal comma in French, Russian and
// Norwegian), with `options` of Intl.NumberFormat.
export function formatNumber(x, options) {
  return new Intl.NumberFormat(lang, options).format(x);
}

// Whether the catalogue (or English behind it) has the message `id`.
export function hasText(id) {
  return !!(bundle?.hasMessage(id) || english?.hasMessage(id));
}

// A server's error in the player's language, by its code (the protocol's error codes); the
// server's English text only for a code this page does not know.
export function errorText(msg) {
  const id = `error-${msg.code}`;
  return bundle?.hasMessage(id) || english?.hasMessage(id) ? t(id) : msg.message;
}
