//! UTF-32LE and UTF-32BE: one 32-bit value per code point.
//!
//! A surrogate pair becomes one supplementary value. Lone surrogates are not Unicode scalar
//! values, so strict encoding rejects them and strict decoding rejects the values
//! 0xD800..=0xDFFF — unless [`Surrogates::Pass`] is given, which writes and reads each lone
//! surrogate as its own value (Python's `surrogatepass` error handler).

use crate::error::{DecodeError, ErrorCode, LoneSurrogateError};
use crate::grammar::is_surrogate;
use alloc::vec::Vec;

use super::engine::{decode_to_utf16, lenient, CodePoints, Step, REPLACEMENT};
use super::ByteOrder;

/// What a UTF-32 codec does with surrogate values (0xD800..=0xDFFF).
///
/// ```
/// use wtf8_wasm::encodings::{convert_utf16_to_utf32le, Surrogates};
/// assert!(convert_utf16_to_utf32le(&[0xD800], false, Surrogates::Reject).is_err());
/// assert_eq!(convert_utf16_to_utf32le(&[0xD800], false, Surrogates::Pass).unwrap(), b"\x00\xD8\x00\x00");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Surrogates {
    /// Strict Unicode: a lone surrogate in a string, or a surrogate value in bytes, is an error
    /// (or U+FFFD in lossy functions).
    Reject,
    /// Python's `surrogatepass`: a lone surrogate unit is written as its own value, and a
    /// surrogate value decodes to that one unit. This makes encoding lossless for every string.
    Pass,
}

/// Encodes UTF-16 code units as UTF-32LE, optionally after a byte order mark (FF FE 00 00).
///
/// A surrogate pair becomes one supplementary value. With [`Surrogates::Pass`] a lone surrogate
/// is written as its own value and the conversion is lossless and never fails; the inverse is
/// [`convert_utf32le_to_utf16`] with the same option. Allocates 4 bytes per code point (at most
/// `4 * src.len()`), plus 4 for the BOM.
///
/// # Errors
/// With [`Surrogates::Reject`], a [`LoneSurrogateError`] naming the unit index of the first lone
/// surrogate.
///
/// ```
/// use wtf8_wasm::encodings::{convert_utf16_to_utf32le, Surrogates};
/// let bytes = convert_utf16_to_utf32le(&[0xD83D, 0xDE00], false, Surrogates::Reject).unwrap();
/// assert_eq!(bytes, b"\x00\xF6\x01\x00"); // U+1F600
/// let err = convert_utf16_to_utf32le(&[0x61, 0xDE00], true, Surrogates::Reject).unwrap_err();
/// assert_eq!(err.index(), 1);
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf16_to_utf32le(
    src: &[u16],
    bom: bool,
    surrogates: Surrogates,
) -> Result<Vec<u8>, LoneSurrogateError> {
    encode(src, bom, surrogates, false, u32::to_le_bytes)
}

/// Encodes UTF-16 code units as UTF-32BE, optionally after a byte order mark (00 00 FE FF).
///
/// The big-endian twin of [`convert_utf16_to_utf32le`], with the same contract; the inverse is
/// [`convert_utf32be_to_utf16`] (or [`convert_utf32bom_to_utf16`]).
///
/// # Errors
/// With [`Surrogates::Reject`], a [`LoneSurrogateError`] naming the unit index of the first lone
/// surrogate.
///
/// ```
/// use wtf8_wasm::encodings::{convert_utf16_to_utf32be, Surrogates};
/// let bytes = convert_utf16_to_utf32be(&[0xDC00], true, Surrogates::Pass).unwrap();
/// assert_eq!(bytes, b"\x00\x00\xFE\xFF\x00\x00\xDC\x00");
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf16_to_utf32be(
    src: &[u16],
    bom: bool,
    surrogates: Surrogates,
) -> Result<Vec<u8>, LoneSurrogateError> {
    encode(src, bom, surrogates, false, u32::to_be_bytes)
}

/// Encodes UTF-16 code units as UTF-32LE, writing U+FFFD for each lone surrogate; never fails.
///
/// Lossy exactly where the input holds lone surrogates (one U+FFFD per lone unit, as
/// `TextEncoder` counts them). Allocates as [`convert_utf16_to_utf32le`].
///
/// ```
/// use wtf8_wasm::encodings::convert_utf16_to_utf32le_lossy;
/// assert_eq!(convert_utf16_to_utf32le_lossy(&[0xD800, 0x61], false), b"\xFD\xFF\x00\x00a\x00\x00\x00");
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf16_to_utf32le_lossy(src: &[u16], bom: bool) -> Vec<u8> {
    let result = encode(src, bom, Surrogates::Reject, true, u32::to_le_bytes);
    result.unwrap_or_else(|_| unreachable!("the lossy encoder never fails"))
}

/// Encodes UTF-16 code units as UTF-32BE, writing U+FFFD for each lone surrogate; never fails.
///
/// The big-endian twin of [`convert_utf16_to_utf32le_lossy`].
///
/// ```
/// use wtf8_wasm::encodings::convert_utf16_to_utf32be_lossy;
/// assert_eq!(convert_utf16_to_utf32be_lossy(&[0xDFFF], false), b"\x00\x00\xFF\xFD");
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf16_to_utf32be_lossy(src: &[u16], bom: bool) -> Vec<u8> {
    let result = encode(src, bom, Surrogates::Reject, true, u32::to_be_bytes);
    result.unwrap_or_else(|_| unreachable!("the lossy encoder never fails"))
}

/// Decodes UTF-32LE bytes to UTF-16 code units. A leading FF FE 00 00 is data (U+FEFF).
///
/// Each value becomes one code unit, or a surrogate pair above U+FFFF. With
/// [`Surrogates::Pass`], a surrogate value becomes that one unit (so a lead value directly
/// followed by a trail value gives two units that JavaScript reads as one pair, exactly as
/// Python's `surrogatepass` does). The inverse of [`convert_utf16_to_utf32le`] without a BOM.
/// Allocates at most `src.len() / 2` units.
///
/// # Errors
/// A [`DecodeError`] at the byte offset of the first bad value: [`ErrorCode::TooLarge`] above
/// 0x10FFFF, [`ErrorCode::Surrogate`] for 0xD800..=0xDFFF (with [`Surrogates::Reject`]), both
/// with `error_len() == Some(4)`; [`ErrorCode::Truncated`] with `error_len() == None` when the
/// length is not a multiple of 4 (the offset is that of the incomplete last value).
///
/// ```
/// use wtf8_wasm::{encodings::{convert_utf32le_to_utf16, Surrogates}, ErrorCode};
/// assert_eq!(convert_utf32le_to_utf16(b"\x00\xF6\x01\x00", Surrogates::Reject), Ok(vec![0xD83D, 0xDE00]));
/// let err = convert_utf32le_to_utf16(b"a\x00\x00\x00\x00\x00\x11\x00", Surrogates::Pass).unwrap_err();
/// assert_eq!((err.code(), err.valid_up_to()), (ErrorCode::TooLarge, 4));
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf32le_to_utf16(
    src: &[u8],
    surrogates: Surrogates,
) -> Result<Vec<u16>, DecodeError> {
    decode(src, 0, true, surrogates, u32::from_le_bytes)
}

/// Decodes UTF-32LE bytes to UTF-16 code units, writing one U+FFFD for each bad value and for
/// an incomplete last value; never fails.
///
/// The errors of [`convert_utf32le_to_utf16`] each become one U+FFFD. Equal to Python's
/// `bytes.decode("utf-32-le", "replace")` with [`Surrogates::Reject`].
///
/// ```
/// use wtf8_wasm::encodings::{convert_utf32le_to_utf16_lossy, Surrogates};
/// let bytes = b"\x00\xD8\x00\x00a\x00";
/// assert_eq!(convert_utf32le_to_utf16_lossy(bytes, Surrogates::Reject), [0xFFFD, 0xFFFD]);
/// assert_eq!(convert_utf32le_to_utf16_lossy(bytes, Surrogates::Pass), [0xD800, 0xFFFD]);
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf32le_to_utf16_lossy(src: &[u8], surrogates: Surrogates) -> Vec<u16> {
    lenient(decode(src, 0, false, surrogates, u32::from_le_bytes))
}

/// Decodes UTF-32BE bytes to UTF-16 code units. A leading 00 00 FE FF is data (U+FEFF).
///
/// The big-endian twin of [`convert_utf32le_to_utf16`].
///
/// # Errors
/// As [`convert_utf32le_to_utf16`]: `TOO_LARGE`, `SURROGATE` (4 bytes each) or `TRUNCATED`, at
/// the byte offset of the value.
///
/// ```
/// use wtf8_wasm::{encodings::{convert_utf32be_to_utf16, Surrogates}, ErrorCode};
/// assert_eq!(convert_utf32be_to_utf16(b"\x00\x00\x00a", Surrogates::Reject), Ok(vec![0x61]));
/// let err = convert_utf32be_to_utf16(b"\x00\x00\xDC\x00", Surrogates::Reject).unwrap_err();
/// assert_eq!((err.code(), err.valid_up_to(), err.error_len()), (ErrorCode::Surrogate, 0, Some(4)));
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf32be_to_utf16(
    src: &[u8],
    surrogates: Surrogates,
) -> Result<Vec<u16>, DecodeError> {
    decode(src, 0, true, surrogates, u32::from_be_bytes)
}

/// Decodes UTF-32BE bytes to UTF-16 code units, writing one U+FFFD for each bad value and for
/// an incomplete last value; never fails.
///
/// ```
/// use wtf8_wasm::encodings::{convert_utf32be_to_utf16_lossy, Surrogates};
/// assert_eq!(convert_utf32be_to_utf16_lossy(b"\xFF\xFF\xFF\xFF\x00", Surrogates::Pass), [0xFFFD, 0xFFFD]);
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf32be_to_utf16_lossy(src: &[u8], surrogates: Surrogates) -> Vec<u16> {
    lenient(decode(src, 0, false, surrogates, u32::from_be_bytes))
}

/// Decodes UTF-32 bytes whose byte order is given by a leading byte order mark, which is
/// stripped; without one, the bytes are big-endian.
///
/// FF FE 00 00 means little-endian, 00 00 FE FF big-endian ([`sniff_utf32_bom`]); only that
/// first BOM is removed. With no BOM the input is read as UTF-32BE, as Unicode §3.10 (D101)
/// prescribes for the "UTF-32" encoding scheme and as Java's `"UTF-32"` charset does (Python's
/// `"utf-32"` codec assumes the machine's order instead).
///
/// # Errors
/// As [`convert_utf32le_to_utf16`], with offsets in `src` (BOM included).
///
/// ```
/// use wtf8_wasm::encodings::{convert_utf32bom_to_utf16, Surrogates};
/// assert_eq!(convert_utf32bom_to_utf16(b"\xFF\xFE\x00\x00a\x00\x00\x00", Surrogates::Reject), Ok(vec![0x61]));
/// assert_eq!(convert_utf32bom_to_utf16(b"\x00\x00\x00a", Surrogates::Reject), Ok(vec![0x61]));
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf32bom_to_utf16(
    src: &[u8],
    surrogates: Surrogates,
) -> Result<Vec<u16>, DecodeError> {
    decode_sniffed(src, true, surrogates)
}

/// Decodes UTF-32 bytes as [`convert_utf32bom_to_utf16`] does (BOM sniffed and stripped,
/// big-endian without one), writing one U+FFFD for each bad or incomplete value; never fails.
///
/// ```
/// use wtf8_wasm::encodings::{convert_utf32bom_to_utf16_lossy, Surrogates};
/// assert_eq!(convert_utf32bom_to_utf16_lossy(b"\x00\x00\xFE\xFF\x00\x00\xD8\x00", Surrogates::Reject), [0xFFFD]);
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf32bom_to_utf16_lossy(src: &[u8], surrogates: Surrogates) -> Vec<u16> {
    lenient(decode_sniffed(src, false, surrogates))
}

/// The byte order announced by a UTF-32 byte order mark at the start of `src`: FF FE 00 00 is
/// little-endian, 00 00 FE FF big-endian; anything else is `None`.
///
/// ```
/// use wtf8_wasm::encodings::{sniff_utf32_bom, ByteOrder};
/// assert_eq!(sniff_utf32_bom(b"\xFF\xFE\x00\x00"), Some(ByteOrder::LittleEndian));
/// assert_eq!(sniff_utf32_bom(b"\xFF\xFEa\x00"), None); // a UTF-16LE BOM
/// ```
///
/// Complexity: O(1).
pub fn sniff_utf32_bom(src: &[u8]) -> Option<ByteOrder> {
    match src {
        [0xFF, 0xFE, 0x00, 0x00, ..] => Some(ByteOrder::LittleEndian),
        [0x00, 0x00, 0xFE, 0xFF, ..] => Some(ByteOrder::BigEndian),
        _ => None,
    }
}

fn encode(
    src: &[u16],
    bom: bool,
    surrogates: Surrogates,
    lossy: bool,
    to_bytes: fn(u32) -> [u8; 4],
) -> Result<Vec<u8>, LoneSurrogateError> {
    let mut out = Vec::with_capacity(4 * (src.len() + usize::from(bom)));
    if bom {
        out.extend_from_slice(&to_bytes(0xFEFF));
    }
    for (index, value) in CodePoints::new(src) {
        let value = encode_value(value, surrogates, lossy).map_err(|()| LoneSurrogateError {
            index,
            unit: value as u16,
        })?;
        out.extend_from_slice(&to_bytes(value));
    }
    Ok(out)
}

fn decode_sniffed(
    src: &[u8],
    fatal: bool,
    surrogates: Surrogates,
) -> Result<Vec<u16>, DecodeError> {
    match sniff_utf32_bom(src) {
        Some(ByteOrder::LittleEndian) => decode(src, 4, fatal, surrogates, u32::from_le_bytes),
        Some(ByteOrder::BigEndian) => decode(src, 4, fatal, surrogates, u32::from_be_bytes),
        None => decode(src, 0, fatal, surrogates, u32::from_be_bytes),
    }
}

fn decode(
    src: &[u8],
    start: usize,
    fatal: bool,
    surrogates: Surrogates,
    from_bytes: fn([u8; 4]) -> u32,
) -> Result<Vec<u16>, DecodeError> {
    decode_to_utf16(src, start, fatal, src.len() / 2 + 1, |src, i| {
        step(src, i, surrogates, from_bytes)
    })
}

/// One UTF-32 step at `src[i]`: a value, or the error it is. It reads at most [`LOOKAHEAD`]
/// bytes.
#[inline]
pub(super) fn step(
    src: &[u8],
    i: usize,
    surrogates: Surrogates,
    from_bytes: fn([u8; 4]) -> u32,
) -> Step {
    match src.get(i..i + 4) {
        Some(&[a, b, c, d]) => match from_bytes([a, b, c, d]) {
            value if value > 0x10FFFF => Step::Error(ErrorCode::TooLarge, Some(4)),
            value if is_surrogate(value) && surrogates == Surrogates::Reject => {
                Step::Error(ErrorCode::Surrogate, Some(4))
            }
            value => Step::Char(value, 4),
        },
        _ => Step::Error(ErrorCode::Truncated, None),
    }
}

/// The most bytes [`step`] reads.
pub(super) const LOOKAHEAD: usize = 4;

/// What the UTF-32 encoders write for `value` (a code point or a lone surrogate): the value
/// itself, U+FFFD (`lossy`), or `Err(())` for a surrogate with [`Surrogates::Reject`].
#[inline]
pub(super) fn encode_value(value: u32, surrogates: Surrogates, lossy: bool) -> Result<u32, ()> {
    if !is_surrogate(value) || surrogates == Surrogates::Pass {
        Ok(value)
    } else if lossy {
        Ok(REPLACEMENT)
    } else {
        Err(())
    }
}
