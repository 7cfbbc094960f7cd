// The shared vector tables of the neighbouring encodings (tests/vectors/encodings/*.json, generated
// from Python, Java and Node oracles by tests/vectors/encodings/generate.py; the Rust tests read the
// same files) against the built `wtf8-wasm/encodings` entry, pkg/dist/encodings.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, pkgDir, hex, fromHex, fromUnits, unitsOf } from './support.mjs';

const enc = await import(pathToFileURL(join(pkgDir, 'dist', 'encodings.mjs')).href);

const table = (name) => JSON.parse(readFileSync(join(root, 'tests', 'vectors', 'encodings', `${name}.json`), 'utf8'));

/** Asserts that `run` throws this entry's Wtf8Error with the expected code and position. */
function assertFails(run, expected, label) {
  assert.throws(
    run,
    (error) => {
      assert.ok(error instanceof enc.Wtf8Error, `${label}: a Wtf8Error, got ${error}`);
      assert.equal(error.code, expected.code, `${label}: code`);
      if ('index' in expected) {
        assert.deepEqual([error.index, error.offset], [expected.index, undefined], `${label}: index`);
      } else {
        assert.deepEqual(
          [error.offset, error.length, error.index],
          [expected.offset, expected.length, undefined],
          `${label}: offset, length`,
        );
      }
      return true;
    },
    label,
  );
}

/** Checks a decode entry `{units, error}`: lenient output, and the strict result or error. */
function checkDecode(decode, bytes, options, entry, label, { units = 'units', error = 'error', out = unitsOf } = {}) {
  assert.deepEqual(out(decode(bytes, options)), entry[units], `${label}: lenient`);
  assert.deepEqual(out(decode(bytes, { ...options, fatal: false })), entry[units], `${label}: fatal: false`);
  if (entry[error] === null) {
    assert.deepEqual(out(decode(bytes, { ...options, fatal: true })), entry[units], `${label}: strict`);
  } else {
    assertFails(() => decode(bytes, { ...options, fatal: true }), entry[error], `${label}: strict`);
  }
}

test('utf16.json: strings encode to UTF-16LE/BE with and without a BOM, and decode back', () => {
  const { strings } = table('utf16');
  assert.ok(strings.length > 100);
  for (const row of strings) {
    const s = fromUnits(row.units);
    for (const [order, field] of [
      ['le', 'utf16le'],
      ['be', 'utf16be'],
    ]) {
      assert.equal(hex(enc.encodeUtf16(s, { byteOrder: order })), row[field], `${row.description} ${order}`);
      assert.equal(
        hex(enc.encodeUtf16(s, { byteOrder: order, bom: true })),
        row[`${field}_bom`],
        `${row.description} ${order} bom`,
      );
      assert.equal(
        enc.decodeUtf16(fromHex(row[field]), { byteOrder: order, fatal: true }),
        s,
        `${row.description} ${order} back`,
      );
      assert.equal(
        enc.decodeUtf16(fromHex(row[`${field}_bom`]), { fatal: true }),
        s,
        `${row.description} ${order} sniffed back`,
      );
    }
  }
});

test('utf16.json: bytes decode little-endian, big-endian and by BOM, leniently and strictly', () => {
  const { bytes } = table('utf16');
  assert.ok(bytes.length > 50);
  for (const row of bytes) {
    const input = fromHex(row.bytes);
    checkDecode(enc.decodeUtf16, input, { byteOrder: 'le' }, row.le, `${row.description} (le)`);
    checkDecode(enc.decodeUtf16, input, { byteOrder: 'be' }, row.be, `${row.description} (be)`);
    checkDecode(enc.decodeUtf16, input, {}, row.bom, `${row.description} (bom)`);
  }
});

test('utf32.json: strings encode strictly, lossily and with surrogatepass, with and without a BOM', () => {
  const { strings } = table('utf32');
  const BOM = { le: 'fffe0000', be: '0000feff' };
  for (const row of strings) {
    const s = fromUnits(row.units);
    for (const order of ['le', 'be']) {
      const lossy = row[`utf32${order}_lossy`];
      const pass = row[`utf32${order}_pass`];
      const label = `${row.description} ${order}`;
      assert.equal(hex(enc.encodeUtf32(s, { byteOrder: order })), lossy, `${label} lossy`);
      assert.equal(hex(enc.encodeUtf32(s, { byteOrder: order, bom: true })), BOM[order] + lossy, `${label} lossy bom`);
      assert.equal(hex(enc.encodeUtf32(s, { byteOrder: order, surrogates: 'pass' })), pass, `${label} pass`);
      assert.equal(
        hex(enc.encodeUtf32(s, { byteOrder: order, surrogates: 'pass', fatal: true, bom: true })),
        BOM[order] + pass,
        `${label} pass bom`,
      );
      if (row.error === null) {
        assert.equal(hex(enc.encodeUtf32(s, { byteOrder: order, fatal: true })), lossy, `${label} strict`);
      } else {
        assertFails(() => enc.encodeUtf32(s, { byteOrder: order, fatal: true }), row.error, `${label} strict`);
      }
      // surrogatepass is lossless: the bytes decode back to the string.
      assert.equal(
        enc.decodeUtf32(fromHex(pass), { byteOrder: order, surrogates: 'pass', fatal: true }),
        s,
        `${label} pass back`,
      );
      assert.equal(
        enc.decodeUtf32(fromHex(BOM[order] + pass), { surrogates: 'pass', fatal: true }),
        s,
        `${label} pass sniffed back`,
      );
    }
  }
});

test('utf32.json: bytes decode in each byte order, rejecting or passing surrogates', () => {
  const { bytes } = table('utf32');
  for (const row of bytes) {
    const input = fromHex(row.bytes);
    for (const [key, byteOrder] of [
      ['le', 'le'],
      ['be', 'be'],
      ['bom', undefined],
    ]) {
      for (const surrogates of ['reject', 'pass']) {
        const options = byteOrder === undefined ? { surrogates } : { byteOrder, surrogates };
        checkDecode(
          enc.decodeUtf32,
          input,
          options,
          row[key][surrogates],
          `${row.description} (${key}, ${surrogates})`,
        );
      }
      // 'reject' is the default.
      assert.deepEqual(
        unitsOf(enc.decodeUtf32(input, byteOrder && { byteOrder })),
        row[key].reject.units,
        `${row.description} (${key}, default)`,
      );
    }
  }
});

test('cesu8.json: strings encode (lossy by default, strict with fatal) and bytes decode', () => {
  const { strings, bytes } = table('cesu8');
  for (const row of strings) {
    const s = fromUnits(row.units);
    assert.equal(hex(enc.encodeCesu8(s)), row.cesu8_lossy, row.description);
    if (row.error === null) {
      assert.equal(hex(enc.encodeCesu8(s, { fatal: true })), row.cesu8_lossy, `${row.description} strict`);
      assert.equal(enc.decodeCesu8(fromHex(row.cesu8_lossy), { fatal: true }), s, `${row.description} back`);
    } else {
      assertFails(() => enc.encodeCesu8(s, { fatal: true }), row.error, `${row.description} strict`);
    }
  }
  assert.ok(bytes.length > 300);
  for (const row of bytes) checkDecode(enc.decodeCesu8, fromHex(row.bytes), {}, row, row.description);
});

test('mutf8.json: Modified UTF-8 and writeUTF frames of strings, decodes, frame limits and frame reads', () => {
  const { strings, frame_limits: limits, bytes, frames } = table('mutf8');
  for (const row of strings) {
    const s = fromUnits(row.units);
    assert.equal(hex(enc.encodeModifiedUtf8(s)), row.mutf8, row.description);
    assert.equal(hex(enc.writeUTF(s)), row.frame, `${row.description} frame`);
    assert.equal(enc.decodeModifiedUtf8(fromHex(row.mutf8), { fatal: true }), s, `${row.description} back`);
    assert.deepEqual(
      enc.readUTF(fromHex(row.frame)),
      { value: s, bytesRead: row.frame.length / 2 },
      `${row.description} frame back`,
    );
  }
  assert.ok(limits.length >= 4);
  for (const row of limits) {
    const s = String.fromCharCode(row.unit).repeat(row.count);
    if (row.error === null) {
      const frame = enc.writeUTF(s);
      assert.equal(frame.length, row.frame_length, row.description);
      assert.deepEqual(enc.readUTF(frame), { value: s, bytesRead: row.frame_length }, `${row.description} back`);
    } else {
      assertFails(() => enc.writeUTF(s), row.error, row.description);
    }
  }
  for (const row of bytes) checkDecode(enc.decodeModifiedUtf8, fromHex(row.bytes), {}, row, row.description);
  assert.ok(frames.length >= 8);
  for (const row of frames) {
    if (row.error === null) {
      const { value, bytesRead } = enc.readUTF(fromHex(row.bytes));
      assert.deepEqual([unitsOf(value), bytesRead], [row.units, row.consumed], row.description);
    } else {
      assertFails(() => enc.readUTF(fromHex(row.bytes)), row.error, row.description);
    }
  }
});

test('utf8b.json: strings encode with surrogateescape, any bytes decode and encode back unchanged', () => {
  const { strings, bytes } = table('utf8b');
  for (const row of strings) {
    const s = fromUnits(row.units);
    if (row.error === null) {
      assert.equal(hex(enc.encodeUtf8b(s)), row.utf8b, row.description);
    } else {
      assertFails(() => enc.encodeUtf8b(s), row.error, row.description);
    }
  }
  assert.ok(bytes.length > 300);
  for (const row of bytes) {
    const s = enc.decodeUtf8b(fromHex(row.bytes));
    assert.deepEqual(unitsOf(s), row.units, row.description);
    assert.equal(hex(enc.encodeUtf8b(s)), row.bytes, `${row.description}: back to the same bytes`);
  }
});

test('corrected_utf8.json: code points and strings encode as text and as documents', () => {
  const { code_points: codePointRows, strings } = table('corrected_utf8');
  const rows = [
    ...codePointRows.map((row) => ({ row, input: Uint32Array.from(row.code_points) })),
    ...strings.map((row) => ({ row, input: fromUnits(row.units) })),
  ];
  assert.ok(codePointRows.length > 20 && strings.length > 100);
  for (const { row, input } of rows) {
    for (const [mode, options] of [
      ['text', {}],
      ['document', { document: true }],
    ]) {
      const label = `${row.description} (${mode})`;
      assert.equal(hex(enc.encodeCorrectedUtf8(input, options)), row[`${mode}_lossy`], `${label} lossy`);
      if (row[`${mode}_error`] === null) {
        assert.equal(hex(enc.encodeCorrectedUtf8(input, { ...options, fatal: true })), row[mode], `${label} strict`);
      } else {
        assert.equal(row[mode], null);
        assertFails(
          () => enc.encodeCorrectedUtf8(input, { ...options, fatal: true }),
          row[`${mode}_error`],
          `${label} strict`,
        );
      }
    }
  }
});

test('corrected_utf8.json: bytes decode to code points and to strings, as text and as documents', () => {
  const { bytes } = table('corrected_utf8');
  assert.ok(bytes.length > 200);
  const asArray = (codePoints) => {
    assert.ok(codePoints instanceof Uint32Array);
    return [...codePoints];
  };
  for (const row of bytes) {
    const input = fromHex(row.bytes);
    for (const [mode, options] of [
      ['text', {}],
      ['document', { document: true }],
    ]) {
      const label = `${row.description} (${mode})`;
      checkDecode(enc.decodeCorrectedUtf8CodePoints, input, options, row[mode], `${label} code points`, {
        units: 'code_points',
        out: asArray,
      });
      checkDecode(enc.decodeCorrectedUtf8, input, options, row[mode], `${label} string`, { error: 'utf16_error' });
    }
  }
});
