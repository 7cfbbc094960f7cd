// The route table (js/routes.ts) in this Node: every route it can take, checked against the naive
// reference and the platform codecs (tests/js/route-check.mjs), and the runtime detection the
// table is keyed by. scripts/test.sh runs this file in each Node of the matrix (20, 22, 24, 26),
// and again with capabilities hidden (portable-preload.mjs), which changes what is possible.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './support.mjs';
import { checkRoutes, routeSettings } from './route-check.mjs';

const api = await import(pathToFileURL(join(root, 'target', 'testing', 'wtf8-wasm-testing.mjs')).href);
const major = Number(process.versions.node.split('.')[0]);

test(`every route this Node (${process.version}) can take gives the reference's results`, () => {
  const result = checkRoutes(api);
  assert.deepEqual(result.failures, []);
  assert.equal(result.settings, routeSettings(api).length);
  assert.ok(result.settings >= 10, `${result.settings} route settings checked`);
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
    { engine: 'other', major: 0 },
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

test('the routes chosen here are the table row of this runtime, fitted to what it can do', () => {
  assert.deepEqual({ ...api.defaultRoutes }, api.routesFor(api.runtime));
  const possible = api.possibleRoutes();
  for (const [route, value] of Object.entries(api.defaultRoutes)) {
    if (!route.endsWith('Limit')) assert.ok(possible[route].includes(value), `${route}=${value} is possible here`);
  }
  // Node 20 cannot compile the JS String Builtins; Node 22 and later can.
  assert.equal(possible.moves.includes('builtins'), major >= 22 && api.capabilities.builtins);
  if (major >= 22) assert.ok(api.capabilities.builtins, 'Node 22+ links the JS String Builtins');
  else assert.ok(!api.capabilities.builtins, 'Node 20 has no JS String Builtins');
  assert.throws(() => api.useRoutes({ decode: 'nonsense' }), /not possible/);
});

test('where a route needs what the runtime lacks, the nearest possible one is used', () => {
  const row = {
    jsEncodeUpTo: 32,
    scanDecodeUpTo: 4096,
    scanNativeFrom: 128,
    jsDecodeUpTo: 2048,
    shortDecoder: 'utf8Slice',
    moves: 'builtins',
    encode: 'wasm',
    nativeUpTo: 0,
    lone: 'halving',
    loneLimit: 32,
    decode: 'wasm',
    patchLimit: 1024,
    aroundLimit: 128,
    aroundScan: true,
    utf8: 'isUtf8',
  };
  const fitted = api.fit(row);
  const { capabilities } = api;
  assert.equal(fitted.moves, capabilities.builtins ? 'builtins' : capabilities.buffer ? 'buffer' : 'loops');
  // Without fast moves, wasm decoding becomes `around`, and wasm encoding `scratch`.
  assert.equal(fitted.decode, fitted.moves === 'loops' ? 'around' : 'wasm');
  assert.equal(fitted.encode, fitted.moves === 'loops' ? 'native' : 'wasm');
  assert.equal(fitted.utf8, capabilities.isUtf8 ? 'isUtf8' : 'fatal');
  assert.equal(fitted.lone, capabilities.isWellFormed ? 'halving' : 'scan');
  assert.equal(fitted.shortDecoder, capabilities.utf8Slice ? 'utf8Slice' : 'textDecoder');
  // The loop decoder's code units go through one `apply`: the scan is capped, and the loop within it.
  assert.equal(fitted.scanDecodeUpTo, 1024);
  assert.equal(fitted.jsDecodeUpTo, 1024);
  for (const [route, value] of Object.entries(fitted))
    if (!route.endsWith('Limit') && !route.endsWith('UpTo'))
      assert.ok(api.possibleRoutes()[route].includes(value), `${route}=${value}`);
});
