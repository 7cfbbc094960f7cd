//! A deliberately naive reference implementation of WTF-8, written straight from the spec tables
//! and kept structurally different from `src/`: it never shares code with the crate, it matches
//! byte strings against Table 3-7 rows written out as explicit lists of byte ranges, and it finds
//! maximal ill-formed subparts by trying every row and keeping the longest prefix that matched.
//! It is slow on purpose: clarity over speed. The tests compare the crate with it.
//!
//! Used from the test files with `#[path = "common/reference.rs"] mod reference;`.
#![allow(dead_code)]

/// Which grammar to validate against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grammar {
    /// Generalized UTF-8: ED may be followed by 80..BF (surrogate code points), minus surrogate
    /// pair byte sequences.
    Wtf8,
    /// Unicode Table 3-7 exactly: ED is followed by 80..9F only.
    Utf8,
}

/// An inclusive byte range.
type Range = (u8, u8);

/// Unicode Table 3-7, "Well-Formed UTF-8 Byte Sequences", one row per line, as byte ranges. The
/// ED row is the WTF-8 (generalized) one; [`UTF8_ED_ROW`] is the strict UTF-8 one.
const TABLE: [&[Range]; 9] = [
    &[(0x00, 0x7F)],
    &[(0xC2, 0xDF), (0x80, 0xBF)],
    &[(0xE0, 0xE0), (0xA0, 0xBF), (0x80, 0xBF)],
    &[(0xE1, 0xEC), (0x80, 0xBF), (0x80, 0xBF)],
    &[(0xED, 0xED), (0x80, 0xBF), (0x80, 0xBF)],
    &[(0xEE, 0xEF), (0x80, 0xBF), (0x80, 0xBF)],
    &[(0xF0, 0xF0), (0x90, 0xBF), (0x80, 0xBF), (0x80, 0xBF)],
    &[(0xF1, 0xF3), (0x80, 0xBF), (0x80, 0xBF), (0x80, 0xBF)],
    &[(0xF4, 0xF4), (0x80, 0x8F), (0x80, 0xBF), (0x80, 0xBF)],
];
const ED_ROW: usize = 4;
const UTF8_ED_ROW: &[Range] = &[(0xED, 0xED), (0x80, 0x9F), (0x80, 0xBF)];

fn row(grammar: Grammar, index: usize) -> &'static [Range] {
    if grammar == Grammar::Utf8 && index == ED_ROW {
        UTF8_ED_ROW
    } else {
        TABLE[index]
    }
}

fn in_range(b: u8, (lo, hi): Range) -> bool {
    lo <= b && b <= hi
}

/// How many leading bytes of `input` match the first bytes of `ranges`.
fn matched_prefix(input: &[u8], ranges: &[Range]) -> usize {
    input
        .iter()
        .zip(ranges)
        .take_while(|&(&b, &r)| in_range(b, r))
        .count()
}

/// What the bytes at one position are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Piece {
    /// A whole row matched: a well-formed sequence of `len` bytes.
    Sequence { len: usize },
    /// No row matched to its end: the longest matching row prefix has `len` bytes (at least 1:
    /// a byte that starts no row is a subpart of its own). `at_end` says the input ended there
    /// (the prefix could still have been completed).
    Subpart { len: usize, at_end: bool },
}

fn piece(grammar: Grammar, input: &[u8]) -> Piece {
    let mut longest = 0;
    for index in 0..TABLE.len() {
        let ranges = row(grammar, index);
        let k = matched_prefix(input, ranges);
        if k == ranges.len() {
            return Piece::Sequence { len: k };
        }
        longest = longest.max(k);
    }
    if longest == 0 {
        Piece::Subpart {
            len: 1,
            at_end: false,
        }
    } else {
        Piece::Subpart {
            len: longest,
            at_end: longest == input.len(),
        }
    }
}

/// The value of a well-formed sequence (surrogate code points included), from the bit layout
/// 0xxxxxxx / 110xxxxx 10xxxxxx / 1110xxxx 10xxxxxx 10xxxxxx / 11110xxx 10xxxxxx ×3.
fn scalar(seq: &[u8]) -> u32 {
    let lead_bits = match seq.len() {
        1 => return u32::from(seq[0]),
        2 => seq[0] & 0b0001_1111,
        3 => seq[0] & 0b0000_1111,
        _ => seq[0] & 0b0000_0111,
    };
    seq[1..].iter().fold(u32::from(lead_bits), |acc, &b| {
        acc * 64 + u32::from(b & 0b0011_1111)
    })
}

fn is_lead_surrogate_seq(seq: &[u8]) -> bool {
    seq.len() == 3 && seq[0] == 0xED && (0xA0..=0xAF).contains(&seq[1])
}

fn is_trail_surrogate_seq(seq: &[u8]) -> bool {
    seq.len() == 3 && seq[0] == 0xED && (0xB0..=0xBF).contains(&seq[1])
}

/// The first error, in the shape of `wtf8_wasm::DecodeError`, with the code spelled as
/// `ErrorCode::as_str` spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefError {
    pub code: &'static str,
    pub offset: usize,
    pub len: Option<usize>,
}

/// Why the ill-formed subpart `sub` (1..=3 bytes, followed by `next` unless the input ended) is
/// ill-formed, per the error rules of DESIGN.md §3 / tests/vectors/README.md.
fn classify(
    grammar: Grammar,
    sub: &[u8],
    next: Option<u8>,
    at_end: bool,
) -> (&'static str, Option<usize>) {
    let lead = sub[0];
    if at_end {
        return ("TRUNCATED", None);
    }
    if sub.len() == 1 {
        match lead {
            0x80..=0xBF => return ("UNEXPECTED_CONTINUATION", Some(1)),
            0xC0 | 0xC1 => return ("OVERLONG", Some(1)),
            0xF5..=0xFF => return ("INVALID_BYTE", Some(1)),
            _ => {}
        }
        // A lead byte whose second byte did not fit its row.
        let second = next.expect("a lead byte at the end is a truncation");
        let continuation = (0x80..=0xBF).contains(&second);
        let code = match (lead, continuation) {
            (_, false) => "MISSING_CONTINUATION",
            (0xE0, true) | (0xF0, true) => "OVERLONG",
            (0xF4, true) => "TOO_LARGE",
            (0xED, true) if grammar == Grammar::Utf8 => "SURROGATE",
            _ => unreachable!("{lead:02X} {second:02X} should have matched a row"),
        };
        return (code, Some(1));
    }
    ("MISSING_CONTINUATION", Some(sub.len()))
}

/// Validates `input` against `grammar`: `Ok` or the first error.
pub fn validate(grammar: Grammar, input: &[u8]) -> Result<(), RefError> {
    let mut pos = 0;
    let mut previous: &[u8] = &[];
    while pos < input.len() {
        let rest = &input[pos..];
        match piece(grammar, rest) {
            Piece::Sequence { len } => {
                let seq = &rest[..len];
                if grammar == Grammar::Wtf8
                    && is_lead_surrogate_seq(previous)
                    && is_trail_surrogate_seq(seq)
                {
                    return Err(RefError {
                        code: "SURROGATE_PAIR",
                        offset: pos,
                        len: Some(3),
                    });
                }
                previous = seq;
                pos += len;
            }
            Piece::Subpart { len, at_end } => {
                let (code, len) = classify(grammar, &rest[..len], rest.get(len).copied(), at_end);
                return Err(RefError {
                    code,
                    offset: pos,
                    len,
                });
            }
        }
    }
    Ok(())
}

/// Strict WTF-8 validation.
pub fn validate_wtf8(input: &[u8]) -> Result<(), RefError> {
    validate(Grammar::Wtf8, input)
}

/// Strict UTF-8 validation, with the codes of `wtf8_wasm::validate_utf8`.
pub fn validate_utf8(input: &[u8]) -> Result<(), RefError> {
    validate(Grammar::Utf8, input)
}

/// Lenient decoding into `out` (cleared first): each well-formed sequence gives its code units
/// (a surrogate sequence its one unit, so a spelled-out pair gives both), each maximal
/// ill-formed subpart (or an unfinished sequence at the end) one U+FFFD.
pub fn decode_lenient_into(input: &[u8], out: &mut Vec<u16>) {
    out.clear();
    let mut pos = 0;
    while pos < input.len() {
        let rest = &input[pos..];
        match piece(Grammar::Wtf8, rest) {
            Piece::Sequence { len } => {
                let value = scalar(&rest[..len]);
                if value >= 0x10000 {
                    let c = char::from_u32(value).expect("a 4-byte row is a scalar value");
                    let mut pair = [0u16; 2];
                    out.extend_from_slice(c.encode_utf16(&mut pair));
                } else {
                    out.push(value as u16);
                }
                pos += len;
            }
            Piece::Subpart { len, .. } => {
                out.push(0xFFFD);
                pos += len;
            }
        }
    }
}

/// Lenient decoding, allocating.
pub fn decode_lenient(input: &[u8]) -> Vec<u16> {
    let mut out = Vec::new();
    decode_lenient_into(input, &mut out);
    out
}

/// Strict decoding: the lenient result when the input validates, else the first error.
pub fn decode_strict(input: &[u8]) -> Result<Vec<u16>, RefError> {
    validate_wtf8(input)?;
    Ok(decode_lenient(input))
}

/// Encoding UTF-16 code units to WTF-8, into `out` (cleared first): `char::decode_utf16` pairs
/// what pairs, and each unpaired surrogate is written by hand as 1110_1101 10_1xxxxx 10_xxxxxx.
pub fn encode_into(units: &[u16], out: &mut Vec<u8>) {
    out.clear();
    let mut buf = [0u8; 4];
    for item in char::decode_utf16(units.iter().copied()) {
        match item {
            Ok(c) => out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes()),
            Err(e) => {
                let u = e.unpaired_surrogate();
                out.extend_from_slice(&[
                    0xED,
                    0xA0 | ((u >> 6) & 0x1F) as u8,
                    0x80 | (u & 0x3F) as u8,
                ]);
            }
        }
    }
}

/// Encoding UTF-16 code units to WTF-8, allocating.
pub fn encode(units: &[u16]) -> Vec<u8> {
    let mut out = Vec::new();
    encode_into(units, &mut out);
    out
}

/// The index of the first lone surrogate, by `char::decode_utf16`.
pub fn first_lone_surrogate(units: &[u16]) -> Option<usize> {
    let mut index = 0;
    for item in char::decode_utf16(units.iter().copied()) {
        match item {
            Ok(c) => index += c.len_utf16(),
            Err(_) => return Some(index),
        }
    }
    None
}

/// The indexes of all lone surrogates of `units`, by std's UTF-16 decoder.
pub fn lone_surrogates(units: &[u16]) -> Vec<usize> {
    let mut index = 0;
    let mut found = Vec::new();
    for item in char::decode_utf16(units.iter().copied()) {
        match item {
            Ok(c) => index += c.len_utf16(),
            Err(_) => {
                found.push(index);
                index += 1;
            }
        }
    }
    found
}

/// Does `input` contain ED followed by A0..BF (a surrogate byte sequence or a prefix of one)?
pub fn has_surrogate_prefix(input: &[u8]) -> bool {
    input
        .windows(2)
        .any(|w| w[0] == 0xED && (0xA0..=0xBF).contains(&w[1]))
}
