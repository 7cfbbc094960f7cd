//! Arbitrary code units (the input read as little-endian u16): encoding never panics and
//! decodes back exactly; it equals the naive reference; lossy UTF-8 equals
//! `String::from_utf16_lossy`; appending and partial encoding agree; and the streaming encoder
//! and decoders, with chunk sizes taken from the input, equal the one-shot results.
#![no_main]

#[path = "../../tests/common/reference.rs"]
mod reference;

use libfuzzer_sys::fuzz_target;
use wtf8_wasm::*;

fuzz_target!(|data: &[u8]| {
    let units: Vec<u16> = data
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    let wtf8 = convert_utf16_to_wtf8(&units);
    assert_eq!(wtf8.len(), wtf8_len_from_utf16(&units));
    assert_eq!(wtf8, reference::encode(&units), "encode vs naive reference");
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

    // Chunk sizes from the input bytes (0 = an empty chunk). Cycling through them always makes
    // progress: if every size would be 0, every chunk is 1 long instead.
    let sizes: Vec<usize> = data.iter().map(|&b| usize::from(b % 8)).collect();
    let progress = sizes.iter().any(|&n| n > 0);
    let size_at = |k: usize| {
        if progress {
            sizes[k % sizes.len()]
        } else {
            1
        }
    };

    // Split the units at one point: append_wtf8 re-pairs.
    let cut = size_at(0) * units.len() / 7;
    let mut joined = convert_utf16_to_wtf8(&units[..cut.min(units.len())]);
    append_wtf8(
        &mut joined,
        &convert_utf16_to_wtf8(&units[cut.min(units.len())..]),
    );
    assert_eq!(joined, wtf8, "append");

    // Partial encoding into small buffers gives the same bytes and never splits a pair.
    let mut out = Vec::new();
    let mut read_total = 0;
    let mut k = 0;
    while read_total < units.len() {
        let mut buf = [0u8; 12];
        let room = 4 + size_at(k);
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

    // Streaming encoder over unit chunks.
    let mut enc = StreamEncoder::new();
    let mut out = Vec::new();
    let mut rest = &units[..];
    let mut k = 0;
    while !rest.is_empty() {
        let n = size_at(k).min(rest.len());
        enc.encode(&rest[..n], false, &mut out);
        rest = &rest[n..];
        k += 1;
    }
    enc.encode(&[], true, &mut out);
    assert_eq!(out, wtf8, "stream encoder");

    // Streaming decoders over byte chunks, of the encoding and of the raw input.
    for bytes in [&wtf8[..], data] {
        for fatal in [true, false] {
            let mut dec = StreamDecoder::new(fatal);
            let mut out = Vec::new();
            let mut rest = bytes;
            let mut k = 1;
            let mut result = Ok(());
            while !rest.is_empty() && result.is_ok() {
                let n = size_at(k).min(rest.len());
                result = dec.decode(&rest[..n], false, &mut out);
                rest = &rest[n..];
                k += 1;
            }
            if result.is_ok() {
                result = dec.decode(&[], true, &mut out);
            }
            if fatal {
                match (result, convert_wtf8_to_utf16(bytes)) {
                    (Ok(()), Ok(want)) => assert_eq!(out, want),
                    (Err(got), Err(want)) => assert_eq!(got, want),
                    (a, b) => panic!("strict stream {a:?} vs one-shot {b:?}"),
                }
            } else {
                assert_eq!(result, Ok(()));
                assert_eq!(out, convert_wtf8_to_utf16_lossy(bytes), "lenient stream");
            }
        }
    }
});
