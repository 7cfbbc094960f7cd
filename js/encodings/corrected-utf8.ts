/**
 * Corrected UTF-8: every byte sequence is the unique encoding of one code point (payload + an
 * offset per sequence length), with no C1 controls, no surrogates and room up to U+8421109F.
 *
 * @module
 */
import { type BufferSource, requireString, toBytes } from '../args.js';
import { readFlag, readOptions } from './options.js';
import { FORMAT, decodeCodePoints, decodeString, encodeCodePoints, encodeString } from './wasm.js';

/**
 * The magic number that starts a Corrected UTF-8 document: EF B7 9D ED B2 AE 00 0A (the encoding
 * of U+10E7D U+ED4E U+0000 U+000A). Not part of the text. Frozen; `new Uint8Array(CORRECTED_UTF8_MAGIC)`
 * gives the bytes.
 *
 * @example
 * ```ts
 * encodeCorrectedUtf8('', { document: true }); // the 8 bytes of CORRECTED_UTF8_MAGIC
 * ```
 */
export const CORRECTED_UTF8_MAGIC: readonly number[] = Object.freeze([0xef, 0xb7, 0x9d, 0xed, 0xb2, 0xae, 0x00, 0x0a]);

/**
 * The largest code point Corrected UTF-8 can encode: U+8421109F (6 bytes, FD BF BF BF BF BF).
 *
 * @example
 * ```ts
 * encodeCorrectedUtf8(new Uint32Array([CORRECTED_UTF8_MAX])); // Uint8Array [0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF]
 * encodeCorrectedUtf8(new Uint32Array([CORRECTED_UTF8_MAX + 1]), { fatal: true }); // throws Wtf8Error { code: 'TOO_LARGE', index: 0 }
 * ```
 */
export const CORRECTED_UTF8_MAX = 0x8421109f;

/** Options of the Corrected UTF-8 functions. */
export interface CorrectedUtf8Options {
  /**
   * A whole document rather than bare text: encoding writes {@link CORRECTED_UTF8_MAGIC} first,
   * decoding strips it when present, and U+0000 anywhere else is an error (`NUL_IN_DOCUMENT`).
   * Default `false`.
   */
  document?: boolean;
  /** Throw a `Wtf8Error` instead of writing U+FFFD. Default `false`. */
  fatal?: boolean;
}

/**
 * Encodes a string, or code points, as Corrected UTF-8.
 *
 * | bytes | code points | offset |
 * |---|---|---|
 * | 1 | U+0000–U+007F | 0 |
 * | 2 | U+00A0–U+089F | 0xA0 |
 * | 3 | U+08A0–U+D7FF, U+E000–U+1109F | 0x8A0, 0x10A0 |
 * | 4, 5, 6 | U+110A0–U+21109F, –U+421109F, –U+8421109F | 0x110A0, 0x2110A0, 0x42110A0 |
 *
 * A string's surrogate pair is one code point. A `Uint32Array` is the code point interface, for
 * text beyond U+10FFFF. Lossless where it succeeds; the inverse is {@link decodeCorrectedUtf8}
 * (or {@link decodeCorrectedUtf8CodePoints}) with the same `document`. What has no encoding —
 * C1 controls U+0080–U+009F, lone surrogates (surrogate values in a `Uint32Array`), values above
 * U+8421109F, U+0000 in a document — is written as U+FFFD (EE BD 9D) by default, or throws
 * (`fatal`). Output: at most 3 bytes per code unit (6 per code point), plus 8 for the magic number.
 *
 * @throws `Wtf8Error` (strict) with the `index` of the first value without an encoding — in code
 * units for a string, in code points for a `Uint32Array`: `C1_CONTROL`, `LONE_SURROGATE` (string)
 * or `SURROGATE` (code points), `TOO_LARGE`, `NUL_IN_DOCUMENT` (the index does not count the
 * magic number).
 * @throws TypeError if `input` is neither a string nor a `Uint32Array`.
 *
 * @example
 * ```ts
 * encodeCorrectedUtf8('\xA0');                                  // Uint8Array [0xC0, 0x80]
 * encodeCorrectedUtf8(new Uint32Array([0x8421109f]));           // Uint8Array [0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF]
 * encodeCorrectedUtf8('a\x85', { fatal: true });                // throws Wtf8Error { code: 'C1_CONTROL', index: 1 }
 * ```
 *
 * Complexity: O(n).
 */
export function encodeCorrectedUtf8(
  input: string | Uint32Array,
  options?: CorrectedUtf8Options,
): Uint8Array<ArrayBuffer> {
  if (!(input instanceof Uint32Array)) requireString(input, 'input (a string or a Uint32Array of code points)');
  const o = readOptions(options);
  const document = readFlag(o, 'document');
  const fatal = readFlag(o, 'fatal');
  return typeof input === 'string'
    ? encodeString(input, FORMAT.corrected, fatal, false, false, document)
    : encodeCodePoints(input, FORMAT.corrected, fatal, document);
}

/**
 * Decodes Corrected UTF-8 to a string: the inverse of {@link encodeCorrectedUtf8} for text up to
 * U+10FFFF (above that, use {@link decodeCorrectedUtf8CodePoints}).
 *
 * Every complete sequence is valid and decodes to its payload plus the offset for its length.
 * Ill-formed, each one U+FFFD when lenient (default): a stray continuation byte
 * (`UNEXPECTED_CONTINUATION`, 1 byte); a lead byte followed by too few continuation bytes
 * (`MISSING_CONTINUATION`); a sequence starting with FE or FF, up to the next lead byte
 * (`RESERVED`, one error however long); input ending mid-sequence (`TRUNCATED`); a code point
 * above U+10FFFF (`NOT_REPRESENTABLE_IN_UTF16`, the whole sequence); in a document, a 00 byte
 * (`NUL_IN_DOCUMENT`).
 *
 * @throws `Wtf8Error` (strict) with the byte `offset` where the well-formed prefix ends and the
 * error's `length` (`null` for `TRUNCATED`).
 * @throws TypeError if `input` is not a buffer source.
 *
 * @example
 * ```ts
 * decodeCorrectedUtf8(new Uint8Array([0xC0, 0x80]));                         // '\xA0'
 * decodeCorrectedUtf8(encodeCorrectedUtf8('hi', { document: true }), { document: true }); // 'hi'
 * decodeCorrectedUtf8(new Uint8Array([0x61, 0xFE, 0x80, 0x62]), { fatal: true });
 * // throws Wtf8Error { code: 'RESERVED', offset: 1, length: 2 }
 * ```
 *
 * Complexity: O(n).
 */
export function decodeCorrectedUtf8(input: BufferSource, options?: CorrectedUtf8Options): string {
  const bytes = toBytes(input);
  const o = readOptions(options);
  const document = readFlag(o, 'document');
  const fatal = readFlag(o, 'fatal');
  return decodeString(bytes, FORMAT.corrected, fatal, undefined, document);
}

/**
 * Decodes Corrected UTF-8 to code points, the full range up to U+8421109F: the inverse of
 * {@link encodeCorrectedUtf8} with a `Uint32Array`. Errors as {@link decodeCorrectedUtf8}, except
 * that no code point is too large (U+FFFD, 0xFFFD, for each error when lenient).
 *
 * @returns A new `Uint32Array`, one element per code point (at most one per byte).
 * @throws `Wtf8Error` (strict) with the byte `offset` and `length` of the first error.
 * @throws TypeError if `input` is not a buffer source.
 *
 * @example
 * ```ts
 * decodeCorrectedUtf8CodePoints(new Uint8Array([0xF8, 0x80, 0x80, 0x80, 0x80])); // Uint32Array [0x2110A0]
 * ```
 *
 * Complexity: O(n).
 */
export function decodeCorrectedUtf8CodePoints(
  input: BufferSource,
  options?: CorrectedUtf8Options,
): Uint32Array<ArrayBuffer> {
  const bytes = toBytes(input);
  const o = readOptions(options);
  const document = readFlag(o, 'document');
  const fatal = readFlag(o, 'fatal');
  return decodeCodePoints(bytes, FORMAT.corrected, fatal, document);
}
