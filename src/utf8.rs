//! Export to UTF-8, for the boundary to the outside world: lossy (U+FFFD per lone surrogate,
//! byte-identical to `TextEncoder` and Node's `Buffer.from(s, "utf8")`) or strict (an error
//! that says where), from UTF-16 code units or from WTF-8 (WTF-8 spec §6.4).

use crate::encode::encode_units;
use crate::error::{DecodeError, LoneSurrogateError};
use crate::grammar::{
    combine, is_lead, is_trail, read_sequence, write_sequence, Seq, REPLACEMENT_UTF8,
};
use crate::validate::{validate_utf16, validate_utf8, validate_wtf8};
use crate::wtf8_len_from_utf16;
use alloc::{vec, vec::Vec};

/// Converts UTF-16 code units to UTF-8, replacing each lone surrogate with U+FFFD (EF BF BD).
/// Never fails; lossy exactly where the input holds lone surrogates.
///
/// Byte-identical to `new TextEncoder().encode(s)` and `Buffer.from(s, "utf8")`, and to
/// `String::from_utf16_lossy(src).into_bytes()`. Always the same length as the WTF-8 encoding,
/// [`wtf8_len_from_utf16`](crate::wtf8_len_from_utf16) bytes. It equals
/// [`convert_wtf8_to_utf8_lossy`] applied to [`convert_utf16_to_wtf8`](crate::convert_utf16_to_wtf8)`(src)`.
///
/// ```
/// use wtf8_wasm::convert_utf16_to_utf8_lossy;
/// assert_eq!(convert_utf16_to_utf8_lossy(&[0x61, 0xD83D, 0x62]), b"a\xEF\xBF\xBDb");
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf16_to_utf8_lossy(src: &[u16]) -> Vec<u8> {
    let mut dst = vec![0u8; wtf8_len_from_utf16(src)];
    let (read, written) = encode_units::<true>(src, &mut dst);
    debug_assert_eq!((read, written), (src.len(), dst.len()));
    dst
}

/// Converts as much of `src` as fits into `dst` as lossy UTF-8 and returns
/// `(units read, bytes written)`: exactly the contract and output of the web platform's
/// `TextEncoder.encodeInto` (whole sequences only, never splits a pair, lone surrogate → EF BF BD).
///
/// ```
/// let mut buf = [0u8; 4];
/// assert_eq!(wtf8_wasm::convert_utf16_to_utf8_lossy_partial(&[0xDC00, 0x20AC], &mut buf), (1, 3));
/// assert_eq!(&buf[..3], b"\xEF\xBF\xBD");
/// ```
///
/// Complexity: O(read).
pub fn convert_utf16_to_utf8_lossy_partial(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    encode_units::<true>(src, dst)
}

/// Converts well-formed UTF-16 code units to UTF-8. Lossless; the inverse of
/// `str::encode_utf16`.
///
/// # Errors
/// A [`LoneSurrogateError`] naming the code unit index of the first lone surrogate. Nothing is
/// written.
///
/// ```
/// use wtf8_wasm::convert_utf16_to_utf8;
/// assert_eq!(convert_utf16_to_utf8(&[0xD83D, 0xDE00]).unwrap(), "😀".as_bytes());
/// assert_eq!(convert_utf16_to_utf8(&[0x61, 0x62, 0xDE00]).unwrap_err().index(), 2);
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf16_to_utf8(src: &[u16]) -> Result<Vec<u8>, LoneSurrogateError> {
    validate_utf16(src)?;
    Ok(crate::convert_utf16_to_wtf8(src))
}

/// Converts well-formed WTF-8 to UTF-8 in place, replacing each surrogate byte sequence
/// (ED A0..BF xx) with EF BF BD — the same length, so nothing moves (WTF-8 spec §6.4).
///
/// Lossy exactly where the input holds (lone) surrogates. Afterwards the buffer is well-formed
/// UTF-8.
///
/// # Errors
/// If `buf` is not well-formed WTF-8, the [`DecodeError`] of [`validate_wtf8`](crate::validate_wtf8),
/// and the buffer is left unchanged. (For arbitrary bytes use [`convert_wtf8_to_utf8_lossy`].)
///
/// ```
/// let mut buf = *b"a\xED\xA0\xBDb";
/// wtf8_wasm::convert_wtf8_to_utf8_lossy_in_place(&mut buf).unwrap();
/// assert_eq!(&buf, b"a\xEF\xBF\xBDb");
/// ```
///
/// Complexity: O(n), no allocation.
pub fn convert_wtf8_to_utf8_lossy_in_place(buf: &mut [u8]) -> Result<(), DecodeError> {
    validate_wtf8(buf)?;
    // In well-formed input, ED is always the lead byte of a 3-byte sequence.
    let mut i = 0;
    while i + 2 < buf.len() {
        if buf[i] == 0xED && buf[i + 1] >= 0xA0 {
            buf[i..i + 3].copy_from_slice(&REPLACEMENT_UTF8);
            i += 3;
        } else {
            i += 1;
        }
    }
    Ok(())
}

/// Converts any bytes, read as WTF-8, to well-formed UTF-8; never fails.
///
/// Each lone surrogate sequence and each maximal ill-formed subpart becomes EF BF BD; a surrogate
/// pair spelled as two 3-byte sequences becomes the 4-byte sequence of its code point. The result
/// always equals `toUtf8(decode(src))`: [`convert_utf16_to_utf8_lossy`] of
/// [`convert_wtf8_to_utf16_lossy`](crate::convert_wtf8_to_utf16_lossy)`(src)`. For well-formed
/// WTF-8 it equals [`convert_wtf8_to_utf8_lossy_in_place`]. At most 3 output bytes per input byte.
///
/// ```
/// use wtf8_wasm::convert_wtf8_to_utf8_lossy;
/// assert_eq!(convert_wtf8_to_utf8_lossy(b"a\xED\xA0\xBD\xFF"), b"a\xEF\xBF\xBD\xEF\xBF\xBD");
/// assert_eq!(convert_wtf8_to_utf8_lossy(b"\xED\xA0\xBD\xED\xB8\x80"), "😀".as_bytes());
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_wtf8_to_utf8_lossy(src: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(src.len());
    wtf8_to_utf8_lossy(src, |bytes| out.extend_from_slice(bytes));
    out
}

/// [`convert_wtf8_to_utf8_lossy`] into a caller's buffer, which must hold at least
/// `3 * src.len()` bytes: writes the UTF-8 at its start and returns its length. No allocation.
///
/// # Panics
/// If `dst` is too short for the output.
///
/// ```
/// let mut buf = [0u8; 12];
/// let n = wtf8_wasm::convert_wtf8_to_utf8_lossy_into(b"a\xED\xA0\xBD\xFF", &mut buf);
/// assert_eq!(&buf[..n], b"a\xEF\xBF\xBD\xEF\xBF\xBD");
/// ```
///
/// Complexity: O(n), no allocation.
pub fn convert_wtf8_to_utf8_lossy_into(src: &[u8], dst: &mut [u8]) -> usize {
    let mut written = 0;
    wtf8_to_utf8_lossy(src, |bytes| {
        dst[written..written + bytes.len()].copy_from_slice(bytes);
        written += bytes.len();
    });
    written
}

/// The conversion behind [`convert_wtf8_to_utf8_lossy`], handing each run of output bytes to `out`.
#[inline]
fn wtf8_to_utf8_lossy(src: &[u8], mut out: impl FnMut(&[u8])) {
    let mut pending_lead: Option<u32> = None;
    let mut i = 0;
    while i < src.len() {
        if src[i] < 0x80 {
            if pending_lead.take().is_some() {
                out(&REPLACEMENT_UTF8);
            }
            let start = i;
            while i < src.len() && src[i] < 0x80 {
                i += 1;
            }
            out(&src[start..i]);
            continue;
        }
        match read_sequence(&src[i..]) {
            Seq::Valid { code_point, len } => {
                if is_trail(code_point) && pending_lead.is_some() {
                    let lead = pending_lead.take().unwrap_or_default();
                    let mut seq = [0u8; 4];
                    let n = write_sequence(combine(lead, code_point), &mut seq);
                    out(&seq[..n]);
                } else {
                    if pending_lead.take().is_some() {
                        out(&REPLACEMENT_UTF8);
                    }
                    if is_lead(code_point) {
                        pending_lead = Some(code_point);
                    } else if is_trail(code_point) {
                        out(&REPLACEMENT_UTF8);
                    } else {
                        out(&src[i..i + usize::from(len)]);
                    }
                }
                i += usize::from(len);
            }
            Seq::Invalid { len, .. } => {
                if pending_lead.take().is_some() {
                    out(&REPLACEMENT_UTF8);
                }
                out(&REPLACEMENT_UTF8);
                i += usize::from(len);
            }
            Seq::Truncated => {
                if pending_lead.take().is_some() {
                    out(&REPLACEMENT_UTF8);
                }
                out(&REPLACEMENT_UTF8);
                i = src.len();
            }
        }
    }
    if pending_lead.is_some() {
        out(&REPLACEMENT_UTF8);
    }
}

/// Checks that WTF-8 input is UTF-8 and returns it as a `&str`: the strict WTF-8 → UTF-8
/// conversion. Lossless (no bytes change); nothing is copied.
///
/// # Errors
/// The [`DecodeError`] of [`validate_utf8`](crate::validate_utf8): for a surrogate byte
/// sequence, [`ErrorCode::Surrogate`](crate::ErrorCode::Surrogate) at its byte offset.
///
/// ```
/// use wtf8_wasm::{convert_wtf8_to_utf8, ErrorCode};
/// assert_eq!(convert_wtf8_to_utf8(b"ok"), Ok("ok"));
/// let err = convert_wtf8_to_utf8(b"ok\xED\xB0\x80").unwrap_err();
/// assert_eq!((err.code(), err.valid_up_to()), (ErrorCode::Surrogate, 2));
/// ```
///
/// Complexity: O(n), no allocation.
pub fn convert_wtf8_to_utf8(src: &[u8]) -> Result<&str, DecodeError> {
    validate_utf8(src)?;
    // Validated just above; `from_utf8` cannot fail here.
    Ok(core::str::from_utf8(src).unwrap_or_default())
}
