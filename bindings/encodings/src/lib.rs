//! WebAssembly bindings of the `wtf8-wasm/encodings` entry: thin `#[wasm_bindgen]` exports over
//! [`wtf8_wasm::encodings`], for the TypeScript layer in `js/encodings/` (the public API; nothing here
//! is meant to be called directly).
//!
//! A crate of its own (the main entry's bindings are another), so each npm entry carries a wasm
//! module with only what it uses.
//!
//! **Payload text never crosses the boundary as `&str`, `String` or `char`**: wasm-bindgen
//! converts those with `TextEncoder`/`TextDecoder`, which replace lone surrogates with U+FFFD.
//! UTF-16 code units come in as `&[u16]` (the glue copies a `Uint16Array` into wasm memory), code
//! points as `&[u32]`, bytes as `&[u8]`; results go out as `Vec<u8>`, `Vec<u16>` or `Vec<u32>`
//! (copied into a fresh typed array). Each call converts one whole input, so wasm memory grows to
//! the largest input seen. A failure is thrown as a [`Failure`] (`code`, and `offset`/`length` for
//! byte input or `index` for string and code point input), which the TypeScript layer turns into
//! its `Wtf8Error`. (A small exported struct rather than serde-wasm-bindgen: it keeps this module
//! about 6 kB smaller.)
//!
//! A decoder's byte order crosses as `big_endian: Option<bool>`, where `None` (`undefined`) means
//! "read it from an optional byte order mark, big-endian without one". `fatal` selects the strict
//! function (an error) over the `_lossy` one (U+FFFD).

use wasm_bindgen::prelude::*;

use wtf8_wasm::encodings as enc;
use wtf8_wasm::encodings::{CorrectedUtf8Mode, EncodeError, Surrogates};
use wtf8_wasm::{DecodeError, LoneSurrogateError};

type Bytes = Result<Vec<u8>, Failure>;
type Units = Result<Vec<u16>, Failure>;

/// UTF-16LE (`big_endian` false) or UTF-16BE bytes of `units`, after a BOM when `bom`. Never fails.
#[wasm_bindgen]
pub fn encode_utf16(units: &[u16], big_endian: bool, bom: bool) -> Vec<u8> {
    if big_endian {
        enc::convert_utf16_to_utf16be(units, bom)
    } else {
        enc::convert_utf16_to_utf16le(units, bom)
    }
}

/// UTF-16 bytes → code units, big- or little-endian, or (`None`) as a BOM says, stripping it.
///
/// # Errors
/// `fatal`: a byte [`Failure`] (only `TRUNCATED`, an odd trailing byte).
#[wasm_bindgen]
pub fn decode_utf16(bytes: &[u8], big_endian: Option<bool>, fatal: bool) -> Units {
    match (big_endian, fatal) {
        (Some(false), true) => enc::convert_utf16le_to_utf16(bytes).map_err(decode_error),
        (Some(false), false) => Ok(enc::convert_utf16le_to_utf16_lossy(bytes)),
        (Some(true), true) => enc::convert_utf16be_to_utf16(bytes).map_err(decode_error),
        (Some(true), false) => Ok(enc::convert_utf16be_to_utf16_lossy(bytes)),
        (None, true) => enc::convert_utf16bom_to_utf16(bytes).map_err(decode_error),
        (None, false) => Ok(enc::convert_utf16bom_to_utf16_lossy(bytes)),
    }
}

/// UTF-32LE/BE bytes of `units`, after a BOM when `bom`. `pass`: lone surrogates are written as
/// their own value (never fails); otherwise `fatal` rejects them and lossy writes U+FFFD.
///
/// # Errors
/// `fatal` and not `pass`: `LONE_SURROGATE` with its `index`.
#[wasm_bindgen]
pub fn encode_utf32(units: &[u16], big_endian: bool, bom: bool, pass: bool, fatal: bool) -> Bytes {
    let surrogates = if pass {
        Surrogates::Pass
    } else {
        Surrogates::Reject
    };
    match (big_endian, fatal || pass) {
        (false, true) => enc::convert_utf16_to_utf32le(units, bom, surrogates).map_err(lone_error),
        (true, true) => enc::convert_utf16_to_utf32be(units, bom, surrogates).map_err(lone_error),
        (false, false) => Ok(enc::convert_utf16_to_utf32le_lossy(units, bom)),
        (true, false) => Ok(enc::convert_utf16_to_utf32be_lossy(units, bom)),
    }
}

/// UTF-32 bytes → code units; `big_endian` as for [`decode_utf16`]; `pass` decodes surrogate
/// values to their unit.
///
/// # Errors
/// `fatal`: a byte [`Failure`] (`TOO_LARGE`, `SURROGATE`, `TRUNCATED`).
#[wasm_bindgen]
pub fn decode_utf32(bytes: &[u8], big_endian: Option<bool>, pass: bool, fatal: bool) -> Units {
    let surrogates = if pass {
        Surrogates::Pass
    } else {
        Surrogates::Reject
    };
    match (big_endian, fatal) {
        (Some(false), true) => {
            enc::convert_utf32le_to_utf16(bytes, surrogates).map_err(decode_error)
        }
        (Some(false), false) => Ok(enc::convert_utf32le_to_utf16_lossy(bytes, surrogates)),
        (Some(true), true) => {
            enc::convert_utf32be_to_utf16(bytes, surrogates).map_err(decode_error)
        }
        (Some(true), false) => Ok(enc::convert_utf32be_to_utf16_lossy(bytes, surrogates)),
        (None, true) => enc::convert_utf32bom_to_utf16(bytes, surrogates).map_err(decode_error),
        (None, false) => Ok(enc::convert_utf32bom_to_utf16_lossy(bytes, surrogates)),
    }
}

/// CESU-8 bytes of `units`; lossy (EF BF BD per lone surrogate) unless `fatal`.
///
/// # Errors
/// `fatal`: `LONE_SURROGATE` with its `index`.
#[wasm_bindgen]
pub fn encode_cesu8(units: &[u16], fatal: bool) -> Bytes {
    if fatal {
        enc::convert_utf16_to_cesu8(units).map_err(lone_error)
    } else {
        Ok(enc::convert_utf16_to_cesu8_lossy(units))
    }
}

/// CESU-8 bytes → code units.
///
/// # Errors
/// `fatal`: a byte [`Failure`].
#[wasm_bindgen]
pub fn decode_cesu8(bytes: &[u8], fatal: bool) -> Units {
    if fatal {
        enc::convert_cesu8_to_utf16(bytes).map_err(decode_error)
    } else {
        Ok(enc::convert_cesu8_to_utf16_lossy(bytes))
    }
}

/// Java's Modified UTF-8 bytes of `units`. Lossless, never fails.
#[wasm_bindgen]
pub fn encode_mutf8(units: &[u16]) -> Vec<u8> {
    enc::convert_utf16_to_mutf8(units)
}

/// Modified UTF-8 bytes → code units.
///
/// # Errors
/// `fatal`: a byte [`Failure`].
#[wasm_bindgen]
pub fn decode_mutf8(bytes: &[u8], fatal: bool) -> Units {
    if fatal {
        enc::convert_mutf8_to_utf16(bytes).map_err(decode_error)
    } else {
        Ok(enc::convert_mutf8_to_utf16_lossy(bytes))
    }
}

/// A `DataOutput.writeUTF` frame: 2-byte big-endian length, then the Modified UTF-8 body.
///
/// # Errors
/// `TOO_LONG` with an `index` when the body would exceed 65,535 bytes.
#[wasm_bindgen]
pub fn encode_mutf8_frame(units: &[u16]) -> Bytes {
    enc::convert_utf16_to_mutf8_frame(units).map_err(encode_error)
}

/// The code units of the `writeUTF` frame at the start of `bytes` (it takes `2 + length prefix`
/// bytes, which the caller reads from the prefix).
///
/// # Errors
/// A byte [`Failure`]: `TRUNCATED` at 0 when the frame is incomplete, else the body's error.
#[wasm_bindgen]
pub fn decode_mutf8_frame(bytes: &[u8]) -> Units {
    match enc::convert_mutf8_frame_to_utf16(bytes) {
        Ok((units, _)) => Ok(units),
        Err(e) => Err(decode_error(e)),
    }
}

/// UTF-8B (`surrogateescape`) bytes of `units`: U+DC80..=U+DCFF become the byte they escape.
///
/// # Errors
/// `LONE_SURROGATE` with its `index` for any other lone surrogate.
#[wasm_bindgen]
pub fn encode_utf8b(units: &[u16]) -> Bytes {
    enc::convert_utf16_to_utf8b(units).map_err(lone_error)
}

/// UTF-8B bytes → code units: undecodable bytes become U+DC80..=U+DCFF. Never fails.
#[wasm_bindgen]
pub fn decode_utf8b(bytes: &[u8]) -> Vec<u16> {
    enc::convert_utf8b_to_utf16(bytes)
}

fn corrected_mode(document: bool) -> CorrectedUtf8Mode {
    if document {
        CorrectedUtf8Mode::Document
    } else {
        CorrectedUtf8Mode::Text
    }
}

/// Corrected UTF-8 bytes of `units` (after the magic number when `document`); lossy unless `fatal`.
///
/// # Errors
/// `fatal`: `C1_CONTROL`, `LONE_SURROGATE` or `NUL_IN_DOCUMENT` with an `index`.
#[wasm_bindgen]
pub fn encode_corrected_utf8(units: &[u16], document: bool, fatal: bool) -> Bytes {
    let mode = corrected_mode(document);
    if fatal {
        enc::convert_utf16_to_corrected_utf8(units, mode).map_err(encode_error)
    } else {
        Ok(enc::convert_utf16_to_corrected_utf8_lossy(units, mode))
    }
}

/// Corrected UTF-8 bytes of code points up to U+8421109F; lossy unless `fatal`.
///
/// # Errors
/// `fatal`: `C1_CONTROL`, `SURROGATE`, `TOO_LARGE` or `NUL_IN_DOCUMENT` with an `index` in code
/// points.
#[wasm_bindgen]
pub fn encode_corrected_utf8_code_points(
    code_points: &[u32],
    document: bool,
    fatal: bool,
) -> Bytes {
    let mode = corrected_mode(document);
    if fatal {
        enc::convert_code_points_to_corrected_utf8(code_points, mode).map_err(encode_error)
    } else {
        Ok(enc::convert_code_points_to_corrected_utf8_lossy(
            code_points,
            mode,
        ))
    }
}

/// Corrected UTF-8 bytes → code units (the magic number stripped when `document`).
///
/// # Errors
/// `fatal`: a byte [`Failure`].
#[wasm_bindgen]
pub fn decode_corrected_utf8(bytes: &[u8], document: bool, fatal: bool) -> Units {
    let mode = corrected_mode(document);
    if fatal {
        enc::convert_corrected_utf8_to_utf16(bytes, mode).map_err(decode_error)
    } else {
        Ok(enc::convert_corrected_utf8_to_utf16_lossy(bytes, mode))
    }
}

/// Corrected UTF-8 bytes → code points, the full range up to U+8421109F.
///
/// # Errors
/// `fatal`: a byte [`Failure`].
#[wasm_bindgen]
pub fn decode_corrected_utf8_code_points(
    bytes: &[u8],
    document: bool,
    fatal: bool,
) -> Result<Vec<u32>, Failure> {
    let mode = corrected_mode(document);
    if fatal {
        enc::convert_corrected_utf8_to_code_points(bytes, mode).map_err(decode_error)
    } else {
        Ok(enc::convert_corrected_utf8_to_code_points_lossy(
            bytes, mode,
        ))
    }
}

/// Why and where a conversion failed, thrown to JavaScript (the TypeScript layer turns it into a
/// `Wtf8Error` and frees it). Byte input sets `offset` and `length` (`undefined` length: the input
/// ends inside a sequence); string or code point input sets `index`.
#[wasm_bindgen]
pub struct Failure {
    code: &'static str,
    /// Byte offset where the well-formed prefix ends (byte input).
    #[wasm_bindgen(readonly)]
    pub offset: Option<usize>,
    /// Bytes the error covers; `None` when more input could complete the sequence (byte input).
    #[wasm_bindgen(readonly)]
    pub length: Option<usize>,
    /// Index of the first value that cannot be written (string or code point input).
    #[wasm_bindgen(readonly)]
    pub index: Option<usize>,
}

#[wasm_bindgen]
impl Failure {
    /// The stable error code, e.g. `"TRUNCATED"` (an ASCII constant, not payload text).
    #[wasm_bindgen(getter)]
    pub fn code(&self) -> JsValue {
        JsValue::from_str(self.code)
    }
}

fn decode_error(e: DecodeError) -> Failure {
    Failure {
        code: e.code().as_str(),
        offset: Some(e.valid_up_to()),
        length: e.error_len(),
        index: None,
    }
}

fn encode_error(e: EncodeError) -> Failure {
    Failure {
        code: e.code().as_str(),
        offset: None,
        length: None,
        index: Some(e.index()),
    }
}

fn lone_error(e: LoneSurrogateError) -> Failure {
    encode_error(EncodeError::from(e))
}
