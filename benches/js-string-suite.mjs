// The timing of benches/js-string.mjs, run unchanged in Node and in a Chromium page (plain ES, no
// imports): wtf8-wasm's lossless JsString conversions against wasm-bindgen's own lossy ones, on
// the same strings, through the example crate's bench exports (examples/wasm-bindgen/src/bench.rs).

/**
 * The inputs: for each size and kind (well-formed, or one lone surrogate per 50 units), a pool of
 * different strings of `units` code units of mixed text (1,024 of 8 and 100 units, 32 of 10 K, 2
 * of 1 M), each cut at its own place in the text, its lone surrogates at their own places.
 */
export function inputs(sizes) {
  const text = 'Grüße, 世界! chat 😀 ok, ça va? Привет. Hello, wörld; 안녕하세요 🎉 ';
  const out = [];
  for (const units of sizes) {
    const count = units <= 100 ? 1024 : units <= 10_000 ? 32 : 2;
    const wellFormed = [];
    const lone = [];
    for (let k = 0; k < count; k++) {
      const from = (k * 7) % text.length;
      const s = text
        .repeat(Math.ceil((units + from) / text.length) + 1)
        .slice(from, from + units)
        .toWellFormed();
      wellFormed.push(s);
      // Lone surrogates at every 50th unit from a place of its own, alternately leads and trails.
      let t = '';
      for (let i = 0, n = 0; i < units; i++) {
        t += (i + k) % 50 === 49 || (units < 50 && i === k % units) ? (n++ % 2 ? '\uDC00' : '\uD800') : s[i];
      }
      lone.push(t);
    }
    out.push({ name: `${units}`, kind: 'well-formed', pool: wellFormed });
    out.push({ name: `${units}`, kind: 'lone', pool: lone });
  }
  return out;
}

/** ms per call of `f`, over at least `targetMs`. */
function perCall(f, targetMs) {
  let n = 1;
  for (;;) {
    const start = performance.now();
    for (let i = 0; i < n; i++) f(i);
    const ms = performance.now() - start;
    if (ms >= targetMs) return ms / n;
    n *= ms < targetMs / 8 ? 8 : 2;
  }
}

/**
 * Each pool, each direction: the median over `samples` rounds of anchor time ÷ our time (> 1:
 * ours faster), and the control, the anchor timed against itself in the same rounds (its distance
 * from 1.00 is the noise). Each call takes the next string of the pool. `m` is the example module.
 */
export function run(m, cases, { samples = 9, targetMs = 20 } = {}) {
  const rows = [];
  for (const { name, kind, pool } of cases) {
    // Verified first: ours is lossless, and the byte counts agree (each lone surrogate is 3 bytes
    // both ways: its WTF-8 sequence, or U+FFFD).
    m.benchClear();
    pool.forEach((s, i) => {
      m.benchAdd(s);
      if (m.benchGiveJsString(i) !== s) throw new Error(`ours lost something at ${name} ${kind} #${i}`);
      if (m.benchTakeWtf8(s) !== m.benchTakeStr(s)) throw new Error(`byte counts at ${name} ${kind} #${i}`);
    });
    const mask = pool.length - 1;
    const pairs = {
      in: [(i) => m.benchTakeStr(pool[i & mask]), (i) => m.benchTakeWtf8(pool[i & mask])],
      out: [(i) => m.benchGiveString(i & mask), (i) => m.benchGiveJsString(i & mask)],
    };
    for (const [side, [anchor, ours]] of Object.entries(pairs)) {
      const ratios = [];
      const controls = [];
      let anchorNs = 0;
      let oursNs = 0;
      for (let r = 0; r < samples; r++) {
        const a = perCall(anchor, targetMs);
        const o = perCall(ours, targetMs);
        const again = perCall(anchor, targetMs);
        ratios.push(a / o);
        controls.push(a / again);
        anchorNs += (a * 1e6) / samples;
        oursNs += (o * 1e6) / samples;
      }
      const median = (xs) => xs.sort((x, y) => x - y)[samples >> 1];
      rows.push({ units: name, kind, side, ratio: median(ratios), control: median(controls), anchorNs, oursNs });
    }
  }
  return rows;
}
