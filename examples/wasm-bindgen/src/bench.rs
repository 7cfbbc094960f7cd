//! What benches/js-string.mjs times: a `#[wasm_bindgen]` function that takes a string and gives it
//! back, written the three ways a crate author can write it today:
//!
//! - `String` (wasm-bindgen's own conversion, lossy: a lone surrogate comes back as U+FFFD), the
//!   anchor;
//! - [`Wtf8String`], lossless: what this crate offers;
//! - a `JsString` read one code unit at a time (`charCodeAt`, `JsString::iter`) and written back
//!   with `String.fromCharCode`, lossless: what crates roll by hand today (the second anchor).
//!
//! And, to see where the time of an echo goes, each direction alone over a pool of strings kept
//! in wasm memory (`benchTake*`: argument only; `benchGive*`: return value only).

use std::cell::RefCell;

use js_sys::JsString;
use wasm_bindgen::prelude::*;
use wtf8_wasm::Wtf8String;

/// The anchor: wasm-bindgen's own `String` both ways (each lone surrogate becomes U+FFFD).
#[wasm_bindgen(js_name = benchEchoString)]
pub fn bench_echo_string(s: String) -> String {
    s
}

/// Ours: `Wtf8String` both ways, lossless.
#[wasm_bindgen(js_name = benchEchoWtf8)]
pub fn bench_echo_wtf8(s: Wtf8String) -> Wtf8String {
    s
}

/// The second anchor, lossless: the string's code units one `charCodeAt` call each, kept as
/// WTF-8 (as RustPython's wasm crate keeps them), and back through `String.fromCharCode`, 4,096
/// units a call (js-sys's variadic binding spreads its argument; more would overflow the stack).
#[wasm_bindgen(js_name = benchEchoUnits)]
pub fn bench_echo_units(s: JsString) -> JsString {
    let units: Vec<u16> = s.iter().collect();
    let kept = Wtf8String::from_utf16(&units);
    let back = kept.to_utf16();
    let mut chunks = back.chunks(4096);
    let first = JsString::from_char_code(chunks.next().unwrap_or(&[]));
    chunks.fold(first, |js, chunk| {
        js.concat(&JsString::from_char_code(chunk))
    })
}

thread_local! {
    /// The strings the `benchGive*` functions hand back, and their lossy `String`s; filled by
    /// [`bench_add`].
    static POOL: RefCell<(Vec<Wtf8String>, Vec<String>)> = const { RefCell::new((Vec::new(), Vec::new())) };
}

/// Argument only, the anchor: wasm-bindgen's own `String`.
#[wasm_bindgen(js_name = benchTakeString)]
pub fn bench_take_string(s: String) -> usize {
    s.len()
}

/// Argument only, ours.
#[wasm_bindgen(js_name = benchTakeWtf8)]
pub fn bench_take_wtf8(s: Wtf8String) -> usize {
    s.len()
}

/// Empties the pool.
#[wasm_bindgen(js_name = benchClear)]
pub fn bench_clear() {
    POOL.with(|pool| {
        let mut pool = pool.borrow_mut();
        pool.0.clear();
        pool.1.clear();
    });
}

/// Adds `s` to the pool.
#[wasm_bindgen(js_name = benchAdd)]
pub fn bench_add(s: Wtf8String) {
    POOL.with(|pool| {
        let mut pool = pool.borrow_mut();
        pool.1.push(s.to_string_lossy().into_owned());
        pool.0.push(s);
    });
}

/// Return value only, the anchor: a copy of the pool's `i`th string as a `String` (lossy).
#[wasm_bindgen(js_name = benchGiveString)]
pub fn bench_give_string(i: usize) -> String {
    POOL.with(|pool| pool.borrow().1[i].clone())
}

/// Return value only, ours: a copy of the pool's `i`th string.
#[wasm_bindgen(js_name = benchGiveWtf8)]
pub fn bench_give_wtf8(i: usize) -> Wtf8String {
    POOL.with(|pool| pool.borrow().0[i].clone())
}
