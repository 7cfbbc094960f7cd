// The WebAssembly features binaryen's wasm-opt may use on our modules: those rustc's
// wasm32-unknown-unknown target emits by default, which every supported runtime has. Shared by
// scripts/build.mjs (the shipped modules, which also enable SIMD) and benches/kernels.mjs (the
// kernel benchmark's builds), so the benchmark optimises exactly as the package does.
export const WASM_OPT_FEATURES = [
  '--enable-bulk-memory',
  '--enable-nontrapping-float-to-int',
  '--enable-sign-ext',
  '--enable-mutable-globals',
  '--enable-reference-types',
  '--enable-multivalue',
];
