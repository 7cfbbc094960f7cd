/**
 * UTF-16LE and UTF-16BE: each UTF-16 code unit as two bytes, lone surrogates included.
 *
 * @module
 */
import { type BufferSource, requireString, toBytes } from '../args.js';
import { type ByteOrder, readByteOrder, requireByteOrder, readFlag, readOptions } from './options.js';
import { FORMAT, decodeString, encodeString } from './wasm.js';

/** Options of {@link encodeUtf16}. */
export interface EncodeUtf16Options {
  /**
   * `'le'` or `'be'`; required, because there is no safe default: JavaScript's own world (Node's
   * `'utf16le'`, Windows, WHATWG's `'utf-16'` label) is little-endian, while UTF-16 without a BOM
   * is big-endian by RFC 2781.
   */
  byteOrder: ByteOrder;
  /** Write a byte order mark (U+FEFF: FF FE or FE FF) first. Default `false`. */
  bom?: boolean;
}

/**
 * Encodes a string as UTF-16LE or UTF-16BE bytes. Lossless, never throws: every code unit is
 * written as it is, lone surrogates included.
 *
 * The inverse is {@link decodeUtf16} with the same `byteOrder` (or without one, when a BOM was
 * written). Output: exactly 2 bytes per code unit, plus 2 for the BOM. Little-endian output is
 * byte-identical to Node's `Buffer.from(input, 'utf16le')`.
 *
 * @throws TypeError if `input` is not a string or `options.byteOrder` is not `'le'` or `'be'`.
 *
 * @example
 * ```ts
 * encodeUtf16('a\uD83D', { byteOrder: 'le' });            // Uint8Array [0x61, 0x00, 0x3D, 0xD8]
 * encodeUtf16('a', { byteOrder: 'be', bom: true });        // Uint8Array [0xFE, 0xFF, 0x00, 0x61]
 * ```
 *
 * Complexity: O(n).
 */
export function encodeUtf16(input: string, options: EncodeUtf16Options): Uint8Array<ArrayBuffer> {
  requireString(input);
  const o = readOptions(options);
  const bigEndian = requireByteOrder(o);
  return encodeString(input, FORMAT.utf16, false, bigEndian, readFlag(o, 'bom'));
}

/** Options of {@link decodeUtf16}. */
export interface DecodeUtf16Options {
  /**
   * `'le'` or `'be'`: a leading FF FE / FE FF is then data (U+FEFF). Omitted: the byte order comes
   * from a BOM, which is stripped, and is **big-endian when there is none** (RFC 2781, Unicode
   * D98, Java's `"UTF-16"`; WHATWG's `'utf-16'` label and Python's `'utf-16'` differ).
   */
  byteOrder?: ByteOrder;
  /** Throw a `Wtf8Error` on an odd trailing byte instead of writing U+FFFD. Default `false`. */
  fatal?: boolean;
}

/**
 * Decodes UTF-16LE or UTF-16BE bytes to a string. Lossless: lone surrogates are kept (unlike
 * `TextDecoder('utf-16le')`, which replaces them).
 *
 * The only ill-formed input is an odd trailing byte: lenient (default) → one U+FFFD, as
 * `TextDecoder` writes (Node's `buf.toString('utf16le')` silently drops it); strict → `TRUNCATED`.
 * The inverse of {@link encodeUtf16}. Output: `floor(n / 2)` code units (+1 for an odd byte).
 *
 * @throws `Wtf8Error` `TRUNCATED` with the byte `offset` of the odd byte and `length` `null` (strict).
 * @throws TypeError if `input` is not a buffer source or an option is invalid.
 *
 * @example
 * ```ts
 * decodeUtf16(new Uint8Array([0x3D, 0xD8, 0x61, 0x00]), { byteOrder: 'le' }); // '\uD83Da'
 * decodeUtf16(new Uint8Array([0xFF, 0xFE, 0x61, 0x00]));                       // 'a' (BOM: LE, stripped)
 * decodeUtf16(new Uint8Array([0x00, 0x61]));                                   // 'a' (no BOM: BE)
 * decodeUtf16(new Uint8Array([0x61, 0x00, 0x62]), { byteOrder: 'le', fatal: true });
 * // throws Wtf8Error { code: 'TRUNCATED', offset: 2, length: null }
 * ```
 *
 * Complexity: O(n).
 */
export function decodeUtf16(input: BufferSource, options?: DecodeUtf16Options): string {
  const bytes = toBytes(input);
  const o = readOptions(options);
  const order = readByteOrder(o);
  const fatal = readFlag(o, 'fatal');
  return decodeString(bytes, FORMAT.utf16, fatal, order);
}
