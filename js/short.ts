/**
 * The short-input paths: WTF-8 encoding and decoding in plain JavaScript, for inputs so short
 * that a native call's fixed cost (or a trip to wasm) is larger than the whole conversion. Most
 * calls in real programs carry such strings: object keys, file names, messages.
 *
 * These are TypeScript copies of rules that live in the Rust core, kept only because they are
 * measured faster there (the plans of js/routes.ts say by how much on each runtime, where they use
 * `loopEncode` and `loopDecode`) and tested differentially against the core, the naive reference
 * and the platform codecs at every length 0–256 (tests/js/short.test.mjs, tests/js/steps.test.mjs). The decoder handles only well-formed
 * input: anything ill-formed (and, strictly, a spelled-out surrogate pair) makes it give up, and
 * the core decides, with its exact U+FFFD placement and error positions.
 *
 * @module
 */

/**
 * Output buffer of {@link encodeShort}, reused between calls: a result is always a fresh copy
 * of the bytes written, allocated by `slice` at its exact length. (Engines allocate small typed
 * arrays on their JS heap, which is much cheaper than the native encoder's allocation: the main
 * reason the loop wins on short strings.)
 */
let encodeScratch = new Uint8Array(1024);

/**
 * WTF-8 of a string in one pass (the spec's §6.3 algorithm, one code point or lone surrogate at a
 * time): lossless, at most 3 bytes per code unit. The plans use it for short strings.
 */
export function encodeShort(input: string): Uint8Array<ArrayBuffer> {
  const n = input.length;
  if (encodeScratch.length < 3 * n) encodeScratch = new Uint8Array(3 * n);
  const out = encodeScratch;
  let j = 0;
  for (let i = 0; i < n; i++) {
    let c = input.charCodeAt(i);
    if (c < 0x80) {
      out[j++] = c;
      continue;
    }
    if (c < 0x800) {
      out[j++] = 0xc0 | (c >> 6);
      out[j++] = 0x80 | (c & 0x3f);
      continue;
    }
    if ((c & 0xfc00) === 0xd800 && i + 1 < n) {
      const next = input.charCodeAt(i + 1);
      if ((next & 0xfc00) === 0xdc00) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        out[j++] = 0xf0 | (c >> 18);
        out[j++] = 0x80 | ((c >> 12) & 0x3f);
        out[j++] = 0x80 | ((c >> 6) & 0x3f);
        out[j++] = 0x80 | (c & 0x3f);
        i++;
        continue;
      }
    }
    // Any other BMP code point, and every lone surrogate: three bytes.
    out[j++] = 0xe0 | (c >> 12);
    out[j++] = 0x80 | ((c >> 6) & 0x3f);
    out[j++] = 0x80 | (c & 0x3f);
  }
  return out.slice(0, j);
}

/** Code units of {@link decodeShort}, reused between calls (a plain array: `apply` takes it fastest). */
const units: number[] = [];

/**
 * Decodes well-formed WTF-8 in one pass: surrogate sequences become their code units; strictly
 * (`fatal`), a lead surrogate sequence directly followed by a trail surrogate sequence is not
 * well-formed. Returns `undefined` at the first byte that is not well-formed WTF-8 (or that
 * spelled pair): the caller then lets the core decode the input, which knows where U+FFFD goes
 * and where a strict error is. A leading BOM is kept, as everywhere in this package.
 */
export function decodeShort(bytes: Uint8Array, fatal: boolean): string | undefined {
  const n = bytes.length;
  const out = units;
  let j = 0;
  let i = 0;
  let afterLead = false; // the last sequence was a lead surrogate's (ED A0..AF xx)
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      out[j++] = b;
      i++;
      afterLead = false;
      continue;
    }
    if (b < 0xe0) {
      if (b < 0xc2 || i + 1 >= n) return undefined;
      const c1 = bytes[i + 1]!;
      if ((c1 & 0xc0) !== 0x80) return undefined;
      out[j++] = ((b & 0x1f) << 6) | (c1 & 0x3f);
      i += 2;
      afterLead = false;
      continue;
    }
    if (b < 0xf0) {
      if (i + 2 >= n) return undefined;
      const c1 = bytes[i + 1]!;
      const c2 = bytes[i + 2]!;
      if ((c1 & 0xc0) !== 0x80 || (c2 & 0xc0) !== 0x80 || (b === 0xe0 && c1 < 0xa0)) return undefined;
      const unit = ((b & 0x0f) << 12) | ((c1 & 0x3f) << 6) | (c2 & 0x3f);
      if (b === 0xed && c1 >= 0xa0) {
        // A surrogate sequence: WTF-8 allows it, unless (strictly) it completes a spelled pair.
        if (fatal && afterLead && unit >= 0xdc00) return undefined;
        afterLead = unit < 0xdc00;
      } else afterLead = false;
      out[j++] = unit;
      i += 3;
      continue;
    }
    if (b > 0xf4 || i + 3 >= n) return undefined;
    const c1 = bytes[i + 1]!;
    const c2 = bytes[i + 2]!;
    const c3 = bytes[i + 3]!;
    if (
      (c1 & 0xc0) !== 0x80 ||
      (c2 & 0xc0) !== 0x80 ||
      (c3 & 0xc0) !== 0x80 ||
      (b === 0xf0 && c1 < 0x90) ||
      (b === 0xf4 && c1 > 0x8f)
    )
      return undefined;
    const codePoint = ((b & 0x07) << 18) | ((c1 & 0x3f) << 12) | ((c2 & 0x3f) << 6) | (c3 & 0x3f);
    out[j++] = 0xd7c0 + (codePoint >> 10);
    out[j++] = 0xdc00 | (codePoint & 0x3ff);
    i += 4;
    afterLead = false;
  }
  out.length = j;
  return String.fromCharCode.apply(null, out);
}
