//! The breakdown behind the demo page: one [`Segment`] per code point, lone surrogate or
//! ill-formed subpart, with its code units, its WTF-8 bytes and its lossy UTF-8 bytes.

use crate::error::ErrorCode;
use crate::grammar::{
    combine, is_lead, is_surrogate, is_trail, read_sequence, units, write_sequence, Seq,
    REPLACEMENT_UNIT, REPLACEMENT_UTF8,
};

/// What a [`Segment`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SegmentKind {
    /// U+0000..U+007F: one byte.
    Ascii,
    /// U+0080..U+07FF: two bytes.
    TwoByte,
    /// U+0800..U+FFFF except surrogates: three bytes.
    ThreeByte,
    /// U+10000..U+10FFFF (a surrogate pair in UTF-16): four bytes.
    FourByte,
    /// A lead surrogate (U+D800..U+DBFF) not followed by a trail: three WTF-8 bytes, U+FFFD in
    /// UTF-8.
    LoneLead,
    /// A trail surrogate (U+DC00..U+DFFF) not preceded by a lead: three WTF-8 bytes, U+FFFD in
    /// UTF-8.
    LoneTrail,
    /// An ill-formed subpart of byte input: decodes to U+FFFD.
    Invalid,
}

impl SegmentKind {
    /// A stable spelling: `"ascii"`, `"2-byte"`, `"3-byte"`, `"4-byte"`, `"lone-lead"`,
    /// `"lone-trail"` or `"invalid"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            SegmentKind::Ascii => "ascii",
            SegmentKind::TwoByte => "2-byte",
            SegmentKind::ThreeByte => "3-byte",
            SegmentKind::FourByte => "4-byte",
            SegmentKind::LoneLead => "lone-lead",
            SegmentKind::LoneTrail => "lone-trail",
            SegmentKind::Invalid => "invalid",
        }
    }

    fn of(code_point: u32) -> SegmentKind {
        match code_point {
            0..=0x7F => SegmentKind::Ascii,
            0x80..=0x7FF => SegmentKind::TwoByte,
            0xD800..=0xDBFF => SegmentKind::LoneLead,
            0xDC00..=0xDFFF => SegmentKind::LoneTrail,
            0x800..=0xFFFF => SegmentKind::ThreeByte,
            _ => SegmentKind::FourByte,
        }
    }
}

/// One code point, lone surrogate or ill-formed subpart of a string or byte sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    kind: SegmentKind,
    unit_index: usize,
    units: [u16; 2],
    unit_len: u8,
    byte_offset: usize,
    bytes: [u8; 4],
    byte_len: u8,
    code_point: Option<u32>,
    error: Option<ErrorCode>,
    /// Lossy UTF-8 bytes (see `utf8_lossy`).
    utf8: [u8; 4],
    utf8_len: u8,
}

/// The lossy UTF-8 of one code point or surrogate: its own bytes, or EF BF BD for a surrogate.
fn lossy_utf8(code_point: Option<u32>, bytes: &[u8]) -> ([u8; 4], u8) {
    let mut utf8 = [0u8; 4];
    match code_point {
        Some(cp) if !is_surrogate(cp) => {
            utf8[..bytes.len()].copy_from_slice(bytes);
            (utf8, bytes.len() as u8)
        }
        _ => {
            utf8[..3].copy_from_slice(&REPLACEMENT_UTF8);
            (utf8, 3)
        }
    }
}

impl Segment {
    /// What this segment is.
    pub fn kind(&self) -> SegmentKind {
        self.kind
    }
    /// Index of the first code unit of this segment in the string (for byte input: in the
    /// lenient decoding of the bytes).
    pub fn unit_index(&self) -> usize {
        self.unit_index
    }
    /// The UTF-16 code units (one or two; U+FFFD for an ill-formed subpart).
    pub fn units(&self) -> &[u16] {
        &self.units[..usize::from(self.unit_len)]
    }
    /// Byte offset of this segment in the WTF-8 encoding (or in the byte input).
    pub fn byte_offset(&self) -> usize {
        self.byte_offset
    }
    /// The WTF-8 bytes of this segment (for an ill-formed subpart: its bytes, 1 to 3).
    pub fn bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.byte_len)]
    }
    /// The code point (a surrogate code point for lone surrogates), or `None` for an ill-formed
    /// subpart.
    pub fn code_point(&self) -> Option<u32> {
        self.code_point
    }
    /// Why strict decoding rejects this segment, if it does: the error code of an ill-formed
    /// subpart, or [`ErrorCode::SurrogatePair`] for the trail half of a surrogate pair spelled as
    /// two 3-byte sequences.
    pub fn error(&self) -> Option<ErrorCode> {
        self.error
    }
    /// This segment's bytes in lossy UTF-8: its own bytes, or EF BF BD for a lone surrogate or
    /// an ill-formed subpart. For byte input holding a surrogate pair spelled as two 3-byte
    /// sequences (which lenient decoding turns into a real pair), the lead's segment carries the
    /// pair's four UTF-8 bytes and the trail's none, so that the segments always add up to
    /// [`convert_wtf8_to_utf8_lossy`](crate::convert_wtf8_to_utf8_lossy).
    pub fn utf8_lossy(&self) -> &[u8] {
        &self.utf8[..usize::from(self.utf8_len)]
    }
}

/// Breaks UTF-16 code units down into [`Segment`]s: one per code point or lone surrogate.
///
/// Concatenating the segments' `bytes()` gives [`convert_utf16_to_wtf8`](crate::convert_utf16_to_wtf8)
/// of the input, their `utf8_lossy()` gives
/// [`convert_utf16_to_utf8_lossy`](crate::convert_utf16_to_utf8_lossy), and their `units()` give
/// back the input.
///
/// ```
/// use wtf8_wasm::{inspect_utf16, SegmentKind};
/// let kinds: Vec<_> = inspect_utf16(&[0x61, 0xD83D, 0x62]).map(|s| s.kind()).collect();
/// assert_eq!(kinds, [SegmentKind::Ascii, SegmentKind::LoneLead, SegmentKind::Ascii]);
/// let lone = inspect_utf16(&[0x61, 0xD83D, 0x62]).nth(1).unwrap();
/// assert_eq!((lone.bytes(), lone.utf8_lossy(), lone.byte_offset()), (&b"\xED\xA0\xBD"[..], &b"\xEF\xBF\xBD"[..], 1));
/// ```
pub fn inspect_utf16(src: &[u16]) -> Utf16Segments<'_> {
    inspect_utf16_chunk(src, InspectPosition::default(), true)
}

/// Where a breakdown in chunks stands: the unit index and byte offset of the next segment in the
/// whole input, and what the next chunk needs to know of the one before. Start with
/// `InspectPosition::default()`; take the next one from [`Utf16Segments::position`] or
/// [`Wtf8Segments::position`] once a chunk's segments are read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InspectPosition {
    unit_index: usize,
    byte_offset: usize,
    /// WTF-8 input: the segment before was a lead surrogate's 3-byte sequence (so a trail's
    /// sequence next is the second half of a spelled-out pair).
    after_lead: bool,
}

impl InspectPosition {
    /// Index of the next segment's first code unit (for byte input: in the lenient decoding).
    pub fn unit_index(&self) -> usize {
        self.unit_index
    }
    /// Byte offset of the next segment (in the WTF-8 encoding, or in the byte input).
    pub fn byte_offset(&self) -> usize {
        self.byte_offset
    }

    /// The whole position as five words, to keep outside it between chunks: for a caller that
    /// cannot hold it itself, such as JavaScript driving a WebAssembly module that keeps no
    /// per-input state. [`from_words`](Self::from_words) gives the same position back. The layout
    /// is this version's own: keep the words only to give them back to it.
    ///
    /// ```
    /// use wtf8_wasm::{inspect_wtf8, inspect_wtf8_chunk, ErrorCode, InspectPosition, Segment};
    /// let input = b"\xED\xA0\x80\xED\xB0\x80"; // a pair spelled as two 3-byte sequences
    /// let mut chunk = inspect_wtf8_chunk(input, InspectPosition::default(), true);
    /// let mut segments: Vec<Segment> = chunk.by_ref().take(1).collect(); // the lead
    /// let words = chunk.position().to_words();
    /// let at = InspectPosition::from_words(words); // knows that a lead came before
    /// segments.extend(inspect_wtf8_chunk(&input[chunk.consumed()..], at, true));
    /// assert_eq!(segments[1].error(), Some(ErrorCode::SurrogatePair));
    /// assert_eq!(segments, inspect_wtf8(input).collect::<Vec<_>>());
    /// ```
    pub fn to_words(&self) -> [u32; 5] {
        let (index, offset) = (self.unit_index as u64, self.byte_offset as u64);
        [
            index as u32,
            (index >> 32) as u32,
            offset as u32,
            (offset >> 32) as u32,
            u32::from(self.after_lead),
        ]
    }

    /// The position whose [`to_words`](Self::to_words) gave `words`.
    pub fn from_words(words: [u32; 5]) -> Self {
        let word_pair = |low: u32, high: u32| (u64::from(high) << 32 | u64::from(low)) as usize;
        InspectPosition {
            unit_index: word_pair(words[0], words[1]),
            byte_offset: word_pair(words[2], words[3]),
            after_lead: words[4] != 0,
        }
    }
}

/// [`inspect_utf16`] of one chunk of a longer input, so that a long input can be broken down a
/// chunk at a time: `at` is where the chunk starts ([`InspectPosition::default()`] for the first),
/// and `last` says whether it ends the input. The segments' indexes and offsets are those in the
/// whole input. Unless `last`, a lead surrogate that ends the chunk is not given (the next unit
/// may be its trail): [`Utf16Segments::consumed`] tells how far the chunk was read, and the next
/// chunk starts there, at [`Utf16Segments::position`].
///
/// ```
/// use wtf8_wasm::{inspect_utf16, inspect_utf16_chunk, InspectPosition, Segment};
/// let input = [0x61, 0xD83D, 0xDE00, 0x62];
/// let mut first = inspect_utf16_chunk(&input[..2], InspectPosition::default(), false);
/// let mut segments: Vec<Segment> = first.by_ref().collect();
/// assert_eq!(first.consumed(), 1); // the lead waits for the next chunk
/// let at = first.position();
/// segments.extend(inspect_utf16_chunk(&input[1..], at, true));
/// assert_eq!(segments, inspect_utf16(&input).collect::<Vec<_>>());
/// ```
pub fn inspect_utf16_chunk(chunk: &[u16], at: InspectPosition, last: bool) -> Utf16Segments<'_> {
    Utf16Segments {
        src: chunk,
        pos: 0,
        at: InspectPosition {
            after_lead: false,
            ..at
        },
        last,
    }
}

/// Breaks bytes, read as WTF-8, down into [`Segment`]s: one per well-formed sequence or
/// maximal ill-formed subpart.
///
/// Concatenating the segments' `units()` gives
/// [`convert_wtf8_to_utf16_lossy`](crate::convert_wtf8_to_utf16_lossy) of the input, and their
/// `bytes()` give back the input, and their `utf8_lossy()` give
/// [`convert_wtf8_to_utf8_lossy`](crate::convert_wtf8_to_utf8_lossy). A surrogate pair spelled as
/// two 3-byte sequences shows as a lead and a trail segment (`LoneLead`, `LoneTrail`: each is a
/// surrogate encoded on its own), the trail marked with `error() == Some(SurrogatePair)` because
/// strict decoding rejects it; see [`Segment::utf8_lossy`] for how their UTF-8 is shown.
///
/// ```
/// use wtf8_wasm::{inspect_wtf8, SegmentKind};
/// let segs: Vec<_> = inspect_wtf8(b"a\xC0\xAF").collect();
/// assert_eq!(segs.len(), 3);
/// assert_eq!((segs[1].kind(), segs[1].byte_offset(), segs[1].units()), (SegmentKind::Invalid, 1, &[0xFFFD][..]));
/// assert_eq!(segs[1].error().unwrap().as_str(), "OVERLONG");
/// ```
pub fn inspect_wtf8(src: &[u8]) -> Wtf8Segments<'_> {
    inspect_wtf8_chunk(src, InspectPosition::default(), true)
}

/// [`inspect_wtf8`] of one chunk of a longer input (see [`inspect_utf16_chunk`]). Unless `last`,
/// the segments stop before a sequence that the chunk cuts short, and before a lead surrogate's
/// sequence whose next sequence the chunk cuts short or leaves out (its lossy UTF-8 depends on
/// whether a trail follows); the next chunk starts at [`Wtf8Segments::consumed`].
///
/// ```
/// use wtf8_wasm::{inspect_wtf8, inspect_wtf8_chunk, InspectPosition, Segment};
/// let input = b"a\xED\xA0\xBD\xED\xB8\x80b"; // a pair spelled as two 3-byte sequences
/// let mut segments: Vec<Segment> = Vec::new();
/// let (mut start, mut at) = (0, InspectPosition::default());
/// for end in [2, 5, 8] {
///     let mut chunk = inspect_wtf8_chunk(&input[start..end], at, end == input.len());
///     segments.extend(chunk.by_ref());
///     (start, at) = (start + chunk.consumed(), chunk.position());
/// }
/// assert_eq!(segments, inspect_wtf8(input).collect::<Vec<_>>());
/// ```
pub fn inspect_wtf8_chunk(chunk: &[u8], at: InspectPosition, last: bool) -> Wtf8Segments<'_> {
    Wtf8Segments {
        src: chunk,
        pos: 0,
        at,
        last,
    }
}

/// Iterator returned by [`inspect_utf16`] and [`inspect_utf16_chunk`].
#[derive(Clone, Debug)]
pub struct Utf16Segments<'a> {
    src: &'a [u16],
    /// Units of `src` read.
    pos: usize,
    /// Where the next segment starts in the whole input.
    at: InspectPosition,
    last: bool,
}

impl Utf16Segments<'_> {
    /// Units of the chunk given as segments so far (all of them once the iterator is done, except
    /// a lead surrogate held back at the end of a chunk that is not the last).
    pub fn consumed(&self) -> usize {
        self.pos
    }
    /// Where the next segment starts: pass it with the next chunk, which starts at
    /// [`consumed`](Self::consumed).
    pub fn position(&self) -> InspectPosition {
        self.at
    }
}

impl Iterator for Utf16Segments<'_> {
    type Item = Segment;

    fn next(&mut self) -> Option<Segment> {
        let &first = self.src.get(self.pos)?;
        let u = u32::from(first);
        let next = self.src.get(self.pos + 1);
        if !self.last && is_lead(u) && next.is_none() {
            return None;
        }
        let paired = is_lead(u) && next.is_some_and(|&t| is_trail(u32::from(t)));
        let (code_point, unit_len, units) = if paired {
            let t = self.src[self.pos + 1];
            (combine(u, u32::from(t)), 2u8, [first, t])
        } else {
            (u, 1, [first, 0])
        };
        let mut bytes = [0u8; 4];
        let byte_len = write_sequence(code_point, &mut bytes);
        let (utf8, utf8_len) = lossy_utf8(Some(code_point), &bytes[..byte_len]);
        let segment = Segment {
            kind: SegmentKind::of(code_point),
            unit_index: self.at.unit_index,
            units,
            unit_len,
            byte_offset: self.at.byte_offset,
            bytes,
            byte_len: byte_len as u8,
            code_point: Some(code_point),
            error: None,
            utf8,
            utf8_len,
        };
        self.pos += usize::from(unit_len);
        self.at.unit_index += usize::from(unit_len);
        self.at.byte_offset += byte_len;
        Some(segment)
    }
}

/// Iterator returned by [`inspect_wtf8`] and [`inspect_wtf8_chunk`].
#[derive(Clone, Debug)]
pub struct Wtf8Segments<'a> {
    src: &'a [u8],
    /// Bytes of `src` read.
    pos: usize,
    /// Where the next segment starts in the whole input.
    at: InspectPosition,
    last: bool,
}

impl Wtf8Segments<'_> {
    /// Bytes of the chunk given as segments so far (all of them once the iterator is done, except
    /// what waits for the next chunk; see [`inspect_wtf8_chunk`]).
    pub fn consumed(&self) -> usize {
        self.pos
    }
    /// Where the next segment starts: pass it with the next chunk, which starts at
    /// [`consumed`](Self::consumed).
    pub fn position(&self) -> InspectPosition {
        self.at
    }
}

impl Iterator for Wtf8Segments<'_> {
    type Item = Segment;

    fn next(&mut self) -> Option<Segment> {
        let rest = self.src.get(self.pos..).filter(|r| !r.is_empty())?;
        let mut bytes = [0u8; 4];
        let segment = match read_sequence(rest) {
            Seq::Truncated if !self.last => return None,
            Seq::Valid { code_point, len } => {
                let len_us = usize::from(len);
                let after = &rest[len_us..];
                if !self.last
                    && is_lead(code_point)
                    && (after.is_empty() || read_sequence(after) == Seq::Truncated)
                {
                    return None;
                }
                bytes[..len_us].copy_from_slice(&rest[..len_us]);
                let (units, unit_len) = units(code_point);
                let unit_len = unit_len as u8;
                let spelled_trail = self.at.after_lead && is_trail(code_point);
                let error = spelled_trail.then_some(ErrorCode::SurrogatePair);
                let (mut utf8, mut utf8_len) = lossy_utf8(Some(code_point), &rest[..len_us]);
                if spelled_trail {
                    // The lead's segment already carries the pair's UTF-8.
                    utf8_len = 0;
                } else if is_lead(code_point) {
                    if let Some(Seq::Valid {
                        code_point: next, ..
                    }) = Some(after).filter(|r| !r.is_empty()).map(read_sequence)
                    {
                        if is_trail(next) {
                            utf8_len = write_sequence(combine(code_point, next), &mut utf8) as u8;
                        }
                    }
                }
                self.at.after_lead = is_surrogate(code_point) && is_lead(code_point);
                Segment {
                    kind: SegmentKind::of(code_point),
                    unit_index: self.at.unit_index,
                    units,
                    unit_len,
                    byte_offset: self.at.byte_offset,
                    bytes,
                    byte_len: len,
                    code_point: Some(code_point),
                    error,
                    utf8,
                    utf8_len,
                }
            }
            Seq::Invalid { code, len } => self.invalid(rest, usize::from(len), Some(code)),
            Seq::Truncated => self.invalid(rest, rest.len(), Some(ErrorCode::Truncated)),
        };
        self.pos += usize::from(segment.byte_len);
        self.at.byte_offset += usize::from(segment.byte_len);
        self.at.unit_index += usize::from(segment.unit_len);
        Some(segment)
    }
}

impl Wtf8Segments<'_> {
    fn invalid(&mut self, rest: &[u8], len: usize, error: Option<ErrorCode>) -> Segment {
        self.at.after_lead = false;
        let mut bytes = [0u8; 4];
        bytes[..len].copy_from_slice(&rest[..len]);
        Segment {
            kind: SegmentKind::Invalid,
            unit_index: self.at.unit_index,
            units: [REPLACEMENT_UNIT, 0],
            unit_len: 1,
            byte_offset: self.at.byte_offset,
            bytes,
            byte_len: len as u8,
            code_point: None,
            error,
            utf8: [0xEF, 0xBF, 0xBD, 0],
            utf8_len: 3,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        convert_utf16_to_utf8_lossy, convert_utf16_to_wtf8, convert_wtf8_to_utf16_lossy,
        convert_wtf8_to_utf8_lossy,
    };

    /// The segments' bytes, code units and lossy UTF-8, each joined end to end: what the
    /// conversions of the whole input give.
    fn joined(segments: impl Iterator<Item = Segment>) -> (Vec<u8>, Vec<u16>, Vec<u8>) {
        let (mut bytes, mut units, mut utf8) = (Vec::new(), Vec::new(), Vec::new());
        for s in segments {
            bytes.extend_from_slice(s.bytes());
            units.extend_from_slice(s.units());
            utf8.extend_from_slice(s.utf8_lossy());
        }
        (bytes, units, utf8)
    }

    /// Every concatenation of three of `pieces` (repeats and every order included).
    fn triples<'a>(pieces: &'a [&'a [u8]]) -> impl Iterator<Item = Vec<u8>> + 'a {
        pieces.iter().flat_map(move |a| {
            pieces
                .iter()
                .flat_map(move |b| pieces.iter().map(move |c| [*a, *b, *c].concat()))
        })
    }

    /// Every sequence of three pieces from an alphabet of surrogate-neighbourhood byte strings:
    /// the segments add up to the one-shot conversions.
    #[test]
    fn byte_segments_add_up_to_the_conversions() {
        let pieces: [&[u8]; 9] = [
            b"a",
            b"\xED\xA0\x80",
            b"\xED\xAF\xBF",
            b"\xED\xB0\x80",
            b"\xED\xBF\xBF",
            b"\xC0",
            b"\xE2\x82",
            b"\xF0\x9F\x98\x80",
            b"\xED\xA0",
        ];
        for input in triples(&pieces) {
            let (bytes, units, utf8) = joined(inspect_wtf8(&input));
            assert_eq!(bytes, input);
            assert_eq!(units, convert_wtf8_to_utf16_lossy(&input), "{input:02X?}");
            assert_eq!(utf8, convert_wtf8_to_utf8_lossy(&input), "{input:02X?}");
        }
    }

    #[test]
    fn unit_segments_add_up_to_the_conversions() {
        let alphabet = [0x61u16, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE9, 0x20AC];
        for &a in &alphabet {
            for &b in &alphabet {
                for &c in &alphabet {
                    let input = [a, b, c];
                    let (bytes, units, utf8) = joined(inspect_utf16(&input));
                    assert_eq!(units, input);
                    assert_eq!(bytes, convert_utf16_to_wtf8(&input));
                    assert_eq!(utf8, convert_utf16_to_utf8_lossy(&input));
                }
            }
        }
    }

    /// A breakdown stopped after any number of segments and resumed from its position's words
    /// (as the `wtf8-wasm/inspect` entry does, a batch of records at a time) gives the segments of
    /// the whole.
    #[test]
    fn positions_through_words_resume_the_breakdown() {
        let pieces: [&[u8]; 6] = [
            b"a",
            b"\xED\xA0\x80",
            b"\xED\xB0\x80",
            b"\xC0",
            b"\xF0\x9F\x98\x80",
            b"\xED\xA0",
        ];
        for input in triples(&pieces) {
            let whole: Vec<Segment> = inspect_wtf8(&input).collect();
            for k in 0..=whole.len() {
                let mut chunk = inspect_wtf8_chunk(&input, InspectPosition::default(), true);
                let mut got: Vec<Segment> = chunk.by_ref().take(k).collect();
                let at = InspectPosition::from_words(chunk.position().to_words());
                assert_eq!(at, chunk.position());
                got.extend(inspect_wtf8_chunk(&input[chunk.consumed()..], at, true));
                assert_eq!(got, whole, "{input:02X?} stopped after {k}");
            }
        }
        let input = [0x61u16, 0xD83D, 0xDE00, 0xDC00, 0xD800];
        let whole: Vec<Segment> = inspect_utf16(&input).collect();
        for k in 0..=whole.len() {
            let mut chunk = inspect_utf16_chunk(&input, InspectPosition::default(), true);
            let mut got: Vec<Segment> = chunk.by_ref().take(k).collect();
            let at = InspectPosition::from_words(chunk.position().to_words());
            got.extend(inspect_utf16_chunk(&input[chunk.consumed()..], at, true));
            assert_eq!(got, whole, "stopped after {k}");
        }
        let far = InspectPosition {
            unit_index: usize::MAX >> 1,
            byte_offset: usize::MAX,
            after_lead: true,
        };
        assert_eq!(InspectPosition::from_words(far.to_words()), far);
    }

    /// Every input of the alphabets above cut into two or three chunks at every place gives the
    /// segments of the whole (the chunked breakdown of the `wtf8-wasm/inspect` entry).
    #[test]
    fn chunks_give_the_segments_of_the_whole() {
        let pieces: [&[u8]; 9] = [
            b"a",
            b"\xED\xA0\x80",
            b"\xED\xAF\xBF",
            b"\xED\xB0\x80",
            b"\xF0\x9F",
            b"\xC0",
            b"\xE2\x82",
            b"\xF0\x9F\x98\x80",
            b"\xED\xA0",
        ];
        let mut inputs = Vec::new();
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    inputs.push([a, b, c].concat());
                }
            }
        }
        for input in &inputs {
            let whole: Vec<Segment> = inspect_wtf8(input).collect();
            for i in 0..=input.len() {
                for j in i..=input.len() {
                    let (mut start, mut at, mut got) = (0, InspectPosition::default(), Vec::new());
                    for end in [i, j, input.len()] {
                        let end = end.max(start);
                        let mut chunk =
                            inspect_wtf8_chunk(&input[start..end], at, end == input.len());
                        got.extend(chunk.by_ref());
                        (start, at) = (start + chunk.consumed(), chunk.position());
                    }
                    assert_eq!(got, whole, "{input:02X?} cut at {i}, {j}");
                }
            }
        }
        let alphabet = [0x61u16, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE9];
        for &a in &alphabet {
            for &b in &alphabet {
                for &c in &alphabet {
                    for &d in &alphabet {
                        let input = [a, b, c, d];
                        let whole: Vec<Segment> = inspect_utf16(&input).collect();
                        for i in 0..=4 {
                            for j in i..=4 {
                                let (mut start, mut at, mut got) =
                                    (0, InspectPosition::default(), Vec::new());
                                for end in [i, j, 4] {
                                    let end = end.max(start);
                                    let mut chunk =
                                        inspect_utf16_chunk(&input[start..end], at, end == 4);
                                    got.extend(chunk.by_ref());
                                    (start, at) = (start + chunk.consumed(), chunk.position());
                                }
                                assert_eq!(got, whole, "{input:04X?} cut at {i}, {j}");
                            }
                        }
                    }
                }
            }
        }
    }
}
