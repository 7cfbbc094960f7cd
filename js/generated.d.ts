// Modules that scripts/build.mjs provides at bundle time.

/** wasm-bindgen's generated glue (target/wasm-pack/wtf8_wasm_bg.js), used as generated. */
declare module 'wtf8-wasm:glue' {
  export function __wbg_set_wasm(exports: WebAssembly.Exports): void;
  export function scratch_units_ptr(): number;
  export function scratch_bytes_ptr(): number;
  export function scratch_lone_ptr(): number;
  export function lone_surrogates(len: number, max: number): number;
  export function max_lone(): number;
  export function max_encode_units(): number;
  export function max_decode_bytes(): number;
  export function encode_wtf8(len: number): number;
  export function encode_wtf8_partial(len: number, room: number): number;
  export function utf16_valid_up_to(len: number): number;
  export function decode_wtf8(len: number, fatal: boolean): number;
  export class Decoder {
    constructor(fatal: boolean);
    decode(len: number, last: boolean): number;
    reset(): void;
    free(): void;
  }
  export function inspect_units(units: Uint16Array): unknown;
  export function inspect_bytes(bytes: Uint8Array): unknown;
}

/** The optimised wasm module, base64-encoded, embedded so the API is ready synchronously. */
declare module 'wtf8-wasm:bytes' {
  export const wasmBase64: string;
}

/** js/strings.wat assembled, base64-encoded: code-unit moves through the JS String Builtins. */
declare module 'wtf8-wasm:strings' {
  export const stringsBase64: string;
}
