/**
 * The test entry: the public API plus the plans' switches and parts, so that the tests and the
 * benchmarks can run every plan this runtime can build (js/routes.ts), the wasm-only plans they are
 * held to, and each step on its own. Built by scripts/build.mjs into target/testing/ (never into
 * pkg/: it is not published).
 *
 * @module
 */
export * from './index.js';
export { planFor, ROW_NAMES, type RowName, type Wtf8Plan } from './routes.js';
export { detectRuntime, runtime } from './platform.js';
export { few } from './plan.js';
export * as encodeSteps from './encode-steps.js';
export * as decodeSteps from './decode-steps.js';

import { buildRow, plan, planFor, ROW_NAMES, type RowName, usePlan as use, type Wtf8Plan } from './routes.js';
import { nativeIsWellFormed, nodeParts, runtime } from './platform.js';
import { step, upTo } from './plan.js';
import type { MovesKind } from './moves.js';
import { wasmEncode } from './encode-steps.js';
import { surrogateScan, surrogateSequenceIn, type Utf8Check, wasmDecode } from './decode-steps.js';
import { encodeShort, decodeShort } from './short.js';
import { decodeWasm, encodeRangeInto, MAX_DECODE_BYTES, MAX_ENCODE_UNITS, movesInUse, wasmLimits } from './wasm.js';
import { readFatal, readIgnoreBOM, requireString, toBytes } from './args.js';

/** Never asks the platform: wasm validates everything. */
const isUtf8Never: Utf8Check = step(STEP_NAMES && 'isUtf8Never', (_bytes: Uint8Array) => false);

/**
 * Everything through wasm, code units moved as `moves` says: the reference every other plan is
 * held to (tests) and timed against (`npm run bench -- --plans`).
 */
function wasmOnly(moves: MovesKind): Wtf8Plan {
  return {
    name: moves === 'buffer' ? 'wasm' : `wasm-${moves}`,
    moves,
    encode: [upTo(Infinity, wasmEncode)],
    decode: [upTo(Infinity, wasmDecode)],
    utf8: isUtf8Never,
  };
}

/** The wasm-only plans by name. */
const WASM_PLANS = {
  wasm: () => wasmOnly('buffer'),
  'wasm-builtins': () => wasmOnly('builtins'),
  'wasm-loops': () => wasmOnly('loops'),
} as const;

/** A plan's name: a row of js/routes.ts, or a wasm-only plan. */
export type PlanName = RowName | keyof typeof WASM_PLANS;

/** Every plan's name: the rows, then the wasm-only plans. */
export const PLAN_NAMES: PlanName[] = [...ROW_NAMES, ...(Object.keys(WASM_PLANS) as (keyof typeof WASM_PLANS)[])];

/** The plan this runtime chose at import (the tests put it back after forcing others). */
export const defaultPlan: PlanName = planFor(runtime);

/**
 * What this runtime can do, as the plans of js/routes.ts ask it (each a step, or a way to move code
 * units, that exists only where its capability does), looked up at import here (the published
 * entries look it up when a plan is built: js/platform.ts `nodeParts`). The JS String Builtins are
 * not here: they are compiled only where a plan moves code units through them (js/moves.ts).
 */
export const capabilities = (() => {
  const { Buffer, utf8Slice, byteChecks } = nodeParts();
  return {
    /** Node's (or Bun's) Buffer: native byte search, lossless code-unit copies. */
    buffer: Buffer !== undefined,
    /** Node's `isAscii` and `isUtf8` (Node 20.16+, Bun). */
    isUtf8: byteChecks !== undefined,
    /** Node's `Buffer#utf8Slice`. */
    utf8Slice: utf8Slice !== undefined,
    /** `String.prototype.isWellFormed`. */
    isWellFormed: nativeIsWellFormed,
  } as const;
})();

/** The plan named `name`, built for this runtime. */
export function buildPlan(name: PlanName): Wtf8Plan {
  if (Object.hasOwn(WASM_PLANS, name)) return WASM_PLANS[name as keyof typeof WASM_PLANS]();
  if (!(ROW_NAMES as string[]).includes(name))
    throw new Error(`no plan named ${JSON.stringify(name)}; plans: ${PLAN_NAMES.join(', ')}`);
  return buildRow(name as RowName);
}

/**
 * The plan in use: its name and how code units move (the plan's way, or the nearest this runtime
 * has). The JS String Builtins are compiled when units first move: this moves some first, so
 * that the answer is the one every call gets.
 */
export function activePlan(): { name: string; moves: string } {
  decodeWasm(new Uint8Array([0x61]), false);
  return { name: plan.name, moves: movesInUse()! };
}

/** Puts the plan named `name` to use (throws for a name no plan has); returns what {@link activePlan} then says. */
export function usePlan(name: PlanName): { name: string; moves: string } {
  use(buildPlan(name));
  return activePlan();
}

/** The chunk sizes the JavaScript side assumes, and the ones the wasm module says (they must agree). */
export function chunkSizes(): {
  assumed: { encodeUnits: number; decodeBytes: number };
  module: { encodeUnits: number; decodeBytes: number };
} {
  return { assumed: { encodeUnits: MAX_ENCODE_UNITS, decodeBytes: MAX_DECODE_BYTES }, module: wasmLimits() };
}

/**
 * The steps of one call, one by one, for benches/fixed-cost.mjs (what a short call spends where):
 * the argument checks, the plain loops of js/short.ts, the scans for a surrogate sequence and a
 * trip through wasm.
 */
export const steps = {
  checkString: (input: unknown): number => (requireString(input), 0),
  checkBytes: (input: unknown): number =>
    toBytes(input).length + (readFatal(undefined) ? 1 : 0) + (readIgnoreBOM(undefined) ? 1 : 0),
  encodeLoop: encodeShort,
  decodeLoop: decodeShort,
  edScan: (input: Uint8Array): boolean => surrogateScan(input),
  edScanNative: (input: Uint8Array): boolean => surrogateSequenceIn(input, 4, input) === true,
  encodeWasm(input: string): number {
    return encodeRangeInto(input, 0, Math.min(input.length, MAX_ENCODE_UNITS), scratch, 0);
  },
  decodeWasm: (input: Uint8Array): string => decodeWasm(input, false),
};
const scratch = new Uint8Array(1 << 16);
