/**
 * Strings → bytes: WTF-8 (lossless) and UTF-8 (lossy or strict).
 *
 * @module
 */
import { requireString, readFatal } from './args.js';
import { Wtf8Error } from './errors.js';
import { encodeIntoWasm, encodeWasm, firstLoneSurrogate } from './wasm.js';

const textEncoder = new TextEncoder();

/**
 * Is `input` well-formed UTF-16? Uses the native `String.prototype.isWellFormed` where the
 * engine has it; otherwise answers "no", which routes to the wasm path (correct for every string).
 */
const isWellFormed: (input: string) => boolean =
  typeof String.prototype.isWellFormed === 'function' ? (input) => input.isWellFormed() : () => false;

/**
 * Encodes a string as WTF-8. Lossless: lone surrogates are kept, each as its own 3-byte
 * sequence (ED A0–BF xx), and {@link decode} gives the string back exactly.
 *
 * For a well-formed string the result is its UTF-8, byte-identical to
 * `new TextEncoder().encode(input)`. Output: at most 3 bytes per code unit.
 *
 * @param input - Any string, including ones with lone surrogates.
 * @returns A new `Uint8Array` holding exactly the WTF-8 bytes.
 * @throws TypeError if `input` is not a string.
 *
 * @example
 * ```ts
 * encode('a\uD83Db'); // Uint8Array [0x61, 0xED, 0xA0, 0xBD, 0x62]
 * decode(encode('a\uD83Db')) === 'a\uD83Db'; // true
 * ```
 *
 * Complexity: O(n).
 */
export function encode(input: string): Uint8Array<ArrayBuffer> {
  requireString(input);
  // A well-formed string's WTF-8 is its UTF-8: the native encoder gives identical bytes.
  return isWellFormed(input) ? textEncoder.encode(input) : encodeWasm(input);
}

/**
 * Encodes as much of a string as fits into `destination` as WTF-8: the contract of
 * `TextEncoder.encodeInto` (whole sequences only; a surrogate pair is never split), except that
 * a lone surrogate is written as its own 3-byte sequence instead of EF BF BD.
 *
 * @param input - The string to encode.
 * @param destination - Where to write; not resized.
 * @returns `read`: UTF-16 code units consumed; `written`: bytes written.
 * @throws TypeError if `input` is not a string or `destination` is not a `Uint8Array`.
 *
 * @example
 * ```ts
 * const buf = new Uint8Array(4);
 * encodeInto('a\uD83D\uDE00', buf); // { read: 1, written: 1 }: the emoji needs 4 bytes
 * ```
 *
 * Complexity: O(read).
 */
export function encodeInto(input: string, destination: Uint8Array): { read: number; written: number } {
  requireString(input);
  if (!(destination instanceof Uint8Array)) throw new TypeError('destination must be a Uint8Array');
  return isWellFormed(input) ? textEncoder.encodeInto(input, destination) : encodeIntoWasm(input, destination);
}

/** Options of {@link toUtf8}. */
export interface ToUtf8Options {
  /** Throw a {@link Wtf8Error} (`LONE_SURROGATE`, with `index`) instead of writing U+FFFD. Default `false`. */
  fatal?: boolean;
}

/**
 * Encodes a string as UTF-8 for the world outside: lossy by default, strict on request.
 *
 * Lossy: each lone surrogate becomes U+FFFD (EF BF BD): byte-identical to
 * `Buffer.from(input, 'utf8')` and `new TextEncoder().encode(input)`, and to
 * `wtf8ToUtf8(encode(input))`. Strict (`fatal: true`): throws at the first lone surrogate.
 *
 * @throws {@link Wtf8Error} `LONE_SURROGATE` with `index` (code units), strict mode only.
 * @throws TypeError if `input` is not a string.
 *
 * @example
 * ```ts
 * toUtf8('a\uD83Db');                  // Uint8Array [0x61, 0xEF, 0xBF, 0xBD, 0x62]
 * toUtf8('a\uD83Db', { fatal: true }); // throws Wtf8Error { code: 'LONE_SURROGATE', index: 1 }
 * ```
 *
 * Complexity: O(n).
 */
export function toUtf8(input: string, options?: ToUtf8Options): Uint8Array<ArrayBuffer> {
  requireString(input);
  if (readFatal(options) && !isWellFormed(input)) {
    const index = firstLoneSurrogate(input);
    if (index >= 0) throw new Wtf8Error('LONE_SURROGATE', { index });
  }
  // The platform encoder's lossy output is exactly the contract.
  return textEncoder.encode(input);
}
