//! Lone surrogates kept through serde-wasm-bindgen (cargo feature `serde-wasm-bindgen`).
//!
//! serde-wasm-bindgen reads every string field through the lossy `as_string()`, so a `String` (or
//! a plain [`Wtf8String`]) field of a struct deserialized from a JavaScript object gets U+FFFD for
//! each lone surrogate. A field marked `#[serde(with = "wtf8_wasm::js::preserve")]`, or of type
//! [`Preserved`] (for map keys, `Option`s, `Vec`s), is carried through serde as the JavaScript
//! string itself (serde-wasm-bindgen's `preserve`) and converted here without loss, both ways.
//! Only serde-wasm-bindgen can carry it: with any other format these fail with an error.
//!
//! ```no_run
//! use std::collections::BTreeMap;
//! use serde::{Deserialize, Serialize};
//! use wtf8_wasm::js::preserve::Preserved;
//! use wtf8_wasm::Wtf8String;
//!
//! #[derive(Serialize, Deserialize)]
//! struct Message {
//!     #[serde(with = "wtf8_wasm::js::preserve")]
//!     text: Wtf8String,
//!     tags: BTreeMap<Preserved, Preserved>,
//! }
//!
//! # fn f(value: wasm_bindgen::JsValue) -> Result<(), serde_wasm_bindgen::Error> {
//! let message: Message = serde_wasm_bindgen::from_value(value)?; // lone surrogates kept
//! let back = serde_wasm_bindgen::to_value(&message)?;            // and given back
//! # Ok(()) }
//! ```

use js_sys::JsString;
use wasm_bindgen::JsValue;

use crate::Wtf8String;
use serde::de::{Deserialize, Deserializer, Error as _};
use serde::ser::{Serialize, Serializer};

/// Serializes a [`Wtf8String`] as the JavaScript string it stands for (serde-wasm-bindgen only).
///
/// # Errors
/// The serializer's, when it is not serde-wasm-bindgen's.
pub fn serialize<S: Serializer>(s: &Wtf8String, serializer: S) -> Result<S::Ok, S::Error> {
    serde_wasm_bindgen::preserve::serialize(&JsValue::from(JsString::from(s)), serializer)
}

/// Deserializes a [`Wtf8String`] from a JavaScript string, lone surrogates included
/// (serde-wasm-bindgen only).
///
/// # Errors
/// When the value is not a string, or the deserializer is not serde-wasm-bindgen's.
pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Wtf8String, D::Error> {
    let value: JsValue = serde_wasm_bindgen::preserve::deserialize(deserializer)?;
    Wtf8String::try_from(&value).map_err(D::Error::custom)
}

/// A [`Wtf8String`] that serde-wasm-bindgen carries as a JavaScript string, without loss:
/// for places `#[serde(with)]` cannot reach, such as map keys and the items of a `Vec` or an
/// `Option`.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Preserved(pub Wtf8String);

impl Serialize for Preserved {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize(&self.0, serializer)
    }
}

impl<'de> Deserialize<'de> for Preserved {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserialize(deserializer).map(Preserved)
    }
}

impl From<Wtf8String> for Preserved {
    fn from(s: Wtf8String) -> Self {
        Preserved(s)
    }
}

impl From<Preserved> for Wtf8String {
    fn from(p: Preserved) -> Self {
        p.0
    }
}
