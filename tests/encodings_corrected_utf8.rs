//! Corrected UTF-8: the vector table (an independent implementation of the table in
//! `generate.py`), exhaustive sweeps (every code point up to U+10FFFF, every 2- and 3-byte
//! sequence, every short input) and round-trip properties over the full range.

use crate::common;

use common::*;
use proptest::prelude::*;
use serde_json::Value;
use wtf8_wasm::encodings::*;

const TEXT: CorrectedUtf8Mode = CorrectedUtf8Mode::Text;
const DOC: CorrectedUtf8Mode = CorrectedUtf8Mode::Document;
const MODES: [(&str, CorrectedUtf8Mode); 2] = [("text", TEXT), ("document", DOC)];

fn check_encode(got: Result<Vec<u8>, EncodeError>, lossy: Vec<u8>, row: &Value, mode: &str) {
    let ctx = format!("{} ({mode})", desc(row));
    assert_eq!(lossy, hex(&row[format!("{mode}_lossy")]), "{ctx}");
    match got {
        Ok(bytes) => assert_eq!(bytes, hex(&row[mode]), "{ctx}"),
        Err(err) => assert_index_error(
            err.code().as_str(),
            err.index(),
            &row[format!("{mode}_error")],
            &ctx,
        ),
    }
}

#[test]
fn vector_code_points() {
    let file = load("corrected_utf8.json");
    for row in rows(&file, "code_points") {
        let cps = code_points(&row["code_points"]);
        for (name, mode) in MODES {
            let got = convert_code_points_to_corrected_utf8(&cps, mode);
            check_encode(
                got,
                convert_code_points_to_corrected_utf8_lossy(&cps, mode),
                row,
                name,
            );
        }
    }
}

#[test]
fn vector_strings() {
    let file = load("corrected_utf8.json");
    for row in rows(&file, "strings") {
        let u = units(&row["units"]);
        for (name, mode) in MODES {
            check_encode(
                convert_utf16_to_corrected_utf8(&u, mode),
                convert_utf16_to_corrected_utf8_lossy(&u, mode),
                row,
                name,
            );
            if let Ok(bytes) = convert_utf16_to_corrected_utf8(&u, mode) {
                assert_eq!(
                    convert_corrected_utf8_to_utf16(&bytes, mode),
                    Ok(u.clone()),
                    "{}",
                    desc(row)
                );
            }
        }
    }
}

#[test]
fn vector_bytes() {
    let file = load("corrected_utf8.json");
    for row in rows(&file, "bytes") {
        let b = hex(&row["bytes"]);
        for (name, mode) in MODES {
            let entry = &row[name];
            let ctx = format!("{} ({name})", desc(row));
            check_decode(
                convert_corrected_utf8_to_code_points(&b, mode),
                convert_corrected_utf8_to_code_points_lossy(&b, mode),
                code_points(&entry["code_points"]),
                &entry["error"],
                &ctx,
            );
            check_decode(
                convert_corrected_utf8_to_utf16(&b, mode),
                convert_corrected_utf8_to_utf16_lossy(&b, mode),
                units(&entry["units"]),
                &entry["utf16_error"],
                &ctx,
            );
        }
    }
}

/// The sequence length for a code point, from the table.
fn expected_len(cp: u32) -> usize {
    match cp {
        0..=0x7F => 1,
        0xA0..=0x89F => 2,
        0x8A0..=0x1109F => 3,
        0x110A0..=0x21109F => 4,
        0x2110A0..=0x421109F => 5,
        _ => 6,
    }
}

#[test]
fn every_code_point_up_to_u10ffff() {
    let mut prev: Vec<u8> = Vec::new();
    for cp in 0..=0x10FFFFu32 {
        let got = convert_code_points_to_corrected_utf8(&[cp], TEXT);
        match cp {
            0x80..=0x9F => assert_eq!(s(got.unwrap_err().code()), "C1_CONTROL"),
            0xD800..=0xDFFF => assert_eq!(s(got.unwrap_err().code()), "SURROGATE"),
            _ => {
                let bytes = got.unwrap();
                assert_eq!(bytes.len(), expected_len(cp), "U+{cp:04X}");
                // Within a length, the encoding grows with the code point (it is payload + offset).
                if bytes.len() == prev.len() {
                    assert!(bytes > prev, "U+{cp:04X}");
                }
                assert_eq!(
                    convert_corrected_utf8_to_code_points(&bytes, TEXT),
                    Ok(vec![cp])
                );
                let u: Vec<u16> = char::from_u32(cp)
                    .unwrap()
                    .encode_utf16(&mut [0; 2])
                    .to_vec();
                assert_eq!(convert_corrected_utf8_to_utf16(&bytes, TEXT), Ok(u.clone()));
                assert_eq!(convert_utf16_to_corrected_utf8(&u, TEXT).unwrap(), bytes);
                prev = bytes;
            }
        }
    }
}

#[test]
fn every_single_unit() {
    for u in 0..=0xFFFFu16 {
        let got = convert_utf16_to_corrected_utf8(&[0x41, u], DOC);
        let want = match u {
            0 => Some("NUL_IN_DOCUMENT"),
            0x80..=0x9F => Some("C1_CONTROL"),
            0xD800..=0xDFFF => Some("LONE_SURROGATE"),
            _ => None,
        };
        match (got, want) {
            (Ok(bytes), None) => assert_eq!(
                convert_corrected_utf8_to_utf16(&bytes, DOC),
                Ok(vec![0x41, u])
            ),
            (Err(err), Some(code)) => assert_eq!(
                (s(err.code()), err.index(), err.value()),
                (code, 1, u32::from(u))
            ),
            (got, want) => panic!("{u:04X}: {got:?}, expected {want:?}"),
        }
    }
}

#[test]
fn every_two_and_three_byte_sequence_is_a_distinct_code_point() {
    let mut seen = std::collections::HashSet::new();
    let two = (0xC0..=0xDFu8).flat_map(|a| (0x80..=0xBFu8).map(move |b| vec![a, b]));
    let three = (0xE0..=0xEFu8).flat_map(|a| {
        (0x80..=0xBFu8).flat_map(move |b| (0x80..=0xBFu8).map(move |c| vec![a, b, c]))
    });
    for bytes in two.chain(three) {
        let cps = convert_corrected_utf8_to_code_points(&bytes, TEXT).unwrap();
        assert_eq!(cps.len(), 1);
        assert!(seen.insert(cps[0]), "{bytes:02X?}");
        assert_eq!(
            convert_code_points_to_corrected_utf8(&cps, TEXT).unwrap(),
            bytes
        );
    }
    let want: std::collections::HashSet<u32> = (0xA0..0xD800).chain(0xE000..0x110A0).collect();
    assert_eq!(seen, want);
}

#[test]
fn the_full_range_round_trips_at_every_boundary_and_a_stride() {
    let boundaries = [
        0x110A0,
        0x10FFFF,
        0x110000,
        0x21109F,
        0x2110A0,
        0x421109F,
        0x42110A0,
        CORRECTED_UTF8_MAX,
    ];
    let stride = (0x110000..=CORRECTED_UTF8_MAX).step_by(4093);
    for cp in boundaries.into_iter().chain(stride) {
        let bytes = convert_code_points_to_corrected_utf8(&[cp], TEXT).unwrap();
        assert_eq!(bytes.len(), expected_len(cp), "U+{cp:X}");
        assert_eq!(
            convert_corrected_utf8_to_code_points(&bytes, TEXT),
            Ok(vec![cp])
        );
        if cp > 0x10FFFF {
            let err = convert_corrected_utf8_to_utf16(&bytes, TEXT).unwrap_err();
            assert_eq!(
                (s(err.code()), err.error_len()),
                ("NOT_REPRESENTABLE_IN_UTF16", Some(bytes.len()))
            );
        }
    }
    for cp in [CORRECTED_UTF8_MAX + 1, u32::MAX] {
        let err = convert_code_points_to_corrected_utf8(&[0x41, cp], TEXT).unwrap_err();
        assert_eq!(
            (s(err.code()), err.index(), err.value()),
            ("TOO_LARGE", 1, cp)
        );
    }
}

#[test]
fn every_short_input() {
    for b in all_short_inputs() {
        for (_, mode) in MODES {
            let cps = |x: &[u8]| convert_corrected_utf8_to_code_points(x, mode);
            assert_eq!(
                lenient_from_strict(&b, 0xFFFD, cps),
                convert_corrected_utf8_to_code_points_lossy(&b, mode)
            );
            let units = |x: &[u8]| convert_corrected_utf8_to_utf16(x, mode);
            assert_eq!(
                lenient_from_strict(&b, 0xFFFD, units),
                convert_corrected_utf8_to_utf16_lossy(&b, mode)
            );
            if let Ok(v) = cps(&b) {
                // Canonical: the only encoding of what it decodes to.
                assert_eq!(
                    convert_code_points_to_corrected_utf8(&v, TEXT).unwrap(),
                    b,
                    "{b:02X?}"
                );
            }
        }
    }
}

#[test]
fn magic_number_and_documents() {
    assert_eq!(
        convert_code_points_to_corrected_utf8(&[0x10E7D, 0xED4E, 0, 0x0A], TEXT).unwrap(),
        CORRECTED_UTF8_MAGIC
    );
    let doc = convert_utf16_to_corrected_utf8(&[0x61], DOC).unwrap();
    assert_eq!(doc, [&CORRECTED_UTF8_MAGIC[..], b"a"].concat());
    assert_eq!(convert_corrected_utf8_to_utf16(&doc, DOC), Ok(vec![0x61]));
    assert_eq!(convert_corrected_utf8_to_utf16(b"a", DOC), Ok(vec![0x61])); // magic number optional
                                                                            // Text mode neither writes nor strips it.
    assert_eq!(
        convert_corrected_utf8_to_utf16(&doc, TEXT),
        Ok(vec![0xD803, 0xDE7D, 0xED4E, 0, 0x0A, 0x61])
    );
    // A second magic number is text, and its NUL is not allowed.
    let twice = [&CORRECTED_UTF8_MAGIC[..], &CORRECTED_UTF8_MAGIC[..]].concat();
    let err = convert_corrected_utf8_to_code_points(&twice, DOC).unwrap_err();
    assert_eq!(
        (s(err.code()), err.valid_up_to(), err.error_len()),
        ("NUL_IN_DOCUMENT", 14, Some(1))
    );
}

proptest! {
    #![proptest_config(config(3000))]

    #[test]
    fn code_points_round_trip(cps in prop::collection::vec(prop_oneof![
        2 => 0u32..0x80,
        1 => 0u32..0x11_0000,
        1 => 0x11_0000u32..=CORRECTED_UTF8_MAX,
        1 => any::<u32>(),
    ], 0..20), doc in any::<bool>()) {
        let mode = if doc { DOC } else { TEXT };
        match convert_code_points_to_corrected_utf8(&cps, mode) {
            Ok(bytes) => prop_assert_eq!(convert_corrected_utf8_to_code_points(&bytes, mode), Ok(cps)),
            Err(err) => {
                let v = cps[err.index()];
                prop_assert_eq!(err.value(), v);
                prop_assert!((0x80..=0x9F).contains(&v) || (0xD800..=0xDFFF).contains(&v) || v > CORRECTED_UTF8_MAX || (doc && v == 0));
                prop_assert!(convert_code_points_to_corrected_utf8(&cps[..err.index()], mode).is_ok());
                let lossy = convert_code_points_to_corrected_utf8_lossy(&cps, mode);
                prop_assert!(convert_corrected_utf8_to_code_points(&lossy, mode).is_ok());
            }
        }
    }

    #[test]
    fn strings_round_trip(u in arb_units()) {
        for (_, mode) in MODES {
            if let Ok(bytes) = convert_utf16_to_corrected_utf8(&u, mode) {
                prop_assert_eq!(convert_corrected_utf8_to_utf16(&bytes, mode), Ok(u.clone()));
            }
        }
    }

    #[test]
    fn decoding_is_strict_lenient_consistent_and_canonical(b in arb_bytes()) {
        for (_, mode) in MODES {
            let cps = |x: &[u8]| convert_corrected_utf8_to_code_points(x, mode);
            prop_assert_eq!(lenient_from_strict(&b, 0xFFFD, cps), convert_corrected_utf8_to_code_points_lossy(&b, mode));
            let units = |x: &[u8]| convert_corrected_utf8_to_utf16(x, mode);
            prop_assert_eq!(lenient_from_strict(&b, 0xFFFD, units), convert_corrected_utf8_to_utf16_lossy(&b, mode));
        }
        if let Ok(v) = convert_corrected_utf8_to_code_points(&b, TEXT) {
            prop_assert_eq!(convert_code_points_to_corrected_utf8(&v, TEXT), Ok(b));
        }
    }
}
