// The storage boundaries of the browsers, in Debian's Chromium and Firefox ESR and in WebKitGTK
// (Safari's engine): IndexedDB (values and keys), localStorage, the Cache API and OPFS across a
// restart of the browser on the same profile, sessionStorage across a reload, structuredClone and
// a Worker's postMessage within a page. WebKitGTK's automation sessions are always ephemeral (no
// profile survives a new session), so WebKit cannot be restarted on its profile: there the stores
// are read back in a second page of the same session, a weaker test of persistence (the data has
// not left the browser's memory) but the same test of what each store does to a string.
//
// The page (browser-page.html, browser-page.mjs) tries the shared case set
// (tests/boundaries/cases.mjs) as plain strings and through the recipes of examples/boundaries/;
// this file holds each browser's report against the pinned facts (browser-facts.mjs): what a plain
// string does there, so that a browser that changes shows up here, and that every recipe keeps
// every case. A part a browser does not have (WebKit's OPFS) is pinned as unavailable, so that the
// day it appears this fails and its behaviour gets pinned.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { CHROMIUM, FIREFOX, launchChromium, launchFirefox, launchWebKit, noWebKit } from '../support/browsers.mjs';
import { serve } from '../consumer/support.mjs';
import { BROWSER_FACTS } from './browser-facts.mjs';
import { CASES, byKind } from './cases.mjs';
import { linkPackage, root } from './support.mjs';

linkPackage();
const { encode } = await import(pathToFileURL(join(root, 'pkg', 'dist', 'wtf8-wasm.node.mjs')).href);

const missing = (name, binary) => !existsSync(binary) && `no ${name} at ${binary} (bash scripts/setup.sh installs it)`;

/** `restart`: the browser can be closed and launched again on the same profile (not WebKit). */
const BROWSERS = [
  { name: 'chromium', skip: missing('chromium', CHROMIUM), launch: launchChromium, restart: true },
  { name: 'firefox', skip: missing('firefox', FIREFOX), launch: launchFirefox, restart: true },
  { name: 'webkit', skip: noWebKit, launch: launchWebKit, restart: false },
];
const PAGE = '/tests/boundaries/browser-page.html';

/**
 * Keys whose two orders differ: by UTF-16 code units (JS `<`, IndexedDB's order of string keys),
 * a supplementary character's lead unit D83D sorts it, and the lone surrogates, before U+FF61; by
 * code point (the order of their WTF-8 bytes) U+FF61 comes before U+1F600, and the lone
 * surrogates before both.
 */
const ORDER_SAMPLES = ['z', '\uFF61', '\u{1F600}', '\uD83D', '\uDE00'];
const samples = ORDER_SAMPLES.map((s) => Array.from({ length: s.length }, (_, i) => s.charCodeAt(i)));
const indicesOf = (sorted) => sorted.map((s) => ORDER_SAMPLES.indexOf(s));
const jsOrder = indicesOf([...ORDER_SAMPLES].sort());
const byteOrder = indicesOf([...ORDER_SAMPLES].sort((a, b) => Buffer.compare(encode(a), encode(b))));

/** `promise`, or a rejection naming `what` after `ms`: no browser wait is unbounded. */
async function within(ms, what, promise) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Opens the page in a new tab of `browser` and waits for its module. Returns `{ page, problems }`:
 * `problems` collects page errors, console errors and failed requests, for the messages of
 * failing assertions.
 */
async function openPage(browser, url) {
  const page = await within(20_000, 'new page', browser.newPage());
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error?.message}`));
  page.on('console', (msg) => msg.type() === 'error' && problems.push(`console error: ${msg.text()}`));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
  await within(20_000, `loading ${url}`, page.goto(url));
  await ready(page, problems);
  return { page, problems };
}

/** Waits until the page's module has defined `globalThis.boundaries`. */
async function ready(page, problems) {
  const loaded = () => page.evaluate(() => globalThis.boundaries !== undefined);
  for (const deadline = Date.now() + 20_000; !(await within(10_000, 'the page', loaded())); await sleep(50)) {
    if (Date.now() > deadline) throw new Error(`the page's module did not load: ${problems.join('; ')}`);
  }
}

/** Runs `globalThis.boundaries[method](arg)` in the page (a bounded wait). */
function call(page, method, arg = {}) {
  const run = page.evaluate(({ method, arg }) => globalThis.boundaries[method](arg), { method, arg });
  return within(30_000, method, run);
}

/**
 * The whole round for one browser: the first session writes every store, tries the parts that
 * need no restart and reads sessionStorage after a reload; the browser is closed; a second
 * browser on the same profile, at the same origin, reads the stores back.
 *
 * Where the browser cannot restart on a profile (`restart: false`: WebKit, whose automation
 * sessions keep nothing), a second page of the same session reads the stores back while the
 * first is still open, and only then does the first reload for sessionStorage: in such a session
 * WebKitGTK 2.50.6 drops the Cache API's entries (not its cache names; IndexedDB and localStorage
 * stay) once no page of the origin is left, even for the moment of a reload, which says nothing
 * about the store in a browser with a profile. `requests` is the server's request log: the
 * requests of this round that failed are page problems too (WebKit reports no network events).
 */
async function measure({ launch, restart }, origin, requests) {
  const profile = restart ? mkdtempSync(join(tmpdir(), 'wtf8-boundaries-profile-')) : undefined;
  const logged = requests.length;
  let browser;
  try {
    browser = await within(60_000, 'launch', launch({ profile }));
    const first = await openPage(browser, origin + PAGE);
    const failed = await call(first.page, 'write', { samples });
    const inSession = await call(first.page, 'inSession');
    const readSession = async () => {
      await within(20_000, 'reload', first.page.reload());
      await ready(first.page, first.problems);
      return call(first.page, 'readSession', { failed });
    };
    let session;
    if (restart) {
      session = await readSession();
      await within(30_000, 'close', browser.close());
      browser = undefined;
      browser = await within(60_000, 'relaunch', launch({ profile }));
    }
    const second = await openPage(browser, origin + PAGE);
    const { parts, order, lookups, sessionStorageLength } = await call(second.page, 'read', { samples, failed });
    if (!restart) session = await readSession();
    const userAgent = await within(
      10_000,
      'userAgent',
      second.page.evaluate(() => navigator.userAgent),
    );
    return {
      userAgent,
      parts: { ...parts, ...session, ...inSession },
      order,
      lookups,
      sessionStorageLength,
      problems: [
        ...first.problems,
        ...second.problems,
        ...requests
          .slice(logged)
          .filter((request) => !request.startsWith('200 '))
          .map((request) => `request failed: ${request}`),
      ],
    };
  } finally {
    if (browser) await within(30_000, 'close', browser.close()).catch(() => {});
    if (profile) rmSync(profile, { recursive: true, force: true });
  }
}

const names = (outcomes, keep) =>
  Object.entries(outcomes)
    .filter(([, outcome]) => keep(outcome))
    .map(([name]) => name);

let server;
before(async () => {
  server = await serve(root);
});
after(async () => {
  await server?.close();
});

for (const target of BROWSERS) {
  const across = target.restart ? 'across a restart' : 'across pages of one session';
  describe(`${target.name}: strings in the browser's stores, ${across}`, { skip: target.skip }, () => {
    let report;
    // Each wait inside is bounded; this bounds their sum.
    before(
      async () => {
        report = await measure(target, server.url, server.requests);
      },
      { timeout: 240_000 },
    );

    const reader = target.restart
      ? 'the second session reads what the first stored (the profile is reused, the session is not)'
      : 'a second page of the same session reads what the first stored (WebKit keeps no profile across sessions)';
    test(reader, (t) => {
      t.diagnostic(report.userAgent);
      const missing = Object.entries(report.parts).flatMap(([part, r]) => r.missing.map((m) => `${part}, ${m}`));
      assert.deepEqual(missing, [], `not found after the restart; page problems: ${report.problems.join('; ')}`);
      assert.equal(report.sessionStorageLength, 0, 'sessionStorage is empty in a new session or a new tab');
      assert.deepEqual(report.problems, [], 'page errors, console errors, failed requests');
    });

    for (const row of BROWSER_FACTS) {
      const pinned = row.runtimes[target.name];
      if (Object.values(pinned).every((outcome) => outcome === 'unavailable')) {
        // The day the browser gets the part, this fails: measure what it does and pin that.
        test(`${row.part}: not available in ${target.name}`, () => {
          const got = report.parts[row.part];
          assert.deepEqual(byKind(got.plain.outcomes), pinned, `${row.part} in ${target.name}: pin what it does now`);
          if (row.recipe) assert.deepEqual(byKind(got.recipe.outcomes), pinned, 'the recipe');
        });
        continue;
      }
      const title = row.recipe ? 'the recipe keeps every case' : 'no recipe is needed';
      test(`${row.part}: a plain string does what the facts pin; ${title}`, () => {
        const got = report.parts[row.part];
        const why = `${row.part} in ${target.name}; errors: ${JSON.stringify(got.plain.errors)}`;
        assert.deepEqual(byKind(got.plain.outcomes), pinned, `a plain string: ${why}`);
        if (row.recipe) {
          assert.notEqual(got.recipe, null, `the page must try the recipe of ${row.part}`);
          const lost = names(got.recipe.outcomes, (outcome) => outcome !== 'kept');
          assert.deepEqual(lost, [], `the recipe must keep every case: ${JSON.stringify(got.recipe)}`);
        } else {
          assert.equal(got.recipe, null, `${row.part}: the page tries a recipe the facts do not name`);
          const lost = names(got.plain.outcomes, (outcome) => outcome !== 'kept');
          assert.deepEqual(lost, [], `${row.part}: a part without a recipe must keep every case`);
        }
      });
    }

    test('IndexedDB sorts string keys by UTF-16 code units, binary keys of encode(s) by code point', () => {
      assert.notDeepEqual(jsOrder, byteOrder, 'the samples must tell the two orders apart');
      assert.deepEqual(report.order.stringKeys, jsOrder, 'string keys');
      assert.deepEqual(report.order.binaryKeys, byteOrder, 'binary keys');
      assert.equal(report.lookups, true, 'a lookup by the binary key finds each case');
    });

    test('TextEncoder then TextDecoder replaces lone surrogates', () => {
      const { outcomes } = report.parts['TextEncoder, TextDecoder'].plain;
      for (const c of CASES) assert.equal(outcomes[c.name], c.kind.startsWith('lone') ? 'replaced' : 'kept', c.name);
    });
  });
}
