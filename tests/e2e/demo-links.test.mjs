// The demo page's links to the package, its guides and its source (www/index.html, the header), in
// headless Chromium: they are there, named, reachable from the keyboard, and point where the
// package's own manifests do. Links are not followed (the page requests nothing from other hosts:
// the last test, as in demo.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoHarness, root } from './harness.mjs';

const { problems, openPage } = demoHarness();

// The repository URL as Cargo.toml and the published package.json give it.
const cargoRepository = /^repository = "(.*)"$/m.exec(readFileSync(join(root, 'Cargo.toml'), 'utf8'))[1];
const npmRepository = JSON.parse(readFileSync(join(root, 'pkg-template', 'package.json'), 'utf8')).repository.url;

test('the manifests agree on the repository URL that the page links', () => {
  assert.equal(npmRepository, `git+${cargoRepository}.git`);
});

test('the header links the npm package, the guides and the source, each named and reachable by Tab', async () => {
  const page = await openPage();
  const links = await page.$$eval('nav[data-testid="project-links"] a', (anchors) =>
    anchors.map((a) => ({ name: a.textContent.trim(), href: a.href, visible: a.getBoundingClientRect().width > 0 })),
  );
  assert.deepEqual(links, [
    { name: 'npm package', href: 'https://www.npmjs.com/package/wtf8-wasm', visible: true },
    { name: 'Guides', href: `${cargoRepository}/tree/HEAD/docs`, visible: true },
    { name: 'Source', href: cargoRepository, visible: true },
  ]);
  assert.ok(await page.locator('nav[data-testid="project-links"]').getAttribute('aria-label'));

  // From the top of the page: the skip link, then the three links in order.
  const focused = [];
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    focused.push(await page.evaluate(() => document.activeElement.textContent.trim()));
  }
  assert.deepEqual(focused, ['Skip to the string input', 'npm package', 'Guides', 'Source']);
  await page.close();
});

test('no console errors, no page errors, no failed requests, nothing from other hosts', () => {
  assert.deepEqual(problems, []);
});
