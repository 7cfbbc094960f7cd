// Each step of the plans (js/encode-steps.ts, js/decode-steps.ts) on its own, with each argument
// the route table gives it and the extremes (no surrogate allowed, many): on every input, its
// answer is the reference's (tests/js/naive.mjs) or it passes (`undefined`); it throws only a
// strict decode's `Wtf8Error` (from wasm, which some steps hand the input to), where the reference
// puts the first error. And
// each serves some input: a step that always passed would be a plan that never used it. Where a
// step needs what this runtime lacks, the test entry has it as `undefined` and it is skipped (the
// runs with capabilities hidden say so). Inputs: every short length with a lone surrogate, a
// surrogate sequence, an ill-formed byte or a BOM slid across, ASCII, and the route check's random
// and long inputs (tests/js/route-check.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, naiveDecode, naiveEncode, sameBytes } from './support.mjs';
import { routeBytes, routeStrings } from './route-check.mjs';
import { labelOf } from './plans.mjs';

const api = await import(pathToFileURL(join(root, 'target', 'testing', 'wtf8-wasm-testing.mjs')).href);
const E = api.encodeSteps;
const D = api.decodeSteps;
const { few } = api;

const hex = (b) =>
  Array.from(b.slice(0, 24), (x) => x.toString(16).padStart(2, '0')).join(' ') + (b.length > 24 ? ' …' : '');

/** Short strings with a lone lead or trail at each position, ASCII and mixed text, and the route check's strings. */
function strings() {
  const out = [''];
  for (let length = 1; length <= 48; length++) {
    const text = 'aé中😀zЖ'
      .repeat(12)
      .slice(0, length)
      .replace(/[\uD800-\uDBFF]$/, 'q');
    out.push(text, 'x'.repeat(length));
    for (const unit of ['\uD800', '\uDFFF'])
      for (let at = 0; at <= text.length; at += 3) out.push(text.slice(0, at) + unit + text.slice(at));
  }
  return [...out, ...routeStrings(20261126, 300)];
}

/** Short byte strings with each insert at each position, ASCII, and the route check's bytes. */
function byteInputs() {
  const inserts = [
    [0xed, 0xa0, 0x80],
    [0xed, 0xbf, 0xbf],
    [0xed, 0xa0, 0x80, 0xed, 0xb0, 0x80],
    [0xff],
    [0xe2, 0x82],
    [0xed, 0xa0],
    [0xef, 0xbb, 0xbf],
    [0xed, 0x9f, 0xbf],
    [0xef, 0xbf, 0xbd],
  ];
  const out = [new Uint8Array(0)];
  for (let length = 1; length <= 64; length += 3) {
    const base = [...naiveEncode('aé中😀z'.repeat(13))].slice(0, length);
    while (naiveDecode(new Uint8Array(base)).firstError >= 0) base.pop();
    out.push(new Uint8Array(base), new TextEncoder().encode('x'.repeat(length)));
    for (const insert of inserts)
      for (let at = 0; at <= base.length; at += 2) {
        if (at < base.length && (base[at] & 0xc0) === 0x80) continue;
        out.push(new Uint8Array([...base.slice(0, at), ...insert, ...base.slice(at)]));
      }
  }
  out.push(new TextEncoder().encode('ascii only '.repeat(300)));
  return [...out, ...routeBytes(20261126, 300)];
}

const STRINGS = strings().map((s) => ({ s, want: naiveEncode(s) }));
const BYTES = byteInputs().map((b) => ({ b, ...naiveDecode(b) }));

/** The encode steps, each as the route table makes it and at the extremes of its arguments. */
const encodeSteps = () => ({
  loopEncode: E.loopEncode,
  wasmEncode: E.wasmEncode,
  'nativeEncode()': E.nativeEncode(),
  "nativeEncode('encode', 'latin1')": E.nativeEncode('encode', 'latin1'),
  "nativeEncode('encodeInto')": E.nativeEncode('encodeInto'),
  "nativeEncode('encodeInto', 'latin1')": E.nativeEncode('encodeInto', 'latin1'),
  "nativeEncode('encode', 'ascii')": E.nativeEncode('encode', 'ascii'),
  "nativeEncode('encodeInto', 'ascii')": E.nativeEncode('encodeInto', 'ascii'),
  'chunkedEncode(scan, few(0, 2048))': E.chunkedEncode(E.scan, few(0, 2048)),
  'chunkedEncode(scan, few(0, 0))': E.chunkedEncode(E.scan, few(0, 0)),
  'chunkedEncode(halving(64), few(0, 32))': E.chunkedEncode(E.halving(64), few(0, 32)),
  'chunkedEncode(halving(4), few(0, 65536))': E.chunkedEncode(E.halving(4), few(0, 65536)),
});

/** The decode steps, likewise. */
const decodeSteps = () => ({
  wasmDecode: D.wasmDecode,
  loopDecode: D.loopDecode,
  asciiSlice: D.asciiSlice(),
  "nativeUnlessSurrogate(utf8Slice, 'loop')": D.nativeUnlessSurrogate(D.utf8Slice(), 'loop'),
  "nativeUnlessSurrogate(textDecoder, 'loop')": D.nativeUnlessSurrogate(D.textDecoder, 'loop'),
  "nativeUnlessSurrogate(textDecoder, { probes: 4, search: 'typed' })": D.nativeUnlessSurrogate(D.textDecoder, {
    probes: 4,
    search: 'typed',
  }),
  "nativeUnlessSurrogate(utf8Slice, { probes: 1, search: 'buffer' })": D.nativeUnlessSurrogate(D.utf8Slice(), {
    probes: 1,
    search: 'buffer',
  }),
  nativeClean: D.nativeClean,
  'nativeIfUtf8(utf8Slice)': D.nativeIfUtf8(D.utf8Slice()),
  'nativeIfUtf8(textDecoder)': D.nativeIfUtf8(D.textDecoder),
  nativeIfAscii: D.nativeIfAscii(),
  'nativeIfLooksAscii(utf8Slice)': D.nativeIfLooksAscii(D.utf8Slice()),
  'nativeIfLooksAscii(textDecoder)': D.nativeIfLooksAscii(D.textDecoder),
  'nativeStrict()': D.nativeStrict(),
  "nativeStrict({ probes: 8, search: 'typed' })": D.nativeStrict({ probes: 8, search: 'typed' }),
  "nativeStrict({ probes: 1, search: 'buffer' })": D.nativeStrict({ probes: 1, search: 'buffer' }),
  "searchSurrogates(8, 'buffer')": D.searchSurrogates(8, 'buffer'),
  "searchSurrogates(0, 'typed')": D.searchSurrogates(0, 'typed'),
  "nativeBetween(few(8, 128), 'typed')": D.nativeBetween(few(8, 128), 'typed'),
  "nativeBetween(few(0, 0), 'buffer')": D.nativeBetween(few(0, 0), 'buffer'),
  "nativePatched(few(8, 1024), 'typed')": D.nativePatched(few(8, 1024), 'typed'),
  "nativePatched(few(1, 0), 'buffer')": D.nativePatched(few(1, 0), 'buffer'),
  'wasmIfDense(64)': D.wasmIfDense(64),
});

test('each encode step gives the reference bytes or passes', () => {
  for (const [name, step] of Object.entries(encodeSteps())) {
    if (step === undefined) continue; // needs what this runtime lacks
    let served = 0;
    for (const { s, want } of STRINGS) {
      if (s.length > step.maxLength) continue;
      const got = step(s);
      if (got === undefined) continue;
      served++;
      if (!sameBytes(got, want)) assert.fail(`${name}: ${s.length} units: ${hex(got)}, want ${hex(want)}`);
    }
    assert.ok(served > 0, `${name} never served`);
  }
});

/** Each step's label is how the route table spells the call that made it (utf8Slice is textDecoder where it is missing). */
function checkLabels(steps) {
  const slice = labelOf(api, D.utf8Slice());
  for (const [name, step] of Object.entries(steps))
    if (step !== undefined)
      assert.equal(
        labelOf(api, step),
        name.replace('utf8Slice', slice).replace(/halving\(\d+\)/, api.capabilities.isWellFormed ? '$&' : 'scan'),
      );
}

test('each encode step the route table names exists where its capability does, and says how it was made', () => {
  assert.throws(() => E.halving(3), RangeError, 'a leaf under 4 units could halve forever');
  const steps = encodeSteps();
  assert.equal(steps['nativeEncode()'] !== undefined, api.capabilities.isWellFormed);
  checkLabels(steps);
});

test('the ASCII and Latin-1 guesses read four units at each of their 16 probes from 64 Ki units', (t) => {
  const step = E.nativeEncode('encode', 'ascii');
  if (step === undefined) return t.skip('no isWellFormed');
  // Non-ASCII only just after each probe: the first three units after it, then the fourth.
  const probed = (length, after) => {
    const units = new Array(length).fill('a');
    const stride = Math.floor(length / 16);
    for (let at = 0; at < length; at += stride) if (at + after < length) units[at + after] = 'é';
    return units.join('');
  };
  for (const length of [65536, 100_000, 1_000_000]) {
    for (const after of [1, 2, 3]) assert.equal(step(probed(length, after)), undefined, `${length} units, +${after}`);
    // Beyond the four, the guess is ASCII (and the bytes right: a wrong guess costs speed only).
    assert.ok(sameBytes(step(probed(length, 4)), naiveEncode(probed(length, 4))), `${length} units, +4`);
  }
  // Below 64 Ki units one unit a probe, as for every short string.
  assert.ok(step(probed(65535, 1)) !== undefined, '65,535 units, +1');
});

test('each decode step gives the reference text or passes, leniently and strictly', () => {
  for (const [name, step] of Object.entries(decodeSteps())) {
    if (step === undefined) continue;
    let served = 0;
    for (const { b, text, firstError } of BYTES) {
      if (b.length > step.maxLength) continue;
      const lenient = step(b, false);
      if (lenient !== undefined) {
        served++;
        if (lenient !== text) assert.fail(`${name}, lenient: ${hex(b)}: ${JSON.stringify(lenient.slice(0, 20))}`);
      }
      let strict;
      try {
        strict = step(b, true);
      } catch (error) {
        if (error?.name !== 'Wtf8Error') assert.fail(`${name} threw on ${hex(b)}: ${error}`);
        assert.equal(error.offset, firstError, `${name}, strict error: ${hex(b)}`);
        continue;
      }
      if (strict === undefined) continue;
      if (firstError >= 0) assert.fail(`${name}, strict: served ill-formed ${hex(b)} (first error at ${firstError})`);
      if (strict !== text) assert.fail(`${name}, strict: ${hex(b)}`);
    }
    assert.ok(served > 0, `${name} never served`);
  }
});

test('the decode steps the route table names exist where their capabilities do, and say how they were made', () => {
  const steps = decodeSteps();
  checkLabels(steps);
  assert.equal(steps['nativeIfUtf8(textDecoder)'] !== undefined, api.capabilities.isUtf8);
  assert.equal(steps.nativeIfAscii !== undefined, api.capabilities.isUtf8);
  assert.equal(D.utf8Slice() === D.textDecoder, !api.capabilities.utf8Slice);
  assert.equal(D.loopDecode.maxLength, 1024);
});

test('the UTF-8 checks answer exactly', () => {
  const checks = { isUtf8Native: D.isUtf8Native(), isUtf8Strict: D.isUtf8Strict, isUtf8Lenient: D.isUtf8Lenient };
  checkLabels(checks);
  for (const { b, firstError } of BYTES) {
    const utf8 = firstError < 0 && new TextDecoder('utf-8', { ignoreBOM: true }).decode(b) === naiveDecode(b).text;
    for (const [name, check] of Object.entries(checks)) {
      if (check === undefined) continue;
      assert.equal(check(b), utf8, `${name}: ${hex(b)}`);
    }
  }
  assert.equal(D.isUtf8Native() !== undefined, api.capabilities.isUtf8);
});
