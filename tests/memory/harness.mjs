// What the memory tests share. A child process (encodings-child.mjs, inspect-child.mjs) imports an
// entry through the bench-only WebAssembly.Instance hook (benches/wasm-memory.mjs: the package does
// not export its memory), runs its steps, and prints one line `RESULT <json>`; the parent test runs
// it and asserts that the entry's wasm memory stayed at most 4 MiB after every step.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { importWithWasmMemory } from '../../benches/wasm-memory.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const MiB = 1024 * 1024;
/**
 * The inputs' size: 16 Mi units (32 MiB as UTF-16, 16–64 MiB of bytes), eight times and more the
 * 4 MiB the module may reach, so a conversion that held its input or output whole in wasm memory
 * would fail, through hundreds of the 64 KiB chunks. At 64 Mi the two tests took 78 s of CPU of
 * the test command, at 16 Mi 20 s (1 Dec 2026).
 */
export const UNITS = 16 * MiB;
const execFileAsync = promisify(execFile);

/**
 * In the child: imports `dist/<file>` of the built package and returns `{ api, N, step, finish }`:
 * `N` the input size (argv[2], default `UNITS`), `step(name, run)` times `run` and records the wasm
 * memory after it (and what `run` returns, as `segments`), `finish()` prints the RESULT line.
 * With argv[3] = `k/n`, the child runs only every `n`th step from the `k`th (1-based): `n` children
 * share the steps (`runChild`'s `parts`).
 */
export async function childOf(file) {
  const {
    module: api,
    found,
    wasmBytes,
  } = await importWithWasmMemory(pathToFileURL(join(root, 'pkg', 'dist', file)).href);
  assert.ok(found, 'the hook found the module’s memory');
  const N = Number(process.argv[2] ?? UNITS);
  const [part, parts] = (process.argv[3] ?? '1/1').split('/').map(Number);
  const before = wasmBytes();
  const steps = [];
  let defined = 0;
  return {
    api,
    N,
    step(name, run) {
      const index = defined++;
      if (index % parts !== part - 1) return;
      const started = performance.now();
      const segments = run();
      steps.push({ index, name, segments, ms: Math.round(performance.now() - started), wasmBytes: wasmBytes() });
    },
    finish() {
      const after = wasmBytes();
      console.log(
        `RESULT ${JSON.stringify({ units: N, wasmBytesBefore: before, wasmBytesAfter: after, defined, steps })}`,
      );
    },
  };
}

/**
 * In the parent test: runs `child` (a file beside this one) in `parts` Node processes at once (each
 * with `heapMiB` of JS heap, each running its share of the steps), asserts every step ran once, and
 * every step's and each process's final wasm memory is at most 4 MiB, and reports each step;
 * returns the results (one per process) for further assertions.
 */
export async function runChild(t, child, heapMiB, parts = 1) {
  const results = await Promise.all(
    Array.from({ length: parts }, async (_, k) => {
      const { stdout } = await execFileAsync(
        process.execPath,
        [`--max-old-space-size=${heapMiB}`, join(root, 'tests', 'memory', child), String(UNITS), `${k + 1}/${parts}`],
        { encoding: 'utf8', maxBuffer: 16 * MiB },
      );
      const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
      assert.ok(line, `no RESULT line in:\n${stdout}`);
      return JSON.parse(line.slice('RESULT '.length));
    }),
  );
  const ran = results.flatMap((result) => result.steps.map((step) => step.index)).sort((a, b) => a - b);
  assert.deepEqual(
    ran,
    Array.from({ length: results[0].defined }, (_, i) => i),
    'every step ran, once',
  );
  for (const [k, result] of results.entries()) {
    assert.equal(result.units, UNITS);
    t.diagnostic(
      `process ${k + 1} of ${parts}: wasm memory ${result.wasmBytesBefore / MiB} MiB after import, ${result.wasmBytesAfter / MiB} MiB after all`,
    );
    for (const step of result.steps) {
      const records = step.segments === undefined ? '' : `${step.segments} segments, `;
      t.diagnostic(`${step.name}: ${records}${step.ms} ms, wasm memory ${step.wasmBytes / MiB} MiB`);
      assert.ok(step.wasmBytes <= 4 * MiB, `${step.name}: wasm memory ${step.wasmBytes} B`);
    }
    assert.ok(result.wasmBytesAfter <= 4 * MiB, `wasm memory ${result.wasmBytesAfter} B after all`);
  }
  return results;
}
