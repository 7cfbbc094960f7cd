// Every plan of js/routes.ts in every runtime of the matrix that is not a Node (tests/js runs the
// same check in each Node): Deno, Bun, workerd (a module worker under `workerd test`), Chromium,
// Firefox and WebKit (WebKitGTK, Safari's engine). Each loads the test entry (target/testing/, the
// package plus its plans' switches) and runs tests/js/route-check.mjs: the runtime's own plan and
// every other plan it can build, against the naive reference and the platform's codecs. Offline:
// local files only.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { runtimeNamed } from '../../scripts/runtimes.mjs';
import { launchChromium, launchFirefox, launchWebKit, noWebKit } from '../support/browsers.mjs';
import { root, run, runPage, serve } from '../consumer/support.mjs';

const here = join(root, 'tests', 'e2e', 'routes');
let work;
before(() => {
  work = mkdtempSync(join(tmpdir(), 'wtf8-routes-'));
});
after(() => rmSync(work, { recursive: true, force: true }));

/** Checks a runtime's report: no failures, the expected engine and plan, every plan run. */
function verify(t, report, engine, plan) {
  assert.deepEqual(report.failures, []);
  assert.equal(report.runtime.engine, engine);
  assert.equal(report.plan.name, plan);
  assert.ok(
    report.plans.length >= 9 && report.checked > 10_000,
    `${report.plans.length} plans, ${report.checked} checks`,
  );
  assert.ok(report.plans.includes(plan) && report.plans.includes('wasm'), report.plans.join(', '));
  t.diagnostic(
    `${engine} ${report.runtime.major}: plan ${report.plan.name} (moves ${report.plan.moves}; ${JSON.stringify(report.chosen)}); ${report.plans.length} plans (${report.plans.join(', ')}), ${report.checked} checks`,
  );
}

const missing = (name) => {
  const binary = runtimeNamed(name).binary;
  return !existsSync(binary) && `no ${name} at ${binary} (bash scripts/setup.sh installs it)`;
};

test('Deno: every plan it can build gives the reference results', { skip: missing('deno') }, async (t) => {
  const env = { DENO_DIR: join(work, 'deno'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' };
  const { code, stdout, stderr } = await run(
    runtimeNamed('deno').binary,
    ['run', '--cached-only', `--allow-read=${root}`, join(here, 'check-main.mjs')],
    { env, timeout: 300_000 },
  );
  assert.equal(code, 0, stderr);
  verify(t, JSON.parse(stdout), 'deno', 'deno');
});

test('Bun: every plan it can build gives the reference results', { skip: missing('bun') }, async (t) => {
  const env = { BUN_INSTALL_CACHE_DIR: join(work, 'bun'), DO_NOT_TRACK: '1', NO_COLOR: '1' };
  const { code, stdout, stderr } = await run(
    runtimeNamed('bun').binary,
    ['run', '--no-install', join(here, 'check-main.mjs')],
    { env, timeout: 300_000 },
  );
  assert.equal(code, 0, stderr);
  verify(t, JSON.parse(stdout), 'bun', 'bun');
});

test(
  'workerd: every plan it can build gives the reference results, inside a module worker',
  { skip: missing('workerd') },
  async (t) => {
    // Module names mirror the repository's paths, so the modules' relative imports resolve as on disk.
    const modules = [
      'tests/e2e/routes/worker.mjs',
      'tests/e2e/routes/check-main.mjs',
      'tests/js/route-check.mjs',
      'tests/js/plans.mjs',
      'tests/js/naive.mjs',
      'tests/js/generators.mjs',
      'tests/js/expected-errors.mjs',
      'target/testing/wtf8-wasm-testing.mjs',
    ];
    const config = join(work, 'routes.capnp');
    writeFileSync(
      config,
      `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (services = [(name = "routes", worker = .worker)]);
const worker :Workerd.Worker = (
  modules = [${modules.map((m) => `(name = "${m}", esModule = embed "${relative(work, join(root, m))}")`).join(', ')}],
  compatibilityDate = "2026-11-01",
);
`,
    );
    const { code, stdout, stderr } = await run(runtimeNamed('workerd').binary, ['test', config], { timeout: 300_000 });
    assert.equal(code, 0, `${stdout}\n${stderr}`);
    assert.match(stderr, /\[ PASS \] routes/);
    // No row names workerd: the rule gives it Node 26's plan where it offers Node's Buffer and byte
    // checks (its Node compatibility), else the portable one.
    const report = JSON.parse(stdout.trim().split('\n').at(-1));
    const { buffer, isUtf8 } = report.capabilities;
    verify(t, report, 'other', buffer && isUtf8 ? 'node26' : 'portable');
  },
);

let server;
before(async () => {
  server = await serve(root);
});
after(() => server?.close());

// Each browser reports its engine and takes its own row (WebKitGTK's user agent reads as Safari's).
for (const [name, launch, engine, plan, skip] of [
  ['chromium', launchChromium, 'chromium', 'chromium', missing('chromium')],
  ['firefox', launchFirefox, 'firefox', 'firefox', missing('firefox')],
  ['webkit', launchWebKit, 'webkit', 'webkit', noWebKit],
]) {
  const title = { chromium: 'Chromium', firefox: 'Firefox', webkit: 'WebKit' }[name];
  test(`${title}: every plan it can build gives the reference results`, { skip }, async (t) => {
    const browser = await launch();
    try {
      const before = server.requests.length;
      const { report, problems } = await runPage(browser, `${server.url}/tests/e2e/routes/page.html`, {
        timeout: 300_000,
      });
      assert.deepEqual(problems, []);
      // (WebKit's driver reports no network events: the server's log shows a failed request.)
      assert.deepEqual(
        server.requests.slice(before).filter((request) => !request.startsWith('200 ')),
        [],
      );
      verify(t, report, engine, plan);
    } finally {
      await browser.close();
    }
  });
}
