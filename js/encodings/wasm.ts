/**
 * The encodings entry's own WebAssembly module (src/wasm_encodings.rs), and the moves of code
 * units in and out of it.
 *
 * Embedded (base64) and compiled synchronously at import time, like the main entry's module, so
 * the API needs no `await init()`; it is a separate module so that the main entry does not carry
 * these encodings. Payload text never crosses the boundary as a string: a string goes in as a
 * `Uint16Array` of its code units (`charCodeAt`), and code units come back as a `Uint16Array`
 * turned into a string with `String.fromCharCode` in bounded chunks — never through
 * `TextDecoder('utf-16le')`, which replaces lone surrogates.
 *
 * @module
 */
import * as glue from 'wtf8-wasm-encodings:glue';
import { wasmBase64 } from 'wtf8-wasm-encodings:bytes';
import { instantiate } from '../instantiate.js';
import { Wtf8Error, addEncodingDescriptions, type Wtf8ErrorCode } from '../errors.js';

instantiate(wasmBase64, glue, './wtf8_wasm_encodings_bg.js');
addEncodingDescriptions();

/** The wasm exports (thin wrappers over `wtf8_wasm::encodings`). */
export { glue as wasm };

export { unitsOf, stringOf } from '../units.js';

/**
 * Runs a wasm call, turning the `Failure` it may throw into a {@link Wtf8Error}: `offset` and
 * `length` (`null`: the input ended mid-sequence) for byte input, `index` for string input.
 */
export function call(run: () => Uint8Array): Uint8Array<ArrayBuffer>;
export function call(run: () => Uint16Array): Uint16Array<ArrayBuffer>;
export function call(run: () => Uint32Array): Uint32Array<ArrayBuffer>;
export function call<T>(run: () => T): T;
// wasm-bindgen's declarations say `Uint8Array` (any buffer); the arrays it returns are fresh
// copies out of wasm memory (`.slice()`), so over a plain ArrayBuffer: the overloads say so.
export function call<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof glue.Failure)) throw error;
    const { offset, length, index } = error;
    const code = error.code as Wtf8ErrorCode;
    error.free();
    throw new Wtf8Error(code, offset === undefined ? { index } : { offset, length: length ?? null });
  }
}
