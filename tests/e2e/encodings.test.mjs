// End-to-end tests of the demo's "All encodings" view (www/encodings-pane.mjs) in headless
// Chromium, and its table in WebKit (WebKitGTK, Safari's engine): the page is served by
// scripts/serve.mjs on a free port and imports both entries of the built package
// (pkg/dist/wtf8-wasm.mjs and pkg/dist/encodings.mjs) through its import map.
// Selectors are data-testid / data-* attributes, never layout text.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, demoHarness } from './harness.mjs';
import { launchWebKit, noWebKit } from '../support/browsers.mjs';
import { startServer } from '../../scripts/serve.mjs';

const { problems, requested, openPage } = demoHarness();

/** The comparison table as the user sees it (cell text) plus its data-* attributes, keyed by encoding id. */
async function readEncodings(page) {
  const rows = await page.evaluate(encodingRows);
  return Object.fromEntries(rows.map((row) => [row.id, row]));
}

/** The comparison table's rows (runs in the page: Chromium's and WebKit's alike). */
function encodingRows() {
  return [...document.querySelectorAll('[data-testid="encoding-row"]')].map((tr) => {
    const cell = (id) => tr.querySelector(`[data-testid="${id}"]`);
    return {
      id: tr.dataset.encoding,
      bytes: tr.dataset.bytes ?? null,
      lossless: tr.dataset.lossless,
      errorCode: tr.dataset.errorCode ?? null,
      errorIndex: tr.dataset.errorIndex ?? null,
      countShown: cell('encoding-count').textContent,
      losslessShown: cell('encoding-lossless').textContent,
      strictShown: cell('encoding-strict').textContent,
      codeShown: cell('encoding-error-code')?.textContent ?? null,
      hexShown: cell('encoding-hex')?.textContent ?? null,
    };
  });
}

/** The table for a\uD83Db (a lone lead surrogate between two letters), wherever it is shown. */
function checkLoneLead(rows) {
  assert.deepEqual(Object.keys(rows), [
    'wtf-8',
    'utf-8',
    'utf-16le',
    'utf-16be',
    'utf-32le',
    'utf-32le-pass',
    'cesu-8',
    'modified-utf-8',
    'write-utf',
    'utf-8b',
    'corrected-utf-8',
  ]);
  const { 'wtf-8': wtf8, 'utf-8': utf8, 'utf-16le': utf16le, 'cesu-8': cesu8, 'utf-8b': utf8b } = rows;

  assert.deepEqual([wtf8.bytes, wtf8.countShown, wtf8.lossless, wtf8.errorCode], ['5', '5', 'true', null]);
  assert.match(wtf8.losslessShown, /lossless/);
  assert.equal(wtf8.hexShown, '61 ED A0 BD 62');

  assert.deepEqual([utf16le.bytes, utf16le.countShown, utf16le.lossless, utf16le.errorCode], ['6', '6', 'true', null]);
  assert.equal(utf16le.hexShown, '61 00 3D D8 62 00');

  assert.deepEqual(
    [cesu8.lossless, cesu8.errorCode, cesu8.errorIndex, cesu8.codeShown],
    ['false', 'LONE_SURROGATE', '1', 'LONE_SURROGATE'],
  );
  assert.match(cesu8.strictShown, /throws LONE_SURROGATE at index 1/);
  assert.match(cesu8.losslessShown, /lossy/);
  assert.equal(cesu8.hexShown, '61 EF BF BD 62', 'the lossy default writes U+FFFD');

  assert.deepEqual(
    [utf8b.bytes, utf8b.lossless, utf8b.errorCode, utf8b.errorIndex, utf8b.hexShown],
    [null, 'false', 'LONE_SURROGATE', '1', null],
  );
  assert.match(utf8b.losslessShown, /cannot encode/);

  assert.deepEqual([utf8.bytes, utf8.lossless, utf8.errorCode, utf8.errorIndex], ['5', 'false', 'LONE_SURROGATE', '1']);
  assert.deepEqual(
    [rows['utf-32le'].bytes, rows['utf-32le'].lossless, rows['utf-32le-pass'].bytes, rows['utf-32le-pass'].lossless],
    ['12', 'false', '12', 'true'],
  );
  assert.deepEqual(
    [
      rows['modified-utf-8'].bytes,
      rows['modified-utf-8'].lossless,
      rows['write-utf'].bytes,
      rows['write-utf'].lossless,
    ],
    ['5', 'true', '7', 'true'],
  );
  assert.deepEqual(
    [rows['corrected-utf-8'].lossless, rows['corrected-utf-8'].errorCode, rows['corrected-utf-8'].errorIndex],
    ['false', 'LONE_SURROGATE', '1'],
  );
}

/** The table for 😀 (U+1F600, a supplementary character), wherever it is shown. */
function checkEmoji(rows) {
  assert.deepEqual(
    [rows['cesu-8'].bytes, rows['cesu-8'].countShown, rows['cesu-8'].lossless, rows['cesu-8'].hexShown],
    ['6', '6', 'true', 'ED A0 BD ED B8 80'],
  );
  assert.deepEqual(
    [rows['wtf-8'].bytes, rows['utf-16le'].bytes, rows['utf-32le'].bytes, rows['corrected-utf-8'].bytes],
    ['4', '4', '4', '4'],
  );
  for (const row of Object.values(rows)) {
    assert.equal(row.lossless, 'true', `${row.id} keeps the emoji`);
    assert.equal(row.errorCode, null, `${row.id} strict succeeds`);
  }
}

async function typeString(page, text) {
  const input = page.locator('[data-testid="text-input"]');
  await input.fill('');
  await input.pressSequentially(text);
}

describe('all encodings', () => {
  test('a\\uD83Db: WTF-8 5 bytes lossless, UTF-16LE 6 bytes lossless, CESU-8 fails with LONE_SURROGATE at index 1, UTF-8B cannot encode it', async () => {
    const page = await openPage();
    await typeString(page, 'a\\uD83Db');
    const rows = await readEncodings(page);
    checkLoneLead(rows);
    assert.match(
      await page.textContent('[data-testid="encodings-summary"]'),
      /3 UTF-16 code units: 6 of 11 encodings keep the string exactly/,
    );
    await page.close();
  });

  test('an emoji is 4 bytes in WTF-8 and UTF-16, 6 in CESU-8, and every encoding keeps it', async () => {
    const page = await openPage('#s=%F0%9F%98%80');
    const rows = await readEncodings(page);
    checkEmoji(rows);
    await page.close();
  });

  test('follows the text box and the presets; shows what only one encoding rejects (C1 control, UTF-8B ambiguity)', async () => {
    const page = await openPage();
    await typeString(page, 'x\\x85');
    let rows = await readEncodings(page);
    assert.deepEqual(
      [rows['corrected-utf-8'].errorCode, rows['corrected-utf-8'].errorIndex, rows['corrected-utf-8'].lossless],
      ['C1_CONTROL', '1', 'false'],
    );
    assert.equal(rows['utf-8'].lossless, 'true');
    // A lone trail in U+DC80–U+DCFF is a raw byte to UTF-8B: it encodes, but reads back as something else.
    await typeString(page, '\\uDCC3\\uDCA9');
    rows = await readEncodings(page);
    assert.deepEqual(
      [rows['utf-8b'].bytes, rows['utf-8b'].hexShown, rows['utf-8b'].lossless, rows['utf-8b'].errorCode],
      ['2', 'C3 A9', 'false', null],
    );
    // A preset click re-renders the view too.
    await page.click('[data-testid="preset-reversed"]');
    rows = await readEncodings(page);
    assert.deepEqual([rows['cesu-8'].errorCode, rows['cesu-8'].errorIndex], ['LONE_SURROGATE', '0']);
    // Long byte strings are cut short on screen but counted in full.
    await typeString(page, 'é'.repeat(40));
    rows = await readEncodings(page);
    assert.equal(rows['wtf-8'].bytes, '80');
    assert.match(rows['wtf-8'].hexShown, /^C3 A9 .* … \(56 more\)$/);
    await page.close();
  });

  test('phone-size viewport: one card per encoding, no horizontal page overflow', async () => {
    const page = await openPage(`#s=${'%F0%9F%98%80x'.repeat(60)}%5CuD83D`, { viewport: PHONE });
    const { scrollWidth, clientWidth, display } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      display: getComputedStyle(document.querySelector('[data-testid="encoding-row"]')).display,
    }));
    assert.ok(scrollWidth <= clientWidth, `page is ${scrollWidth}px wide in a ${clientWidth}px viewport`);
    assert.equal(display, 'grid');
    await page.close();
  });
});

describe('the run as a whole', () => {
  test('the page loaded the encodings entry from /pkg/dist/encodings.mjs beside the main one', () => {
    const paths = requested.map((url) => new URL(url).pathname);
    assert.ok(paths.includes('/pkg/dist/encodings.mjs'));
    assert.ok(paths.includes('/pkg/dist/wtf8-wasm.mjs'));
  });

  test('no console errors, no page errors, no failed requests', () => {
    assert.deepEqual(problems, []);
  });
});

describe('all encodings in WebKit', { skip: noWebKit }, () => {
  let server;
  let browser;
  before(async () => {
    server = await startServer({ port: 0 });
    browser = await launchWebKit();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The page on `hash`, its table once shown, and the page errors and console errors meanwhile. */
  async function tableFor(hash) {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(server.url + hash);
    await page.waitForSelector('html[data-ready="true"] [data-testid="encoding-row"]', { timeout: 15_000 });
    const rows = await readEncodings(page);
    const summary = await page.evaluate(() => document.querySelector('[data-testid="encodings-summary"]').textContent);
    await page.close();
    return { rows, summary, errors };
  }

  test('a\\uD83Db: the same table as in Chromium', async () => {
    const { rows, summary, errors } = await tableFor('#s=a%5CuD83Db');
    checkLoneLead(rows);
    assert.match(summary, /3 UTF-16 code units: 6 of 11 encodings keep the string exactly/);
    assert.deepEqual(errors, []);
  });

  test('an emoji: the same table as in Chromium', async () => {
    const { rows, errors } = await tableFor('#s=%F0%9F%98%80');
    checkEmoji(rows);
    assert.deepEqual(errors, []);
  });
});
