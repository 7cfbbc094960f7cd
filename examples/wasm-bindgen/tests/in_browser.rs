//! The wasm-bindgen tests of wtf8-wasm's `js` features, in a browser (`wasm-pack test --headless
//! --chrome`; examples/wasm-bindgen/webdriver.json gives Chromium its flags).
#![cfg(target_arch = "wasm32")]

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

include!("suite/js_string.rs");
