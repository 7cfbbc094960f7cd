// The timing of benches/js-string.mjs, run unchanged in Node and in a Chromium page (plain ES, no
// imports): wtf8-wasm's lossless JsString conversions against wasm-bindgen's own lossy ones, on
// the same strings, through the example crate's bench exports (examples/wasm-bindgen/src/bench.rs).

/** The inputs: `units` code units of mixed text, well-formed or with lone surrogates. */
export function inputs(sizes) {
  const text = 'Grüße, 世界! chat 😀 ok, ça va? Привет. ';
  const out = [];
  for (const units of sizes) {
    const wellFormed = text
      .repeat(Math.ceil(units / text.length) + 1)
      .slice(0, units)
      .toWellFormed()
      .slice(0, units);
    // One lone surrogate per 50 units (at least one), alternately a lead and a trail.
    let lone = '';
    for (let i = 0, k = 0; i < units; i += 50, k++) {
      const run = wellFormed.slice(i, Math.min(units, i + 50) - 1);
      lone += run + (k % 2 ? '\uDC00' : '\uD800');
    }
    out.push({ name: `${units}`, kind: 'well-formed', s: wellFormed });
    out.push({ name: `${units}`, kind: 'lone', s: lone.slice(0, Math.max(units, 1)) });
  }
  return out;
}

/** ms per call of `f`, over at least `targetMs`. */
function perCall(f, targetMs) {
  let n = 1;
  for (;;) {
    const start = performance.now();
    for (let i = 0; i < n; i++) f();
    const ms = performance.now() - start;
    if (ms >= targetMs) return ms / n;
    n *= ms < targetMs / 8 ? 8 : 2;
  }
}

/**
 * Each input, each direction: the median over `samples` rounds of anchor time ÷ our time (> 1:
 * ours faster), the two timed in alternation. `m` is the example module.
 */
export function run(m, cases, { samples = 9, targetMs = 20 } = {}) {
  const rows = [];
  for (const { name, kind, s } of cases) {
    // Verified first: ours is lossless, the anchor is what wasm-bindgen gives.
    m.benchSet(s);
    if (m.benchGiveJsString() !== s) throw new Error(`ours lost something at ${name} ${kind}`);
    // (Each lone surrogate is 3 bytes both ways: its WTF-8 sequence, or U+FFFD.)
    if (m.benchTakeWtf8(s) !== m.benchTakeStr(s)) throw new Error(`byte counts at ${name} ${kind}`);
    const pairs = {
      in: [() => m.benchTakeStr(s), () => m.benchTakeWtf8(s)],
      out: [() => m.benchGiveString(), () => m.benchGiveJsString()],
    };
    for (const [side, [anchor, ours]] of Object.entries(pairs)) {
      const ratios = [];
      let anchorNs = 0;
      let oursNs = 0;
      for (let i = 0; i < samples; i++) {
        const a = perCall(anchor, targetMs);
        const o = perCall(ours, targetMs);
        ratios.push(a / o);
        anchorNs += (a * 1e6) / samples;
        oursNs += (o * 1e6) / samples;
      }
      ratios.sort((x, y) => x - y);
      rows.push({ units: name, kind, side, ratio: ratios[samples >> 1], anchorNs, oursNs });
    }
  }
  return rows;
}
