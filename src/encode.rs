//! UTF-16 code units → WTF-8 (WTF-8 spec §6.3, "convert from potentially ill-formed UTF-16").
//!
//! A lead surrogate immediately followed by a trail surrogate is one supplementary code point
//! (4 bytes); every other surrogate unit becomes its own 3-byte sequence (ED A0..BF xx). The
//! conversion is lossless and never fails; its inverse is
//! [`convert_wtf8_to_utf16`](crate::convert_wtf8_to_utf16). When the input is well-formed UTF-16
//! the output is exactly its UTF-8.

use crate::grammar::{combine, is_lead, is_surrogate, is_trail, sequence_len, write_sequence};
use alloc::{vec, vec::Vec};

/// Converts UTF-16 code units to WTF-8, allocating the result. Lossless, never fails.
///
/// The inverse is [`convert_wtf8_to_utf16`](crate::convert_wtf8_to_utf16). The output holds
/// exactly [`wtf8_len_from_utf16`] bytes (at most 3 per code unit).
///
/// ```
/// use wtf8_wasm::convert_utf16_to_wtf8;
/// // "a", a lone lead surrogate, "b": the surrogate survives as ED A0 BD.
/// assert_eq!(convert_utf16_to_wtf8(&[0x61, 0xD83D, 0x62]), b"a\xED\xA0\xBDb");
/// // A proper pair is one 4-byte sequence, as in UTF-8.
/// assert_eq!(convert_utf16_to_wtf8(&[0xD83D, 0xDE00]), "😀".as_bytes());
/// ```
///
/// Complexity: O(n) time, one allocation.
pub fn convert_utf16_to_wtf8(src: &[u16]) -> Vec<u8> {
    let mut dst = vec![0u8; wtf8_len_from_utf16(src)];
    let written = convert_utf16_to_wtf8_into(src, &mut dst);
    debug_assert_eq!(written, dst.len());
    dst
}

/// Converts UTF-16 code units to WTF-8 into `dst` and returns the number of bytes written.
/// Lossless, never fails, does not allocate.
///
/// # Panics
/// If `dst` is shorter than [`wtf8_len_from_utf16`]`(src)`; `3 * src.len()` bytes are always
/// enough.
///
/// ```
/// use wtf8_wasm::convert_utf16_to_wtf8_into;
/// let mut buf = [0u8; 9];
/// let n = convert_utf16_to_wtf8_into(&[0xDC00, 0x41], &mut buf);
/// assert_eq!(&buf[..n], b"\xED\xB0\x80A");
/// ```
///
/// Complexity: O(n).
pub fn convert_utf16_to_wtf8_into(src: &[u16], dst: &mut [u8]) -> usize {
    let (read, written) = encode_units::<false>(src, dst);
    assert!(
        read == src.len(),
        "destination too small: {} bytes, need {}",
        dst.len(),
        wtf8_len_from_utf16(src)
    );
    written
}

/// Converts as much of `src` as fits into `dst` and returns `(units read, bytes written)`.
/// Lossless, never fails, does not allocate.
///
/// The same contract as the web platform's `TextEncoder.encodeInto`: only whole sequences are
/// written, and a surrogate pair is never split (it is written as one 4-byte sequence or not at
/// all). Unlike `encodeInto`, a lone surrogate is written as its own 3-byte sequence instead of
/// EF BF BD. Call again with `&src[read..]` and a fresh buffer to continue; if `src` comes in
/// chunks that may split a pair, use [`StreamEncoder`](crate::StreamEncoder) instead.
///
/// ```
/// use wtf8_wasm::convert_utf16_to_wtf8_partial;
/// let mut buf = [0u8; 5];
/// // "a😀b": the pair needs 4 bytes, "b" no longer fits.
/// assert_eq!(convert_utf16_to_wtf8_partial(&[0x61, 0xD83D, 0xDE00, 0x62], &mut buf), (3, 5));
/// // With 3 bytes of room the pair does not fit at all: nothing of it is written.
/// assert_eq!(convert_utf16_to_wtf8_partial(&[0x61, 0xD83D, 0xDE00], &mut buf[..3]), (1, 1));
/// ```
///
/// Complexity: O(read).
pub fn convert_utf16_to_wtf8_partial(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    encode_units::<false>(src, dst)
}

/// The exact length in bytes of the WTF-8 encoding of `src` (also the length of its lossy
/// UTF-8, since U+FFFD and a surrogate both take 3 bytes).
///
/// ```
/// use wtf8_wasm::wtf8_len_from_utf16;
/// assert_eq!(wtf8_len_from_utf16(&[0x61, 0xE9, 0x20AC, 0xD83D, 0xDE00, 0xDC00]), 1 + 2 + 3 + 4 + 3);
/// ```
///
/// Complexity: O(n), no allocation.
pub fn wtf8_len_from_utf16(src: &[u16]) -> usize {
    let mut len = 0usize;
    let mut i = 0;
    while i < src.len() {
        let u = u32::from(src[i]);
        if u < 0x80 {
            len += 1;
        } else if u < 0x800 {
            len += 2;
        } else if is_lead(u) && i + 1 < src.len() && is_trail(u32::from(src[i + 1])) {
            len += 4;
            i += 1;
        } else {
            len += 3;
        }
        i += 1;
    }
    len
}

/// The engine behind the UTF-16 → WTF-8 and UTF-16 → lossy UTF-8 conversions: writes whole
/// sequences while they fit and returns `(units read, bytes written)`. With `LOSSY`, lone
/// surrogates become U+FFFD instead of their own sequence.
///
/// In the wasm builds with simd128 (and in fuzzing builds) this is [`encode_units_simd`], the SIMD
/// kernel ([`crate::simd::encode`]) then the scalar one; elsewhere the scalar kernel alone.
#[inline]
pub(crate) fn encode_units<const LOSSY: bool>(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    #[cfg(simd_kernels)]
    return encode_units_simd::<LOSSY>(src, dst);
    #[cfg(not(simd_kernels))]
    encode_units_from::<LOSSY>(src, dst, 0, 0)
}

/// [`encode_units`] with the SIMD kernel: its windows take what they can (all but the last units
/// and bytes of room, never stopping between the two units of a pair), and the scalar kernel
/// ([`encode_units_from`]) goes on from where they stopped. Never inlined: one copy per mode,
/// however many functions call it.
#[cfg(any(test, simd_kernels))]
#[inline(never)]
pub(crate) fn encode_units_simd<const LOSSY: bool>(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    let (i, j) = crate::simd::encode::encode_windows::<LOSSY>(src, dst);
    encode_units_from::<LOSSY>(src, dst, i, j)
}

/// The scalar kernel: [`encode_units`] from `src[i..]` into `dst[j..]`, returning the totals. It is
/// the reference the SIMD kernel is tested against, and in [`encode_units_simd`] encodes the
/// units its windows leave.
/// `src[i]` must not be the trail of a pair whose lead was written before it.
#[inline]
pub(crate) fn encode_units_from<const LOSSY: bool>(
    src: &[u16],
    dst: &mut [u8],
    mut i: usize,
    mut j: usize,
) -> (usize, usize) {
    // Fast loop: while there is room for the longest sequence, take a fixed 4-byte window so the
    // writes need no further bounds checks.
    while let (Some(&unit), Some(out)) = (src.get(i), dst.get_mut(j..j + 4)) {
        let out: &mut [u8; 4] = out.try_into().unwrap();
        let u = u32::from(unit);
        if u < 0x80 {
            out[0] = u as u8;
            i += 1;
            j += 1;
            // ASCII runs: eight units at a time while all eight are ASCII. Not in the builds
            // with the SIMD kernels, which leave this kernel only the last units: there the
            // loop, which LLVM vectorises, cost the main wasm module 131 B of gzip (see
            // `decode_from`).
            #[cfg(not(simd_kernels))]
            while let (Some(chunk), Some(out)) = (
                src.get(i..i + 8)
                    .and_then(|s| <&[u16; 8]>::try_from(s).ok()),
                dst.get_mut(j..j + 8)
                    .and_then(|d| <&mut [u8; 8]>::try_from(d).ok()),
            ) {
                if chunk.iter().fold(0, |acc, &c| acc | c) >= 0x80 {
                    break;
                }
                for (o, &c) in out.iter_mut().zip(chunk) {
                    *o = c as u8;
                }
                i += 8;
                j += 8;
            }
        } else if u < 0x800 {
            out[0] = 0xC0 | (u >> 6) as u8;
            out[1] = 0x80 | (u & 0x3F) as u8;
            i += 1;
            j += 2;
        } else if let Some(c) = pair_at(src, i) {
            *out = [
                0xF0 | (c >> 18) as u8,
                0x80 | ((c >> 12) & 0x3F) as u8,
                0x80 | ((c >> 6) & 0x3F) as u8,
                0x80 | (c & 0x3F) as u8,
            ];
            i += 2;
            j += 4;
        } else {
            // Any other unit, a lone surrogate included, is one 3-byte sequence (or U+FFFD).
            let u = if LOSSY && is_surrogate(u) { 0xFFFD } else { u };
            out[0] = 0xE0 | (u >> 12) as u8;
            out[1] = 0x80 | ((u >> 6) & 0x3F) as u8;
            out[2] = 0x80 | (u & 0x3F) as u8;
            i += 1;
            j += 3;
        }
    }
    // Careful loop for the last few bytes of room: whole sequences only.
    while i < src.len() {
        let u = u32::from(src[i]);
        let (code_point, units) = if is_surrogate(u) {
            surrogate_at::<LOSSY>(src, i)
        } else {
            (u, 1)
        };
        let n = sequence_len(code_point);
        if dst.len() - j < n {
            break;
        }
        write_sequence(code_point, &mut dst[j..]);
        i += units;
        j += n;
    }
    (i, j)
}

/// The supplementary code point if `src[i]` is a lead surrogate followed by a trail surrogate.
#[inline]
pub(crate) fn pair_at(src: &[u16], i: usize) -> Option<u32> {
    match (src.get(i), src.get(i + 1)) {
        (Some(&lead), Some(&trail)) if is_lead(lead.into()) && is_trail(trail.into()) => {
            Some(combine(lead.into(), trail.into()))
        }
        _ => None,
    }
}

/// The code point to write for the surrogate unit at `src[i]` and how many units it takes: a pair
/// is one supplementary code point; a lone surrogate is itself (WTF-8) or U+FFFD (`LOSSY`).
#[inline]
fn surrogate_at<const LOSSY: bool>(src: &[u16], i: usize) -> (u32, usize) {
    match pair_at(src, i) {
        Some(code_point) => (code_point, 2),
        None if LOSSY => (0xFFFD, 1),
        None => (u32::from(src[i]), 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_single_unit_round_trips_through_std_where_std_can() {
        for u in 0..=0xFFFFu16 {
            let bytes = convert_utf16_to_wtf8(&[u]);
            assert_eq!(bytes.len(), wtf8_len_from_utf16(&[u]));
            match char::from_u32(u32::from(u)) {
                Some(c) => assert_eq!(bytes, c.to_string().as_bytes()),
                None => assert_eq!(
                    bytes,
                    [
                        0xED,
                        0xA0 | ((u >> 6) & 0x1F) as u8,
                        0x80 | (u & 0x3F) as u8
                    ]
                ),
            }
        }
    }

    #[test]
    fn partial_never_splits_a_pair() {
        let src = [0xD83D, 0xDE00];
        for room in 0..4 {
            let mut buf = vec![0u8; room];
            assert_eq!(convert_utf16_to_wtf8_partial(&src, &mut buf), (0, 0));
        }
        let mut buf = [0u8; 4];
        assert_eq!(convert_utf16_to_wtf8_partial(&src, &mut buf), (2, 4));
    }

    #[test]
    #[should_panic(expected = "destination too small")]
    fn into_panics_on_short_buffer() {
        let mut buf = [0u8; 2];
        convert_utf16_to_wtf8_into(&[0x20AC], &mut buf);
    }
}
