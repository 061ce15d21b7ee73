// @ts-check
// The WebSocket connection: notices a dead line (heartbeat), reconnects by itself and re-joins the
// game with the seat token, so a lost connection or a reload returns the player to their seat
// (the server then sends the whole state again).
//
// The messages are typed by types/protocol.d.ts, generated from the Rust types of
// crates/protocol: `npm --prefix web run check` fails when this file, app.js or lobby.js reads
// or sends a field that the protocol does not have.

import { socketUrl } from "./server.js";

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

// Reconnection: the first retry at once, then doubling up to a second, each wait drawn between
// half and all of it (jitter: a server restarting in front of many clients is not hit by all at
// the same instant). A second is short enough to be back within about a second of the server's
// return, long enough not to matter to a server that is down for longer.
const FIRST_DELAY_MS = 100;
const MAX_DELAY_MS = 1000;
// A connection that has heard nothing for this long is dead, whatever the socket says: a network
// that went away (a phone asleep, a Wi-Fi switch, a cable pulled) leaves the socket open until
// TCP gives up, minutes later. A ping goes out every PING_MS, and the server answers each.
const PING_MS = 2000;
const SILENT_MS = 5000;
// A connection that is still opening after this long will not open: on a network that drops
// packets instead of refusing them the browser would wait for minutes.
const OPENING_MS = 4000;

/** @typedef {"connecting" | "connected" | "reconnecting"} Status */

export class Connection {
  /**
   * @param {(msg: ServerMsg) => void} onMessage
   * @param {(status: Status) => void} onStatus
   */
  constructor(onMessage, onStatus) {
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    /** @type {WebSocket | null} */
    this.ws = null;
    /** @type {Status} */
    this.status = "connecting";
    /** @type {ClientMsg[]} */
    this.queue = [];
    /** @type {(() => ClientMsg) | null} */
    this.rejoin = null; // the join message to send after a reconnect
    /** @type {(() => ClientMsg) | null} */
    this.greeting = null; // the hello sent first on every (re)connect
    this.attempt = 0;
    this.heard = 0; // when the last message arrived (performance.now())
    this.opened = 0; // when the socket now in use was opened
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.retry = null;
    setInterval(() => this.beat(), PING_MS);
    // The browser knows first when the network goes or comes back.
    addEventListener("offline", () => this.drop());
    addEventListener("online", () => this.reconnectNow());
    // A tab woken from sleep finds out at once whether its socket survived.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.beat();
    });
    this.open();
  }

  /** Whether messages sent now reach the server (as far as anyone can know). */
  get connected() {
    return this.status === "connected";
  }

  open() {
    this.retry = null;
    const ws = new WebSocket(socketUrl());
    this.ws = ws;
    this.opened = performance.now();
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.attempt = 0;
      this.heard = performance.now();
      this.setStatus("connected");
      if (this.greeting) ws.send(JSON.stringify(this.greeting()));
      if (this.rejoin) ws.send(JSON.stringify(this.rejoin()));
      for (const m of this.queue.splice(0)) ws.send(JSON.stringify(m));
    };
    ws.onmessage = (e) => {
      if (this.ws !== ws) return;
      this.heard = performance.now();
      /** @type {ServerMsg} */
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      if (msg.type === "pong") return;
      this.onMessage(msg);
    };
    ws.onclose = () => {
      if (this.ws === ws) this.drop();
    };
  }

  /** @param {Status} s */
  setStatus(s) {
    if (this.status === s) return;
    this.status = s;
    this.onStatus(s);
  }

  // Lets go of the socket in use: its handlers are detached first, so that a late close or
  // message from it is ignored.
  detach() {
    const ws = this.ws;
    this.ws = null;
    if (!ws) return;
    ws.onopen = ws.onmessage = ws.onclose = null;
    try {
      ws.close();
    } catch {
      // already closed
    }
  }

  // The socket is given up (closed, silent, or the network gone): a new one is opened after a
  // short wait.
  drop() {
    this.detach();
    this.setStatus("reconnecting");
    if (this.retry) return;
    const ceiling = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** this.attempt);
    this.attempt += 1;
    this.retry = setTimeout(() => this.open(), ceiling / 2 + (Math.random() * ceiling) / 2);
  }

  // A new socket now, whatever the one in use is doing.
  openNow() {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.detach();
    this.open();
  }

  reconnectNow() {
    if (!this.connected) this.openNow();
  }

  // The heartbeat: a ping when the line is quiet, and a silent line given up.
  beat() {
    const ws = this.ws;
    if (ws && ws.readyState === WebSocket.CONNECTING && performance.now() - this.opened > OPENING_MS) {
      this.drop();
      return;
    }
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    const quiet = performance.now() - this.heard;
    if (quiet > SILENT_MS) {
      this.drop();
      return;
    }
    if (quiet >= PING_MS / 2) ws.send(JSON.stringify({ type: "ping" }));
  }

  // Sets the message that (re)joins the game and sends it now if the socket is open; otherwise
  // the socket sends it when it opens (exactly once: a second join without the token would
  // make a friend a spectator).
  /** @param {() => ClientMsg} rejoin */
  enter(rejoin) {
    this.rejoin = rejoin;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(rejoin()));
  }

  // Sets the message that re-joins after a reconnect, without sending it now: for a game the
  // server has already put this connection in (quick pairing, an accepted challenge).
  /** @param {() => ClientMsg} rejoin */
  remember(rejoin) {
    this.rejoin = rejoin;
  }

  // Sets the hello (who this browser plays as) and sends it now if the socket is open.
  /** @param {() => ClientMsg} greeting */
  greet(greeting) {
    this.greeting = greeting;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(greeting()));
  }

  // Opens a new socket (after logging in or out: the upgrade request carries the cookie).
  restart() {
    this.attempt = 0;
    this.openNow();
  }

  // Sends a message now, or once the socket is open. Game intents are not sent this way while
  // the connection is down (app.js locks the board): only lobby and chat messages wait here.
  /** @param {ClientMsg} msg */
  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
    } else {
      this.queue.push(msg);
    }
  }
}
