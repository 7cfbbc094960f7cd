// The breakdown table: one row per record of the package's `inspect` — a code point, a lone
// surrogate or an ill-formed subpart — with its code units, code point, kind, WTF-8 bytes (with
// their bits) and lossy UTF-8 bytes.
import { h, fill } from './lib/dom.mjs';
import { KINDS, isLossy, formatCodePoint, hex4, visibleForm } from './lib/labels.mjs';
import { formatHex, hex2 } from './lib/hex.mjs';
import { byteRole, payloadGroups, splitBits } from './lib/bits.mjs';

/** More rows than this are summarised, not drawn: the page stays responsive for big pastes. */
export const MAX_ROWS = 500;

// key, column header, tooltip, label on narrow screens (where each row is a card).
const COLUMNS = [
  ['index', 'Unit #', 'Index of the first UTF-16 code unit', 'Unit #'],
  ['char', 'Char', null, 'Char'],
  ['units', 'UTF-16 units', null, 'UTF-16'],
  ['codepoint', 'Code point', null, 'Code point'],
  ['kind', 'Kind', null, 'Kind'],
  ['offset', 'Byte #', 'Offset of the first byte', 'Byte #'],
  ['wtf8', 'WTF-8 bytes and bits', null, 'WTF-8 bytes and bits'],
  ['utf8', 'UTF-8 (lossy)', null, 'UTF-8 (lossy)'],
];

/**
 * Fills `table` with `segments`. `source` is 'string' (segments of a string: the bytes are what
 * `encode` writes) or 'bytes' (segments of input bytes: the units are what `decode` gives).
 * `highlight` optionally marks the row holding byte `offset` (a strict decoding error).
 */
export function renderBreakdown(table, segments, { source, caption, highlight = null }) {
  const head = h(
    'thead',
    {},
    h(
      'tr',
      {},
      COLUMNS.map(([key, , title]) => h('th', { scope: 'col', class: `col-${key}`, title }, columnLabel(key, source))),
    ),
  );
  const shown = segments.slice(0, MAX_ROWS);
  const body = h(
    'tbody',
    {},
    shown.map((segment) => renderRow(segment, source, highlight)),
  );
  const foot =
    segments.length > MAX_ROWS
      ? h(
          'tfoot',
          {},
          h(
            'tr',
            {},
            h(
              'td',
              { colspan: COLUMNS.length, 'data-testid': 'rows-truncated' },
              `Showing the first ${MAX_ROWS} of ${segments.length} rows.`,
            ),
          ),
        )
      : null;
  fill(table, h('caption', {}, caption), head, body, foot);
}

function columnLabel(key, source, short = false) {
  if (key === 'wtf8' && source === 'bytes') return 'Input bytes and bits';
  const column = COLUMNS.find(([k]) => k === key);
  return short ? column[3] : column[1];
}

function renderRow(segment, source, highlight) {
  const { kind, index, units, offset, bytes, codePoint, utf8, error } = segment;
  const lossy = isLossy(kind);
  const isError = highlight !== null && highlight >= offset && highlight < offset + bytes.length;
  const cell = (key, content, extra = {}) =>
    h(
      'td',
      { class: `col-${key}`, 'data-label': columnLabel(key, source, true), 'data-testid': `seg-${key}`, ...extra },
      content,
    );
  return h(
    'tr',
    {
      'data-testid': 'segment',
      'data-kind': kind,
      'data-error': error ?? null,
      class: ['kind-' + kind, lossy ? 'lossy' : '', isError ? 'strict-error' : ''].filter(Boolean).join(' '),
    },
    cell('index', String(index)),
    cell('char', renderChar(segment)),
    cell(
      'units',
      units.map((unit) => h('code', { class: 'unit' }, hex4(unit))),
      { 'data-units': units.map(hex4).join(' ') },
    ),
    cell(
      'codepoint',
      codePoint === null ? h('span', { class: 'none' }, 'none') : h('code', {}, formatCodePoint(codePoint)),
    ),
    cell('kind', [
      kindPill(kind),
      error ? h('code', { class: 'error-code', 'data-testid': 'seg-error' }, error) : null,
    ]),
    cell('offset', String(offset)),
    cell('wtf8', [byteBits(bytes), payloadLine(segment)], { 'data-bytes': formatHex(bytes) }),
    cell('utf8', utf8Bytes(utf8, lossy, source), { 'data-bytes': formatHex(utf8) }),
  );
}

/** The kind as a labelled, coloured pill (the words carry the meaning; the colour helps). */
export function kindPill(kind) {
  const { label, note } = KINDS[kind];
  return h(
    'span',
    { class: `pill pill-${kind}`, 'data-testid': 'kind-pill', title: note },
    isLossy(kind) ? h('span', { class: 'pill-icon', 'aria-hidden': 'true' }, '!') : null,
    label,
  );
}

function renderChar({ kind, codePoint, units }) {
  if (kind === 'lone-lead' || kind === 'lone-trail') {
    return h(
      'span',
      {
        class: `badge badge-lone kind-${kind}`,
        title: `${kind === 'lone-lead' ? 'Lone lead' : 'Lone trail'} surrogate ${hex4(units[0])}: no character`,
      },
      'no char',
    );
  }
  if (kind === 'invalid')
    return h('span', { class: 'badge badge-replacement', title: 'Decoded as U+FFFD REPLACEMENT CHARACTER' }, '\uFFFD');
  const form = visibleForm(codePoint);
  if (form.badge) return h('span', { class: 'badge' }, form.badge);
  return h('span', { class: 'glyph', lang: 'und' }, form.combining ? `\u25CC${form.text}` : form.text);
}

/** Each byte as hex over its bits, the marker bits set apart from the payload bits. */
export function byteBits(bytes) {
  return h(
    'span',
    { class: 'bytes' },
    Array.from(bytes, (byte) => {
      const { marker, payload } = splitBits(byte);
      return h(
        'span',
        { class: 'byte', 'data-testid': 'byte', title: `${hex2(byte)}: ${byteRole(byte)}` },
        h('span', { class: 'byte-hex', 'data-testid': 'byte-hex' }, hex2(byte)),
        h(
          'span',
          { class: 'byte-bits', 'data-testid': 'byte-bits', 'aria-label': `bits ${marker} ${payload}` },
          h('span', { class: 'bits-marker', 'data-testid': 'bits-marker' }, marker),
          payload ? h('span', { class: 'bits-payload', 'data-testid': 'bits-payload' }, payload) : null,
        ),
      );
    }),
  );
}

/** For a multi-byte sequence, its payload bits read together: the code point in binary. */
function payloadLine({ bytes, codePoint, kind }) {
  if (codePoint === null || bytes.length < 2 || kind === 'invalid') return null;
  return h(
    'span',
    { class: 'payload-line' },
    h('span', { class: 'payload-groups' }, payloadGroups(bytes).join(' ')),
    ' = ',
    h('code', {}, formatCodePoint(codePoint)),
  );
}

function utf8Bytes(utf8, lossy, source) {
  if (!lossy) return h('code', { class: 'hex same' }, formatHex(utf8));
  // A pair spelled as two 3-byte sequences: decoding makes it a real pair, whose 4 UTF-8 bytes
  // the package gives on the lead's row and none on the trail's.
  if (utf8.length === 0) return h('span', { class: 'replaced-note' }, 'in the row above: one pair');
  if (utf8.length === 4) {
    return h(
      'span',
      { class: 'replaced' },
      h('code', { class: 'hex same' }, formatHex(utf8)),
      h('span', { class: 'replaced-note' }, 'with the next row: one pair'),
    );
  }
  return h(
    'span',
    { class: 'replaced' },
    h('code', { class: 'hex lost' }, formatHex(utf8)),
    h('span', { class: 'replaced-note' }, source === 'bytes' ? 'U+FFFD' : 'U+FFFD: lost'),
  );
}
