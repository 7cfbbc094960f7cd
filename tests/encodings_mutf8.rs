//! Java's Modified UTF-8 and the `writeUTF` frame: the vector table (Java's
//! `DataOutputStream.writeUTF` / `DataInputStream.readUTF`, Python's UTF-8 codec one unit at a
//! time), exhaustive sweeps and round-trip properties.

use crate::common;

use common::*;
use proptest::prelude::*;
use wtf8_wasm::encodings::*;

#[test]
fn vector_strings() {
    let file = load("mutf8.json");
    for row in rows(&file, "strings") {
        let u = units(&row["units"]);
        let ctx = desc(row);
        let body = hex(&row["mutf8"]);
        assert_eq!(convert_utf16_to_mutf8(&u), body, "{ctx}");
        assert_eq!(mutf8_len_from_utf16(&u), body.len(), "{ctx}");
        let frame = hex(&row["frame"]);
        assert_eq!(convert_utf16_to_mutf8_frame(&u).unwrap(), frame, "{ctx}");
        assert_eq!(
            convert_mutf8_frame_to_utf16(&frame),
            Ok((u, frame.len())),
            "{ctx}"
        );
    }
}

#[test]
fn vector_frame_limits() {
    let file = load("mutf8.json");
    for row in rows(&file, "frame_limits") {
        let u = vec![row["unit"].as_u64().unwrap() as u16; row["count"].as_u64().unwrap() as usize];
        let ctx = desc(row);
        match convert_utf16_to_mutf8_frame(&u) {
            Ok(frame) => {
                assert!(row["error"].is_null(), "{ctx}");
                assert_eq!(
                    frame.len() as u64,
                    row["frame_length"].as_u64().unwrap(),
                    "{ctx}"
                );
                assert_eq!(
                    convert_mutf8_frame_to_utf16(&frame),
                    Ok((u, frame.len())),
                    "{ctx}"
                );
            }
            Err(err) => {
                assert_index_error(err.code().as_str(), err.index(), &row["error"], ctx);
                assert_eq!(err.value(), u32::from(u[0]), "{ctx}");
            }
        }
    }
}

#[test]
fn vector_bytes() {
    let file = load("mutf8.json");
    for row in rows(&file, "bytes") {
        let b = hex(&row["bytes"]);
        check_decode(
            convert_mutf8_to_utf16(&b),
            convert_mutf8_to_utf16_lossy(&b),
            units(&row["units"]),
            &row["error"],
            desc(row),
        );
    }
}

#[test]
fn vector_frames() {
    let file = load("mutf8.json");
    for row in rows(&file, "frames") {
        let b = hex(&row["bytes"]);
        let ctx = desc(row);
        match convert_mutf8_frame_to_utf16(&b) {
            Ok((u, consumed)) => {
                assert!(row["error"].is_null(), "{ctx}");
                assert_eq!(u, units(&row["units"]), "{ctx}");
                assert_eq!(consumed as u64, row["consumed"].as_u64().unwrap(), "{ctx}");
            }
            Err(err) => assert_decode_error(&err, &row["error"], ctx),
        }
    }
}

#[test]
fn every_single_unit() {
    for u in 0..=0xFFFFu16 {
        let bytes = convert_utf16_to_mutf8(&[u]);
        assert!(!bytes.contains(&0));
        assert_eq!(bytes.len(), mutf8_len_from_utf16(&[u]));
        let want: Vec<u8> = match u {
            0 => vec![0xC0, 0x80],
            _ => wtf8_wasm::convert_utf16_to_wtf8(&[u]), // each unit on its own, as WTF-8 writes a lone one
        };
        assert_eq!(bytes, want, "{u:04X}");
        assert_eq!(convert_mutf8_to_utf16(&bytes), Ok(vec![u]));
    }
}

#[test]
fn every_short_input() {
    for b in all_short_inputs() {
        assert_eq!(
            lenient_from_strict(&b, 0xFFFD, convert_mutf8_to_utf16),
            convert_mutf8_to_utf16_lossy(&b),
            "{b:02X?}"
        );
        let strict = convert_mutf8_to_utf16(&b);
        if b.contains(&0) {
            let err = strict.as_ref().unwrap_err();
            assert!(
                b[err.valid_up_to()] != 0 || s(err.code()) == "NUL_BYTE",
                "{b:02X?}"
            );
        } else if b.first() == Some(&0xC0) {
            assert_eq!(strict.is_ok(), b == [0xC0, 0x80], "{b:02X?}");
        } else {
            // Elsewhere, up to 2 bytes, Modified UTF-8 is UTF-8.
            assert_eq!(strict.is_ok(), std::str::from_utf8(&b).is_ok(), "{b:02X?}");
            assert_eq!(
                convert_mutf8_to_utf16_lossy(&b),
                wtf8_wasm::convert_wtf8_to_utf16_lossy(&b),
                "{b:02X?}"
            );
        }
        // A frame around it: the frame reader agrees with the body decoder.
        let frame = [&(b.len() as u16).to_be_bytes()[..], &b].concat();
        let read = convert_mutf8_frame_to_utf16(&frame);
        match strict {
            Ok(u) => assert_eq!(read, Ok((u, frame.len()))),
            Err(e) => assert_eq!(read.unwrap_err().valid_up_to(), e.valid_up_to() + 2),
        }
    }
}

#[test]
fn frame_reader_reports_truncation_at_offset_zero() {
    let frame = convert_utf16_to_mutf8_frame(&[0x61, 0x20AC, 0]).unwrap();
    for cut in 0..frame.len() {
        let err = convert_mutf8_frame_to_utf16(&frame[..cut]).unwrap_err();
        assert_eq!(
            (s(err.code()), err.valid_up_to(), err.error_len()),
            ("TRUNCATED", 0, None)
        );
    }
}

proptest! {
    #![proptest_config(config(3000))]

    #[test]
    fn every_string_round_trips(u in arb_units()) {
        let bytes = convert_utf16_to_mutf8(&u);
        prop_assert!(!bytes.contains(&0));
        prop_assert!(!bytes.iter().any(|&b| b >= 0xF0));
        prop_assert_eq!(convert_mutf8_to_utf16(&bytes), Ok(u.clone()));
        let frame = convert_utf16_to_mutf8_frame(&u).unwrap();
        prop_assert_eq!(&frame[2..], &bytes[..]);
        // Two frames back to back.
        let two = [&frame[..], &frame[..]].concat();
        let (first, consumed) = convert_mutf8_frame_to_utf16(&two).unwrap();
        prop_assert_eq!(&first, &u);
        prop_assert_eq!(convert_mutf8_frame_to_utf16(&two[consumed..]), Ok((u, frame.len())));
    }

    #[test]
    fn decoding_is_strict_lenient_consistent_and_canonical(b in arb_bytes()) {
        prop_assert_eq!(lenient_from_strict(&b, 0xFFFD, convert_mutf8_to_utf16), convert_mutf8_to_utf16_lossy(&b));
        if let Ok(u) = convert_mutf8_to_utf16(&b) {
            prop_assert_eq!(convert_utf16_to_mutf8(&u), b);
        }
    }
}
