//! The part of reading a JavaScript string ([`crate::js`]) that needs no JavaScript engine, kept
//! here so that it is tested and fuzzed natively (`fuzz/`, target `js_restore`).
//!
//! wasm-bindgen hands a string over as its lossy UTF-8, with U+FFFD (EF BF BD) for each lone
//! surrogate. Each U+FFFD there is either a lone surrogate of the string or a U+FFFD that was
//! there, and only the string can tell which: the code unit at the U+FFFD's UTF-16 index. A lone
//! surrogate's WTF-8 is three bytes too, so it goes back in place.

use crate::grammar::{is_surrogate, write_sequence};

/// Puts the lone surrogates of a string back into `utf8`, its lossy UTF-8, in place, making it
/// the string's WTF-8. `unit_at(index)` gives the string's code unit at each U+FFFD's UTF-16
/// index, which is a lone surrogate or U+FFFD; it is called once per U+FFFD, in order. Returns
/// whether `utf8` is unchanged (the string had no lone surrogate, so its UTF-8 is its WTF-8).
///
/// `utf8` must be well-formed UTF-8 (as the lossy UTF-8 of a string always is).
///
/// Complexity: O(n), and one `unit_at` call per U+FFFD.
pub(crate) fn restore_lone_surrogates(
    utf8: &mut [u8],
    mut unit_at: impl FnMut(usize) -> u16,
) -> bool {
    let mut unchanged = true;
    let mut index = 0; // the UTF-16 index of utf8[at]
    let mut at = 0;
    while let Some(found) = find_replacement(&utf8[at..]) {
        index += utf16_len(&utf8[at..at + found]);
        at += found;
        let unit = unit_at(index);
        if is_surrogate(u32::from(unit)) {
            write_sequence(u32::from(unit), &mut utf8[at..at + 3]);
            unchanged = false;
        }
        index += 1;
        at += 3;
    }
    unchanged
}

/// Where the first U+FFFD (EF BF BD) of `bytes` starts.
fn find_replacement(bytes: &[u8]) -> Option<usize> {
    bytes.windows(3).position(|w| w == [0xEF, 0xBF, 0xBD])
}

/// The number of UTF-16 code units that well-formed UTF-8 spells: one per sequence, two for a
/// 4-byte one.
pub(crate) fn utf16_len(utf8: &[u8]) -> usize {
    utf8.iter()
        .map(|&b| usize::from(b & 0xC0 != 0x80) + usize::from(b >= 0xF0))
        .sum()
}

/// The code units that JavaScript's global `escape` spelled as `%uXXXX`, in order: `escape` writes
/// that form for every unit from U+0100 up, so for a string of lone surrogates and U+FFFDs (what
/// [`crate::js`] asks it about) `escaped` is made of such six-byte marks only. Anything else
/// after the last whole mark is ignored; a mark with a digit that is not hexadecimal reads it as 0.
pub(crate) fn units_of_escaped(escaped: &[u8]) -> impl Iterator<Item = u16> + '_ {
    escaped.chunks_exact(6).map(|mark| {
        mark[2..].iter().fold(0u16, |unit, &digit| {
            unit << 4 | u16::from((digit as char).to_digit(16).unwrap_or(0) as u8)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::{restore_lone_surrogates, units_of_escaped, utf16_len};
    use alloc::string::String;
    use alloc::vec::Vec;

    /// What the restoration gives for `units`, with the indexes it asked about.
    fn restore(units: &[u16]) -> (Vec<u8>, bool, Vec<usize>) {
        let mut bytes = String::from_utf16_lossy(units).into_bytes();
        let mut asked = Vec::new();
        let unchanged = restore_lone_surrogates(&mut bytes, |i| {
            asked.push(i);
            units[i]
        });
        (bytes, unchanged, asked)
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

    #[test]
    fn escape_marks_read_back() {
        let units: Vec<u16> = units_of_escaped(b"%uD83D%uFFFD%udc00%u").collect();
        assert_eq!(units, [0xD83D, 0xFFFD, 0xDC00]);
        assert_eq!(utf16_len("a\u{E9}\u{4E2D}\u{1F600}".as_bytes()), 5);
    }
}
