//! WTF-8 → UTF-16 code units: strict (`fatal`) and lenient (`_lossy`).
//!
//! Strict decoding accepts exactly well-formed WTF-8 and is the lossless inverse of
//! [`convert_utf16_to_wtf8`](crate::convert_utf16_to_wtf8). Lenient decoding never fails: it
//! decodes what is well-formed and replaces each maximal ill-formed subpart with one U+FFFD, so
//! that on input without surrogate byte sequences it equals the WHATWG UTF-8 decoder
//! (`TextDecoder`). Neither strips a byte order mark.

use crate::error::{DecodeError, ErrorCode};
use crate::grammar::{
    is_continuation, is_lead, is_trail, pair, read_sequence, Seq, REPLACEMENT_UNIT,
};
#[cfg(any(test, simd_kernels))]
use crate::simd::decode::{Windows, ROOM, WINDOW};
use alloc::{vec, vec::Vec};

/// Decodes well-formed WTF-8 to UTF-16 code units, allocating the result.
///
/// Lossless: the inverse of [`convert_utf16_to_wtf8`](crate::convert_utf16_to_wtf8), so
/// `convert_wtf8_to_utf16(&convert_utf16_to_wtf8(units)) == Ok(units)` for every `units`. The
/// output has at most one code unit per input byte.
///
/// # Errors
/// A [`DecodeError`] at the first ill-formed sequence: its `valid_up_to` is the byte offset
/// where the well-formed prefix ends. Surrogate pairs spelled as two 3-byte sequences are
/// [`ErrorCode::SurrogatePair`]; input that ends mid-sequence is [`ErrorCode::Truncated`] with
/// `error_len() == None`. Nothing is lost on failure: the input is untouched.
///
/// ```
/// use wtf8_wasm::{convert_wtf8_to_utf16, ErrorCode};
/// assert_eq!(convert_wtf8_to_utf16(b"a\xED\xA0\xBDb"), Ok(vec![0x61, 0xD83D, 0x62]));
/// let err = convert_wtf8_to_utf16(b"a\xC0\xAF").unwrap_err();
/// assert_eq!((err.code(), err.valid_up_to()), (ErrorCode::Overlong, 1));
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_wtf8_to_utf16(src: &[u8]) -> Result<Vec<u16>, DecodeError> {
    let mut dst = vec![0u16; src.len()];
    let written = convert_wtf8_to_utf16_into(src, &mut dst)?;
    dst.truncate(written);
    Ok(dst)
}

/// Decodes well-formed WTF-8 into `dst` and returns the number of code units written.
///
/// The strict decoder of [`convert_wtf8_to_utf16`] without allocation. On error, `dst` may hold
/// the decoded well-formed prefix.
///
/// # Panics
/// If `dst.len() < src.len()` (one code unit per input byte is always enough).
///
/// ```
/// let mut buf = [0u16; 5];
/// assert_eq!(wtf8_wasm::convert_wtf8_to_utf16_into("é€".as_bytes(), &mut buf[..]), Ok(2));
/// assert_eq!(&buf[..2], &[0xE9, 0x20AC]);
/// ```
///
/// Complexity: O(n).
pub fn convert_wtf8_to_utf16_into(src: &[u8], dst: &mut [u16]) -> Result<usize, DecodeError> {
    assert_room(src, dst);
    let mut prev_lead = false;
    let p = decode_chunk(src, dst, true, &mut prev_lead);
    match p.stop {
        Stop::Done => Ok(p.written),
        Stop::Incomplete => Err(DecodeError::new(ErrorCode::Truncated, p.read, None)),
        Stop::Error(code, len) => Err(DecodeError::new(code, p.read, Some(len))),
    }
}

/// Decodes any bytes as WTF-8, replacing each maximal ill-formed subpart with U+FFFD; never
/// fails. Allocates the result.
///
/// Lossy only for ill-formed input: well-formed WTF-8 decodes exactly as
/// [`convert_wtf8_to_utf16`] does. Surrogate byte sequences become their code units; a
/// surrogate pair spelled as two 3-byte sequences becomes the two units it spells. For input
/// without surrogate byte sequences (no ED followed by A0..BF) the result equals
/// `new TextDecoder("utf-8", { ignoreBOM: true }).decode(src)` and Rust's
/// `String::from_utf8_lossy`. A leading BOM is kept as U+FEFF. At most one code unit per input
/// byte.
///
/// ```
/// use wtf8_wasm::convert_wtf8_to_utf16_lossy;
/// assert_eq!(convert_wtf8_to_utf16_lossy(b"a\xED\xA0\xBD\xC0\xAFb"), [0x61, 0xD83D, 0xFFFD, 0xFFFD, 0x62]);
/// // "E2 82" is one maximal subpart of "€" (E2 82 AC): one U+FFFD.
/// assert_eq!(convert_wtf8_to_utf16_lossy(b"\xE2\x82!"), [0xFFFD, 0x21]);
/// ```
///
/// Complexity: O(n), one allocation.
pub fn convert_wtf8_to_utf16_lossy(src: &[u8]) -> Vec<u16> {
    let mut dst = vec![0u16; src.len()];
    let written = convert_wtf8_to_utf16_lossy_into(src, &mut dst);
    dst.truncate(written);
    dst
}

/// Decodes any bytes as WTF-8 into `dst`, replacing each maximal ill-formed subpart with
/// U+FFFD, and returns the number of code units written. The lenient decoder of
/// [`convert_wtf8_to_utf16_lossy`] without allocation; never fails.
///
/// # Panics
/// If `dst.len() < src.len()`.
///
/// ```
/// let mut buf = [0u16; 3];
/// assert_eq!(wtf8_wasm::convert_wtf8_to_utf16_lossy_into(b"\xFFa\xF0", &mut buf), 3);
/// assert_eq!(buf, [0xFFFD, 0x61, 0xFFFD]);
/// ```
///
/// Complexity: O(n).
pub fn convert_wtf8_to_utf16_lossy_into(src: &[u8], dst: &mut [u16]) -> usize {
    assert_room(src, dst);
    let mut prev_lead = false;
    let p = decode_chunk(src, dst, false, &mut prev_lead);
    match p.stop {
        Stop::Done => p.written,
        Stop::Incomplete => {
            dst[p.written] = REPLACEMENT_UNIT;
            p.written + 1
        }
        Stop::Error(..) => unreachable!("the lenient decoder does not stop at errors"),
    }
}

#[inline]
fn assert_room(src: &[u8], dst: &[u16]) {
    assert!(
        dst.len() >= src.len(),
        "destination too small: {} code units for {} bytes",
        dst.len(),
        src.len()
    );
}

/// Why [`decode_chunk`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// All of `src` was decoded.
    Done,
    /// `src[read..]` is a valid but unfinished sequence (1 to 3 bytes).
    Incomplete,
    /// Strict mode only: an ill-formed subpart of the given length starts at `read`.
    Error(ErrorCode, u8),
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Progress {
    pub read: usize,
    pub written: usize,
    pub stop: Stop,
}

/// The decoding engine shared by the one-shot and streaming decoders.
///
/// `dst.len()` must be at least `src.len()`. `prev_lead` says whether the sequence just before
/// `src[0]` was a lead surrogate's 3-byte sequence (so that a trail surrogate sequence at
/// `src[0]` is a spelled-out pair); it is updated for the next call.
///
/// In the wasm builds with simd128 (and in fuzzing builds) this is [`decode_simd`], the SIMD
/// kernel ([`crate::simd::decode`]) driven here; elsewhere the scalar kernel alone.
#[inline]
pub(crate) fn decode_chunk(
    src: &[u8],
    dst: &mut [u16],
    fatal: bool,
    prev_lead: &mut bool,
) -> Progress {
    decode_chunk_padded(src, src.len(), dst, fatal, prev_lead)
}

/// [`decode_chunk`] of `bytes[..n]`, where `bytes` may have [`PADDING`] zero bytes after `n`
/// (then `dst` needs room for `n + PADDING + 32` units, and past the returned count it is
/// unspecified). The windows run while `PADDING` bytes are left, so without the zeros the scalar
/// kernel decodes the last 32-48 bytes of every input, at a mispredicted branch a sequence on
/// mixed text; with them the windows run to its end.
#[inline]
pub(crate) fn decode_chunk_padded(
    bytes: &[u8],
    n: usize,
    dst: &mut [u16],
    fatal: bool,
    prev_lead: &mut bool,
) -> Progress {
    #[cfg(simd_kernels)]
    return decode_simd(
        if bytes.len() >= n + PADDING && dst.len() >= n + PADDING + 32 {
            bytes
        } else {
            &bytes[..n]
        },
        n,
        dst,
        fatal,
        prev_lead,
    );
    #[cfg(not(simd_kernels))]
    decode_from(&bytes[..n], dst, fatal, prev_lead, 0, 0, n)
}

/// The zero bytes after its input that let [`decode_chunk_padded`]'s windows run to its end
/// (the windows' [`ROOM`](crate::simd::decode::ROOM)).
pub(crate) const PADDING: usize = 48;
#[cfg(any(test, simd_kernels))]
const _: () = assert!(PADDING == ROOM);

/// [`decode_chunk_padded`] with the SIMD kernel: the one loop that alternates the vector windows
/// ([`Windows::decode`]) and the scalar kernel ([`decode_from`]) over `bytes[..n]`, and `ROOM`
/// zeros after it if `bytes` is that long. Never inlined: one copy of the loop for both modes,
/// however many functions call it.
#[cfg(any(test, simd_kernels))]
#[inline(never)]
pub(crate) fn decode_simd(
    bytes: &[u8],
    n: usize,
    dst: &mut [u16],
    fatal: bool,
    prev_lead: &mut bool,
) -> Progress {
    if n < ROOM {
        // Too short for a window: not worth setting the vector constants up.
        return decode_from(&bytes[..n], dst, fatal, prev_lead, 0, 0, n);
    }
    let before = *prev_lead;
    let p = windows_then_scalar(bytes, n, dst, fatal, prev_lead);
    let r = p.read;
    if r == 0 {
        *prev_lead = before;
    } else if !matches!(p.stop, Stop::Error(..)) {
        // The windows may have read the last sequences (and zeros after them), and lenient
        // windows leave the mark alone: it is whether the bytes read end with a lead
        // surrogate's sequence, ED A0..AF 80..BF (ED is never a continuation byte, so these
        // three are one sequence wherever they are).
        *prev_lead = matches!(bytes[..r], [.., 0xED, 0xA0..=0xAF, 0x80..=0xBF]);
    }
    p
}

/// The loop of [`decode_simd`] over the first `n` bytes of `bytes`: all of them, or `n` bytes and
/// `ROOM` zero bytes after them. Past `n` the windows read only zeros, and only after a sequence
/// ends at `n` (one cut by `n` is ill-formed with a zero after it, which no window takes): each
/// zero is one unit, taken back.
#[cfg(any(test, simd_kernels))]
#[inline(always)]
fn windows_then_scalar(
    bytes: &[u8],
    n: usize,
    dst: &mut [u16],
    fatal: bool,
    prev_lead: &mut bool,
) -> Progress {
    let windows = Windows::new();
    let (mut i, mut j) = (0, 0);
    loop {
        (i, j) = windows.decode(fatal, bytes, dst, i, j, prev_lead);
        if i >= n {
            // Past `n` only with zeros after it ([`decode_simd`] sets the mark).
            return Progress {
                read: n,
                written: j - (i - n),
                stop: Stop::Done,
            };
        }
        // The scalar kernel takes the window the vector code could not (at least its 16 bytes,
        // so the windows resume past it), or the last bytes: the windows leave fewer than ROOM,
        // so that their stores past the output are overwritten here.
        let limit = if i + ROOM <= bytes.len() {
            (i + WINDOW).min(n)
        } else {
            n
        };
        let p = decode_from(&bytes[..n], dst, fatal, prev_lead, i, j, limit);
        if p.stop != Stop::Done || p.read >= n {
            return p;
        }
        (i, j) = (p.read, p.written);
    }
}

/// The scalar kernel: [`decode_chunk`] from `src[i..]` into `dst[j..]` (`i` at a sequence
/// boundary, `prev_lead` describing the sequence before it), decoding whole sequences until it
/// has read at least up to `limit` (or stops). Its `Progress` counts from the start of `src`;
/// `Stop::Done` with `read < src.len()` means it stopped at `limit`. It is the reference the SIMD
/// kernel is tested against, and in [`decode_simd`] decodes what the vector windows leave.
#[inline]
pub(crate) fn decode_from(
    src: &[u8],
    dst: &mut [u16],
    fatal: bool,
    prev_lead: &mut bool,
    mut i: usize,
    mut j: usize,
    limit: usize,
) -> Progress {
    // A local copy, so the hot paths need not store through the reference; written back below.
    let mut lead = *prev_lead;
    let stop = 'chunk: loop {
        if i >= limit {
            break 'chunk Stop::Done;
        }
        let Some(&b) = src.get(i) else {
            break 'chunk Stop::Done;
        };
        if b < 0x80 {
            lead = false;
            dst[j] = u16::from(b);
            i += 1;
            j += 1;
            // Stay in a tight loop while the input is ASCII, eight bytes at a time. Not in the
            // builds with the SIMD kernels, whose windows take ASCII sixteen bytes at a time and
            // leave this kernel only the last bytes: there the loop, which LLVM vectorises,
            // cost the main wasm module 134 B of gzip for a few nanoseconds on the last 47
            // bytes, and the SIMD kernels' ASCII and CJK runs needed the room (29 Nov 2026).
            #[cfg(not(simd_kernels))]
            while let (Some(chunk), Some(out)) = (
                src.get(i..i + 8).and_then(|s| <&[u8; 8]>::try_from(s).ok()),
                dst.get_mut(j..j + 8)
                    .and_then(|d| <&mut [u16; 8]>::try_from(d).ok()),
            ) {
                if u64::from_le_bytes(*chunk) & 0x8080_8080_8080_8080 != 0 {
                    break;
                }
                for (o, &c) in out.iter_mut().zip(chunk) {
                    *o = u16::from(c);
                }
                i += 8;
                j += 8;
            }
            while let Some(&c @ 0..=0x7F) = src.get(i) {
                dst[j] = u16::from(c);
                i += 1;
                j += 1;
            }
            continue;
        }
        // Fast path for complete 2-byte sequences, which need none of the checks below.
        if b & 0xE0 == 0xC0 {
            if let Some(&[_, b1]) = src.get(i..i + 2) {
                if is_continuation(b1) {
                    let unit = (u16::from(b & 0x1F) << 6) | u16::from(b1 & 0x3F);
                    // C0 and C1 are overlong: they spell U+0000..U+007F.
                    if unit >= 0x80 {
                        lead = false;
                        dst[j] = unit;
                        i += 2;
                        j += 1;
                        continue;
                    }
                }
            }
        }
        // Any other sequence as (code point, length): complete 3- and 4-byte sequences read here
        // with one bounds check for the window, the rest (and every ill-formed one) by
        // read_sequence.
        let seq = 'read: {
            if b & 0xF0 == 0xE0 {
                if let Some(&[_, b1, b2]) = src.get(i..i + 3) {
                    if is_continuation(b1) && is_continuation(b2) {
                        let c = (u32::from(b & 0x0F) << 12)
                            | (u32::from(b1 & 0x3F) << 6)
                            | u32::from(b2 & 0x3F);
                        // E0 80..9F is overlong.
                        if c >= 0x800 {
                            break 'read Seq::Valid {
                                code_point: c,
                                len: 3,
                            };
                        }
                    }
                }
            } else if b & 0xF8 == 0xF0 {
                if let Some(&[_, b1, b2, b3]) = src.get(i..i + 4) {
                    if is_continuation(b1) && is_continuation(b2) && is_continuation(b3) {
                        let c = (u32::from(b & 0x07) << 18)
                            | (u32::from(b1 & 0x3F) << 12)
                            | (u32::from(b2 & 0x3F) << 6)
                            | u32::from(b3 & 0x3F);
                        // F0 80..8F is overlong, F4 90.. and F5.. are beyond U+10FFFF.
                        if (0x10000..=0x10FFFF).contains(&c) {
                            break 'read Seq::Valid {
                                code_point: c,
                                len: 4,
                            };
                        }
                    }
                }
            }
            read_sequence(&src[i..])
        };
        match put_sequence(seq, fatal, &mut lead, dst, j) {
            Ok((read, written)) => {
                i += read;
                j += written;
            }
            Err(stop) => break 'chunk stop,
        }
    };
    *prev_lead = lead;
    Progress {
        read: i,
        written: j,
        stop,
    }
}

/// What one sequence, as [`read_sequence`] reads it, does to a WTF-8 → UTF-16 decoder: the step
/// of the scalar kernel ([`decode_from`], which also takes the streaming decoder's held-back
/// bytes).
///
/// Writes at `dst[at..]` the units of a code point ([`put_code_point`]), or U+FFFD for an
/// ill-formed subpart when lenient, and returns (bytes read, units written). `lead` says whether
/// the sequence before was a lead surrogate's and is updated. Stops, never with `Stop::Done`, at an
/// unfinished sequence, and in strict mode at an ill-formed subpart or where `put_code_point`
/// stops.
#[inline(always)]
pub(crate) fn put_sequence(
    seq: Seq,
    fatal: bool,
    lead: &mut bool,
    dst: &mut [u16],
    at: usize,
) -> Result<(usize, usize), Stop> {
    match seq {
        Seq::Valid { code_point, len } => put_code_point(code_point, fatal, lead, dst, at)
            .map(|written| (usize::from(len), written)),
        Seq::Invalid { code, len } => {
            if fatal {
                return Err(Stop::Error(code, len));
            }
            *lead = false;
            dst[at] = REPLACEMENT_UNIT;
            Ok((usize::from(len), 1))
        }
        Seq::Truncated => Err(Stop::Incomplete),
    }
}

/// The units of one decoded code point (surrogates included) at `dst[at..]`; returns how many. In
/// strict mode, stops at a trail surrogate right after a lead surrogate's sequence: that is a pair
/// spelled out as two 3-byte sequences, which is not WTF-8. Updates `lead`.
#[inline(always)]
fn put_code_point(
    code_point: u32,
    fatal: bool,
    lead: &mut bool,
    dst: &mut [u16],
    at: usize,
) -> Result<usize, Stop> {
    // The two cases apart, each with its own write (not grammar::write_units after the checks),
    // supplementary first: the orders tried first made 3- or 4-byte sequences about 10% slower in
    // a native before/after decode benchmark (commit e6930b07); this one matches the loop it
    // replaced.
    if code_point >= 0x10000 {
        *lead = false;
        let [lead_unit, trail_unit] = pair(code_point);
        dst[at] = lead_unit;
        dst[at + 1] = trail_unit;
        Ok(2)
    } else {
        if fatal && *lead && is_trail(code_point) {
            return Err(Stop::Error(ErrorCode::SurrogatePair, 3));
        }
        *lead = is_lead(code_point);
        dst[at] = code_point as u16;
        Ok(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_rejects_spelled_out_pair_but_accepts_reversed() {
        let err = convert_wtf8_to_utf16(b"\xED\xA0\x80\xED\xB0\x80").unwrap_err();
        assert_eq!(
            (err.code(), err.valid_up_to(), err.error_len()),
            (ErrorCode::SurrogatePair, 3, Some(3))
        );
        assert_eq!(
            convert_wtf8_to_utf16(b"\xED\xB0\x80\xED\xA0\x80"),
            Ok(vec![0xDC00, 0xD800])
        );
        // Separated by ASCII, the two are lone surrogates.
        assert_eq!(
            convert_wtf8_to_utf16(b"\xED\xA0\x80a\xED\xB0\x80"),
            Ok(vec![0xD800, 0x61, 0xDC00])
        );
    }

    #[test]
    fn lenient_decodes_spelled_out_pair_to_its_units() {
        assert_eq!(
            convert_wtf8_to_utf16_lossy(b"\xED\xA0\x80\xED\xB0\x80"),
            [0xD800, 0xDC00]
        );
    }

    #[test]
    fn bom_is_data() {
        assert_eq!(
            convert_wtf8_to_utf16(b"\xEF\xBB\xBFa"),
            Ok(vec![0xFEFF, 0x61])
        );
        assert_eq!(convert_wtf8_to_utf16_lossy(b"\xEF\xBB\xBF"), [0xFEFF]);
    }

    #[test]
    fn truncated_tail_is_one_replacement() {
        assert_eq!(
            convert_wtf8_to_utf16_lossy(b"a\xF0\x9F\x98"),
            [0x61, 0xFFFD]
        );
        let err = convert_wtf8_to_utf16(b"a\xF0\x9F\x98").unwrap_err();
        assert_eq!(
            (err.code(), err.valid_up_to(), err.error_len()),
            (ErrorCode::Truncated, 1, None)
        );
    }
}
