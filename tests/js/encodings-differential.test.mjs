// `wtf8-wasm/encodings` against oracles that are not our code: Node's Buffer ('utf16le', lossless
// on whole units), TextDecoder('utf-16le'/'utf-16be') and TextEncoder/TextDecoder('utf-8') where
// they are defined to agree, JavaScript's own code point iteration, and naive encoders written
// here from each encoding's definition. Plus seeded random round trips per codec, and the UTF-8B
// promise: any bytes survive a trip through a string.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pkgDir, hex, rng, randomString, randomBytes, isWellFormed } from './support.mjs';

const enc = await import(pathToFileURL(join(pkgDir, 'dist', 'encodings.mjs')).href);

/** Random inputs per property: enough to hit every surrogate neighbourhood many times over. */
const RUNS = 20_000;

const nodeBuffer = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const textEncoder = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

// --- naive oracles, written from the definitions (one value at a time, no cleverness) ---------

/** UTF-8 bytes of one scalar or surrogate value below U+10000 (CESU-8 and Modified UTF-8 use this per code unit). */
function utf8OfUnit(u) {
  if (u < 0x80) return [u];
  if (u < 0x800) return [0xc0 | (u >> 6), 0x80 | (u & 63)];
  return [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 63), 0x80 | (u & 63)];
}

/** CESU-8 of a well-formed string: every code unit on its own. */
function naiveCesu8(s) {
  const out = [];
  for (let i = 0; i < s.length; i++) out.push(...utf8OfUnit(s.charCodeAt(i)));
  return out;
}

/** Java's Modified UTF-8: every code unit on its own, U+0000 as C0 80. */
function naiveMutf8(s) {
  const out = [];
  for (let i = 0; i < s.length; i++) out.push(...(s.charCodeAt(i) === 0 ? [0xc0, 0x80] : utf8OfUnit(s.charCodeAt(i))));
  return out;
}

/** The code unit index of the first lone surrogate (where s and s.toWellFormed() first differ), or -1. */
function firstLone(s) {
  const wellFormed = s.toWellFormed();
  for (let i = 0; i < s.length; i++) if (s[i] !== wellFormed[i]) return i;
  return -1;
}

/**
 * UTF-8B encode from its definition: code point by code point (JavaScript's iteration), a lone
 * U+DC80–U+DCFF is the byte it escapes, any other lone surrogate fails, the rest is TextEncoder's.
 * Returns the bytes, or the code unit index where it fails.
 */
function naiveUtf8bEncode(s) {
  const out = [];
  let index = 0;
  for (const ch of s) {
    const u = ch.charCodeAt(0);
    if (ch.length === 1 && u >= 0xd800 && u <= 0xdfff) {
      if (u < 0xdc80 || u > 0xdcff) return { index };
      out.push(u - 0xdc00);
    } else {
      out.push(...textEncoder.encode(ch));
    }
    index += ch.length;
  }
  return { bytes: out };
}

/** UTF-32 values of a string from JavaScript's own code point iteration (a lone surrogate is its own value). */
function naiveUtf32(s, bigEndian) {
  const codePoints = Array.from(s, (ch) => ch.codePointAt(0));
  const view = new DataView(new ArrayBuffer(4 * codePoints.length));
  codePoints.forEach((cp, i) => view.setUint32(4 * i, cp, !bigEndian));
  return new Uint8Array(view.buffer);
}

/** UTF-8B decode: at each byte, a whole valid UTF-8 sequence (TextDecoder decides), else U+DC00 + byte. */
function naiveUtf8b(bytes) {
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i];
    const n = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (n > 0 && i + n <= bytes.length) {
      try {
        out += strictUtf8.decode(bytes.subarray(i, i + n));
        i += n;
        continue;
      } catch {
        // not a valid sequence: escape the lead byte alone
      }
    }
    out += String.fromCharCode(0xdc00 + b);
    i++;
  }
  return out;
}

/** Corrected UTF-8 of one code point, from the table: (first code point, bytes, lead marker, offset). */
const CORRECTED_ROWS = [
  [0x42110a0, 6, 0xfc, 0x42110a0],
  [0x2110a0, 5, 0xf8, 0x2110a0],
  [0x110a0, 4, 0xf0, 0x110a0],
  [0xe000, 3, 0xe0, 0x10a0],
  [0x8a0, 3, 0xe0, 0x8a0],
  [0xa0, 2, 0xc0, 0xa0],
];
function naiveCorrected(cp) {
  if (cp < 0x80) return [cp];
  const [, n, marker, offset] = CORRECTED_ROWS.find(([first]) => cp >= first);
  let payload = cp - offset;
  const out = [];
  for (let k = 1; k < n; k++) {
    out.unshift(0x80 | (payload & 63));
    payload = Math.floor(payload / 64);
  }
  out.unshift(marker | payload);
  return out;
}
const hasCorrectedEncoding = (cp) => !(cp >= 0x80 && cp <= 0x9f) && !(cp >= 0xd800 && cp <= 0xdfff) && cp <= 0x8421109f;

// --- UTF-16 --------------------------------------------------------------------------------------

test('UTF-16LE/BE encode = Buffer.from(s, "utf16le") (byte-swapped for BE), lone surrogates included', () => {
  const r = rng(0x16e);
  for (let i = 0; i < RUNS; i++) {
    const s = randomString(r);
    const le = Buffer.from(s, 'utf16le');
    assert.equal(hex(enc.encodeUtf16(s, { byteOrder: 'le' })), le.toString('hex'), JSON.stringify(s));
    assert.equal(
      hex(enc.encodeUtf16(s, { byteOrder: 'be' })),
      Buffer.from(le).swap16().toString('hex'),
      JSON.stringify(s),
    );
  }
});

test('UTF-16LE decode = Buffer#toString("utf16le") on whole units; an odd last byte is U+FFFD where Buffer drops it', () => {
  const r = rng(0x16d);
  for (let i = 0; i < RUNS; i++) {
    const bytes = randomBytes(r, 24);
    const buffer = nodeBuffer(bytes);
    const expected = buffer.toString('utf16le') + (bytes.length % 2 ? '\uFFFD' : '');
    assert.equal(enc.decodeUtf16(bytes, { byteOrder: 'le' }), expected, hex(bytes));
    const be =
      Buffer.from(buffer.subarray(0, bytes.length & ~1))
        .swap16()
        .toString('utf16le') + (bytes.length % 2 ? '\uFFFD' : '');
    assert.equal(enc.decodeUtf16(bytes, { byteOrder: 'be' }), be, hex(bytes));
  }
});

test('UTF-16 decode = TextDecoder("utf-16le"/"utf-16be") once lone surrogates are replaced, and sniffing matches its BOM handling', () => {
  const le = new TextDecoder('utf-16le', { ignoreBOM: true });
  const be = new TextDecoder('utf-16be', { ignoreBOM: true });
  const leStripping = new TextDecoder('utf-16le');
  const beStripping = new TextDecoder('utf-16be');
  const r = rng(0x16c);
  let lossless = 0;
  for (let i = 0; i < RUNS; i++) {
    const s = randomString(r);
    const leBytes = enc.encodeUtf16(s, { byteOrder: 'le' });
    const beBytes = enc.encodeUtf16(s, { byteOrder: 'be' });
    // TextDecoder replaces lone surrogates: it agrees with us exactly on the replaced string.
    assert.equal(le.decode(leBytes), enc.decodeUtf16(leBytes, { byteOrder: 'le' }).toWellFormed(), JSON.stringify(s));
    assert.equal(be.decode(beBytes), enc.decodeUtf16(beBytes, { byteOrder: 'be' }).toWellFormed(), JSON.stringify(s));
    if (isWellFormed(s)) {
      assert.equal(le.decode(leBytes), s);
      lossless++;
    }
    // With a BOM, sniffing strips it exactly as TextDecoder (ignoreBOM: false) does.
    const leBom = enc.encodeUtf16(s, { byteOrder: 'le', bom: true });
    const beBom = enc.encodeUtf16(s, { byteOrder: 'be', bom: true });
    assert.equal(enc.decodeUtf16(leBom).toWellFormed(), leStripping.decode(leBom), JSON.stringify(s));
    assert.equal(enc.decodeUtf16(beBom).toWellFormed(), beStripping.decode(beBom), JSON.stringify(s));
    // And ours is lossless where TextDecoder is not.
    assert.equal(enc.decodeUtf16(leBom), s);
    assert.equal(enc.decodeUtf16(beBom), s);
    // Without a BOM sniffing reads big-endian (unless the text itself starts with what looks like one).
    if (!/^[\uFEFF\uFFFE]/.test(s)) assert.equal(enc.decodeUtf16(beBytes), s, 'no BOM: big-endian');
  }
  assert.ok(lossless > RUNS / 20, `only ${lossless} well-formed strings`);
});

// --- UTF-32 --------------------------------------------------------------------------------------

test('UTF-32 = JavaScript code point iteration: surrogatepass is lossless, reject writes U+FFFD or throws at the first lone surrogate', () => {
  const r = rng(0x32);
  for (let i = 0; i < RUNS; i++) {
    const s = randomString(r);
    for (const byteOrder of ['le', 'be']) {
      const big = byteOrder === 'be';
      const pass = enc.encodeUtf32(s, { byteOrder, surrogates: 'pass' });
      assert.equal(hex(pass), hex(naiveUtf32(s, big)), JSON.stringify(s));
      assert.equal(enc.decodeUtf32(pass, { byteOrder, surrogates: 'pass', fatal: true }), s);
      const lossy = enc.encodeUtf32(s, { byteOrder });
      assert.equal(hex(lossy), hex(naiveUtf32(s.toWellFormed(), big)), JSON.stringify(s));
      assert.equal(enc.decodeUtf32(lossy, { byteOrder, fatal: true }), s.toWellFormed());
      if (isWellFormed(s)) {
        assert.equal(hex(enc.encodeUtf32(s, { byteOrder, fatal: true })), hex(lossy));
      } else {
        const index = firstLone(s);
        assert.throws(
          () => enc.encodeUtf32(s, { byteOrder, fatal: true }),
          (e) => e.code === 'LONE_SURROGATE' && e.index === index,
          JSON.stringify(s),
        );
      }
    }
  }
});

// --- CESU-8 and Modified UTF-8 -------------------------------------------------------------------

test('CESU-8 = each code unit of the (well-formed) string as UTF-8; strict throws where the string is not well-formed', () => {
  const r = rng(0xce5);
  for (let i = 0; i < RUNS; i++) {
    const s = randomString(r);
    const wellFormed = s.toWellFormed();
    assert.equal(hex(enc.encodeCesu8(s)), hex(Uint8Array.from(naiveCesu8(wellFormed))), JSON.stringify(s));
    assert.equal(enc.decodeCesu8(enc.encodeCesu8(s), { fatal: true }), wellFormed);
    if (s === wellFormed) {
      assert.equal(hex(enc.encodeCesu8(s, { fatal: true })), hex(Uint8Array.from(naiveCesu8(s))));
    } else {
      const index = firstLone(s);
      assert.throws(
        () => enc.encodeCesu8(s, { fatal: true }),
        (e) => e.code === 'LONE_SURROGATE' && e.index === index,
      );
      // The decoder rejects what the lossless per-unit encoding of a lone surrogate gives.
      assert.throws(
        () => enc.decodeCesu8(new Uint8Array(naiveCesu8(s)), { fatal: true }),
        (e) => e.name === 'Wtf8Error' && ['LONE_SURROGATE', 'TRUNCATED'].includes(e.code),
      );
    }
  }
});

test('Modified UTF-8 = each code unit as UTF-8 with U+0000 as C0 80, for every string; lossless; never a 00 byte', () => {
  const r = rng(0x4a7a);
  for (let i = 0; i < RUNS; i++) {
    const s = randomString(r);
    const bytes = enc.encodeModifiedUtf8(s);
    assert.equal(hex(bytes), hex(Uint8Array.from(naiveMutf8(s))), JSON.stringify(s));
    assert.ok(!bytes.includes(0));
    assert.equal(enc.decodeModifiedUtf8(bytes, { fatal: true }), s);
    const frame = enc.writeUTF(s);
    assert.deepEqual([frame[0] * 256 + frame[1], hex(frame.subarray(2))], [bytes.length, hex(bytes)]);
    assert.deepEqual(enc.readUTF(frame), { value: s, bytesRead: frame.length });
  }
});

// --- UTF-8B --------------------------------------------------------------------------------------

test('UTF-8B: for random byte strings b, encodeUtf8b(decodeUtf8b(b)) equals b, and decodeUtf8b matches a TextDecoder-driven naive decoder', () => {
  const r = rng(0x8b);
  let valid = 0;
  for (let i = 0; i < RUNS * 2; i++) {
    const bytes = randomBytes(r, 24);
    const s = enc.decodeUtf8b(bytes);
    assert.equal(hex(enc.encodeUtf8b(s)), hex(bytes), hex(bytes));
    assert.equal(s, naiveUtf8b(bytes), hex(bytes));
    try {
      assert.equal(s, strictUtf8.decode(bytes), 'valid UTF-8 decodes as UTF-8');
      valid++;
    } catch (error) {
      if (error instanceof assert.AssertionError) throw error;
    }
  }
  assert.ok(valid > RUNS / 20, `only ${valid} valid inputs`);
});

test('UTF-8B encode = TextEncoder per code point, U+DC80–U+DCFF as the byte it escapes; any other lone surrogate throws at its index', () => {
  const r = rng(0x8c);
  let escapes = 0;
  for (let i = 0; i < RUNS; i++) {
    const s = randomString(r);
    const expected = naiveUtf8bEncode(s);
    if (expected.bytes) {
      assert.equal(hex(enc.encodeUtf8b(s)), hex(Uint8Array.from(expected.bytes)), JSON.stringify(s));
      if (!isWellFormed(s)) escapes++;
      if (isWellFormed(s)) assert.equal(hex(enc.encodeUtf8b(s)), hex(textEncoder.encode(s)));
    } else {
      assert.equal(firstLone(s) <= expected.index, true);
      assert.throws(
        () => enc.encodeUtf8b(s),
        (e) => e.code === 'LONE_SURROGATE' && e.index === expected.index,
        JSON.stringify(s),
      );
    }
  }
  assert.ok(escapes > 50, `only ${escapes} strings with escapes`);
});

// --- Corrected UTF-8 -----------------------------------------------------------------------------

test('Corrected UTF-8 = the table applied naively, for random code points over the whole range; lossless both ways', () => {
  const r = rng(0xc0);
  const edges = [
    0, 0x7f, 0x80, 0x9f, 0xa0, 0x89f, 0x8a0, 0xd7ff, 0xd800, 0xdfff, 0xe000, 0xffff, 0x10000, 0x1109f, 0x110a0,
    0x10ffff, 0x110000, 0x21109f, 0x2110a0, 0x421109f, 0x42110a0, 0x8421109f, 0x842110a0, 0xffffffff,
  ];
  for (let i = 0; i < RUNS; i++) {
    const length = r.int(8);
    const codePoints = Uint32Array.from({ length }, () => {
      const kind = r.int(4);
      return kind === 0 ? r.pick(edges) : kind === 1 ? r.int(0x800) : kind === 2 ? r.int(0x110000) : r.next();
    });
    const ok = codePoints.every(hasCorrectedEncoding);
    const lossy = enc.encodeCorrectedUtf8(codePoints);
    const naiveLossy = [...codePoints].flatMap((cp) => naiveCorrected(hasCorrectedEncoding(cp) ? cp : 0xfffd));
    assert.equal(hex(lossy), hex(Uint8Array.from(naiveLossy)), [...codePoints].map((c) => c.toString(16)).join(' '));
    const back = enc.decodeCorrectedUtf8CodePoints(lossy, { fatal: true });
    assert.deepEqual(
      [...back],
      [...codePoints].map((cp) => (hasCorrectedEncoding(cp) ? cp : 0xfffd)),
    );
    if (ok) {
      assert.equal(hex(enc.encodeCorrectedUtf8(codePoints, { fatal: true })), hex(lossy));
    } else {
      const index = [...codePoints].findIndex((cp) => !hasCorrectedEncoding(cp));
      assert.throws(
        () => enc.encodeCorrectedUtf8(codePoints, { fatal: true }),
        (e) => e.index === index && ['C1_CONTROL', 'SURROGATE', 'TOO_LARGE'].includes(e.code),
      );
    }
  }
});

test('Corrected UTF-8 of strings: lossless for text without C1 controls, lone surrogates (or U+0000 in a document)', () => {
  const r = rng(0xc1);
  for (let i = 0; i < RUNS; i++) {
    const s = randomString(r)
      .toWellFormed()
      .replace(/[\x80-\x9f]/g, '?');
    const bytes = enc.encodeCorrectedUtf8(s, { fatal: true });
    assert.equal(
      hex(bytes),
      hex(Uint8Array.from(Array.from(s, (ch) => naiveCorrected(ch.codePointAt(0))).flat())),
      JSON.stringify(s),
    );
    assert.equal(enc.decodeCorrectedUtf8(bytes, { fatal: true }), s);
    const text = s.replaceAll('\0', ' ');
    const doc = enc.encodeCorrectedUtf8(text, { document: true, fatal: true });
    assert.deepEqual([...doc.subarray(0, 8)], enc.CORRECTED_UTF8_MAGIC);
    assert.equal(enc.decodeCorrectedUtf8(doc, { document: true, fatal: true }), text);
  }
});
