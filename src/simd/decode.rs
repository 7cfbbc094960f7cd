//! WTF-8 → UTF-16 code units, strict and lenient, one 16-byte window at a time: the vector
//! windows of [`decode_simd`](crate::decode::decode_simd), a leaf that decodes what it can and
//! returns how far it got.
//!
//! Each window starts at a sequence boundary, and takes one of four paths:
//!
//! - sixteen (or the first eight) bytes ASCII: they widen to units, and so do the next 32 at a
//!   time while they are ASCII ([`ascii_run`]);
//! - only 1- and 2-byte sequences (Latin, Cyrillic, Greek, …): the window is well-formed when
//!   every continuation byte follows a lead byte and every lead byte (C2..DF) precedes one, which
//!   three byte masks show; every byte that ends a sequence computes its unit, and one table row
//!   per eight lanes packs the units together;
//! - five 3-byte sequences (CJK): the lead bytes at 0, 3, 6, 9 and 12, no overlong E0 and no
//!   surrogate; three fixed swizzles gather the bytes of each sequence into a lane, window after
//!   window while they are five 3-byte sequences ([`three_run`]);
//! - anything else (3- and 4-byte sequences mixed with others, surrogates): the window is
//!   checked in full ([`super::validate`]'s checks, with nothing before it) and every byte that
//!   ends a sequence computes its unit from itself and the one to three bytes before it; a
//!   4-byte sequence ends two units (its third byte computes the lead surrogate, its fourth the
//!   trail). The window then advances to the start of its last (possibly unfinished) sequence.
//!
//! A window with anything ill-formed in it — or, strictly, a spelled-out surrogate pair — stops
//! the windows, at its start. So do the last bytes: the windows run only while at least
//! [`ROOM`] (48) bytes are left. The driver ([`decode_simd`](crate::decode::decode_simd)) then has
//! the scalar kernel decode at least the stopped window's [`WINDOW`] (16) bytes (with U+FFFD, or
//! stopping at the error with the exact code, offset and length) before the windows resume, and
//! the last fewer than 48 bytes: so each window's 8-unit stores, which may write up to seven
//! units past its output, are always overwritten by later output.
//!
//! One copy of the driver's loop, these windows included, serves both modes: the windows ask
//! `fatal` at run time, and only strict decoding pays for the surrogate marks (and tracks whether
//! the last sequence was a lead surrogate's). Measured on Node 22, 1,000-unit mixed-script
//! pools (27 Nov 2026, commit b231bf0e): this shape is 7–10% faster than
//! one copy that marks surrogates in both modes, and 0.1 kB gzip smaller; a copy per mode
//! (`const FATAL`) is 3–7% faster again but costs 0.4 kB gzip of the main entry.

use super::tables::{tables, Tables};
use super::validate::Checks;
use super::V128;

/// Bytes per window: after a window the windows could not take, the scalar kernel decodes at
/// least this many bytes before they resume.
pub(crate) const WINDOW: usize = 16;
/// Windows run while this many bytes are left; the scalar kernel decodes the rest.
pub(crate) const ROOM: usize = 48;

/// The vector windows, with their constants set up once per call of the driver.
pub(crate) struct Windows {
    k: K,
    t: &'static Tables,
}

impl Windows {
    #[inline(always)]
    pub(crate) fn new() -> Self {
        Windows {
            k: K::new(),
            t: tables(),
        }
    }

    /// Decodes windows from `src[i..]` (a sequence boundary; `prev_lead` says whether the
    /// sequence before it is a lead surrogate's, and is updated) into `dst[j..]` while at least
    /// [`ROOM`] bytes are left and each window is well-formed (with `fatal`, strictly: no
    /// spelled-out pair); returns where it stopped, `(i, j)`, at a sequence boundary.
    #[inline(always)]
    pub(crate) fn decode(
        &self,
        fatal: bool,
        src: &[u8],
        dst: &mut [u16],
        i: usize,
        j: usize,
        prev_lead: &mut bool,
    ) -> (usize, usize) {
        decode_windows(&self.k, self.t, src, dst, fatal, i, j, prev_lead)
    }
}

/// The constants of the loop, made opaque once (see [`V128::opaque`]).
struct K {
    checks: Checks,
    x3f: V128,
    x07: V128,
    x03: V128,
    x0f: V128,
    xc0: V128,
    xd7: V128,
    xdc: V128,
    x01: V128,
    x9f: V128,
    xbf: V128,
    xc1: V128,
    xdf: V128,
    xef: V128,
    xe0: V128,
    xed: V128,
    xf0: V128,
    xff: V128,
    /// Swizzles gathering the lead, second and third bytes of five 3-byte sequences into the
    /// low bytes of `u16` lanes.
    gather: [V128; 3],
    /// Five 3-byte sequences and a byte: `v & three_mask == three_bits` (F0 → E0 at a lead byte,
    /// C0 → 80 at a continuation byte, nothing asked of the last byte).
    three_mask: V128,
    three_bits: V128,
}

impl K {
    #[inline(always)]
    fn new() -> Self {
        let c = |b: u8| V128::splat8(b).opaque();
        let gather = |at: u8| {
            let z = 0x80;
            V128::new([
                at,
                z,
                at + 3,
                z,
                at + 6,
                z,
                at + 9,
                z,
                at + 12,
                z,
                z,
                z,
                z,
                z,
                z,
                z,
            ])
            .opaque()
        };
        K {
            checks: Checks::new(),
            x3f: c(0x3F),
            x07: c(0x07),
            x03: c(0x03),
            x0f: c(0x0F),
            xc0: c(0xC0),
            xd7: c(0xD7),
            xdc: c(0xDC),
            x01: c(0x01),
            x9f: c(0x9F),
            xbf: c(0xBF),
            xc1: c(0xC1),
            xdf: c(0xDF),
            xef: c(0xEF),
            xe0: c(0xE0),
            xed: c(0xED),
            xf0: c(0xF0),
            xff: c(0xFF),
            gather: [gather(0), gather(1), gather(2)],
            three_mask: V128::new([
                0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0,
                0xC0, 0,
            ])
            .opaque(),
            three_bits: V128::new([
                0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80,
                0x80, 0,
            ])
            .opaque(),
        }
    }
}

/// Decodes windows from `src[i..]` into `dst[j..]` while at least [`ROOM`] bytes are left and
/// each window is well-formed; returns where it stopped (a sequence boundary).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn decode_windows(
    k: &K,
    t: &Tables,
    src: &[u8],
    dst: &mut [u16],
    fatal: bool,
    mut i: usize,
    mut j: usize,
    prev_lead: &mut bool,
) -> (usize, usize) {
    let mut lead = *prev_lead;
    while let (Some(bytes), Some(out)) = (src.get(i..i + ROOM), dst.get_mut(j..j + 24)) {
        let out: &mut [u16; 24] = out.try_into().unwrap();
        let v = V128::load8(bytes[..WINDOW].try_into().unwrap());
        let high = v.bitmask8(); // the non-ASCII bytes
        if high & 0xFF == 0 {
            v.widen_low().store16((&mut out[..8]).try_into().unwrap());
            lead = false;
            if high == 0 {
                v.widen_high()
                    .store16((&mut out[8..16]).try_into().unwrap());
                i += WINDOW;
                j += WINDOW;
                (i, j) = ascii_run(src, dst, i, j);
            } else {
                i += 8;
                j += 8;
            }
            continue;
        }
        // Masks by signed comparison (bytes as i8): C0..FF, E0..FF and F0..FF among the
        // non-ASCII bytes.
        let leads = v.gt8s(k.xbf).bitmask8() & high;
        let big = v.gt8s(k.xdf).bitmask8() & high;
        let decoded = if big == 0 {
            one_or_two(k, t, v, high, leads, out)
        } else {
            let continuations = high & !leads;
            let fours = v.gt8s(k.xef).bitmask8() & high;
            if !continuations & 0x7FFF == 0x1249 && big & 0x1249 == 0x1249 && fours & 0x7FFF == 0 {
                let (read, written) = three_run(k, src, dst, i, j);
                if read == i {
                    break;
                }
                (i, j) = (read, written);
                lead = false;
                continue;
            } else {
                any(k, t, v, fatal && lead, fatal, leads, fours, out)
            }
        };
        let Some((read, written, ends_with_lead)) = decoded else {
            break;
        };
        lead = fatal && ends_with_lead;
        i += read;
        j += written;
    }
    *prev_lead = lead;
    (i, j)
}

/// After sixteen ASCII bytes: widens 32 more a step while they are all ASCII (and [`ROOM`] are
/// left, as for a window), and returns `(i, j)` past them. A loop of its own, with few vectors
/// live: ASCII text went from 0.095 to 0.059 ns a byte in Node 26.10 and from 0.106 to 0.067 in
/// Chromium 156; Latin text, whose ASCII runs often end within the 32 bytes, 3–8% slower (still
/// half of simdutf's time) (`benches/kernels.mjs`, 29 November 2026).
#[inline(always)]
fn ascii_run(src: &[u8], dst: &mut [u16], mut i: usize, mut j: usize) -> (usize, usize) {
    while let (Some(bytes), Some(out)) = (src.get(i..i + ROOM), dst.get_mut(j..j + 32)) {
        let out: &mut [u16; 32] = out.try_into().unwrap();
        let a = V128::load8(bytes[..16].try_into().unwrap());
        let b = V128::load8(bytes[16..32].try_into().unwrap());
        if a.or(b).bitmask8() != 0 {
            break;
        }
        a.widen_low().store16((&mut out[..8]).try_into().unwrap());
        a.widen_high()
            .store16((&mut out[8..16]).try_into().unwrap());
        b.widen_low()
            .store16((&mut out[16..24]).try_into().unwrap());
        b.widen_high().store16((&mut out[24..]).try_into().unwrap());
        i += 32;
        j += 32;
    }
    (i, j)
}

/// A window of 1- and 2-byte sequences (no byte E0..FF): `high` marks its non-ASCII bytes,
/// `leads` its bytes C0..DF.
#[inline(always)]
fn one_or_two(
    k: &K,
    t: &Tables,
    v: V128,
    high: u32,
    leads: u32,
    out: &mut [u16; 24],
) -> Option<(usize, usize, bool)> {
    let good_leads = v.gt8s(k.xc1).bitmask8() & high; // C2..DF
    let continuations = high & !leads;
    // Each continuation follows a lead and each lead precedes a continuation (a lead in the
    // last byte is left for the next window); no C0 or C1.
    if continuations != (leads << 1) & 0xFFFF || good_leads != leads {
        return None;
    }
    let read = if leads & 0x8000 != 0 { 15 } else { 16 };
    let p1 = v.shift_in::<1>(k.checks.zero);
    let is_continuation = v.lt8s(k.xc0);
    // Unit bytes at each sequence end: ASCII b, or (p & 1F) << 6 | b & 3F.
    let lo = V128::select(is_continuation, v.and(k.x3f).or(p1.shl16(6).and(k.xc0)), v);
    let hi = is_continuation.and(p1.shr16(2).and(k.x07));
    let written = compact(t, lo, hi, !leads & 0xFFFF, out);
    Some((read, written, false))
}

/// Five 3-byte sequences (a window whose first 15 bytes have lead bytes E0..EF at 0, 3, 6, 9
/// and 12, continuation bytes between): nonzero lanes where one is overlong (E0 followed by
/// 80..9F) or a surrogate (ED followed by A0..BF: that window takes the general path).
#[inline(always)]
fn three_bad(k: &K, v: V128) -> V128 {
    let p1 = v.shift_in::<1>(k.checks.zero);
    let overlong = p1.eq8(k.xe0).and_not(v.gt8s(k.x9f));
    let surrogate = p1.eq8(k.xed).and(v.gt8s(k.x9f));
    overlong.or(surrogate)
}

/// The five units of a window of five well-formed 3-byte sequences (see [`three_bad`]), in
/// lanes 0..5: three fixed swizzles gather each sequence's bytes into a lane.
#[inline(always)]
fn three(k: &K, v: V128) -> V128 {
    let [b0, b1, b2] = k.gather.map(|g| v.swizzle(g));
    b0.shl16(12).or(b1.and(k.x3f).shl16(6)).or(b2.and(k.x3f))
}

/// From a window that looks like five 3-byte sequences: decodes windows of five while each is
/// (its bytes E0..EF, 80..BF, 80..BF five times over, by one mask and compare) and well-formed,
/// and [`ROOM`] bytes are left; returns `(i, j)` past them (`i` itself when the first window is
/// overlong or has a surrogate). The general loop's checks cost more than the decoding: CJK text
/// went from 1.67 to 1.16 ns a unit in Node 26.10, 1.66 to 1.18 in Chromium 156, 1.41 to 1.25
/// in Firefox 153 (`benches/kernels.mjs`, 29 November 2026).
#[inline(always)]
fn three_run(k: &K, src: &[u8], dst: &mut [u16], mut i: usize, mut j: usize) -> (usize, usize) {
    while let (Some(bytes), Some(out)) = (src.get(i..i + ROOM), dst.get_mut(j..j + 8)) {
        let v = V128::load8(bytes[..WINDOW].try_into().unwrap());
        if v.and(k.three_mask)
            .xor(k.three_bits)
            .or(three_bad(k, v))
            .any()
        {
            break;
        }
        three(k, v).store16(out.try_into().unwrap());
        i += 15;
        j += 5;
    }
    (i, j)
}

/// Any other window: `leads` marks its bytes C0..FF, `fours` its bytes F0..FF; `lead` says
/// whether the sequence before it is a lead surrogate's (strict decoding only).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn any(
    k: &K,
    t: &Tables,
    v: V128,
    lead: bool,
    fatal: bool,
    leads: u32,
    fours: u32,
    out: &mut [u16; 24],
) -> Option<(usize, usize, bool)> {
    let c = &k.checks;
    let (p1, p2, p3) = (
        v.shift_in::<1>(c.zero),
        v.shift_in::<2>(c.zero),
        v.shift_in::<3>(c.zero),
    );
    let mut bad = c.errors(v, p1, p2, p3);
    let mut ends_with_lead = false;
    let starts = !(v.bitmask8() & !leads) & 0xFFFF; // not continuation bytes
                                                    // Read up to the last sequence start after byte 0 (at 12..=15, sequences being short).
    let later = starts & 0xFFFE;
    if later == 0 {
        return None;
    }
    let read = (31 - later.leading_zeros()) as usize;
    if fatal {
        let (lead_marks, trail_marks) = c.surrogate_marks(v, p1);
        bad = bad.or(lead_marks.shift_in::<3>(c.zero).and(trail_marks));
        if lead && trail_marks.bitmask8() & 2 != 0 {
            return None;
        }
        // A lead surrogate's mark at read - 2: the last sequence read is a lead surrogate's.
        ends_with_lead = (lead_marks.bitmask8() << 2 >> read) & 1 != 0;
    }
    if bad.any() {
        return None;
    }
    let ends = ((starts >> 1) | (fours << 2)) & ((1 << read) - 1);

    // The unit each sequence end decodes to, as a low and a high byte.
    let ascii = v.gt8s(k.xff); // v > -1: 00..7F
    let after_lead = p1.gt8s(k.xbf); // p1 is C0..FF (only asked where p1 is not ASCII)
    let p1_high = p1.shr16(2);
    let mut lo = V128::select(ascii, v, v.and(k.x3f).or(p1.shl16(6).and(k.xc0)));
    let mut hi = V128::select(
        after_lead,
        p1_high.and(k.x07),
        p1_high.and(k.x0f).or(p2.shl16(4).and(k.xf0)),
    )
    .and_not(ascii);
    if fours != 0 {
        // The third byte of a 4-byte sequence: lead surrogate 0xD7C0 + (c >> 10), where
        // c >> 10 = (b0 & 7) << 8 | (b1 & 3F) << 2 | (b2 >> 4) & 3.
        let third = p2.and(k.xf0).eq8(k.xf0);
        let fourth = p3.and(k.xf0).eq8(k.xf0);
        let low = p1.and(k.x3f).shl16(2).or(v.shr16(4).and(k.x03));
        let carry = k.x01.and_not(low.sub_sat8(k.x3f).eq8(c.zero)); // low >= 0x40
        lo = V128::select(third, low.add8(k.xc0), lo);
        hi = V128::select(third, p2.and(k.x07).add8(k.xd7).add8(carry), hi);
        // The fourth byte: trail surrogate 0xDC00 | (b2 & 0xF) << 6 | b3 & 0x3F.
        hi = V128::select(fourth, p1_high.and(k.x03).or(k.xdc), hi);
    }
    let written = compact(t, lo, hi, ends, out);
    Some((read, written, ends_with_lead))
}

/// Writes the units (`lo | hi << 8` per byte position) of the positions set in `ends`, in order,
/// to `out`, and returns their count.
#[inline(always)]
fn compact(t: &Tables, lo: V128, hi: V128, ends: u32, out: &mut [u16; 24]) -> usize {
    let first = (ends & 0xFF) as usize;
    let row = V128::load8(&t.compact[first]);
    lo.zip_low8(hi)
        .swizzle(row)
        .store16((&mut out[..8]).try_into().unwrap());
    let n = first.count_ones() as usize;
    let second = (ends >> 8) as usize & 0xFF;
    let row = V128::load8(&t.compact[second]);
    lo.zip_high8(hi)
        .swizzle(row)
        .store16((&mut out[n..n + 8]).try_into().unwrap());
    n + second.count_ones() as usize
}
