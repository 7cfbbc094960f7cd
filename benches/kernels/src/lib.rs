//! Exports for benches/kernels.mjs: `setup` allocates the input and output buffers in this
//! module's memory (JavaScript fills the input), then each `run_*` export runs one conversion of
//! the core `iterations` times over them and returns a checksum-like count, so nothing can be
//! optimised away. The conversions are the core's public functions: in the build with `+simd128`
//! they run the SIMD kernels, in the other the scalar ones. `run_copy_*` are the baseline: a
//! plain copy of the same data (`memory.copy`).
//!
//! The input is one or more slices, each of the same number of code units (`--slices` in the
//! driver): iteration `i` converts slice `i % slices`, so that with several the kernels run on
//! text their branches have not learned, while it stays in the caches.

use core::hint::black_box;
use std::cell::RefCell;
use std::ops::Range;

/// The buffers, each a vector with 64 elements to spare and the offset of its first element at
/// a 64-byte boundary: dlmalloc aligns wasm32 allocations to 8 bytes only, and a 16-byte store
/// that straddles a cache line is slower (the strict ASCII decode 0.070 → 0.052 ns a byte in Node
/// 26 on aligned output). The native anchor's buffers come from glibc's malloc, 16-byte aligned.
struct Buffers {
    /// The slices' code units, one after the other, `slice_units` each.
    units: Aligned<u16>,
    slice_units: usize,
    /// The slices' WTF-8, one after the other, at the `(start, len)` of `slices`.
    bytes: Aligned<u8>,
    slices: Vec<(usize, usize)>,
    units_out: Aligned<u16>,
    bytes_out: Aligned<u8>,
    indexes: Aligned<usize>,
}

impl Buffers {
    /// Where the code units of the slice that iteration `i` converts are in `units`.
    fn units_at(&self, i: u32) -> Range<usize> {
        let at = i as usize % self.slices.len() * self.slice_units;
        at..at + self.slice_units
    }

    /// Where the WTF-8 of the slice that iteration `i` converts is in `bytes`.
    fn bytes_at(&self, i: u32) -> Range<usize> {
        let (at, len) = self.slices[i as usize % self.slices.len()];
        at..at + len
    }
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
        slice_units: 0,
        bytes: Aligned::new(),
        slices: Vec::new(),
        units_out: Aligned::new(),
        bytes_out: Aligned::new(),
        indexes: Aligned::new(),
    }) };
}

/// Allocates room for `slices` slices of `units` code units each and `bytes` bytes of WTF-8 in
/// all (and the outputs of one slice); until [`set_slice`] says otherwise, slice `s` of the bytes
/// is the whole of them.
#[no_mangle]
pub extern "C" fn setup(units: usize, bytes: usize, slices: usize) {
    let slices = slices.max(1);
    BUFFERS.with(|b| {
        let b = &mut *b.borrow_mut();
        b.units = Aligned::with_len(units * slices);
        b.slice_units = units;
        b.bytes = Aligned::with_len(bytes);
        b.slices = vec![(0, bytes); slices];
        b.units_out = Aligned::with_len(bytes.max(units) + 8);
        b.bytes_out = Aligned::with_len(3 * units.max(bytes) + 8);
        b.indexes = Aligned::with_len(units);
    });
}

/// Slice `s` of the WTF-8 input is its `len` bytes from `start`.
#[no_mangle]
pub extern "C" fn set_slice(s: usize, start: usize, len: usize) {
    with(|b| b.slices[s] = (start, len));
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

/// Runs `f` on the buffers for iterations `0..iterations` and sums what it returns.
fn each(iterations: u32, mut f: impl FnMut(&mut Buffers, u32) -> usize) -> usize {
    with(|b| (0..iterations).map(|i| f(b, i)).sum())
}

/// UTF-16 → WTF-8 (`encode`).
#[no_mangle]
pub extern "C" fn run_encode(iterations: u32) -> usize {
    each(iterations, |b, i| {
        let units = black_box(&b.units.get()[b.units_at(i)]);
        wtf8_wasm::convert_utf16_to_wtf8_into(units, b.bytes_out.get_mut())
    })
}

/// UTF-16 → lossy UTF-8 (`toUtf8`, the `TextEncoder.encodeInto` contract).
#[no_mangle]
pub extern "C" fn run_encode_lossy(iterations: u32) -> usize {
    each(iterations, |b, i| {
        let units = black_box(&b.units.get()[b.units_at(i)]);
        wtf8_wasm::convert_utf16_to_utf8_lossy_partial(units, b.bytes_out.get_mut()).1
    })
}

/// WTF-8 → UTF-16, strict (`decode(bytes, { fatal: true })`).
#[no_mangle]
pub extern "C" fn run_decode_strict(iterations: u32) -> usize {
    each(iterations, |b, i| {
        let bytes = black_box(&b.bytes.get()[b.bytes_at(i)]);
        wtf8_wasm::convert_wtf8_to_utf16_into(bytes, b.units_out.get_mut()).unwrap_or(0)
    })
}

/// WTF-8 → UTF-16, lenient (`decode(bytes)`).
#[no_mangle]
pub extern "C" fn run_decode_lenient(iterations: u32) -> usize {
    each(iterations, |b, i| {
        let bytes = black_box(&b.bytes.get()[b.bytes_at(i)]);
        wtf8_wasm::convert_wtf8_to_utf16_lossy_into(bytes, b.units_out.get_mut())
    })
}

/// WTF-8 validation (`isWtf8`/`checkWtf8`).
#[no_mangle]
pub extern "C" fn run_validate(iterations: u32) -> usize {
    each(iterations, |b, i| {
        usize::from(wtf8_wasm::is_wtf8(black_box(&b.bytes.get()[b.bytes_at(i)])))
    })
}

/// The lone-surrogate scan (`utf16_lone_surrogates`, room for every index).
#[no_mangle]
pub extern "C" fn run_lone_surrogates(iterations: u32) -> usize {
    each(iterations, |b, i| {
        let units = black_box(&b.units.get()[b.units_at(i)]);
        wtf8_wasm::utf16_lone_surrogates(units, b.indexes.get_mut()).unwrap_or(0)
    })
}

/// The first lone surrogate (`utf16_valid_up_to`).
#[no_mangle]
pub extern "C" fn run_utf16_valid_up_to(iterations: u32) -> usize {
    each(iterations, |b, i| {
        wtf8_wasm::utf16_valid_up_to(black_box(&b.units.get()[b.units_at(i)]))
    })
}

/// Baseline: copy the code units of a slice.
#[no_mangle]
pub extern "C" fn run_copy_units(iterations: u32) -> usize {
    each(iterations, |b, i| {
        let at = b.units_at(i);
        let n = at.len();
        b.units_out.get_mut()[..n].copy_from_slice(black_box(&b.units.get()[at]));
        usize::from(b.units_out.get()[n / 2])
    })
}

/// Baseline: copy the WTF-8 of a slice.
#[no_mangle]
pub extern "C" fn run_copy_bytes(iterations: u32) -> usize {
    each(iterations, |b, i| {
        let at = b.bytes_at(i);
        let n = at.len();
        b.bytes_out.get_mut()[..n].copy_from_slice(black_box(&b.bytes.get()[at]));
        usize::from(b.bytes_out.get()[n / 2])
    })
}
