/**
 * The WebAssembly module and the chunked moves of code units and bytes in and out of it.
 *
 * The module is embedded (base64) and compiled synchronously at import time, so the API needs no
 * `await init()`. Payload text never crosses the boundary as a string: the functions here write
 * UTF-16 code units or bytes into a fixed scratch buffer in wasm memory, call the core on that
 * chunk, and read the result back. Code units move the way the route table says (js/routes.ts,
 * js/moves.ts). Inputs of any size go through in chunks, so wasm memory stays small whatever the
 * input size.
 *
 * Every function here works for every input; `index.ts` adds faster platform paths where they
 * give identical results.
 *
 * @module
 */
import * as glue from 'wtf8-wasm:glue';
import { wasmBytes } from 'wtf8-wasm:bytes';
import { instantiate } from './instantiate.js';
import { failure, type Wtf8Error } from './errors.js';
import { availableMoves, type UnitMoves } from './moves.js';
import { routes } from './routes.js';

const wasmExports = instantiate(wasmBytes, glue, './wtf8_wasm_bg.js');

/** The module's linear memory (exported for tests that check it stays small). */
export const memory = wasmExports.memory as WebAssembly.Memory;

/** Code units per encode call. */
export const MAX_ENCODE_UNITS: number = glue.max_encode_units();
/** The most lone surrogate indexes one scan reports. */
const MAX_LONE: number = glue.max_lone();
/** Bytes per lossy conversion call. */
const MAX_CONVERT_BYTES: number = glue.max_convert_bytes();
/** Bytes per decode call. */
export const MAX_DECODE_BYTES: number = glue.max_decode_bytes();
const UNITS_AT = glue.scratch_units_ptr() >>> 1;
const BYTES_AT = glue.scratch_bytes_ptr();
const LONE_AT = glue.scratch_lone_ptr() >>> 2;
const FAILURE_AT = glue.failure_ptr() >>> 2;
const STREAM_AT = glue.scratch_stream_ptr() >>> 2;
const CONVERTED_AT = glue.scratch_converted_ptr();

let byteView = new Uint8Array(memory.buffer);
let wordView = new Uint32Array(memory.buffer);

/** Views on wasm memory; renewed when the memory has grown (which detaches the old buffer). */
function bytes(): Uint8Array {
  if (byteView.buffer !== memory.buffer) byteView = new Uint8Array(memory.buffer);
  return byteView;
}
function words(): Uint32Array {
  if (wordView.buffer !== memory.buffer) wordView = new Uint32Array(memory.buffer);
  return wordView;
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

/** Every code-unit move this runtime can make over wasm memory (js/moves.ts). */
const moves = availableMoves(memory);

/** The moves of the current route (js/routes.ts). */
function currentMoves(): UnitMoves {
  return moves[routes.moves] ?? moves.loops;
}

/** Copies `input[start..end)` into the unit scratch buffer as UTF-16 code units. */
function writeUnits(input: string, start: number, end: number): void {
  currentMoves().write(input, start, end, UNITS_AT * 2);
}

/**
 * Encodes `input[start..end)` as WTF-8 into `out` at `at` through wasm and returns the bytes
 * written. `end - start` is at most MAX_ENCODE_UNITS, `end` does not fall between a lead surrogate
 * and its trail, and `out` has room for 3 bytes per unit.
 */
export function encodeRangeInto(input: string, start: number, end: number, out: Uint8Array, at: number): number {
  writeUnits(input, start, end);
  const n = glue.encode_wtf8(end - start);
  out.set(bytes().subarray(BYTES_AT, BYTES_AT + n), at);
  return n;
}

/**
 * WTF-8 of a string of at most MAX_ENCODE_UNITS units through wasm, copied out of wasm memory
 * into a new array at its exact length: one copy, no scratch buffer in between.
 */
export function encodeWasmExact(input: string): Uint8Array<ArrayBuffer> {
  writeUnits(input, 0, input.length);
  const n = glue.encode_wtf8(input.length); // before bytes(): the call may grow (detach) the memory
  return bytes().slice(BYTES_AT, BYTES_AT + n) as Uint8Array<ArrayBuffer>;
}

/**
 * The indexes of the lone surrogates of `input[start..end)` (at most MAX_ENCODE_UNITS units, not
 * ending between a pair), found by wasm; `undefined` if there are more than `most` (or than one
 * scan reports).
 */
export function loneSurrogatesInWasm(input: string, start: number, end: number, most: number): number[] | undefined {
  most = Math.min(most, MAX_LONE);
  writeUnits(input, start, end);
  const count = glue.lone_surrogates(end - start, most);
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
    const packed = glue.encode_wtf8_partial(end - read, destination.length - written);
    const chunkRead = packed % 65536;
    const chunkWritten = (packed - chunkRead) / 65536;
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
    const at = glue.utf16_valid_up_to(end - start);
    if (at < end - start) return start + at;
    start = end;
  }
  return -1;
}

/** Builds a string from `count` code units of the unit scratch buffer (lossless). */
function readUnits(count: number): string {
  return currentMoves().read(UNITS_AT * 2, count);
}

/**
 * Decodes bytes as WTF-8 (strict when `fatal`), through wasm. A strict error's offset is counted
 * from `base` (where `input` starts in the caller's bytes).
 */
export function decodeWasm(input: Uint8Array, fatal: boolean, base = 0): string {
  if (input.length <= MAX_DECODE_BYTES) {
    bytes().set(input, BYTES_AT);
    const n = glue.decode_wtf8(input.length, fatal);
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
  for (let at = 0; ;) {
    const end = Math.min(input.length, at + MAX_DECODE_BYTES);
    bytes().set(input.subarray(at, end), BYTES_AT);
    const settled = glue.validate_chunk(end - at, end === input.length, utf8);
    if (settled < 0) return failure(words(), FAILURE_AT, at);
    if (end === input.length) return null;
    at += settled; // at most 6 bytes wait for the next chunk
  }
}

/** Any bytes read as WTF-8, to well-formed UTF-8 (`wtf8ToUtf8`, lossy), by the core chunk by chunk. */
export function wtf8ToUtf8Wasm(input: Uint8Array): Uint8Array<ArrayBuffer> {
  let out = new Uint8Array(input.length + 16);
  let written = 0;
  for (let at = 0; at < input.length || at === 0;) {
    const end = Math.min(input.length, at + MAX_CONVERT_BYTES);
    bytes().set(input.subarray(at, end), BYTES_AT);
    const packed = glue.convert_chunk_lossy(end - at, end === input.length);
    const read = packed % 65536;
    const count = (packed - read) / 65536;
    if (written + count > out.length) {
      const grown = new Uint8Array(Math.max(2 * out.length, written + count));
      grown.set(out.subarray(0, written));
      out = grown;
    }
    out.set(bytes().subarray(CONVERTED_AT, CONVERTED_AT + count), written);
    written += count;
    if (end === input.length) break;
    at += read; // at most 6 bytes wait for the next chunk
  }
  return out.slice(0, written);
}

/**
 * `head` (the first at most 3 bytes of a WTF-8 string) appended to `tail` (the last at most 3
 * bytes of another) by the core's re-pairing rule.
 */
export function joinWtf8(tail: Uint8Array, head: Uint8Array): Uint8Array {
  const view = bytes();
  view.set(tail, BYTES_AT);
  view.set(head, BYTES_AT + tail.length);
  return view.slice(BYTES_AT, BYTES_AT + glue.join_wtf8(tail.length, head.length));
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
    if (this.#state === undefined) glue.stream_begin(this.#fatal);
    else words().set(this.#state, STREAM_AT);
    let text = '';
    let start = 0;
    do {
      const end = Math.min(input.length, start + MAX_DECODE_BYTES);
      bytes().set(input.subarray(start, end), BYTES_AT);
      const n = glue.decode_stream(end - start, !stream && end === input.length);
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
