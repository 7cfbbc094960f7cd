// Example strings and byte sequences, each the kind of thing that happens in real code.
// `input` is what goes in the text box (escape syntax), `how` says where such a string comes from.

export const STRING_PRESETS = [
  {
    id: 'sliced',
    label: 'Emoji sliced in half',
    input: 'Hi \\uD83D',
    how: "'Hi 👋'.slice(0, 4): slice counts UTF-16 code units and cut the pair D83D DC4B in two",
  },
  {
    id: 'reversed',
    label: 'Reversed pair',
    input: '\\uDE00\\uD83Dko',
    how: "'ok😀'.split('').reverse().join(''): the trail now comes before its lead, so both are lone",
  },
  {
    id: 'trail-first',
    label: 'Lone trail at the start',
    input: '\\uDE00 ok',
    how: "'😀 ok'.slice(1): the string starts with the second half of a pair",
  },
  {
    id: 'windows',
    label: 'Windows file name',
    input: 'C:\\\\Users\\\\Ana\\\\report\\uDC00.txt',
    how: 'NTFS file names are any sequence of UTF-16 code units, checked or not: this one holds a lone trail',
  },
  {
    id: 'scripts',
    label: 'Several scripts',
    input: 'Aé€😀 Ωμέγα Жук 日本 👍🏽',
    how: 'Well-formed text in Latin, Greek, Cyrillic and Han script plus emoji: 1-, 2-, 3- and 4-byte sequences, WTF-8 = UTF-8',
  },
];

export const BYTE_PRESETS = [
  {
    id: 'lone',
    label: 'Lone surrogate',
    input: '61 ED A0 BD 62',
    how: "encode('a\\uD83Db'): well-formed WTF-8, not UTF-8",
  },
  {
    id: 'cesu',
    label: 'Pair as two halves',
    input: 'ED A0 80 ED B0 80',
    how: 'U+10000 written CESU-8 style; WTF-8 requires the 4-byte F0 90 80 80',
  },
  {
    id: 'overlong',
    label: 'Overlong',
    input: '61 C0 AF',
    how: "'/' (2F) in an overlong 2-byte form, a classic path-traversal trick",
  },
  { id: 'truncated', label: 'Cut-off emoji', input: 'F0 9F 98', how: 'the first three of the four bytes of 😀' },
  {
    id: 'latin1',
    label: 'Latin-1 text',
    input: '63 61 66 E9',
    how: "'café' in ISO-8859-1: E9 is a lead byte with nothing after it",
  },
];
