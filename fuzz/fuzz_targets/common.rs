//! Helpers shared by the fuzz targets (`#[path = "common.rs"] mod common;`).
#![allow(dead_code)]

use wtf8_wasm::DecodeError;

// `lenient_from_strict(src, replacement, strict)`: the one oracle for every neighbouring
// encoding's lenient decoder (shared with tests/common/encodings.rs).
include!("../../tests/common/lenient.rs");

/// The input read as little-endian UTF-16 code units (an odd last byte is dropped).
pub fn units(data: &[u8]) -> Vec<u16> {
    data.chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect()
}

/// How the streaming targets (`stream`, `stream_words`, `inspect_chunks`) cut their input: the
/// first byte picks short chunks (0 to 7, 0 = an empty chunk) or long ones (0 to 99, long enough
/// for the SIMD kernels' windows); the rest is the input, and its bytes, cycled, the chunk sizes
/// (for [`chunks`]). Returns `(input, sizes, max)`, or `None` for empty data.
pub fn cutting(data: &[u8]) -> Option<(&[u8], &[u8], u8)> {
    let (&mode, rest) = data.split_first()?;
    let max = if mode & 1 == 0 { 7 } else { 99 };
    let sizes = if rest.is_empty() { &[1u8][..] } else { rest };
    Some((rest, sizes, max))
}

/// Splits `input` into consecutive chunks whose sizes (0 to `max`, 0 = an empty chunk) cycle
/// through `sizes`; if every size would be 0, chunks of 1. Always covers all of `input`.
pub fn chunks<'a, T>(input: &'a [T], sizes: &[u8], max: u8) -> Vec<&'a [T]> {
    let sizes: Vec<usize> = sizes.iter().map(|&b| usize::from(b % (max + 1))).collect();
    let progress = sizes.iter().any(|&n| n > 0);
    let mut out = Vec::new();
    let mut rest = input;
    let mut k = 0;
    while !rest.is_empty() {
        let n = if progress { sizes[k % sizes.len()] } else { 1 };
        let n = n.min(rest.len());
        out.push(&rest[..n]);
        rest = &rest[n..];
        k += 1;
    }
    out
}

/// The lenient-from-strict oracle is quadratic in the number of errors: apply it to a prefix.
/// At most 255 bytes, because `DecodeError` keeps error lengths in a byte: a longer Corrected
/// UTF-8 reserved run is reported as 255 bytes long (documented in src/encodings/engine.rs) but
/// replaced by one U+FFFD.
pub const ORACLE_PREFIX: usize = 255;

/// `(code, offset, length)` of a decode error, for comparisons.
pub fn key(e: &DecodeError) -> (&'static str, usize, Option<usize>) {
    (e.code().as_str(), e.valid_up_to(), e.error_len())
}
