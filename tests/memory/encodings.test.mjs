// Bounded memory for wtf8-wasm/encodings: every function on 64 Mi-unit strings, 64 MiB of bytes
// and 64 Mi code points, in a child Node process (encodings-child.mjs, which checks each result),
// leaves the entry's wasm memory at most 4 MiB — the same size as right after import, since the
// module has no heap and converts in chunks. Run once by scripts/test.sh (its own step: it takes
// about 30 s and 2 GB of JS heap), not with tests/js/*.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const MiB = 1024 * 1024;

test('every encodings function on 64 Mi-unit inputs: right results, wasm memory stays ≤ 4 MiB', (t) => {
  const output = execFileSync(process.execPath, ['--max-old-space-size=8192', join(here, 'encodings-child.mjs')], {
    encoding: 'utf8',
    maxBuffer: 16 * MiB,
  });
  const line = output.split('\n').find((l) => l.startsWith('RESULT '));
  assert.ok(line, `no RESULT line in:\n${output}`);
  const result = JSON.parse(line.slice('RESULT '.length));
  assert.equal(result.units, 64 * MiB);
  t.diagnostic(
    `wasm memory ${result.wasmBytesBefore / MiB} MiB after import, ${result.wasmBytesAfter / MiB} MiB after all functions`,
  );
  for (const step of result.steps) {
    t.diagnostic(`${step.name}: ${step.ms} ms, wasm memory ${step.wasmBytes / MiB} MiB`);
    assert.ok(step.wasmBytes <= 4 * MiB, `${step.name}: wasm memory ${step.wasmBytes} B`);
  }
  assert.ok(result.wasmBytesAfter <= 4 * MiB, `wasm memory ${result.wasmBytesAfter} B after all functions`);
  assert.equal(result.wasmBytesAfter, result.wasmBytesBefore, 'the module’s memory did not grow at all');
});
