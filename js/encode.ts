/**
 * Strings → bytes: WTF-8 (lossless) and UTF-8 (lossy or strict).
 *
 * @module
 */
import { requireString, readFatal } from './args.js';
import { Wtf8Error } from './errors.js';
import {
  chunkEnd,
  encodeIntoWasm,
  encodeRangeInto,
  encodeWasmExact,
  firstLoneSurrogate,
  loneSurrogatesInWasm,
  splitPoint,
} from './wasm.js';
import { isWellFormed, NodeBuffer, textEncoder } from './platform.js';
import { type LoneRoute, routes, SHORT_UNITS } from './routes.js';
import { encodeShort } from './short.js';

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
  // Short (js/short.ts): a plain loop, whose result engines allocate far more cheaply than the
  // native encoder's; a little longer, the native encoder when well-formed, else the loop, which
  // beats the fixed cost of a trip to wasm.
  if (input.length <= routes.jsEncodeUpTo) return encodeShort(input);
  if (input.length <= SHORT_UNITS) {
    if (isWellFormed(input)) return textEncoder.encode(input);
    return input.length <= LOOP_OVER_WASM_UNITS ? encodeShort(input) : encodeWasmExact(input);
  }
  // Longer: as the route table says (js/routes.ts). A well-formed string's WTF-8 is its UTF-8, so
  // the native encoder writes identical bytes; lone surrogates go through the chunks.
  switch (routes.encode) {
    case 'native':
      return isWellFormed(input) ? encodeWellFormed(input) : encodeChunks(input);
    case 'patched':
      return isWellFormed(input) ? encodeWellFormed(input) : (encodePatched(input) ?? encodeChunks(input));
    case 'chunks':
      return looksOneByte(input) && isWellFormed(input) ? encodeWellFormed(input) : encodeChunks(input);
    case 'wasm':
      return encodeChunks(input, () => undefined);
  }
}

/**
 * Strings with lone surrogates up to this many units are encoded by the loop of js/short.ts, longer
 * ones by wasm: measured with `node benches/run.mjs --fixed-cost` (benches/README.md), the loop
 * costs about what a trip through wasm does at 32 units (Node 26: 203 against 228 ns, Bun 195
 * against 269, Firefox 199 against 181) and 2–3× more at 128 (808 against 288, 623 against 341,
 * 824 against 284).
 */
const LOOP_OVER_WASM_UNITS = 32;

/**
 * A well-formed string through `TextEncoder.encode` up to the route's `nativeUpTo` units, and past
 * the reused buffer's size; between the two, `TextEncoder.encodeInto` a reused buffer, then one
 * copy out.
 */
function encodeWellFormed(input: string): Uint8Array<ArrayBuffer> {
  if (input.length <= routes.nativeUpTo || 3 * input.length > SCRATCH_LIMIT) return textEncoder.encode(input);
  const out = outputFor(3 * input.length);
  return out.slice(0, textEncoder.encodeInto(input, out).written);
}

/** `input` chunk by chunk (see {@link encodeChunk}), each finding its lone surrogates with `find`. */
function encodeChunks(input: string, find: LoneFinder = FINDERS[routes.lone]): Uint8Array<ArrayBuffer> {
  const out = outputFor(3 * input.length);
  let written = 0;
  for (let start = 0; start < input.length;) {
    const end = chunkEnd(input, start);
    written += encodeChunk(input, start, end, out, written, find);
    start = end;
  }
  return out.slice(0, written);
}

/**
 * Encodes `input[start..end)` (at most MAX_ENCODE_UNITS units, not ending between a pair) into
 * `out` at `at`; returns the bytes written. When its lone surrogates are few, the native encoder,
 * much faster than wasm, writes the well-formed stretches between them, and each lone surrogate is
 * written here as its 3 bytes; when they are many, wasm encodes the whole chunk, which beats many
 * small calls.
 */
function encodeChunk(input: string, start: number, end: number, out: Uint8Array, at: number, find: LoneFinder): number {
  const lone = find(input, start, end, (routes.loneLimit * (end - start)) >>> 16);
  if (lone === undefined) return encodeRangeInto(input, start, end, out, at);
  let written = at;
  let from = start;
  for (const index of lone) {
    if (index > from) written += textEncoder.encodeInto(input.slice(from, index), out.subarray(written)).written;
    const unit = input.charCodeAt(index);
    out[written] = 0xed;
    out[written + 1] = 0x80 | ((unit >> 6) & 0x3f);
    out[written + 2] = 0x80 | (unit & 0x3f);
    written += 3;
    from = index + 1;
  }
  if (from < end) written += textEncoder.encodeInto(input.slice(from, end), out.subarray(written)).written;
  return written - at;
}

/**
 * The `patched` route for a string with lone surrogates (Node's Buffer): the native encoder writes
 * it whole, each lone surrogate as U+FFFD (EF BF BD: as long as its WTF-8, so every byte lands
 * where ours does), and those U+FFFD are then overwritten with the surrogates' bytes. Lone
 * surrogates are found chunk by chunk in wasm; the U+FFFD of the output are, in order, those of
 * the input and the lone surrogates, so a search of the bytes for EF BF BD (a native memmem) that
 * skips the input's own finds each. `undefined` with more than `loneLimit` per 2^16 units (plus 8).
 */
function encodePatched(input: string): Uint8Array<ArrayBuffer> | undefined {
  const most = 8 + ((routes.loneLimit * input.length) >>> 16);
  const lone: number[] = [];
  for (let start = 0; start < input.length;) {
    const end = chunkEnd(input, start);
    const found = loneSurrogatesInWasm(input, start, end, most - lone.length);
    if (found === undefined) return undefined;
    for (const index of found) lone.push(index);
    start = end;
  }
  const out = textEncoder.encode(input) as Uint8Array<ArrayBuffer>;
  const view = NodeBuffer!.from(out.buffer, out.byteOffset, out.length);
  let at = -3;
  let own = input.indexOf('\uFFFD');
  for (const index of lone) {
    for (; own >= 0 && own < index; own = input.indexOf('\uFFFD', own + 1)) at = view.indexOf(REPLACEMENT, at + 3);
    at = view.indexOf(REPLACEMENT, at + 3);
    const unit = input.charCodeAt(index);
    out[at] = 0xed;
    out[at + 1] = 0x80 | ((unit >> 6) & 0x3f);
    out[at + 2] = 0x80 | (unit & 0x3f);
  }
  return out;
}

/** U+FFFD in UTF-8. */
const REPLACEMENT = new Uint8Array([0xef, 0xbf, 0xbd]);

/**
 * Finds the lone surrogates of `input[start..end)` (one chunk): their indexes, or `undefined` if
 * there are more than `most` (then wasm encodes the chunk whole).
 */
type LoneFinder = (input: string, start: number, end: number, most: number) => number[] | undefined;

/** The finders of the `lone` route (js/routes.ts). */
const FINDERS: Record<LoneRoute, LoneFinder> = {
  scan: loneSurrogatesInWasm,
  halving: loneSurrogatesByHalving,
  none: () => undefined,
};

/** Halves (never between a pair) are checked with `isWellFormed`; short ones unit by unit. */
function loneSurrogatesByHalving(input: string, start: number, end: number, most: number): number[] | undefined {
  const found: number[] = [];
  const search = (from: number, to: number): boolean => {
    if (isWellFormed(input.slice(from, to))) return true;
    if (to - from > 64) {
      const mid = splitPoint(input, (from + to) >>> 1);
      return search(from, mid) && search(mid, to);
    }
    for (let i = from; i < to; i++) {
      const unit = input.charCodeAt(i);
      if ((unit & 0xf800) !== 0xd800) continue;
      if (unit <= 0xdbff && i + 1 < to && (input.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        i++; // a pair
        continue;
      }
      if (found.length === most) return false;
      found.push(i);
    }
    return true;
  };
  return search(start, end) ? found : undefined;
}

/**
 * Output buffers up to this size are reused between calls (a result is always a fresh copy of
 * the bytes written): where the route table says so (`nativeUpTo`), encodeInto into a reused
 * buffer plus one copy beats TextEncoder.encode's own allocation. Larger well-formed strings go to
 * TextEncoder.encode itself.
 */
const SCRATCH_LIMIT = 4 << 20;
let scratch = new Uint8Array(0);

function outputFor(size: number): Uint8Array<ArrayBuffer> {
  if (size > SCRATCH_LIMIT) return new Uint8Array(size);
  if (scratch.length < size)
    scratch = new Uint8Array(Math.min(SCRATCH_LIMIT, Math.max(size, 2 * scratch.length, 4096)));
  return scratch;
}

/**
 * A cheap guess whether `input` is Latin-1 text (probing a few code units): then V8 stores it one
 * byte per unit and the native encode is fastest. A wrong guess costs speed, never correctness.
 */
function looksOneByte(input: string): boolean {
  const step = Math.max(1, Math.floor(input.length / 16));
  for (let i = 0; i < input.length; i += step) if (input.charCodeAt(i) > 0xff) return false;
  return true;
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
  if (!isWellFormed(input)) return encodeIntoWasm(input, destination);
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
