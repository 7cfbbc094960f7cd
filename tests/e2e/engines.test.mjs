// The demo page in the two other engines: Gecko (Debian's Firefox ESR, over WebDriver BiDi by
// puppeteer-core) and WebKit (WebKitGTK, Safari's engine, over WebDriver by
// tests/support/browsers.mjs). The full behaviour is tested in Chromium (demo.test.mjs,
// demo-boundaries.test.mjs); this checks, in each, that the page loads the package, breaks a
// string down and reports a strict error, and pins what the engine's own storage does to a lone
// surrogate (the page's boundary check), and that the newest input wins.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { FIREFOX, launchFirefox, launchWebKit, noWebKit } from '../support/browsers.mjs';
import { startServer } from '../../scripts/serve.mjs';

/** Sets the text box as pasting does (one input event). */
function setText(page, text) {
  return page.evaluate((value) => {
    const input = document.querySelector('[data-testid="text-input"]');
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

const LOST = ['lost', 'a\uFFFDb', '✗lost'];

const ENGINES = [
  {
    name: 'Firefox',
    skip: !existsSync(FIREFOX) && `no Firefox at ${FIREFOX} (bash scripts/setup.sh installs it)`,
    launch: launchFirefox,
    // Real keystrokes, one input event each (puppeteer's keyboard).
    async type(page, text) {
      await setText(page, '');
      await page.type('[data-testid="text-input"]', text);
    },
    opfs: LOST,
    summary: 'For "a\\uD83Db", 3 of 6 keep it; lost by Cache API, OPFS and TextEncoder → TextDecoder.',
  },
  {
    name: 'WebKit',
    skip: noWebKit,
    launch: launchWebKit,
    // WebKit's driver here has no keyboard: the text is pasted.
    type: setText,
    // WebKitGTK 2.50's MiniBrowser has no navigator.storage (so no OPFS), on 127.0.0.1 as anywhere.
    opfs: ['unavailable', null, '–not available here'],
    summary:
      'For "a\\uD83Db", 3 of 5 keep it; lost by Cache API and TextEncoder → TextDecoder. Not available here: OPFS.',
  },
];

/** Waits until the boundary results shown are for the string `escaped` (as the page's toEscapes writes it). */
async function boundariesFor(page, escaped) {
  await page.waitForFunction(
    (wanted) => {
      const table = document.querySelector('[data-testid="boundaries-table"]');
      return table.dataset.state === 'done' && table.dataset.checked === wanted;
    },
    { timeout: 10_000 },
    escaped,
  );
}

/** `id → [result, returned string in escapes, the verdict as shown]` for each boundary row. */
function readBoundaries(page) {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('[data-testid="boundary-row"]')].map((row) => [
        row.dataset.boundary,
        [row.dataset.result, row.dataset.returned, row.querySelector('[data-testid="boundary-result"]').textContent],
      ]),
    ),
  );
}

for (const engine of ENGINES) {
  const { name, skip } = engine;
  describe(name, () => {
    let server;
    let browser;

    before(async () => {
      if (skip) return;
      server = await startServer({ port: 0 });
      browser = await engine.launch();
    });

    after(async () => {
      await browser?.close();
      await server?.close();
    });

    /**
     * A new page that records page errors and console errors in `errors` (in WebKit from the
     * moment it has loaded: its driver reports nothing of the load itself; the page's readiness
     * attribute shows that it loaded).
     */
    async function openPage(hash) {
      const page = await browser.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      await page.goto(`${server.url}${hash}`);
      await page.waitForSelector('html[data-ready="true"]', { timeout: 15_000 });
      return { page, errors };
    }

    test(`${name}: the page breaks a\\uD83Db down and reports OVERLONG at offset 1`, { skip }, async () => {
      const { page, errors } = await openPage('#s=a%5CuD83Db&x=61%20C0%20AF&m=strict');
      const seen = await page.evaluate(() => ({
        kinds: [...document.querySelectorAll('[data-testid="breakdown"] [data-testid="segment"]')].map(
          (row) => row.dataset.kind,
        ),
        lone: document.querySelector('[data-testid="breakdown"] [data-kind="lone-lead"] [data-testid="seg-wtf8"]')
          .dataset.bytes,
        utf8: document.querySelector('[data-testid="utf8-hex"]').textContent,
        code: document.querySelector('[data-testid="decode-error"]')?.dataset.code,
        offset: document.querySelector('[data-testid="decode-error"]')?.dataset.offset,
      }));
      assert.deepEqual(seen, {
        kinds: ['ascii', 'lone-lead', 'ascii'],
        lone: 'ED A0 BD',
        utf8: '61 EF BF BD 62',
        code: 'OVERLONG',
        offset: '1',
      });
      assert.deepEqual(errors, []);
      await page.close();
    });

    test(`${name}: what this engine's storage does to a\\uD83Db; the newest input wins`, { skip }, async () => {
      const { page, errors } = await openPage('#s=ab');
      await boundariesFor(page, 'ab');

      await engine.type(page, 'a\\uD83Db');
      await boundariesFor(page, 'a\\uD83Db');
      assert.deepEqual(await readBoundaries(page), {
        indexeddb: ['kept', 'a\\uD83Db', '✓kept'],
        localstorage: ['kept', 'a\\uD83Db', '✓kept'],
        cache: LOST,
        opfs: engine.opfs,
        textencoder: LOST,
        'wtf-8': ['kept', 'a\\uD83Db', '✓kept'],
      });
      assert.equal(
        await page.evaluate(() => document.querySelector('[data-testid="boundaries-summary"]').textContent),
        engine.summary,
      );

      await setText(page, 'a😀b é');
      await boundariesFor(page, 'a😀b é');
      const rows = await readBoundaries(page);
      assert.deepEqual(rows.opfs, engine.opfs[0] === 'unavailable' ? engine.opfs : ['kept', 'a😀b é', '✓kept']);
      delete rows.opfs;
      assert.deepEqual(
        Object.values(rows).map(([result, returned]) => [result, returned]),
        Array(5).fill(['kept', 'a😀b é']),
      );

      // Hold the next check up in caches.open, type again meanwhile: only the newest string is shown.
      await page.evaluate(() => {
        const open = CacheStorage.prototype.open;
        window.cacheOpens = 0;
        CacheStorage.prototype.open = async function (...args) {
          if (++window.cacheOpens === 1) await new Promise((resolve) => setTimeout(resolve, 800));
          return open.apply(this, args);
        };
        window.shown = [];
        const table = document.querySelector('[data-testid="boundaries-table"]');
        new MutationObserver(() => table.dataset.state === 'done' && window.shown.push(table.dataset.checked)).observe(
          table,
          { attributes: true, attributeFilter: ['data-state'] },
        );
      });
      await setText(page, 'a\\uD83Db');
      await page.waitForFunction(() => window.cacheOpens === 1, { timeout: 10_000 });
      await setText(page, 'x\\uDC00y');
      await boundariesFor(page, 'x\\uDC00y');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      assert.deepEqual(await page.evaluate(() => window.shown), ['x\\uDC00y']);
      assert.deepEqual((await readBoundaries(page)).cache, ['lost', 'x\uFFFDy', '✗lost']);
      assert.deepEqual(errors, []);
      await page.close();
    });
  });
}
