// Shared by the JS tests: the built package (pkg/, exactly the files that are published), a
// seeded random generator, input generators that favour the interesting cases, and a naive
// reference WTF-8 implementation written from the spec, independent of the package's code.
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const pkgDir = join(root, 'pkg');
/**
 * The main entry's files (scripts/build.mjs: one per runtime, each with its rows of js/routes.ts),
 * and the one Node takes (the package's "node" condition), which the JS suites test.
 */
export const MAIN_FILES = [
  'wtf8-wasm.node.mjs',
  'wtf8-wasm.node.cjs',
  'wtf8-wasm.deno.mjs',
  'wtf8-wasm.bun.mjs',
  'wtf8-wasm.bun.cjs',
  'wtf8-wasm.mjs',
  'wtf8-wasm.cjs',
];
export const NODE_FILE = 'wtf8-wasm.node.mjs';
export const wtf8 = await import(pathToFileURL(join(pkgDir, 'dist', NODE_FILE)).href);

/** The shared vector table (also read by tests/vectors.rs). */
export const vectors = JSON.parse(readFileSync(join(root, 'tests', 'vectors', 'wtf8.json'), 'utf8'));

export const hex = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
export const fromHex = (text) => new Uint8Array(Buffer.from(text, 'hex'));
export const fromUnits = (units) => String.fromCharCode(...units);
/** Well-formed UTF-16? (toWellFormed as the oracle: isWellFormed is hidden in the portable run.) */
export const isWellFormed = (text) => text.toWellFormed() === text;
export const unitsOf = (text) => Array.from({ length: text.length }, (_, i) => text.charCodeAt(i));

export { rng, randomString, randomBytes, hasSurrogateSequence } from './generators.mjs';
export { naiveEncode, naiveEncodeInto, naiveDecode } from './naive.mjs';
export { sameBytes } from './route-check.mjs';

/** Feeds `bytes` to `decoder` cut at `points` with `{ stream: true }`, as TextDecoder code does, then ends the stream. */
export function decodeInChunks(decoder, bytes, points) {
  let text = '';
  let from = 0;
  for (const to of points) {
    text += decoder.decode(bytes.subarray(from, to), { stream: true });
    from = to;
  }
  return text + decoder.decode();
}
