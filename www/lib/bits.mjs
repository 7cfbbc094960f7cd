// How a byte of UTF-8 / WTF-8 splits into marker bits and payload bits. Pure; tested in Node.
//
// The marker is the run of leading 1 bits and the 0 that ends it: it says what the byte is.
//   0xxxxxxx  a whole 1-byte sequence (ASCII)     10xxxxxx  a continuation byte
//   110xxxxx  starts a 2-byte sequence            1110xxxx  starts a 3-byte sequence
//   11110xxx  starts a 4-byte sequence            11111xxx  never valid
// The payload bits of a sequence's bytes, read in order, are the code point in binary.

/** `{ marker, payload }` as strings of '0'/'1', e.g. 0xED → `{ marker: '1110', payload: '1101' }`. */
export function splitBits(byte) {
  const bits = byte.toString(2).padStart(8, '0');
  const zero = bits.indexOf('0');
  const end = zero < 0 ? 8 : Math.min(zero + 1, 6);
  return { marker: bits.slice(0, end), payload: bits.slice(end) };
}

/** What the marker of `byte` says, in a few words (for tooltips and screen readers). */
export function byteRole(byte) {
  if (byte < 0x80) return 'single byte (ASCII)';
  if (byte < 0xc0) return 'continuation byte';
  if (byte < 0xe0) return 'lead byte of a 2-byte sequence';
  if (byte < 0xf0) return 'lead byte of a 3-byte sequence';
  if (byte < 0xf8) return 'lead byte of a 4-byte sequence';
  return 'never valid in UTF-8';
}

/**
 * The payload bits of a whole sequence, one group per byte: for ED A0 BD → ['1101', '100000', '111101'],
 * which read together are 0xD83D.
 */
export function payloadGroups(bytes) {
  return Array.from(bytes, (byte) => splitBits(byte).payload);
}
