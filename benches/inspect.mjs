#!/usr/bin/env node
// What one record of wtf8-wasm/inspect costs: nanoseconds per segment for strings and bytes of
// several scripts, through `inspect` (an array) and `inspectIter` (one at a time), and what a
// `limit` saves on a huge input. Plain Node, Deno or Bun script (no build of its own: it times
// pkg/dist/inspect.mjs). See benches/README.md, "Inspect".
//
//   node benches/inspect.mjs [--module PATH] [--samples N]
//   deno run -A benches/inspect.mjs     bun benches/inspect.mjs
//
// --module times `inspect` from another built file (for example a checkout's
// pkg/dist/wtf8-wasm.mjs from before the entry existed), for a before/after comparison.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = globalThis.Deno ? Deno.args : process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && at + 1 < args.length ? args[at + 1] : fallback;
};
const modulePath = resolve(option('--module', join(here, '..', 'pkg', 'dist', 'inspect.mjs')));
const samples = Number(option('--samples', 7));
const api = await import(pathToFileURL(modulePath).href);
const { encode } = await import(pathToFileURL(join(here, '..', 'pkg', 'dist', 'wtf8-wasm.mjs')).href);

/** 100 K units of each text, and the same with a lone surrogate every 50 units. */
const TEXTS = {
  ascii: 'The quick brown fox jumps over the lazy dog. ',
  latin: 'Ça déjà vu, naïve façade, smörgåsbord, Übermaß. ',
  cjk: '漢字仮名交じり文と한국어 문장을 섞은 텍스트입니다。',
  emoji: 'chat 😀👍🏽 ok 🎉 ',
};
const UNITS = 100_000;
const inputs = [];
for (const [name, text] of Object.entries(TEXTS)) {
  const s = text
    .repeat(Math.ceil(UNITS / text.length))
    .slice(0, UNITS)
    .toWellFormed();
  inputs.push([name, s]);
  if (name === 'ascii') {
    let lone = '';
    for (let i = 0; i < s.length; i += 50) lone += s.slice(i, i + 49) + '\uD800';
    inputs.push(['ascii + lone every 50', lone]);
  }
}

/** Median of `samples` timings of `run`, in ms. */
function time(run) {
  run();
  const ms = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    run();
    ms.push(performance.now() - start);
  }
  return ms.sort((a, b) => a - b)[samples >> 1];
}

const runtime = globalThis.Deno
  ? `Deno ${Deno.version.deno}`
  : globalThis.Bun
    ? `Bun ${Bun.version}`
    : `Node ${process.versions.node}`;
console.log(`${runtime}, ${modulePath}: ns per segment (median of ${samples})`);
console.log('input                    segments   string   string iter   bytes   bytes iter');
for (const [name, text] of inputs) {
  const bytes = encode(text);
  const n = api.inspect(text).length;
  const cells = [
    time(() => api.inspect(text)),
    api.inspectIter
      ? time(() => {
          for (const s of api.inspectIter(text)) void s;
        })
      : NaN,
    time(() => api.inspect(bytes)),
    api.inspectIter
      ? time(() => {
          for (const s of api.inspectIter(bytes)) void s;
        })
      : NaN,
  ].map((ms) => (Number.isNaN(ms) ? '-' : ((ms * 1e6) / n).toFixed(0)));
  console.log(
    `${name.padEnd(24)} ${String(n).padStart(8)} ${cells[0].padStart(8)} ${cells[1].padStart(13)} ${cells[2].padStart(7)} ${cells[3].padStart(12)}`,
  );
}
if (api.inspectIter) {
  const huge = TEXTS.ascii.repeat(Math.ceil((16 << 20) / TEXTS.ascii.length));
  const ms = time(() => api.inspect(huge, { limit: 100 }));
  console.log(`inspect(16 Mi units, { limit: 100 }): ${ms.toFixed(2)} ms`);
}
