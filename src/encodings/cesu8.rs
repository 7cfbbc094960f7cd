//! CESU-8 (Unicode Technical Report #26): each UTF-16 code unit of a well-formed string encoded
//! on its own, so a supplementary character is two 3-byte surrogate sequences (6 bytes).
//!
//! Lone surrogates are ill-formed in CESU-8: strict encoding and decoding reject them. Decoding
//! also rejects 4-byte forms, overlongs, and surrogate sequences that are not a lead sequence
//! directly followed by a trail sequence.

use crate::error::{DecodeError, ErrorCode, LoneSurrogateError};
use crate::grammar::{combine, is_lead, is_trail, write_sequence, Seq};
use crate::validate_utf16;
use alloc::vec::Vec;

use super::engine::{decode_to_utf16, lenient, read_sequence, Step, REPLACEMENT};

/// Encodes well-formed UTF-16 code units as CESU-8. Lossless for well-formed strings.
///
/// Each code unit is written on its own as 1 to 3 bytes (U+0000 as 00); a surrogate pair
/// becomes two 3-byte sequences, ED A0..AF xx ED B0..BF xx. For strings without supplementary
/// characters the output is their UTF-8. The inverse is [`convert_cesu8_to_utf16`]. Allocates
/// exactly [`cesu8_len_from_utf16`] bytes (at most 3 per code unit).
///
/// # Errors
/// A [`LoneSurrogateError`] naming the unit index of the first lone surrogate; nothing is
/// written.
///
/// ```
/// use wtf8_wasm::encodings::convert_utf16_to_cesu8;
/// // U+1F600 as two 3-byte sequences, not UTF-8's F0 9F 98 80.
/// assert_eq!(convert_utf16_to_cesu8(&[0xD83D, 0xDE00]).unwrap(), b"\xED\xA0\xBD\xED\xB8\x80");
/// assert_eq!(convert_utf16_to_cesu8(&[0x61, 0xD83D]).unwrap_err().index(), 1);
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf16_to_cesu8(src: &[u16]) -> Result<Vec<u8>, LoneSurrogateError> {
    validate_utf16(src)?;
    Ok(encode_units(src, false, |_| false))
}

/// Encodes UTF-16 code units as CESU-8, writing U+FFFD (EF BF BD) for each lone surrogate;
/// never fails.
///
/// Lossy exactly where the input holds lone surrogates (one U+FFFD per lone unit). Allocates
/// exactly [`cesu8_len_from_utf16`] bytes: U+FFFD and a surrogate both take 3.
///
/// ```
/// use wtf8_wasm::encodings::convert_utf16_to_cesu8_lossy;
/// assert_eq!(convert_utf16_to_cesu8_lossy(&[0xDE00, 0x61]), b"\xEF\xBF\xBDa");
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf16_to_cesu8_lossy(src: &[u16]) -> Vec<u8> {
    encode_units(src, false, lone_surrogates(src))
}

/// The exact length in bytes of the CESU-8 encoding of `src` (lossy or not): 1 byte per unit
/// below U+0080, 2 below U+0800, 3 for every other unit.
///
/// ```
/// use wtf8_wasm::encodings::cesu8_len_from_utf16;
/// assert_eq!(cesu8_len_from_utf16(&[0x00, 0xE9, 0xD83D, 0xDE00]), 1 + 2 + 3 + 3);
/// ```
///
/// Complexity: O(n), no allocation.
pub fn cesu8_len_from_utf16(src: &[u16]) -> usize {
    src.iter().map(|&u| unit_len(u, false)).sum()
}

/// Decodes CESU-8 to UTF-16 code units. Lossless: the inverse of [`convert_utf16_to_cesu8`].
///
/// Accepts exactly the sequences of TR #26: 00..7F, C2..DF 80..BF, E0 A0..BF 80..BF,
/// E1..EC 80..BF 80..BF, ED 80..9F 80..BF, EE..EF 80..BF 80..BF, and the 6-byte surrogate pair
/// ED A0..AF 80..BF ED B0..BF 80..BF. At most one code unit per input byte.
///
/// # Errors
/// A [`DecodeError`] at the byte offset where the well-formed prefix ends:
/// - [`ErrorCode::LoneSurrogate`], length 3: a trail sequence (ED B0..BF xx) not preceded by a
///   lead sequence, or a lead sequence (ED A0..AF xx) not followed by a trail sequence; the
///   offset is that of the lone sequence. The input ending in ED B0..BF (the start of a trail
///   sequence that has no lead) is the same error, with length 2.
/// - [`ErrorCode::FourByteForm`]: lead byte F0..F4; the length is that of the UTF-8 sequence or
///   maximal subpart it starts (4 for a complete one).
/// - The UTF-8 codes for everything else: `OVERLONG` (C0, C1, E0 80..9F), `INVALID_BYTE`
///   (F5..FF), `UNEXPECTED_CONTINUATION`, `MISSING_CONTINUATION`, each with the length of the
///   maximal subpart; `TRUNCATED` (length `None`) when the input ends inside a sequence — a lead
///   surrogate sequence at the very end, possibly followed by the start of a trail sequence,
///   counts as unfinished.
///
/// ```
/// use wtf8_wasm::{encodings::convert_cesu8_to_utf16, ErrorCode};
/// assert_eq!(convert_cesu8_to_utf16(b"\xED\xA0\xBD\xED\xB8\x80"), Ok(vec![0xD83D, 0xDE00]));
/// let err = convert_cesu8_to_utf16(b"a\xF0\x9F\x98\x80").unwrap_err();
/// assert_eq!((err.code(), err.valid_up_to(), err.error_len()), (ErrorCode::FourByteForm, 1, Some(4)));
/// let err = convert_cesu8_to_utf16(b"\xED\xB8\x80").unwrap_err();
/// assert_eq!((err.code(), err.valid_up_to(), err.error_len()), (ErrorCode::LoneSurrogate, 0, Some(3)));
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_cesu8_to_utf16(src: &[u8]) -> Result<Vec<u16>, DecodeError> {
    decode_to_utf16(src, 0, true, src.len(), step)
}

/// Decodes CESU-8 to UTF-16 code units, writing one U+FFFD for each error of
/// [`convert_cesu8_to_utf16`]; never fails.
///
/// Each error's bytes (a lone surrogate sequence, a whole 4-byte form, a maximal subpart, or an
/// unfinished tail) become one U+FFFD, and decoding resumes after them. Well-formed CESU-8
/// decodes exactly as [`convert_cesu8_to_utf16`] does.
///
/// ```
/// use wtf8_wasm::encodings::convert_cesu8_to_utf16_lossy;
/// // A lone lead surrogate sequence, a 4-byte form, an overlong C0, "a".
/// assert_eq!(convert_cesu8_to_utf16_lossy(b"\xED\xA0\xBD\xF0\x9F\x98\x80\xC0a"), [0xFFFD, 0xFFFD, 0xFFFD, 0x61]);
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_cesu8_to_utf16_lossy(src: &[u8]) -> Vec<u16> {
    lenient(decode_to_utf16(src, 0, false, src.len(), step))
}

/// A closure that says whether the unit at an index is a lone surrogate, for indexes visited
/// in increasing order.
pub(super) fn lone_surrogates(src: &[u16]) -> impl FnMut(usize) -> bool + '_ {
    move |i| {
        let u = u32::from(src[i]);
        if is_lead(u) {
            !src.get(i + 1).is_some_and(|&t| is_trail(u32::from(t)))
        } else if is_trail(u) {
            !(i > 0 && is_lead(u32::from(src[i - 1])))
        } else {
            false
        }
    }
}

/// The number of bytes one code unit takes, each unit on its own; with `java`, U+0000 takes 2
/// (C0 80).
#[inline]
pub(super) fn unit_len(unit: u16, java: bool) -> usize {
    match unit {
        0 if java => 2,
        0x00..=0x7F => 1,
        0x80..=0x7FF => 2,
        _ => 3,
    }
}

/// Writes each code unit on its own (1 to 3 bytes; U+0000 as C0 80 with `java`), or U+FFFD
/// where `replace(index)` says so.
pub(super) fn encode_units(src: &[u16], java: bool, replace: impl FnMut(usize) -> bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(src.iter().map(|&u| unit_len(u, java)).sum());
    encode_units_into(src, java, replace, &mut out);
    out
}

/// [`encode_units`], appending to `out`.
pub(super) fn encode_units_into(
    src: &[u16],
    java: bool,
    mut replace: impl FnMut(usize) -> bool,
    out: &mut Vec<u8>,
) {
    let mut seq = [0u8; 3];
    for (i, &unit) in src.iter().enumerate() {
        let unit = if replace(i) { REPLACEMENT as u16 } else { unit };
        let n = write_unit(unit, java, &mut seq);
        out.extend_from_slice(&seq[..n]);
    }
}

/// Writes one code unit on its own (1 to 3 bytes; U+0000 as C0 80 with `java`) at `dst[0..]`
/// and returns its length.
#[inline]
pub(super) fn write_unit(unit: u16, java: bool, dst: &mut [u8]) -> usize {
    match unit {
        0 if java => {
            dst[..2].copy_from_slice(&[0xC0, 0x80]);
            2
        }
        _ => write_sequence(u32::from(unit), dst),
    }
}

/// A lead byte F0..F4 in CESU-8 or Modified UTF-8: a 4-byte form. Its length is that of the
/// complete UTF-8 sequence, maximal subpart or unfinished tail it starts.
#[inline]
pub(super) fn four_byte_form(rest: &[u8]) -> Step {
    let len = match read_sequence(rest) {
        Seq::Valid { len, .. } | Seq::Invalid { len, .. } => usize::from(len),
        Seq::Truncated => rest.len(),
    };
    Step::Error(ErrorCode::FourByteForm, Some(len))
}

/// One CESU-8 step at `src[i]`. It reads at most [`LOOKAHEAD`] bytes.
pub(super) fn step(src: &[u8], i: usize) -> Step {
    let rest = &src[i..];
    if (0xF0..=0xF4).contains(&rest[0]) {
        return four_byte_form(rest);
    }
    match read_sequence(rest) {
        Seq::Valid { code_point, len } if is_lead(code_point) => {
            let after = &rest[3..];
            match read_sequence_or_empty(after) {
                Some(Seq::Valid {
                    code_point: trail, ..
                }) if is_trail(trail) => Step::Char(combine(code_point, trail), 6),
                // Nothing yet, "ED" or "ED B0..BF": the trail sequence may still come.
                None => Step::Error(ErrorCode::Truncated, None),
                Some(Seq::Truncated)
                    if after[0] == 0xED
                        && after.get(1).is_none_or(|b| (0xB0..=0xBF).contains(b)) =>
                {
                    Step::Error(ErrorCode::Truncated, None)
                }
                _ => Step::Error(ErrorCode::LoneSurrogate, Some(usize::from(len))),
            }
        }
        Seq::Valid { code_point, len } if is_trail(code_point) => {
            Step::Error(ErrorCode::LoneSurrogate, Some(usize::from(len)))
        }
        Seq::Valid { code_point, len } => Step::Char(code_point, usize::from(len)),
        Seq::Invalid { code, len } => Step::Error(code, Some(usize::from(len))),
        // "ED B0..BF" at the end can only become a lone trail surrogate sequence.
        Seq::Truncated
            if rest[0] == 0xED && rest.get(1).is_some_and(|b| (0xB0..=0xBF).contains(b)) =>
        {
            Step::Error(ErrorCode::LoneSurrogate, Some(rest.len()))
        }
        Seq::Truncated => Step::Error(ErrorCode::Truncated, None),
    }
}

/// The most bytes [`step`] reads: a surrogate pair, two 3-byte sequences.
pub(super) const LOOKAHEAD: usize = 6;

#[inline]
fn read_sequence_or_empty(src: &[u8]) -> Option<Seq> {
    (!src.is_empty()).then(|| read_sequence(src))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unfinished_pairs_are_truncated_but_broken_ones_are_lone() {
        for tail in [&b""[..], b"\xED", b"\xED\xB0", b"\xED\xBF"] {
            let mut bytes = b"\xED\xA0\x80".to_vec();
            bytes.extend_from_slice(tail);
            let err = convert_cesu8_to_utf16(&bytes).unwrap_err();
            assert_eq!(
                (err.code(), err.valid_up_to(), err.error_len()),
                (ErrorCode::Truncated, 0, None)
            );
            assert_eq!(convert_cesu8_to_utf16_lossy(&bytes), [0xFFFD]);
        }
        for tail in [
            &b"a"[..],
            b"\xED\x80",
            b"\xED\xA0\x80",
            b"\xE2",
            b"\xED\xB0a",
        ] {
            let mut bytes = b"\xED\xA0\x80".to_vec();
            bytes.extend_from_slice(tail);
            let err = convert_cesu8_to_utf16(&bytes).unwrap_err();
            assert_eq!(
                (err.code(), err.valid_up_to(), err.error_len()),
                (ErrorCode::LoneSurrogate, 0, Some(3)),
                "{tail:02X?}"
            );
        }
    }

    #[test]
    fn lone_surrogates_closure_matches_definition() {
        let units = [0xD800, 0xDC00, 0xDC00, 0xD800, 0x61, 0xD800];
        let mut lone = lone_surrogates(&units);
        let got: Vec<bool> = (0..units.len()).map(&mut lone).collect();
        assert_eq!(got, [false, false, true, true, false, true]);
    }
}
