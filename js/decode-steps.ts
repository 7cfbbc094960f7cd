/**
 * The steps a plan (js/routes.ts) chains to decode WTF-8 bytes, and the ways it asks whether bytes
 * are UTF-8. Each step serves the input with exactly the core's string (or strict error) or passes
 * it on (`undefined`); every band ends in {@link wasmDecode}. They rest on two facts:
 *
 * - Bytes without a surrogate sequence (ED A0–BF …) decode the same as UTF-8 and as WTF-8, with
 *   the same U+FFFD per maximal subpart (WHATWG's rule is ours): a platform decoder's text
 *   without U+FFFD is ours, strict or not.
 * - The platform's lenient decoder turns each complete surrogate sequence into exactly three
 *   U+FFFD, so a text whose U+FFFD are all such triples is ours once each becomes its unit.
 *
 * A strict error is always the core's: steps pass ill-formed input on, and wasm says where and
 * why. A step that needs what the runtime lacks is `undefined` here (one step less in its band).
 * tests/js/steps.test.mjs holds each step to the reference.
 *
 * @module
 */
import { decodeWasm } from './wasm.js';
import { forPlatform, lenientUtf8, nodeParts, platformDecode, strictUtf8 } from './platform.js';
import { decodeShort } from './short.js';
import { type Few, type Labelled, step } from './plan.js';

/** A step: the string of `bytes` (strict when `fatal`), or `undefined` to pass them on. */
export type DecodeStep = ((bytes: Uint8Array, fatal: boolean) => string | undefined) & Labelled;
/** The last step of a band: serves all bytes (and throws the strict errors). */
export type DecodeEnd = ((bytes: Uint8Array, fatal: boolean) => string) & Labelled;

/** wasm: all bytes, and every strict error with its position. */
export const wasmDecode: DecodeEnd = step(STEP_NAMES && 'wasmDecode', (bytes, fatal) => decodeWasm(bytes, fatal));

/**
 * The JavaScript loop of js/short.ts, for well-formed WTF-8 only (it passes at the first
 * ill-formed byte, and strictly at a spelled-out pair); at most 1,024 bytes (one `apply`).
 */
export const loopDecode: DecodeStep = step(STEP_NAMES && 'loopDecode', decodeShort, undefined, 1024);

/** A platform UTF-8 decoder, lenient (U+FFFD), as a plain function. */
export type NativeDecoder = ((bytes: Uint8Array) => string) & Labelled;

/** `TextDecoder.decode` (lenient, a BOM kept), for input of any length (js/platform.ts). */
export const textDecoder: NativeDecoder = step(STEP_NAMES && 'textDecoder', (bytes: Uint8Array) =>
  platformDecode(lenientUtf8, bytes),
);

/**
 * Node's (and Bun's) `Buffer#utf8Slice`: `TextDecoder`'s decoder without its argument handling
 * (5–25% of a short decode); {@link textDecoder} where there is none. Up to 128 MiB (it does not
 * split around V8's string length limit). Made when a plan is built (js/platform.ts `nodeParts`).
 */
export function utf8Slice(): NativeDecoder {
  return (slice ??= makeUtf8Slice());
}

/** {@link utf8Slice}, made once: the rows of Node and Bun name it in up to three bands. */
let slice: NativeDecoder | undefined;

function makeUtf8Slice(): NativeDecoder {
  const native = nodeParts().utf8Slice;
  return native === undefined
    ? textDecoder
    : step(STEP_NAMES && 'utf8Slice', (bytes: Uint8Array) => native.call(bytes, 0, bytes.length), undefined, 1 << 27);
}

/** How a step searches bytes for ED: the typed array's `indexOf`, or Node's Buffer (a native memchr). */
export type ByteSearch = 'typed' | 'buffer';

/**
 * `decoder`, unless a scan finds ED A0–BF (a surrogate sequence's first bytes), if its text has no
 * U+FFFD. The scan: a plain `'loop'`, or a `search` (the typed array's `indexOf`: SIMD in
 * SpiderMonkey and JavaScriptCore) that gives up after `probes` other ED bytes (Hangul): a hint
 * only, since every surrogate sequence makes a U+FFFD.
 */
export function nativeUnlessSurrogate(
  decoder: NativeDecoder,
  scan: 'loop' | { probes: number; search: ByteSearch },
): DecodeStep {
  const args = [decoder, scan];
  if (scan === 'loop')
    return step(
      STEP_NAMES && 'nativeUnlessSurrogate',
      (bytes) => (surrogateScan(bytes) ? undefined : clean(decoder(bytes))),
      args,
      decoder.maxLength,
    );
  const { probes } = scan;
  const where = searchIn(scan.search);
  return step(
    STEP_NAMES && 'nativeUnlessSurrogate',
    (bytes) => (surrogateSequenceIn(bytes, probes, where(bytes)) === true ? undefined : clean(decoder(bytes))),
    args,
    decoder.maxLength,
  );
}

/**
 * ASCII bytes (a loop up to the first other byte) as {@link asciiText}; passes any other. For
 * ASCII this skips UTF-8 decoding and the U+FFFD check: the rows of Node up to 16 bytes
 * (benches/README.md, D11).
 */
export function asciiSlice(): DecodeStep {
  return (ascii ??= step(
    STEP_NAMES && 'asciiSlice',
    (bytes: Uint8Array) => (allAscii(bytes) ? asciiText(bytes) : undefined),
    undefined,
    1 << 27,
  ));
}

/** {@link asciiSlice}, made once (a function, so that the files without Node's rows leave it out). */
let ascii: DecodeStep | undefined;

/** ASCII bytes as a string: Node's (and Bun's) `Buffer#latin1Slice` (no UTF-8 to decode), else `TextDecoder`. */
function asciiText(bytes: Uint8Array): string {
  const latin1 = nodeParts().latin1Slice;
  return latin1 === undefined ? platformDecode(lenientUtf8, bytes) : latin1.call(bytes, 0, bytes.length);
}

/** The lenient platform decoder; its text without U+FFFD is ours (strict too). */
export const nativeClean: DecodeStep = step(STEP_NAMES && 'nativeClean', (bytes) =>
  clean(platformDecode(lenientUtf8, bytes)),
);

/** `decoder` when Node's `isUtf8` (native, SIMD) says the bytes are UTF-8. `undefined` without it. */
export function nativeIfUtf8(decoder: NativeDecoder): DecodeStep | undefined {
  const checks = nodeParts().byteChecks;
  if (checks === undefined) return undefined;
  return step(
    STEP_NAMES && 'nativeIfUtf8',
    (bytes: Uint8Array) => (checks.isUtf8(bytes) ? decoder(bytes) : undefined),
    [decoder],
    decoder.maxLength,
  );
}

/** `TextDecoder` when Node's `isAscii` (native) says the bytes are ASCII. `undefined` without Node's byte checks. */
export function nativeIfAscii(): DecodeStep | undefined {
  const checks = nodeParts().byteChecks;
  if (checks === undefined) return undefined;
  return step(STEP_NAMES && 'nativeIfAscii', (bytes: Uint8Array) =>
    checks.isAscii(bytes) ? platformDecode(lenientUtf8, bytes) : undefined,
  );
}

/**
 * `decoder` when 17 probed bytes are ASCII (every byte of input under 32 bytes), if its text has
 * no U+FFFD (a wrong guess costs only speed).
 */
export function nativeIfLooksAscii(decoder: NativeDecoder): DecodeStep {
  return step(
    STEP_NAMES && 'nativeIfLooksAscii',
    (bytes: Uint8Array) => (looksAscii(bytes) ? clean(decoder(bytes)) : undefined),
    [decoder],
    decoder.maxLength,
  );
}

/**
 * Whether the 17 bytes at 0, n/16, 2n/16 … 15n/16 and the last are ASCII (below 32 bytes, every
 * byte, as the loop with a stride did before). Written out, not a loop: with `utf8Slice`, 32 ASCII
 * bytes in Node 22 took 66.6 ns against 73.7 for the loop (`utf8Slice` alone 56), 3 Dec 2026
 * (benches/README.md, D11).
 */
function looksAscii(b: Uint8Array): boolean {
  const n = b.length;
  const s = n >>> 4;
  if (s < 2) return allAscii(b);
  return (
    (b[0]! |
      b[s]! |
      b[2 * s]! |
      b[3 * s]! |
      b[4 * s]! |
      b[5 * s]! |
      b[6 * s]! |
      b[7 * s]! |
      b[8 * s]! |
      b[9 * s]! |
      b[10 * s]! |
      b[11 * s]! |
      b[12 * s]! |
      b[13 * s]! |
      b[14 * s]! |
      b[15 * s]! |
      b[n - 1]!) <
    0x80
  );
}

/**
 * The platform's strict decoder (it throws at the first surrogate or ill-formed sequence: then
 * this passes). With `unlessSurrogate`, a search for a surrogate sequence first (giving up after
 * `probes` other ED bytes), and with one found a pass without the throw, which can cost as much as
 * decoding half the input.
 */
export function nativeStrict(unlessSurrogate?: { probes: number; search: ByteSearch }): DecodeStep {
  if (unlessSurrogate === undefined) return step(STEP_NAMES && 'nativeStrict', strict, []);
  const { probes, search } = unlessSurrogate;
  const where = searchIn(search);
  return step(
    STEP_NAMES && 'nativeStrict',
    (bytes) => (surrogateSequenceIn(bytes, probes, where(bytes)) === true ? undefined : strict(bytes)),
    [unlessSurrogate],
  );
}

function strict(bytes: Uint8Array): string | undefined {
  try {
    return platformDecode(strictUtf8, bytes);
  } catch {
    return undefined; // a surrogate sequence or ill-formed input
  }
}

/**
 * A search for a surrogate sequence decides lenient input at once: with one, wasm (faster than the
 * platform decoders on surrogates); with none, the platform's. Passes strict input, and input
 * where more than `probes` other ED bytes (Hangul) come first.
 */
export function searchSurrogates(probes: number, search: ByteSearch): DecodeStep {
  const where = searchIn(search);
  return step(
    STEP_NAMES && 'searchSurrogates',
    (bytes, fatal) => {
      if (fatal) return undefined;
      const found = surrogateSequenceIn(bytes, probes, where(bytes));
      return found === undefined ? undefined : found ? decodeWasm(bytes, false) : platformDecode(lenientUtf8, bytes);
    },
    [probes, search],
  );
}

/**
 * The platform's decoders between the surrogate sequences (at most `few(length)`), which become
 * their units: each stretch ends before an ED byte, so it decodes exactly as inside the whole.
 * Passes with more, a cut-short one, and strictly a spelled-out pair or an error between them.
 */
export function nativeBetween(few: Few, search: ByteSearch): DecodeStep {
  const where = searchIn(search);
  return step(
    STEP_NAMES && 'nativeBetween',
    (bytes, fatal) => {
      const surrogates = surrogateSequences(bytes, few(bytes.length), where(bytes));
      if (surrogates === undefined || (fatal && (surrogates.length === 0 || spelledPair(bytes, surrogates))))
        return undefined;
      if (surrogates.length === 0) return platformDecode(lenientUtf8, bytes);
      try {
        return decodeBetween(bytes, surrogates, fatal ? strictUtf8 : lenientUtf8);
      } catch {
        return undefined; // strict: ill-formed between the surrogates; wasm says where and why
      }
    },
    [few, search],
  );
}

/**
 * The platform's lenient decoder, its text ours when its only U+FFFD are the triples of at most
 * `few(length)` surrogate sequences, each then replaced by its unit. Passes any other text.
 */
export function nativePatched(few: Few, search: ByteSearch): DecodeStep {
  const where = searchIn(search);
  return step(
    STEP_NAMES && 'nativePatched',
    (bytes, fatal) => {
      const text = platformDecode(lenientUtf8, bytes);
      if (text.indexOf('\uFFFD') < 0) return text;
      return patchSurrogates(bytes, text, few(bytes.length), fatal, where(bytes));
    },
    [few, search],
  );
}

/**
 * wasm at once for input that starts dense with surrogates (two surrogate sequences in its first
 * `first` bytes): V8's and JavaScriptCore's decoders fall back to a scalar path on any error.
 */
export function wasmIfDense(first: number): DecodeStep {
  return step(
    STEP_NAMES && 'wasmIfDense',
    (bytes, fatal) => (looksDense(bytes, first) ? decodeWasm(bytes, fatal) : undefined),
    [first],
  );
}

// --- is it UTF-8? --------------------------------------------------------------------------------

/** How `checkWtf8`, `isWtf8`, `checkUtf8` and `wtf8ToUtf8` ask whether bytes are UTF-8 first. */
export type Utf8Check = ((bytes: Uint8Array) => boolean) & Labelled;

/** Node's `isUtf8` (native, SIMD). `undefined` without Node's byte checks. */
export function isUtf8Native(): Utf8Check | undefined {
  const checks = nodeParts().byteChecks;
  return checks === undefined
    ? undefined
    : step(STEP_NAMES && 'isUtf8Native', (bytes: Uint8Array) => checks.isUtf8(bytes));
}

/** The platform's strict decoder: no throw, UTF-8. */
export const isUtf8Strict: Utf8Check = step(
  STEP_NAMES && 'isUtf8Strict',
  (bytes: Uint8Array) => strict(bytes) !== undefined,
);

/** The lenient decoder first (where the strict one is slow), the strict one only for a text with U+FFFD. */
export const isUtf8Lenient: Utf8Check = step(
  STEP_NAMES && 'isUtf8Lenient',
  (bytes: Uint8Array) => platformDecode(lenientUtf8, bytes).indexOf('\uFFFD') < 0 || strict(bytes) !== undefined,
);

// --- surrogate sequences ---------------------------------------------------------------------------

/** `text` when it holds no U+FFFD (then it is ours), else `undefined`. */
function clean(text: string): string | undefined {
  return text.indexOf('\uFFFD') < 0 ? text : undefined;
}

/** Where to search bytes: themselves, or a Buffer over them (a native memchr) where asked and there. */
function searchIn(search: ByteSearch): (bytes: Uint8Array) => Searchable {
  const Buffer = nodeParts().Buffer;
  if (search === 'typed' || Buffer === undefined) return (bytes) => bytes;
  return (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
}

interface Searchable {
  indexOf(value: number, from: number): number;
}

/**
 * Whether `bytes` hold ED A0–BF (a surrogate sequence's first bytes), by `indexOf` on `view`;
 * `undefined` after `probes` ED bytes of other sequences (Hangul, common in Korean text).
 */
export function surrogateSequenceIn(bytes: Uint8Array, probes: number, view: Searchable): boolean | undefined {
  let passed = 0;
  for (let at = view.indexOf(0xed, 0); at >= 0; at = view.indexOf(0xed, at + 1)) {
    if (bytes[at + 1]! >= 0xa0 && bytes[at + 1]! <= 0xbf) return true;
    if (++passed === probes) return undefined;
  }
  return false;
}

/** Whether every byte is ASCII, by a plain loop. */
function allAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! >= 0x80) return false;
  return true;
}

/** Whether `bytes` hold ED A0–BF, by a plain loop (its own small function: engines optimize it best). */
export function surrogateScan(bytes: Uint8Array): boolean {
  const n = bytes.length;
  for (let i = 0; i < n; i++) {
    if (bytes[i] !== 0xed) continue;
    if (i + 1 < n && bytes[i + 1]! >= 0xa0) return true;
  }
  return false;
}

/** Two surrogate sequences in the first `first` bytes? (A loop: 20 ns, `indexOf` 50–80 on Node 26.) */
function looksDense(bytes: Uint8Array, first: number): boolean {
  let seen = 0;
  const n = Math.min(bytes.length, first);
  for (let at = 0; at < n; at++) if (bytes[at] === 0xed && bytes[at + 1]! >= 0xa0 && ++seen === 2) return true;
  return false;
}

/**
 * `text` (the lenient decoding of `bytes`) with each surrogate sequence's U+FFFD triple replaced
 * by its unit: ours exactly when the triples, in order, account for every U+FFFD. `undefined`
 * otherwise, with more than `limit` sequences, a cut-short one, or strictly a spelled-out pair.
 */
function patchSurrogates(
  bytes: Uint8Array,
  text: string,
  limit: number,
  fatal: boolean,
  view: Searchable,
): string | undefined {
  const surrogates = surrogateSequences(bytes, limit, view);
  if (surrogates === undefined || surrogates.length === 0 || (fatal && spelledPair(bytes, surrogates)))
    return undefined;
  let out = '';
  let from = 0;
  for (const at of surrogates) {
    const triple = text.indexOf('\uFFFD', from);
    if (triple < 0 || text.charCodeAt(triple + 1) !== 0xfffd || text.charCodeAt(triple + 2) !== 0xfffd)
      return undefined;
    out += text.slice(from, triple) + String.fromCharCode(surrogateAt(bytes, at));
    from = triple + 3;
  }
  return text.indexOf('\uFFFD', from) < 0 ? out + text.slice(from) : undefined;
}

/** `bytes` decoded by `decoder` between the surrogate sequences at `surrogates`, which become their units. */
function decodeBetween(bytes: Uint8Array, surrogates: number[], decoder: TextDecoder): string {
  let text = '';
  let from = 0;
  for (const at of surrogates) {
    if (at > from) text += decoder.decode(forPlatform(bytes.subarray(from, at)));
    text += String.fromCharCode(surrogateAt(bytes, at));
    from = at + 3;
  }
  return from < bytes.length ? text + platformDecode(decoder, bytes.subarray(from)) : text;
}

/**
 * The offsets of the surrogate sequences (ED A0–BF 80–BF) of `bytes`; `undefined` with more than
 * `limit`, or one cut short (its maximal subpart differs from WHATWG's).
 */
function surrogateSequences(bytes: Uint8Array, limit: number, view: Searchable): number[] | undefined {
  const found: number[] = [];
  for (let at = view.indexOf(0xed, 0); at >= 0; at = view.indexOf(0xed, at + 1)) {
    const second = bytes[at + 1]!;
    if (second < 0xa0 || second > 0xbf) continue;
    const third = bytes[at + 2];
    if (third === undefined || (third & 0xc0) !== 0x80 || found.length === limit) return undefined;
    found.push(at);
    at += 2;
  }
  return found;
}

/** The surrogate code unit of the complete 3-byte sequence at `at`. */
function surrogateAt(bytes: Uint8Array, at: number): number {
  return 0xd000 | ((bytes[at + 1]! & 0x3f) << 6) | (bytes[at + 2]! & 0x3f);
}

/** Is some lead surrogate sequence directly followed by a trail surrogate sequence (not WTF-8)? */
function spelledPair(bytes: Uint8Array, surrogates: number[]): boolean {
  for (let i = 1; i < surrogates.length; i++) {
    const lead = surrogates[i - 1]!;
    if (surrogates[i] === lead + 3 && bytes[lead + 1]! <= 0xaf && bytes[lead + 4]! >= 0xb0) return true;
  }
  return false;
}
