// The kernel benchmark itself, run by benches/kernels.mjs in Node and (as source text) in
// Chromium. Self-contained on purpose: `runKernels` uses nothing outside its own body, so the
// driver can send it to a page with `page.evaluate`.
//
// For every corpus and kernel it times the core's conversion inside wasm (one export call loops
// it `iterations` times over buffers in the module's own memory: no JS copies in the timing),
// once in the scalar build and once in the SIMD build, plus a `memory.copy` of the kernel's
// input as the floor. Before timing, both builds' outputs are compared. Samples are interleaved
// (scalar, SIMD, copy, scalar, …); each figure is the fastest sample, in ns per UTF-16 code unit
// of the corpus string (so encode and decode of one corpus divide by the same number). A corpus
// can come as several slices of the same length, converted in turn (`--slices`).

/**
 * @param {object} args
 * @param {{ scalar: string, simd: string }} args.modules - the two builds, base64
 * @param {{ name: string, texts: string[], wtf8: string[] }[]} args.corpora - each corpus's slices (one or
 *   more texts of the same length) and their WTF-8 (base64)
 * @param {number} args.samples - timed samples per (corpus, kernel, build)
 * @param {number} args.sampleMs - the length of one sample
 * @param {string[]} [args.kernels] - only these kernels
 * @returns {{ rows: object[] }}
 */
export function runKernels({ modules, corpora, samples, sampleMs, kernels: only }) {
  const now = () => performance.now();
  const fromBase64 = (b64) => {
    const bin = atob(b64);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  };
  // The module imports nothing (the core has no bindings): a link error says otherwise.
  const instantiate = (bytes) => new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports;
  // kernel: export, input ('units' or 'bytes'), what it is
  const KERNELS = [
    { id: 'encode', run: 'run_encode', input: 'units', about: 'UTF-16 → WTF-8' },
    { id: 'toUtf8', run: 'run_encode_lossy', input: 'units', about: 'UTF-16 → lossy UTF-8' },
    { id: 'decode', run: 'run_decode_lenient', input: 'bytes', about: 'WTF-8 → UTF-16, lenient' },
    { id: 'decode.fatal', run: 'run_decode_strict', input: 'bytes', about: 'WTF-8 → UTF-16, strict' },
    { id: 'isWtf8', run: 'run_validate', input: 'bytes', about: 'WTF-8 validation' },
    { id: 'lone', run: 'run_lone_surrogates', input: 'units', about: 'lone-surrogate scan (all indexes)' },
    // On ill-formed text it stops at the first lone surrogate: timed on well-formed text only.
    {
      id: 'validUpTo',
      run: 'run_utf16_valid_up_to',
      input: 'units',
      about: 'first lone surrogate',
      wellFormedOnly: true,
    },
  ].filter((k) => !only || only.includes(k.id));

  const builds = { scalar: instantiate(fromBase64(modules.scalar)), simd: instantiate(fromBase64(modules.simd)) };
  const rows = [];
  for (const { name, texts, wtf8 } of corpora) {
    // The slices: each the same number of code units; iteration i converts slice i % slices.
    const slices = texts.length;
    const n = texts[0].length;
    const bytes = wtf8.map(fromBase64);
    const byteLength = bytes.reduce((sum, b) => sum + b.length, 0);
    for (const build of Object.values(builds)) {
      build.setup(n, byteLength, slices);
      const mem = build.memory.buffer;
      const units = new Uint16Array(mem, build.units_ptr(), n * slices);
      const into = new Uint8Array(mem, build.bytes_ptr(), byteLength);
      let at = 0;
      texts.forEach((text, s) => {
        if (text.length !== n) throw new Error(`${name}: slice ${s} has ${text.length} units, not ${n}`);
        for (let i = 0; i < n; i++) units[s * n + i] = text.charCodeAt(i);
        into.set(bytes[s], at);
        build.set_slice(s, at, bytes[s].length);
        at += bytes[s].length;
      });
    }
    // One iteration a slice: the two builds agree on every slice.
    for (const k of KERNELS) {
      const a = builds.scalar[k.run](slices);
      const b = builds.simd[k.run](slices);
      if (a !== b) throw new Error(`${name} ${k.id}: scalar build gives ${a}, SIMD build ${b}`);
    }
    // One call of `f(iterations)` per sample, with iterations calibrated to about sampleMs: twice,
    // since the first ramp can time the engine compiling the export (a first call of a few ms
    // made one iteration look like a whole sample, and a coarse browser clock then read 0).
    const calibrate = (f) => {
      let iterations;
      for (let pass = 0; pass < 2; pass++) {
        for (iterations = 1; ; iterations *= 4) {
          const t = now();
          f(iterations);
          const ms = now() - t;
          if (ms >= sampleMs / 4) {
            iterations = Math.max(1, Math.round((iterations * sampleMs) / ms));
            break;
          }
        }
      }
      return Math.min(iterations, 2 ** 31 - 1); // the exports take an i32
    };
    const wellFormed = builds.simd.run_utf16_valid_up_to(slices) === n * slices;
    for (const k of KERNELS) {
      if (k.wellFormedOnly && !wellFormed) continue;
      const runs = {
        scalar: (it) => builds.scalar[k.run](it),
        simd: (it) => builds.simd[k.run](it),
        copy: (it) => builds.simd[k.input === 'units' ? 'run_copy_units' : 'run_copy_bytes'](it),
      };
      const iterations = Object.fromEntries(Object.entries(runs).map(([id, f]) => [id, calibrate(f)]));
      const best = { scalar: Infinity, simd: Infinity, copy: Infinity };
      for (let s = 0; s < samples; s++) {
        for (const [id, f] of Object.entries(runs)) {
          const t = now();
          f(iterations[id]);
          best[id] = Math.min(best[id], (now() - t) / iterations[id]);
        }
      }
      const perUnit = (ms) => (ms * 1e6) / n;
      rows.push({
        corpus: name,
        kernel: k.id,
        about: k.about,
        units: n,
        // The WTF-8 of a slice, on average.
        bytes: byteLength / slices,
        scalar: perUnit(best.scalar),
        simd: perUnit(best.simd),
        copy: perUnit(best.copy),
      });
    }
  }
  return { rows };
}
