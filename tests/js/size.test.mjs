// Size budget: the published files must stay within tests/js/size-budget.json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root, pkgDir, MAIN_FILES } from './support.mjs';

const budget = JSON.parse(readFileSync(join(root, 'tests', 'js', 'size-budget.json'), 'utf8'));

test('each published entry file is within its raw and gzip budget', (t) => {
  const rows = [];
  for (const [file, limit] of Object.entries(budget.files)) {
    const data = readFileSync(join(pkgDir, file));
    const size = { raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
    rows.push(`${file}: ${size.raw} B raw (budget ${limit.raw}), ${size.gzip} B gzip (budget ${limit.gzip})`);
    assert.ok(size.raw <= limit.raw, `${file} is ${size.raw} B raw, over its ${limit.raw} B budget`);
    assert.ok(size.gzip <= limit.gzip, `${file} is ${size.gzip} B gzip, over its ${limit.gzip} B budget`);
  }
  t.diagnostic(rows.join('\n'));
});

test('every published entry file has a budget, and each main entry file meets the 16 kB gzip goal', () => {
  const entries = readdirSync(join(pkgDir, 'dist')).filter((f) => /\.(mjs|cjs)$/.test(f));
  assert.deepEqual(entries.map((f) => `dist/${f}`).sort(), Object.keys(budget.files).sort());
  for (const file of MAIN_FILES) {
    assert.ok(budget.files[`dist/${file}`].gzip <= 16000, `${file}: the budget itself stays within the goal`);
  }
});
