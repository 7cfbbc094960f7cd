#!/usr/bin/env node
// Runs a wasm32-wasip1 program (a Rust test binary) under Node's WASI, with the file system
// visible at the same paths (the tests read tests/vectors/*.json by absolute path) and the
// process's arguments and environment passed through. The exit code is the program's.
// Cargo calls it as the runner: CARGO_TARGET_WASM32_WASIP1_RUNNER="node scripts/wasi-run.mjs".
// Usage: node scripts/wasi-run.mjs program.wasm [args...]
//
// With WTF8_WASI_SHARDS=N (scripts/test-wasm.sh sets 2) and no test filter among the arguments,
// a test binary's tests are split between N processes: wasm32-wasip1 has no threads, so libtest
// runs one test at a time there, and the exhaustive sweeps alone kept one core busy for minutes
// while the other idled. The tests are listed (`--list`), dealt out in turn, and each process
// runs its share with `--exact`; their outputs are printed one after the other, and the exit code
// is the first failing process's.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { WASI } from 'node:wasi';

const [program, ...args] = process.argv.slice(2);
if (!program) {
  console.error('usage: node scripts/wasi-run.mjs program.wasm [args...]');
  process.exit(2);
}
const shards = Number(process.env.WTF8_WASI_SHARDS ?? 1);
if (shards > 1 && !args.some((arg) => !arg.startsWith('-'))) {
  process.exitCode = await sharded(shards);
} else {
  process.exitCode = run(args);
}

/** Runs the program in this process with `programArgs`; returns its exit code. */
function run(programArgs) {
  const wasi = new WASI({
    version: 'preview1',
    args: [program, ...programArgs],
    env: process.env,
    preopens: { '/': '/' },
    returnOnExit: true,
  });
  const module = new WebAssembly.Module(readFileSync(program));
  return wasi.start(new WebAssembly.Instance(module, wasi.getImportObject()));
}

/** Runs this script again on `programArgs` in a child process (no sharding); resolves to its exit code and output. */
function child(programArgs) {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), program, ...programArgs],
      {
        env: { ...process.env, WTF8_WASI_SHARDS: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const out = [];
    proc.stdout.on('data', (chunk) => out.push(chunk));
    proc.stderr.on('data', (chunk) => out.push(chunk));
    proc.on('error', reject);
    proc.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(out) }));
  });
}

/** Lists the program's tests and runs them in `count` processes at once; resolves to the exit code. */
async function sharded(count) {
  const listing = await child(['--list', '--format', 'terse', ...args]);
  if (listing.code !== 0) {
    process.stdout.write(listing.output);
    return listing.code;
  }
  const names = listing.output
    .toString()
    .split('\n')
    .filter((line) => line.endsWith(': test'))
    .map((line) => line.slice(0, -': test'.length));
  if (names.length < 2) return run(args);
  const shares = Array.from({ length: count }, (_, i) => names.filter((_, j) => j % count === i));
  const results = await Promise.all(
    shares.filter((share) => share.length > 0).map((share) => child([...args, '--exact', ...share])),
  );
  let code = 0;
  results.forEach((result, i) => {
    process.stdout.write(`-- ${program.split('/').pop()}: share ${i + 1} of ${results.length}\n`);
    process.stdout.write(result.output);
    if (code === 0 && result.code !== 0) code = result.code;
  });
  return code;
}
