#!/usr/bin/env node
// Two builds of the main entry, paired in one process (first used for commit 0a45502f, the plans):
// ns per call of `encode` and `decode` on pools of 4,096 different strings (mixed ASCII, Latin, CJK
// and emoji; with and without one lone surrogate each) at each size, in 16 rounds that alternate
// which build goes first, after 3 warm-up rounds; prints the medians and the median of the paired
// differences (B − A). The calls to time are named in the fourth argument (see `calls` below:
// `decodeFatal` is `decode` with `{ fatal: true }`, `encodeInto` writes into one array). Runs in Node, Deno and Bun:
//
//   node benches/ab.mjs OLD/pkg/dist/wtf8-wasm.mjs pkg/dist/wtf8-wasm.mjs [8,32,128] [decode,…]
//   bun benches/ab.mjs …
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [pathA, pathB, sizeList = '8,32,128', opList = 'encode,decode'] = process.argv.slice(2);
if (!pathA || !pathB) {
  console.error('usage: node benches/ab.mjs A.mjs B.mjs [8,32,128] [encode,decode,…]');
  process.exit(2);
}
const [a, b] = await Promise.all([pathA, pathB].map((p) => import(pathToFileURL(resolve(p)).href)));
const sizes = sizeList.split(',').map(Number);
const ops = opList.split(',');
/** Each call by name, for build `m`, returning something with a length (for the sink). */
const calls = {
  encode: (m) => m.encode,
  encodeInto: (m) => {
    const into = new Uint8Array(3 * Math.max(...sizes) + 16);
    return (x) => ({ length: m.encodeInto(x, into).written });
  },
  decode: (m) => m.decode,
  decodeFatal: (m) => (x) => {
    try {
      return m.decode(x, { fatal: true });
    } catch {
      return '';
    }
  },
  isWtf8: (m) => (x) => (m.isWtf8(x) ? 'y' : ''),
  checkWtf8: (m) => (x) => (m.checkWtf8(x) === null ? 'y' : ''),
  checkUtf8: (m) => (x) => (m.checkUtf8(x) === null ? 'y' : ''),
  wtf8ToUtf8: (m) => m.wtf8ToUtf8,
  wtf8ToUtf8Fatal: (m) => (x) => {
    try {
      return m.wtf8ToUtf8(x, { fatal: true });
    } catch {
      return '';
    }
  },
};
for (const op of ops) if (!(op in calls)) throw new Error(`no call named ${op}`);

/** 4,096 strings of `size` units from a seeded generator; with `lone`, one lone trail surrogate each. */
function pool(size, lone, seed) {
  let s = seed;
  const r = () => (s = (s * 1103515245 + 12345) >>> 0) / 4294967296;
  const out = [];
  for (let i = 0; i < 4096; i++) {
    let t = '';
    while (t.length < size) {
      const k = r();
      t +=
        k < 0.6
          ? String.fromCharCode(0x61 + ((r() * 26) | 0))
          : k < 0.8
            ? String.fromCharCode(0xe0 + ((r() * 30) | 0))
            : k < 0.95
              ? String.fromCharCode(0x4e00 + ((r() * 2000) | 0))
              : '😀';
    }
    t = t.slice(0, size).replace(/[\uD800-\uDBFF]$/, 'a');
    if (lone) {
      const at = (r() * t.length) | 0;
      t = t.slice(0, at) + '\uDC00' + t.slice(at + 1);
    }
    out.push(t);
  }
  return out;
}

let sink = 0;
/** ns per call of `f` over `n` calls cycling through `inputs`. */
function time(f, inputs, n) {
  const t = performance.now();
  for (let i = 0; i < n; i++) sink += f(inputs[i & 4095]).length;
  return ((performance.now() - t) * 1e6) / n;
}
const median = (list) => [...list].sort((x, y) => x - y)[list.length >> 1];

for (const size of sizes) {
  for (const lone of [false, true]) {
    const strings = pool(size, lone, 42 + size);
    const bytes = strings.map((s) => a.encode(s));
    for (const op of ops) {
      const [fa, fb] = [calls[op](a), calls[op](b)];
      const inputs = op === 'encode' || op === 'encodeInto' ? strings : bytes;
      const probe = time(fa, inputs, 256);
      const n = Math.max(64, Math.min(200_000, Math.round(20e6 / probe)));
      for (let w = 0; w < 3; w++) {
        time(fa, inputs, n);
        time(fb, inputs, n);
      }
      const ta = [];
      const tb = [];
      const diff = [];
      for (let k = 0; k < 16; k++) {
        let ra, rb;
        if (k & 1) {
          rb = time(fb, inputs, n);
          ra = time(fa, inputs, n);
        } else {
          ra = time(fa, inputs, n);
          rb = time(fb, inputs, n);
        }
        ta.push(ra);
        tb.push(rb);
        diff.push(rb - ra);
      }
      console.log(
        `${op} ${size}${lone ? ' lone' : ''}: A ${median(ta).toFixed(1)} ns, B ${median(tb).toFixed(1)} ns, B − A median ${median(diff).toFixed(1)} ns`,
      );
    }
  }
}
if (sink === 0.5) console.log(sink);
