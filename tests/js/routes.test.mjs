// The route table (js/routes.ts) in this Node: every plan it can build, checked against the naive
// reference and the platform codecs (tests/js/route-check.mjs); the runtime detection and the rule
// that picks a plan; and the plans' own shape. scripts/test.sh runs this file in each Node of the
// matrix (20, 22, 24, 26), and again with capabilities hidden (portable-preload.mjs), which changes
// the steps each plan is built with.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './support.mjs';
import { checkRoutes, planNames } from './route-check.mjs';
import { describePlan } from './plans.mjs';

const api = await import(pathToFileURL(join(root, 'target', 'testing', 'wtf8-wasm-testing.mjs')).href);
const major = Number(process.versions.node.split('.')[0]);

test(`every plan this Node (${process.version}) can build gives the reference's results`, () => {
  const result = checkRoutes(api);
  assert.deepEqual(result.failures, []);
  assert.deepEqual(result.plans, planNames(api));
  // Every row, the portable plan and the wasm-only plans: 11 names, at most a few built alike.
  assert.ok(result.plans.length >= 9, `${result.plans.length} plans checked: ${result.plans.join(', ')}`);
  for (const name of ['wasm', 'wasm-loops', api.defaultPlan]) assert.ok(result.plans.includes(name), name);
});

test('the runtime is detected from its documented version strings', () => {
  assert.deepEqual(api.runtime, { engine: 'node', major });
  assert.deepEqual(
    api.detectRuntime({
      Deno: { version: { deno: '2.9.6' } },
      process: { versions: { node: '24.0.0' }, release: { name: 'node' } },
    }),
    { engine: 'deno', major: 2 },
  );
  assert.deepEqual(
    api.detectRuntime({ process: { versions: { node: '24.3.0', bun: '1.4.5' }, release: { name: 'node' } } }),
    { engine: 'bun', major: 1 },
  );
  assert.deepEqual(api.detectRuntime({ process: { versions: { node: '26.10.0' }, release: { name: 'node' } } }), {
    engine: 'node',
    major: 26,
  });
  const ua = (s) => api.detectRuntime({ navigator: { userAgent: s } });
  assert.deepEqual(
    ua('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36'),
    { engine: 'chromium', major: 156 },
  );
  assert.deepEqual(ua('Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0'), {
    engine: 'firefox',
    major: 153,
  });
  assert.deepEqual(
    ua(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Safari/605.1.15',
    ),
    { engine: 'webkit', major: 0 },
  );
  // Every browser on iOS is WebKit, Chrome's and Firefox's too.
  assert.deepEqual(
    ua(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
    ),
    { engine: 'webkit', major: 0 },
  );
  assert.deepEqual(
    ua(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
    ),
    { engine: 'webkit', major: 0 },
  );
  // WebKitGTK, as the tests run it.
  assert.deepEqual(
    ua('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/60.5 Safari/605.1.15'),
    { engine: 'webkit', major: 0 },
  );
  assert.deepEqual(ua('Cloudflare-Workers'), { engine: 'other', major: 0 });
  // workerd also imitates Node's process object; its user agent says what it is.
  assert.deepEqual(
    api.detectRuntime({
      navigator: { userAgent: 'Cloudflare-Workers' },
      process: { versions: { node: '22.0.0' }, release: { name: 'node' } },
    }),
    { engine: 'other', major: 0 },
  );
  assert.deepEqual(api.detectRuntime({}), { engine: 'other', major: 0 });
});

test('each runtime gets its row; a runtime no row names gets a plan by rule from its capabilities', () => {
  const node = { buffer: true, isUtf8: true };
  const browser = { buffer: false, isUtf8: false };
  const plan = (engine, major, can) => api.planFor({ engine, major }, can);
  assert.equal(plan('node', 20, node), 'node22');
  assert.equal(plan('node', 22, node), 'node22');
  assert.equal(plan('node', 23, node), 'node22');
  assert.equal(plan('node', 24, node), 'node24');
  assert.equal(plan('node', 25, node), 'node24');
  assert.equal(plan('node', 26, node), 'node26');
  assert.equal(plan('deno', 2, node), 'deno');
  assert.equal(plan('bun', 1, node), 'bun');
  assert.equal(plan('chromium', 156, browser), 'chromium');
  assert.equal(plan('firefox', 153, browser), 'firefox');
  assert.equal(plan('webkit', 26, browser), 'webkit');
  // No row: a new Node major, a Node-compatible runtime, workerd, a new engine.
  assert.equal(plan('node', 27, node), 'node26', 'Node 27: Buffer and isUtf8, so the newest Node plan');
  assert.equal(plan('node', 30, { buffer: true, isUtf8: false }), 'portable', 'a Node without isUtf8');
  assert.equal(plan('other', 0, node), 'node26', 'an engine with Node APIs');
  assert.equal(plan('other', 0, browser), 'portable', 'workerd, a new engine');
  // And what this runtime chose at import.
  assert.equal(api.activePlan().name, api.defaultPlan);
  assert.equal(api.defaultPlan, api.planFor(api.runtime));
});

test('the plan a runtime no row names gets is built from the standard APIs alone', () => {
  const portable = describePlan(api, 'portable');
  assert.equal(portable.moves, 'builtins');
  const steps = [...portable.encode, ...portable.decode].flatMap((band) => band.steps).join(' ');
  for (const needs of ['utf8Slice', 'nativeIfUtf8', 'nativeIfAscii', "'buffer'"])
    assert.ok(!steps.includes(needs), `the portable plan does not use ${needs}: ${steps}`);
  assert.equal(portable.utf8, 'isUtf8Strict');
  // Its bands, as the route table spells them.
  const wellFormed = api.capabilities.isWellFormed;
  const nativeEncode = wellFormed ? ['nativeEncode()'] : [];
  assert.deepEqual(portable.encode, [
    { upTo: 32, steps: ['loopEncode'] },
    { upTo: 128, steps: [...nativeEncode, 'wasmEncode'] },
    { upTo: Infinity, steps: [...nativeEncode, `chunkedEncode(${wellFormed ? 'halving(64)' : 'scan'}, few(0, 32))`] },
  ]);
});

test('every plan is well made: rising bands that end at Infinity, each step within its length', () => {
  for (const name of api.PLAN_NAMES) {
    const plan = api.buildPlan(name);
    for (const side of ['encode', 'decode']) {
      const bands = plan[side];
      assert.equal(bands.at(-1).upTo, Infinity, `${name} ${side}`);
      assert.ok(
        bands.length <= 5 && bands.every((band) => band.steps.length <= 3),
        `${name} ${side}: js/plan.ts binds 5 bands of 3 steps`,
      );
      for (let i = 1; i < bands.length; i++) assert.ok(bands[i].upTo > bands[i - 1].upTo, `${name} ${side}`);
      for (const band of bands)
        for (const s of [...band.steps, band.end]) assert.ok(s.maxLength >= band.upTo, `${name}: ${s.what}`);
    }
  }
  assert.throws(() => api.usePlan('nonsense'), /no plan named "nonsense"/);
  // Where a capability is missing its steps are left out (Node 20 without process.getBuiltinModule,
  // or with it hidden): node26's bands then have no isUtf8 step, and so no utf8Slice (which node26
  // decodes with only behind isUtf8); node22's name utf8Slice where Buffer has it.
  const steps = (name) =>
    describePlan(api, name)
      .decode.flatMap((band) => band.steps)
      .join(' ');
  const node26 = steps('node26');
  assert.equal(node26.includes('nativeIfUtf8'), api.capabilities.isUtf8, node26);
  assert.equal(node26.includes('utf8Slice'), api.capabilities.isUtf8 && api.capabilities.utf8Slice, node26);
  const node22 = steps('node22');
  assert.equal(node22.includes('utf8Slice'), api.capabilities.utf8Slice, node22);
});

test('the plans move code units as they say, or by the nearest way this runtime has', () => {
  try {
    const nearest = api.capabilities.buffer ? 'buffer' : major >= 22 ? 'builtins' : 'loops';
    assert.equal(api.usePlan('node26').moves, nearest);
    assert.equal(api.usePlan('wasm-loops').moves, 'loops');
    // Node 20 cannot compile the JS String Builtins; Node 22 and later can.
    assert.equal(api.usePlan('wasm-builtins').moves, major >= 22 ? 'builtins' : nearest);
  } finally {
    api.usePlan(api.defaultPlan);
  }
});
