//! What benches/js-string.mjs times: wtf8-wasm's lossless conversions of a JavaScript string
//! against wasm-bindgen's own lossy ones (`&str` in, `String` out), over the same pool of
//! different strings.

use std::cell::RefCell;

use js_sys::JsString;
use wasm_bindgen::prelude::*;

thread_local! {
    /// The pool's WTF-8, which the `give_*` functions hand back; filled by [`bench_add`].
    static POOL: RefCell<Vec<Vec<u8>>> = const { RefCell::new(Vec::new()) };
}

/// The anchor, in: wasm-bindgen's own conversion (a lone surrogate becomes U+FFFD).
#[wasm_bindgen(js_name = benchTakeStr)]
pub fn bench_take_str(s: &str) -> usize {
    s.len()
}

/// Ours, in: the string's WTF-8, lossless.
#[wasm_bindgen(js_name = benchTakeWtf8)]
pub fn bench_take_wtf8(s: &JsString) -> usize {
    wtf8_wasm::js::js_string_to_wtf8(s).len()
}

/// Empties the pool.
#[wasm_bindgen(js_name = benchClear)]
pub fn bench_clear() {
    POOL.with(|pool| pool.borrow_mut().clear());
}

/// Adds the WTF-8 of `s` to the pool.
#[wasm_bindgen(js_name = benchAdd)]
pub fn bench_add(s: &JsString) {
    POOL.with(|pool| pool.borrow_mut().push(wtf8_wasm::js::js_string_to_wtf8(s)));
}

/// The anchor, out: the pool's `i`th text as a `String` (lossy: each lone surrogate is U+FFFD).
#[wasm_bindgen(js_name = benchGiveString)]
pub fn bench_give_string(i: usize) -> String {
    POOL.with(|pool| {
        let pool = pool.borrow();
        match std::str::from_utf8(&pool[i]) {
            Ok(s) => s.to_owned(),
            Err(_) => wtf8_wasm::Wtf8String::from_wtf8_lossy(&pool[i])
                .to_string_lossy()
                .into_owned(),
        }
    })
}

/// Ours, out: the pool's `i`th WTF-8 as a JavaScript string, lossless.
#[wasm_bindgen(js_name = benchGiveJsString)]
pub fn bench_give_js_string(i: usize) -> Result<JsString, JsError> {
    POOL.with(|pool| {
        wtf8_wasm::js::wtf8_to_js_string(&pool.borrow()[i])
            .map_err(|e| JsError::new(&e.to_string()))
    })
}
