//! [`Wtf8String`]: an owned string that can hold anything a JavaScript string (or any UTF-16) can,
//! lone surrogates included, stored as well-formed WTF-8.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::error::DecodeError;

/// An owned string of WTF-8: every Unicode scalar value and every lone surrogate, so it holds any
/// JavaScript string (or any other UTF-16) without loss, where `String` cannot hold a lone
/// surrogate and would replace it with U+FFFD.
///
/// Its bytes are always well-formed WTF-8 (the WTF-8 spec §4: UTF-8, plus a 3-byte sequence for
/// each lone surrogate, never a lead sequence followed by a trail sequence). A well-formed string
/// (no lone surrogate) is exactly its UTF-8, so [`to_str`](Self::to_str) borrows it as `&str` for
/// free.
///
/// With the `js` feature it converts to and from `js_sys::JsString` and `JsValue` losslessly, and
/// a `#[wasm_bindgen]` function can take and return it as it takes `String` (see [`crate::js`]).
/// With `serde`, it serializes as a string when it is well-formed and as its WTF-8 bytes otherwise
/// (like serde's own `OsString`, formats that have no place for lone surrogates get bytes, not a
/// mangled string); [`crate::js::preserve`] keeps it a JavaScript string through
/// serde-wasm-bindgen.
///
/// ```
/// use wtf8_wasm::Wtf8String;
/// let s = Wtf8String::from_utf16(&[0x61, 0xD83D, 0x62]); // "a", a lone lead surrogate, "b"
/// assert_eq!(s.as_bytes(), b"a\xED\xA0\xBDb");
/// assert_eq!(s.to_utf16(), [0x61, 0xD83D, 0x62]); // nothing lost
/// assert_eq!(s.to_str(), None); // not valid UTF-8
/// assert_eq!(s.to_string_lossy(), "a\u{FFFD}b");
/// assert_eq!(format!("{s:?}"), r#""a\u{d83d}b""#);
///
/// let mut joined = Wtf8String::from_utf16(&[0xD83D]);
/// joined.push_wtf8(&Wtf8String::from_utf16(&[0xDE00])); // the halves of 😀 meet again
/// assert_eq!(joined.to_str(), Some("😀"));
/// ```
#[derive(Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Wtf8String {
    bytes: Vec<u8>,
}

impl Wtf8String {
    /// An empty string.
    pub const fn new() -> Self {
        Wtf8String { bytes: Vec::new() }
    }

    /// Takes `bytes` that must be well-formed WTF-8 ([`validate_wtf8`](crate::validate_wtf8)).
    ///
    /// # Errors
    /// Where and why `bytes` are not well-formed WTF-8 (a surrogate pair spelled as two 3-byte
    /// sequences included: its WTF-8 is the 4-byte sequence).
    pub fn from_wtf8(bytes: Vec<u8>) -> Result<Self, DecodeError> {
        crate::validate_wtf8(&bytes)?;
        Ok(Wtf8String { bytes })
    }

    /// Takes `bytes` that the caller made well-formed WTF-8 (a conversion of this crate).
    #[cfg_attr(not(feature = "js"), allow(dead_code))]
    pub(crate) fn from_well_formed(bytes: Vec<u8>) -> Self {
        debug_assert!(crate::is_wtf8(&bytes));
        Wtf8String { bytes }
    }

    /// Takes `bytes` as WTF-8, replacing each ill-formed subpart with U+FFFD and joining a pair
    /// spelled as two 3-byte sequences, as [`convert_wtf8_to_utf16_lossy`](crate::convert_wtf8_to_utf16_lossy)
    /// reads them.
    pub fn from_wtf8_lossy(bytes: &[u8]) -> Self {
        if crate::is_wtf8(bytes) {
            return Wtf8String {
                bytes: bytes.to_vec(),
            };
        }
        Self::from_utf16(&crate::convert_wtf8_to_utf16_lossy(bytes))
    }

    /// The string of these UTF-16 code units, lone surrogates included.
    pub fn from_utf16(units: &[u16]) -> Self {
        Wtf8String {
            bytes: crate::convert_utf16_to_wtf8(units),
        }
    }

    /// Its WTF-8 bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Its WTF-8 bytes, as a `Vec`.
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }

    /// Its length in bytes of WTF-8.
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Whether it is empty.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Its UTF-16 code units: the JavaScript string it stands for.
    pub fn to_utf16(&self) -> Vec<u16> {
        // Well-formed WTF-8 always decodes; the lossy decoder never adds a replacement to it.
        crate::convert_wtf8_to_utf16_lossy(&self.bytes)
    }

    /// Whether it holds no lone surrogate, so that it is valid UTF-8 (and [`to_str`](Self::to_str)
    /// is `Some`).
    pub fn is_well_formed(&self) -> bool {
        crate::is_utf8(&self.bytes)
    }

    /// The string as `&str`, if it holds no lone surrogate.
    pub fn to_str(&self) -> Option<&str> {
        core::str::from_utf8(&self.bytes).ok()
    }

    /// The string as `String`, or itself back if it holds a lone surrogate.
    ///
    /// # Errors
    /// `self`, unchanged, when it holds a lone surrogate.
    pub fn into_string(self) -> Result<String, Self> {
        String::from_utf8(self.bytes).map_err(|e| Wtf8String {
            bytes: e.into_bytes(),
        })
    }

    /// The string with each lone surrogate replaced by U+FFFD: what `TextEncoder` and
    /// wasm-bindgen's `String` conversion give. Borrowed when there is none.
    pub fn to_string_lossy(&self) -> Cow<'_, str> {
        match core::str::from_utf8(&self.bytes) {
            Ok(s) => Cow::Borrowed(s),
            // (The lossy conversion is well-formed UTF-8: from_utf8_lossy changes nothing.)
            Err(_) => Cow::Owned(
                String::from_utf8_lossy(&crate::convert_wtf8_to_utf8_lossy(&self.bytes))
                    .into_owned(),
            ),
        }
    }

    /// Appends a string slice.
    pub fn push_str(&mut self, s: &str) {
        // (A `str` holds no surrogate, so nothing can pair up.)
        self.bytes.extend_from_slice(s.as_bytes());
    }

    /// Appends another WTF-8 string. A lone lead surrogate at the end of `self` and a lone trail
    /// surrogate at the start of `other` become one 4-byte sequence, as concatenating the
    /// JavaScript strings joins them into a pair.
    pub fn push_wtf8(&mut self, other: &Wtf8String) {
        crate::append_wtf8(&mut self.bytes, &other.bytes);
    }
}

impl From<&str> for Wtf8String {
    fn from(s: &str) -> Self {
        Wtf8String {
            bytes: s.as_bytes().to_vec(),
        }
    }
}

impl From<String> for Wtf8String {
    fn from(s: String) -> Self {
        Wtf8String {
            bytes: s.into_bytes(),
        }
    }
}

impl TryFrom<Vec<u8>> for Wtf8String {
    type Error = DecodeError;

    fn try_from(bytes: Vec<u8>) -> Result<Self, DecodeError> {
        Self::from_wtf8(bytes)
    }
}

impl From<Wtf8String> for Vec<u8> {
    fn from(s: Wtf8String) -> Self {
        s.bytes
    }
}

impl AsRef<[u8]> for Wtf8String {
    fn as_ref(&self) -> &[u8] {
        &self.bytes
    }
}

/// Lossy, as `TextDecoder` shows it: each lone surrogate as U+FFFD.
impl fmt::Display for Wtf8String {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_string_lossy(), f)
    }
}

/// A quoted string, as `str`'s `Debug`, with each lone surrogate as `\u{d83d}`.
impl fmt::Debug for Wtf8String {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"")?;
        for segment in crate::inspect_wtf8(&self.bytes) {
            match segment.code_point().and_then(char::from_u32) {
                // As `str`'s: a single quote as it is (`char`'s own Debug escapes it).
                Some('\'') => fmt::Write::write_char(f, '\'')?,
                Some(c) => {
                    for escaped in c.escape_debug() {
                        fmt::Write::write_char(f, escaped)?;
                    }
                }
                // A lone surrogate (well-formed WTF-8 has no other segment without a char).
                None => write!(f, "\\u{{{:x}}}", segment.code_point().unwrap_or(0xFFFD))?,
            }
        }
        f.write_str("\"")
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::Wtf8String;
    use alloc::vec::Vec;
    use core::fmt;
    use serde::de::{self, Deserialize, Deserializer, Visitor};
    use serde::ser::{Serialize, Serializer};

    /// A string when it is well-formed, else its WTF-8 bytes (serde's `OsString` also turns to
    /// bytes where a string cannot hold it): a format with strings never sees a mangled one.
    impl Serialize for Wtf8String {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            match self.to_str() {
                Some(s) => serializer.serialize_str(s),
                None => serializer.serialize_bytes(self.as_bytes()),
            }
        }
    }

    /// A string, or bytes (or a sequence of bytes) that must be well-formed WTF-8.
    impl<'de> Deserialize<'de> for Wtf8String {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer.deserialize_any(Wtf8Visitor)
        }
    }

    struct Wtf8Visitor;

    impl<'de> Visitor<'de> for Wtf8Visitor {
        type Value = Wtf8String;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a string, or the bytes of well-formed WTF-8")
        }

        fn visit_str<E: de::Error>(self, s: &str) -> Result<Wtf8String, E> {
            Ok(Wtf8String::from(s))
        }

        fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<Wtf8String, E> {
            Wtf8String::from_wtf8(bytes.to_vec()).map_err(E::custom)
        }

        fn visit_byte_buf<E: de::Error>(self, bytes: Vec<u8>) -> Result<Wtf8String, E> {
            Wtf8String::from_wtf8(bytes).map_err(E::custom)
        }

        fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Wtf8String, A::Error> {
            let mut bytes = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
            while let Some(b) = seq.next_element::<u8>()? {
                bytes.push(b);
            }
            Wtf8String::from_wtf8(bytes).map_err(de::Error::custom)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Wtf8String;
    use alloc::format;
    use alloc::string::ToString;
    use alloc::vec;

    #[test]
    fn bytes_in_must_be_well_formed_wtf8() {
        let err = Wtf8String::from_wtf8(b"\xED\xA0\x80\xED\xB0\x80".to_vec()).unwrap_err();
        assert_eq!(
            (err.code().as_str(), err.valid_up_to()),
            ("SURROGATE_PAIR", 3)
        );
        assert!(Wtf8String::from_wtf8(b"a\xC0".to_vec()).is_err());
        let lossy = Wtf8String::from_wtf8_lossy(b"a\xC0\xED\xA0\x80\xED\xB0\x80");
        assert_eq!(lossy.to_utf16(), [0x61, 0xFFFD, 0xD800, 0xDC00]);
        assert_eq!(lossy.to_str(), Some("a\u{FFFD}\u{10000}"));
    }

    #[test]
    fn views_and_conversions() {
        let s = Wtf8String::from_utf16(&[0x61, 0xDC00]);
        assert!(!s.is_well_formed());
        assert_eq!((s.len(), s.is_empty()), (4, false));
        assert_eq!(s.to_string(), "a\u{FFFD}");
        assert_eq!(format!("{s:?}"), r#""a\u{dc00}""#);
        assert_eq!(format!("{:?}", Wtf8String::from("q\"\n")), r#""q\"\n""#);
        let back = s.clone().into_string().unwrap_err();
        assert_eq!(back, s);
        assert_eq!(Wtf8String::from("ok").into_string().unwrap(), "ok");
        assert_eq!(Vec::from(s.clone()), b"a\xED\xB0\x80");
        assert_eq!(
            Wtf8String::try_from(vec![0xED, 0xB0, 0x80])
                .unwrap()
                .to_utf16(),
            [0xDC00]
        );
        assert!(Wtf8String::new().is_empty());
    }

    #[test]
    fn pushing_rejoins_halves_of_a_pair() {
        let mut s = Wtf8String::from_utf16(&[0xD83D]);
        s.push_wtf8(&Wtf8String::from_utf16(&[0xDE00, 0xD800]));
        assert_eq!(s.to_utf16(), [0xD83D, 0xDE00, 0xD800]);
        s.push_str("x");
        assert_eq!(s.as_bytes(), b"\xF0\x9F\x98\x80\xED\xA0\x80x");
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_gives_a_string_when_well_formed_and_bytes_otherwise() {
        let ok = Wtf8String::from("é");
        assert_eq!(serde_json::to_string(&ok).unwrap(), r#""é""#);
        let lone = Wtf8String::from_utf16(&[0x61, 0xD800]);
        assert_eq!(serde_json::to_string(&lone).unwrap(), "[97,237,160,128]");
        for s in [ok, lone] {
            let json = serde_json::to_string(&s).unwrap();
            assert_eq!(serde_json::from_str::<Wtf8String>(&json).unwrap(), s);
        }
        // Bytes that are not WTF-8 are an error, not a mangled string.
        assert!(serde_json::from_str::<Wtf8String>("[237,160,128,237,176,128]").is_err());
        assert!(serde_json::from_str::<Wtf8String>("42").is_err());
    }
}
