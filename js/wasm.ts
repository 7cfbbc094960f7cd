/**
 * The WebAssembly module and the chunked moves of code units and bytes in and out of it.
 *
 * The module is embedded (one character per byte, js/instantiate.ts) and compiled synchronously
 * when a call first needs it, so the API needs no `await init()`. Payload text never crosses the
 * boundary as a string: the functions here write UTF-16 code units or bytes into a fixed scratch
 * buffer in wasm memory, call the core on that chunk, and read the result back. Code units move the
 * way the plan says, made once ({@link useMoves}, called by js/plan.ts; js/moves.ts).
 * Inputs of any size go through in chunks, so wasm memory stays small whatever the input size.
 *
 * Every function here works for every input; the plans of js/routes.ts put faster platform steps
 * before these where they give identical results.
 *
 * @module
 */
import type * as Exports from 'wtf8-wasm:glue';
import { __wbg_set_wasm, __wbindgen_init_externref_table } from 'wtf8-wasm:glue';
import { wasmBytes } from 'wtf8-wasm:bytes';
import { instantiate, viewOf } from './instantiate.js';
import { failure, unpack, type Wtf8Error } from './errors.js';
import type { Moves, MovesKind, UnitMoves } from './moves.js';
import { compilesLate } from './platform.js';

/**
 * Code units per encode call, and bytes per decode call: the bindings' chunk sizes (bindings/main),
 * known before the module is compiled (tests/js/boundary.test.mjs checks them against it).
 */
export const MAX_ENCODE_UNITS = 21845;
export const MAX_DECODE_BYTES = 65536;
/** The most lone surrogate indexes one scan reports. */
let MAX_LONE: number;
let UNITS_AT: number;
let BYTES_AT: number;
let LONE_AT: number;
let FAILURE_AT: number;
let STREAM_AT: number;
/**
 * The module's exports, called directly rather than through wasm-bindgen's wrappers: each takes
 * and returns plain numbers (bindings/main), so a wrapper would only forward the call (the `>>> 0`
 * it applies to a `u32` changes nothing below 2^31, where every address and count here stays).
 * Of the glue, only what instantiation needs is bundled: its setter and the one function the
 * module imports.
 */
let wasm: typeof Exports;
const glue = { __wbg_set_wasm, __wbindgen_init_externref_table };
/** The module's linear memory, and views on it (renewed when it grows). */
let memory: WebAssembly.Memory | undefined;
let bytes: () => Uint8Array;
let words: () => Uint32Array;

/**
 * Compiles and instantiates the module, the first time anything needs it (the first call that
 * goes to wasm, not the import: a program whose calls the platform or the JavaScript loops serve
 * never compiles it; measured, this takes 1–6 ms off an import). Synchronous, so every function
 * here stays synchronous.
 */
function boot(): void {
  const exports = instantiate(wasmBytes, glue, './wtf8_wasm_bg.js');
  wasm = exports as unknown as typeof Exports;
  MAX_LONE = wasm.max_lone();
  UNITS_AT = wasm.scratch_units_ptr();
  BYTES_AT = wasm.scratch_bytes_ptr();
  LONE_AT = wasm.scratch_lone_ptr() >>> 2;
  FAILURE_AT = wasm.failure_ptr() >>> 2;
  STREAM_AT = wasm.scratch_stream_ptr() >>> 2;
  const made = exports.memory as WebAssembly.Memory;
  bytes = viewOf(made, (buffer) => new Uint8Array(buffer));
  words = viewOf(made, (buffer) => new Uint32Array(buffer));
  memory = made;
  makeMoves?.(made);
}

/** How code units move in and out: the plan's moves, handed in once the module exists. */
let moves: UnitMoves | undefined;
let movesKind: MovesKind | undefined;
let makeMoves: ((memory: WebAssembly.Memory) => void) | undefined;

/**
 * How the plan's moves are made over wasm memory (js/plan.ts, once per plan): now if the module
 * exists, else when it first does. `make` hands them over with {@link handMoves}.
 */
export function useMoves(make: (memory: WebAssembly.Memory) => void): void {
  makeMoves = make;
  if (memory !== undefined) make(memory);
}

/** Makes `next` the way code units move in and out of wasm memory. */
export function handMoves(next: Moves): void {
  moves = next.moves;
  movesKind = next.kind;
}

/** How code units move now (`undefined` until something has moved through wasm). */
export function movesInUse(): MovesKind | undefined {
  return movesKind;
}

/** The module's chunk sizes as it says them (compiled first if need be), for the tests that check them. */
export function wasmLimits(): { encodeUnits: number; decodeBytes: number } {
  if (memory === undefined) boot();
  return { encodeUnits: wasm.max_encode_units(), decodeBytes: wasm.max_decode_bytes() };
}

/** `at`, or `at - 1` if that falls between a lead surrogate and the unit after it. */
export function splitPoint(input: string, at: number): number {
  return at < input.length && (input.charCodeAt(at - 1) & 0xfc00) === 0xd800 ? at - 1 : at;
}

/**
 * The end of the next encode chunk starting at `start`: at most MAX_ENCODE_UNITS units, never
 * between a lead surrogate and the unit after it.
 */
export function chunkEnd(input: string, start: number): number {
  return splitPoint(input, Math.min(input.length, start + MAX_ENCODE_UNITS));
}

/** Copies `input[start..end)` into the unit scratch buffer as UTF-16 code units. */
function writeUnits(input: string, start: number, end: number): void {
  if (memory === undefined) boot();
  moves!.write(input, start, end, UNITS_AT);
}

/**
 * Encodes `input[start..end)` as WTF-8 into `out` at `at` through wasm and returns the bytes
 * written. `end - start` is at most MAX_ENCODE_UNITS, `end` does not fall between a lead surrogate
 * and its trail, and `out` has room for 3 bytes per unit.
 */
export function encodeRangeInto(input: string, start: number, end: number, out: Uint8Array, at: number): number {
  writeUnits(input, start, end);
  const n = wasm.encode_wtf8(end - start);
  out.set(bytes().subarray(BYTES_AT, BYTES_AT + n), at);
  return n;
}

/**
 * WTF-8 of a string of at most MAX_ENCODE_UNITS units through wasm, copied out of wasm memory
 * into a new array at its exact length: one copy, no scratch buffer in between.
 */
export function encodeWasmExact(input: string): Uint8Array<ArrayBuffer> {
  writeUnits(input, 0, input.length);
  const n = wasm.encode_wtf8(input.length); // before bytes(): the call may grow (detach) the memory
  return bytes().slice(BYTES_AT, BYTES_AT + n) as Uint8Array<ArrayBuffer>;
}

/**
 * The indexes of the lone surrogates of `input[start..end)` (at most MAX_ENCODE_UNITS units, not
 * ending between a pair), found by wasm; `undefined` if there are more than `most` (or than one
 * scan reports).
 */
export function loneSurrogatesInWasm(input: string, start: number, end: number, most: number): number[] | undefined {
  if (memory === undefined) boot();
  most = Math.min(most, MAX_LONE);
  writeUnits(input, start, end);
  const count = wasm.lone_surrogates(end - start, most);
  if (count > most) return undefined;
  return Array.from(words().subarray(LONE_AT, LONE_AT + count), (index) => start + index);
}

/** `TextEncoder.encodeInto` contract, WTF-8 output, through wasm. */
export function encodeIntoWasm(input: string, destination: Uint8Array): { read: number; written: number } {
  let read = 0;
  let written = 0;
  while (read < input.length && written < destination.length) {
    const end = chunkEnd(input, read);
    writeUnits(input, read, end);
    const [chunkRead, chunkWritten] = unpack(wasm.encode_wtf8_partial(end - read, destination.length - written));
    destination.set(bytes().subarray(BYTES_AT, BYTES_AT + chunkWritten), written);
    read += chunkRead;
    written += chunkWritten;
    if (read < end) break; // the destination is full
  }
  return { read, written };
}

/** The index of the first lone surrogate in `input`, or -1 if it is well-formed. */
export function firstLoneSurrogate(input: string): number {
  for (let start = 0; start < input.length;) {
    const end = chunkEnd(input, start);
    writeUnits(input, start, end);
    // With room for one index the scan writes the first and stops at the second.
    if (wasm.lone_surrogates(end - start, 1) > 0) return start + words()[LONE_AT]!;
    start = end;
  }
  return -1;
}

/** Builds a string from `count` code units of the unit scratch buffer (lossless). */
function readUnits(count: number): string {
  return moves!.read(UNITS_AT, count);
}

/**
 * Decodes bytes as WTF-8 (strict when `fatal`), through wasm. A strict error's offset is counted
 * from `base` (where `input` starts in the caller's bytes).
 */
export function decodeWasm(input: Uint8Array, fatal: boolean, base = 0): string {
  if (memory === undefined) boot();
  if (input.length <= MAX_DECODE_BYTES) {
    bytes().set(input, BYTES_AT);
    const n = wasm.decode_stream(input.length, true, fatal ? 2 : 1);
    if (n < 0) throw failure(words(), FAILURE_AT, base);
    return readUnits(n);
  }
  return new StreamingDecoder(fatal, base).decode(input, false);
}

/**
 * Whether `input` is well-formed WTF-8 (or, with `utf8`, UTF-8): `null`, or the error that strict
 * decoding (or `wtf8ToUtf8`'s) reports. The core validates chunk by chunk, without decoding.
 */
export function validateWasm(input: Uint8Array, utf8: boolean): Wtf8Error | null {
  const at = invalidChunk(input, utf8);
  return at < 0 ? null : failure(words(), FAILURE_AT, at);
}

/**
 * Whether `input` is well-formed WTF-8 (or, with `utf8`, UTF-8), without making the error, whose
 * stack is most of its cost: `isWtf8` of 4 ill-formed bytes 11.0 → 0.38 µs in Node 20.20 with
 * this (1 Dec 2026).
 */
export function isValidWasm(input: Uint8Array, utf8: boolean): boolean {
  return invalidChunk(input, utf8) < 0;
}

/** -1 when `input` is well-formed, else where its failing chunk starts (the failure record is in memory). */
function invalidChunk(input: Uint8Array, utf8: boolean): number {
  if (memory === undefined) boot();
  for (let at = 0; ;) {
    const end = Math.min(input.length, at + MAX_DECODE_BYTES);
    bytes().set(input.subarray(at, end), BYTES_AT);
    const settled = wasm.validate_chunk(end - at, end === input.length, utf8);
    if (settled < 0) return at;
    if (end === input.length) return -1;
    at += settled; // at most 6 bytes wait for the next chunk
  }
}

/**
 * `head` (the first at most 3 bytes of a WTF-8 string) appended to `tail` (the last at most 3
 * bytes of another) by the core's re-pairing rule.
 */
export function joinWtf8(tail: Uint8Array, head: Uint8Array): Uint8Array {
  if (memory === undefined) boot();
  const view = bytes();
  view.set(tail, BYTES_AT);
  view.set(head, BYTES_AT + tail.length);
  return view.slice(BYTES_AT, BYTES_AT + wasm.join_wtf8(tail.length, head.length));
}

/**
 * A streaming decoder: the core's `StreamDecoder`, whose state (four words: the bytes held back
 * for the next chunk, and what it knows of the bytes before) this object keeps between calls and
 * hands to the wasm module with each chunk; the module holds no per-stream state, so any number
 * of these can be open. Strict errors report their offset from the start of the stream.
 */
export class StreamingDecoder {
  readonly #fatal: boolean;
  readonly #base: number;
  /** The decoder's words (`StreamDecoder::to_words`), or `undefined` for a new stream. */
  #state: Uint32Array | undefined;

  /** `base`: added to a strict error's offset (where the stream starts in the caller's bytes). */
  constructor(fatal: boolean, base = 0) {
    this.#fatal = fatal;
    this.#base = base;
  }

  /** Decodes the next part of the stream; `stream` false ends the stream (and resets it). */
  decode(input: Uint8Array, stream: boolean): string {
    if (memory === undefined) boot();
    // A new stream's first call starts a new decoder (2 strict, 1 lenient); the others go on
    // with the words in the scratch (0).
    let begin = this.#fatal ? 2 : 1;
    if (this.#state !== undefined) {
      words().set(this.#state, STREAM_AT);
      begin = 0;
    }
    let text = '';
    let start = 0;
    do {
      const end = Math.min(input.length, start + MAX_DECODE_BYTES);
      bytes().set(input.subarray(start, end), BYTES_AT);
      const n = wasm.decode_stream(end - start, !stream && end === input.length, begin);
      begin = 0;
      if (n < 0) {
        this.#state = undefined;
        throw failure(words(), FAILURE_AT, this.#base);
      }
      text += readUnits(n);
      start = end;
    } while (start < input.length);
    // The words as the last call left them (read after it: a call may grow wasm memory).
    this.#state = stream ? words().slice(STREAM_AT, STREAM_AT + 4) : undefined;
    return text;
  }

  /** Forgets held-back bytes and starts a new stream. */
  reset(): void {
    this.#state = undefined;
  }
}

// Where wasm cannot be compiled later (workerd), compile it now, while the module is imported.
if (!compilesLate) boot();
