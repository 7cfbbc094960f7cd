/**
 * UTF-32LE and UTF-32BE: one 32-bit value per code point.
 *
 * @module
 */
import { type BufferSource, requireString, toBytes } from '../args.js';
import {
  type ByteOrder,
  type Surrogates,
  readByteOrder,
  requireByteOrder,
  readFlag,
  readOptions,
  readSurrogates,
} from './options.js';
import { FORMAT, decodeString, encodeString } from './wasm.js';

/** Options of {@link encodeUtf32}. */
export interface EncodeUtf32Options {
  /** `'le'` or `'be'`; required, as for {@link encodeUtf16}. */
  byteOrder: ByteOrder;
  /** Write a byte order mark (FF FE 00 00 or 00 00 FE FF) first. Default `false`. */
  bom?: boolean;
  /**
   * `'reject'` (default): a lone surrogate is U+FFFD, or an error when `fatal`. `'pass'`
   * (Python's `surrogatepass`): it is written as its own value, so encoding is lossless.
   */
  surrogates?: Surrogates;
  /** With `surrogates: 'reject'`, throw a `Wtf8Error` at a lone surrogate instead of writing U+FFFD. Default `false`. */
  fatal?: boolean;
}

/**
 * Encodes a string as UTF-32LE or UTF-32BE bytes: a surrogate pair becomes one supplementary value.
 *
 * Lossless for well-formed strings, and for every string with `surrogates: 'pass'`. Otherwise a
 * lone surrogate is written as U+FFFD (default) or throws (`fatal`). The inverse is
 * {@link decodeUtf32} with the same `byteOrder` and `surrogates`. Output: 4 bytes per code
 * point (at most 4 per code unit), plus 4 for the BOM.
 *
 * @throws `Wtf8Error` `LONE_SURROGATE` with the code unit `index` (`fatal`, `surrogates: 'reject'`).
 * @throws TypeError if `input` is not a string or an option is invalid.
 *
 * @example
 * ```ts
 * encodeUtf32('\u{1F600}', { byteOrder: 'be' });                      // Uint8Array [0x00, 0x01, 0xF6, 0x00]
 * encodeUtf32('\uDC00', { byteOrder: 'le', surrogates: 'pass' });     // Uint8Array [0x00, 0xDC, 0x00, 0x00]
 * encodeUtf32('a\uDC00', { byteOrder: 'le', fatal: true });           // throws Wtf8Error { code: 'LONE_SURROGATE', index: 1 }
 * ```
 *
 * Complexity: O(n).
 */
export function encodeUtf32(input: string, options: EncodeUtf32Options): Uint8Array<ArrayBuffer> {
  requireString(input);
  const o = readOptions(options);
  const bigEndian = requireByteOrder(o);
  const pass = readSurrogates(o);
  const bom = readFlag(o, 'bom');
  const fatal = readFlag(o, 'fatal');
  return encodeString(input, FORMAT.utf32, fatal, bigEndian, bom, pass);
}

/** Options of {@link decodeUtf32}. */
export interface DecodeUtf32Options {
  /**
   * `'le'` or `'be'`: a leading BOM is then data (U+FEFF). Omitted: the byte order comes from a
   * BOM, which is stripped, and is big-endian when there is none (Unicode D101, Java's `"UTF-32"`).
   */
  byteOrder?: ByteOrder;
  /** `'reject'` (default): a surrogate value is ill-formed. `'pass'`: it decodes to that one code unit. */
  surrogates?: Surrogates;
  /** Throw a `Wtf8Error` on ill-formed input instead of writing U+FFFD. Default `false`. */
  fatal?: boolean;
}

/**
 * Decodes UTF-32LE or UTF-32BE bytes to a string.
 *
 * Each value becomes one code unit, or a surrogate pair above U+FFFF. Ill-formed: a value above
 * 0x10FFFF (`TOO_LARGE`), a surrogate value (`SURROGATE`, unless `surrogates: 'pass'`), and a
 * length that is not a multiple of 4 (`TRUNCATED`); lenient (default) writes one U+FFFD for
 * each, as Python's `'replace'` does. The inverse of {@link encodeUtf32}.
 *
 * @throws `Wtf8Error` (strict) with the byte `offset` of the bad value and `length` 4, or `null`
 * for `TRUNCATED`.
 * @throws TypeError if `input` is not a buffer source or an option is invalid.
 *
 * @example
 * ```ts
 * decodeUtf32(new Uint8Array([0x00, 0xF6, 0x01, 0x00]), { byteOrder: 'le' }); // '\u{1F600}'
 * decodeUtf32(new Uint8Array([0x00, 0x00, 0xD8, 0x00]));                       // '\uFFFD' (BE, surrogate value)
 * decodeUtf32(new Uint8Array([0x00, 0x00, 0xD8, 0x00]), { surrogates: 'pass' }); // '\uD800'
 * ```
 *
 * Complexity: O(n).
 */
export function decodeUtf32(input: BufferSource, options?: DecodeUtf32Options): string {
  const bytes = toBytes(input);
  const o = readOptions(options);
  const order = readByteOrder(o);
  const pass = readSurrogates(o);
  const fatal = readFlag(o, 'fatal');
  return decodeString(bytes, FORMAT.utf32, fatal, order, pass);
}
