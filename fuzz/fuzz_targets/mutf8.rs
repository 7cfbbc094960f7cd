//! Java's Modified UTF-8 (src/encodings/mutf8.rs). Strings (the input as code units): encoding
//! never fails and writes each unit on its own as the naive reference writes that unit alone,
//! U+0000 as C0 80; it decodes back exactly; the `writeUTF` frame is the 2-byte big-endian
//! length and that body (or `TOO_LONG`), and reads back. Bytes: what strict decoding accepts
//! re-encodes to the same bytes and decodes as the reference decodes it; the lenient decoder is
//! the strict one with one U+FFFD per error; the frame reader agrees with the body decoder.
#![no_main]

#[path = "common.rs"]
mod common;
#[path = "../../tests/common/reference.rs"]
mod reference;

use libfuzzer_sys::fuzz_target;
use wtf8_wasm::encodings::*;

fuzz_target!(|data: &[u8]| {
    let units = common::units(data);
    let bytes = convert_utf16_to_mutf8(&units);
    let want: Vec<u8> = units
        .iter()
        .flat_map(|&u| {
            if u == 0 {
                vec![0xC0, 0x80]
            } else {
                reference::encode(&[u])
            }
        })
        .collect();
    assert_eq!(bytes, want, "encode vs per-unit reference");
    assert_eq!(bytes.len(), mutf8_len_from_utf16(&units));
    assert_eq!(
        convert_mutf8_to_utf16(&bytes).as_ref(),
        Ok(&units),
        "round trip"
    );
    match convert_utf16_to_mutf8_frame(&units) {
        Ok(frame) => {
            assert!(bytes.len() <= MUTF8_FRAME_MAX_BODY);
            assert_eq!(frame[..2], (bytes.len() as u16).to_be_bytes());
            assert_eq!(frame[2..], bytes[..]);
            assert_eq!(
                convert_mutf8_frame_to_utf16(&frame),
                Ok((units.clone(), frame.len()))
            );
        }
        Err(e) => {
            assert!(bytes.len() > MUTF8_FRAME_MAX_BODY);
            assert_eq!(e.code().as_str(), "TOO_LONG");
        }
    }

    let strict = convert_mutf8_to_utf16(data);
    if let Ok(u) = &strict {
        assert_eq!(convert_utf16_to_mutf8(u), data, "canonical");
        assert!(!data.contains(&0));
        // Where it has no C0 80 (U+0000), accepted input is generalized UTF-8.
        if !data.windows(2).any(|w| w == [0xC0, 0x80]) {
            assert_eq!(*u, reference::decode_lenient(data), "units vs reference");
        }
    }
    let prefix = &data[..data.len().min(common::ORACLE_PREFIX)];
    assert_eq!(
        convert_mutf8_to_utf16_lossy(prefix),
        common::lenient_from_strict(prefix, 0xFFFD, convert_mutf8_to_utf16),
        "lenient = strict with U+FFFD per error"
    );
    if let Some((head, body)) = data.split_first_chunk::<2>() {
        let len = usize::from(u16::from_be_bytes(*head));
        match convert_mutf8_frame_to_utf16(data) {
            Ok((u, used)) => {
                assert_eq!(used, 2 + len);
                assert_eq!(Ok(u), convert_mutf8_to_utf16(&body[..len]));
            }
            Err(e) if len > body.len() => assert_eq!(common::key(&e), ("TRUNCATED", 0, None)),
            Err(_) => assert!(convert_mutf8_to_utf16(&body[..len]).is_err()),
        }
    }
});
