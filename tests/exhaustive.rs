//! Exhaustive sweeps: every single UTF-16 code unit, every lead × trail pair (both orders), every
//! byte string of length ≤ 3 and every 4-byte string that starts with F0..F4, each compared with
//! the standard library and with the naive reference in `tests/common/reference.rs`.
//!
//! About 100 million inputs. The test profile is optimised (`[profile.test] opt-level = 3`), the
//! sweeps reuse their buffers, and the 4-byte sweep is one test per lead byte so that the harness
//! spreads it over the cores.

use crate::reference;

use reference::RefError;
use wtf8_wasm::*;

fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02X} "))
        .collect::<String>()
        .trim_end()
        .to_owned()
}

fn as_ref_error(e: &DecodeError) -> RefError {
    RefError {
        code: e.code().as_str(),
        offset: e.valid_up_to(),
        len: e.error_len(),
    }
}

/// The naive reference itself is checked against fixed examples from the spec notes, so that a
/// mistake in it cannot hide a matching mistake in the crate.
#[test]
fn reference_agrees_with_the_worked_examples_of_the_contract() {
    let e = |code, offset, len| Err(RefError { code, offset, len });
    assert_eq!(
        reference::validate_wtf8(b"\xED\xA0\x80\xED\xB0\x80"),
        e("SURROGATE_PAIR", 3, Some(3))
    );
    assert_eq!(
        reference::validate_wtf8(b"\xED\xB0\x80\xED\xA0\x80"),
        Ok(())
    );
    assert_eq!(
        reference::validate_wtf8(b"\xED\xA0\x80a\xED\xB0\x80"),
        Ok(())
    );
    assert_eq!(
        reference::validate_wtf8(b"\xE2\x82"),
        e("TRUNCATED", 0, None)
    );
    assert_eq!(
        reference::validate_wtf8(b"a\xC0\xAF"),
        e("OVERLONG", 1, Some(1))
    );
    assert_eq!(
        reference::validate_wtf8(b"\xE0\x9F\x80"),
        e("OVERLONG", 0, Some(1))
    );
    assert_eq!(
        reference::validate_wtf8(b"\xF0\x8F\x80\x80"),
        e("OVERLONG", 0, Some(1))
    );
    assert_eq!(
        reference::validate_wtf8(b"ab\xF4\x90\x80\x80"),
        e("TOO_LARGE", 2, Some(1))
    );
    assert_eq!(
        reference::validate_wtf8(b"\xE2\x82\x41"),
        e("MISSING_CONTINUATION", 0, Some(2))
    );
    assert_eq!(
        reference::validate_wtf8(b"\xF0\x9F\x98\x41"),
        e("MISSING_CONTINUATION", 0, Some(3))
    );
    assert_eq!(
        reference::validate_wtf8(b"\xC2\x41"),
        e("MISSING_CONTINUATION", 0, Some(1))
    );
    assert_eq!(
        reference::validate_wtf8(b"\x80"),
        e("UNEXPECTED_CONTINUATION", 0, Some(1))
    );
    assert_eq!(
        reference::validate_wtf8(b"\xFF"),
        e("INVALID_BYTE", 0, Some(1))
    );
    assert_eq!(
        reference::validate_utf8(b"a\xED\xA0\xBD"),
        e("SURROGATE", 1, Some(1))
    );
    assert_eq!(reference::decode_lenient(b"\xED\xA0\x41"), [0xFFFD, 0x41]);
    assert_eq!(reference::decode_lenient(b"\xE2\x82!"), [0xFFFD, 0x21]);
    assert_eq!(
        reference::decode_lenient(b"\xED\xA0\x80\xED\xB0\x80"),
        [0xD800, 0xDC00]
    );
    assert_eq!(
        reference::decode_lenient(b"\xF0\x9F\x98\x80"),
        [0xD83D, 0xDE00]
    );
    assert_eq!(reference::decode_lenient(b"\xEF\xBB\xBF"), [0xFEFF]);
    assert_eq!(reference::encode(&[0x61, 0xD83D, 0x62]), b"a\xED\xA0\xBDb");
    assert_eq!(
        reference::encode(&[0xDFFF, 0xD800]),
        b"\xED\xBF\xBF\xED\xA0\x80"
    );
    assert_eq!(
        reference::first_lone_surrogate(&[0xD83D, 0xDE00, 0xDC00]),
        Some(2)
    );
}

#[test]
fn every_single_code_unit_encodes_decodes_back_and_matches_std_lossy() {
    let mut buf = [0u8; 4];
    let mut want = Vec::new();
    for u in 0..=0xFFFFu16 {
        let units = [u];
        reference::encode_into(&units, &mut want);
        let n = convert_utf16_to_wtf8_into(&units, &mut buf);
        assert_eq!(&buf[..n], &want[..], "encode {u:04X}");
        assert_eq!(convert_utf16_to_wtf8(&units), want, "encode {u:04X}");
        assert_eq!(wtf8_len_from_utf16(&units), n, "len {u:04X}");
        assert_eq!(convert_wtf8_to_utf16(&want), Ok(vec![u]), "decode {u:04X}");
        assert_eq!(
            convert_wtf8_to_utf16_lossy(&want),
            [u],
            "lenient decode {u:04X}"
        );
        let lossy = String::from_utf16_lossy(&units).into_bytes();
        assert_eq!(convert_utf16_to_utf8_lossy(&units), lossy, "lossy {u:04X}");
        assert_eq!(
            convert_wtf8_to_utf8_lossy(&want),
            lossy,
            "wtf8 → lossy utf8 {u:04X}"
        );
        let mut in_place = want.clone();
        assert_eq!(convert_wtf8_to_utf8_lossy_in_place(&mut in_place), Ok(()));
        assert_eq!(in_place, lossy, "in place {u:04X}");
        let surrogate = (0xD800..=0xDFFF).contains(&u);
        assert!(is_wtf8(&want), "is_wtf8 {u:04X}");
        assert_eq!(is_utf8(&want), !surrogate, "is_utf8 {u:04X}");
        match convert_utf16_to_utf8(&units) {
            Ok(bytes) => {
                assert!(!surrogate, "strict utf8 accepted {u:04X}");
                assert_eq!(bytes, lossy);
            }
            Err(e) => {
                assert!(surrogate, "strict utf8 rejected {u:04X}");
                assert_eq!(
                    (e.index(), e.unit(), e.code().as_str()),
                    (0, u, "LONE_SURROGATE")
                );
            }
        }
        assert_eq!(
            validate_utf16(&units).is_ok(),
            !surrogate,
            "validate_utf16 {u:04X}"
        );
        if surrogate {
            let err = convert_wtf8_to_utf8(&want).unwrap_err();
            assert_eq!(
                (err.code().as_str(), err.valid_up_to(), err.error_len()),
                ("SURROGATE", 0, Some(1))
            );
        } else {
            assert_eq!(
                convert_wtf8_to_utf8(&want).map(str::as_bytes),
                Ok(&want[..])
            );
        }
    }
}

#[test]
fn every_lead_trail_pair_is_one_supplementary_code_point_as_in_std() {
    let mut buf = [0u8; 8];
    let mut units16 = [0u16; 8];
    for lead in 0xD800..=0xDBFFu16 {
        let lead_alone = convert_utf16_to_wtf8(&[lead]);
        for trail in 0xDC00..=0xDFFFu16 {
            let units = [lead, trail];
            let utf8 = String::from_utf16(&units)
                .expect("a pair is well-formed")
                .into_bytes();
            let n = convert_utf16_to_wtf8_into(&units, &mut buf);
            assert_eq!(&buf[..n], &utf8[..], "encode {lead:04X} {trail:04X}");
            assert_eq!(wtf8_len_from_utf16(&units), 4);
            assert_eq!(convert_wtf8_to_utf16_into(&buf[..n], &mut units16), Ok(2));
            assert_eq!(&units16[..2], &units, "decode {lead:04X} {trail:04X}");
            assert_eq!(convert_wtf8_to_utf16_lossy_into(&buf[..n], &mut units16), 2);
            assert_eq!(
                &units16[..2],
                &units,
                "lenient decode {lead:04X} {trail:04X}"
            );
            assert_eq!(convert_utf16_to_utf8_lossy(&units), utf8);
            assert_eq!(utf16_valid_up_to(&units), 2);
            assert!(is_utf8(&buf[..n]));
            // Joining the two lone halves re-pairs them.
            let mut joined = lead_alone.clone();
            append_wtf8(&mut joined, &convert_utf16_to_wtf8(&[trail]));
            assert_eq!(joined, utf8, "append {lead:04X} | {trail:04X}");
        }
    }
}

#[test]
fn every_trail_lead_pair_is_two_lone_surrogates_as_in_std() {
    let mut buf = [0u8; 8];
    let mut units16 = [0u16; 8];
    let mut want = Vec::new();
    for trail in 0xDC00..=0xDFFFu16 {
        for lead in 0xD800..=0xDBFFu16 {
            let units = [trail, lead];
            reference::encode_into(&units, &mut want);
            let n = convert_utf16_to_wtf8_into(&units, &mut buf);
            assert_eq!(&buf[..n], &want[..], "encode {trail:04X} {lead:04X}");
            assert_eq!(n, 6);
            assert_eq!(wtf8_len_from_utf16(&units), 6);
            assert_eq!(convert_wtf8_to_utf16_into(&buf[..n], &mut units16), Ok(2));
            assert_eq!(&units16[..2], &units, "decode {trail:04X} {lead:04X}");
            assert_eq!(convert_wtf8_to_utf16_lossy_into(&buf[..n], &mut units16), 2);
            assert_eq!(
                &units16[..2],
                &units,
                "lenient decode {trail:04X} {lead:04X}"
            );
            let lossy = String::from_utf16_lossy(&units).into_bytes();
            assert_eq!(lossy, b"\xEF\xBF\xBD\xEF\xBF\xBD");
            assert_eq!(convert_utf16_to_utf8_lossy(&units), lossy);
            assert_eq!(convert_wtf8_to_utf8_lossy(&buf[..n]), lossy);
            assert_eq!(utf16_valid_up_to(&units), 0);
            let err = validate_utf8(&buf[..n]).unwrap_err();
            assert_eq!(
                (err.code().as_str(), err.valid_up_to(), err.error_len()),
                ("SURROGATE", 0, Some(1))
            );
        }
    }
}

#[test]
fn appending_any_surrogate_to_any_surrogate_equals_encoding_both() {
    // Leads and trails in every order: only lead | trail may be re-paired.
    let mut joined = Vec::with_capacity(8);
    let mut want = Vec::with_capacity(8);
    let mut right = [0u8; 3];
    for a in 0xD800..=0xDFFFu16 {
        let left = convert_utf16_to_wtf8(&[a]);
        for b in 0xD800..=0xDFFFu16 {
            convert_utf16_to_wtf8_into(&[b], &mut right);
            joined.clear();
            joined.extend_from_slice(&left);
            append_wtf8(&mut joined, &right);
            reference::encode_into(&[a, b], &mut want);
            assert!(
                joined == want,
                "append {a:04X} | {b:04X}: got {joined:02X?}, want {want:02X?}"
            );
        }
    }
}

/// Buffers reused across the inputs of one sweep.
struct Scratch {
    strict: Vec<u16>,
    lenient: Vec<u16>,
    want: Vec<u16>,
}

impl Scratch {
    fn new() -> Self {
        Scratch {
            strict: vec![0; 8],
            lenient: vec![0; 8],
            want: Vec::with_capacity(8),
        }
    }
}

/// Checks one byte string: strict decode, validate_wtf8, lenient decode and validate_utf8
/// against the reference, and validate_utf8 against `std::str::from_utf8`.
#[inline]
fn check(input: &[u8], s: &mut Scratch) {
    // Strict WTF-8.
    let want_strict = reference::validate_wtf8(input);
    let got_strict = convert_wtf8_to_utf16_into(input, &mut s.strict);
    reference::decode_lenient_into(input, &mut s.want);
    match (&got_strict, &want_strict) {
        (Ok(n), Ok(())) => {
            if s.strict[..*n] != s.want[..] {
                panic!(
                    "strict decode of [{}]: got {:04X?}, want {:04X?}",
                    hex(input),
                    &s.strict[..*n],
                    s.want
                );
            }
        }
        (Err(e), Err(want)) if as_ref_error(e) == *want => {}
        _ => panic!(
            "strict decode of [{}]: got {:?}, want {:?}",
            hex(input),
            got_strict.map_err(|e| as_ref_error(&e)),
            want_strict
        ),
    }
    let validated = validate_wtf8(input).map_err(|e| as_ref_error(&e));
    if validated != want_strict {
        panic!(
            "validate_wtf8 of [{}]: got {validated:?}, want {want_strict:?}",
            hex(input)
        );
    }
    // Lenient WTF-8.
    let n = convert_wtf8_to_utf16_lossy_into(input, &mut s.lenient);
    if s.lenient[..n] != s.want[..] {
        panic!(
            "lenient decode of [{}]: got {:04X?}, want {:04X?}",
            hex(input),
            &s.lenient[..n],
            s.want
        );
    }
    // Strict UTF-8: the reference, the crate and std must agree.
    let want_utf8 = reference::validate_utf8(input);
    let got_utf8 = validate_utf8(input).map_err(|e| as_ref_error(&e));
    if got_utf8 != want_utf8 {
        panic!(
            "validate_utf8 of [{}]: got {got_utf8:?}, want {want_utf8:?}",
            hex(input)
        );
    }
    let std_utf8 = core::str::from_utf8(input)
        .map(|_| ())
        .map_err(|e| (e.valid_up_to(), e.error_len()));
    if std_utf8 != want_utf8.map_err(|e| (e.offset, e.len)) {
        panic!(
            "reference validate_utf8 of [{}] = {want_utf8:?} disagrees with std {std_utf8:?}",
            hex(input)
        );
    }
    if is_utf8(input) != want_utf8.is_ok() || is_wtf8(input) != want_strict.is_ok() {
        panic!("is_utf8 / is_wtf8 of [{}]", hex(input));
    }
}

#[test]
fn every_byte_string_of_length_up_to_3_matches_the_reference_and_std() {
    let mut s = Scratch::new();
    let mut lossy_ref = Vec::new();
    check(&[], &mut s);
    for len in 1..=3u32 {
        for n in 0..1u32 << (8 * len) {
            let all = n.to_be_bytes();
            let input = &all[4 - len as usize..];
            check(input, &mut s);
            // Lossy WTF-8 → UTF-8 is `toUtf8` of the lenient decode.
            let got = convert_wtf8_to_utf8_lossy(input);
            lossy_ref.clear();
            lossy_ref.extend_from_slice(String::from_utf16_lossy(&s.want).as_bytes());
            if got != lossy_ref {
                panic!(
                    "wtf8 → lossy utf8 of [{}]: got [{}], want [{}]",
                    hex(input),
                    hex(&got),
                    hex(&lossy_ref)
                );
            }
        }
    }
}

/// Feeds `chunks` to the stream decoder whose words are `words`, which goes out as its words and
/// comes back between chunks (as the npm package's wasm module does: it keeps no per-stream state),
/// which must lose nothing; with `end`, the last chunk ends the stream. Stops at an error.
fn feed(
    words: &mut [u32; 4],
    chunks: &[&[u8]],
    end: bool,
    out: &mut Vec<u16>,
) -> Result<(), DecodeError> {
    for (i, chunk) in chunks.iter().enumerate() {
        let mut decoder = StreamDecoder::from_words(*words);
        let result = decoder.decode(chunk, end && i + 1 == chunks.len(), out);
        *words = decoder.to_words();
        result?;
    }
    Ok(())
}

/// Where the two stream decoders stand after the chunks of a stream's start, none of them its
/// last: their words, what each wrote, and the strict one's error if it stopped.
#[derive(Clone)]
struct Started {
    chunks: Vec<Vec<u8>>,
    strict: [u32; 4],
    strict_out: Vec<u16>,
    failed: Option<DecodeError>,
    lenient: [u32; 4],
    lenient_out: Vec<u16>,
}

impl Started {
    fn new() -> Self {
        Started {
            chunks: Vec::new(),
            strict: StreamDecoder::new(true).to_words(),
            strict_out: Vec::new(),
            failed: None,
            lenient: StreamDecoder::new(false).to_words(),
            lenient_out: Vec::new(),
        }
    }

    /// This start with `chunk` after it, not the stream's last.
    fn then(&self, chunk: &[u8]) -> Self {
        let mut next = self.clone();
        next.chunks.push(chunk.to_vec());
        if next.failed.is_none() {
            next.failed = feed(&mut next.strict, &[chunk], false, &mut next.strict_out).err();
        }
        feed(&mut next.lenient, &[chunk], false, &mut next.lenient_out)
            .expect("lenient never fails");
        next
    }
}

/// Ends the stream that `start` began with `chunks` (the last one ends it) in both decoders and
/// compares with the one-shot results.
fn check_stream(
    input: &[u8],
    start: &Started,
    chunks: &[&[u8]],
    want_strict: &Result<Vec<u16>, DecodeError>,
    want_lenient: &[u16],
    streamed: &mut Vec<u16>,
) {
    let described = || {
        let mut all: Vec<&[u8]> = start.chunks.iter().map(Vec::as_slice).collect();
        all.extend_from_slice(chunks);
        format!("{all:02X?}")
    };
    streamed.clear();
    streamed.extend_from_slice(&start.strict_out);
    let mut words = start.strict;
    let result = match start.failed {
        Some(error) => Err(error),
        None => feed(&mut words, chunks, true, streamed),
    };
    match (&result, want_strict) {
        (Ok(()), Ok(units)) if streamed == units => {}
        (Err(got), Err(want)) if got == want => {}
        _ => panic!(
            "strict stream of [{}] in chunks {}: got {result:?} {streamed:04X?}, want {want_strict:?}",
            hex(input),
            described()
        ),
    }
    assert_eq!(
        StreamDecoder::from_words(words).pending_len(),
        0,
        "a finished or failed stream is reset"
    );
    streamed.clear();
    streamed.extend_from_slice(&start.lenient_out);
    let mut words = start.lenient;
    feed(&mut words, chunks, true, streamed).expect("lenient never fails");
    if streamed[..] != *want_lenient {
        panic!(
            "lenient stream of [{}] in chunks {}: got {streamed:04X?}, want {want_lenient:04X?}",
            hex(input),
            described()
        );
    }
}

/// Every byte string of up to 3 bytes, in every way of cutting it into chunks that the test below
/// takes: each stream's start (the chunks before its last) is fed once for all the inputs that
/// share it, as the decoders' words, so that each input feeds only its last one or two chunks (7
/// decodes per decoder instead of 12 for a 3-byte input; the same streams, the same comparisons).
/// `whole[i]`: byte string `i` of up to 2 bytes as one chunk (its index: `start_index`);
/// `singles[i]`: the same bytes one chunk each.
struct Starts {
    fresh: Started,
    whole: Vec<Started>,
    singles: Vec<Started>,
}

fn start_index(bytes: &[u8]) -> usize {
    match *bytes {
        [] => 0,
        [a] => 1 + a as usize,
        [a, b] => 257 + ((a as usize) << 8 | b as usize),
        _ => unreachable!("starts of up to 2 bytes"),
    }
}

impl Starts {
    fn new() -> Self {
        let fresh = Started::new();
        let mut whole = vec![fresh.then(&[])];
        let mut singles = vec![fresh.clone()];
        for a in 0..=255u8 {
            let one = fresh.then(&[a]);
            singles.push(one.clone());
            whole.push(one);
        }
        for a in 0..=255u8 {
            let first = singles[start_index(&[a])].clone();
            for b in 0..=255u8 {
                whole.push(fresh.then(&[a, b]));
                singles.push(first.then(&[b]));
            }
        }
        Starts {
            fresh,
            whole,
            singles,
        }
    }
}

#[test]
fn every_byte_string_of_length_up_to_3_streams_the_same_in_any_split() {
    let starts = Starts::new();
    let mut one_shot_lenient = vec![0u16; 4];
    let mut streamed = Vec::with_capacity(8);
    for len in 1..=3usize {
        for n in 0..1u32 << (8 * len) {
            let all = n.to_be_bytes();
            let input = &all[4 - len..];
            let want_strict = convert_wtf8_to_utf16(input);
            let k = convert_wtf8_to_utf16_lossy_into(input, &mut one_shot_lenient);
            let want_lenient = &one_shot_lenient[..k];
            let check = |start: &Started, chunks: &[&[u8]], streamed: &mut Vec<u16>| {
                check_stream(input, start, chunks, &want_strict, want_lenient, streamed)
            };
            // Two chunks, split at every point (including empty first or last chunks).
            for split in 0..len {
                check(
                    &starts.whole[start_index(&input[..split])],
                    &[&input[split..]],
                    &mut streamed,
                );
            }
            if len < 3 {
                check(&starts.whole[start_index(input)], &[&[]], &mut streamed);
            } else {
                check(&starts.fresh, &[input, &[]], &mut streamed);
            }
            // One byte at a time, then an empty final chunk.
            let last = &input[len - 1..];
            check(
                &starts.singles[start_index(&input[..len - 1])],
                &[last, &[]],
                &mut streamed,
            );
        }
    }
}

/// Every 4-byte string whose first byte is `lead`.
fn sweep_four_bytes(lead: u8) {
    let mut s = Scratch::new();
    for rest in 0..1u32 << 24 {
        let [_, b1, b2, b3] = rest.to_be_bytes();
        check(&[lead, b1, b2, b3], &mut s);
    }
}

#[test]
fn every_4_byte_string_starting_with_f0_matches_the_reference_and_std() {
    sweep_four_bytes(0xF0);
}

#[test]
fn every_4_byte_string_starting_with_f1_matches_the_reference_and_std() {
    sweep_four_bytes(0xF1);
}

#[test]
fn every_4_byte_string_starting_with_f2_matches_the_reference_and_std() {
    sweep_four_bytes(0xF2);
}

#[test]
fn every_4_byte_string_starting_with_f3_matches_the_reference_and_std() {
    sweep_four_bytes(0xF3);
}

#[test]
fn every_4_byte_string_starting_with_f4_matches_the_reference_and_std() {
    sweep_four_bytes(0xF4);
}
