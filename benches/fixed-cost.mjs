// What one short call costs, step by step (issue 17): at 0, 1, 8, 32 and 128 code units, the
// time of each step a call of ours can take — the argument checks, the platform call, the
// surrogate checks, the plain loops of js/short.ts, a trip through wasm — beside the
// whole call of ours and the platform's, each over a pool of 4,096 different strings. Plain ES:
// benches/runner.mjs runs it in Node, Deno and Bun, benches/browser/page.mjs in the browsers
// (`node benches/run.mjs --fixed-cost --runtime node26,bun,firefox`). Needs the test entry, which
// exports the steps (js/testing.ts).

import { measure, referenceWtf8, summary } from './suite.mjs';
import { shortPool } from './short.mjs';

export const FIXED_SIZES = [0, 1, 8, 32, 128];

/** `{ rows: [{ size, kind, side, step, ns }] }`: the median ns per call of each step. */
export async function runFixedCost(api, env, opts, log = () => {}) {
  const rows = [];
  const te = new TextEncoder();
  const td = new TextDecoder('utf-8', { ignoreBOM: true });
  const utf8Slice = globalThis.Buffer?.prototype?.utf8Slice;
  for (const size of FIXED_SIZES) {
    for (const kind of ['ascii', 'cjk', 'lone']) {
      const pool =
        size === 0
          ? Array(4096).fill('')
          : kind === 'lone'
            ? shortPool('latin', size, true)
            : size === 1
              ? shortPool(kind, 8, false).map((s) => s[0])
              : shortPool(kind, size, false);
      const bytes = pool.map(referenceWtf8);
      const texts = bytes.map((b) => td.decode(b));
      const last = 4095;
      const str = (f) => (n) => {
        let a = 0;
        for (let i = 0; i < n; i++) {
          const r = f(pool[i & last]);
          a += typeof r === 'number' ? r : r.length;
        }
        return a;
      };
      const bin = (f) => (n) => {
        let a = 0;
        for (let i = 0; i < n; i++) {
          const r = f(bytes[i & last]);
          a += typeof r === 'number' ? r : r === undefined ? 0 : r.length;
        }
        return a;
      };
      const steps = {
        encode: [
          ['platform: TextEncoder.encode', str((s) => te.encode(s))],
          ['ours: encode', str((s) => api.encode(s))],
          ['argument check', str((s) => api.steps.checkString(s))],
          ['surrogate check: isWellFormed', str((s) => (s.isWellFormed() ? 1 : 0))],
          ['plain loop (js/short.ts)', str((s) => api.steps.encodeLoop(s))],
          ['wasm trip (units in, encode, bytes out)', str((s) => api.steps.encodeWasm(s))],
        ],
        decode: [
          ['platform: TextDecoder.decode', bin((b) => td.decode(b))],
          ['ours: decode', bin((b) => api.decode(b))],
          ['argument checks', bin((b) => api.steps.checkBytes(b))],
          ...(utf8Slice ? [['platform: utf8Slice', bin((b) => utf8Slice.call(b, 0, b.length))]] : []),
          ['surrogate check: ED scan', bin((b) => (api.steps.edScan(b) ? 1 : 0))],
          ['surrogate check: ED scan, Uint8Array#indexOf', bin((b) => (api.steps.edScanNative(b) ? 1 : 0))],
          [
            'surrogate check: U+FFFD in the text',
            (n) => {
              let a = 0;
              for (let i = 0; i < n; i++) a += texts[i & last].indexOf('\uFFFD');
              return a;
            },
          ],
          ['plain loop (js/short.ts)', bin((b) => api.steps.decodeLoop(b, false))],
          ['wasm trip (bytes in, decode, units out)', bin((b) => api.steps.decodeWasm(b))],
        ],
      };
      for (const side of ['encode', 'decode']) {
        const contenders = steps[side].map(([id, run]) => ({ id, run }));
        measure(contenders, opts, env.now);
        for (const c of contenders)
          rows.push({ size, kind, side, step: c.id, ns: +summary(c.samples).median.toFixed(1) });
      }
      log(`[fixed cost] ${size} units ${kind}`);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }
  return { rows };
}

/** The table: one row per side × step, one column per size × kind (ns per call). */
export function fixedCostTable(runtime, { rows }) {
  const cols = [];
  for (const size of FIXED_SIZES) for (const kind of ['ascii', 'cjk', 'lone']) cols.push([size, kind]);
  const out = [
    `FIXED COST (${runtime}): ns per call, median; ascii/cjk well-formed, lone = Latin text with one lone surrogate`,
  ];
  out.push(['side', 'step', ...cols.map(([s, k]) => `${s} ${k}`)].join(' | '));
  for (const side of ['encode', 'decode']) {
    for (const step of [...new Set(rows.filter((r) => r.side === side).map((r) => r.step))]) {
      const cell = (size, kind) =>
        rows.find((r) => r.side === side && r.step === step && r.size === size && r.kind === kind)?.ns;
      out.push([side, step, ...cols.map(([s, k]) => (cell(s, k) ?? '-').toString())].join(' | '));
    }
  }
  return out.join('\n');
}
