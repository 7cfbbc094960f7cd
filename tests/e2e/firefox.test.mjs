// A smoke test of the demo page in a second engine: Debian's Firefox ESR, driven over WebDriver
// BiDi by puppeteer-core. The full behaviour is tested in Chromium (demo.test.mjs); this checks
// that the page loads the package, breaks a string down and reports a strict error in Gecko too.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { FIREFOX, launchFirefox } from '../support/browsers.mjs';
import { startServer } from '../../scripts/serve.mjs';

const skip = !existsSync(FIREFOX) && `no Firefox at ${FIREFOX} (bash scripts/setup.sh installs it)`;
let server;
let browser;

before(async () => {
  if (skip) return;
  server = await startServer({ port: 0 });
  browser = await launchFirefox();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('Firefox: the page breaks a\\uD83Db down and reports OVERLONG at offset 1', { skip }, async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(`${server.url}#s=a%5CuD83Db&x=61%20C0%20AF&m=strict`);
  await page.waitForSelector('html[data-ready="true"]', { timeout: 15_000 });
  const seen = await page.evaluate(() => ({
    kinds: [...document.querySelectorAll('[data-testid="breakdown"] [data-testid="segment"]')].map(
      (row) => row.dataset.kind,
    ),
    lone: document.querySelector('[data-testid="breakdown"] [data-kind="lone-lead"] [data-testid="seg-wtf8"]').dataset
      .bytes,
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
