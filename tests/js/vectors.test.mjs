// Every row of the shared vector table (tests/vectors/wtf8.json, generated from Python's codecs
// and Node's TextEncoder/TextDecoder; the Rust tests read the same file) against the package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wtf8, vectors, hex, fromHex, fromUnits, unitsOf } from './support.mjs';

const { encode, decode, toUtf8, wtf8ToUtf8, checkWtf8, checkUtf8, isWtf8, Wtf8Error } = wtf8;

test('the table is not empty', () => {
  assert.ok(vectors.strings.length > 40, `${vectors.strings.length} string rows`);
  assert.ok(vectors.bytes.length > 300, `${vectors.bytes.length} byte rows`);
});

test('strings: encode, toUtf8 (lossy and strict) match every row', () => {
  for (const row of vectors.strings) {
    const s = fromUnits(row.units);
    assert.equal(hex(encode(s)), row.wtf8, `encode: ${row.description}`);
    assert.equal(hex(toUtf8(s)), row.utf8_lossy, `toUtf8: ${row.description}`);
    assert.equal(decode(fromHex(row.wtf8), { fatal: true }), s, `decode(wtf8): ${row.description}`);
    if (row.well_formed) {
      assert.equal(hex(toUtf8(s, { fatal: true })), row.utf8_lossy, row.description);
    } else {
      assert.throws(
        () => toUtf8(s, { fatal: true }),
        (e) => e instanceof Wtf8Error && e.code === 'LONE_SURROGATE' && e.index === row.first_lone_surrogate,
        `strict toUtf8: ${row.description}`,
      );
    }
  }
});

function expectError(actual, expected, what) {
  if (expected === null) {
    assert.equal(actual, null, what);
  } else {
    assert.ok(actual instanceof Wtf8Error, `${what}: expected ${expected.code}, got ${actual}`);
    assert.deepEqual({ code: actual.code, offset: actual.offset, length: actual.length }, expected, what);
  }
}

test('bytes: strict and lenient decode, checks and wtf8ToUtf8 match every row', () => {
  for (const row of vectors.bytes) {
    const bytes = fromHex(row.bytes);
    const what = `${row.description} (${row.bytes})`;
    assert.deepEqual(unitsOf(decode(bytes)), row.lenient_units, `lenient decode: ${what}`);
    expectError(checkWtf8(bytes), row.wtf8.error, `checkWtf8: ${what}`);
    assert.equal(isWtf8(bytes), row.wtf8.valid, `isWtf8: ${what}`);
    if (row.wtf8.valid) {
      assert.deepEqual(unitsOf(decode(bytes, { fatal: true })), row.lenient_units, `strict decode: ${what}`);
    } else {
      let thrown;
      try {
        decode(bytes, { fatal: true });
      } catch (e) {
        thrown = e;
      }
      expectError(thrown ?? null, row.wtf8.error, `strict decode: ${what}`);
    }
    expectError(checkUtf8(bytes), row.utf8.error, `checkUtf8: ${what}`);
    assert.equal(hex(wtf8ToUtf8(bytes)), row.utf8_lossy, `wtf8ToUtf8: ${what}`);
    if (row.utf8.valid) assert.equal(hex(wtf8ToUtf8(bytes, { fatal: true })), row.bytes, what);
    else
      assert.throws(
        () => wtf8ToUtf8(bytes, { fatal: true }),
        (e) => e.code === row.utf8.error.code && e.offset === row.utf8.error.offset,
        what,
      );
  }
});
