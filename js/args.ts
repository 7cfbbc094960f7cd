/**
 * Argument checks shared by the public functions: the same `TypeError`s and `RangeError`s the
 * platform's TextEncoder/TextDecoder throw for the wrong kind of argument.
 *
 * **How options are read** (everywhere in the package; the README repeats this, nothing else
 * restates it), as WebIDL reads a dictionary such as `TextDecoderOptions`:
 *
 * - An options argument is an object (a function too) or `undefined`/`null`, which both mean "no
 *   options". Anything else (`'fatal'`, `true`, `1`) is a `TypeError`.
 * - Each known member is read once, in alphabetical order (`fatal`, then `ignoreBOM`); unknown
 *   members are ignored.
 * - A member that is `undefined` takes its default; any other value is coerced to a boolean as
 *   WebIDL (and `Boolean()`) does: `fatal: 1` and `fatal: 'yes'` are true, `fatal: 0`, `''` and
 *   `null` are false.
 *
 * **How the decoder classes read their arguments** ({@link readDecoderArguments}):
 * `new Wtf8Decoder(label?, options?)` as `new TextDecoder(label, options)`, or the options-first
 * `new Wtf8Decoder(options)`. No combination drops an option silently: what cannot be read
 * unambiguously throws.
 *
 * - A first argument that is an object (not `null`, not a `String` object) is the options; a
 *   second argument is then a `TypeError` unless it is `undefined`.
 * - Otherwise the first argument is the label: `undefined` means the default, `'wtf-8'`;
 *   anything else is converted to a string as WebIDL does (`null` → `'null'`, a `Symbol` is a
 *   `TypeError`) and compared as the Encoding Standard's "get an encoding" compares labels:
 *   leading and trailing ASCII whitespace (TAB, LF, FF, CR, SPACE) removed, ASCII
 *   case-insensitive. `'wtf-8'` and `'wtf8'` are accepted; any other label (`'utf-8'` included:
 *   this is not a UTF-8 decoder) is a `RangeError`, as `TextDecoder` throws for an unknown label.
 * - An argument after the options must be `undefined` (a `TypeError` otherwise; `TextDecoder`
 *   ignores extra arguments, but here one would be an option in the wrong place).
 * - Arguments are converted in WebIDL's order (label, then options), and the label is checked
 *   after both, as browsers do.
 *
 * @module
 */

/** Anything `TextDecoder.decode` accepts: an `ArrayBuffer`, a `SharedArrayBuffer` or any view on one. */
export type BufferSource = ArrayBufferView | ArrayBufferLike;

const toStringTag = Object.prototype.toString;

/**
 * Returns a `Uint8Array` over the same memory as `input` (no copy), or throws a `TypeError`.
 *
 * A buffer source that holds no bytes any more is empty input, as the platform reads it (Web IDL's
 * "get a copy of the bytes held by the buffer source", which `TextDecoder` and
 * `TextDecoderStream` use): a detached `ArrayBuffer` (transferred, or given to `postMessage`), a
 * view on one, and a view that a resizable `ArrayBuffer` shrank past. Every function that takes
 * bytes, in every entry, reads them here.
 */
export function toBytes(input: unknown, what = 'input'): Uint8Array {
  if (input instanceof Uint8Array) return input.length > 0 ? input : EMPTY;
  const view = ArrayBuffer.isView(input);
  const tag = view ? '' : toStringTag.call(input);
  if (view || tag === '[object ArrayBuffer]' || tag === '[object SharedArrayBuffer]') {
    let bytes: Uint8Array;
    try {
      bytes = view
        ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
        : new Uint8Array(input as ArrayBuffer, 0);
    } catch {
      return EMPTY; // detached (a new view on it throws, and a DataView's byteLength), or shrunk past
    }
    // On the buffer itself: an object that only claims the name would have been copied as an array.
    if (view || bytes.buffer === input) return bytes;
  }
  throw new TypeError(
    `${what} must be an ArrayBuffer, a SharedArrayBuffer or an ArrayBufferView (Uint8Array, Buffer, DataView, ...), got ${describe(input)}`,
  );
}

/** Input that holds no bytes (shared: nothing can be written into it). */
export const EMPTY = new Uint8Array(0);

/** Throws a `TypeError` unless `input` is a string. */
export function requireString(input: unknown, what = 'input'): asserts input is string {
  if (typeof input !== 'string') throw new TypeError(`${what} must be a string, got ${describe(input)}`);
}

/** Reads the `fatal` member of an options argument (default `false`), as WebIDL dictionaries do. */
export function readFatal(options: unknown): boolean {
  return options === undefined ? false : Boolean(readOptions(options).fatal);
}

/** Reads the `stream` member of an options argument (default `false`). */
export function readStream(options: unknown): boolean {
  return Boolean(readOptions(options).stream);
}

/**
 * Options of `decode` and of the decoder classes (`Wtf8Decoder`, `Wtf8DecoderStream`, where they
 * are also called `Wtf8DecoderOptions`): the members of `TextDecoderOptions`, read as WebIDL reads
 * them (`fatal: 1` is true; unknown members are ignored).
 */
export interface DecodeOptions {
  /** Throw a `Wtf8Error` on ill-formed input instead of writing U+FFFD. Default `false`, as in TextDecoder. */
  fatal?: boolean;
  /**
   * Keep a leading byte order mark (EF BB BF) as U+FEFF. Default `true`, unlike TextDecoder: a BOM
   * is data, and `decode(encode(s)) === s` needs it. `false` strips one BOM at the start of the
   * input (of each stream, for the decoder classes), as TextDecoder does by default.
   */
  ignoreBOM?: boolean;
}

/** What a decoder was asked for: {@link DecodeOptions} with this package's defaults filled in. */
export type DecoderSettings = Required<DecodeOptions>;

/** Reads the `ignoreBOM` member of an options argument (default `true`: keep a leading BOM). */
export function readIgnoreBOM(options: unknown): boolean {
  if (options === undefined) return true;
  const ignoreBOM = readOptions(options).ignoreBOM;
  return ignoreBOM === undefined ? true : Boolean(ignoreBOM);
}

/** Reads `fatal` and `ignoreBOM` from an options argument, in WebIDL's (alphabetical) order. */
export function readDecoderOptions(options: unknown): DecoderSettings {
  const fatal = readFatal(options);
  return { fatal, ignoreBOM: readIgnoreBOM(options) };
}

/**
 * Reads the arguments of a decoder constructor: `(label?, options?)` as TextDecoder takes them,
 * or `(options)`. The rules are in this module's documentation.
 *
 * @throws TypeError for options that are not an object, a second options object, an argument
 * after the options, or a `Symbol` label.
 * @throws RangeError for a label other than `wtf-8` / `wtf8`.
 */
export function readDecoderArguments(args: ArrayLike<unknown>): DecoderSettings {
  let label = args[0];
  let options = args[1];
  let used = 2;
  if (typeof label === 'object' && label !== null && !(label instanceof String)) {
    options = label;
    label = undefined;
    used = 1;
  }
  for (let i = used; i < args.length; i++) {
    if (args[i] !== undefined) {
      throw new TypeError(
        `unexpected argument ${i + 1} (${describe(args[i])}): a decoder takes (label, options) or (options)`,
      );
    }
  }
  // WebIDL converts every argument before the constructor looks at them: the label to a string
  // (a template literal throws a TypeError for a Symbol, as WebIDL's ToString does), then the options.
  const name = label === undefined ? 'wtf-8' : `${label as string}`;
  const settings = readDecoderOptions(options);
  if (!isWtf8Label(name)) {
    throw new RangeError(
      `the encoding label ${JSON.stringify(name)} is not supported: a WTF-8 decoder takes "wtf-8" or "wtf8"`,
    );
  }
  return settings;
}

/** Is `label` `wtf-8` or `wtf8`, compared as the Encoding Standard's "get an encoding" compares labels? */
function isWtf8Label(label: string): boolean {
  const name = label.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '').replace(/[A-Z]+/g, (upper) => upper.toLowerCase());
  return name === 'wtf-8' || name === 'wtf8';
}

/**
 * Reads the `limit` member of an options argument (`inspect`'s): `undefined` is no limit
 * (`Infinity`); anything else is converted to a number and must be a whole number ≥ 0 or
 * `Infinity`, else a `RangeError`.
 */
export function readLimit(options: unknown): number {
  const limit = readOptions(options).limit;
  if (limit === undefined) return Infinity;
  const n = Number(limit);
  if (!(n >= 0) || (n !== Infinity && !Number.isInteger(n))) {
    throw new RangeError(`options.limit must be a whole number >= 0 or Infinity, got ${String(limit)}`);
  }
  return n;
}

/**
 * An options argument as a record: `undefined` and `null` are no options, an object (a function
 * too) is read as it is, anything else is a `TypeError`. Shared by every entry.
 */
export function readOptions(options: unknown): Record<string, unknown> {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' && typeof options !== 'function') {
    throw new TypeError(`options must be an object, got ${describe(options)}`);
  }
  return options as Record<string, unknown>;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return toStringTag.call(value).slice(8, -1);
  return typeof value;
}
