#!/usr/bin/env node
// For Rust wasm-bindgen authors (issues 18, 27): a `#[wasm_bindgen]` function that takes a string
// and gives it back, `fn echo(s: Wtf8String) -> Wtf8String` (lossless) against
// `fn echo(s: String) -> String` (wasm-bindgen's own, lossy), and against the lossless way crates
// roll by hand today (a `JsString` read with one `charCodeAt` per code unit and written back with
// `String.fromCharCode`). Per script (ASCII, Latin, Cyrillic, CJK, emoji; real text from
// benches/corpora.mjs), at 8, 100, 10 K and 1 M code units, well-formed and with one lone
// surrogate per 1,000 and per 50 units; on pools of different strings (1,024 of 8 and 100 units,
// 32 of 10 K, 2 of 1 M), paired rounds, medians, and a control row (the anchor timed against
// itself). Builds the example crate (examples/wasm-bindgen) with cargo and wasm-bindgen (as
// wasm-pack does: scripts/wasm-bindgen-build.mjs) for the `nodejs` and `web` targets. See benches/README.md, "From Rust (wasm-bindgen)".
//
//   node benches/js-string.mjs [--runtime node22,node26,deno,chromium,firefox] [--samples N]
//     [--target-ms N] [--script cjk,emoji] [--size 8,1000000] [--kind well-formed,lone 1/50]
//     [--parts] [--simd] [--features F] [--no-build] [--json FILE]
//
// --parts also times the argument alone and the return value alone; --simd builds the example
// crate with `-C target-feature=+simd128`; --features builds it with these cargo features (e.g.
// js-snippet); --no-build reuses the last build of the same kind (target/bench-js-string/<kind>/).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCorpora } from './corpora.mjs';
import { KINDS, SCRIPTS, SIZES } from './js-string-suite.mjs';
import { packageName, wasmBindgenBuild } from '../scripts/wasm-bindgen-build.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && at + 1 < args.length ? args[at + 1] : fallback;
};
const list = (name, all) => {
  const value = option(name, null);
  return value === null ? all : value.split(',').map((v) => (typeof all[0] === 'number' ? Number(v) : v));
};
const runtimes = option('--runtime', 'node22,node26,deno,chromium,firefox').split(',');
const settings = {
  samples: Number(option('--samples', 7)),
  targetMs: Number(option('--target-ms', 20)),
  parts: args.includes('--parts'),
};
const scripts = list('--script', SCRIPTS);
const sizes = list('--size', SIZES);
const kinds = list(
  '--kind',
  KINDS.map((k) => k.name),
);
const simd = args.includes('--simd');
const features = option('--features', null);
const build = [simd ? 'simd128' : 'default', ...(features ? [features.replace(/[^\w-]+/g, '+')] : [])].join('-');
const out = join(root, 'target', 'bench-js-string', build);
const crate = join(root, 'examples', 'wasm-bindgen');
mkdirSync(out, { recursive: true });

if (!args.includes('--no-build')) {
  for (const target of ['nodejs', 'web']) {
    wasmBindgenBuild({
      pkg: packageName(crate),
      target,
      outDir: join(out, target),
      outName: 'example',
      features: features ?? '',
      packageJson: true,
      stdio: ['ignore', 'ignore', 'inherit'],
      // (Its own target directory: other flags would rebuild every dependency of the other.)
      env: simd
        ? {
            RUSTFLAGS: `${process.env.RUSTFLAGS ?? ''} -C target-feature=+simd128`.trim(),
            CARGO_TARGET_DIR: join(root, 'target', 'simd128'),
          }
        : {},
    });
  }
}

// One text per script, long enough for two different 1 M-unit strings.
const texts = {};
for (const { name, text } of buildCorpora({ names: scripts, sizes: [2_200_000] })) texts[name] = text;
const textsJson = join(out, 'texts.json');
writeFileSync(textsJson, JSON.stringify(texts));

/** The cases of one (script, size) group, in report order. */
const groups = [];
for (const script of scripts) for (const units of sizes) groups.push(kinds.map((kind) => ({ script, units, kind })));

const runtimePath = (name) =>
  execFileSync(process.execPath, [join(root, 'scripts', 'runtimes.mjs'), 'path', name], { encoding: 'utf8' }).trim();

/** Node or Deno: one child process for all the cases. */
function inProcess(runtime) {
  const job = join(out, `job-${runtime}.json`);
  const result = join(out, `rows-${runtime}.json`);
  writeFileSync(
    job,
    JSON.stringify({
      texts: textsJson,
      plan: groups.flat(),
      settings,
      nodejs: join(out, 'nodejs'),
      web: join(out, 'web'),
      out: result,
    }),
  );
  const runner = join(here, 'js-string-runner.mjs');
  const bin = runtime === 'node20' ? process.execPath : runtimePath(runtime);
  const argv = runtime === 'deno' ? ['run', '--allow-read', '--allow-write', runner, job] : [runner, job];
  execFileSync(bin, argv, { stdio: ['ignore', 'ignore', 'inherit'] });
  return JSON.parse(readFileSync(result, 'utf8'));
}

/**
 * A browser: a page on a local server that sends COOP/COEP headers (cross-origin isolated, so that
 * performance.now() has its fine resolution), one `evaluate` per (script, size) group (puppeteer's
 * calls time out after 3 minutes).
 */
async function inBrowser(runtime) {
  const files = {
    '/': [null, 'text/html', '<!doctype html><meta charset="utf-8"><title>js-string bench</title>'],
    '/suite.mjs': [join(here, 'js-string-suite.mjs'), 'text/javascript'],
    '/example.js': [join(out, 'web', 'example.js'), 'text/javascript'],
    '/example_bg.wasm': [join(out, 'web', 'example_bg.wasm'), 'application/wasm'],
    '/texts.json': [textsJson, 'application/json'],
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    // The build's snippets (the js-snippet feature): example.js imports ./snippets/<crate>/inline0.js.
    const snippet = path.startsWith('/snippets/') && !path.includes('..');
    const file = snippet ? [join(out, 'web', path), 'text/javascript'] : files[path];
    const headers = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
    if (!file) {
      res.writeHead(404, headers).end();
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Type': file[1] }).end(file[0] ? readFileSync(file[0]) : file[2]);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { launchChromium, launchFirefox, CHROMIUM, FIREFOX } = await import('../tests/support/browsers.mjs');
  const browser = runtime === 'firefox' ? await launchFirefox() : await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    if (!(await page.evaluate(() => globalThis.crossOriginIsolated)))
      console.error('warning: the page is not cross-origin isolated: performance.now() is coarse');
    const rows = [];
    for (const plan of groups) {
      rows.push(
        ...(await page.evaluate(
          async ({ plan, settings }) => {
            const suite = await import('/suite.mjs');
            if (!globalThis.benchModule) {
              const m = await import('/example.js');
              await m.default({ module_or_path: '/example_bg.wasm' });
              globalThis.benchModule = m;
              globalThis.benchTexts = await (await fetch('/texts.json')).json();
            }
            return suite.runCases(globalThis.benchModule, globalThis.benchTexts, plan, settings);
          },
          { plan, settings },
        )),
      );
      const last = rows.at(-1);
      console.error(
        `  ${last.script} ${last.units}: ${rows.slice(-plan.length).map((r) => r.echo.ratios[0].toFixed(2))}`,
      );
    }
    const bin = runtime === 'firefox' ? FIREFOX : CHROMIUM;
    const version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
    return { version, rows };
  } finally {
    await browser.close();
    server.close();
  }
}

const fmt = (ns) =>
  ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(1)} µs` : `${ns.toFixed(0)} ns`;
const results = {};
for (const runtime of runtimes) {
  console.error(`${runtime}…`);
  const { version, rows } =
    runtime === 'chromium' || runtime === 'firefox' ? await inBrowser(runtime) : inProcess(runtime);
  results[runtime] = { version, rows };
  console.log(
    `\n${runtime} (${version}; build: ${build}): String echo time ÷ the other's (> 1: faster than String), median of ${settings.samples} rounds; [control: String ÷ String]`,
  );
  console.log(
    `${'script'.padEnd(9)}${'units'.padStart(8)}  ${'text'.padEnd(12)}${'Wtf8String'.padStart(11)}${'per-unit'.padStart(10)}${'control'.padStart(9)}   ns per call: String / Wtf8String / per-unit` +
      (settings.parts ? '   in: arg only [control]   out: return only [control]' : ''),
  );
  for (const r of rows) {
    const [ours, perUnit] = r.echo.ratios;
    const parts = settings.parts
      ? `   in ${r.in.ratios[0].toFixed(2)} [${r.in.control.toFixed(2)}] (${fmt(r.in.ns[0])} / ${fmt(r.in.ns[1])})` +
        `   out ${r.out.ratios[0].toFixed(2)} [${r.out.control.toFixed(2)}] (${fmt(r.out.ns[0])} / ${fmt(r.out.ns[1])})`
      : '';
    console.log(
      `${r.script.padEnd(9)}${String(r.units).padStart(8)}  ${r.kind.padEnd(12)}${ours.toFixed(2).padStart(11)}${perUnit
        .toFixed(2)
        .padStart(10)}${`[${r.echo.control.toFixed(2)}]`.padStart(9)}   ${r.echo.ns.map(fmt).join(' / ')}${parts}`,
    );
  }
}
const json = option('--json', null);
if (json) writeFileSync(json, JSON.stringify({ date: new Date().toISOString(), settings, results }, null, 1));
