//! The wasm-bindgen tests of wtf8-wasm's `js` features, in Node (`wasm-pack test --node`).
#![cfg(target_arch = "wasm32")]

include!("suite/js_string.rs");
