/**
 * wtf8-wasm/inspect: the per-code-point breakdown that the demo page shows, for display and
 * debugging. An entry of its own, with its own small WebAssembly module, so that users of
 * `encode`/`decode` do not download it.
 *
 * The breakdown is the Rust core's (`inspect_utf16_chunk`, `inspect_wtf8_chunk`, through
 * bindings/inspect): each segment comes out of wasm as a record of numbers, and this file only
 * turns each into the {@link Segment} object, naming its kind and error code.
 *
 * @example
 * ```ts
 * import { inspect } from 'wtf8-wasm/inspect';
 * inspect('a\uD83Db').map((s) => s.kind); // ['ascii', 'lone-lead', 'ascii']
 * ```
 *
 * @module wtf8-wasm/inspect
 */
import * as glue from 'wtf8-wasm-inspect:glue';
import { wasmBytes } from 'wtf8-wasm-inspect:bytes';
import { type BufferSource, readLimit, toBytes } from '../args.js';
import { ERROR_CODES, type Wtf8ErrorCode, unpack } from '../errors.js';
import { instantiate, viewOf } from '../instantiate.js';

export type { BufferSource } from '../args.js';
export type { Wtf8ErrorCode } from '../errors.js';

const memory = instantiate(wasmBytes, glue, './wtf8_wasm_inspect_bg.js').memory as WebAssembly.Memory;

/**
 * Every {@link SegmentKind}, in order: what a segment's `kind` can be. (The core's `SegmentKind`
 * names, in its declaration order, by which the wasm module names a kind; tests/error_table.rs
 * checks this list against it.)
 */
export const SEGMENT_KINDS = ['ascii', '2-byte', '3-byte', '4-byte', 'lone-lead', 'lone-trail', 'invalid'] as const;

/** What a {@link Segment} is. */
export type SegmentKind = (typeof SEGMENT_KINDS)[number];

/** One code point, lone surrogate or ill-formed subpart. */
export interface Segment {
  /** What this segment is; lone surrogates and ill-formed subparts are the ones TextEncoder/TextDecoder lose. */
  kind: SegmentKind;
  /** Index of its first UTF-16 code unit in the string (for byte input: in `decode(input)`). */
  index: number;
  /** Its UTF-16 code units: one or two (U+FFFD for an ill-formed subpart). */
  units: number[];
  /** Byte offset of its WTF-8 bytes (for byte input: in the input). */
  offset: number;
  /** Its WTF-8 bytes (for an ill-formed subpart: the 1–3 bytes of the subpart). */
  bytes: number[];
  /** The code point (a surrogate code point for a lone surrogate); `null` for an ill-formed subpart. */
  codePoint: number | null;
  /**
   * Its bytes in lossy UTF-8: the same as `bytes`, or EF BF BD for a lone surrogate or an
   * ill-formed subpart. For byte input holding a surrogate pair spelled as two 3-byte sequences
   * (which `decode` turns into a real pair), the lead's record carries the pair's four UTF-8 bytes
   * and the trail's none, so the records always add up to `wtf8ToUtf8(input)`.
   */
  utf8: number[];
  /**
   * Why strict decoding rejects it, if it does: the code of an ill-formed subpart, or
   * `SURROGATE_PAIR` on the trail half of a pair spelled as two 3-byte sequences; else `null`.
   */
  error: Wtf8ErrorCode | null;
}

/**
 * Breaks a string, or bytes read as WTF-8, down into one {@link Segment} per code point, lone
 * surrogate or ill-formed subpart: its code units, WTF-8 bytes, code point, kind and lossy
 * UTF-8 bytes.
 *
 * For a string, the segments' `bytes` concatenate to `encode(input)`, their `utf8` to
 * `toUtf8(input)`, and their `units` back to the input. For bytes, `bytes` concatenate back to
 * the input, `units` to `decode(input)` and `utf8` to `wtf8ToUtf8(input)` (with `limit`: the
 * segments given are the first ones of the whole, with the same fields).
 *
 * The input goes through wasm in chunks of 32 Ki units or 64 KiB, so wasm memory stays small
 * whatever its size; the records themselves are JavaScript objects, a few hundred nanoseconds and
 * a few hundred bytes each (benches/README.md "Inspect"). For a huge input, `limit` breaks down
 * only its start.
 *
 * @param options.limit - the most segments to return (a whole number ≥ 0; default: all).
 * @throws TypeError if `input` is neither a string nor a buffer source, or `options` is not an object.
 * @throws RangeError if `options.limit` is not a whole number ≥ 0 (or `Infinity`).
 *
 * @example
 * ```ts
 * import { inspect } from 'wtf8-wasm/inspect';
 * inspect('a\uD83Db')[1];
 * // { kind: 'lone-lead', index: 1, units: [0xD83D], offset: 1, bytes: [0xED, 0xA0, 0xBD],
 * //   codePoint: 0xD83D, utf8: [0xEF, 0xBF, 0xBD], error: null }
 * ```
 *
 * Complexity: O(n) in the segments returned (and the input read to find them).
 */
export function inspect(input: string | BufferSource, options?: InspectOptions): Segment[] {
  const source = readInput(input);
  const limit = readLimit(options);
  const out: Segment[] = [];
  for (const part of parts(source, limit)) for (const segment of part) out.push(segment);
  return out;
}

/**
 * The segments of {@link inspect}, one at a time: they are made a chunk of the input (32 Ki units
 * or 64 KiB) at a time, as the iteration reaches them, so a huge input can be walked through, or
 * left part way, without holding all its records at once.
 *
 * @param options.limit - the most segments to give (a whole number ≥ 0; default: all).
 * @throws TypeError, RangeError as {@link inspect}, when called (not on the first `next()`).
 *
 * @example
 * ```ts
 * import { inspectIter } from 'wtf8-wasm/inspect';
 * for (const segment of inspectIter(hugeString)) {
 *   if (segment.kind === 'lone-lead' || segment.kind === 'lone-trail') {
 *     console.log('lone surrogate at', segment.index);
 *     break;
 *   }
 * }
 * ```
 *
 * Complexity: O(n) over the whole iteration; each step O(1) amortised.
 */
export function inspectIter(input: string | BufferSource, options?: InspectOptions): IterableIterator<Segment> {
  const source = readInput(input);
  const limit = readLimit(options);
  return (function* () {
    for (const part of parts(source, limit)) yield* part;
  })();
}

/** What {@link inspect} and {@link inspectIter} take besides their input. */
export interface InspectOptions {
  /** The most segments to give (default: all): the first ones of the whole input. */
  limit?: number;
}

/** The input as a string or bytes, or a `TypeError`. */
function readInput(input: unknown): string | Uint8Array {
  return typeof input === 'string' ? input : toBytes(input, 'input');
}

/** Code units per chunk (64 KiB in wasm), bytes per chunk, and the most records one call gives. */
const CHUNK_UNITS = glue.limit(0);
const CHUNK_BYTES = glue.limit(1);
const BATCH = glue.limit(2);

const UNITS_AT = glue.scratch_units_ptr() >>> 1;
const BYTES_AT = glue.scratch_bytes_ptr();
const RECORDS_AT = glue.records_ptr() >>> 2;
const POSITION_AT = glue.position_ptr() >>> 2;
/** `u32` stand-in for "none" in a record (no code point, no error). */
const NONE = 0xffffffff;

/** Views on wasm memory (renewed if it grows; the module has no heap, so it should not). */
const bytes = viewOf(memory, (buffer) => new Uint8Array(buffer));
const units = viewOf(memory, (buffer) => new Uint16Array(buffer));
const words = viewOf(memory, (buffer) => new Uint32Array(buffer));

/**
 * The segments of the input, an array per chunk, at most `limit` in all. Each chunk goes into
 * wasm memory once, and the core breaks it down with where the chunk before left off (five words
 * of state, kept here so that two walks can go on at once), a batch of records per call; the core
 * says how much of the chunk each batch took (a lead surrogate, or a sequence, that the chunk cuts
 * waits for the next), and the next batch, or the next chunk, starts there.
 */
function* parts(input: string | Uint8Array, limit: number): Generator<Segment[], undefined, undefined> {
  const text = typeof input === 'string';
  const position = new Uint32Array(5);
  for (let start = 0, left = limit; left > 0;) {
    const end = Math.min(start + (text ? CHUNK_UNITS : CHUNK_BYTES), input.length);
    const last = end === input.length;
    const length = end - start;
    if (text) {
      const view = units();
      for (let i = 0; i < length; i++) view[UNITS_AT + i] = input.charCodeAt(start + i);
    } else {
      bytes().set(input.subarray(start, end), BYTES_AT);
    }
    words().set(position, POSITION_AT);
    const part: Segment[] = [];
    let from = 0;
    for (;;) {
      const count = Math.min(left, BATCH);
      const [n, took] = unpack(
        text ? glue.inspect_units(from, length, last, count) : glue.inspect_bytes(from, length, last, count),
      );
      const w = words();
      for (let i = 0, at = RECORDS_AT; i < n; i++, at += 8) part.push(record(w, at));
      from += took;
      left -= n;
      // Fewer records than asked for: the chunk is done (up to what waits for the next one).
      if (n < count || left === 0) break;
    }
    start += from;
    position.set(words().subarray(POSITION_AT, POSITION_AT + 5));
    yield part;
    if (last) break;
  }
  return undefined;
}

/**
 * The {@link Segment} of the record at word `at` (bindings/inspect's `Record`: index, offset, code
 * point, error, the kind and three lengths as bytes, then the units (one or two), WTF-8 bytes and
 * lossy UTF-8 bytes, each packed little-endian in a word).
 */
function record(w: Uint32Array, at: number): Segment {
  const codePoint = w[at + 2]!;
  const error = w[at + 3]!;
  const lengths = w[at + 4]!;
  const units = w[at + 5]!;
  return {
    kind: SEGMENT_KINDS[lengths & 0xff]!,
    index: w[at]!,
    units: ((lengths >>> 8) & 0xff) === 1 ? [units & 0xffff] : [units & 0xffff, units >>> 16],
    offset: w[at + 1]!,
    bytes: byteList(w[at + 6]!, (lengths >>> 16) & 0xff),
    codePoint: codePoint === NONE ? null : codePoint,
    utf8: byteList(w[at + 7]!, lengths >>> 24),
    error: error === NONE ? null : ERROR_CODES[error]!,
  };
}

/** The first `length` (0 to 4) bytes of a word, little-endian first, as an array of that size. */
function byteList(word: number, length: number): number[] {
  switch (length) {
    case 0:
      return [];
    case 1:
      return [word & 0xff];
    case 2:
      return [word & 0xff, (word >>> 8) & 0xff];
    case 3:
      return [word & 0xff, (word >>> 8) & 0xff, (word >>> 16) & 0xff];
    default:
      return [word & 0xff, (word >>> 8) & 0xff, (word >>> 16) & 0xff, word >>> 24];
  }
}
