// Modules that scripts/build.mjs provides when it bundles the `wtf8-wasm/encodings` entry.

/**
 * wasm-bindgen's generated glue for src/wasm_encodings.rs
 * (target/wasm-pack-encodings/wtf8_wasm_encodings_bg.js), used as generated.
 */
declare module 'wtf8-wasm-encodings:glue' {
  export function __wbg_set_wasm(exports: WebAssembly.Exports): void;
  /** Thrown by the exports below; `code` is an error code, `offset`/`length` or `index` the position. */
  export class Failure {
    readonly code: string;
    readonly offset: number | undefined;
    readonly length: number | undefined;
    readonly index: number | undefined;
    free(): void;
  }
  export function encode_utf16(units: Uint16Array, bigEndian: boolean, bom: boolean): Uint8Array<ArrayBuffer>;
  export function decode_utf16(bytes: Uint8Array, bigEndian: boolean | undefined, fatal: boolean): Uint16Array<ArrayBuffer>;
  export function encode_utf32(units: Uint16Array, bigEndian: boolean, bom: boolean, pass: boolean, fatal: boolean): Uint8Array<ArrayBuffer>;
  export function decode_utf32(bytes: Uint8Array, bigEndian: boolean | undefined, pass: boolean, fatal: boolean): Uint16Array<ArrayBuffer>;
  export function encode_cesu8(units: Uint16Array, fatal: boolean): Uint8Array<ArrayBuffer>;
  export function decode_cesu8(bytes: Uint8Array, fatal: boolean): Uint16Array<ArrayBuffer>;
  export function encode_mutf8(units: Uint16Array): Uint8Array<ArrayBuffer>;
  export function decode_mutf8(bytes: Uint8Array, fatal: boolean): Uint16Array<ArrayBuffer>;
  export function encode_mutf8_frame(units: Uint16Array): Uint8Array<ArrayBuffer>;
  export function decode_mutf8_frame(bytes: Uint8Array): Uint16Array<ArrayBuffer>;
  export function encode_utf8b(units: Uint16Array): Uint8Array<ArrayBuffer>;
  export function decode_utf8b(bytes: Uint8Array): Uint16Array<ArrayBuffer>;
  export function encode_corrected_utf8(units: Uint16Array, document: boolean, fatal: boolean): Uint8Array<ArrayBuffer>;
  export function encode_corrected_utf8_code_points(codePoints: Uint32Array, document: boolean, fatal: boolean): Uint8Array<ArrayBuffer>;
  export function decode_corrected_utf8(bytes: Uint8Array, document: boolean, fatal: boolean): Uint16Array<ArrayBuffer>;
  export function decode_corrected_utf8_code_points(bytes: Uint8Array, document: boolean, fatal: boolean): Uint32Array<ArrayBuffer>;
}

/** The optimised wasm module of the encodings entry, base64-encoded, embedded so the API is ready synchronously. */
declare module 'wtf8-wasm-encodings:bytes' {
  export const wasmBase64: string;
}
