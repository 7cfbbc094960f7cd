//! [`JsStringExt`]: lossless conversions on `js_sys::JsString`, as `OsStrExt` and `OsStringExt`
//! add them to `OsStr` and `OsString` on Windows.

use alloc::string::String;
use alloc::vec::Vec;

use js_sys::JsString;

use super::read::read;
use super::write::{write, write_string};
use crate::error::{DecodeError, LoneSurrogateError};
use crate::restore::utf16_len;
use crate::wtf8_string::find_surrogate_sequence;
use crate::Wtf8String;

/// What a `TypeError` calls a `JsString` that is not a string.
const RECEIVER: &str = "a JsString";

mod sealed {
    pub trait Sealed {}
    impl Sealed for js_sys::JsString {}
}

/// Lossless conversions between a JavaScript string (`js_sys::JsString`) and WTF-8, UTF-16 and
/// `String`, as `std::os::windows::ffi::OsStrExt` gives an `OsStr` its UTF-16. Bring it into scope
/// with `use wtf8_wasm::js::JsStringExt;`.
///
/// The methods that read a `JsString` throw a JavaScript `TypeError` ("a JsString must be a
/// string, got number") if it holds no string at all, which wasm-bindgen allows: a
/// `#[wasm_bindgen]` function's `JsString` argument is not checked, so JavaScript can pass a
/// number there. ([`Wtf8String`] arguments are checked, and `Wtf8String::try_from(&JsValue)`
/// checks without throwing.)
///
/// ```no_run
/// use js_sys::JsString;
/// use wtf8_wasm::js::JsStringExt;
///
/// let js = JsString::from_utf16(&[0x61, 0xD83D]); // "a" and half an emoji
/// assert_eq!(js.to_wtf8().as_bytes(), b"a\xED\xA0\xBD"); // kept
/// assert_eq!(js.to_utf16(), [0x61, 0xD83D]);
/// assert_eq!(js.to_string_strict().unwrap_err().index(), 1); // where String would lose it
/// assert_eq!(js.to_string_lossy(), "a\u{FFFD}"); // what String gives
/// assert_eq!(JsString::from_wtf8(b"a\xED\xA0\xBD").unwrap(), js);
/// ```
pub trait JsStringExt: sealed::Sealed {
    /// The string as WTF-8, every code unit kept, lone surrogates included. The inverse of
    /// [`from_wtf8`](Self::from_wtf8); the same as `Wtf8String::from(&js)`. To append it to a
    /// [`Wtf8String`], [`Wtf8String::push_js_string`].
    ///
    /// ```no_run
    /// use wtf8_wasm::js::JsStringExt;
    /// let js = js_sys::JsString::from_utf16(&[0xDC00]);
    /// assert_eq!(js.to_wtf8().into_bytes(), b"\xED\xB0\x80");
    /// ```
    ///
    /// Complexity: O(n). One JavaScript call (wasm-bindgen's own `String` conversion) for a
    /// string without U+FFFD, and one more, `isWellFormed()`, for a long one; then one
    /// `charCodeAt` per lone surrogate or U+FFFD.
    fn to_wtf8(&self) -> Wtf8String;

    /// The string's UTF-16 code units, lone surrogates included, in a few JavaScript calls
    /// rather than one per unit. The inverse of [`from_utf16`](Self::from_utf16).
    ///
    /// ```no_run
    /// use wtf8_wasm::js::JsStringExt;
    /// let js = js_sys::JsString::from_utf16(&[0x61, 0xD800, 0xFFFD]);
    /// assert_eq!(js.to_utf16(), [0x61, 0xD800, 0xFFFD]);
    /// ```
    ///
    /// Complexity: as [`to_wtf8`](Self::to_wtf8), then O(n) to decode.
    fn to_utf16(&self) -> Vec<u16>;

    /// The string as `String`, if it has no lone surrogate.
    ///
    /// # Errors
    /// The first lone surrogate: its code unit index (JavaScript's string index) and the unit,
    /// where wasm-bindgen's own conversion would have put U+FFFD.
    ///
    /// ```no_run
    /// use wtf8_wasm::js::JsStringExt;
    /// let err = js_sys::JsString::from_utf16(&[0x61, 0xDC00]).to_string_strict().unwrap_err();
    /// assert_eq!((err.index(), err.unit()), (1, 0xDC00));
    /// ```
    ///
    /// Complexity: as [`to_wtf8`](Self::to_wtf8).
    fn to_string_strict(&self) -> Result<String, LoneSurrogateError>;

    /// The string as `String`, each lone surrogate replaced by U+FFFD: what wasm-bindgen's own
    /// `String` conversion and `TextEncoder` give. Lossy, and named for it.
    ///
    /// ```no_run
    /// use wtf8_wasm::js::JsStringExt;
    /// let js = js_sys::JsString::from_utf16(&[0x61, 0xD800]);
    /// assert_eq!(js.to_string_lossy(), "a\u{FFFD}");
    /// ```
    ///
    /// Complexity: O(n), one JavaScript call.
    fn to_string_lossy(&self) -> String;

    /// The JavaScript string of well-formed WTF-8, lone surrogates included. The inverse of
    /// [`to_wtf8`](Self::to_wtf8); for a [`Wtf8String`], `JsString::from(&s)` (no check needed).
    ///
    /// # Errors
    /// Where and why `wtf8` is not well-formed WTF-8 ([`validate_wtf8`](crate::validate_wtf8)),
    /// as `decode(bytes, { fatal: true })` of the npm package reports it.
    ///
    /// ```no_run
    /// use js_sys::JsString;
    /// use wtf8_wasm::js::JsStringExt;
    /// let js = JsString::from_wtf8(b"a\xED\xA0\xBD").unwrap();
    /// assert_eq!((js.length(), js.char_code_at(1)), (2, f64::from(0xD83D)));
    /// assert_eq!(JsString::from_wtf8(b"a\xC0").unwrap_err().valid_up_to(), 1);
    /// ```
    ///
    /// Complexity: O(n). One JavaScript call for UTF-8 (no surrogate sequence); with surrogate
    /// sequences, about four per sequence when there are a few, else seven per 8,192.
    fn from_wtf8(wtf8: &[u8]) -> Result<JsString, DecodeError>;

    /// The JavaScript string of any bytes read as WTF-8: each ill-formed subpart becomes U+FFFD
    /// and a pair spelled as two 3-byte sequences a real pair, as `TextDecoder` and the npm
    /// package's lenient `decode` read them. Lossy only for bytes that are not well-formed.
    ///
    /// ```no_run
    /// use js_sys::JsString;
    /// use wtf8_wasm::js::JsStringExt;
    /// let js = JsString::from_wtf8_lossy(b"a\xC0\xED\xA0\x80\xED\xB0\x80");
    /// // "a", U+FFFD for the ill-formed C0, and the spelled-out pair as a real pair.
    /// assert_eq!(js.to_utf16(), [0x61, 0xFFFD, 0xD800, 0xDC00]);
    /// ```
    ///
    /// Complexity: as [`from_wtf8`](Self::from_wtf8).
    fn from_wtf8_lossy(bytes: &[u8]) -> JsString;

    /// The JavaScript string of UTF-16 code units, lone surrogates included (without
    /// `String.fromCharCode`'s argument spreading, which is slow and overflows the stack on long
    /// input). The inverse of [`to_utf16`](Self::to_utf16).
    ///
    /// ```no_run
    /// use js_sys::JsString;
    /// use wtf8_wasm::js::JsStringExt;
    /// let js = JsString::from_utf16(&[0xDBFF, 0x62]);
    /// assert_eq!((js.length(), js.char_code_at(0)), (2, f64::from(0xDBFF)));
    /// ```
    ///
    /// Complexity: O(n), as [`from_wtf8`](Self::from_wtf8) of its WTF-8.
    fn from_utf16(units: &[u16]) -> JsString;
}

impl JsStringExt for JsString {
    fn to_wtf8(&self) -> Wtf8String {
        read(self).unwrap_or_else(|err| err.throw(RECEIVER))
    }

    fn to_utf16(&self) -> Vec<u16> {
        // (to_wtf8 gives well-formed WTF-8, which the lenient decoder leaves as it is.)
        crate::convert_wtf8_to_utf16_lossy(self.to_wtf8().as_bytes())
    }

    fn to_string_strict(&self) -> Result<String, LoneSurrogateError> {
        self.to_wtf8()
            .into_string()
            .map_err(|s| first_lone(s.as_bytes()))
    }

    fn to_string_lossy(&self) -> String {
        self.as_string()
            .unwrap_or_else(|| super::NotAString::of(self).throw(RECEIVER))
    }

    fn from_wtf8(wtf8: &[u8]) -> Result<JsString, DecodeError> {
        crate::validate_wtf8(wtf8)?;
        Ok(write(wtf8))
    }

    fn from_wtf8_lossy(bytes: &[u8]) -> JsString {
        if crate::is_wtf8(bytes) {
            return write(bytes);
        }
        JsString::from(&Wtf8String::from_wtf8_lossy(bytes))
    }

    fn from_utf16(units_in: &[u16]) -> JsString {
        write(&crate::convert_utf16_to_wtf8(units_in))
    }
}

/// The first lone surrogate of well-formed WTF-8 that has one: its code unit index and unit.
fn first_lone(wtf8: &[u8]) -> LoneSurrogateError {
    let at = find_surrogate_sequence(wtf8).unwrap_or(wtf8.len());
    let unit = match wtf8.get(at..at + 3) {
        Some(&[_, b1, b2]) => 0xD000 | (u16::from(b1 & 0x3F) << 6) | u16::from(b2 & 0x3F),
        // Never: `into_string` refuses only strings with a surrogate sequence.
        _ => 0xFFFD,
    };
    LoneSurrogateError {
        index: utf16_len(&wtf8[..at]),
        unit,
    }
}

impl Wtf8String {
    /// Appends a JavaScript string, lone surrogates kept; a lone lead surrogate at the end of
    /// `self` and a lone trail surrogate at the start of `s` become one pair, as JavaScript's `+`
    /// joins them (feature `js`).
    ///
    /// Throws a JavaScript `TypeError` if `s` holds no string (see [`JsStringExt`]).
    ///
    /// ```no_run
    /// use js_sys::JsString;
    /// use wtf8_wasm::js::JsStringExt;
    /// let mut s = wtf8_wasm::Wtf8String::from("key=");
    /// s.push_js_string(&JsString::from_utf16(&[0xDC00]));
    /// assert_eq!(s.as_bytes(), b"key=\xED\xB0\x80");
    /// ```
    ///
    /// Complexity: as [`JsStringExt::to_wtf8`], plus a copy.
    pub fn push_js_string(&mut self, s: &JsString) {
        self.push_wtf8(&s.to_wtf8());
    }
}

impl From<&JsString> for Wtf8String {
    /// [`JsStringExt::to_wtf8`]: lossless; throws a `TypeError` if `s` holds no string.
    fn from(s: &JsString) -> Self {
        s.to_wtf8()
    }
}

impl From<JsString> for Wtf8String {
    /// [`JsStringExt::to_wtf8`]: lossless; throws a `TypeError` if `s` holds no string.
    fn from(s: JsString) -> Self {
        s.to_wtf8()
    }
}

impl From<&Wtf8String> for JsString {
    /// The JavaScript string it stands for: lossless. One JavaScript call when it has no lone
    /// surrogate (as returning a `String` costs).
    fn from(s: &Wtf8String) -> Self {
        write_string(s)
    }
}

impl From<Wtf8String> for JsString {
    fn from(s: Wtf8String) -> Self {
        JsString::from(&s)
    }
}

impl From<Wtf8String> for wasm_bindgen::JsValue {
    fn from(s: Wtf8String) -> Self {
        JsString::from(&s).into()
    }
}

/// A `JsValue` that is a string, converted losslessly; anything else (a number, `undefined`, a
/// `String` object) is [`NotAString`](super::NotAString), saying what it was, never a panic.
impl TryFrom<&wasm_bindgen::JsValue> for Wtf8String {
    type Error = super::NotAString;

    fn try_from(value: &wasm_bindgen::JsValue) -> Result<Self, super::NotAString> {
        read(value)
    }
}

impl TryFrom<wasm_bindgen::JsValue> for Wtf8String {
    type Error = super::NotAString;

    fn try_from(value: wasm_bindgen::JsValue) -> Result<Self, super::NotAString> {
        read(&value)
    }
}
