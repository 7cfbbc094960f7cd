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
import { root, naiveDecode, naiveEncode } from './support.mjs';

const api = await import(pathToFileURL(join(root, 'target', 'testing', 'wtf8-wasm-testing.mjs')).href);
const LENGTHS = Array.from({ length: 257 }, (_, i) => i);

/** The short-route settings: this runtime's own, each threshold off and at its largest, each decoder. */
function settings() {
  const possible = api.possibleRoutes();
  const d = { ...api.defaultRoutes };
  const max = (list) => Math.max(...list);
  const all = [
    d,
    { ...d, jsEncodeUpTo: 0, scanDecodeUpTo: 0, jsDecodeUpTo: 0 },
    { ...d, jsEncodeUpTo: max(possible.jsEncodeUpTo), scanDecodeUpTo: max(possible.scanDecodeUpTo), jsDecodeUpTo: 0 },
    { ...d, scanDecodeUpTo: max(possible.scanDecodeUpTo), jsDecodeUpTo: max(possible.jsDecodeUpTo) },
    ...possible.shortDecoder.map((shortDecoder) => ({ ...d, scanDecodeUpTo: 1024, shortDecoder })),
    // Past the scan: the decode routes' own short paths, with each short decoder.
    ...possible.decode.flatMap((decode) =>
      possible.shortDecoder.map((shortDecoder) => ({ ...d, scanDecodeUpTo: 0, jsDecodeUpTo: 0, decode, shortDecoder })),
    ),
  ];
  return all.filter((s, i) => all.findIndex((t) => JSON.stringify(t) === JSON.stringify(s)) === i);
}

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
  `jsEncodeUpTo=${s.jsEncodeUpTo} scanDecodeUpTo=${s.scanDecodeUpTo} jsDecodeUpTo=${s.jsDecodeUpTo} shortDecoder=${s.shortDecoder} decode=${s.decode}`;

function strictOutcome(bytes) {
  try {
    return { text: api.decode(bytes, { fatal: true }) };
  } catch (error) {
    assert.equal(error.name, 'Wtf8Error');
    return { offset: error.offset, code: error.code };
  }
}

test('encode at every length 0–256, with a lone lead or trail at every position, equals the reference', () => {
  const te = new TextEncoder();
  for (const routes of settings()) {
    api.useRoutes(routes);
    try {
      for (const length of LENGTHS) {
        const text = base(length);
        assert.ok(sameBytes(api.encode(text), te.encode(text)), `${routesOf(routes)}: well-formed, ${length} units`);
        for (const unit of [0xd800, 0xdbff, 0xdc00, 0xdfff]) {
          for (let at = 0; at <= length; at++) {
            // Never between the halves of a pair (that makes two lone surrogates: fine, but
            // the other inputs cover it).
            if (at > 0 && at < length && (text.charCodeAt(at - 1) & 0xfc00) === 0xd800) continue;
            const s = text.slice(0, at) + String.fromCharCode(unit) + text.slice(at);
            const got = api.encode(s);
            if (!sameBytes(got, naiveEncode(s)))
              assert.fail(`${routesOf(routes)}: encode, ${s.length} units, U+${unit.toString(16)} at ${at}`);
            if (api.decode(got) !== s)
              assert.fail(`${routesOf(routes)}: decode(encode(s)), U+${unit.toString(16)} at ${at}`);
          }
        }
      }
    } finally {
      api.useRoutes(api.defaultRoutes);
    }
  }
});

test('decode at every length 0–256, with a surrogate sequence, an ill-formed byte or a BOM at every position, equals the reference', () => {
  const td = new TextDecoder('utf-8', { ignoreBOM: true });
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
  for (const routes of settings()) {
    api.useRoutes(routes);
    try {
      for (const length of LENGTHS) {
        const bytes = [...naiveEncode(base(length))].slice(0, length);
        // Cut at a sequence boundary, so the base is well-formed.
        while (naiveDecode(new Uint8Array(bytes)).firstError >= 0) bytes.pop();
        for (const insert of INSERTS) {
          for (let at = 0; at <= bytes.length; at++) {
            if (at < bytes.length && (bytes[at] & 0xc0) === 0x80) continue; // only at sequence starts
            const b = new Uint8Array([...bytes.slice(0, at), ...insert, ...bytes.slice(at)]);
            const want = naiveDecode(b);
            const where = `${routesOf(routes)}: ${hex(insert)} at ${at} of ${bytes.length} bytes`;
            const got = api.decode(b);
            if (got !== want.text) assert.fail(`lenient decode, ${where}: ${JSON.stringify(got)}`);
            if (insert[0] !== 0xed || insert[1] < 0xa0)
              if (got !== td.decode(b)) assert.fail(`lenient decode vs TextDecoder, ${where}`);
            const strict = strictOutcome(b);
            if (want.firstError < 0 ? strict.text !== want.text : strict.offset !== want.firstError)
              assert.fail(`strict decode, ${where}: ${JSON.stringify(strict)}, want error at ${want.firstError}`);
            if (insert[0] === 0xef && at === 0 && want.firstError < 0) {
              assert.equal(api.decode(b, { ignoreBOM: false }), want.text.slice(1), `ignoreBOM: false, ${where}`);
            }
          }
        }
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
