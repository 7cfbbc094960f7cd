/**
 * Code units to a string, losslessly, in bounded chunks (`String.fromCharCode`), shared by the
 * main and the encodings entries. Never `TextDecoder('utf-16le')`, which replaces lone surrogates.
 *
 * @module
 */

/** Code units per `String.fromCharCode.apply` call: well below every engine's argument limit. */
const CHUNK = 8192;

/** The string made of exactly these code units (lossless). */
export function stringOf(units: Uint16Array): string {
  let text = '';
  for (let i = 0; i < units.length; i += CHUNK) {
    text += String.fromCharCode.apply(null, units.subarray(i, i + CHUNK) as unknown as number[]);
  }
  return text;
}
