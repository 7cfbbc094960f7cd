// What every end-to-end test file of the demo needs: the built package, the page served by
// scripts/serve.mjs on a free port, one headless Chromium, and pages that record everything that
// goes wrong (console errors, page errors, failed or foreign requests, HTTP errors).
import { after, before } from 'node:test';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../support/browsers.mjs';
import { startServer } from '../../scripts/serve.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 740 };

// The page needs the built package (both entries); build it once if it is not there.
if (!['wtf8-wasm.mjs', 'encodings.mjs'].every((file) => existsSync(join(root, 'pkg', 'dist', file)))) {
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--quiet'], { cwd: root, stdio: 'inherit' });
}

/**
 * Registers the server and browser for this test file (started before its tests, stopped after)
 * and returns `problems` (everything that went wrong in any page), `requested` (every URL any
 * page asked for), `openPage`, and the `server` and `browser` themselves.
 */
export function demoHarness() {
  let server;
  let browser;
  const problems = [];
  const requested = [];

  before(async () => {
    server = await startServer({ port: 0 });
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /**
   * Opens the page (with an optional hash) and waits until the package is loaded and the page
   * wired. `before(page)` runs before navigation (to route requests); `ready: false` skips the wait.
   */
  async function openPage(hash = '', { viewport = DESKTOP, colorScheme = 'light', before: setUp, ready = true } = {}) {
    const page = await browser.newPage();
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme });
    await setUp?.(page);
    const origin = new URL(server.url).origin;
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) =>
      problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`),
    );
    page.on('request', (request) => {
      requested.push(request.url());
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.origin !== origin) problems.push(`request to another host: ${request.url()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
    await page.goto(server.url + hash);
    if (ready) await page.waitForSelector('html[data-ready="true"]', { timeout: 10_000 });
    return page;
  }

  return {
    problems,
    requested,
    openPage,
    /** The running server (`url`, `close`), once the file's tests have started. */
    get server() {
      return server;
    },
    /** The browser (`context`, `newPage`, `close`), once the file's tests have started. */
    get browser() {
      return browser;
    },
  };
}
