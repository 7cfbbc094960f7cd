//! WTF-8 validation, 16 bytes at a time: [`validate_wtf8`](crate::validate_wtf8) and the check
//! every window of the SIMD decoder passes before it is decoded.
//!
//! Most ill-formed input shows in two adjacent bytes. Three 16-entry tables, indexed by the high
//! and low nibble of the previous byte and the high nibble of the current byte, each give the
//! error classes that byte's nibble permits; a class present in all three is an error
//! ([`pair_errors`]). One class, "a continuation byte after a continuation byte", is an error
//! exactly when the byte two back does not start a 3- or 4-byte sequence and the byte three back
//! does not start a 4-byte one, which one XOR decides. Unicode's Table 3-7, generalized for
//! WTF-8, fits this way: the tables differ from UTF-8's only in allowing ED A0..BF.
//!
//! What the tables cannot see is WTF-8's one rule over whole sequences: a lead surrogate
//! sequence (ED A0..AF xx) directly followed by a trail surrogate sequence (ED B0..BF xx) is a
//! pair spelled out, not allowed. Each is marked at its second byte, and a trail's mark three
//! bytes after a lead's is an error ([`surrogate_marks`]).
//!
//! A leaf: [`well_formed_prefix`] checks blocks until one has an error, or until fewer than 16
//! bytes are left, and returns how far the input is well-formed (the start of the sequence that
//! contains the first byte not checked). The driver
//! ([`validate_wtf8_simd`](crate::validate::validate_wtf8_simd)) has the scalar validator go on
//! from there, so it reports the error with the exact code, offset and length it always did.

use super::V128;

/// A lead (C0..FF) followed by a byte that is not a continuation.
const SHORT: u8 = 1 << 0;
/// An ASCII byte followed by a continuation.
const LONG: u8 = 1 << 1;
/// C0 or C1 followed by a continuation (an overlong 2-byte sequence).
const OVERLONG_2: u8 = 1 << 2;
/// E0 followed by 80..9F (an overlong 3-byte sequence).
const OVERLONG_3: u8 = 1 << 3;
/// F0 followed by 80..8F (overlong), or F5..FF followed by 80..8F (too large).
const OVERLONG_4: u8 = 1 << 4;
/// F4 followed by 90..BF, or F5..FF followed by 90..BF: above U+10FFFF.
const TOO_LARGE: u8 = 1 << 5;
/// A continuation followed by a continuation: only right as the third or fourth byte.
const TWO_CONTINUATIONS: u8 = 1 << 7;

/// Error classes allowed by the previous byte's high nibble.
const PREV_HIGH: V128 = V128::new([
    LONG,
    LONG,
    LONG,
    LONG,
    LONG,
    LONG,
    LONG,
    LONG, // 0..7: ASCII
    TWO_CONTINUATIONS,
    TWO_CONTINUATIONS,
    TWO_CONTINUATIONS,
    TWO_CONTINUATIONS,              // 8..B: continuation
    SHORT | OVERLONG_2,             // C
    SHORT,                          // D
    SHORT | OVERLONG_3,             // E (no SURROGATE class: ED A0..BF is WTF-8)
    SHORT | OVERLONG_4 | TOO_LARGE, // F
]);

/// Error classes allowed by the previous byte's low nibble.
const PREV_LOW: V128 = {
    const ANY: u8 = SHORT | LONG | TWO_CONTINUATIONS;
    const BAD_F: u8 = OVERLONG_4 | TOO_LARGE; // F5..FF
    V128::new([
        ANY | OVERLONG_2 | OVERLONG_3 | OVERLONG_4, // C0 E0 F0
        ANY | OVERLONG_2,                           // C1
        ANY,
        ANY,
        ANY | TOO_LARGE, // F4
        ANY | BAD_F,
        ANY | BAD_F,
        ANY | BAD_F,
        ANY | BAD_F,
        ANY | BAD_F,
        ANY | BAD_F,
        ANY | BAD_F,
        ANY | BAD_F,
        ANY | BAD_F,
        ANY | BAD_F,
        ANY | BAD_F,
    ])
};

/// Error classes allowed by the current byte's high nibble.
const CUR_HIGH: V128 = {
    const CONT: u8 = LONG | TWO_CONTINUATIONS | OVERLONG_2;
    V128::new([
        SHORT,
        SHORT,
        SHORT,
        SHORT,
        SHORT,
        SHORT,
        SHORT,
        SHORT,                          // 0..7: ASCII
        CONT | OVERLONG_3 | OVERLONG_4, // 80..8F
        CONT | OVERLONG_3 | TOO_LARGE,  // 90..9F
        CONT | TOO_LARGE,               // A0..AF
        CONT | TOO_LARGE,               // B0..BF
        SHORT,
        SHORT,
        SHORT,
        SHORT, // C..F: a lead
    ])
};

/// The constants of the checks, made opaque once per call (see [`V128::opaque`]).
pub(super) struct Checks {
    prev_high: V128,
    prev_low: V128,
    cur_high: V128,
    x0f: V128,
    xdf: V128,
    xef: V128,
    two_continuations: V128,
    pub(super) zero: V128,
    xed: V128,
    xf0: V128,
    xa0: V128,
    xb0: V128,
    limits: V128,
}

impl Checks {
    #[inline(always)]
    pub(super) fn new() -> Self {
        let c = |b: u8| V128::splat8(b).opaque();
        Checks {
            prev_high: PREV_HIGH.opaque(),
            prev_low: PREV_LOW.opaque(),
            cur_high: CUR_HIGH.opaque(),
            x0f: c(0x0F),
            xdf: c(0xDF),
            xef: c(0xEF),
            two_continuations: c(TWO_CONTINUATIONS),
            zero: c(0),
            xed: c(0xED),
            xf0: c(0xF0),
            xa0: c(0xA0),
            xb0: c(0xB0),
            limits: V128::new([
                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xEF,
                0xDF, 0xBF,
            ])
            .opaque(),
        }
    }

    /// Non-zero where the pair (previous byte, byte) is ill-formed, or where a continuation
    /// byte's place does not match what the bytes two and three back require. `prev1..prev3`
    /// are the input shifted by one to three bytes.
    #[inline(always)]
    pub(super) fn errors(&self, cur: V128, prev1: V128, prev2: V128, prev3: V128) -> V128 {
        let classes = self
            .prev_high
            .swizzle(prev1.shr16(4).and(self.x0f))
            .and(self.prev_low.swizzle(prev1.and(self.x0f)))
            .and(self.cur_high.swizzle(cur.shr16(4).and(self.x0f)));
        // Non-zero (at most 0x20, so positive as i8) where byte two back is E0..FF or byte
        // three back is F0..FF.
        let third_or_fourth = prev2.sub_sat8(self.xdf).or(prev3.sub_sat8(self.xef));
        classes.xor(third_or_fourth.gt8s(self.zero).and(self.two_continuations))
    }

    /// The second bytes of lead surrogate sequences (ED A0..AF) and of trail surrogate
    /// sequences (ED B0..BF), as byte masks.
    #[inline(always)]
    pub(super) fn surrogate_marks(&self, cur: V128, prev1: V128) -> (V128, V128) {
        let after_ed = prev1.eq8(self.xed);
        let high = cur.and(self.xf0);
        (
            after_ed.and(high.eq8(self.xa0)),
            after_ed.and(high.eq8(self.xb0)),
        )
    }

    /// Is the block `prev` cut off in the middle of a sequence (a lead among its last three
    /// bytes that needs more bytes than are left)?
    #[inline(always)]
    fn ends_inside_sequence(&self, prev: V128) -> bool {
        prev.sub_sat8(self.limits).any()
    }
}

/// [`validate_wtf8`](crate::validate_wtf8)'s vector part, 16 bytes at a time: `(i, prev_lead)`
/// such that `src[..i]` is well-formed WTF-8, `i` is at a sequence boundary, and `prev_lead` says
/// whether the last sequence before `i` is a lead surrogate's; `(0, false)` for input too short
/// for a block. The scalar validator goes on from `i` with `prev_lead`.
#[inline(always)]
pub(crate) fn well_formed_prefix(src: &[u8]) -> (usize, bool) {
    if src.len() < 16 {
        return (0, false);
    }
    let c = Checks::new();
    let mut prev = c.zero;
    let mut prev_leads = c.zero;
    let mut i = 0;
    while let Some(block) = src.get(i..i + 16) {
        let cur = V128::load8(block.try_into().unwrap());
        if cur.bitmask8() == 0 {
            // ASCII: well-formed unless the block before ends inside a sequence.
            if c.ends_inside_sequence(prev) {
                break;
            }
            prev = cur;
            prev_leads = c.zero;
            i += 16;
            continue;
        }
        let prev1 = cur.shift_in::<1>(prev);
        let errors = c.errors(cur, prev1, cur.shift_in::<2>(prev), cur.shift_in::<3>(prev));
        let (leads, trails) = c.surrogate_marks(cur, prev1);
        let spelled_pairs = leads.shift_in::<3>(prev_leads).and(trails);
        if errors.or(spelled_pairs).any() {
            break;
        }
        prev = cur;
        prev_leads = leads;
        i += 16;
    }
    // The rest (the last bytes, or from a block with an error) is the scalar validator's, from
    // the start of the last sequence that begins before byte i: everything before that start is
    // well-formed, and the sequence itself may be unfinished or broken at byte i.
    let start = sequence_start(src, i);
    let prev_lead = start >= 3 && src[start - 3] == 0xED && (0xA0..=0xAF).contains(&src[start - 2]);
    (start, prev_lead)
}

/// The start of the last sequence that begins before `src[i]`, given that the vector checks
/// passed `src[..i]`: the nearest byte before `i`, at most four back, that is not a continuation
/// byte. 0 if there is none (only for `i == 0`, or if the checks were wrong: then the scalar
/// validator simply starts over).
fn sequence_start(src: &[u8], i: usize) -> usize {
    (i.saturating_sub(4)..i)
        .rev()
        .find(|&k| src.get(k).is_some_and(|&b| b & 0xC0 != 0x80))
        .unwrap_or(0)
}
