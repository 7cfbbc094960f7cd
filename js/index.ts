/**
 * wtf8-wasm: move JavaScript strings to bytes and back without losing lone surrogates (WTF-8),
 * and export UTF-8 lossily (byte-identical to TextEncoder) or strictly (an error that says where).
 *
 * Everything is synchronous and ready as soon as the module is imported.
 *
 * @example
 * ```ts
 * import { encode, decode, toUtf8 } from 'wtf8-wasm';
 * const s = 'a\uD83Db';          // an emoji cut in half
 * decode(encode(s)) === s;       // true: TextEncoder/TextDecoder would give 'a\uFFFDb'
 * toUtf8(s);                     // the same bytes as new TextEncoder().encode(s)
 * ```
 *
 * @module wtf8-wasm
 */
export type { BufferSource } from './args.js';
export { Wtf8Error, type Wtf8ErrorCode, type Wtf8ErrorPosition } from './errors.js';
export { encode, encodeInto, toUtf8, type ToUtf8Options } from './encode.js';
export {
  decode,
  checkWtf8,
  isWtf8,
  checkUtf8,
  wtf8ToUtf8,
  type DecodeOptions,
  type Wtf8ToUtf8Options,
} from './decode.js';
export { concat } from './concat.js';
export {
  Wtf8Encoder,
  Wtf8Decoder,
  Wtf8EncoderStream,
  Wtf8DecoderStream,
  type StreamOptions,
  type Wtf8DecoderOptions,
} from './stream.js';
