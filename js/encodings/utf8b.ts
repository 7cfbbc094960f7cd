/**
 * UTF-8B: Python's `surrogateescape` (PEP 383), which carries arbitrary bytes through a string.
 *
 * @module
 */
import { type BufferSource, requireString, toBytes } from '../args.js';
import { FORMAT, decodeString, encodeString } from './wasm.js';

/**
 * Decodes arbitrary bytes as UTF-8, turning each byte that is not part of a valid UTF-8 sequence
 * into the lone surrogate U+DC00 + byte (U+DC80–U+DCFF). Never throws.
 *
 * Equal to Python's `bytes.decode('utf-8', 'surrogateescape')`. Each bad byte is escaped on its
 * own (E2 82 41 gives U+DCE2 U+DC82 'A'), and so is each byte of a surrogate sequence ED A0–BF xx.
 * The inverse is {@link encodeUtf8b}: for every byte string `b`,
 * `encodeUtf8b(decodeUtf8b(b))` equals `b`. Output: at most one code unit per byte.
 *
 * @throws TypeError if `input` is not a buffer source.
 *
 * @example
 * ```ts
 * decodeUtf8b(new Uint8Array([0x63, 0x61, 0x66, 0xE9])); // 'caf\uDCE9' (Latin-1 é is not UTF-8)
 * encodeUtf8b(decodeUtf8b(new Uint8Array([0xFF, 0xFE]))); // Uint8Array [0xFF, 0xFE]
 * ```
 *
 * Complexity: O(n).
 */
export function decodeUtf8b(input: BufferSource): string {
  const bytes = toBytes(input);
  return decodeString(bytes, FORMAT.utf8b, false);
}

/**
 * Encodes a string as UTF-8, turning each lone surrogate U+DC80–U+DCFF back into the single byte
 * 0x80–0xFF it escapes. Equal to Python's `str.encode('utf-8', 'surrogateescape')` (a surrogate
 * pair is one supplementary character, as everywhere in JavaScript).
 *
 * The inverse of {@link decodeUtf8b} — lossless from bytes, **not** from strings: a string that
 * already held U+DC80–U+DCFF is ambiguous (`'\uDCC3\uDCA9'` encodes to C3 A9, which decodes to
 * `'é'`). There is no lossy mode: it always throws at any other lone surrogate. Output: at most
 * 3 bytes per code unit.
 *
 * @throws `Wtf8Error` `LONE_SURROGATE` with the code unit `index` of the first lone surrogate
 * outside U+DC80–U+DCFF.
 * @throws TypeError if `input` is not a string.
 *
 * @example
 * ```ts
 * encodeUtf8b('caf\uDCE9'); // Uint8Array [0x63, 0x61, 0x66, 0xE9]
 * encodeUtf8b('a\uD83D');   // throws Wtf8Error { code: 'LONE_SURROGATE', index: 1 }
 * ```
 *
 * Complexity: O(n).
 */
export function encodeUtf8b(input: string): Uint8Array<ArrayBuffer> {
  requireString(input);
  return encodeString(input, FORMAT.utf8b, true);
}
