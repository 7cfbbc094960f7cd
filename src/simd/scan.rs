//! The lone-surrogate scan behind [`utf16_lone_surrogates`](crate::utf16_lone_surrogates) and
//! [`utf16_valid_up_to`](crate::utf16_valid_up_to), 16 code units at a time.
//!
//! The high byte of each unit says whether it is a lead (D8..DB) or a trail (DC..DF). Every
//! surrogate is paired exactly when the trail mask equals the lead mask moved up by one unit
//! (a lead's successor is a trail, a trail's predecessor a lead), so one XOR per block shows
//! whether it holds a lone surrogate; only then are the masks turned into indexes. A lead in a
//! block's last unit is settled by the next block.
//!
//! A leaf: the kernels scan whole blocks and return how far they got; the drivers
//! ([`utf16_lone_surrogates_simd`](crate::validate::utf16_lone_surrogates_simd),
//! [`utf16_valid_up_to_simd`](crate::validate::utf16_valid_up_to_simd)) have the scalar scan
//! go on from there for the last units (fewer than a block, and a lead the last block left
//! unsettled).

use super::V128;
use crate::grammar::is_lead;

/// Units per block.
const BLOCK: usize = 16;

/// Calls `found(index)` for every lone surrogate that the whole blocks of `src` settle, in
/// order, while it returns `true`. Returns where the scalar scan goes on (the last block's last
/// unit if it is a lead, still unsettled; 0 for input shorter than a block), or `None` if
/// `found` stopped it.
#[inline(always)]
fn for_each_lone(src: &[u16], mut found: impl FnMut(usize) -> bool) -> Option<usize> {
    if src.len() < BLOCK {
        // Too short for a block: not worth setting the vector constants up.
        return Some(0);
    }
    let xfc = V128::splat8(0xFC).opaque();
    let xd8 = V128::splat8(0xD8).opaque();
    let xdc = V128::splat8(0xDC).opaque();
    let mut prev_leads = V128::splat8(0).opaque();
    let mut at = 0;
    while let Some(block) = src.get(at..at + BLOCK) {
        let a = V128::load16(block[..8].try_into().unwrap());
        let b = V128::load16(block[8..].try_into().unwrap());
        let high = a.high_bytes(b).and(xfc);
        let leads = high.eq8(xd8);
        let trails = high.eq8(xdc);
        // Zero unless some unit is a trail without a lead before it, or follows a lead without
        // being a trail.
        if trails.xor(leads.shift_in::<1>(prev_leads)).any() {
            let (l, t) = (leads.bitmask8(), trails.bitmask8());
            let lead_before = prev_leads.bitmask8() >> (BLOCK - 1);
            // A lead in the block before, unit at - 1, without a trail at `at`.
            if lead_before & !t & 1 != 0 && !found(at - 1) {
                return None;
            }
            // Leads in units 0..15 without a trail after them, trails without a lead before.
            let mut lone = (l & !(t >> 1) & 0x7FFF) | (t & !((l << 1) | lead_before));
            while lone != 0 {
                if !found(at + lone.trailing_zeros() as usize) {
                    return None;
                }
                lone &= lone - 1;
            }
        }
        prev_leads = leads;
        at += BLOCK;
    }
    Some(at - usize::from(is_lead(src[at - 1].into())))
}

/// [`utf16_lone_surrogates`](crate::utf16_lone_surrogates)'s vector part, 16 units at a time:
/// writes the indexes of the lone surrogates the blocks settle to `out` and returns `(i, count)`,
/// where the scalar scan goes on from unit `i` with `count` indexes written; `None` if `out` is
/// too short (it then holds the first `out.len()` indexes).
#[inline(always)]
pub(crate) fn lone_surrogates(src: &[u16], out: &mut [usize]) -> Option<(usize, usize)> {
    let mut count = 0;
    let mut overflow = false;
    let resume = for_each_lone(src, |index| match out.get_mut(count) {
        Some(slot) => {
            *slot = index;
            count += 1;
            true
        }
        None => {
            overflow = true;
            false
        }
    });
    (!overflow).then_some((resume.unwrap_or(src.len()), count))
}

/// [`utf16_valid_up_to`](crate::utf16_valid_up_to)'s vector part, 16 units at a time: `i` such
/// that `src[..i]` has no lone surrogate and `src[i]` is not the trail of a pair. The scalar scan
/// goes on from `i`; where the blocks found a lone surrogate, `i` is its index (and the scalar
/// scan returns it at once).
#[inline(always)]
pub(crate) fn valid_up_to(src: &[u16]) -> usize {
    let mut first = src.len();
    for_each_lone(src, |index| {
        first = index;
        false
    })
    .unwrap_or(first)
}
