//! Java's Modified UTF-8 (JVM specification §4.4.7, `java.io.DataOutput.writeUTF`): CESU-8 with
//! U+0000 written as C0 80 and lone surrogates allowed, plus the `writeUTF` frame.
//!
//! Every UTF-16 code unit is written on its own as 1 to 3 bytes, so any sequence of code units —
//! lone surrogates included — converts losslessly, and the output never contains a 0x00 byte.
//! Decoding rejects a raw 00 byte, 4-byte forms, and overlongs other than C0 80.

use crate::error::{DecodeError, ErrorCode};
use crate::grammar::{is_continuation, Seq};
use alloc::{vec, vec::Vec};

use super::cesu8::{encode_units, four_byte_form, unit_len, write_unit};
use super::engine::{decode, decode_to_utf16, lenient, read_sequence, Step};
use super::EncodeError;

/// The largest body a `writeUTF` frame can hold: its length prefix is an unsigned 16-bit
/// number.
///
/// ```
/// use wtf8_wasm::encodings::{convert_utf16_to_mutf8_frame, MUTF8_FRAME_MAX_BODY};
/// let frame = convert_utf16_to_mutf8_frame(&vec![0x61; MUTF8_FRAME_MAX_BODY]).unwrap();
/// assert_eq!(frame.len(), 2 + 65_535);
/// assert!(convert_utf16_to_mutf8_frame(&vec![0x61; MUTF8_FRAME_MAX_BODY + 1]).is_err());
/// ```
pub const MUTF8_FRAME_MAX_BODY: usize = 65_535;

/// Encodes UTF-16 code units as Java's Modified UTF-8. Lossless, never fails.
///
/// Each code unit is written on its own: U+0000 as C0 80, U+0001..U+007F as 1 byte, up to
/// U+07FF as 2, every other unit (surrogates included, paired or not) as 3. The output never
/// contains 0x00. It is the body of what `DataOutputStream.writeUTF` writes
/// ([`convert_utf16_to_mutf8_frame`] adds the length prefix). The inverse is
/// [`convert_mutf8_to_utf16`]. Allocates exactly [`mutf8_len_from_utf16`] bytes (at most 3 per
/// code unit).
///
/// ```
/// use wtf8_wasm::encodings::convert_utf16_to_mutf8;
/// assert_eq!(convert_utf16_to_mutf8(&[0x00, 0x61, 0xD83D]), b"\xC0\x80a\xED\xA0\xBD");
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf16_to_mutf8(src: &[u16]) -> Vec<u8> {
    encode_units(src, true, |_| false)
}

/// The exact length in bytes of the Modified UTF-8 encoding of `src`: 2 for U+0000, 1 for
/// U+0001..U+007F, 2 up to U+07FF, 3 for every other code unit. This is the number that
/// `writeUTF` puts in its length prefix.
///
/// ```
/// use wtf8_wasm::encodings::mutf8_len_from_utf16;
/// assert_eq!(mutf8_len_from_utf16(&[0x00, 0x61, 0xD83D, 0xDE00]), 2 + 1 + 3 + 3);
/// ```
///
/// Complexity: O(n), no allocation.
pub fn mutf8_len_from_utf16(src: &[u16]) -> usize {
    src.iter().map(|&u| unit_len(u, true)).sum()
}

/// Decodes Java's Modified UTF-8 to UTF-16 code units. Lossless: the inverse of
/// [`convert_utf16_to_mutf8`].
///
/// Accepts C0 80 (U+0000), 01..7F, C2..DF 80..BF, E0 A0..BF 80..BF and E1..EF 80..BF 80..BF —
/// every 3-byte surrogate sequence included, each decoding to its own unit (so a lead sequence
/// followed by a trail sequence gives the pair). At most one code unit per input byte.
///
/// This is stricter than Java's own `DataInputStream.readUTF`, which also accepts a raw 00 byte
/// and overlong forms; Java never writes those.
///
/// # Errors
/// A [`DecodeError`] at the byte offset where the well-formed prefix ends:
/// [`ErrorCode::NulByte`] (length 1) for a raw 00; [`ErrorCode::FourByteForm`] for a lead byte
/// F0..F4 (length: that of the UTF-8 sequence or maximal subpart it starts);
/// [`ErrorCode::Overlong`] (length 1) for C1, for C0 followed by a continuation byte other than
/// 80, and for E0 80..9F; and the UTF-8 codes `INVALID_BYTE` (F5..FF),
/// `UNEXPECTED_CONTINUATION`, `MISSING_CONTINUATION` and `TRUNCATED` (length `None`).
///
/// ```
/// use wtf8_wasm::{encodings::convert_mutf8_to_utf16, ErrorCode};
/// assert_eq!(convert_mutf8_to_utf16(b"\xC0\x80\xED\xB8\x80"), Ok(vec![0x00, 0xDE00]));
/// let err = convert_mutf8_to_utf16(b"a\x00").unwrap_err();
/// assert_eq!((err.code(), err.valid_up_to(), err.error_len()), (ErrorCode::NulByte, 1, Some(1)));
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_mutf8_to_utf16(src: &[u8]) -> Result<Vec<u16>, DecodeError> {
    decode_to_utf16(src, 0, true, src.len(), step)
}

/// Decodes Java's Modified UTF-8 to UTF-16 code units, writing one U+FFFD for each error of
/// [`convert_mutf8_to_utf16`]; never fails.
///
/// Each error's bytes (a raw 00, a whole 4-byte form, a maximal subpart, or an unfinished tail)
/// become one U+FFFD and decoding resumes after them.
///
/// ```
/// use wtf8_wasm::encodings::convert_mutf8_to_utf16_lossy;
/// assert_eq!(convert_mutf8_to_utf16_lossy(b"\x00\xF0\x9F\x98\x80\xED\xA0\x80"), [0xFFFD, 0xFFFD, 0xD800]);
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_mutf8_to_utf16_lossy(src: &[u8]) -> Vec<u16> {
    lenient(decode_to_utf16(src, 0, false, src.len(), step))
}

/// Encodes UTF-16 code units as a `DataOutput.writeUTF` frame: a 2-byte big-endian length,
/// then the Modified UTF-8 body ([`convert_utf16_to_mutf8`]).
///
/// Byte-identical to what Java's `DataOutputStream.writeUTF(s)` writes. Lossless; the inverse
/// is [`convert_mutf8_frame_to_utf16`]. Allocates `2 + mutf8_len_from_utf16(src)` bytes.
///
/// # Errors
/// [`ErrorCode::TooLong`] when the body would exceed [`MUTF8_FRAME_MAX_BODY`] (65,535) bytes;
/// the [`EncodeError`]'s index is that of the first code unit that no longer fits. (Java throws
/// `UTFDataFormatException` then.)
///
/// ```
/// use wtf8_wasm::{encodings::convert_utf16_to_mutf8_frame, ErrorCode};
/// assert_eq!(convert_utf16_to_mutf8_frame(&[0x00, 0x61]).unwrap(), b"\x00\x03\xC0\x80a");
/// let err = convert_utf16_to_mutf8_frame(&vec![0x20AC; 21_846]).unwrap_err();
/// assert_eq!((err.code(), err.index()), (ErrorCode::TooLong, 21_845)); // 3 * 21_845 = 65_535
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf16_to_mutf8_frame(src: &[u16]) -> Result<Vec<u8>, EncodeError> {
    let mut out = vec![0; 2 + mutf8_len_from_utf16(src).min(MUTF8_FRAME_MAX_BODY)];
    let n = convert_utf16_to_mutf8_frame_into(src, &mut out)?;
    out.truncate(n);
    Ok(out)
}

/// [`convert_utf16_to_mutf8_frame`] into a caller's buffer: writes the frame at `dst[0..]` and
/// returns its length in bytes. No allocation.
///
/// `dst` needs room for the frame: `2 + mutf8_len_from_utf16(src)` bytes, never more than
/// `2 + MUTF8_FRAME_MAX_BODY` (65,537), since a longer body is an error. Only the first
/// `MUTF8_FRAME_MAX_BODY + 1` code units can matter: every code unit takes at least one byte,
/// so a longer `src` fails at the same index as its first 65,536 units do.
///
/// # Errors
/// As [`convert_utf16_to_mutf8_frame`]: [`ErrorCode::TooLong`] at the index of the first code
/// unit that does not fit; nothing is written then.
///
/// # Panics
/// If `dst` is shorter than the frame.
///
/// ```
/// use wtf8_wasm::encodings::convert_utf16_to_mutf8_frame_into;
/// let mut dst = [0u8; 8];
/// assert_eq!(convert_utf16_to_mutf8_frame_into(&[0x00, 0x61], &mut dst), Ok(5));
/// assert_eq!(&dst[..5], b"\x00\x03\xC0\x80a");
/// ```
///
/// Complexity: O(min(n, 65,536)).
pub fn convert_utf16_to_mutf8_frame_into(
    src: &[u16],
    dst: &mut [u8],
) -> Result<usize, EncodeError> {
    let mut len = 0;
    for (index, &unit) in src.iter().enumerate() {
        len += unit_len(unit, true);
        if len > MUTF8_FRAME_MAX_BODY {
            return Err(EncodeError::new(ErrorCode::TooLong, index, u32::from(unit)));
        }
    }
    dst[..2].copy_from_slice(&(len as u16).to_be_bytes());
    let mut n = 2;
    for &unit in src {
        n += write_unit(unit, true, &mut dst[n..]);
    }
    Ok(n)
}

/// Reads one `writeUTF` frame from the start of `src`: a 2-byte big-endian length, then that
/// many bytes of Modified UTF-8. Returns the code units and the number of bytes the frame took
/// (`2 + length`); bytes after the frame are not looked at.
///
/// The reader of Java's `DataInputStream.readUTF`, but with the body decoded strictly, as
/// [`convert_mutf8_to_utf16`] does. The inverse of [`convert_utf16_to_mutf8_frame`].
///
/// # Errors
/// - [`ErrorCode::Truncated`] at offset 0 with `error_len() == None` when `src` is shorter than
///   the frame (fewer than 2 bytes, or fewer than the length prefix announces) — Java's
///   `EOFException`. More input can complete it.
/// - The errors of [`convert_mutf8_to_utf16`] for the body, at their offset in `src` (2 + the
///   offset in the body). A body that ends inside a sequence is
///   [`ErrorCode::MissingContinuation`] with the length of the unfinished sequence: the frame is
///   complete, so no more input can finish it (Java: "partial character at end").
///
/// ```
/// use wtf8_wasm::{encodings::convert_mutf8_frame_to_utf16, ErrorCode};
/// assert_eq!(convert_mutf8_frame_to_utf16(b"\x00\x01ab"), Ok((vec![0x61], 3)));
/// let err = convert_mutf8_frame_to_utf16(b"\x00\x05abc").unwrap_err();
/// assert_eq!((err.code(), err.valid_up_to(), err.error_len()), (ErrorCode::Truncated, 0, None));
/// let err = convert_mutf8_frame_to_utf16(b"\x00\x02a\xC3").unwrap_err();
/// assert_eq!((err.code(), err.valid_up_to(), err.error_len()), (ErrorCode::MissingContinuation, 3, Some(1)));
/// ```
///
/// Complexity: O(length of the frame), one allocation.
pub fn convert_mutf8_frame_to_utf16(src: &[u8]) -> Result<(Vec<u16>, usize), DecodeError> {
    let body = src
        .get(..2)
        .map_or(0, |p| usize::from(u16::from_be_bytes([p[0], p[1]])));
    let mut units = vec![0; body.min(src.len())];
    let (n, end) = convert_mutf8_frame_to_utf16_into(src, &mut units)?;
    units.truncate(n);
    Ok((units, end))
}

/// [`convert_mutf8_frame_to_utf16`] into a caller's buffer: writes the frame's code units at
/// `dst[0..]` and returns their count and the number of bytes the frame took. No allocation.
///
/// `dst` needs room for one code unit per body byte: the frame's length prefix, at most
/// [`MUTF8_FRAME_MAX_BODY`] (65,535).
///
/// # Errors
/// As [`convert_mutf8_frame_to_utf16`].
///
/// # Panics
/// If `dst` is shorter than the decoded body.
///
/// ```
/// use wtf8_wasm::encodings::convert_mutf8_frame_to_utf16_into;
/// let mut dst = [0u16; 4];
/// assert_eq!(convert_mutf8_frame_to_utf16_into(b"\x00\x02\xC0\x80a", &mut dst), Ok((1, 4)));
/// assert_eq!(dst[0], 0);
/// ```
///
/// Complexity: O(length of the frame).
pub fn convert_mutf8_frame_to_utf16_into(
    src: &[u8],
    dst: &mut [u16],
) -> Result<(usize, usize), DecodeError> {
    let truncated = DecodeError::new(ErrorCode::Truncated, 0, None);
    let [hi, lo, ..] = *src else {
        return Err(truncated);
    };
    let end = 2 + usize::from(u16::from_be_bytes([hi, lo]));
    let frame = src.get(..end).ok_or(truncated)?;
    let frame_step = |src: &[u8], i: usize| match step(src, i) {
        Step::Error(ErrorCode::Truncated, None) => {
            Step::Error(ErrorCode::MissingContinuation, Some(src.len() - i))
        }
        other => other,
    };
    let mut n = 0;
    decode(frame, 2, true, frame_step, |value| {
        // Modified UTF-8 decodes to code units: every value is below U+10000.
        dst[n] = value as u16;
        n += 1;
    })?;
    Ok((n, end))
}

/// One Modified UTF-8 step at `src[i]`. It reads at most [`LOOKAHEAD`] bytes.
pub(super) fn step(src: &[u8], i: usize) -> Step {
    let rest = &src[i..];
    match rest[0] {
        0x00 => Step::Error(ErrorCode::NulByte, Some(1)),
        0xC0 => match rest.get(1) {
            None => Step::Error(ErrorCode::Truncated, None),
            Some(0x80) => Step::Char(0, 2),
            Some(&b) if is_continuation(b) => Step::Error(ErrorCode::Overlong, Some(1)),
            Some(_) => Step::Error(ErrorCode::MissingContinuation, Some(1)),
        },
        0xF0..=0xF4 => four_byte_form(rest),
        _ => match read_sequence(rest) {
            Seq::Valid { code_point, len } => Step::Char(code_point, usize::from(len)),
            Seq::Invalid { code, len } => Step::Error(code, Some(usize::from(len))),
            Seq::Truncated => Step::Error(ErrorCode::Truncated, None),
        },
    }
}

/// The most bytes [`step`] reads (a 4-byte form).
pub(super) const LOOKAHEAD: usize = 4;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_limit_is_exact() {
        let fits = vec![0x61u16; MUTF8_FRAME_MAX_BODY];
        let frame = convert_utf16_to_mutf8_frame(&fits).unwrap();
        assert_eq!(&frame[..2], b"\xFF\xFF");
        assert_eq!(
            convert_mutf8_frame_to_utf16(&frame),
            Ok((fits, 2 + MUTF8_FRAME_MAX_BODY))
        );
        let mut too_long = vec![0x61u16; MUTF8_FRAME_MAX_BODY - 1];
        too_long.push(0);
        let err = convert_utf16_to_mutf8_frame(&too_long).unwrap_err();
        assert_eq!(
            (err.code(), err.index(), err.value()),
            (ErrorCode::TooLong, MUTF8_FRAME_MAX_BODY - 1, 0)
        );
    }
}
