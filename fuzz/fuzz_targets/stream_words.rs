//! The streaming decoder's state as four words (`StreamDecoder::to_words` / `from_words`, which
//! the npm package's `Wtf8Decoder` keeps in JavaScript between calls into wasm): a stream of the
//! input's bytes (and of their encoding's), cut anywhere, with the decoder saved to words and
//! made again from them at every cut, gives exactly the one-shot results, strict and lenient. The
//! words give back the decoder they came from (`from_words(w).to_words() == w`); the state they
//! hold (the held-back bytes, the flags, the offset) depends only on the bytes consumed, not on
//! how they were cut (the same as a decoder that read the same bytes in one call); and after a
//! stream ends, or fails, they are a new decoder's. The first byte is a
//! knob: short chunks (0 to 7 bytes, 0 = an empty chunk) or long ones (0 to 99).
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

    for fatal in [true, false] {
        for bytes in [rest, &wtf8[..]] {
            let mut words = StreamDecoder::new(fatal).to_words();
            let mut out = Vec::new();
            let mut result = Ok(());
            let mut consumed = 0;
            for chunk in common::chunks(bytes, sizes, max) {
                let mut dec = StreamDecoder::from_words(words);
                assert_eq!(dec.to_words(), words, "from_words gives back the decoder");
                assert_eq!(dec.fatal(), fatal);
                result = dec.decode(chunk, false, &mut out);
                words = dec.to_words();
                consumed += chunk.len();
                if result.is_err() {
                    assert_eq!(
                        words,
                        StreamDecoder::new(fatal).to_words(),
                        "reset after an error"
                    );
                    break;
                }
                // The same bytes in one call leave the same state (checked on short prefixes: quadratic).
                if consumed <= 64 {
                    let mut once = StreamDecoder::new(fatal);
                    let mut scratch = Vec::new();
                    assert!(once.decode(&bytes[..consumed], false, &mut scratch).is_ok());
                    assert_eq!(
                        state(once.to_words()),
                        state(words),
                        "the state depends on the bytes, not the cuts"
                    );
                    assert_eq!(scratch, out, "and so does what came out");
                }
            }
            if result.is_ok() {
                let mut dec = StreamDecoder::from_words(words);
                result = dec.decode(&[], true, &mut out);
                assert_eq!(
                    dec.to_words(),
                    StreamDecoder::new(fatal).to_words(),
                    "reset at the end"
                );
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
        }
    }
});

/// The decoder's state in its words: the held-back bytes (only the first `pending_len` of the
/// first word's four mean anything: the rest are left over from before), and the other words.
fn state(words: [u32; 4]) -> (Vec<u8>, u32, u32, u32) {
    let pending_len = (words[1] & 7) as usize;
    let pending = words[0].to_le_bytes()[..pending_len.min(4)].to_vec();
    (pending, words[1], words[2], words[3])
}
