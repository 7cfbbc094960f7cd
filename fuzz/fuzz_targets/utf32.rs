//! UTF-32LE/BE (src/encodings/utf32.rs), against a naive reference written here from the
//! definition: strings to one 4-byte value per code point (std's `char::decode_utf16` pairs what
//! pairs; a lone surrogate is an error at its index, U+FFFD when lossy, its own value with
//! `Surrogates::Pass`); bytes to one code point per 4-byte value (above 0x10FFFF `TOO_LARGE`, a
//! surrogate `SURROGATE` unless passed, an incomplete last value `TRUNCATED`; lossy: one U+FFFD
//! each). Sniffing strips one BOM and defaults to big-endian.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use wtf8_wasm::encodings::*;

type Naive = (
    Vec<u16>,
    Option<(&'static str, usize, Option<usize>)>,
    Vec<u16>,
);

/// Units, the first error (code, offset, length), and the lossy units.
fn naive_decode(bytes: &[u8], from: fn([u8; 4]) -> u32, pass: bool) -> Naive {
    let (mut ok, mut err, mut lossy) = (Vec::new(), None, Vec::new());
    fn push(v: &mut Vec<u16>, c: u32) {
        if c >= 0x10000 {
            let c = c - 0x10000;
            v.extend([(0xD800 + (c >> 10)) as u16, (0xDC00 + (c & 0x3FF)) as u16]);
        } else {
            v.push(c as u16);
        }
    }
    for (k, c) in bytes.chunks(4).enumerate() {
        let problem = match <[u8; 4]>::try_from(c) {
            Err(_) => Some(("TRUNCATED", None)),
            Ok(c) => match from(c) {
                v if v > 0x10FFFF => Some(("TOO_LARGE", Some(4))),
                v if (0xD800..0xE000).contains(&v) && !pass => Some(("SURROGATE", Some(4))),
                v => {
                    if err.is_none() {
                        push(&mut ok, v);
                    }
                    push(&mut lossy, v);
                    None
                }
            },
        };
        if let Some((code, len)) = problem {
            err.get_or_insert((code, 4 * k, len));
            lossy.push(0xFFFD);
        }
    }
    (ok, err, lossy)
}

fuzz_target!(|data: &[u8]| {
    let units = common::units(data);
    let decoded: Vec<Result<char, u16>> = char::decode_utf16(units.iter().copied())
        .map(|r| r.map_err(|e| e.unpaired_surrogate()))
        .collect();
    let mut first_lone = None;
    let mut index = 0;
    for r in &decoded {
        match r {
            Ok(c) => index += c.len_utf16(),
            Err(_) => {
                first_lone.get_or_insert(index);
                index += 1;
            }
        }
    }
    for pass in [false, true] {
        let surrogates = if pass {
            Surrogates::Pass
        } else {
            Surrogates::Reject
        };
        let values: Vec<u32> = decoded
            .iter()
            .map(|r| match r {
                Ok(c) => u32::from(*c),
                Err(u) if pass => u32::from(*u),
                Err(_) => 0xFFFD,
            })
            .collect();
        for bom in [false, true] {
            let head: &[u32] = if bom { &[0xFEFF] } else { &[] };
            let le: Vec<u8> = head
                .iter()
                .chain(&values)
                .flat_map(|v| v.to_le_bytes())
                .collect();
            let be: Vec<u8> = head
                .iter()
                .chain(&values)
                .flat_map(|v| v.to_be_bytes())
                .collect();
            match (
                convert_utf16_to_utf32le(&units, bom, surrogates),
                first_lone,
            ) {
                (Ok(bytes), None) => assert_eq!(bytes, le),
                (Ok(bytes), Some(_)) if pass => assert_eq!(bytes, le),
                (Err(e), Some(at)) if !pass => assert_eq!(e.index(), at),
                (r, f) => panic!("encode {r:?} with first lone surrogate {f:?}"),
            }
            if let Ok(bytes) = convert_utf16_to_utf32be(&units, bom, surrogates) {
                assert_eq!(bytes, be);
                let back = if bom {
                    convert_utf32bom_to_utf16(&bytes, surrogates)
                } else {
                    convert_utf32be_to_utf16(&bytes, surrogates)
                };
                assert_eq!(back.as_ref(), Ok(&units), "round trip");
            }
            if !pass {
                assert_eq!(convert_utf16_to_utf32le_lossy(&units, bom), le);
                assert_eq!(convert_utf16_to_utf32be_lossy(&units, bom), be);
            }
        }

        // Bytes.
        let check = |strict: Result<Vec<u16>, wtf8_wasm::DecodeError>,
                     lossy: Vec<u16>,
                     (ok, err, want_lossy): Naive,
                     shift: usize| {
            match (strict, err) {
                (Ok(u), None) => assert_eq!(u, ok),
                (Err(e), Some((code, at, len))) => {
                    assert_eq!(common::key(&e), (code, at + shift, len))
                }
                (r, e) => panic!("decode {r:?} vs naive error {e:?}"),
            }
            assert_eq!(lossy, want_lossy);
        };
        check(
            convert_utf32le_to_utf16(data, surrogates),
            convert_utf32le_to_utf16_lossy(data, surrogates),
            naive_decode(data, u32::from_le_bytes, pass),
            0,
        );
        check(
            convert_utf32be_to_utf16(data, surrogates),
            convert_utf32be_to_utf16_lossy(data, surrogates),
            naive_decode(data, u32::from_be_bytes, pass),
            0,
        );
        let (order, body, shift) = match data {
            [0xFF, 0xFE, 0, 0, rest @ ..] => (Some(ByteOrder::LittleEndian), rest, 4),
            [0, 0, 0xFE, 0xFF, rest @ ..] => (Some(ByteOrder::BigEndian), rest, 4),
            _ => (None, data, 0),
        };
        assert_eq!(sniff_utf32_bom(data), order);
        let from = if order == Some(ByteOrder::LittleEndian) {
            u32::from_le_bytes
        } else {
            u32::from_be_bytes
        };
        check(
            convert_utf32bom_to_utf16(data, surrogates),
            convert_utf32bom_to_utf16_lossy(data, surrogates),
            naive_decode(body, from, pass),
            shift,
        );
    }
});
