#!/usr/bin/env node
// Runs a Rust test binary as cargo's runner: a native one as it is, a wasm32-wasip1 one (a .wasm)
// under Node's WASI, with the file system visible at the same paths (the tests read
// tests/vectors/*.json by absolute path) and the process's arguments and environment passed
// through. The exit code is the program's.
//
//   CARGO_TARGET_WASM32_WASIP1_RUNNER="node --no-turbo-fast-api-calls scripts/test-pool.mjs" (test-wasm.sh)
//   CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER="node scripts/test-pool.mjs"             (test.sh)
//   node [--no-turbo-fast-api-calls] scripts/test-pool.mjs program[.wasm] [args...]
//
// With WTF8_TEST_PROCESSES=N (N > 1) and no test filter among the arguments, the binary's tests
// run N at a time, each alone in a process of its own (`--exact`): listed first (`--list`), then
// handed out one at a time to whichever process is free, the slowest of this machine's last run
// first (target/test-times.json, not committed), a test not timed yet counting as slow. Why:
// wasm32-wasip1 has no threads, so libtest runs one test at a time there, and dealing the tests
// out in turn beforehand left the two halves of the WASI integration binary at 66 and 92 s (a
// warm run, 29 Nov 2026); natively, libtest's own threads take the tests in the order of their
// names, so that a long one that comes late runs alone at the end. Under WASI a process is a
// worker that instantiates the compiled module again for each test. The output is each test's
// libtest line in the order of the listing (a failing test's whole output), then one
// `test result:` line for the binary; the exit code is the first failing test's.
//
// Node runs WASI with `--no-turbo-fast-api-calls` (NODE_WASI_FLAGS, given to every process this
// script starts; test-wasm.sh gives it to this one): with V8's fast API calls, a WASI call from wasm
// can start a garbage collection inside the fast call and crash the process (nodejs/node#46777,
// still open, reported again on Node 22.23). A worker instantiates the program again for each test, so collections are
// frequent: on Node 20.20 a worker died of SIGSEGV after a passing test in 3 of 5 runs of the
// integration binary (and once in CI), and in none of 4 runs with the flag (29 Nov 2026).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { WASI } from 'node:wasi';

const [program, ...args] = process.argv.slice(2);
if (!program) {
  console.error('usage: node scripts/test-pool.mjs program[.wasm] [args...]');
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
const timesFile = join(here, '..', 'target', 'test-times.json');
const wasm = program?.endsWith('.wasm');
// What a worker prints after each test: the test's exit code, on a line of its own.
const DONE = '\u0001done ';
// Node's flags for a process that runs WASI (above).
const NODE_WASI_FLAGS = ['--no-turbo-fast-api-calls'];
// The program, compiled once per process (a worker instantiates it for each test).
let compiled;
const processes = Number(process.env.WTF8_TEST_PROCESSES ?? 1);
if (process.env.WTF8_WASI_WORKER === '1') {
  process.exitCode = await worker();
} else if (processes > 1 && !args.some((arg) => !arg.startsWith('-'))) {
  process.exitCode = await pooled(processes);
} else {
  process.exitCode = wasm ? run(args) : await native(args);
}

/** Runs the program with `programArgs` in a new instance; returns its exit code. */
function run(programArgs, { stderr = 2 } = {}) {
  const wasi = new WASI({
    version: 'preview1',
    args: [program, ...programArgs],
    env: process.env,
    preopens: { '/': '/' },
    returnOnExit: true,
    stderr,
  });
  compiled ??= new WebAssembly.Module(readFileSync(program));
  return wasi.start(new WebAssembly.Instance(compiled, wasi.getImportObject()));
}

/**
 * A worker of `pooled`: reads test names from stdin, one per line, and runs each alone (`--exact`),
 * its output and then `DONE` and the exit code on stdout (the program's stderr goes there too, so
 * that a test's output is all before its `DONE`).
 */
async function worker() {
  for await (const name of createInterface({ input: process.stdin })) {
    let code;
    try {
      code = run([...args, '--exact', name], { stderr: 1 });
    } catch (error) {
      writeSync(1, `${error?.stack ?? error}\n`);
      code = 101;
    }
    writeSync(1, `\n${DONE}${code}\n`);
  }
  return 0;
}

/** Lists the program's tests and runs them in `count` worker processes; resolves to the exit code. */
async function pooled(count) {
  const listing = await listTests();
  if (listing.code !== 0) {
    process.stdout.write(listing.output);
    return listing.code;
  }
  const names = listing.names;
  if (names.length < 2) return wasm ? run(args) : native(args);
  const started = performance.now();
  const key = (name) => `${basename(program).replace(/-[0-9a-f]{16}(\.wasm)?$/, '$1')}::${name}`;
  const times = readTimes();
  // The slowest first (a test not timed yet counts as slow), so that no long one starts last.
  const queue = [...names].sort((a, b) => (times[key(b)] ?? Infinity) - (times[key(a)] ?? Infinity));
  const results = new Map();
  await Promise.all(
    Array.from({ length: Math.min(count, names.length) }, () =>
      (wasm ? drain : drainNative)(queue, results, (name, seconds) => {
        times[key(name)] = +seconds.toFixed(3);
      }),
    ),
  );
  writeTimes(times);

  let code = 0;
  const total = { passed: 0, failed: 0, ignored: 0, measured: 0 };
  process.stdout.write(`\nrunning ${names.length} tests (${count} processes, each test alone)\n`);
  for (const name of names) {
    const result = results.get(name) ?? { code: 1, output: `${name}: not run (a worker stopped)\n` };
    const counts = result.output.match(/test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored; (\d+) measured/);
    if (counts) {
      total.passed += +counts[1];
      total.failed += +counts[2];
      total.ignored += +counts[3];
      total.measured += +counts[4];
    } else total.failed++;
    if (result.code === 0 && counts) {
      process.stdout.write(`${result.output.match(/^test .*$/m)?.[0] ?? `test ${name} ... ok`}\n`);
    } else {
      process.stdout.write(`---- ${name}: exit code ${result.code}\n${result.output}\n`);
      if (code === 0) code = result.code || 1;
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  process.stdout.write(
    `\ntest result: ${code === 0 ? 'ok' : 'FAILED'}. ${total.passed} passed; ${total.failed} failed; ${total.ignored} ignored; ${total.measured} measured; 0 filtered out; finished in ${seconds}s\n\n`,
  );
  return code;
}

/** Runs a native program with `programArgs`, its output this process's; resolves to its exit code. */
function native(programArgs) {
  return new Promise((resolve, reject) => {
    const proc = spawn(program, programArgs, { stdio: 'inherit' });
    proc.on('error', reject);
    proc.on('close', (code, signal) => {
      if (signal) console.error(`${program}: stopped by ${signal}`);
      resolve(code ?? 1);
    });
  });
}

/** Runs the native program on each name from `queue`, one after the other, until it is empty. */
async function drainNative(queue, results, timed) {
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    const since = performance.now();
    const { code, output } = await capture(program, [...args, '--exact', name], process.env);
    results.set(name, { code, output: output.toString().replace(/\n$/, '') });
    timed(name, (performance.now() - since) / 1000);
  }
}

/** One worker process (WASI): runs names from `queue` until it is empty, into `results`. */
function drain(queue, results, timed) {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [...nodeFlags(), fileURLToPath(import.meta.url), program, ...args], {
      env: { ...process.env, WTF8_WASI_WORKER: '1' },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let current = null;
    let since = 0;
    let buffered = '';
    const next = () => {
      current = queue.shift() ?? null;
      if (current === null) proc.stdin.end();
      else {
        since = performance.now();
        proc.stdin.write(`${current}\n`);
      }
    };
    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (chunk) => {
      buffered += chunk;
      let at;
      while (current !== null && (at = buffered.indexOf(DONE)) >= 0) {
        const end = buffered.indexOf('\n', at);
        if (end < 0) break;
        const code = Number(buffered.slice(at + DONE.length, end));
        results.set(current, { code, output: buffered.slice(0, at).replace(/\n$/, '') });
        timed(current, (performance.now() - since) / 1000);
        buffered = buffered.slice(end + 1);
        next();
      }
    });
    proc.on('error', reject);
    proc.on('close', (code, signal) => {
      if (current !== null)
        results.set(current, {
          code: code || 1,
          output: `${buffered}\nthe worker exited (${code ?? signal}) during this test`,
        });
      resolve();
    });
    next();
  });
}

/** This process's Node flags and NODE_WASI_FLAGS, for a process of this script that runs WASI. */
function nodeFlags() {
  return [...process.execArgv, ...NODE_WASI_FLAGS.filter((flag) => !process.execArgv.includes(flag))];
}

/** The program's tests (`--list`), as its test harness lists them. */
async function listTests() {
  const listArgs = ['--list', '--format', 'terse', ...args];
  const { code, output } = wasm
    ? await capture(process.execPath, [...nodeFlags(), fileURLToPath(import.meta.url), program, ...listArgs], {
        ...process.env,
        WTF8_TEST_PROCESSES: '1',
      })
    : await capture(program, listArgs, process.env);
  const names = output
    .toString()
    .split('\n')
    .filter((line) => line.endsWith(': test'))
    .map((line) => line.slice(0, -': test'.length));
  return { code, output, names };
}

/** Runs `command` with `commandArgs`; resolves to its exit code and its stdout and stderr together. */
function capture(command, commandArgs, env) {
  return new Promise((resolve, reject) => {
    const proc = spawn(command, commandArgs, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    proc.stdout.on('data', (chunk) => out.push(chunk));
    proc.stderr.on('data', (chunk) => out.push(chunk));
    proc.on('error', reject);
    proc.on('close', (code, signal) => {
      if (signal) out.push(Buffer.from(`\nstopped by ${signal}\n`));
      resolve({ code: code ?? 1, output: Buffer.concat(out) });
    });
  });
}

function readTimes() {
  try {
    return JSON.parse(readFileSync(timesFile, 'utf8'));
  } catch {
    return {};
  }
}

function writeTimes(times) {
  mkdirSync(dirname(timesFile), { recursive: true });
  writeFileSync(timesFile, JSON.stringify(times, null, 1) + '\n');
}
