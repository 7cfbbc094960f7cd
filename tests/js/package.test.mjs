// The assembled package (pkg/): manifest, published file list, README kept in step with the
// repository README.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { root, pkgDir } from './support.mjs';

const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));

test('package.json: version from Cargo.toml, exports with types first, no dependencies', () => {
  const cargoVersion = /^version\s*=\s*"([^"]+)"/m.exec(readFileSync(join(root, 'Cargo.toml'), 'utf8'))[1];
  assert.equal(manifest.name, 'wtf8-wasm');
  assert.equal(manifest.version, cargoVersion);
  assert.equal(manifest.sideEffects, false);
  assert.ok(manifest.engines?.node, 'engines.node is set');
  assert.equal(manifest.dependencies, undefined, 'zero runtime dependencies');
  assert.equal(manifest.license, 'MIT');
  assert.deepEqual(Object.keys(manifest.exports), ['.', './encodings', './package.json']);
  for (const entry of ['.', './encodings']) {
    assert.deepEqual(Object.keys(manifest.exports[entry]), ['import', 'require'], entry);
    for (const condition of Object.values(manifest.exports[entry])) {
      assert.equal(Object.keys(condition)[0], 'types', `types comes first in every condition of ${entry}`);
    }
  }
  assert.ok(!Object.keys(manifest.exports).some((k) => k.includes('*')), 'no catch-all exports');
});

test('npm pack publishes exactly the whitelisted files', () => {
  const [report] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: pkgDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  const files = report.files.map((f) => f.path).sort();
  for (const required of ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'dist/wtf8-wasm.mjs', 'dist/wtf8-wasm.cjs', 'dist/types/index.d.ts', 'dist/types-cjs/index.d.ts', 'dist/types-cjs/package.json',
    'dist/encodings.mjs', 'dist/encodings.cjs', 'dist/types/encodings/index.d.ts', 'dist/types-cjs/encodings/index.d.ts']) {
    assert.ok(files.includes(required), `${required} is published`);
  }
  assert.ok(files.every((f) => /^(package\.json|README\.md|LICENSE|CHANGELOG\.md|dist\/.+)$/.test(f)), files.join(', '));
  assert.ok(!files.some((f) => f.endsWith('.wasm')), 'the wasm module is embedded, not shipped separately');
  for (const typesFile of files.filter((f) => f.endsWith('.d.ts'))) {
    const declarations = readFileSync(join(pkgDir, typesFile), 'utf8');
    assert.doesNotMatch(declarations, /wtf8-wasm(-encodings)?:(glue|bytes)|from ['"]\.\/wasm\.js['"]/, `${typesFile} refers only to published files`);
    // Every relative import of a declaration file resolves to a published declaration file.
    for (const [, target] of declarations.matchAll(/from ['"](\.{1,2}\/[^'"]+)\.js['"]/g)) {
      const resolved = join(dirname(typesFile), `${target}.d.ts`);
      assert.ok(files.includes(resolved), `${typesFile} imports ${target}.js, but ${resolved} is not published`);
    }
  }
});

test('the npm README is the repository README minus its developer sections', () => {
  const repo = readFileSync(join(root, 'README.md'), 'utf8');
  const npm = readFileSync(join(root, 'pkg-template', 'README.md'), 'utf8');
  const sections = npm.split(/^(?=## )/m);
  assert.ok(sections.length > 6);
  for (const section of sections) assert.ok(repo.includes(section.trimEnd()), `npm README section differs from README.md:\n${section.slice(0, 80)}`);
  assert.doesNotMatch(npm, /scripts\/(start|test)\.sh/, 'no developer commands in the npm README');
});
