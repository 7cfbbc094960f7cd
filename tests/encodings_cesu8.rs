//! CESU-8: the vector table (derived from Python's UTF-8 codec one code unit at a time, checked
//! with Java's CESU-8 charset), exhaustive sweeps against std and the crate's WTF-8 decoder, and
//! round-trip properties.

use crate::common;

use common::*;
use proptest::prelude::*;
use wtf8_wasm::encodings::*;

#[test]
fn vector_strings() {
    let file = load("cesu8.json");
    for row in rows(&file, "strings") {
        let u = units(&row["units"]);
        let ctx = desc(row);
        let lossy = hex(&row["cesu8_lossy"]);
        assert_eq!(convert_utf16_to_cesu8_lossy(&u), lossy, "{ctx}");
        assert_eq!(cesu8_len_from_utf16(&u), lossy.len(), "{ctx}");
        match convert_utf16_to_cesu8(&u) {
            Ok(bytes) => assert!(row["error"].is_null() && bytes == lossy, "{ctx}"),
            Err(err) => assert_lone(&err, &row["error"], ctx),
        }
    }
}

#[test]
fn vector_bytes() {
    let file = load("cesu8.json");
    for row in rows(&file, "bytes") {
        let b = hex(&row["bytes"]);
        let ctx = desc(row);
        check_decode(
            convert_cesu8_to_utf16(&b),
            convert_cesu8_to_utf16_lossy(&b),
            units(&row["units"]),
            &row["error"],
            ctx,
        );
    }
}

#[test]
fn every_single_unit() {
    for u in 0..=0xFFFFu16 {
        match char::from_u32(u32::from(u)) {
            Some(c) => {
                let bytes = convert_utf16_to_cesu8(&[u]).unwrap();
                assert_eq!(bytes, c.to_string().as_bytes());
                assert_eq!(convert_cesu8_to_utf16(&bytes), Ok(vec![u]));
            }
            None => {
                let err = convert_utf16_to_cesu8(&[0x61, u]).unwrap_err();
                assert_eq!((err.index(), err.unit()), (1, u));
                assert_eq!(convert_utf16_to_cesu8_lossy(&[u]), "\u{FFFD}".as_bytes());
                // Its 3-byte sequence alone is a lone surrogate when decoding.
                let seq = wtf8_wasm::convert_utf16_to_wtf8(&[u]);
                let err = convert_cesu8_to_utf16(&seq).unwrap_err();
                let want = if u < 0xDC00 {
                    ("TRUNCATED", None)
                } else {
                    ("LONE_SURROGATE", Some(3))
                };
                assert_eq!((s(err.code()), err.error_len()), want, "{u:04X}");
                assert_eq!(convert_cesu8_to_utf16_lossy(&seq), [0xFFFD]);
            }
        }
    }
}

#[test]
fn every_surrogate_pair_is_six_bytes_and_back() {
    for lead in 0xD800..=0xDBFFu16 {
        for trail in 0xDC00..=0xDFFFu16 {
            let bytes = convert_utf16_to_cesu8(&[lead, trail]).unwrap();
            assert_eq!(bytes.len(), 6);
            assert_eq!(&bytes[..3], wtf8_wasm::convert_utf16_to_wtf8(&[lead]));
            assert_eq!(&bytes[3..], wtf8_wasm::convert_utf16_to_wtf8(&[trail]));
            assert_eq!(convert_cesu8_to_utf16(&bytes), Ok(vec![lead, trail]));
        }
    }
}

#[test]
fn every_short_input_against_utf8() {
    // Up to 2 bytes there is no room for a surrogate sequence: CESU-8 is UTF-8 there, and the
    // lenient decoder counts U+FFFD as the WTF-8 (= TextDecoder) decoder does.
    for b in all_short_inputs() {
        let strict = convert_cesu8_to_utf16(&b);
        match std::str::from_utf8(&b) {
            Ok(text) => assert_eq!(strict, Ok(text.encode_utf16().collect()), "{b:02X?}"),
            Err(e) => assert_eq!(
                strict.unwrap_err().valid_up_to(),
                e.valid_up_to(),
                "{b:02X?}"
            ),
        }
        assert_eq!(
            convert_cesu8_to_utf16_lossy(&b),
            wtf8_wasm::convert_wtf8_to_utf16_lossy(&b),
            "{b:02X?}"
        );
        assert_eq!(
            lenient_from_strict(&b, 0xFFFD, convert_cesu8_to_utf16),
            convert_cesu8_to_utf16_lossy(&b)
        );
    }
}

#[test]
fn every_three_byte_input_is_valid_exactly_when_it_is_utf8() {
    for w in 0..1u32 << 24 {
        let b = &w.to_be_bytes()[1..];
        let strict = convert_cesu8_to_utf16(b);
        match std::str::from_utf8(b) {
            Ok(text) => assert_eq!(strict, Ok(text.encode_utf16().collect()), "{b:02X?}"),
            Err(e) => assert_eq!(
                strict.map_err(|err| err.valid_up_to()),
                Err(e.valid_up_to()),
                "{b:02X?}"
            ),
        }
    }
}

proptest! {
    #![proptest_config(config(3000))]

    #[test]
    fn well_formed_strings_round_trip(u in arb_well_formed()) {
        let bytes = convert_utf16_to_cesu8(&u).unwrap();
        prop_assert_eq!(bytes.len(), cesu8_len_from_utf16(&u));
        prop_assert!(!bytes.iter().any(|&b| b >= 0xF0));
        prop_assert_eq!(convert_cesu8_to_utf16(&bytes), Ok(u));
    }

    #[test]
    fn lossy_encoding_is_the_encoding_of_the_repaired_string(u in arb_units()) {
        let repaired: Vec<u16> = String::from_utf16_lossy(&u).encode_utf16().collect();
        prop_assert_eq!(convert_utf16_to_cesu8_lossy(&u), convert_utf16_to_cesu8(&repaired).unwrap());
        prop_assert_eq!(convert_utf16_to_cesu8(&u).is_ok(), wtf8_wasm::validate_utf16(&u).is_ok());
    }

    #[test]
    fn decoding_is_strict_lenient_consistent_and_canonical(b in arb_bytes()) {
        prop_assert_eq!(lenient_from_strict(&b, 0xFFFD, convert_cesu8_to_utf16), convert_cesu8_to_utf16_lossy(&b));
        if let Ok(u) = convert_cesu8_to_utf16(&b) {
            // Every string has exactly one CESU-8 encoding.
            prop_assert_eq!(convert_utf16_to_cesu8(&u), Ok(b));
        }
    }
}
