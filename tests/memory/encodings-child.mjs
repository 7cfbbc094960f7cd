// Run by encodings.test.mjs in a process of its own: every function of wtf8-wasm/encodings on a
// 16 Mi-unit string (or 16 MiB of bytes, or 16 Mi code points: harness.mjs `UNITS`), each result
// checked (a round trip, or an error at the right place), then the size of the entry's wasm
// memory. The package does not export its memory: it is found through the bench-only
// WebAssembly.Instance hook (benches/wasm-memory.mjs). Prints one line `RESULT <json>`.
//
//   node --max-old-space-size=2048 tests/memory/encodings-child.mjs [units, default 16 Mi] [k/n: every nth step from the kth]
import assert from 'node:assert/strict';
import { childOf } from './harness.mjs';

const { api: enc, N, step, finish } = await childOf('encodings.mjs');

/** A flat string of exactly `n` units: `pattern` repeated (flattened by a lossless Buffer round trip). */
function tile(pattern, n) {
  const s = pattern.repeat(Math.ceil(n / pattern.length)).slice(0, n);
  return Buffer.from(s, 'utf16le').toString('utf16le');
}
/** `n` bytes: `pattern` repeated. */
function tileBytes(pattern, n) {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += pattern.length) out.set(pattern.subarray(0, Math.min(pattern.length, n - i)), i);
  return out;
}
/** The error `run` throws. */
function thrown(run) {
  try {
    run();
  } catch (error) {
    return error;
  }
  assert.fail('expected a Wtf8Error');
}

// Every chunk boundary lands somewhere in these: the patterns have odd lengths, so pairs, lone
// surrogates, multi-byte sequences and ASCII runs are split at every offset over the input.
const lossless = tile('a\u00E9\u20AC\u{1F600}\uD800x\uDC00\u07FF\0', N); // lone surrogates, NUL
// (Cut at N units, a pattern may end in half a pair: toWellFormed turns that into U+FFFD.)
// It ends in U+FFFD whatever N is (the CESU-8 step below makes its bytes a 4-byte form).
const wellFormed = tile('a\u00E9\u20AC\u{1F600}x\u07FF\0\uFFFD', N - 1).toWellFormed() + '\uFFFD';
const corrected = tile('a\u00A0\u20AC\u{1F600}x\u07FF\u{10FFFF}', N).toWellFormed(); // no NUL, C1 or lone surrogate
let bytes;

step('encodeUtf16 le + BOM → decodeUtf16 (sniffed)', () => {
  bytes = enc.encodeUtf16(lossless, { byteOrder: 'le', bom: true });
  assert.equal(bytes.length, 2 * N + 2);
  assert.ok(enc.decodeUtf16(bytes) === lossless);
});
step('encodeUtf16 be → decodeUtf16 be, strict', () => {
  bytes = enc.encodeUtf16(lossless, { byteOrder: 'be' });
  assert.ok(enc.decodeUtf16(bytes, { byteOrder: 'be', fatal: true }) === lossless);
  const odd = bytes.subarray(0, bytes.length - 1);
  const error = thrown(() => enc.decodeUtf16(odd, { byteOrder: 'be', fatal: true }));
  assert.deepEqual([error.code, error.offset, error.length], ['TRUNCATED', odd.length - 1, null]);
});
step('encodeUtf32 be, surrogates pass → decodeUtf32 (sniffed)', () => {
  bytes = enc.encodeUtf32(lossless, { byteOrder: 'be', bom: true, surrogates: 'pass' });
  assert.ok(enc.decodeUtf32(bytes, { surrogates: 'pass' }) === lossless);
});
step('encodeUtf32 le, lossy → decodeUtf32 le', () => {
  bytes = enc.encodeUtf32(lossless, { byteOrder: 'le' });
  assert.ok(enc.decodeUtf32(bytes, { byteOrder: 'le', fatal: true }) === lossless.toWellFormed());
});
step('encodeCesu8 strict → decodeCesu8 strict; an error at the end', () => {
  bytes = enc.encodeCesu8(wellFormed, { fatal: true });
  assert.ok(enc.decodeCesu8(bytes, { fatal: true }) === wellFormed);
  bytes[bytes.length - 3] = 0xf0; // the last U+FFFD's bytes become the start of a 4-byte form
  const error = thrown(() => enc.decodeCesu8(bytes, { fatal: true }));
  assert.deepEqual([error.code, error.offset], ['FOUR_BYTE_FORM', bytes.length - 3]);
  const last = thrown(() => enc.encodeCesu8(wellFormed + '\uD800', { fatal: true }));
  assert.deepEqual([last.code, last.index], ['LONE_SURROGATE', N]);
});
step('encodeCesu8 lossy → decodeCesu8', () => {
  bytes = enc.encodeCesu8(lossless);
  assert.ok(enc.decodeCesu8(bytes) === lossless.toWellFormed());
});
step('encodeModifiedUtf8 → decodeModifiedUtf8 strict', () => {
  bytes = enc.encodeModifiedUtf8(lossless);
  assert.ok(enc.decodeModifiedUtf8(bytes, { fatal: true }) === lossless);
});
step('writeUTF (TOO_LONG) and readUTF from a 16 MiB buffer', () => {
  const error = thrown(() => enc.writeUTF(wellFormed));
  assert.equal(error.code, 'TOO_LONG');
  const frame = enc.writeUTF(wellFormed.slice(0, 10_000));
  bytes = tileBytes(frame, N);
  assert.deepEqual(enc.readUTF(bytes), { value: wellFormed.slice(0, 10_000), bytesRead: frame.length });
});
step('encodeUtf8b → decodeUtf8b, and 16 MiB of arbitrary bytes → decodeUtf8b → encodeUtf8b', () => {
  const escaped = tile('a\u00E9\uDCFF\u{1F600}\uDC80x', N)
    .toWellFormed()
    .replace(/\uFFFD$/, 'z');
  assert.ok(enc.decodeUtf8b(enc.encodeUtf8b(escaped)) === escaped);
  const arbitrary = tileBytes(
    new Uint8Array([0x61, 0xff, 0xe2, 0x82, 0xac, 0xed, 0xa0, 0x80, 0xf0, 0x9f, 0x98, 0x80, 0xc3]),
    N,
  );
  const text = enc.decodeUtf8b(arbitrary);
  assert.ok(Buffer.from(enc.encodeUtf8b(text)).equals(Buffer.from(arbitrary.buffer)));
});
step('encodeCorrectedUtf8 document strict → decodeCorrectedUtf8 document strict', () => {
  bytes = enc.encodeCorrectedUtf8(corrected, { document: true, fatal: true });
  assert.ok(enc.decodeCorrectedUtf8(bytes, { document: true, fatal: true }) === corrected);
});
step('encodeCorrectedUtf8 (16 Mi code points) → decodeCorrectedUtf8CodePoints', () => {
  const codePoints = new Uint32Array(N);
  const pattern = [0x61, 0xa0, 0x20ac, 0x1f600, 0x110000, 0x8421109f, 0x7f];
  for (let i = 0; i < N; i++) codePoints[i] = pattern[i % pattern.length];
  bytes = enc.encodeCorrectedUtf8(codePoints, { fatal: true });
  assert.ok(
    Buffer.from(enc.decodeCorrectedUtf8CodePoints(bytes, { fatal: true }).buffer).equals(
      Buffer.from(codePoints.buffer),
    ),
  );
});

finish();
