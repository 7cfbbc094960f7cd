#!/usr/bin/env node
// Benchmark suite of wtf8-wasm across the runtime matrix (see benches/README.md).
//
//   node benches/run.mjs                      every runtime of the matrix (~15 min on 2 cores)
//   node benches/run.mjs --runtime node26,deno
//   node benches/run.mjs --quick              smoke run: fewer samples, sizes 100 and 10K
//
// Runtimes (--runtime, comma-separated; default all): node20 node22 node24 node26 deno bun
// chromium firefox webkit (scripts/runtimes.mjs says where each binary is; scripts/setup.sh installs
// them). Each runs the same corpora and contenders in its own process (browsers: in a page).
//
// Options: --json PATH  --corpus a,b  --size 100,10k  --side encode|decode  --samples N
//          --samples-large N  --target-ms N  --contenders matrix|all (default matrix: ours, the
//          platform call, and the platform call again as a control; all: also encodeInto, toUtf8,
//          Buffer and the peer libraries)  --plans (instead: every plan of js/routes.ts, each in a
//          process or page of its own, through the test entry; prints each plan's ratio per size
//          and the best per band as a row to paste; --plan a,b: only these plans)
//          --only TE,TD (other contenders besides ours)  --no-memory (skip the memory test, which
//          runs after the suite in Node 20 and Chromium when they are in the list)  --memory-only
//          --memory-units 64Mi  --big (also 256 Mi units)  --details (each runtime's full report:
//          every ratio, best-of ratios, absolute MU/s)  --short-only (only the short-string section:
//          pools of 4,096 strings of 8/32/128 units, benches/short.mjs)  --no-short (skip it)
//          --short-size 8,32  --short-script ascii,cjk  --short-samples N  --fixed-cost (instead:
//          what one short call spends in each step, benches/fixed-cost.mjs, through the test entry)
//          --no-rows (skip the rows benchmark, benches/rows.mjs, which a full run ends with)
//
// A full run (every runtime, none of the options that narrow or change the measurement) also
// writes benches/results.json, the summary of the run with its commit, and from it the speed and
// size sections of README.md and the results of benches/README.md (benches/results.mjs); a run at
// a commit with changes to js/, src/, bindings/ or scripts/build.mjs marks the commit with `+`.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { execFileSync } from 'node:child_process';
import { CORPORA, SIZES, buildCorpora, formatSize, parseSize } from './corpora.mjs';
import { DEFAULTS, formatReport } from './suite.mjs';
import { mainFileFor, RUNTIMES, runtimeNamed } from '../scripts/runtimes.mjs';
import { crossRuntimeTable, plansReport, shortTable } from './report.mjs';
import { fixedCostTable } from './fixed-cost.mjs';
import { RESULTS_FILE, measureSizes, summarize, writeSections } from './results.mjs';
import { runRows } from './rows.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');

// --- options ----------------------------------------------------------------------------------
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const value = (name, fallback) => {
  const i = argv.indexOf(name);
  if (i < 0) return fallback;
  if (i + 1 >= argv.length) throw new Error(`${name} needs a value`);
  return argv[i + 1];
};
const KNOWN = [
  '--quick',
  '--big',
  '--no-memory',
  '--memory-only',
  '--details',
  '--short-only',
  '--no-short',
  '--fixed-cost',
  '--plans',
  '--no-rows',
  '--help',
  '-h',
];
const WITH_VALUE = [
  '--runtime',
  '--json',
  '--corpus',
  '--size',
  '--side',
  '--samples',
  '--samples-large',
  '--target-ms',
  '--memory-units',
  '--only',
  '--contenders',
  '--plan',
  '--short-size',
  '--short-script',
  '--short-samples',
];
for (let i = 0; i < argv.length; i++) {
  if (WITH_VALUE.includes(argv[i])) i++;
  else if (!KNOWN.includes(argv[i])) {
    console.error(`unknown option ${argv[i]}; see node benches/run.mjs --help`);
    process.exit(2);
  }
}
if (flag('--help') || flag('-h')) {
  const lines = readFileSync(fileURLToPath(import.meta.url), 'utf8')
    .split('\n')
    .slice(1);
  console.log(
    lines
      .slice(
        0,
        lines.findIndex((l) => !l.startsWith('//')),
      )
      .map((l) => l.replace(/^\/\/ ?/, ''))
      .join('\n'),
  );
  process.exit(0);
}

const DEFAULT_RUNTIMES = ['node20', 'node22', 'node24', 'node26', 'deno', 'bun', 'chromium', 'firefox', 'webkit'];
const quick = flag('--quick');
const runtimes = value('--runtime', DEFAULT_RUNTIMES.join(',')).split(',').map(runtimeNamed);
for (const r of runtimes)
  if (r.kind === 'workerd')
    throw new Error('workerd gets no speed figures: its clock does not advance during a request');
const base = quick ? DEFAULTS.quick : DEFAULTS.full;
const plansMode = flag('--plans') || value('--plan', null) !== null;
const opts = {
  ...base,
  samples: Number(value('--samples', base.samples)),
  samplesLarge: Number(value('--samples-large', value('--samples', base.samplesLarge))),
  targetMs: Number(value('--target-ms', base.targetMs)),
  sides: value('--side', 'encode,decode').split(','),
  only: value('--only', null)?.split(','),
  contenders: value('--contenders', 'matrix'),
  short: flag('--short-only') ? 'only' : flag('--no-short') ? 'none' : 'also',
  shortSizes: value('--short-size', null)?.split(',').map(Number),
  shortScripts: value('--short-script', null)?.split(','),
  shortSamples: Number(value('--short-samples', quick ? 5 : 11)),
  fixedCost: flag('--fixed-cost'),
};
if (opts.fixedCost) opts.short = 'only';
if (!['matrix', 'all'].includes(opts.contenders)) throw new Error('--contenders is matrix or all');
const names = value('--corpus', CORPORA.map((c) => c.name).join(',')).split(',');
const sizes = value('--size', null)?.split(',').map(parseSize) ?? (quick ? SIZES.filter((s) => s < 1e6) : SIZES);
const memoryUnits = value('--memory-units', quick ? '4Mi' : '64Mi');
const big = flag('--big');
const memoryOnly = flag('--memory-only');
const doMemory = !flag('--no-memory') && !plansMode && opts.short !== 'only';
// A full run writes benches/results.json and the documents' sections from it: one that measures
// every runtime with the defaults, nothing narrowed or changed.
// (every option but where the JSON goes, which plans, the memory test's size and the rows'.)
const NARROWING = [
  ...WITH_VALUE.filter((name) => !['--json', '--plan', '--memory-units'].includes(name)),
  ...KNOWN.filter((name) => !['--big', '--no-memory', '--details', '--help', '-h'].includes(name)),
];
const fullRun = !quick && !plansMode && !NARROWING.some(flag);
const jsonPath = resolve(
  value('--json', join(root, 'target', 'bench', `${plansMode ? 'plans' : 'matrix'}${quick ? '-quick' : ''}.json`)),
);

const published = join(root, 'pkg', 'dist', 'wtf8-wasm.mjs');
const testing = join(root, 'target', 'testing', 'wtf8-wasm-testing.mjs');
if (!existsSync(published) || !existsSync(testing)) {
  console.log('pkg/ or the test entry is missing: building (node scripts/build.mjs --quiet)');
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--quiet'], { stdio: 'inherit', cwd: root });
}
for (const r of runtimes)
  if (!existsSync(r.binary)) throw new Error(`${r.name}: no binary at ${r.binary} (bash scripts/setup.sh installs it)`);

// --- machine ----------------------------------------------------------------------------------
const started = performance.now();
const meta = {
  date: new Date().toISOString(),
  cpu: os.cpus()[0]?.model,
  cores: os.cpus().length,
  memoryGiB: +(os.totalmem() / 2 ** 30).toFixed(1),
  os: `${os.type()} ${os.release()} ${os.arch()}`,
  loadavgAtStart: os.loadavg().map((x) => +x.toFixed(2)),
  options: { quick, ...opts, corpora: names, sizes, runtimes: runtimes.map((r) => r.name) },
};
console.log(`wtf8-wasm benchmarks${quick ? ' (quick)' : ''}: ${runtimes.map((r) => r.name).join(', ')}`);
console.log(
  `  ${meta.cpu}, ${meta.cores} cores, ${meta.memoryGiB} GiB; ${meta.os}; load average at start ${meta.loadavgAtStart.join(' ')}`,
);
console.log(
  `  per case: warm-up + calibration, then ${opts.samples} samples (${opts.samplesLarge} for >= 1M units) of >= ~${opts.targetMs} ms each, contenders interleaved round-robin; contenders: ${opts.contenders}${plansMode ? '; every plan' : ''}`,
);

// --- corpora (built once, in Node; every runtime reads the same JSON) --------------------------
const work = mkdtempSync(join(os.tmpdir(), 'wtf8-bench-'));
const corporaPath = join(work, 'corpora.json');
let corpusStats = [];
if (!memoryOnly) {
  const t = performance.now();
  const corpora = opts.short === 'only' ? [] : buildCorpora({ names, sizes });
  writeFileSync(
    corporaPath,
    JSON.stringify(corpora.map(({ name, size, text, stats }) => ({ name, size, text, stats }))),
  );
  corpusStats = corpora.map(({ name, size, stats }) => ({ name, size, ...stats }));
  console.log(`corpora: ${corpora.length} built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  for (const def of CORPORA.filter((c) => names.includes(c.name))) {
    const rows = corpusStats.filter((c) => c.name === def.name);
    console.log(`  ${def.name.padEnd(9)} ${def.about}`);
    console.log(
      `  ${''.padEnd(9)} ${rows.map((r) => `${formatSize(r.size)}: ${r.wtf8BytesPerUnit} B/unit${r.loneSurrogates ? `, ${r.loneSurrogates} lone` : ''}`).join('; ')}`,
    );
  }
}

// --- run each runtime ---------------------------------------------------------------------------
const results = {};
let failed = false;
const entry = plansMode || opts.fixedCost ? testing : published;
// --plans: the plans to time (the wasm-only plan once, as the reference) and their bands.
const testingApi = plansMode ? await import(pathToFileURL(testing).href) : null;
const planList = plansMode
  ? (value('--plan', null)?.split(',') ?? testingApi.PLAN_NAMES.filter((name) => !name.startsWith('wasm-')))
  : [];
const { describePlan } = plansMode ? await import('../tests/js/plans.mjs') : {};
const planBands = Object.fromEntries(planList.map((name) => [name, describePlan(testingApi, name)]));
try {
  if (plansMode) await runPlans();
  for (const r of plansMode ? [] : runtimes) {
    console.log('');
    console.log(`=== ${r.name}`);
    const t = performance.now();
    if (r.kind === 'browser') {
      const { runBrowser } = await import('./browser/driver.mjs');
      const info = {};
      const out = await runBrowser({
        browser: r.name,
        corporaJson: memoryOnly ? '[]' : readFileSync(corporaPath, 'utf8'),
        entry: opts.fixedCost ? '/target/testing/wtf8-wasm-testing.mjs' : '/pkg/dist/wtf8-wasm.mjs',
        opts,
        memoryUnits: doMemory && r.name === 'chromium' ? parseSize(memoryUnits) : 0,
        memoryOnly,
        onMeta: (m) => Object.assign(info, m),
        before: () => console.log(`  ${info.version}`),
      });
      results[r.name] = { info, suite: out.suite, short: out.short, fixed: out.fixed, memory: out.memory };
      if (out.memory) printBrowserMemory(r.name, out.memory);
    } else {
      if (!memoryOnly) results[r.name] = await runProcess(r);
      if (doMemory && r.name === 'node20') results[r.name] = { ...results[r.name], memory: await runMemory() };
    }
    const suite = results[r.name]?.suite;
    if (suite?.failures.some((f) => f.contender.startsWith('ours'))) failed = true;
    if (results[r.name]?.short?.failures.length) failed = true;
    if (results[r.name]?.memory && !results[r.name].memory.ok) failed = true;
    if (suite && flag('--details')) console.log(formatReport(suite));
    console.log(`  ${r.name}: ${((performance.now() - t) / 1000).toFixed(0)} s`);
    save(); // after each runtime, so a later failure keeps what was measured
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (plansMode) {
  console.log('');
  console.log(plansReport(results, planBands, meta.date.slice(0, 10)));
} else if (!memoryOnly) {
  console.log('');
  if (opts.fixedCost) {
    for (const [name, r] of Object.entries(results)) if (r.fixed) console.log(fixedCostTable(name, r.fixed), '\n');
  } else if (opts.short !== 'only') console.log(crossRuntimeTable(results));
  if (opts.short !== 'none' && !opts.fixedCost) {
    console.log('');
    console.log(shortTable(results));
  }
}

if (fullRun && !failed) {
  console.log('');
  console.log('ROWS: 10,000 short rows read back (benches/rows.mjs)');
  const rows = runRows({ log: (line) => console.log(`  ${line}`) });
  save();
  const summary = summarize(JSON.parse(readFileSync(jsonPath, 'utf8')), { rows, sizes: measureSizes() });
  writeFileSync(RESULTS_FILE, JSON.stringify(summary, null, 1) + '\n');
  writeSections(summary);
  console.log('');
  console.log(
    `a full run: wrote benches/results.json (commit ${summary.commit}) and, from it, README.md's speed and sizes and benches/README.md's results`,
  );
}

const elapsed = (performance.now() - started) / 1000;
save();
console.log('');
console.log(`total ${elapsed.toFixed(0)} s; load average at end ${meta.loadavgAtEnd.join(' ')}; JSON: ${jsonPath}`);
if (failed) {
  console.log('FAILED: our own output did not verify, or the memory test failed (see above)');
  process.exitCode = 1;
}

// --- helpers ------------------------------------------------------------------------------------

/** Writes the JSON: the machine, the corpora and every runtime measured so far. */
function save() {
  meta.elapsedSeconds = +((performance.now() - started) / 1000).toFixed(1);
  meta.loadavgAtEnd = os.loadavg().map((x) => +x.toFixed(2));
  mkdirSync(dirname(jsonPath), { recursive: true });
  writeFileSync(jsonPath, JSON.stringify({ meta, corpora: corpusStats, runtimes: results }, null, 1));
}

/**
 * `--plans`: each runtime, each plan in a process (or page) of its own, so that no plan runs with
 * type feedback another left behind; `results[runtime][plan]`.
 */
async function runPlans() {
  for (const r of runtimes) {
    results[r.name] = {};
    for (const plan of planList) {
      console.log('');
      console.log(
        `=== ${r.name}, plan ${plan}: ${planBands[plan].encode.length} encode, ${planBands[plan].decode.length} decode bands`,
      );
      const planOpts = { ...opts, plan };
      let out;
      if (r.kind === 'browser') {
        const { runBrowser } = await import('./browser/driver.mjs');
        const info = {};
        const got = await runBrowser({
          browser: r.name,
          corporaJson: readFileSync(corporaPath, 'utf8'),
          entry: '/target/testing/wtf8-wasm-testing.mjs',
          opts: planOpts,
          memoryUnits: 0,
          memoryOnly: false,
          onMeta: (m) => Object.assign(info, m),
          before: () => console.log(`  ${info.version}`),
        });
        out = { info, suite: got.suite, short: got.short };
      } else out = await runProcess(r, planOpts);
      results[r.name][plan] = out;
      if (out.suite?.failures.some((f) => f.contender.startsWith('ours')) || out.short?.failures.length) failed = true;
      save();
    }
  }
}

/** Runs benches/runner.mjs in a Node, Deno or Bun binary; resolves to `{ info, suite }`. */
async function runProcess(r, jobOpts = opts) {
  const jobPath = join(work, `${r.name}-job.json`);
  const out = join(work, `${r.name}-out.json`);
  const job = {
    runtime: r.name,
    entry: entry === published ? join(root, 'pkg', 'dist', mainFileFor(r.kind)) : entry,
    testing,
  };
  writeFileSync(jobPath, JSON.stringify({ ...job, corpora: corporaPath, opts: jobOpts, out }));
  const runner = join(here, 'runner.mjs');
  const args =
    r.kind === 'deno' ? ['run', '--allow-read', '--allow-write', '--allow-env', runner, jobPath] : [runner, jobPath];
  const env = { ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' };
  const code = await new Promise((ok, fail) => {
    const child = spawn(r.binary, args, { stdio: ['ignore', 'inherit', 'inherit'], cwd: root, env });
    child.on('error', fail);
    child.on('close', ok);
  });
  if (code !== 0 || !existsSync(out)) throw new Error(`${r.name}: the benchmark runner exited with ${code}`);
  return JSON.parse(readFileSync(out, 'utf8'));
}

/** The memory test (benches/memory.mjs) in a child Node with a larger heap; resolves to its result. */
async function runMemory() {
  console.log('');
  console.log(
    `MEMORY: encode + decode of ${memoryUnits}${big ? ' and 256Mi' : ''}-unit strings (ill-formed ones go through wasm)`,
  );
  const args = [
    '--expose-gc',
    `--max-old-space-size=${big ? 16384 : 8192}`,
    join(here, 'memory.mjs'),
    '--units',
    memoryUnits,
    ...(big ? ['--big'] : []),
  ];
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
  const code = await new Promise((ok) => child.on('close', ok));
  return result ?? { ok: false, error: `memory.mjs exited with ${code}` };
}

function printBrowserMemory(name, m) {
  console.log('');
  console.log(`MEMORY (${name}): ${m.note ?? ''}`);
  for (const row of m.rows ?? [])
    console.log(
      `  ${row.step.padEnd(40)} ${row.ms == null ? '' : `${row.ms} ms`}  wasm ${row.wasmMemory == null ? 'n/a' : `${(row.wasmMemory / 2 ** 20).toFixed(1)} MiB`}`,
    );
  if (m.error) console.log(`  ERROR: ${m.error}`);
}
