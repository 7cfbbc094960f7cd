//! UTF-16LE / UTF-16BE: the vector table (Python's codecs, Node's Buffer and TextDecoder, Java's
//! charsets), exhaustive sweeps and round-trip properties.

use crate::common;

use common::*;
use proptest::prelude::*;
use wtf8_wasm::encodings::*;

#[test]
fn vector_strings() {
    let file = load("utf16.json");
    for row in rows(&file, "strings") {
        let u = units(&row["units"]);
        let ctx = desc(row);
        assert_eq!(
            convert_utf16_to_utf16le(&u, false),
            hex(&row["utf16le"]),
            "{ctx}"
        );
        assert_eq!(
            convert_utf16_to_utf16be(&u, false),
            hex(&row["utf16be"]),
            "{ctx}"
        );
        assert_eq!(
            convert_utf16_to_utf16le(&u, true),
            hex(&row["utf16le_bom"]),
            "{ctx}"
        );
        assert_eq!(
            convert_utf16_to_utf16be(&u, true),
            hex(&row["utf16be_bom"]),
            "{ctx}"
        );
    }
}

#[test]
fn vector_bytes() {
    let file = load("utf16.json");
    for row in rows(&file, "bytes") {
        let b = hex(&row["bytes"]);
        let ctx = desc(row);
        let (le, be, bom) = (&row["le"], &row["be"], &row["bom"]);
        check_decode(
            convert_utf16le_to_utf16(&b),
            convert_utf16le_to_utf16_lossy(&b),
            units(&le["units"]),
            &le["error"],
            ctx,
        );
        check_decode(
            convert_utf16be_to_utf16(&b),
            convert_utf16be_to_utf16_lossy(&b),
            units(&be["units"]),
            &be["error"],
            ctx,
        );
        check_decode(
            convert_utf16bom_to_utf16(&b),
            convert_utf16bom_to_utf16_lossy(&b),
            units(&bom["units"]),
            &bom["error"],
            ctx,
        );
    }
}

#[test]
fn every_single_unit_round_trips() {
    for u in 0..=0xFFFFu16 {
        let le = convert_utf16_to_utf16le(&[u], false);
        let be = convert_utf16_to_utf16be(&[u], false);
        assert_eq!(
            (le.as_slice(), be.as_slice()),
            (&u.to_le_bytes()[..], &u.to_be_bytes()[..])
        );
        assert_eq!(convert_utf16le_to_utf16(&le), Ok(vec![u]));
        assert_eq!(convert_utf16be_to_utf16(&be), Ok(vec![u]));
        assert_eq!(
            convert_utf16bom_to_utf16(&convert_utf16_to_utf16le(&[u], true)),
            Ok(vec![u])
        );
        assert_eq!(
            convert_utf16bom_to_utf16(&convert_utf16_to_utf16be(&[u], true)),
            Ok(vec![u])
        );
    }
}

#[test]
fn every_short_input_against_a_naive_decoder() {
    for b in all_short_inputs() {
        let naive = |from: fn([u8; 2]) -> u16| -> Vec<u16> {
            let mut v: Vec<u16> = b.chunks_exact(2).map(|c| from([c[0], c[1]])).collect();
            if b.len() % 2 == 1 {
                v.push(0xFFFD);
            }
            v
        };
        assert_eq!(
            convert_utf16le_to_utf16_lossy(&b),
            naive(u16::from_le_bytes),
            "{b:02X?}"
        );
        assert_eq!(
            convert_utf16be_to_utf16_lossy(&b),
            naive(u16::from_be_bytes),
            "{b:02X?}"
        );
        let sniffed = match b.as_slice() {
            [0xFF, 0xFE] | [0xFE, 0xFF] => vec![],
            _ => naive(u16::from_be_bytes),
        };
        assert_eq!(convert_utf16bom_to_utf16_lossy(&b), sniffed, "{b:02X?}");
        if b.len() == 1 {
            let err = convert_utf16le_to_utf16(&b).unwrap_err();
            assert_eq!(
                (s(err.code()), err.valid_up_to(), err.error_len()),
                ("TRUNCATED", 0, None)
            );
        }
        assert_eq!(
            lenient_from_strict(&b, 0xFFFD, convert_utf16le_to_utf16),
            convert_utf16le_to_utf16_lossy(&b)
        );
        assert_eq!(
            lenient_from_strict(&b, 0xFFFD, convert_utf16be_to_utf16),
            convert_utf16be_to_utf16_lossy(&b)
        );
    }
}

#[test]
fn bom_is_stripped_only_once_and_only_when_sniffing() {
    let twice = [0xFF, 0xFE, 0xFF, 0xFE, b'a', 0];
    assert_eq!(convert_utf16bom_to_utf16(&twice), Ok(vec![0xFEFF, 0x61]));
    assert_eq!(
        convert_utf16le_to_utf16(&twice),
        Ok(vec![0xFEFF, 0xFEFF, 0x61])
    );
    assert_eq!(sniff_utf16_bom(&twice), Some(ByteOrder::LittleEndian));
    // Odd trailing byte after a BOM: the offset counts the BOM.
    let err = convert_utf16bom_to_utf16(&[0xFE, 0xFF, 0x00, 0x61, 0x62]).unwrap_err();
    assert_eq!((err.valid_up_to(), err.error_len()), (4, None));
}

proptest! {
    #![proptest_config(config(2000))]

    #[test]
    fn round_trip_is_lossless(u in arb_units(), bom in any::<bool>()) {
        prop_assert_eq!(convert_utf16le_to_utf16(&convert_utf16_to_utf16le(&u, false)), Ok(u.clone()));
        prop_assert_eq!(convert_utf16be_to_utf16(&convert_utf16_to_utf16be(&u, false)), Ok(u.clone()));
        prop_assert_eq!(convert_utf16bom_to_utf16(&convert_utf16_to_utf16le(&u, true)), Ok(u.clone()));
        prop_assert_eq!(convert_utf16bom_to_utf16(&convert_utf16_to_utf16be(&u, bom)), Ok(u.clone()));
        prop_assert_eq!(convert_utf16_to_utf16le(&u, bom).len(), 2 * (u.len() + usize::from(bom)));
    }

    #[test]
    fn lenient_is_strict_with_one_replacement(b in arb_bytes()) {
        prop_assert_eq!(lenient_from_strict(&b, 0xFFFD, convert_utf16le_to_utf16), convert_utf16le_to_utf16_lossy(&b));
        prop_assert_eq!(lenient_from_strict(&b, 0xFFFD, convert_utf16be_to_utf16), convert_utf16be_to_utf16_lossy(&b));
        // Strict fails exactly on odd lengths, and then only at the last byte.
        match convert_utf16bom_to_utf16(&b) {
            Ok(_) => prop_assert!(b.len() % 2 == 0),
            Err(e) => prop_assert_eq!((e.valid_up_to(), b.len() % 2), (b.len() - 1, 1)),
        }
    }
}
