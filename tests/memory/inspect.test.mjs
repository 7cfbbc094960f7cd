// Bounded memory for wtf8-wasm/inspect: 64 MiB of bytes walked whole and a 64 Mi-unit string
// walked for 16 Mi units with inspectIter in a child Node process (inspect-child.mjs, which checks
// every segment),
// leave the entry's wasm memory at most 4 MiB: the input goes through wasm a chunk at a time and
// each record is serialized as it is made. Run once by scripts/test.sh (its own step: about 30 s,
// at about 1 µs a record), not with tests/js/*.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const MiB = 1024 * 1024;

test('inspect of 64 Mi-unit inputs: every segment right, wasm memory stays ≤ 4 MiB', (t) => {
  const output = execFileSync(process.execPath, ['--max-old-space-size=4096', join(here, 'inspect-child.mjs')], {
    encoding: 'utf8',
    maxBuffer: 16 * MiB,
  });
  const line = output.split('\n').find((l) => l.startsWith('RESULT '));
  assert.ok(line, `no RESULT line in:\n${output}`);
  const result = JSON.parse(line.slice('RESULT '.length));
  assert.equal(result.units, 64 * MiB);
  t.diagnostic(
    `wasm memory ${result.wasmBytesBefore / MiB} MiB after import, ${result.wasmBytesAfter / MiB} MiB after all`,
  );
  for (const step of result.steps) {
    t.diagnostic(`${step.name}: ${step.segments} segments, ${step.ms} ms, wasm memory ${step.wasmBytes / MiB} MiB`);
    assert.ok(step.wasmBytes <= 4 * MiB, `${step.name}: wasm memory ${step.wasmBytes} B`);
  }
  assert.ok(result.wasmBytesAfter <= 4 * MiB, `wasm memory ${result.wasmBytesAfter} B after all`);
});
