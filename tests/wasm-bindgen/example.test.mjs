// The example crate (examples/wasm-bindgen: a wasm-bindgen crate with wtf8-wasm's `js` and
// `serde-wasm-bindgen` features) as a user builds it, with cargo and the wasm-bindgen CLI (what
// `wasm-pack build` runs) for each wasm-bindgen target, then called from JavaScript with lone
// surrogates in arguments (`Wtf8String`, `&Wtf8String`, `Option<Wtf8String>`, `Vec<Wtf8String>`),
// return values and a serde-wasm-bindgen object, and with values that are not strings (a
// `TypeError` naming them): `nodejs` (CommonJS) in Node 20 and 26 and Bun, `web` (ES module,
// initSync) in Node 26 and (init) in headless Chromium and WebKitGTK (Safari's engine), `deno` (and
// with js-snippet) in Deno, `bundler` in Node 26 (its ES module imports the .wasm itself:
// --experimental-wasm-modules). Run by scripts/test.sh after the wasm-bindgen tests.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { packageName, wasmBindgenBuild } from '../../scripts/wasm-bindgen-build.mjs';
import { serve } from '../consumer/support.mjs';
import { launchWebKit, noWebKit } from '../support/browsers.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const crate = join(root, 'examples', 'wasm-bindgen');
const out = join(root, 'target', 'example-wasm-bindgen');
const NAME = 'example';
const runtime = (name) =>
  execFileSync(process.execPath, [join(root, 'scripts', 'runtimes.mjs'), 'path', name], { encoding: 'utf8' }).trim();

/** The checks every runner makes, as a module of its own (plain ES, no imports). */
const CHECKS = `
export function checks(m, { units = true } = {}) {
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
  eq('loneSurrogates (a borrowed &Wtf8String)', m.loneSurrogates('\\uD800a\\uDC00\\uD83D\\uDE00'), 2);
  eq('Option in and out: undefined', m.nonEmpty(undefined), undefined);
  eq('Option in and out: null', m.nonEmpty(null), undefined);
  eq('Option in and out: a string', m.nonEmpty('\\uDC00'), '\\uDC00');
  eq('Vec in, Option in', m.joinAll(['a\\uD83D', '\\uDE00', '\\uDFFF'], undefined), 'a\\u{1F600}\\uDFFF');
  eq('Vec in, Option in (given)', m.joinAll(['x', 'y'], '\\uD800'), 'x\\uD800y');
  eq('Vec out', JSON.stringify(m.lines('\\uD800\\nb\\n')), JSON.stringify(['\\uD800', 'b', '']));
  const typeError = (name, f, got) => {
    let thrown;
    try {
      f();
    } catch (e) {
      thrown = e;
    }
    eq(name, thrown instanceof TypeError && String(thrown.message).endsWith('must be a string, got ' + got), true);
  };
  typeError('a number is a TypeError', () => m.echo(42), 'number');
  typeError('null without an Option is a TypeError', () => m.echo(null), 'null');
  typeError('a String object is a TypeError', () => m.echo(new String('x')), 'String');
  typeError('an object in a Vec is a TypeError', () => m.joinAll(['a', {}]), 'Object');
  typeError('a symbol in an Option is a TypeError', () => m.nonEmpty(Symbol('s')), 'symbol');
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
  // Past the js-snippet feature's short paths (1,365 units in, 64 bytes out): lone surrogates of
  // both kinds beside real U+FFFDs, pairs, CJK and Latin, and at the very start and end.
  const piece = '\\uFFFD' + 'x'.repeat(37) + '\\uDBFF' + '\\u4E2D'.repeat(13) + '\\uD83D\\uDE00\\uDC01\\u00E9';
  const long = '\\uDC00' + piece.repeat(700) + '\\uD800';
  eq('echo of a long string, lone surrogates beside real U+FFFDs', m.echo(long), long);
  eq('toWtf8 of it, against a code point loop', Array.from(m.toWtf8(long)).join(','), wtf8Of(long));
  eq('fromWtf8 of its WTF-8', m.fromWtf8(m.toWtf8(long)), long);
  // With js-snippet: long strings' fast path is there (Buffer in Node and Bun, the JS String
  // Builtins in Chromium and Deno), so the checks above went through it; or, where the runner
  // took both away or the engine has neither (WebKit; units: false), they went through the
  // snippet's fallbacks.
  if (typeof m.unitsInOneCall === 'function') eq('the snippet moves code units in one call (or, without a way, not)', m.unitsInOneCall(), units);
  return done;
}

/** WTF-8 by code point (a lone surrogate is one), as the oracle for toWtf8. */
function wtf8Of(s) {
  const out = [];
  for (const ch of s) {
    const c = ch.codePointAt(0);
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return out.join(',');
}
`;

/** The builds, by directory name: [target, cargo features]. */
const BUILDS = {
  nodejs: ['nodejs', ''],
  web: ['web', ''],
  deno: ['deno', ''],
  bundler: ['bundler', ''],
  'nodejs-snippet': ['nodejs', 'js-snippet'],
  'web-snippet': ['web', 'js-snippet'],
  'deno-snippet': ['deno', 'js-snippet'],
};
before(() => {
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'checks.mjs'), CHECKS);
  for (const [dir, [target, features]] of Object.entries(BUILDS)) {
    // With the package.json wasm-pack writes (its `type` tells Node whether the .js files are
    // CommonJS): scripts/wasm-bindgen-build.mjs.
    wasmBindgenBuild({
      pkg: packageName(crate),
      target,
      outDir: join(out, dir),
      outName: NAME,
      features,
      packageJson: true,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
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
const ALL = 26;
/** The number of checks a build makes: one more with js-snippet (which path long strings take). */
const checksOf = (dir) => ALL + (dir.endsWith('-snippet') ? 1 : 0);

const nodejsRunner = (dir, { hideBuffer = false } = {}) => `
${hideBuffer ? 'delete globalThis.Buffer;' : ''}
const m = require('./${dir}/${NAME}.js');
import('./checks.mjs').then(({ checks }) => console.log(JSON.stringify(checks(m, { units: ${!hideBuffer} }))));
`;

for (const [dir, names] of [
  ['nodejs', ['node20', 'node26', 'bun']],
  ['nodejs-snippet', ['node20', 'node22', 'node26', 'bun']],
]) {
  for (const name of names) {
    test(`${dir === 'nodejs' ? 'nodejs target' : 'nodejs target with js-snippet'} (require) in ${name}`, async () => {
      const bin = name === 'node20' ? process.execPath : runtime(name);
      const done = await runChecks(bin, [], `run-${dir}-${name}.cjs`, nodejsRunner(dir));
      assert.equal(done.length, checksOf(dir), done.join('\n'));
    });
  }
}

// The snippet with no way to move code units in one call: Node 20 has no JS String Builtins (no
// GC types in V8 11.3), and the runner deletes Buffer before the module loads, so long strings
// with lone surrogates take the snippet's fallbacks (one charCodeAt per U+FFFD in, one
// TextDecoder call and a join out), as in an engine with neither.
test('nodejs target with js-snippet in node20 without Buffer (the fallbacks)', async () => {
  const script = nodejsRunner('nodejs-snippet', { hideBuffer: true });
  const done = await runChecks(process.execPath, [], 'run-nodejs-snippet-no-buffer.cjs', script);
  assert.equal(done.length, checksOf('nodejs-snippet'), done.join('\n'));
});

// A throw out of wasm abandons the frames it passes through: wasm-bindgen 0.2.130 gives back neither
// their shadow stack (wasm's stack in linear memory) nor, for a borrowed argument, the slot its
// handle took on wasm-bindgen's 1,024-slot stack of borrowed handles. Every throw does this
// (`throw_str`, `unwrap_throw`), and so does the TypeError for a value that is not a string. The
// crate's docs give the budget these check: 30,000 TypeErrors for an owned `Wtf8String` argument
// (about 32 bytes of a 1 MiB stack each), 1,000 for a borrowed `&Wtf8String`.
const throwsRunner = (call, n) => `
const m = require('./nodejs/${NAME}.js');
let outcome = 'ok';
for (let i = 0; i < ${n}; i++) {
  try {
    ${call};
    outcome = 'no throw';
    break;
  } catch (e) {
    if (!(e instanceof TypeError)) {
      outcome = 'after ' + i + ': ' + e;
      break;
    }
  }
}
if (outcome === 'ok' && !(m.echo('ok\\uD800') === 'ok\\uD800' && m.loneSurrogates('\\uDC00') === 1)) outcome = 'broken';
console.log(JSON.stringify(outcome));
`;

// (Each in a process of its own: they draw on the same shadow stack.)
for (const [what, call, n] of [
  ['an owned Wtf8String argument', 'm.echo(i)', 30000],
  ['a borrowed &Wtf8String argument', 'm.loneSurrogates(i)', 1000],
]) {
  test(`the module keeps working after ${n} TypeErrors for ${what} (nodejs target, Node 26)`, async () => {
    const file = `run-throws-${n}.cjs`;
    assert.equal(await runChecks(runtime('node26'), [], file, throwsRunner(call, n)), 'ok');
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

for (const dir of ['web', 'web-snippet']) {
  test(`${dir === 'web' ? 'web target' : 'web target with js-snippet'} in headless Chromium (a page importing the module, its .wasm${dir === 'web' ? '' : ' and the snippet'})`, async () => {
    const { launchChromium } = await import('../support/browsers.mjs');
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.route('http://example.invalid/**', (route) => {
        const path = new URL(route.request().url()).pathname;
        if (path === '/')
          return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>x</title>' });
        // The checks, and the build's files (the module, its .wasm, the snippets/ it imports).
        const file = path === '/checks.mjs' ? join(out, 'checks.mjs') : join(out, dir, path);
        if (path.includes('..') || !existsSync(file)) return route.fulfill({ status: 404, body: '' });
        const contentType = file.endsWith('.wasm') ? 'application/wasm' : 'text/javascript';
        return route.fulfill({ status: 200, contentType, body: readFileSync(file) });
      });
      await page.goto('http://example.invalid/');
      const done = await page.evaluate(async (name) => {
        const m = await import(`/${name}.js`);
        await m.default({ module_or_path: `/${name}_bg.wasm` });
        const { checks } = await import('/checks.mjs');
        return checks(m);
      }, NAME);
      assert.equal(done.length, checksOf(dir), done.join('\n'));
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });
}

// WebKit has no JS String Builtins and no Buffer: with js-snippet, long strings take the snippet's
// fallbacks there (units: false). Its driver has no request interception, so the page comes from a
// loopback server over target/example-wasm-bindgen, whose request log stands in for the network
// events WebKitWebDriver does not report.
for (const dir of ['web', 'web-snippet']) {
  test(
    `${dir === 'web' ? 'web target' : 'web target with js-snippet'} in WebKit (a page importing the module, its .wasm${dir === 'web' ? '' : ' and the snippet'})`,
    { skip: noWebKit },
    async () => {
      writeFileSync(join(out, 'page.html'), '<!doctype html><title>x</title><link rel="icon" href="data:,">');
      const server = await serve(out);
      const browser = await launchWebKit();
      try {
        const page = await browser.newPage();
        const errors = [];
        page.on('pageerror', (error) => errors.push(String(error)));
        await page.goto(`${server.url}/page.html`);
        const done = await page.evaluate(
          async ({ dir, name }) => {
            const m = await import(`/${dir}/${name}.js`);
            await m.default({ module_or_path: `/${dir}/${name}_bg.wasm` });
            const { checks } = await import('/checks.mjs');
            return checks(m, { units: false });
          },
          { dir, name: NAME },
        );
        assert.equal(done.length, checksOf(dir), done.join('\n'));
        assert.deepEqual(errors, []);
        const failed = server.requests.filter((request) => !request.startsWith('200 '));
        assert.deepEqual(failed, [], 'requests that failed (WebKit reports no network events)');
      } finally {
        await browser.close();
        await server.close();
      }
    },
  );
}

for (const dir of ['deno', 'deno-snippet']) {
  test(`${dir === 'deno' ? 'deno target' : 'deno target with js-snippet'} in Deno`, async () => {
    const script = `
import * as m from './${dir}/${NAME}.js';
import { checks } from './checks.mjs';
console.log(JSON.stringify(checks(m)));
`;
    const args = ['run', '--allow-read', '--no-prompt'];
    const done = await runChecks(runtime('deno'), args, `run-${dir}.mjs`, script);
    assert.equal(done.length, checksOf(dir), done.join('\n'));
  });
}

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
