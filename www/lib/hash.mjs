// The page state in the URL hash, so that a link reproduces what is on screen:
//
//   #s=<text box>&x=<hex box>&m=strict
//
// Values are percent-encoded WTF-8 (the package's own encoding), because the text box may hold a
// lone surrogate, which encodeURIComponent refuses and percent-encoded UTF-8 cannot carry.
// A hash without `=` is taken as the text box (`#hello`). The package's encode/decode are passed
// in, so this file stays pure and testable in Node.

// Left as they are: the unreserved characters and a few that read well in a fragment.
const KEEP = /^[A-Za-z0-9\-._~!$'()*,;:@/?{}]$/;

/** Percent-encodes the WTF-8 bytes of `value`. */
export function encodeValue(value, encode) {
  let out = '';
  for (const byte of encode(value)) {
    const char = String.fromCharCode(byte);
    out += byte < 0x80 && KEEP.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** The inverse of {@link encodeValue}; lenient, since anyone can type a URL: never throws. */
export function decodeValue(text, encode, decode) {
  const bytes = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '%' && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      const end = i + (text.codePointAt(i) > 0xffff ? 2 : 1);
      bytes.push(...encode(text.slice(i, end)));
      i = end - 1;
    }
  }
  return decode(Uint8Array.from(bytes));
}

/** `location.hash` → `{ s?, x?, m? }`. */
export function readHash(hash, encode, decode) {
  const body = hash.replace(/^#/, '');
  if (body === '') return {};
  if (!body.includes('=')) return { s: decodeValue(body, encode, decode) };
  const state = {};
  for (const pair of body.split('&')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    const key = pair.slice(0, eq);
    if (key === 's' || key === 'x' || key === 'm') state[key] = decodeValue(pair.slice(eq + 1), encode, decode);
  }
  return state;
}

/** `{ s, x, m }` → `"#s=…&x=…"` (an empty box is written too, so a link reproduces it; the default mode is not). */
export function writeHash(state, encode) {
  const parts = [];
  if (state.s !== undefined) parts.push(`s=${encodeValue(state.s, encode)}`);
  if (state.x !== undefined) parts.push(`x=${encodeValue(state.x, encode)}`);
  if (state.m && state.m !== 'lenient') parts.push(`m=${encodeValue(state.m, encode)}`);
  return parts.length ? `#${parts.join('&')}` : '';
}
