/**
 * wtf8-wasm/inspect: the per-code-point breakdown that the demo page shows, for display and
 * debugging. An entry of its own, with its own small WebAssembly module, so that users of
 * `encode`/`decode` do not download it.
 *
 * The records are made in Rust (bindings/inspect: `Segment`, serialized by serde-wasm-bindgen);
 * the {@link Segment} interface below documents them and is checked against the declaration
 * generated from the Rust struct when this file compiles.
 *
 * @example
 * ```ts
 * import { inspect } from 'wtf8-wasm/inspect';
 * inspect('a\uD83Db').map((s) => s.kind); // ['ascii', 'lone-lead', 'ascii']
 * ```
 *
 * @module
 */
import * as glue from 'wtf8-wasm-inspect:glue';
import { wasmBytes } from 'wtf8-wasm-inspect:bytes';
import { type BufferSource, readLimit, toBytes } from '../args.js';
import type { Wtf8ErrorCode } from '../errors.js';
import { instantiate } from '../instantiate.js';

export type { BufferSource } from '../args.js';
export type { Wtf8ErrorCode } from '../errors.js';

instantiate(wasmBytes, glue, './wtf8_wasm_inspect_bg.js');

/**
 * Every {@link SegmentKind}, in order: what a segment's `kind` can be. (The core's `SegmentKind`
 * names, in its declaration order; tests/error_table.rs checks this list against it.)
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
 * whatever its size; the records themselves are JavaScript objects, about 1 µs and a few hundred
 * bytes each (benches/README.md "Inspect"). For a huge input, `limit` breaks down only its start.
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

/** Code units per call into wasm (64 KiB there), and bytes per call: wasm memory stays small. */
const CHUNK_UNITS = 1 << 15;
const CHUNK_BYTES = 1 << 16;
/** The most a wasm call can be asked for (a `u32` there). */
const MAX_COUNT = 0xffffffff;

/**
 * The segments of the input, an array per chunk, at most `limit` in all. Each chunk goes to the
 * core with where the one before left off; the core says how much of it it took (a lead surrogate,
 * or a sequence, that the chunk cuts waits for the next), and the next chunk starts there.
 */
function* parts(input: string | Uint8Array, limit: number): Generator<Segment[], undefined, undefined> {
  const inspector = new glue.Inspector();
  const units = typeof input === 'string' ? new Uint16Array(Math.min(CHUNK_UNITS, input.length)) : undefined;
  try {
    for (let start = 0, left = limit; left > 0;) {
      const end = Math.min(start + (units ? CHUNK_UNITS : CHUNK_BYTES), input.length);
      const last = end === input.length;
      const count = Math.min(left, MAX_COUNT);
      let part: Segment[];
      if (units) {
        const text = input as string;
        for (let i = start; i < end; i++) units[i - start] = text.charCodeAt(i);
        part = inspector.units(units.subarray(0, end - start), last, count);
      } else {
        part = inspector.bytes((input as Uint8Array).subarray(start, end), last, count);
      }
      start += inspector.consumed();
      left -= part.length;
      yield part;
      if (last) break;
    }
  } finally {
    inspector.free();
  }
  return undefined;
}

/**
 * The documented {@link Segment} is exactly the record the Rust struct declares (bindings/inspect,
 * through tsify-next): this fails to compile if a field is added, removed, renamed or retyped on
 * either side.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameRecord: Same<Segment, glue.Segment> & Same<keyof Segment, keyof glue.Segment> = true;
void sameRecord;
