#!/usr/bin/env node
// The rows benchmark: what keeping every string costs when reading rows back from a real store.
// 10,000 short strings (8–128 code units, four scripts, 1% with a lone surrogate) are read back
// from node:sqlite (Node 22/24/26, Deno), bun:sqlite (Bun) and PostgreSQL in PGlite, as TEXT
// (the platform's lossy decode, inside the driver) and as a BLOB or bytea plus `decode` (ours);
// benches/rows-suite.mjs times them in paired rounds with a control.
//
//   node benches/rows.mjs [--runtime node22,node24,node26,deno,bun] [--store sqlite,pglite]
//                         [--rounds 15] [--json PATH]
//
// Prints, per runtime and store, the median time of each read and its median ratio to the TEXT
// read in the same round ("× text": the goal for blob + decode is at most 1.15). A full
// `npm run bench` (benches/run.mjs) runs it too, after the runtimes, for benches/results.json.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mainFileFor, runtimeNamed } from '../scripts/runtimes.mjs';
import { linkPackage } from '../tests/boundaries/support.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ROWS_RUNTIMES = ['node22', 'node24', 'node26', 'deno', 'bun'];
export const ROWS_STORES = ['sqlite', 'pglite'];

/**
 * Runs benches/rows-suite.mjs for each runtime and store, one after the other; resolves to their
 * results (`log` gets a line for each).
 */
export function runRows({ runtimes = ROWS_RUNTIMES, stores = ROWS_STORES, rounds = 15, log = console.log } = {}) {
  // The recipes of examples/boundaries/ import the package by name: link it as the tests do.
  linkPackage();
  const results = [];
  for (const name of runtimes) {
    const { kind, binary } = runtimeNamed(name);
    const entry = join(root, 'pkg', 'dist', mainFileFor(kind));
    const suite = join(root, 'benches', 'rows-suite.mjs');
    for (const store of stores) {
      const args = {
        node: ['--disable-warning=ExperimentalWarning', suite, entry, store, String(rounds)],
        deno: ['run', '--allow-all', '--cached-only', '--node-modules-dir=manual', suite, entry, store, String(rounds)],
        bun: ['run', '--no-install', suite, entry, store, String(rounds)],
      }[kind];
      const out = execFileSync(binary, args, { cwd: root, encoding: 'utf8', maxBuffer: 16 << 20 });
      const result = JSON.parse(out.trim().split('\n').pop());
      results.push(result);
      const cells = Object.entries(result.contenders)
        .map(([id, c]) => `${id} ${c.ms} ms (${c.vsText}× text)`)
        .join(', ');
      log(`${result.runtime.padEnd(14)} ${store.padEnd(6)} ${cells}`);
    }
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const value = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
  const results = runRows({
    runtimes: value('--runtime', ROWS_RUNTIMES.join(',')).split(','),
    stores: value('--store', ROWS_STORES.join(',')).split(','),
    rounds: Number(value('--rounds', '15')),
  });
  if (argv.includes('--json')) writeFileSync(value('--json'), JSON.stringify(results, null, 2) + '\n');
}
