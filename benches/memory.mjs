// Memory and very large inputs, in a process of its own (benches/run.mjs starts it with a larger
// V8 heap, so the timing run's heap is not disturbed and `maxRSS` is this test's alone).
//
//   node --expose-gc --max-old-space-size=8192 benches/memory.mjs [--units 64Mi] [--big]
//
// The package does not export its wasm memory. To report its size anyway, this script wraps
// `WebAssembly.Instance` while it imports the package and keeps the instance the package makes
// (a bench-only hook; the package itself is not changed). Prints human-readable lines, then one
// line `RESULT <json>`.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildCorpora, formatSize, parseSize } from './corpora.mjs';
import { importWithWasmMemory } from './wasm-memory.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const units = parseSize(arg('--units', '64Mi'));
const big = args.includes('--big');

// --- import the package, keeping its wasm instance ------------------------------------------
const {
  module: wtf8,
  found,
  wasmBytes,
} = await importWithWasmMemory(pathToFileURL(join(root, 'pkg/dist/wtf8-wasm.node.mjs')).href);

const MiB = 1024 * 1024;
const mib = (n) => (n == null ? 'n/a' : `${(n / MiB).toFixed(1)} MiB`);
const gc = globalThis.gc ?? (() => {});

function snapshot(step, ms, extra = {}) {
  gc();
  const m = process.memoryUsage();
  const row = {
    step,
    ms: ms == null ? null : +ms.toFixed(1),
    wasmMemory: wasmBytes(),
    rss: m.rss,
    heapUsed: m.heapUsed,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
    maxRss: process.resourceUsage().maxRSS * 1024,
    ...extra,
  };
  console.log(
    `  ${step.padEnd(40)} ${ms == null ? '' : `${ms.toFixed(0).padStart(6)} ms`.padStart(9)}  wasm ${mib(row.wasmMemory).padStart(10)}` +
      `  rss ${mib(row.rss).padStart(10)}  heap ${mib(row.heapUsed).padStart(10)}  external ${mib(row.external).padStart(10)}  arrayBuffers ${mib(row.arrayBuffers).padStart(10)}`,
  );
  return row;
}

/** A flat string of exactly `n` units: the 1M-unit corpus repeated. */
function tile(text, n) {
  const s = text.repeat(Math.ceil(n / text.length)).slice(0, n);
  return Buffer.from(s, 'utf16le').toString('utf16le'); // flatten (lossless)
}

const rows = [];
console.log(
  `wasm memory: ${found ? 'not exported by the package; read through a bench-only WebAssembly.Instance hook' : 'NOT FOUND (hook saw no instance)'}`,
);
rows.push(snapshot('after import', null));

const base = buildCorpora({ names: ['sliced', 'dense', 'cjk'], sizes: [1_000_000] });
const sizes = [units, ...(big ? [256 * 1024 * 1024] : [])];
let ok = true;
for (const n of sizes) {
  for (const corpus of base) {
    const label = `${corpus.name} ${formatSize(n)}`;
    let s = tile(corpus.text, n);
    rows.push(snapshot(`${label}: string built`, null, { corpus: corpus.name, units: n }));
    let t = performance.now();
    let bytes;
    try {
      bytes = wtf8.encode(s);
    } catch (e) {
      console.log(`  ${label}: encode FAILED: ${e}`);
      ok = false;
      continue;
    }
    rows.push(
      snapshot(`${label}: encode -> ${mib(bytes.length)}`, performance.now() - t, {
        corpus: corpus.name,
        units: n,
        bytes: bytes.length,
      }),
    );
    t = performance.now();
    let back;
    try {
      back = wtf8.decode(bytes);
    } catch (e) {
      console.log(`  ${label}: decode FAILED: ${e}`);
      ok = false;
      continue;
    }
    const decodeMs = performance.now() - t;
    const same = back === s;
    if (!same) ok = false;
    rows.push(
      snapshot(`${label}: decode, round trip ${same ? 'exact' : 'DIFFERS'}`, decodeMs, {
        corpus: corpus.name,
        units: n,
        roundTrip: same,
      }),
    );
    s = bytes = back = null;
  }
}
rows.push(snapshot('end', null));
console.log(`  peak RSS of this process: ${mib(process.resourceUsage().maxRSS * 1024)}`);
console.log(`RESULT ${JSON.stringify({ ok, wasmMemoryExported: false, hook: 'WebAssembly.Instance proxy', rows })}`);
process.exitCode = ok ? 0 : 1;
