// End-to-end tests of the demo's live boundary check (www/boundaries.mjs) in headless Chromium:
// the string of the text box, stored in this browser's IndexedDB, localStorage, Cache API and OPFS
// and read back, put through TextEncoder → TextDecoder, and through WTF-8. Each test pins what
// Chromium does today (engines.test.mjs pins the same for Gecko and WebKit), so a change in the
// browser shows.
// Selectors are data-testid / data-* attributes, never layout text.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, demoHarness } from './harness.mjs';

const { problems, openPage } = demoHarness();

const byTestId = (id) => `[data-testid="${id}"]`;

/** The name the checks give their database, cache, OPFS file (plus .txt) and localStorage key. */
const CHECK_NAME = 'wtf8-wasm-demo-boundary-check';

/** What the lone surrogate of a\uD83Db does at each boundary, in Chromium, in the page's escapes. */
const LONE_RESULTS = {
  indexeddb: { result: 'kept', how: null, returned: 'a\\uD83Db' },
  localstorage: { result: 'kept', how: null, returned: 'a\\uD83Db' },
  cache: { result: 'lost', how: 'replaced', returned: 'a\uFFFDb' },
  opfs: { result: 'lost', how: 'replaced', returned: 'a\uFFFDb' },
  textencoder: { result: 'lost', how: 'replaced', returned: 'a\uFFFDb' },
  'wtf-8': { result: 'kept', how: null, returned: 'a\\uD83Db' },
};

async function typeString(page, text) {
  const input = page.locator(byTestId('text-input'));
  await input.fill('');
  await input.pressSequentially(text);
}

/** Waits until the results shown are for the string `escaped` (written as the page's toEscapes writes it). */
async function resultsFor(page, escaped) {
  await page.waitForFunction(
    (wanted) => {
      const table = document.querySelector('[data-testid="boundaries-table"]');
      return table.dataset.state === 'done' && table.dataset.checked === wanted;
    },
    escaped,
    { timeout: 10_000 },
  );
}

/** The boundary rows as the user sees them (cell text) plus their data-* attributes, keyed by id. */
async function readBoundaries(page) {
  const rows = await page.$$eval(byTestId('boundary-row'), (trs) =>
    trs.map((tr) => {
      const cell = (id) => tr.querySelector(`[data-testid="${id}"]`);
      return {
        id: tr.dataset.boundary,
        result: tr.dataset.result,
        how: tr.dataset.how ?? null,
        returned: tr.dataset.returned ?? null,
        reason: tr.dataset.reason ?? null,
        resultShown: cell('boundary-result').textContent,
        literalShown: cell('boundary-literal')?.textContent ?? null,
        howShown: cell('boundary-how')?.textContent ?? null,
        reasonShown: cell('boundary-reason')?.textContent ?? null,
      };
    }),
  );
  return Object.fromEntries(rows.map((row) => [row.id, row]));
}

const summaryOf = (page) => page.textContent(byTestId('boundaries-summary'));

/**
 * Runs in the page: makes the next `caches.open` wait `ms` before it starts, and records each
 * string whose results get shown, so that a test can hold one check in flight and see what shows.
 */
function slowNextCacheAndRecord(ms) {
  const open = CacheStorage.prototype.open;
  window.cacheOpens = 0;
  CacheStorage.prototype.open = async function (...args) {
    window.cacheOpens++;
    if (window.cacheOpens === 1) await new Promise((resolve) => setTimeout(resolve, ms));
    return open.apply(this, args);
  };
  window.shown = [];
  const table = document.querySelector('[data-testid="boundaries-table"]');
  new MutationObserver(() => {
    if (table.dataset.state === 'done') window.shown.push(table.dataset.checked);
  }).observe(table, { attributes: true, attributeFilter: ['data-state'] });
}

describe('boundaries', () => {
  test('a\\uD83Db: IndexedDB, localStorage and WTF-8 keep it; the Cache API, OPFS and TextEncoder replace the lone surrogate with U+FFFD', async () => {
    const page = await openPage('#s=x');
    await resultsFor(page, 'x');
    await typeString(page, 'a\\uD83Db');
    const typed = Date.now();
    await resultsFor(page, 'a\\uD83Db');
    const waited = Date.now() - typed;
    const rows = await readBoundaries(page);
    assert.deepEqual(Object.keys(rows), ['indexeddb', 'localstorage', 'cache', 'opfs', 'textencoder', 'wtf-8']);
    for (const [id, expected] of Object.entries(LONE_RESULTS)) {
      const row = rows[id];
      assert.deepEqual({ result: row.result, how: row.how, returned: row.returned }, expected, id);
      // On screen: the verdict in words, and the returned string as a literal in escapes.
      assert.match(row.resultShown, expected.result === 'kept' ? /^✓kept$/ : /^✗lost$/, id);
      assert.equal(row.literalShown, `"${expected.returned}"`, id);
      if (expected.how === 'replaced') {
        assert.equal(row.howShown, 'The lone surrogate D83D at index 1 came back as U+FFFD.', id);
      } else {
        assert.equal(row.howShown, null, id);
      }
    }
    assert.equal(
      await summaryOf(page),
      'For "a\\uD83Db", 3 of 6 keep it; lost by Cache API, OPFS and TextEncoder → TextDecoder.',
    );
    // The replacement is marked in the literal, and no lone surrogate is written to the page.
    assert.equal(await page.locator(`[data-boundary="cache"] mark.lost`).textContent(), '\uFFFD');
    assert.ok(
      await page.evaluate(() => document.querySelector('[data-testid="boundaries"]').textContent.isWellFormed()),
    );
    // Quick: the checks themselves take well under a second, and so does the wait after typing.
    const took = Number(await page.getAttribute(byTestId('boundaries-table'), 'data-took-ms'));
    assert.ok(took < 1000, `the checks took ${took} ms`);
    assert.ok(waited < 2000, `results came ${waited} ms after the last key`);

    await typeString(page, 'a\\u{1F600}b é');
    await resultsFor(page, 'a😀b é');
    const wellFormed = await readBoundaries(page);
    for (const row of Object.values(wellFormed)) {
      assert.deepEqual([row.id, row.result, row.returned, row.howShown], [row.id, 'kept', 'a😀b é', null]);
    }
    assert.equal(await summaryOf(page), 'For "a😀b é", all 6 keep it.');
    await page.close();
  });

  test('a later input replaces a check still running: only the newest string gets results', async () => {
    const page = await openPage('#s=ab');
    await resultsFor(page, 'ab');
    await page.evaluate(slowNextCacheAndRecord, 800);
    await page.fill(byTestId('text-input'), 'a\\uD83Db');
    // The check of a\uD83Db has started (past the debounce) and is held up in caches.open.
    await page.waitForFunction(() => window.cacheOpens === 1);
    assert.equal(await page.getAttribute(byTestId('boundaries-table'), 'data-state'), 'checking');
    await page.fill(byTestId('text-input'), 'x\\uDC00y');
    await resultsFor(page, 'x\\uDC00y');
    // Long enough for the held-up check to have finished: its results must not have been shown.
    await page.waitForTimeout(1000);
    assert.deepEqual(await page.evaluate(() => window.shown), ['x\\uDC00y']);
    assert.equal(await page.getAttribute(byTestId('boundaries-table'), 'data-checked'), 'x\\uDC00y');
    const rows = await readBoundaries(page);
    assert.deepEqual(
      Object.values(rows).map((row) => [row.id, row.result, row.returned]),
      [
        ['indexeddb', 'kept', 'x\\uDC00y'],
        ['localstorage', 'kept', 'x\\uDC00y'],
        ['cache', 'lost', 'x\uFFFDy'],
        ['opfs', 'lost', 'x\uFFFDy'],
        ['textencoder', 'lost', 'x\uFFFDy'],
        ['wtf-8', 'kept', 'x\\uDC00y'],
      ],
    );
    assert.equal(await page.evaluate(() => window.cacheOpens), 2, 'both checks ran, one after the other');
    await page.close();
  });

  test('the checks remove what they store and leave everything else of the origin alone', async () => {
    const page = await openPage('#s=ab');
    await resultsFor(page, 'ab');
    await page.evaluate(async () => {
      localStorage.setItem('other', 'mine');
      await (await caches.open('other')).put('/other', new Response('mine'));
      const db = await new Promise((resolve, reject) => {
        const opening = indexedDB.open('other', 1);
        opening.onupgradeneeded = () => opening.result.createObjectStore('s');
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      db.close();
      const root = await navigator.storage.getDirectory();
      const writable = await (await root.getFileHandle('other.txt', { create: true })).createWritable();
      await writable.write('mine');
      await writable.close();
    });
    await page.fill(byTestId('text-input'), 'a\\uD83Db');
    await resultsFor(page, 'a\\uD83Db');
    const left = await page.evaluate(async () => ({
      localStorage: Object.keys(localStorage),
      caches: await caches.keys(),
      databases: (await indexedDB.databases()).map((db) => db.name),
      files: await Array.fromAsync((await navigator.storage.getDirectory()).keys()),
      other: await (await (await caches.open('other')).match('/other')).text(),
    }));
    assert.deepEqual(left, {
      localStorage: ['other'],
      caches: ['other'],
      databases: ['other'],
      files: ['other.txt'],
      other: 'mine',
    });
    assert.ok(!JSON.stringify(left).includes(CHECK_NAME));
    await page.close();
  });

  test('a storage the browser refuses or lacks is "not available here", with the reason, and no page error', async () => {
    const page = await openPage('#s=a%5CuD83Db', {
      // As in a private window or with site data blocked: localStorage throws on access, the Cache
      // API refuses to open, and this browser has no OPFS.
      before: (p) =>
        p.addInitScript(() => {
          delete StorageManager.prototype.getDirectory;
          Object.defineProperty(window, 'localStorage', {
            get() {
              throw new DOMException('The operation is insecure.', 'SecurityError');
            },
          });
          CacheStorage.prototype.open = () => Promise.reject(new DOMException('Blocked here.', 'SecurityError'));
        }),
    });
    await resultsFor(page, 'a\\uD83Db');
    const rows = await readBoundaries(page);
    assert.deepEqual(
      Object.values(rows).map((row) => [row.id, row.result, row.reason]),
      [
        ['indexeddb', 'kept', null],
        ['localstorage', 'unavailable', 'SecurityError: The operation is insecure.'],
        ['cache', 'unavailable', 'SecurityError: Blocked here.'],
        ['opfs', 'unavailable', 'navigator.storage.getDirectory is missing'],
        ['textencoder', 'lost', null],
        ['wtf-8', 'kept', null],
      ],
    );
    assert.equal(rows.opfs.resultShown, '–not available here');
    assert.equal(rows.opfs.reasonShown, 'navigator.storage.getDirectory is missing');
    assert.equal(
      await summaryOf(page),
      'For "a\\uD83Db", 2 of 3 keep it; lost by TextEncoder → TextDecoder. Not available here: localStorage, Cache API and OPFS.',
    );
    await page.close();
  });

  test('phone width: the results fit, a long string is shown around its lone surrogate', async () => {
    for (const colorScheme of ['light', 'dark']) {
      const page = await openPage(`#s=${'x'.repeat(400)}%5CuD83D${'y'.repeat(50)}`, { viewport: PHONE, colorScheme });
      await resultsFor(page, `${'x'.repeat(400)}\\uD83D${'y'.repeat(50)}`);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      assert.ok(scrollWidth <= clientWidth, `page is ${scrollWidth}px wide in a ${clientWidth}px viewport`);
      const rows = await readBoundaries(page);
      assert.equal(rows.indexeddb.literalShown, `…${'x'.repeat(20)}\\uD83D${'y'.repeat(50)}"`);
      assert.equal(rows.textencoder.literalShown, `…${'x'.repeat(20)}\uFFFD${'y'.repeat(50)}"`);
      assert.equal(rows.textencoder.howShown, 'The lone surrogate D83D at index 400 came back as U+FFFD.');
      await page.close();
    }
  });

  test('no console errors, no page errors, no failed requests, nothing from other hosts', () => {
    assert.deepEqual(problems, []);
  });
});
