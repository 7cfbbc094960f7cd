//! UTF-8B (Python's `surrogateescape`): the vector table (Python's codec), exhaustive round trips
//! over every byte string up to 3 bytes, and properties.

use crate::common;

use common::*;
use proptest::prelude::*;
use wtf8_wasm::encodings::*;

#[test]
fn vector_strings() {
    let file = load("utf8b.json");
    for row in rows(&file, "strings") {
        let u = units(&row["units"]);
        let ctx = desc(row);
        match convert_utf16_to_utf8b(&u) {
            Ok(bytes) => assert_eq!(bytes, hex(&row["utf8b"]), "{ctx}"),
            Err(err) => assert_lone(&err, &row["error"], ctx),
        }
    }
}

#[test]
fn vector_bytes() {
    let file = load("utf8b.json");
    for row in rows(&file, "bytes") {
        let b = hex(&row["bytes"]);
        assert_eq!(
            convert_utf8b_to_utf16(&b),
            units(&row["units"]),
            "{}",
            desc(row)
        );
    }
}

/// A naive UTF-8B decoder on top of std: at each offset, the longest prefix (1 to 4 bytes)
/// that std accepts as exactly one character, else the byte escaped.
fn naive_decode(b: &[u8]) -> Vec<u16> {
    let mut out = Vec::new();
    let mut i = 0;
    'outer: while i < b.len() {
        for n in (1..=4).rev() {
            if let Some(Ok(s)) = b.get(i..i + n).map(std::str::from_utf8) {
                if s.chars().count() == 1 {
                    out.extend(s.encode_utf16());
                    i += n;
                    continue 'outer;
                }
            }
        }
        out.push(0xDC00 + u16::from(b[i]));
        i += 1;
    }
    out
}

#[test]
fn every_single_unit() {
    for u in 0..=0xFFFFu16 {
        match (char::from_u32(u32::from(u)), u) {
            (Some(c), _) => assert_eq!(
                convert_utf16_to_utf8b(&[u]).unwrap(),
                c.to_string().as_bytes()
            ),
            (None, 0xDC80..=0xDCFF) => {
                assert_eq!(convert_utf16_to_utf8b(&[u]).unwrap(), [(u - 0xDC00) as u8])
            }
            (None, _) => assert_eq!(convert_utf16_to_utf8b(&[0x61, u]).unwrap_err().index(), 1),
        }
    }
}

#[test]
fn every_input_up_to_three_bytes_round_trips() {
    for b in all_short_inputs() {
        let u = convert_utf8b_to_utf16(&b);
        assert_eq!(u, naive_decode(&b), "{b:02X?}");
        assert_eq!(convert_utf16_to_utf8b(&u).unwrap(), b);
    }
    for w in 0..1u32 << 24 {
        let b = &w.to_be_bytes()[1..];
        let u = convert_utf8b_to_utf16(b);
        assert_eq!(convert_utf16_to_utf8b(&u).as_deref(), Ok(b), "{b:02X?}");
    }
}

#[test]
fn valid_utf8_decodes_as_utf8() {
    let text = "a\u{0}é€😀\u{10FFFF}\u{FEFF}";
    assert_eq!(
        convert_utf8b_to_utf16(text.as_bytes()),
        text.encode_utf16().collect::<Vec<_>>()
    );
}

proptest! {
    #![proptest_config(config(3000))]

    #[test]
    fn bytes_survive_a_trip_through_a_string(b in arb_bytes()) {
        let u = convert_utf8b_to_utf16(&b);
        prop_assert_eq!(&u, &naive_decode(&b));
        // The only lone surrogates are escapes, U+DC80..U+DCFF.
        for r in char::decode_utf16(u.iter().copied()) {
            if let Err(e) = r {
                prop_assert!((0xDC80..=0xDCFF).contains(&e.unpaired_surrogate()));
            }
        }
        prop_assert_eq!(convert_utf16_to_utf8b(&u), Ok(b));
    }

    #[test]
    fn strings_without_escapes_round_trip(u in arb_units()) {
        match convert_utf16_to_utf8b(&u) {
            Ok(bytes) => {
                let back = convert_utf8b_to_utf16(&bytes);
                let has_escape = u.iter().any(|x| (0xDC80..=0xDCFF).contains(x));
                if !has_escape {
                    prop_assert_eq!(back, u);
                } else {
                    // Ambiguous input: still a fixed point after one round.
                    prop_assert_eq!(convert_utf16_to_utf8b(&back), Ok(bytes));
                }
            }
            Err(err) => {
                let unit = u[err.index()];
                prop_assert!((0xD800..0xE000).contains(&unit) && !(0xDC80..=0xDCFF).contains(&unit));
                prop_assert!(convert_utf16_to_utf8b(&u[..err.index()]).is_ok());
            }
        }
    }
}
