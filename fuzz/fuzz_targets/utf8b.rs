//! UTF-8B, Python's `surrogateescape` (src/encodings/utf8b.rs). Bytes: decoding never fails and
//! encoding its result gives back exactly the input; on UTF-8 input it is std's UTF-8 decoding;
//! every other byte becomes U+DC80..U+DCFF. Strings (the input as code units) without
//! U+DC80..U+DCFF: encoding fails exactly at the naive reference's first lone surrogate, and
//! otherwise is the string's UTF-8 and decodes back.
#![no_main]

#[path = "common.rs"]
mod common;
#[path = "../../tests/common/reference.rs"]
mod reference;

use libfuzzer_sys::fuzz_target;
use wtf8_wasm::encodings::*;

fuzz_target!(|data: &[u8]| {
    let units = convert_utf8b_to_utf16(data);
    assert!(units.len() <= data.len());
    assert_eq!(
        convert_utf16_to_utf8b(&units).as_deref(),
        Ok(data),
        "bytes round trip"
    );
    if let Ok(s) = core::str::from_utf8(data) {
        assert!(
            s.encode_utf16().eq(units.iter().copied()),
            "UTF-8 decodes as std does"
        );
    }
    // Each lone surrogate is an escaped byte (U+DC80..U+DCFF), each character its UTF-8 bytes.
    let bytes: usize = char::decode_utf16(units.iter().copied())
        .map(|r| match r {
            Ok(c) => c.len_utf8(),
            Err(e) => {
                assert!(
                    (0xDC80..=0xDCFF).contains(&e.unpaired_surrogate()),
                    "only escapes are lone"
                );
                1
            }
        })
        .sum();
    assert_eq!(bytes, data.len(), "one escape per undecodable byte");

    let units = common::units(data);
    if !units.iter().any(|u| (0xDC80..=0xDCFF).contains(u)) {
        match convert_utf16_to_utf8b(&units) {
            Ok(bytes) => {
                assert_eq!(reference::first_lone_surrogate(&units), None);
                assert_eq!(
                    bytes,
                    reference::encode(&units),
                    "well-formed strings are UTF-8"
                );
                assert_eq!(convert_utf8b_to_utf16(&bytes), units);
            }
            Err(e) => assert_eq!(Some(e.index()), reference::first_lone_surrogate(&units)),
        }
    }
});
