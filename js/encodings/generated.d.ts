// Modules that scripts/build.mjs provides when it bundles the `wtf8-wasm/encodings` entry.
// ('wtf8-wasm-encodings:glue', wasm-bindgen's glue, is typed by its own generated declarations:
// see "paths" in js/tsconfig.json.)

/**
 * The optimised wasm module of the encodings entry, embedded so the API is ready synchronously:
 * one character (U+0000..U+00FF) per byte (see `bytesOf` in ../instantiate.ts).
 */
declare module 'wtf8-wasm-encodings:bytes' {
  export const wasmBytes: string;
}
