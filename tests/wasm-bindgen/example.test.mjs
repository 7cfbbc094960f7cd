// The example crate (examples/wasm-bindgen: a wasm-bindgen crate with wtf8-wasm's `js` and
// `serde-wasm-bindgen` features) as a user builds it, with `wasm-pack build` for each wasm-bindgen
// target, then called from JavaScript with lone surrogates in arguments, return values and a
// serde-wasm-bindgen object: `nodejs` (CommonJS) in Node 20 and 26 and Bun, `web` (ES module,
// initSync) in Node 26 and (init) in headless Chromium, `deno` in Deno, `bundler` in Node 26 (its ES module imports the .wasm
// itself: --experimental-wasm-modules). Run by scripts/test.sh after the wasm-bindgen tests.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const crate = join(root, 'examples', 'wasm-bindgen');
const out = join(root, 'target', 'example-wasm-bindgen');
const NAME = 'example';
const runtime = (name) =>
  execFileSync(process.execPath, [join(root, 'scripts', 'runtimes.mjs'), 'path', name], { encoding: 'utf8' }).trim();

/** The checks every runner makes, as a module of its own (plain ES, no imports). */
const CHECKS = `
export function checks(m) {
  const done = [];
  const eq = (name, got, want) => {
    if (got !== want) throw new Error(name + ': got ' + JSON.stringify(got) + ', want ' + JSON.stringify(want));
    done.push(name);
  };
  const half = 'a\\uD83D';
  eq('echo keeps a lone lead', m.echo(half), half);
  eq('echo keeps a lone trail and a real U+FFFD', m.echo('\\uDC00\\uFFFDx'), '\\uDC00\\uFFFDx');
  eq('toWtf8', Array.from(m.toWtf8(half)).join(','), '97,237,160,189');
  eq('fromWtf8', m.fromWtf8(new Uint8Array([0x61, 0xed, 0xa0, 0xbd])), half);
  let error;
  try {
    m.fromWtf8(new Uint8Array([0x61, 0xc0, 0xaf]));
  } catch (e) {
    error = e;
  }
  eq('fromWtf8 of ill-formed bytes throws, saying what and where', /OVERLONG/.test(String(error && error.message)) && /1/.test(String(error.message)), true);
  eq('join re-pairs', m.join('x\\uD83D', '\\uDE00y'), 'x\\u{1F600}y');
  eq('loneSurrogates', m.loneSurrogates('\\uD800a\\uDC00\\uD83D\\uDE00'), 2);
  const message = m.roundTripMessage({
    text: 'hi \\uD83D',
    tags: { 'k\\uDC00': 'v\\uD800', plain: 'x' },
    history: ['\\uDFFF', 'ok'],
    lossy: 'y\\uD800',
  });
  eq('serde: a with-field', message.text, 'hi \\uD83D!');
  eq('serde: a map key and value', message.tags['k\\uDC00'], 'v\\uD800');
  eq('serde: a Vec item', message.history[0], '\\uDFFF');
  eq('serde: a plain String field is lossy', message.lossy, 'y\\uFFFD');
  const big = ('text \\uD800 more \\uDFFF \\u{1F600} ').repeat(20000);
  eq('echo of a 400 K-unit string', m.echo(big), big);
  return done;
}
`;

const builds = {};
before(() => {
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'checks.mjs'), CHECKS);
  for (const target of ['nodejs', 'web', 'deno', 'bundler']) {
    const dir = join(out, target);
    execFileSync(
      'wasm-pack',
      // With its package.json (no --no-pack): it tells Node whether the .js files are CommonJS.
      ['--quiet', 'build', crate, '--target', target, '--release', '--out-dir', dir, '--out-name', NAME],
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    builds[target] = dir;
  }
});

/** Runs `script` (written to target/example-wasm-bindgen/NAME) with `bin args`; returns the check names. */
async function runChecks(bin, args, name, script) {
  const file = join(out, name);
  writeFileSync(file, script);
  const { stdout } = await promisify(execFile)(bin, [...args, file], { cwd: out, encoding: 'utf8' });
  return JSON.parse(stdout.trim().split('\n').pop());
}

// The number of checks in CHECKS: a runner that skipped one fails.
const ALL = 12;

const NODEJS_RUNNER = `
const m = require('./nodejs/${NAME}.js');
import('./checks.mjs').then(({ checks }) => console.log(JSON.stringify(checks(m))));
`;

for (const name of ['node20', 'node26', 'bun']) {
  test(`nodejs target (require) in ${name}`, async () => {
    const bin = name === 'node20' ? process.execPath : runtime(name);
    const done = await runChecks(bin, [], `run-nodejs-${name}.cjs`, NODEJS_RUNNER);
    assert.equal(done.length, ALL, done.join('\n'));
  });
}

test('web target (ES module, initSync) in Node 26', async () => {
  const script = `
import { readFileSync } from 'node:fs';
import * as m from './web/${NAME}.js';
import { checks } from './checks.mjs';
m.initSync({ module: readFileSync(new URL('./web/${NAME}_bg.wasm', import.meta.url)) });
console.log(JSON.stringify(checks(m)));
`;
  const done = await runChecks(runtime('node26'), [], 'run-web.mjs', script);
  assert.equal(done.length, ALL);
});

test('web target in headless Chromium (a page importing the module and its .wasm)', async () => {
  const { launchChromium } = await import('../support/browsers.mjs');
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const files = {
      '/checks.mjs': [join(out, 'checks.mjs'), 'text/javascript'],
      [`/${NAME}.js`]: [join(out, 'web', `${NAME}.js`), 'text/javascript'],
      [`/${NAME}_bg.wasm`]: [join(out, 'web', `${NAME}_bg.wasm`), 'application/wasm'],
    };
    await page.route('http://example.invalid/**', (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/')
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>x</title>' });
      const file = files[path];
      if (!file) return route.fulfill({ status: 404, body: '' });
      return route.fulfill({ status: 200, contentType: file[1], body: readFileSync(file[0]) });
    });
    await page.goto('http://example.invalid/');
    const done = await page.evaluate(async (name) => {
      const m = await import(`/${name}.js`);
      await m.default({ module_or_path: `/${name}_bg.wasm` });
      const { checks } = await import('/checks.mjs');
      return checks(m);
    }, NAME);
    assert.equal(done.length, ALL, done.join('\n'));
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('deno target in Deno', async () => {
  const script = `
import * as m from './deno/${NAME}.js';
import { checks } from './checks.mjs';
console.log(JSON.stringify(checks(m)));
`;
  const done = await runChecks(runtime('deno'), ['run', '--allow-read', '--no-prompt'], 'run-deno.mjs', script);
  assert.equal(done.length, ALL);
});

test('bundler target in Node 26 (the ES module imports the .wasm: --experimental-wasm-modules)', async () => {
  const script = `
import * as m from './bundler/${NAME}.js';
import { checks } from './checks.mjs';
console.log(JSON.stringify(checks(m)));
`;
  const done = await runChecks(
    runtime('node26'),
    ['--experimental-wasm-modules', '--no-warnings'],
    'run-bundler.mjs',
    script,
  );
  assert.equal(done.length, ALL);
});
