//! The part of the `js` module's reading of a JavaScript string that needs no JavaScript engine
//! (src/restore.rs), with the input's code units standing in for the string: wasm-bindgen's
//! lossy UTF-8 of them (`String::from_utf16_lossy`, which is what its `TextEncoder` path gives),
//! with each lone surrogate put back where a U+FFFD stands, is their WTF-8 (the naive
//! reference's encoding); the restoration asks exactly about the U+FFFDs' UTF-16 indexes, in order,
//! and each holds a lone surrogate or U+FFFD; it reports a change exactly when there is a lone
//! surrogate. And the UTF-16 length of a prefix of the lossy UTF-8 that ends at a sequence
//! boundary is the number of units it spells (these builds run the SIMD kernels' scans, on the
//! portable emulation).
#![no_main]

#[path = "common.rs"]
mod common;
#[path = "../../tests/common/reference.rs"]
mod reference;

use libfuzzer_sys::fuzz_target;
use wtf8_wasm::fuzzing::{restore_lone_surrogates, utf16_len};

fuzz_target!(|data: &[u8]| {
    let units = common::units(data);
    let lossy = String::from_utf16_lossy(&units);
    let mut bytes = lossy.clone().into_bytes();
    let lone = reference::lone_surrogates(&units);
    let mut asked = Vec::new();
    let unchanged = restore_lone_surrogates(&mut bytes, |index| {
        asked.push(index);
        units[index]
    });
    assert_eq!(bytes, reference::encode(&units), "restored = WTF-8");
    assert_eq!(
        unchanged,
        lone.is_empty(),
        "a change exactly when a lone surrogate is there"
    );
    let replacements: Vec<usize> = (0..units.len())
        .filter(|&i| units[i] == 0xFFFD || lone.binary_search(&i).is_ok())
        .collect();
    assert_eq!(
        asked, replacements,
        "asked about each U+FFFD's index, in order"
    );

    // UTF-16 lengths of the lossy UTF-8's prefixes, at its first 64 sequence boundaries.
    let mut count = 0;
    for (i, c) in lossy.char_indices().take(64) {
        assert_eq!(utf16_len(&lossy.as_bytes()[..i]), count);
        count += c.len_utf16();
    }
    assert_eq!(utf16_len(lossy.as_bytes()), units.len());
    assert_eq!(
        utf16_len(lossy.as_bytes()),
        wtf8_wasm::convert_wtf8_to_utf16_lossy(&bytes).len()
    );
});
