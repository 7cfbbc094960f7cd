//! Exports for benches/kernels.mjs: `setup` allocates the input and output buffers in this
//! module's memory (JavaScript fills the input), then each `run_*` export runs one conversion of
//! the core `iterations` times over them and returns a checksum-like count, so nothing can be
//! optimised away. The conversions are the core's public functions: in the build with `+simd128`
//! they run the SIMD kernels, in the other the scalar ones. `run_copy_*` are the baseline: a
//! plain copy of the same data (`memory.copy`).

use core::hint::black_box;
use std::cell::RefCell;

/// The buffers, each a vector with 64 elements to spare and the offset of its first element at
/// a 64-byte boundary: dlmalloc aligns wasm32 allocations to 8 bytes only, and a 16-byte store
/// that straddles a cache line is slower (the strict ASCII decode 0.070 → 0.052 ns a byte in Node
/// 26 on aligned output). The native anchor's buffers come from glibc's malloc, 16-byte aligned.
struct Buffers {
    units: Aligned<u16>,
    bytes: Aligned<u8>,
    units_out: Aligned<u16>,
    bytes_out: Aligned<u8>,
    indexes: Aligned<usize>,
}

struct Aligned<T> {
    vec: Vec<T>,
    at: usize,
}

impl<T: Copy + Default> Aligned<T> {
    const fn new() -> Self {
        Aligned {
            vec: Vec::new(),
            at: 0,
        }
    }

    fn with_len(len: usize) -> Self {
        let vec = vec![T::default(); len + 64];
        let at = vec.as_ptr().align_offset(64);
        Aligned { vec, at }
    }

    fn get(&self) -> &[T] {
        &self.vec[self.at..self.vec.len() - 64 + self.at]
    }

    fn get_mut(&mut self) -> &mut [T] {
        let end = self.vec.len() - 64 + self.at;
        &mut self.vec[self.at..end]
    }
}

thread_local! {
    static BUFFERS: RefCell<Buffers> = const { RefCell::new(Buffers {
        units: Aligned::new(),
        bytes: Aligned::new(),
        units_out: Aligned::new(),
        bytes_out: Aligned::new(),
        indexes: Aligned::new(),
    }) };
}

/// Allocates room for `units` code units and `bytes` bytes of input (and their outputs).
#[no_mangle]
pub extern "C" fn setup(units: usize, bytes: usize) {
    BUFFERS.with(|b| {
        let b = &mut *b.borrow_mut();
        b.units = Aligned::with_len(units);
        b.bytes = Aligned::with_len(bytes);
        b.units_out = Aligned::with_len(bytes.max(units) + 8);
        b.bytes_out = Aligned::with_len(3 * units.max(bytes) + 8);
        b.indexes = Aligned::with_len(units);
    });
}

/// Address of the code unit input.
#[no_mangle]
pub extern "C" fn units_ptr() -> usize {
    BUFFERS.with(|b| b.borrow().units.get().as_ptr() as usize)
}

/// Address of the byte input.
#[no_mangle]
pub extern "C" fn bytes_ptr() -> usize {
    BUFFERS.with(|b| b.borrow().bytes.get().as_ptr() as usize)
}

fn with<R>(f: impl FnOnce(&mut Buffers) -> R) -> R {
    BUFFERS.with(|b| f(&mut b.borrow_mut()))
}

/// UTF-16 → WTF-8 (`encode`).
#[no_mangle]
pub extern "C" fn run_encode(n: usize, iterations: u32) -> usize {
    with(|b| {
        let mut total = 0;
        for _ in 0..iterations {
            total += wtf8_wasm::convert_utf16_to_wtf8_into(
                black_box(&b.units.get()[..n]),
                b.bytes_out.get_mut(),
            );
        }
        total
    })
}

/// UTF-16 → lossy UTF-8 (`toUtf8`, the `TextEncoder.encodeInto` contract).
#[no_mangle]
pub extern "C" fn run_encode_lossy(n: usize, iterations: u32) -> usize {
    with(|b| {
        let mut total = 0;
        for _ in 0..iterations {
            total += wtf8_wasm::convert_utf16_to_utf8_lossy_partial(
                black_box(&b.units.get()[..n]),
                b.bytes_out.get_mut(),
            )
            .1;
        }
        total
    })
}

/// WTF-8 → UTF-16, strict (`decode(bytes, { fatal: true })`).
#[no_mangle]
pub extern "C" fn run_decode_strict(n: usize, iterations: u32) -> usize {
    with(|b| {
        let mut total = 0;
        for _ in 0..iterations {
            total += wtf8_wasm::convert_wtf8_to_utf16_into(
                black_box(&b.bytes.get()[..n]),
                b.units_out.get_mut(),
            )
            .unwrap_or(0);
        }
        total
    })
}

/// WTF-8 → UTF-16, lenient (`decode(bytes)`).
#[no_mangle]
pub extern "C" fn run_decode_lenient(n: usize, iterations: u32) -> usize {
    with(|b| {
        let mut total = 0;
        for _ in 0..iterations {
            total += wtf8_wasm::convert_wtf8_to_utf16_lossy_into(
                black_box(&b.bytes.get()[..n]),
                b.units_out.get_mut(),
            );
        }
        total
    })
}

/// WTF-8 validation (`isWtf8`/`checkWtf8`).
#[no_mangle]
pub extern "C" fn run_validate(n: usize, iterations: u32) -> usize {
    with(|b| {
        let mut total = 0;
        for _ in 0..iterations {
            total += usize::from(wtf8_wasm::is_wtf8(black_box(&b.bytes.get()[..n])));
        }
        total
    })
}

/// The lone-surrogate scan (`utf16_lone_surrogates`, room for every index).
#[no_mangle]
pub extern "C" fn run_lone_surrogates(n: usize, iterations: u32) -> usize {
    with(|b| {
        let mut total = 0;
        for _ in 0..iterations {
            total += wtf8_wasm::utf16_lone_surrogates(
                black_box(&b.units.get()[..n]),
                b.indexes.get_mut(),
            )
            .unwrap_or(0);
        }
        total
    })
}

/// The first lone surrogate (`utf16_valid_up_to`).
#[no_mangle]
pub extern "C" fn run_utf16_valid_up_to(n: usize, iterations: u32) -> usize {
    with(|b| {
        let mut total = 0;
        for _ in 0..iterations {
            total += wtf8_wasm::utf16_valid_up_to(black_box(&b.units.get()[..n]));
        }
        total
    })
}

/// Baseline: copy `n` code units.
#[no_mangle]
pub extern "C" fn run_copy_units(n: usize, iterations: u32) -> usize {
    with(|b| {
        for _ in 0..iterations {
            b.units_out.get_mut()[..n].copy_from_slice(black_box(&b.units.get()[..n]));
        }
        usize::from(b.units_out.get()[n / 2])
    })
}

/// Baseline: copy `n` bytes.
#[no_mangle]
pub extern "C" fn run_copy_bytes(n: usize, iterations: u32) -> usize {
    with(|b| {
        for _ in 0..iterations {
            b.bytes_out.get_mut()[..n].copy_from_slice(black_box(&b.bytes.get()[..n]));
        }
        usize::from(b.bytes_out.get()[n / 2])
    })
}
