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
    Utf16Segments {
        src,
        index: 0,
        byte_offset: 0,
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
    Wtf8Segments {
        src,
        offset: 0,
        unit_index: 0,
        prev_lead: false,
    }
}

/// Iterator returned by [`inspect_utf16`].
#[derive(Clone, Debug)]
pub struct Utf16Segments<'a> {
    src: &'a [u16],
    index: usize,
    byte_offset: usize,
}

impl Iterator for Utf16Segments<'_> {
    type Item = Segment;

    fn next(&mut self) -> Option<Segment> {
        let &first = self.src.get(self.index)?;
        let u = u32::from(first);
        let paired = is_lead(u)
            && self
                .src
                .get(self.index + 1)
                .is_some_and(|&t| is_trail(u32::from(t)));
        let (code_point, unit_len, units) = if paired {
            let t = self.src[self.index + 1];
            (combine(u, u32::from(t)), 2u8, [first, t])
        } else {
            (u, 1, [first, 0])
        };
        let mut bytes = [0u8; 4];
        let byte_len = write_sequence(code_point, &mut bytes);
        let (utf8, utf8_len) = lossy_utf8(Some(code_point), &bytes[..byte_len]);
        let segment = Segment {
            kind: SegmentKind::of(code_point),
            unit_index: self.index,
            units,
            unit_len,
            byte_offset: self.byte_offset,
            bytes,
            byte_len: byte_len as u8,
            code_point: Some(code_point),
            error: None,
            utf8,
            utf8_len,
        };
        self.index += usize::from(unit_len);
        self.byte_offset += byte_len;
        Some(segment)
    }
}

/// Iterator returned by [`inspect_wtf8`].
#[derive(Clone, Debug)]
pub struct Wtf8Segments<'a> {
    src: &'a [u8],
    offset: usize,
    unit_index: usize,
    prev_lead: bool,
}

impl Iterator for Wtf8Segments<'_> {
    type Item = Segment;

    fn next(&mut self) -> Option<Segment> {
        let rest = self.src.get(self.offset..).filter(|r| !r.is_empty())?;
        let mut bytes = [0u8; 4];
        let segment = match read_sequence(rest) {
            Seq::Valid { code_point, len } => {
                let len_us = usize::from(len);
                bytes[..len_us].copy_from_slice(&rest[..len_us]);
                let (units, unit_len) = units(code_point);
                let unit_len = unit_len as u8;
                let spelled_trail = self.prev_lead && is_trail(code_point);
                let error = spelled_trail.then_some(ErrorCode::SurrogatePair);
                let (mut utf8, mut utf8_len) = lossy_utf8(Some(code_point), &rest[..len_us]);
                if spelled_trail {
                    // The lead's segment already carries the pair's UTF-8.
                    utf8_len = 0;
                } else if is_lead(code_point) {
                    if let Some(Seq::Valid {
                        code_point: next, ..
                    }) = rest
                        .get(len_us..)
                        .filter(|r| !r.is_empty())
                        .map(read_sequence)
                    {
                        if is_trail(next) {
                            utf8_len = write_sequence(combine(code_point, next), &mut utf8) as u8;
                        }
                    }
                }
                self.prev_lead = is_surrogate(code_point) && is_lead(code_point);
                Segment {
                    kind: SegmentKind::of(code_point),
                    unit_index: self.unit_index,
                    units,
                    unit_len,
                    byte_offset: self.offset,
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
        self.offset += usize::from(segment.byte_len);
        self.unit_index += usize::from(segment.unit_len);
        Some(segment)
    }
}

impl Wtf8Segments<'_> {
    fn invalid(&mut self, rest: &[u8], len: usize, error: Option<ErrorCode>) -> Segment {
        self.prev_lead = false;
        let mut bytes = [0u8; 4];
        bytes[..len].copy_from_slice(&rest[..len]);
        Segment {
            kind: SegmentKind::Invalid,
            unit_index: self.unit_index,
            units: [REPLACEMENT_UNIT, 0],
            unit_len: 1,
            byte_offset: self.offset,
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

    /// Every sequence of up to three pieces from an alphabet of surrogate-neighbourhood byte
    /// strings: the segments add up to the one-shot conversions.
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
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    let input = [a, b, c].concat();
                    let segments: Vec<Segment> = inspect_wtf8(&input).collect();
                    let bytes: Vec<u8> = segments.iter().flat_map(|s| s.bytes().to_vec()).collect();
                    let units: Vec<u16> =
                        segments.iter().flat_map(|s| s.units().to_vec()).collect();
                    let utf8: Vec<u8> = segments
                        .iter()
                        .flat_map(|s| s.utf8_lossy().to_vec())
                        .collect();
                    assert_eq!(bytes, input);
                    assert_eq!(units, convert_wtf8_to_utf16_lossy(&input), "{input:02X?}");
                    assert_eq!(utf8, convert_wtf8_to_utf8_lossy(&input), "{input:02X?}");
                }
            }
        }
    }

    #[test]
    fn unit_segments_add_up_to_the_conversions() {
        let alphabet = [0x61u16, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE9, 0x20AC];
        for &a in &alphabet {
            for &b in &alphabet {
                for &c in &alphabet {
                    let input = [a, b, c];
                    let segments: Vec<Segment> = inspect_utf16(&input).collect();
                    let units: Vec<u16> =
                        segments.iter().flat_map(|s| s.units().to_vec()).collect();
                    let bytes: Vec<u8> = segments.iter().flat_map(|s| s.bytes().to_vec()).collect();
                    let utf8: Vec<u8> = segments
                        .iter()
                        .flat_map(|s| s.utf8_lossy().to_vec())
                        .collect();
                    assert_eq!(units, input);
                    assert_eq!(bytes, convert_utf16_to_wtf8(&input));
                    assert_eq!(utf8, convert_utf16_to_utf8_lossy(&input));
                }
            }
        }
    }
}
