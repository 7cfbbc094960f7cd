/**
 * Reading the options objects of the encodings API, as WebIDL dictionaries are read: a missing
 * or `undefined` member takes its default, booleans are coerced, and a value outside an
 * enumeration is a `TypeError`.
 *
 * @module
 */
import { ORDER } from './wasm.js';

export { readOptions } from '../args.js';

/** Byte order of UTF-16 and UTF-32 bytes: `'le'` least significant byte first, `'be'` most. */
export type ByteOrder = 'le' | 'be';

/**
 * What UTF-32 does with surrogates: `'reject'` (strict Unicode: an error, or U+FFFD when not
 * `fatal`) or `'pass'` (Python's `surrogatepass`: a lone surrogate is its own value, and a
 * surrogate value decodes to that one unit).
 */
export type Surrogates = 'reject' | 'pass';

/** `options[name]` as a boolean, `false` when missing. */
export function readFlag(options: Record<string, unknown>, name: string): boolean {
  return Boolean(options[name]);
}

/** `options.byteOrder` when it may be omitted, as an `ORDER` of js/encodings/wasm.ts: `undefined` reads a BOM. */
export function readByteOrder(options: Record<string, unknown>): number {
  const order = options.byteOrder;
  if (order === undefined) return ORDER.bom;
  if (order === 'be' || order === 'le') return ORDER[order];
  throw new TypeError(`options.byteOrder must be 'le', 'be' or undefined (read a BOM), got ${show(order)}`);
}

/** `options.byteOrder` when it is required: `true` big-endian, `false` little-endian. */
export function requireByteOrder(options: Record<string, unknown>): boolean {
  const order = options.byteOrder;
  if (order === 'be' || order === 'le') return order === 'be';
  throw new TypeError(`options.byteOrder must be 'le' or 'be', got ${show(order)}`);
}

/** `options.surrogates === 'pass'`; `'reject'` is the default. */
export function readSurrogates(options: Record<string, unknown>): boolean {
  const surrogates = options.surrogates;
  if (surrogates === undefined || surrogates === 'reject') return false;
  if (surrogates === 'pass') return true;
  throw new TypeError(`options.surrogates must be 'reject' or 'pass', got ${show(surrogates)}`);
}

function show(value: unknown): string {
  return typeof value === 'string'
    ? `'${value}'`
    : typeof value === 'object' && value !== null
      ? 'an object'
      : String(value);
}
