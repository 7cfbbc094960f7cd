//! UTF-16 code units → WTF-8 (and lossy UTF-8), eight units at a time.
//!
//! Sixteen (or eight) ASCII units narrow to bytes. Otherwise every unit of an eight-unit window
//! gets its length (1, 2 or 3 bytes) and its bytes, computed in `u16` lanes; then a swizzle with
//! a table row keyed by the lengths packs the bytes together: one row for eight units of one or
//! two bytes (Latin, Cyrillic, Greek… — the lengths are an 8-bit mask), two rows of four units
//! when some take three, from `u32` lanes of each unit's bytes. Sixteen units of one or two bytes
//! go at once (two rows), and runs of ASCII have a loop of their own, sixteen units a turn.
//!
//! Surrogates are handled in the vector too. A lone surrogate is an ordinary 3-byte sequence
//! (ED A0..BF xx), or U+FFFD in lossy mode. A pair's 4-byte sequence is split between its two
//! units, two bytes each: the lead writes `F0 | c >> 18, 80 | (c >> 12) & 3F`, the trail
//! `80 | (c >> 6) & 3F, 80 | c & 3F`, which it computes from itself and the lead's two low bits.
//! So the window also looks at the unit after it and the one before it; a pair cut by the end of
//! the last window is finished by hand.
//!
//! A leaf: [`encode_windows`] encodes what it can and returns how far it got, and the driver
//! ([`encode_units_simd`](crate::encode::encode_units_simd)) has the scalar kernel encode the
//! rest. The window loop stops while at least 16 units are left, so that every byte a 16-byte
//! store writes past a window's output is overwritten by that later output: nothing is written
//! past the length the driver returns (the ASCII loop writes exactly its output, to the end).

use super::tables::{tables, Tables};
use super::V128;
use crate::grammar::{is_lead, is_trail};

/// The constants of the loop, made opaque once (see [`V128::opaque`]).
struct K {
    not_ascii: V128,
    top5: V128,
    top6: V128,
    /// 0xD800: the top five bits of a surrogate, and the top six of a lead.
    lead: V128,
    trail: V128,
    x0f: V128,
    x3f: V128,
    x7f: V128,
    x80: V128,
    xc0: V128,
    xe0: V128,
    xf0: V128,
    xfffd: V128,
    xd7c0: V128,
    xff00: V128,
    zero: V128,
    /// The swizzle that keeps the first three bytes of each `u32` lane (in bytes 0..12).
    drop4: V128,
}

impl K {
    #[inline(always)]
    fn new() -> Self {
        let c = |u: u16| V128::splat16(u).opaque();
        K {
            not_ascii: c(0xFF80),
            top5: c(0xF800),
            top6: c(0xFC00),
            lead: c(0xD800),
            trail: c(0xDC00),
            x0f: c(0x0F),
            x3f: c(0x3F),
            x7f: c(0x7F),
            x80: c(0x80),
            xc0: c(0xC0),
            xe0: c(0xE0),
            xf0: c(0xF0),
            xfffd: c(0xFFFD),
            xd7c0: c(0xD7C0),
            xff00: c(0xFF00),
            zero: c(0),
            drop4: V128::new([0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 3, 3, 3, 3]).opaque(),
        }
    }
}

/// Encodes whole windows while at least 24 units and 40 bytes of room are left; returns
/// `(units read, bytes written)`, never between the two units of a pair: `(0, 0)` for input too
/// short for a window (not worth setting the vector constants up).
#[inline(always)]
pub(crate) fn encode_windows<const LOSSY: bool>(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    if src.len() < 24 || dst.len() < 40 {
        return (0, 0);
    }
    let k = K::new();
    let t = tables();
    let (mut i, mut j) = (0, 0);
    // The eight units before the window (their last one is the unit before it).
    let mut prev = k.zero;
    while let (Some(units), Some(out)) = (src.get(i..i + 24), dst.get_mut(j..j + 40)) {
        let units: &[u16; 24] = units.try_into().unwrap();
        let out: &mut [u8; 40] = out.try_into().unwrap();
        let a = V128::load16(units[..8].try_into().unwrap());
        let b = V128::load16(units[8..16].try_into().unwrap());
        let ab = a.or(b);
        if !ab.and(k.top5).any() {
            if !ab.and(k.not_ascii).any() {
                // Sixteen ASCII units, and every sixteen after them that are ASCII too.
                a.low_bytes(b).store8((&mut out[..16]).try_into().unwrap());
                let n = 16 + ascii_run(&k, &src[i + 16..], &mut dst[j + 16..]);
                i += n;
                j += n;
            } else {
                // Sixteen units of one or two bytes, eight to a pack2 row: Cyrillic 0.50 -> 0.32
                // ns a unit, Latin 0.25 -> 0.22 in Node 26 against eight units a window. The
                // second store writes up to 8 bytes past their output, which the units after them
                // (at least eight) overwrite: with 40 bytes of room, at least 8 are left after
                // that store, more than the 3 the scalar kernel may leave unwritten.
                let first = pack2(&k, t, a, (&mut out[..16]).try_into().unwrap());
                j += first + pack2(&k, t, b, (&mut out[first..first + 16]).try_into().unwrap());
                i += 16;
            }
            prev = b;
            continue;
        }
        let wide_a = a.and(k.not_ascii);
        if !wide_a.any() {
            // Eight ASCII units.
            a.low_bytes(a)
                .store8_low((&mut out[..8]).try_into().unwrap());
            prev = a;
            i += 8;
            j += 8;
            continue;
        }
        let next = b.shift_in::<14>(a); // units 1..9
        j += encode8::<LOSSY>(&k, t, a, prev, next, (&mut out[..28]).try_into().unwrap());
        prev = a;
        i += 8;
    }
    // A lead whose trail is the next unit: the last window wrote the lead's half of the pair.
    if let (Some(&lead), Some(&trail), Some(out)) = (
        i.checked_sub(1).and_then(|k| src.get(k)),
        src.get(i),
        dst.get_mut(j..j + 2),
    ) {
        if is_lead(lead.into()) && is_trail(trail.into()) {
            out[0] = 0x80 | ((lead & 3) << 4) as u8 | ((trail >> 6) & 0xF) as u8;
            out[1] = 0x80 | (trail & 0x3F) as u8;
            i += 1;
            j += 2;
        }
    }
    (i, j)
}

/// Narrows sixteen ASCII units at a time from the start of `src` to `dst` while they are ASCII
/// and both have sixteen left, and returns how many (a multiple of 16). A loop of its own: in the
/// window loop, with its bounds, checks and branches, ASCII text took 0.097-0.103 ns a unit in
/// Node 26, in this one 0.072-0.082 (`node benches/kernels.mjs`, alternating, 2 Dec 2026).
/// Written with `get`, not `chunks_exact`: LLVM unrolls the latter four times, 0.07 ns on ASCII
/// but Latin text, whose ASCII runs are short, 0.27-0.29 against 0.25 (and 11 B more gzip).
#[inline(always)]
fn ascii_run(k: &K, src: &[u16], dst: &mut [u8]) -> usize {
    let mut n = 0;
    while let (Some(units), Some(out)) = (src.get(n..n + 16), dst.get_mut(n..n + 16)) {
        let a = V128::load16(units[..8].try_into().unwrap());
        let b = V128::load16(units[8..].try_into().unwrap());
        if a.or(b).and(k.not_ascii).any() {
            break;
        }
        a.low_bytes(b).store8(out.try_into().unwrap());
        n += 16;
    }
    n
}

/// Writes the eight units `a`, each of one or two bytes (`b0 | b1 << 8` per lane, packed by a
/// [`Tables::pack2`] row), to `out`; returns the byte count. Every unit must be below U+0800
/// (both callers check `top5` first): the 2-byte ones are found by a signed compare, which would
/// take a unit from U+8000 up for ASCII.
#[inline(always)]
fn pack2(k: &K, t: &Tables, a: V128, out: &mut [u8; 16]) -> usize {
    // Below U+0800 a unit is positive as an `i16`, so one signed compare finds the 2-byte ones.
    let multi_lanes = a.gt16s(k.x7f);
    let b0 = V128::select(multi_lanes, a.shr16(6).or(k.xc0), a);
    let b1 = a.and(k.x3f).or(k.x80);
    let multi = multi_lanes.bitmask16();
    let row = V128::load8(&t.pack2[multi as usize]);
    b0.or(b1.shl16(8)).swizzle(row).store8(out);
    8 + multi.count_ones() as usize
}

/// Encodes the eight units `a` into `out` and returns the byte count. `prev` holds the eight
/// units before them, `next` the eight after the first (its last lane is the unit after `a`).
#[inline(always)]
fn encode8<const LOSSY: bool>(
    k: &K,
    t: &Tables,
    a: V128,
    prev: V128,
    next: V128,
    out: &mut [u8; 28],
) -> usize {
    let ascii = a.and(k.not_ascii).eq16(k.zero);
    let top = a.and(k.top5);
    let narrow = top.eq16(k.zero); // below U+0800: one or two bytes
    let surrogates = top.eq16(k.lead);
    let head: &mut [u8; 16] = (&mut out[..16]).try_into().unwrap();
    if !surrogates.any() {
        let narrow_bits = narrow.bitmask16();
        if narrow_bits == 0xFF {
            return pack2(k, t, a, head);
        }
        let b2 = a.and(k.x3f).or(k.x80);
        if narrow_bits == 0 {
            // Eight 3-byte sequences: what `pack3` does, with its row (`drop4`) and lengths known,
            // so no table loads, popcounts or selects (without this case the cjk corpus took
            // 1.12-1.17 ns a unit in Node 26 against 0.78-0.80). `b0 | b1 << 8` and `b2` are
            // interleaved into `u32` lanes and each lane's fourth byte dropped by a swizzle by a
            // vector in a register (LLVM merges two fixed shuffles into one of two vectors, which
            // V8 compiles to two `pshufb` and a `por`, each with a 16-byte constant built in four
            // instructions).
            let b01 = a
                .shr16(12)
                .or(k.xe0)
                .or(a.shr16(6).and(k.x3f).or(k.x80).shl16(8));
            b01.zip_low16(b2).swizzle(k.drop4).store8(head);
            let tail: &mut [u8; 16] = (&mut out[12..]).try_into().unwrap();
            b01.zip_high16(b2).swizzle(k.drop4).store8(tail);
            return 24;
        }
        let b0 = V128::select(
            narrow,
            V128::select(ascii, a, a.shr16(6).or(k.xc0)),
            a.shr16(12).or(k.xe0),
        );
        let b1 = V128::select(narrow, a, a.shr16(6)).and(k.x3f).or(k.x80);
        return pack3(k, t, b0, b1, b2, ascii, narrow, out);
    }
    // Surrogates: find the pairs. `before` holds each unit's predecessor, `next` its successor.
    let before = a.shift_in::<2>(prev);
    let kind = |v: V128, of: V128| v.and(k.top6).eq16(of);
    let (leads, trails) = (kind(a, k.lead), kind(a, k.trail));
    let pair_lead = leads.and(kind(next, k.trail));
    let pair_trail = trails.and(kind(before, k.lead));
    let paired = pair_lead.or(pair_trail);
    let x = if LOSSY {
        V128::select(surrogates.and_not(paired), k.xfffd, a)
    } else {
        a
    };
    // Lengths: ASCII 1; below U+0800 and the halves of a pair 2; the rest 3.
    let short = narrow.or(paired); // one or two bytes
    let b0 = V128::select(
        narrow,
        V128::select(ascii, x, x.shr16(6).or(k.xc0)),
        x.shr16(12).or(k.xe0),
    );
    let b1 = V128::select(short, x, x.shr16(6)).and(k.x3f).or(k.x80);
    // The pair's halves: v = c >> 10 = lead - 0xD7C0.
    let v = x.sub16(k.xd7c0);
    let b0 = V128::select(pair_lead, v.shr16(8).or(k.xf0), b0);
    let b1 = V128::select(pair_lead, v.shr16(2).and(k.x3f).or(k.x80), b1);
    let trail_b0 = before
        .shl16(14)
        .shr16(10)
        .or(x.shr16(6).and(k.x0f))
        .or(k.x80);
    let b0 = V128::select(pair_trail, trail_b0, b0);
    if short.bitmask16() == 0xFF {
        let multi = !ascii.bitmask16() & 0xFF;
        let row = V128::load8(&t.pack2[multi as usize]);
        b0.or(b1.shl16(8)).swizzle(row).store8(head);
        return 8 + multi.count_ones() as usize;
    }
    let b2 = x.and(k.x3f).or(k.x80);
    pack3(k, t, b0, b1, b2, ascii, short, out)
}

/// Writes each unit's bytes — `b0`, then `b1` unless its lane of `ascii` is set, then `b2` unless
/// its lane of `short` is set — contiguously to `out`, four units per swizzle, and returns the
/// byte count.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn pack3(
    k: &K,
    t: &Tables,
    b0: V128,
    b1: V128,
    b2: V128,
    ascii: V128,
    short: V128,
    out: &mut [u8; 28],
) -> usize {
    // The [`Tables::pack3`] keys of units 0..4 and 4..8, two bits a unit: one `i8x16.bitmask` of
    // `ascii` in each lane's low byte and `short` in its high byte, inverted.
    let keys = !ascii.or(short.and(k.xff00)).bitmask8() & 0xFFFF;
    let (low, high) = (keys & 0xFF, keys >> 8);
    // `u32` lanes b0 | b1 << 8 | b2 << 16: units 0..4, then 4..8.
    let b01 = b0.or(b1.shl16(8));
    let row = V128::load8(&t.pack3[low as usize]);
    b01.zip_low16(b2)
        .swizzle(row)
        .store8((&mut out[..16]).try_into().unwrap());
    let n = 4 + low.count_ones() as usize;
    let row = V128::load8(&t.pack3[high as usize]);
    let Some(rest) = out.get_mut(n..n + 16) else {
        return n;
    };
    b01.zip_high16(b2)
        .swizzle(row)
        .store8(rest.try_into().unwrap());
    n + 4 + high.count_ones() as usize
}
