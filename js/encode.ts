/**
 * Strings → bytes: WTF-8 (lossless) and UTF-8 (lossy or strict).
 *
 * @module
 */
import { requireString, readFatal } from './args.js';
import { Wtf8Error } from './errors.js';
import { encodeIntoWasm, firstLoneSurrogate } from './wasm.js';
import { forPlatform, isWellFormed, textEncoder } from './platform.js';
import { plan } from './routes.js';

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
  return plan.encode(input);
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
export function encodeInto(
  input: string,
  destination: Uint8Array,
): {
  /** UTF-16 code units of `input` read (never half a surrogate pair). */
  read: number;
  /** Bytes written to `destination`. */
  written: number;
} {
  requireString(input);
  if (!(destination instanceof Uint8Array)) throw new TypeError('destination must be a Uint8Array');
  // (A destination the platform's encoder refuses, which `forPlatform` copies: wasm writes there.)
  if (!isWellFormed(input) || forPlatform(destination) !== destination) return encodeIntoWasm(input, destination);
  const done = textEncoder.encodeInto(input, destination);
  return done.read < input.length && done.written < destination.length ? topUp(input, destination, done) : done;
}

/**
 * Continues `TextEncoder.encodeInto`'s work with whole code points while they fit. The spec has it
 * fill the destination as far as whole sequences go, but Node 25.4 to 26.10 (at least) may stop
 * short when the remaining room is small (nodejs/node#65994: `'\u0400'.repeat(33)` into 2 bytes
 * reads nothing); elsewhere this finds nothing to add. `input` is well-formed here.
 */
function topUp(
  input: string,
  destination: Uint8Array,
  done: { read: number; written: number },
): { read: number; written: number } {
  let { read, written } = done;
  while (read < input.length) {
    const unit = input.charCodeAt(read);
    const pair = (unit & 0xfc00) === 0xd800 ? 2 : 1;
    const size = unit < 0x80 ? 1 : unit < 0x800 ? 2 : pair === 2 ? 4 : 3;
    if (written + size > destination.length) break;
    written += textEncoder.encodeInto(input.slice(read, read + pair), destination.subarray(written)).written;
    read += pair;
  }
  return { read, written };
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
