/**
 * The one error class of wtf8-wasm, and the wasm modules' side of the convention for results
 * (`bindings/convention`): a failure record becomes a `Wtf8Error` ({@link failure}), two counts
 * packed into one number come apart ({@link unpack}).
 *
 * @module
 */

/**
 * Why input was rejected. Stable: these strings never change between releases.
 *
 * - `UNEXPECTED_CONTINUATION`: a continuation byte (0x80–0xBF) where a sequence should start.
 * - `OVERLONG`: an overlong form (C0, C1, E0 80–9F, F0 80–8F).
 * - `INVALID_BYTE`: a byte that never appears in UTF-8 (F5–FF).
 * - `TOO_LARGE`: a code point above U+10FFFF (F4 90–BF).
 * - `MISSING_CONTINUATION`: a sequence cut short by a byte that cannot continue it.
 * - `TRUNCATED`: the input ended in the middle of a sequence (`length` is `null`).
 * - `SURROGATE_PAIR`: a surrogate pair spelled as two 3-byte sequences (not well-formed WTF-8).
 * - `SURROGATE`: a surrogate byte sequence where strict UTF-8 was required.
 * - `LONE_SURROGATE`: a lone surrogate code unit in a string where well-formed UTF-16 was required.
 *
 * The other encodings (`wtf8-wasm/encodings`) use these codes with the same meaning (`TOO_LARGE`
 * also for a UTF-32 value above 0x10FFFF or a code point above U+8421109F; `SURROGATE` also for a
 * surrogate value in UTF-32 or Corrected UTF-8; `LONE_SURROGATE` also for a lone surrogate
 * sequence in CESU-8 bytes, with an `offset`), and add:
 *
 * - `FOUR_BYTE_FORM`: a 4-byte UTF-8 sequence (F0–F4) in CESU-8 or Modified UTF-8, which write a
 *   supplementary character as two 3-byte surrogate sequences.
 * - `NUL_BYTE`: a raw 00 byte in Modified UTF-8, which writes U+0000 as C0 80.
 * - `TOO_LONG`: a string whose Modified UTF-8 does not fit the 65,535 bytes of a `writeUTF` frame.
 * - `RESERVED`: a Corrected UTF-8 sequence starting with FE or FF (reserved for future use).
 * - `C1_CONTROL`: a C1 control (U+0080–U+009F), which Corrected UTF-8 cannot encode.
 * - `NUL_IN_DOCUMENT`: U+0000 in a Corrected UTF-8 document (allowed only in the magic number).
 * - `NOT_REPRESENTABLE_IN_UTF16`: a Corrected UTF-8 code point above U+10FFFF decoded to a string.
 */
export type Wtf8ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The codes in the order of the core's `ErrorCode::ALL`: the wasm modules report a code by its
 * position here. Checked against the Rust enum, spelling, order and descriptions, by
 * tests/error_table.rs.
 */
export const ERROR_CODES = [
  'UNEXPECTED_CONTINUATION',
  'OVERLONG',
  'INVALID_BYTE',
  'TOO_LARGE',
  'MISSING_CONTINUATION',
  'TRUNCATED',
  'SURROGATE_PAIR',
  'SURROGATE',
  'LONE_SURROGATE',
  'FOUR_BYTE_FORM',
  'NUL_BYTE',
  'TOO_LONG',
  'RESERVED',
  'C1_CONTROL',
  'NUL_IN_DOCUMENT',
  'NOT_REPRESENTABLE_IN_UTF16',
] as const;

/** The descriptions of the codes the main entry throws (the same words as `ErrorCode::description`). */
const DESCRIPTIONS: Partial<Record<Wtf8ErrorCode, string>> = {
  UNEXPECTED_CONTINUATION: 'unexpected continuation byte',
  OVERLONG: 'overlong encoding',
  INVALID_BYTE: 'byte that never appears in UTF-8',
  TOO_LARGE: 'code point above U+10FFFF',
  MISSING_CONTINUATION: 'missing continuation byte',
  TRUNCATED: 'input ends in the middle of a sequence',
  SURROGATE_PAIR: 'surrogate pair written as two 3-byte sequences (not well-formed WTF-8)',
  SURROGATE: 'surrogate code point (not allowed in UTF-8)',
  LONE_SURROGATE: 'lone surrogate code unit',
};

/** Where an error was found: a byte `offset` for byte input, a code unit `index` for strings. */
export interface Wtf8ErrorPosition {
  /** Byte offset where the well-formed prefix ends (byte input). */
  offset?: number | undefined;
  /** Length in bytes of the ill-formed sequence at `offset`; `null` when the input ended mid-sequence. */
  length?: number | null | undefined;
  /** Index, in UTF-16 code units, of the offending code unit (string input; in code points for code point input). */
  index?: number | undefined;
  /** For `concat`: which part (0-based) held the error; `offset` is then within that part. */
  part?: number | undefined;
}

/**
 * Thrown when input is not well-formed for a strict operation (`fatal: true`, `toUtf8` strict,
 * `concat`). It has a stable {@link Wtf8Error.code} and a position: {@link Wtf8Error.offset} in
 * bytes for byte input, {@link Wtf8Error.index} in UTF-16 code units for strings.
 *
 * It extends `TypeError`, the class `TextDecoder` throws for the same situation, so code written
 * for `new TextDecoder('utf-8', { fatal: true })` keeps working. Arguments of the wrong type
 * throw a plain `TypeError` (not a `Wtf8Error`).
 *
 * The `wtf8-wasm/encodings` entry is a separate bundle and throws its own copy of this class
 * (the same name, codes and fields), which it also exports. Across entries, test
 * `error.name === 'Wtf8Error'` or `error.code`, not `instanceof`.
 *
 * @example
 * ```ts
 * try {
 *   decode(new Uint8Array([0x61, 0xc0, 0xaf]), { fatal: true });
 * } catch (e) {
 *   if (e instanceof Wtf8Error) console.log(e.code, e.offset); // "OVERLONG" 1
 * }
 * ```
 */
export class Wtf8Error extends TypeError {
  /** Why the input was rejected. */
  readonly code: Wtf8ErrorCode;
  /** Byte offset where the well-formed prefix ends; `undefined` for string input. */
  readonly offset: number | undefined;
  /** Length in bytes of the bad sequence; `null` when input ended mid-sequence; `undefined` for strings. */
  readonly length: number | null | undefined;
  /**
   * Code unit index of the offending unit (a lone surrogate, or what an encoder cannot write);
   * a code point index for code point input (`encodeCorrectedUtf8(Uint32Array)`); `undefined` for
   * byte input.
   */
  readonly index: number | undefined;
  /** For `concat`, the index of the part that held the error. */
  readonly part: number | undefined;

  constructor(code: Wtf8ErrorCode, position: Wtf8ErrorPosition) {
    const where =
      position.index !== undefined
        ? `at index ${position.index}`
        : `at byte offset ${position.offset}${position.part !== undefined ? ` of part ${position.part}` : ''}`;
    super(`${DESCRIPTIONS[code] ?? code} ${where} (${code})`);
    this.name = 'Wtf8Error';
    this.code = code;
    this.offset = position.offset;
    this.length = position.offset === undefined ? undefined : (position.length ?? null);
    this.index = position.index;
    this.part = position.part;
  }
}

/**
 * Descriptions of the codes that only `wtf8-wasm/encodings` throws. They are kept out of
 * `DESCRIPTIONS` so that the main bundle, which never throws them, does not carry their text:
 * the encodings bundle (which has its own copy of this module) adds them when it loads, with
 * {@link addEncodingDescriptions}.
 */
const ENCODING_DESCRIPTIONS: Partial<Record<Wtf8ErrorCode, string>> = {
  FOUR_BYTE_FORM: '4-byte sequence (CESU-8 and Modified UTF-8 use two 3-byte surrogate sequences)',
  NUL_BYTE: 'raw 0x00 byte (Modified UTF-8 writes U+0000 as C0 80)',
  TOO_LONG: 'encoded string longer than 65,535 bytes',
  RESERVED: 'reserved sequence (lead byte 0xFE or 0xFF)',
  C1_CONTROL: 'C1 control character (not encodable in Corrected UTF-8)',
  NUL_IN_DOCUMENT: 'U+0000 in a Corrected UTF-8 document',
  NOT_REPRESENTABLE_IN_UTF16: 'code point above U+10FFFF (not representable in UTF-16)',
};

/** Makes error messages describe the encodings' codes too (called once by `wtf8-wasm/encodings`). */
export function addEncodingDescriptions(): void {
  Object.assign(DESCRIPTIONS, ENCODING_DESCRIPTIONS);
}

/**
 * The two counts a wasm export packs into its one `f64` result (`bindings/convention`'s `pack`:
 * `high * 65536 + low`, exact because `low` < 65536), as `[low, high]`: for example `[read,
 * written]` of an encode into a caller's buffer.
 */
export function unpack(packed: number): [low: number, high: number] {
  const low = packed % 65536;
  return [low, (packed - low) / 65536];
}

/** `u32` stand-in for "none" in a failure record. */
const NONE = 0xffffffff;

/**
 * The `Wtf8Error` of a wasm module's failure record: four `u32`s at `words[at..]`, `[code,
 * offset, length, index]`, the code by its position in {@link ERROR_CODES} and `0xFFFFFFFF` for
 * "none" (the record of both modules' bindings). A byte offset is counted from `base`.
 */
export function failure(words: Uint32Array, at: number, base = 0): Wtf8Error {
  const code = ERROR_CODES[words[at]!]!;
  const [offset, length, index] = [words[at + 1]!, words[at + 2]!, words[at + 3]!];
  if (index !== NONE) return new Wtf8Error(code, { index });
  return new Wtf8Error(code, { offset: base + offset, length: length === NONE ? null : length });
}
