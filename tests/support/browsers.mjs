// Launching the machine's own browsers for tests: Debian's Chromium through playwright-core and
// Debian's Firefox ESR through puppeteer-core (WebDriver BiDi). Nothing is downloaded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CHROMIUM = process.env.WTF8_CHROMIUM ?? '/usr/bin/chromium';
export const FIREFOX = process.env.WTF8_FIREFOX ?? '/usr/bin/firefox-esr';

// Without the background-networking flags Chromium keeps trying to reach Google's hosts, which
// this machine's closed network refuses.
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Launches headless Chromium. Returns `{ context, newPage, close }`. By default the profile is a
 * fresh directory that `close()` removes; given `profile`, it runs on that directory and `close()`
 * keeps it, so that a later launch on it finds what this one stored.
 */
export async function launchChromium({ profile } = {}) {
  const { chromium } = await import('playwright-core');
  const dir = profile ?? mkdtempSync(join(tmpdir(), 'wtf8-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  return {
    context,
    async newPage() {
      return context.newPage();
    },
    async close() {
      await context.close();
      if (profile === undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Launches headless Firefox ESR over WebDriver BiDi. Returns `{ browser, newPage, close }`; the
 * profile as for `launchChromium`: fresh and removed by `close()`, or the given `profile`, kept.
 */
export async function launchFirefox({ profile } = {}) {
  const puppeteer = (await import('puppeteer-core')).default;
  const dir = profile ?? mkdtempSync(join(tmpdir(), 'wtf8-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    userDataDir: dir,
  });
  return {
    browser,
    async newPage() {
      return browser.newPage();
    },
    async close() {
      await browser.close();
      if (profile === undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}
