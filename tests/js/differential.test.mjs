// Seeded differential tests against the platform's own codecs and a naive reference:
// at least 100,000 random strings and 100,000 random byte strings per run.
// WTF8_SEED=<n> reproduces a run; WTF8_CASES=<n> changes the count.
import { Buffer } from 'node:buffer';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  wtf8, rng, randomString, randomBytes, hasSurrogateSequence, naiveEncode, naiveEncodeInto, hex, isWellFormed,
} from './support.mjs';

const { encode, encodeInto, decode, toUtf8, wtf8ToUtf8, isWtf8, Wtf8Error } = wtf8;
const SEED = Number(process.env.WTF8_SEED ?? 20261121);
const CASES = Number(process.env.WTF8_CASES ?? 100_000);
const textEncoder = new TextEncoder();
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const eq = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
const firstLoneSurrogate = (s) => {
  const fixed = s.toWellFormed();
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) !== fixed.charCodeAt(i)) return i;
  return -1;
};
// Appending a lone surrogate forces the wasm encoder for the whole string (the package hands
// well-formed strings to TextEncoder), so the wasm path is compared with the platform too.
const LONE = '\uD800';

test(`strings: ${CASES} random strings against TextEncoder, Buffer, isWellFormed and a naive reference (seed ${SEED})`, () => {
  const r = rng(SEED);
  let wellFormed = 0;
  for (let n = 0; n < CASES; n++) {
    const s = randomString(r);
    const ctx = () => `seed ${SEED} case ${n}: ${JSON.stringify(s)}`;
    const bytes = encode(s);
    if (!eq(bytes, naiveEncode(s))) assert.fail(`encode differs from the naive reference: ${ctx()}`);
    if (decode(bytes) !== s) assert.fail(`decode(encode(s)) !== s: ${ctx()}`);
    if (decode(bytes, { fatal: true }) !== s) assert.fail(`strict decode(encode(s)) !== s: ${ctx()}`);
    const utf8 = toUtf8(s);
    if (!eq(utf8, Buffer.from(s, 'utf8')) || !eq(utf8, textEncoder.encode(s))) assert.fail(`toUtf8 differs from Buffer/TextEncoder: ${ctx()}`);
    if (!eq(wtf8ToUtf8(bytes), utf8)) assert.fail(`wtf8ToUtf8(encode(s)) !== toUtf8(s): ${ctx()}`);
    const forced = encode(s + LONE);
    if (!eq(forced.subarray(0, forced.length - 3), naiveEncode(s))) assert.fail(`wasm encode differs: ${ctx()}`);
    if (isWellFormed(s)) {
      wellFormed++;
      if (!eq(bytes, textEncoder.encode(s))) assert.fail(`encode !== TextEncoder on well-formed input: ${ctx()}`);
      if (!eq(forced.subarray(0, forced.length - 3), textEncoder.encode(s))) assert.fail(`wasm encode !== TextEncoder: ${ctx()}`);
      if (!eq(toUtf8(s, { fatal: true }), utf8)) assert.fail(`strict toUtf8 failed on well-formed input: ${ctx()}`);
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
      if (got.read !== want.read || got.written !== want.written || !eq(dest.subarray(0, got.written), bytes.subarray(0, got.written))) {
        assert.fail(`encodeInto(room ${room}) ${JSON.stringify(got)} !== ${JSON.stringify(want)}: ${ctx()}`);
      }
    }
  }
  assert.ok(wellFormed > CASES / 20 && wellFormed < CASES, `the generator mixes well-formed (${wellFormed}) and ill-formed strings`);
});

/** Largest k such that TextDecoder (fatal) accepts bytes[0..k): the strict error offset. */
function platformValidUpTo(bytes) {
  for (let k = bytes.length; k >= 0; k--) {
    try {
      strict.decode(bytes.subarray(0, k));
      return k;
    } catch {
      // keep looking
    }
  }
  return 0;
}

test(`bytes: ${CASES} random byte strings against TextDecoder (seed ${SEED})`, () => {
  const r = rng(SEED ^ 0x5bd1e995);
  // A suffix that starts with ASCII ends any unfinished sequence exactly as end-of-input does,
  // and its surrogate sequence forces the wasm decoder.
  const SUFFIX = [0x41, 0xed, 0xa0, 0x80];
  let compared = 0;
  let strictErrors = 0;
  for (let n = 0; n < CASES; n++) {
    const bytes = randomBytes(r);
    const ctx = () => `seed ${SEED} case ${n}: ${hex(bytes)}`;
    const text = decode(bytes);
    if (decode(bytes) !== text) assert.fail(ctx());
    // Lenient output is always re-encodable and stable.
    const again = encode(text);
    if (!isWtf8(again) && !hasSurrogateSequence(bytes)) assert.fail(`lenient output does not re-encode to WTF-8: ${ctx()}`);
    if (hasSurrogateSequence(bytes)) continue;
    compared++;
    const platform = lenient.decode(bytes);
    if (text !== platform) assert.fail(`decode !== TextDecoder: ${ctx()}`);
    const withSuffix = new Uint8Array([...bytes, ...SUFFIX]);
    if (decode(withSuffix) !== platform + 'A\uD800') assert.fail(`wasm decode !== TextDecoder: ${ctx()}`);
    const validUpTo = platformValidUpTo(bytes);
    let error = null;
    try {
      decode(withSuffix, { fatal: true });
    } catch (e) {
      error = e;
    }
    if (validUpTo === bytes.length) {
      if (error !== null) assert.fail(`strict wasm decode rejected valid input: ${ctx()}: ${error}`);
    } else {
      strictErrors++;
      if (!(error instanceof Wtf8Error) || error.offset !== validUpTo) {
        assert.fail(`strict error offset ${error?.offset} !== ${validUpTo}: ${ctx()}`);
      }
      if (isWtf8(bytes)) assert.fail(`isWtf8 accepted ill-formed input: ${ctx()}`);
    }
    if (!eq(wtf8ToUtf8(bytes), textEncoder.encode(platform))) assert.fail(`wtf8ToUtf8 !== TextEncoder(TextDecoder(b)): ${ctx()}`);
  }
  assert.ok(compared > CASES / 2, `${compared} inputs compared with TextDecoder`);
  assert.ok(strictErrors > CASES / 10, `${strictErrors} strict errors checked`);
});
