// wtf8-wasm/inspect (pkg/dist/inspect.mjs): the breakdown against the main entry's conversions
// as oracles (the records add up to encode/toUtf8/decode/wtf8ToUtf8, and the first record with an
// error is where strict decoding fails), against a naive segmenter for strings, across the
// entry's chunk boundaries (32 Ki units, 64 KiB), with `limit` and `inspectIter`, and bad input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { wtf8, hex, fromHex, pkgDir, rng, randomString, randomBytes } from './support.mjs';

const api = await import(pathToFileURL(join(pkgDir, 'dist', 'inspect.mjs')).href);
const { inspect, inspectIter, SEGMENT_KINDS } = api;
const { encode, decode, toUtf8, wtf8ToUtf8 } = wtf8;

const CHUNK_UNITS = 1 << 15;
const CHUNK_BYTES = 1 << 16;

test('exports exactly inspect, inspectIter and SEGMENT_KINDS, the functions under their own names', () => {
  assert.deepEqual(Object.keys(api).sort(), ['SEGMENT_KINDS', 'inspect', 'inspectIter']);
  assert.equal(inspect.name, 'inspect');
  assert.equal(inspectIter.name, 'inspectIter');
  assert.deepEqual(SEGMENT_KINDS, ['ascii', '2-byte', '3-byte', '4-byte', 'lone-lead', 'lone-trail', 'invalid']);
});

/** The naive breakdown of a string: one record per code point or lone surrogate. */
function naiveSegments(text) {
  const out = [];
  let offset = 0;
  for (let i = 0; i < text.length;) {
    const u = text.charCodeAt(i);
    const t = text.charCodeAt(i + 1);
    const pair = u >= 0xd800 && u <= 0xdbff && t >= 0xdc00 && t <= 0xdfff;
    const codePoint = pair ? 0x10000 + ((u - 0xd800) << 10) + (t - 0xdc00) : u;
    const units = pair ? [u, t] : [u];
    const bytes = Array.from(encode(text.slice(i, i + units.length)));
    const lone = !pair && u >= 0xd800 && u <= 0xdfff;
    const kind = lone
      ? u <= 0xdbff
        ? 'lone-lead'
        : 'lone-trail'
      : ['ascii', '2-byte', '3-byte', '4-byte'][bytes.length - 1];
    const utf8 = lone ? [0xef, 0xbf, 0xbd] : bytes;
    out.push({ kind, index: i, units, offset, bytes, codePoint, utf8, error: null });
    offset += bytes.length;
    i += units.length;
  }
  return out;
}

/** Deep equality of many records, quicker than assert.deepEqual (JSON keeps null, drops undefined). */
function same(got, want, message) {
  assert.equal(JSON.stringify(got), JSON.stringify(want), message);
}

/** The string of many code units (no spread: that overflows the stack past ~100 K arguments). */
function stringOf(units) {
  let out = '';
  for (let i = 0; i < units.length; i += 4096) out += String.fromCharCode(...units.slice(i, i + 4096));
  return out;
}

/** What every breakdown of bytes satisfies, checked against the main entry's conversions. */
function checkByteSegments(input, segments) {
  const what = hex(input).slice(0, 200);
  assert.equal(hex(new Uint8Array(segments.flatMap((s) => s.bytes))), hex(input), `bytes of ${what}`);
  assert.equal(stringOf(segments.flatMap((s) => s.units)), decode(input), `units of ${what}`);
  assert.equal(hex(new Uint8Array(segments.flatMap((s) => s.utf8))), hex(wtf8ToUtf8(input)), `utf8 of ${what}`);
  let index = 0;
  let offset = 0;
  for (const s of segments) {
    assert.equal(s.index, index, `index in ${what}`);
    assert.equal(s.offset, offset, `offset in ${what}`);
    assert.equal(s.kind === 'invalid', s.codePoint === null, `codePoint of ${JSON.stringify(s)}`);
    if (s.kind === 'invalid') assert.notEqual(s.error, null);
    index += s.units.length;
    offset += s.bytes.length;
  }
  // Strict decoding fails exactly at the first record with an error, with its code.
  const first = segments.find((s) => s.error !== null);
  let error = null;
  try {
    decode(input, { fatal: true });
  } catch (e) {
    error = e;
  }
  assert.deepEqual(
    error && [error.code, error.offset],
    first ? [first.error, first.offset] : null,
    `errors of ${what}`,
  );
}

test('inspect: one record per code point, lone surrogate or ill-formed subpart', () => {
  // (Moved from api.test.mjs with the function.)
  const records = inspect('a\uD83Db\uD83D\uDE00\u00e9');
  assert.deepEqual(
    records.map((r) => r.kind),
    ['ascii', 'lone-lead', 'ascii', '4-byte', '2-byte'],
  );
  assert.deepEqual(records[1], {
    kind: 'lone-lead',
    index: 1,
    units: [0xd83d],
    offset: 1,
    bytes: [0xed, 0xa0, 0xbd],
    codePoint: 0xd83d,
    utf8: [0xef, 0xbf, 0xbd],
    error: null,
  });
  const fromBytes = inspect(fromHex('61c0afeda080edb080e282'));
  assert.deepEqual(
    fromBytes.map((r) => [r.kind, r.offset, r.index, r.error]),
    [
      ['ascii', 0, 0, null],
      ['invalid', 1, 1, 'OVERLONG'],
      ['invalid', 2, 2, 'UNEXPECTED_CONTINUATION'],
      ['lone-lead', 3, 3, null],
      ['lone-trail', 6, 4, 'SURROGATE_PAIR'],
      ['invalid', 9, 5, 'TRUNCATED'],
    ],
  );
  assert.deepEqual(fromBytes[1], {
    kind: 'invalid',
    index: 1,
    units: [0xfffd],
    offset: 1,
    bytes: [0xc0],
    codePoint: null,
    utf8: [0xef, 0xbf, 0xbd],
    error: 'OVERLONG',
  });
  // A spelled-out pair: the lead carries the pair's UTF-8, the trail none.
  const pairRecords = inspect(fromHex('eda080edb080'));
  assert.deepEqual(
    pairRecords.map((r) => [r.kind, r.utf8.length, r.error]),
    [
      ['lone-lead', 4, null],
      ['lone-trail', 0, 'SURROGATE_PAIR'],
    ],
  );
  assert.deepEqual(inspect(''), []);
  assert.deepEqual(inspect(new ArrayBuffer(0)), []);
});

test('inspect of random strings equals the naive breakdown; of random bytes, adds up to the conversions', () => {
  const r = rng(19);
  for (let i = 0; i < 3000; i++) {
    const text = randomString(r, 40);
    assert.deepEqual(inspect(text), naiveSegments(text), JSON.stringify(text));
    const bytes = i % 2 ? encode(text) : new Uint8Array(randomBytes(r, 40));
    checkByteSegments(bytes, inspect(bytes));
  }
});

test('every BufferSource kind gives the records of its bytes', () => {
  const bytes = fromHex('61eda0bdf09f9880ff');
  const want = inspect(bytes);
  const padded = new Uint8Array(bytes.length + 3);
  padded.set(bytes, 2);
  for (const input of [
    bytes.buffer,
    new DataView(padded.buffer, 2, bytes.length),
    padded.subarray(2, 2 + bytes.length),
    Buffer.from(bytes),
    new Uint16Array(bytes.slice(0, 8).buffer),
  ]) {
    const got = inspect(input);
    if (input instanceof Uint16Array) assert.deepEqual(got, inspect(bytes.slice(0, 8)));
    else assert.deepEqual(got, want);
  }
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
  shared.set(bytes);
  assert.deepEqual(inspect(shared), want);
});

test('across chunk boundaries: each tricky piece at every phase of a boundary gives the records it gives alone', () => {
  // After a run of emoji (4 bytes, 2 units: few records) and ASCII, a piece's records are its own
  // ones, shifted by the run's units and bytes.
  const shifted = (segments, units, bytes) =>
    segments.map((s) => ({ ...s, index: s.index + units, offset: s.offset + bytes }));
  // (A few pieces and phases, where the chunking can go wrong; the core's rules are swept
  // exhaustively in Rust, src/inspect.rs.)
  const pieces = ['\uD83D\uDE00', '\uD800\uD800\uDC00'];
  for (const [boundary, phases] of [
    [CHUNK_UNITS, [-2, -1, 0, 1]],
    [2 * CHUNK_UNITS, [-1]],
  ]) {
    for (const piece of pieces) {
      for (const at of phases.map((p) => boundary + p)) {
        const prefix = '\u{1F600}'.repeat(at >> 1) + 'a'.repeat(at & 1);
        const count = (at >> 1) + (at & 1);
        const text = prefix + piece + 'z';
        const segments = inspect(text);
        const want = shifted(inspect(piece + 'z'), at, 4 * (at >> 1) + (at & 1));
        assert.deepEqual(segments.slice(count), want, `${JSON.stringify(piece)} at ${at}`);
      }
    }
  }
  const bytePieces = ['eda080edb080', 'e2ef8d', 'f09f98'];
  const emoji = fromHex('f09f9880');
  for (const [boundary, phases] of [
    [CHUNK_BYTES, [-6, -5, -4, -3, -2, -1, 0]],
    [2 * CHUNK_BYTES, [-4]],
  ]) {
    for (const piece of bytePieces) {
      const alone = fromHex(piece + '7a');
      for (const at of phases.map((p) => boundary + p)) {
        const input = new Uint8Array(at + alone.length).fill(0x61);
        for (let i = 0; i + 4 <= at; i += 4) input.set(emoji, i);
        input.set(alone, at);
        const count = (at >> 2) + (at & 3);
        const segments = inspect(input);
        const want = shifted(inspect(alone), 2 * (at >> 2) + (at & 3), at);
        assert.deepEqual(segments.slice(count), want, `${piece} at ${at}`);
        if (at === boundary - 3) checkByteSegments(input, segments);
      }
    }
  }
});

test('limit gives the first records of the whole, and inspectIter the same records one at a time', () => {
  const r = rng(7);
  let text = '';
  while (text.length <= 2 * CHUNK_UNITS || encode(text).length <= 2 * CHUNK_BYTES) text += randomString(r, 400);
  const bytes = encode(text);
  for (const input of [text, bytes]) {
    const all = inspect(input);
    assert.ok(input.length > 2 * (typeof input === 'string' ? CHUNK_UNITS : CHUNK_BYTES));
    same([...inspectIter(input)], all);
    for (const limit of [0, 1, 1000]) {
      same(inspect(input, { limit }), all.slice(0, limit), `limit ${limit}`);
      same([...inspectIter(input, { limit })], all.slice(0, limit), `iter limit ${limit}`);
    }
    same(inspect(input, { limit: all.length - 1 }), all.slice(0, -1));
    same([...inspectIter(input, { limit: Infinity })], all);
    same(inspect(input, { limit: CHUNK_UNITS + 1 }), all.slice(0, CHUNK_UNITS + 1));
  }
  // '5' is read as a number, as WebIDL reads a numeric member; undefined and null are no limit.
  same(inspect('abcdefgh', { limit: '5' }), inspect('abcde'));
  same(inspect('abcdefgh', { limit: undefined }), inspect('abcdefgh'));
  same(inspect('abcdefgh', null), inspect('abcdefgh'));
  // Two iterations at once do not disturb each other.
  const a = inspectIter('ab\uD800');
  const b = inspectIter(fromHex('eda080edb080'));
  assert.deepEqual(
    [a.next().value.kind, b.next().value.kind, a.next().value.kind, b.next().value.error, a.next().value.kind],
    ['ascii', 'lone-lead', 'ascii', 'SURROGATE_PAIR', 'lone-lead'],
  );
  assert.equal(a.next().done, true);
  assert.equal(b.next().done, true);
  // An iteration left part way (break) and started again.
  for (const s of inspectIter(text)) if (s.index > 10) break;
  assert.deepEqual(inspect(text, { limit: 3 }), inspect(text).slice(0, 3));
});

test('bad input is a TypeError, a bad limit a RangeError, both when called', () => {
  for (const bad of [undefined, null, 42, {}, [], [0x61], Symbol('s'), new String('a')]) {
    assert.throws(() => inspect(bad), TypeError, String(typeof bad));
    assert.throws(() => inspectIter(bad), TypeError, String(typeof bad));
  }
  for (const options of ['limit', 5, true]) {
    assert.throws(() => inspect('a', options), TypeError);
    assert.throws(() => inspectIter('a', options), TypeError);
  }
  for (const limit of [-1, 1.5, NaN, 'x', -Infinity, {}]) {
    assert.throws(() => inspect('a', { limit }), RangeError, String(limit));
    assert.throws(() => inspectIter('a', { limit }), RangeError, String(limit));
  }
});
