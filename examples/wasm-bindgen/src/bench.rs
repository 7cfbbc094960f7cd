//! What benches/js-string.mjs times: wtf8-wasm's lossless conversions of a JavaScript string
//! against wasm-bindgen's own lossy ones (`&str` in, `String` out), on the same input.

use std::cell::RefCell;

use js_sys::JsString;
use wasm_bindgen::prelude::*;

thread_local! {
    /// The WTF-8 that the `give_*` functions hand back, set by [`bench_set`].
    static STORED: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
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

/// Stores the WTF-8 of `s` for the `give_*` functions.
#[wasm_bindgen(js_name = benchSet)]
pub fn bench_set(s: &JsString) {
    STORED.with(|stored| *stored.borrow_mut() = wtf8_wasm::js::js_string_to_wtf8(s));
}

/// The anchor, out: the stored text as a `String` (lossy: each lone surrogate is U+FFFD).
#[wasm_bindgen(js_name = benchGiveString)]
pub fn bench_give_string() -> String {
    STORED.with(|stored| {
        let stored = stored.borrow();
        match std::str::from_utf8(&stored) {
            Ok(s) => s.to_owned(),
            Err(_) => wtf8_wasm::Wtf8String::from_wtf8_lossy(&stored)
                .to_string_lossy()
                .into_owned(),
        }
    })
}

/// Ours, out: the stored WTF-8 as a JavaScript string, lossless.
#[wasm_bindgen(js_name = benchGiveJsString)]
pub fn bench_give_js_string() -> Result<JsString, JsError> {
    STORED.with(|stored| {
        wtf8_wasm::js::wtf8_to_js_string(&stored.borrow()).map_err(|e| JsError::new(&e.to_string()))
    })
}
