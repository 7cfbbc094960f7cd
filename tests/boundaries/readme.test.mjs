// The README's Boundaries section says what the boundary tests measure and shows recipes that
// run: its table is the one tests/boundaries/table.mjs makes from the pinned facts, and each code
// block marked `<!-- recipe: examples/boundaries/… -->` is an excerpt of that example, which the
// boundary tests run (so no recipe in the README can drift from one that works).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BROWSER_FACTS } from './browser-facts.mjs';
import { RUNTIME_FACTS } from './facts.mjs';
import { README, boundaryTable, withTable } from './table.mjs';
import { root } from './support.mjs';

const readme = readFileSync(README, 'utf8');

test('README.md holds the boundaries table made from the tested facts', () => {
  assert.ok(readme.includes(boundaryTable()), 'run `node tests/boundaries/table.mjs --write` and review the change');
  assert.equal(withTable(readme), readme);
});

test("each recipe in README.md and docs/boundaries.md is an excerpt of its example, in the example's order", () => {
  // Line breaks and indentation aside: an excerpt may join a statement the example wraps.
  const squash = (code) =>
    code
      .split('\n')
      .map((line) => line.trim())
      .join('');
  let count = 0;
  for (const doc of [README, join(root, 'docs', 'boundaries.md')]) {
    const text = readFileSync(doc, 'utf8');
    for (const [, path, code] of text.matchAll(/<!-- recipe: (\S+) -->\n```js\n([\s\S]*?)```/g)) {
      count++;
      const example = squash(readFileSync(join(root, path), 'utf8'));
      let at = 0;
      for (const line of code
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)) {
        const found = example.indexOf(line, at);
        assert.ok(found >= 0, `${doc}: ${path} has no "${line}" after what came before (the recipe drifted)`);
        at = found + line.length;
      }
    }
  }
  assert.ok(count >= 11, `expected the recipes of README.md and docs/boundaries.md, found ${count}`);
});

test('every example of examples/boundaries/ is a recipe of a tested part, and every recipe file exists', () => {
  const named = new Set([...RUNTIME_FACTS, ...BROWSER_FACTS].map((fact) => fact.example).filter(Boolean));
  for (const path of named) assert.ok(existsSync(join(root, path)), `${path} is missing`);
  // Every file is some part's recipe, or a module one of them imports (sqlite.mjs, the SQL that
  // the three SQLite drivers share).
  const files = readdirSync(join(root, 'examples', 'boundaries')).map((f) => `examples/boundaries/${f}`);
  for (const path of named)
    for (const [, file] of readFileSync(join(root, path), 'utf8').matchAll(/from '\.\/([\w.-]+)'/g))
      named.add(`examples/boundaries/${file}`);
  assert.deepEqual(
    files.filter((f) => !named.has(f)),
    [],
  );
});
