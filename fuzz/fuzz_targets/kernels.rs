//! The SIMD kernels against the scalar ones, directly (`wtf8_wasm::fuzzing`, which exists only in
//! fuzzing builds): the input as code units through both encoders (WTF-8 and lossy UTF-8, with
//! all the room needed and with less), both lone-surrogate scans; the input as bytes through
//! both decoders (strict and lenient, after a lead surrogate sequence or not) and both
//! validators. Every count, byte, unit, state and error must be the same, and no encoder may
//! write past what it reports.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use wtf8_wasm::fuzzing::*;

fuzz_target!(|data: &[u8]| {
    let Some((&knobs, bytes)) = data.split_first() else {
        return;
    };
    let units = common::units(bytes);

    let need = wtf8_wasm::wtf8_len_from_utf16(&units);
    let room = if knobs & 1 == 0 {
        need
    } else {
        need * usize::from(knobs >> 1) / 128
    };
    for lossy in [false, true] {
        let mut a = vec![0xAB; room];
        let mut b = vec![0xAB; room];
        assert_eq!(
            (encode(&units, &mut a, lossy, false), &a),
            (encode(&units, &mut b, lossy, true), &b),
            "encode lossy={lossy} room={room}"
        );
    }
    let count = usize::from(knobs) % (units.len() + 1);
    let (mut a, mut b) = (vec![usize::MAX; count], vec![usize::MAX; count]);
    assert_eq!(
        (lone_surrogates(&units, &mut a, false), &a),
        (lone_surrogates(&units, &mut b, true), &b),
        "lone_surrogates room={count}"
    );
    assert_eq!(
        utf16_valid_up_to(&units, false),
        utf16_valid_up_to(&units, true)
    );

    for fatal in [true, false] {
        for lead in [false, true] {
            let mut a = vec![0xABCD; bytes.len() + 1];
            let mut b = vec![0xABCD; bytes.len() + 1];
            let (mut lead_a, mut lead_b) = (lead, lead);
            let pa = decode(bytes, &mut a, fatal, &mut lead_a, false);
            let pb = decode(bytes, &mut b, fatal, &mut lead_b, true);
            assert_eq!(pa, pb, "decode fatal={fatal} lead={lead}");
            if fatal {
                assert_eq!(lead_a, lead_b, "lead state");
            }
            let whole = !matches!(pa.2, DecodeStop::Error(..));
            let n = if whole { a.len() } else { pa.1 };
            assert_eq!(a[..n], b[..n], "decoded units fatal={fatal} lead={lead}");
        }
    }
    assert_eq!(validate(bytes, false), validate(bytes, true), "validate");
});
