/**
 * Java's Modified UTF-8 (JVM specification §4.4.7), and the `DataOutput.writeUTF` frame.
 *
 * @module
 */
import { type BufferSource, readFatal, requireString, toBytes } from '../args.js';
import { FORMAT, decodeString, encodeString, readFrame, writeFrame } from './wasm.js';

/**
 * Encodes a string as Java's Modified UTF-8: CESU-8, except that U+0000 is C0 80 (so the output
 * never holds a 00 byte) and lone surrogates are written like any other unit (3 bytes each).
 *
 * Lossless, never throws. Byte-identical to the body that Java's `DataOutputStream.writeUTF`
 * writes, and to string constants in class files. The inverse is {@link decodeModifiedUtf8}.
 * Output: at most 3 bytes per code unit.
 *
 * @throws TypeError if `input` is not a string.
 *
 * @example
 * ```ts
 * encodeModifiedUtf8('a\0\uD83D'); // Uint8Array [0x61, 0xC0, 0x80, 0xED, 0xA0, 0xBD]
 * ```
 *
 * Complexity: O(n).
 */
export function encodeModifiedUtf8(input: string): Uint8Array<ArrayBuffer> {
  requireString(input);
  return encodeString(input, FORMAT.mutf8, false);
}

/** Options of {@link decodeModifiedUtf8}. */
export interface ModifiedUtf8Options {
  /** Throw a `Wtf8Error` on ill-formed input instead of writing U+FFFD. Default `false`. */
  fatal?: boolean;
}

/**
 * Decodes Java's Modified UTF-8 to a string: the inverse of {@link encodeModifiedUtf8}.
 *
 * Accepts C0 80 (U+0000), 01–7F, C2–DF 80–BF, E0 A0–BF 80–BF and E1–EF 80–BF 80–BF; every
 * surrogate sequence, paired or not, becomes its code unit. Rejects a raw 00 byte (`NUL_BYTE`),
 * 4-byte forms (`FOUR_BYTE_FORM`), other overlongs (`OVERLONG`) and whatever else UTF-8 rejects.
 * (Java's own `readUTF` accepts 00 and overlongs, which Java never writes.) Lenient (default):
 * one U+FFFD per error.
 *
 * @throws `Wtf8Error` (strict) with the byte `offset` and `length` of the first error.
 * @throws TypeError if `input` is not a buffer source.
 *
 * @example
 * ```ts
 * decodeModifiedUtf8(new Uint8Array([0x61, 0xC0, 0x80, 0xED, 0xB0, 0x80])); // 'a\0\uDC00'
 * decodeModifiedUtf8(new Uint8Array([0x61, 0x00]), { fatal: true });
 * // throws Wtf8Error { code: 'NUL_BYTE', offset: 1, length: 1 }
 * ```
 *
 * Complexity: O(n).
 */
export function decodeModifiedUtf8(input: BufferSource, options?: ModifiedUtf8Options): string {
  const bytes = toBytes(input);
  const fatal = readFatal(options);
  return decodeString(bytes, FORMAT.mutf8, fatal);
}

/**
 * Encodes a string as one `java.io.DataOutput.writeUTF` frame: a 2-byte big-endian length, then
 * the {@link encodeModifiedUtf8} bytes.
 *
 * Byte-identical to what Java's `DataOutputStream.writeUTF(s)` writes. Lossless; the inverse is
 * {@link readUTF}. Output: 2 + the Modified UTF-8 length, at most 65,537 bytes.
 *
 * @throws `Wtf8Error` `TOO_LONG` when the body would exceed 65,535 bytes; `index` is the first
 * code unit that does not fit (Java throws `UTFDataFormatException`).
 * @throws TypeError if `input` is not a string.
 *
 * @example
 * ```ts
 * writeUTF('\0a');              // Uint8Array [0x00, 0x03, 0xC0, 0x80, 0x61]
 * writeUTF('€'.repeat(21_846)); // throws Wtf8Error { code: 'TOO_LONG', index: 21845 }
 * ```
 *
 * Complexity: O(n).
 */
export function writeUTF(input: string): Uint8Array<ArrayBuffer> {
  requireString(input);
  return writeFrame(input);
}

/** What {@link readUTF} read. */
export interface ReadUTFResult {
  /** The string in the frame. */
  value: string;
  /** The bytes the frame took: 2 + its length prefix. Bytes after it were not looked at. */
  bytesRead: number;
}

/**
 * Reads one `java.io.DataInput.readUTF` frame from the start of `input`: a 2-byte big-endian
 * length, then that many bytes of Modified UTF-8, decoded strictly as {@link decodeModifiedUtf8}
 * with `fatal: true` does. Bytes after the frame are not looked at, so frames can be read one
 * after another. The inverse of {@link writeUTF}.
 *
 * @returns The string and the number of bytes the frame took.
 * @throws `Wtf8Error` `TRUNCATED` at `offset` 0 with `length` `null` when `input` does not hold
 * the whole frame (Java's `EOFException`; more input can complete it), or the body's first error
 * with its `offset` in `input` (a body that ends mid-sequence is `MISSING_CONTINUATION`).
 * @throws TypeError if `input` is not a buffer source.
 *
 * @example
 * ```ts
 * const bytes = new Uint8Array([0x00, 0x01, 0x61, 0x00, 0x01, 0x62]);
 * const first = readUTF(bytes);                        // { value: 'a', bytesRead: 3 }
 * readUTF(bytes.subarray(first.bytesRead)).value;      // 'b'
 * readUTF(new Uint8Array([0x00, 0x05, 0x61]));         // throws Wtf8Error { code: 'TRUNCATED', offset: 0 }
 * ```
 *
 * Complexity: O(length of the frame).
 */
export function readUTF(input: BufferSource): ReadUTFResult {
  // Only the frame (at most 65,537 bytes) crosses into wasm, whatever follows it in `input`.
  return readFrame(toBytes(input));
}
