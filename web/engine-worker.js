// The engine's worker: runs the WebAssembly engine (crates/engine, web/engine/acey.wasm) off the
// page's thread, so a bot thinking never stalls the board, and keeps every game on this device in
// IndexedDB as it goes, so a closed tab or a restarted phone takes it up where it stood.
//
// The page (device.js) posts the protocol's client messages and gets the server's messages back,
// as over the WebSocket: {msgs: [...]}. A request of its own ({op: "analyse" | "replay" |
// "games", game, ask}) is answered with {answer: ask, ...} (see device.js).

const DB_NAME = "acey";
const GAMES = "games";

// The engine, instantiated at its first use (listing the kept games needs none).
let started = null;
/** @returns {Promise<(request: object) => any>} */
const engine = () =>
  (started ??= start().catch((e) => {
    started = null; // tried again at the next request
    throw e;
  }));

async function start() {
  // Streaming compiles while the file arrives, but needs the `application/wasm` type, which
  // some static hosts do not send: then the file is read whole first.
  const { instance } = await WebAssembly.instantiateStreaming(fetch("/engine/acey.wasm"), {}).catch(
    async () => WebAssembly.instantiate(await (await fetch("/engine/acey.wasm")).arrayBuffer(), {}),
  );
  const x = /** @type {any} */ (instance.exports);
  const seed = crypto.getRandomValues(new Uint32Array(2));
  x.acey_init(seed[0], seed[1]);
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  return (request) => {
    const bytes = encoder.encode(JSON.stringify(request));
    new Uint8Array(x.memory.buffer, x.acey_input(bytes.length), bytes.length).set(bytes);
    const n = x.acey_request();
    return JSON.parse(decoder.decode(new Uint8Array(x.memory.buffer, x.acey_output(), n)));
  };
}

/** @type {Promise<IDBDatabase>} */
const db = new Promise((resolve, reject) => {
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(GAMES, { keyPath: "id" });
  open.onsuccess = () => resolve(open.result);
  open.onerror = () => reject(open.error);
});

/** @param {IDBTransactionMode} mode @param {(s: IDBObjectStore) => IDBRequest} f */
async function store(mode, f) {
  const d = await db;
  return new Promise((resolve, reject) => {
    const r = f(d.transaction(GAMES, mode).objectStore(GAMES));
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

// The games the engine holds now (created here, or taken up from IndexedDB).
const loaded = new Set();

// The game the page has created or joined, and its latest view (kept with it, for the list of
// games on this device).
let current = null;
let view = null;

async function keep(saved) {
  loaded.add(saved.id);
  const record = { ...saved, updated: Date.now() };
  if (saved.id === current && view) record.view = view;
  else {
    // A game saved without a view of its own (a rematch just made) keeps the one it had.
    const before = await store("readonly", (s) => s.get(saved.id));
    if (before?.view) record.view = before.view;
  }
  await store("readwrite", (s) => s.put(record));
}

// Puts a kept game back on the engine's table, once.
async function takeUp(ask, id) {
  if (!id || loaded.has(id)) return;
  const saved = await store("readonly", (s) => s.get(id));
  if (!saved) return;
  const { updated, view: _, ...game } = saved;
  const answer = ask({ op: "restore", saved: game });
  if (!answer.error) loaded.add(id);
}

async function handle(data) {
  if (data.op === "games") {
    const games = await store("readonly", (s) => s.getAll());
    postMessage({ answer: data.ask, games });
    return;
  }
  const ask = await engine();
  if (data.op) {
    // The page's own requests: a game's analysis, replay or record.
    await takeUp(ask, data.game);
    const answer = ask({ op: data.op, game: data.game });
    postMessage({ answer: data.ask, ...answer });
    return;
  }
  if (data.type === "join") await takeUp(ask, data.game);
  const answer = ask({ op: "send", msg: data });
  for (const m of answer.msgs || []) {
    if (m.type === "joined") current = m.info.game;
    if (m.view) view = m.view;
  }
  for (const saved of answer.saved || []) await keep(saved);
  postMessage({ msgs: answer.msgs || [] });
}

// One message at a time, in order: a step must not overtake the join before it.
let queue = Promise.resolve();
self.onmessage = (e) => {
  queue = queue
    .then(() => handle(e.data))
    .catch((err) => {
      const message = `the engine on this device failed: ${err}`;
      postMessage(e.data.op ? { answer: e.data.ask, error: message } : { msgs: [{ type: "error", id: null, code: "unavailable", message }] });
    });
};
