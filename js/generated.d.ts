// Modules that scripts/build.mjs provides at bundle time. ('wtf8-wasm:glue', wasm-bindgen's glue,
// is typed by its own generated declarations: see "paths" in tsconfig.json.)

/**
 * The optimised wasm module, embedded so the API is ready synchronously: one character
 * (U+0000..U+00FF) per byte (see `bytesOf` in instantiate.ts).
 */
declare module 'wtf8-wasm:bytes' {
  export const wasmBytes: string;
}

/** js/strings.wat assembled, one character per byte: code-unit moves through the JS String Builtins. */
declare module 'wtf8-wasm:strings' {
  export const stringsBytes: string;
}
