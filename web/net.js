// The WebSocket connection: reconnects by itself and re-joins the game with the seat token, so a
// lost connection or a reload returns the player to their seat (the server then sends the whole
// state again).

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
  constructor(onMessage, onStatus) {
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.ws = null;
    this.queue = [];
    this.rejoin = null; // the join message to send after a reconnect
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
  enter(rejoin) {
    this.rejoin = rejoin;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(rejoin()));
  }

  // Sets the hello (who this browser plays as) and sends it now if the socket is open.
  greet(greeting) {
    this.greeting = greeting;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(greeting()));
  }

  // Opens a new socket (after logging in or out: the upgrade request carries the cookie).
  restart() {
    if (this.ws) this.ws.close();
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
    } else {
      this.queue.push(msg);
    }
  }
}
