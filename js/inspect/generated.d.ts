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

// The two names the declaration generated from bindings/inspect's `Segment` (tsify-next) uses
// for its `kind` and `error` fields, resolved to this package's types, so the check at the end of
// index.ts compares those fields too. (Global only while js/ compiles: not emitted.)
type SegmentKind = import('./index.js').SegmentKind;
type Wtf8ErrorCode = import('../errors.js').Wtf8ErrorCode;
