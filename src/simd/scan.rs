//! The lone-surrogate scan behind [`utf16_lone_surrogates`](crate::utf16_lone_surrogates) and
//! [`utf16_valid_up_to`](crate::utf16_valid_up_to), 16 code units at a time.
//!
//! The high byte of each unit says whether it is a lead (D8..DB) or a trail (DC..DF). Every
//! surrogate is paired exactly when the trail mask equals the lead mask moved up by one unit
//! (a lead's successor is a trail, a trail's predecessor a lead), so one XOR per block shows
//! whether it holds a lone surrogate; only then are the masks turned into indexes. A lead in a
//! block's last unit is settled by the next block, and the last units (fewer than a block) by a
//! scalar loop.

use super::V128;
use crate::grammar::{is_lead, is_surrogate, is_trail};
use crate::validate::{lone_surrogates_scalar, utf16_valid_up_to_scalar};

/// Units per block.
const BLOCK: usize = 16;

/// Calls `found(index)` for every lone surrogate of `src` in order, while it returns `true`.
#[inline(always)]
fn for_each_lone(src: &[u16], mut found: impl FnMut(usize) -> bool) {
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
                return;
            }
            // Leads in units 0..15 without a trail after them, trails without a lead before.
            let mut lone = (l & !(t >> 1) & 0x7FFF) | (t & !((l << 1) | lead_before));
            while lone != 0 {
                if !found(at + lone.trailing_zeros() as usize) {
                    return;
                }
                lone &= lone - 1;
            }
        }
        prev_leads = leads;
        at += BLOCK;
    }
    // The rest, from the last block's last unit if it is a lead (still unsettled).
    let mut i = at - usize::from(at > 0 && is_lead(src[at - 1].into()));
    while let Some(&u) = src.get(i) {
        let u = u32::from(u);
        if is_surrogate(u) {
            if is_lead(u) && src.get(i + 1).is_some_and(|&t| is_trail(t.into())) {
                i += 2;
                continue;
            }
            if !found(i) {
                return;
            }
        }
        i += 1;
    }
}

/// [`utf16_lone_surrogates`](crate::utf16_lone_surrogates), 16 units at a time.
#[inline(never)]
pub(crate) fn lone_surrogates(src: &[u16], out: &mut [usize]) -> Option<usize> {
    if src.len() < BLOCK {
        return lone_surrogates_scalar(src, out);
    }
    let mut count = 0;
    let mut overflow = false;
    for_each_lone(src, |index| match out.get_mut(count) {
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
    (!overflow).then_some(count)
}

/// [`utf16_valid_up_to`](crate::utf16_valid_up_to), 16 units at a time.
#[inline(never)]
pub(crate) fn valid_up_to(src: &[u16]) -> usize {
    if src.len() < BLOCK {
        return utf16_valid_up_to_scalar(src);
    }
    let mut first = src.len();
    for_each_lone(src, |index| {
        first = index;
        false
    });
    first
}
