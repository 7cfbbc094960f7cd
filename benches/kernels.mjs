#!/usr/bin/env node
// Kernel benchmark: the Rust core's conversions timed inside wasm, the SIMD kernels (the build
// with `-C target-feature=+simd128`, as shipped) against the scalar kernels (the same crate built
// without it) and a plain `memory.copy` of the same input, in the same run, in Node and in
// headless Chromium and Firefox; and the native anchor: simdutf's SSE kernels on the same
// corpora, natively.
// See benches/README.md, "The core's kernels".
//
//   node benches/kernels.mjs                       # build, then native, Node (this binary), browsers
//   node benches/kernels.mjs --node /path/to/node  # the Node part in another Node binary
//   node benches/kernels.mjs --no-chromium | --no-firefox | --no-node | --quick | --rounds 3
//   node benches/kernels.mjs --native haswell      # the anchor's simdutf kernels (westmere: SSE)
//   node benches/kernels.mjs --native none         # no anchor (no C++ build)
//   node benches/kernels.mjs --native-runs 5       # the anchor's processes per round (3)
//   node benches/kernels.mjs --corpus cjk,dense --kernel encode,decode --units 20000
//   node benches/kernels.mjs --slices 8           # 8 different texts of --units each, in turn
//
// The benchmark crates are benches/kernels/ and benches/kernels-native/ (each its own workspace).
// Both wasm builds go through binaryen's wasm-opt -O3 like the shipped main module. Results also
// go to target/bench/kernels.json.
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCorpora, loadSources } from './corpora.mjs';
import { referenceWtf8 } from './suite.mjs';
import { runKernels } from './kernels-suite.mjs';
import { WASM_OPT_FEATURES } from '../scripts/wasm-features.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && at + 1 < args.length ? args[at + 1] : fallback;
};

if (flag('--help')) {
  console.log(
    readFileSync(fileURLToPath(import.meta.url), 'utf8')
      .split('\n')
      .slice(1, 20)
      .join('\n'),
  );
  process.exit(0);
}

const CORPORA = ['ascii', 'latin', 'cyrillic', 'cjk', 'emoji', 'sliced', 'dense'];
const quick = flag('--quick');
const opts = {
  samples: Number(option('--samples', quick ? 3 : 9)),
  sampleMs: Number(option('--sample-ms', quick ? 5 : 15)),
  kernels: option('--kernel', undefined)?.split(','),
};
const corpusNames = option('--corpus', CORPORA.join(',')).split(',');
const nativeRuns = Number(option('--native-runs', quick ? 1 : 3));
// One wasm call of the bindings converts at most 21,845 units (64 KiB of WTF-8): bench that size.
const units = Number(option('--units', 20_000));
// Slices: each corpus as this many different texts of `units` units (the first is the corpus of
// one slice), converted in turn by every kernel and the anchor, so that no sample converts the
// text the one before it did: its branches are not learned, while it stays in the caches.
const slices = Number(option('--slices', 1));

// --child: run the Node part on a JSON job from stdin (used by --node), print JSON.
if (flag('--child')) {
  const job = JSON.parse(readFileSync(0, 'utf8'));
  process.stdout.write(JSON.stringify(runKernels(job)));
  process.exit(0);
}

function build() {
  const manifest = join(here, 'kernels', 'Cargo.toml');
  const out = {};
  for (const [id, rustflags, features] of [
    ['scalar', '', []],
    ['simd', '-C target-feature=+simd128', ['--enable-simd']],
  ]) {
    const targetDir = join(root, 'target', 'kernel-bench', id);
    console.error(`» cargo build (${id})`);
    execFileSync(
      'cargo',
      [
        'build',
        '--quiet',
        '--release',
        '--target',
        'wasm32-unknown-unknown',
        '--manifest-path',
        manifest,
        '--target-dir',
        targetDir,
      ],
      {
        stdio: 'inherit',
        env: { ...process.env, RUSTFLAGS: rustflags },
      },
    );
    const wasm = join(targetDir, 'wasm32-unknown-unknown', 'release', 'wtf8_wasm_kernel_bench.wasm');
    const opt = join(targetDir, 'kernels.opt.wasm');
    execFileSync(
      join(root, 'node_modules', '.bin', 'wasm-opt'),
      ['-O3', ...features, ...WASM_OPT_FEATURES, '--strip-debug', wasm, '-o', opt],
      { stdio: 'inherit' },
    );
    out[id] = readFileSync(opt).toString('base64');
  }
  return out;
}

function runNode(job) {
  const node = option('--node', process.env.WTF8_NODE ?? process.execPath);
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  console.error(`» Node ${version} (${node})`);
  const result = JSON.parse(
    execFileSync(node, [fileURLToPath(import.meta.url), '--child'], {
      input: JSON.stringify(job),
      maxBuffer: 1 << 26,
      encoding: 'utf8',
    }),
  );
  return { runtime: `Node ${version}`, ...result };
}

/** The kernels in a page of `browser` ('chromium' or 'firefox', Debian's, headless). */
async function runBrowser(name, job) {
  const support = await import(join(root, 'tests', 'support', 'browsers.mjs'));
  const [launch, binary] =
    name === 'chromium' ? [support.launchChromium, support.CHROMIUM] : [support.launchFirefox, support.FIREFOX];
  const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  console.error(`» ${version}`);
  const browser = await launch();
  try {
    const page = await browser.newPage();
    await page.goto('about:blank');
    const result = await page.evaluate(`(${runKernels.toString()})(${JSON.stringify(job)})`);
    return { runtime: version, ...result };
  } finally {
    await browser.close();
  }
}

/** Each figure its fastest round's: merges the rows of `b` into `a` (rows keyed `corpus kernel`). */
const fastest = (a, b) => {
  if (!a) return b;
  for (const [key, x] of b.rows) {
    const y = a.rows.get(key);
    if (!y) a.rows.set(key, x);
    else for (const f of ['native', 'scalar', 'simd', 'copy']) if (f in x) y[f] = Math.min(y[f], x[f]);
  }
  return a;
};
const keyed = (result) => ({ ...result, rows: new Map(result.rows.map((r) => [`${r.corpus} ${r.kernel}`, r])) });
/**
 * The native anchor: benches/kernels-native/ built natively, run on the same corpora (written to
 * target/bench/kernels-native/) with simdutf's `implementation` forced. Returns its rows, keyed
 * `corpus kernel`, or null with `--native none`.
 */
function runNative(corpora, implementation) {
  if (implementation === 'none') return null;
  const dir = join(root, 'target', 'bench', 'kernels-native');
  mkdirSync(dir, { recursive: true });
  for (const { name, texts, wtf8 } of corpora) {
    writeFileSync(join(dir, `${name}.utf16le`), Buffer.from(texts.join(''), 'utf16le'));
    const bytes = wtf8.map((b64) => Buffer.from(b64, 'base64'));
    writeFileSync(join(dir, `${name}.wtf8`), Buffer.concat(bytes));
    writeFileSync(join(dir, `${name}.slices`), bytes.map((b) => b.length).join('\n') + '\n');
  }
  writeFileSync(join(dir, 'corpora.txt'), corpora.map((c) => c.name).join('\n') + '\n');
  const targetDir = join(root, 'target', 'kernel-native');
  console.error('» cargo build (native anchor: simdutf)');
  execFileSync(
    'cargo',
    [
      'build',
      '--quiet',
      '--release',
      '--manifest-path',
      join(here, 'kernels-native', 'Cargo.toml'),
      '--target-dir',
      targetDir,
    ],
    { stdio: 'inherit' },
  );
  console.error(`» native: simdutf, SIMDUTF_FORCE_IMPLEMENTATION=${implementation}, ${nativeRuns} runs`);
  const args = ['--samples', String(opts.samples), '--sample-ms', String(opts.sampleMs)];
  if (opts.kernels) args.push('--kernels', opts.kernels.join(','));
  // Several processes, each figure its fastest: on this machine kind a whole run of the binary is
  // now and then 1.5-1.7× slower than the next (six runs one after the other: CJK encode 0.41 ns
  // a unit three times, 0.68-0.72 three times; buffers at fixed 4 KiB offsets changed nothing,
  // 3 Dec 2026), while the wasm figures, the fastest of more samples over more time, hardly move.
  let result = null;
  for (let run = 0; run < nativeRuns; run++) {
    const out = execFileSync(join(targetDir, 'release', 'kernel-native'), [...args, dir], {
      encoding: 'utf8',
      env: { ...process.env, SIMDUTF_FORCE_IMPLEMENTATION: implementation },
    });
    result = fastest(result, keyed(JSON.parse(out)));
  }
  return result;
}

const fmt = (x) => (x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toFixed(3));

function print({ runtime, rows }, native) {
  console.log(
    `\n${runtime}: ns per UTF-16 code unit inside wasm (fastest of ${opts.samples} samples in each of ${rounds} rounds, ${units} units${slices > 1 ? ` a slice, ${slices} slices in turn` : ''})`,
  );
  const anchor = native ? ` native (simdutf ${native.implementation}) | SIMD ÷ native |` : '';
  console.log(`| kernel | corpus | bytes/unit | scalar | SIMD | speed-up | memcpy |${anchor}`);
  console.log(`| --- | --- | ---: | ---: | ---: | ---: | ---: |${native ? ' ---: | ---: |' : ''}`);
  for (const r of rows) {
    const speedup = r.scalar / r.simd;
    const n = native?.rows.get(`${r.corpus} ${r.kernel}`);
    // simdutf has no WTF-8: corpora with lone surrogates have no anchor.
    const cells = native ? (n ? ` ${fmt(n.native)} | ${(r.simd / n.native).toFixed(2)} |` : ' – | – |') : '';
    console.log(
      `| ${r.kernel} | ${r.corpus} | ${(r.bytes / r.units).toFixed(2)} | ${fmt(r.scalar)} | ${fmt(r.simd)} | ${speedup.toFixed(2)}× | ${fmt(r.copy)} |${cells}`,
    );
  }
}

const modules = build();
const sources = loadSources();
// Slice 0 is the corpus `benches/run.mjs` builds at this size; the others come from other seeds.
const sliceTexts = Array.from({ length: slices }, (_, s) =>
  buildCorpora({ names: corpusNames, sizes: [units], sources, ...(s > 0 && { seed: `wtf8-bench-1/slice-${s}` }) }),
);
const corpora = corpusNames.map((name, at) => {
  const texts = sliceTexts.map((built) => built[at].text);
  return { name, texts, wtf8: texts.map((text) => Buffer.from(referenceWtf8(text)).toString('base64')) };
});
const job = { modules, corpora, ...opts };
// Rounds: the anchor, then each runtime, `--rounds` times over; every figure is its fastest
// round's, so that a slow spell of this shared machine in one round does not make a ratio.
const rounds = Number(option('--rounds', quick ? 1 : 2));
let native = null;
const byRuntime = [];
for (let round = 0; round < rounds; round++) {
  if (rounds > 1) console.error(`» round ${round + 1} of ${rounds}`);
  native = fastest(native, runNative(corpora, option('--native', 'westmere')));
  const these = [];
  if (!flag('--no-node')) these.push(runNode(job));
  if (!flag('--no-chromium')) these.push(await runBrowser('chromium', job));
  if (!flag('--no-firefox')) these.push(await runBrowser('firefox', job));
  these.forEach((r, at) => (byRuntime[at] = fastest(byRuntime[at], keyed(r))));
}
const results = byRuntime.map((r) => ({ ...r, rows: [...r.rows.values()] }));
for (const r of results) print(r, native);
mkdirSync(join(root, 'target', 'bench'), { recursive: true });
writeFileSync(
  join(root, 'target', 'bench', 'kernels.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      units,
      slices,
      opts,
      native: native && { implementation: native.implementation, rows: [...native.rows.values()] },
      results,
    },
    null,
    2,
  ),
);
