//! Streaming: a `StreamEncoder` fed the input's code units in chunks, and strict and lenient
//! `StreamDecoder`s fed the input's bytes (and the encoding's) in chunks, give exactly the
//! one-shot results — the same units, or the same error with its offset counted from the start
//! of the stream — wherever the chunk boundaries fall. Chunk sizes come from the input: the
//! first byte picks short chunks (0 to 7, 0 = an empty chunk) or long ones (0 to 99, long enough
//! for the SIMD kernels' windows). A decoder is reused after each stream ends.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use wtf8_wasm::*;

fuzz_target!(|data: &[u8]| {
    let Some((rest, sizes, max)) = common::cutting(data) else {
        return;
    };

    let units = common::units(rest);
    let wtf8 = convert_utf16_to_wtf8(&units);
    let mut enc = StreamEncoder::new();
    let mut out = Vec::new();
    for chunk in common::chunks(&units, sizes, max) {
        enc.encode(chunk, false, &mut out);
    }
    enc.encode(&[], true, &mut out);
    assert_eq!(out, wtf8, "stream encoder vs one-shot");
    assert!(!enc.has_pending());

    for fatal in [true, false] {
        let mut dec = StreamDecoder::new(fatal);
        for bytes in [rest, &wtf8[..]] {
            let mut out = Vec::new();
            let mut result = Ok(());
            for chunk in common::chunks(bytes, sizes, max) {
                result = dec.decode(chunk, false, &mut out);
                if result.is_err() {
                    break;
                }
            }
            if result.is_ok() {
                result = dec.decode(&[], true, &mut out);
            }
            if fatal {
                match (result, convert_wtf8_to_utf16(bytes)) {
                    (Ok(()), Ok(want)) => assert_eq!(out, want, "strict stream"),
                    (Err(got), Err(want)) => assert_eq!(got, want, "strict stream error"),
                    (a, b) => panic!("strict stream {a:?} vs one-shot {b:?}"),
                }
            } else {
                assert_eq!(result, Ok(()));
                assert_eq!(out, convert_wtf8_to_utf16_lossy(bytes), "lenient stream");
            }
            assert_eq!(
                dec.pending_len(),
                0,
                "the decoder is ready for a new stream"
            );
        }
    }
});
