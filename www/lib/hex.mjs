// Hex text ↔ bytes for the decode pane and the copy buttons. Pure; tested in Node.

const TOKENS = /(0[xX]|\\[xX])?([0-9a-fA-F]+)|([\s,;:\-]+)|(.)/gsu;

/**
 * Parses bytes written in hex. Accepts what people paste: `ED A0 80`, `eda080`, `0xED, 0xA0`,
 * `\xED\xA0`, `ED-A0:80`; a lone digit between separators is one byte (`0xA` → 0A). Returns
 * `{ bytes }` or `{ error: { at, length, message } }` with `at` an index into `text`.
 */
export function parseHex(text) {
  const bytes = [];
  for (const match of text.matchAll(TOKENS)) {
    const [whole, prefix, digits, , bad] = match;
    if (bad !== undefined) {
      return { error: { at: match.index, length: bad.length, message: `"${bad}" is not a hex digit` } };
    }
    if (digits === undefined) continue;
    if (digits.length === 1) {
      bytes.push(parseInt(digits, 16));
    } else if (digits.length % 2 === 0) {
      for (let i = 0; i < digits.length; i += 2) bytes.push(parseInt(digits.slice(i, i + 2), 16));
    } else {
      const at = match.index + (prefix?.length ?? 0);
      return {
        error: { at, length: whole.length, message: `odd number of hex digits in "${digits}": a byte is 2 digits` },
      };
    }
  }
  return { bytes: Uint8Array.from(bytes) };
}

/** `[0x61, 0xED]` → `"61 ED"`. */
export function formatHex(bytes) {
  return Array.from(bytes, hex2).join(' ');
}

/** One byte as two upper-case hex digits. */
export function hex2(byte) {
  return byte.toString(16).toUpperCase().padStart(2, '0');
}
