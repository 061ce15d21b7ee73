// The service worker: the app shell, the engine and the catalogues kept in a cache per version,
// so that the installed app opens and plays on this device without a network. The server (or
// `acey export-web`) writes this version's id and its files in place of the two markers below;
// a new version is a new file, which the browser installs beside the old one. It waits until
// the page, told that a new version is ready, asks it to take over (lichess's way: versioned
// caches, the old ones dropped once the new one is in charge).

const VERSION = "__ACEY_VERSION__";
const FILES = __ACEY_FILES__;
const CACHE = `acey-${VERSION}`;
// The pages of the app: each is the same document (app.js routes), so offline any of them is
// the cached "/".
const PAGES = /^\/($|g\/|d\/|replay\/|@\/|players$)/;

self.addEventListener("install", (e) => {
  // `cache: "reload"`: the files of this version, not what the HTTP cache kept of the last.
  e.waitUntil(
    caches.open(CACHE).then((c) => c.addAll(FILES.map((f) => new Request(f, { cache: "reload" })))),
  );
});

self.addEventListener("activate", (e) => {
  e.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith("acey-") && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (e) => {
  if (e.data === "take-over") self.skipWaiting();
  else if (e.data === "version") e.source?.postMessage({ version: VERSION });
});

self.addEventListener("fetch", (e) => {
  const request = e.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  if (request.mode === "navigate" && PAGES.test(url.pathname)) {
    // A page: this version's shell, whatever the network does (a newer page would fetch files
    // this cache has not; the newer version arrives as a new service worker).
    e.respondWith(caches.match("/", { cacheName: CACHE }).then((r) => r || fetch(request)));
    return;
  }
  if (url.pathname === "/api/options") {
    // The presets and levels: fresh when the server answers within a few seconds (a network
    // that drops everything would keep the home page waiting), else as kept.
    const kept = () => caches.match(request, { cacheName: CACHE }).then((r) => r || Response.error());
    const fresh = fetch(request).then((res) => {
      const copy = res.clone();
      if (res.ok) caches.open(CACHE).then((c) => c.put(request, copy));
      return res;
    });
    const late = new Promise((_, reject) => setTimeout(() => reject(new Error("no answer")), 3000));
    e.respondWith(Promise.race([fresh, late]).catch(kept));
    return;
  }
  if (FILES.includes(url.pathname)) {
    // This version's files: from its cache, so that a page never mixes two versions.
    e.respondWith(caches.match(request, { cacheName: CACHE }).then((r) => r || fetch(request)));
  }
  // Everything else (the socket, the API, records) is the server's, online only.
});
