//! Joining WTF-8 strings (WTF-8 spec §6.5).
//!
//! Plain byte concatenation is wrong for WTF-8: when one part ends with a lead surrogate sequence
//! and the next starts with a trail surrogate sequence, the result would hold a surrogate pair
//! spelled as two 3-byte sequences, which is not well-formed. These functions re-pair them into
//! the one 4-byte sequence, so that joining the encodings of two strings gives the encoding of
//! the joined string.

use crate::grammar::{combine, write_sequence};
use alloc::vec::Vec;

/// Appends the WTF-8 string `src` to the WTF-8 string `dst`, re-pairing a lead surrogate at the
/// end of `dst` with a trail surrogate at the start of `src`.
///
/// Lossless. If both are well-formed WTF-8 the result is well-formed WTF-8, and
/// `append_wtf8(encode(a), encode(b))` equals `encode(a + b)` for all code unit sequences `a`
/// and `b`. Ill-formed input is appended as it is (apart from that re-pairing); validate first
/// with [`validate_wtf8`](crate::validate_wtf8) if the parts are untrusted.
///
/// ```
/// use wtf8_wasm::{append_wtf8, convert_utf16_to_wtf8};
/// let mut joined = convert_utf16_to_wtf8(&[0x61, 0xD83D]); // "a" + lone lead
/// append_wtf8(&mut joined, &convert_utf16_to_wtf8(&[0xDE00])); // lone trail
/// assert_eq!(joined, "a😀".as_bytes());
/// ```
///
/// Complexity: O(src.len()) amortised.
pub fn append_wtf8(dst: &mut Vec<u8>, src: &[u8]) {
    if let Some(seq) = joined_pair(dst, src) {
        dst.truncate(dst.len() - 3);
        dst.reserve(src.len() + 1);
        dst.extend_from_slice(&seq);
        dst.extend_from_slice(&src[3..]);
    } else {
        dst.extend_from_slice(src);
    }
}

/// [`append_wtf8`] into a caller's buffer: `buf[..len]` holds the first WTF-8 string, `src` is
/// appended after it with the same re-pairing, and the new length is returned (`len + src.len()`,
/// or 2 less when a lead and a trail became one 4-byte sequence). No allocation.
///
/// # Panics
/// If `buf` is shorter than `len + src.len()`.
///
/// ```
/// let mut buf = [0u8; 8];
/// buf[..4].copy_from_slice(b"x\xED\xA0\xBD"); // "x" + a lone lead
/// let len = wtf8_wasm::append_wtf8_into(&mut buf, 4, b"\xED\xB8\x80"); // + a lone trail
/// assert_eq!(&buf[..len], "x😀".as_bytes());
/// ```
///
/// Complexity: O(src.len()).
pub fn append_wtf8_into(buf: &mut [u8], len: usize, src: &[u8]) -> usize {
    match joined_pair(&buf[..len], src) {
        Some(seq) => {
            buf[len - 3..len + 1].copy_from_slice(&seq);
            buf[len + 1..len + src.len() - 2].copy_from_slice(&src[3..]);
            len + src.len() - 2
        }
        None => {
            buf[len..len + src.len()].copy_from_slice(src);
            len + src.len()
        }
    }
}

/// The 4-byte sequence that replaces a lead surrogate sequence at the end of `dst` and a trail
/// surrogate sequence at the start of `src`, if they are there: the re-pairing rule.
fn joined_pair(dst: &[u8], src: &[u8]) -> Option<[u8; 4]> {
    let n = dst.len();
    let ends_with_lead = n >= 3 && dst[n - 3] == 0xED && (0xA0..=0xAF).contains(&dst[n - 2]);
    let starts_with_trail = src.len() >= 3 && src[0] == 0xED && (0xB0..=0xBF).contains(&src[1]);
    if !(ends_with_lead && starts_with_trail) {
        return None;
    }
    let mut seq = [0u8; 4];
    write_sequence(
        combine(decode3(&dst[n - 3..]), decode3(&src[..3])),
        &mut seq,
    );
    Some(seq)
}

/// Joins WTF-8 strings with [`append_wtf8`]'s re-pairing rule and returns the result.
///
/// ```
/// let parts: [&[u8]; 3] = [b"x\xED\xA0\xBD", b"\xED\xB8\x80", b"y"];
/// assert_eq!(wtf8_wasm::concat_wtf8(parts), "x😀y".as_bytes());
/// ```
///
/// Complexity: O(total length).
pub fn concat_wtf8<'a, I>(parts: I) -> Vec<u8>
where
    I: IntoIterator<Item = &'a [u8]>,
{
    let mut out = Vec::new();
    for part in parts {
        append_wtf8(&mut out, part);
    }
    out
}

/// The surrogate code point of a 3-byte sequence ED xx xx.
fn decode3(seq: &[u8]) -> u32 {
    (u32::from(seq[0] & 0x0F) << 12) | (u32::from(seq[1] & 0x3F) << 6) | u32::from(seq[2] & 0x3F)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert_utf16_to_wtf8 as enc;

    #[test]
    fn joining_encodings_equals_encoding_the_join_for_all_boundary_units() {
        let alphabet = [0x41u16, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE9];
        for &a in &alphabet {
            for &b in &alphabet {
                for &c in &alphabet {
                    let mut joined = enc(&[a, b]);
                    append_wtf8(&mut joined, &enc(&[c]));
                    assert_eq!(joined, enc(&[a, b, c]), "{a:04X} {b:04X} | {c:04X}");
                    let mut joined = enc(&[a]);
                    append_wtf8(&mut joined, &enc(&[b, c]));
                    assert_eq!(joined, enc(&[a, b, c]), "{a:04X} | {b:04X} {c:04X}");
                    let (first, second) = (enc(&[a, b]), enc(&[c]));
                    let mut buf = [0u8; 12];
                    buf[..first.len()].copy_from_slice(&first);
                    let len = append_wtf8_into(&mut buf, first.len(), &second);
                    assert_eq!(
                        buf[..len],
                        enc(&[a, b, c]),
                        "{a:04X} {b:04X} | {c:04X} (into)"
                    );
                }
            }
        }
    }
}
