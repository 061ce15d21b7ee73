// Accounts in the browser: log in, register, log out, change the password, over the HTTP API.
// The session is an HttpOnly cookie the script never sees; the socket is reopened after a change
// so that its upgrade request carries the new cookie. A page whose server is elsewhere (an
// exported site, server.js) sends it no cookie: it plays as a guest, and the header links to
// the server's own site to log in there.

import { t } from "./i18n.js";
import { api, serverElsewhere, serverOrigin } from "./server.js";

const $ = (id) => document.getElementById(id);

let onChange = () => {};
let current = null;

export function accountName() {
  return current;
}

function show() {
  $("account-name").textContent = current ? "" : "";
  if (current) {
    const a = document.createElement("a");
    a.href = `/@/${encodeURIComponent(current)}`;
    a.textContent = current;
    a.className = "navlink";
    $("account-name").replaceChildren(a);
  } else {
    $("account-name").replaceChildren();
  }
  $("account-open").textContent = t(current ? "account-password" : "account-log-in");
  $("logout").hidden = !current;
}

async function call(method, path, body) {
  const r = await fetch(api(path), {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
    credentials: "same-origin",
  });
  let data = {};
  try {
    data = await r.json();
  } catch {
    data = {};
  }
  return { ok: r.ok, status: r.status, data };
}

function error(text) {
  $("acc-error").textContent = text;
}

// Why the server refused, in the player's language: the HTTP status tells which kind of
// refusal it is (the server's English text is for the API's other users).
function refusal(status) {
  const known = [400, 401, 409, 429];
  return known.includes(status) ? t(`account-error-${status}`) : t("account-error", { status });
}

async function submit(kind) {
  const name = $("acc-name").value.trim();
  const password = $("acc-password").value;
  error("");
  let r;
  if (kind === "change") {
    r = await call("POST", "/api/session/password", { password, new_password: $("acc-new").value });
  } else {
    // The games this browser played as a guest come along (each proven by its seat token).
    let games = [];
    try {
      games = Object.entries(JSON.parse(localStorage.getItem("acey.tokens") || "{}")).map(([game, token]) => ({ game, token }));
    } catch {
      games = [];
    }
    r = await call("POST", kind === "register" ? "/api/accounts" : "/api/session", { name, password, games: games.slice(-200) });
  }
  if (!r.ok) {
    error(refusal(r.status));
    return;
  }
  $("acc-password").value = "";
  $("acc-new").value = "";
  $("account-box").hidden = true;
  if (kind !== "change") {
    current = r.data.name;
    show();
    onChange(current);
  }
}

// The header of a page whose server is elsewhere: no account here, a link to log in there.
function elsewhere() {
  const a = document.createElement("a");
  a.href = `${serverOrigin}/`;
  a.textContent = t("account-log-in-at", { site: new URL(serverOrigin).host });
  a.className = "navlink";
  $("account-name").replaceChildren(a);
  $("account-open").hidden = true;
  $("logout").hidden = true;
}

export async function initAccount(changed) {
  onChange = changed;
  if (serverElsewhere) {
    elsewhere();
    return null;
  }
  $("account-open").onclick = () => {
    const box = $("account-box");
    box.hidden = !box.hidden;
    const changing = !!current;
    $("acc-new-row").hidden = !changing;
    $("acc-change").hidden = !changing;
    $("acc-login").hidden = changing;
    $("acc-register").hidden = changing;
    $("acc-name").value = current || $("acc-name").value;
    $("acc-name").disabled = changing;
    error("");
    if (!box.hidden) (changing ? $("acc-password") : $("acc-name")).focus();
  };
  $("acc-close").onclick = () => ($("account-box").hidden = true);
  $("account-form").onsubmit = (e) => {
    e.preventDefault();
    submit(current ? "change" : "login");
  };
  $("acc-register").onclick = () => submit("register");
  $("acc-change").onclick = () => submit("change");
  $("logout").onclick = async () => {
    await call("DELETE", "/api/session");
    current = null;
    show();
    onChange(null);
  };
  try {
    const r = await call("GET", "/api/session");
    current = r.data.name || null;
  } catch {
    current = null;
  }
  show();
  return current;
}
