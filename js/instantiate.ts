/**
 * Synchronous instantiation of an embedded wasm module with wasm-bindgen's generated glue, and
 * views on its memory, shared by the three entries (each bundles its own copy of this small file).
 *
 * @module
 */

/** wasm-bindgen's generated `_bg.js` glue, as far as instantiation needs it. */
export interface Glue {
  __wbg_set_wasm(exports: WebAssembly.Exports): void;
}

/**
 * The bytes of an embedded module, which scripts/build.mjs embeds as a string of one character
 * (U+0000..U+00FF) per byte: smaller in the gzipped bundle than base64. The first character is a
 * key `k`, and each byte `b` is the character `b ^ k`: build.mjs picks the `k` that makes the
 * bundle smallest (more of the module's frequent bytes then print as one-byte UTF-8, and fewer as
 * an escape such as `\0`).
 */
export function bytesOf(text: string): Uint8Array<ArrayBuffer> {
  const key = text.charCodeAt(0);
  const out = new Uint8Array(text.length - 1);
  for (let i = 1; i < text.length; i++) out[i - 1] = text.charCodeAt(i) ^ key;
  return out;
}

/**
 * Compiles and instantiates the embedded module synchronously (allowed on the main thread for
 * modules under 8 MB), links it to its glue under the import name wasm-bindgen gave it, and runs
 * wasm-bindgen's start function. Returns the instance's exports.
 */
export function instantiate(wasmBytes: string, glue: Glue, importName: string): WebAssembly.Exports {
  const instance = new WebAssembly.Instance(new WebAssembly.Module(bytesOf(wasmBytes)), {
    [importName]: glue as unknown as WebAssembly.ModuleImports,
  });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return instance.exports;
}

/**
 * A view on `memory` made by `make`, renewed when the memory has grown (growing detaches the old
 * buffer, and every view on it reads as empty). Call the returned function after any wasm call
 * that may have grown the memory, never keep its result across one.
 */
export function viewOf<View extends { readonly buffer: ArrayBufferLike }>(
  memory: WebAssembly.Memory,
  make: (buffer: ArrayBuffer) => View,
): () => View {
  let view = make(memory.buffer);
  return () => (view.buffer === memory.buffer ? view : (view = make(memory.buffer)));
}
