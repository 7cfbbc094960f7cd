//! The byte grammar: reading one sequence of generalized UTF-8 (Unicode Table 3-7 with surrogate
//! code points allowed), and the helpers every other module builds on.
//!
//! | first byte | second byte | third | fourth | code points |
//! |---|---|---|---|---|
//! | 00..7F | | | | U+0000..U+007F |
//! | C2..DF | 80..BF | | | U+0080..U+07FF |
//! | E0 | A0..BF | 80..BF | | U+0800..U+0FFF |
//! | E1..EC | 80..BF | 80..BF | | U+1000..U+CFFF |
//! | ED | 80..BF | 80..BF | | U+D000..U+DFFF (A0..BF: surrogates, WTF-8 only) |
//! | EE..EF | 80..BF | 80..BF | | U+E000..U+FFFF |
//! | F0 | 90..BF | 80..BF | 80..BF | U+10000..U+3FFFF |
//! | F1..F3 | 80..BF | 80..BF | 80..BF | U+40000..U+FFFFF |
//! | F4 | 80..8F | 80..BF | 80..BF | U+100000..U+10FFFF |
//!
//! A *maximal subpart* (Unicode §3.9) is the longest prefix of a sequence in this table that is
//! followed by a byte that cannot continue it; it is also the `error_len` reported by
//! [`DecodeError`](crate::DecodeError).

use crate::error::ErrorCode;

/// The outcome of reading one sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Seq {
    /// A complete sequence of `len` bytes for `code_point` (surrogates included).
    Valid { code_point: u32, len: u8 },
    /// An ill-formed subpart of `len` bytes (1..=3) starting at the first byte.
    Invalid { code: ErrorCode, len: u8 },
    /// All remaining bytes form a valid but unfinished prefix.
    Truncated,
}

/// Reads the sequence that starts at `src[0]`. `src` must not be empty.
#[inline]
pub(crate) fn read_sequence(src: &[u8]) -> Seq {
    let b0 = src[0];
    // (sequence length, allowed range of the second byte, payload bits of the lead byte)
    let (len, lo, hi, lead_bits) = match b0 {
        0x00..=0x7F => {
            return Seq::Valid {
                code_point: u32::from(b0),
                len: 1,
            }
        }
        0x80..=0xBF => return invalid(ErrorCode::UnexpectedContinuation, 1),
        0xC0 | 0xC1 => return invalid(ErrorCode::Overlong, 1),
        0xC2..=0xDF => (2u8, 0x80, 0xBF, b0 & 0x1F),
        0xE0 => (3, 0xA0, 0xBF, 0),
        0xE1..=0xEF => (3, 0x80, 0xBF, b0 & 0x0F),
        0xF0 => (4, 0x90, 0xBF, 0),
        0xF1..=0xF3 => (4, 0x80, 0xBF, b0 & 0x07),
        0xF4 => (4, 0x80, 0x8F, 0x04),
        0xF5..=0xFF => return invalid(ErrorCode::InvalidByte, 1),
    };
    let Some(&b1) = src.get(1) else {
        return Seq::Truncated;
    };
    if b1 < lo || b1 > hi {
        let code = if !is_continuation(b1) {
            ErrorCode::MissingContinuation
        } else if b0 == 0xF4 {
            ErrorCode::TooLarge
        } else {
            ErrorCode::Overlong
        };
        return invalid(code, 1);
    }
    let mut code_point = (u32::from(lead_bits) << 6) | u32::from(b1 & 0x3F);
    for k in 2..len {
        let Some(&b) = src.get(usize::from(k)) else {
            return Seq::Truncated;
        };
        if !is_continuation(b) {
            return invalid(ErrorCode::MissingContinuation, k);
        }
        code_point = (code_point << 6) | u32::from(b & 0x3F);
    }
    Seq::Valid { code_point, len }
}

#[inline]
const fn invalid(code: ErrorCode, len: u8) -> Seq {
    Seq::Invalid { code, len }
}

/// Is `b` a continuation byte (10xxxxxx)?
#[inline]
pub(crate) const fn is_continuation(b: u8) -> bool {
    b & 0xC0 == 0x80
}

/// Is `unit` a lead (high) surrogate, 0xD800..=0xDBFF?
#[inline]
pub(crate) const fn is_lead(unit: u32) -> bool {
    unit & 0xFFFF_FC00 == 0xD800
}

/// Is `unit` a trail (low) surrogate, 0xDC00..=0xDFFF?
#[inline]
pub(crate) const fn is_trail(unit: u32) -> bool {
    unit & 0xFFFF_FC00 == 0xDC00
}

/// Is `unit` any surrogate, 0xD800..=0xDFFF?
#[inline]
pub(crate) const fn is_surrogate(unit: u32) -> bool {
    unit & 0xFFFF_F800 == 0xD800
}

/// The supplementary code point spelled by a lead and a trail surrogate.
#[inline]
pub(crate) const fn combine(lead: u32, trail: u32) -> u32 {
    0x10000 + ((lead - 0xD800) << 10) + (trail - 0xDC00)
}

/// The surrogate pair that spells a supplementary code point (U+10000..=U+10FFFF) in UTF-16: the
/// inverse of [`combine`].
#[inline]
pub(crate) const fn pair(code_point: u32) -> [u16; 2] {
    let c = code_point - 0x10000;
    [(0xD800 + (c >> 10)) as u16, (0xDC00 + (c & 0x3FF)) as u16]
}

/// The UTF-16 code units of `code_point` (≤ U+10FFFF, surrogates allowed): the units and how many
/// of them count, one for a BMP code point, two (a [`pair`]) for a supplementary one.
#[inline]
pub(crate) const fn units(code_point: u32) -> ([u16; 2], usize) {
    if code_point < 0x10000 {
        ([code_point as u16, 0], 1)
    } else {
        (pair(code_point), 2)
    }
}

/// Writes the UTF-16 code units of `code_point` (≤ U+10FFFF, surrogates allowed) at `dst[at..]`
/// and returns how many (1 or 2). `dst` must have room for them. (An index rather than a subslice:
/// the decode loop then needs one bounds check per unit, which keeps it as fast as before.)
#[inline]
pub(crate) fn write_units(code_point: u32, dst: &mut [u16], at: usize) -> usize {
    if code_point < 0x10000 {
        dst[at] = code_point as u16;
        1
    } else {
        let [lead, trail] = pair(code_point);
        dst[at] = lead;
        dst[at + 1] = trail;
        2
    }
}

/// Writes the generalized UTF-8 sequence for `code_point` (≤ U+10FFFF, surrogates allowed) at
/// `dst[0..]` and returns its length. `dst` must have room for it.
#[inline]
pub(crate) fn write_sequence(code_point: u32, dst: &mut [u8]) -> usize {
    if code_point < 0x80 {
        dst[0] = code_point as u8;
        1
    } else if code_point < 0x800 {
        dst[0] = 0xC0 | (code_point >> 6) as u8;
        dst[1] = 0x80 | (code_point & 0x3F) as u8;
        2
    } else if code_point < 0x10000 {
        dst[0] = 0xE0 | (code_point >> 12) as u8;
        dst[1] = 0x80 | ((code_point >> 6) & 0x3F) as u8;
        dst[2] = 0x80 | (code_point & 0x3F) as u8;
        3
    } else {
        dst[0] = 0xF0 | (code_point >> 18) as u8;
        dst[1] = 0x80 | ((code_point >> 12) & 0x3F) as u8;
        dst[2] = 0x80 | ((code_point >> 6) & 0x3F) as u8;
        dst[3] = 0x80 | (code_point & 0x3F) as u8;
        4
    }
}

/// The length of the generalized UTF-8 sequence for `code_point`.
#[inline]
pub(crate) const fn sequence_len(code_point: u32) -> usize {
    if code_point < 0x80 {
        1
    } else if code_point < 0x800 {
        2
    } else if code_point < 0x10000 {
        3
    } else {
        4
    }
}

/// The three bytes of U+FFFD REPLACEMENT CHARACTER in UTF-8.
pub(crate) const REPLACEMENT_UTF8: [u8; 3] = [0xEF, 0xBF, 0xBD];

/// U+FFFD REPLACEMENT CHARACTER as a UTF-16 code unit.
pub(crate) const REPLACEMENT_UNIT: u16 = 0xFFFD;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_table_boundaries() {
        let cases: &[(&[u8], Seq)] = &[
            (
                b"\x7F",
                Seq::Valid {
                    code_point: 0x7F,
                    len: 1,
                },
            ),
            (
                b"\xC2\x80",
                Seq::Valid {
                    code_point: 0x80,
                    len: 2,
                },
            ),
            (
                b"\xE0\xA0\x80",
                Seq::Valid {
                    code_point: 0x800,
                    len: 3,
                },
            ),
            (
                b"\xED\xA0\x80",
                Seq::Valid {
                    code_point: 0xD800,
                    len: 3,
                },
            ),
            (
                b"\xF4\x8F\xBF\xBF",
                Seq::Valid {
                    code_point: 0x10FFFF,
                    len: 4,
                },
            ),
            (b"\xF4\x90", invalid(ErrorCode::TooLarge, 1)),
            (b"\xE0\x9F", invalid(ErrorCode::Overlong, 1)),
            (b"\xE2\x82\x41", invalid(ErrorCode::MissingContinuation, 2)),
            (b"\xE2\x82", Seq::Truncated),
            (b"\xFF", invalid(ErrorCode::InvalidByte, 1)),
        ];
        for (bytes, want) in cases {
            assert_eq!(read_sequence(bytes), *want, "{bytes:02X?}");
        }
    }

    #[test]
    fn units_and_combine_are_inverses() {
        let mut buf = [0u16; 2];
        for cp in 0..=0x10FFFF {
            let (u, n) = units(cp);
            assert_eq!(write_units(cp, &mut buf, 0), n);
            assert_eq!(buf[..n], u[..n]);
            // Rust's own UTF-16 encoder is the oracle for scalar values.
            if let Some(c) = char::from_u32(cp) {
                assert_eq!(c.encode_utf16(&mut [0; 2]), &u[..n]);
            }
            if n == 2 {
                assert_eq!(combine(u32::from(u[0]), u32::from(u[1])), cp);
            } else {
                assert_eq!(u32::from(u[0]), cp);
            }
        }
    }

    #[test]
    fn write_and_read_agree_on_every_scalar_and_surrogate() {
        let mut buf = [0u8; 4];
        for cp in 0..=0x10FFFF {
            let n = write_sequence(cp, &mut buf);
            assert_eq!(n, sequence_len(cp));
            assert_eq!(
                read_sequence(&buf[..n]),
                Seq::Valid {
                    code_point: cp,
                    len: n as u8
                }
            );
        }
    }
}
