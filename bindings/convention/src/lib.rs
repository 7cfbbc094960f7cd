//! What the three WebAssembly bindings crates (`bindings/main`, `bindings/encodings`,
//! `bindings/inspect`) share, so that their convention is written once:
//!
//! - [`Shared`]: the fixed statics (scratch buffers, converters) the exports work in;
//! - the **failure record**, four `u32`s at [`failure_ptr`]: `[code, offset, length, index]`, where
//!   `code` is the [`ErrorCode`]'s position in [`ErrorCode::ALL`] (the order of the table in
//!   `js/errors.ts`) and `u32::MAX` stands for "none" (no length: the input ended mid-sequence; no
//!   offset or index: the other kind of input). An export that fails fills it in and returns
//!   [`FAILED`], a value no success returns; the TypeScript layer's `failure` (`js/errors.ts`)
//!   turns it into a `Wtf8Error`;
//! - **two counts in one result**: [`pack`] puts `high * 65536 + low` in an `f64` (exact while
//!   `low` < 65536 and `high` < 2^37), which the TypeScript layer's `unpack` (`js/errors.ts`)
//!   takes apart, so an export can return, say, what it read and what it wrote without a second
//!   call or a record in memory;
//! - the **panic handler** of the wasm modules, which are `no_std`: a panic (a bug: the TypeScript
//!   layer keeps every length in range) traps without formatting a message, so neither
//!   `core::fmt` nor std's panic machinery is in the modules.
//!
//! Not published; built into the modules by `scripts/build.mjs`.

#![cfg_attr(target_arch = "wasm32", no_std)]

use core::cell::UnsafeCell;

use wtf8_wasm::encodings::EncodeError;
use wtf8_wasm::{DecodeError, ErrorCode};

/// A failed call's return value (every success returns a length, 0 or more).
pub const FAILED: i32 = -1;

/// `u32` stand-in for "none" in the failure record.
pub const NONE: u32 = u32::MAX;

/// A static the exports read and write: the modules have one thread and no export re-enters
/// another, so each export can hold one plain `&mut` to it.
pub struct Shared<T>(UnsafeCell<T>);

// SAFETY: the modules are built for wasm32 without threads (no `atomics` target feature, no shared
// memory), so a `Shared` is never used from two threads.
unsafe impl<T> Sync for Shared<T> {}

impl<T> Shared<T> {
    /// A static holding `value`.
    pub const fn new(value: T) -> Self {
        Shared(UnsafeCell::new(value))
    }

    /// The value, for the length of one export call. The caller takes it at most once per call
    /// and does not keep it past its return.
    #[allow(clippy::mut_from_ref)]
    #[inline]
    pub fn get(&self) -> &mut T {
        // SAFETY: one thread; each export takes at most one reference to each static and drops it
        // before it returns; no export calls another or calls back into JavaScript, so no two
        // references to one static are ever live at once. JavaScript reads and writes the
        // buffers only between calls.
        unsafe { &mut *self.0.get() }
    }
}

static FAILURE: Shared<[u32; 4]> = Shared::new([NONE; 4]);

/// Address of the failure record in wasm memory.
pub fn failure_ptr() -> usize {
    FAILURE.get().as_ptr() as usize
}

/// Records a failure; returns [`FAILED`].
pub fn fail(
    code: ErrorCode,
    offset: Option<usize>,
    length: Option<usize>,
    index: Option<usize>,
) -> i32 {
    let word = |n: Option<usize>| n.map_or(NONE, |n| n as u32);
    *FAILURE.get() = [code_word(code), word(offset), word(length), word(index)];
    FAILED
}

/// Two counts as one `f64` result: `high * 65536 + low`. `low` must be below 65536 (every chunk
/// size of the bindings is at most 65,536 units or bytes, and what is packed as `low` is a count
/// within one chunk that cannot reach it); the sum is exact in an `f64`.
pub fn pack(low: usize, high: usize) -> f64 {
    debug_assert!(low < 65536);
    high as f64 * 65536.0 + low as f64
}

/// Records a decoder's failure (a byte offset and error length); returns [`FAILED`].
pub fn decode_failure(e: DecodeError) -> i32 {
    fail(e.code(), Some(e.valid_up_to()), e.error_len(), None)
}

/// Records an encoder's failure (a code unit index); returns [`FAILED`].
pub fn encode_failure(e: EncodeError) -> i32 {
    fail(e.code(), None, None, Some(e.index()))
}

/// The position of `code` in [`ErrorCode::ALL`].
pub fn code_word(code: ErrorCode) -> u32 {
    ErrorCode::ALL
        .iter()
        .position(|&c| c == code)
        .map_or(NONE, |i| i as u32)
}

#[cfg(target_arch = "wasm32")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    core::arch::wasm32::unreachable()
}
