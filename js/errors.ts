/**
 * The one error class of wtf8-wasm.
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
 */
export type Wtf8ErrorCode =
  | 'UNEXPECTED_CONTINUATION'
  | 'OVERLONG'
  | 'INVALID_BYTE'
  | 'TOO_LARGE'
  | 'MISSING_CONTINUATION'
  | 'TRUNCATED'
  | 'SURROGATE_PAIR'
  | 'SURROGATE'
  | 'LONE_SURROGATE';

const DESCRIPTIONS: Record<Wtf8ErrorCode, string> = {
  UNEXPECTED_CONTINUATION: 'unexpected continuation byte',
  OVERLONG: 'overlong encoding',
  INVALID_BYTE: 'byte that never appears in UTF-8',
  TOO_LARGE: 'code point above U+10FFFF',
  MISSING_CONTINUATION: 'missing continuation byte',
  TRUNCATED: 'input ends in the middle of a sequence',
  SURROGATE_PAIR: 'surrogate pair written as two 3-byte sequences',
  SURROGATE: 'surrogate code point, not allowed in UTF-8',
  LONE_SURROGATE: 'lone surrogate code unit',
};

/** Where an error was found: a byte `offset` for byte input, a code unit `index` for strings. */
export interface Wtf8ErrorPosition {
  /** Byte offset where the well-formed prefix ends (byte input). */
  offset?: number | undefined;
  /** Length in bytes of the ill-formed sequence at `offset`; `null` when the input ended mid-sequence. */
  length?: number | null | undefined;
  /** Index, in UTF-16 code units, of the offending code unit (string input). */
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
  /** Code unit index of the lone surrogate; `undefined` for byte input. */
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
