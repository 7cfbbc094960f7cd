/**
 * What the platform offers, each detected once: the native UTF-8 codecs (which give
 * byte-identical results wherever WTF-8 and UTF-8 agree), the native well-formedness check, and
 * which engine this is ({@link runtime}), since how fast the native codecs are differs by engine
 * and version while their results do not, at import; Node's Buffer and byte checks where there
 * are (native byte search, lossless code-unit copies, `isUtf8`) when the first plan is built
 * ({@link nodeParts}). A missing capability is a missing step of a plan (js/routes.ts), never a
 * check during a call.
 *
 * Never TextDecoder('utf-16le'): it replaces lone surrogates.
 *
 * @module
 */

/** The engines whose native codecs js/routes.ts has measured; everything else is `other`. */
export type Engine = 'node' | 'deno' | 'bun' | 'chromium' | 'firefox' | 'webkit' | 'other';

/** Which engine runs this code, and its major version (0 where unknown). */
export interface Runtime {
  readonly engine: Engine;
  readonly major: number;
}

interface RuntimeGlobals {
  Deno?: { version?: { deno?: string } };
  process?: { versions?: { node?: string; bun?: string }; release?: { name?: string } };
  navigator?: { userAgent?: string };
}

/**
 * The engine, from the version strings each runtime documents: `Deno.version.deno`,
 * `process.versions.bun`, then `process.versions.node` with `process.release.name === 'node'`
 * (Deno, Bun and Cloudflare's workerd all imitate Node's `process`, so they are asked first:
 * workerd by its user agent, `Cloudflare-Workers`), and for browsers the user agent's product
 * token (Blink-based browsers say `Chrome/`, Firefox `Firefox/`; what is left that says
 * `AppleWebKit` is WebKit: Safari, and every browser on iOS, whose `CriOS/` and `FxiOS/` run on
 * WebKit too; its major is 0, since no row asks). This is version sniffing, on
 * purpose and only for speed: the results of every plan are identical, but whether the native
 * codec or the wasm core is faster depends on the engine's codec, which no feature test can see
 * (Node 24 and 26 have the same APIs as Node 22, with SIMD codecs behind them).
 * tests/js/routes.test.mjs checks the detection, and each runtime of the test matrix checks what
 * it detects itself (tests/e2e/routes.test.mjs).
 */
export function detectRuntime(globals: RuntimeGlobals = globalThis as RuntimeGlobals): Runtime {
  const major = (version: string | undefined) => Number.parseInt(version ?? '', 10) || 0;
  const deno = globals.Deno?.version?.deno;
  if (typeof deno === 'string') return { engine: 'deno', major: major(deno) };
  const versions = globals.process?.versions;
  if (typeof versions?.bun === 'string') return { engine: 'bun', major: major(versions.bun) };
  const agent = globals.navigator?.userAgent ?? '';
  if (agent === 'Cloudflare-Workers') return { engine: 'other', major: 0 };
  if (typeof versions?.node === 'string' && globals.process?.release?.name === 'node') {
    return { engine: 'node', major: major(versions.node) };
  }
  const firefox = /\bFirefox\/(\d+)/.exec(agent);
  if (firefox) return { engine: 'firefox', major: major(firefox[1]) };
  const chromium = /Chrom(?:e|ium)\/(\d+)/.exec(agent); // also HeadlessChrome/, and Edge and Opera (Blink)
  if (chromium) return { engine: 'chromium', major: major(chromium[1]) };
  if (/AppleWebKit/.test(agent)) return { engine: 'webkit', major: 0 };
  return { engine: 'other', major: 0 };
}

/** This runtime (see {@link detectRuntime}). */
export const runtime: Runtime = detectRuntime();

/**
 * Whether wasm may be compiled after start-up: not in Cloudflare's workerd, which refuses code
 * generation once a request runs ("Wasm code generation disallowed by embedder"), so js/wasm.ts
 * compiles its module at import there (tests/consumer: the packed package in workerd).
 */
export const compilesLate = (globalThis as RuntimeGlobals).navigator?.userAgent !== 'Cloudflare-Workers';

export const textEncoder = new TextEncoder();
export const lenientUtf8 = new TextDecoder('utf-8', { ignoreBOM: true });
export const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Is `input` well-formed UTF-16? The native `String.prototype.isWellFormed` where the engine has
 * it; otherwise "no", which sends strings to paths that are correct for every string.
 */
export const nativeIsWellFormed = typeof String.prototype.isWellFormed === 'function';
export const isWellFormed: (input: string) => boolean = nativeIsWellFormed
  ? (input) => input.isWellFormed()
  : () => false;

/** The parts of Node's Buffer used here. */
export interface NodeBufferView {
  readonly buffer: ArrayBufferLike;
  indexOf(value: number | Uint8Array, byteOffset: number): number;
  write(text: string, offset: number, length: number, encoding: 'utf16le'): number;
  toString(encoding: 'utf16le', start: number, end: number): string;
  /** What `write(…, 'utf16le')` and `toString('utf16le', …)` call after their argument checks. */
  ucs2Write?(text: string, offset: number, length: number): number;
  ucs2Slice?(start: number, end: number): string;
}
interface NodeBufferClass {
  readonly prototype?: Partial<NodeBufferView>;
  from(buffer: ArrayBufferLike, byteOffset?: number, length?: number): NodeBufferView;
}

/**
 * Node's parts, where the runtime has them: its Buffer, `Buffer#utf8Slice`, and the byte checks of
 * its `buffer` module. Looked up by the first call that needs them (a plan being built, a copy for
 * the platform), not at import: in Bun, reaching `Buffer` and `process.getBuiltinModule` costs
 * about 0.2 ms each the first time (27 Nov 2026, benches/README.md "Import").
 */
export interface NodeParts {
  /**
   * Node's Buffer. Its 'utf16le' conversions copy code units as they are (lone surrogates
   * included) many times faster than charCodeAt / fromCharCode loops, and its indexOf is a native
   * memchr, far faster than Uint8Array.prototype.indexOf. Not Deno's, which is written in
   * JavaScript (no faster than the other ways) and whose first touch loads Deno's Node layer: 20
   * ms of an import, with `process` another 15 (Deno 2.9, 26 Nov 2026); Deno's plan needs neither.
   */
  readonly Buffer?: NodeBufferClass;
  /**
   * Node's `Buffer.prototype.utf8Slice` (also Bun's), which decodes any Uint8Array as UTF-8 exactly
   * as `TextDecoder` does (U+FFFD for ill-formed input, a BOM kept), without `TextDecoder.decode`'s
   * argument handling: measured 5–25% faster on short input (js/routes.ts).
   */
  readonly utf8Slice?: (this: Uint8Array, start: number, end: number) => string;
  /** Node's (and Bun's) `Buffer.prototype.latin1Slice`: a byte a unit, for bytes known to be ASCII. */
  readonly latin1Slice?: (this: Uint8Array, start: number, end: number) => string;
  /**
   * Node's `isAscii`/`isUtf8` (native, SIMD; far faster than a TextDecoder call), where the
   * runtime has them and `process.getBuiltinModule` to reach them without an import (Node
   * 20.16+; also Bun), and a Buffer for lossless code-unit copies. Where they are, {@link decode}
   * sends ASCII to the native decoder and everything else to wasm, whose code units Buffer turns
   * into a string 2–3× faster than Node's TextDecoder decodes non-ASCII UTF-8.
   */
  readonly byteChecks?: NodeByteChecks;
}

/** The byte checks of Node's `buffer` module. */
interface NodeByteChecks {
  isAscii(input: Uint8Array): boolean;
  isUtf8(input: Uint8Array): boolean;
}

let parts: NodeParts | undefined;

/** This runtime's {@link NodeParts}, looked up once. */
export function nodeParts(): NodeParts {
  return (parts ??= lookUpNodeParts());
}

function lookUpNodeParts(): NodeParts {
  const Buffer = runtime.engine === 'deno' ? undefined : (globalThis as { Buffer?: NodeBufferClass }).Buffer;
  if (Buffer === undefined) return {};
  const proto = Buffer.prototype as { utf8Slice?: unknown; latin1Slice?: unknown } | undefined;
  const slice = proto?.utf8Slice;
  const latin1 = proto?.latin1Slice;
  return {
    Buffer,
    utf8Slice: typeof slice === 'function' ? (slice as NodeParts['utf8Slice']) : undefined,
    latin1Slice: typeof latin1 === 'function' ? (latin1 as NodeParts['latin1Slice']) : undefined,
    byteChecks: loadByteChecks(),
  };
}

function loadByteChecks(): NodeByteChecks | undefined {
  const process = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  try {
    const buffer = process?.getBuiltinModule?.('node:buffer') as Partial<NodeByteChecks> | undefined;
    if (typeof buffer?.isAscii === 'function' && typeof buffer.isUtf8 === 'function') return buffer as NodeByteChecks;
  } catch {
    // Not Node, or a runtime that refuses: the portable paths are used.
  }
  return undefined;
}

/**
 * `bytes` as the platform codecs take them (as input, and as `encodeInto`'s destination): browsers
 * refuse views on a SharedArrayBuffer and on a resizable ArrayBuffer (Web IDL's BufferSource), so
 * those are copied first. Node and Bun take them as they are, and there this is chosen at import
 * to be nothing at all: asking anything on each call (the looked-up Node parts, or `bytes.buffer`)
 * made Bun's `encodeInto` of 8 units 5–150 ns slower (`bun benches/ab.mjs … 8,32 encodeInto`, both
 * orders, 27 Nov 2026).
 */
export const forPlatform: (bytes: Uint8Array) => Uint8Array =
  runtime.engine === 'node' || runtime.engine === 'bun'
    ? (bytes) => bytes
    : (bytes) =>
        (bytes.buffer instanceof ArrayBuffer ||
          Object.prototype.toString.call(bytes.buffer) !== '[object SharedArrayBuffer]') &&
        !(bytes.buffer as { resizable?: boolean }).resizable
          ? bytes
          : bytes.slice();

/**
 * The platform decoders refuse inputs above about 512 MiB (V8's string length limit applied to the
 * input): decode those in pieces through a streaming decoder, which splits anywhere correctly.
 */
const PLATFORM_PIECE = 1 << 27;

/** `decoder.decode(bytes)` for inputs of any size. */
export function platformDecode(decoder: TextDecoder, bytes: Uint8Array): string {
  const input = forPlatform(bytes);
  if (input.length <= PLATFORM_PIECE) return decoder.decode(input);
  const streaming = new TextDecoder('utf-8', { fatal: decoder.fatal, ignoreBOM: true });
  let text = '';
  for (let at = 0; at < input.length; at += PLATFORM_PIECE) {
    text += streaming.decode(input.subarray(at, at + PLATFORM_PIECE), { stream: at + PLATFORM_PIECE < input.length });
  }
  return text;
}
