// Words and visible stand-ins for what the page shows. Pure; tested in Node.

/** Each segment kind of `inspect`, with its label and a one-line explanation. Order = legend order. */
export const KINDS = {
  ascii: { label: 'ASCII', note: 'U+0000–U+007F: 1 byte, the same in every ASCII-compatible encoding' },
  '2-byte': { label: '2-byte', note: 'U+0080–U+07FF: 110xxxxx 10xxxxxx' },
  '3-byte': { label: '3-byte', note: 'U+0800–U+FFFF except surrogates: 1110xxxx 10xxxxxx 10xxxxxx' },
  '4-byte': {
    label: '4-byte',
    note: 'U+10000–U+10FFFF, a surrogate pair in UTF-16: 11110xxx 10xxxxxx 10xxxxxx 10xxxxxx',
  },
  'lone-lead': {
    label: 'lone lead',
    note: 'a lead surrogate (D800–DBFF) with no trail after it: WTF-8 keeps it as ED A0–AF xx, UTF-8 cannot',
  },
  'lone-trail': {
    label: 'lone trail',
    note: 'a trail surrogate (DC00–DFFF) with no lead before it: WTF-8 keeps it as ED B0–BF xx, UTF-8 cannot',
  },
  invalid: {
    label: 'invalid',
    note: 'bytes that are not WTF-8 at all (a maximal ill-formed subpart): decoded as one U+FFFD',
  },
};

/** Does this kind lose data on the way to UTF-8? */
export const isLossy = (kind) => kind === 'lone-lead' || kind === 'lone-trail' || kind === 'invalid';

/** `0xD83D` → `"U+D83D"`, `0x1F600` → `"U+1F600"`. */
export function formatCodePoint(codePoint) {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** `0xD83D` → `"D83D"`. */
export function hex4(unit) {
  return unit.toString(16).toUpperCase().padStart(4, '0');
}

const CONTROL_NAMES = {
  0x00: 'NUL',
  0x07: 'BEL',
  0x08: 'BS',
  0x09: 'TAB',
  0x0a: 'LF',
  0x0b: 'VT',
  0x0c: 'FF',
  0x0d: 'CR',
  0x1b: 'ESC',
  0x20: 'space',
  0x7f: 'DEL',
  0xa0: 'NBSP',
  0xad: 'SHY',
  0x200b: 'ZWSP',
  0x200c: 'ZWNJ',
  0x200d: 'ZWJ',
  0x200e: 'LRM',
  0x200f: 'RLM',
  0x2028: 'LS',
  0x2029: 'PS',
  0x2060: 'WJ',
  0xfeff: 'BOM',
  0xfffd: 'U+FFFD',
};

/**
 * How to show one code point so that nothing is invisible: `{ text }` for a glyph that can stand
 * on its own, `{ badge }` for a name to show in a labelled box (controls, spaces, format
 * characters, unassigned…), `{ text, combining: true }` for a combining mark (show it on ◌).
 */
export function visibleForm(codePoint) {
  if (Object.hasOwn(CONTROL_NAMES, codePoint) && codePoint !== 0xfffd) return { badge: CONTROL_NAMES[codePoint] };
  const char = String.fromCodePoint(codePoint);
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}]/u.test(char)) return { badge: formatCodePoint(codePoint) };
  if (/\p{Zs}/u.test(char)) return { badge: 'space' };
  if (/\p{M}/u.test(char)) return { text: char, combining: true };
  return { text: char };
}
