//! What the fuzzers (`fuzz/`) found, each kept as the smallest input that shows it, so that it
//! stays fixed. fuzz/README.md ("Findings", under "Record") says which target found it and when.

use wtf8_wasm::Wtf8String;

/// `wtf8_string` (26 Nov 2026, its first run): `Debug` of a `Wtf8String` wrote a single quote as
/// `\'`, where `str`'s `Debug`, which it promises to match on well-formed text, writes `'`.
#[test]
fn debug_writes_a_single_quote_as_str_does() {
    for text in ["'", "it's", "\"'\"", "\0'\u{7f}"] {
        assert_eq!(format!("{:?}", Wtf8String::from(text)), format!("{text:?}"));
    }
    // And a lone surrogate next to one.
    assert_eq!(
        format!("{:?}", Wtf8String::from_utf16(&[0x27, 0xD800, 0x27])),
        r#""'\u{d800}'""#
    );
}
