// The order in which scripts/test.sh hands test files to `node --test`: the slowest of this
// machine's last run first, so that no long file starts last and runs alone while the other core
// idles (node --test starts the files in the order given, two at a time). The times live in
// target/js-test-times.json (not committed); a file not timed yet counts as slow. The same idea
// as scripts/test-pool.mjs for the Rust tests.
//
//   node scripts/test-order.mjs FILE...     print the files, one per line, the slowest first
//                                           (the untimed in the order given, each once)
//   node --test --test-reporter=spec --test-reporter-destination=stdout \
//     --test-reporter=./scripts/test-order.mjs --test-reporter-destination=stdout FILE...
//                                           (as a reporter: records each file's time, the sum
//                                           of its top-level tests, into the times file)
//
// Why: on Node 22.23.5 the seventeen files of tests/js/ took 25.6 and 25.9 s in the order of the
// glob, where short.test.mjs (the longest, 8.5 s) starts twelfth; 22.7 and 21.6 s the longest
// first (2 Dec 2026).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const timesFile = join(root, 'target', 'js-test-times.json');
const key = (file) => relative(root, isAbsolute(file) ? file : join(process.cwd(), file));

function readTimes() {
  try {
    return JSON.parse(readFileSync(timesFile, 'utf8'));
  } catch {
    return {};
  }
}

/** A node:test reporter: sums each file's top-level test durations and records them. Prints nothing. */
export default async function* recordTimes(source) {
  const times = new Map();
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { nesting, file, details } = event.data;
    if (nesting !== 0 || !file || typeof details?.duration_ms !== 'number') continue;
    times.set(key(file), (times.get(key(file)) ?? 0) + details.duration_ms / 1000);
  }
  const all = readTimes();
  for (const [file, seconds] of times) all[file] = +seconds.toFixed(2);
  mkdirSync(dirname(timesFile), { recursive: true });
  writeFileSync(`${timesFile}.tmp`, `${JSON.stringify(all, null, 1)}\n`);
  renameSync(`${timesFile}.tmp`, timesFile);
  yield '';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Each file once, where it first appears: `tests/js/short.test.mjs tests/js/*.test.mjs` puts one
  // file first in a run with no times yet (a fresh clone), the rest in the glob's order.
  const files = [...new Set(process.argv.slice(2))];
  const missing = files.filter((file) => !existsSync(file));
  if (files.length === 0 || missing.length > 0) {
    console.error(
      missing.length > 0
        ? `test-order.mjs: no such file: ${missing.join(', ')}`
        : 'usage: node scripts/test-order.mjs FILE...',
    );
    process.exit(2);
  }
  const times = readTimes();
  const seconds = (file) => times[key(file)] ?? Infinity;
  // A stable sort: files with the same time (or none) keep the order given.
  for (const file of files.toSorted((a, b) => seconds(b) - seconds(a))) console.log(file);
}
