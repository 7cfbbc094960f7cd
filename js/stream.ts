/**
 * Streaming: TextEncoder/TextDecoder-shaped classes that take input in chunks, and WHATWG
 * TransformStreams built on them.
 *
 * The four classes have the shape Web IDL gives `TextEncoder`, `TextDecoder`,
 * `TextEncoderStream` and `TextDecoderStream`: read-only accessors on the prototype (`encoding`,
 * `fatal`, `ignoreBOM`, `readable`, `writable`; assigning one does nothing, or throws a
 * `TypeError` in strict code), no own properties, members that throw a `TypeError` when called on
 * another object, and `Symbol.toStringTag` (`[object Wtf8Decoder]`). Unlike Web IDL's, the
 * members are not enumerable (as a class's are not: 39 B of gzip to change, which the main
 * entry's 20 kB goal has not to spare).
 * tests/js/platform-check.mjs holds them to the platform's classes in every runtime.
 *
 * @module
 */
import {
  type BufferSource,
  type DecodeOptions,
  EMPTY,
  readDecoderArguments,
  readStream,
  requireString,
  toBytes,
} from './args.js';
import { encode, encodeInto } from './encode.js';
import { StreamingDecoder } from './wasm.js';
import { plan } from './routes.js';

/** Options of {@link Wtf8Encoder.encode} and {@link Wtf8Decoder.decode}. */
export interface StreamOptions {
  /** More input follows: hold back an unfinished sequence (or a trailing lead surrogate). Default `false`. */
  stream?: boolean;
}

/**
 * A WTF-8 encoder shaped like `TextEncoder`, that can also take a string in pieces.
 *
 * With `{ stream: true }`, a lead surrogate at the end of a piece is held back until the next
 * piece shows whether its trail follows (as `TextEncoderStream` does), so the pieces' outputs
 * concatenate to exactly `encode(pieces.join(''))`. A call without `stream` ends the stream and
 * flushes what was held back.
 *
 * @example
 * ```ts
 * const encoder = new Wtf8Encoder();
 * encoder.encode('a\uD83D', { stream: true }); // [0x61]: the lead is held back
 * encoder.encode('\uDE00');                    // [0xF0, 0x9F, 0x98, 0x80]
 * ```
 */
export class Wtf8Encoder {
  static {
    likePlatform(this, 'Wtf8Encoder');
  }

  #pending = '';

  /** Always `"wtf-8"`. */
  get encoding(): 'wtf-8' {
    void this.#pending; // a TypeError on another object, as Web IDL's brand check
    return 'wtf-8';
  }

  /**
   * Encodes the next piece of a string as WTF-8. Lossless.
   *
   * @throws TypeError if `input` is not a string.
   */
  encode(input = '', options?: StreamOptions): Uint8Array<ArrayBuffer> {
    requireString(input);
    let text = this.#pending + input;
    this.#pending = '';
    if (readStream(options) && text.length > 0) {
      const last = text.charCodeAt(text.length - 1);
      if ((last & 0xfc00) === 0xd800) {
        this.#pending = text.slice(-1);
        text = text.slice(0, -1);
      }
    }
    return encode(text);
  }

  /**
   * Encodes as much of `input` as fits into `destination` ({@link encodeInto}); like
   * `TextEncoder.encodeInto` it is one-shot and does not use the stream state.
   */
  encodeInto(
    input: string,
    destination: Uint8Array,
  ): {
    /** UTF-16 code units of `input` read (never half a surrogate pair). */
    read: number;
    /** Bytes written to `destination`. */
    written: number;
  } {
    void this.#pending;
    return encodeInto(input, destination);
  }
}

/** Options of the {@link Wtf8Decoder} and {@link Wtf8DecoderStream} constructors: {@link DecodeOptions}. */
export type Wtf8DecoderOptions = DecodeOptions;

/**
 * A WTF-8 decoder shaped like `TextDecoder`, strict (`fatal`) or lenient, that can take bytes in
 * chunks.
 *
 * With `{ stream: true }`, an incomplete sequence at the end of a chunk is held back for the next
 * chunk, so the outputs concatenate to exactly `decode(allBytes, { fatal, ignoreBOM })` wherever
 * the chunk boundaries fall; a strict error's `offset` counts from the start of the stream. A
 * call without `stream` ends the stream; the next call starts a new one.
 *
 * A leading BOM is kept by default. With `ignoreBOM: false` the first code point of each stream
 * is dropped if it is U+FEFF, as TextDecoder does: a BOM split across chunks too, and only one.
 *
 * @example
 * ```ts
 * const decoder = new Wtf8Decoder('wtf-8', { fatal: true }); // or new Wtf8Decoder({ fatal: true })
 * decoder.decode(new Uint8Array([0x61, 0xf0, 0x9f]), { stream: true }); // 'a'
 * decoder.decode(new Uint8Array([0x98, 0x80]));                          // '😀'
 * new Wtf8Decoder({ ignoreBOM: false }).decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x61])); // 'a'
 * ```
 */
export class Wtf8Decoder {
  static {
    likePlatform(this, 'Wtf8Decoder');
  }

  readonly #fatal: boolean;
  readonly #ignoreBOM: boolean;
  #inner: StreamingDecoder | undefined;
  /** A stream is under way (the last call had `stream: true`): `#inner` may hold bytes back. */
  #open = false;
  /** TextDecoder's "BOM seen": this stream has output its first code unit (only tracked when stripping). */
  #bomSeen = false;

  /**
   * Creates a decoder with the options given as `new Wtf8Decoder(options)`.
   *
   * @throws TypeError if `options` is neither an object nor `undefined`/`null`, or if another
   * argument follows it.
   */
  constructor(options?: Wtf8DecoderOptions);
  /**
   * Creates a decoder as `new TextDecoder(label, options)` does: `label` is `'wtf-8'` (the
   * default) or `'wtf8'`, ASCII case-insensitive, surrounding ASCII whitespace ignored.
   *
   * @throws RangeError if `label` is another label (`'utf-8'` too).
   * @throws TypeError if `options` is neither an object nor `undefined`/`null`, or if a third
   * argument is given.
   */
  constructor(label?: string, options?: Wtf8DecoderOptions);
  constructor(...args: unknown[]) {
    const { fatal, ignoreBOM } = readDecoderArguments(args);
    this.#fatal = fatal;
    this.#ignoreBOM = ignoreBOM;
  }

  /** Always `"wtf-8"`. */
  get encoding(): 'wtf-8' {
    void this.#fatal; // a TypeError on another object, as Web IDL's brand check
    return 'wtf-8';
  }

  /** Whether this decoder throws on ill-formed input. */
  get fatal(): boolean {
    return this.#fatal;
  }

  /** Whether a leading BOM is kept (`true`, the default) or stripped (`false`). */
  get ignoreBOM(): boolean {
    return this.#ignoreBOM;
  }

  /**
   * Decodes the next chunk. Without arguments, ends the stream (flushing what was held back).
   *
   * @throws {@link Wtf8Error} in strict mode, with `offset` from the start of the stream; the
   * decoder is then reset, ready for a new stream (whose leading BOM is stripped again with
   * `ignoreBOM: false`).
   * @throws TypeError if `input` is not a buffer source. A detached buffer (or a view on one) is
   * empty input, as `TextDecoder` reads it.
   */
  decode(input: BufferSource | undefined = undefined, options: StreamOptions | undefined = undefined): string {
    // Defaults rather than `?`, so that `decode.length` is 0: both are optional in TextDecoder's.
    const bytes = input === undefined ? EMPTY : toBytes(input);
    const stream = readStream(options);
    let text: string;
    if (!stream && !this.#open) {
      // A whole stream in one call, with nothing held back: exactly `decode(bytes, { fatal })`,
      // served by the plan (js/routes.ts), which is much faster on short input than a trip through
      // the streaming decoder in wasm. A strict error's offset counts from 0, the start of this
      // stream, either way.
      text = plan.decode(bytes, this.#fatal);
    } else {
      this.#inner ??= new StreamingDecoder(this.#fatal);
      try {
        text = this.#inner.decode(bytes, stream);
      } catch (error) {
        this.#inner.reset();
        this.#open = false;
        this.#bomSeen = false;
        throw error;
      }
    }
    this.#open = stream;
    if (!this.#ignoreBOM && !this.#bomSeen && text.length > 0) {
      this.#bomSeen = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (!stream) this.#bomSeen = false;
    return text;
  }
}

/**
 * A `TransformStream` from strings to WTF-8 bytes, shaped like `TextEncoderStream`: the output
 * chunks concatenate to `encode(allInput)`, lone surrogates included.
 *
 * A chunk that is not a string (`undefined`, `null`, a number, an object) errors the stream with a
 * `TypeError`, where `TextEncoderStream` converts it to a string (`'undefined'`, `'null'`, `'42'`):
 * here a non-string is a bug, as for {@link encode}.
 *
 * @example
 * ```ts
 * const bytes = readableOfStrings.pipeThrough(new Wtf8EncoderStream());
 * ```
 */
export class Wtf8EncoderStream {
  static {
    likePlatform(this, 'Wtf8EncoderStream');
  }

  readonly #transform: TransformStream<string, Uint8Array<ArrayBuffer>>;

  constructor() {
    const encoder = new Wtf8Encoder();
    this.#transform = new TransformStream<string, Uint8Array<ArrayBuffer>>({
      transform(chunk, controller) {
        requireString(chunk, 'chunk');
        const bytes = encoder.encode(chunk, { stream: true });
        if (bytes.length > 0) controller.enqueue(bytes);
      },
      flush(controller) {
        const bytes = encoder.encode();
        if (bytes.length > 0) controller.enqueue(bytes);
      },
    });
  }

  /** Always `"wtf-8"`. */
  get encoding(): 'wtf-8' {
    void this.#transform; // a TypeError on another object, as Web IDL's brand check
    return 'wtf-8';
  }

  /** The WTF-8 bytes. */
  get readable(): ReadableStream<Uint8Array<ArrayBuffer>> {
    return this.#transform.readable;
  }

  /** Where the strings go in (anything else errors the stream with a `TypeError`). */
  get writable(): WritableStream<string> {
    return this.#transform.writable;
  }
}

/**
 * A `TransformStream` from WTF-8 bytes to strings, shaped like `TextDecoderStream`: the output
 * chunks concatenate to `decode(allInput, { fatal, ignoreBOM })`; in strict mode the stream
 * errors with a {@link Wtf8Error} whose `offset` counts from the start of the stream. It takes
 * the arguments of {@link Wtf8Decoder}: `(label?, options?)` or `(options)`.
 *
 * As in `TextDecoderStream`, a chunk that is not a buffer source (`undefined` and strings
 * included) errors the stream with a `TypeError`, and a detached buffer is an empty chunk.
 *
 * @example
 * ```ts
 * const text = readableOfBytes.pipeThrough(new Wtf8DecoderStream('wtf-8', { fatal: true }));
 * ```
 */
export class Wtf8DecoderStream {
  static {
    likePlatform(this, 'Wtf8DecoderStream');
  }

  readonly #decoder: Wtf8Decoder;
  readonly #transform: TransformStream<BufferSource, string>;

  /**
   * Creates a decoding stream with the options given as `new Wtf8DecoderStream(options)`.
   *
   * @throws TypeError as {@link Wtf8Decoder}'s constructor.
   */
  constructor(options?: Wtf8DecoderOptions);
  /**
   * Creates a decoding stream as `new TextDecoderStream(label, options)` does; `label` is
   * `'wtf-8'` (the default) or `'wtf8'`.
   *
   * @throws RangeError for another label; TypeError as {@link Wtf8Decoder}'s constructor.
   */
  constructor(label?: string, options?: Wtf8DecoderOptions);
  constructor(...args: unknown[]) {
    const decoder = new Wtf8Decoder(readDecoderArguments(args));
    this.#decoder = decoder;
    this.#transform = new TransformStream<BufferSource, string>({
      transform(chunk, controller) {
        // `decode(undefined)` ends a stream; as a chunk it is not a buffer source.
        const text = decoder.decode(toBytes(chunk, 'chunk'), { stream: true });
        if (text.length > 0) controller.enqueue(text);
      },
      flush(controller) {
        const text = decoder.decode();
        if (text.length > 0) controller.enqueue(text);
      },
    });
  }

  /** Always `"wtf-8"`. */
  get encoding(): 'wtf-8' {
    void this.#decoder; // a TypeError on another object, as Web IDL's brand check
    return 'wtf-8';
  }

  /** Whether the stream errors on ill-formed input. */
  get fatal(): boolean {
    return this.#decoder.fatal;
  }

  /** Whether a leading BOM is kept (`true`, the default) or stripped (`false`). */
  get ignoreBOM(): boolean {
    return this.#decoder.ignoreBOM;
  }

  /** The decoded strings. */
  get readable(): ReadableStream<string> {
    return this.#transform.readable;
  }

  /** Where the bytes go in (any buffer source). */
  get writable(): WritableStream<BufferSource> {
    return this.#transform.writable;
  }
}

/**
 * Gives a class's prototype the `Symbol.toStringTag` Web IDL gives a platform interface's (which
 * `TextDecoder` and the others have): its name, read-only (`Object.prototype.toString` then says
 * `[object Wtf8Decoder]`).
 */
function likePlatform(Class: { prototype: object }, name: string): void {
  Object.defineProperty(Class.prototype, Symbol.toStringTag, { value: name, configurable: true });
}
