/**
 * Streaming: TextEncoder/TextDecoder-shaped classes that take input in chunks, and WHATWG
 * TransformStreams built on them.
 *
 * @module
 */
import { type BufferSource, readFatal, readStream, requireString, toBytes } from './args.js';
import { encode, encodeInto } from './encode.js';
import { StreamingDecoder } from './wasm.js';

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

/** Options of the {@link Wtf8Decoder} constructor. */
export interface Wtf8DecoderOptions {
  /** Throw a {@link Wtf8Error} on ill-formed input instead of writing U+FFFD. Default `false`. */
  fatal?: boolean;
}

/**
 * A WTF-8 decoder shaped like `TextDecoder`, strict (`fatal`) or lenient, that can take bytes in
 * chunks.
 *
 * With `{ stream: true }`, an incomplete sequence at the end of a chunk is held back for the next
 * chunk, so the outputs concatenate to exactly `decode(allBytes, { fatal })` wherever the chunk
 * boundaries fall; a strict error's `offset` counts from the start of the stream. A call without
 * `stream` ends the stream. A BOM is never stripped (`ignoreBOM` is always `true`).
 *
 * @example
 * ```ts
 * const decoder = new Wtf8Decoder({ fatal: true });
 * decoder.decode(new Uint8Array([0x61, 0xf0, 0x9f]), { stream: true }); // 'a'
 * decoder.decode(new Uint8Array([0x98, 0x80]));                          // '😀'
 * ```
 */
export class Wtf8Decoder {
  readonly #fatal: boolean;
  #inner: StreamingDecoder | undefined;

  /** @throws TypeError if `options` is not an object. */
  constructor(options?: Wtf8DecoderOptions) {
    this.#fatal = readFatal(options);
  }

  /** Always `"wtf-8"`. */
  get encoding(): 'wtf-8' {
    return 'wtf-8';
  }

  /** Whether this decoder throws on ill-formed input. */
  get fatal(): boolean {
    return this.#fatal;
  }

  /** Always `true`: a BOM is data, never stripped. */
  get ignoreBOM(): true {
    return true;
  }

  /**
   * Decodes the next chunk. Without arguments, ends the stream (flushing what was held back).
   *
   * @throws {@link Wtf8Error} in strict mode, with `offset` from the start of the stream; the
   * decoder is then reset, ready for a new stream.
   * @throws TypeError if `input` is not a buffer source.
   */
  decode(input?: BufferSource, options?: StreamOptions): string {
    const bytes = input === undefined ? new Uint8Array(0) : toBytes(input);
    const stream = readStream(options);
    this.#inner ??= new StreamingDecoder(this.#fatal);
    try {
      return this.#inner.decode(bytes, stream);
    } catch (error) {
      this.#inner.reset();
      throw error;
    }
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
 * chunks concatenate to `decode(allInput, { fatal })`; in strict mode the stream errors with a
 * {@link Wtf8Error} whose `offset` counts from the start of the stream.
 *
 * @example
 * ```ts
 * const text = readableOfBytes.pipeThrough(new Wtf8DecoderStream({ fatal: true }));
 * ```
 */
export class Wtf8DecoderStream {
  /** Always `"wtf-8"`. */
  readonly encoding = 'wtf-8' as const;
  /** Whether the stream errors on ill-formed input. */
  readonly fatal: boolean;
  /** Always `true`. */
  readonly ignoreBOM = true as const;
  /** The decoded strings. */
  readonly readable: ReadableStream<string>;
  /** Where the bytes go in (any buffer source). */
  readonly writable: WritableStream<BufferSource>;

  constructor(options?: Wtf8DecoderOptions) {
    const decoder = new Wtf8Decoder(options);
    this.fatal = decoder.fatal;
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
