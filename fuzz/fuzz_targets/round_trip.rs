//! Arbitrary code units (the input read as little-endian u16): encoding equals the naive
//! reference and decodes back exactly (strictly and leniently); lossy UTF-8 equals
//! `String::from_utf16_lossy`, directly and through WTF-8; strict UTF-8 fails exactly at the
//! reference's first lone surrogate; partial encoding into small buffers gives the same bytes and
//! never splits a pair.
#![no_main]

#[path = "common.rs"]
mod common;
#[path = "../../tests/common/reference.rs"]
mod reference;

use libfuzzer_sys::fuzz_target;
use wtf8_wasm::*;

fuzz_target!(|data: &[u8]| {
    let units = common::units(data);
    let wtf8 = convert_utf16_to_wtf8(&units);
    assert_eq!(wtf8, reference::encode(&units), "encode vs naive reference");
    assert_eq!(wtf8.len(), wtf8_len_from_utf16(&units));
    assert_eq!(
        convert_wtf8_to_utf16(&wtf8).as_ref(),
        Ok(&units),
        "round trip"
    );
    assert_eq!(convert_wtf8_to_utf16_lossy(&wtf8), units);
    let lossy = String::from_utf16_lossy(&units).into_bytes();
    assert_eq!(convert_utf16_to_utf8_lossy(&units), lossy);
    assert_eq!(convert_wtf8_to_utf8_lossy(&wtf8), lossy);
    match convert_utf16_to_utf8(&units) {
        Ok(bytes) => assert_eq!(bytes, wtf8),
        Err(e) => assert_eq!(Some(e.index()), reference::first_lone_surrogate(&units)),
    }
    assert_eq!(
        utf16_valid_up_to(&units),
        reference::first_lone_surrogate(&units).unwrap_or(units.len())
    );
    let mut lone = vec![0; units.len()];
    let n = utf16_lone_surrogates(&units, &mut lone).expect("room for every index");
    assert_eq!(lone[..n], reference::lone_surrogates(&units)[..]);

    // Partial encoding into small buffers (room 4 to 11, from the input) never splits a pair.
    let mut out = Vec::new();
    let mut read_total = 0;
    let mut k = 0;
    while read_total < units.len() {
        let mut buf = [0u8; 12];
        let room = 4 + usize::from(data[k % data.len()] % 8);
        let (read, written) = convert_utf16_to_wtf8_partial(&units[read_total..], &mut buf[..room]);
        assert!(read > 0, "4 bytes of room always make progress");
        let end = read_total + read;
        assert!(
            !(end < units.len()
                && (0xD800..0xDC00).contains(&units[end - 1])
                && (0xDC00..0xE000).contains(&units[end])),
            "split a pair"
        );
        out.extend_from_slice(&buf[..written]);
        read_total = end;
        k += 1;
    }
    assert_eq!(out, wtf8, "partial");
});
