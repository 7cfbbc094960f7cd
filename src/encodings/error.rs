//! [`EncodeError`]: a string (or code point sequence) that an encoder cannot write, with the
//! index of the first value it cannot write.

use core::fmt;

use crate::error::{ErrorCode, LoneSurrogateError};

/// Input that an encoder cannot write: an [`ErrorCode`] and the *index* of the first offending
/// value — in UTF-16 code units for `&[u16]` input, in code points for `&[u32]` input.
///
/// Encoders whose only failure is a lone surrogate return the crate's [`LoneSurrogateError`]
/// instead; this type is for encoders that can fail in more than one way (Corrected UTF-8, the
/// `writeUTF` frame). Everything before [`index`](Self::index) could be encoded.
///
/// | code | returned by | `value` |
/// |---|---|---|
/// | [`ErrorCode::LoneSurrogate`] | UTF-16 input with a lone surrogate | the surrogate unit |
/// | [`ErrorCode::Surrogate`] | code point input holding 0xD800..=0xDFFF | that value |
/// | [`ErrorCode::C1Control`] | Corrected UTF-8: U+0080..=U+009F | the code point |
/// | [`ErrorCode::TooLarge`] | Corrected UTF-8: a value above U+8421109F | that value |
/// | [`ErrorCode::NulInDocument`] | Corrected UTF-8 document: U+0000 | 0 |
/// | [`ErrorCode::TooLong`] | `writeUTF` frame: the first unit past 65,535 bytes | that unit |
///
/// # Example
/// ```
/// use wtf8_wasm::encodings::{convert_utf16_to_corrected_utf8, CorrectedUtf8Mode};
/// use wtf8_wasm::ErrorCode;
/// // U+0085 NEXT LINE is a C1 control: Corrected UTF-8 has no encoding for it.
/// let err = convert_utf16_to_corrected_utf8(&[0x61, 0x85], CorrectedUtf8Mode::Text).unwrap_err();
/// assert_eq!((err.code(), err.index(), err.value()), (ErrorCode::C1Control, 1, 0x85));
/// assert_eq!(err.code().as_str(), "C1_CONTROL");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EncodeError {
    code: ErrorCode,
    index: usize,
    value: u32,
}

impl EncodeError {
    pub(crate) const fn new(code: ErrorCode, index: usize, value: u32) -> Self {
        EncodeError { code, index, value }
    }

    /// Why the value cannot be encoded.
    pub const fn code(&self) -> ErrorCode {
        self.code
    }

    /// The index of the first value that cannot be encoded: in UTF-16 code units for string
    /// input, in code points for `&[u32]` input. This is the `index` of the JavaScript error.
    pub const fn index(&self) -> usize {
        self.index
    }

    /// The offending value: the code unit or code point at [`index`](Self::index) (for a
    /// surrogate pair, the supplementary code point it spells).
    pub const fn value(&self) -> u32 {
        self.value
    }
}

impl From<LoneSurrogateError> for EncodeError {
    /// The same error with code [`ErrorCode::LoneSurrogate`].
    ///
    /// ```
    /// use wtf8_wasm::{convert_utf16_to_utf8, encodings::EncodeError};
    /// let err = EncodeError::from(convert_utf16_to_utf8(&[0xDC00]).unwrap_err());
    /// assert_eq!((err.code().as_str(), err.index(), err.value()), ("LONE_SURROGATE", 0, 0xDC00));
    /// ```
    fn from(err: LoneSurrogateError) -> Self {
        EncodeError::new(err.code(), err.index(), u32::from(err.unit()))
    }
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot encode U+{:04X} at index {}: {} ({})",
            self.value,
            self.index,
            self.code.description(),
            self.code.as_str()
        )
    }
}

impl core::error::Error for EncodeError {}
