// The assembled package (pkg/): manifest, published file list, README kept in step with the
// repository README.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { root, pkgDir } from './support.mjs';
import { PUBLISHED_FILE, REQUIRED_FILES } from '../support/published-files.mjs';

const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));

test('package.json: version from Cargo.toml, exports with types first, no dependencies', () => {
  const cargoVersion = /^version\s*=\s*"([^"]+)"/m.exec(readFileSync(join(root, 'Cargo.toml'), 'utf8'))[1];
  assert.equal(manifest.name, 'wtf8-wasm');
  assert.equal(manifest.version, cargoVersion);
  assert.equal(manifest.sideEffects, false);
  assert.ok(manifest.engines?.node, 'engines.node is set');
  assert.equal(manifest.dependencies, undefined, 'zero runtime dependencies');
  assert.equal(manifest.license, 'MIT');
  assert.deepEqual(Object.keys(manifest.exports), ['.', './encodings', './inspect', './package.json']);
  for (const entry of ['.', './encodings', './inspect']) {
    assert.deepEqual(Object.keys(manifest.exports[entry]), ['import', 'require'], entry);
    for (const condition of Object.values(manifest.exports[entry])) {
      assert.equal(Object.keys(condition)[0], 'types', `types comes first in every condition of ${entry}`);
    }
  }
  assert.ok(!Object.keys(manifest.exports).some((k) => k.includes('*')), 'no catch-all exports');
});

test('npm publish --dry-run accepts pkg/ and would publish exactly the whitelisted files', () => {
  // A dry run uploads nothing; the registry is pointed at a closed port all the same, and
  // `--offline` keeps npm from retrying it (70 s of backoff per run without it).
  const env = { ...process.env, npm_config_registry: 'http://127.0.0.1:9/', npm_config_update_notifier: 'false' };
  const report = JSON.parse(
    execFileSync('npm', ['publish', '--dry-run', '--offline', '--json', '--tag', 'dry-run'], {
      cwd: pkgDir,
      encoding: 'utf8',
      env,
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  )['wtf8-wasm'];
  assert.equal(report.name, 'wtf8-wasm');
  const files = report.files.map((f) => f.path).sort();
  for (const required of REQUIRED_FILES) assert.ok(files.includes(required), `${required} is published`);
  assert.deepEqual(
    files.filter((f) => !PUBLISHED_FILE.test(f)),
    [],
    'unexpected files published',
  );
  assert.ok(!files.some((f) => f.endsWith('.wasm')), 'the wasm module is embedded, not shipped separately');
  for (const typesFile of files.filter((f) => f.endsWith('.d.ts'))) {
    const declarations = readFileSync(join(pkgDir, typesFile), 'utf8');
    assert.doesNotMatch(
      declarations,
      /wtf8-wasm(-encodings|-inspect)?:(glue|bytes)|from ['"]\.\/wasm\.js['"]/,
      `${typesFile} refers only to published files`,
    );
    // Every relative import of a declaration file resolves to a published declaration file.
    for (const [, target] of declarations.matchAll(/from ['"](\.{1,2}\/[^'"]+)\.js['"]/g)) {
      const resolved = join(dirname(typesFile), `${target}.d.ts`);
      assert.ok(files.includes(resolved), `${typesFile} imports ${target}.js, but ${resolved} is not published`);
    }
  }
});

test('the npm README is the repository README up to its developer part', () => {
  const repo = readFileSync(join(root, 'README.md'), 'utf8');
  const npm = readFileSync(join(pkgDir, 'README.md'), 'utf8');
  assert.ok(npm.split(/^## /m).length > 10, 'the user-facing sections are all there');
  assert.ok(repo.startsWith(npm.trimEnd()), 'the npm README is the start of README.md');
  assert.match(repo.slice(npm.trimEnd().length), /^\s*<!-- The npm README .* -->\s*## Developing/);
  assert.doesNotMatch(
    npm,
    /scripts\/(start|test)\.sh|## Developing|\]\((?!https?:)/,
    'no developer commands or relative links in the npm README',
  );
});
