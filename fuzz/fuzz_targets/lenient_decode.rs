//! Lenient WTF-8 decoding of arbitrary bytes: equals the naive reference, and
//! `String::from_utf8_lossy` on input without surrogate byte sequences; at most one unit per
//! byte; the output re-encodes to well-formed WTF-8; the `_into` variant, the lossy UTF-8 export
//! and the inspect breakdown agree with it.
#![no_main]

#[path = "../../tests/common/reference.rs"]
mod reference;

use libfuzzer_sys::fuzz_target;
use wtf8_wasm::*;

fuzz_target!(|data: &[u8]| {
    let units = convert_wtf8_to_utf16_lossy(data);
    assert_eq!(
        units,
        reference::decode_lenient(data),
        "lenient decode vs naive reference"
    );
    if !reference::has_surrogate_prefix(data) {
        let std: Vec<u16> = String::from_utf8_lossy(data).encode_utf16().collect();
        assert_eq!(units, std, "lenient decode vs String::from_utf8_lossy");
    }
    assert!(units.len() <= data.len());
    assert!(is_wtf8(&convert_utf16_to_wtf8(&units)));
    let mut buf = vec![0u16; data.len()];
    let n = convert_wtf8_to_utf16_lossy_into(data, &mut buf);
    assert_eq!(&buf[..n], &units[..]);

    // Lossy UTF-8 export is toUtf8 of the lenient decode (std's from_utf16_lossy), and UTF-8.
    let utf8 = convert_wtf8_to_utf8_lossy(data);
    assert_eq!(utf8, String::from_utf16_lossy(&units).into_bytes());

    // The inspect breakdown gives back the bytes and the lenient units.
    let (mut seg_units, mut seg_bytes) = (Vec::new(), Vec::new());
    for seg in inspect_wtf8(data) {
        assert_eq!(seg.byte_offset(), seg_bytes.len());
        assert_eq!(seg.unit_index(), seg_units.len());
        seg_units.extend_from_slice(seg.units());
        seg_bytes.extend_from_slice(seg.bytes());
    }
    assert_eq!(seg_bytes, data);
    assert_eq!(seg_units, units);
});
