/**
 * The encodings entry's own WebAssembly module (bindings/encodings), and the chunked moves of
 * code units, code points and bytes in and out of it.
 *
 * Embedded (one character per byte) and compiled synchronously at import time, like the main entry's module, so
 * the API needs no `await init()`; it is a separate module so that the main entry does not carry
 * these encodings. The convention is the main module's: every conversion goes through the core's
 * chunked encoder or decoder in bounded chunks — this file writes a chunk into a fixed scratch
 * buffer in wasm memory, calls the module with its length, and reads the result back — so wasm
 * memory stays the same size whatever the input size (the module has no heap). Every rule,
 * including what to hold back at a chunk boundary, is in the Rust core: chunks here are cut
 * anywhere. A failure is -1 and a record that {@link failure} turns into a `Wtf8Error`.
 *
 * Payload text never crosses the boundary as a string: code units are written with `charCodeAt`
 * and read with `String.fromCharCode` (js/units.ts), never through `TextDecoder('utf-16le')`,
 * which replaces lone surrogates.
 *
 * @module
 */
import type * as Exports from 'wtf8-wasm-encodings:glue';
import { __wbg_set_wasm, __wbindgen_init_externref_table } from 'wtf8-wasm-encodings:glue';
import { wasmBytes } from 'wtf8-wasm-encodings:bytes';
import { instantiate, viewOf } from '../instantiate.js';
import { addEncodingDescriptions, failure, unpack } from '../errors.js';
import { stringOf } from '../units.js';

/**
 * The module's exports, called directly rather than through wasm-bindgen's wrappers: each takes
 * and returns plain numbers (bindings/encodings), so a wrapper would only forward the call (the
 * addresses and counts it would turn unsigned are all below 2^31). Of the glue, only what
 * instantiation needs is bundled: its setter and the one function the module imports.
 */
const glue = { __wbg_set_wasm, __wbindgen_init_externref_table };
const wasm = instantiate(wasmBytes, glue, './wtf8_wasm_encodings_bg.js') as unknown as typeof Exports & {
  memory: WebAssembly.Memory;
};
const memory = wasm.memory;
addEncodingDescriptions();

/** The byte formats, by the numbers bindings/encodings gives them. */
export const FORMAT = { utf16: 0, utf32: 1, cesu8: 2, mutf8: 3, utf8b: 4, corrected: 5 } as const;

/** A decoder's byte order: little-endian, big-endian, or from a byte order mark. */
export const ORDER = { le: 0, be: 1, bom: 2 } as const;

/** Bytes per decode call. */
const DECODE_BYTES = wasm.limit(0);
/** Code units per encode call. */
const ENCODE_UNITS = wasm.limit(1);
/** Code points per encode call, and bytes per decode-to-code-points call. */
const CODE_POINTS = wasm.limit(2);
/** Code units a `writeUTF` frame call needs to see (a longer string fails at the same index). */
const FRAME_UNITS = wasm.limit(3);
/** The largest `writeUTF` frame: 2 length bytes and 65,535 body bytes. */
const FRAME_BYTES = 2 + 65_535;

const BYTES_AT = wasm.scratch_bytes_ptr();
const UNITS_AT = wasm.scratch_units_ptr() >>> 1;
const CODE_POINTS_AT = wasm.scratch_code_points_ptr() >>> 2;
const FAILURE_AT = wasm.failure_ptr() >>> 2;

/** Views on wasm memory (renewed if it grows; the module has no heap, so it should not). */
const bytes = viewOf(memory, (buffer) => new Uint8Array(buffer));
const units = viewOf(memory, (buffer) => new Uint16Array(buffer));
const words = viewOf(memory, (buffer) => new Uint32Array(buffer));

/** Copies the code units of `input[start..end)` into the unit scratch buffer. */
function writeUnits(input: string, start: number, end: number): void {
  const view = units();
  let at = UNITS_AT;
  for (let i = start; i < end; i++) view[at++] = input.charCodeAt(i);
}

/**
 * Calls `each(start, end, last)` for the chunks of at most `size` that cover `length` (one empty
 * chunk when `length` is 0: the core still says what an empty input is).
 */
function inChunks(length: number, size: number, each: (start: number, end: number, last: boolean) => void): void {
  let start = 0;
  do {
    const end = Math.min(length, start + size);
    each(start, end, end === length);
    start = end;
  } while (start < length);
}

/** The parts as one fresh, exactly sized array. */
function join<T extends Uint8Array<ArrayBuffer> | Uint32Array<ArrayBuffer>>(parts: T[], make: (n: number) => T): T {
  if (parts.length === 1) return parts[0]!;
  const out = make(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Throws the `Wtf8Error` of a failed call (`n` < 0). */
function check(n: number): number {
  if (n < 0) throw failure(words(), FAILURE_AT);
  return n;
}

/**
 * Encodes a string into `format` in chunks. `bigEndian` and `bom` for UTF-16/32; `flag`:
 * `surrogates: 'pass'` (UTF-32), `document` (Corrected UTF-8); `fatal`: strict, else lossy.
 */
export function encodeString(
  input: string,
  format: number,
  fatal: boolean,
  bigEndian = false,
  bom = false,
  flag = false,
): Uint8Array<ArrayBuffer> {
  wasm.begin_encode(format, bigEndian, bom, flag, fatal);
  const parts: Uint8Array<ArrayBuffer>[] = [];
  inChunks(input.length, ENCODE_UNITS, (start, end, last) => {
    writeUnits(input, start, end);
    const n = check(wasm.encode(end - start, last));
    parts.push(bytes().slice(BYTES_AT, BYTES_AT + n));
  });
  return join(parts, (n) => new Uint8Array(n));
}

/** Encodes code points into `format` in chunks (Corrected UTF-8's full range); `flag` as for {@link encodeString}. */
export function encodeCodePoints(
  input: Uint32Array,
  format: number,
  fatal: boolean,
  flag = false,
): Uint8Array<ArrayBuffer> {
  wasm.begin_encode(format, false, false, flag, fatal);
  const parts: Uint8Array<ArrayBuffer>[] = [];
  inChunks(input.length, CODE_POINTS, (start, end, last) => {
    words().set(input.subarray(start, end), CODE_POINTS_AT);
    const n = check(wasm.encode_code_points(end - start, last));
    parts.push(bytes().slice(BYTES_AT, BYTES_AT + n));
  });
  return join(parts, (n) => new Uint8Array(n));
}

/** Decodes bytes from `format` in chunks into a string. `order`: an {@link ORDER} (UTF-16/32); `flag` as for {@link encodeString}. */
export function decodeString(
  input: Uint8Array,
  format: number,
  fatal: boolean,
  order: number = ORDER.bom,
  flag = false,
): string {
  wasm.begin_decode(format, order, flag, fatal);
  let text = '';
  inChunks(input.length, DECODE_BYTES, (start, end, last) => {
    bytes().set(input.subarray(start, end), BYTES_AT);
    const n = check(wasm.decode(end - start, last));
    text += stringOf(units().subarray(UNITS_AT, UNITS_AT + n));
  });
  return text;
}

/** Decodes bytes from `format` in chunks into code points (Corrected UTF-8's full range). */
export function decodeCodePoints(
  input: Uint8Array,
  format: number,
  fatal: boolean,
  flag = false,
): Uint32Array<ArrayBuffer> {
  wasm.begin_decode(format, ORDER.bom, flag, fatal);
  const parts: Uint32Array<ArrayBuffer>[] = [];
  inChunks(input.length, CODE_POINTS, (start, end, last) => {
    bytes().set(input.subarray(start, end), BYTES_AT);
    const n = check(wasm.decode_code_points(end - start, last));
    parts.push(words().slice(CODE_POINTS_AT, CODE_POINTS_AT + n));
  });
  return join(parts, (n) => new Uint32Array(n));
}

/** A `writeUTF` frame of `input`: only its first code units can matter (the core says how many). */
export function writeFrame(input: string): Uint8Array<ArrayBuffer> {
  const count = Math.min(input.length, FRAME_UNITS);
  writeUnits(input, 0, count);
  const n = check(wasm.encode_frame(count));
  return bytes().slice(BYTES_AT, BYTES_AT + n);
}

/** The string in the `writeUTF` frame at the start of `input`, and the bytes the frame took. */
export function readFrame(input: Uint8Array): { value: string; bytesRead: number } {
  const frame = input.subarray(0, FRAME_BYTES);
  bytes().set(frame, BYTES_AT);
  const [count, bytesRead] = unpack(check(wasm.decode_frame(frame.length)));
  return { value: stringOf(units().subarray(UNITS_AT, UNITS_AT + count)), bytesRead };
}
