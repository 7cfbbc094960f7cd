//! CESU-8 (src/encodings/cesu8.rs). Strings (the input as code units): strict encoding fails
//! exactly at the naive reference's first lone surrogate, and otherwise writes each unit on its
//! own as the reference writes that unit alone; lossy encoding is the encoding of the string with
//! each lone surrogate replaced by U+FFFD; what is encoded decodes back. Bytes: what strict
//! decoding accepts re-encodes to the same bytes; on bytes without 4-byte leads and surrogate
//! sequences it agrees with the naive WTF-8 reference (which is then UTF-8), error codes
//! included; the lenient decoder is the strict one with one U+FFFD per error.
#![no_main]

#[path = "common.rs"]
mod common;
#[path = "../../tests/common/reference.rs"]
mod reference;

use libfuzzer_sys::fuzz_target;
use wtf8_wasm::encodings::*;

fuzz_target!(|data: &[u8]| {
    let units = common::units(data);
    let per_unit =
        |u: &[u16]| -> Vec<u8> { u.iter().flat_map(|&x| reference::encode(&[x])).collect() };
    match convert_utf16_to_cesu8(&units) {
        Ok(bytes) => {
            assert_eq!(reference::first_lone_surrogate(&units), None);
            assert_eq!(bytes, per_unit(&units), "encode vs per-unit reference");
            assert_eq!(bytes.len(), cesu8_len_from_utf16(&units));
            assert_eq!(
                convert_cesu8_to_utf16(&bytes).as_ref(),
                Ok(&units),
                "round trip"
            );
        }
        Err(e) => assert_eq!(Some(e.index()), reference::first_lone_surrogate(&units)),
    }
    let repaired: Vec<u16> = char::decode_utf16(units.iter().copied())
        .flat_map(|c| {
            let mut buf = [0u16; 2];
            c.unwrap_or('\u{FFFD}').encode_utf16(&mut buf).to_vec()
        })
        .collect();
    assert_eq!(
        convert_utf16_to_cesu8_lossy(&units),
        per_unit(&repaired),
        "lossy encode"
    );

    let strict = convert_cesu8_to_utf16(data);
    if let Ok(u) = &strict {
        assert_eq!(convert_utf16_to_cesu8(u).as_deref(), Ok(data), "canonical");
    }
    if !data.iter().any(|&b| (0xF0..=0xF4).contains(&b)) && !reference::has_surrogate_prefix(data) {
        let want = reference::decode_strict(data).map_err(|e| (e.code, e.offset, e.len));
        assert_eq!(
            strict.as_ref().map_err(common::key),
            want.as_ref().map_err(|e| *e),
            "vs UTF-8"
        );
    }
    let prefix = &data[..data.len().min(common::ORACLE_PREFIX)];
    assert_eq!(
        convert_cesu8_to_utf16_lossy(prefix),
        common::lenient_from_strict(prefix, 0xFFFD, convert_cesu8_to_utf16),
        "lenient = strict with U+FFFD per error"
    );
});
