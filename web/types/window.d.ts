// What the web client adds to the page's window (for type-checking web/*.js; see tsconfig.json).
interface Window {
  /** The errors the page has met, kept where tests (and a curious developer) can read them. */
  aceyErrors: string[];
  /** The sounds played and the notifications shown (alerts.js), for tests. */
  aceyAlerts: { sounds: string[]; notified: string[] };
}
