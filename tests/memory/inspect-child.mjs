// Run by inspect.test.mjs in a process of its own: wtf8-wasm/inspect on 16 MiB of bytes walked whole
// with inspectIter, and on a 16 Mi-unit string walked for its first 4 Mi units (128 chunks;
// harness.mjs `UNITS`), every segment checked against the pattern's kind,
// index and offset, none kept; both broken down with inspect and a limit; then
// the size of the entry's wasm memory, found through the bench-only WebAssembly.Instance hook
// (benches/wasm-memory.mjs). Prints one line `RESULT <json>`.
//
//   node tests/memory/inspect-child.mjs [units, default 16 Mi]
import assert from 'node:assert/strict';
import { childOf } from './harness.mjs';

const { api, N, step, finish } = await childOf('inspect.mjs');

/**
 * A round of the input as segments `[kind, units, bytes]`: mostly 4-byte ones (the fewest
 * segments per unit and per byte, so the walks stay short), with lone
 * surrogates or an ill-formed byte that the 32 Ki-unit / 64 KiB chunks cut at many phases.
 */
const ROUND_TEXT = [...Array(7).fill(['4-byte', 2, 4]), ['lone-trail', 1, 3], ['lone-lead', 1, 3]]; // 16 units
const ROUND_BYTES = [...Array(15).fill(['4-byte', 2, 4]), ['lone-trail', 1, 3], ['invalid', 1, 1]]; // 64 bytes

/**
 * Walks the segments of `input` up to `length` units (or bytes, with `offsets`), checking each
 * against `round`; returns their count.
 */
function walk(input, round, length, offsets) {
  let n = 0;
  let index = 0;
  let offset = 0;
  for (const segment of api.inspectIter(input)) {
    if ((offsets ? offset : index) >= length) break;
    const [kind, units, bytes] = round[n % round.length];
    if (segment.kind !== kind || segment.index !== index || segment.offset !== offset) {
      assert.fail(`segment ${n}: ${JSON.stringify(segment)}, want ${kind} at ${index}/${offset}`);
    }
    index += units;
    offset += bytes;
    n++;
  }
  assert.equal(n % round.length, 0);
  assert.equal(offsets ? offset : index, length);
  return n;
}

const text = Buffer.from('\u{1F600}'.repeat(7) + '\uDC00\uD800', 'utf16le')
  .toString('utf16le')
  .repeat(N / 16);
assert.equal(text.length, N);
step('inspectIter over a 16 Mi-unit string, its first 4 Mi units', () => walk(text, ROUND_TEXT, N / 4, false));
const round = Buffer.from('f09f9880'.repeat(15) + 'edb080' + 'ff', 'hex');
const bytes = new Uint8Array(N);
for (let i = 0; i < N; i += round.length) bytes.set(round, i);
step('inspectIter over 16 MiB of bytes, every segment', () => walk(bytes, ROUND_BYTES, N, true));
step('inspect of each with limit 1000', () => {
  const a = api.inspect(text, { limit: 1000 });
  const b = api.inspect(bytes, { limit: 1000 });
  assert.equal(a.length + b.length, 2000);
  assert.deepEqual(
    a.slice(0, 9).map((s) => s.kind),
    ROUND_TEXT.map(([kind]) => kind),
  );
  return 2000;
});

finish();
