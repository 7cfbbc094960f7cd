/**
 * The steps a plan (js/routes.ts) chains to encode a string as WTF-8. Each step serves the input
 * with exactly the core's bytes or passes it on (`undefined`); every band ends in one that serves
 * any string ({@link EncodeEnd}). They rest on one fact: a well-formed string's WTF-8 is its
 * UTF-8, so the platform's encoder writes it; only lone surrogates need the core's rule (each its
 * own 3-byte sequence). A step that needs what the runtime lacks is `undefined` here (one step
 * less in its band). tests/js/steps.test.mjs holds each step to the reference.
 *
 * @module
 */
import {
  chunkEnd,
  encodeRangeInto,
  encodeWasmExact,
  loneSurrogatesInWasm,
  MAX_ENCODE_UNITS,
  splitPoint,
} from './wasm.js';
import { isWellFormed, nativeIsWellFormed, textEncoder } from './platform.js';
import { encodeShort } from './short.js';
import { type Few, type Labelled, step } from './plan.js';

/** A step: the WTF-8 of `input`, or `undefined` to pass it on. */
export type EncodeStep = ((input: string) => Uint8Array<ArrayBuffer> | undefined) & Labelled;
/** The last step of a band: serves every string. */
export type EncodeEnd = ((input: string) => Uint8Array<ArrayBuffer>) & Labelled;

/** The JavaScript loop of js/short.ts: any string (its result lives on the engine's heap, cheaply). */
export const loopEncode: EncodeEnd = step(STEP_NAMES && 'loopEncode', encodeShort);

/** wasm: any string, in one trip up to {@link MAX_ENCODE_UNITS} units, else chunk by chunk. */
export const wasmEncode: EncodeEnd = step(STEP_NAMES && 'wasmEncode', (input) =>
  input.length <= MAX_ENCODE_UNITS ? encodeWasmExact(input) : encodeChunks(input),
);

/** How the platform's encoder writes: `encode`, or `encodeInto` a reused buffer and one copy out. */
export type NativeWrite = 'encode' | 'encodeInto';

/**
 * The platform's encoder when `isWellFormed` says the string has no lone surrogate, written with
 * `write`; with `only` `'latin1'` (or `'ascii'`), only for strings that look Latin-1 (or ASCII:
 * 16 places probed, from 64 Ki units four units at each). Engines store those one byte a unit,
 * answer `isWellFormed` on them at once and encode them fastest; other strings go on to the next
 * step unasked, where a scalar `isWellFormed` (V8 before Node 26, SpiderMonkey) would cost as much
 * as encoding. `undefined` without `isWellFormed`.
 */
export function nativeEncode(
  ...args: [write?: NativeWrite, only?: 'any' | 'latin1' | 'ascii']
): EncodeStep | undefined {
  if (!nativeIsWellFormed) return undefined;
  const [write = 'encode', only = 'any'] = args;
  const most = only === 'latin1' ? 0xff : 0x7f;
  if (write === 'encode') {
    return step(
      STEP_NAMES && 'nativeEncode',
      only === 'any'
        ? (input: string) => (isWellFormed(input) ? textEncoder.encode(input) : undefined)
        : (input: string) => (looksAtMost(input, most) && isWellFormed(input) ? textEncoder.encode(input) : undefined),
      args,
    );
  }
  return step(
    STEP_NAMES && 'nativeEncode',
    only === 'any'
      ? (input: string) => (isWellFormed(input) ? encodeIntoScratch(input) : undefined)
      : (input: string) => (looksAtMost(input, most) && isWellFormed(input) ? encodeIntoScratch(input) : undefined),
    args,
  );
}

/** Finds the lone surrogates of `input[start..end)`: their indexes, or `undefined` with more than `most`. */
export type LoneFinder = ((input: string, start: number, end: number, most: number) => number[] | undefined) & Labelled;

/** A chunk's lone surrogates found by wasm (the chunk's units copied in and scanned there). */
export const scan: LoneFinder = step(STEP_NAMES && 'scan', loneSurrogatesInWasm);

/**
 * A chunk's lone surrogates found by `isWellFormed` (where it is SIMD) of halves, never split
 * between a pair, down to `leaf` units (at least 4: a smaller range may not split), which a loop
 * searches. Without `isWellFormed`, {@link scan}.
 */
export function halving(leaf: number): LoneFinder {
  if (!(leaf >= 4)) throw new RangeError('leaf < 4');
  if (!nativeIsWellFormed) return scan;
  return step(
    STEP_NAMES && 'halving',
    (input: string, start: number, end: number, most: number) => halve(input, start, end, most, leaf),
    [leaf],
  );
}

/**
 * Any string, chunk by chunk (never ending between a pair): a chunk with at most `few(length)`
 * lone surrogates (found by `finder`) has the stretches between them written by the platform's
 * `encodeInto` and each lone surrogate its 3 bytes; wasm encodes a chunk with more whole.
 */
export function chunkedEncode(finder: LoneFinder, few: Few): EncodeEnd {
  return step(STEP_NAMES && 'chunkedEncode', (input) => encodeChunks(input, finder, few), [finder, few]);
}

/** {@link chunkedEncode}'s work; without `find`, wasm encodes every chunk. */
function encodeChunks(input: string, find?: LoneFinder, few?: Few): Uint8Array<ArrayBuffer> {
  const out = outputFor(3 * input.length);
  let written = 0;
  for (let start = 0; start < input.length;) {
    const end = chunkEnd(input, start);
    const lone = find === undefined ? undefined : find(input, start, end, few!(end - start));
    written +=
      lone === undefined
        ? encodeRangeInto(input, start, end, out, written)
        : around(input, start, end, lone, out, written);
    start = end;
  }
  return out.slice(0, written);
}

/**
 * Writes `input[start..end)` into `out` at `at`: the platform's encoder the stretches between the
 * lone surrogates at `lone`, each lone surrogate its 3 bytes. Returns the bytes written.
 */
function around(input: string, start: number, end: number, lone: number[], out: Uint8Array, at: number): number {
  let written = at;
  let from = start;
  for (const index of lone) {
    if (index > from) written += textEncoder.encodeInto(input.slice(from, index), out.subarray(written)).written;
    writeSurrogate(out, written, input.charCodeAt(index));
    written += 3;
    from = index + 1;
  }
  if (from < end) written += textEncoder.encodeInto(input.slice(from, end), out.subarray(written)).written;
  return written - at;
}

/** The WTF-8 of the surrogate code unit `unit` at `out[at..at + 3)` (ED A0–BF 80–BF). */
function writeSurrogate(out: Uint8Array, at: number, unit: number): void {
  out[at] = 0xed;
  out[at + 1] = 0x80 | ((unit >> 6) & 0x3f);
  out[at + 2] = 0x80 | (unit & 0x3f);
}

/** {@link halving}'s search. */
function halve(input: string, start: number, end: number, most: number, leaf: number): number[] | undefined {
  const found: number[] = [];
  const search = (from: number, to: number): boolean => {
    if (isWellFormed(input.slice(from, to))) return true;
    if (to - from > leaf) {
      const mid = splitPoint(input, (from + to) >>> 1);
      return search(from, mid) && search(mid, to);
    }
    for (let i = from; i < to; i++) {
      const unit = input.charCodeAt(i);
      if ((unit & 0xf800) !== 0xd800) continue;
      if (unit <= 0xdbff && i + 1 < to && (input.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        i++; // a pair
        continue;
      }
      if (found.length === most) return false;
      found.push(i);
    }
    return true;
  };
  return search(start, end) ? found : undefined;
}

/**
 * The reused output buffer's largest size: 4 MiB, a memory bound (a result is always a fresh copy
 * of the bytes written, but the buffer stays alive between calls). Strings whose 3 bytes per unit
 * would not fit get a buffer of their own; the plans send well-formed ones that long
 * ({@link SCRATCH_UNITS}) to `TextEncoder.encode` instead.
 */
const SCRATCH_LIMIT = 4 << 20;
/** The longest string whose worst-case WTF-8 fits the reused output buffer (1,398,101 units). */
export const SCRATCH_UNITS = Math.floor(SCRATCH_LIMIT / 3);
let scratch = new Uint8Array(0);

function outputFor(size: number): Uint8Array<ArrayBuffer> {
  if (size > SCRATCH_LIMIT) return new Uint8Array(size);
  if (scratch.length < size)
    scratch = new Uint8Array(Math.min(SCRATCH_LIMIT, Math.max(size, 2 * scratch.length, 4096)));
  return scratch;
}

/** A well-formed string through `TextEncoder.encodeInto` the reused buffer, then one copy out. */
function encodeIntoScratch(input: string): Uint8Array<ArrayBuffer> {
  const out = outputFor(3 * input.length);
  return out.slice(0, textEncoder.encodeInto(input, out).written);
}

/**
 * A cheap guess whether every code unit of `input` is at most `most` (0xFF: Latin-1 text, which
 * V8 stores one byte a unit; 0x7F: ASCII), probing 16 places evenly spread: one unit at each, and
 * from 64 Ki units four in a row. A wrong guess costs speed, never correctness. With one unit a
 * probe, Latin text of 100 K and 1 M units looked ASCII and went to `TextEncoder`, at 0.97–1.23 of
 * its time in Node 22 and 24 against wasm's 2.4–6.5 with four (Chromium 1.02–1.74 against
 * 1.29–2.07), 3 Dec 2026 (`node benches/run.mjs --runtime node22,node24,chromium,firefox --corpus
 * ascii,latin --size 10k,100k,1m --side encode`, alternating). The four cost Node 24 about 100 ns
 * more than one (3% of `TextEncoder`'s 3.5 µs for 64 Ki ASCII units): eight cost 300, and from 4 Ki
 * units half the time of a 10 K ASCII encode; a probe every 1,024 units instead cost ASCII at 1 M
 * units half its lead (2.25 -> 1.25: a cache miss a probe).
 */
function looksAtMost(input: string, most: number): boolean {
  const stride = Math.max(1, Math.floor(input.length / 16));
  if (input.length < 65536) {
    // Short strings (the 33-128-unit bands ask too) keep the one-unit loop.
    for (let i = 0; i < input.length; i += stride) if (input.charCodeAt(i) > most) return false;
    return true;
  }
  // Probe p reads units p * stride to p * stride + 3, all inside the string (stride >= 4096).
  for (let at = 0; at < 16 * stride; at += stride) {
    if ((input.charCodeAt(at) | input.charCodeAt(at + 1) | input.charCodeAt(at + 2) | input.charCodeAt(at + 3)) > most)
      return false;
  }
  return true;
}
