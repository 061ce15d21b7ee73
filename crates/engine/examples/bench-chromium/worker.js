// The engine's benchmark in Chromium (examples/bench.rs): runs the scripted requests through the
// WebAssembly engine in this dedicated worker, as tests/wasm-replay.mjs does in node (the same
// instantiation, FFI calls, seed and requests, each request timed with performance.now()), and
// posts each request's time in milliseconds and each answer back to the page.

self.onmessage = async () => {
  try {
    const { hi, lo, requests } = await (await fetch("/requests.json")).json();
    const bytes = await (await fetch("/acey.wasm")).arrayBuffer();
    const { instance } = await WebAssembly.instantiate(bytes, {});
    const x = instance.exports;
    x.acey_init(hi, lo);
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();
    const times = [];
    const answers = [];
    // Timed on a second pass with the engine made again, as in node and natively: by then V8
    // has optimised what the first pass ran often.
    for (const line of requests) {
      const bytes = encoder.encode(line);
      new Uint8Array(x.memory.buffer, x.acey_input(bytes.length), bytes.length).set(bytes);
      x.acey_request();
    }
    x.acey_init(hi, lo);
    for (const [i, line] of requests.entries()) {
      const bytes = encoder.encode(line);
      const began = performance.now();
      new Uint8Array(x.memory.buffer, x.acey_input(bytes.length), bytes.length).set(bytes);
      let n;
      try {
        n = x.acey_request();
      } catch (e) {
        throw new Error(`request ${i} (${line.slice(0, 300)}) stopped the engine: ${e}`);
      }
      const answer = decoder.decode(new Uint8Array(x.memory.buffer, x.acey_output(), n));
      times.push(performance.now() - began);
      answers.push(answer);
    }
    // The smallest step of performance.now() here: 5 µs cross-origin isolated, 100 µs otherwise.
    let resolution = Infinity;
    for (let i = 0; i < 20; i++) {
      const a = performance.now();
      let b = a;
      while (b === a) b = performance.now();
      resolution = Math.min(resolution, b - a);
    }
    postMessage({ times, answers, isolated: self.crossOriginIsolated, resolution });
  } catch (e) {
    postMessage({ error: `${e}` });
  }
};
