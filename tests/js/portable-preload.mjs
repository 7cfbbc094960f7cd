// Preloaded (node --import) to run the JS tests on the package's other paths. The package looks
// for String.prototype.isWellFormed once, when it is imported, and for a global Buffer and
// process.getBuiltinModule (for Node's isAscii and isUtf8) once, when its plan is built (js/platform.ts
// `nodeParts`): the published entry's first `decode` builds it, the test entry looks them up at
// import. This hides them during that import and that first call, then puts them back for Node's
// own internals and the tests.
//
// WTF8_HIDE says what to hide (comma-separated; default all three):
// - all three: the most portable paths (code units move through charCodeAt/fromCharCode loops,
//   bytes go through TextDecoder first, every string with a lone surrogate through wasm);
// - Buffer,getBuiltinModule: browsers without the JS String Builtins (Safari), where
//   isWellFormed finds the lone surrogates of long strings;
// - getBuiltinModule: Node 20.0–20.15, which has Buffer but no process.getBuiltinModule.
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// The published entry, and the test entry that routes.test.mjs uses (its own copy of the package).
const entries = [
  join(root, 'pkg', 'dist', 'wtf8-wasm.node.mjs'),
  join(root, 'target', 'testing', 'wtf8-wasm-testing.mjs'),
];
const hide = (process.env.WTF8_HIDE ?? 'Buffer,getBuiltinModule,isWellFormed').split(',');
const known = ['Buffer', 'getBuiltinModule', 'isWellFormed'];
for (const name of hide)
  if (!known.includes(name)) throw new Error(`WTF8_HIDE: unknown ${name}; known: ${known.join(', ')}`);
const saved = {
  Buffer: globalThis.Buffer,
  getBuiltinModule: process.getBuiltinModule,
  isWellFormed: Object.getOwnPropertyDescriptor(String.prototype, 'isWellFormed'),
};
if (hide.includes('Buffer')) delete globalThis.Buffer;
if (hide.includes('getBuiltinModule')) delete process.getBuiltinModule;
if (hide.includes('isWellFormed')) delete String.prototype.isWellFormed;
try {
  for (const entry of entries) (await import(pathToFileURL(entry).href)).decode(new Uint8Array(0));
} finally {
  globalThis.Buffer = saved.Buffer;
  process.getBuiltinModule = saved.getBuiltinModule;
  Object.defineProperty(String.prototype, 'isWellFormed', saved.isWellFormed);
}
