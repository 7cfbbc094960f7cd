#!/usr/bin/env node
// For Rust wasm-bindgen authors (issue 18): wtf8-wasm's lossless conversions of JavaScript
// strings (`js_string_to_wtf8`, `wtf8_to_js_string`, feature `js`) against wasm-bindgen's own lossy
// path on the same strings (`&str` in, `String` out), at 8, 100, 10 K and 1 M units, well-formed
// and with a lone surrogate per 50 units, in Node 26 and headless Chromium. Builds the example
// crate (examples/wasm-bindgen) with wasm-pack for the nodejs and web targets. See
// benches/README.md, "From Rust (wasm-bindgen)".
//
//   node benches/js-string.mjs [--runtime node26,chromium] [--samples N] [--target-ms N]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && at + 1 < args.length ? args[at + 1] : fallback;
};
const runtimes = option('--runtime', 'node26,chromium').split(',');
const settings = { samples: Number(option('--samples', 9)), targetMs: Number(option('--target-ms', 20)) };
const SIZES = [8, 100, 10_000, 1_000_000];
const out = join(root, 'target', 'bench-js-string');
const crate = join(root, 'examples', 'wasm-bindgen');

for (const target of ['nodejs', 'web']) {
  execFileSync(
    'wasm-pack',
    [
      '--quiet',
      'build',
      crate,
      '--target',
      target,
      '--release',
      '--out-dir',
      join(out, target),
      '--out-name',
      'example',
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

/** The rows of one runtime. */
async function measure(runtime) {
  if (runtime === 'chromium') {
    const { launchChromium } = await import('../tests/support/browsers.mjs');
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const files = {
        '/suite.mjs': [join(here, 'js-string-suite.mjs'), 'text/javascript'],
        '/example.js': [join(out, 'web', 'example.js'), 'text/javascript'],
        '/example_bg.wasm': [join(out, 'web', 'example_bg.wasm'), 'application/wasm'],
      };
      await page.route('http://bench.invalid/**', (route) => {
        const file = files[new URL(route.request().url()).pathname];
        if (!file) return route.fulfill({ status: 404, body: '' });
        return route.fulfill({ status: 200, contentType: file[1], body: readFileSync(file[0]) });
      });
      await page.route('http://bench.invalid/', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>bench</title>' }),
      );
      await page.goto('http://bench.invalid/');
      return await page.evaluate(
        async ({ sizes, settings }) => {
          const suite = await import('/suite.mjs');
          const m = await import('/example.js');
          await m.default({ module_or_path: '/example_bg.wasm' });
          return suite.run(m, suite.inputs(sizes), settings);
        },
        { sizes: SIZES, settings },
      );
    } finally {
      await browser.close();
    }
  }
  const bin = execFileSync(process.execPath, [join(root, 'scripts', 'runtimes.mjs'), 'path', runtime], {
    encoding: 'utf8',
  }).trim();
  const script = `
    const m = require(${JSON.stringify(join(out, 'nodejs', 'example.js'))});
    import(${JSON.stringify(pathToFileURL(join(here, 'js-string-suite.mjs')).href)}).then((suite) =>
      console.log(JSON.stringify(suite.run(m, suite.inputs(${JSON.stringify(SIZES)}), ${JSON.stringify(settings)}))));
  `;
  return JSON.parse(execFileSync(bin, ['-e', script], { encoding: 'utf8', maxBuffer: 1 << 24 }));
}

for (const runtime of runtimes) {
  const rows = await measure(runtime);
  console.log(
    `\n${runtime}: wasm-bindgen's lossy time ÷ ours (> 1: ours faster) [control: the anchor ÷ itself]; ns per call, anchor / ours`,
  );
  console.log('units      text          in (JsString → WTF-8 vs &str)           out (WTF-8 → JsString vs String)');
  for (let i = 0; i < rows.length; i += 2) {
    const [a, b] = [rows[i], rows[i + 1]];
    const cell = (r) =>
      `${r.ratio.toFixed(2)} [${r.control.toFixed(2)}] (${fmt(r.anchorNs)} / ${fmt(r.oursNs)})`.padEnd(39);
    console.log(`${a.units.padEnd(10)} ${a.kind.padEnd(13)} ${cell(a)} ${cell(b)}`);
  }
}

function fmt(ns) {
  return ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(1)} µs` : `${ns.toFixed(0)} ns`;
}
