// End-to-end tests of the demo page (www/) in headless Chromium: the page is served by
// scripts/serve.mjs, started in-process on a free port, and imports the built package from pkg/
// exactly as a user's page would. Selectors are data-testid attributes, never layout text.
//
//   node --test --test-reporter=spec tests/e2e/*.test.mjs
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DESKTOP, PHONE, demoHarness } from './harness.mjs';

const harness = demoHarness();
const { problems, requested, openPage } = harness;

const byTestId = (id) => `[data-testid="${id}"]`;

/** The rows of a breakdown table, read from the DOM: what the user sees plus the data-* attributes. */
function readRows(page, table = 'breakdown') {
  return page.$$eval(`${byTestId(table)} ${byTestId('segment')}`, (rows) =>
    rows.map((row) => {
      const cell = (key) => row.querySelector(`[data-testid="seg-${key}"]`);
      const texts = (element, id) => [...element.querySelectorAll(`[data-testid="${id}"]`)].map((e) => e.textContent);
      return {
        kind: row.dataset.kind,
        error: row.dataset.error ?? null,
        index: cell('index').textContent,
        offset: cell('offset').textContent,
        units: cell('units').dataset.units,
        unitsShown: cell('units').textContent,
        codePoint: cell('codepoint').textContent,
        kindLabel: cell('kind').querySelector('[data-testid="kind-pill"]').textContent,
        bytes: cell('wtf8').dataset.bytes,
        bytesShown: texts(cell('wtf8'), 'byte-hex').join(' '),
        markers: texts(cell('wtf8'), 'bits-marker'),
        payloads: [...cell('wtf8').querySelectorAll('[data-testid="byte-bits"]')].map(
          (bits) => bits.querySelector('[data-testid="bits-payload"]')?.textContent ?? '',
        ),
        utf8: cell('utf8').dataset.bytes,
        utf8Shown: cell('utf8').querySelector('code').textContent,
        background: getComputedStyle(row).backgroundColor,
      };
    }),
  );
}

const text = (page, id) => page.textContent(byTestId(id));
const attr = (page, id, name) => page.getAttribute(byTestId(id), name);

/** Waits for the live boundary check (tested in demo-boundaries.test.mjs) to show its results. */
const boundariesShown = (page) =>
  page.waitForSelector(`${byTestId('boundaries-table')}[data-state="done"]`, { timeout: 10_000 });

describe('string → bytes', () => {
  test('typing a\\uD83Db shows 3 rows: a lone lead ED A0 BD between two ASCII rows, lossy UTF-8 61 EF BF BD 62', async () => {
    const page = await openPage();
    const input = page.locator(byTestId('text-input'));
    await input.fill('');
    await input.pressSequentially('a\\uD83Db');
    assert.equal(await input.inputValue(), 'a\\uD83Db');

    const rows = await readRows(page);
    assert.deepEqual(
      rows.map((row) => row.kind),
      ['ascii', 'lone-lead', 'ascii'],
    );
    const [a, lone, b] = rows;
    assert.equal(lone.bytes, 'ED A0 BD');
    assert.equal(lone.bytesShown, 'ED A0 BD', 'the hex is on screen, not only in an attribute');
    assert.equal(lone.units, 'D83D');
    assert.equal(lone.codePoint, 'U+D83D');
    assert.match(lone.kindLabel, /lone lead/);
    assert.deepEqual(lone.markers, ['1110', '10', '10']);
    assert.deepEqual(lone.payloads, ['1101', '100000', '111101']);
    assert.equal(lone.utf8, 'EF BF BD');
    assert.equal(lone.utf8Shown, 'EF BF BD');
    assert.deepEqual([a.index, lone.index, b.index], ['0', '1', '2']);
    assert.deepEqual([a.offset, lone.offset, b.offset], ['0', '1', '4']);
    assert.notEqual(lone.background, a.background, 'the lone surrogate row stands out');

    assert.equal(await text(page, 'wtf8-hex'), '61 ED A0 BD 62');
    assert.equal(await text(page, 'utf8-hex'), '61 EF BF BD 62');
    assert.equal(await text(page, 'len-units'), '3');
    assert.equal(await text(page, 'len-wtf8'), '5');
    assert.equal(await text(page, 'len-utf8'), '5');
    assert.equal(await attr(page, 'well-formed', 'data-value'), 'false');
    assert.equal(await attr(page, 'strict-utf8', 'data-code'), 'LONE_SURROGATE');
    assert.equal(await attr(page, 'strict-utf8', 'data-index'), '1');
    assert.equal(await text(page, 'strict-utf8-code'), 'LONE_SURROGATE');
    assert.equal(await text(page, 'strict-utf8-index'), '1');
    // What TextEncoder + TextDecoder make of it: a labelled replacement, never an invisible character.
    assert.equal(
      await page.locator(`${byTestId('roundtrip-utf8-string')} ${byTestId('replacement-badge')}`).count(),
      1,
    );
    assert.equal(await page.locator(`${byTestId('roundtrip-wtf8-string')} ${byTestId('lone-badge')}`).count(), 1);
    assert.match(await page.evaluate(() => location.hash), /^#s=a%5CuD83Db&/);
    await page.close();
  });

  test('an emoji is one 4-byte row F0 9F 98 80 with its bit pattern, typed or escaped', async () => {
    const page = await openPage();
    for (const typed of ['😀', '\\u{1F600}', '\\uD83D\\uDE00']) {
      await page.fill(byTestId('text-input'), typed);
      const rows = await readRows(page);
      assert.equal(rows.length, 1, typed);
      const [row] = rows;
      assert.equal(row.kind, '4-byte');
      assert.match(row.kindLabel, /4-byte/);
      assert.equal(row.bytes, 'F0 9F 98 80');
      assert.equal(row.bytesShown, 'F0 9F 98 80');
      assert.equal(row.units, 'D83D DE00');
      assert.equal(row.codePoint, 'U+1F600');
      assert.deepEqual(row.markers, ['11110', '10', '10', '10']);
      assert.deepEqual(row.payloads, ['000', '011111', '011000', '000000']);
      assert.equal(row.utf8, 'F0 9F 98 80');
      assert.equal(await attr(page, 'well-formed', 'data-value'), 'true');
    }
    // Marker and payload bits look different (not only a different colour).
    const [marker, payload] = await page.evaluate(() =>
      ['bits-marker', 'bits-payload'].map((id) => {
        const style = getComputedStyle(document.querySelector(`[data-testid="breakdown"] [data-testid="${id}"]`));
        return { background: style.backgroundColor, weight: style.fontWeight, border: style.borderTopStyle };
      }),
    );
    assert.notEqual(marker.background, 'rgba(0, 0, 0, 0)', 'marker bits are boxed');
    assert.equal(marker.border, 'solid');
    assert.equal(payload.weight, '700', 'payload bits are bold');
    await page.close();
  });

  test('every kind gets its own labelled colour', async () => {
    const page = await openPage();
    await page.fill(byTestId('text-input'), 'aé€😀\\uDC00\\uD800');
    const rows = await readRows(page);
    assert.deepEqual(
      rows.map((row) => row.kind),
      ['ascii', '2-byte', '3-byte', '4-byte', 'lone-trail', 'lone-lead'],
    );
    await page.fill(byTestId('hex-input'), 'FF');
    const [invalid] = await readRows(page, 'decode-breakdown');
    const pills = await page.$$eval(
      `${byTestId('breakdown')} ${byTestId('kind-pill')}, ${byTestId('decode-breakdown')} ${byTestId('kind-pill')}`,
      (elements) => elements.map((e) => ({ label: e.textContent, background: getComputedStyle(e).backgroundColor })),
    );
    assert.equal(invalid.kind, 'invalid');
    assert.deepEqual(
      pills.map((p) => p.label.replace('!', '')),
      ['ASCII', '2-byte', '3-byte', '4-byte', 'lone trail', 'lone lead', 'invalid'],
    );
    assert.equal(new Set(pills.map((p) => p.background)).size, 7, 'seven distinct colours');
    await page.close();
  });

  test('escape problems are reported, and kept as typed', async () => {
    const page = await openPage();
    await page.fill(byTestId('text-input'), 'x\\uD8');
    assert.match(await text(page, 'text-problems'), /\\u/);
    assert.equal((await readRows(page)).length, 5, 'x \\ u D 8');
    await page.fill(byTestId('text-input'), 'C:\\\\dir');
    assert.equal(await text(page, 'text-problems'), '');
    assert.equal(await text(page, 'len-units'), '6');
    await page.close();
  });

  test('copy buttons put the hex on the clipboard', async () => {
    const page = await openPage('#s=a%5CuD83Db');
    await harness.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(harness.server.url).origin,
    });
    await page.click(byTestId('copy-wtf8'));
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), '61 ED A0 BD 62');
    assert.match(await text(page, 'copy-status'), /Copied 5 bytes/);
    await page.click(byTestId('copy-utf8'));
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), '61 EF BF BD 62');
    await page.close();
  });
});

describe('bytes → string', () => {
  test('strict mode: ED A0 80 ED B0 80 is SURROGATE_PAIR at offset 3, 61 C0 AF is OVERLONG at offset 1', async () => {
    const page = await openPage();
    await page.check(byTestId('mode-strict'));
    const cases = [
      { hex: 'ED A0 80 ED B0 80', code: 'SURROGATE_PAIR', offset: 3, marked: ['3', '4', '5'] },
      { hex: '61 C0 AF', code: 'OVERLONG', offset: 1, marked: ['1'] },
      { hex: 'F0 9F 98', code: 'TRUNCATED', offset: 0, marked: ['0', '1', '2'] },
    ];
    for (const { hex, code, offset, marked } of cases) {
      await page.fill(byTestId('hex-input'), hex);
      const error = page.locator(byTestId('decode-error'));
      assert.equal(await error.count(), 1, hex);
      assert.equal(await error.getAttribute('data-code'), code);
      assert.equal(await error.getAttribute('data-offset'), String(offset));
      assert.equal(await text(page, 'error-code'), code, 'the code is on screen');
      assert.equal(await text(page, 'error-offset'), String(offset), 'the offset is on screen');
      // The byte view highlights the offending bytes, starting at the offset.
      const cells = await page.$$eval(`${byTestId('byte-view')} ${byTestId('byte-cell')}`, (elements) =>
        elements.map((e) => ({
          offset: e.dataset.offset,
          error: e.dataset.error === 'true',
          outline: getComputedStyle(e).boxShadow,
        })),
      );
      assert.deepEqual(
        cells.filter((c) => c.error).map((c) => c.offset),
        marked,
        hex,
      );
      assert.notEqual(cells.find((c) => c.error).outline, cells.find((c) => !c.error)?.outline ?? 'none');
      // The breakdown row of the offending bytes is highlighted too.
      const flagged = await page.$$eval(`${byTestId('decode-breakdown')} tr.strict-error`, (rows) =>
        rows.map((r) => r.querySelector('[data-testid="seg-offset"]').textContent),
      );
      assert.deepEqual(flagged, [String(offset)]);
    }
    await page.close();
  });

  test('lenient mode: lone surrogates are labelled badges, bad bytes are labelled U+FFFD', async () => {
    const page = await openPage();
    await page.check(byTestId('mode-lenient'));
    await page.fill(byTestId('hex-input'), '61 ED A0 BD 62');
    assert.equal(await page.locator(byTestId('decode-error')).count(), 0);
    const decoded = page.locator(byTestId('decoded-string'));
    assert.equal(await decoded.locator(byTestId('lone-badge')).count(), 1);
    assert.match(await decoded.locator(byTestId('lone-badge')).textContent(), /lone lead D83D/);
    assert.ok(
      await decoded.evaluate((e) => e.textContent.isWellFormed()),
      'no lone surrogate is written to the page as a character',
    );
    assert.equal(await text(page, 'decoded-literal'), '"a\\uD83Db"');
    assert.equal(await text(page, 'decoded-units'), '0061 D83D 0062');
    assert.equal(await attr(page, 'utf8-check', 'data-valid'), 'false');

    await page.fill(byTestId('hex-input'), '0x61, 0xC0, 0xAF');
    assert.equal(await decoded.locator(byTestId('replacement-badge')).getAttribute('data-count'), '2');
    assert.equal(await text(page, 'decoded-units'), '0061 FFFD FFFD');
    assert.match(await text(page, 'decode-compare'), /OVERLONG/);
    assert.deepEqual(
      (await readRows(page, 'decode-breakdown')).map((r) => [r.kind, r.error]),
      [
        ['ascii', null],
        ['invalid', 'OVERLONG'],
        ['invalid', 'UNEXPECTED_CONTINUATION'],
      ],
    );

    await page.fill(byTestId('hex-input'), 'ED A0 8');
    assert.equal(await text(page, 'hex-problem'), '');
    await page.fill(byTestId('hex-input'), 'ED A0 8G');
    assert.match(await text(page, 'hex-problem'), /Column 8/);
    await page.close();
  });

  test('the two panes hand strings and bytes to each other', async () => {
    const page = await openPage('#s=a%5CuD83Db');
    await page.click(byTestId('send-to-decode'));
    assert.equal(await page.inputValue(byTestId('hex-input')), '61 ED A0 BD 62');
    await page.fill(byTestId('text-input'), '');
    await page.click(byTestId('inspect-decoded'));
    assert.equal(await page.inputValue(byTestId('text-input')), 'a\\uD83Db');
    assert.deepEqual(
      (await readRows(page)).map((r) => r.kind),
      ['ascii', 'lone-lead', 'ascii'],
    );
    await page.close();
  });
});

describe('links', () => {
  test('a preset click and a URL with its hash reproduce the input', async () => {
    const page = await openPage();
    await page.click(byTestId('preset-windows'));
    const input = await page.inputValue(byTestId('text-input'));
    assert.equal(input, 'C:\\\\Users\\\\Ana\\\\report\\uDC00.txt');
    const rows = await readRows(page);
    assert.equal(rows.filter((r) => r.kind === 'lone-trail').length, 1);
    await page.click(byTestId('byte-preset-cesu'));
    await page.check(byTestId('mode-strict'));
    const url = page.url();
    assert.match(url, /#s=.*&x=.*&m=strict$/);
    await page.close();

    const again = await openPage(new URL(url).hash);
    assert.equal(await again.inputValue(byTestId('text-input')), input);
    assert.deepEqual(await readRows(again), rows);
    assert.equal(await again.inputValue(byTestId('hex-input')), 'ED A0 80 ED B0 80');
    assert.ok(await again.isChecked(byTestId('mode-strict')));
    assert.equal(await attr(again, 'decode-error', 'data-code'), 'SURROGATE_PAIR');
    await again.close();
  });

  test('hand-written hashes work, and so does changing the hash in place', async () => {
    const page = await openPage('#s=%5CuDE00%5CuD83Dko&x=61%20C0%20AF&m=strict');
    assert.equal(await page.inputValue(byTestId('text-input')), '\\uDE00\\uD83Dko');
    assert.deepEqual(
      (await readRows(page)).map((r) => r.kind),
      ['lone-trail', 'lone-lead', 'ascii', 'ascii'],
    );
    assert.equal(await attr(page, 'decode-error', 'data-code'), 'OVERLONG');
    assert.equal(await attr(page, 'decode-error', 'data-offset'), '1');
    // A bare hash is the string; percent-encoded WTF-8 carries a real lone surrogate.
    await page.evaluate(() => {
      location.hash = '#caf%C3%A9%ED%A0%BD';
    });
    await page.waitForFunction(() => document.querySelector('[data-testid="text-input"]').value.startsWith('caf'));
    assert.deepEqual(
      (await readRows(page)).map((r) => r.kind),
      ['ascii', 'ascii', 'ascii', '2-byte', 'lone-lead'],
    );
    await page.close();
  });
});

describe('layout and access', () => {
  test('phone-size viewport: no horizontal page overflow', async () => {
    const hashes = [
      '',
      '#s=Hi%20%5CuD83D%20A%C3%A9%E2%82%AC%F0%9F%98%80&x=ED%20A0%2080%20ED%20B0%2080&m=strict',
      `#s=${'x'.repeat(400)}%5CuD83D&x=${'ED'.repeat(300)}`,
    ];
    for (const hash of hashes) {
      for (const colorScheme of ['light', 'dark']) {
        const page = await openPage(hash, { viewport: PHONE, colorScheme });
        await boundariesShown(page);
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        assert.ok(
          scrollWidth <= clientWidth,
          `page is ${scrollWidth}px wide in a ${clientWidth}px viewport (${hash.slice(0, 40)})`,
        );
        await page.close();
      }
    }
  });

  test('keyboard: Tab reaches the input, the presets and the copy buttons, with a visible focus outline', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await openPage('', { viewport });
      const reached = [];
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press('Tab');
        const focus = await page.evaluate(() => {
          const element = document.activeElement;
          const style = getComputedStyle(element);
          return {
            testid: element.dataset?.testid ?? element.tagName,
            outlineStyle: style.outlineStyle,
            outlineWidth: parseFloat(style.outlineWidth),
            outlineColor: style.outlineColor,
          };
        });
        reached.push(focus);
        if (focus.testid === 'copy-utf8') break;
      }
      const ids = reached.map((f) => f.testid);
      const wanted = [
        'text-input',
        'preset-sliced',
        'preset-reversed',
        'preset-trail-first',
        'preset-windows',
        'preset-scripts',
        'copy-wtf8',
        'copy-utf8',
      ];
      for (const id of wanted) assert.ok(ids.includes(id), `Tab reaches ${id}: ${ids.join(', ')}`);
      assert.ok(
        ids.indexOf('text-input') < ids.indexOf('preset-sliced') &&
          ids.indexOf('preset-scripts') < ids.indexOf('copy-wtf8'),
        'in reading order',
      );
      for (const focus of reached.filter((f) => wanted.includes(f.testid))) {
        assert.notEqual(focus.outlineStyle, 'none', `${focus.testid} shows focus`);
        assert.ok(focus.outlineWidth >= 2, `${focus.testid} outline is ${focus.outlineWidth}px`);
      }
      // The focus ring itself has enough contrast (3:1, WCAG 1.4.11) against the pane.
      const ringContrast = await page.evaluate(contrastOfFocusRing);
      assert.ok(ringContrast >= 3, `focus ring contrast ${ringContrast.toFixed(2)}`);
      // And a preset works from the keyboard.
      await page.focus(byTestId('preset-reversed'));
      await page.keyboard.press('Enter');
      assert.equal(await page.inputValue(byTestId('text-input')), '\\uDE00\\uD83Dko');
      await page.close();
    }
  });

  test('text contrast is at least WCAG AA in the light and the dark scheme', async () => {
    const hash = '#s=Hi%20%5CuD83D%20%5CuDC00%20A%C3%A9%E2%82%AC%F0%9F%98%80&x=61%20ED%20A0%20BD%20C0%20AF&m=lenient';
    for (const colorScheme of ['light', 'dark']) {
      const page = await openPage(hash, { colorScheme });
      await boundariesShown(page);
      for (const mode of ['lenient', 'strict']) {
        await page.check(byTestId(`mode-${mode}`));
        const failures = await page.evaluate(findLowContrastText);
        assert.deepEqual(failures, [], `${colorScheme}/${mode}: ${failures.slice(0, 5).join('; ')}`);
      }
      await page.close();
    }
  });

  test('if the package cannot be loaded, the page says how to build it', async () => {
    const before = problems.length;
    const page = await openPage('', {
      ready: false,
      before: (p) => p.route('**/pkg/dist/wtf8-wasm.mjs', (route) => route.fulfill({ status: 404, body: 'not found' })),
    });
    const status = page.locator(byTestId('load-status'));
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="load-status"]').classList.contains('load-failed'),
    );
    assert.match(await status.textContent(), /node scripts\/build\.mjs/);
    assert.ok(await page.isDisabled(byTestId('text-input')), 'no half-working page');
    await page.close();
    problems.splice(before); // this page's errors were the point
  });

  test('screenshots, desktop and phone', async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'wtf8-demo-'));
    const hash = '#s=Hi%20%5CuD83D%20%C3%A9%E2%82%AC%F0%9F%98%80&x=ED%20A0%2080%20ED%20B0%2080&m=strict';
    const shots = [
      ['desktop', DESKTOP, 'light', true],
      ['phone', PHONE, 'light', true],
      ['desktop-dark', DESKTOP, 'dark', true],
      ['phone-first-screen', PHONE, 'light', false],
    ];
    for (const [name, viewport, colorScheme, fullPage] of shots) {
      const page = await openPage(hash, { viewport, colorScheme });
      await boundariesShown(page);
      const path = join(dir, `${name}.png`);
      await page.screenshot({ path, fullPage });
      t.diagnostic(`screenshot: ${path}`);
      await page.close();
    }
  });
});

describe('the run as a whole', () => {
  test('the page loaded the package as ES modules: /pkg/dist/wtf8-wasm.mjs, and inspect from its own entry', () => {
    assert.ok(requested.some((url) => new URL(url).pathname === '/pkg/dist/wtf8-wasm.mjs'));
    assert.ok(requested.some((url) => new URL(url).pathname === '/pkg/dist/inspect.mjs'));
  });

  test('no console errors, no page errors, no failed requests, nothing from other hosts', () => {
    assert.deepEqual(problems, []);
  });
});

// --- run inside the page -------------------------------------------------------------------------

/** Contrast ratio of the focus outline colour against the pane background (runs in the page). */
function contrastOfFocusRing() {
  const parse = (c) =>
    c
      .match(/[\d.]+/g)
      .slice(0, 3)
      .map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const input = document.querySelector('[data-testid="text-input"]');
  input.focus();
  const ring = parse(getComputedStyle(input).outlineColor);
  const pane = parse(getComputedStyle(input.closest('section')).backgroundColor);
  const [hi, lo] = [lum(ring), lum(pane)].sort((a, b) => b - a);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Every visible element with its own text whose colour against its effective background is under
 * 4.5:1 (3:1 for large text). Backgrounds on this page are opaque, so the first ancestor with a
 * background colour is the background. Runs in the page.
 */
function findLowContrastText() {
  const parse = (c) => {
    const [r, g, b, a = 1] = c.match(/[\d.]+/g).map(Number);
    return { rgb: [r, g, b], a };
  };
  const lum = ([r, g, b]) => {
    const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const background = (element) => {
    for (let e = element; e; e = e.parentElement) {
      const { rgb, a } = parse(getComputedStyle(e).backgroundColor);
      if (a > 0) return rgb;
    }
    return [255, 255, 255];
  };
  const failures = [];
  for (const element of document.body.querySelectorAll('*')) {
    const ownText = [...element.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim() !== '');
    if (!ownText || element.closest('[hidden], textarea:disabled, button:disabled')) continue;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.clipPath === 'inset(50%)') continue;
    const fg = lum(parse(style.color).rgb);
    const bg = lum(background(element));
    const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5)) {
      failures.push(
        `${element.tagName.toLowerCase()}.${element.className} "${element.textContent.trim().slice(0, 30)}" ${ratio.toFixed(2)}:1`,
      );
    }
  }
  return failures;
}
