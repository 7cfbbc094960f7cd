// Naive WTF-8 written from the specs, independent of the package's code, in plain ES (no Node
// built-ins), so that the same reference runs in Node, Deno, Bun and browsers:
// - naiveEncode: WTF-8 spec §6.3, one code point or lone surrogate at a time;
// - naiveEncodeInto: the TextEncoder.encodeInto contract over it;
// - naiveDecode: the WHATWG UTF-8 decoder (maximal subparts, one U+FFFD each) with ED's second
//   byte range widened from 80–9F to 80–BF, which is WTF-8's grammar; strictness per WTF-8 §6:
//   the first ill-formed subpart, or a lead surrogate sequence directly followed by a trail one.

/** WTF-8 bytes of `text` (an array of numbers). */
export function naiveEncode(text) {
  const out = [];
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const t = text.charCodeAt(i + 1);
      if (t >= 0xdc00 && t <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (t - 0xdc00);
        i++;
      }
    }
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return out;
}

/** Naive encodeInto: whole code points while they fit. */
export function naiveEncodeInto(text, room) {
  let read = 0;
  let written = 0;
  while (read < text.length) {
    const c = text.charCodeAt(read);
    const paired =
      c >= 0xd800 && c <= 0xdbff && read + 1 < text.length && (text.charCodeAt(read + 1) & 0xfc00) === 0xdc00;
    const step = paired ? 2 : 1;
    const size = naiveEncode(text.slice(read, read + step)).length;
    if (written + size > room) break;
    read += step;
    written += size;
  }
  return { read, written };
}

/** [sequence length, lowest and highest second byte] per lead byte; undefined: not a lead. */
function leadOf(b) {
  if (b >= 0xc2 && b <= 0xdf) return [2, 0x80, 0xbf];
  if (b === 0xe0) return [3, 0xa0, 0xbf];
  if (b >= 0xe1 && b <= 0xef) return [3, 0x80, 0xbf]; // ED included: WTF-8 allows ED A0–BF
  if (b === 0xf0) return [4, 0x90, 0xbf];
  if (b >= 0xf1 && b <= 0xf3) return [4, 0x80, 0xbf];
  if (b === 0xf4) return [4, 0x80, 0x8f];
  return undefined;
}

/**
 * Decodes WTF-8 leniently. Returns `{ text, firstError }`: the string (each maximal ill-formed
 * subpart one U+FFFD, each surrogate sequence its unit, a spelled-out pair the two units it
 * spells), and the byte offset where strict decoding fails (the first ill-formed subpart, or the
 * trail sequence of the first spelled-out pair), or -1 when the input is well-formed WTF-8.
 */
export function naiveDecode(bytes) {
  const units = [];
  let firstError = -1;
  let previousLeadSurrogateEnd = -1; // where the last lead surrogate sequence ended
  const fail = (at) => {
    if (firstError < 0) firstError = at;
  };
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 0x80) {
      units.push(b);
      i++;
      continue;
    }
    const lead = leadOf(b);
    if (lead === undefined) {
      fail(i);
      units.push(0xfffd);
      i++;
      continue;
    }
    const [length, low, high] = lead;
    let cp = b & (length === 2 ? 0x1f : length === 3 ? 0x0f : 0x07);
    let j = i + 1;
    let ok = true;
    for (let k = 1; k < length; k++, j++) {
      const c = bytes[j];
      const [lo, hi] = k === 1 ? [low, high] : [0x80, 0xbf];
      if (c === undefined || c < lo || c > hi) {
        ok = false;
        break;
      }
      cp = (cp << 6) | (c & 0x3f);
    }
    if (!ok) {
      fail(i);
      units.push(0xfffd);
      i = j;
      continue;
    }
    if (cp >= 0xdc00 && cp <= 0xdfff && previousLeadSurrogateEnd === i) fail(i); // a spelled-out pair
    if (cp >= 0xd800 && cp <= 0xdbff) previousLeadSurrogateEnd = j;
    if (cp >= 0x10000) units.push(0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
    else units.push(cp);
    i = j;
  }
  let text = '';
  for (let k = 0; k < units.length; k += 8192) text += String.fromCharCode(...units.slice(k, k + 8192));
  return { text, firstError };
}
