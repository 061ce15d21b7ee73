// Runs requests through the WebAssembly engine, as the web client's worker does, and prints each
// answer on a line of its own: the differential test (tests/wasm.rs) compares them with the
// native engine's. With --times it prints each request's time in milliseconds instead (the
// engine's benchmark, examples/bench.rs), timed on a second pass after an untimed one.
// Usage: node wasm-replay.mjs ENGINE.wasm SEED_HI SEED_LO [--times] < requests (one per line).
import { readFileSync } from "node:fs";

const [wasmPath, hi, lo, flag] = process.argv.slice(2);
const times = flag === "--times";
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const x = instance.exports;
x.acey_init(Number(hi), Number(lo));
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const lines = readFileSync(0, "utf8").split("\n").filter((l) => l.length > 0);
const ask = (line) => {
  const bytes = encoder.encode(line);
  new Uint8Array(x.memory.buffer, x.acey_input(bytes.length), bytes.length).set(bytes);
  x.acey_request();
};
if (times) {
  // Timed on a second pass with the engine made again, as the benchmark's native leg is: by
  // then V8 has optimised what the first pass ran often.
  for (const line of lines) ask(line);
  x.acey_init(Number(hi), Number(lo));
}
const out = [];
for (const [i, line] of lines.entries()) {
  const bytes = encoder.encode(line);
  const began = performance.now();
  new Uint8Array(x.memory.buffer, x.acey_input(bytes.length), bytes.length).set(bytes);
  let n;
  try {
    n = x.acey_request();
  } catch (e) {
    console.error(`request ${i} (${line.slice(0, 300)}) stopped the engine: ${e}`);
    process.exit(1);
  }
  const answer = decoder.decode(new Uint8Array(x.memory.buffer, x.acey_output(), n));
  out.push(times ? (performance.now() - began).toFixed(4) : answer);
}
process.stdout.write(out.join("\n") + "\n");
