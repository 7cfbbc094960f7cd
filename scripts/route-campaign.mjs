#!/usr/bin/env node
// The route campaign (tests/js/route-campaign.mjs): every plan of the route table that a runtime
// can build, against the wasm-only plan, on seeded random inputs, in Node 22, 24 and 26, Deno and
// Bun, one runtime after the other. Runs in slices of at most 2 minutes with a 3-second pause
// between them (so that a benchmark waiting for the machine gets it), each slice at nice 19 and,
// with WTF8_CPU_LOCK set to a file, under a shared flock(1) on it. Needs the test entry
// (node scripts/build.mjs). Exits 1 on a finding, and prints what replays it.
//
//   node scripts/route-campaign.mjs --cases N [--runtimes node22,deno] [--record] [--seed S]
//   node scripts/route-campaign.mjs --minutes M [...]      # M minutes per runtime
//
// --record appends each runtime's cases per plan, the seed, the commit and the findings to the
// record in fuzz/README.md (fuzz/record.py). --max-length L caps the inputs' lengths (default
// 1,400,000: past the largest band limit, 1,398,101 units; such cases are rare). --pause S sets
// the pause between slices (default 3). scripts/test.sh runs 600 cases per runtime, inputs up to
// 70,000 long, with a fixed seed, no pause and no record.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeNamed } from './runtimes.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const main = join(root, 'tests', 'js', 'route-campaign-main.mjs');
const SLICE_SECONDS = 120;

function parse(argv) {
  const options = {
    runtimes: ['node22', 'node24', 'node26', 'deno', 'bun'],
    record: false,
    maxLength: 1_400_000,
    pause: 3,
  };
  for (let i = 0; i < argv.length; i++) {
    const value = () => argv[++i];
    switch (argv[i]) {
      case '--cases':
        options.cases = Number(value());
        break;
      case '--minutes':
        options.seconds = Number(value()) * 60;
        break;
      case '--runtimes':
        options.runtimes = value().split(',');
        break;
      case '--seed':
        options.seed = Number(value()) >>> 0;
        break;
      case '--max-length':
        options.maxLength = Number(value());
        break;
      case '--record':
        options.record = true;
        break;
      case '--pause':
        options.pause = Number(value());
        break;
      default:
        throw new Error(`unknown argument ${argv[i]}; see the top of scripts/route-campaign.mjs`);
    }
  }
  if ((options.cases === undefined) === (options.seconds === undefined))
    throw new Error('give --cases N or --minutes M');
  return options;
}

/** The command line that runs one slice in `runtime`. */
function command(runtime, work, args) {
  const { kind, binary } = runtimeNamed(runtime);
  if (!existsSync(binary)) throw new Error(`no ${runtime} at ${binary} (bash scripts/setup.sh installs it)`);
  const run =
    kind === 'deno'
      ? [binary, 'run', '--cached-only', `--allow-read=${root}`, main, ...args]
      : kind === 'bun'
        ? [binary, 'run', '--no-install', main, ...args]
        : [binary, main, ...args];
  const lock = process.env.WTF8_CPU_LOCK ? ['flock', '-s', process.env.WTF8_CPU_LOCK] : [];
  return {
    argv: [...lock, 'nice', '-n', '19', ...run],
    env: {
      ...process.env,
      DENO_DIR: join(work, 'deno'),
      DENO_NO_UPDATE_CHECK: '1',
      BUN_INSTALL_CACHE_DIR: join(work, 'bun'),
      DO_NOT_TRACK: '1',
      NO_COLOR: '1',
    },
  };
}

function runSlice(runtime, work, args) {
  const { argv, env } = command(runtime, work, args);
  return new Promise((done, fail) => {
    const child = spawn(argv[0], argv.slice(1), { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', fail);
    child.on('close', (code) => {
      const line = stdout.trim().split('\n').at(-1);
      if (code !== 0 || !line?.startsWith('{')) fail(new Error(`${runtime} exited ${code}: ${stderr}${stdout}`));
      else done(JSON.parse(line));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function campaign(options) {
  const seed = options.seed ?? (Math.random() * 2 ** 32) >>> 0;
  const commit = (() => {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    try {
      execFileSync('git', ['diff', '--quiet', 'HEAD', '--', 'js', 'src', 'bindings', 'tests/js'], { cwd: root });
      return head;
    } catch {
      return `${head}+changes`;
    }
  })();
  const work = mkdtempSync(join(tmpdir(), 'wtf8-campaign-'));
  const report = [];
  let findings = 0;
  let slices = 0;
  try {
    for (const runtime of options.runtimes) {
      const started = Date.now();
      const cases = {};
      const failures = [];
      let first = 0;
      let engine = '';
      for (;;) {
        const left =
          options.cases !== undefined ? options.cases - first : options.seconds - (Date.now() - started) / 1000;
        if (left <= 0 || failures.length > 0) break;
        const seconds = options.cases !== undefined ? SLICE_SECONDS : Math.min(SLICE_SECONDS, Math.ceil(left));
        const count = options.cases !== undefined ? left : 1e12;
        if (slices++ > 0) await sleep(options.pause * 1000); // the pause between slices
        const slice = await runSlice(runtime, work, [seed, first, count, seconds, options.maxLength].map(String));
        engine = `${slice.runtime.engine} ${slice.runtime.major}, plan ${slice.plan}`;
        for (const [plan, n] of Object.entries(slice.cases)) cases[plan] = (cases[plan] ?? 0) + n;
        failures.push(...slice.failures);
        first = slice.next;
      }
      const counts = Object.values(cases);
      const perPlan = counts.length > 0 ? Math.min(...counts) : 0;
      findings += failures.length;
      report.push({
        runtime,
        engine,
        plans: Object.keys(cases),
        perPlan,
        seconds: (Date.now() - started) / 1000,
        failures,
      });
      console.log(
        `${runtime} (${engine}): ${Object.keys(cases).length} plans, ${perPlan} cases each, seed ${seed}, ${Math.round((Date.now() - started) / 1000)} s${failures.length ? `, ${failures.length} FINDINGS` : ''}`,
      );
      for (const f of failures) console.log(`  ${f}`);
      if (options.record) {
        execFileSync('python3', [
          join(root, 'fuzz', 'record.py'),
          'js',
          runtime,
          Object.keys(cases).join(','),
          String(perPlan),
          String(seed),
          commit,
          failures.length ? `${failures.length}: ${failures[0].slice(0, 120)}` : 'none',
        ]);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (options.record) console.log('recorded in fuzz/README.md (fuzz/record.py)');
  return findings;
}

const findings = await campaign(parse(process.argv.slice(2)));
process.exit(findings > 0 ? 1 : 0);
