// The short-input paths (js/short.ts, routed by `jsEncodeUpTo`, `scanDecodeUpTo` and
// `shortDecoder` in js/routes.ts) at every length 0–256, in every setting of those routes this
// runtime can take: a lone surrogate, a surrogate sequence, an ill-formed byte and a BOM slid across
// every position, against the naive reference (tests/js/naive.mjs), TextEncoder/TextDecoder where
// they must agree, and the strict error positions. scripts/test.sh runs it in every Node of the
// matrix and with capabilities hidden; tests/js/route-check.mjs covers the same routes with random
// input in Deno, Bun, workerd, Chromium and Firefox.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { execFileSync } from 'node:child_process';
import { root, naiveDecode, naiveEncode } from './support.mjs';

const api = await import(pathToFileURL(join(root, 'target', 'testing', 'wtf8-wasm-testing.mjs')).href);
const LENGTHS = Array.from({ length: 257 }, (_, i) => i);

/**
 * The short-route settings: this runtime's own, each threshold off and at its largest (every
 * position of every input), then each decode route with each short decoder and the thresholds
 * off, where the routes' own short paths serve (every `STRIDE`th position past 32 bytes, to keep
 * the run short: the route check covers those routes on random input too).
 */
function settings() {
  const possible = api.possibleRoutes();
  const d = { ...api.defaultRoutes };
  const max = (list) => Math.max(...list);
  const all = [
    { ...d, full: true },
    { ...d, jsEncodeUpTo: 0, scanDecodeUpTo: 0, jsDecodeUpTo: 0, full: true },
    {
      ...d,
      jsEncodeUpTo: max(possible.jsEncodeUpTo),
      scanDecodeUpTo: max(possible.scanDecodeUpTo),
      scanNativeFrom: 0,
      jsDecodeUpTo: 0,
      full: true,
    },
    {
      ...d,
      scanDecodeUpTo: max(possible.scanDecodeUpTo),
      scanNativeFrom: Infinity,
      jsDecodeUpTo: max(possible.jsDecodeUpTo),
      full: true,
    },
    ...possible.shortDecoder.map((shortDecoder) => ({ ...d, scanDecodeUpTo: 1024, shortDecoder, full: false })),
    ...possible.decode.flatMap((decode) =>
      possible.shortDecoder.map((shortDecoder) => ({
        ...d,
        scanDecodeUpTo: 0,
        jsDecodeUpTo: 0,
        decode,
        shortDecoder,
        full: false,
      })),
    ),
  ];
  return all.filter((s, i) => all.findIndex((t) => JSON.stringify(t) === JSON.stringify(s)) === i);
}
const STRIDE = 7;
const routesOnly = ({ full, ...routes }) => routes;

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

const sameBytes = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
const hex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(' ');
const routesOf = (s) =>
  `jsEncodeUpTo=${s.jsEncodeUpTo} scanDecodeUpTo=${s.scanDecodeUpTo} scanNativeFrom=${s.scanNativeFrom} jsDecodeUpTo=${s.jsDecodeUpTo} shortDecoder=${s.shortDecoder} decode=${s.decode}`;

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
    cases.push({ s: text, want: naiveEncode(text), at: -1, length, unit: 0 });
    for (const unit of [0xd800, 0xdbff, 0xdc00, 0xdfff]) {
      for (let at = 0; at <= length; at++) {
        // Never between the halves of a pair (that makes two lone surrogates: fine, but other
        // inputs cover it).
        if (at > 0 && at < length && (text.charCodeAt(at - 1) & 0xfc00) === 0xd800) continue;
        const s = text.slice(0, at) + String.fromCharCode(unit) + text.slice(at);
        cases.push({ s, want: naiveEncode(s), at, length, unit });
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
    const bytes = [...naiveEncode(base(length))].slice(0, length);
    // Cut at a sequence boundary, so the base is well-formed.
    while (naiveDecode(new Uint8Array(bytes)).firstError >= 0) bytes.pop();
    for (const insert of INSERTS) {
      for (let at = 0; at <= bytes.length; at++) {
        if (at < bytes.length && (bytes[at] & 0xc0) === 0x80) continue; // only at sequence starts
        const b = new Uint8Array([...bytes.slice(0, at), ...insert, ...bytes.slice(at)]);
        const want = naiveDecode(b);
        // TextDecoder must agree wherever there is no surrogate sequence (ED A0..BF).
        const platform = insert[0] !== 0xed || insert[1] < 0xa0 ? td.decode(b) : undefined;
        if (platform !== undefined) assert.equal(platform, want.text, `the reference vs TextDecoder: ${hex(b)}`);
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
  for (const routes of settings()) {
    api.useRoutes(routesOnly(routes));
    try {
      for (const c of cases) {
        if (!strided(c, routes.full)) continue;
        const where = () => `${routesOf(routes)}: ${c.s.length} units, U+${c.unit.toString(16)} at ${c.at}`;
        const got = api.encode(c.s);
        if (!sameBytes(got, c.want)) assert.fail(`encode, ${where()}`);
        if (c.at < 0 && !sameBytes(got, te.encode(c.s))) assert.fail(`encode vs TextEncoder, ${where()}`);
        if (api.decode(got) !== c.s) assert.fail(`decode(encode(s)), ${where()}`);
      }
    } finally {
      api.useRoutes(api.defaultRoutes);
    }
  }
});

test('decode at every length 0–256, with a surrogate sequence, an ill-formed byte or a BOM at every position, equals the reference', () => {
  const cases = byteCases();
  for (const routes of settings()) {
    api.useRoutes(routesOnly(routes));
    try {
      for (const c of cases) {
        if (!strided(c, routes.full)) continue;
        const where = () => `${routesOf(routes)}: ${hex(c.insert)} at ${c.at} of ${c.length} bytes`;
        const got = api.decode(c.b);
        if (got !== c.want.text) assert.fail(`lenient decode, ${where()}: ${JSON.stringify(got)}`);
        const strict = strictOutcome(c.b);
        if (c.want.firstError < 0 ? strict.text !== c.want.text : strict.offset !== c.want.firstError)
          assert.fail(`strict decode, ${where()}: ${JSON.stringify(strict)}, want error at ${c.want.firstError}`);
        if (c.insert[0] === 0xef && c.at === 0 && c.want.firstError < 0)
          assert.equal(api.decode(c.b, { ignoreBOM: false }), c.want.text.slice(1), `ignoreBOM: false, ${where()}`);
      }
    } finally {
      api.useRoutes(api.defaultRoutes);
    }
  }
});

test('the short routes are in the route table and can be switched off', () => {
  const possible = api.possibleRoutes();
  assert.ok(possible.jsEncodeUpTo.includes(0) && possible.scanDecodeUpTo.includes(0));
  assert.ok(possible.shortDecoder.includes('textDecoder'));
  assert.equal(typeof api.defaultRoutes.jsEncodeUpTo, 'number');
  assert.ok(api.defaultRoutes.scanDecodeUpTo <= 1024);
});

test('a short string with a lone surrogate as the first call of a fresh process (wasm memory may grow during it)', () => {
  // The first encode through wasm may grow the memory (its lazily built tables), which detaches every
  // view taken before the call: a view taken too early reads a detached buffer. Each length goes to
  // a fresh process, each from the loop's end to the largest short string.
  const entry = pathToFileURL(join(root, 'pkg', 'dist', 'wtf8-wasm.mjs')).href;
  for (const length of [33, 64, 128]) {
    const s = 'a'.repeat(length - 1) + '\uDC00';
    const script = `import { encode } from ${JSON.stringify(entry)}; process.stdout.write(Array.from(encode(${JSON.stringify(s)})).join(','));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.deepEqual(out.split(',').map(Number), Array.from(naiveEncode(s)), `length ${length}`);
  }
});
