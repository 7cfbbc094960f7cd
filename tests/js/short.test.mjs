// Every length 0–256 in every plan this runtime can build (js/routes.ts; the short bands are where
// the plans differ most): a lone surrogate, a surrogate sequence, an ill-formed byte and a BOM slid
// across every position, against the naive reference (tests/js/naive.mjs), TextEncoder/TextDecoder
// where they must agree, and the strict error positions. scripts/test.sh runs it in every Node of
// the matrix and with capabilities hidden; tests/js/route-check.mjs covers the same plans with
// random input in Deno, Bun, workerd, Chromium and Firefox.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { execFileSync } from 'node:child_process';
import { root, naiveDecode, naiveEncode, sameBytes } from './support.mjs';
import { planNames } from './route-check.mjs';
import { withoutStacks } from './expected-errors.mjs';

const api = await import(pathToFileURL(join(root, 'target', 'testing', 'wtf8-wasm-testing.mjs')).href);
const LENGTHS = Array.from({ length: 257 }, (_, i) => i);

/**
 * The plans: this runtime's own and the wasm-only one at every position of every input, every
 * other plan at every `STRIDE`th position past 32 bytes (to keep the run short: tests/js/steps.test.mjs
 * holds each step to the reference at every position, and the route check runs every plan on
 * random input too).
 */
function plans() {
  return planNames(api).map((name) => ({ name, full: name === api.defaultPlan || name === 'wasm' }));
}
const STRIDE = 7;

/** Text of `length` units cycling through 1-, 2-, 3- and 4-byte code points (a pair is never cut). */
function base(length) {
  const pieces = ['a', 'é', 'ж', '中', '😀', 'z', '\uFFFD'];
  let s = '';
  for (let k = 0; s.length < length; k++) {
    const p = pieces[k % pieces.length];
    s += s.length + p.length <= length ? p : 'b';
  }
  return s;
}

const hex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(' ');

function strictOutcome(bytes) {
  try {
    return { text: api.decode(bytes, { fatal: true }) };
  } catch (error) {
    assert.equal(error.name, 'Wtf8Error');
    return { offset: error.offset, code: error.code };
  }
}

/** Strings with a lone lead or trail at every position of every length, and their WTF-8 (built once). */
function stringCases() {
  const cases = [];
  for (let length = 0; length <= 256; length++) {
    const text = base(length);
    cases.push({ s: text, want: Uint8Array.from(naiveEncode(text)), at: -1, length, unit: 0 });
    for (const unit of [0xd800, 0xdbff, 0xdc00, 0xdfff]) {
      for (let at = 0; at <= length; at++) {
        // Never between the halves of a pair (that makes two lone surrogates: fine, but other
        // inputs cover it).
        if (at > 0 && at < length && (text.charCodeAt(at - 1) & 0xfc00) === 0xd800) continue;
        const s = text.slice(0, at) + String.fromCharCode(unit) + text.slice(at);
        cases.push({ s, want: Uint8Array.from(naiveEncode(s)), at, length, unit });
      }
    }
  }
  return cases;
}

const INSERTS = [
  [0xed, 0xa0, 0x80], // a lone lead
  [0xed, 0xbf, 0xbf], // a lone trail
  [0xed, 0xa0, 0x80, 0xed, 0xb0, 0x80], // a spelled-out pair: lenient two units, strict SURROGATE_PAIR
  [0xff], // never in UTF-8
  [0xe2, 0x82], // a sequence cut short
  [0xed, 0xa0], // a surrogate sequence cut short
  [0xc0, 0xaf], // overlong
  [0xef, 0xbb, 0xbf], // a BOM: data, kept
  [0xed, 0x9f, 0xbf], // Hangul's ED (U+D7FF): not a surrogate
];

/** Byte strings with each insert at every sequence start of every length, and what they decode to (built once). */
function byteCases() {
  const td = new TextDecoder('utf-8', { ignoreBOM: true });
  const cases = [];
  for (let length = 0; length <= 256; length++) {
    let bytes = Uint8Array.from(naiveEncode(base(length))).subarray(0, length);
    // Cut at a sequence boundary, so the base is well-formed.
    while (naiveDecode(bytes).firstError >= 0) bytes = bytes.subarray(0, bytes.length - 1);
    for (const insert of INSERTS) {
      for (let at = 0; at <= bytes.length; at++) {
        if (at < bytes.length && (bytes[at] & 0xc0) === 0x80) continue; // only at sequence starts
        const b = new Uint8Array(bytes.length + insert.length);
        b.set(bytes.subarray(0, at));
        b.set(insert, at);
        b.set(bytes.subarray(at), at + insert.length);
        const want = naiveDecode(b);
        // TextDecoder must agree wherever there is no surrogate sequence (ED A0..BF).
        const platform = insert[0] !== 0xed || insert[1] < 0xa0 ? td.decode(b) : undefined;
        if (platform !== undefined && platform !== want.text)
          assert.fail(`the reference vs TextDecoder: ${hex(b)}: ${JSON.stringify([platform, want.text])}`);
        cases.push({ b, want, at, length: bytes.length, insert });
      }
    }
  }
  return cases;
}

const strided = (c, full) => full || c.length <= 32 || c.at % STRIDE === 0 || c.at === c.length;

test('encode at every length 0–256, with a lone lead or trail at every position, equals the reference', () => {
  const te = new TextEncoder();
  const cases = stringCases();
  for (const plan of plans()) {
    api.usePlan(plan.name);
    try {
      for (const c of cases) {
        if (!strided(c, plan.full)) continue;
        const where = () => `plan ${plan.name}: ${c.s.length} units, U+${c.unit.toString(16)} at ${c.at}`;
        const got = api.encode(c.s);
        if (!sameBytes(got, c.want)) assert.fail(`encode, ${where()}`);
        if (c.at < 0 && !sameBytes(got, te.encode(c.s))) assert.fail(`encode vs TextEncoder, ${where()}`);
        if (api.decode(got) !== c.s) assert.fail(`decode(encode(s)), ${where()}`);
      }
    } finally {
      api.usePlan(api.defaultPlan);
    }
  }
});

test('decode at every length 0–256, with a surrogate sequence, an ill-formed byte or a BOM at every position, equals the reference', () =>
  withoutStacks(() => {
    const cases = byteCases();
    for (const plan of plans()) {
      api.usePlan(plan.name);
      try {
        for (const c of cases) {
          if (!strided(c, plan.full)) continue;
          const where = () => `plan ${plan.name}: ${hex(c.insert)} at ${c.at} of ${c.length} bytes`;
          const got = api.decode(c.b);
          if (got !== c.want.text) assert.fail(`lenient decode, ${where()}: ${JSON.stringify(got)}`);
          const strict = strictOutcome(c.b);
          if (c.want.firstError < 0 ? strict.text !== c.want.text : strict.offset !== c.want.firstError)
            assert.fail(`strict decode, ${where()}: ${JSON.stringify(strict)}, want error at ${c.want.firstError}`);
          if (c.insert[0] === 0xef && c.at === 0 && c.want.firstError < 0)
            assert.equal(api.decode(c.b, { ignoreBOM: false }), c.want.text.slice(1), `ignoreBOM: false, ${where()}`);
        }
      } finally {
        api.usePlan(api.defaultPlan);
      }
    }
  }));

test('a short string with a lone surrogate as the first call of a fresh process (wasm memory may grow during it)', () => {
  // The first encode through wasm may grow the memory (its lazily built tables), which detaches every
  // view taken before the call: a view taken too early reads a detached buffer. Each length goes to
  // a fresh process, each from the loop's end to the largest short string.
  const entry = pathToFileURL(join(root, 'pkg', 'dist', 'wtf8-wasm.node.mjs')).href;
  for (const length of [33, 64, 128]) {
    const s = 'a'.repeat(length - 1) + '\uDC00';
    const script = `import { encode } from ${JSON.stringify(entry)}; process.stdout.write(Array.from(encode(${JSON.stringify(s)})).join(','));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.deepEqual(out.split(',').map(Number), Array.from(naiveEncode(s)), `length ${length}`);
  }
});
