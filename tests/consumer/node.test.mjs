// The packed tarball as a Node user gets it: `npm pack` of pkg/, installed offline into a scratch
// project, then `require('wtf8-wasm')` and `import 'wtf8-wasm'` in fresh node processes of every
// Node of the matrix (20, 22, 24, 26: scripts/runtimes.mjs), each running the shared smoke body
// (smoke-body.mjs).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUNTIMES } from '../../scripts/runtimes.mjs';
import { CHECKS, createScratch, parseReport, run, runOk } from './support.mjs';
import { PUBLISHED_FILE, REQUIRED_FILES } from '../support/published-files.mjs';

const NODES = RUNTIMES.filter((r) => r.kind === 'node');

let scratch;
before(async () => {
  scratch = await createScratch('node');
});
after(() => scratch?.cleanup());

test('the tarball holds the published files only and has no dependencies', (t) => {
  const files = scratch.packed.files.map((f) => f.path).sort();
  t.diagnostic(
    `tarball ${scratch.packed.filename}: ${files.length} files, ${scratch.packed.size} B packed, ${scratch.packed.unpackedSize} B unpacked`,
  );
  for (const required of REQUIRED_FILES) assert.ok(files.includes(required), `${required} is missing from the tarball`);
  const stray = files.filter((f) => !PUBLISHED_FILE.test(f));
  assert.deepEqual(stray, [], 'unexpected files in the tarball');
  // The wasm module is embedded in the JS: no separate .wasm file to fetch or to configure.
  assert.equal(
    files.some((f) => f.endsWith('.wasm')),
    false,
  );

  const manifest = JSON.parse(readFileSync(join(scratch.app, 'node_modules', 'wtf8-wasm', 'package.json'), 'utf8'));
  assert.equal(manifest.name, 'wtf8-wasm');
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'scripts']) {
    assert.equal(manifest[field], undefined, `the published package.json has ${field}`);
  }
  // Every file the exports map names is in the tarball.
  // (The targets are the string leaves of the map; its keys, such as "./encodings", are subpaths.)
  const targets = [];
  const collect = (value) =>
    typeof value === 'string' ? targets.push(value.slice(2)) : Object.values(value).forEach(collect);
  collect(manifest.exports);
  for (const target of targets) assert.ok(files.includes(target), `exports target ${target} is not in the tarball`);
});

test('the shared smoke body can fail: a TextEncoder-based impostor is rejected', async () => {
  // Guards the guard: if smoke() accepted a lossy implementation, every runtime test below would be vacuous.
  const api = await import(join(scratch.app, 'node_modules', 'wtf8-wasm', 'dist', 'wtf8-wasm.mjs'));
  const inspectApi = await import(join(scratch.app, 'node_modules', 'wtf8-wasm', 'dist', 'inspect.mjs'));
  const { smoke } = await import(join(scratch.app, 'smoke-body.mjs'));
  const impostor = { ...api, encode: (s) => new TextEncoder().encode(s) };
  await assert.rejects(
    smoke(impostor, inspectApi),
    /smoke check "encode lone surrogates" failed: encode\(a\\uD83Db\): got "61 ef bf bd 62", want "61 ed a0 bd 62"/,
  );
  const noStreams = { ...api, Wtf8DecoderStream: class {} };
  await assert.rejects(smoke(noStreams, inspectApi), /smoke check "Wtf8EncoderStream\/Wtf8DecoderStream" failed/);
  // Without the inspect entry, or with inspect back in the main one, the exports check fails.
  await assert.rejects(smoke(api), /smoke check "exports" failed: no wtf8-wasm\/inspect module given/);
  await assert.rejects(smoke({ ...api, inspect: inspectApi.inspect }, inspectApi), /smoke check "exports" failed/);
  const lossyInspect = {
    ...inspectApi,
    inspect: (x) => inspectApi.inspect(typeof x === 'string' ? x.toWellFormed() : x),
  };
  await assert.rejects(smoke(api, lossyInspect), /smoke check "inspect \(wtf8-wasm\/inspect\)" failed/);
});

for (const node of NODES) {
  test(`${node.name}: require("wtf8-wasm") resolves to dist/wtf8-wasm.node.cjs and passes the smoke test`, async (t) => {
    const { code, stdout, stderr } = await run(node.binary, ['run-cjs.cjs'], { cwd: scratch.app });
    assert.equal(code, 0, stderr);
    const report = parseReport(stdout);
    t.diagnostic(`node ${report.version} (require)`);
    assert.equal(report.runtime, 'node');
    assert.equal(report.version, node.version);
    assert.equal(report.resolved, join(scratch.app, 'node_modules', 'wtf8-wasm', 'dist', 'wtf8-wasm.node.cjs'));
    assert.deepEqual(report.checks, CHECKS);
    assert.equal(stderr, '', 'no warnings on stderr');
  });

  test(`${node.name}: import "wtf8-wasm" resolves to dist/wtf8-wasm.node.mjs and passes the smoke test`, async (t) => {
    const { code, stdout, stderr } = await run(node.binary, ['run-esm.mjs'], { cwd: scratch.app });
    assert.equal(code, 0, stderr);
    const report = parseReport(stdout);
    t.diagnostic(`node ${report.version} (import)`);
    assert.equal(report.runtime, 'node');
    assert.equal(report.version, node.version);
    assert.equal(
      new URL(report.resolved).pathname,
      join(scratch.app, 'node_modules', 'wtf8-wasm', 'dist', 'wtf8-wasm.node.mjs'),
    );
    assert.deepEqual(report.checks, CHECKS);
    assert.equal(stderr, '', 'no warnings on stderr');
  });
}

test('the exports map: package.json is exported, internal paths are not', async () => {
  const probe = `
    const { createRequire } = require('node:module');
    const out = {};
    out.pkg = require('wtf8-wasm/package.json').name;
    for (const spec of ['wtf8-wasm/dist/wtf8-wasm.cjs', 'wtf8-wasm/dist/types/index.d.ts', 'wtf8-wasm/src/lib.rs']) {
      try { require.resolve(spec); out[spec] = 'resolved'; } catch (e) { out[spec] = e.code; }
    }
    import('wtf8-wasm/dist/wtf8-wasm.mjs').then(() => 'resolved', (e) => e.code).then((r) => {
      out['import wtf8-wasm/dist/wtf8-wasm.mjs'] = r;
      console.log(JSON.stringify(out));
    });`;
  const { stdout } = await runOk(process.execPath, ['--input-type=commonjs', '-e', probe], { cwd: scratch.app });
  assert.deepEqual(JSON.parse(stdout), {
    pkg: 'wtf8-wasm',
    'wtf8-wasm/dist/wtf8-wasm.cjs': 'ERR_PACKAGE_PATH_NOT_EXPORTED',
    'wtf8-wasm/dist/types/index.d.ts': 'ERR_PACKAGE_PATH_NOT_EXPORTED',
    'wtf8-wasm/src/lib.rs': 'ERR_PACKAGE_PATH_NOT_EXPORTED',
    'import wtf8-wasm/dist/wtf8-wasm.mjs': 'ERR_PACKAGE_PATH_NOT_EXPORTED',
  });
});

for (const node of NODES) {
  test(`${node.name}: ready on import: the API works synchronously in the first tick, in both module systems`, async () => {
    // No `await init()`: a call in the same synchronous block as the import/require must work.
    const cjs = `const w = require('wtf8-wasm'); process.stdout.write(Buffer.from(w.encode('\\uDFFF')).toString('hex'));`;
    const esm = `import { encode } from 'wtf8-wasm'; process.stdout.write(Buffer.from(encode('\\uDFFF')).toString('hex'));`;
    const a = await runOk(node.binary, ['--input-type=commonjs', '-e', cjs], { cwd: scratch.app });
    const b = await runOk(node.binary, ['--input-type=module', '-e', esm], { cwd: scratch.app });
    assert.equal(a.stdout, 'edbfbf');
    assert.equal(b.stdout, 'edbfbf');
  });
}
