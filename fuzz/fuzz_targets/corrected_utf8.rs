//! Corrected UTF-8 (src/encodings/corrected_utf8.rs), against a naive encoder written here from
//! the table in src/encodings/mod.rs (length and offset per code point range). Code points (the
//! input as little-endian u32): strict encoding, text and document, is the naive one or fails at
//! the first code point without an encoding, with its code; it decodes back. Strings (the input
//! as code units): the same as encoding their code points. Bytes: what strict decoding accepts
//! re-encodes to the same bytes (every code point has one encoding); the lenient decoder is the
//! strict one with one U+FFFD per error; decoding to UTF-16 agrees with decoding to code points.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use wtf8_wasm::encodings::*;

/// The naive encoding of one code point, or why it has none (`Err(code)`).
fn naive(cp: u32, document: bool) -> Result<Vec<u8>, &'static str> {
    let (len, offset, marker) = match cp {
        0 if document => return Err("NUL_IN_DOCUMENT"),
        0..=0x7F => return Ok(vec![cp as u8]),
        0x80..=0x9F => return Err("C1_CONTROL"),
        0xA0..=0x89F => (2, 0xA0, 0xC0),
        0x8A0..=0xD7FF => (3, 0x8A0, 0xE0),
        0xD800..=0xDFFF => return Err("SURROGATE"),
        0xE000..=0x1109F => (3, 0x10A0, 0xE0),
        0x110A0..=0x21109F => (4, 0x110A0, 0xF0),
        0x2110A0..=0x421109F => (5, 0x2110A0, 0xF8),
        0x421_10A0..=0x8421_109F => (6, 0x421_10A0, 0xFC),
        _ => return Err("TOO_LARGE"),
    };
    let payload = cp - offset;
    let mut out: Vec<u8> = (1..len)
        .rev()
        .map(|k| 0x80 | ((payload >> (6 * k)) & 0x3F) as u8)
        .collect();
    out.push(0x80 | (payload & 0x3F) as u8);
    out[0] = marker | (payload >> (6 * (len - 1))) as u8;
    out.truncate(len);
    Ok(out)
}

fuzz_target!(|data: &[u8]| {
    for (mode, document) in [
        (CorrectedUtf8Mode::Text, false),
        (CorrectedUtf8Mode::Document, true),
    ] {
        let head: &[u8] = if document { &CORRECTED_UTF8_MAGIC } else { &[] };
        // Code points.
        let cps: Vec<u32> = data
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let want: Result<Vec<u8>, (&str, usize)> = cps
            .iter()
            .enumerate()
            .map(|(k, &cp)| naive(cp, document).map_err(|code| (code, k)))
            .collect::<Result<Vec<_>, _>>()
            .map(|parts| [head, &parts.concat()].concat());
        let got = convert_code_points_to_corrected_utf8(&cps, mode);
        assert_eq!(
            got.as_ref().map_err(|e| (e.code().as_str(), e.index())),
            want.as_ref().map_err(|e| *e)
        );
        if let Ok(bytes) = &got {
            assert_eq!(
                convert_corrected_utf8_to_code_points(bytes, mode).as_ref(),
                Ok(&cps),
                "round trip"
            );
        }

        // Code units: the same as their code points (std pairs what pairs).
        let units = common::units(data);
        let mut index = 0;
        let mut want: Result<Vec<u8>, (&str, usize)> = Ok(head.to_vec());
        for r in char::decode_utf16(units.iter().copied()) {
            let (cp, n, lone) = match r {
                Ok(c) => (u32::from(c), c.len_utf16(), false),
                Err(e) => (u32::from(e.unpaired_surrogate()), 1, true),
            };
            let step = if lone {
                Err("LONE_SURROGATE")
            } else {
                naive(cp, document)
            };
            match (&mut want, step) {
                (Ok(out), Ok(bytes)) => out.extend(bytes),
                (Ok(_), Err(code)) => want = Err((code, index)),
                (Err(_), _) => break,
            }
            index += n;
        }
        let got = convert_utf16_to_corrected_utf8(&units, mode);
        assert_eq!(
            got.as_ref().map_err(|e| (e.code().as_str(), e.index())),
            want.as_ref().map_err(|e| *e)
        );
        if let Ok(bytes) = &got {
            assert_eq!(
                convert_corrected_utf8_to_utf16(bytes, mode).as_ref(),
                Ok(&units),
                "round trip"
            );
        }

        // Bytes.
        let strict = convert_corrected_utf8_to_code_points(data, mode);
        if let Ok(cps) = &strict {
            let body = if document && data.starts_with(&CORRECTED_UTF8_MAGIC) {
                &data[8..]
            } else {
                data
            };
            assert_eq!(
                convert_code_points_to_corrected_utf8(cps, mode),
                Ok([head, body].concat()),
                "canonical"
            );
        }
        match (convert_corrected_utf8_to_utf16(data, mode), &strict) {
            (Ok(units), Ok(cps)) => {
                let want: Vec<u16> = cps
                    .iter()
                    .flat_map(|&c| {
                        char::from_u32(c)
                            .expect("representable")
                            .encode_utf16(&mut [0; 2])
                            .to_vec()
                    })
                    .collect();
                assert_eq!(units, want);
            }
            (Ok(_), Err(e)) => panic!("UTF-16 decoding succeeded where code points failed: {e:?}"),
            (Err(e), _) => {
                if let Ok(cps) = &strict {
                    assert_eq!(e.code().as_str(), "NOT_REPRESENTABLE_IN_UTF16");
                    assert!(cps.iter().any(|&c| c > 0x10FFFF));
                }
            }
        }
        if !document {
            let prefix = &data[..data.len().min(common::ORACLE_PREFIX)];
            assert_eq!(
                convert_corrected_utf8_to_code_points_lossy(prefix, mode),
                common::lenient_from_strict(prefix, 0xFFFD, |b| {
                    convert_corrected_utf8_to_code_points(b, mode)
                }),
                "lenient = strict with U+FFFD per error"
            );
            assert_eq!(
                convert_corrected_utf8_to_utf16_lossy(prefix, mode),
                common::lenient_from_strict(prefix, 0xFFFD, |b| convert_corrected_utf8_to_utf16(
                    b, mode
                )),
                "lenient = strict with U+FFFD per error (UTF-16)"
            );
        }
    }
});
