/**
 * Streaming: TextEncoder/TextDecoder-shaped classes that take input in chunks, and WHATWG
 * TransformStreams built on them.
 *
 * @module
 */
import {
  type BufferSource,
  type DecodeOptions,
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
  #pending = '';

  /** Always `"wtf-8"`. */
  get encoding(): 'wtf-8' {
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
  encodeInto(input: string, destination: Uint8Array): { read: number; written: number } {
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
   * @throws TypeError if `input` is not a buffer source.
   */
  decode(input?: BufferSource, options?: StreamOptions): string {
    const bytes = input === undefined ? new Uint8Array(0) : toBytes(input);
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
 * @example
 * ```ts
 * const bytes = readableOfStrings.pipeThrough(new Wtf8EncoderStream());
 * ```
 */
export class Wtf8EncoderStream {
  /** Always `"wtf-8"`. */
  readonly encoding = 'wtf-8' as const;
  /** The WTF-8 bytes. */
  readonly readable: ReadableStream<Uint8Array<ArrayBuffer>>;
  /** Where the strings go in (non-strings error the stream with a TypeError). */
  readonly writable: WritableStream<string>;

  constructor() {
    const encoder = new Wtf8Encoder();
    const transform = new TransformStream<string, Uint8Array<ArrayBuffer>>({
      transform(chunk, controller) {
        const bytes = encoder.encode(chunk, { stream: true });
        if (bytes.length > 0) controller.enqueue(bytes);
      },
      flush(controller) {
        const bytes = encoder.encode();
        if (bytes.length > 0) controller.enqueue(bytes);
      },
    });
    this.readable = transform.readable;
    this.writable = transform.writable;
  }
}

/**
 * A `TransformStream` from WTF-8 bytes to strings, shaped like `TextDecoderStream`: the output
 * chunks concatenate to `decode(allInput, { fatal, ignoreBOM })`; in strict mode the stream
 * errors with a {@link Wtf8Error} whose `offset` counts from the start of the stream. It takes
 * the arguments of {@link Wtf8Decoder}: `(label?, options?)` or `(options)`.
 *
 * @example
 * ```ts
 * const text = readableOfBytes.pipeThrough(new Wtf8DecoderStream('wtf-8', { fatal: true }));
 * ```
 */
export class Wtf8DecoderStream {
  /** Always `"wtf-8"`. */
  readonly encoding = 'wtf-8' as const;
  /** Whether the stream errors on ill-formed input. */
  readonly fatal: boolean;
  /** Whether a leading BOM is kept (`true`, the default) or stripped (`false`). */
  readonly ignoreBOM: boolean;
  /** The decoded strings. */
  readonly readable: ReadableStream<string>;
  /** Where the bytes go in (any buffer source). */
  readonly writable: WritableStream<BufferSource>;

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
    const settings = readDecoderArguments(args);
    const decoder = new Wtf8Decoder(settings);
    this.fatal = settings.fatal;
    this.ignoreBOM = settings.ignoreBOM;
    const transform = new TransformStream<BufferSource, string>({
      transform(chunk, controller) {
        const text = decoder.decode(chunk, { stream: true });
        if (text.length > 0) controller.enqueue(text);
      },
      flush(controller) {
        const text = decoder.decode();
        if (text.length > 0) controller.enqueue(text);
      },
    });
    this.readable = transform.readable;
    this.writable = transform.writable;
  }
}
