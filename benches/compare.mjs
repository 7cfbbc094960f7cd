#!/usr/bin/env node
// Compares two runs of `npm run bench` (their JSON files, target/bench/matrix.json by default):
// every cell both have (runtime × op × corpus × size of the large corpora, and runtime × op ×
// script × size × kind of the short section), each as ours ÷ the platform (> 1: ours faster),
// after ÷ before per cell, and the geometric mean of after ÷ before per runtime and over all cells.
// A cell counts as moved only when after ÷ before leaves the band its two controls span (each
// run's control is the platform call timed against itself: its distance from 1.00 is that run's
// noise).
//
//   node benches/compare.mjs BEFORE.json AFTER.json [--all]   (--all: print every cell)
import { readFileSync } from 'node:fs';

const [beforePath, afterPath] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (!beforePath || !afterPath) {
  console.error('usage: node benches/compare.mjs BEFORE.json AFTER.json [--all]');
  process.exit(2);
}
const all = process.argv.includes('--all');

const OPS = {
  encode: ['encode÷TE', "TE'÷TE"],
  decode: ['decode÷TD', "TD'÷TD"],
};

/** `key → { ratio, control }` of every cell of one run. */
function cells(path) {
  const { runtimes } = JSON.parse(readFileSync(path, 'utf8'));
  const out = new Map();
  for (const [runtime, { suite, short }] of Object.entries(runtimes)) {
    for (const c of suite?.cases ?? []) {
      const [ratio, control] = OPS[c.side];
      if (c.ratios[ratio])
        out.set(`${runtime} ${c.side} ${c.corpus} ${c.size}`, {
          runtime,
          ratio: c.ratios[ratio].median,
          control: c.ratios[control]?.median ?? 1,
        });
    }
    for (const c of short?.cases ?? []) {
      if (c.ratios.ours)
        out.set(`${runtime} ${c.side} short-${c.script} ${c.size} ${c.kind}`, {
          runtime,
          ratio: c.ratios.ours.median,
          // The short section's control is platform ÷ platform: its distance from 1.00 is the noise.
          control: c.ratios.control?.median ?? 1,
        });
    }
  }
  return out;
}

const before = cells(beforePath);
const after = cells(afterPath);
const rows = [];
for (const [key, b] of before) {
  const a = after.get(key);
  if (!a) continue;
  const change = a.ratio / b.ratio;
  // The noise band: how far from 1.00 the two runs' controls strayed, on either side.
  const noise = Math.max(Math.abs(Math.log(a.control)), Math.abs(Math.log(b.control)), Math.log(1.05));
  rows.push({
    key,
    runtime: a.runtime,
    before: b.ratio,
    after: a.ratio,
    change,
    moved: Math.abs(Math.log(change)) > noise,
  });
}
const geo = (list) => Math.exp(list.reduce((s, r) => s + Math.log(r.change), 0) / list.length);
const f = (x) => x.toFixed(2);
console.log(`${rows.length} cells in both runs; after ÷ before, geometric mean ${geo(rows).toFixed(3)}`);
console.log('');
console.log('| runtime | cells | geometric mean after ÷ before | lowest cell | cells past their noise (down / up) |');
console.log('|---|---:|---:|---|---:|');
for (const runtime of [...new Set(rows.map((r) => r.runtime))]) {
  const list = rows.filter((r) => r.runtime === runtime);
  const low = list.reduce((m, r) => (r.change < m.change ? r : m));
  const down = list.filter((r) => r.moved && r.change < 1).length;
  const up = list.filter((r) => r.moved && r.change > 1).length;
  console.log(
    `| ${runtime} | ${list.length} | ${geo(list).toFixed(3)} | ${low.key.slice(runtime.length + 1)}: ${f(low.before)} → ${f(low.after)} | ${down} / ${up} |`,
  );
}
const moved = rows.filter((r) => r.moved && r.change < 1).sort((x, y) => x.change - y.change);
if (moved.length) {
  console.log('');
  console.log('cells below their noise band (before → after):');
  for (const r of moved) console.log(`  ${r.key}: ${f(r.before)} → ${f(r.after)} (×${f(r.change)})`);
}
if (all) {
  console.log('');
  for (const r of rows) console.log(`${r.key}: ${f(r.before)} → ${f(r.after)} (×${f(r.change)})`);
}
