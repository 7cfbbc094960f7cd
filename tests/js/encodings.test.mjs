// The `wtf8-wasm/encodings` entry as a user calls it (pkg/dist/encodings.mjs): the documented
// examples, options and their defaults, argument checks (TypeError), the error model (code +
// offset/length or index), buffer source kinds, long inputs, and the guards that keep payload
// text off wasm-bindgen's string conversions and keep the main entry free of these encodings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, pkgDir, wtf8, hex, fromHex, MAIN_FILES } from './support.mjs';

const enc = await import(pathToFileURL(join(pkgDir, 'dist', 'encodings.mjs')).href);

/** Asserts a Wtf8Error of this entry with exactly these fields. */
function fails(run, expected) {
  assert.throws(run, (error) => {
    assert.ok(error instanceof enc.Wtf8Error && error instanceof TypeError, String(error));
    assert.equal(error.name, 'Wtf8Error');
    const got = Object.fromEntries(Object.keys(expected).map((key) => [key, error[key]]));
    assert.deepEqual(got, expected);
    return true;
  });
}

const ENCODERS = {
  encodeUtf16: (s) => enc.encodeUtf16(s, { byteOrder: 'le' }),
  encodeUtf32: (s) => enc.encodeUtf32(s, { byteOrder: 'le' }),
  encodeCesu8: (s) => enc.encodeCesu8(s),
  encodeModifiedUtf8: (s) => enc.encodeModifiedUtf8(s),
  writeUTF: (s) => enc.writeUTF(s),
  encodeUtf8b: (s) => enc.encodeUtf8b(s),
  encodeCorrectedUtf8: (s) => enc.encodeCorrectedUtf8(s),
};
const DECODERS = {
  decodeUtf16: (b, o) => enc.decodeUtf16(b, o),
  decodeUtf32: (b, o) => enc.decodeUtf32(b, o),
  decodeCesu8: (b, o) => enc.decodeCesu8(b, o),
  decodeModifiedUtf8: (b, o) => enc.decodeModifiedUtf8(b, o),
  readUTF: (b) => enc.readUTF(b).value,
  decodeUtf8b: (b) => enc.decodeUtf8b(b),
  decodeCorrectedUtf8: (b, o) => enc.decodeCorrectedUtf8(b, o),
  decodeCorrectedUtf8CodePoints: (b, o) => enc.decodeCorrectedUtf8CodePoints(b, o),
};

test('the entry exports exactly the documented API', () => {
  assert.deepEqual(Object.keys(enc).sort(), [
    'CORRECTED_UTF8_MAGIC',
    'CORRECTED_UTF8_MAX',
    'Wtf8Error',
    'decodeCesu8',
    'decodeCorrectedUtf8',
    'decodeCorrectedUtf8CodePoints',
    'decodeModifiedUtf8',
    'decodeUtf16',
    'decodeUtf32',
    'decodeUtf8b',
    'encodeCesu8',
    'encodeCorrectedUtf8',
    'encodeModifiedUtf8',
    'encodeUtf16',
    'encodeUtf32',
    'encodeUtf8b',
    'readUTF',
    'writeUTF',
  ]);
});

test('the TSDoc examples hold', () => {
  // UTF-16
  assert.equal(hex(enc.encodeUtf16('a\uD83D', { byteOrder: 'le' })), '61003dd8');
  assert.equal(hex(enc.encodeUtf16('a', { byteOrder: 'be', bom: true })), 'feff0061');
  assert.equal(enc.decodeUtf16(fromHex('3dd86100'), { byteOrder: 'le' }), '\uD83Da');
  assert.equal(enc.decodeUtf16(fromHex('fffe6100')), 'a');
  assert.equal(enc.decodeUtf16(fromHex('0061')), 'a');
  fails(() => enc.decodeUtf16(fromHex('610062'), { byteOrder: 'le', fatal: true }), {
    code: 'TRUNCATED',
    offset: 2,
    length: null,
    index: undefined,
  });
  // UTF-32
  assert.equal(hex(enc.encodeUtf32('\u{1F600}', { byteOrder: 'be' })), '0001f600');
  assert.equal(hex(enc.encodeUtf32('\uDC00', { byteOrder: 'le', surrogates: 'pass' })), '00dc0000');
  fails(() => enc.encodeUtf32('a\uDC00', { byteOrder: 'le', fatal: true }), {
    code: 'LONE_SURROGATE',
    index: 1,
    offset: undefined,
    length: undefined,
  });
  assert.equal(enc.decodeUtf32(fromHex('00f60100'), { byteOrder: 'le' }), '\u{1F600}');
  assert.equal(enc.decodeUtf32(fromHex('0000d800')), '\uFFFD');
  assert.equal(enc.decodeUtf32(fromHex('0000d800'), { surrogates: 'pass' }), '\uD800');
  // CESU-8
  assert.equal(hex(enc.encodeCesu8('\u{1F600}')), 'eda0bdedb880');
  assert.equal(hex(enc.encodeCesu8('a\uD83Db')), '61efbfbd62');
  fails(() => enc.encodeCesu8('a\uD83Db', { fatal: true }), { code: 'LONE_SURROGATE', index: 1 });
  assert.equal(enc.decodeCesu8(fromHex('eda0bdedb880')), '\u{1F600}');
  assert.equal(enc.decodeCesu8(fromHex('61f09f9880')), 'a\uFFFD');
  fails(() => enc.decodeCesu8(fromHex('61f09f9880'), { fatal: true }), {
    code: 'FOUR_BYTE_FORM',
    offset: 1,
    length: 4,
  });
  // Modified UTF-8 and writeUTF
  assert.equal(hex(enc.encodeModifiedUtf8('a\0\uD83D')), '61c080eda0bd');
  assert.equal(enc.decodeModifiedUtf8(fromHex('61c080edb080')), 'a\0\uDC00');
  fails(() => enc.decodeModifiedUtf8(fromHex('6100'), { fatal: true }), { code: 'NUL_BYTE', offset: 1, length: 1 });
  assert.equal(hex(enc.writeUTF('\0a')), '0003c08061');
  fails(() => enc.writeUTF('€'.repeat(21_846)), { code: 'TOO_LONG', index: 21_845 });
  const frames = fromHex('000161000162');
  const first = enc.readUTF(frames);
  assert.deepEqual(first, { value: 'a', bytesRead: 3 });
  assert.equal(enc.readUTF(frames.subarray(first.bytesRead)).value, 'b');
  fails(() => enc.readUTF(fromHex('000561')), { code: 'TRUNCATED', offset: 0, length: null });
  // UTF-8B
  assert.equal(enc.decodeUtf8b(fromHex('636166e9')), 'caf\uDCE9');
  assert.equal(hex(enc.encodeUtf8b(enc.decodeUtf8b(fromHex('fffe')))), 'fffe');
  assert.equal(enc.decodeUtf8b(fromHex('ff61')), '\uDCFFa');
  assert.equal(hex(enc.encodeUtf8b('caf\uDCE9')), '636166e9');
  fails(() => enc.encodeUtf8b('a\uD83D'), { code: 'LONE_SURROGATE', index: 1 });
  assert.equal(enc.decodeUtf8b(enc.encodeUtf8b('\uDCC3\uDCA9')), 'é', 'the documented ambiguity');
  // Corrected UTF-8
  assert.equal(hex(enc.encodeCorrectedUtf8('', { document: true })), hex(Uint8Array.from(enc.CORRECTED_UTF8_MAGIC)));
  assert.equal(hex(enc.encodeCorrectedUtf8('\xA0')), 'c080');
  assert.equal(hex(enc.encodeCorrectedUtf8(new Uint32Array([0x8421109f]))), 'fdbfbfbfbfbf');
  fails(() => enc.encodeCorrectedUtf8('a\x85', { fatal: true }), { code: 'C1_CONTROL', index: 1 });
  assert.equal(enc.decodeCorrectedUtf8(fromHex('c080')), '\xA0');
  assert.equal(enc.decodeCorrectedUtf8(enc.encodeCorrectedUtf8('hi', { document: true }), { document: true }), 'hi');
  fails(() => enc.decodeCorrectedUtf8(fromHex('61fe8062'), { fatal: true }), {
    code: 'RESERVED',
    offset: 1,
    length: 2,
  });
  assert.deepEqual([...enc.decodeCorrectedUtf8CodePoints(fromHex('f880808080'))], [0x2110a0]);
  // The module example.
  assert.equal(enc.encodeCesu8('\u{1F600}').length, 6);
});

test('byte order: required for encoding, optional for decoding (a BOM decides, big-endian without one)', () => {
  for (const encode of [enc.encodeUtf16, enc.encodeUtf32]) {
    for (const options of [undefined, {}, { byteOrder: 'LE' }, { byteOrder: 'utf-16le' }, { byteOrder: true }]) {
      assert.throws(
        () => encode('a', options),
        (e) => e.constructor === TypeError && /byteOrder/.test(e.message),
        JSON.stringify(options),
      );
    }
  }
  for (const decode of [enc.decodeUtf16, enc.decodeUtf32]) {
    assert.throws(
      () => decode(new Uint8Array(4), { byteOrder: 'little' }),
      (e) => e.constructor === TypeError && /byteOrder/.test(e.message),
    );
  }
  // UTF-16: explicit order keeps a BOM as data; sniffing strips exactly one.
  assert.equal(enc.decodeUtf16(fromHex('fffe6100'), { byteOrder: 'le' }), '\uFEFFa');
  assert.equal(enc.decodeUtf16(fromHex('feff0061'), { byteOrder: 'be' }), '\uFEFFa');
  assert.equal(enc.decodeUtf16(fromHex('feff0061')), 'a');
  assert.equal(enc.decodeUtf16(fromHex('fffefffe6100')), '\uFEFFa');
  assert.equal(enc.decodeUtf16(fromHex('6100')), '\u6100', 'no BOM: big-endian, not little');
  // UTF-32 likewise.
  assert.equal(enc.decodeUtf32(fromHex('fffe000061000000')), 'a');
  assert.equal(enc.decodeUtf32(fromHex('0000feff00000061')), 'a');
  assert.equal(enc.decodeUtf32(fromHex('0000feff00000061'), { byteOrder: 'be' }), '\uFEFFa');
  assert.equal(enc.decodeUtf32(fromHex('00000061')), 'a');
  // A string that starts with U+FEFF survives when the BOM is written (or the order named).
  for (const s of ['\uFEFFx', '\uFFFEx']) {
    for (const byteOrder of ['le', 'be']) {
      assert.equal(enc.decodeUtf16(enc.encodeUtf16(s, { byteOrder, bom: true })), s);
      assert.equal(enc.decodeUtf16(enc.encodeUtf16(s, { byteOrder }), { byteOrder }), s);
      assert.equal(enc.decodeUtf32(enc.encodeUtf32(s, { byteOrder, bom: true })), s);
    }
  }
});

test('options: fatal/bom/document are read like booleans; surrogates is "reject" or "pass"; anything else is a TypeError', () => {
  assert.equal(hex(enc.encodeUtf16('a', { byteOrder: 'le', bom: 1 })), 'fffe6100');
  assert.throws(
    () => enc.decodeCesu8(fromHex('ff'), { fatal: 'yes' }),
    (e) => e.code === 'INVALID_BYTE',
  );
  assert.equal(enc.decodeCesu8(fromHex('ff'), { fatal: 0 }), '\uFFFD');
  assert.equal(hex(enc.encodeCorrectedUtf8('', { document: 'yes' })), 'efb79dedb2ae000a');
  for (const surrogates of ['Pass', 'surrogatepass', true, 1]) {
    assert.throws(
      () => enc.encodeUtf32('a', { byteOrder: 'le', surrogates }),
      (e) => e.constructor === TypeError && /surrogates/.test(e.message),
    );
    assert.throws(
      () => enc.decodeUtf32(new Uint8Array(4), { surrogates }),
      (e) => e.constructor === TypeError && /surrogates/.test(e.message),
    );
  }
  assert.equal(hex(enc.encodeUtf32('\uD800', { byteOrder: 'le', surrogates: 'reject' })), 'fdff0000');
  for (const options of ['fatal', 42, true]) {
    assert.throws(
      () => enc.decodeCesu8(new Uint8Array(0), options),
      (e) => e.constructor === TypeError,
      String(options),
    );
    assert.throws(
      () => enc.encodeCorrectedUtf8('a', options),
      (e) => e.constructor === TypeError,
      String(options),
    );
  }
  // null and undefined mean "no options", as in TextDecoder.
  assert.equal(enc.decodeCesu8(fromHex('61'), null), 'a');
  assert.equal(enc.decodeUtf16(fromHex('0061'), null), 'a');
});

test('wrong argument types are plain TypeErrors (not Wtf8Errors), for every function', () => {
  const notStrings = [undefined, null, 42, {}, ['a'], new Uint8Array(1), Symbol('s')];
  for (const [name, encode] of Object.entries(ENCODERS)) {
    for (const value of notStrings) {
      if (name === 'encodeCorrectedUtf8' && value instanceof Uint32Array) continue;
      assert.throws(
        () => encode(value),
        (e) => e.constructor === TypeError,
        `${name}(${String(value)})`,
      );
    }
  }
  assert.throws(
    () => enc.encodeCorrectedUtf8([0x61]),
    (e) => e.constructor === TypeError && /Uint32Array/.test(e.message),
  );
  assert.throws(
    () => enc.encodeCorrectedUtf8(new Uint16Array([0x61])),
    (e) => e.constructor === TypeError,
  );
  const notBytes = [undefined, null, 'abc', 42, [0x61], {}];
  for (const [name, decode] of Object.entries(DECODERS)) {
    for (const value of notBytes) {
      assert.throws(
        () => decode(value),
        (e) => e.constructor === TypeError,
        `${name}(${String(value)})`,
      );
    }
  }
});

test('any buffer source is accepted: ArrayBuffer, SharedArrayBuffer, DataView, Buffer and views with an offset', () => {
  const payload = fromHex('00016100');
  const shared = new SharedArrayBuffer(6);
  new Uint8Array(shared).set(payload, 2);
  const inputs = [
    payload,
    payload.buffer,
    new DataView(payload.buffer),
    Buffer.from(payload),
    new Uint8Array(shared, 2, 4),
    new Uint8Array(shared).subarray(2),
    (() => {
      const big = new Uint8Array(10);
      big.set(payload, 3);
      return big.subarray(3, 7);
    })(),
    new Uint16Array(payload.buffer),
  ];
  for (const input of inputs) {
    assert.equal(enc.decodeUtf16(input, { byteOrder: 'be' }), '\u0001\u6100', Object.prototype.toString.call(input));
    assert.equal(enc.decodeUtf8b(input), '\0\u0001a\0');
    assert.deepEqual(enc.readUTF(input), { value: 'a', bytesRead: 3 });
  }
});

test('results are fresh, exactly sized typed arrays that own their buffer', () => {
  const results = [
    ...Object.values(ENCODERS).map((encode) => encode('a€😀')),
    enc.encodeCorrectedUtf8(new Uint32Array([0x61, 0x110000])),
  ];
  for (const bytes of results) {
    assert.ok(bytes instanceof Uint8Array && bytes.constructor === Uint8Array);
    assert.equal(bytes.byteOffset, 0);
    assert.equal(bytes.buffer.byteLength, bytes.length);
    assert.ok(bytes.buffer instanceof ArrayBuffer);
  }
  const codePoints = enc.decodeCorrectedUtf8CodePoints(fromHex('61'));
  assert.ok(codePoints.constructor === Uint32Array && codePoints.buffer.byteLength === 4);
  // Two calls never share memory.
  const a = enc.encodeCesu8('x');
  const b = enc.encodeCesu8('y');
  a[0] = 0;
  assert.equal(b[0], 0x79);
});

test('Wtf8Error: this entry’s own class, same name, fields and codes as the main entry’s; messages describe every code', () => {
  let error;
  try {
    enc.decodeModifiedUtf8(fromHex('61f09f9880'), { fatal: true });
  } catch (e) {
    error = e;
  }
  assert.ok(error instanceof enc.Wtf8Error && error instanceof TypeError && error instanceof Error);
  assert.equal(error.name, 'Wtf8Error');
  assert.equal(error.code, 'FOUR_BYTE_FORM');
  assert.deepEqual([error.offset, error.length, error.index, error.part], [1, 4, undefined, undefined]);
  assert.match(error.message, /^4-byte sequence .* at byte offset 1 \(FOUR_BYTE_FORM\)$/);
  // Separate bundles: the classes differ (documented; compare name or code instead).
  assert.notEqual(enc.Wtf8Error, wtf8.Wtf8Error);
  assert.equal(error instanceof wtf8.Wtf8Error, false);
  // Every code these encodings throw has a description, not just its name.
  const thrown = [
    () => enc.decodeModifiedUtf8(fromHex('00'), { fatal: true }),
    () => enc.writeUTF('a'.repeat(65_536)),
    () => enc.decodeCorrectedUtf8(fromHex('ff'), { fatal: true }),
    () => enc.encodeCorrectedUtf8('\x80', { fatal: true }),
    () => enc.encodeCorrectedUtf8('\0', { document: true, fatal: true }),
    () => enc.decodeCorrectedUtf8(fromHex('f7bfbfbf'), { fatal: true }),
    () => enc.decodeCesu8(fromHex('f09f9880'), { fatal: true }),
    () => enc.decodeCesu8(fromHex('edb080'), { fatal: true }),
    () => enc.decodeUtf32(fromHex('00110000'), { byteOrder: 'be', fatal: true }),
    () => enc.decodeUtf32(fromHex('0000d800'), { byteOrder: 'be', fatal: true }),
    () => enc.encodeCorrectedUtf8(new Uint32Array([0x842110a0]), { fatal: true }),
  ];
  const codes = new Set();
  for (const run of thrown) {
    assert.throws(
      run,
      (e) => {
        assert.equal(e.name, 'Wtf8Error');
        codes.add(e.code);
        assert.ok(!e.message.startsWith(e.code), `${e.code} has a description: ${e.message}`);
        return true;
      },
      String(run),
    );
  }
  assert.deepEqual([...codes].sort(), [
    'C1_CONTROL',
    'FOUR_BYTE_FORM',
    'LONE_SURROGATE',
    'NOT_REPRESENTABLE_IN_UTF16',
    'NUL_BYTE',
    'NUL_IN_DOCUMENT',
    'RESERVED',
    'SURROGATE',
    'TOO_LARGE',
    'TOO_LONG',
  ]);
});

test('CESU-8 lone surrogate sequences in bytes are LONE_SURROGATE with a byte offset; code points get code point indexes', () => {
  fails(() => enc.decodeCesu8(fromHex('61edb080'), { fatal: true }), {
    code: 'LONE_SURROGATE',
    offset: 1,
    length: 3,
    index: undefined,
  });
  fails(() => enc.decodeCesu8(fromHex('61eda080'), { fatal: true }), { code: 'TRUNCATED', offset: 1, length: null });
  fails(() => enc.decodeCesu8(fromHex('eda08062'), { fatal: true }), { code: 'LONE_SURROGATE', offset: 0, length: 3 });
  // A string index counts code units; a Uint32Array index counts code points.
  fails(() => enc.encodeCorrectedUtf8('😀😀\x85', { fatal: true }), { code: 'C1_CONTROL', index: 4 });
  fails(() => enc.encodeCorrectedUtf8(new Uint32Array([0x1f600, 0x1f600, 0x85]), { fatal: true }), {
    code: 'C1_CONTROL',
    index: 2,
  });
  fails(() => enc.encodeCorrectedUtf8(new Uint32Array([0x61, 0xdc00]), { fatal: true }), {
    code: 'SURROGATE',
    index: 1,
  });
  fails(() => enc.encodeCorrectedUtf8('a\uDC00', { fatal: true }), { code: 'LONE_SURROGATE', index: 1 });
});

test('CORRECTED_UTF8_MAGIC and CORRECTED_UTF8_MAX', () => {
  assert.deepEqual([...enc.CORRECTED_UTF8_MAGIC], [0xef, 0xb7, 0x9d, 0xed, 0xb2, 0xae, 0x00, 0x0a]);
  assert.ok(Object.isFrozen(enc.CORRECTED_UTF8_MAGIC));
  assert.deepEqual(
    [...enc.decodeCorrectedUtf8CodePoints(Uint8Array.from(enc.CORRECTED_UTF8_MAGIC))],
    [0x10e7d, 0xed4e, 0, 0x0a],
  );
  assert.equal(enc.CORRECTED_UTF8_MAX, 0x8421109f);
  assert.equal(
    hex(enc.encodeCorrectedUtf8(new Uint32Array([enc.CORRECTED_UTF8_MAX]), { fatal: true })),
    'fdbfbfbfbfbf',
  );
  // A document without the magic number is accepted; U+0000 after it is not.
  assert.equal(enc.decodeCorrectedUtf8(fromHex('61'), { document: true, fatal: true }), 'a');
  fails(() => enc.decodeCorrectedUtf8(fromHex('efb79dedb2ae000a6100'), { document: true, fatal: true }), {
    code: 'NUL_IN_DOCUMENT',
    offset: 9,
    length: 1,
  });
});

test('long inputs: a lone surrogate slid across the string-building chunks survives every lossless codec', () => {
  const length = 20_000; // longer than two 8,192-unit String.fromCharCode chunks
  const base = 'a'.repeat(length);
  const indices = [0, 1, 8191, 8192, 8193, 16_383, 16_384, 16_385, length - 1];
  for (const at of indices) {
    for (const unit of ['\uD800', '\uDC80']) {
      const s = base.slice(0, at) + unit + base.slice(at + 1);
      assert.equal(
        enc.decodeUtf16(enc.encodeUtf16(s, { byteOrder: 'le' }), { byteOrder: 'le', fatal: true }),
        s,
        `utf-16 at ${at}`,
      );
      assert.equal(
        enc.decodeUtf32(enc.encodeUtf32(s, { byteOrder: 'be', surrogates: 'pass' }), {
          byteOrder: 'be',
          surrogates: 'pass',
          fatal: true,
        }),
        s,
        `utf-32 at ${at}`,
      );
      assert.equal(enc.decodeModifiedUtf8(enc.encodeModifiedUtf8(s), { fatal: true }), s, `mutf-8 at ${at}`);
      assert.equal(enc.readUTF(enc.writeUTF(s)).value, s, `writeUTF at ${at}`);
      fails(() => enc.encodeCesu8(s, { fatal: true }), { code: 'LONE_SURROGATE', index: at });
      if (unit === '\uDC80') assert.equal(enc.decodeUtf8b(enc.encodeUtf8b(s)), s, `utf-8b at ${at}`);
      else fails(() => enc.encodeUtf8b(s), { code: 'LONE_SURROGATE', index: at });
    }
  }
  // A megabyte goes through in one call each way.
  const big = '\u{1F600}x\uDC00'.repeat(250_000);
  assert.equal(enc.decodeUtf16(enc.encodeUtf16(big, { byteOrder: 'be' }), { byteOrder: 'be' }), big);
  assert.equal(enc.decodeUtf8b(new Uint8Array(1 << 20).fill(0xff)).length, 1 << 20);
});

test('lossless boundary: no wasm export takes or returns &str, String or char; only numbers cross the glue (payload moves through scratch buffers); no UTF-16 TextDecoder', () => {
  const source = readFileSync(join(root, 'bindings', 'encodings', 'src', 'lib.rs'), 'utf8');
  const exports = [...source.matchAll(/\bpub fn (\w+)\s*\(([^)]*)\)\s*(->\s*[^{]+)?/g)];
  assert.ok(exports.length >= 13, `found ${exports.length} exports`);
  for (const [, name, params, ret = ''] of exports) {
    assert.doesNotMatch(`${params} ${ret}`, /&\s*str\b|\bString\b|\bchar\b/, `${name}(${params}) ${ret}`);
  }
  const glue = readFileSync(join(root, 'target', 'wasm-pack-encodings', 'wtf8_wasm_encodings_bg.js'), 'utf8');
  assert.doesNotMatch(
    glue,
    /passStringToWasm|encodeString|cachedTextEncoder/,
    'a string parameter crept into the bindings',
  );
  assert.doesNotMatch(
    glue,
    /passArray|getArray\w*FromWasm|getStringFromWasm/,
    'only numbers cross: code units, code points and bytes move through the scratch buffers',
  );
  const labels =
    /["'`](utf-16|utf-16le|utf-16be|unicode|unicodefeff|unicodefffe|ucs-2|csunicode|iso-10646-ucs-2)["'`]/i;
  for (const file of ['encodings.mjs', 'encodings.cjs']) {
    assert.doesNotMatch(
      readFileSync(join(pkgDir, 'dist', file), 'utf8'),
      labels,
      `${file} must not decode UTF-16 with TextDecoder`,
    );
  }
});

test('the main entry does not carry the encodings: no code, no wasm exports, no error texts of theirs', () => {
  for (const file of MAIN_FILES) {
    const bundle = readFileSync(join(pkgDir, 'dist', file), 'utf8');
    // (The table of code names is shared: codes cross from wasm by their position in it.)
    assert.doesNotMatch(bundle, /cesu8|mutf8|utf8b|corrected_utf8|Modified UTF-8|Corrected UTF-8|CESU-8/, file);
  }
  assert.equal(typeof wtf8.encodeCesu8, 'undefined');
});
