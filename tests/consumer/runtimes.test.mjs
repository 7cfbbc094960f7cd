// The runtime matrix beyond Node: the installed tarball in Deno and Bun (importing and requiring
// 'wtf8-wasm' from the scratch project's node_modules) and in workerd (a module worker), all dev
// dependencies whose binaries ship inside npm packages, running the same smoke body. Offline by
// construction: an empty private cache, `--cached-only` / `--no-install`, registries pointed at a
// closed port; workerd reads only the modules its config embeds. workerd gets no speed figures
// (its clock does not advance during a request).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runtimeNamed } from '../../scripts/runtimes.mjs';
import { BUN, CHECKS, DENO, NO_REGISTRY, createScratch, parseReport, run } from './support.mjs';

let scratch;
let denoDir;
let bunCache;
before(async () => {
  scratch = await createScratch('runtimes');
  denoDir = join(scratch.dir, 'deno-dir');
  bunCache = join(scratch.dir, 'bun-cache');
  mkdirSync(denoDir);
  mkdirSync(bunCache);
});
after(() => scratch?.cleanup());

const denoEnv = () => ({
  DENO_DIR: denoDir,
  DENO_NO_UPDATE_CHECK: '1',
  DENO_NO_PROMPT: '1',
  NO_COLOR: '1',
  NPM_CONFIG_REGISTRY: NO_REGISTRY,
});
const bunEnv = () => ({
  BUN_INSTALL_CACHE_DIR: bunCache,
  BUN_CONFIG_REGISTRY: NO_REGISTRY,
  NPM_CONFIG_REGISTRY: NO_REGISTRY,
  DO_NOT_TRACK: '1',
  NO_COLOR: '1',
});

/** Files under `dir`, recursively (to prove a cache stayed free of downloads). */
function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? e.path, e.name));
}

// Deno: the scratch package.json puts Deno in "bring your own node_modules" mode, so the bare
// specifier resolves through node_modules/wtf8-wasm's exports map exactly as in Node.
// `--cached-only` refuses any remote module; only reading the project is allowed (no --allow-net).
// Deno's `import` takes the package's "deno" condition; `require` its "node" one.
for (const [file, entry] of [
  ['run-esm.mjs', 'wtf8-wasm.deno.mjs'],
  ['run-cjs.cjs', 'wtf8-wasm.node.cjs'],
]) {
  test(`Deno: ${file} (${entry.endsWith('.mjs') ? 'import' : 'require'}) passes the smoke test offline`, async (t) => {
    const { code, stdout, stderr } = await run(
      DENO,
      ['run', '--cached-only', '--node-modules-dir=manual', `--allow-read=${scratch.app}`, file],
      { cwd: scratch.app, env: denoEnv() },
    );
    assert.equal(code, 0, stderr);
    const report = parseReport(stdout);
    t.diagnostic(`deno ${report.version} (${report.module})`);
    assert.equal(report.runtime, 'deno');
    assert.ok(report.resolved.endsWith(`/node_modules/wtf8-wasm/dist/${entry}`), report.resolved);
    assert.deepEqual(report.checks, CHECKS);
    assert.doesNotMatch(stderr, /Download|Warning|error/i);
    // Nothing was fetched into Deno's cache (it keeps only its own analysis databases there).
    assert.deepEqual(
      filesUnder(denoDir).filter((f) => /[/\\](npm|remote|deps)[/\\]/.test(f)),
      [],
    );
  });
}

// Bun: `--no-install` turns off Bun's auto-install, so a missing package would fail rather than fetch.
for (const [file, entry] of [
  ['run-esm.mjs', 'wtf8-wasm.bun.mjs'],
  ['run-cjs.cjs', 'wtf8-wasm.bun.cjs'],
]) {
  test(`Bun: ${file} (${entry.endsWith('.mjs') ? 'import' : 'require'}) passes the smoke test offline`, async (t) => {
    const { code, stdout, stderr } = await run(BUN, ['run', '--no-install', file], { cwd: scratch.app, env: bunEnv() });
    assert.equal(code, 0, stderr);
    const report = parseReport(stdout);
    t.diagnostic(`bun ${report.version} (${report.module})`);
    assert.equal(report.runtime, 'bun');
    assert.ok(report.resolved.endsWith(`/node_modules/wtf8-wasm/dist/${entry}`), report.resolved);
    assert.deepEqual(report.checks, CHECKS);
    assert.equal(stderr, '');
    assert.deepEqual(filesUnder(bunCache), []);
  });
}

test('workerd: a module worker importing wtf8-wasm passes the smoke test', async (t) => {
  // The worker's modules: itself, the smoke body, and the package's ESM entries under their
  // package names, which is how a bundler (or wrangler) hands a dependency to workerd.
  const config = join(scratch.app, 'worker.capnp');
  writeFileSync(
    config,
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (services = [(name = "smoke", worker = .worker)]);
const worker :Workerd.Worker = (
  modules = [
    (name = "worker.mjs", esModule = embed "worker.mjs"),
    (name = "smoke-body.mjs", esModule = embed "smoke-body.mjs"),
    (name = "wtf8-wasm", esModule = embed "node_modules/wtf8-wasm/dist/wtf8-wasm.mjs"),
    (name = "wtf8-wasm/inspect", esModule = embed "node_modules/wtf8-wasm/dist/inspect.mjs"),
  ],
  compatibilityDate = "2026-11-01",
);
`,
  );
  const workerd = runtimeNamed('workerd');
  const { code, stdout, stderr } = await run(workerd.binary, ['test', config], { cwd: scratch.app });
  assert.equal(code, 0, `${stdout}\n${stderr}`);
  assert.match(stderr, /\[ PASS \] smoke/);
  const report = parseReport(stdout);
  t.diagnostic(`workerd ${workerd.version} (${report.version})`);
  assert.equal(report.runtime, 'workerd');
  assert.deepEqual(report.checks, CHECKS);
});
