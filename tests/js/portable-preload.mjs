// Preloaded (node --import) to run the JS tests on the package's portable paths, the ones browsers
// and Deno take. The package looks for a global Buffer and String.prototype.isWellFormed once,
// when it is imported; this hides both during that import (so code units move through
// charCodeAt/fromCharCode loops and every string goes through wasm), then puts them back for
// Node's own internals and the tests.
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const entry = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'pkg', 'dist', 'wtf8-wasm.mjs');
const saved = { Buffer: globalThis.Buffer, isWellFormed: Object.getOwnPropertyDescriptor(String.prototype, 'isWellFormed') };
delete globalThis.Buffer;
delete String.prototype.isWellFormed;
try {
  await import(pathToFileURL(entry).href);
} finally {
  globalThis.Buffer = saved.Buffer;
  Object.defineProperty(String.prototype, 'isWellFormed', saved.isWellFormed);
}
process.env.WTF8_PORTABLE = '1';
