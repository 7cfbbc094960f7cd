// The demo page's pure helpers (www/lib/), tested in Node: escape syntax, hex parsing, the URL
// hash codec and the bit split. The page's display logic is in demo.test.mjs.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEscapes, toEscapes } from '../../www/lib/escapes.mjs';
import { formatHex, parseHex } from '../../www/lib/hex.mjs';
import { decodeValue, encodeValue, readHash, writeHash } from '../../www/lib/hash.mjs';
import { byteRole, splitBits } from '../../www/lib/bits.mjs';
import { rng } from '../js/generators.mjs';
import { formatCodePoint, visibleForm } from '../../www/lib/labels.mjs';
import { STRING_PRESETS, BYTE_PRESETS } from '../../www/presets.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkgEntry = join(root, 'pkg', 'dist', 'wtf8-wasm.mjs');

/** Deterministic random UTF-16 strings that favour surrogates, backslashes and controls. */
function* randomStrings(count, seed = 1) {
  const { next } = rng(seed);
  const alphabet = [
    0x5c, 0x75, 0x78, 0x7b, 0x7d, 0x22, 0x27, 0x0a, 0x00, 0x7f, 0x61, 0xe9, 0x20ac, 0xd83d, 0xde00, 0xdbff, 0xdc00,
    0x200d, 0xfeff, 0xfffd,
  ];
  for (let i = 0; i < count; i++) {
    const length = next() % 12;
    let s = '';
    for (let j = 0; j < length; j++) {
      s += String.fromCharCode(next() % 3 === 0 ? next() % 0x10000 : alphabet[next() % alphabet.length]);
    }
    yield s;
  }
}

describe('escape syntax', () => {
  test('parses JavaScript string-literal escapes exactly as JavaScript does', () => {
    const sources = [
      'a\\uD83Db',
      '\\u{1F600}',
      '\\uD83D\\uDE00',
      '\\x41\\x42',
      'C:\\\\dir\\\\file',
      '\\n\\t\\r\\0',
      '\\u{D800}',
      '\\u{10FFFF}',
      '\\u{0}',
      'caf\\u00e9',
      '\\"\\\'',
    ];
    for (const source of sources) {
      const { value, problems } = parseEscapes(source);
      assert.deepEqual(problems, [], source);
      assert.equal(value, new Function(`return "${source}"`)(), source);
    }
  });

  test('keeps what is not an escape as typed, and says where', () => {
    const cases = [
      ['\\uD8', '\\uD8', 0],
      ['x\\q', 'x\\q', 1],
      ['\\u{110000}', '\\u{110000}', 0],
      ['\\u{}', '\\u{}', 0],
      ['\\xG1', '\\xG1', 0],
      ['end\\', 'end\\', 3],
      ['\\u{1F600', '\\u{1F600', 0],
    ];
    for (const [source, value, at] of cases) {
      const result = parseEscapes(source);
      assert.equal(result.value, value, source);
      assert.equal(result.problems.length, 1, source);
      assert.equal(result.problems[0].at, at, source);
    }
  });

  test('toEscapes is the inverse of parseEscapes for every string, and keeps printable text', () => {
    for (const s of randomStrings(5000)) {
      const written = toEscapes(s);
      assert.equal(parseEscapes(written).value, s, JSON.stringify(written));
      assert.ok(written.isWellFormed(), 'an escaped string can go anywhere, even into a URL');
    }
    assert.equal(toEscapes('a\uD83Db'), 'a\\uD83Db');
    assert.equal(toEscapes('\uDE00\uD83D'), '\\uDE00\\uD83D');
    assert.equal(toEscapes('😀 é 日本'), '😀 é 日本');
    assert.equal(toEscapes('C:\\x\n'), 'C:\\\\x\\n');
    assert.equal(toEscapes('say "hi"', { quote: '"' }), 'say \\"hi\\"');
  });

  test('every preset is valid escape syntax', () => {
    for (const preset of STRING_PRESETS) assert.deepEqual(parseEscapes(preset.input).problems, [], preset.id);
    assert.equal(parseEscapes(STRING_PRESETS.find((p) => p.id === 'sliced').input).value, 'Hi 👋'.slice(0, 4));
    assert.equal(
      parseEscapes(STRING_PRESETS.find((p) => p.id === 'reversed').input).value,
      [...'ok😀'.split('')].reverse().join(''),
    );
    assert.equal(parseEscapes(STRING_PRESETS.find((p) => p.id === 'trail-first').input).value, '😀 ok'.slice(1));
    for (const preset of BYTE_PRESETS) assert.ok(parseHex(preset.input).bytes, preset.id);
  });
});

describe('hex', () => {
  test('accepts the ways people write bytes', () => {
    for (const text of [
      'ED A0 BD',
      'eda0bd',
      '0xED, 0xA0, 0xBD',
      '\\xED\\xA0\\xBD',
      'ED-A0:BD',
      ' ED\nA0\tBD ',
      'ED A0 BD,',
    ]) {
      assert.deepEqual([...parseHex(text).bytes], [0xed, 0xa0, 0xbd], text);
    }
    assert.deepEqual([...parseHex('0xA 0x1').bytes], [0x0a, 0x01]);
    assert.deepEqual([...parseHex('').bytes], []);
  });

  test('says where the hex goes wrong', () => {
    assert.equal(parseHex('ED A0 8G').error.at, 7);
    assert.equal(parseHex('EDA').error.at, 0);
    assert.equal(parseHex('61 ü').error.at, 3);
  });

  test('formats bytes as upper-case pairs', () => {
    assert.equal(formatHex(new Uint8Array([0x61, 0xed, 0x0])), '61 ED 00');
    assert.equal(formatHex([]), '');
  });
});

describe('bits', () => {
  test('marker bits are the leading ones and the zero that ends them', () => {
    assert.deepEqual(splitBits(0x61), { marker: '0', payload: '1100001' });
    assert.deepEqual(splitBits(0xc3), { marker: '110', payload: '00011' });
    assert.deepEqual(splitBits(0xed), { marker: '1110', payload: '1101' });
    assert.deepEqual(splitBits(0xf0), { marker: '11110', payload: '000' });
    assert.deepEqual(splitBits(0xa0), { marker: '10', payload: '100000' });
    assert.deepEqual(splitBits(0xff), { marker: '11111111', payload: '' });
    for (let byte = 0; byte < 256; byte++) {
      const { marker, payload } = splitBits(byte);
      assert.equal(parseInt(marker + payload, 2), byte);
    }
    assert.match(byteRole(0xed), /3-byte/);
    assert.match(byteRole(0xbd), /continuation/);
  });

  test('payload bits read together are the code point', () => {
    // ED A0 BD → 1101 100000 111101 = D83D; F0 9F 98 80 → 000 011111 011000 000000 = 1F600.
    for (const [bytes, codePoint] of [
      [[0xed, 0xa0, 0xbd], 0xd83d],
      [[0xf0, 0x9f, 0x98, 0x80], 0x1f600],
      [[0xc3, 0xa9], 0xe9],
    ]) {
      assert.equal(parseInt(bytes.map((b) => splitBits(b).payload).join(''), 2), codePoint);
    }
  });
});

describe('labels', () => {
  test('nothing is invisible', () => {
    assert.deepEqual(visibleForm(0x41), { text: 'A' });
    assert.deepEqual(visibleForm(0x0a), { badge: 'LF' });
    assert.deepEqual(visibleForm(0x200d), { badge: 'ZWJ' });
    assert.deepEqual(visibleForm(0xe000), { badge: 'U+E000' });
    assert.deepEqual(visibleForm(0x3000), { badge: 'space' });
    assert.equal(visibleForm(0x301).combining, true);
    assert.equal(formatCodePoint(0x1f600), 'U+1F600');
    assert.equal(formatCodePoint(0x41), 'U+0041');
  });
});

describe('URL hash', { skip: !existsSync(pkgEntry) && 'pkg/ is not built' }, async () => {
  const { encode, decode } = existsSync(pkgEntry) ? await import(pkgEntry) : {};

  test('percent-encoded WTF-8 carries any string, lone surrogates included', () => {
    for (const s of randomStrings(3000, 7)) {
      const written = encodeValue(s, encode);
      assert.match(written, /^[\x21-\x7e]*$/, 'plain ASCII, safe in a URL');
      assert.doesNotMatch(
        written.replace(/%[0-9A-F]{2}/g, ''),
        /[&=#%+]/,
        'no character that means something in the hash',
      );
      assert.equal(decodeValue(written, encode, decode), s);
    }
    assert.equal(encodeValue('a\\uD83Db', encode), 'a%5CuD83Db');
    assert.equal(encodeValue('a\uD83Db', encode), 'a%ED%A0%BDb');
  });

  test('reads what it writes, and what people type', () => {
    const state = { s: 'a&b=c #\uDC00', x: 'ED A0 80', m: 'strict' };
    assert.deepEqual(readHash(writeHash(state, encode), encode, decode), state);
    assert.equal(writeHash({ s: 'x', x: '', m: 'lenient' }, encode), '#s=x&x=');
    assert.deepEqual(readHash('#hello', encode, decode), { s: 'hello' });
    assert.deepEqual(readHash('#s=caf%C3%A9&unknown=1', encode, decode), { s: 'café' });
    assert.deepEqual(readHash('#s=caf\u00e9', encode, decode), { s: 'café' }, 'a raw non-ASCII character');
    assert.deepEqual(readHash('#s=100%', encode, decode), { s: '100%' }, 'a stray % is kept');
    assert.deepEqual(readHash('', encode, decode), {});
  });
});
