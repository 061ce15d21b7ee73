// @ts-check
// The WebSocket connection: reconnects by itself and re-joins the game with the seat token, so a
// lost connection or a reload returns the player to their seat (the server then sends the whole
// state again).
//
// The messages are typed by types/protocol.d.ts, generated from the Rust types of
// crates/protocol: `npm --prefix web run check` fails when this file, app.js or lobby.js reads
// or sends a field that the protocol does not have.

/** @typedef {import("./types/protocol").ClientMsg} ClientMsg */
/** @typedef {import("./types/protocol").ServerMsg} ServerMsg */

const TOKENS = "acey.tokens";

export function tokenFor(game) {
  try {
    return JSON.parse(localStorage.getItem(TOKENS) || "{}")[game] || null;
  } catch {
    return null;
  }
}

export function keepToken(game, token) {
  if (!token) return;
  let all = {};
  try {
    all = JSON.parse(localStorage.getItem(TOKENS) || "{}");
  } catch {
    all = {};
  }
  all[game] = token;
  localStorage.setItem(TOKENS, JSON.stringify(all));
}

export class Connection {
  /**
   * @param {(msg: ServerMsg) => void} onMessage
   * @param {(status: "connected" | "reconnecting") => void} onStatus
   */
  constructor(onMessage, onStatus) {
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    /** @type {WebSocket | null} */
    this.ws = null;
    /** @type {ClientMsg[]} */
    this.queue = [];
    /** @type {(() => ClientMsg) | null} */
    this.rejoin = null; // the join message to send after a reconnect
    /** @type {(() => ClientMsg) | null} */
    this.greeting = null; // the hello sent first on every (re)connect
    this.delay = 500;
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws`);
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      this.onStatus("connected");
      if (this.greeting) ws.send(JSON.stringify(this.greeting()));
      if (this.rejoin) ws.send(JSON.stringify(this.rejoin()));
      for (const m of this.queue.splice(0)) ws.send(JSON.stringify(m));
    };
    ws.onmessage = (e) => {
      /** @type {ServerMsg} */
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      this.onMessage(msg);
    };
    ws.onclose = () => {
      this.onStatus("reconnecting");
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    };
  }

  // Sets the message that (re)joins the game and sends it now if the socket is open; otherwise
  // the socket sends it when it opens (exactly once: a second join without the token would
  // make a friend a spectator).
  /** @param {() => ClientMsg} rejoin */
  enter(rejoin) {
    this.rejoin = rejoin;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(rejoin()));
  }

  // Sets the hello (who this browser plays as) and sends it now if the socket is open.
  /** @param {() => ClientMsg} greeting */
  greet(greeting) {
    this.greeting = greeting;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(greeting()));
  }

  // Opens a new socket (after logging in or out: the upgrade request carries the cookie).
  restart() {
    if (this.ws) this.ws.close();
  }

  /** @param {ClientMsg} msg */
  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
    } else {
      this.queue.push(msg);
    }
  }
}
