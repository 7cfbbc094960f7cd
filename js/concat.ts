/**
 * Joining WTF-8 byte strings (WTF-8 spec §6.5).
 *
 * @module
 */
import { type BufferSource, toBytes } from './args.js';
import { Wtf8Error } from './errors.js';
import { checkWtf8 } from './decode.js';
import { joinWtf8 } from './wasm.js';

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
    if (bytes.length === 0) continue;
    // The core's re-pairing rule, on the last bytes written and the part's first (it looks at no
    // more than 3 on either side): the two as they join.
    const tail = Math.min(3, written);
    const head = Math.min(3, bytes.length);
    const joined = joinWtf8(out.subarray(written - tail, written), bytes.subarray(0, head));
    out.set(joined, written - tail);
    written += joined.length - tail;
    out.set(bytes.subarray(head), written);
    written += bytes.length - head;
  }
  return written === total ? out : out.slice(0, written);
}
