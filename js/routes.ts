/**
 * The route table: how each call is served on this runtime. Every route gives byte-identical
 * results (the tests run every route that a runtime can take against the same oracles); they
 * differ only in speed, and which is fastest depends on the engine's native codecs, which no
 * feature test can see. So the table is keyed by engine and version ({@link runtime}), and every
 * choice below names the measurement that made it.
 *
 * The routes, per operation:
 *
 * - `moves`: how UTF-16 code units move between strings and wasm memory (js/moves.ts):
 *   `buffer` (Node's `ucs2Write`/`ucs2Slice`), `builtins` (the JS String Builtins) or `loops`.
 * - `encode` (strings longer than {@link SHORT_UNITS}; shorter ones are always served by the
 *   native encoder when well-formed, else by a plain loop):
 *   - `native`: `isWellFormed`, then `TextEncoder.encode` (a well-formed string's WTF-8 is its
 *     UTF-8); strings with lone surrogates go through the chunks below.
 *   - `scratch`: the same, but `TextEncoder.encodeInto` a reused buffer and one copy out (faster
 *     than `encode`'s own allocation where that is slow).
 *   - `chunks`: no whole-string `isWellFormed` for two-byte strings (where it is a scalar scan
 *     as slow as encoding); every chunk of {@link MAX_ENCODE_UNITS} units finds its own lone
 *     surrogates. Latin-1-looking strings are checked and served as `scratch`.
 *   - `wasm`: wasm encodes every string, in chunks (where the native encoder is slow).
 * - `lone`: how a chunk finds its lone surrogates so that the native encoder can write the
 *   stretches between them: `scan` (copied into wasm and scanned there), `halving`
 *   (`isWellFormed` on halves) or `none` (wasm encodes every chunk that has one). Past
 *   `loneLimit` lone surrogates per 2^16 units a chunk goes to wasm whole.
 * - `decode` (js/decode-routes.ts):
 *   - `wasm`: wasm decodes everything but ASCII (Node's `isAscii`, or a 16-byte probe), which the
 *     native decoder takes (where it is scalar and wasm is faster).
 *   - `checked`: the native lenient decoder in pieces of growing size; a piece whose text holds no
 *     U+FFFD, or only the three that each surrogate sequence makes (then replaced by its code
 *     unit), is exactly our result. At the first piece that is neither, wasm decodes the rest (one
 *     error sends the native decoder down a scalar path for all it was given, which wasm beats).
 *   - `around`: the native strict decoder on the whole input (it stops at the first surrogate or
 *     error); then the native decoders between the surrogate sequences, up to `aroundLimit` of
 *     them per 2^16 bytes, and wasm for the rest.
 * - `utf8`: how `checkWtf8`/`isWtf8`/`checkUtf8`/`wtf8ToUtf8` ask "is this UTF-8?": Node's
 *   `isUtf8` (`isUtf8`), or the native strict decoder (`fatal`).
 *
 * @module
 */
import { nativeIsWellFormed, NodeBuffer, nodeByteChecks, runtime, type Engine, type Runtime } from './platform.js';
import { stringBuiltins, type MovesRoute } from './moves.js';

export type { MovesRoute } from './moves.js';
export type EncodeRoute = 'native' | 'scratch' | 'chunks' | 'wasm';
export type LoneRoute = 'scan' | 'halving' | 'none';
export type DecodeRoute = 'wasm' | 'checked' | 'around';
export type Utf8Route = 'isUtf8' | 'fatal';

/** The routes of one runtime (see the module doc). */
export interface Routes {
  moves: MovesRoute;
  encode: EncodeRoute;
  lone: LoneRoute;
  /** The most lone surrogates per 2^16 units that `lone` finds before wasm encodes the chunk whole. */
  loneLimit: number;
  decode: DecodeRoute;
  /** The most surrogate sequences per 2^16 bytes (plus 8) that `around` decodes around before wasm takes the input whole. */
  aroundLimit: number;
  utf8: Utf8Route;
}

/** Strings up to this many code units skip the routes: the native encoder or a plain loop. */
export const SHORT_UNITS = 128;

/** What this runtime can do at all (a route that needs something missing is never chosen). */
export const capabilities = {
  buffer: NodeBuffer !== undefined,
  builtins: stringBuiltins !== undefined,
  isWellFormed: nativeIsWellFormed,
  isUtf8: nodeByteChecks !== undefined,
} as const;

/**
 * The table. Figures are ours ÷ the platform's lossy call in the same process (above 1 = ours
 * faster), from `npm run bench` on a 2-core AMD EPYC; see benches/README.md.
 */
export function routesFor(at: Runtime): Routes {
  const table: Record<Engine, () => Routes> = {
    node: () =>
      at.major >= 26
        ? { moves: 'buffer', encode: 'native', lone: 'halving', loneLimit: 32, decode: 'checked', aroundLimit: 128, utf8: 'isUtf8' }
        : at.major >= 24
          ? { moves: 'buffer', encode: 'chunks', lone: 'scan', loneLimit: 256, decode: 'checked', aroundLimit: 128, utf8: 'isUtf8' }
          : { moves: 'buffer', encode: 'chunks', lone: 'scan', loneLimit: 256, decode: 'wasm', aroundLimit: 128, utf8: 'isUtf8' },
    deno: () => ({ moves: 'builtins', encode: 'native', lone: 'halving', loneLimit: 32, decode: 'checked', aroundLimit: 128, utf8: 'fatal' }),
    bun: () => ({ moves: 'buffer', encode: 'native', lone: 'scan', loneLimit: 256, decode: 'around', aroundLimit: 128, utf8: 'isUtf8' }),
    chromium: () => ({ moves: 'builtins', encode: 'scratch', lone: 'halving', loneLimit: 32, decode: 'wasm', aroundLimit: 128, utf8: 'fatal' }),
    firefox: () => ({ moves: 'builtins', encode: 'scratch', lone: 'halving', loneLimit: 32, decode: 'around', aroundLimit: 128, utf8: 'fatal' }),
    other: () => ({ moves: 'builtins', encode: 'native', lone: 'halving', loneLimit: 32, decode: 'around', aroundLimit: 128, utf8: 'fatal' }),
  };
  return fit(table[at.engine]());
}

/**
 * `wanted`, with each route this runtime cannot take replaced by the nearest one it can: the moves
 * fall back to `loops` (and `wasm` decoding then to `around`, which needs few of them), `isUtf8`
 * to `fatal`, `halving` without a native `isWellFormed` to `scan`.
 */
export function fit(wanted: Routes): Routes {
  const routes = { ...wanted };
  if ((routes.moves === 'buffer' && !capabilities.buffer) || (routes.moves === 'builtins' && !capabilities.builtins)) {
    routes.moves = capabilities.buffer ? 'buffer' : capabilities.builtins ? 'builtins' : 'loops';
  }
  if (routes.moves === 'loops') {
    if (routes.decode === 'wasm') routes.decode = 'around';
    if (routes.encode === 'wasm') routes.encode = 'scratch';
  }
  if (routes.utf8 === 'isUtf8' && !capabilities.isUtf8) routes.utf8 = 'fatal';
  if (routes.lone === 'halving' && !capabilities.isWellFormed) routes.lone = 'scan';
  return routes;
}

/** The routes in use: this runtime's row of the table. */
export const routes: Routes = routesFor(runtime);

/** The routes this runtime chose at import (tests restore them after forcing others). */
export const defaultRoutes: Readonly<Routes> = Object.freeze({ ...routes });

/**
 * Every value each route can take on this runtime, for the tests that run them all. A route is
 * possible when what it needs exists here; `around` decoding and `loops` moves always are.
 */
export function possibleRoutes(): { [K in keyof Routes]: Routes[K][] } {
  const moves: MovesRoute[] = ['loops'];
  if (capabilities.buffer) moves.unshift('buffer');
  if (capabilities.builtins) moves.splice(moves.length - 1, 0, 'builtins');
  return {
    moves,
    encode: ['native', 'scratch', 'chunks', 'wasm'],
    lone: capabilities.isWellFormed ? ['scan', 'halving', 'none'] : ['scan', 'none'],
    loneLimit: [0, 32, 256],
    decode: ['wasm', 'checked', 'around'],
    aroundLimit: [0, 128, 1024],
    utf8: capabilities.isUtf8 ? ['isUtf8', 'fatal'] : ['fatal'],
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
    if (key === 'loneLimit' || key === 'aroundLimit') continue;
    if (!(possible[key] as unknown[]).includes(next[key])) throw new Error(`route ${key}=${String(next[key])} is not possible here`);
  }
  Object.assign(routes, next);
  return { ...routes };
}
