// The package does not export its wasm memory. The benchmarks import it through this bench-only
// hook, which keeps the first WebAssembly.Instance the import makes that exports a memory (the
// core module; the string-moves module only imports one), so they can report the size of its
// linear memory. Works in Node and in the browser page.

/**
 * Imports the module at `url` and returns `{ module, wasmBytes }`: the module's namespace and a
 * function giving the current size of its wasm memory in bytes (`null` if the hook saw none). The
 * main entry compiles its module on the first call that needs wasm, not at import: `decode` of a
 * byte that is never UTF-8 is such a call, made while the hook is in place.
 */
export async function importWithWasmMemory(url) {
  const OriginalInstance = WebAssembly.Instance;
  let instance = null;
  WebAssembly.Instance = new Proxy(OriginalInstance, {
    construct(target, argv, newTarget) {
      const made = Reflect.construct(target, argv, newTarget);
      if (instance === null && made.exports.memory instanceof WebAssembly.Memory) instance = made;
      return made;
    },
  });
  let module;
  try {
    module = await import(url);
    module.decode?.(new Uint8Array([0xff]));
  } finally {
    WebAssembly.Instance = OriginalInstance;
  }
  const memory = instance?.exports?.memory;
  const found = memory instanceof WebAssembly.Memory;
  return { module, found, wasmBytes: () => (found ? memory.buffer.byteLength : null) };
}
