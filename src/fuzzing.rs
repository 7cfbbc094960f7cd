//! The kernels side by side, for the fuzzers only: this module exists only when the crate is
//! built with `cfg(fuzzing)` (as cargo-fuzz builds it) and is not part of the published API. In
//! such builds the public functions run the SIMD kernels (on the portable vector emulation,
//! `src/simd/`); here the `fuzz/` target `kernels` can also call the scalar kernels they must
//! equal, directly, without the public functions' allocation and argument checks.

use crate::decode::{decode_from, decode_simd, Stop};
use crate::error::ErrorCode;

/// Why a decode stopped: `Done`, `Incomplete` (an unfinished sequence at the end), or `Error`
/// (strict only) with its code and length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecodeStop {
    /// All input decoded.
    Done,
    /// The input ends inside a sequence.
    Incomplete,
    /// An ill-formed sequence of the given length (strict decoding).
    Error(ErrorCode, u8),
}

fn stop(s: Stop) -> DecodeStop {
    match s {
        Stop::Done => DecodeStop::Done,
        Stop::Incomplete => DecodeStop::Incomplete,
        Stop::Error(code, len) => DecodeStop::Error(code, len),
    }
}

/// UTF-16 → WTF-8 (or lossy UTF-8) into `dst`, scalar or SIMD kernel: `(units read, bytes
/// written)` with the `encodeInto` contract.
pub fn encode(src: &[u16], dst: &mut [u8], lossy: bool, simd: bool) -> (usize, usize) {
    match (lossy, simd) {
        (false, false) => crate::encode::encode_units_from::<false>(src, dst, 0, 0),
        (true, false) => crate::encode::encode_units_from::<true>(src, dst, 0, 0),
        (false, true) => crate::encode::encode_units_simd::<false>(src, dst),
        (true, true) => crate::encode::encode_units_simd::<true>(src, dst),
    }
}

/// WTF-8 → UTF-16 into `dst` (at least `src.len()` long), scalar or SIMD kernel, strict
/// (`fatal`) or lenient, after a lead surrogate sequence or not (`lead`, updated): `(bytes read,
/// units written, why it stopped)`.
pub fn decode(
    src: &[u8],
    dst: &mut [u16],
    fatal: bool,
    lead: &mut bool,
    simd: bool,
) -> (usize, usize, DecodeStop) {
    let p = if simd {
        decode_simd(src, src.len(), dst, fatal, lead)
    } else {
        decode_from(src, dst, fatal, lead, 0, 0, src.len())
    };
    (p.read, p.written, stop(p.stop))
}

/// [`validate_wtf8`](crate::validate_wtf8), scalar or SIMD kernel.
pub fn validate(src: &[u8], simd: bool) -> Result<(), crate::DecodeError> {
    if simd {
        crate::validate::validate_wtf8_simd(src)
    } else {
        crate::validate::validate_wtf8_from(src, 0, false)
    }
}

/// [`utf16_lone_surrogates`](crate::utf16_lone_surrogates), scalar or SIMD kernel.
pub fn lone_surrogates(src: &[u16], out: &mut [usize], simd: bool) -> Option<usize> {
    if simd {
        crate::validate::utf16_lone_surrogates_simd(src, out)
    } else {
        crate::validate::lone_surrogates_from(src, out, 0, 0)
    }
}

/// [`utf16_valid_up_to`](crate::utf16_valid_up_to), scalar or SIMD kernel.
pub fn utf16_valid_up_to(src: &[u16], simd: bool) -> usize {
    if simd {
        crate::validate::utf16_valid_up_to_simd(src)
    } else {
        crate::validate::utf16_valid_up_to_from(src, 0)
    }
}

/// [`crate::js`]'s restoration of lone surrogates into a string's lossy UTF-8 (`src/restore.rs`):
/// `unit_at(index)` stands for the string's `charCodeAt`. Returns whether nothing changed.
pub fn restore_lone_surrogates(utf8: &mut [u8], unit_at: impl FnMut(usize) -> u16) -> bool {
    crate::restore::restore_lone_surrogates(utf8, unit_at)
}

/// The number of UTF-16 code units that well-formed UTF-8 spells (`src/restore.rs`).
pub fn utf16_len(utf8: &[u8]) -> usize {
    crate::restore::utf16_len(utf8)
}
