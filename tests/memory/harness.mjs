// What the memory tests share. A child process (encodings-child.mjs, inspect-child.mjs) imports an
// entry through the bench-only WebAssembly.Instance hook (benches/wasm-memory.mjs: the package does
// not export its memory), runs its steps, and prints one line `RESULT <json>`; the parent test runs
// it and asserts that the entry's wasm memory stayed at most 4 MiB after every step.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { importWithWasmMemory } from '../../benches/wasm-memory.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const MiB = 1024 * 1024;

/**
 * In the child: imports `dist/<file>` of the built package and returns `{ api, N, step, finish }`:
 * `N` the input size (argv[2], default 64 Mi), `step(name, run)` times `run` and records the wasm
 * memory after it (and what `run` returns, as `segments`), `finish()` prints the RESULT line.
 */
export async function childOf(file) {
  const {
    module: api,
    found,
    wasmBytes,
  } = await importWithWasmMemory(pathToFileURL(join(root, 'pkg', 'dist', file)).href);
  assert.ok(found, 'the hook found the module’s memory');
  const N = Number(process.argv[2] ?? 64 * MiB);
  const before = wasmBytes();
  const steps = [];
  return {
    api,
    N,
    step(name, run) {
      const started = performance.now();
      const segments = run();
      steps.push({ name, segments, ms: Math.round(performance.now() - started), wasmBytes: wasmBytes() });
    },
    finish() {
      const after = wasmBytes();
      console.log(`RESULT ${JSON.stringify({ units: N, wasmBytesBefore: before, wasmBytesAfter: after, steps })}`);
    },
  };
}

/**
 * In the parent test: runs `child` (a file beside this one) in a Node with `heapMiB` of JS heap,
 * asserts every step's and the final wasm memory is at most 4 MiB and reports each step; returns
 * the result for further assertions.
 */
export function runChild(t, child, heapMiB) {
  const output = execFileSync(
    process.execPath,
    [`--max-old-space-size=${heapMiB}`, join(root, 'tests', 'memory', child)],
    {
      encoding: 'utf8',
      maxBuffer: 16 * MiB,
    },
  );
  const line = output.split('\n').find((l) => l.startsWith('RESULT '));
  assert.ok(line, `no RESULT line in:\n${output}`);
  const result = JSON.parse(line.slice('RESULT '.length));
  assert.equal(result.units, 64 * MiB);
  t.diagnostic(
    `wasm memory ${result.wasmBytesBefore / MiB} MiB after import, ${result.wasmBytesAfter / MiB} MiB after all`,
  );
  for (const step of result.steps) {
    const records = step.segments === undefined ? '' : `${step.segments} segments, `;
    t.diagnostic(`${step.name}: ${records}${step.ms} ms, wasm memory ${step.wasmBytes / MiB} MiB`);
    assert.ok(step.wasmBytes <= 4 * MiB, `${step.name}: wasm memory ${step.wasmBytes} B`);
  }
  assert.ok(result.wasmBytesAfter <= 4 * MiB, `wasm memory ${result.wasmBytesAfter} B after all`);
  return result;
}
