// @ts-check
// Where the acey server is: the page's own origin, as `acey serve` serves it; or, for the client
// exported to a static host of its own (`acey export-web --server URL`), the address written into
// the page as `<meta name="acey-server" content="URL">`. The WebSocket and every API request
// (`/api/...`) go there; the client's own files (the catalogues, the engine, the presets at
// `/api/options`) stay with the site that serves the page. A server elsewhere answers the pages
// of the origins it lists (`acey serve --origin`) without their cookies: the page plays there as
// a guest, and a player logs in on the server's own site.

/** The origin named by the page's `acey-server` meta tag, or the page's own. */
function named() {
  const meta = document.querySelector('meta[name="acey-server"]');
  const text = meta?.getAttribute("content")?.trim() || "";
  if (text) {
    try {
      const url = new URL(text);
      if (url.protocol === "http:" || url.protocol === "https:") return url.origin;
    } catch {
      // not an address: the page's own server
    }
  }
  return location.origin;
}

/** The acey server's origin (`https://play.example.org`). */
export const serverOrigin = named();

/** Whether the server is elsewhere than the page (another origin). */
export const serverElsewhere = serverOrigin !== location.origin;

/**
 * The address of the server's API path `path` (`/api/games/ID/record`): the path itself when the
 * server is the page's own.
 * @param {string} path
 */
export function api(path) {
  return serverElsewhere ? serverOrigin + path : path;
}

/** The address of the server's WebSocket (`wss://play.example.org/ws`). */
export function socketUrl() {
  const url = new URL("/ws", serverOrigin);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
}
