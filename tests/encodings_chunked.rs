//! The chunked [`Encoder`] and [`Decoder`] against the one-shot functions: for random inputs over
//! an alphabet of boundary values, *every* way of cutting the input into chunks (and random cuts
//! of longer inputs) gives exactly the one-shot result — the same bytes or code units, the same
//! U+FFFDs, the same strict error code, offset or index, and length — for every format, option
//! and mode.

use proptest::prelude::*;
use wtf8_wasm::encodings::*;
use wtf8_wasm::DecodeError;

const ORDERS: [ByteOrder; 2] = [ByteOrder::LittleEndian, ByteOrder::BigEndian];
const MODES: [CorrectedUtf8Mode; 2] = [CorrectedUtf8Mode::Text, CorrectedUtf8Mode::Document];
const SURROGATES: [Surrogates; 2] = [Surrogates::Reject, Surrogates::Pass];

fn decodings() -> Vec<Decoding> {
    let orders = [
        None,
        Some(ByteOrder::LittleEndian),
        Some(ByteOrder::BigEndian),
    ];
    let mut all = vec![Decoding::Cesu8, Decoding::Mutf8, Decoding::Utf8b];
    for order in orders {
        all.push(Decoding::Utf16 { order });
        for surrogates in SURROGATES {
            all.push(Decoding::Utf32 { order, surrogates });
        }
    }
    all.extend(MODES.map(Decoding::CorrectedUtf8));
    all
}

fn encodings() -> Vec<Encoding> {
    let mut all = vec![Encoding::Cesu8, Encoding::Mutf8, Encoding::Utf8b];
    for order in ORDERS {
        for bom in [false, true] {
            all.push(Encoding::Utf16 { order, bom });
            for surrogates in SURROGATES {
                all.push(Encoding::Utf32 {
                    order,
                    bom,
                    surrogates,
                });
            }
        }
    }
    all.extend(MODES.map(Encoding::CorrectedUtf8));
    all
}

type Strict32 = fn(&[u8], Surrogates) -> Result<Vec<u16>, DecodeError>;
type Lossy32 = fn(&[u8], Surrogates) -> Vec<u16>;

/// The one-shot decoder for `decoding`: strict when `fatal`, else `_lossy`.
fn decode_one_shot(decoding: Decoding, fatal: bool, src: &[u8]) -> Result<Vec<u16>, DecodeError> {
    use ByteOrder::*;
    let strict_or_lossy = |strict: Result<Vec<u16>, DecodeError>, lossy: fn(&[u8]) -> Vec<u16>| {
        if fatal {
            strict
        } else {
            Ok(lossy(src))
        }
    };
    match decoding {
        Decoding::Utf16 { order: None } => strict_or_lossy(
            convert_utf16bom_to_utf16(src),
            convert_utf16bom_to_utf16_lossy,
        ),
        Decoding::Utf16 {
            order: Some(LittleEndian),
        } => strict_or_lossy(
            convert_utf16le_to_utf16(src),
            convert_utf16le_to_utf16_lossy,
        ),
        Decoding::Utf16 {
            order: Some(BigEndian),
        } => strict_or_lossy(
            convert_utf16be_to_utf16(src),
            convert_utf16be_to_utf16_lossy,
        ),
        Decoding::Utf32 { order, surrogates } => {
            let (strict, lossy): (Strict32, Lossy32) = match order {
                None => (convert_utf32bom_to_utf16, convert_utf32bom_to_utf16_lossy),
                Some(LittleEndian) => (convert_utf32le_to_utf16, convert_utf32le_to_utf16_lossy),
                Some(BigEndian) => (convert_utf32be_to_utf16, convert_utf32be_to_utf16_lossy),
            };
            if fatal {
                strict(src, surrogates)
            } else {
                Ok(lossy(src, surrogates))
            }
        }
        Decoding::Cesu8 => {
            strict_or_lossy(convert_cesu8_to_utf16(src), convert_cesu8_to_utf16_lossy)
        }
        Decoding::Mutf8 => {
            strict_or_lossy(convert_mutf8_to_utf16(src), convert_mutf8_to_utf16_lossy)
        }
        Decoding::Utf8b => Ok(convert_utf8b_to_utf16(src)),
        Decoding::CorrectedUtf8(mode) if fatal => convert_corrected_utf8_to_utf16(src, mode),
        Decoding::CorrectedUtf8(mode) => Ok(convert_corrected_utf8_to_utf16_lossy(src, mode)),
    }
}

/// The one-shot encoder for `encoding`: strict when `fatal`, else `_lossy` (where there is one).
fn encode_one_shot(encoding: Encoding, fatal: bool, src: &[u16]) -> Result<Vec<u8>, EncodeError> {
    use ByteOrder::*;
    match encoding {
        Encoding::Utf16 {
            order: LittleEndian,
            bom,
        } => Ok(convert_utf16_to_utf16le(src, bom)),
        Encoding::Utf16 {
            order: BigEndian,
            bom,
        } => Ok(convert_utf16_to_utf16be(src, bom)),
        Encoding::Utf32 {
            order,
            bom,
            surrogates,
        } if fatal || surrogates == Surrogates::Pass => match order {
            LittleEndian => convert_utf16_to_utf32le(src, bom, surrogates),
            BigEndian => convert_utf16_to_utf32be(src, bom, surrogates),
        }
        .map_err(EncodeError::from),
        Encoding::Utf32 { order, bom, .. } => Ok(match order {
            LittleEndian => convert_utf16_to_utf32le_lossy(src, bom),
            BigEndian => convert_utf16_to_utf32be_lossy(src, bom),
        }),
        Encoding::Cesu8 if fatal => convert_utf16_to_cesu8(src).map_err(EncodeError::from),
        Encoding::Cesu8 => Ok(convert_utf16_to_cesu8_lossy(src)),
        Encoding::Mutf8 => Ok(convert_utf16_to_mutf8(src)),
        Encoding::Utf8b => convert_utf16_to_utf8b(src).map_err(EncodeError::from),
        Encoding::CorrectedUtf8(mode) if fatal => convert_utf16_to_corrected_utf8(src, mode),
        Encoding::CorrectedUtf8(mode) => Ok(convert_utf16_to_corrected_utf8_lossy(src, mode)),
    }
}

/// The chunks of `src` cut at `cuts` (sorted offsets), each decoded with an output buffer of
/// exactly `max_output_len`; `trailing_empty`: the last call is an extra empty chunk.
fn decode_chunked(
    decoding: Decoding,
    fatal: bool,
    src: &[u8],
    cuts: &[usize],
    trailing_empty: bool,
) -> Result<Vec<u16>, DecodeError> {
    let mut dec = Decoder::new(decoding, fatal);
    let mut out = Vec::new();
    let mut bounds = vec![0];
    bounds.extend_from_slice(cuts);
    bounds.push(src.len());
    for (k, w) in bounds.windows(2).enumerate() {
        let chunk = &src[w[0]..w[1]];
        let last = !trailing_empty && k == bounds.len() - 2;
        let mut buf = vec![0u16; dec.max_output_len(chunk.len())];
        let n = dec.decode_to_utf16(chunk, last, &mut buf)?;
        out.extend_from_slice(&buf[..n]);
    }
    if trailing_empty {
        let mut buf = vec![0u16; dec.max_output_len(0)];
        let n = dec.decode_to_utf16(&[], true, &mut buf)?;
        out.extend_from_slice(&buf[..n]);
    }
    Ok(out)
}

fn encode_chunked(
    encoding: Encoding,
    fatal: bool,
    src: &[u16],
    cuts: &[usize],
    trailing_empty: bool,
) -> Result<Vec<u8>, EncodeError> {
    let mut enc = Encoder::new(encoding, fatal);
    let mut out = Vec::new();
    let mut bounds = vec![0];
    bounds.extend_from_slice(cuts);
    bounds.push(src.len());
    for (k, w) in bounds.windows(2).enumerate() {
        let chunk = &src[w[0]..w[1]];
        let last = !trailing_empty && k == bounds.len() - 2;
        let mut buf = vec![0u8; enc.max_output_len(chunk.len())];
        let n = enc.encode_from_utf16(chunk, last, &mut buf)?;
        out.extend_from_slice(&buf[..n]);
    }
    if trailing_empty {
        let mut buf = vec![0u8; enc.max_output_len(0)];
        let n = enc.encode_from_utf16(&[], true, &mut buf)?;
        out.extend_from_slice(&buf[..n]);
    }
    Ok(out)
}

/// Every set of cut points of an input of length `n` (all 2^(n-1) chunkings; `n` ≤ 12).
fn every_chunking(n: usize) -> impl Iterator<Item = Vec<usize>> {
    let inner = n.saturating_sub(1);
    (0u32..1 << inner).map(move |mask| (1..n).filter(|&i| mask >> (i - 1) & 1 == 1).collect())
}

fn same_decode(got: &Result<Vec<u16>, DecodeError>, want: &Result<Vec<u16>, DecodeError>) -> bool {
    match (got, want) {
        (Ok(a), Ok(b)) => a == b,
        (Err(a), Err(b)) => {
            (a.code(), a.valid_up_to(), a.error_len()) == (b.code(), b.valid_up_to(), b.error_len())
        }
        _ => false,
    }
}

/// Bytes that sit on the boundaries of every format: ASCII, NUL, continuation bytes, every kind
/// of lead byte, ED (surrogates), F0..F4 (4-byte forms), FE/FF (BOMs, reserved), and the bytes of
/// BOMs and of the Corrected UTF-8 magic number.
const BYTES: &[u8] = &[
    0x00, 0x0A, 0x61, 0x7F, 0x80, 0x9D, 0xA0, 0xAE, 0xB0, 0xB2, 0xB7, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0,
    0xE2, 0xED, 0xEF, 0xF0, 0xF4, 0xF8, 0xFC, 0xFD, 0xFE, 0xFF,
];

/// Code units on every boundary: ASCII, NUL, C1 controls, 2/3-byte limits, every surrogate
/// neighbourhood (UTF-8B's escapes included), U+FEFF.
const UNITS: &[u16] = &[
    0x00, 0x41, 0x7F, 0x80, 0x85, 0xA0, 0x7FF, 0x800, 0x8A0, 0xD7FF, 0xD800, 0xDBFF, 0xDC00,
    0xDC7F, 0xDC80, 0xDCFF, 0xDFFF, 0xE000, 0xFEFF, 0xFFFF,
];

/// Whole sequences and marks that single random bytes rarely spell: surrogate sequences and a
/// CESU-8 pair, a 4-byte form, C0 80, BOMs, UTF-32 values (a surrogate, one too large), long
/// Corrected UTF-8 sequences, the magic number.
const TOKENS: &[&[u8]] = &[
    b"\xED\xA0\xBD",
    b"\xED\xB8\x80",
    b"\xED\xA0\xBD\xED\xB8\x80",
    b"\xF0\x9F\x98\x80",
    b"\xC0\x80",
    b"\xE2\x82\xAC",
    b"\xFF\xFE",
    b"\xFE\xFF",
    b"\xFF\xFE\x00\x00",
    b"\x00\x00\xFE\xFF",
    b"\x00\xD8\x00\x00",
    b"\x00\x00\x11\x00",
    b"\xF7\xBF\xBF\xBF",
    b"\xFD\xBF\xBF\xBF\xBF\xBF",
    &CORRECTED_UTF8_MAGIC,
];

/// Up to `max` bytes: single boundary bytes mixed with whole [`TOKENS`].
fn byte_strategy(max: usize) -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        prop::sample::select(BYTES).prop_map(|b| vec![b]),
        prop::sample::select(TOKENS).prop_map(<[u8]>::to_vec),
    ];
    prop::collection::vec(piece, 0..=max).prop_map(move |pieces| {
        let mut bytes = pieces.concat();
        bytes.truncate(max);
        bytes
    })
}

fn unit_strategy(max: usize) -> impl Strategy<Value = Vec<u16>> {
    prop::collection::vec(prop::sample::select(UNITS), 0..=max)
}

fn check_every_decode_chunking(src: &[u8]) {
    for decoding in decodings() {
        for fatal in [false, true] {
            let want = decode_one_shot(decoding, fatal, src);
            for cuts in every_chunking(src.len()) {
                for trailing_empty in [false, true] {
                    let got = decode_chunked(decoding, fatal, src, &cuts, trailing_empty);
                    assert!(
                        same_decode(&got, &want),
                        "{decoding:?} fatal={fatal} {src:02X?} cut at {cuts:?} (+empty: {trailing_empty}): {got:?} != {want:?}"
                    );
                }
            }
        }
    }
}

fn check_every_encode_chunking(src: &[u16]) {
    for encoding in encodings() {
        for fatal in [false, true] {
            let want = encode_one_shot(encoding, fatal, src);
            for cuts in every_chunking(src.len()) {
                for trailing_empty in [false, true] {
                    let got = encode_chunked(encoding, fatal, src, &cuts, trailing_empty);
                    assert_eq!(
                        got, want,
                        "{encoding:?} fatal={fatal} {src:04X?} cut at {cuts:?} (+empty: {trailing_empty})"
                    );
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn decoders_equal_one_shot_for_every_chunking(src in byte_strategy(11)) {
        check_every_decode_chunking(&src);
    }

    #[test]
    fn encoders_equal_one_shot_for_every_chunking(src in unit_strategy(9)) {
        check_every_encode_chunking(&src);
    }

    #[test]
    fn decoders_equal_one_shot_for_random_chunkings_of_longer_inputs(
        src in byte_strategy(300),
        cuts in prop::collection::vec(0usize..300, 0..40),
    ) {
        let mut cuts: Vec<usize> = cuts.into_iter().filter(|&c| c <= src.len()).collect();
        cuts.sort_unstable();
        for decoding in decodings() {
            for fatal in [false, true] {
                let want = decode_one_shot(decoding, fatal, &src);
                let got = decode_chunked(decoding, fatal, &src, &cuts, false);
                prop_assert!(same_decode(&got, &want), "{:?} fatal={} cut at {:?}", decoding, fatal, cuts);
            }
        }
    }

    #[test]
    fn encoders_equal_one_shot_for_random_chunkings_of_longer_inputs(
        src in unit_strategy(300),
        cuts in prop::collection::vec(0usize..300, 0..40),
    ) {
        let mut cuts: Vec<usize> = cuts.into_iter().filter(|&c| c <= src.len()).collect();
        cuts.sort_unstable();
        for encoding in encodings() {
            for fatal in [false, true] {
                let want = encode_one_shot(encoding, fatal, &src);
                prop_assert_eq!(encode_chunked(encoding, fatal, &src, &cuts, false), want);
            }
        }
    }

    #[test]
    fn corrected_utf8_code_points_equal_one_shot(
        src in prop::collection::vec(prop::sample::select(&[
            0u32, 0x61, 0x85, 0xA0, 0xD7FF, 0xD800, 0xDFFF, 0xE000, 0x10FFFF, 0x110000,
            0x21109F, 0x2110A0, 0x8421109F, 0x842110A0, u32::MAX,
        ][..]), 0..40),
        bytes in byte_strategy(40),
        cuts in prop::collection::vec(0usize..40, 0..8),
    ) {
        let mut cuts: Vec<usize> = cuts.into_iter().filter(|&c| c <= src.len().min(bytes.len())).collect();
        cuts.sort_unstable();
        for mode in MODES {
            for fatal in [false, true] {
                let want = if fatal {
                    convert_code_points_to_corrected_utf8(&src, mode)
                } else {
                    Ok(convert_code_points_to_corrected_utf8_lossy(&src, mode))
                };
                let mut enc = Encoder::new(Encoding::CorrectedUtf8(mode), fatal);
                let mut got = Ok(Vec::new());
                let mut start = 0;
                for (k, &end) in cuts.iter().chain([src.len()].iter()).enumerate() {
                    let chunk = &src[start..end];
                    let mut buf = vec![0u8; enc.max_output_len_from_code_points(chunk.len())];
                    match enc.encode_from_code_points(chunk, k == cuts.len(), &mut buf) {
                        Ok(n) => if let Ok(out) = &mut got { out.extend_from_slice(&buf[..n]) },
                        Err(e) => { got = Err(e); break; }
                    }
                    start = end;
                }
                prop_assert_eq!(got, want);

                let want = if fatal {
                    convert_corrected_utf8_to_code_points(&bytes, mode)
                } else {
                    Ok(convert_corrected_utf8_to_code_points_lossy(&bytes, mode))
                };
                let mut dec = Decoder::new(Decoding::CorrectedUtf8(mode), fatal);
                let mut got = Ok(Vec::new());
                let mut start = 0;
                for (k, &end) in cuts.iter().chain([bytes.len()].iter()).enumerate() {
                    let chunk = &bytes[start..end];
                    let mut buf = vec![0u32; dec.max_output_len(chunk.len())];
                    match dec.decode_to_code_points(chunk, k == cuts.len(), &mut buf) {
                        Ok(n) => if let Ok(out) = &mut got { out.extend_from_slice(&buf[..n]) },
                        Err(e) => { got = Err(e); break; }
                    }
                    start = end;
                }
                match (&got, &want) {
                    (Ok(a), Ok(b)) => prop_assert_eq!(a, b),
                    (Err(a), Err(b)) => prop_assert_eq!(
                        (a.code(), a.valid_up_to(), a.error_len()),
                        (b.code(), b.valid_up_to(), b.error_len())
                    ),
                    _ => prop_assert!(false, "{:?} != {:?}", got, want),
                }
            }
        }
    }

    #[test]
    fn code_points_of_a_string_encode_as_the_string_does(text in "\\PC{0,20}") {
        let units: Vec<u16> = text.encode_utf16().collect();
        let values: Vec<u32> = text.chars().map(u32::from).collect();
        for encoding in encodings() {
            for fatal in [false, true] {
                let mut enc = Encoder::new(encoding, fatal);
                let mut buf = vec![0u8; enc.max_output_len_from_code_points(values.len())];
                let got = enc.encode_from_code_points(&values, true, &mut buf).map(|n| buf[..n].to_vec());
                let mut enc = Encoder::new(encoding, fatal);
                let mut buf = vec![0u8; enc.max_output_len(units.len())];
                let want = enc.encode_from_utf16(&units, true, &mut buf).map(|n| buf[..n].to_vec());
                prop_assert_eq!(got.ok(), want.ok(), "{:?}", encoding);
            }
        }
    }
}

#[test]
fn a_reserved_run_spans_any_number_of_chunks() {
    for run in [1, 5, 254, 255, 256, 1000] {
        let mut src = b"a\xFE".to_vec();
        src.extend(std::iter::repeat_n(0x80, run));
        src.extend_from_slice(b"\xFFb");
        for chunk in [1, 2, 3, 7, 100] {
            let cuts: Vec<usize> = (chunk..src.len()).step_by(chunk).collect();
            for mode in MODES {
                for fatal in [false, true] {
                    let decoding = Decoding::CorrectedUtf8(mode);
                    let want = decode_one_shot(decoding, fatal, &src);
                    let got = decode_chunked(decoding, fatal, &src, &cuts, chunk == 3);
                    assert!(
                        same_decode(&got, &want),
                        "run {run}, chunks of {chunk}: {got:?} != {want:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn a_lone_surrogate_slid_across_chunk_boundaries() {
    for at in 0..40 {
        let mut units = vec![0x61u16; 40];
        units[at] = 0xD83D;
        if at + 1 < units.len() {
            units[at + 1] = if at % 2 == 0 { 0xDE00 } else { 0x62 };
        }
        for chunk in [1, 2, 3, 8] {
            let cuts: Vec<usize> = (chunk..units.len()).step_by(chunk).collect();
            for encoding in encodings() {
                for fatal in [false, true] {
                    let want = encode_one_shot(encoding, fatal, &units);
                    assert_eq!(
                        encode_chunked(encoding, fatal, &units, &cuts, false),
                        want,
                        "{encoding:?} at {at}"
                    );
                }
            }
            let bytes = convert_utf16_to_mutf8(&units);
            let cuts: Vec<usize> = (chunk..bytes.len()).step_by(chunk).collect();
            for decoding in decodings() {
                for fatal in [false, true] {
                    let want = decode_one_shot(decoding, fatal, &bytes);
                    let got = decode_chunked(decoding, fatal, &bytes, &cuts, false);
                    assert!(same_decode(&got, &want), "{decoding:?} at {at}");
                }
            }
        }
    }
}
