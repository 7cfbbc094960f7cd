//! JavaScript strings into Rust and back without loss, for Rust compiled to wasm with
//! wasm-bindgen (cargo feature `js`; `serde-wasm-bindgen` adds [`preserve`]).
//!
//! wasm-bindgen hands a JavaScript string to Rust as `String`/`&str` through UTF-8, so each lone
//! surrogate (half of an emoji cut by `slice`, an `<input>` event that carries one half) arrives as
//! U+FFFD and is lost. The functions here keep it: a `JsString` becomes WTF-8 (or UTF-16 code
//! units), and WTF-8 becomes the same `JsString` again.
//!
//! ```no_run
//! use js_sys::JsString;
//! use wasm_bindgen::prelude::*;
//! use wtf8_wasm::Wtf8String;
//!
//! // Before: `fn echo(s: String) -> String` turns "a\uD83D" into "a\uFFFD".
//! #[wasm_bindgen]
//! pub fn echo(s: Wtf8String) -> Wtf8String {
//!     s // comes back exactly as JavaScript passed it
//! }
//!
//! # fn f(js: JsString) -> Result<(), wtf8_wasm::DecodeError> {
//! let bytes: Vec<u8> = wtf8_wasm::js::js_string_to_wtf8(&js); // lossless
//! let back: JsString = wtf8_wasm::js::wtf8_to_js_string(&bytes)?;
//! assert_eq!(back, js);
//! # Ok(()) }
//! ```
//!
//! **How, and what it costs.** No conversion makes a JavaScript call per code unit
//! (`JsString::iter` and `char_code_at` cost about 17 ns a unit). A string goes through
//! wasm-bindgen's own fast `String` path, which writes U+FFFD for each lone surrogate; when the
//! result has no U+FFFD (or, for long text, `isWellFormed` says there is no lone surrogate) that is
//! the answer. Otherwise each U+FFFD is either a lone surrogate or a U+FFFD that was there: a few
//! are asked with one `charCodeAt` each; many (one per 64 bytes or more) all at once, with a
//! Unicode-mode regular expression that keeps only lone surrogates and U+FFFD and the global
//! `escape` (ECMAScript Annex B, in every browser, Node, Deno and Bun) that spells them in ASCII.
//! The other way, UTF-8 (checked with std's validator) becomes a string through wasm-bindgen's
//! `&str` path in one call; WTF-8 with lone surrogates becomes its well-formed runs and one-unit
//! strings, joined in one `Array.prototype.join` call. So the number of calls grows with the
//! number of lone surrogates at most, never with the length, and no JavaScript snippet is
//! involved: it works on every wasm-bindgen target (`bundler`, `web`, `nodejs`, `deno`,
//! `no-modules`). Speed against wasm-bindgen's own lossy conversions: benches/README.md,
//! "From Rust (wasm-bindgen)".

use alloc::string::String;
use alloc::vec::Vec;

use js_sys::{Array, JsString, RegExp};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};

use crate::error::{DecodeError, LoneSurrogateError};
use crate::grammar::is_surrogate;
use crate::restore::{restore_lone_surrogates, units_of_escaped, utf16_len};
use crate::Wtf8String;

/// The WTF-8 of a JavaScript string: every code unit kept, lone surrogates included.
///
/// ```no_run
/// # use js_sys::JsString;
/// let js = JsString::from_char_code(&[0x61, 0xD83D]); // "a" and half an emoji
/// assert_eq!(wtf8_wasm::js::js_string_to_wtf8(&js), b"a\xED\xA0\xBD");
/// ```
///
/// Complexity: O(n); one JavaScript call (wasm-bindgen's own `String` conversion) when the string
/// has no U+FFFD or lone surrogate; else one more per U+FFFD or lone surrogate, up to five in all
/// when they are many.
pub fn js_string_to_wtf8(s: &JsString) -> Vec<u8> {
    let text = String::from(s);
    if nothing_lost(s, &text) {
        return text.into_bytes();
    }
    let mut out = Vec::with_capacity(text.len());
    restore_surrogates(s, &text, &mut out);
    out
}

/// [`js_string_to_wtf8`], appended to `dst` (whose bytes are not looked at: to join WTF-8 strings,
/// use [`append_wtf8_into`](crate::append_wtf8_into)).
///
/// ```no_run
/// # use js_sys::JsString;
/// let mut out = b"key=".to_vec();
/// wtf8_wasm::js::js_string_to_wtf8_into(&JsString::from_char_code(&[0xDC00]), &mut out);
/// assert_eq!(out, b"key=\xED\xB0\x80");
/// ```
pub fn js_string_to_wtf8_into(s: &JsString, dst: &mut Vec<u8>) {
    let text = String::from(s);
    if nothing_lost(s, &text) {
        dst.extend_from_slice(text.as_bytes());
        return;
    }
    restore_surrogates(s, &text, dst);
}

/// The UTF-16 code units of a JavaScript string, in a few calls rather than one per unit.
///
/// Complexity: O(n); as [`js_string_to_wtf8`].
///
/// ```no_run
/// # use js_sys::JsString;
/// let js = JsString::from_char_code(&[0x61, 0xD800, 0xFFFD]);
/// assert_eq!(wtf8_wasm::js::js_string_to_utf16(&js), [0x61, 0xD800, 0xFFFD]);
/// ```
pub fn js_string_to_utf16(s: &JsString) -> Vec<u16> {
    // (js_string_to_wtf8 gives well-formed WTF-8, which the lenient decoder leaves as it is.)
    crate::convert_wtf8_to_utf16_lossy(&js_string_to_wtf8(s))
}

/// A JavaScript string as `String`, if it has no lone surrogate.
///
/// # Errors
/// The first lone surrogate: its code unit index (JavaScript's string index) and the unit.
///
/// ```no_run
/// # use js_sys::JsString;
/// let err = wtf8_wasm::js::js_string_to_string(&JsString::from_char_code(&[0x61, 0xDC00])).unwrap_err();
/// assert_eq!((err.index(), err.unit()), (1, 0xDC00));
/// ```
pub fn js_string_to_string(s: &JsString) -> Result<String, LoneSurrogateError> {
    let text = String::from(s);
    if nothing_lost(s, &text) {
        return Ok(text);
    }
    let at: Vec<usize> = text.match_indices('\u{FFFD}').map(|(i, _)| i).collect();
    let units = units_at(s, &text, &at);
    let mut index = 0;
    let mut start = 0;
    for (&i, &unit) in at.iter().zip(&units) {
        index += utf16_len(&text.as_bytes()[start..i]);
        if is_surrogate(u32::from(unit)) {
            return Err(LoneSurrogateError { index, unit });
        }
        index += 1;
        start = i + 3;
    }
    Ok(text)
}

/// A JavaScript string as `String`, each lone surrogate replaced by U+FFFD: what wasm-bindgen's
/// own `String` conversion and `TextEncoder` give. Named for what it loses.
///
/// ```no_run
/// # use js_sys::JsString;
/// let js = JsString::from_char_code(&[0x61, 0xD800]);
/// assert_eq!(wtf8_wasm::js::js_string_to_string_lossy(&js), "a\u{FFFD}");
/// ```
pub fn js_string_to_string_lossy(s: &JsString) -> String {
    String::from(s)
}

/// The JavaScript string of well-formed WTF-8, lone surrogates included.
///
/// # Errors
/// Where and why `wtf8` is not well-formed WTF-8 ([`validate_wtf8`](crate::validate_wtf8)),
/// as `decode(bytes, { fatal: true })` of the npm package reports it.
///
/// ```no_run
/// let js = wtf8_wasm::js::wtf8_to_js_string(b"a\xED\xA0\xBD").unwrap();
/// assert_eq!((js.length(), js.char_code_at(1)), (2, f64::from(0xD83D)));
/// assert!(wtf8_wasm::js::wtf8_to_js_string(b"a\xC0").is_err());
/// ```
///
/// Complexity: O(n); one JavaScript call per well-formed run and per lone surrogate, plus one.
pub fn wtf8_to_js_string(wtf8: &[u8]) -> Result<JsString, DecodeError> {
    // UTF-8 (std's validator, the quickest check there is) is well-formed WTF-8 without surrogates.
    if let Ok(text) = core::str::from_utf8(wtf8) {
        return Ok(JsString::from(text));
    }
    crate::validate_wtf8(wtf8)?;
    Ok(well_formed_to_js_string(wtf8))
}

/// The JavaScript string of any bytes read as WTF-8: each ill-formed subpart becomes U+FFFD and a
/// pair spelled as two 3-byte sequences a real pair, as `TextDecoder` and the npm package's
/// lenient `decode` read them.
///
/// ```no_run
/// let js = wtf8_wasm::js::wtf8_to_js_string_lossy(b"a\xC0\xED\xA0\x80\xED\xB0\x80");
/// // "a", U+FFFD for the ill-formed C0, and the spelled-out pair as a real pair.
/// assert_eq!(wtf8_wasm::js::js_string_to_utf16(&js), [0x61, 0xFFFD, 0xD800, 0xDC00]);
/// ```
pub fn wtf8_to_js_string_lossy(wtf8: &[u8]) -> JsString {
    if let Ok(text) = core::str::from_utf8(wtf8) {
        return JsString::from(text);
    }
    if crate::is_wtf8(wtf8) {
        return well_formed_to_js_string(wtf8);
    }
    well_formed_to_js_string(Wtf8String::from_wtf8_lossy(wtf8).as_bytes())
}

/// The JavaScript string of UTF-16 code units, lone surrogates included (without
/// `String.fromCharCode`'s argument spreading, which is slow and overflows the stack on long input).
///
/// ```no_run
/// let js = wtf8_wasm::js::utf16_to_js_string(&[0xDBFF, 0x62]);
/// assert_eq!((js.length(), js.char_code_at(0)), (2, f64::from(0xDBFF)));
/// ```
pub fn utf16_to_js_string(units: &[u16]) -> JsString {
    well_formed_to_js_string(&crate::convert_utf16_to_wtf8(units))
}

/// A `JsValue` that is not a string, where one was needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotAString;

impl core::fmt::Display for NotAString {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("the JavaScript value is not a string")
    }
}

impl core::error::Error for NotAString {}

/// Builds the JavaScript string of well-formed WTF-8: its UTF-8 runs through wasm-bindgen's `&str`
/// path, each surrogate sequence as a one-unit string, the pieces joined in one call.
fn well_formed_to_js_string(wtf8: &[u8]) -> JsString {
    let mut start = 0;
    let mut pieces: Option<Array> = None;
    let mut at = 0;
    while let Some(found) = find_surrogate_sequence(&wtf8[at..]) {
        let i = at + found;
        let array = pieces.get_or_insert_with(Array::new);
        if i > start {
            array.push(&JsValue::from_str(utf8_run(&wtf8[start..i])));
        }
        let unit = 0xD000 | (u16::from(wtf8[i + 1] & 0x3F) << 6) | u16::from(wtf8[i + 2] & 0x3F);
        // (`into`: the parameter is u32, or u16 under js-sys's unstable APIs.)
        array.push(&JsString::from_char_code1(unit.into()));
        start = i + 3;
        at = start;
    }
    match pieces {
        None => JsString::from(utf8_run(wtf8)),
        Some(array) => {
            if start < wtf8.len() {
                array.push(&JsValue::from_str(utf8_run(&wtf8[start..])));
            }
            array.join("")
        }
    }
}

/// Where the first surrogate sequence (ED A0..BF xx) of well-formed WTF-8 starts.
fn find_surrogate_sequence(wtf8: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = wtf8[from..].iter().position(|&b| b == 0xED) {
        let i = from + i;
        if wtf8.get(i + 1).is_some_and(|&b| b >= 0xA0) {
            return Some(i);
        }
        from = i + 1;
    }
    None
}

/// Well-formed WTF-8 without surrogate sequences, which is UTF-8, as `&str`.
fn utf8_run(bytes: &[u8]) -> &str {
    // Cannot fail: well-formed WTF-8 without surrogate sequences is well-formed UTF-8. Should it
    // ever, the run is replaced rather than the program stopped.
    core::str::from_utf8(bytes).unwrap_or("\u{FFFD}")
}

/// Whether `text`, the lossy UTF-8 of `s` (wasm-bindgen's `String` conversion), lost nothing: it has
/// no U+FFFD (looked for in Rust: short text), or `s` has no lone surrogate (`isWellFormed`, one
/// call, but a native scan many times quicker than Rust's on long text: 0.5 against 1.0 ms for
/// 1 M units on Node 26, benches/js-string.mjs).
fn nothing_lost(s: &JsString, text: &str) -> bool {
    if text.len() <= 256 {
        !text.contains('\u{FFFD}')
    } else {
        s.is_well_formed()
    }
}

/// Writes the WTF-8 of `s` to `dst`, given `text`, its lossy UTF-8 (wasm-bindgen's `String`
/// conversion, which writes U+FFFD for each lone surrogate): each U+FFFD in `text` is either a lone
/// surrogate of `s`, whose 3-byte sequence goes in its place, or a U+FFFD that was there.
fn restore_surrogates(s: &JsString, text: &str, dst: &mut Vec<u8>) {
    let at: Vec<usize> = text.match_indices('\u{FFFD}').map(|(i, _)| i).collect();
    let mut units = units_at(s, text, &at).into_iter();
    let start = dst.len();
    dst.extend_from_slice(text.as_bytes());
    restore_lone_surrogates(&mut dst[start..], |_| units.next().unwrap_or(0xFFFD));
}

/// The code units of `s` behind the U+FFFDs of `text` (its lossy UTF-8) at byte offsets `at`: each
/// a lone surrogate or a U+FFFD. Few of them: one `charCodeAt` each (about 100 ns a call on Node
/// 26). Many (one per 64 bytes or more): all at once ([`marks_of`], a fixed cost of about 1 ns a
/// unit). The two cost the same at one lone surrogate per 50 units of 1 M (benches/js-string.mjs).
fn units_at(s: &JsString, text: &str, at: &[usize]) -> Vec<u16> {
    if at.len() > 2 && at.len() * 64 >= text.len() {
        return marks_of(s);
    }
    let mut index = 0;
    let mut start = 0;
    at.iter()
        .map(|&i| {
            index += utf16_len(&text.as_bytes()[start..i]);
            let unit = s.char_code_at(index as u32) as u16;
            (index, start) = (index + 1, i + 3);
            unit
        })
        .collect()
}

/// The lone surrogates and U+FFFDs of `s`, in order: one code unit for each U+FFFD of its lossy
/// UTF-8, in four JavaScript calls whatever their number. A regular expression in Unicode mode
/// removes everything else (it reads a surrogate pair as one code point, so only lone surrogates
/// match the range D800–DFFF), `escape` spells what is left as ASCII (`%uD83D`), and that comes
/// over as a `String`.
fn marks_of(s: &JsString) -> Vec<u16> {
    // (Made each time: a no_std crate has no thread-local to keep it in; one call more.)
    let others = RegExp::new("[^\\uD800-\\uDFFF\\uFFFD]+", "gu");
    let marks = s.replace_by_pattern(&others, "");
    let escaped = String::from(escape(&marks));
    units_of_escaped(escaped.as_bytes()).collect()
}

#[wasm_bindgen]
extern "C" {
    /// The global `escape` (ECMAScript Annex B, in every browser, Node, Deno and Bun): every code
    /// unit from U+0100 up as `%uXXXX`. js-sys's binding takes a `&str`, which would lose exactly
    /// the lone surrogates this is for.
    #[wasm_bindgen(js_name = escape)]
    fn escape(s: &JsString) -> JsString;
}

impl From<&JsString> for Wtf8String {
    fn from(s: &JsString) -> Self {
        Wtf8String::from_well_formed(js_string_to_wtf8(s), false)
    }
}

impl From<JsString> for Wtf8String {
    fn from(s: JsString) -> Self {
        Wtf8String::from(&s)
    }
}

impl From<&Wtf8String> for JsString {
    fn from(s: &Wtf8String) -> Self {
        match s.to_str() {
            Some(text) => JsString::from(text),
            None => well_formed_to_js_string(s.as_bytes()),
        }
    }
}

impl From<Wtf8String> for JsString {
    fn from(s: Wtf8String) -> Self {
        JsString::from(&s)
    }
}

impl From<Wtf8String> for JsValue {
    fn from(s: Wtf8String) -> Self {
        JsString::from(&s).into()
    }
}

/// A `JsValue` that is a string; anything else (a number, `undefined`, a `String` object) is
/// [`NotAString`], never a panic.
impl TryFrom<&JsValue> for Wtf8String {
    type Error = NotAString;

    fn try_from(value: &JsValue) -> Result<Self, NotAString> {
        value
            .dyn_ref::<JsString>()
            .filter(|_| value.is_string())
            .map(Wtf8String::from)
            .ok_or(NotAString)
    }
}

impl TryFrom<JsValue> for Wtf8String {
    type Error = NotAString;

    fn try_from(value: JsValue) -> Result<Self, NotAString> {
        Wtf8String::try_from(&value)
    }
}

/// wasm-bindgen's ABI for [`Wtf8String`]: it crosses the boundary as a JavaScript string (the
/// `JsString` ABI, TypeScript `string`), converted losslessly on the Rust side, so a
/// `#[wasm_bindgen]` function takes and returns it as it takes and returns `String`.
#[allow(unsafe_code)]
mod abi {
    use super::{JsString, Wtf8String};
    use wasm_bindgen::convert::{FromWasmAbi, IntoWasmAbi};
    use wasm_bindgen::describe::WasmDescribe;

    impl WasmDescribe for Wtf8String {
        fn describe() {
            <JsString as WasmDescribe>::describe();
        }
    }

    impl FromWasmAbi for Wtf8String {
        type Abi = <JsString as FromWasmAbi>::Abi;

        unsafe fn from_abi(js: Self::Abi) -> Self {
            // SAFETY: `js` comes with the guarantee wasm-bindgen gives `FromWasmAbi::from_abi`, for
            // a value described as a JsString (above), which is what JsString::from_abi needs.
            Wtf8String::from(&unsafe { JsString::from_abi(js) })
        }
    }

    impl IntoWasmAbi for Wtf8String {
        type Abi = <JsString as IntoWasmAbi>::Abi;

        fn into_abi(self) -> Self::Abi {
            JsString::from(&self).into_abi()
        }
    }
}

/// Lone surrogates kept through serde-wasm-bindgen (cargo feature `serde-wasm-bindgen`).
///
/// serde-wasm-bindgen reads every string field through the lossy `as_string()`, so a `String` (or
/// a plain [`Wtf8String`]) field of a struct deserialized from a JavaScript object gets U+FFFD for
/// each lone surrogate. A field marked `#[serde(with = "wtf8_wasm::js::preserve")]`, or of type
/// [`Preserved`] (for map keys, `Option`s, `Vec`s), is carried through serde as the JavaScript
/// string itself (serde-wasm-bindgen's `preserve`) and converted here without loss, both ways.
/// Only serde-wasm-bindgen can carry it: with any other format these fail with an error.
///
/// ```no_run
/// use std::collections::BTreeMap;
/// use serde::{Deserialize, Serialize};
/// use wtf8_wasm::js::preserve::Preserved;
/// use wtf8_wasm::Wtf8String;
///
/// #[derive(Serialize, Deserialize)]
/// struct Message {
///     #[serde(with = "wtf8_wasm::js::preserve")]
///     text: Wtf8String,
///     tags: BTreeMap<Preserved, Preserved>,
/// }
///
/// # fn f(value: wasm_bindgen::JsValue) -> Result<(), serde_wasm_bindgen::Error> {
/// let message: Message = serde_wasm_bindgen::from_value(value)?; // lone surrogates kept
/// let back = serde_wasm_bindgen::to_value(&message)?;            // and given back
/// # Ok(()) }
/// ```
#[cfg(feature = "serde-wasm-bindgen")]
pub mod preserve {
    use super::{JsString, JsValue, Wtf8String};
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
}
