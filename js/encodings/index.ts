/**
 * `wtf8-wasm/encodings`: the neighbours of WTF-8 — UTF-16LE/BE, UTF-32LE/BE, CESU-8, Java's
 * Modified UTF-8 (and `writeUTF` frames), UTF-8B (Python's `surrogateescape`) and Corrected UTF-8 —
 * between JavaScript strings (lone surrogates included) and bytes.
 *
 * A separate entry with its own small wasm module, so that the main `wtf8-wasm` entry stays small.
 * Everything is synchronous and ready as soon as the module is imported.
 *
 * The same rules as the main entry: decoders are lenient by default (one U+FFFD per error, as
 * `TextDecoder`) and strict with `fatal: true`; encoders that can meet something their encoding
 * cannot hold write U+FFFD by default (as `TextEncoder`) and throw with `fatal: true`. Failures
 * are `Wtf8Error`s with a stable `code` and a position: a byte `offset` (and `length`) for byte
 * input, an `index` for strings. Wrong argument types are `TypeError`s. This entry's `Wtf8Error`
 * is its own copy of the main entry's class (same name, codes and fields): across the two entries
 * compare `error.name === 'Wtf8Error'` or `error.code`, not `instanceof`.
 *
 * @example
 * ```ts
 * import { encodeUtf16, decodeUtf8b, encodeUtf8b, encodeCesu8 } from 'wtf8-wasm/encodings';
 * encodeUtf16('a\uD83D', { byteOrder: 'le' }); // Uint8Array [0x61, 0x00, 0x3D, 0xD8]: lossless
 * const s = decodeUtf8b(new Uint8Array([0xFF, 0x61])); // '\uDCFFa': any bytes, through a string…
 * encodeUtf8b(s);                                       // …and back: Uint8Array [0xFF, 0x61]
 * encodeCesu8('\u{1F600}').length;                      // 6
 * ```
 *
 * @module wtf8-wasm/encodings
 */
export type { BufferSource } from '../args.js';
export { Wtf8Error, type Wtf8ErrorCode, type Wtf8ErrorPosition } from '../errors.js';
export type { ByteOrder, Surrogates } from './options.js';
export { encodeUtf16, decodeUtf16, type EncodeUtf16Options, type DecodeUtf16Options } from './utf16.js';
export { encodeUtf32, decodeUtf32, type EncodeUtf32Options, type DecodeUtf32Options } from './utf32.js';
export { encodeCesu8, decodeCesu8, type Cesu8Options } from './cesu8.js';
export {
  encodeModifiedUtf8,
  decodeModifiedUtf8,
  writeUTF,
  readUTF,
  type ModifiedUtf8Options,
  type ReadUTFResult,
} from './modified-utf8.js';
export { encodeUtf8b, decodeUtf8b } from './utf8b.js';
export {
  encodeCorrectedUtf8,
  decodeCorrectedUtf8,
  decodeCorrectedUtf8CodePoints,
  CORRECTED_UTF8_MAGIC,
  CORRECTED_UTF8_MAX,
  type CorrectedUtf8Options,
} from './corrected-utf8.js';
