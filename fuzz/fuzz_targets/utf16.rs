//! UTF-16LE/BE (src/encodings/utf16.rs), against a naive reference written here from the
//! definition (2 bytes per unit, in the given order; an odd last byte is `TRUNCATED` or one
//! U+FFFD; sniffing strips one BOM and defaults to big-endian). Strings: the input as code
//! units, encoded with and without a BOM, decoding back. Bytes: the input decoded each way.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use wtf8_wasm::encodings::*;

fuzz_target!(|data: &[u8]| {
    let units = common::units(data);
    for bom in [false, true] {
        let le = convert_utf16_to_utf16le(&units, bom);
        let be = convert_utf16_to_utf16be(&units, bom);
        let head: &[u16] = if bom { &[0xFEFF] } else { &[] };
        let naive_le: Vec<u8> = head
            .iter()
            .chain(&units)
            .flat_map(|u| u.to_le_bytes())
            .collect();
        let naive_be: Vec<u8> = head
            .iter()
            .chain(&units)
            .flat_map(|u| u.to_be_bytes())
            .collect();
        assert_eq!(le, naive_le);
        assert_eq!(be, naive_be);
        if bom {
            assert_eq!(convert_utf16bom_to_utf16(&le).as_ref(), Ok(&units));
            assert_eq!(convert_utf16bom_to_utf16(&be).as_ref(), Ok(&units));
        } else {
            assert_eq!(convert_utf16le_to_utf16(&le).as_ref(), Ok(&units));
            assert_eq!(convert_utf16be_to_utf16(&be).as_ref(), Ok(&units));
        }
    }

    // Bytes: the naive decodings.
    let naive = |bytes: &[u8], from: fn([u8; 2]) -> u16| -> (Vec<u16>, bool) {
        let units = bytes.chunks_exact(2).map(|c| from([c[0], c[1]])).collect();
        (units, bytes.len() % 2 == 1)
    };
    let check = |got: Result<Vec<u16>, wtf8_wasm::DecodeError>,
                 lossy: Vec<u16>,
                 (units, odd): (Vec<u16>, bool),
                 at: usize| {
        if odd {
            assert_eq!(
                got.as_ref().map_err(common::key),
                Err(("TRUNCATED", at, None))
            );
            assert_eq!(lossy, [&units[..], &[0xFFFD]].concat());
        } else {
            assert_eq!(got.as_ref(), Ok(&units));
            assert_eq!(lossy, units);
        }
    };
    let last = data.len().saturating_sub(1);
    check(
        convert_utf16le_to_utf16(data),
        convert_utf16le_to_utf16_lossy(data),
        naive(data, u16::from_le_bytes),
        last,
    );
    check(
        convert_utf16be_to_utf16(data),
        convert_utf16be_to_utf16_lossy(data),
        naive(data, u16::from_be_bytes),
        last,
    );
    let (order, body) = match data {
        [0xFF, 0xFE, rest @ ..] => (Some(ByteOrder::LittleEndian), rest),
        [0xFE, 0xFF, rest @ ..] => (Some(ByteOrder::BigEndian), rest),
        _ => (None, data),
    };
    assert_eq!(sniff_utf16_bom(data), order);
    let from = if order == Some(ByteOrder::LittleEndian) {
        u16::from_le_bytes
    } else {
        u16::from_be_bytes
    };
    check(
        convert_utf16bom_to_utf16(data),
        convert_utf16bom_to_utf16_lossy(data),
        naive(body, from),
        last,
    );
});
