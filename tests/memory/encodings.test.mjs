// Bounded memory for wtf8-wasm/encodings: every function on 16 Mi-unit strings, 16 MiB of bytes
// and 16 Mi code points (harness.mjs `UNITS`), in a child Node process (encodings-child.mjs, which
// checks each result), leaves the entry's wasm memory at most 4 MiB — the same size as right after
// import, since the module has no heap and converts in chunks. Run once by scripts/test.sh (in its
// step "e2e, boundaries, consumer, memory": up to 2 GB of JS heap a process), not with tests/js/*.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runChild } from './harness.mjs';

// Two processes share the steps (13-16 s of them on this 2-core machine, 2 Dec 2026).
test('every encodings function on 16 Mi-unit inputs: right results, wasm memory stays ≤ 4 MiB', async (t) => {
  for (const result of await runChild(t, 'encodings-child.mjs', 2048, 2))
    assert.equal(result.wasmBytesAfter, result.wasmBytesBefore, 'the module’s memory did not grow at all');
});
