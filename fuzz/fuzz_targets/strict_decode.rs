//! Strict WTF-8 decoding of arbitrary bytes: the same result (code, offset, length) as the naive
//! reference in `tests/common/reference.rs`; what it accepts decodes to the reference's units and
//! re-encodes to the same bytes; `validate_wtf8`, `is_wtf8` and `wtf8_valid_up_to` agree; strict
//! UTF-8 validation agrees with `std::str::from_utf8` (offset, length) and the reference (code);
//! the in-place lossy conversion agrees with validation and leaves rejected input unchanged.
#![no_main]

#[path = "../../tests/common/reference.rs"]
mod reference;

use libfuzzer_sys::fuzz_target;
use wtf8_wasm::*;

fuzz_target!(|data: &[u8]| {
    let strict = convert_wtf8_to_utf16(data);
    let got = strict
        .as_ref()
        .map(|_| ())
        .map_err(|e| (e.code().as_str(), e.valid_up_to(), e.error_len()));
    let want = reference::validate_wtf8(data).map_err(|e| (e.code, e.offset, e.len));
    assert_eq!(got, want, "strict decode vs naive reference");
    assert_eq!(
        validate_wtf8(data),
        strict.as_ref().map(|_| ()).map_err(|e| *e)
    );
    assert_eq!(is_wtf8(data), strict.is_ok());
    match &strict {
        Ok(units) => {
            assert_eq!(
                *units,
                reference::decode_lenient(data),
                "units vs reference"
            );
            assert_eq!(
                convert_utf16_to_wtf8(units),
                data,
                "accepted input re-encodes to itself"
            );
            assert_eq!(wtf8_valid_up_to(data), data.len());
        }
        Err(e) => assert_eq!(wtf8_valid_up_to(data), e.valid_up_to()),
    }

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
});
