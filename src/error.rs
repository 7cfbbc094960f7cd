//! Error types: a stable [`ErrorCode`] plus a position.
//!
//! Every failure in this crate says *what* went wrong with an [`ErrorCode`] (whose
//! [`as_str`](ErrorCode::as_str) spelling is stable and is what the JavaScript API puts in
//! `error.code`) and *where*: a byte offset for byte input ([`DecodeError`]) or a UTF-16 code unit
//! index for string input ([`LoneSurrogateError`]).

use core::fmt;

/// What went wrong, as a stable code.
///
/// The spelling returned by [`ErrorCode::as_str`] never changes between releases; tests and
/// callers may match on it. New codes may be added, hence `#[non_exhaustive]`.
///
/// # Example
/// ```
/// use wtf8_wasm::{convert_wtf8_to_utf16, ErrorCode};
/// let err = convert_wtf8_to_utf16(b"a\xC0\xAF").unwrap_err();
/// assert_eq!(err.code(), ErrorCode::Overlong);
/// assert_eq!(err.code().as_str(), "OVERLONG");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorCode {
    /// A continuation byte (0x80..=0xBF) where a lead byte was expected.
    UnexpectedContinuation,
    /// An overlong form: lead byte 0xC0 or 0xC1, or 0xE0 followed by 0x80..=0x9F, or 0xF0 followed
    /// by 0x80..=0x8F.
    Overlong,
    /// A byte that never appears in UTF-8 or WTF-8 (0xF5..=0xFF).
    InvalidByte,
    /// A sequence for a code point above U+10FFFF (0xF4 followed by 0x90..=0xBF). In the
    /// [neighbouring encodings](crate::encodings) also a UTF-32 value above 0x10FFFF, and a code
    /// point above U+8421109F given to a Corrected UTF-8 encoder.
    TooLarge,
    /// A lead byte (and possibly some continuation bytes) followed by a byte that is not a valid
    /// continuation.
    MissingContinuation,
    /// The input ended in the middle of an otherwise valid sequence.
    Truncated,
    /// A lead surrogate byte sequence (ED A0..AF xx) directly followed by a trail surrogate byte
    /// sequence (ED B0..BF xx): WTF-8 requires that pair to be written as one 4-byte sequence.
    SurrogatePair,
    /// A surrogate byte sequence (ED A0..BF) where strict UTF-8 was required. In the
    /// [neighbouring encodings](crate::encodings) also a surrogate value (0xD800..=0xDFFF) in
    /// UTF-32 bytes, or in the code points given to a Corrected UTF-8 encoder, where surrogates are
    /// rejected.
    Surrogate,
    /// A lone surrogate code unit in a string where well-formed UTF-16 was required. In
    /// [CESU-8](crate::encodings#cesu-8) byte input also a lone surrogate *sequence* (a lead
    /// sequence not followed by a trail sequence, or a trail sequence without a lead), reported at
    /// its byte offset.
    LoneSurrogate,
    /// A 4-byte UTF-8 sequence (lead byte 0xF0..=0xF4) in CESU-8 or Java's Modified UTF-8, which
    /// write a supplementary character as two 3-byte surrogate sequences instead.
    FourByteForm,
    /// A raw 0x00 byte in Java's Modified UTF-8, which writes U+0000 as C0 80.
    NulByte,
    /// A string whose Modified UTF-8 body does not fit the 65,535 bytes that the 2-byte length
    /// prefix of Java's `DataOutput.writeUTF` frame can describe.
    TooLong,
    /// A Corrected UTF-8 sequence that starts with 0xFE or 0xFF ("reserved for future use").
    Reserved,
    /// A C1 control character (U+0080..=U+009F), which Corrected UTF-8 cannot encode.
    C1Control,
    /// U+0000 in a Corrected UTF-8 document (allowed only inside the magic number).
    NulInDocument,
    /// A code point above U+10FFFF (valid in Corrected UTF-8) where UTF-16 code units were
    /// required.
    NotRepresentableInUtf16,
}

impl ErrorCode {
    /// Every code, in declaration order: the order of the npm package's error table, through
    /// which its WebAssembly bindings report a code by its position here. Codes added later come
    /// last, so positions never change.
    ///
    /// ```
    /// use wtf8_wasm::ErrorCode;
    /// assert_eq!(ErrorCode::ALL[0], ErrorCode::UnexpectedContinuation);
    /// assert!(ErrorCode::ALL.iter().any(|c| c.as_str() == "SURROGATE_PAIR"));
    /// ```
    pub const ALL: [ErrorCode; 16] = [
        ErrorCode::UnexpectedContinuation,
        ErrorCode::Overlong,
        ErrorCode::InvalidByte,
        ErrorCode::TooLarge,
        ErrorCode::MissingContinuation,
        ErrorCode::Truncated,
        ErrorCode::SurrogatePair,
        ErrorCode::Surrogate,
        ErrorCode::LoneSurrogate,
        ErrorCode::FourByteForm,
        ErrorCode::NulByte,
        ErrorCode::TooLong,
        ErrorCode::Reserved,
        ErrorCode::C1Control,
        ErrorCode::NulInDocument,
        ErrorCode::NotRepresentableInUtf16,
    ];

    /// The stable spelling of this code, e.g. `"SURROGATE_PAIR"`.
    ///
    /// ```
    /// assert_eq!(wtf8_wasm::ErrorCode::LoneSurrogate.as_str(), "LONE_SURROGATE");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorCode::UnexpectedContinuation => "UNEXPECTED_CONTINUATION",
            ErrorCode::Overlong => "OVERLONG",
            ErrorCode::InvalidByte => "INVALID_BYTE",
            ErrorCode::TooLarge => "TOO_LARGE",
            ErrorCode::MissingContinuation => "MISSING_CONTINUATION",
            ErrorCode::Truncated => "TRUNCATED",
            ErrorCode::SurrogatePair => "SURROGATE_PAIR",
            ErrorCode::Surrogate => "SURROGATE",
            ErrorCode::LoneSurrogate => "LONE_SURROGATE",
            ErrorCode::FourByteForm => "FOUR_BYTE_FORM",
            ErrorCode::NulByte => "NUL_BYTE",
            ErrorCode::TooLong => "TOO_LONG",
            ErrorCode::Reserved => "RESERVED",
            ErrorCode::C1Control => "C1_CONTROL",
            ErrorCode::NulInDocument => "NUL_IN_DOCUMENT",
            ErrorCode::NotRepresentableInUtf16 => "NOT_REPRESENTABLE_IN_UTF16",
        }
    }

    /// A short English description, used in `Display` implementations.
    pub const fn description(self) -> &'static str {
        match self {
            ErrorCode::UnexpectedContinuation => "unexpected continuation byte",
            ErrorCode::Overlong => "overlong encoding",
            ErrorCode::InvalidByte => "byte that never appears in UTF-8",
            ErrorCode::TooLarge => "code point above U+10FFFF",
            ErrorCode::MissingContinuation => "missing continuation byte",
            ErrorCode::Truncated => "input ends in the middle of a sequence",
            ErrorCode::SurrogatePair => {
                "surrogate pair written as two 3-byte sequences (not well-formed WTF-8)"
            }
            ErrorCode::Surrogate => "surrogate code point (not allowed in UTF-8)",
            ErrorCode::LoneSurrogate => "lone surrogate code unit",
            ErrorCode::FourByteForm => {
                "4-byte sequence (CESU-8 and Modified UTF-8 use two 3-byte surrogate sequences)"
            }
            ErrorCode::NulByte => "raw 0x00 byte (Modified UTF-8 writes U+0000 as C0 80)",
            ErrorCode::TooLong => "encoded string longer than 65,535 bytes",
            ErrorCode::Reserved => "reserved sequence (lead byte 0xFE or 0xFF)",
            ErrorCode::C1Control => "C1 control character (not encodable in Corrected UTF-8)",
            ErrorCode::NulInDocument => "U+0000 in a Corrected UTF-8 document",
            ErrorCode::NotRepresentableInUtf16 => {
                "code point above U+10FFFF (not representable in UTF-16)"
            }
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Byte input that is not well-formed (WTF-8 or UTF-8, depending on the function).
///
/// Carries the same detail as [`core::str::Utf8Error`]: the offset up to which the input is valid,
/// the length of the ill-formed subpart that starts there (`None` when the input ended in the
/// middle of a sequence), and an [`ErrorCode`] saying why.
///
/// # Example
/// ```
/// use wtf8_wasm::{convert_wtf8_to_utf16, ErrorCode};
/// // A surrogate pair spelled as two 3-byte sequences: the first three bytes alone are valid.
/// let err = convert_wtf8_to_utf16(b"\xED\xA0\x80\xED\xB0\x80").unwrap_err();
/// assert_eq!((err.code(), err.valid_up_to(), err.error_len()), (ErrorCode::SurrogatePair, 3, Some(3)));
/// // Input that ends mid-sequence has no error length.
/// let err = convert_wtf8_to_utf16(b"\xE2\x82").unwrap_err();
/// assert_eq!((err.code(), err.valid_up_to(), err.error_len()), (ErrorCode::Truncated, 0, None));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DecodeError {
    pub(crate) code: ErrorCode,
    pub(crate) valid_up_to: usize,
    pub(crate) error_len: Option<u8>,
}

impl DecodeError {
    pub(crate) const fn new(code: ErrorCode, valid_up_to: usize, error_len: Option<u8>) -> Self {
        DecodeError {
            code,
            valid_up_to,
            error_len,
        }
    }

    /// Why the input is ill-formed.
    pub const fn code(&self) -> ErrorCode {
        self.code
    }

    /// The byte offset where the well-formed prefix of the input ends: `input[..valid_up_to()]`
    /// is well-formed, and the error starts at this offset. This is the `offset` of the
    /// JavaScript error.
    pub const fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }

    /// The length in bytes of the ill-formed sequence at [`valid_up_to`](Self::valid_up_to)
    /// (1 to 3 for WTF-8 and UTF-8), or `None` when the input ended in the middle of a sequence
    /// that more input could have completed.
    ///
    /// The [neighbouring encodings](crate::encodings) report longer errors: a UTF-32 value is 4
    /// bytes, a CESU-8 or Modified UTF-8 `FOUR_BYTE_FORM` up to 4, a Corrected UTF-8 sequence up
    /// to 6, and a Corrected UTF-8 `RESERVED` run as long as it is — saturating at 255.
    pub fn error_len(&self) -> Option<usize> {
        self.error_len.map(usize::from)
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at byte offset {} ({})",
            self.code.description(),
            self.valid_up_to,
            self.code.as_str()
        )
    }
}

impl core::error::Error for DecodeError {}

/// A string (UTF-16 code units) that holds a lone surrogate where well-formed UTF-16 was required.
///
/// # Example
/// ```
/// use wtf8_wasm::convert_utf16_to_utf8;
/// let err = convert_utf16_to_utf8(&[0x61, 0xD83D, 0x62]).unwrap_err();
/// assert_eq!((err.index(), err.unit()), (1, 0xD83D));
/// assert_eq!(err.code().as_str(), "LONE_SURROGATE");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LoneSurrogateError {
    pub(crate) index: usize,
    pub(crate) unit: u16,
}

impl LoneSurrogateError {
    /// Always [`ErrorCode::LoneSurrogate`].
    pub const fn code(&self) -> ErrorCode {
        ErrorCode::LoneSurrogate
    }

    /// The index, in UTF-16 code units, of the first lone surrogate. Everything before it is
    /// well-formed. This is the `index` of the JavaScript error.
    pub const fn index(&self) -> usize {
        self.index
    }

    /// The lone surrogate code unit itself (0xD800..=0xDFFF).
    pub const fn unit(&self) -> u16 {
        self.unit
    }
}

impl fmt::Display for LoneSurrogateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let which = if self.unit < 0xDC00 { "lead" } else { "trail" };
        write!(
            f,
            "lone {} surrogate U+{:04X} at index {} (LONE_SURROGATE)",
            which, self.unit, self.index
        )
    }
}

impl core::error::Error for LoneSurrogateError {}

#[cfg(test)]
mod tests {
    use super::ErrorCode;

    /// `ErrorCode::ALL` lists every variant once (the match fails to compile on a new variant
    /// until it is placed, and the npm package's bindings report codes by their position in ALL).
    #[test]
    fn all_lists_every_variant_once() {
        let position = |code: ErrorCode| match code {
            ErrorCode::UnexpectedContinuation => 0,
            ErrorCode::Overlong => 1,
            ErrorCode::InvalidByte => 2,
            ErrorCode::TooLarge => 3,
            ErrorCode::MissingContinuation => 4,
            ErrorCode::Truncated => 5,
            ErrorCode::SurrogatePair => 6,
            ErrorCode::Surrogate => 7,
            ErrorCode::LoneSurrogate => 8,
            ErrorCode::FourByteForm => 9,
            ErrorCode::NulByte => 10,
            ErrorCode::TooLong => 11,
            ErrorCode::Reserved => 12,
            ErrorCode::C1Control => 13,
            ErrorCode::NulInDocument => 14,
            ErrorCode::NotRepresentableInUtf16 => 15,
        };
        for (i, code) in ErrorCode::ALL.iter().enumerate() {
            assert_eq!(position(*code), i, "{}", code.as_str());
        }
    }
}
