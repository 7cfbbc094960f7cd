//! UTF-32LE / UTF-32BE: the vector table (Python's codecs with `strict`, `replace` and
//! `surrogatepass`; Java's charsets), exhaustive sweeps and round-trip properties.

use crate::common;

use common::*;
use proptest::prelude::*;
use wtf8_wasm::encodings::*;

type Encode = fn(&[u16], bool, Surrogates) -> Result<Vec<u8>, wtf8_wasm::LoneSurrogateError>;
type EncodeLossy = fn(&[u16], bool) -> Vec<u8>;
type Decode = fn(&[u8], Surrogates) -> Result<Vec<u16>, wtf8_wasm::DecodeError>;
type DecodeLossy = fn(&[u8], Surrogates) -> Vec<u16>;

const ENCODERS: [(&str, Encode, EncodeLossy, [u8; 4]); 2] = [
    (
        "le",
        convert_utf16_to_utf32le,
        convert_utf16_to_utf32le_lossy,
        [0xFF, 0xFE, 0, 0],
    ),
    (
        "be",
        convert_utf16_to_utf32be,
        convert_utf16_to_utf32be_lossy,
        [0, 0, 0xFE, 0xFF],
    ),
];

const DECODERS: [(&str, Decode, DecodeLossy); 3] = [
    (
        "le",
        convert_utf32le_to_utf16,
        convert_utf32le_to_utf16_lossy,
    ),
    (
        "be",
        convert_utf32be_to_utf16,
        convert_utf32be_to_utf16_lossy,
    ),
    (
        "bom",
        convert_utf32bom_to_utf16,
        convert_utf32bom_to_utf16_lossy,
    ),
];

const MODES: [(&str, Surrogates); 2] = [("reject", Surrogates::Reject), ("pass", Surrogates::Pass)];

#[test]
fn vector_strings() {
    let file = load("utf32.json");
    for row in rows(&file, "strings") {
        let u = units(&row["units"]);
        let ctx = desc(row);
        for (order, encode, lossy, bom) in ENCODERS {
            let want_lossy = hex(&row[format!("utf32{order}_lossy")]);
            let want_pass = hex(&row[format!("utf32{order}_pass")]);
            match encode(&u, false, Surrogates::Reject) {
                Ok(bytes) => {
                    assert!(row["error"].is_null(), "{ctx}");
                    assert_eq!(bytes, want_lossy, "{ctx}");
                }
                Err(err) => assert_lone(&err, &row["error"], ctx),
            }
            assert_eq!(lossy(&u, false), want_lossy, "{ctx}");
            assert_eq!(
                encode(&u, false, Surrogates::Pass).unwrap(),
                want_pass,
                "{ctx}"
            );
            assert_eq!(
                encode(&u, true, Surrogates::Pass).unwrap(),
                [&bom[..], &want_pass].concat(),
                "{ctx}"
            );
            assert_eq!(lossy(&u, true), [&bom[..], &want_lossy].concat(), "{ctx}");
        }
    }
}

#[test]
fn vector_bytes() {
    let file = load("utf32.json");
    for row in rows(&file, "bytes") {
        let b = hex(&row["bytes"]);
        for (key, strict, lossy) in DECODERS {
            for (mode, surrogates) in MODES {
                let entry = &row[key][mode];
                let ctx = format!("{} ({key}, {mode})", desc(row));
                check_decode(
                    strict(&b, surrogates),
                    lossy(&b, surrogates),
                    units(&entry["units"]),
                    &entry["error"],
                    &ctx,
                );
            }
        }
    }
}

#[test]
fn every_code_point_and_surrogate_round_trips() {
    let mut buf = [0u16; 2];
    for cp in 0..=0x10FFFFu32 {
        let u: &[u16] = match char::from_u32(cp) {
            Some(c) => c.encode_utf16(&mut buf),
            None => {
                buf[0] = cp as u16;
                &buf[..1]
            }
        };
        let surrogate = (0xD800..0xE000).contains(&cp);
        for (_, encode, lossy, _) in ENCODERS {
            let passed = encode(u, false, Surrogates::Pass).unwrap();
            assert_eq!(passed.len(), 4);
            match encode(u, false, Surrogates::Reject) {
                Ok(bytes) => assert!(!surrogate && bytes == passed),
                Err(err) => assert!(surrogate && err.index() == 0 && u32::from(err.unit()) == cp),
            }
            let want_lossy = if surrogate {
                encode(&[0xFFFD], false, Surrogates::Reject).unwrap()
            } else {
                passed.clone()
            };
            assert_eq!(lossy(u, false), want_lossy);
        }
        let le = convert_utf16_to_utf32le(u, false, Surrogates::Pass).unwrap();
        assert_eq!(le, cp.to_le_bytes());
        let be = convert_utf16_to_utf32be(u, false, Surrogates::Pass).unwrap();
        assert_eq!(be, cp.to_be_bytes());
        assert_eq!(convert_utf32le_to_utf16(&le, Surrogates::Pass).unwrap(), u);
        assert_eq!(convert_utf32be_to_utf16(&be, Surrogates::Pass).unwrap(), u);
        // (Through the sniffing decoder after a BOM: U+FEFF alone would be taken for one.)
        match convert_utf32bom_to_utf16(
            &[&[0, 0, 0xFE, 0xFF][..], &be].concat(),
            Surrogates::Reject,
        ) {
            Ok(got) => assert!(!surrogate && got == u),
            Err(err) => {
                assert!(surrogate && s(err.code()) == "SURROGATE" && err.error_len() == Some(4))
            }
        }
    }
}

#[test]
fn values_above_the_range_are_too_large() {
    for v in [
        0x11_0000u32,
        0x11_0001,
        0xFFFE_0000,
        0x7FFF_FFFF,
        0x8000_0000,
        0xFFFF_FFFF,
    ] {
        for (key, strict, lossy) in DECODERS {
            for (_, surrogates) in MODES {
                let b = match key {
                    "le" => [&b"A\x00\x00\x00"[..], &v.to_le_bytes()].concat(),
                    _ => [&b"\x00\x00\x00A"[..], &v.to_be_bytes()].concat(),
                };
                let err = strict(&b, surrogates).unwrap_err();
                assert_eq!(
                    (s(err.code()), err.valid_up_to(), err.error_len()),
                    ("TOO_LARGE", 4, Some(4)),
                    "{v:X}"
                );
                assert_eq!(lossy(&b, surrogates), [0x41, 0xFFFD]);
            }
        }
    }
}

#[test]
fn every_short_input_is_truncated_or_empty() {
    for b in all_short_inputs() {
        for (_, strict, lossy) in DECODERS {
            for (_, surrogates) in MODES {
                if b.is_empty() {
                    assert_eq!(strict(&b, surrogates), Ok(vec![]));
                    continue;
                }
                let err = strict(&b, surrogates).unwrap_err();
                assert_eq!(
                    (s(err.code()), err.valid_up_to(), err.error_len()),
                    ("TRUNCATED", 0, None),
                    "{b:02X?}"
                );
                assert_eq!(lossy(&b, surrogates), [0xFFFD], "{b:02X?}");
            }
        }
    }
}

proptest! {
    #![proptest_config(config(2000))]

    #[test]
    fn surrogatepass_round_trip_is_lossless(u in arb_units(), bom in any::<bool>()) {
        for (order, encode, _, _) in ENCODERS {
            let bytes = encode(&u, bom, Surrogates::Pass).unwrap();
            let back = if bom {
                convert_utf32bom_to_utf16(&bytes, Surrogates::Pass)
            } else if order == "le" {
                convert_utf32le_to_utf16(&bytes, Surrogates::Pass)
            } else {
                convert_utf32be_to_utf16(&bytes, Surrogates::Pass)
            };
            prop_assert_eq!(back, Ok(u.clone()));
        }
    }

    #[test]
    fn strict_encoding_fails_exactly_at_the_first_lone_surrogate(u in arb_units()) {
        let want = wtf8_wasm::validate_utf16(&u);
        let got = convert_utf16_to_utf32le(&u, false, Surrogates::Reject);
        prop_assert_eq!(got.as_ref().err(), want.as_ref().err());
        // Lossy output decodes to the string with each lone surrogate replaced.
        let lossy = convert_utf32be_to_utf16(&convert_utf16_to_utf32be_lossy(&u, false), Surrogates::Reject).unwrap();
        let replaced: Vec<u16> = char::decode_utf16(u.iter().copied()).map(|r| r.unwrap_or('\u{FFFD}')).flat_map(|c| {
            let mut b = [0u16; 2];
            c.encode_utf16(&mut b).to_vec()
        }).collect();
        prop_assert_eq!(lossy, replaced);
    }

    #[test]
    fn lenient_is_strict_with_one_replacement(b in prop::collection::vec(prop_oneof![Just(0u8), Just(0xD8), Just(0xDC), Just(0x11), Just(0xFF), any::<u8>()], 0..40)) {
        for (key, strict, lossy) in DECODERS {
            if key == "bom" {
                continue; // context-dependent: the BOM is only looked for at the start
            }
            for (_, surrogates) in MODES {
                prop_assert_eq!(lenient_from_strict(&b, 0xFFFD, |x| strict(x, surrogates)), lossy(&b, surrogates));
            }
        }
    }
}
