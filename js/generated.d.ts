// Modules that scripts/build.mjs provides at bundle time. ('wtf8-wasm:glue', wasm-bindgen's glue,
// is typed by its own generated declarations: see "paths" in tsconfig.json.)

/** The optimised wasm module, base64-encoded, embedded so the API is ready synchronously. */
declare module 'wtf8-wasm:bytes' {
  export const wasmBase64: string;
}

/** js/strings.wat assembled, base64-encoded: code-unit moves through the JS String Builtins. */
declare module 'wtf8-wasm:strings' {
  export const stringsBase64: string;
}
