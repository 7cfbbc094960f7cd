//! The part of reading a JavaScript string ([`crate::js`]) that needs no JavaScript engine, kept
//! here so that it is tested and fuzzed natively (`fuzz/`, target `js_restore`), with the byte
//! scans it and the conversions back to JavaScript need.
//!
//! wasm-bindgen hands a string over as its lossy UTF-8, with U+FFFD (EF BF BD) for each lone
//! surrogate. Each U+FFFD there is either a lone surrogate of the string or a U+FFFD that was
//! there, and only the string can tell which: the code unit at the U+FFFD's UTF-16 index. A lone
//! surrogate's WTF-8 is three bytes too, so it goes back in place.
//!
//! The scans, where the next U+FFFD is and how many UTF-16 code units a run of UTF-8 spells, read
//! 16 bytes at a time with the SIMD kernels' vector type where those run (`simd_kernels`: wasm
//! with simd128, and the fuzzers' builds), else eight at a time in a `u64` (wasm has 64-bit
//! integers on every engine), with exact per-byte tests. Neither needs `unsafe`.

use crate::grammar::{is_surrogate, write_sequence};

/// Puts the lone surrogates of a string back into `utf8`, its lossy UTF-8, in place, making it
/// the string's WTF-8. `unit_at(index)` gives the string's code unit at each U+FFFD's UTF-16
/// index, which is a lone surrogate or U+FFFD; it is called once per U+FFFD, in order. Returns
/// whether `utf8` is unchanged (the string had no lone surrogate, so its UTF-8 is its WTF-8).
///
/// `utf8` must be well-formed UTF-8 (as the lossy UTF-8 of a string always is).
///
/// Complexity: O(n), and one `unit_at` call per U+FFFD.
pub(crate) fn restore_lone_surrogates(utf8: &mut [u8], unit_at: impl FnMut(usize) -> u16) -> bool {
    restore_with(utf8, unit_at, cfg!(simd_kernels))
}

/// [`restore_lone_surrogates`], with the SIMD walk first ([`restore_chunks`]) when `simd`.
fn restore_with(utf8: &mut [u8], mut unit_at: impl FnMut(usize) -> u16, simd: bool) -> bool {
    let mut unchanged = true;
    // The U+FFFD at `at`, whose UTF-16 index is `index`: the string's unit there goes back in.
    let mut put_back = |utf8: &mut [u8], at: usize, index: usize| {
        let unit = unit_at(index);
        if is_surrogate(u32::from(unit)) {
            write_sequence(u32::from(unit), &mut utf8[at..at + 3]);
            unchanged = false;
        }
    };
    // `from`: where the walk goes on; `index`: the UTF-16 index of utf8[from].
    let (mut from, mut index) = (0, 0);
    #[cfg(any(test, simd_kernels))]
    if simd {
        (from, index) = restore_chunks(utf8, &mut put_back);
    }
    #[cfg(not(any(test, simd_kernels)))]
    let _ = simd;
    while let Some(at) = find_replacement(utf8, from) {
        index += utf16_len(&utf8[from..at]);
        put_back(utf8, at, index);
        index += 1;
        from = at + 3;
    }
    unchanged
}

/// The SIMD walk of [`restore_with`]: one pass, 16 bytes at a time, that finds the U+FFFDs and
/// counts UTF-16 code units together (where a search and a count per U+FFFD read every byte
/// twice and set up per call: on Node 26, 10 K units of CJK text with a lone surrogate every 50,
/// the two took 12 µs, longer than `TextEncoder`'s 7), calling `put_back` for each U+FFFD. Returns
/// where it stopped (fewer than 18 bytes before the end) and the UTF-16 index there. Writing a surrogate's sequence changes no byte's class (a lead stays a
/// lead, a continuation byte a continuation byte), so the counts stay right whatever was put back.
#[cfg(any(test, simd_kernels))]
fn restore_chunks(
    utf8: &mut [u8],
    put_back: &mut impl FnMut(&mut [u8], usize, usize),
) -> (usize, usize) {
    use crate::simd::V128;
    let load =
        |bytes: &[u8], at: usize| V128::load8(bytes[at..at + 16].try_into().unwrap_or(&[0; 16]));
    // As in `utf16_len_simd`: as signed bytes, continuation bytes are below 0xC0 (-64), 4-byte
    // leads above 0xEF (-17) and below 0 (ASCII).
    let below_c0 = V128::splat8(0xC0).opaque();
    let above_ef = V128::splat8(0xEF).opaque();
    let zero = V128::splat8(0).opaque();
    let [ef, bf, bd] = [0xEF, 0xBF, 0xBD].map(|b| V128::splat8(b).opaque());
    let (mut at, mut index) = (0, 0);
    while at + 18 <= utf8.len() {
        let v = load(utf8, at);
        let continuation = v.lt8s(below_c0).bitmask8();
        let four = v.gt8s(above_ef).and(v.lt8s(zero)).bitmask8();
        let first = v.eq8(ef);
        if first.any() {
            let mut hits = first
                .and(load(utf8, at + 1).eq8(bf))
                .and(load(utf8, at + 2).eq8(bd))
                .bitmask8();
            while hits != 0 {
                let b = hits.trailing_zeros();
                let before = (1u32 << b) - 1;
                let units = b - (continuation & before).count_ones() + (four & before).count_ones();
                put_back(utf8, at + b as usize, index + units as usize);
                hits &= hits - 1;
            }
        }
        index += (16 - continuation.count_ones() + four.count_ones()) as usize;
        at += 16;
    }
    (at, index)
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The eight bytes at `at` (which must have eight bytes after it), little-endian.
#[inline(always)]
fn load(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]))
}

/// The high bit of each byte of `x` equal to `b`.
#[inline(always)]
fn equal(x: u64, b: u8) -> u64 {
    let t = x ^ (u64::from(b) * ONES);
    !(((t & !HIGH) + !HIGH) | t) & HIGH
}

/// Where the first U+FFFD (EF BF BD) of `utf8` at or after `from` starts.
pub(crate) fn find_replacement(utf8: &[u8], from: usize) -> Option<usize> {
    find3(utf8, [0xEF, 0xBF, 0xBD], from)
}

/// Where the first occurrence of the three bytes `seq` in `bytes` at or after `from` starts.
fn find3(bytes: &[u8], seq: [u8; 3], from: usize) -> Option<usize> {
    #[cfg(simd_kernels)]
    return find3_simd(bytes, seq, from);
    #[cfg(not(simd_kernels))]
    return find3_swar(bytes, seq, from);
}

/// [`find3`], 16 bytes at a time.
#[cfg(any(test, simd_kernels))]
fn find3_simd(bytes: &[u8], seq: [u8; 3], from: usize) -> Option<usize> {
    use crate::simd::V128;
    let load = |at: usize| V128::load8(bytes[at..at + 16].try_into().unwrap_or(&[0; 16]));
    let [a, b, c] = seq.map(|byte| V128::splat8(byte).opaque());
    let mut at = from;
    while at + 18 <= bytes.len() {
        // The first byte alone first: in text it is rare (U+FFFD's 0xEF leads only U+F000 on).
        let first = load(at).eq8(a);
        if first.any() {
            let hits = first.and(load(at + 1).eq8(b)).and(load(at + 2).eq8(c));
            if hits.any() {
                return Some(at + hits.bitmask8().trailing_zeros() as usize);
            }
        }
        at += 16;
    }
    find3_swar(bytes, seq, at)
}

/// [`find3`], 8 bytes at a time.
fn find3_swar(bytes: &[u8], seq: [u8; 3], from: usize) -> Option<usize> {
    let mut at = from;
    while at + 10 <= bytes.len() {
        // The first byte alone first: in text it is rare (U+FFFD's 0xEF leads only U+F000 on).
        let first = equal(load(bytes, at), seq[0]);
        if first != 0 {
            let hits =
                first & equal(load(bytes, at + 1), seq[1]) & equal(load(bytes, at + 2), seq[2]);
            if hits != 0 {
                return Some(at + (hits.trailing_zeros() / 8) as usize);
            }
        }
        at += 8;
    }
    (at..bytes.len().saturating_sub(2)).find(|&i| bytes[i..i + 3] == seq)
}

/// The number of UTF-16 code units that well-formed UTF-8 (or WTF-8) spells: one per sequence,
/// that is per byte that is not a continuation byte, and one more per 4-byte sequence.
pub(crate) fn utf16_len(utf8: &[u8]) -> usize {
    #[cfg(simd_kernels)]
    return utf16_len_simd(utf8);
    #[cfg(not(simd_kernels))]
    return utf16_len_swar(utf8);
}

/// [`utf16_len`], 16 bytes at a time.
#[cfg(any(test, simd_kernels))]
fn utf16_len_simd(utf8: &[u8]) -> usize {
    use crate::simd::V128;
    // As signed bytes: continuation bytes (0x80..=0xBF) are below 0xC0 (-64), 4-byte leads
    // (0xF0..=0xF4) above 0xEF (-17) and below 0 (ASCII).
    let below_c0 = V128::splat8(0xC0).opaque();
    let above_ef = V128::splat8(0xEF).opaque();
    let ascii = V128::splat8(0).opaque();
    let mut chunks = utf8.chunks_exact(16);
    let mut n = 0;
    for chunk in &mut chunks {
        let v = V128::load8(chunk.try_into().unwrap_or(&[0; 16]));
        let continuation = v.lt8s(below_c0).bitmask8().count_ones();
        let four = v.gt8s(above_ef).and(v.lt8s(ascii)).bitmask8().count_ones();
        n += (16 - continuation + four) as usize;
    }
    n + utf16_len_swar(chunks.remainder())
}

/// [`utf16_len`], 8 bytes at a time.
fn utf16_len_swar(utf8: &[u8]) -> usize {
    let mut n = 0;
    let mut chunks = utf8.chunks_exact(8);
    for chunk in &mut chunks {
        let x = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        // A continuation byte is 10xxxxxx: its bit 7 set and bit 6 (bit 7 of x << 1) clear.
        let continuation = x & !(x << 1) & HIGH;
        // A 4-byte lead is 11110xxx: bits 7 to 4 set.
        let four = x & (x << 1) & (x << 2) & (x << 3) & HIGH;
        n += 8 - continuation.count_ones() as usize + four.count_ones() as usize;
    }
    n + chunks
        .remainder()
        .iter()
        .map(|&b| usize::from(b & 0xC0 != 0x80) + usize::from(b >= 0xF0))
        .sum::<usize>()
}

#[cfg(test)]
mod tests {
    use super::{
        find3_simd, find3_swar, find_replacement, restore_lone_surrogates, restore_with, utf16_len,
        utf16_len_simd, utf16_len_swar,
    };
    use alloc::string::String;
    use alloc::vec::Vec;
    use proptest::prelude::*;

    /// What the restoration gives for `units`, with the indexes it asked about: the same with the
    /// SIMD walk first and without it (checked here, so every test below holds for both).
    fn restore(units: &[u16]) -> (Vec<u8>, bool, Vec<usize>) {
        let run = |simd: bool| {
            let mut bytes = String::from_utf16_lossy(units).into_bytes();
            let mut asked = Vec::new();
            let unchanged = restore_with(
                &mut bytes,
                |i| {
                    asked.push(i);
                    units[i]
                },
                simd,
            );
            (bytes, unchanged, asked)
        };
        let scalar = run(false);
        assert_eq!(run(true), scalar, "{units:04X?}");
        // And the entry point, with the walk this build chooses.
        let mut bytes = String::from_utf16_lossy(units).into_bytes();
        let unchanged = restore_lone_surrogates(&mut bytes, |i| units[i]);
        assert_eq!((&bytes, unchanged), (&scalar.0, scalar.1), "{units:04X?}");
        scalar
    }

    #[test]
    fn lone_surrogates_go_back_where_their_replacements_are() {
        // A lone lead, a U+FFFD that was there, a pair, a lone trail, after text of every length.
        let units = [0x61, 0xD83D, 0xFFFD, 0xE9, 0xD83D, 0xDE00, 0x4E2D, 0xDC00];
        let (bytes, unchanged, asked) = restore(&units);
        assert_eq!(bytes, crate::convert_utf16_to_wtf8(&units));
        assert!(!unchanged);
        assert_eq!(asked, [1, 2, 7]);
        let (bytes, unchanged, asked) = restore(&[0xFFFD, 0x61]);
        assert_eq!(
            (bytes, unchanged, asked),
            (b"\xEF\xBF\xBDa".to_vec(), true, [0].to_vec())
        );
        assert_eq!(restore(&[]), (Vec::new(), true, Vec::new()));
    }

    proptest! {
        /// wasm-bindgen's lossy UTF-8 of any code units (what `String::from_utf16_lossy` gives),
        /// restored with the units as the oracle, is their WTF-8; the restoration asks about
        /// exactly the U+FFFDs' indexes, in order, and says unchanged exactly when there was no
        /// lone surrogate.
        #[test]
        fn restoring_lossy_utf8_gives_the_wtf8(units in proptest::collection::vec(
            prop_oneof![Just(0x61u16), Just(0xE9), Just(0x4E2D), Just(0xFFFD), Just(0xD83D), Just(0xDE00),
                        0xD800u16..=0xDFFF, any::<u16>()], 0..160)) {
            let (bytes, unchanged, asked) = restore(&units);
            prop_assert_eq!(&bytes, &crate::convert_utf16_to_wtf8(&units));
            prop_assert_eq!(unchanged, String::from_utf16(&units).is_ok());
            let marks: Vec<usize> = (0..units.len())
                .filter(|&i| String::from_utf16_lossy(&units[i..=i]) == "\u{FFFD}"
                    && !(i > 0 && (0xD800..0xDC00).contains(&units[i - 1]) && (0xDC00..0xE000).contains(&units[i]))
                    && !(i + 1 < units.len() && (0xD800..0xDC00).contains(&units[i]) && (0xDC00..0xE000).contains(&units[i + 1])))
                .collect();
            prop_assert_eq!(asked, marks);
        }
    }

    /// Every placement of U+FFFD and of look-alikes (EF BF BC, EF BF BE, a cut EF BF) in front of
    /// every length of filler: the scan against a naive search.
    #[test]
    fn find_replacement_against_a_naive_search() {
        let pieces: [&[u8]; 5] = [
            b"\xEF\xBF\xBD",
            b"\xEF\xBF\xBC",
            b"\xEF\xBF\xBE",
            b"\xEF\xBF",
            b"\xED\xBF\xBD",
        ];
        for filler in [&b"a"[..], "é".as_bytes(), "中".as_bytes()] {
            for len in 0..40 {
                for piece in pieces {
                    for at in 0..=len {
                        let mut bytes: Vec<u8> = filler.iter().copied().cycle().take(len).collect();
                        bytes.splice(at..at, piece.iter().copied());
                        for from in [0, at, at + 1] {
                            let want = (from..bytes.len().saturating_sub(2))
                                .find(|&i| bytes[i..i + 3] == [0xEF, 0xBF, 0xBD]);
                            assert_eq!(
                                find_replacement(&bytes, from),
                                want,
                                "{bytes:02X?} from {from}"
                            );
                            let seq = [0xEF, 0xBF, 0xBD];
                            assert_eq!(
                                find3_swar(&bytes, seq, from),
                                want,
                                "{bytes:02X?} from {from}"
                            );
                            assert_eq!(
                                find3_simd(&bytes, seq, from),
                                want,
                                "{bytes:02X?} from {from}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn utf16_len_against_std() {
        assert_eq!(utf16_len("a\u{E9}\u{4E2D}\u{1F600}".as_bytes()), 5);
        let text = "aé中😀\u{FFFD}z\u{10FFFF}\u{7F}\u{80}\u{800}";
        for start in 0..text.len() {
            for end in start..=text.len() {
                if let Some(s) = text.get(start..end) {
                    let want = s.encode_utf16().count();
                    assert_eq!(utf16_len(s.as_bytes()), want, "{s:?}");
                    assert_eq!(utf16_len_swar(s.as_bytes()), want, "{s:?}");
                    assert_eq!(utf16_len_simd(s.as_bytes()), want, "{s:?}");
                }
            }
        }
        let long: String = text.repeat(37);
        for end in 0..long.len() {
            if let Some(s) = long.get(..end) {
                let want = s.encode_utf16().count();
                assert_eq!(utf16_len_swar(s.as_bytes()), want);
                assert_eq!(utf16_len_simd(s.as_bytes()), want);
            }
        }
        // WTF-8: a surrogate sequence is one unit, as its 3-byte form says.
        assert_eq!(utf16_len(b"\xED\xA0\x80ab\xED\xB0\x80cdef"), 8);
    }
}
