// Seeded differential tests against the platform's own codecs and a naive reference:
// at least 100,000 random strings and 100,000 random byte strings per run.
// WTF8_SEED=<n> reproduces a run; WTF8_CASES=<n> changes the count.
import { Buffer } from 'node:buffer';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  wtf8,
  rng,
  randomString,
  randomBytes,
  hasSurrogateSequence,
  naiveEncode,
  naiveEncodeInto,
  hex,
  isWellFormed,
  sameBytes,
} from './support.mjs';
import { withoutStacks } from './expected-errors.mjs';

const { encode, encodeInto, decode, toUtf8, wtf8ToUtf8, isWtf8, Wtf8Error } = wtf8;
const SEED = Number(process.env.WTF8_SEED ?? 20261121);
const CASES = Number(process.env.WTF8_CASES ?? 100_000);
const textEncoder = new TextEncoder();
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const firstLoneSurrogate = (s) => {
  const fixed = s.toWellFormed();
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) !== fixed.charCodeAt(i)) return i;
  return -1;
};
// Padding past the short-string limit and appending a lone surrogate forces the wasm encoder
// (the package hands well-formed strings to TextEncoder and short ones to a JS loop), so the wasm
// path is compared with the platform and the reference too.
const PAD = 'x'.repeat(300);
const LONE = '\uD800';

test(`strings: ${CASES} random strings against TextEncoder, Buffer, isWellFormed and a naive reference (seed ${SEED})`, () =>
  withoutStacks(() => {
    const r = rng(SEED);
    let wellFormed = 0;
    for (let n = 0; n < CASES; n++) {
      const s = randomString(r);
      const ctx = () => `seed ${SEED} case ${n}: ${JSON.stringify(s)}`;
      const bytes = encode(s);
      if (!sameBytes(bytes, naiveEncode(s))) assert.fail(`encode differs from the naive reference: ${ctx()}`);
      if (decode(bytes) !== s) assert.fail(`decode(encode(s)) !== s: ${ctx()}`);
      if (decode(bytes, { fatal: true }) !== s) assert.fail(`strict decode(encode(s)) !== s: ${ctx()}`);
      const utf8 = toUtf8(s);
      if (!sameBytes(utf8, Buffer.from(s, 'utf8')) || !sameBytes(utf8, textEncoder.encode(s)))
        assert.fail(`toUtf8 differs from Buffer/TextEncoder: ${ctx()}`);
      if (!sameBytes(wtf8ToUtf8(bytes), utf8)) assert.fail(`wtf8ToUtf8(encode(s)) !== toUtf8(s): ${ctx()}`);
      const forced = encode(PAD + s + LONE).subarray(PAD.length, -3);
      if (!sameBytes(forced, naiveEncode(s))) assert.fail(`wasm encode differs: ${ctx()}`);
      if (isWellFormed(s)) {
        wellFormed++;
        if (!sameBytes(bytes, textEncoder.encode(s)))
          assert.fail(`encode !== TextEncoder on well-formed input: ${ctx()}`);
        if (!sameBytes(forced, textEncoder.encode(s))) assert.fail(`wasm encode !== TextEncoder: ${ctx()}`);
        if (!sameBytes(toUtf8(s, { fatal: true }), utf8))
          assert.fail(`strict toUtf8 failed on well-formed input: ${ctx()}`);
        if (!isWtf8(bytes)) assert.fail(ctx());
      } else {
        let error;
        try {
          toUtf8(s, { fatal: true });
        } catch (e) {
          error = e;
        }
        if (!(error instanceof Wtf8Error) || error.code !== 'LONE_SURROGATE' || error.index !== firstLoneSurrogate(s)) {
          assert.fail(`strict toUtf8 should fail at ${firstLoneSurrogate(s)}: ${ctx()} got ${error?.index}`);
        }
      }
      if (n % 7 === 0) {
        const room = r.int(bytes.length + 3);
        const dest = new Uint8Array(room);
        const got = encodeInto(s, dest);
        const want = naiveEncodeInto(s, room);
        if (
          got.read !== want.read ||
          got.written !== want.written ||
          !sameBytes(dest.subarray(0, got.written), bytes.subarray(0, got.written))
        ) {
          assert.fail(`encodeInto(room ${room}) ${JSON.stringify(got)} !== ${JSON.stringify(want)}: ${ctx()}`);
        }
      }
    }
    assert.ok(
      wellFormed > CASES / 20 && wellFormed < CASES,
      `the generator mixes well-formed (${wellFormed}) and ill-formed strings`,
    );
  }));

/**
 * Largest k such that TextDecoder (fatal) accepts bytes[0..k): the strict error offset. A streaming
 * TextDecoder fed a byte at a time throws at the byte `j` that shows the input ill-formed (or at the
 * end, for input cut short); the sequence that byte ends or starts began at most 3 bytes earlier,
 * and every prefix that ends inside it is cut short: so k is the largest of j, j-1, j-2, j-3 that
 * the fatal decoder accepts whole. (Trying every prefix from the longest threw once per prefix
 * past k: a third of this suite's time.)
 */
function platformValidUpTo(bytes) {
  const streaming = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let j = bytes.length;
  try {
    for (let i = 0; i < bytes.length; i++) {
      j = i;
      streaming.decode(bytes.subarray(i, i + 1), { stream: true });
    }
    j = bytes.length;
    streaming.decode();
    return bytes.length;
  } catch {
    // the input is ill-formed at or before byte j
  }
  for (let k = j; k >= Math.max(0, j - 3); k--) {
    try {
      strict.decode(bytes.subarray(0, k));
      return k;
    } catch {
      // keep looking
    }
  }
  assert.fail(`TextDecoder accepted none of the prefixes of ${j - 3}..${j} bytes of ${hex(bytes)}`);
}

test(`bytes: ${CASES} random byte strings against TextDecoder (seed ${SEED})`, () =>
  withoutStacks(() => {
    const r = rng(SEED ^ 0x5bd1e995);
    // A suffix that starts with ASCII ends any unfinished sequence exactly as end-of-input does,
    // and its many surrogate sequences force the wasm decoder (a few would be decoded around).
    const SUFFIX = [0x41, ...Array(9).fill([0xed, 0xa0, 0x80]).flat()];
    const SUFFIX_TEXT = 'A' + '\uD800'.repeat(9);
    let compared = 0;
    let strictErrors = 0;
    for (let n = 0; n < CASES; n++) {
      const bytes = randomBytes(r);
      const ctx = () => `seed ${SEED} case ${n}: ${hex(bytes)}`;
      const text = decode(bytes);
      if (decode(bytes) !== text) assert.fail(ctx());
      // Lenient output is always re-encodable and stable.
      const again = encode(text);
      if (!isWtf8(again) && !hasSurrogateSequence(bytes))
        assert.fail(`lenient output does not re-encode to WTF-8: ${ctx()}`);
      if (hasSurrogateSequence(bytes)) continue;
      compared++;
      const platform = lenient.decode(bytes);
      if (text !== platform) assert.fail(`decode !== TextDecoder: ${ctx()}`);
      const withSuffix = new Uint8Array([...bytes, ...SUFFIX]);
      if (decode(withSuffix) !== platform + SUFFIX_TEXT) assert.fail(`wasm decode !== TextDecoder: ${ctx()}`);
      // One surrogate sequence: the package decodes around it with the platform decoder.
      const withOne = new Uint8Array([...bytes, 0x41, 0xed, 0xa0, 0x80]);
      if (decode(withOne) !== platform + 'A\uD800') assert.fail(`decode around a surrogate !== TextDecoder: ${ctx()}`);
      const strictAround = (() => {
        try {
          return decode(withOne, { fatal: true });
        } catch (e) {
          return e;
        }
      })();
      const validUpTo = platformValidUpTo(bytes);
      let error = null;
      try {
        decode(withSuffix, { fatal: true });
      } catch (e) {
        error = e;
      }
      if (validUpTo === bytes.length) {
        if (error !== null) assert.fail(`strict wasm decode rejected valid input: ${ctx()}: ${error}`);
        if (strictAround !== platform + 'A\uD800') assert.fail(`strict decode around a surrogate: ${ctx()}`);
      } else {
        if (!(strictAround instanceof Wtf8Error) || strictAround.offset !== validUpTo)
          assert.fail(`strict error around a surrogate: ${ctx()}`);
        strictErrors++;
        if (!(error instanceof Wtf8Error) || error.offset !== validUpTo) {
          assert.fail(`strict error offset ${error?.offset} !== ${validUpTo}: ${ctx()}`);
        }
        if (isWtf8(bytes)) assert.fail(`isWtf8 accepted ill-formed input: ${ctx()}`);
      }
      if (!sameBytes(wtf8ToUtf8(bytes), textEncoder.encode(platform)))
        assert.fail(`wtf8ToUtf8 !== TextEncoder(TextDecoder(b)): ${ctx()}`);
    }
    assert.ok(compared > CASES / 2, `${compared} inputs compared with TextDecoder`);
    assert.ok(strictErrors > CASES / 10, `${strictErrors} strict errors checked`);
  }));

test(`long strings with rare lone surrogates take the block paths and still match the reference (seed ${SEED})`, () => {
  const r = rng(SEED ^ 0x9e3779b9);
  const scripts = [
    'hello world ',
    'h\u00e9llo w\u00f6rld ',
    '\u043f\u0440\u0438\u0432\u0435\u0442 ',
    '\u4f60\u597d\u4e16\u754c',
    'hi \uD83D\uDE00 ',
  ];
  for (let n = 0; n < 300; n++) {
    const base = r
      .pick(scripts)
      .repeat(1 + r.int(6000))
      .slice(0, 1 + r.int(40_000));
    let s = base;
    const lone = r.int(4) === 0 ? 0 : 1 + r.int(r.chance(0.2) ? 2000 : 8);
    for (let k = 0; k < lone; k++) {
      const at = r.int(s.length + 1);
      s = s.slice(0, at) + String.fromCharCode(0xd800 + r.int(0x800)) + s.slice(at);
    }
    const ctx = `seed ${SEED} long case ${n} (${s.length} units, ${lone} surrogates inserted)`;
    const bytes = encode(s);
    if (!sameBytes(bytes, naiveEncode(s))) assert.fail(`encode differs from the naive reference: ${ctx}`);
    if (decode(bytes) !== s) assert.fail(`decode(encode(s)) !== s: ${ctx}`);
    if (decode(bytes, { fatal: true }) !== s) assert.fail(`strict decode: ${ctx}`);
    if (!sameBytes(toUtf8(s), textEncoder.encode(s))) assert.fail(`toUtf8: ${ctx}`);
    // Damage a few bytes: lenient decoding still matches TextDecoder wherever it can be compared.
    const damaged = bytes.slice();
    for (let k = 0; k < 3; k++) damaged[r.int(damaged.length || 1)] = r.pick([0x80, 0xc0, 0xff, 0xed, 0xe2]);
    if (!hasSurrogateSequence(damaged) && decode(damaged) !== lenient.decode(damaged))
      assert.fail(`damaged decode: ${ctx}`);
  }
});
