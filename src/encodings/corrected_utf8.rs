//! Corrected UTF-8: every well-formed byte sequence is the unique encoding of one code point,
//! by adding an offset to the payload of multi-byte sequences.
//!
//! The C1 controls (U+0080..=U+009F) and the surrogates (U+D800..=U+DFFF) have no encoding; the
//! largest code point is U+8421109F. Sequences that start with FE or FF are reserved. A
//! document starts with the magic number [`CORRECTED_UTF8_MAGIC`] and holds no other U+0000.
//! The table is in the [module documentation](super#corrected-utf-8).

use crate::error::{DecodeError, ErrorCode};
use crate::grammar::{is_continuation, is_surrogate};
use alloc::vec::Vec;

use super::engine::{
    decode_to_code_points, decode_to_utf16, lenient, CodePoints, Step, REPLACEMENT,
};
use super::EncodeError;

/// The magic number that starts a Corrected UTF-8 document: EF B7 9D ED B2 AE 00 0A, the
/// Corrected UTF-8 encoding of U+10E7D U+ED4E U+0000 U+000A. It is not part of the text.
///
/// ```
/// use wtf8_wasm::encodings::{convert_corrected_utf8_to_code_points, CorrectedUtf8Mode, CORRECTED_UTF8_MAGIC};
/// let text = convert_corrected_utf8_to_code_points(&CORRECTED_UTF8_MAGIC, CorrectedUtf8Mode::Text);
/// assert_eq!(text, Ok(vec![0x10E7D, 0xED4E, 0x0000, 0x000A]));
/// ```
pub const CORRECTED_UTF8_MAGIC: [u8; 8] = [0xEF, 0xB7, 0x9D, 0xED, 0xB2, 0xAE, 0x00, 0x0A];

/// The largest code point Corrected UTF-8 can encode (6 bytes, FD BF BF BF BF BF).
///
/// ```
/// use wtf8_wasm::encodings::{convert_code_points_to_corrected_utf8, CorrectedUtf8Mode, CORRECTED_UTF8_MAX};
/// let text = CorrectedUtf8Mode::Text;
/// assert_eq!(convert_code_points_to_corrected_utf8(&[CORRECTED_UTF8_MAX], text).unwrap(), b"\xFD\xBF\xBF\xBF\xBF\xBF");
/// assert!(convert_code_points_to_corrected_utf8(&[CORRECTED_UTF8_MAX + 1], text).is_err());
/// ```
pub const CORRECTED_UTF8_MAX: u32 = 0x8421_109F;

/// Whether a Corrected UTF-8 function deals with bare text or with a whole document.
///
/// ```
/// use wtf8_wasm::encodings::{convert_utf16_to_corrected_utf8, CorrectedUtf8Mode, CORRECTED_UTF8_MAGIC};
/// let doc = convert_utf16_to_corrected_utf8(&[0x61], CorrectedUtf8Mode::Document).unwrap();
/// assert_eq!(doc, [&CORRECTED_UTF8_MAGIC[..], b"a"].concat());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CorrectedUtf8Mode {
    /// Bare text: no magic number is written or stripped, and U+0000 is an ordinary character
    /// (the byte 00).
    Text,
    /// A whole document: encoding writes [`CORRECTED_UTF8_MAGIC`] first; decoding strips it when
    /// the input starts with it (a document without it is accepted). U+0000 anywhere else is an
    /// error ([`ErrorCode::NulInDocument`]), or U+FFFD in lossy functions.
    Document,
}

/// Encodes UTF-16 code units as Corrected UTF-8. Lossless where it succeeds.
///
/// A surrogate pair is one supplementary code point. In [`CorrectedUtf8Mode::Document`] the
/// output starts with [`CORRECTED_UTF8_MAGIC`]. The inverse is [`convert_corrected_utf8_to_utf16`]
/// with the same mode. At most 3 bytes per code unit (a pair takes 3 or 4 bytes for 2 units),
/// plus 8 for the magic number.
///
/// # Errors
/// An [`EncodeError`] at the unit index of the first value without an encoding:
/// [`ErrorCode::C1Control`] (U+0080..=U+009F), [`ErrorCode::LoneSurrogate`], or in a document
/// [`ErrorCode::NulInDocument`] (U+0000; the index does not count the magic number).
///
/// ```
/// use wtf8_wasm::{encodings::{convert_utf16_to_corrected_utf8, CorrectedUtf8Mode}, ErrorCode};
/// let text = CorrectedUtf8Mode::Text;
/// // U+00A0 is the first 2-byte code point: payload 0 after subtracting the offset 160.
/// assert_eq!(convert_utf16_to_corrected_utf8(&[0x7F, 0xA0], text).unwrap(), b"\x7F\xC0\x80");
/// // U+E000 follows U+D7FF directly: the surrogates take no room.
/// assert_eq!(convert_utf16_to_corrected_utf8(&[0xD7FF, 0xE000], text).unwrap(), b"\xEC\xBD\x9F\xEC\xBD\xA0");
/// let err = convert_utf16_to_corrected_utf8(&[0x61, 0xDC00], text).unwrap_err();
/// assert_eq!((err.code(), err.index()), (ErrorCode::LoneSurrogate, 1));
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf16_to_corrected_utf8(
    src: &[u16],
    mode: CorrectedUtf8Mode,
) -> Result<Vec<u8>, EncodeError> {
    encode(
        CodePoints::new(src),
        src.len(),
        mode,
        false,
        ErrorCode::LoneSurrogate,
    )
}

/// Encodes UTF-16 code units as Corrected UTF-8, writing U+FFFD (EE BD 9D) for each value that
/// [`convert_utf16_to_corrected_utf8`] rejects; never fails.
///
/// Lossy exactly for C1 controls, lone surrogates and, in a document, U+0000.
///
/// ```
/// use wtf8_wasm::encodings::{convert_utf16_to_corrected_utf8_lossy, CorrectedUtf8Mode};
/// assert_eq!(convert_utf16_to_corrected_utf8_lossy(&[0x85, 0x61], CorrectedUtf8Mode::Text), b"\xEE\xBD\x9Da");
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_utf16_to_corrected_utf8_lossy(src: &[u16], mode: CorrectedUtf8Mode) -> Vec<u8> {
    let result = encode(
        CodePoints::new(src),
        src.len(),
        mode,
        true,
        ErrorCode::LoneSurrogate,
    );
    result.unwrap_or_else(|_| unreachable!("the lossy encoder never fails"))
}

/// Encodes code points (the full range up to U+8421109F) as Corrected UTF-8. Lossless where it
/// succeeds.
///
/// The interface for text beyond what a JavaScript string can hold. The inverse is
/// [`convert_corrected_utf8_to_code_points`] with the same mode. At most 6 bytes per code point,
/// plus 8 for the magic number.
///
/// # Errors
/// An [`EncodeError`] at the index (in code points) of the first value without an encoding:
/// [`ErrorCode::C1Control`], [`ErrorCode::Surrogate`] (0xD800..=0xDFFF),
/// [`ErrorCode::TooLarge`] (above U+8421109F), or in a document [`ErrorCode::NulInDocument`].
///
/// ```
/// use wtf8_wasm::{encodings::{convert_code_points_to_corrected_utf8, CorrectedUtf8Mode}, ErrorCode};
/// let text = CorrectedUtf8Mode::Text;
/// assert_eq!(convert_code_points_to_corrected_utf8(&[0x8421109F], text).unwrap(), b"\xFD\xBF\xBF\xBF\xBF\xBF");
/// let err = convert_code_points_to_corrected_utf8(&[0x110000, 0x842110A0], text).unwrap_err();
/// assert_eq!((err.code(), err.index()), (ErrorCode::TooLarge, 1));
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_code_points_to_corrected_utf8(
    src: &[u32],
    mode: CorrectedUtf8Mode,
) -> Result<Vec<u8>, EncodeError> {
    encode(
        src.iter().copied().enumerate(),
        src.len(),
        mode,
        false,
        ErrorCode::Surrogate,
    )
}

/// Encodes code points as Corrected UTF-8, writing U+FFFD (EE BD 9D) for each value that
/// [`convert_code_points_to_corrected_utf8`] rejects; never fails.
///
/// ```
/// use wtf8_wasm::encodings::{convert_code_points_to_corrected_utf8_lossy, CorrectedUtf8Mode};
/// let doc = convert_code_points_to_corrected_utf8_lossy(&[0, 0xD800], CorrectedUtf8Mode::Document);
/// assert_eq!(&doc[8..], b"\xEE\xBD\x9D\xEE\xBD\x9D");
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_code_points_to_corrected_utf8_lossy(
    src: &[u32],
    mode: CorrectedUtf8Mode,
) -> Vec<u8> {
    let result = encode(
        src.iter().copied().enumerate(),
        src.len(),
        mode,
        true,
        ErrorCode::Surrogate,
    );
    result.unwrap_or_else(|_| unreachable!("the lossy encoder never fails"))
}

/// Decodes Corrected UTF-8 to UTF-16 code units. Lossless for text up to U+10FFFF.
///
/// Every complete sequence is valid and decodes to one code point (payload + offset); a code
/// point above U+FFFF becomes a surrogate pair. In [`CorrectedUtf8Mode::Document`] a leading
/// [`CORRECTED_UTF8_MAGIC`] is stripped. The inverse of [`convert_utf16_to_corrected_utf8`]. At
/// most one code unit per input byte.
///
/// # Errors
/// A [`DecodeError`] at the byte offset where the well-formed prefix ends:
/// - [`ErrorCode::NotRepresentableInUtf16`]: a valid sequence (4 to 6 bytes, its length) for a
///   code point above U+10FFFF; use [`convert_corrected_utf8_to_code_points`] for those.
/// - [`ErrorCode::Reserved`]: a sequence starting with FE or FF; it runs up to the next byte
///   00..7F or C0..FD, and its length is the length of that run (saturating at 255).
/// - [`ErrorCode::UnexpectedContinuation`] (length 1): a continuation byte 80..BF where a
///   sequence should start. Each such byte is its own error.
/// - [`ErrorCode::MissingContinuation`]: a lead byte and the continuation bytes after it
///   (that many bytes) followed by a byte that is not a continuation byte.
/// - [`ErrorCode::Truncated`] (length `None`): the input ends inside a sequence.
/// - [`ErrorCode::NulInDocument`] (length 1): in a document, a 00 byte after the magic number.
///
/// ```
/// use wtf8_wasm::{encodings::{convert_corrected_utf8_to_utf16, CorrectedUtf8Mode}, ErrorCode};
/// let text = CorrectedUtf8Mode::Text;
/// assert_eq!(convert_corrected_utf8_to_utf16(b"\xC0\x80\xF0\x80\x80\x80", text), Ok(vec![0xA0, 0xD804, 0xDCA0]));
/// let err = convert_corrected_utf8_to_utf16(b"a\xFE\x80\x80b", text).unwrap_err();
/// assert_eq!((err.code(), err.valid_up_to(), err.error_len()), (ErrorCode::Reserved, 1, Some(3)));
/// let err = convert_corrected_utf8_to_utf16(b"\xF7\xBF\xBF\xBF", text).unwrap_err(); // U+21109F
/// assert_eq!((err.code(), err.error_len()), (ErrorCode::NotRepresentableInUtf16, Some(4)));
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_corrected_utf8_to_utf16(
    src: &[u8],
    mode: CorrectedUtf8Mode,
) -> Result<Vec<u16>, DecodeError> {
    decode_to_utf16(src, start(src, mode), true, src.len(), utf16_step(mode))
}

/// Decodes Corrected UTF-8 to UTF-16 code units, writing one U+FFFD for each error of
/// [`convert_corrected_utf8_to_utf16`]; never fails.
///
/// A whole reserved sequence, a whole sequence above U+10FFFF, each stray continuation byte, each
/// lead byte with its continuation bytes before a missing one, and an unfinished tail each become
/// one U+FFFD.
///
/// ```
/// use wtf8_wasm::encodings::{convert_corrected_utf8_to_utf16_lossy, CorrectedUtf8Mode};
/// // A reserved run (FF FE BF), "a", a stray continuation byte, an unfinished sequence.
/// let got = convert_corrected_utf8_to_utf16_lossy(b"\xFF\xFE\xBFa\x80\xC0", CorrectedUtf8Mode::Text);
/// assert_eq!(got, [0xFFFD, 0x61, 0xFFFD, 0xFFFD]);
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_corrected_utf8_to_utf16_lossy(src: &[u8], mode: CorrectedUtf8Mode) -> Vec<u16> {
    lenient(decode_to_utf16(
        src,
        start(src, mode),
        false,
        src.len(),
        utf16_step(mode),
    ))
}

/// Decodes Corrected UTF-8 to code points, the full range up to U+8421109F. Lossless: the
/// inverse of [`convert_code_points_to_corrected_utf8`].
///
/// In [`CorrectedUtf8Mode::Document`] a leading [`CORRECTED_UTF8_MAGIC`] is stripped. At most one
/// code point per input byte.
///
/// # Errors
/// As [`convert_corrected_utf8_to_utf16`], except that no code point is too large.
///
/// ```
/// use wtf8_wasm::encodings::{convert_corrected_utf8_to_code_points, CorrectedUtf8Mode};
/// let got = convert_corrected_utf8_to_code_points(b"\xF8\x80\x80\x80\x80", CorrectedUtf8Mode::Text);
/// assert_eq!(got, Ok(vec![0x2110A0]));
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_corrected_utf8_to_code_points(
    src: &[u8],
    mode: CorrectedUtf8Mode,
) -> Result<Vec<u32>, DecodeError> {
    let doc = mode == CorrectedUtf8Mode::Document;
    decode_to_code_points(src, start(src, mode), true, src.len(), |s, i| {
        step(s, i, doc)
    })
}

/// Decodes Corrected UTF-8 to code points, writing U+FFFD for each error of
/// [`convert_corrected_utf8_to_code_points`]; never fails.
///
/// ```
/// use wtf8_wasm::encodings::{convert_corrected_utf8_to_code_points_lossy, CorrectedUtf8Mode};
/// let got = convert_corrected_utf8_to_code_points_lossy(b"\x80\xFC\x80\x80\x80\x80\x80", CorrectedUtf8Mode::Text);
/// assert_eq!(got, [0xFFFD, 0x42110A0]);
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_corrected_utf8_to_code_points_lossy(
    src: &[u8],
    mode: CorrectedUtf8Mode,
) -> Vec<u32> {
    let doc = mode == CorrectedUtf8Mode::Document;
    lenient(decode_to_code_points(
        src,
        start(src, mode),
        false,
        src.len(),
        |s, i| step(s, i, doc),
    ))
}

/// Where decoding starts: after the magic number in a document that has one.
fn start(src: &[u8], mode: CorrectedUtf8Mode) -> usize {
    if mode == CorrectedUtf8Mode::Document && src.starts_with(&CORRECTED_UTF8_MAGIC) {
        CORRECTED_UTF8_MAGIC.len()
    } else {
        0
    }
}

/// The step for UTF-16 output: code points above U+10FFFF are errors.
fn utf16_step(mode: CorrectedUtf8Mode) -> impl Fn(&[u8], usize) -> Step {
    let doc = mode == CorrectedUtf8Mode::Document;
    move |src, i| step_utf16(src, i, doc)
}

/// [`step`] for UTF-16 output: a code point above U+10FFFF is `NOT_REPRESENTABLE_IN_UTF16`.
#[inline]
pub(super) fn step_utf16(src: &[u8], i: usize, doc: bool) -> Step {
    match step(src, i, doc) {
        Step::Char(value, len) if value > 0x10FFFF => {
            Step::Error(ErrorCode::NotRepresentableInUtf16, Some(len))
        }
        other => other,
    }
}

/// The most bytes [`step`] reads, except for a reserved run ([`is_reserved_run_byte`]), which
/// runs to the next lead byte however far that is.
pub(super) const LOOKAHEAD: usize = 6;

/// Does a reserved sequence (lead byte FE or FF) go on through `b`?
#[inline]
pub(super) const fn is_reserved_run_byte(b: u8) -> bool {
    is_continuation(b) || b >= 0xFE
}

/// One Corrected UTF-8 step at `src[i]`.
pub(super) fn step(src: &[u8], i: usize, doc: bool) -> Step {
    let b0 = src[i];
    let (len, payload_bits) = match b0 {
        0x00 if doc => return Step::Error(ErrorCode::NulInDocument, Some(1)),
        0x00..=0x7F => return Step::Char(u32::from(b0), 1),
        0x80..=0xBF => return Step::Error(ErrorCode::UnexpectedContinuation, Some(1)),
        0xC0..=0xDF => (2, b0 & 0x1F),
        0xE0..=0xEF => (3, b0 & 0x0F),
        0xF0..=0xF7 => (4, b0 & 0x07),
        0xF8..=0xFB => (5, b0 & 0x03),
        0xFC..=0xFD => (6, b0 & 0x01),
        0xFE..=0xFF => {
            let run = src[i + 1..]
                .iter()
                .take_while(|&&b| is_reserved_run_byte(b))
                .count();
            return Step::Error(ErrorCode::Reserved, Some(1 + run));
        }
    };
    let mut payload = u32::from(payload_bits);
    for k in 1..len {
        match src.get(i + k) {
            None => return Step::Error(ErrorCode::Truncated, None),
            Some(&b) if is_continuation(b) => payload = (payload << 6) | u32::from(b & 0x3F),
            Some(_) => return Step::Error(ErrorCode::MissingContinuation, Some(k)),
        }
    }
    Step::Char(payload + offset(len, payload), len)
}

/// The offset added to the payload of a `len`-byte sequence.
#[inline]
const fn offset(len: usize, payload: u32) -> u32 {
    match len {
        1 => 0,
        2 => 0xA0,
        3 if payload < 0xCF60 => 0x8A0,
        3 => 0x10A0,
        4 => 0x1_10A0,
        5 => 0x21_10A0,
        _ => 0x421_10A0,
    }
}

/// Writes the Corrected UTF-8 sequence for `cp`, which must be encodable, at `dst[0..]` and
/// returns its length (at most 6).
pub(super) fn write(cp: u32, dst: &mut [u8]) -> usize {
    let (len, payload, lead) = match cp {
        0x00..=0x7F => {
            dst[0] = cp as u8;
            return 1;
        }
        0xA0..=0x89F => (2, cp - 0xA0, 0xC0),
        0x8A0..=0xD7FF => (3, cp - 0x8A0, 0xE0),
        0xE000..=0x1_109F => (3, cp - 0x10A0, 0xE0),
        0x1_10A0..=0x21_109F => (4, cp - 0x1_10A0, 0xF0),
        0x21_10A0..=0x421_109F => (5, cp - 0x21_10A0, 0xF8),
        _ => (6, cp - 0x421_10A0, 0xFC),
    };
    dst[0] = lead | (payload >> (6 * (len - 1))) as u8;
    for (k, byte) in dst[1..len].iter_mut().enumerate() {
        *byte = 0x80 | ((payload >> (6 * (len - 2 - k))) & 0x3F) as u8;
    }
    len
}

/// Why `value` has no Corrected UTF-8 encoding, if it has none; `surrogate_code` is the error
/// for a surrogate value.
#[inline]
pub(super) fn problem(value: u32, doc: bool, surrogate_code: ErrorCode) -> Option<ErrorCode> {
    match value {
        0 if doc => Some(ErrorCode::NulInDocument),
        0x80..=0x9F => Some(ErrorCode::C1Control),
        _ if is_surrogate(value) => Some(surrogate_code),
        _ if value > CORRECTED_UTF8_MAX => Some(ErrorCode::TooLarge),
        _ => None,
    }
}

/// Encodes `(index, value)` pairs; `surrogate_code` is the error for a surrogate value.
fn encode(
    values: impl Iterator<Item = (usize, u32)>,
    capacity: usize,
    mode: CorrectedUtf8Mode,
    lossy: bool,
    surrogate_code: ErrorCode,
) -> Result<Vec<u8>, EncodeError> {
    let doc = mode == CorrectedUtf8Mode::Document;
    let mut out = Vec::with_capacity(capacity + if doc { CORRECTED_UTF8_MAGIC.len() } else { 0 });
    if doc {
        out.extend_from_slice(&CORRECTED_UTF8_MAGIC);
    }
    let mut seq = [0u8; 6];
    for (index, value) in values {
        let value = match problem(value, doc, surrogate_code) {
            None => value,
            Some(_) if lossy => REPLACEMENT,
            Some(code) => return Err(EncodeError::new(code, index, value)),
        };
        let n = write(value, &mut seq);
        out.extend_from_slice(&seq[..n]);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sequence_length_boundary_round_trips() {
        let text = CorrectedUtf8Mode::Text;
        let cases: &[(u32, &[u8])] = &[
            (0x7F, b"\x7F"),
            (0xA0, b"\xC0\x80"),
            (0x89F, b"\xDF\xBF"),
            (0x8A0, b"\xE0\x80\x80"),
            (0xD7FF, b"\xEC\xBD\x9F"),
            (0xE000, b"\xEC\xBD\xA0"),
            (0x1109F, b"\xEF\xBF\xBF"),
            (0x110A0, b"\xF0\x80\x80\x80"),
            (0x21109F, b"\xF7\xBF\xBF\xBF"),
            (0x2110A0, b"\xF8\x80\x80\x80\x80"),
            (0x421109F, b"\xFB\xBF\xBF\xBF\xBF"),
            (0x42110A0, b"\xFC\x80\x80\x80\x80\x80"),
            (0x8421109F, b"\xFD\xBF\xBF\xBF\xBF\xBF"),
        ];
        for &(cp, bytes) in cases {
            assert_eq!(
                convert_code_points_to_corrected_utf8(&[cp], text).unwrap(),
                bytes,
                "{cp:X}"
            );
            assert_eq!(
                convert_corrected_utf8_to_code_points(bytes, text),
                Ok(vec![cp]),
                "{cp:X}"
            );
        }
    }

    #[test]
    fn reserved_run_stops_at_the_next_lead_byte() {
        let got = convert_corrected_utf8_to_code_points_lossy(
            b"\xFE\xFF\x80\xFE\xC0\x80\xFF\x00",
            CorrectedUtf8Mode::Text,
        );
        assert_eq!(got, [0xFFFD, 0xA0, 0xFFFD, 0x00]);
        let long = [&[0xFEu8][..], &[0x80; 300]].concat();
        let err =
            convert_corrected_utf8_to_code_points(&long, CorrectedUtf8Mode::Text).unwrap_err();
        assert_eq!(
            (err.code(), err.error_len()),
            (ErrorCode::Reserved, Some(255))
        );
        assert_eq!(
            convert_corrected_utf8_to_code_points_lossy(&long, CorrectedUtf8Mode::Text),
            [0xFFFD]
        );
    }
}
