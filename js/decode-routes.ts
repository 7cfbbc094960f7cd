/**
 * The decode routes of js/routes.ts: three ways to turn WTF-8 bytes into a string, all with
 * exactly the result of the wasm core (the tests run each against the same oracles), differing
 * in how much of the work the platform's UTF-8 decoder does. They rest on two facts:
 *
 * - Bytes without a surrogate sequence (ED A0–BF …) decode the same as UTF-8 and as WTF-8, in
 *   both modes, with the same U+FFFD per maximal subpart (WHATWG's rule is ours).
 * - The platform's lenient decoder turns each complete surrogate sequence into exactly three
 *   U+FFFD (ED, then the two bytes that cannot follow it), so a text whose U+FFFD are all such
 *   triples is ours once each triple becomes its surrogate unit.
 *
 * @module
 */
import { decodeWasm } from './wasm.js';
import {
  forPlatform,
  lenientUtf8,
  NodeBuffer,
  nodeByteChecks,
  nodeUtf8Slice,
  platformDecode,
  strictUtf8,
} from './platform.js';
import { routes } from './routes.js';
import { decodeShort } from './short.js';

/** Inputs up to this many bytes count as short: a few probes beat a native call. */
export const SHORT_BYTES = 256;

/** The decode route of js/routes.ts that serves `bytes` now. */
export function decodeRouted(bytes: Uint8Array, fatal: boolean): string {
  if (bytes.length <= routes.scanDecodeUpTo) return decodeScanned(bytes, fatal);
  switch (routes.decode) {
    case 'wasm':
      return decodeMostlyWasm(bytes, fatal);
    case 'checked':
      return decodeChecked(bytes, fatal);
    case 'around':
      return decodeAround(bytes, fatal);
    case 'isUtf8':
      return decodeIsUtf8(bytes, fatal);
  }
}

// --- short ------------------------------------------------------------------------------------

/**
 * Short input (up to the route's `scanDecodeUpTo` bytes): one scan for ED A0–BF, the first bytes
 * of every surrogate sequence. Without one, the bytes decode as UTF-8, natively (`shortDecoder`),
 * and a text without U+FFFD is exactly ours (with one, the input was ill-formed or the scan gave
 * up among Hangul: the core decides). With one, the loop of js/short.ts decodes them (the
 * platform decoders take a slow path for surrogate sequences, and a trip to wasm has a fixed cost
 * larger than the whole decode), and the core takes what the loop finds ill-formed.
 */
function decodeScanned(bytes: Uint8Array, fatal: boolean): string {
  if (bytes.length <= routes.jsDecodeUpTo) return decodeShort(bytes, fatal) ?? decodeWasm(bytes, fatal);
  if (hasSurrogateLead(bytes, routes.scanNativeFrom)) return decodeSurrogates(bytes, fatal);
  const text =
    routes.shortDecoder === 'utf8Slice'
      ? nodeUtf8Slice!.call(bytes, 0, bytes.length)
      : lenientUtf8.decode(forPlatform(bytes));
  return text.indexOf('\uFFFD') < 0 ? text : decodeWasm(bytes, fatal);
}

// --- wasm -------------------------------------------------------------------------------------

/**
 * The `wasm` route: wasm decodes everything but ASCII, which goes to the platform decoder (it
 * decodes the same in both modes).
 */
function decodeMostlyWasm(bytes: Uint8Array, fatal: boolean): string {
  if (nodeByteChecks !== undefined && bytes.length > SHORT_BYTES) {
    // Node's isAscii answers natively, far faster than the decoders; for short input a few probes
    // cost less than the call.
    return nodeByteChecks.isAscii(bytes) ? platformDecode(lenientUtf8, bytes) : decodeWasm(bytes, fatal);
  }
  return looksAscii(bytes) ? decodeLenientFirst(bytes, fatal) : decodeWasm(bytes, fatal);
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

// --- isUtf8 -----------------------------------------------------------------------------------

/**
 * The `isUtf8` route (Node's byte checks): bytes without a surrogate sequence decode leniently
 * exactly as the platform's decoder does, and bytes that are UTF-8 also strictly; any other bytes
 * go to wasm, which decodes surrogates and errors faster than the platform decoders do. Lenient
 * input is searched for a surrogate sequence's first two bytes (a native memchr for ED, which is
 * rare outside Hangul) and, where ED is common, asked `isUtf8`, as strict input is. Short input
 * skips both: the lenient decoder's text without U+FFFD says the same.
 */
function decodeIsUtf8(bytes: Uint8Array, fatal: boolean): string {
  if (bytes.length <= SHORT_BYTES) {
    return routes.shortDecoder === 'utf8Slice' ? decodeShortChecked(bytes, fatal) : decodeLenientFirst(bytes, fatal);
  }
  const surrogates = fatal ? undefined : hasSurrogateSequence(bytes);
  if (surrogates === undefined ? nodeByteChecks!.isUtf8(bytes) : !surrogates) return platformDecode(lenientUtf8, bytes);
  return decodeWasm(bytes, fatal);
}

/**
 * The lenient decoder, and when its text holds a U+FFFD (without one, the input was well-formed
 * UTF-8) the loop of js/short.ts or wasm: for short input, and input that looks ASCII.
 */
function decodeLenientFirst(bytes: Uint8Array, fatal: boolean): string {
  const text = platformDecode(lenientUtf8, bytes);
  return text.indexOf('\uFFFD') < 0 ? text : decodeSurrogates(bytes, fatal);
}

/**
 * Short input where Node's byte checks and `utf8Slice` are (the `isUtf8` and `around` routes):
 * `isUtf8` answers in about 25 ns, far less than the platform decoder takes on surrogate sequences
 * (Node 26, 128 Latin units with one: 995 ns, against 85 without); `utf8Slice` then costs a little
 * less than `TextDecoder.decode` (`node benches/run.mjs --fixed-cost`, benches/README.md).
 */
function decodeShortChecked(bytes: Uint8Array, fatal: boolean): string {
  return nodeByteChecks!.isUtf8(bytes) ? nodeUtf8Slice!.call(bytes, 0, bytes.length) : decodeSurrogates(bytes, fatal);
}

/**
 * Bytes up to this many that hold surrogate sequences are decoded by the loop of js/short.ts,
 * longer ones by wasm: measured with `node benches/run.mjs --fixed-cost` (benches/README.md), the
 * loop costs half a trip through wasm at 8 bytes (Node 26: 57 against 107 ns, Bun 69 against
 * 131, Firefox 53 against 103) and about as much at 32 (163 against 118, 171 against 147, 135
 * against 150): building a string from code units in JavaScript costs 2–3 ns a unit.
 */
const LOOP_OVER_WASM_BYTES = 24;

/** Bytes that hold (or may hold) surrogate sequences: the loop when short enough, else wasm. */
function decodeSurrogates(bytes: Uint8Array, fatal: boolean): string {
  return (bytes.length <= LOOP_OVER_WASM_BYTES ? decodeShort(bytes, fatal) : undefined) ?? decodeWasm(bytes, fatal);
}

/**
 * Whether `bytes` hold ED A0–BF, the start of a surrogate sequence, found by `indexOf` (on
 * {@link searchable});
 * `undefined` when that takes more than `probes` ED bytes of other sequences (Hangul
 * U+D000–D7FF, common in Korean text).
 */
function findSurrogateLead(bytes: Uint8Array, probes: number): boolean | undefined {
  const view = searchable(bytes);
  let passed = 0;
  for (let at = view.indexOf(0xed, 0); at >= 0; at = view.indexOf(0xed, at + 1)) {
    if (bytes[at + 1]! >= 0xa0 && bytes[at + 1]! <= 0xbf) return true;
    if (++passed === probes) return undefined;
  }
  return false;
}

/**
 * {@link findSurrogateLead} for the `isUtf8` route, where Node's Buffer searches natively;
 * `undefined` (ask `isUtf8`) elsewhere and for input of 1,024 bytes or less.
 */
function hasSurrogateSequence(bytes: Uint8Array): boolean | undefined {
  if (routes.moves !== 'buffer' || bytes.length <= 1024) return undefined;
  return findSurrogateLead(bytes, ED_PROBES);
}

/** How many ED bytes of other sequences {@link hasSurrogateSequence} passes before `isUtf8` is faster. */
const ED_PROBES = 8;

/**
 * The short-input scan: do `bytes` hold ED A0–BF? Input of at least `nativeFrom` bytes asks
 * {@link findSurrogateLead} (the typed array's `indexOf`), shorter input a plain loop: which is
 * faster depends on the engine (js/routes.ts, `scanNativeFrom`). Past {@link SHORT_ED_PROBES} other
 * ED bytes the search answers `false`: a hint only, since every caller checks the platform
 * decoder's text for U+FFFD, which a surrogate sequence makes.
 */
export function hasSurrogateLead(bytes: Uint8Array, nativeFrom: number): boolean {
  return bytes.length >= nativeFrom ? findSurrogateLead(bytes, SHORT_ED_PROBES) === true : surrogateLeadLoop(bytes);
}

/** How many other ED bytes the short-input scan passes before it leaves the answer to U+FFFD. */
const SHORT_ED_PROBES = 4;

/** {@link hasSurrogateLead} by a plain loop (its own small function, which engines optimize best). */
function surrogateLeadLoop(bytes: Uint8Array): boolean {
  const n = bytes.length;
  for (let i = 0; i < n; i++) {
    if (bytes[i] !== 0xed) continue;
    if (i + 1 < n && bytes[i + 1]! >= 0xa0) return true;
  }
  return false;
}

// --- checked ----------------------------------------------------------------------------------

/**
 * The `checked` route: the platform's lenient decoder on the whole input, whose text is ours when
 * it holds no U+FFFD (well-formed UTF-8) or only the triples that surrogate sequences make, then
 * patched ({@link patchSurrogates}); otherwise wasm decodes. Input that looks dense with
 * surrogates goes to wasm at once: the platform decoder would only find out the slow way (the
 * decoders of V8 and JavaScriptCore fall back to a scalar path for all they were given when it
 * holds any error).
 */
function decodeChecked(bytes: Uint8Array, fatal: boolean): string {
  if (looksDense(bytes)) return decodeWasm(bytes, fatal);
  const text = platformDecode(lenientUtf8, bytes);
  if (text.indexOf('\uFFFD') < 0) return text;
  return patchSurrogates(bytes, text, patchLimit(bytes.length), fatal) ?? decodeWasm(bytes, fatal);
}

/** How many surrogate sequences {@link patchSurrogates} takes before wasm is faster: `patchLimit` per 2^16 bytes, plus 8. */
function patchLimit(length: number): number {
  return 8 + ((routes.patchLimit * length) >>> 16);
}

/**
 * Does `bytes` start the way input dense with surrogates does: two or more surrogate sequences in
 * its first 64 bytes? Then wasm decodes it whole (the platform decoder would only find out the
 * slow way). Short input is never dense: its surrogates are patched. A plain loop: measured in
 * Node 26, `Uint8Array#indexOf` costs 50–80 ns a call here, the loop 20 ns. A wrong guess costs
 * speed, never correctness.
 */
function looksDense(bytes: Uint8Array): boolean {
  if (bytes.length <= SHORT_BYTES) return false;
  let seen = 0;
  for (let at = 0; at < 64; at++) if (bytes[at] === 0xed && bytes[at + 1]! >= 0xa0 && ++seen === 2) return true;
  return false;
}

/**
 * `text`, the platform's lenient decoding of `bytes`, with each U+FFFD triple that a complete
 * surrogate sequence made replaced by the sequence's code unit: our decoding of `bytes`. It is
 * ours exactly when the triples account for every U+FFFD of `text`: each surrogate sequence makes
 * one triple, in order, so any other U+FFFD (an ill-formed sequence, a U+FFFD of the input) is
 * left over after the last triple. `undefined` then, or with more than `limit` surrogates (wasm is
 * faster), a cut-short surrogate sequence, or (strict) a pair spelled as two sequences.
 */
function patchSurrogates(bytes: Uint8Array, text: string, limit: number, fatal: boolean): string | undefined {
  const surrogates = surrogateSequences(bytes, limit);
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

// --- around -----------------------------------------------------------------------------------

/**
 * How many surrogate sequences the `around` route takes before wasm is faster: none for short
 * input (wasm's fixed cost is lower than a few platform calls), then `aroundLimit` per 2^16 bytes.
 */
function aroundLimit(length: number): number {
  return length <= SHORT_BYTES ? 0 : 8 + ((routes.aroundLimit * length) >>> 16);
}

/**
 * Input up to this many bytes, where Node's `isUtf8` and `utf8Slice` are (Node, Bun), is asked
 * `isUtf8` before the `around` route's strict decoder, whose throw at a surrogate sequence costs
 * more than the whole decode of such input: Bun, 128 CJK units with one lone surrogate (385
 * bytes), 2,213 ns through the throw against 1,803 for `TextDecoder.decode`, 550 asking `isUtf8`
 * first (and its short-string cell went from 0.68 to 3.28 in `node benches/run.mjs --short-only
 * --runtime bun`, 25 Nov 2026; its well-formed cell 0.96 to 0.89).
 */
const CHECKED_BYTES = 1024;

/**
 * The `around` route: the platform's strict decoder takes well-formed UTF-8 and gives up at the
 * first surrogate or ill-formed sequence; then the platform decoders between the surrogate
 * sequences, which become their code units, and wasm only for what they cannot do (many
 * surrogates, a cut-short one, a spelled pair, or the position of a strict error).
 */
function decodeAround(bytes: Uint8Array, fatal: boolean): string {
  if (bytes.length <= CHECKED_BYTES && routes.shortDecoder === 'utf8Slice' && nodeByteChecks !== undefined)
    return decodeShortChecked(bytes, fatal);
  let lenient: string | undefined;
  if (!fatal && bytes.length <= SHORT_BYTES) {
    // Short: the lenient decoder's call is cheaper than the strict one's throw.
    lenient = platformDecode(lenientUtf8, bytes);
    if (lenient.indexOf('\uFFFD') < 0) return lenient;
  } else if (!(routes.aroundScan && bytes.length > 1024 && findSurrogateLead(bytes, ED_PROBES) === true)) {
    // (With `aroundScan`, input found to hold a surrogate sequence skips the strict decoder, which
    // would throw at it.)
    try {
      return platformDecode(strictUtf8, bytes);
    } catch {
      // Surrogate sequences or ill-formed input: see below.
    }
  }
  const surrogates = surrogateSequences(bytes, aroundLimit(bytes.length));
  if (surrogates === undefined || (fatal && (surrogates.length === 0 || spelledPair(bytes, surrogates))))
    return decodeWasm(bytes, fatal);
  // Lenient without surrogate sequences: the WHATWG decoder's replacements are exactly ours.
  if (surrogates.length === 0) return lenient ?? platformDecode(lenientUtf8, bytes);
  try {
    return decodeBetween(bytes, surrogates, fatal ? strictUtf8 : lenientUtf8);
  } catch {
    return decodeWasm(bytes, true); // strict: ill-formed between the surrogates; wasm says where and why
  }
}

/**
 * Decodes `bytes` with `decoder` between the given surrogate sequences, which become their code
 * units. Each stretch ends just before an ED lead byte, so no sequence or ill-formed subpart is
 * ever split, and each stretch decodes exactly as it does inside the whole.
 */
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

// --- surrogate sequences ------------------------------------------------------------------------

/**
 * The offsets of the complete surrogate sequences (ED A0–BF 80–BF) of `bytes`, in order;
 * `undefined` when there are more than `limit`, or one is cut short (its maximal subpart differs
 * from the WHATWG decoder's).
 */
function surrogateSequences(bytes: Uint8Array, limit: number): number[] | undefined {
  const found: number[] = [];
  const view = searchable(bytes);
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

/**
 * Where to search `bytes` with `indexOf`: a Node Buffer over them (a native memchr) for input
 * past 1,024 bytes where the routes move code units through Buffer (Node, Bun: there it is
 * native), else `bytes` themselves (Deno's Buffer is written in JS: measured 25× slower there).
 */
function searchable(bytes: Uint8Array): { indexOf(value: number, from: number): number } {
  if (routes.moves === 'buffer' && NodeBuffer !== undefined && bytes.length > 1024)
    return NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  return bytes;
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
