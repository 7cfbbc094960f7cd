/**
 * The route table: one plan per runtime, chosen once at import ({@link planFor}).
 *
 * Read a row as "input up to N units (encode) or bytes (decode): these steps, in order". Each step
 * serves the input or passes it on; the last of each band serves everything. Every step gives the
 * core's exact result (js/encode-steps.ts and js/decode-steps.ts say how, tests/js/steps.test.mjs
 * holds each to the reference, and the route check runs every plan against the same oracles), so
 * plans differ only in speed, and which is fastest depends on the engine's native codecs, which no
 * feature test can see (Node 24 and 26 have the APIs of Node 22, with SIMD codecs behind them).
 * A step that needs what the runtime lacks (Node's Buffer or `isUtf8`, `isWellFormed`) is left out
 * of its band when the plan is built; nothing is checked during a call.
 *
 * Each choice carries one sentence: what it wins (over what, by how much, on which corpus, engine
 * and date), what it loses, and when to revisit it. The figures are ours ÷ the platform's lossy call
 * (above 1: ours faster) on a 2-core AMD EPYC; benches/README.md "Plans" has the full ratios under
 * the ids cited here ([E1], [D4], …). "Short" is the pools of 4,096 different 8/32/128-unit strings
 * (worst / median), "wf" the well-formed corpora at 10 K and 1 M units, "lone" those with lone
 * surrogates. `npm run bench -- --plans` times every plan this runtime can build and prints the
 * best per band as a row to paste.
 *
 * @module
 */
import { bindPlan, type BoundPlan, few, type Plan, upTo } from './plan.js';
import { useMoves } from './wasm.js';
import { nodeParts, type Runtime, runtime } from './platform.js';
import {
  chunkedEncode,
  type EncodeEnd,
  halving,
  type EncodeStep,
  loopEncode,
  nativeEncode,
  SCRATCH_UNITS,
  wasmEncode,
} from './encode-steps.js';
import {
  asciiSlice,
  type DecodeEnd,
  type DecodeStep,
  isUtf8Lenient,
  isUtf8Native,
  isUtf8Strict,
  loopDecode,
  nativeBetween,
  nativeClean,
  nativeIfAscii,
  nativeIfLooksAscii,
  nativeIfUtf8,
  nativePatched,
  nativeStrict,
  nativeUnlessSurrogate,
  searchSurrogates,
  textDecoder,
  type Utf8Check,
  utf8Slice,
  wasmDecode,
  wasmIfDense,
} from './decode-steps.js';

/** A plan of this package: its steps are those of js/encode-steps.ts and js/decode-steps.ts. */
export type Wtf8Plan = Plan<EncodeStep, EncodeEnd, DecodeStep, DecodeEnd, Utf8Check>;

/**
 * Strings up to 32 units: the JavaScript loop (its result lives on the engine's heap). Loop over
 * `TextEncoder.encode`: short median 2.5× on Node 22/24/26, Deno, Chromium, Firefox, 25 Nov 2026
 * [E1]; loses past 64 bytes of output (V8 then allocates natively either way) and on Bun; revisit
 * when V8 allocates `TextEncoder`'s small results on its heap.
 */
const LOOP_UNITS = 32;

/**
 * Up to 128 units: the platform's encoder when well-formed, else one trip through wasm. wasm over
 * the loop for lone surrogates: 2.8× at 128 units, Node 26, 25 Nov 2026 [E2]; loses nothing
 * measured; 128 is the short pools' largest size, unmeasured as a limit: revisit with `--plans`.
 */
const SHORT_UNITS = 128;

/**
 * Bytes with a surrogate sequence: the loop up to 24, wasm above. Loop over wasm: 1.9× at 8 bytes,
 * Node 26, Bun, Firefox, 25 Nov 2026 [D3]; loses from about 24 bytes (2–3 ns a unit); revisit
 * when a wasm trip gets cheaper. Deno and Chromium take the loop first for any input this short
 * (4 Dec 2026 [D6], [D8]).
 */
const LOOP_BYTES = 24;

/** Node 20 to 23 (scalar native codecs). Expires when Node 22 leaves maintenance (30 April 2027). */
function node22(): Wtf8Plan {
  return {
    name: 'node22',
    moves: 'buffer',
    encode: [
      upTo(LOOP_UNITS, loopEncode),
      // Past the loop, wasm for every string but those that look Latin-1 (to 128 units) or ASCII
      // (past 128), for which V8's `isWellFormed` answers at once and its encoder is fastest:
      // two-byte strings skip Node 22/24's scalar `isWellFormed` and `TextEncoder`. 1 K–1 M wf
      // 1.0–6.2, lone 1.8–5.2, against 0.88–1.33 and 0.98–3.47 with `isWellFormed` first and
      // chunks, Node 24.21, 29 Nov 2026 [E3]; loses on text whose 16 probes are all ASCII but is
      // not (Latin 1.2 against wasm's 3–6; at 100 K and 1 M units 0.96–1.27 -> 2.5–5.6 in Node 22
      // and 24 since the probes read four units each from 64 Ki units, 3 Dec 2026 [E3]); revisit
      // when Node backports SIMD `isWellFormed`. Past
      // 1,398,101 units the buffer would pass 4 MiB (a memory bound): `encode`, unmeasured.
      upTo(SHORT_UNITS, nativeEncode('encode', 'latin1'), wasmEncode),
      upTo(SCRATCH_UNITS, nativeEncode('encodeInto', 'ascii'), wasmEncode),
      upTo(Infinity, nativeEncode('encode', 'ascii'), wasmEncode),
    ],
    decode: [
      // A band to 16 bytes, over 64 [D1]: ASCII (a plain loop, which V8 runs faster than its
      // 15–20 ns `indexOf` call [D10]) to `latin1Slice`, the rest to the loop, over the ED scan,
      // `utf8Slice` and a U+FFFD check: Node 22 short wf 8 units ASCII 0.74 -> 0.88, Latin 0.73 ->
      // 0.87, emoji 0.75 -> 0.90, 3 Dec 2026 [D11]; loses on CJK at 24 bytes (1.27 -> 1.09);
      // revisit with the next short sweep.
      upTo(16, asciiSlice(), loopDecode, wasmDecode),
      // ASCII-looking bytes to `utf8Slice`, the rest to wasm over Node 22's scalar `TextDecoder`: wf
      // 0.87–3.64, 24 Nov 2026 [D5]; `utf8Slice` and 17 written-out probes over `TextDecoder` and a
      // probe loop: short ASCII 32 / 128 units 0.69 / 0.74 -> 0.86 / 0.88, 3 Dec 2026 [D11]; loses
      // on ASCII with a little non-ASCII (0.66 at 100 units); revisit never (the row expires first).
      // Past 256 bytes Node's native `isAscii` decides instead of the probes (unmeasured on its own;
      // the probes where it is missing).
      upTo(LOOP_BYTES, nativeIfLooksAscii(utf8Slice()), loopDecode, wasmDecode),
      upTo(256, nativeIfLooksAscii(utf8Slice()), wasmDecode),
      upTo(Infinity, nativeIfAscii() ?? nativeIfLooksAscii(textDecoder), wasmDecode),
    ],
    utf8: isUtf8Native() ?? isUtf8Strict,
  };
}

/** Node 24 and 25 (SIMD `TextDecoder`, scalar `isWellFormed`). Expires when Node 24 leaves maintenance (30 April 2028). */
function node24(): Wtf8Plan {
  return { ...node22(), name: 'node24', decode: nodeSimdDecode() };
}

/**
 * Node 26 (SIMD `TextEncoder`, `TextDecoder`, `isWellFormed`), and by rule a runtime with Node's
 * Buffer and byte checks that no row names. Expires when Node 26 leaves maintenance (30 April
 * 2029); revisit with each new Node major.
 */
function node26(): Wtf8Plan {
  return {
    name: 'node26',
    moves: 'buffer',
    encode: [
      upTo(LOOP_UNITS, loopEncode),
      // `isWellFormed` (SIMD) then `TextEncoder`, else wasm whole, over patching a few lone
      // surrogates into `TextEncoder`'s output (slow on them) and chunks around more: 1 K–1 M lone
      // 0.76–1.62 against 0.45–1.35, wf the same path (0.54–0.98), Node 26.10, 29 Nov 2026 [E4];
      // loses to wasm whole on emoji wf past 10 K (0.80–0.85 against 1.32–2.21: V8's encoder is
      // slow on pairs); revisit when it is not.
      upTo(Infinity, nativeEncode(), wasmEncode),
    ],
    decode: nodeSimdDecode(),
    utf8: isUtf8Native() ?? isUtf8Strict,
  };
}

/** Node 24 and 26 decode alike: simdutf's `TextDecoder`, Node's `isUtf8`. */
function nodeSimdDecode(): Wtf8Plan['decode'] {
  return [
    // As Node 22 up to 16 bytes: Node 26 short wf worst 0.80 against 0.66 with 64 [D1]; ASCII to
    // `latin1Slice` and the rest to the loop, over the ED scan and `utf8Slice`: short wf 8 units
    // ASCII 0.95 / 0.97 -> 1.05 / 1.02, Latin 0.86 / 0.90 -> 1.06 / 1.05, emoji 0.89 / 0.98 -> 1.10
    // / 1.25 (Node 24 / 26), 3 Dec 2026 [D11].
    upTo(16, asciiSlice(), loopDecode, wasmDecode),
    // `isUtf8` then `utf8Slice` over the platform decoder's slow path on surrogates: 12× less at
    // 128 Latin units with one, Node 26, 25 Nov 2026 [D2]; loses 10–25 ns on well-formed 16–128
    // bytes; revisit when Node says "UTF-8 without surrogates" in one call.
    upTo(LOOP_BYTES, nativeIfUtf8(utf8Slice()), loopDecode, wasmDecode),
    upTo(256, nativeIfUtf8(utf8Slice()), wasmDecode),
    // `isUtf8` then `TextDecoder`, else SIMD wasm, over patching: lone 2.73–3.62 against 0.76–1.09,
    // Node 26, 24 Nov 2026 [D4]; loses the `isUtf8` pass on wf (0.89 median); revisit when
    // `TextDecoder` is fast on surrogates. To 1 KiB `utf8Slice` for `TextDecoder`: short CJK 128
    // units (350 bytes) 0.74–0.80 -> 0.82–0.89, Node 24 / 26, 4 Dec 2026 [D4]. Past 1 KiB Buffer's
    // memchr for ED A0–BF decides first unless 8 other EDs come first (unmeasured on its own).
    upTo(1024, nativeIfUtf8(utf8Slice()), wasmDecode),
    upTo(Infinity, searchSurrogates(8, 'buffer'), nativeIfUtf8(textDecoder), wasmDecode),
  ];
}

/** Deno 2 (V8; its Buffer and `isUtf8` are JavaScript). Revisit with each Deno minor; expires with Deno 3. */
function deno(): Wtf8Plan {
  return {
    name: 'deno',
    moves: 'builtins',
    encode: [
      upTo(LOOP_UNITS, loopEncode),
      upTo(SHORT_UNITS, nativeEncode(), wasmEncode),
      // Latin-1 to `TextEncoder.encode`, two-byte text to wasm whole, over chunks around lone
      // surrogates found by halving: 10 K / 1 M two-byte wf 2.4–3.3 / 1.8–2.5 against 1.3–1.9 /
      // 1.3–1.7, lone 2.6–3.2 / 2.1–2.8 against 1.8–2.8 / 2.0–2.7, Deno 2.9.6, 3 Dec 2026 [E5];
      // loses nothing measured; revisit when Deno's `encode` is fast on two-byte strings.
      upTo(Infinity, nativeEncode('encode', 'latin1'), wasmEncode),
    ],
    decode: [
      // The loop to 24 bytes, over wasm: short 8 units' mean 1.75–1.77 -> 2.01, ASCII 8 1.26–1.28
      // -> 1.66–1.74, CJK 8 1.56–1.71 -> 1.87, Deno 2.9.6, 4 Dec 2026 [D6]; loses nothing measured.
      // Then wasm to 64 bytes, then ASCII-looking bytes to `TextDecoder` and the rest to wasm, over
      // the ED scan and `TextDecoder` to 64 and the patched decoder to 256: short wf 0.75–2.55
      // against 0.63–0.90, lone 0.61–3.40 against 0.60–3.22, 29 Nov 2026 [D6]; loses on ASCII with
      // a lone surrogate (0.61 against wasm's 1.36 at 128 bytes); revisit when Deno's `TextDecoder`
      // call gets cheap.
      upTo(LOOP_BYTES, loopDecode, wasmDecode),
      upTo(64, wasmDecode),
      upTo(256, nativeIfLooksAscii(textDecoder), wasmDecode),
      lenientBand(),
    ],
    utf8: isUtf8Lenient,
  };
}

/**
 * Past 256 bytes, Deno's and WebKit's decoding: the lenient decoder patched (up to 8 + 1,024 per
 * 64 KiB) over strict-first: wf 0.84–1.07 against 0.14–0.50 in Deno, 24 Nov 2026 [D6]; loses on
 * lone (0.71–0.87: nothing finds them cheaply first); revisit with the patch limit, never swept.
 * Input with two surrogate sequences in its first 64 bytes goes to wasm (unmeasured on its own).
 */
function lenientBand(): Wtf8Plan['decode'][number] {
  return upTo(Infinity, wasmIfDense(64), nativePatched(few(8, 1024), 'typed'), wasmDecode);
}

/** Bun 1.4 (JavaScriptCore; Node's Buffer and byte checks). Revisit with each Bun minor; expires with Bun 2. */
function bun(): Wtf8Plan {
  return {
    name: 'bun',
    moves: 'buffer',
    encode: [
      // No loop: JavaScriptCore's `TextEncoder.encode` wins even at 8 units (short wf worst 0.82
      // against 0.24 with it), 25 Nov 2026 [E1]; the loop only for lone surrogates [E2].
      upTo(LOOP_UNITS, nativeEncode(), loopEncode),
      upTo(SHORT_UNITS, nativeEncode(), wasmEncode),
      // `isWellFormed` first, then wasm whole, over chunks first: wf 0.74–0.98 against 0.23, 24 Nov
      // 2026 [E6]; and wasm whole over chunks around lone surrogates found by a wasm scan: 10 K /
      // 1 M lone 3.2–5.4 / 2.6–3.3 against 2.9–4.6 / 2.3–3.0, Bun 1.4.5, 3 Dec 2026 [E6]; loses
      // nothing measured; revisit when Bun's encoder gets fast on lone surrogates.
      upTo(Infinity, nativeEncode(), wasmEncode),
    ],
    decode: [
      // To 16 bytes ASCII to `latin1Slice` (as Node's rows), then the ED scan: short ASCII 8 units
      // 0.63–0.65 -> 0.79, the other 8-unit cells 0–5% less (Latin 0.85–0.89 -> 0.83–0.86), Bun
      // 1.4.5, 4 Dec 2026 [D7] (to 64 bytes: Latin and emoji 32 units 0.91–0.96 -> 0.75–0.84);
      // then `isUtf8` first to 1 KiB over the strict decoder's throw: a 385-byte lone cell 3.28
      // against 0.68, 25 Nov 2026 [D7]; loses on wf 0.89 against 0.96; revisit when
      // JavaScriptCore's throw gets cheap. What `isUtf8` refuses goes to the loop to 64 bytes (24
      // before): short ASCII lone 32 units 0.58–0.60 -> 0.68–0.72, Latin 1.00–1.04 -> 1.13–1.19,
      // emoji 1.31–1.32 -> 1.16–1.17, 4 Dec 2026 [D7].
      upTo(16, asciiSlice(), nativeUnlessSurrogate(utf8Slice(), 'loop'), loopDecode, wasmDecode),
      upTo(64, nativeIfUtf8(utf8Slice()), loopDecode, wasmDecode),
      upTo(1024, nativeIfUtf8(utf8Slice()), wasmDecode),
      // Strict-first, then between surrogates (up to 8 + 128 per 64 KiB), over `isUtf8` first: wf
      // 0.89–1.02 against 0.71–0.94, 24 Nov 2026 [D7]; loses on lone to searching first (1.19 /
      // 2.58 against 2.25 / 3.47); revisit with the limit, never swept.
      upTo(Infinity, nativeStrict(), nativeBetween(few(8, 128), 'buffer'), wasmDecode),
    ],
    utf8: isUtf8Native() ?? isUtf8Strict,
  };
}

/** Chromium 156 (V8, the JS String Builtins). Revisit with each Chromium stable, twice a year. */
function chromium(): Wtf8Plan {
  return {
    name: 'chromium',
    moves: 'builtins',
    // From 33 to 128 units wasm whole, over `isWellFormed` and `TextEncoder` first (Blink's call
    // costs more than wasm's trip, as for decoding [D8]): 100 units 0.90–0.98 -> 1.33–1.62 on
    // every script, short 128 wf 0.94–1.01 -> 1.49–2.09 in `--plans`, and 100 units 0.84–1.00 ->
    // 1.34–1.83, short 128 wf 0.84–1.08 -> 1.49–1.80 against the commit before, 3 Dec 2026 [E7];
    // loses nothing measured.
    encode: browserEncode(wasmEncode),
    decode: [
      // The loop to 24 bytes, over wasm: short 8 units' mean 1.59–1.83 -> 2.13–2.27, wf 8 units
      // 1.47–2.47 -> 2.09–2.47, 4 Dec 2026 [D8]; loses nothing measured (at 32 bytes it would:
      // ASCII 32 1.09–1.10 against 1.27). Then wasm to 256 bytes, over the ED scan and
      // `TextDecoder` (Blink's call costs more than wasm's trip): short wf 1.32–2.84 against
      // 0.68–0.80 where `TextDecoder` served, lone 1.35–2.79 against 0.71–2.96, 29 Nov 2026 [D8];
      // loses nothing measured (256 itself: unmeasured; ASCII at 1 KiB is 0.39 in wasm against
      // 0.86). Then ASCII to `TextDecoder`, the rest to SIMD wasm, over patching: lone 1.15–2.81
      // against 0.56–2.79, 24 Nov 2026 [D8]; loses on ASCII with a little non-ASCII; revisit when
      // V8's decoder is SIMD.
      upTo(LOOP_BYTES, loopDecode, wasmDecode),
      upTo(256, wasmDecode),
      upTo(Infinity, nativeIfLooksAscii(textDecoder), wasmDecode),
    ],
    utf8: isUtf8Strict,
  };
}

/** Chromium and Firefox encode alike but for the steps from 33 to 128 units, `short`. */
function browserEncode(...short: [...(EncodeStep | undefined)[], EncodeEnd]): Wtf8Plan['encode'] {
  return [
    upTo(LOOP_UNITS, loopEncode),
    upTo(SHORT_UNITS, ...short),
    // Past 128 units, strings that look ASCII to the platform's encoder (`encode` to 64 Ki units,
    // `encodeInto` a reused buffer above), the rest to wasm whole, over `isWellFormed` first and
    // halving around lone surrogates: 1 K–1 M non-ASCII wf 0.82–2.20 against 0.84–1.40, lone
    // 1.23–2.64 against 0.92–2.41 in Chromium 156 [E7]; wf 0.81–2.44 against 0.75–1.49, lone
    // 0.92–1.89 against 0.92–1.80 in Firefox 153 [E8], 29 Nov 2026 (the SIMD kernel beats both
    // engines' encoders on every script but ASCII). Loses on text whose 16 probes are all ASCII
    // but is not (Chromium Latin 100 K 0.82 against wasm's 1.36, 1.02–1.05 -> 1.47–1.48 since the
    // probes read four units each from 64 Ki units, 3 Dec 2026); revisit with each engine's
    // encoder.
    upTo(65536, nativeEncode('encode', 'ascii'), wasmEncode),
    upTo(SCRATCH_UNITS, nativeEncode('encodeInto', 'ascii'), wasmEncode),
    upTo(Infinity, nativeEncode('encode', 'ascii'), wasmEncode),
  ];
}

/** Firefox ESR 153 (SpiderMonkey). Revisit with the next ESR (160). */
function firefox(): Wtf8Plan {
  return {
    name: 'firefox',
    moves: 'builtins',
    // From 33 to 128 units `isWellFormed` and `TextEncoder` first, over the Latin-1 probes first
    // (non-ASCII 100 units 0.88–0.92 -> 0.99–1.03 in wasm, but ASCII and Latin 0.87–0.91 ->
    // 0.78–0.79: the probes cost SpiderMonkey's short call 10%), 3 Dec 2026 [E8]; revisit with a
    // cheaper probe.
    encode: browserEncode(nativeEncode(), wasmEncode),
    decode: [
      // The loop to 96 bytes over `TextDecoder` (95 ns a call whatever the input) and the ED
      // scan: short wf worst 0.74 against 0.66, 25 Nov 2026; to 96 (from 32) short 32 units
      // 0.68–0.76 -> 0.94–1.10 on every script, lone 32 0.80–1.05 -> 1.07–1.27 (emoji 1.22 ->
      // 1.10), the 100-unit corpora the same; to 128 short ASCII 128 0.77 -> 0.94 too, but ASCII
      // and emoji 100-unit corpora 0.67 -> 0.58–0.59, 4 Dec 2026 [D9]. Then the ED scan by
      // `indexOf` (SIMD) to 512: short lone 0.91 against 0.16, 25 Nov 2026 [D9]; loses on wf
      // (the scan); revisit when SpiderMonkey's decoder call gets cheap. (The search gives up
      // after 4 other ED bytes: unmeasured on its own.)
      upTo(96, loopDecode, wasmDecode),
      upTo(512, nativeUnlessSurrogate(textDecoder, { probes: 4, search: 'typed' }), wasmDecode),
      // Strict-first, then between surrogates, over wasm: wf 0.70–1.06 against 0.21–1.10 (units
      // leave wasm slowly); searched first past 1 KiB: lone 0.74 against 0.54 worst, 24–25 Nov 2026
      // [D9]; loses wf 0.86 against 0.94 to the search; revisit with the strict throw's cost.
      upTo(1024, nativeStrict(), nativeBetween(few(8, 128), 'typed'), wasmDecode),
      upTo(Infinity, nativeStrict({ probes: 8, search: 'typed' }), nativeBetween(few(8, 128), 'typed'), wasmDecode),
    ],
    utf8: isUtf8Strict,
  };
}

/**
 * WebKit: Safari, and every browser on iOS (measured as WebKitGTK 2.50.6, whose JavaScriptCore
 * has no JS String Builtins, so code units move through loops). Its `TextEncoder` is the slowest
 * of the matrix. The portable plan's `utf8` and moves, with encoding and decoding of its own.
 */
function webkit(): Wtf8Plan {
  return {
    ...portable(),
    name: 'webkit',
    decode: [
      // The loop to 96 bytes, over the ED scan and `TextDecoder` (to 24) and the loop: short wf
      // at 8 bytes 1.25–1.43 against 0.70–0.75, at 32 units 0.69–0.78 against 0.63–0.81, lone
      // at 8 even (1.17–1.29 against 1.13–1.41), 3 Dec 2026; to 96 (from 32, over the ED scan
      // and `TextDecoder` from 33 to 64 and `TextDecoder` to 256) short 32 units Latin, CJK and
      // emoji 0.79–0.90 -> 0.88–1.07, lone 32 0.22–0.40 -> 1.00–1.24, 4 Dec 2026 [W2]. To 256
      // `TextDecoder` when its text is clean, else the loop rather than wasm (units leave wasm
      // through a loop here): lone 128 0.31 -> 0.38–0.44, the 100-unit corpora with lone
      // surrogates 0.15–0.17 -> 0.32–0.37, the rest the same; the loop first lost wf 128
      // (0.90–0.94 -> 0.44–0.75) [W2]. (Deno's wasm to 64 bytes lost too: non-ASCII short 128
      // 0.35–0.37 against 0.84–0.88.) Past 256 Deno's lenient decoder patched, over strict-first:
      // 10 K / 1 M 0.76 / 0.81 against 0.66 / 0.74 (geometric means), sliced 0.56 / 0.60 against
      // 0.20 / 0.22, dense even [W3]. `npm run bench -- --plans --plan webkit,portable --runtime
      // webkit --side decode`, WebKitGTK 2.50.6, 3 Dec 2026; both waited for room in the
      // browsers' file (0.2 kB gzip), which the main module's panic data gave. Revisit when
      // JavaScriptCore's `TextDecoder` call gets cheap.
      upTo(96, loopDecode, wasmDecode),
      upTo(256, nativeClean, loopDecode, wasmDecode),
      lenientBand(),
    ],
    encode: [
      upTo(LOOP_UNITS, loopEncode),
      // Past 32 units all through wasm, over the platform's encoder when well-formed: wf 1.58–2.56
      // against 0.89–0.98, lone 3.05–4.61 against 1.96–3.61, short 128 wf 1.42–1.83 against
      // 0.87–1.00, 29 Nov 2026 [W1]; loses to the loop up to 32 units (short 1.47–1.96 against
      // 2.26–3.20); revisit when JavaScriptCore's `TextEncoder` gets faster.
      upTo(Infinity, wasmEncode),
    ],
  };
}

/**
 * Any other runtime without Node's Buffer and byte checks (a new engine): the steps that
 * need nothing but the standard APIs, as they serve the engines measured; code units through the
 * JS String Builtins where they compile, else loops. Never expires: it is the rule's answer for
 * what no row names. (workerd, with its Node compatibility, would get Node 26's plan by the rule
 * where that row is built in; the package's export conditions give it the browsers' file, which
 * has no Node rows, so it takes this plan.)
 */
function portable(): Wtf8Plan {
  return {
    name: 'portable',
    moves: 'builtins',
    encode: [
      upTo(LOOP_UNITS, loopEncode),
      upTo(SHORT_UNITS, nativeEncode(), wasmEncode),
      upTo(Infinity, nativeEncode(), chunkedEncode(halving(64), few(0, 32))),
    ],
    decode: [
      upTo(LOOP_BYTES, nativeUnlessSurrogate(textDecoder, 'loop'), loopDecode, wasmDecode),
      upTo(64, nativeUnlessSurrogate(textDecoder, 'loop'), wasmDecode),
      upTo(256, nativeClean, wasmDecode),
      upTo(Infinity, nativeStrict(), nativeBetween(few(8, 128), 'typed'), wasmDecode),
    ],
    utf8: isUtf8Strict,
  };
}

declare global {
  /**
   * The rows a file carries: scripts/build.mjs builds the main entry once per runtime, each file
   * with only its runtime's rows (the `node`, `deno`, `bun` and `browser` export conditions of
   * pkg-template/package.json; 0.7–1.5 kB gzip less each), and the test entry with all of them.
   * `builtins`: whether the file can move code units through the JS String Builtins (js/moves.ts).
   */
  const ROWS: {
    readonly node: boolean;
    readonly deno: boolean;
    readonly bun: boolean;
    readonly browsers: boolean;
    readonly portable: boolean;
    readonly builtins: boolean;
  };
}

/** A row's name. */
export type RowName = 'node22' | 'node24' | 'node26' | 'deno' | 'bun' | 'chromium' | 'firefox' | 'webkit' | 'portable';

/** The plans by name: the rows this file carries (see `ROWS`). */
const PLANS: { readonly [name in RowName]?: () => Wtf8Plan } = {
  ...(ROWS.node && { node22, node24, node26 }),
  ...(ROWS.deno && { deno }),
  ...(ROWS.bun && { bun }),
  ...(ROWS.browsers && { chromium, firefox, webkit }),
  ...(ROWS.portable && { portable }),
};

/** Every row's name (of this file: see `ROWS`). */
export const ROW_NAMES = Object.keys(PLANS) as RowName[];

/**
 * The plan of `at`: its engine's row (Node by major version up to 26), else by rule from
 * `can`: Node's Buffer and byte checks (a Node newer than the rows, or another runtime that
 * imitates it) get node26's plan, everything else the portable one; a row this file does not
 * carry (see `ROWS`), the file's last row.
 */
export function planFor(at: Runtime, can?: { buffer: boolean; isUtf8: boolean }): RowName {
  const name = rowOf(at, can);
  // A file run where its export condition did not send it (a bundle for Node run in Bun, say):
  // its last row (every row runs anywhere, its steps that need what is missing left out).
  return PLANS[name] ? name : ROW_NAMES.at(-1)!;
}

function rowOf(at: Runtime, can?: { buffer: boolean; isUtf8: boolean }): RowName {
  switch (at.engine) {
    case 'node':
      if (!ROWS.node) break; // (this file's last row: see planFor)
      if (at.major <= 23) return 'node22';
      if (at.major <= 25) return 'node24';
      if (at.major === 26) return 'node26';
      break; // a Node no row has measured: by rule
    case 'deno':
    case 'bun':
    case 'chromium':
    case 'firefox':
    case 'webkit':
      return at.engine;
    // 'other': by rule
  }
  // A file without Node's rows has nothing but its last row to give (planFor), whatever the
  // runtime has: not asking saves the browsers' file 40 B gzip, which WebKit's row needed.
  if (!ROWS.node) return 'portable';
  // Only here does the choice ask what the runtime has (js/platform.ts looks it up, once).
  if (can === undefined) {
    const { Buffer, byteChecks } = nodeParts();
    return Buffer && byteChecks ? 'node26' : 'portable';
  }
  return can.buffer && can.isUtf8 ? 'node26' : 'portable';
}

/** The row named `name`, built for this runtime (its steps that need what is missing left out). */
export function buildRow(name: RowName): Wtf8Plan {
  return PLANS[name]!();
}

/** This runtime's row, chosen once at import. */
const row = planFor(runtime);

/**
 * The plan in use: this runtime's row, built and bound by the first call that needs it, which
 * puts the bound plan here for every later call (so no call checks anything). Built at import, it
 * was 1.0 ms of Bun's 6.3 ms import (27 Nov 2026, benches/README.md "Import").
 */
export let plan: BoundPlan<Uint8Array, Uint8Array<ArrayBuffer>> = {
  name: row,
  encode: (input) => bound().encode(input),
  decode: (bytes, fatal) => bound().decode(bytes, fatal),
  isUtf8: (bytes) => bound().isUtf8(bytes),
};

function bound(): typeof plan {
  return (plan = bindPlan(buildRow(row)));
}

// A call that goes to wasm without the plan (`encodeInto`, the stream encoder, …) may come first:
// the module then binds the plan as it starts, for the plan's moves of code units.
useMoves(() => void bound());

/**
 * Puts `chosen` to use instead (tests and benchmarks only, through the test entry js/testing.ts;
 * the published entries never call it).
 */
export function usePlan(chosen: Wtf8Plan): void {
  plan = bindPlan(chosen);
}
