#!/usr/bin/env node
// Two builds of the main entry, paired in one process, on long input (first used for commit
// 7bd9347d, whose message has its figures): `decode` (lenient and strict) of one string's WTF-8 per
// cell, CJK, Latin and ASCII text of 10 K and 1 M units, well-formed or with a lone trail surrogate
// every 1,000 or 50 units; rounds alternate which build goes first, after one warm-up call each;
// prints each build's median MB/s and the time ratio B ÷ A. Runs in Node, Deno and Bun
// (`benches/ab.mjs` does the same for pools of short strings):
//
//   node benches/ab-long.mjs OLD/pkg/dist/wtf8-wasm.mjs pkg/dist/wtf8-wasm.mjs [cjk|latin] [rounds]
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [pathA, pathB, only = '', rounds = '20'] = process.argv.slice(2);
if (!pathA || !pathB) {
  console.error('usage: node benches/ab-long.mjs A.mjs B.mjs [name filter (regexp)] [rounds]');
  process.exit(2);
}
const [a, b] = await Promise.all([pathA, pathB].map((p) => import(pathToFileURL(resolve(p)).href)));

/** A seeded generator (the same strings in every runtime). */
let seed = 12345;
const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
/** `n` units from `lo..hi`, every `loneEvery`-th a lone trail surrogate (none for 0). */
function text(lo, hi, n, loneEvery) {
  let s = '';
  for (let i = 0; i < n; i++) {
    s +=
      loneEvery && i % loneEvery === loneEvery - 1
        ? '\uDC01'
        : String.fromCharCode(lo + Math.floor(random() * (hi - lo)));
  }
  return s;
}

const cases = [];
for (const [script, lo, hi] of [
  ['cjk', 0x4e00, 0x9fff],
  ['latin', 0xc0, 0x17f],
  ['ascii', 0x20, 0x7e],
]) {
  for (const n of [10_000, 1_000_000]) {
    for (const lone of [0, 1000, 50]) {
      const name = `${script} ${n} lone/${lone || '-'}`;
      if (new RegExp(only).test(name)) cases.push([name, a.encode(text(lo, hi, n, lone))]);
    }
  }
}
const median = (x) => x.slice().sort((p, q) => p - q)[x.length >> 1];
for (const fatal of [false, true]) {
  for (const [name, bytes] of cases) {
    const reps = Math.max(1, Math.round(2e6 / bytes.length));
    const time = (m) => {
      const t0 = performance.now();
      for (let i = 0; i < reps; i++) {
        try {
          m.decode(bytes, { fatal });
        } catch {
          // strict decoding of text with lone surrogates succeeds; nothing here throws
        }
      }
      return (performance.now() - t0) / reps;
    };
    time(a);
    time(b);
    const ta = [];
    const tb = [];
    for (let k = 0; k < Number(rounds); k++) {
      if (k & 1) {
        tb.push(time(b));
        ta.push(time(a));
      } else {
        ta.push(time(a));
        tb.push(time(b));
      }
    }
    const [ma, mb] = [median(ta), median(tb)];
    const mbs = (ms) => (bytes.length / ms / 1e3).toFixed(0).padStart(5);
    console.log(
      `${fatal ? 'strict ' : 'lenient'} ${name.padEnd(22)} A ${mbs(ma)} MB/s  B ${mbs(mb)} MB/s  B/A time ${(mb / ma).toFixed(3)}`,
    );
  }
}
