/**
 * The test entry: the public API plus the route table's switches, so that the tests and the
 * benchmarks can run every route this runtime can take (js/routes.ts). Built by
 * scripts/build.mjs into target/testing/ (never into pkg/: it is not published).
 *
 * @module
 */
export * from './index.js';
export {
  capabilities,
  defaultRoutes,
  fit,
  possibleRoutes,
  routes,
  routesFor,
  useRoutes,
  type Routes,
} from './routes.js';
export { detectRuntime, runtime } from './platform.js';

import { encodeShort, decodeShort } from './short.js';
import { hasSurrogateLead } from './decode-routes.js';
import { decodeWasm, encodeRangeInto } from './wasm.js';
import { readFatal, readIgnoreBOM, requireString, toBytes } from './args.js';

/**
 * The steps of one call, one by one, for benches/fixed-cost.mjs (what a short call spends where):
 * the argument checks, the plain loops of js/short.ts and a trip through wasm.
 */
export const steps = {
  checkString: (input: unknown): number => (requireString(input), 0),
  checkBytes: (input: unknown): number =>
    toBytes(input).length + (readFatal(undefined) ? 1 : 0) + (readIgnoreBOM(undefined) ? 1 : 0),
  encodeLoop: encodeShort,
  decodeLoop: decodeShort,
  edScan: (input: Uint8Array): boolean => hasSurrogateLead(input, Infinity),
  edScanNative: (input: Uint8Array): boolean => hasSurrogateLead(input, 0),
  encodeWasm(input: string): number {
    return encodeRangeInto(input, 0, input.length, scratch, 0);
  },
  decodeWasm: (input: Uint8Array): string => decodeWasm(input, false),
};
const scratch = new Uint8Array(1 << 16);
