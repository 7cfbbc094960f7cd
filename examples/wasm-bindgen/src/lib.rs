//! An example wasm-bindgen crate that takes JavaScript strings with lone surrogates and gives them
//! back unchanged, with wtf8-wasm's `js` and `serde-wasm-bindgen` features.
//!
//! ```sh
//! wasm-pack build examples/wasm-bindgen --target nodejs   # or bundler, web, deno
//! node -e "const m = require('./examples/wasm-bindgen/pkg'); console.log(m.echo('a\uD83D') === 'a\uD83D')"
//! ```
//!
//! With `String` in place of [`Wtf8String`], `echo('a\uD83D')` would return `'a\uFFFD'`: wasm-bindgen
//! converts a JavaScript string to UTF-8, and a lone surrogate has no UTF-8. `Wtf8String` goes
//! wherever `String` goes: `Option<Wtf8String>`, `Vec<Wtf8String>` and `&Wtf8String` below.
//! `tests/wasm-bindgen/example.test.mjs` (in the repository) builds this crate for each
//! wasm-bindgen target and calls it from Node, Bun, Deno and Chromium; `tests/suite/js_string.rs`
//! are its wasm-bindgen tests, in Node and Chromium.

use std::collections::BTreeMap;

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

/// The number of lone surrogates in a string (the `String` version of this always says 0). It
/// borrows the string, as a function taking `&str` does.
#[wasm_bindgen(js_name = loneSurrogates)]
pub fn lone_surrogates(s: &Wtf8String) -> usize {
    wtf8_wasm::inspect_wtf8(s.as_bytes())
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
pub fn from_wtf8(bytes: Vec<u8>) -> Result<Wtf8String, JsError> {
    Wtf8String::from_wtf8(bytes).map_err(|e| JsError::new(&e.to_string()))
}

/// Joins two strings as JavaScript's `+` does: a lead surrogate at the end of `a` and a trail
/// surrogate at the start of `b` become one character.
#[wasm_bindgen]
pub fn join(a: Wtf8String, b: Wtf8String) -> Wtf8String {
    let mut joined = a;
    joined.push_wtf8(&b);
    joined
}

/// Joins strings with a separator (`""` when it is `undefined` or `null`), as `Array.prototype.join`
/// does: halves of a pair on either side of a join meet again.
#[wasm_bindgen(js_name = joinAll)]
pub fn join_all(parts: Vec<Wtf8String>, separator: Option<Wtf8String>) -> Wtf8String {
    let separator = separator.unwrap_or_default();
    let mut joined = Wtf8String::new();
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            joined.push_wtf8(&separator);
        }
        joined.push_wtf8(part);
    }
    joined
}

/// The lines of a string (split at `\n`), lone surrogates kept: a `string[]` in JavaScript.
#[wasm_bindgen]
pub fn lines(s: &Wtf8String) -> Vec<Wtf8String> {
    // A newline byte never occurs inside a WTF-8 sequence, so each piece is well-formed WTF-8.
    s.as_bytes()
        .split(|&b| b == b'\n')
        .map(|line| Wtf8String::from_wtf8(line.to_vec()).unwrap_or_default())
        .collect()
}

/// The string, or `undefined` when it is empty or absent.
#[wasm_bindgen(js_name = nonEmpty)]
pub fn non_empty(s: Option<Wtf8String>) -> Option<Wtf8String> {
    s.filter(|s| !s.is_empty())
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

/// With the `js-snippet` feature: whether wtf8-wasm's snippet moves a whole string's code units in
/// one call in this runtime (the fast path of long strings with lone surrogates), which
/// tests/wasm-bindgen/example.test.mjs checks where it should.
#[cfg(feature = "js-snippet")]
#[wasm_bindgen(js_name = unitsInOneCall)]
pub fn units_in_one_call() -> bool {
    wtf8_wasm::js::snippet_moves_units()
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
