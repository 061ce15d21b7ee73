// @ts-check
// Games on this device: a connection to the engine's worker (engine-worker.js) with the same
// methods as the server's (net.js), so that app.js plays a game here with the code it plays a
// server's game with. Nothing here waits for the network: the engine, its nets and this page
// come from the service worker's cache when offline.

/** @typedef {import("./types/protocol").ClientMsg} ClientMsg */
/** @typedef {import("./types/protocol").ServerMsg} ServerMsg */

export class DeviceConnection {
  /** @param {(msg: ServerMsg) => void} onMessage */
  constructor(onMessage) {
    this.onMessage = onMessage;
    /** @type {"connected"} */
    this.status = "connected";
    /** @type {(() => ClientMsg) | null} */
    this.rejoin = null;
    /** @type {Map<number, (answer: any) => void>} */
    this.waiting = new Map();
    this.asked = 0;
    this.worker = new Worker("/engine-worker.js");
    this.worker.onmessage = (e) => {
      const data = e.data;
      if (data.answer !== undefined) {
        const resolve = this.waiting.get(data.answer);
        this.waiting.delete(data.answer);
        if (resolve) resolve(data);
        return;
      }
      for (const m of data.msgs) this.onMessage(m);
    };
  }

  /** The engine is always there. */
  get connected() {
    return true;
  }

  /** @param {() => ClientMsg} rejoin */
  enter(rejoin) {
    this.rejoin = rejoin;
    this.send(rejoin());
  }

  /** @param {() => ClientMsg} rejoin */
  remember(rejoin) {
    this.rejoin = rejoin;
  }

  /** @param {ClientMsg} msg */
  send(msg) {
    this.worker.postMessage(msg);
  }

  /**
   * Asks the engine for something beyond the protocol: the `analyse`, `replay` or `record` of a game, or the
   * `games` kept on this device. Resolves to the worker's answer; rejects with its error.
   * @param {"analyse" | "replay" | "record" | "games"} op
   * @param {string} [game]
   */
  ask(op, game) {
    const ask = ++this.asked;
    return new Promise((resolve, reject) => {
      this.waiting.set(ask, (data) => (data.error ? reject(new Error(data.error)) : resolve(data)));
      this.worker.postMessage({ op, game, ask });
    });
  }
}

/** Whether a game id is one of this device's (crates/engine's ids start with `d`). */
export function isDeviceGame(id) {
  return /^d[a-z0-9]{11}$/.test(id);
}

/**
 * Makes `link` download the record of device game `game` (acey's text format), written by the
 * engine when the link is pressed.
 * @param {HTMLAnchorElement} link
 * @param {DeviceConnection} device
 * @param {string} game
 */
export function recordLink(link, device, game) {
  link.href = "#";
  link.download = `acey-${game}.txt`;
  link.onclick = async (e) => {
    if (link.href.startsWith("blob:")) return;
    e.preventDefault();
    const { record } = await device.ask("record", game);
    link.href = URL.createObjectURL(new Blob([record], { type: "text/plain" }));
    link.click();
  };
}

/**
 * The games kept on this device (IndexedDB), newest first: each with its id, settings, the
 * time it was last changed, and its latest view where one was seen.
 * @param {DeviceConnection} device
 * @returns {Promise<{id: string, settings: {mode: string, rules: string, level?: string, seat: number}, updated: number, view?: import("./types/protocol").View}[]>}
 */
export async function deviceGames(device) {
  const { games } = await device.ask("games");
  return games.sort((a, b) => b.updated - a.updated);
}
