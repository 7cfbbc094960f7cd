//! Validation without decoding: is this well-formed WTF-8, well-formed UTF-8, well-formed UTF-16?
//!
//! Each check reports the same detail as the decoders: where the well-formed prefix ends and
//! why, so that a caller can learn *where* input is bad without catching anything.

use crate::error::{DecodeError, ErrorCode, LoneSurrogateError};
use crate::grammar::{is_lead, is_surrogate, is_trail, read_sequence, Seq};

/// Checks that `src` is well-formed WTF-8.
///
/// Well-formed WTF-8 is generalized UTF-8 (surrogate code points allowed, each as its own
/// 3-byte sequence) in which no lead surrogate sequence is directly followed by a trail
/// surrogate sequence. Exactly the input [`convert_wtf8_to_utf16`](crate::convert_wtf8_to_utf16)
/// accepts.
///
/// # Errors
/// The same [`DecodeError`] the strict decoder would return.
///
/// ```
/// use wtf8_wasm::{validate_wtf8, ErrorCode};
/// assert!(validate_wtf8(b"a\xED\xA0\xBD").is_ok());
/// let err = validate_wtf8(b"ab\xF4\x90\x80\x80").unwrap_err();
/// assert_eq!((err.code(), err.valid_up_to(), err.error_len()), (ErrorCode::TooLarge, 2, Some(1)));
/// ```
///
/// Complexity: O(n), no allocation.
pub fn validate_wtf8(src: &[u8]) -> Result<(), DecodeError> {
    #[cfg(simd_kernels)]
    return validate_wtf8_simd(src);
    #[cfg(not(simd_kernels))]
    validate_wtf8_from(src, 0, false)
}

/// [`validate_wtf8`] with the SIMD kernel ([`crate::simd::validate`]): its blocks check what they
/// can, and the scalar kernel ([`validate_wtf8_from`]) goes on from the well-formed prefix they
/// found, to the end or to the exact error.
#[cfg(any(test, simd_kernels))]
#[inline(never)]
pub(crate) fn validate_wtf8_simd(src: &[u8]) -> Result<(), DecodeError> {
    let (i, prev_lead) = crate::simd::validate::well_formed_prefix(src);
    validate_wtf8_from(src, i, prev_lead)
}

/// The scalar kernel of [`validate_wtf8`], from `src[i..]`: `i` must be at a sequence boundary
/// with `src[..i]` well-formed, and `prev_lead` says whether its last sequence is a lead
/// surrogate's. Errors count from the start of `src`. It is the reference the SIMD kernel is
/// tested against, and in [`validate_wtf8_simd`] checks what the SIMD kernel's blocks leave (and
/// finds the exact error wherever they see one).
pub(crate) fn validate_wtf8_from(
    src: &[u8],
    mut i: usize,
    mut prev_lead: bool,
) -> Result<(), DecodeError> {
    while i < src.len() {
        if src[i] < 0x80 {
            prev_lead = false;
            i += 1;
            continue;
        }
        match read_sequence(&src[i..]) {
            Seq::Valid { code_point, len } => {
                if prev_lead && is_trail(code_point) {
                    return Err(DecodeError::new(ErrorCode::SurrogatePair, i, Some(3)));
                }
                prev_lead = is_lead(code_point);
                i += usize::from(len);
            }
            Seq::Invalid { code, len } => return Err(DecodeError::new(code, i, Some(len))),
            Seq::Truncated => return Err(DecodeError::new(ErrorCode::Truncated, i, None)),
        }
    }
    Ok(())
}

/// Is `src` well-formed WTF-8? See [`validate_wtf8`].
///
/// ```
/// assert!(wtf8_wasm::is_wtf8(b"\xED\xB0\x80"));
/// assert!(!wtf8_wasm::is_wtf8(b"\xED\xA0\x80\xED\xB0\x80"));
/// ```
pub fn is_wtf8(src: &[u8]) -> bool {
    validate_wtf8(src).is_ok()
}

/// The length of the longest well-formed WTF-8 prefix of `src`.
///
/// ```
/// assert_eq!(wtf8_wasm::wtf8_valid_up_to(b"ok\xFF"), 2);
/// assert_eq!(wtf8_wasm::wtf8_valid_up_to(b"ok"), 2);
/// ```
pub fn wtf8_valid_up_to(src: &[u8]) -> usize {
    match validate_wtf8(src) {
        Ok(()) => src.len(),
        Err(e) => e.valid_up_to(),
    }
}

/// Checks that `src` is well-formed UTF-8: well-formed WTF-8 without surrogate sequences.
///
/// `valid_up_to` and `error_len` are exactly those of [`core::str::from_utf8`]; the code says
/// why, with [`ErrorCode::Surrogate`] for a surrogate byte sequence (ED A0..BF), which is what
/// makes WTF-8 that is not UTF-8.
///
/// # Errors
/// A [`DecodeError`] at the first ill-formed sequence.
///
/// ```
/// use wtf8_wasm::{validate_utf8, ErrorCode};
/// assert!(validate_utf8("héllo".as_bytes()).is_ok());
/// let err = validate_utf8(b"a\xED\xA0\xBD").unwrap_err();
/// assert_eq!((err.code(), err.valid_up_to(), err.error_len()), (ErrorCode::Surrogate, 1, Some(1)));
/// ```
///
/// Complexity: O(n), no allocation.
pub fn validate_utf8(src: &[u8]) -> Result<(), DecodeError> {
    #[cfg(simd_kernels)]
    return validate_utf8_simd(src);
    #[cfg(not(simd_kernels))]
    validate_utf8_std(src)
}

/// [`validate_utf8`] as std's `from_utf8`, with the error's code from the grammar. The reference
/// [`validate_utf8_simd`] is tested against, and the native builds' kernel.
#[cfg(any(test, not(simd_kernels)))]
pub(crate) fn validate_utf8_std(src: &[u8]) -> Result<(), DecodeError> {
    match core::str::from_utf8(src) {
        Ok(_) => Ok(()),
        Err(e) => {
            let at = e.valid_up_to();
            let error_len = e.error_len().map(|n| n as u8);
            let rest = &src[at..];
            let code = if starts_surrogate_sequence(rest) {
                ErrorCode::Surrogate
            } else {
                match read_sequence(rest) {
                    Seq::Invalid { code, .. } => code,
                    Seq::Truncated => ErrorCode::Truncated,
                    Seq::Valid { .. } => {
                        unreachable!("std rejected a sequence the grammar accepts")
                    }
                }
            };
            Err(DecodeError::new(code, at, error_len))
        }
    }
}

/// [`validate_utf8`] with the SIMD kernels: UTF-8 is WTF-8 without surrogate sequences, so the
/// first error is the first surrogate sequence of the well-formed WTF-8 prefix (where an ED byte
/// always starts a sequence), else where that prefix ends: a surrogate error if the bytes there
/// start ED A0..BF (a surrogate sequence cut short or broken, which std stops at its first byte),
/// else the WTF-8 validator's error. std's `from_utf8` is scalar in wasm (1.3–1.5× slower on
/// 20 K units with lone surrogates, 27 Nov 2026: commit 320600e8), and this keeps it out of the
/// npm package's module.
#[cfg(any(test, simd_kernels))]
#[inline(never)]
pub(crate) fn validate_utf8_simd(src: &[u8]) -> Result<(), DecodeError> {
    let wtf8 = validate_wtf8_simd(src);
    let end = wtf8
        .as_ref()
        .err()
        .map_or(src.len(), DecodeError::valid_up_to);
    let surrogate = crate::wtf8_string::find_surrogate_sequence(&src[..end])
        .or_else(|| starts_surrogate_sequence(&src[end..]).then_some(end));
    match surrogate {
        Some(at) => Err(DecodeError::new(ErrorCode::Surrogate, at, Some(1))),
        None => wtf8,
    }
}

/// Do `bytes` start with ED A0..BF, a surrogate sequence's first two bytes (where UTF-8
/// validation reports `Surrogate`, at the ED byte)?
fn starts_surrogate_sequence(bytes: &[u8]) -> bool {
    matches!(bytes, [0xED, 0xA0..=0xBF, ..])
}

/// Is `src` well-formed UTF-8? See [`validate_utf8`].
///
/// ```
/// assert!(wtf8_wasm::is_utf8("😀".as_bytes()));
/// assert!(!wtf8_wasm::is_utf8(b"\xED\xA0\xBD"));
/// ```
pub fn is_utf8(src: &[u8]) -> bool {
    core::str::from_utf8(src).is_ok()
}

/// The length of the longest well-formed UTF-8 prefix of `src`.
///
/// ```
/// assert_eq!(wtf8_wasm::utf8_valid_up_to(b"a\xED\xA0\xBD"), 1);
/// ```
pub fn utf8_valid_up_to(src: &[u8]) -> usize {
    match core::str::from_utf8(src) {
        Ok(_) => src.len(),
        Err(e) => e.valid_up_to(),
    }
}

/// Checks that `src` is well-formed UTF-16: every lead surrogate is directly followed by a trail
/// surrogate and every trail surrogate directly follows a lead. The same check as JavaScript's
/// `String.prototype.isWellFormed`.
///
/// # Errors
/// A [`LoneSurrogateError`] naming the code unit index of the first lone surrogate.
///
/// ```
/// use wtf8_wasm::validate_utf16;
/// assert!(validate_utf16(&[0xD83D, 0xDE00]).is_ok());
/// assert_eq!(validate_utf16(&[0xDE00, 0xD83D]).unwrap_err().index(), 0);
/// assert_eq!(validate_utf16(&[0x61, 0xD83D]).unwrap_err().index(), 1);
/// ```
///
/// Complexity: O(n), no allocation.
pub fn validate_utf16(src: &[u16]) -> Result<(), LoneSurrogateError> {
    let index = utf16_valid_up_to(src);
    if index == src.len() {
        Ok(())
    } else {
        Err(LoneSurrogateError {
            index,
            unit: src[index],
        })
    }
}

/// Finds the lone surrogates of `src`: writes their indexes, in order, to the start of `out` and
/// returns how many there are, or `None` if there are more than `out.len()` (then `out` holds the
/// first `out.len()` of them). A lead surrogate followed by a trail surrogate is a pair, never
/// lone.
///
/// This is what lets a caller hand the well-formed stretches between lone surrogates to another
/// UTF-8 encoder (such as the platform's `TextEncoder`) and write only the lone surrogates itself.
///
/// ```
/// use wtf8_wasm::utf16_lone_surrogates;
/// let mut out = [0; 4];
/// // "a", a lone trail, a pair, a lone lead at the end.
/// assert_eq!(utf16_lone_surrogates(&[0x61, 0xDC00, 0xD83D, 0xDE00, 0xD800], &mut out), Some(2));
/// assert_eq!(out[..2], [1, 4]);
/// assert_eq!(utf16_lone_surrogates(&[0xDC00; 5], &mut out), None);
/// ```
///
/// Complexity: O(n), no allocation.
pub fn utf16_lone_surrogates(src: &[u16], out: &mut [usize]) -> Option<usize> {
    #[cfg(simd_kernels)]
    return utf16_lone_surrogates_simd(src, out);
    #[cfg(not(simd_kernels))]
    lone_surrogates_from(src, out, 0, 0)
}

/// [`utf16_lone_surrogates`] with the SIMD kernel ([`crate::simd::scan`]): its blocks write the
/// indexes they settle, and the scalar kernel ([`lone_surrogates_from`]) goes on from where they
/// stopped.
#[cfg(any(test, simd_kernels))]
#[inline(never)]
pub(crate) fn utf16_lone_surrogates_simd(src: &[u16], out: &mut [usize]) -> Option<usize> {
    let (i, count) = crate::simd::scan::lone_surrogates(src, out)?;
    lone_surrogates_from(src, out, i, count)
}

/// The scalar kernel of [`utf16_lone_surrogates`] (the reference for the SIMD kernel), from
/// `src[i..]` with `count` indexes already in `out`: `src[i]` must not be the trail of a pair
/// whose lead is before it. Returns the total count.
pub(crate) fn lone_surrogates_from(
    src: &[u16],
    out: &mut [usize],
    mut i: usize,
    mut count: usize,
) -> Option<usize> {
    while i < src.len() {
        // Skip eight units at a time while none is a surrogate (most text has none).
        if let Some(block) = src.get(i..i + 8) {
            if block
                .iter()
                .fold(0, |acc, &u| acc | u16::from(u & 0xF800 == 0xD800))
                == 0
            {
                i += 8;
                continue;
            }
        }
        let u = u32::from(src[i]);
        if is_surrogate(u) {
            if is_lead(u) && i + 1 < src.len() && is_trail(u32::from(src[i + 1])) {
                i += 2;
                continue;
            }
            *out.get_mut(count)? = i;
            count += 1;
        }
        i += 1;
    }
    Some(count)
}

/// The index of the first lone surrogate in `src`, or `src.len()` if there is none.
///
/// ```
/// assert_eq!(wtf8_wasm::utf16_valid_up_to(&[0x61, 0xDC00]), 1);
/// ```
pub fn utf16_valid_up_to(src: &[u16]) -> usize {
    #[cfg(simd_kernels)]
    return utf16_valid_up_to_simd(src);
    #[cfg(not(simd_kernels))]
    utf16_valid_up_to_from(src, 0)
}

/// [`utf16_valid_up_to`] with the SIMD kernel ([`crate::simd::scan`]): its blocks find how far
/// there is no lone surrogate, and the scalar kernel ([`utf16_valid_up_to_from`]) goes on from
/// there.
#[cfg(any(test, simd_kernels))]
#[inline(never)]
pub(crate) fn utf16_valid_up_to_simd(src: &[u16]) -> usize {
    utf16_valid_up_to_from(src, crate::simd::scan::valid_up_to(src))
}

/// The scalar kernel of [`utf16_valid_up_to`] (the reference for the SIMD kernel), from
/// `src[i..]`: `src[..i]` must hold no lone surrogate, and `src[i]` must not be the trail of a
/// pair whose lead is before it.
pub(crate) fn utf16_valid_up_to_from(src: &[u16], mut i: usize) -> usize {
    while i < src.len() {
        let u = u32::from(src[i]);
        if is_surrogate(u) {
            if is_lead(u) && i + 1 < src.len() && is_trail(u32::from(src[i + 1])) {
                i += 2;
                continue;
            }
            return i;
        }
        i += 1;
    }
    src.len()
}
