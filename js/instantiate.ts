/**
 * Synchronous instantiation of an embedded wasm module with wasm-bindgen's generated glue, shared
 * by both entries (each bundles its own copy of this small file).
 *
 * @module
 */

/** wasm-bindgen's generated `_bg.js` glue, as far as instantiation needs it. */
export interface Glue {
  __wbg_set_wasm(exports: WebAssembly.Exports): void;
}

/** Decodes base64 (the embedded modules) to bytes. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/**
 * Compiles and instantiates the base64-embedded module synchronously (allowed on the main thread
 * for modules under 8 MB), links it to its glue under the import name wasm-bindgen gave it, and
 * runs wasm-bindgen's start function. Returns the instance's exports.
 */
export function instantiate(wasmBase64: string, glue: Glue, importName: string): WebAssembly.Exports {
  const instance = new WebAssembly.Instance(new WebAssembly.Module(fromBase64(wasmBase64)), {
    [importName]: glue as unknown as WebAssembly.ModuleImports,
  });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return instance.exports;
}
