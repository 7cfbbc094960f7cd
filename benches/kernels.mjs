#!/usr/bin/env node
// Kernel benchmark: the Rust core's conversions timed inside wasm, the SIMD kernels (the build
// with `-C target-feature=+simd128`, as shipped) against the scalar kernels (the same crate built
// without it) and a plain `memory.copy` of the same input, in the same run, in Node and in
// headless Chromium. See benches/README.md, "The core's kernels".
//
//   node benches/kernels.mjs                       # build, then Node (this binary) and Chromium
//   node benches/kernels.mjs --node /path/to/node  # the Node part in another Node binary
//   node benches/kernels.mjs --no-chromium | --no-node | --quick
//   node benches/kernels.mjs --corpus cjk,dense --kernel encode,decode --units 20000
//
// The benchmark crate is benches/kernels/ (its own workspace). Both builds go through binaryen's
// wasm-opt -O3 like the shipped main module. Results also go to target/bench/kernels.json.
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCorpora } from './corpora.mjs';
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
      .slice(1, 12)
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
// One wasm call of the bindings converts at most 21,845 units (64 KiB of WTF-8): bench that size.
const units = Number(option('--units', 20_000));

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

async function runChromium(job) {
  const { launchChromium, CHROMIUM } = await import(join(root, 'tests', 'support', 'browsers.mjs'));
  const version = execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).trim();
  console.error(`» ${version}`);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto('about:blank');
    const result = await page.evaluate(`(${runKernels.toString()})(${JSON.stringify(job)})`);
    return { runtime: version, ...result };
  } finally {
    await browser.close();
  }
}

const fmt = (x) => (x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toFixed(3));

function print({ runtime, rows }) {
  console.log(`\n${runtime}: ns per UTF-16 code unit inside wasm (fastest of ${opts.samples} samples, ${units} units)`);
  console.log('| kernel | corpus | bytes/unit | scalar | SIMD | speed-up | memcpy |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    const speedup = r.scalar / r.simd;
    console.log(
      `| ${r.kernel} | ${r.corpus} | ${(r.bytes / r.units).toFixed(2)} | ${fmt(r.scalar)} | ${fmt(r.simd)} | ${speedup.toFixed(2)}× | ${fmt(r.copy)} |`,
    );
  }
}

const modules = build();
const corpora = buildCorpora({ names: corpusNames, sizes: [units] }).map(({ name, text }) => ({
  name,
  text,
  wtf8: Buffer.from(referenceWtf8(text)).toString('base64'),
}));
const job = { modules, corpora, ...opts };
const results = [];
if (!flag('--no-node')) results.push(runNode(job));
if (!flag('--no-chromium')) results.push(await runChromium(job));
for (const r of results) print(r);
mkdirSync(join(root, 'target', 'bench'), { recursive: true });
writeFileSync(
  join(root, 'target', 'bench', 'kernels.json'),
  JSON.stringify({ date: new Date().toISOString(), units, opts, results }, null, 2),
);
