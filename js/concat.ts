/**
 * Joining WTF-8 byte strings (WTF-8 spec §6.5).
 *
 * @module
 */
import { type BufferSource, toBytes } from './args.js';
import { Wtf8Error } from './errors.js';
import { checkWtf8 } from './decode.js';

/**
 * Joins WTF-8 byte strings so that the result is the WTF-8 of the joined strings:
 * `concat([encode(a), encode(b)])` equals `encode(a + b)` for all strings `a` and `b`.
 *
 * Plain byte concatenation is not enough: when one part ends with a lone lead surrogate and the
 * next starts with a lone trail surrogate, the two become one pair, which WTF-8 writes as a single
 * 4-byte sequence. Lossless.
 *
 * @param parts - WTF-8 byte strings (any buffer sources).
 * @returns A new `Uint8Array`.
 * @throws {@link Wtf8Error} if a part is not well-formed WTF-8: its `part` says which, its
 * `offset` where within that part.
 * @throws TypeError if `parts` is not iterable or holds something other than buffer sources.
 *
 * @example
 * ```ts
 * const emoji = concat([encode('\uD83D'), encode('\uDE00')]);
 * decode(emoji) === '\uD83D\uDE00'; // true, and emoji is the 4-byte F0 9F 98 80
 * ```
 *
 * Complexity: O(total length).
 */
export function concat(parts: Iterable<BufferSource>): Uint8Array<ArrayBuffer> {
  if (parts === null || parts === undefined || typeof (parts as Iterable<unknown>)[Symbol.iterator] !== 'function') {
    throw new TypeError('parts must be an iterable of buffer sources');
  }
  const list: Uint8Array[] = [];
  let total = 0;
  let index = 0;
  for (const part of parts) {
    const bytes = toBytes(part, `parts[${index}]`);
    const error = checkWtf8(bytes);
    if (error !== null) {
      throw new Wtf8Error(error.code, { offset: error.offset, length: error.length, part: index });
    }
    list.push(bytes);
    total += bytes.length;
    index++;
  }
  const out = new Uint8Array(total);
  let written = 0;
  for (const bytes of list) {
    if (written >= 3 && bytes.length >= 3 && endsWithLead(out, written) && startsWithTrail(bytes)) {
      // Replace the lone lead's 3 bytes and the trail's 3 bytes by the pair's 4 bytes.
      const lead = surrogateAt(out, written - 3);
      const trail = surrogateAt(bytes, 0);
      const codePoint = 0x10000 + ((lead - 0xd800) << 10) + (trail - 0xdc00);
      written -= 3;
      out[written++] = 0xf0 | (codePoint >> 18);
      out[written++] = 0x80 | ((codePoint >> 12) & 0x3f);
      out[written++] = 0x80 | ((codePoint >> 6) & 0x3f);
      out[written++] = 0x80 | (codePoint & 0x3f);
      out.set(bytes.subarray(3), written);
      written += bytes.length - 3;
    } else {
      out.set(bytes, written);
      written += bytes.length;
    }
  }
  return written === total ? out : out.slice(0, written);
}

/** Do the `end` bytes of `bytes` end with a lead surrogate sequence ED A0–AF xx? */
function endsWithLead(bytes: Uint8Array, end: number): boolean {
  return bytes[end - 3] === 0xed && bytes[end - 2]! >= 0xa0 && bytes[end - 2]! <= 0xaf;
}

/** Does `bytes` start with a trail surrogate sequence ED B0–BF xx? */
function startsWithTrail(bytes: Uint8Array): boolean {
  return bytes[0] === 0xed && bytes[1]! >= 0xb0 && bytes[1]! <= 0xbf;
}

/** The surrogate code point of the 3-byte sequence at `at`. */
function surrogateAt(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! & 0x0f) << 12) | ((bytes[at + 1]! & 0x3f) << 6) | (bytes[at + 2]! & 0x3f);
}
