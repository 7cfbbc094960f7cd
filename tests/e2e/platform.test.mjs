// The four classes against the platform's own in the runtimes that are not a Node (tests/js runs
// the same check in each Node): Deno, Bun, Chromium, Firefox and WebKit load the package (pkg/)
// and run tests/js/platform-check.mjs. Each runtime's departures from the Encoding Standard and
// Web IDL are pinned here, so that a runtime that changes shows up. Offline: local files only.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runtimeNamed } from '../../scripts/runtimes.mjs';
import { launchChromium, launchFirefox, launchWebKit, noWebKit } from '../support/browsers.mjs';
import { root, run, runPage, serve } from '../consumer/support.mjs';
import { RESIZABLE_ACCEPTED } from '../js/platform-check.mjs';

const check = join(root, 'tests', 'e2e', 'platform', 'check.mjs');

/** Each runtime's deviations (the check's names for them); ours follows the standard there. */
const DEVIATIONS = {
  // Deno and Bun accept resizable buffers, as Node does (and wtf8-wasm).
  deno: RESIZABLE_ACCEPTED,
  // Bun also: TextDecoder's members are not configurable; TextEncoder's encode.length is 1 (its
  // argument is optional in Web IDL).
  bun: [
    'Wtf8Decoder / TextDecoder: decode is method writable enumerable configurable',
    'Wtf8Decoder / TextDecoder: encoding is get enumerable configurable',
    'Wtf8Decoder / TextDecoder: fatal is get enumerable configurable',
    'Wtf8Decoder / TextDecoder: ignoreBOM is get enumerable configurable',
    'Wtf8Encoder / TextEncoder: encode.length',
    ...RESIZABLE_ACCEPTED,
  ],
  chromium: [],
  firefox: [],
  // WebKit (WebKitGTK 2.50.6) decodes null as it does undefined, to "", where Web IDL's optional
  // buffer source argument is a TypeError.
  webkit: ['decode(null)'],
};

let work;
before(() => {
  work = mkdtempSync(join(tmpdir(), 'wtf8-platform-'));
});
after(() => rmSync(work, { recursive: true, force: true }));

function verify(t, name, report) {
  assert.deepEqual(report.failures, []);
  assert.deepEqual(report.deviations, DEVIATIONS[name]);
  assert.ok(report.checked > 180, `${report.checked} cases`);
  t.diagnostic(`${name}: ${report.checked} cases; the platform deviates in ${report.deviations.length}`);
}

const missing = (name) => {
  const binary = runtimeNamed(name).binary;
  return !existsSync(binary) && `no ${name} at ${binary} (bash scripts/setup.sh installs it)`;
};

test('Deno: the classes behave as its platform classes', { skip: missing('deno') }, async (t) => {
  const env = { DENO_DIR: join(work, 'deno'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' };
  const { code, stdout, stderr } = await run(
    runtimeNamed('deno').binary,
    ['run', '--cached-only', `--allow-read=${root}`, check],
    {
      env,
    },
  );
  assert.equal(code, 0, stderr);
  verify(t, 'deno', JSON.parse(stdout));
});

test('Bun: the classes behave as its platform classes', { skip: missing('bun') }, async (t) => {
  const env = { BUN_INSTALL_CACHE_DIR: join(work, 'bun'), DO_NOT_TRACK: '1', NO_COLOR: '1' };
  const { code, stdout, stderr } = await run(runtimeNamed('bun').binary, ['run', '--no-install', check], { env });
  assert.equal(code, 0, stderr);
  verify(t, 'bun', JSON.parse(stdout));
});

let server;
before(async () => {
  server = await serve(root);
});
after(() => server?.close());

for (const [name, launch, skip] of [
  ['chromium', launchChromium, missing('chromium')],
  ['firefox', launchFirefox, missing('firefox')],
  ['webkit', launchWebKit, noWebKit],
]) {
  const title = { chromium: 'Chromium', firefox: 'Firefox', webkit: 'WebKit' }[name];
  test(`${title}: the classes behave as its platform classes`, { skip }, async (t) => {
    const browser = await launch();
    try {
      const before = server.requests.length;
      const { report, problems } = await runPage(browser, `${server.url}/tests/e2e/platform/page.html`);
      assert.deepEqual(problems, []);
      // (WebKit's driver reports no network events: the server's log shows a failed request.)
      assert.deepEqual(
        server.requests.slice(before).filter((request) => !request.startsWith('200 ')),
        [],
      );
      verify(t, name, report);
    } finally {
      await browser.close();
    }
  });
}
