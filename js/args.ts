/**
 * Argument checks shared by the public functions: the same `TypeError`s the platform's
 * TextEncoder/TextDecoder throw for the wrong kind of argument.
 *
 * @module
 */

/** Anything `TextDecoder.decode` accepts: an `ArrayBuffer`, a `SharedArrayBuffer` or any view on one. */
export type BufferSource = ArrayBufferView | ArrayBufferLike;

const toStringTag = Object.prototype.toString;

/** Returns a `Uint8Array` over the same memory as `input` (no copy), or throws a `TypeError`. */
export function toBytes(input: unknown, what = 'input'): Uint8Array {
  if (input instanceof Uint8Array) return input;
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  const tag = toStringTag.call(input);
  if (tag === '[object ArrayBuffer]' || tag === '[object SharedArrayBuffer]') {
    return new Uint8Array(input as ArrayBufferLike);
  }
  throw new TypeError(
    `${what} must be an ArrayBuffer, a SharedArrayBuffer or an ArrayBufferView (Uint8Array, Buffer, DataView, ...), got ${describe(input)}`,
  );
}

/** Throws a `TypeError` unless `input` is a string. */
export function requireString(input: unknown, what = 'input'): asserts input is string {
  if (typeof input !== 'string') throw new TypeError(`${what} must be a string, got ${describe(input)}`);
}

/** Reads the `fatal` member of an options argument, as WebIDL dictionaries do. */
export function readFatal(options: unknown): boolean {
  return options === undefined ? false : Boolean(readOptions(options).fatal);
}

/** Reads the `stream` member of an options argument. */
export function readStream(options: unknown): boolean {
  return Boolean(readOptions(options).stream);
}

function readOptions(options: unknown): { fatal?: unknown; stream?: unknown } {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' && typeof options !== 'function') {
    throw new TypeError(`options must be an object, got ${describe(options)}`);
  }
  return options as { fatal?: unknown; stream?: unknown };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return toStringTag.call(value).slice(8, -1);
  return typeof value;
}
