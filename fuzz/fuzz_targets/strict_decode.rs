//! Strict WTF-8 decoding of arbitrary bytes: never panics; what it accepts re-encodes to the
//! same bytes; what it rejects has a well-formed prefix up to `valid_up_to`; it agrees with
//! `validate_wtf8`, with the naive reference in `tests/common/reference.rs`, and (for strict
//! UTF-8) with `std::str::from_utf8`.
#![no_main]

#[path = "../../tests/common/reference.rs"]
mod reference;

use libfuzzer_sys::fuzz_target;
use wtf8_wasm::*;

fuzz_target!(|data: &[u8]| {
    let strict = convert_wtf8_to_utf16(data);
    assert_eq!(
        validate_wtf8(data),
        strict.as_ref().map(|_| ()).map_err(|e| *e)
    );
    assert_eq!(is_wtf8(data), strict.is_ok());
    match &strict {
        Ok(units) => {
            assert!(units.len() <= data.len());
            assert_eq!(
                convert_utf16_to_wtf8(units),
                data,
                "accepted input must re-encode to itself"
            );
            assert_eq!(&convert_wtf8_to_utf16_lossy(data), units);
            assert_eq!(wtf8_valid_up_to(data), data.len());
        }
        Err(e) => {
            let at = e.valid_up_to();
            assert!(at < data.len());
            let prefix = &data[..at];
            assert_eq!(
                validate_wtf8(prefix),
                Ok(()),
                "the prefix before the error is well-formed"
            );
            assert_eq!(wtf8_valid_up_to(data), at);
            let prefix_units = convert_wtf8_to_utf16(prefix).expect("valid prefix");
            assert_eq!(convert_utf16_to_wtf8(&prefix_units), prefix);
            match e.error_len() {
                Some(len) => assert!((1..=3).contains(&len) && at + len <= data.len()),
                None => {
                    // Truncated: the rest is 1..=3 bytes of an unfinished sequence.
                    assert_eq!(e.code(), ErrorCode::Truncated);
                    assert!((1..=3).contains(&(data.len() - at)));
                }
            }
        }
    }
    let want = reference::validate_wtf8(data).map_err(|e| (e.code, e.offset, e.len));
    let got = strict
        .as_ref()
        .map(|_| ())
        .map_err(|e| (e.code().as_str(), e.valid_up_to(), e.error_len()));
    assert_eq!(got, want, "strict decode vs naive reference");

    // Strict UTF-8: std decides offset and length, the reference the code.
    let utf8 = validate_utf8(data);
    let std = core::str::from_utf8(data)
        .map(|_| ())
        .map_err(|e| (e.valid_up_to(), e.error_len()));
    assert_eq!(utf8.map_err(|e| (e.valid_up_to(), e.error_len())), std);
    let want = reference::validate_utf8(data).map_err(|e| (e.code, e.offset, e.len));
    assert_eq!(
        utf8.map_err(|e| (e.code().as_str(), e.valid_up_to(), e.error_len())),
        want
    );
    if utf8.is_ok() {
        assert!(strict.is_ok(), "UTF-8 is WTF-8");
    }

    // In-place lossy agrees with validation and with the allocating version.
    let mut buf = data.to_vec();
    match convert_wtf8_to_utf8_lossy_in_place(&mut buf) {
        Ok(()) => assert_eq!(buf, convert_wtf8_to_utf8_lossy(data)),
        Err(e) => {
            assert_eq!(Err(e), validate_wtf8(data));
            assert_eq!(
                buf, data,
                "a failed in-place conversion leaves the buffer unchanged"
            );
        }
    }

    // Streaming, in chunks whose size comes from the first byte.
    let size = usize::from(data.first().copied().unwrap_or(0) % 9);
    let mut dec = StreamDecoder::new(true);
    let mut out = Vec::new();
    let streamed = if size == 0 {
        dec.decode(data, true, &mut out)
    } else {
        let chunks: Vec<&[u8]> = data.chunks(size).collect();
        let mut result = dec.decode(&[], chunks.is_empty(), &mut out);
        for (i, c) in chunks.iter().enumerate() {
            if result.is_err() {
                break;
            }
            result = dec.decode(c, i + 1 == chunks.len(), &mut out);
        }
        result
    };
    match (&strict, streamed) {
        (Ok(units), Ok(())) => assert_eq!(&out, units),
        (Err(e), Err(s)) => assert_eq!(*e, s),
        (a, b) => panic!("one-shot {a:?} vs stream {b:?}"),
    }
});
