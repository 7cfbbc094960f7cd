/**
 * The route table: how each call is served on this runtime. Every route gives byte-identical
 * results (the tests run every route a runtime can take against the same oracles); they differ
 * only in speed, and which is fastest depends on the engine's native codecs, which no feature test
 * can see (Node 24 and 26 have the APIs of Node 22, with SIMD codecs behind them). So the table is
 * keyed by engine and version ({@link runtime}), and each row says which measurement chose it.
 *
 * The routes:
 *
 * - Short input first (js/short.ts): strings up to `jsEncodeUpTo` code units are encoded by a
 *   plain JavaScript loop; between that and {@link SHORT_UNITS}, strings go to the native encoder
 *   when well-formed, else to the loop (up to 32 units) or wasm. Bytes up to `jsDecodeUpTo` are
 *   decoded by a plain loop; up to `scanDecodeUpTo` they are scanned for ED A0–BF, a surrogate
 *   sequence's first two bytes (by a loop, or from `scanNativeFrom` bytes on by `Uint8Array#indexOf`:
 *   SIMD in SpiderMonkey and JavaScriptCore, a plain C++ loop in V8), and decoded by the loop (or
 *   wasm, past 24 bytes) when they hold one, else by the native decoder `shortDecoder`
 *   (`textDecoder`, or Node's `utf8Slice`, the same decoder without `TextDecoder`'s argument
 *   handling) and checked for U+FFFD. Where Node's `isUtf8` is, the `isUtf8` route asks it of input
 *   up to 256 bytes before `utf8Slice`, the `around` route of input up to 1,024 bytes.
 * - `moves`: how UTF-16 code units move between strings and wasm memory (js/moves.ts):
 *   `buffer` (Node's `ucs2Write`/`ucs2Slice`), `builtins` (the JS String Builtins) or `loops`.
 * - `encode`, for strings longer than {@link SHORT_UNITS} (shorter ones: the native encoder when
 *   well-formed, a plain loop when not). A well-formed string's WTF-8 is its UTF-8, so the native
 *   encoder writes it: `TextEncoder.encode` up to `nativeUpTo` units, above that
 *   `TextEncoder.encodeInto` a reused buffer and one copy out (where `encode`'s own allocation is
 *   slow for large strings).
 *   - `native`: `isWellFormed` first; strings with lone surrogates go in chunks (below).
 *   - `chunks`: only Latin-1-looking strings ask `isWellFormed` first (it answers at once for
 *     them); two-byte strings go straight to the chunks, where it is a scalar scan as slow as
 *     encoding.
 *   - `wasm`: wasm encodes every chunk.
 *   - `patched` (Node's Buffer): as `native`, but a string with at most `loneLimit` lone surrogates
 *     per 2^16 units (plus 8) goes to the native encoder whole, and the U+FFFD it writes for each
 *     (as long as its WTF-8) are overwritten with its bytes, found by a native search.
 *
 *   Chunks are {@link MAX_ENCODE_UNITS} units. Each finds its lone surrogates (`lone`: `scan`
 *   copies it into wasm and scans there, `halving` asks `isWellFormed` of halves, `none` only asks
 *   whether there are any); with at most `loneLimit` per 2^16 units, the native encoder writes the
 *   stretches between them and each is written as its 3 bytes, else wasm encodes the chunk.
 * - `decode` (js/decode-routes.ts):
 *   - `wasm`: wasm decodes all but ASCII (Node's `isAscii`, or 16 probes), which the native
 *     decoder takes.
 *   - `checked`: the native lenient decoder on the whole input; a text with no U+FFFD, or only the
 *     three that each surrogate sequence makes (each triple then replaced by its unit, up to
 *     `patchLimit` per 2^16 bytes), is exactly ours; otherwise wasm decodes. Input with two
 *     surrogate sequences in its first 64 bytes goes to wasm at once.
 *   - `around`: the native strict decoder on the whole input (it stops at the first surrogate or
 *     error), then the native decoders between the surrogate sequences (up to `aroundLimit` per
 *     2^16 bytes), and wasm for the rest. With `aroundScan`, input past 1,024 bytes is first
 *     searched for a surrogate sequence (a native byte search), and with one skips the strict
 *     decoder, whose throw costs as much as decoding half the input.
 *   - `isUtf8` (Node's byte checks): the native decoder when the bytes hold no surrogate sequence
 *     (a native memchr for ED A0–BF; with many other ED bytes, as in Hangul, or strict, Node's
 *     `isUtf8`), otherwise wasm.
 * - `utf8`: how `checkWtf8`, `isWtf8`, `checkUtf8` and `wtf8ToUtf8` ask "is this UTF-8?":
 *   Node's `isUtf8`, the native strict decoder (`fatal`), or the lenient one and no U+FFFD in its
 *   text (`lenient`, where the strict one is slow; a U+FFFD then asks the strict one).
 *
 * Choosing: `node benches/run.mjs --sweep <route>` times each value of a route on each runtime
 * against the platform call in the same run (benches/README.md). The figures below are medians of
 * ours ÷ `TextEncoder.encode` / `TextDecoder.decode` (above 1: ours faster) from those sweeps on a
 * 2-core AMD EPYC, November 2026; "wf" is the well-formed corpora at 10 K and 1 M units, "lone"
 * the ones with lone surrogates.
 *
 * @module
 */
import {
  nativeIsWellFormed,
  NodeBuffer,
  nodeByteChecks,
  nodeUtf8Slice,
  runtime,
  type Engine,
  type Runtime,
} from './platform.js';
import { stringBuiltins, type MovesRoute } from './moves.js';

export type { MovesRoute } from './moves.js';
export type EncodeRoute = 'native' | 'chunks' | 'wasm' | 'patched';
export type LoneRoute = 'scan' | 'halving' | 'none';
export type DecodeRoute = 'wasm' | 'checked' | 'around' | 'isUtf8';
export type Utf8Route = 'isUtf8' | 'fatal' | 'lenient';
export type ShortDecoderRoute = 'textDecoder' | 'utf8Slice';

/** The routes of one runtime (see the module doc). */
export interface Routes {
  /** Strings up to this many code units are encoded by the JavaScript loop of js/short.ts. */
  jsEncodeUpTo: number;
  /** Bytes up to this many (at most {@link MAX_SCAN_DECODE}) are scanned for ED A0–BF first (js/decode-routes.ts). */
  scanDecodeUpTo: number;
  /** Bytes at least this many are scanned for ED A0–BF by `Uint8Array#indexOf`, shorter ones by a plain loop. */
  scanNativeFrom: number;
  /** Bytes up to this many (at most `scanDecodeUpTo`) are decoded by the loop of js/short.ts, without a native call. */
  jsDecodeUpTo: number;
  /** The native decoder of short input without an ED byte. */
  shortDecoder: ShortDecoderRoute;
  moves: MovesRoute;
  encode: EncodeRoute;
  /** Well-formed strings up to this many units go to `TextEncoder.encode`, longer ones to `encodeInto` a reused buffer. */
  nativeUpTo: number;
  lone: LoneRoute;
  /** The most lone surrogates per 2^16 units that a chunk's stretches are written around. */
  loneLimit: number;
  decode: DecodeRoute;
  /** The most surrogate sequences per 2^16 bytes (plus 8) that `checked` patches. */
  patchLimit: number;
  /** The most surrogate sequences per 2^16 bytes (plus 8) that `around` decodes around. */
  aroundLimit: number;
  /** `around` first searches input past 1,024 bytes for a surrogate sequence, and with one skips the strict decoder. */
  aroundScan: boolean;
  utf8: Utf8Route;
}

/** Strings up to this many code units skip the routes: the native encoder or a plain loop. */
export const SHORT_UNITS = 128;

/** The most bytes `scanDecodeUpTo` may say (the loop decoder's code units go through one `apply`). */
export const MAX_SCAN_DECODE = 1024;

/** What this runtime can do at all (a route that needs something missing is never chosen). */
export const capabilities = {
  buffer: NodeBuffer !== undefined,
  builtins: stringBuiltins !== undefined,
  isWellFormed: nativeIsWellFormed,
  isUtf8: nodeByteChecks !== undefined,
  utf8Slice: nodeUtf8Slice !== undefined,
} as const;

/** Where a row does not say otherwise. */
const BASE: Routes = {
  // `scanNativeFrom` 128: V8's `Uint8Array#indexOf` is a plain loop in C++ with a call cost of
  // 15–20 ns, ahead of the JavaScript loop from about 64 bytes (`node benches/run.mjs --fixed-cost
  // --runtime node26,deno,chromium`, the two "ED scan" rows, 25 Nov 2026: Node 26 at 32 / ~90 /
  // 128 / ~370 bytes 38 / 77 / 100 / 260 ns by the loop against 27 / 59 / 71 / 141; Deno 122
  // against 85 at 128 bytes, Chromium 100 against 63). Bun never scans past 16 bytes.
  jsEncodeUpTo: 32,
  scanDecodeUpTo: 64,
  scanNativeFrom: 128,
  jsDecodeUpTo: 0,
  shortDecoder: 'textDecoder',
  moves: 'builtins',
  encode: 'native',
  nativeUpTo: Infinity,
  lone: 'halving',
  loneLimit: 32,
  decode: 'around',
  patchLimit: 1024,
  aroundLimit: 128,
  aroundScan: false,
  utf8: 'fatal',
};

/**
 * Node's short-input routes. Short strings (`--short-only`, pools of 4,096 different 8/32/128-unit
 * strings, platform ÷ ours worst / median, 25 Nov 2026): `jsEncodeUpTo` 32 (Node 26 wf 0.83 /
 * 2.54, lone 0.43 / 3.24; 0: 0.32 / 0.98 and 0.43 / 2.83; 64: 0.90 / 2.60 but lone 0.43 / 2.44;
 * Node 24 wf 0.90 / 2.69 against 0.70 / 0.91 with 0; Node 22 0.77 / 2.61 against 0.66 / 0.94:
 * `TextEncoder.encode` allocates its result natively, a typed array of 64 bytes or less is
 * allocated on the JS heap for a fraction of that). Decode: up to 256 bytes, `isUtf8` (25 ns)
 * then `utf8Slice`, which costs 5–25% less than `TextDecoder.decode` on short input (Node 26, 8–128
 * bytes: 46–193 ns against 62–208), or for surrogate sequences the loop or wasm
 * (js/decode-routes.ts), and `scanDecodeUpTo` 16 (Node 26 wf 0.80 / 0.86, lone 0.78 / 1.38; 0:
 * 0.80 / 0.86 and 0.77 / 1.35; 64: 0.66 / 0.88 and 0.82 / 1.47, the scan costs about a third of a
 * simdutf decode of 32 bytes); Node 22, whose `TextDecoder` is scalar and whose `wasm` route
 * decodes everything but ASCII in wasm: 16 (wf 0.65 / 1.03, lone 0.56 / 1.10; 64: 0.55 / 0.76).
 */
const NODE_SHORT: Partial<Routes> = { jsEncodeUpTo: 32, scanDecodeUpTo: 16, shortDecoder: 'utf8Slice' };

/** Each engine's row: what differs from {@link BASE}, and why. */
function row(at: Runtime): Partial<Routes> {
  switch (at.engine) {
    case 'node':
      // Node 26: `TextEncoder.encode` and `isWellFormed` are SIMD, so `native` encode (wf
      // 0.69–1.26, median 0.97; `chunks` 0.63–1.02). Node 24 and 22: `isWellFormed` is a scalar
      // scan and `TextEncoder.encode` slower than `encodeInto` a reused buffer, so `chunks` with
      // `nativeUpTo` 0 (Node 24 wf 1.07–1.91; `native` 0.80–1.12; Node 22 1.05–1.75), the lone
      // surrogates found by a wasm `scan` (Node 24 lone 0.95–1.15, `halving` 0.61). Decode: from
      // Node 24 `TextDecoder` is simdutf, but decodes surrogate sequences 3× slower than the SIMD
      // wasm kernels, so `isUtf8` (Node 26 wf 0.79–0.99, median 0.89, lone 2.73–3.62; Node 24 wf
      // 0.73–1.01, lone 1.84–3.97) over `checked` (Node 26 wf median 0.95 but lone 0.76–1.09) and
      // `around` (wf 0.64–1.25, lone 1.92–3.51: its strict `TextDecoder` is slow at 10 K), with
      // `--sweep decode=checked,isUtf8,around`. Node 22's `TextDecoder` is scalar, and wasm with Buffer's copies decodes
      // 2–3× faster (wf 0.87–3.64).
      // Node 26 encodes lone surrogates `patched` (sparse, a few per string, 10 K + 1 M: 0.47–0.53
      // → 0.54–0.61; sliced and dense, past `loneLimit`, as `native`: 0.22–0.60; a `loneLimit` of
      // 2,048 made sliced 1 M 0.42 but 10 K 0.33, dense 0.25), `--sweep encode=native,chunks,patched`;
      // Node 24 and Bun lose with it (lone median 0.90 and 0.95 against 2.05 and 4.79).
      if (at.major >= 26)
        return { ...NODE_SHORT, moves: 'buffer', encode: 'patched', decode: 'isUtf8', utf8: 'isUtf8' };
      return {
        ...NODE_SHORT,
        moves: 'buffer',
        encode: 'chunks',
        nativeUpTo: 0,
        lone: 'scan',
        loneLimit: 256,
        decode: at.major >= 24 ? 'isUtf8' : 'wasm',
        utf8: 'isUtf8',
      };
    case 'deno':
      // Deno's `TextEncoder.encode` takes 2–6 ns a unit on non-Latin-1 text, `encodeInto` much
      // less: `chunks` (two-byte wf 1.29–1.84, `native` 0.97–1.02), with Latin-1 strings to
      // `encode` (`nativeUpTo` Infinity: `encodeInto` measured 0.51–0.63 on ASCII). Its Buffer is
      // written in JS (with its copies, chunks with lone surrogates encode 3× slower than through
      // the builtins). Decode `checked` (wf 0.84–1.07, lone 0.71–0.87; `around` wf 0.14–0.50, its
      // strict `TextDecoder` is 3–9× slower than the lenient one; `isUtf8` wf 0.14–0.60, its
      // `isUtf8` is slower than the lenient decoder, hence `utf8: 'lenient'`). Wasm decodes lone
      // surrogates 2.2× faster than Deno's decoder, but nothing here finds them cheaply first.
      // Short: the loop for up to 32 units (wf 0.93 / 1.21, lone 0.96 / 1.24; 0: 0.75 / 0.99 and
      // 0.82 / 1.07) and the ED scan up to 64 bytes (lone 0.53 / 1.88, 0: 0.44 / 0.67; wf 0.80 /
      // 0.90 against 0.86 / 0.92). Up to 256 bytes (the scan by `Uint8Array#indexOf` from 128) was
      // measured again on 25 Nov 2026 and not kept: short strings with one lone surrogate 0.83 /
      // 2.32 against 0.51 / 2.00 (past the scan, Deno's `TextDecoder` takes a slow path on the
      // surrogate sequence: 65 µs for 25 KB, against 5.6 without one), but the 100-unit corpora
      // well-formed 0.54–0.76 against 0.76–0.91 (`--size 100 --side decode --sweep
      // scanDecodeUpTo=64,256`; with lone surrogates 1.54–1.70 against 0.48–0.59).
      return { encode: 'chunks', lone: 'halving', loneLimit: 32, decode: 'checked', utf8: 'lenient' };
    case 'bun':
      // Bun: `native` encode (wf 0.74–0.98; `chunks` 0.23, its `isWellFormed` is fast),
      // `scan` for lone surrogates (JavaScriptCore's `TextEncoder` is slow on them: lone
      // 0.96–2.41, up to 2,048 per 2^16 units 1.42–2.84); decode `around` (wf 0.89–1.02, lone
      // 1.06–2.91: its strict `TextDecoder` costs what the lenient one does; `isUtf8` wf
      // 0.71–0.94, lone 1.94–3.42; `checked` lone 0.73–0.89, its `indexOf` is a plain loop).
      // Short: JavaScriptCore's `TextEncoder.encode` beats the loop even on 8 units (wf 0.82 / 0.88
      // with `jsEncodeUpTo` 0; 32: 0.24 / 0.70), so no loop; up to 1,024 bytes `isUtf8` then
      // `utf8Slice` (js/decode-routes.ts), and the ED scan up to 16 bytes (wf 0.75 / 0.81, lone 0.70
      // / 1.34; 0: 0.74 / 0.82 and 0.66 / 1.33; 64: 0.64 / 0.79 and 0.69 / 1.32; 256 with its SIMD
      // byte search: wf 0.58 / 0.80, its `isUtf8` costs less than the scan). Not
      // `aroundScan` (lone 2.25 / 3.47 against 1.19 / 2.58, but wf 0.78 / 0.92 against 0.96 /
      // 0.99: Bun's `TextDecoder` on ASCII costs about what a search of it does).
      return {
        jsEncodeUpTo: 0,
        scanDecodeUpTo: 16,
        shortDecoder: 'utf8Slice',
        moves: 'buffer',
        lone: 'scan',
        loneLimit: 2048,
        decode: 'around',
        utf8: 'isUtf8',
      };
    case 'chromium':
      // Chromium: `TextEncoder.encode` slows down on large strings (1 M units: `encodeInto` a
      // reused buffer 1.6–2.6×, `encode` 1.0), not at 10 K (0.86–0.97 vs 0.93–1.02): `nativeUpTo`
      // 65,536. Lone surrogates by `halving` (its `isWellFormed` is SIMD; lone 0.85–1.44; `scan`
      // 0.73). Decode `wasm`, with the SIMD kernels (wf 0.92–3.85, lone 1.15–2.81, 100 units
      // 0.79–2.11; `checked` lone 0.56–2.79, `around` 0.40–2.48).
      // Short: the loop up to 32 units (wf 0.92 / 7.46, lone 1.17 / 5.61; 0: 0.92 / 0.97), the ED
      // scan up to 64 bytes (lone 0.76 / 1.99, wf 0.80 / 0.87).
      return { nativeUpTo: 65536, decode: 'wasm' };
    case 'firefox':
      // Firefox: as Chromium for encode (`encode` 0.82–1.20 at 1 M, `encodeInto` 1.12–1.65);
      // decode `around` (wf 0.70–1.06, median 0.99; lone 0.56–1.38; `checked` lone 0.67–1.68;
      // `wasm` lone 0.72–1.69 but wf 0.21–1.10: code units leave wasm slowly).
      // Short: the loop up to 32 units (wf 0.67 / 1.06, lone 0.83 / 1.06; 0: 0.66 / 0.88, 0.81 /
      // 0.92), the ED scan up to 512 bytes (lone 0.91 / 1.20: `around` pays a thrown strict
      // decode, 0.16 / 0.41 with 0; wf 0.67 / 0.76 against 0.63 / 0.84), and up to 32 bytes the
      // loop without a native call (`jsDecodeUpTo` 32: wf 0.74 / 0.84, 0: 0.66 / 0.74; a
      // SpiderMonkey `TextDecoder.decode` costs about 95 ns whatever the input, the loop 27 ns
      // plus 3.5 a byte). SpiderMonkey's `Uint8Array#indexOf` is SIMD, 20–29 ns from 8 to ~370
      // bytes, against the loop's 12 at 8 and 32 at 32 (`--fixed-cost`), so `scanNativeFrom` 16
      // (`--short-only --sweep scanNativeFrom=16,Infinity`, 25 Nov 2026: wf 0.80 / 0.93 against
      // 0.73 / 0.86, lone 0.88 / 1.20 against 0.89 / 1.20).
      // Lone surrogates past 128 units: `lone: 'none'`, wasm encodes each chunk that has any
      // (`--corpus sparse,sliced,dense --size 10k,1m --sweep lone`: lowest / median 0.79 / 1.59,
      // `halving` 0.60 / 0.97, `scan` 0.62 / 1.12; SpiderMonkey's `isWellFormed` is a scalar scan,
      // 2.5 µs for 10 K units against 18 for the whole `TextEncoder.encode`, and halving asks it of
      // about twice the input). `aroundScan` (`--sweep aroundScan`, same corpora plus korean and
      // ascii: lone 0.74 / 0.92 against 0.54 / 0.89, wf 0.86 / 0.99 against 0.94 / 1.00): the
      // strict decoder's throw at a surrogate of a 10 K-unit text costs 12 µs, the native
      // `indexOf(0xED)` that finds it next to nothing.
      return {
        nativeUpTo: 65536,
        lone: 'none',
        aroundScan: true,
        scanDecodeUpTo: 512,
        scanNativeFrom: 16,
        jsDecodeUpTo: 32,
      };
    case 'other':
      // Safari, workerd and the rest: unmeasured here, so the routes that are right on the
      // engines we measure and need nothing but the standard APIs.
      return {};
  }
}

/** This runtime's row of the table, fitted to what it can do. */
export function routesFor(at: Runtime): Routes {
  return fit({ ...BASE, ...row(at) });
}

/**
 * `wanted`, with each route this runtime cannot take replaced by the nearest one it can: the moves
 * fall back to `buffer`, then `builtins`, then `loops` (and with `loops`, `wasm` decoding becomes
 * `around` and `wasm` encoding `native`, which need few moves), `isUtf8` to `fatal`, `halving`
 * without a native `isWellFormed` to `scan`.
 */
export function fit(wanted: Routes): Routes {
  const routes = { ...wanted };
  if ((routes.moves === 'buffer' && !capabilities.buffer) || (routes.moves === 'builtins' && !capabilities.builtins)) {
    routes.moves = capabilities.buffer ? 'buffer' : capabilities.builtins ? 'builtins' : 'loops';
  }
  if (routes.moves === 'loops') {
    if (routes.decode === 'wasm') routes.decode = 'around';
    if (routes.encode === 'wasm') routes.encode = 'native';
  }
  if (routes.utf8 === 'isUtf8' && !capabilities.isUtf8) routes.utf8 = 'fatal';
  if (routes.encode === 'patched' && !capabilities.buffer) routes.encode = 'native';
  if (routes.decode === 'isUtf8' && !capabilities.isUtf8) routes.decode = 'checked';
  if (routes.lone === 'halving' && !capabilities.isWellFormed) routes.lone = 'scan';
  if (routes.shortDecoder === 'utf8Slice' && !capabilities.utf8Slice) routes.shortDecoder = 'textDecoder';
  routes.scanDecodeUpTo = Math.min(routes.scanDecodeUpTo, MAX_SCAN_DECODE);
  routes.jsDecodeUpTo = Math.min(routes.jsDecodeUpTo, routes.scanDecodeUpTo);
  return routes;
}

/** The routes in use: this runtime's row of the table. */
export const routes: Routes = routesFor(runtime);

/** The routes this runtime chose at import (tests restore them after forcing others). */
export const defaultRoutes: Readonly<Routes> = Object.freeze({ ...routes });

/**
 * Every value each route can take on this runtime, for the tests that run them all. A route is
 * possible when what it needs exists here; the limits are examples (0: never around, wasm always).
 */
export function possibleRoutes(): { [K in keyof Routes]: Routes[K][] } {
  const moves: MovesRoute[] = [];
  if (capabilities.buffer) moves.push('buffer');
  if (capabilities.builtins) moves.push('builtins');
  moves.push('loops');
  return {
    jsEncodeUpTo: [0, 32, 128],
    scanDecodeUpTo: [0, 16, 64, 256, 512],
    scanNativeFrom: [0, 16, 128, Infinity],
    jsDecodeUpTo: [0, 32],
    shortDecoder: capabilities.utf8Slice ? ['textDecoder', 'utf8Slice'] : ['textDecoder'],
    moves,
    encode: capabilities.buffer ? ['native', 'chunks', 'wasm', 'patched'] : ['native', 'chunks', 'wasm'],
    nativeUpTo: [0, 65536, Infinity],
    lone: capabilities.isWellFormed ? ['scan', 'halving', 'none'] : ['scan', 'none'],
    loneLimit: [0, 32, 2048],
    decode: capabilities.isUtf8 ? ['wasm', 'checked', 'around', 'isUtf8'] : ['wasm', 'checked', 'around'],
    patchLimit: [0, 1024, 8192],
    aroundLimit: [0, 128, 1024],
    aroundScan: [false, true],
    utf8: capabilities.isUtf8 ? ['isUtf8', 'fatal', 'lenient'] : ['fatal', 'lenient'],
  };
}

/**
 * Switches routes (tests and benchmarks only, through the test entry js/testing.ts; the published
 * entries never call it). Throws for a route this runtime cannot take.
 */
export function useRoutes(overrides: Partial<Routes>): Routes {
  const next = { ...routes, ...overrides };
  const possible = possibleRoutes();
  for (const key of Object.keys(overrides) as (keyof Routes)[]) {
    if (typeof next[key] === 'number') continue;
    if (!(possible[key] as unknown[]).includes(next[key]))
      throw new Error(`route ${key}=${String(next[key])} is not possible here`);
  }
  Object.assign(routes, next);
  return { ...routes };
}
