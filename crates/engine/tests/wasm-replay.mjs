// Runs requests through the WebAssembly engine, as the web client's worker does, and prints each
// answer on a line of its own: the differential test (tests/wasm.rs) compares them with the
// native engine's. Usage: node wasm-replay.mjs ENGINE.wasm SEED_HI SEED_LO < requests (one JSON
// request per line).
import { readFileSync } from "node:fs";

const [wasmPath, hi, lo] = process.argv.slice(2);
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const x = instance.exports;
x.acey_init(Number(hi), Number(lo));
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const lines = readFileSync(0, "utf8").split("\n").filter((l) => l.length > 0);
const out = [];
for (const [i, line] of lines.entries()) {
  const bytes = encoder.encode(line);
  new Uint8Array(x.memory.buffer, x.acey_input(bytes.length), bytes.length).set(bytes);
  let n;
  try {
    n = x.acey_request();
  } catch (e) {
    console.error(`request ${i} (${line.slice(0, 300)}) stopped the engine: ${e}`);
    process.exit(1);
  }
  out.push(decoder.decode(new Uint8Array(x.memory.buffer, x.acey_output(), n)));
}
process.stdout.write(out.join("\n") + "\n");
