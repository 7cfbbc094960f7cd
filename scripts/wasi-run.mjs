#!/usr/bin/env node
// Runs a wasm32-wasip1 program (a Rust test binary) under Node's WASI, with the file system
// visible at the same paths (the tests read tests/vectors/*.json by absolute path) and the
// process's arguments and environment passed through. The exit code is the program's.
// Cargo calls it as the runner: CARGO_TARGET_WASM32_WASIP1_RUNNER="node scripts/wasi-run.mjs".
// Usage: node scripts/wasi-run.mjs program.wasm [args...]
import { readFileSync } from 'node:fs';
import { WASI } from 'node:wasi';

const [program, ...args] = process.argv.slice(2);
if (!program) {
  console.error('usage: node scripts/wasi-run.mjs program.wasm [args...]');
  process.exit(2);
}
const wasi = new WASI({
  version: 'preview1',
  args: [program, ...args],
  env: process.env,
  preopens: { '/': '/' },
  returnOnExit: true,
});
const module = new WebAssembly.Module(readFileSync(program));
process.exitCode = wasi.start(new WebAssembly.Instance(module, wasi.getImportObject()));
