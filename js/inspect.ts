/**
 * The per-code-point breakdown that the demo page shows.
 *
 * @module
 */
import { type BufferSource, toBytes } from './args.js';
import { ERROR_CODES, type Wtf8ErrorCode } from './errors.js';
import { inspectBytes, inspectUnits } from './wasm.js';

/** What a {@link Segment} is. */
export type SegmentKind = 'ascii' | '2-byte' | '3-byte' | '4-byte' | 'lone-lead' | 'lone-trail' | 'invalid';

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
 * the input, `units` to `decode(input)` and `utf8` to `wtf8ToUtf8(input)`. The whole input is held in wasm memory while it is broken down: meant for
 * display, not for gigabytes.
 *
 * @throws TypeError if `input` is neither a string nor a buffer source.
 *
 * @example
 * ```ts
 * inspect('a\uD83Db')[1];
 * // { kind: 'lone-lead', index: 1, units: [0xD83D], offset: 1, bytes: [0xED, 0xA0, 0xBD],
 * //   codePoint: 0xD83D, utf8: [0xEF, 0xBF, 0xBD], error: null }
 * ```
 *
 * Complexity: O(n).
 */
export function inspect(input: string | BufferSource): Segment[] {
  const records = typeof input === 'string' ? inspectUnits(input) : inspectBytes(toBytes(input, 'input'));
  const segments: Segment[] = [];
  for (let at = 0; at < records.length; at += 8) segments.push(segment(records, at));
  return segments;
}

/** The order of the core's `SegmentKind` (checked against it by tests/error_table.rs). */
export const SEGMENT_KINDS = ['ascii', '2-byte', '3-byte', '4-byte', 'lone-lead', 'lone-trail', 'invalid'] as const;

/** `u32` stand-in for "none" in a record. */
const NONE = 0xffffffff;

/**
 * The segment of the record at `records[at..at + 8]` (bindings/main's layout): kind and counts,
 * unit index, byte offset, units, bytes, UTF-8 bytes, code point, error code.
 */
function segment(records: Uint32Array, at: number): Segment {
  const head = records[at]!;
  const little = (word: number, count: number) => Array.from({ length: count }, (_, i) => (word >>> (8 * i)) & 0xff);
  const units = records[at + 3]!;
  const codePoint = records[at + 6]!;
  const error = records[at + 7]!;
  return {
    kind: SEGMENT_KINDS[head & 0xff]!,
    index: records[at + 1]!,
    units: ((head >>> 8) & 0xff) === 2 ? [units & 0xffff, units >>> 16] : [units & 0xffff],
    offset: records[at + 2]!,
    bytes: little(records[at + 4]!, (head >>> 16) & 0xff),
    codePoint: codePoint === NONE ? null : codePoint,
    utf8: little(records[at + 5]!, head >>> 24),
    error: error === NONE ? null : ERROR_CODES[error]!,
  };
}
