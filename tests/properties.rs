//! Property tests: the contract of DESIGN.md §3 checked on random inputs against the standard
//! library and the naive reference in `tests/common/reference.rs`.
//!
//! The configuration is fixed (seed, case count, no failure files) so a failure reproduces on
//! every run and machine. The generators favour surrogates and the boundaries of the UTF-8
//! table, and build byte strings from encodings (often joined naively, which spells out pairs)
//! with a few bytes edited, so that near-valid input is common.

use crate::reference;

use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::RngSeed;
use wtf8_wasm::*;

/// UTF-16 code units at the edges of every range that matters.
const UNIT_ALPHABET: [u16; 18] = [
    0x00, 0x41, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xD800, 0xDB7F, 0xDBFF, 0xDC00, 0xDFFF, 0xE000,
    0xFFFD, 0xFEFF, 0xFFFF, 0xD83D, 0xDE00,
];

/// Bytes at the edges of the rows of Unicode Table 3-7.
const BYTE_ALPHABET: [u8; 28] = [
    0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xAF, 0xB0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
    0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFE, 0xFF,
];

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        rng_seed: RngSeed::Fixed(0x5754_4638_2D38),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn unit() -> impl Strategy<Value = u16> {
    prop_oneof![
        4 => select(&UNIT_ALPHABET[..]),
        2 => 0xD800u16..=0xDFFF,
        2 => any::<u16>(),
        1 => 0x20u16..0x7F,
    ]
}

/// Code points at the edges of every UTF-8 sequence length, and around the surrogates.
const CHAR_ALPHABET: [char; 12] = [
    '\0',
    'A',
    '\u{7F}',
    '\u{80}',
    '\u{7FF}',
    '\u{800}',
    '\u{D7FF}',
    '\u{E000}',
    '\u{FFFF}',
    '\u{10000}',
    '\u{1F600}',
    '\u{10FFFF}',
];

/// Well-formed UTF-16 (a Rust string's code units).
fn well_formed_units() -> impl Strategy<Value = Vec<u16>> {
    prop::collection::vec(
        prop_oneof![select(&CHAR_ALPHABET[..]), any::<char>()],
        0..24,
    )
    .prop_map(|chars| {
        chars
            .into_iter()
            .collect::<String>()
            .encode_utf16()
            .collect()
    })
}

/// Any UTF-16 code units, often with lone surrogates: boundary units mixed with arbitrary ones,
/// well-formed strings, and well-formed strings with one surrogate unit inserted anywhere
/// (which may also cut a pair in two).
fn units() -> impl Strategy<Value = Vec<u16>> {
    prop_oneof![
        2 => prop::collection::vec(unit(), 0..48),
        1 => well_formed_units(),
        1 => (well_formed_units(), any::<prop::sample::Index>(), 0xD800u16..=0xDFFF).prop_map(|(mut u, at, s)| {
            u.insert(at.index(u.len() + 1), s);
            u
        }),
    ]
}

/// Longer strings, mostly text, with a lone surrogate or a pair here and there: so that runs of
/// eight units without surrogates are common, and surrogates fall at every position of a run.
fn sprinkled_units() -> impl Strategy<Value = Vec<u16>> {
    let piece = prop_oneof![
        12 => (0x20u16..0x7F).prop_map(|u| vec![u]),
        3 => (0x400u16..0x4FF).prop_map(|u| vec![u]),
        1 => (0xD800u16..=0xDFFF).prop_map(|u| vec![u]),
        1 => (0xD800u16..=0xDBFF, 0xDC00u16..=0xDFFF).prop_map(|(l, t)| vec![l, t]),
        1 => (0xE000u16..=0xFFFF).prop_map(|u| vec![u]),
    ];
    prop::collection::vec(piece, 0..300).prop_map(|pieces| pieces.concat())
}

fn byte() -> impl Strategy<Value = u8> {
    prop_oneof![3 => select(&BYTE_ALPHABET[..]), 1 => any::<u8>()]
}

/// Byte strings: arbitrary, WTF-8 encodings joined naively (so lead + trail encoded apart
/// become a spelled-out pair), and encodings with a few bytes replaced, inserted or removed.
fn bytes() -> impl Strategy<Value = Vec<u8>> {
    let edits = prop::collection::vec((any::<prop::sample::Index>(), byte(), 0u8..3), 0..4);
    prop_oneof![
        prop::collection::vec(byte(), 0..48),
        prop::collection::vec(prop::collection::vec(unit(), 0..6), 0..6).prop_map(|parts| parts
            .iter()
            .flat_map(|p| convert_utf16_to_wtf8(p))
            .collect()),
        (units(), edits).prop_map(|(u, edits)| {
            let mut b = convert_utf16_to_wtf8(&u);
            for (at, byte, op) in edits {
                if b.is_empty() {
                    b.push(byte);
                    continue;
                }
                let i = at.index(b.len());
                match op {
                    0 => b[i] = byte,
                    1 => b.insert(i, byte),
                    _ => {
                        b.remove(i);
                    }
                }
            }
            b
        }),
    ]
}

/// Chunk sizes (0 allowed: empty chunks) and whether an empty final chunk ends the stream.
fn chunking() -> impl Strategy<Value = (Vec<usize>, bool)> {
    (
        prop::collection::vec(
            prop_oneof![2 => 0usize..=1, 3 => 0usize..8, 1 => 0usize..40],
            0..24,
        ),
        any::<bool>(),
    )
}

/// Cuts `input` into chunks of the given sizes; what is left over is the last chunk.
fn cut<'a, T>(input: &'a [T], sizes: &[usize]) -> Vec<&'a [T]> {
    let mut chunks = Vec::new();
    let mut rest = input;
    for &n in sizes {
        let n = n.min(rest.len());
        chunks.push(&rest[..n]);
        rest = &rest[n..];
    }
    chunks.push(rest);
    chunks
}

fn is_lead(u: u16) -> bool {
    (0xD800..=0xDBFF).contains(&u)
}

fn is_trail(u: u16) -> bool {
    (0xDC00..=0xDFFF).contains(&u)
}

fn code(e: &DecodeError) -> (&'static str, usize, Option<usize>) {
    (e.code().as_str(), e.valid_up_to(), e.error_len())
}

fn ref_code(e: &reference::RefError) -> (&'static str, usize, Option<usize>) {
    (e.code, e.offset, e.len)
}

proptest! {
    #![proptest_config(config(5000))]

    #[test]
    fn encode_then_decode_gives_back_any_units(u in units()) {
        let wtf8 = convert_utf16_to_wtf8(&u);
        prop_assert_eq!(&wtf8, &reference::encode(&u));
        prop_assert_eq!(wtf8.len(), wtf8_len_from_utf16(&u));
        prop_assert!(wtf8.len() <= 3 * u.len());
        prop_assert!(is_wtf8(&wtf8));
        prop_assert_eq!(convert_wtf8_to_utf16(&wtf8), Ok(u.clone()));
        prop_assert_eq!(convert_wtf8_to_utf16_lossy(&wtf8), u.clone());
        let mut buf = vec![0u8; 3 * u.len()];
        let n = convert_utf16_to_wtf8_into(&u, &mut buf);
        prop_assert_eq!(&buf[..n], &wtf8[..]);
    }

    #[test]
    fn well_formed_units_encode_to_their_utf8(u in prop_oneof![well_formed_units(), units()]) {
        if let Ok(s) = String::from_utf16(&u) {
            prop_assert_eq!(convert_utf16_to_wtf8(&u), s.as_bytes());
            prop_assert_eq!(convert_utf16_to_utf8(&u).unwrap(), s.as_bytes());
            prop_assert_eq!(convert_wtf8_to_utf8(s.as_bytes()), Ok(s.as_str()));
            prop_assert!(validate_utf16(&u).is_ok());
        }
    }

    #[test]
    fn lossy_utf8_is_std_from_utf16_lossy(u in units()) {
        let want = String::from_utf16_lossy(&u).into_bytes();
        prop_assert_eq!(&convert_utf16_to_utf8_lossy(&u), &want);
        prop_assert_eq!(want.len(), wtf8_len_from_utf16(&u));
    }

    #[test]
    fn strict_utf8_fails_exactly_at_the_first_lone_surrogate(u in units()) {
        let first = reference::first_lone_surrogate(&u);
        prop_assert_eq!(String::from_utf16(&u).is_ok(), first.is_none());
        match convert_utf16_to_utf8(&u) {
            Ok(bytes) => {
                prop_assert_eq!(first, None);
                prop_assert_eq!(bytes, String::from_utf16(&u).unwrap().into_bytes());
            }
            Err(e) => {
                prop_assert_eq!(Some(e.index()), first);
                prop_assert_eq!(e.unit(), u[e.index()]);
                prop_assert_eq!(e.code().as_str(), "LONE_SURROGATE");
            }
        }
        prop_assert_eq!(validate_utf16(&u).map_err(|e| e.index()), first.map_or(Ok(()), Err));
        prop_assert_eq!(utf16_valid_up_to(&u), first.unwrap_or(u.len()));
        // The WTF-8 of the string fails strict UTF-8 at the byte offset of that surrogate.
        let wtf8 = convert_utf16_to_wtf8(&u);
        match first {
            None => prop_assert!(is_utf8(&wtf8)),
            Some(i) => {
                let e = convert_wtf8_to_utf8(&wtf8).unwrap_err();
                prop_assert_eq!(code(&e), ("SURROGATE", wtf8_len_from_utf16(&u[..i]), Some(1)));
            }
        }
    }

    #[test]
    fn lone_surrogates_are_found_exactly(u in prop_oneof![units(), sprinkled_units()], room in 0usize..12) {
        let want = reference::lone_surrogates(&u);
        let mut out = vec![usize::MAX; room];
        match utf16_lone_surrogates(&u, &mut out) {
            Some(n) => {
                prop_assert_eq!(n, want.len());
                prop_assert_eq!(&out[..n], &want[..]);
            }
            None => {
                prop_assert!(want.len() > room);
                prop_assert_eq!(&out[..], &want[..room]);
            }
        }
    }

    #[test]
    fn lenient_decode_is_std_from_utf8_lossy_without_surrogate_bytes(b in bytes()) {
        if !reference::has_surrogate_prefix(&b) {
            let want: Vec<u16> = String::from_utf8_lossy(&b).encode_utf16().collect();
            prop_assert_eq!(convert_wtf8_to_utf16_lossy(&b), want);
        }
    }

    #[test]
    fn lenient_output_re_encodes_to_well_formed_wtf8(b in bytes()) {
        let units = convert_wtf8_to_utf16_lossy(&b);
        prop_assert!(units.len() <= b.len());
        prop_assert!(is_wtf8(&convert_utf16_to_wtf8(&units)));
        let mut buf = vec![0u16; b.len()];
        let n = convert_wtf8_to_utf16_lossy_into(&b, &mut buf);
        prop_assert_eq!(&buf[..n], &units[..]);
    }

    #[test]
    fn strict_decode_accepts_only_what_re_encodes_to_the_same_bytes(b in bytes()) {
        match convert_wtf8_to_utf16(&b) {
            Ok(units) => {
                prop_assert_eq!(convert_utf16_to_wtf8(&units), b.clone());
                prop_assert_eq!(convert_wtf8_to_utf16_lossy(&b), units);
                prop_assert_eq!(wtf8_valid_up_to(&b), b.len());
            }
            Err(e) => {
                let prefix = &b[..e.valid_up_to()];
                prop_assert!(is_wtf8(prefix));
                prop_assert_eq!(wtf8_valid_up_to(&b), e.valid_up_to());
                prop_assert_eq!(validate_wtf8(&b), Err(e));
                if let Some(len) = e.error_len() {
                    prop_assert!((1..=3).contains(&len));
                    prop_assert!(e.valid_up_to() + len <= b.len());
                }
                // The decoded well-formed prefix re-encodes to exactly that prefix.
                let units = convert_wtf8_to_utf16(prefix).unwrap();
                prop_assert_eq!(convert_utf16_to_wtf8(&units), prefix);
            }
        }
    }

    #[test]
    fn decoders_and_validators_match_the_naive_reference(b in bytes()) {
        let want = reference::decode_strict(&b);
        let got = convert_wtf8_to_utf16(&b);
        match (&got, &want) {
            (Ok(g), Ok(w)) => prop_assert_eq!(g, w),
            (Err(g), Err(w)) => prop_assert_eq!(code(g), ref_code(w)),
            _ => prop_assert!(false, "strict: got {:?}, want {:?}", got, want),
        }
        prop_assert_eq!(convert_wtf8_to_utf16_lossy(&b), reference::decode_lenient(&b));
        prop_assert_eq!(
            validate_utf8(&b).map_err(|e| code(&e)),
            reference::validate_utf8(&b).map_err(|e| ref_code(&e))
        );
        let std = core::str::from_utf8(&b).map(|_| ()).map_err(|e| (e.valid_up_to(), e.error_len()));
        prop_assert_eq!(validate_utf8(&b).map_err(|e| (e.valid_up_to(), e.error_len())), std);
        prop_assert_eq!(utf8_valid_up_to(&b), std.err().map_or(b.len(), |e| e.0));
    }

    #[test]
    fn wtf8_to_lossy_utf8_is_lossy_utf8_of_the_lenient_decode(b in bytes()) {
        let got = convert_wtf8_to_utf8_lossy(&b);
        prop_assert_eq!(&got, &convert_utf16_to_utf8_lossy(&convert_wtf8_to_utf16_lossy(&b)));
        prop_assert!(core::str::from_utf8(&got).is_ok());
        prop_assert!(got.len() <= 3 * b.len());
    }

    #[test]
    fn to_utf8_equals_wtf8_to_utf8_of_the_encoding(u in units()) {
        let wtf8 = convert_utf16_to_wtf8(&u);
        let want = convert_utf16_to_utf8_lossy(&u);
        prop_assert_eq!(&convert_wtf8_to_utf8_lossy(&wtf8), &want);
        let mut in_place = wtf8.clone();
        prop_assert_eq!(convert_wtf8_to_utf8_lossy_in_place(&mut in_place), Ok(()));
        prop_assert_eq!(&in_place, &want);
    }

    #[test]
    fn in_place_lossy_equals_allocating_lossy_on_well_formed_input_and_fails_untouched_otherwise(b in bytes()) {
        let mut buf = b.clone();
        match convert_wtf8_to_utf8_lossy_in_place(&mut buf) {
            Ok(()) => {
                prop_assert!(is_wtf8(&b));
                prop_assert_eq!(&buf, &convert_wtf8_to_utf8_lossy(&b));
            }
            Err(e) => {
                prop_assert_eq!(Err(e), validate_wtf8(&b));
                prop_assert_eq!(&buf, &b);
            }
        }
    }

    #[test]
    fn appending_encodings_equals_encoding_the_concatenation(a in units(), b in units(), c in units()) {
        let mut joined = convert_utf16_to_wtf8(&a);
        append_wtf8(&mut joined, &convert_utf16_to_wtf8(&b));
        let ab: Vec<u16> = a.iter().chain(&b).copied().collect();
        prop_assert_eq!(&joined, &convert_utf16_to_wtf8(&ab));
        let parts = [convert_utf16_to_wtf8(&a), convert_utf16_to_wtf8(&b), convert_utf16_to_wtf8(&c)];
        let abc: Vec<u16> = ab.iter().chain(&c).copied().collect();
        prop_assert_eq!(concat_wtf8(parts.iter().map(|p| &p[..])), convert_utf16_to_wtf8(&abc));
    }

    #[test]
    fn partial_encode_in_random_buffer_sizes_equals_full_encode_and_never_splits_a_pair(
        u in units(),
        sizes in prop::collection::vec(0usize..12, 1..16),
        lossy in any::<bool>(),
    ) {
        let want = if lossy { convert_utf16_to_utf8_lossy(&u) } else { convert_utf16_to_wtf8(&u) };
        let mut out = Vec::new();
        let mut read_total = 0;
        let mut stalled = 0;
        for &size in sizes.iter().cycle() {
            if read_total == u.len() {
                break;
            }
            let rest = &u[read_total..];
            let mut buf = vec![0xAAu8; size];
            let (read, written) = if lossy {
                convert_utf16_to_utf8_lossy_partial(rest, &mut buf)
            } else {
                convert_utf16_to_wtf8_partial(rest, &mut buf)
            };
            prop_assert!(read <= rest.len() && written <= size);
            prop_assert_eq!(written, wtf8_len_from_utf16(&rest[..read]));
            // Never splits a pair.
            prop_assert!(!(read > 0 && read < rest.len() && is_lead(rest[read - 1]) && is_trail(rest[read])));
            // Writes as much as fits: the next whole sequence did not fit.
            if read < rest.len() {
                let next = if is_lead(rest[read]) && rest.get(read + 1).is_some_and(|&t| is_trail(t)) { 2 } else { 1 };
                prop_assert!(wtf8_len_from_utf16(&rest[read..read + next]) > size - written);
            }
            out.extend_from_slice(&buf[..written]);
            read_total += read;
            if read > 0 {
                stalled = 0;
                continue;
            }
            // Every sequence is at most 4 bytes: with that much room there is progress.
            prop_assert!(size < 4, "no progress with {} bytes of room", size);
            stalled += 1;
            if stalled == sizes.len() {
                // Every size is too small for the next sequence: finish with a big buffer.
                let rest = &u[read_total..];
                let mut big = vec![0u8; 3 * rest.len()];
                let (r, w) = if lossy {
                    convert_utf16_to_utf8_lossy_partial(rest, &mut big)
                } else {
                    convert_utf16_to_wtf8_partial(rest, &mut big)
                };
                prop_assert_eq!(r, rest.len());
                out.extend_from_slice(&big[..w]);
                read_total += r;
            }
        }
        prop_assert_eq!(out, want);
    }

    #[test]
    fn stream_encoder_over_any_chunking_equals_one_shot(u in units(), (sizes, final_empty) in chunking()) {
        let mut chunks = cut(&u, &sizes);
        if final_empty {
            chunks.push(&[]);
        }
        let mut enc = StreamEncoder::new();
        let mut out = Vec::new();
        for (i, chunk) in chunks.iter().enumerate() {
            let before = out.len();
            enc.encode(chunk, i + 1 == chunks.len(), &mut out);
            prop_assert!(out.len() - before <= 3 * (chunk.len() + 1));
        }
        prop_assert!(!enc.has_pending());
        prop_assert_eq!(out, convert_utf16_to_wtf8(&u));
    }

    #[test]
    fn the_padded_stream_decode_equals_decode_into(b in bytes(), (sizes, _) in chunking(), fatal in any::<bool>()) {
        // The wasm bindings' entry: each chunk with 48 bytes after it that are not zeros (which
        // it may overwrite), against `decode_into` on the chunk alone, state for state.
        let (mut plain, mut padded) = (StreamDecoder::new(fatal), StreamDecoder::new(fatal));
        let chunks = cut(&b, &sizes);
        for (i, chunk) in chunks.iter().enumerate() {
            let last = i + 1 == chunks.len();
            let mut buf = chunk.to_vec();
            buf.resize(chunk.len() + 48, 0xFF);
            let mut want = vec![0; chunk.len() + 3];
            let mut got = vec![0; chunk.len() + 48 + 32];
            let w = plain.decode_into(chunk, last, &mut want);
            let g = padded.decode_into_padded(&mut buf, chunk.len(), last, &mut got);
            prop_assert_eq!(&g, &w);
            if let Ok(n) = w {
                prop_assert_eq!(&got[..n], &want[..n]);
            }
            prop_assert_eq!(padded.to_words(), plain.to_words());
            if w.is_err() {
                break;
            }
        }
    }

    #[test]
    fn stream_decoders_over_any_chunking_equal_one_shot(b in bytes(), (sizes, final_empty) in chunking()) {
        let mut chunks = cut(&b, &sizes);
        if final_empty {
            chunks.push(&[]);
        }
        // Strict: the same units, or the same error at the same absolute offset.
        let mut dec = StreamDecoder::new(true);
        prop_assert!(dec.fatal());
        let mut out = Vec::new();
        let mut result = Ok(());
        for (i, chunk) in chunks.iter().enumerate() {
            if i % 2 == 1 {
                // Out as its words and back (the npm package's wasm module keeps no stream state).
                dec = StreamDecoder::from_words(dec.to_words());
            }
            let before = out.len();
            result = dec.decode(chunk, i + 1 == chunks.len(), &mut out);
            prop_assert!(out.len() - before <= chunk.len() + 1);
            if result.is_err() {
                break;
            }
        }
        prop_assert_eq!(dec.pending_len(), 0);
        match (result, convert_wtf8_to_utf16(&b)) {
            (Ok(()), Ok(want)) => prop_assert_eq!(out, want),
            (Err(got), Err(want)) => {
                prop_assert_eq!(got, want);
                // What was emitted before the error is a prefix of the valid prefix's decoding.
                let prefix = convert_wtf8_to_utf16(&b[..want.valid_up_to()]).unwrap();
                prop_assert!(prefix.starts_with(&out), "{:04X?} is not a prefix of {:04X?}", out, prefix);
            }
            (got, want) => prop_assert!(false, "strict stream {:?}, one-shot {:?}", got, want),
        }
        // Lenient: the same units.
        let mut dec = StreamDecoder::new(false);
        let mut out = Vec::new();
        for (i, chunk) in chunks.iter().enumerate() {
            if i % 2 == 1 {
                dec = StreamDecoder::from_words(dec.to_words());
            }
            prop_assert_eq!(dec.decode(chunk, i + 1 == chunks.len(), &mut out), Ok(()));
        }
        prop_assert!(!dec.fatal());
        prop_assert_eq!(out, convert_wtf8_to_utf16_lossy(&b));
    }

    #[test]
    fn a_stream_decoder_is_reusable_after_last_and_after_reset(a in bytes(), b in bytes(), split in any::<prop::sample::Index>()) {
        for fatal in [true, false] {
            let mut dec = StreamDecoder::new(fatal);
            // An abandoned stream, then reset.
            let mut out = Vec::new();
            let cut_at = split.index(a.len() + 1);
            let _ = dec.decode(&a[..cut_at], false, &mut out);
            dec.reset();
            prop_assert_eq!(dec.pending_len(), 0);
            for input in [&a, &b] {
                let mut out = Vec::new();
                let got = dec.decode(input, true, &mut out).map(|()| out);
                let want = if fatal { convert_wtf8_to_utf16(input) } else { Ok(convert_wtf8_to_utf16_lossy(input)) };
                prop_assert_eq!(got, want);
            }
        }
    }

    #[test]
    fn inspect_utf16_segments_concatenate_to_input_wtf8_and_lossy_utf8(u in units()) {
        let (mut units, mut wtf8, mut lossy) = (Vec::new(), Vec::new(), Vec::new());
        for seg in inspect_utf16(&u) {
            prop_assert_eq!(seg.unit_index(), units.len());
            prop_assert_eq!(seg.byte_offset(), wtf8.len());
            prop_assert_eq!(seg.error(), None);
            let cp = seg.code_point().expect("every string segment has a code point");
            let kind = match cp {
                0..=0x7F => SegmentKind::Ascii,
                0x80..=0x7FF => SegmentKind::TwoByte,
                0xD800..=0xDBFF => SegmentKind::LoneLead,
                0xDC00..=0xDFFF => SegmentKind::LoneTrail,
                0x800..=0xFFFF => SegmentKind::ThreeByte,
                _ => SegmentKind::FourByte,
            };
            prop_assert_eq!(seg.kind(), kind);
            prop_assert_eq!(seg.bytes(), &reference::encode(seg.units())[..]);
            units.extend_from_slice(seg.units());
            wtf8.extend_from_slice(seg.bytes());
            lossy.extend_from_slice(seg.utf8_lossy());
        }
        prop_assert_eq!(units, u.clone());
        prop_assert_eq!(wtf8, convert_utf16_to_wtf8(&u));
        prop_assert_eq!(lossy, convert_utf16_to_utf8_lossy(&u));
    }

    #[test]
    fn inspect_wtf8_segments_concatenate_to_input_and_lenient_units(b in bytes()) {
        let (mut units, mut bytes, mut lossy) = (Vec::new(), Vec::new(), Vec::new());
        let mut first_error = None;
        for seg in inspect_wtf8(&b) {
            prop_assert_eq!(seg.unit_index(), units.len());
            prop_assert_eq!(seg.byte_offset(), bytes.len());
            prop_assert!((1..=4).contains(&seg.bytes().len()));
            if seg.kind() == SegmentKind::Invalid {
                prop_assert_eq!(seg.units(), &[0xFFFD][..]);
                prop_assert_eq!(seg.code_point(), None);
                prop_assert!(seg.error().is_some());
            } else {
                prop_assert_eq!(convert_utf16_to_wtf8(seg.units()), seg.bytes());
            }
            if let (None, Some(code)) = (first_error, seg.error()) {
                first_error = Some((code.as_str(), seg.byte_offset(), seg.bytes().len()));
            }
            units.extend_from_slice(seg.units());
            bytes.extend_from_slice(seg.bytes());
            lossy.extend_from_slice(seg.utf8_lossy());
        }
        prop_assert_eq!(&bytes, &b);
        prop_assert_eq!(units, convert_wtf8_to_utf16_lossy(&b));
        // The first segment marked with an error is where strict decoding fails, and why.
        match validate_wtf8(&b) {
            Ok(()) => {
                prop_assert_eq!(first_error, None);
                prop_assert_eq!(lossy, convert_wtf8_to_utf8_lossy(&b));
            }
            Err(e) => {
                let (code, offset, len) = first_error.expect("an ill-formed input has a segment with an error");
                prop_assert_eq!((code, offset), (e.code().as_str(), e.valid_up_to()));
                prop_assert_eq!(len, e.error_len().unwrap_or(b.len() - offset));
            }
        }
    }
}
