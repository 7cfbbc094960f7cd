//! The shuffle tables of the kernels, built on first use (12 KiB of heap) instead of shipped in
//! the wasm module's data: each row is a swizzle index vector, and 0x80 (out of range) makes a
//! byte zero.

use alloc::boxed::Box;
use core::sync::atomic::{AtomicPtr, Ordering};

/// A swizzle index vector.
pub(super) type Row = [u8; 16];

pub(super) struct Tables {
    /// Packing eight units of one or two bytes, keyed by the 8-bit mask of the 2-byte ones: from
    /// `u16` lanes `b0 | b1 << 8`, unit k's `b0` (index 2k), then its `b1` (2k + 1) if its bit is
    /// set.
    pub(super) pack2: [Row; 256],
    /// Packing four units of one to three bytes, keyed by their lengths, two bits a unit (unit k
    /// in bits 2k and 2k + 1: 00 one byte, 01 two, 11 three; the keys with a 10 are never read):
    /// from `u32` lanes `b0 | b1 << 8 | b2 << 16`, unit k's `b0` (index 4k), then its `b1`
    /// (4k + 1), then its `b2` (4k + 2), as far as its length goes. A key's byte count is 4 plus
    /// its bits.
    pub(super) pack3: [Row; 256],
    /// Compacting `u16` lanes, keyed by the 8-bit mask of lanes to keep: their bytes, in order.
    pub(super) compact: [Row; 256],
}

/// The tables, built the first time a kernel asks.
///
/// A once-cell on an atomic pointer, since the crate is `no_std` (`std::sync::OnceLock` is not in
/// `core`): whoever finds it empty builds the tables and publishes them; a thread that loses that
/// race frees its copy and uses the winner's. In the single-threaded wasm module that is a load
/// and a compare.
#[inline]
#[allow(unsafe_code)]
pub(super) fn tables() -> &'static Tables {
    static TABLES: AtomicPtr<Tables> = AtomicPtr::new(core::ptr::null_mut());
    let mut ptr = TABLES.load(Ordering::Acquire);
    if ptr.is_null() {
        let built = Box::into_raw(build());
        ptr = match TABLES.compare_exchange(
            core::ptr::null_mut(),
            built,
            Ordering::AcqRel,
            Ordering::Acquire,
        ) {
            Ok(_) => built,
            Err(winner) => {
                // SAFETY: `built` came from `Box::into_raw` just above and was never published.
                drop(unsafe { Box::from_raw(built) });
                winner
            }
        };
    }
    // SAFETY: a non-null pointer in TABLES came from `Box::into_raw` and is never freed or
    // written again, so it is valid for reads for the rest of the program.
    unsafe { &*ptr }
}

fn build() -> Box<Tables> {
    // Built once, in microseconds. `black_box` hides the unit counts from the optimiser, which
    // would otherwise unroll every inner loop: 1,793 → 587 bytes of the main wasm module, 0.3 kB
    // gzip.
    let (eight, four) = core::hint::black_box((8u8, 4u8));
    let mut t = Box::new(Tables {
        pack2: [[0x80; 16]; 256],
        pack3: [[0x80; 16]; 256],
        compact: [[0x80; 16]; 256],
    });
    for (mask, row) in t.pack2.iter_mut().enumerate() {
        let mut at = 0;
        for k in 0..eight {
            row[at] = 2 * k;
            at += 1;
            if mask & (1 << k) != 0 {
                row[at] = 2 * k + 1;
                at += 1;
            }
        }
    }
    for (key, row) in t.pack3.iter_mut().enumerate() {
        let mut at = 0;
        for k in 0..four {
            for byte in 0..=((key >> (2 * k)) & 3).count_ones() as u8 {
                row[at] = 4 * k + byte;
                at += 1;
            }
        }
    }
    for (mask, row) in t.compact.iter_mut().enumerate() {
        let mut at = 0;
        for k in 0..eight {
            if mask & (1 << k) != 0 {
                row[at] = 2 * k;
                row[at + 1] = 2 * k + 1;
                at += 2;
            }
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_rows_list_each_units_bytes_in_order() {
        let t = tables();
        // Units 0 and 2 of two bytes, 1 and 3 of one: b0 b1, b0, b0 b1, b0 (as u16 lanes).
        assert_eq!(t.pack2[0b101][..7], [0, 1, 2, 4, 5, 6, 8]);
        // Lengths 3, 1, 2, 1: bit pairs 11, 00, 01, 00.
        assert_eq!(t.pack3[0b00_01_00_11][..7], [0, 1, 2, 4, 8, 9, 12]);
        assert_eq!(t.pack3[0b00_01_00_11][7], 0x80);
        // Four 3-byte units: every lane's first three bytes (the encoder's `drop4` for eight).
        assert_eq!(
            t.pack3[0xFF][..13],
            [0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 0x80]
        );
        assert_eq!(t.compact[0b1000_0010][..5], [2, 3, 14, 15, 0x80]);
    }
}
