// Bounded memory for wtf8-wasm/inspect: 16 MiB of bytes walked whole and a 16 Mi-unit string
// walked for 4 Mi units (harness.mjs `UNITS`) with inspectIter in a child Node process
// (inspect-child.mjs, which checks every segment), leave the entry's wasm memory at most 4 MiB: the
// input goes through wasm a chunk at a time and the records of each batch (at most 4,096, as
// numbers in a fixed array) become objects before the next. Run once by scripts/test.sh (in its
// step "e2e, boundaries, consumer, memory"), not with tests/js/*.
import { test } from 'node:test';
import { runChild } from './harness.mjs';

test('inspect of 16 Mi-unit inputs: every segment right, wasm memory stays ≤ 4 MiB', async (t) => {
  await runChild(t, 'inspect-child.mjs', 2048);
});
