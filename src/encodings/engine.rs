//! The machinery every codec in this module shares: a decoding loop that is strict or lenient
//! from one definition, and an iterator over the code points of UTF-16 code units.
//!
//! Each decoder is written once, as a *step* function that says what the sequence at a byte
//! offset is ([`Step`]). [`decode`] runs it: the strict decoder stops at the first
//! [`Step::Error`]; the lenient decoder writes one U+FFFD for it and carries on after its length
//! (or stops, when the input ended inside a sequence). So lenient output is, by construction,
//! strict output with each error replaced by one U+FFFD.

use crate::error::{DecodeError, ErrorCode};
use crate::grammar::{self, combine, is_lead, is_trail, units, Seq};
use alloc::vec::Vec;

/// U+FFFD REPLACEMENT CHARACTER.
pub(crate) const REPLACEMENT: u32 = 0xFFFD;

/// What the bytes at one offset are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// A code point (or a surrogate, where the codec allows one) spelled by the given number of
    /// bytes.
    Char(u32, usize),
    /// An ill-formed sequence of `Some(len)` bytes, or `None` when the input ended inside a
    /// sequence that more input could have completed.
    Error(ErrorCode, Option<usize>),
}

/// [`grammar::read_sequence`] for the steps of this module's UTF-8-like codecs (CESU-8, Modified
/// UTF-8, UTF-8B), as one shared function: the grammar inlines it into the WTF-8 decoders, where
/// it is the hot path, but an inlined copy in each of these steps put the same code into the
/// encodings' wasm module three times (0.9 kB raw, 0.4 kB gzip). The cost is a call per sequence
/// that is not ASCII.
#[inline(never)]
pub(crate) fn read_sequence(src: &[u8]) -> Seq {
    grammar::read_sequence(src)
}

/// Runs `step` over `src` from byte offset `start`, passing each decoded value to `emit`.
///
/// Strict (`fatal`): returns the first error, with its offset in `src`. Lenient: emits U+FFFD
/// for each error and resumes after it; never fails.
#[inline]
pub(crate) fn decode(
    src: &[u8],
    start: usize,
    fatal: bool,
    mut step: impl FnMut(&[u8], usize) -> Step,
    mut emit: impl FnMut(u32),
) -> Result<(), DecodeError> {
    let mut i = start;
    while i < src.len() {
        match step(src, i) {
            Step::Char(value, len) => {
                emit(value);
                i += len;
            }
            Step::Error(code, len) => {
                if fatal {
                    return Err(DecodeError::new(code, i, len.map(saturate)));
                }
                emit(REPLACEMENT);
                i = len.map_or(src.len(), |n| i + n);
            }
        }
    }
    Ok(())
}

/// [`decode`] into UTF-16 code units. Every value `step` yields must be at most U+10FFFF; a
/// surrogate value becomes that one code unit.
#[inline]
pub(crate) fn decode_to_utf16(
    src: &[u8],
    start: usize,
    fatal: bool,
    capacity: usize,
    step: impl FnMut(&[u8], usize) -> Step,
) -> Result<Vec<u16>, DecodeError> {
    let mut out = Vec::with_capacity(capacity);
    decode(src, start, fatal, step, |value| push_utf16(&mut out, value))?;
    Ok(out)
}

/// [`decode`] into code points (or surrogates, where the codec allows them).
#[inline]
pub(crate) fn decode_to_code_points(
    src: &[u8],
    start: usize,
    fatal: bool,
    capacity: usize,
    step: impl FnMut(&[u8], usize) -> Step,
) -> Result<Vec<u32>, DecodeError> {
    let mut out = Vec::with_capacity(capacity);
    decode(src, start, fatal, step, |value| out.push(value))?;
    Ok(out)
}

/// Unwraps the result of a lenient decode, which cannot fail.
#[inline]
pub(crate) fn lenient<T>(result: Result<T, DecodeError>) -> T {
    result.unwrap_or_else(|_| unreachable!("the lenient decoder never fails"))
}

/// Appends `value` (at most U+10FFFF) as one or two UTF-16 code units.
#[inline]
pub(crate) fn push_utf16(out: &mut Vec<u16>, value: u32) {
    let (units, n) = units(value);
    out.extend_from_slice(&units[..n]);
}

/// `DecodeError` stores the error length in a byte; a longer run (only a Corrected UTF-8
/// reserved sequence can be longer) is reported as 255.
#[inline]
fn saturate(len: usize) -> u8 {
    u8::try_from(len).unwrap_or(u8::MAX)
}

/// The code points of UTF-16 code units, each with the index of its first unit: a lead
/// surrogate directly followed by a trail surrogate is one supplementary code point; every
/// other surrogate unit is yielded as its own value (0xD800..=0xDFFF), a *lone* surrogate.
#[derive(Clone, Debug)]
pub(crate) struct CodePoints<'a> {
    src: &'a [u16],
    index: usize,
}

impl<'a> CodePoints<'a> {
    #[inline]
    pub(crate) fn new(src: &'a [u16]) -> Self {
        CodePoints { src, index: 0 }
    }
}

impl Iterator for CodePoints<'_> {
    type Item = (usize, u32);

    #[inline]
    fn next(&mut self) -> Option<(usize, u32)> {
        let i = self.index;
        let unit = u32::from(*self.src.get(i)?);
        if is_lead(unit) {
            if let Some(&next) = self.src.get(i + 1) {
                if is_trail(u32::from(next)) {
                    self.index = i + 2;
                    return Some((i, combine(unit, u32::from(next))));
                }
            }
        }
        self.index = i + 1;
        Some((i, unit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_points_pair_only_lead_then_trail() {
        let units = [0x61, 0xD83D, 0xDE00, 0xDE00, 0xD83D, 0xD83D, 0xDE00, 0xD800];
        let got: Vec<_> = CodePoints::new(&units).collect();
        assert_eq!(
            got,
            [
                (0, 0x61),
                (1, 0x1F600),
                (3, 0xDE00),
                (4, 0xD83D),
                (5, 0x1F600),
                (7, 0xD800)
            ]
        );
    }

    #[test]
    fn lenient_replaces_each_error_and_stops_at_truncation() {
        let step = |src: &[u8], i: usize| match src[i] {
            b'x' => Step::Error(ErrorCode::InvalidByte, Some(2)),
            b't' => Step::Error(ErrorCode::Truncated, None),
            b => Step::Char(u32::from(b), 1),
        };
        let got = lenient(decode_to_code_points(b"axyzt12", 0, false, 0, step));
        assert_eq!(got, [0x61, 0xFFFD, 0x7A, 0xFFFD]);
        let err = decode_to_code_points(b"axyzt12", 0, true, 0, step).unwrap_err();
        assert_eq!(
            (err.code(), err.valid_up_to(), err.error_len()),
            (ErrorCode::InvalidByte, 1, Some(2))
        );
        assert_eq!(saturate(300), 255);
    }
}
