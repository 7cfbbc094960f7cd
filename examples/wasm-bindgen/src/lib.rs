//! An example wasm-bindgen crate that takes JavaScript strings with lone surrogates and gives them
//! back unchanged, with wtf8-wasm's `js` and `serde-wasm-bindgen` features.
//!
//! ```sh
//! wasm-pack build examples/wasm-bindgen --target nodejs   # or bundler, web, deno
//! node -e "const m = require('./examples/wasm-bindgen/pkg'); console.log(m.echo('a\uD83D') === 'a\uD83D')"
//! ```
//!
//! With `String` in place of [`Wtf8String`], `echo('a\uD83D')` would return `'a\uFFFD'`: wasm-bindgen
//! converts a JavaScript string to UTF-8, and a lone surrogate has no UTF-8.
//! `tests/consumer/wasm-bindgen.test.mjs` builds this crate for each wasm-bindgen target and calls
//! it from Node and Deno; `tests/js_string.rs` are its wasm-bindgen tests, in Node and Chromium.

use std::collections::BTreeMap;

use js_sys::JsString;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use wtf8_wasm::js::preserve::Preserved;
use wtf8_wasm::{SegmentKind, Wtf8String};

pub mod bench;

/// Gives the string back, exactly as JavaScript passed it.
#[wasm_bindgen]
pub fn echo(s: Wtf8String) -> Wtf8String {
    s
}

/// The number of lone surrogates in a string (the `String` version of this always says 0).
#[wasm_bindgen(js_name = loneSurrogates)]
pub fn lone_surrogates(s: &JsString) -> usize {
    let units = wtf8_wasm::js::js_string_to_utf16(s);
    wtf8_wasm::inspect_utf16(&units)
        .filter(|segment| {
            matches!(
                segment.kind(),
                SegmentKind::LoneLead | SegmentKind::LoneTrail
            )
        })
        .count()
}

/// A string's WTF-8 bytes (a `Uint8Array` in JavaScript), for storing it without loss.
#[wasm_bindgen(js_name = toWtf8)]
pub fn to_wtf8(s: Wtf8String) -> Vec<u8> {
    s.into_bytes()
}

/// The string of WTF-8 bytes; an error that says where if they are not well-formed WTF-8.
#[wasm_bindgen(js_name = fromWtf8)]
pub fn from_wtf8(bytes: &[u8]) -> Result<Wtf8String, JsError> {
    Wtf8String::from_wtf8(bytes.to_vec()).map_err(|e| JsError::new(&e.to_string()))
}

/// Joins two strings as JavaScript's `+` does: a lead surrogate at the end of `a` and a trail
/// surrogate at the start of `b` become one character.
#[wasm_bindgen]
pub fn join(a: Wtf8String, b: Wtf8String) -> Wtf8String {
    let mut joined = a;
    joined.push_wtf8(&b);
    joined
}

/// A message as a JavaScript object `{ text, tags, history }`, through serde-wasm-bindgen.
#[derive(Debug, Serialize, Deserialize)]
pub struct Message {
    /// Kept exactly: carried as the JavaScript string itself.
    #[serde(with = "wtf8_wasm::js::preserve")]
    pub text: Wtf8String,
    /// Keys and values kept exactly (a map key cannot take `#[serde(with)]`: the wrapper can).
    pub tags: BTreeMap<Preserved, Preserved>,
    /// Items kept exactly.
    pub history: Vec<Preserved>,
    /// A plain `String` field, for contrast: serde-wasm-bindgen gives it U+FFFD for each lone
    /// surrogate.
    pub lossy: String,
}

/// Reads a message object into [`Message`] and writes it back, appending `!` to its text: lone
/// surrogates in `text`, `tags` (keys and values) and `history` survive; in `lossy` they do not.
#[wasm_bindgen(js_name = roundTripMessage)]
pub fn round_trip_message(value: JsValue) -> Result<JsValue, JsError> {
    let mut message: Message =
        serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&e.to_string()))?;
    message.text.push_str("!");
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    message
        .serialize(&serializer)
        .map_err(|e| JsError::new(&e.to_string()))
}
