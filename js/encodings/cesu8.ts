/**
 * CESU-8 (Unicode Technical Report #26): UTF-8 applied to each UTF-16 code unit on its own.
 *
 * @module
 */
import { type BufferSource, readFatal, requireString, toBytes } from '../args.js';
import { FORMAT, decodeString, encodeString } from './wasm.js';

/** Options of {@link encodeCesu8} and {@link decodeCesu8}. */
export interface Cesu8Options {
  /** Throw a `Wtf8Error` instead of writing U+FFFD. Default `false`. */
  fatal?: boolean;
}

/**
 * Encodes a string as CESU-8: every code unit as 1 to 3 bytes, exactly as UTF-8 writes a code
 * point below U+10000, so a supplementary character takes 6 bytes (its lead and trail surrogate,
 * 3 bytes each). U+0000 is 00.
 *
 * Lossless for well-formed strings. CESU-8 has no lone surrogates: lenient (default) writes
 * EF BF BD for each, strict throws. The inverse is {@link decodeCesu8}. Output: at most 3 bytes
 * per code unit.
 *
 * @throws `Wtf8Error` `LONE_SURROGATE` with the code unit `index` (strict).
 * @throws TypeError if `input` is not a string.
 *
 * @example
 * ```ts
 * encodeCesu8('\u{1F600}'); // Uint8Array [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80]
 * encodeCesu8('a\uD83Db');  // Uint8Array [0x61, 0xEF, 0xBF, 0xBD, 0x62]
 * encodeCesu8('a\uD83Db', { fatal: true }); // throws Wtf8Error { code: 'LONE_SURROGATE', index: 1 }
 * ```
 *
 * Complexity: O(n).
 */
export function encodeCesu8(input: string, options?: Cesu8Options): Uint8Array<ArrayBuffer> {
  requireString(input);
  const fatal = readFatal(options);
  return encodeString(input, FORMAT.cesu8, fatal);
}

/**
 * Decodes CESU-8 bytes to a string: the inverse of {@link encodeCesu8}.
 *
 * Well-formed CESU-8 is 00–7F, C2–DF 80–BF, E0 A0–BF 80–BF, E1–EC 80–BF 80–BF, ED 80–9F 80–BF,
 * EE–EF 80–BF 80–BF, and a lead surrogate sequence ED A0–AF 80–BF directly followed by a trail
 * surrogate sequence ED B0–BF 80–BF. It rejects a lone surrogate sequence (`LONE_SURROGATE`,
 * 3 bytes), a 4-byte form F0–F4 (`FOUR_BYTE_FORM`, the whole sequence), and everything UTF-8
 * rejects (UTF-8's codes and maximal subparts). Lenient (default): one U+FFFD per error.
 *
 * @throws `Wtf8Error` (strict) with the byte `offset` where the well-formed prefix ends and the
 * error's `length` (`null`: the input ends mid-sequence, `TRUNCATED`).
 * @throws TypeError if `input` is not a buffer source.
 *
 * @example
 * ```ts
 * decodeCesu8(new Uint8Array([0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80])); // '\u{1F600}'
 * decodeCesu8(new Uint8Array([0x61, 0xF0, 0x9F, 0x98, 0x80]));       // 'a\uFFFD'
 * decodeCesu8(new Uint8Array([0x61, 0xF0, 0x9F, 0x98, 0x80]), { fatal: true });
 * // throws Wtf8Error { code: 'FOUR_BYTE_FORM', offset: 1, length: 4 }
 * ```
 *
 * Complexity: O(n).
 */
export function decodeCesu8(input: BufferSource, options?: Cesu8Options): string {
  const bytes = toBytes(input);
  const fatal = readFatal(options);
  return decodeString(bytes, FORMAT.cesu8, fatal);
}
