//! A lone surrogate slid across every index of a long buffer, so that every chunk boundary and
//! every position inside a fast path is hit: the wasm bindings move data in chunks of 65,536
//! bytes (21,845 code units), and the buffer here is longer than that.
//!
//! Each conversion is linear, so sliding costs O(n²). To keep it to seconds, sixteen lone
//! surrogates slide through *one* buffer together, a sixteenth of the buffer (4,375 units) apart
//! (cyclically), so they never touch: each of the four kinds (D800, DBFF, DC00, DFFF) is four of
//! them, a quarter of the buffer apart, so in a quarter of the buffer's length of steps each kind
//! visits every index, and each conversion runs once per step instead of sixteen times. (Four
//! marks, one of each kind, took four times the steps: the four tests 60 -> 18 s of CPU under
//! WASI, 26 -> 15 s natively, 2 Dec 2026.) The strict UTF-8 error index, which only sees the first lone surrogate, is also
//! checked for each surrogate alone at every index in a buffer of its own (cheap: the check stops
//! there). The buffer is changed in place and the output buffers are reused. The steps are split
//! into four tests so the harness runs them on all cores.

use wtf8_wasm::*;

/// Longer than the largest chunk the bindings use (65,536 bytes, 21,845 units).
const LEN: usize = 70_000;

const SURROGATES: [u16; 4] = [0xD800, 0xDBFF, 0xDC00, 0xDFFF];

/// ASCII that varies with the index, so a shifted or repeated byte shows.
fn ascii(i: usize) -> u8 {
    b'!' + (i % 94) as u8
}

/// The WTF-8 sequence of a surrogate code unit.
fn surrogate_bytes(s: u16) -> [u8; 3] {
    [
        0xED,
        0xA0 | ((s >> 6) & 0x1F) as u8,
        0x80 | (s & 0x3F) as u8,
    ]
}

/// Checks that `out` is `plain` (one byte per unit) with the unit at each marked index replaced
/// by the marked 3 bytes. `marks` is sorted by index.
fn assert_spliced(out: &[u8], plain: &[u8], marks: &[(usize, [u8; 3])], what: &str) {
    assert_eq!(
        out.len(),
        plain.len() + 2 * marks.len(),
        "{what}: length, marks {marks:02X?}"
    );
    let mut unit = 0;
    let mut byte = 0;
    for &(at, seq) in marks {
        let run = at - unit;
        assert!(
            out[byte..byte + run] == plain[unit..at],
            "{what}: ASCII before {at}, marks {marks:02X?}"
        );
        assert!(
            out[byte + run..byte + run + 3] == seq,
            "{what}: sequence at {at}, marks {marks:02X?}"
        );
        unit = at + 1;
        byte += run + 3;
    }
    assert!(
        out[byte..] == plain[unit..],
        "{what}: ASCII at the end, marks {marks:02X?}"
    );
}

/// How many surrogates slide together: [`SURROGATES`] four times over.
const MARKS: usize = 16;

/// Steps for every kind of surrogate to visit every index.
const STEPS: usize = LEN / (MARKS / SURROGATES.len());

/// Slides the marks through steps `from..to` (of `0..STEPS`): at step `i`, mark `k` is the
/// surrogate `SURROGATES[k % 4]` at index `(i + k * LEN / MARKS) % LEN`.
fn slide_across_ascii(from: usize, to: usize) {
    const { assert!(LEN % MARKS == 0 && MARKS % SURROGATES.len() == 0) };
    let plain: Vec<u8> = (0..LEN).map(ascii).collect();
    let mut units: Vec<u16> = plain.iter().map(|&b| u16::from(b)).collect();
    let mut alone = units.clone();
    let mut wtf8 = vec![0u8; 3 * LEN];
    let mut decoded = vec![0u16; 3 * LEN];
    let mut lossy = vec![0u8; 3 * LEN];
    for i in from..to {
        let mut marks: Vec<(usize, u16)> = (0..MARKS)
            .map(|k| {
                (
                    (i + k * LEN / MARKS) % LEN,
                    SURROGATES[k % SURROGATES.len()],
                )
            })
            .collect();
        for &(at, s) in &marks {
            units[at] = s;
        }
        marks.sort_unstable();
        let first = marks[0].0;
        let wtf8_marks: Vec<(usize, [u8; 3])> = marks
            .iter()
            .map(|&(at, s)| (at, surrogate_bytes(s)))
            .collect();
        let lossy_marks: Vec<(usize, [u8; 3])> = marks
            .iter()
            .map(|&(at, _)| (at, [0xEF, 0xBF, 0xBD]))
            .collect();

        // Encode: each surrogate as its own 3-byte sequence, ASCII around them.
        let n = convert_utf16_to_wtf8_into(&units, &mut wtf8);
        assert_spliced(&wtf8[..n], &plain, &wtf8_marks, "encode");
        // Strict and lenient decode give back the units.
        let m = convert_wtf8_to_utf16_into(&wtf8[..n], &mut decoded)
            .unwrap_or_else(|e| panic!("decode at step {i}: {e:?}"));
        assert!(
            decoded[..m] == units[..],
            "strict decode, marks {marks:04X?}"
        );
        let m = convert_wtf8_to_utf16_lossy_into(&wtf8[..n], &mut decoded);
        assert!(
            decoded[..m] == units[..],
            "lenient decode, marks {marks:04X?}"
        );
        // Lossy UTF-8: EF BF BD in each surrogate's place.
        let (read, written) = convert_utf16_to_utf8_lossy_partial(&units, &mut lossy);
        assert_eq!(read, LEN);
        assert_spliced(&lossy[..written], &plain, &lossy_marks, "lossy UTF-8");
        // Strict UTF-8 fails at the first surrogate: its unit index, and its byte offset in
        // the WTF-8.
        let err = convert_utf16_to_utf8(&units).unwrap_err();
        assert_eq!(
            (err.index(), err.unit()),
            (first, marks[0].1),
            "strict UTF-8, marks {marks:04X?}"
        );
        let err = validate_utf8(&wtf8[..n]).unwrap_err();
        assert_eq!(
            (err.code(), err.valid_up_to(), err.error_len()),
            (ErrorCode::Surrogate, first, Some(1))
        );
        // Each surrogate alone at each index its kind's marks visit this step: strict UTF-8
        // names that index and that unit.
        for at in (i..LEN).step_by(STEPS) {
            for s in SURROGATES {
                alone[at] = s;
                let err = convert_utf16_to_utf8(&alone).unwrap_err();
                assert_eq!(
                    (err.index(), err.unit()),
                    (at, s),
                    "strict UTF-8 of {s:04X} alone at {at}"
                );
            }
            alone[at] = u16::from(ascii(at));
        }
        for &(at, _) in &marks {
            units[at] = u16::from(ascii(at));
        }
    }
}

#[test]
fn lone_surrogates_slid_across_70000_ascii_units_first_quarter() {
    slide_across_ascii(0, STEPS / 4);
}

#[test]
fn lone_surrogates_slid_across_70000_ascii_units_second_quarter() {
    slide_across_ascii(STEPS / 4, STEPS / 2);
}

#[test]
fn lone_surrogates_slid_across_70000_ascii_units_third_quarter() {
    slide_across_ascii(STEPS / 2, 3 * STEPS / 4);
}

#[test]
fn lone_surrogates_slid_across_70000_ascii_units_fourth_quarter() {
    slide_across_ascii(3 * STEPS / 4, STEPS);
}

/// The allocating conversions, at positions around every multiple of the wasm chunk sizes.
#[test]
fn allocating_conversions_agree_around_chunk_boundaries() {
    let base: Vec<u16> = (0..LEN).map(|i| u16::from(ascii(i))).collect();
    let mut positions: Vec<usize> = Vec::new();
    for chunk in [21_845usize, 65_536, 16_384, 8_192] {
        for k in 1..=LEN / chunk {
            for d in 0..4 {
                positions.extend(
                    [k * chunk - d, k * chunk + d]
                        .into_iter()
                        .filter(|&p| p < LEN),
                );
            }
        }
    }
    positions.extend([0, 1, LEN - 2, LEN - 1]);
    for s in [0xD800u16, 0xDBFF, 0xDC00, 0xDFFF] {
        for &i in &positions {
            let mut units = base.clone();
            units[i] = s;
            let wtf8 = convert_utf16_to_wtf8(&units);
            assert_eq!(
                convert_wtf8_to_utf16(&wtf8).as_deref(),
                Ok(&units[..]),
                "{s:04X} at {i}"
            );
            assert_eq!(convert_wtf8_to_utf16_lossy(&wtf8), units, "{s:04X} at {i}");
            assert_eq!(convert_utf16_to_utf8(&units).unwrap_err().index(), i);
            let lossy = String::from_utf16_lossy(&units).into_bytes();
            assert_eq!(convert_utf16_to_utf8_lossy(&units), lossy, "{s:04X} at {i}");
            assert_eq!(convert_wtf8_to_utf8_lossy(&wtf8), lossy, "{s:04X} at {i}");
            assert_eq!(convert_wtf8_to_utf8(&wtf8).unwrap_err().valid_up_to(), i);
        }
    }
}

/// Mixed 1-, 2-, 3- and 4-byte content: "a", "é", "€", "😀" repeated.
fn mixed_units(code_points: usize) -> Vec<u16> {
    ['a', 'é', '€', '😀', 'z', '\u{10FFFF}', '\u{7FF}', '\u{800}']
        .iter()
        .cycle()
        .take(code_points)
        .collect::<String>()
        .encode_utf16()
        .collect()
}

fn stream_decode(bytes: &[u8], fatal: bool, chunk: usize) -> Result<Vec<u16>, DecodeError> {
    let mut dec = StreamDecoder::new(fatal);
    let mut out = Vec::new();
    let chunks: Vec<&[u8]> = bytes.chunks(chunk).collect();
    for (k, c) in chunks.iter().enumerate() {
        dec.decode(c, k + 1 == chunks.len(), &mut out)?;
    }
    if chunks.is_empty() {
        dec.decode(&[], true, &mut out)?;
    }
    Ok(out)
}

#[test]
fn lone_surrogate_slid_across_mixed_content_streams_in_chunks_of_7() {
    let base = mixed_units(400);
    for s in [0xD800u16, 0xDBFF, 0xDC00, 0xDFFF] {
        for i in 0..=base.len() {
            // Inserted at every unit index, so also between the halves of a pair.
            let mut units = base.clone();
            units.insert(i, s);
            let wtf8 = convert_utf16_to_wtf8(&units);
            assert_eq!(
                stream_decode(&wtf8, true, 7).as_deref(),
                Ok(&units[..]),
                "strict, {s:04X} at {i}"
            );
            assert_eq!(
                stream_decode(&wtf8, false, 7),
                Ok(units.clone()),
                "lenient, {s:04X} at {i}"
            );
            // Its bytes spelled apart from a neighbouring half make a spelled-out pair that
            // strict decoding must reject at the same offset as one-shot decoding.
            let mut spelled = convert_utf16_to_wtf8(&units[..i]);
            spelled.extend_from_slice(&convert_utf16_to_wtf8(&units[i..]));
            let one_shot = convert_wtf8_to_utf16(&spelled);
            assert_eq!(
                stream_decode(&spelled, true, 7),
                one_shot,
                "strict spelled, {s:04X} at {i}"
            );
            assert_eq!(
                stream_decode(&spelled, false, 7),
                Ok(convert_wtf8_to_utf16_lossy(&spelled)),
                "lenient spelled, {s:04X} at {i}"
            );
            // Streaming encode in chunks of 7 units.
            let mut enc = StreamEncoder::new();
            let mut out = Vec::new();
            let chunks: Vec<&[u16]> = units.chunks(7).collect();
            for (k, c) in chunks.iter().enumerate() {
                enc.encode(c, k + 1 == chunks.len(), &mut out);
            }
            assert_eq!(out, wtf8, "stream encode, {s:04X} at {i}");
        }
    }
}
