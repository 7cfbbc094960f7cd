// The storage and transport boundaries of Node, Deno and Bun, on the real parts: node:sqlite,
// bun:sqlite, PostgreSQL (PGlite), fetch and node:http over loopback, WebSocket over loopback,
// workers, files, Buffer, and the serialisation libraries people put strings through. Each
// runtime runs tests/boundaries/runtime-probe.mjs, which tries the shared case set
// (tests/boundaries/cases.mjs) as plain strings and through the recipes of examples/boundaries/;
// this file holds each report against the pinned facts (tests/boundaries/facts.mjs): what a plain
// string does there (so that a runtime or library that changes shows up here) and that the recipe
// keeps every case.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mainFileFor, runtimeNamed } from '../../scripts/runtimes.mjs';
import { CASES, byKind } from './cases.mjs';
import { RUNTIME_FACTS } from './facts.mjs';
import { kept } from '../support/kept.mjs';
import { linkBetterSqlite3, linkPackage, root } from './support.mjs';

linkPackage();
/** better-sqlite3 is built for the system Node (20) only; scripts/setup.sh builds it. */
const betterSqlite3 = linkBetterSqlite3();

// An empty PostgreSQL cluster for the probes to copy: PGlite's initdb takes seconds, a copy none.
// Made once for this PGlite version and kept between runs (tests/support/kept.mjs; the probes
// only copy it): PGlite.create on a new directory took 5.0 s and 8 CPU-s here (2 Dec 2026).
const pgVersion = JSON.parse(
  readFileSync(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
).version;
let pgTemplate;
before(async () => {
  pgTemplate = await kept(`wtf8-boundaries-pglite-${pgVersion}-cluster`, async (dir) => {
    const { PGlite } = await import('@electric-sql/pglite');
    await (await PGlite.create(dir)).close();
  });
});

const RUNTIMES = ['node20', 'node22', 'node24', 'node26', 'deno', 'bun'];

/** Runs the probe in `name`; resolves to its report. Bounded: a hung part fails the test. */
function probe(name, extra = []) {
  const { kind, binary } = runtimeNamed(name);
  const entry = join(root, 'pkg', 'dist', mainFileFor(kind));
  const script = join(root, 'tests', 'boundaries', 'runtime-probe.mjs');
  const args = {
    node: ['--disable-warning=ExperimentalWarning', script, entry, pgTemplate],
    // Offline: --cached-only refuses any remote module; the npm packages come from node_modules.
    deno: ['run', '--allow-all', '--cached-only', '--node-modules-dir=manual', script, entry, pgTemplate],
    bun: ['run', '--no-install', script, entry, pgTemplate],
  }[kind].concat(extra);
  const env = { ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1', DO_NOT_TRACK: '1' };
  if (name === 'node20') args.shift(); // Node 20 has no --disable-warning (it prints nothing here).
  return new Promise((resolve, reject) => {
    execFile(binary, args, { cwd: root, env, timeout: 120_000, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`${name}: the probe failed (${error.message})\n${stderr}`));
      try {
        resolve(JSON.parse(stdout.trim().split('\n').pop()));
      } catch {
        reject(new Error(`${name}: the probe printed no report\n${stdout}\n${stderr}`));
      }
    });
  });
}

describe('boundaries in Node, Deno and Bun', { concurrency: 2 }, () => {
  for (const name of RUNTIMES) {
    const { binary } = runtimeNamed(name);
    const skip = !existsSync(binary) && `${name} is not installed (bash scripts/setup.sh installs it)`;
    test(`${name}: each part pins what a string does there, and its recipe keeps every case`, { skip }, async (t) => {
      const withBetterSqlite3 = name === 'node20' && betterSqlite3;
      const report = await probe(name, withBetterSqlite3 ? ['better-sqlite3'] : []);
      t.diagnostic(`${report.runtime} ${report.version}`);
      const rows = RUNTIME_FACTS.filter((row) => name in row.runtimes);
      if (name === 'node20' && !betterSqlite3) {
        const why = 'better-sqlite3 is not built on this machine (scripts/setup.sh builds it)';
        await t.test('better-sqlite3', { skip: why }, () => {});
        rows.splice(
          rows.findIndex((row) => row.part === 'better-sqlite3'),
          1,
        );
      }
      const expected = rows.map((row) => row.part);
      assert.deepEqual(Object.keys(report.parts).sort(), [...expected].sort(), 'the parts this runtime has');
      for (const row of rows) {
        const got = report.parts[row.part];
        const why = `${row.part} in ${name}; errors: ${JSON.stringify(got.plain.errors)}`;
        assert.deepEqual(byKind(got.plain.outcomes), row.runtimes[name], `a plain string: ${why}`);
        if (row.recipe) {
          const lost = CASES.filter((c) => got.recipe.outcomes[c.name] !== 'kept').map((c) => c.name);
          assert.deepEqual(
            lost,
            [],
            `the recipe must keep every case: ${row.part} in ${name}, ${JSON.stringify(got.recipe)}`,
          );
        } else {
          assert.equal(got.recipe, null, `${row.part}: a part that keeps strings has no recipe`);
        }
        assert.deepEqual(got.facts ?? null, row.facts ?? null, `the recipe's other claims: ${row.part} in ${name}`);
      }
    });
  }
});
