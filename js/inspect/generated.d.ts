// Modules that scripts/build.mjs provides when it bundles the `wtf8-wasm/inspect` entry.
// ('wtf8-wasm-inspect:glue', wasm-bindgen's glue, is typed by its own generated declarations:
// see "paths" in js/tsconfig.json.)

/**
 * The optimised wasm module of the inspect entry, embedded so the API is ready synchronously:
 * one character (U+0000..U+00FF) per byte (see `bytesOf` in ../instantiate.ts).
 */
declare module 'wtf8-wasm-inspect:bytes' {
  export const wasmBytes: string;
}
