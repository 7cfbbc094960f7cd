// The short-string benchmark (issue 17): pools of 4,096 *different* strings of 8, 32 and 128
// code units, in four scripts, well-formed and with one lone surrogate at a random place, encoded
// and decoded by ours and by the platform's lossy codec in the same process. One string timed
// over and over measures a cache, not a program: each timed loop walks its whole pool.
// Plain ES, like suite.mjs: it runs in Node, Deno, Bun and the browsers (benches/runner.mjs,
// benches/browser/page.mjs).

import { measure, referenceWtf8, sameBytes, summary } from './suite.mjs';

export const SHORT_SIZES = [8, 32, 128];
export const SHORT_SCRIPTS = ['ascii', 'latin', 'cjk', 'emoji'];
const POOL = 4096;

/** A seeded xorshift32 in [0, 1): every runtime builds the same pools. */
function random(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

/** One code point of each script: keys, file names, chat messages. */
const CODE_POINTS = {
  ascii: (r) => 0x20 + Math.floor(r() * 95),
  // Mostly ASCII letters with accented Latin-1/Latin Extended letters (2 bytes each).
  latin: (r) => (r() < 0.75 ? 0x61 + Math.floor(r() * 26) : 0xc0 + Math.floor(r() * 0xc0)),
  // CJK ideographs with some ASCII punctuation and digits (3 bytes each).
  cjk: (r) => (r() < 0.1 ? 0x20 + Math.floor(r() * 32) : 0x4e00 + Math.floor(r() * 0x5000)),
  // ASCII words and emoji (surrogate pairs, 4 bytes).
  emoji: (r) => (r() < 0.6 ? 0x61 + Math.floor(r() * 26) : 0x1f300 + Math.floor(r() * 0x300)),
};

/**
 * `POOL` strings of exactly `size` code units of `script`; with `lone`, each has one lone
 * surrogate (a lead or a trail, at random) at a random code point boundary, where it can pair
 * with nothing.
 */
export function shortPool(script, size, lone) {
  const r = random(size * 7919 + (lone ? 104729 : 0) + SHORT_SCRIPTS.indexOf(script) * 31);
  const pool = [];
  for (let k = 0; k < POOL; k++) {
    const want = lone ? size - 1 : size;
    const points = [];
    let length = 0;
    for (;;) {
      const c = String.fromCodePoint(CODE_POINTS[script](r));
      if (length + c.length > want) break;
      points.push(c);
      length += c.length;
    }
    while (length < want) {
      points.push('a');
      length++;
    }
    if (lone) {
      const unit = r() < 0.5 ? 0xd800 + Math.floor(r() * 0x400) : 0xdc00 + Math.floor(r() * 0x400);
      points.splice(Math.floor(r() * (points.length + 1)), 0, String.fromCharCode(unit));
    }
    pool.push(points.join(''));
  }
  return pool;
}

/** Ours, the platform call and the platform call again (the control), each walking the pool. */
function contenders(env, side, pool, bytes, opts) {
  const te = new TextEncoder();
  const te2 = new TextEncoder();
  const td = new TextDecoder('utf-8', { ignoreBOM: true });
  const td2 = new TextDecoder('utf-8', { ignoreBOM: true });
  const { ours } = env;
  const last = POOL - 1;
  const encodeLoop = (encode) => (n) => {
    let a = 0;
    for (let i = 0; i < n; i++) a += encode(pool[i & last]).length;
    return a;
  };
  const decodeLoop = (decode) => (n) => {
    let a = 0;
    for (let i = 0; i < n; i++) {
      const text = decode(bytes[i & last]);
      a += text.length + text.charCodeAt(text.length >>> 1);
    }
    return a;
  };
  if (side === 'encode') {
    return [
      { id: 'ours', run: encodeLoop((s) => ours.encode(s)) },
      { id: 'platform', run: encodeLoop((s) => te.encode(s)) },
      { id: 'control', run: encodeLoop((s) => te2.encode(s)) },
    ];
  }
  return [
    { id: 'ours', run: decodeLoop((b) => ours.decode(b)) },
    { id: 'platform', run: decodeLoop((b) => td.decode(b)) },
    { id: 'control', run: decodeLoop((b) => td2.decode(b)) },
  ];
}

/**
 * Runs every short case: script × size × well-formed/lone × encode/decode. Each call of a timed
 * loop is one string of the pool; `reps` calls walk it round and round. Ours is verified on the
 * whole pool first (against the reference WTF-8 and the strings themselves). Returns `{ cases,
 * failures }`; each case has the paired per-round ratios platform ÷ ours (> 1: ours faster) and
 * the control's.
 */
export async function runShort(env, opts, log = () => {}) {
  const cases = [];
  const failures = [];
  const sides = opts.sides ?? ['encode', 'decode'];
  const scripts = opts.shortScripts ?? SHORT_SCRIPTS;
  const sizes = opts.shortSizes ?? SHORT_SIZES;
  const total = scripts.length * sizes.length * 2 * sides.length;
  for (const script of scripts) {
    for (const size of sizes) {
      for (const lone of [false, true]) {
        const pool = shortPool(script, size, lone);
        const bytes = pool.map(referenceWtf8);
        for (const side of sides) {
          const all = contenders(env, side, pool, bytes, opts);
          const failed = verify(env, all, side, pool, bytes);
          for (const f of failed) {
            failures.push({ script, size, lone, side, ...f });
            log(`  VERIFY FAILED short ${side} ${f.contender} on ${script}/${size}${lone ? '/lone' : ''}: ${f.error}`);
          }
          const timed = all.filter((c) => !failed.some((f) => f.contender === c.id));
          measure(timed, { ...opts, samples: opts.shortSamples ?? opts.samples }, env.now);
          const platform = timed.find((c) => c.id === 'platform');
          const ratios = {};
          for (const c of timed) {
            if (c === platform) continue;
            ratios[c.id] = summary(platform.samples.map((t, k) => t / c.samples[k]));
          }
          const ns = Object.fromEntries(timed.map((c) => [c.id, +summary(c.samples).median.toFixed(1)]));
          cases.push({ script, size, kind: lone ? 'lone' : 'wf', side, ratios, ns });
          log(
            `[short ${cases.length}/${total}] ${script}/${size}${lone ? '/lone' : ''} ${side}: ours ${ratios.ours?.median.toFixed(2) ?? '-'} (control ${ratios.control?.median.toFixed(2) ?? '-'})`,
          );
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
      }
    }
  }
  return { cases, failures };
}

/** Checks ours on every string of the pool; returns the failures. */
function verify(env, all, side, pool, bytes) {
  const failed = [];
  for (const c of all.filter((x) => x.id.startsWith('ours'))) {
    try {
      for (let i = 0; i < pool.length; i++) {
        if (side === 'encode' ? !sameBytes(env.ours.encode(pool[i]), bytes[i]) : env.ours.decode(bytes[i]) !== pool[i])
          throw new Error(`differs from the reference on string ${i}`);
      }
    } catch (e) {
      failed.push({ contender: c.id, error: e?.message ?? String(e) });
    }
  }
  return failed;
}
