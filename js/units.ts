/**
 * Lossless moves between strings and their UTF-16 code units, shared by both entries: a
 * `charCodeAt` loop in, `String.fromCharCode` in bounded chunks out. Never
 * `TextDecoder('utf-16le')`, which replaces lone surrogates.
 *
 * @module
 */

/** The UTF-16 code units of `input`, lone surrogates included. */
export function unitsOf(input: string): Uint16Array {
  const units = new Uint16Array(input.length);
  for (let i = 0; i < input.length; i++) units[i] = input.charCodeAt(i);
  return units;
}

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
