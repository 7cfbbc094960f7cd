/**
 * Bytes → strings: WTF-8 decoding (strict or lenient), validation, and WTF-8 → UTF-8.
 *
 * @module
 */
import { type BufferSource, readFatal, readIgnoreBOM, toBytes } from './args.js';
import { Wtf8Error } from './errors.js';
import { decodeWasm, fastUnitMoves } from './wasm.js';
import { toUtf8 } from './encode.js';
import { byteSearch, forPlatform, lenientUtf8, nodeByteChecks, platformDecode, strictUtf8 } from './platform.js';

/**
 * The offset of the first surrogate byte sequence start (ED followed by A0–BF) in
 * `bytes[..end)`, or -1. Without one, WTF-8 and UTF-8 agree on every byte, so the platform's
 * UTF-8 decoder gives exactly our result.
 */
function firstSurrogateSequence(bytes: Uint8Array, end = bytes.length): number {
  const search = byteSearch(bytes);
  for (let at = search(0xed, 0); at >= 0 && at < end; at = search(0xed, at + 1)) {
    const next = bytes[at + 1];
    if (next !== undefined && next >= 0xa0 && next <= 0xbf) return at;
  }
  return -1;
}

/**
 * The surrogate byte sequences of `bytes`, if the platform decoder can do the rest: the offsets of
 * every complete surrogate sequence (ED A0–BF 80–BF), in order. `undefined` when there are more
 * than `limit` (wasm is faster then) or a surrogate sequence is cut short (its maximal subpart
 * differs from the WHATWG decoder's): then wasm decodes the whole input.
 */
function surrogateSequences(bytes: Uint8Array, limit: number): number[] | undefined {
  const found: number[] = [];
  const search = byteSearch(bytes);
  for (let at = search(0xed, 0); at >= 0; at = search(0xed, at + 1)) {
    const second = bytes[at + 1]!;
    if (second < 0xa0 || second > 0xbf) continue;
    const third = bytes[at + 2];
    if (third === undefined || (third & 0xc0) !== 0x80 || found.length === limit) return undefined;
    found.push(at);
    at += 2;
  }
  return found;
}

/** Inputs up to this many bytes go to wasm when they hold a surrogate sequence. */
const SHORT_BYTES = 256;

/**
 * How many surrogate sequences the segment-wise platform path takes before wasm is faster: none
 * for short input (wasm's fixed cost is lower than a few platform calls), then a few per KiB.
 */
function segmentLimit(length: number): number {
  return length <= SHORT_BYTES ? 0 : 8 + (length >> 9);
}

/** The surrogate code unit of the complete 3-byte sequence at `at`. */
function surrogateAt(bytes: Uint8Array, at: number): number {
  return 0xd000 | ((bytes[at + 1]! & 0x3f) << 6) | (bytes[at + 2]! & 0x3f);
}

/**
 * Decodes `bytes` with the platform decoder between the given surrogate sequences, which become
 * their code units. Each piece ends just before an ED lead byte, so no sequence or ill-formed
 * subpart is ever split, and each piece decodes exactly as it does inside the whole.
 */
function decodeAround(bytes: Uint8Array, surrogates: number[], decoder: TextDecoder): string {
  let text = '';
  let from = 0;
  for (const at of surrogates) {
    if (at > from) text += decoder.decode(forPlatform(bytes.subarray(from, at)));
    text += String.fromCharCode(surrogateAt(bytes, at));
    from = at + 3;
  }
  return from < bytes.length ? text + platformDecode(decoder, bytes.subarray(from)) : text;
}

/** Is some lead surrogate sequence directly followed by a trail surrogate sequence (not WTF-8)? */
function spelledPair(bytes: Uint8Array, surrogates: number[]): boolean {
  for (let i = 1; i < surrogates.length; i++) {
    const lead = surrogates[i - 1]!;
    if (surrogates[i] === lead + 3 && bytes[lead + 1]! <= 0xaf && bytes[lead + 4]! >= 0xb0) return true;
  }
  return false;
}

/**
 * A cheap guess whether `bytes` are ASCII (probing 16 of them). A wrong guess costs speed, never
 * correctness.
 */
function looksAscii(bytes: Uint8Array): boolean {
  const step = Math.max(1, Math.floor(bytes.length / 16));
  for (let i = 0; i < bytes.length; i += step) if (bytes[i]! >= 0x80) return false;
  return true;
}

/** Options of {@link decode}: those of `new TextDecoder(label, options)`. */
export interface DecodeOptions {
  /** Throw a {@link Wtf8Error} on ill-formed input instead of writing U+FFFD. Default `false`, as in TextDecoder. */
  fatal?: boolean;
  /**
   * Keep a leading BOM (EF BB BF) as U+FEFF. Default `true`, unlike TextDecoder: the round trip
   * needs it. `false` strips one leading BOM, as TextDecoder does.
   */
  ignoreBOM?: boolean;
}

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
  const text = decodeKeepingBom(bytes, fatal);
  return ignoreBOM || text.charCodeAt(0) !== 0xfeff ? text : text.slice(1);
}

/** {@link decode} with `ignoreBOM: true`: the routes. */
function decodeKeepingBom(bytes: Uint8Array, fatal: boolean): string {
  if (!fastUnitMoves) return fatal ? decodeStrictAround(bytes) : decodeLenientAround(bytes);
  // Where code units leave wasm at native speed (Node's Buffer, the JS String Builtins), wasm
  // decodes as fast as the platform or faster, except ASCII: that goes to the platform decoder,
  // and decodes the same in both modes.
  if (nodeByteChecks !== undefined && bytes.length > SHORT_BYTES) {
    // Node's isAscii answers natively, far faster than the decoders; for short input a few probes
    // cost less than the call.
    return nodeByteChecks.isAscii(bytes) ? platformDecode(lenientUtf8, bytes) : decodeWasm(bytes, fatal);
  }
  if (looksAscii(bytes)) {
    // Without a U+FFFD in the lenient result the input was well-formed UTF-8.
    const text = platformDecode(lenientUtf8, bytes);
    if (text.indexOf('\uFFFD') < 0) return text;
  }
  return decodeWasm(bytes, fatal);
}

/**
 * Strict decode where code units move slowly (a `fromCharCode` loop): the platform decoder
 * wherever it gives our result, between the surrogate sequences when there are a few.
 */
function decodeStrictAround(bytes: Uint8Array): string {
  // Well-formed UTF-8 is well-formed WTF-8 without surrogate sequences, and decodes the same.
  try {
    return platformDecode(strictUtf8, bytes);
  } catch {
    // Surrogate sequences, or ill-formed input (then wasm says where and why).
  }
  const surrogates = surrogateSequences(bytes, segmentLimit(bytes.length));
  if (surrogates !== undefined && surrogates.length > 0 && !spelledPair(bytes, surrogates)) {
    try {
      return decodeAround(bytes, surrogates, strictUtf8);
    } catch {
      // Ill-formed between the surrogates: wasm says where and why.
    }
  }
  return decodeWasm(bytes, true);
}

/** Lenient decode where code units move slowly: as {@link decodeStrictAround}. */
function decodeLenientAround(bytes: Uint8Array): string {
  let text: string | undefined;
  if (bytes.length <= SHORT_BYTES) {
    // Without a U+FFFD in the lenient result, the input was well-formed UTF-8.
    text = platformDecode(lenientUtf8, bytes);
    if (text.indexOf('\uFFFD') < 0) return text;
  } else {
    // The strict decoder succeeds on well-formed UTF-8 and gives up at the first surrogate or error.
    try {
      return platformDecode(strictUtf8, bytes);
    } catch {
      // Surrogate sequences or ill-formed input: see below.
    }
  }
  const surrogates = surrogateSequences(bytes, segmentLimit(bytes.length));
  if (surrogates === undefined) return decodeWasm(bytes, false);
  // Without surrogate sequences the WHATWG decoder's replacements are exactly ours.
  if (surrogates.length === 0) return text ?? platformDecode(lenientUtf8, bytes);
  return decodeAround(bytes, surrogates, lenientUtf8);
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
  return isPlatformUtf8(bytes) ? null : wasmWtf8Error(bytes);
}

/** The strict wasm decoder's verdict on `bytes`: `null` or why they are not WTF-8. */
function wasmWtf8Error(bytes: Uint8Array): Wtf8Error | null {
  try {
    decodeWasm(bytes, true);
    return null;
  } catch (error) {
    if (error instanceof Wtf8Error) return error;
    throw error;
  }
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
  return checkWtf8(input) === null;
}

function isPlatformUtf8(bytes: Uint8Array): boolean {
  if (nodeByteChecks !== undefined) return nodeByteChecks.isUtf8(bytes);
  try {
    platformDecode(strictUtf8, bytes);
    return true;
  } catch {
    return false;
  }
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
  if (isPlatformUtf8(bytes)) return null;
  // Either ill-formed WTF-8, or well-formed WTF-8 holding a surrogate: the earlier one wins.
  const wtf8Error = wasmWtf8Error(bytes);
  // A surrogate start at the WTF-8 error offset itself (e.g. "ED A0" cut short) is SURROGATE in UTF-8.
  const end = wtf8Error === null ? bytes.length : (wtf8Error.offset ?? bytes.length) + 1;
  const surrogate = firstSurrogateSequence(bytes, end);
  if (surrogate >= 0) return new Wtf8Error('SURROGATE', { offset: surrogate, length: 1 });
  if (wtf8Error === null) throw new Error('unreachable: the platform rejected well-formed UTF-8');
  return wtf8Error;
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
  if (isPlatformUtf8(bytes)) return bytes.slice();
  return toUtf8(decode(bytes));
}
