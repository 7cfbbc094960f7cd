// The installed tarball in real browsers (Debian's Chromium and Firefox ESR, headless, and
// WebKitGTK, Safari's engine, on a virtual display; launched by tests/support/browsers.mjs),
// served from the scratch project on 127.0.0.1:
//   - bundled by esbuild (default settings, --bundle --format=esm) from fixtures/browser-entry.mjs,
//   - loaded with no bundler at all: <script type="module"> importing dist/wtf8-wasm.mjs by path.
// Each page runs the shared smoke body and reports in globalThis.__smoke; any console error,
// page error, failed request or HTTP error fails the test. (WebKit's driver reports no network
// events: there the server's log of the page's requests must show no error instead.)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium, launchFirefox, launchWebKit, noWebKit } from '../support/browsers.mjs';
import { CHECKS, bin, createScratch, runOk, runPage, serve } from './support.mjs';

let scratch;
let server;
const browsers = {};
before(async () => {
  scratch = await createScratch('browsers');
  // esbuild with no config: bundle + ESM output is all a user has to say.
  const out = join(scratch.app, 'out', 'esbuild');
  mkdirSync(out, { recursive: true });
  const { stderr } = await runOk(
    bin('esbuild'),
    ['browser-entry.mjs', '--bundle', '--format=esm', `--outfile=${join(out, 'bundle.js')}`, '--log-level=warning'],
    { cwd: scratch.app },
  );
  assert.equal(stderr, '', 'esbuild printed warnings');
  copyFileSync(join(scratch.app, 'bundle.html'), join(out, 'index.html'));
  server = await serve(scratch.app);
  [browsers.chromium, browsers.firefox, browsers.webkit] = await Promise.all([
    launchChromium(),
    launchFirefox(),
    noWebKit ? undefined : launchWebKit(),
  ]);
});
after(async () => {
  await Promise.allSettled(Object.values(browsers).map((b) => b?.close()));
  await server?.close();
  scratch?.cleanup();
});

/** Loads `path` in `name`'s browser and asserts a clean, complete smoke report. */
async function smokeIn(name, path) {
  const before = server.requests.length;
  const { report, title, problems } = await runPage(browsers[name], `${server.url}${path}`);
  assert.equal(report.ok, true, report.error);
  assert.deepEqual(report.checks, CHECKS);
  assert.equal(title, 'smoke: pass');
  assert.deepEqual(problems, []);
  if (name === 'webkit') {
    const failed = server.requests.slice(before).filter((request) => !request.startsWith('200 '));
    assert.deepEqual(failed, [], 'requests that failed (WebKit reports no network events)');
  }
}

test('browser versions', async (t) => {
  const page = await browsers.chromium.newPage();
  const cdp = await browsers.chromium.context.newCDPSession(page);
  const { product } = await cdp.send('Browser.getVersion');
  await page.close();
  const firefox = await browsers.firefox.browser.version();
  t.diagnostic(`chromium: ${product}`);
  t.diagnostic(`firefox: ${firefox}`);
  assert.match(product, /Chrome\/\d+\.\d+\.\d+/);
  assert.match(firefox, /^firefox\/\d+/i);
});

test('WebKit version', { skip: noWebKit }, (t) => {
  t.diagnostic(`webkit: WebKitGTK ${browsers.webkit.version}`);
  assert.match(browsers.webkit.version, /^\d+\.\d+\.\d+$/);
});

test('the esbuild bundle embeds the module and resolves the "import" entry', () => {
  const bundle = readFileSync(join(scratch.app, 'out', 'esbuild', 'bundle.js'), 'utf8');
  assert.match(bundle, /wtf8-wasm \d+\.\d+\.\d+ \| MIT/, 'the package banner (a legal comment) is in the bundle');
  // The CommonJS entry's interop helpers must not be in a browser ESM bundle.
  assert.doesNotMatch(bundle, /module\.exports|__commonJS/);
});

test('Chromium: esbuild bundle passes the smoke test', async () => {
  await smokeIn('chromium', '/out/esbuild/index.html');
});

test('Firefox: esbuild bundle passes the smoke test', async () => {
  await smokeIn('firefox', '/out/esbuild/index.html');
});

test('WebKit: esbuild bundle passes the smoke test', { skip: noWebKit }, async () => {
  await smokeIn('webkit', '/out/esbuild/index.html');
});

test('Chromium: no bundler, <script type="module"> importing dist/wtf8-wasm.mjs passes the smoke test', async () => {
  const before = server.requests.length;
  await smokeIn('chromium', '/no-bundler.html');
  // Exactly the page, the package's two ESM files it imports and the smoke body: no .wasm or
  // other fetch.
  assert.deepEqual(server.requests.slice(before).sort(), [
    '200 /no-bundler.html',
    '200 /node_modules/wtf8-wasm/dist/inspect.mjs',
    '200 /node_modules/wtf8-wasm/dist/wtf8-wasm.mjs',
    '200 /smoke-body.mjs',
  ]);
});

test('Firefox: no bundler, <script type="module"> importing dist/wtf8-wasm.mjs passes the smoke test', async () => {
  await smokeIn('firefox', '/no-bundler.html');
});

test(
  'WebKit: no bundler, <script type="module"> importing dist/wtf8-wasm.mjs passes the smoke test',
  { skip: noWebKit },
  async () => {
    const before = server.requests.length;
    await smokeIn('webkit', '/no-bundler.html');
    assert.deepEqual(server.requests.slice(before).sort(), [
      '200 /no-bundler.html',
      '200 /node_modules/wtf8-wasm/dist/inspect.mjs',
      '200 /node_modules/wtf8-wasm/dist/wtf8-wasm.mjs',
      '200 /smoke-body.mjs',
    ]);
  },
);
