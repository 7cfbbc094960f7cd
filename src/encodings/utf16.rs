//! UTF-16LE and UTF-16BE: each UTF-16 code unit as two bytes, lone surrogates included.
//!
//! Lossless in both directions for every sequence of code units. The only ill-formed byte input
//! is an odd trailing byte. Decoding with an explicit byte order keeps a leading BOM as U+FEFF;
//! the `utf16bom` decoders sniff and strip it, defaulting to big-endian.

use crate::error::{DecodeError, ErrorCode};
use alloc::vec::Vec;

use super::engine::{decode_to_utf16, lenient, Step};

/// The order of the bytes of a 16- or 32-bit code unit, as found by a byte order mark.
///
/// ```
/// use wtf8_wasm::encodings::{sniff_utf16_bom, ByteOrder};
/// assert_eq!(sniff_utf16_bom(b"\xFF\xFEa\x00"), Some(ByteOrder::LittleEndian));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ByteOrder {
    /// Least significant byte first (UTF-16LE BOM: FF FE; UTF-32LE BOM: FF FE 00 00).
    LittleEndian,
    /// Most significant byte first (UTF-16BE BOM: FE FF; UTF-32BE BOM: 00 00 FE FF).
    BigEndian,
}

/// Encodes UTF-16 code units as UTF-16LE bytes, optionally after a byte order mark (FF FE).
/// Lossless, never fails: lone surrogates are written like any other unit.
///
/// The inverse is [`convert_utf16le_to_utf16`] (or [`convert_utf16bom_to_utf16`] when a BOM was
/// written). Allocates exactly `2 * src.len()` bytes, plus 2 for the BOM. The same bytes as
/// Node's `Buffer.from(s, "utf16le")`.
///
/// ```
/// use wtf8_wasm::encodings::convert_utf16_to_utf16le;
/// assert_eq!(convert_utf16_to_utf16le(&[0x61, 0xD83D], false), b"a\x00\x3D\xD8");
/// assert_eq!(convert_utf16_to_utf16le(&[0x61], true), b"\xFF\xFEa\x00");
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf16_to_utf16le(src: &[u16], bom: bool) -> Vec<u8> {
    encode(src, bom, u16::to_le_bytes)
}

/// Encodes UTF-16 code units as UTF-16BE bytes, optionally after a byte order mark (FE FF).
/// Lossless, never fails: lone surrogates are written like any other unit.
///
/// The inverse is [`convert_utf16be_to_utf16`] (or [`convert_utf16bom_to_utf16`], with or
/// without the BOM). Allocates exactly `2 * src.len()` bytes, plus 2 for the BOM.
///
/// ```
/// use wtf8_wasm::encodings::convert_utf16_to_utf16be;
/// assert_eq!(convert_utf16_to_utf16be(&[0x61, 0xDE00], true), b"\xFE\xFF\x00a\xDE\x00");
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf16_to_utf16be(src: &[u16], bom: bool) -> Vec<u8> {
    encode(src, bom, u16::to_be_bytes)
}

/// Decodes UTF-16LE bytes to UTF-16 code units. Lossless: lone surrogates are kept; a leading
/// FF FE is data (U+FEFF), not stripped.
///
/// The inverse of [`convert_utf16_to_utf16le`] without a BOM. Allocates `src.len() / 2` units.
///
/// # Errors
/// An odd trailing byte: [`ErrorCode::Truncated`] at its byte offset (`src.len() - 1`), with
/// `error_len() == None`. (Node's `Buffer.prototype.toString("utf16le")` silently drops that
/// byte instead; [`convert_utf16le_to_utf16_lossy`] writes U+FFFD, as `TextDecoder` does.)
///
/// ```
/// use wtf8_wasm::{encodings::convert_utf16le_to_utf16, ErrorCode};
/// assert_eq!(convert_utf16le_to_utf16(b"a\x00\x00\xD8"), Ok(vec![0x61, 0xD800]));
/// let err = convert_utf16le_to_utf16(b"a\x00b").unwrap_err();
/// assert_eq!((err.code(), err.valid_up_to(), err.error_len()), (ErrorCode::Truncated, 2, None));
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf16le_to_utf16(src: &[u8]) -> Result<Vec<u16>, DecodeError> {
    decode(src, 0, true, u16::from_le_bytes)
}

/// Decodes UTF-16LE bytes to UTF-16 code units, writing one U+FFFD for an odd trailing byte;
/// never fails.
///
/// Lossy only for that byte: lone surrogates are kept (unlike `TextDecoder("utf-16le")`, which
/// replaces them) and a leading FF FE is data (U+FEFF). On input without surrogate units it
/// equals `new TextDecoder("utf-16le", { ignoreBOM: true }).decode(src)`. Allocates
/// `(src.len() + 1) / 2` units.
///
/// ```
/// use wtf8_wasm::encodings::convert_utf16le_to_utf16_lossy;
/// assert_eq!(convert_utf16le_to_utf16_lossy(b"\x00\xDCb"), [0xDC00, 0xFFFD]);
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf16le_to_utf16_lossy(src: &[u8]) -> Vec<u16> {
    lenient(decode(src, 0, false, u16::from_le_bytes))
}

/// Decodes UTF-16BE bytes to UTF-16 code units. Lossless: lone surrogates are kept; a leading
/// FE FF is data (U+FEFF), not stripped.
///
/// The inverse of [`convert_utf16_to_utf16be`] without a BOM. Allocates `src.len() / 2` units.
///
/// # Errors
/// An odd trailing byte: [`ErrorCode::Truncated`] at its byte offset (`src.len() - 1`), with
/// `error_len() == None`.
///
/// ```
/// use wtf8_wasm::encodings::convert_utf16be_to_utf16;
/// assert_eq!(convert_utf16be_to_utf16(b"\xFE\xFF\x00a"), Ok(vec![0xFEFF, 0x61]));
/// assert_eq!(convert_utf16be_to_utf16(b"\x00").unwrap_err().valid_up_to(), 0);
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf16be_to_utf16(src: &[u8]) -> Result<Vec<u16>, DecodeError> {
    decode(src, 0, true, u16::from_be_bytes)
}

/// Decodes UTF-16BE bytes to UTF-16 code units, writing one U+FFFD for an odd trailing byte;
/// never fails.
///
/// Lossy only for that byte, as [`convert_utf16le_to_utf16_lossy`].
///
/// ```
/// use wtf8_wasm::encodings::convert_utf16be_to_utf16_lossy;
/// assert_eq!(convert_utf16be_to_utf16_lossy(b"\xD8\x3D\x00"), [0xD83D, 0xFFFD]);
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf16be_to_utf16_lossy(src: &[u8]) -> Vec<u16> {
    lenient(decode(src, 0, false, u16::from_be_bytes))
}

/// Decodes UTF-16 bytes whose byte order is given by a leading byte order mark, which is
/// stripped; without one, the bytes are big-endian.
///
/// FF FE means little-endian, FE FF big-endian ([`sniff_utf16_bom`]); only that first BOM is
/// removed (a later U+FEFF is data). With no BOM the input is read as UTF-16BE, as RFC 2781
/// §4.3 and Unicode §3.10 (D98) prescribe for the "UTF-16" encoding scheme and as Java's
/// `"UTF-16"` charset does. (Other decoders differ: Python's `"utf-16"` codec assumes the
/// machine's order, little-endian nearly everywhere, and WHATWG's `TextDecoder("utf-16")` is
/// UTF-16LE.) Lossless: the inverse of [`convert_utf16_to_utf16le`] and
/// [`convert_utf16_to_utf16be`] with `bom: true`, and of [`convert_utf16_to_utf16be`] without.
///
/// # Errors
/// An odd trailing byte: [`ErrorCode::Truncated`] at its offset in `src` (BOM included).
///
/// ```
/// use wtf8_wasm::encodings::convert_utf16bom_to_utf16;
/// assert_eq!(convert_utf16bom_to_utf16(b"\xFF\xFEa\x00"), Ok(vec![0x61]));
/// assert_eq!(convert_utf16bom_to_utf16(b"\xFE\xFF\x00a"), Ok(vec![0x61]));
/// assert_eq!(convert_utf16bom_to_utf16(b"\x00a"), Ok(vec![0x61])); // no BOM: big-endian
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf16bom_to_utf16(src: &[u8]) -> Result<Vec<u16>, DecodeError> {
    decode_sniffed(src, true)
}

/// Decodes UTF-16 bytes as [`convert_utf16bom_to_utf16`] does (BOM sniffed and stripped,
/// big-endian without one), writing one U+FFFD for an odd trailing byte; never fails.
///
/// ```
/// use wtf8_wasm::encodings::convert_utf16bom_to_utf16_lossy;
/// assert_eq!(convert_utf16bom_to_utf16_lossy(b"\xFF\xFEa\x00b"), [0x61, 0xFFFD]);
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf16bom_to_utf16_lossy(src: &[u8]) -> Vec<u16> {
    lenient(decode_sniffed(src, false))
}

/// The byte order announced by a UTF-16 byte order mark at the start of `src`: FF FE is
/// little-endian, FE FF big-endian; anything else (including fewer than 2 bytes) is `None`.
///
/// ```
/// use wtf8_wasm::encodings::{sniff_utf16_bom, ByteOrder};
/// assert_eq!(sniff_utf16_bom(b"\xFE\xFF"), Some(ByteOrder::BigEndian));
/// assert_eq!(sniff_utf16_bom(b"\xFF"), None);
/// ```
///
/// Complexity: O(1).
pub fn sniff_utf16_bom(src: &[u8]) -> Option<ByteOrder> {
    match src {
        [0xFF, 0xFE, ..] => Some(ByteOrder::LittleEndian),
        [0xFE, 0xFF, ..] => Some(ByteOrder::BigEndian),
        _ => None,
    }
}

fn encode(src: &[u16], bom: bool, to_bytes: fn(u16) -> [u8; 2]) -> Vec<u8> {
    let mut out = Vec::with_capacity(2 * (src.len() + usize::from(bom)));
    if bom {
        out.extend_from_slice(&to_bytes(0xFEFF));
    }
    for &unit in src {
        out.extend_from_slice(&to_bytes(unit));
    }
    out
}

fn decode_sniffed(src: &[u8], fatal: bool) -> Result<Vec<u16>, DecodeError> {
    match sniff_utf16_bom(src) {
        Some(ByteOrder::LittleEndian) => decode(src, 2, fatal, u16::from_le_bytes),
        Some(ByteOrder::BigEndian) => decode(src, 2, fatal, u16::from_be_bytes),
        None => decode(src, 0, fatal, u16::from_be_bytes),
    }
}

fn decode(
    src: &[u8],
    start: usize,
    fatal: bool,
    from_bytes: fn([u8; 2]) -> u16,
) -> Result<Vec<u16>, DecodeError> {
    decode_to_utf16(src, start, fatal, src.len().div_ceil(2), |src, i| {
        step(src, i, from_bytes)
    })
}

/// One UTF-16 step at `src[i]`: a code unit, or `TRUNCATED` for an odd last byte. It reads at
/// most [`LOOKAHEAD`] bytes.
#[inline]
pub(super) fn step(src: &[u8], i: usize, from_bytes: fn([u8; 2]) -> u16) -> Step {
    match src.get(i..i + 2) {
        Some(&[a, b]) => Step::Char(u32::from(from_bytes([a, b])), 2),
        _ => Step::Error(ErrorCode::Truncated, None),
    }
}

/// The most bytes [`step`] reads.
pub(super) const LOOKAHEAD: usize = 2;
