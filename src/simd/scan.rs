//! The lone-surrogate scan behind [`utf16_lone_surrogates`](crate::utf16_lone_surrogates) and
//! [`utf16_valid_up_to`](crate::utf16_valid_up_to), 16 code units at a time.
//!
//! A block without surrogates costs a compare per eight units. Otherwise each unit's class becomes
//! one bit of a lead mask and a trail mask, and the lone ones fall out of two shifts: a lead is
//! lone unless the next unit is a trail, a trail unless the previous unit is a lead. The units
//! just outside the block (the one before it, the one after it) are read directly. The last
//! block of an input overlaps the one before it, with the units already scanned masked off, so
//! no unit is left to a scalar loop.

use super::V128;
use crate::grammar::{is_lead, is_trail};
use crate::validate::{lone_surrogates_scalar, utf16_valid_up_to_scalar};

/// Units per block.
const BLOCK: usize = 16;

/// Calls `found(index)` for every lone surrogate of `src` in order, while it returns `true`.
/// `src.len()` must be at least [`BLOCK`].
#[inline(always)]
fn for_each_lone(src: &[u16], mut found: impl FnMut(usize) -> bool) {
    let d800 = V128::splat16(0xD800).opaque();
    let zero = V128::splat16(0).opaque();
    let xfc = V128::splat8(0xFC).opaque();
    let xd8 = V128::splat8(0xD8).opaque();
    let xdc = V128::splat8(0xDC).opaque();
    // Is any of these units (a multiple of 8) a surrogate? After subtracting 0xD800 (wrapping),
    // the surrogates are the units below 0x800: look at the smallest.
    let any_surrogate = |units: &[u16]| {
        units
            .chunks_exact(8)
            .map(|c| V128::load16(c.try_into().unwrap()).sub16(d800))
            .reduce(V128::min16)
            .is_some_and(|min| min.shr16(11).eq16(zero).any())
    };
    let last = src.len() - BLOCK;
    let mut at = 0;
    let mut done = 0; // units at the start of the block at `at` already scanned
    loop {
        if done == 0 {
            // Skip 32 units at a time while there are no surrogates.
            while let Some(units) = src.get(at..at + 2 * BLOCK) {
                if any_surrogate(units) {
                    break;
                }
                at += 2 * BLOCK;
            }
        }
        if at > last {
            // Fewer than a block left: scan the last BLOCK units, minus those already done.
            if at >= src.len() {
                return;
            }
            done = at - last;
            at = last;
        }
        let block = &src[at..at + BLOCK];
        if any_surrogate(block) {
            let a = V128::load16(block[..8].try_into().unwrap());
            let b = V128::load16(block[8..].try_into().unwrap());
            // The high byte of every unit: D8..DB is a lead, DC..DF a trail.
            let high = a.shr16(8).narrow(b.shr16(8)).and(xfc);
            let leads = high.eq8(xd8).bitmask8();
            let trails = high.eq8(xdc).bitmask8();
            let lead_before = at > 0 && src.get(at - 1).is_some_and(|&u| is_lead(u.into()));
            let trail_after = src.get(at + BLOCK).is_some_and(|&u| is_trail(u.into()));
            let next_is_trail = (trails >> 1) | (u32::from(trail_after) << (BLOCK - 1));
            let prev_is_lead = (leads << 1) | u32::from(lead_before);
            let mut lone = ((leads & !next_is_trail) | (trails & !prev_is_lead)) >> done << done;
            while lone != 0 {
                if !found(at + lone.trailing_zeros() as usize) {
                    return;
                }
                lone &= lone - 1;
            }
        }
        if at == last {
            return;
        }
        at += BLOCK;
        done = 0;
    }
}

/// [`utf16_lone_surrogates`](crate::utf16_lone_surrogates), 16 units at a time.
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
