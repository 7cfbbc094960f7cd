//! The inspect breakdown in chunks (`inspect_wtf8_chunk`, `inspect_utf16_chunk`): the input cut
//! anywhere, each chunk broken down from where the one before left off (`consumed`, `position`),
//! gives exactly the records of the one-shot breakdown (`inspect_wtf8`, `inspect_utf16`), which
//! add up to the lenient decoding (units), the input (bytes) and the lossy UTF-8. The first byte
//! is a knob: short chunks (0 to 7 bytes or units, 0 = an empty chunk) or long ones (0 to 99).
//! As the `wtf8-wasm/inspect` entry does, each chunk starts where the one before was consumed to,
//! so what a chunk holds back (a sequence it cuts short, a lead surrogate whose trail may follow)
//! is read again with the next.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use wtf8_wasm::*;

fuzz_target!(|data: &[u8]| {
    let Some((rest, sizes, max)) = common::cutting(data) else {
        return;
    };

    // Bytes.
    let whole: Vec<Segment> = inspect_wtf8(rest).collect();
    let (mut units, mut bytes, mut utf8) = (Vec::new(), Vec::new(), Vec::new());
    for seg in &whole {
        assert_eq!(
            (seg.byte_offset(), seg.unit_index()),
            (bytes.len(), units.len())
        );
        units.extend_from_slice(seg.units());
        bytes.extend_from_slice(seg.bytes());
        utf8.extend_from_slice(seg.utf8_lossy());
    }
    assert_eq!(bytes, rest);
    assert_eq!(units, convert_wtf8_to_utf16_lossy(rest));
    assert_eq!(utf8, convert_wtf8_to_utf8_lossy(rest));
    assert_eq!(chunked_wtf8(rest, sizes, max), whole, "WTF-8 in chunks");

    // Code units.
    let input = common::units(rest);
    let whole: Vec<Segment> = inspect_utf16(&input).collect();
    let units: Vec<u16> = whole.iter().flat_map(|s| s.units().to_vec()).collect();
    assert_eq!(units, input);
    let bytes: Vec<u8> = whole.iter().flat_map(|s| s.bytes().to_vec()).collect();
    assert_eq!(bytes, convert_utf16_to_wtf8(&input));
    assert_eq!(chunked_utf16(&input, sizes, max), whole, "UTF-16 in chunks");
});

/// Where the cuts fall: after each chunk of the sizes `sizes` cycles through (0 to `max`), and at
/// the end.
fn cuts<T>(input: &[T], sizes: &[u8], max: u8) -> Vec<usize> {
    let mut ends: Vec<usize> = common::chunks(input, sizes, max)
        .iter()
        .scan(0, |end, c| {
            *end += c.len();
            Some(*end)
        })
        .collect();
    if ends.last() != Some(&input.len()) {
        ends.push(input.len());
    }
    ends
}

/// The breakdown of `input` cut at [`cuts`]: each chunk runs from where the one before was
/// consumed to (what it held back is read again) to the next cut; the last one ends the input.
fn chunked_wtf8(input: &[u8], sizes: &[u8], max: u8) -> Vec<Segment> {
    let (mut out, mut start, mut at) = (Vec::new(), 0, InspectPosition::default());
    let ends = cuts(input, sizes, max);
    for (i, &end) in ends.iter().enumerate() {
        let last = i + 1 == ends.len();
        let mut chunk = inspect_wtf8_chunk(&input[start..end], at, last);
        out.extend(chunk.by_ref());
        start += chunk.consumed();
        at = chunk.position();
        assert_eq!(
            at.byte_offset(),
            start,
            "the position is where the next chunk starts"
        );
        // At most a lead surrogate's sequence and a sequence cut short after it wait.
        assert!(end - start <= 6, "{} bytes held back", end - start);
    }
    assert_eq!(start, input.len(), "the last chunk is read to its end");
    out
}

/// [`chunked_wtf8`] for code units: at most a lead surrogate waits.
fn chunked_utf16(input: &[u16], sizes: &[u8], max: u8) -> Vec<Segment> {
    let (mut out, mut start, mut at) = (Vec::new(), 0, InspectPosition::default());
    let ends = cuts(input, sizes, max);
    for (i, &end) in ends.iter().enumerate() {
        let last = i + 1 == ends.len();
        let mut chunk = inspect_utf16_chunk(&input[start..end], at, last);
        out.extend(chunk.by_ref());
        start += chunk.consumed();
        at = chunk.position();
        assert_eq!(
            at.unit_index(),
            start,
            "the position is where the next chunk starts"
        );
        assert!(end - start <= 1, "{} units held back", end - start);
    }
    assert_eq!(start, input.len(), "the last chunk is read to its end");
    out
}
