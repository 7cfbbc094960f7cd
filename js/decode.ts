/**
 * Bytes → strings: WTF-8 decoding (strict or lenient), validation, and WTF-8 → UTF-8.
 *
 * @module
 */
import { type BufferSource, type DecodeOptions, readFatal, readIgnoreBOM, toBytes } from './args.js';
import { Wtf8Error } from './errors.js';
import { isValidWasm, validateWasm } from './wasm.js';
import { textEncoder } from './platform.js';
import { plan } from './routes.js';

export type { DecodeOptions } from './args.js';

/**
 * Decodes WTF-8 bytes to a string: the inverse of {@link encode}, so
 * `decode(encode(s)) === s` for every string `s`. A leading BOM is kept as U+FEFF unless the
 * caller asks for TextDecoder's behaviour with `ignoreBOM: false`, which strips one (a strict
 * error's `offset` still counts it). Always equals `new Wtf8Decoder(options).decode(input)`.
 *
 * Lenient (default): never throws; each maximal ill-formed subpart becomes one U+FFFD, so for
 * input without surrogate byte sequences (ED A0–BF) the result equals
 * `new TextDecoder('utf-8', { ignoreBOM: true }).decode(input)`. Strict (`fatal: true`): accepts
 * exactly well-formed WTF-8.
 *
 * @param input - An `ArrayBuffer`, `SharedArrayBuffer` or any view (`Uint8Array`, `Buffer`, `DataView`, …).
 * @throws {@link Wtf8Error} with the byte `offset` where the well-formed prefix ends (strict mode).
 * @throws TypeError if `input` is not a buffer source.
 *
 * @example
 * ```ts
 * decode(new Uint8Array([0x61, 0xed, 0xa0, 0xbd])); // 'a\uD83D'
 * decode(new Uint8Array([0xed, 0xa0, 0x80, 0xed, 0xb0, 0x80]), { fatal: true });
 * // throws Wtf8Error { code: 'SURROGATE_PAIR', offset: 3 }
 * decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]));                       // '\uFEFFa'
 * decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]), { ignoreBOM: false }); // 'a'
 * ```
 *
 * Complexity: O(n).
 */
export function decode(input: BufferSource, options?: DecodeOptions): string {
  const bytes = toBytes(input);
  const fatal = readFatal(options);
  const ignoreBOM = readIgnoreBOM(options);
  const text = plan.decode(bytes, fatal);
  return ignoreBOM || text.charCodeAt(0) !== 0xfeff ? text : text.slice(1);
}

/**
 * Checks whether bytes are well-formed WTF-8 and says where and why not, without throwing.
 *
 * @returns `null` when `input` is well-formed WTF-8, otherwise the {@link Wtf8Error} that
 * `decode(input, { fatal: true })` would throw.
 * @throws TypeError if `input` is not a buffer source.
 *
 * @example
 * ```ts
 * checkWtf8(new Uint8Array([0x61, 0xc0, 0xaf])); // Wtf8Error { code: 'OVERLONG', offset: 1, length: 1 }
 * checkWtf8(encode('\uDC00'));                   // null
 * ```
 */
export function checkWtf8(input: BufferSource): Wtf8Error | null {
  const bytes = toBytes(input);
  return plan.isUtf8(bytes) ? null : validateWasm(bytes, false);
}

/**
 * Is `input` well-formed WTF-8? Exactly the input `decode(input, { fatal: true })` accepts.
 *
 * @example
 * ```ts
 * isWtf8(encode('\uD800'));                                    // true
 * isWtf8(new Uint8Array([0xed, 0xa0, 0x80, 0xed, 0xb0, 0x80])); // false: a pair must be 4 bytes
 * ```
 */
export function isWtf8(input: BufferSource): boolean {
  const bytes = toBytes(input);
  return plan.isUtf8(bytes) || isValidWasm(bytes, false);
}

/**
 * Checks whether bytes are well-formed UTF-8 (WTF-8 without surrogate sequences) and says where
 * and why not, without throwing: exactly the input `wtf8ToUtf8(input, { fatal: true })` accepts.
 *
 * @returns `null`, or a {@link Wtf8Error} whose `offset` and `length` are those of Rust's
 * `std::str::from_utf8`; a surrogate sequence has code `SURROGATE`.
 * @throws TypeError if `input` is not a buffer source.
 *
 * @example
 * ```ts
 * checkUtf8(encode('a\uD83Db'));   // Wtf8Error { code: 'SURROGATE', offset: 1, length: 1 }
 * checkUtf8(encode('a\uD83D\uDE00')); // null: well-formed, so its WTF-8 is UTF-8
 * ```
 *
 * Complexity: O(n).
 */
export function checkUtf8(input: BufferSource): Wtf8Error | null {
  const bytes = toBytes(input);
  return plan.isUtf8(bytes) ? null : validateWasm(bytes, true);
}

/** Options of {@link wtf8ToUtf8}. */
export interface Wtf8ToUtf8Options {
  /** Throw a {@link Wtf8Error} at the first surrogate (or ill-formed) sequence instead of writing U+FFFD. Default `false`. */
  fatal?: boolean;
}

/**
 * Converts WTF-8 bytes to UTF-8 bytes (WTF-8 spec §6.4) for the world outside.
 *
 * Lossy (default): never throws; always equals `toUtf8(decode(input))`: each surrogate sequence
 * and each ill-formed subpart becomes EF BF BD (a pair spelled as two 3-byte sequences becomes its
 * 4-byte sequence). Strict: returns a copy of the input if it is well-formed UTF-8.
 *
 * @throws {@link Wtf8Error} strict mode: `SURROGATE` (or why the input is not WTF-8) with `offset`.
 * @throws TypeError if `input` is not a buffer source.
 *
 * @example
 * ```ts
 * wtf8ToUtf8(encode('a\uD83Db')); // Uint8Array [0x61, 0xEF, 0xBF, 0xBD, 0x62]
 * wtf8ToUtf8(encode('a\uD83Db'), { fatal: true }); // throws Wtf8Error { code: 'SURROGATE', offset: 1 }
 * ```
 */
export function wtf8ToUtf8(input: BufferSource, options?: Wtf8ToUtf8Options): Uint8Array<ArrayBuffer> {
  const bytes = toBytes(input);
  if (readFatal(options)) {
    const error = checkUtf8(bytes);
    if (error !== null) throw error;
    return bytes.slice();
  }
  if (plan.isUtf8(bytes)) return bytes.slice();
  // Lossy, `toUtf8(decode(input))` by definition. Well-formed WTF-8 (lone surrogates: the usual
  // case) keeps its length, each surrogate sequence ED A0–BF xx becoming EF BF BD in a copy (an ED
  // byte there always starts a sequence); other input goes through the decoder and the platform's
  // encoder. This replaced a conversion in wasm (2 kB of the module) in issue 26: benches/README.md
  // "Issue 26" has the before and after.
  if (!isValidWasm(bytes, false)) return textEncoder.encode(plan.decode(bytes, false));
  const out = bytes.slice();
  for (let at = out.indexOf(0xed); at >= 0; at = out.indexOf(0xed, at + 3)) {
    if (out[at + 1]! >= 0xa0) {
      out[at] = 0xef;
      out[at + 1] = 0xbf;
      out[at + 2] = 0xbd;
    }
  }
  return out;
}
