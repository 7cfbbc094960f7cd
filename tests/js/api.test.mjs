// The public API's contract beyond the vector table: argument types, every BufferSource kind,
// options, error objects, encodeInto, concat (inspect, its own entry: inspect.test.mjs).
import { Buffer } from 'node:buffer';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wtf8, hex, fromHex } from './support.mjs';

const { encode, encodeInto, decode, toUtf8, wtf8ToUtf8, isWtf8, checkWtf8, checkUtf8, concat, Wtf8Error } = wtf8;

test('exports exactly the documented API', () => {
  assert.deepEqual(Object.keys(wtf8).sort(), [
    'Wtf8Decoder',
    'Wtf8DecoderStream',
    'Wtf8Encoder',
    'Wtf8EncoderStream',
    'Wtf8Error',
    'checkUtf8',
    'checkWtf8',
    'concat',
    'decode',
    'encode',
    'encodeInto',
    'isWtf8',
    'toUtf8',
    'wtf8ToUtf8',
  ]);
});

test('the public functions and classes carry their own names (the bundle is minified)', () => {
  for (const [name, value] of Object.entries(wtf8)) if (typeof value === 'function') assert.equal(value.name, name);
  assert.equal(new wtf8.Wtf8Decoder().constructor.name, 'Wtf8Decoder');
});

test('non-string input to string functions is a TypeError, not a Wtf8Error', () => {
  for (const bad of [undefined, null, 42, {}, [], new Uint8Array(1), Symbol('s')]) {
    for (const fn of [encode, toUtf8, (x) => encodeInto(x, new Uint8Array(4))]) {
      assert.throws(
        () => fn(bad),
        (e) => e instanceof TypeError && !(e instanceof Wtf8Error),
      );
    }
  }
  assert.throws(() => encodeInto('a', [0, 0]), TypeError);
  assert.throws(() => encodeInto('a', new Uint16Array(2)), TypeError);
});

test('non-buffer input to byte functions is a TypeError', () => {
  for (const bad of [undefined, null, 'abc', 42, {}, [1, 2, 3]]) {
    for (const fn of [decode, isWtf8, checkWtf8, checkUtf8, wtf8ToUtf8, (x) => concat([x])]) {
      assert.throws(
        () => fn(bad),
        (e) => e instanceof TypeError && !(e instanceof Wtf8Error),
        String(bad),
      );
    }
  }
  assert.throws(() => concat(42), TypeError);
  assert.throws(() => decode(new Uint8Array(1), 'fatal'), TypeError);
});

test('every BufferSource kind decodes the same bytes', () => {
  const bytes = [0x78, 0x61, 0xed, 0xa0, 0xbd, 0x62, 0x78];
  const backing = new ArrayBuffer(16);
  new Uint8Array(backing).set(bytes, 3);
  const shared = new SharedArrayBuffer(16);
  new Uint8Array(shared).set(bytes, 3);
  const inputs = {
    'Uint8Array with byteOffset': new Uint8Array(backing, 4, 5),
    ArrayBuffer: new Uint8Array(bytes.slice(1, 6)).buffer,
    DataView: new DataView(backing, 4, 5),
    Buffer: Buffer.from(bytes.slice(1, 6)),
    'Buffer slice of a larger pool': Buffer.from(bytes).subarray(1, 6),
    'view on a SharedArrayBuffer': new Uint8Array(shared, 4, 5),
    SharedArrayBuffer: (() => {
      const s = new SharedArrayBuffer(5);
      new Uint8Array(s).set(bytes.slice(1, 6));
      return s;
    })(),
    Int8Array: new Int8Array(backing, 4, 5),
    'Uint16Array (bytes of its memory)': new Uint16Array(new Uint8Array([0x61, 0x62]).buffer),
  };
  for (const [name, input] of Object.entries(inputs)) {
    const want = name.startsWith('Uint16Array') ? 'ab' : 'a\uD83Db';
    assert.equal(decode(input), want, name);
    assert.equal(decode(input, { fatal: true }), want, name);
    assert.equal(isWtf8(input), true, name);
  }
  // Shared memory also takes the platform fast path (which browsers refuse for shared views).
  const sharedAscii = new Uint8Array(new SharedArrayBuffer(3));
  sharedAscii.set([0x61, 0x62, 0x63]);
  assert.equal(decode(sharedAscii), 'abc');
});

test('Wtf8Error: stable code, byte offset and length for bytes; index for strings', () => {
  const cases = [
    ['61c0af', 'OVERLONG', 1, 1],
    ['eda080edb080', 'SURROGATE_PAIR', 3, 3],
    ['f09f98', 'TRUNCATED', 0, null],
    ['6162f4908080', 'TOO_LARGE', 2, 1],
    ['ff', 'INVALID_BYTE', 0, 1],
    ['80', 'UNEXPECTED_CONTINUATION', 0, 1],
    ['e28241', 'MISSING_CONTINUATION', 0, 2],
  ];
  for (const [input, code, offset, length] of cases) {
    let error;
    try {
      decode(fromHex(input), { fatal: true });
    } catch (e) {
      error = e;
    }
    assert.ok(error instanceof Wtf8Error && error instanceof TypeError && error instanceof Error, input);
    assert.equal(error.name, 'Wtf8Error');
    assert.deepEqual([error.code, error.offset, error.length, error.index], [code, offset, length, undefined], input);
    assert.match(error.message, new RegExp(`offset ${offset}.*${code}`));
  }
  const stringError = (() => {
    try {
      toUtf8('ab\uDC00', { fatal: true });
    } catch (e) {
      return e;
    }
  })();
  assert.deepEqual([stringError.code, stringError.index, stringError.offset], ['LONE_SURROGATE', 2, undefined]);
});

test('lenient decode never throws and keeps a BOM', () => {
  assert.equal(decode(fromHex('efbbbf61')), '\uFEFFa');
  assert.equal(decode(fromHex('efbbbf61'), { fatal: true }), '\uFEFFa');
  assert.equal(decode(fromHex('efbbbf61'), { ignoreBOM: true }), '\uFEFFa');
  assert.equal(decode(fromHex('61c0af62')), 'a\uFFFD\uFFFDb');
  assert.equal(decode(fromHex('eda080edb080')), '\uD800\uDC00');
  assert.equal(decode(new Uint8Array(0)), '');
  assert.equal(encode('').length, 0);
});

test('ignoreBOM: false strips one leading BOM, as TextDecoder does', () => {
  for (const input of ['efbbbf61', 'efbbbfefbbbf', 'efbbbf', '61efbbbf', 'efbb61', 'efbbbfff', 'efbbbfeda080', '']) {
    const bytes = fromHex(input);
    const platform = new TextDecoder().decode(bytes);
    const want = input.includes('eda080') ? platform.replace('\uFFFD\uFFFD\uFFFD', '\uD800') : platform;
    assert.equal(decode(bytes, { ignoreBOM: false }), want, input);
    assert.equal(decode(bytes, { ignoreBOM: false }), new wtf8.Wtf8Decoder({ ignoreBOM: false }).decode(bytes), input);
  }
  assert.equal(decode(fromHex('efbbbf61'), { fatal: true, ignoreBOM: false }), 'a');
});

test('options are read like WebIDL dictionaries', () => {
  const bad = fromHex('ff');
  assert.equal(decode(bad, {}), '\uFFFD');
  assert.equal(decode(bad, null), '\uFFFD');
  assert.equal(decode(bad, { fatal: 0 }), '\uFFFD');
  assert.throws(() => decode(bad, { fatal: 1 }), Wtf8Error);
  assert.throws(() => decode(bad, { fatal: 'yes' }), Wtf8Error);
});

test('encodeInto follows the TextEncoder.encodeInto contract and never splits a pair', () => {
  const text = 'a\uD83D\uDE00\uDC00b';
  const full = encode(text);
  for (let room = 0; room <= full.length + 2; room++) {
    const dest = new Uint8Array(room).fill(0xaa);
    const { read, written } = encodeInto(text, dest);
    assert.deepEqual(Array.from(dest.subarray(0, written)), Array.from(full.subarray(0, written)), `room ${room}`);
    assert.ok(
      dest.subarray(written).every((b) => b === 0xaa),
      'nothing written past `written`',
    );
    assert.equal(hex(encode(text.slice(0, read))), hex(full.subarray(0, written)), `room ${room}: read ${read}`);
    assert.notEqual(read, 2, 'a surrogate pair is never split');
  }
  // Same contract as the platform on well-formed text.
  const dest = new Uint8Array(5);
  assert.deepEqual(encodeInto('h\u00e9\u20ac', dest), new TextEncoder().encodeInto('h\u00e9\u20ac', new Uint8Array(5)));
  // A destination with a byteOffset.
  const big = new Uint8Array(10);
  assert.deepEqual(encodeInto('\uD800', big.subarray(2, 5)), { read: 1, written: 3 });
  assert.equal(hex(big), '0000eda0800000000000');
});

test('concat re-pairs surrogates across parts and rejects ill-formed parts with part + offset', () => {
  const pieces = ['a\uD83D', '', '\uDE00', '\uDE00b', '\uDBFF', '\uDFFF'];
  assert.equal(hex(concat(pieces.map(encode))), hex(encode(pieces.join(''))));
  assert.equal(hex(concat([encode('\uDE00'), encode('\uD83D')])), 'edb880eda0bd', 'a reversed pair stays apart');
  assert.equal(
    hex(concat(new Set([Buffer.from('ab'), new Uint8Array([0x63]).buffer]))),
    '616263',
    'any iterable, any BufferSource',
  );
  assert.equal(concat([]).length, 0);
  const error = (() => {
    try {
      concat([encode('ok'), fromHex('61c0af')]);
    } catch (e) {
      return e;
    }
  })();
  assert.ok(error instanceof Wtf8Error);
  assert.deepEqual([error.code, error.part, error.offset, error.length], ['OVERLONG', 1, 1, 1]);
  assert.throws(
    () => concat([fromHex('eda080edb080')]),
    (e) => e.code === 'SURROGATE_PAIR' && e.part === 0 && e.offset === 3,
  );
});
