//! Exports for benches/kernels.mjs: `setup` allocates the input and output buffers in this
//! module's memory (JavaScript fills the input), then each `run_*` export runs one conversion of
//! the core `iterations` times over them and returns a checksum-like count, so nothing can be
//! optimised away. The conversions are the core's public functions: in the build with `+simd128`
//! they run the SIMD kernels, in the other the scalar ones. `run_copy_*` are the baseline: a
//! plain copy of the same data (`memory.copy`).

use core::hint::black_box;
use std::cell::RefCell;

struct Buffers {
    units: Vec<u16>,
    bytes: Vec<u8>,
    units_out: Vec<u16>,
    bytes_out: Vec<u8>,
    indexes: Vec<usize>,
}

thread_local! {
    static BUFFERS: RefCell<Buffers> = const { RefCell::new(Buffers {
        units: Vec::new(),
        bytes: Vec::new(),
        units_out: Vec::new(),
        bytes_out: Vec::new(),
        indexes: Vec::new(),
    }) };
}

/// Allocates room for `units` code units and `bytes` bytes of input (and their outputs).
#[no_mangle]
pub extern "C" fn setup(units: usize, bytes: usize) {
    BUFFERS.with(|b| {
        let b = &mut *b.borrow_mut();
        b.units = vec![0; units];
        b.bytes = vec![0; bytes];
        b.units_out = vec![0; bytes.max(units) + 8];
        b.bytes_out = vec![0; 3 * units.max(bytes) + 8];
        b.indexes = vec![0; units];
    });
}

/// Address of the code unit input.
#[no_mangle]
pub extern "C" fn units_ptr() -> usize {
    BUFFERS.with(|b| b.borrow().units.as_ptr() as usize)
}

/// Address of the byte input.
#[no_mangle]
pub extern "C" fn bytes_ptr() -> usize {
    BUFFERS.with(|b| b.borrow().bytes.as_ptr() as usize)
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
            total += wtf8_wasm::convert_utf16_to_wtf8_into(black_box(&b.units[..n]), &mut b.bytes_out);
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
            total += wtf8_wasm::convert_utf16_to_utf8_lossy_partial(black_box(&b.units[..n]), &mut b.bytes_out).1;
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
            total += wtf8_wasm::convert_wtf8_to_utf16_into(black_box(&b.bytes[..n]), &mut b.units_out).unwrap_or(0);
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
            total += wtf8_wasm::convert_wtf8_to_utf16_lossy_into(black_box(&b.bytes[..n]), &mut b.units_out);
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
            total += usize::from(wtf8_wasm::is_wtf8(black_box(&b.bytes[..n])));
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
            total += wtf8_wasm::utf16_lone_surrogates(black_box(&b.units[..n]), &mut b.indexes).unwrap_or(0);
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
            total += wtf8_wasm::utf16_valid_up_to(black_box(&b.units[..n]));
        }
        total
    })
}

/// Baseline: copy `n` code units.
#[no_mangle]
pub extern "C" fn run_copy_units(n: usize, iterations: u32) -> usize {
    with(|b| {
        for _ in 0..iterations {
            b.units_out[..n].copy_from_slice(black_box(&b.units[..n]));
        }
        usize::from(b.units_out[n / 2])
    })
}

/// Baseline: copy `n` bytes.
#[no_mangle]
pub extern "C" fn run_copy_bytes(n: usize, iterations: u32) -> usize {
    with(|b| {
        for _ in 0..iterations {
            b.bytes_out[..n].copy_from_slice(black_box(&b.bytes[..n]));
        }
        usize::from(b.bytes_out[n / 2])
    })
}
