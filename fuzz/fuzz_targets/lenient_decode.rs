//! Lenient WTF-8 decoding of arbitrary bytes: never panics; at most one code unit per byte; the
//! output re-encodes to well-formed WTF-8; it equals the naive reference, `String::from_utf8_lossy`
//! on input without surrogate byte sequences, and the strict decoder where that succeeds; the
//! lossy UTF-8 export and the inspect breakdown agree with it.
#![no_main]

#[path = "../../tests/common/reference.rs"]
mod reference;

use libfuzzer_sys::fuzz_target;
use wtf8_wasm::*;

fuzz_target!(|data: &[u8]| {
    let units = convert_wtf8_to_utf16_lossy(data);
    assert!(units.len() <= data.len());
    let re_encoded = convert_utf16_to_wtf8(&units);
    assert!(is_wtf8(&re_encoded));
    assert_eq!(convert_wtf8_to_utf16(&re_encoded).as_ref(), Ok(&units));
    assert_eq!(
        units,
        reference::decode_lenient(data),
        "lenient decode vs naive reference"
    );
    if !reference::has_surrogate_prefix(data) {
        let std: Vec<u16> = String::from_utf8_lossy(data).encode_utf16().collect();
        assert_eq!(units, std, "lenient decode vs String::from_utf8_lossy");
    }
    if let Ok(strict) = convert_wtf8_to_utf16(data) {
        assert_eq!(strict, units);
    }
    let mut buf = vec![0u16; data.len()];
    let n = convert_wtf8_to_utf16_lossy_into(data, &mut buf);
    assert_eq!(&buf[..n], &units[..]);

    // Lossy UTF-8 export is toUtf8 of the lenient decode, and is UTF-8.
    let utf8 = convert_wtf8_to_utf8_lossy(data);
    assert_eq!(utf8, convert_utf16_to_utf8_lossy(&units));
    assert_eq!(utf8, String::from_utf16_lossy(&units).into_bytes());
    assert!(core::str::from_utf8(&utf8).is_ok());

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

    // Streaming, in chunks whose sizes come from the input.
    let mut dec = StreamDecoder::new(false);
    let mut out = Vec::new();
    let mut rest = data;
    let mut k = 0;
    // Sizes 0..=5 (0 = an empty chunk); if every size would be 0, chunks of 1 instead, so that
    // cycling through them always makes progress.
    let progress = data.iter().any(|&b| b % 6 > 0);
    while !rest.is_empty() {
        let size = if progress {
            usize::from(data[k % data.len()] % 6)
        } else {
            1
        };
        let size = size.min(rest.len());
        dec.decode(&rest[..size], false, &mut out)
            .expect("lenient never fails");
        rest = &rest[size..];
        k += 1;
    }
    dec.decode(&[], true, &mut out)
        .expect("lenient never fails");
    assert_eq!(out, units, "lenient stream vs one-shot");
});
