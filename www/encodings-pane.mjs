// All encodings: the string of the text box in WTF-8 and each of its neighbours, side by side —
// how many bytes each takes, whether the bytes decode back to exactly the string, and where the
// strict form of each encoding fails. Uses the package's two entries as a user would.
import { decode, encode, toUtf8, Wtf8Error } from 'wtf8-wasm';
import {
  decodeCesu8,
  decodeCorrectedUtf8,
  decodeModifiedUtf8,
  decodeUtf16,
  decodeUtf32,
  decodeUtf8b,
  encodeCesu8,
  encodeCorrectedUtf8,
  encodeModifiedUtf8,
  encodeUtf16,
  encodeUtf32,
  encodeUtf8b,
  readUTF,
  writeUTF,
} from 'wtf8-wasm/encodings';
import { h, fill } from './lib/dom.mjs';
import { parseEscapes } from './lib/escapes.mjs';
import { formatHex } from './lib/hex.mjs';

const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`);

/** Bytes shown per encoding; the count says how many there are in all. */
const MAX_BYTES_SHOWN = 24;

const utf8Decoder = new TextDecoder();

/**
 * One row per encoding. `encode(s)` gives the bytes the default call writes (lossy where the
 * encoding has a lossy mode), or throws when it has none; `decode(bytes)` reads them back; `strict(s)`
 * is the call that throws where the encoding cannot hold the string (absent: it never throws).
 */
const ENCODINGS = [
  {
    id: 'wtf-8',
    name: 'WTF-8',
    call: 'encode(s)',
    note: 'UTF-8 plus lone surrogates',
    encode: (s) => encode(s),
    decode: (b) => decode(b),
  },
  {
    id: 'utf-8',
    name: 'UTF-8',
    call: 'toUtf8(s)',
    note: 'TextEncoder: U+FFFD for a lone surrogate',
    encode: (s) => toUtf8(s),
    decode: (b) => utf8Decoder.decode(b),
    strict: (s) => toUtf8(s, { fatal: true }),
  },
  {
    id: 'utf-16le',
    name: 'UTF-16LE',
    call: "encodeUtf16(s, { byteOrder: 'le' })",
    note: 'the code units as they are',
    encode: (s) => encodeUtf16(s, { byteOrder: 'le' }),
    decode: (b) => decodeUtf16(b, { byteOrder: 'le' }),
  },
  {
    id: 'utf-16be',
    name: 'UTF-16BE',
    call: "encodeUtf16(s, { byteOrder: 'be' })",
    note: 'the code units, most significant byte first',
    encode: (s) => encodeUtf16(s, { byteOrder: 'be' }),
    decode: (b) => decodeUtf16(b, { byteOrder: 'be' }),
  },
  {
    id: 'utf-32le',
    name: 'UTF-32LE',
    call: "encodeUtf32(s, { byteOrder: 'le' })",
    note: '4 bytes per code point',
    encode: (s) => encodeUtf32(s, { byteOrder: 'le' }),
    decode: (b) => decodeUtf32(b, { byteOrder: 'le' }),
    strict: (s) => encodeUtf32(s, { byteOrder: 'le', fatal: true }),
  },
  {
    id: 'utf-32le-pass',
    name: 'UTF-32LE, surrogatepass',
    call: "encodeUtf32(s, { byteOrder: 'le', surrogates: 'pass' })",
    note: 'a lone surrogate as its own value',
    encode: (s) => encodeUtf32(s, { byteOrder: 'le', surrogates: 'pass' }),
    decode: (b) => decodeUtf32(b, { byteOrder: 'le', surrogates: 'pass' }),
  },
  {
    id: 'cesu-8',
    name: 'CESU-8',
    call: 'encodeCesu8(s)',
    note: 'each code unit as UTF-8: 6 bytes per pair',
    encode: (s) => encodeCesu8(s),
    decode: (b) => decodeCesu8(b),
    strict: (s) => encodeCesu8(s, { fatal: true }),
  },
  {
    id: 'modified-utf-8',
    name: 'Java Modified UTF-8',
    call: 'encodeModifiedUtf8(s)',
    note: 'CESU-8 with U+0000 as C0 80, lone surrogates kept',
    encode: (s) => encodeModifiedUtf8(s),
    decode: (b) => decodeModifiedUtf8(b),
  },
  {
    id: 'write-utf',
    name: 'Java writeUTF',
    call: 'writeUTF(s)',
    note: 'a 2-byte length, then Modified UTF-8 (at most 65,535 bytes)',
    encode: (s) => writeUTF(s),
    decode: (b) => readUTF(b).value,
    strict: (s) => writeUTF(s),
  },
  {
    id: 'utf-8b',
    name: 'UTF-8B',
    call: 'encodeUtf8b(s)',
    note: "Python's surrogateescape: U+DC80–U+DCFF are raw bytes",
    encode: (s) => encodeUtf8b(s),
    decode: (b) => decodeUtf8b(b),
    strict: (s) => encodeUtf8b(s),
  },
  {
    id: 'corrected-utf-8',
    name: 'Corrected UTF-8',
    call: 'encodeCorrectedUtf8(s)',
    note: 'one spelling per code point; no C1 controls, no surrogates',
    encode: (s) => encodeCorrectedUtf8(s),
    decode: (b) => decodeCorrectedUtf8(b),
    strict: (s) => encodeCorrectedUtf8(s, { fatal: true }),
  },
];

/** Renders the comparison for the text box content `source` (escape syntax, as the encode pane reads it). */
export function renderEncodings(source) {
  const { value } = parseEscapes(source);
  const rows = ENCODINGS.map((encoding) => row(encoding, value));
  const lossless = rows.filter((r) => r.dataset.lossless === 'true').length;
  fill(
    $('encodings-summary'),
    value === ''
      ? 'Type something above to compare the encodings.'
      : `${value.length} UTF-16 code unit${value.length === 1 ? '' : 's'}: ${lossless} of ${ENCODINGS.length} encodings keep the string exactly.`,
  );
  fill(
    $('encodings-table'),
    h('caption', {}, 'The string above in each encoding (default call; strict call in the last column)'),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Encoding'),
        h('th', { scope: 'col', class: 'col-count' }, 'Bytes'),
        h('th', { scope: 'col' }, 'Back to the string?'),
        h('th', { scope: 'col' }, 'Strict'),
        h('th', { scope: 'col', class: 'col-enc-hex' }, 'Bytes (hex)'),
      ),
    ),
    h('tbody', {}, rows),
  );
}

function row(encoding, value) {
  let bytes = null;
  let failure = null;
  try {
    bytes = encoding.encode(value);
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'Wtf8Error') throw error;
    failure = error;
  }
  if (encoding.strict !== undefined && failure === null) {
    try {
      encoding.strict(value);
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'Wtf8Error') throw error;
      failure = error;
    }
  }
  const lossless = bytes !== null && encoding.decode(bytes) === value;
  return h(
    'tr',
    {
      'data-testid': 'encoding-row',
      'data-encoding': encoding.id,
      'data-bytes': bytes === null ? null : String(bytes.length),
      'data-lossless': String(lossless),
      'data-error-code': failure?.code ?? null,
      'data-error-index': failure?.index ?? null,
      class: lossless ? null : 'lossy-encoding',
    },
    h(
      'th',
      { scope: 'row', 'data-label': 'Encoding' },
      h('span', { class: 'encoding-name' }, encoding.name),
      h('code', { class: 'encoding-call' }, encoding.call),
      h('span', { class: 'encoding-note' }, encoding.note),
    ),
    h(
      'td',
      { class: 'col-count', 'data-label': 'Bytes', 'data-testid': 'encoding-count' },
      bytes === null ? h('span', { class: 'none' }, 'none') : String(bytes.length),
    ),
    h(
      'td',
      { 'data-label': 'Back to the string?', 'data-testid': 'encoding-lossless' },
      verdict(lossless, lossless ? 'lossless' : bytes === null ? 'cannot encode' : 'lossy'),
    ),
    h(
      'td',
      { 'data-label': 'Strict', 'data-testid': 'encoding-strict' },
      failure === null
        ? verdict(true, encoding.strict === undefined ? 'never fails' : 'ok')
        : [
            verdict(false, 'throws'),
            ' ',
            h('code', { class: 'error-code', 'data-testid': 'encoding-error-code' }, failure.code),
            failure.index === undefined ? null : h('span', { class: 'encoding-where' }, ` at index ${failure.index}`),
          ],
    ),
    h(
      'td',
      { class: 'col-enc-hex', 'data-label': 'Bytes (hex)' },
      bytes === null
        ? h('span', { class: 'none' }, '—')
        : h('code', { class: 'hex', 'data-testid': 'encoding-hex' }, shownHex(bytes)),
    ),
  );
}

function verdict(ok, text) {
  return h(
    'span',
    { class: `verdict ${ok ? 'ok' : 'bad'}` },
    h('span', { class: 'mark', 'aria-hidden': 'true' }, ok ? '✓' : '✗'),
    text,
  );
}

function shownHex(bytes) {
  if (bytes.length === 0) return '(no bytes)';
  if (bytes.length <= MAX_BYTES_SHOWN) return formatHex(bytes);
  return `${formatHex(bytes.subarray(0, MAX_BYTES_SHOWN))} … (${bytes.length - MAX_BYTES_SHOWN} more)`;
}
