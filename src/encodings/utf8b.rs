//! UTF-8B: Python's `surrogateescape` error handler (PEP 383), which carries arbitrary bytes
//! through a string.
//!
//! Decoding never fails: valid UTF-8 decodes normally, and each byte 0x80..=0xFF that is not
//! part of a valid UTF-8 sequence becomes the lone trail surrogate U+DC00 + byte
//! (U+DC80..=U+DCFF). Encoding turns those surrogates back into their bytes, so
//! `convert_utf16_to_utf8b(&convert_utf8b_to_utf16(b)) == Ok(b)` for every byte string `b`.

use crate::error::LoneSurrogateError;
use crate::grammar::{is_surrogate, write_sequence, Seq};
use alloc::vec::Vec;

use super::engine::{decode_to_utf16, lenient, read_sequence, CodePoints, Step};

/// Decodes arbitrary bytes as UTF-8, turning each byte that is not part of a valid UTF-8
/// sequence into the lone surrogate U+DC00 + byte; never fails.
///
/// Equal to Python's `src.decode("utf-8", "surrogateescape")`, read as UTF-16 code units. Valid
/// UTF-8 (Unicode Table 3-7: no surrogates, no overlongs, nothing above U+10FFFF) decodes
/// normally. Every other byte is escaped *on its own*: for E2 82 41 Python's decoder reports the
/// maximal subpart E2 82 as one error, but the handler escapes each of its bytes, giving
/// U+DCE2 U+DC82 "A". A surrogate sequence such as ED A0 80 is three escaped bytes. Bytes below
/// 0x80 are always valid, so only U+DC80..=U+DCFF are produced.
///
/// The inverse is [`convert_utf16_to_utf8b`]: the round trip from bytes is lossless. It is *not*
/// lossless from strings: a string that already held U+DC80..=U+DCFF before encoding is
/// ambiguous — `[0xDCC3, 0xDCA9]` encodes to C3 A9, which decodes to "é". At most one code unit
/// per input byte.
///
/// ```
/// use wtf8_wasm::encodings::convert_utf8b_to_utf16;
/// assert_eq!(convert_utf8b_to_utf16(b"\xE2\x82\x41\xFF"), [0xDCE2, 0xDC82, 0x41, 0xDCFF]);
/// assert_eq!(convert_utf8b_to_utf16("é".as_bytes()), [0xE9]);
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf8b_to_utf16(src: &[u8]) -> Vec<u16> {
    lenient(decode_to_utf16(src, 0, false, src.len(), step))
}

/// Encodes UTF-16 code units as UTF-8, turning each lone surrogate U+DC80..=U+DCFF back into the
/// single byte 0x80..=0xFF it escapes.
///
/// Equal to Python's `s.encode("utf-8", "surrogateescape")`, except that the input is UTF-16
/// code units: a lead surrogate directly followed by a trail surrogate (even one in
/// U+DC80..=U+DCFF) is one supplementary code point, written as 4 bytes of UTF-8, as everywhere
/// in JavaScript. The inverse of [`convert_utf8b_to_utf16`] (see its caveat). Allocates at most
/// 3 bytes per code unit.
///
/// # Errors
/// A [`LoneSurrogateError`] naming the unit index of the first lone surrogate outside
/// U+DC80..=U+DCFF (Python: `UnicodeEncodeError`, "surrogates not allowed").
///
/// ```
/// use wtf8_wasm::encodings::convert_utf16_to_utf8b;
/// assert_eq!(convert_utf16_to_utf8b(&[0xDCE2, 0xDC82, 0x41]).unwrap(), b"\xE2\x82\x41");
/// assert_eq!(convert_utf16_to_utf8b(&[0x61, 0xDC7F]).unwrap_err().index(), 1);
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf16_to_utf8b(src: &[u16]) -> Result<Vec<u8>, LoneSurrogateError> {
    let mut out = Vec::with_capacity(src.len());
    let mut buf = [0u8; 4];
    for (index, value) in CodePoints::new(src) {
        if (0xDC80..=0xDCFF).contains(&value) {
            out.push((value - 0xDC00) as u8);
        } else if is_surrogate(value) {
            return Err(LoneSurrogateError {
                index,
                unit: value as u16,
            });
        } else {
            let n = write_sequence(value, &mut buf);
            out.extend_from_slice(&buf[..n]);
        }
    }
    Ok(out)
}

/// One UTF-8B step at `src[i]`: a valid UTF-8 sequence, or one escaped byte. It reads at most
/// [`LOOKAHEAD`] bytes.
pub(super) fn step(src: &[u8], i: usize) -> Step {
    match read_sequence(&src[i..]) {
        Seq::Valid { code_point, len } if !is_surrogate(code_point) => {
            Step::Char(code_point, usize::from(len))
        }
        _ => Step::Char(0xDC00 + u32::from(src[i]), 1),
    }
}

/// The most bytes [`step`] reads (a 4-byte UTF-8 sequence).
pub(super) const LOOKAHEAD: usize = 4;
