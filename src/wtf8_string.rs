//! [`Wtf8String`]: an owned string that can hold anything a JavaScript string (or any UTF-16) can,
//! lone surrogates included, stored as well-formed WTF-8.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::iter::FusedIterator;

use crate::error::DecodeError;
use crate::grammar::{read_sequence, units, Seq};

/// An owned string of WTF-8: every Unicode scalar value and every lone surrogate, so it holds any
/// JavaScript string (or any other UTF-16) without loss, where `String` cannot hold a lone
/// surrogate and would replace it with U+FFFD.
///
/// Its bytes are always well-formed WTF-8 (the WTF-8 spec §4: UTF-8, plus a 3-byte sequence for
/// each lone surrogate, never a lead sequence followed by a trail sequence). A well-formed string
/// (no lone surrogate) is exactly its UTF-8, so [`to_str`](Self::to_str) borrows it as `&str`
/// without copying. WTF-8 is for holding strings inside a program; at the boundary to the outside
/// world convert to UTF-8, lossily ([`to_string_lossy`](Self::to_string_lossy)) or strictly
/// ([`into_string`](Self::into_string)).
///
/// Like the standard library's WTF-8 buffer, it remembers when it is known to hold no lone
/// surrogate (made from a `str`, or from a JavaScript string that had none), so that
/// [`to_str`](Self::to_str), [`into_string`](Self::into_string) and the conversion back to a
/// JavaScript string need not look at the bytes again. Equality, order and hashing are those of
/// the bytes alone.
///
/// With the `js` feature it converts to and from `js_sys::JsString` and `JsValue` losslessly, and
/// a `#[wasm_bindgen]` function takes and returns it, `Option`s and `Vec`s of it, and `&Wtf8String`,
/// as it takes `String` (see [`crate::js`]); [`push_js_string`](Self::push_js_string) appends a
/// JavaScript string, re-pairing at the seam as [`push_wtf8`](Self::push_wtf8) does, to build one
/// string up from several. With `serde`, it serializes as a string when it is well-formed and as
/// its WTF-8 bytes otherwise (like serde's own `OsString`, formats that have no place for lone
/// surrogates get bytes, not a mangled string); [`crate::js::preserve`] keeps it a JavaScript
/// string through serde-wasm-bindgen.
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
/// assert_eq!(joined, "😀");
/// ```
#[derive(Clone)]
pub struct Wtf8String {
    /// Well-formed WTF-8, always.
    bytes: Vec<u8>,
    /// `true` when `bytes` are known to hold no surrogate sequence (so they are UTF-8); `false`
    /// when they may.
    utf8: bool,
}

impl Wtf8String {
    /// An empty string. Does not allocate.
    ///
    /// ```
    /// assert!(wtf8_wasm::Wtf8String::new().is_empty());
    /// ```
    pub const fn new() -> Self {
        Wtf8String {
            bytes: Vec::new(),
            utf8: true,
        }
    }

    /// An empty string with room for `capacity` bytes of WTF-8 (at most 3 per UTF-16 code unit).
    ///
    /// ```
    /// let s = wtf8_wasm::Wtf8String::with_capacity(30);
    /// assert!(s.is_empty() && s.capacity() >= 30);
    /// ```
    pub fn with_capacity(capacity: usize) -> Self {
        Wtf8String {
            bytes: Vec::with_capacity(capacity),
            utf8: true,
        }
    }

    /// Takes `bytes` that must be well-formed WTF-8 ([`validate_wtf8`](crate::validate_wtf8)),
    /// without copying them. The inverse of [`into_bytes`](Self::into_bytes).
    ///
    /// # Errors
    /// Where and why `bytes` are not well-formed WTF-8 (a surrogate pair spelled as two 3-byte
    /// sequences included: its WTF-8 is the 4-byte sequence), with `bytes` themselves, which
    /// [`FromWtf8Error::into_bytes`] gives back, as `String::from_utf8`'s error does.
    ///
    /// ```
    /// use wtf8_wasm::Wtf8String;
    /// assert_eq!(Wtf8String::from_wtf8(b"a\xED\xA0\xBD".to_vec()).unwrap().to_utf16(), [0x61, 0xD83D]);
    /// let err = Wtf8String::from_wtf8(b"ab\xC0".to_vec()).unwrap_err();
    /// assert_eq!(err.decode_error().valid_up_to(), 2);
    /// assert_eq!(err.into_bytes(), b"ab\xC0"); // nothing lost
    /// ```
    ///
    /// Complexity: O(n), no allocation.
    pub fn from_wtf8(bytes: Vec<u8>) -> Result<Self, FromWtf8Error> {
        match crate::validate_wtf8(&bytes) {
            Ok(()) => Ok(Wtf8String { bytes, utf8: false }),
            Err(error) => Err(FromWtf8Error { bytes, error }),
        }
    }

    /// Takes `bytes` that the caller made well-formed WTF-8 (a conversion of this crate), and
    /// whether they are known to be UTF-8.
    #[cfg_attr(not(feature = "js"), allow(dead_code))]
    pub(crate) fn from_well_formed(bytes: Vec<u8>, utf8: bool) -> Self {
        debug_assert!(crate::is_wtf8(&bytes));
        debug_assert!(!utf8 || find_surrogate_sequence(&bytes).is_none());
        Wtf8String { bytes, utf8 }
    }

    /// Takes `bytes` as WTF-8, replacing each ill-formed subpart with U+FFFD and joining a pair
    /// spelled as two 3-byte sequences, as
    /// [`convert_wtf8_to_utf16_lossy`](crate::convert_wtf8_to_utf16_lossy) reads them. Lossy
    /// only for bytes that are not well-formed WTF-8; those are copied as they are.
    ///
    /// ```
    /// let s = wtf8_wasm::Wtf8String::from_wtf8_lossy(b"a\xC0\xED\xA0\x80\xED\xB0\x80");
    /// assert_eq!(s.to_utf16(), [0x61, 0xFFFD, 0xD800, 0xDC00]);
    /// ```
    ///
    /// Complexity: O(n); one allocation (two when the bytes are ill-formed).
    pub fn from_wtf8_lossy(bytes: &[u8]) -> Self {
        if crate::is_wtf8(bytes) {
            return Wtf8String {
                bytes: bytes.to_vec(),
                utf8: false,
            };
        }
        Self::from_utf16(&crate::convert_wtf8_to_utf16_lossy(bytes))
    }

    /// The string of these UTF-16 code units, lone surrogates included. Lossless; the inverse of
    /// [`to_utf16`](Self::to_utf16) and of [`encode_utf16`](Self::encode_utf16).
    ///
    /// ```
    /// let s = wtf8_wasm::Wtf8String::from_utf16(&[0xDC00, 0x61]);
    /// assert_eq!(s.as_bytes(), b"\xED\xB0\x80a");
    /// ```
    ///
    /// Complexity: O(n); one allocation of at most 3 bytes per unit.
    pub fn from_utf16(units: &[u16]) -> Self {
        Wtf8String {
            bytes: crate::convert_utf16_to_wtf8(units),
            utf8: false,
        }
    }

    /// Its WTF-8 bytes.
    ///
    /// ```
    /// assert_eq!(wtf8_wasm::Wtf8String::from("é").as_bytes(), b"\xC3\xA9");
    /// ```
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Its WTF-8 bytes, as a `Vec`, without copying. The inverse of [`from_wtf8`](Self::from_wtf8).
    ///
    /// ```
    /// assert_eq!(wtf8_wasm::Wtf8String::from_utf16(&[0xD800]).into_bytes(), b"\xED\xA0\x80");
    /// ```
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }

    /// Its length in bytes of WTF-8 (not in UTF-16 code units: `"é"` is 2 bytes, 1 unit).
    ///
    /// ```
    /// assert_eq!(wtf8_wasm::Wtf8String::from("é").len(), 2);
    /// ```
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Whether it is empty.
    ///
    /// ```
    /// assert!(wtf8_wasm::Wtf8String::from("").is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// How many bytes it can hold without allocating.
    ///
    /// ```
    /// assert!(wtf8_wasm::Wtf8String::with_capacity(8).capacity() >= 8);
    /// ```
    pub fn capacity(&self) -> usize {
        self.bytes.capacity()
    }

    /// Makes room for at least `additional` more bytes.
    ///
    /// ```
    /// let mut s = wtf8_wasm::Wtf8String::new();
    /// s.reserve(12);
    /// assert!(s.capacity() >= 12);
    /// ```
    pub fn reserve(&mut self, additional: usize) {
        self.bytes.reserve(additional);
    }

    /// Empties it, keeping its capacity.
    ///
    /// ```
    /// let mut s = wtf8_wasm::Wtf8String::from_utf16(&[0xD800]);
    /// s.clear();
    /// assert!(s.is_empty() && s.is_well_formed());
    /// ```
    pub fn clear(&mut self) {
        self.bytes.clear();
        self.utf8 = true;
    }

    /// Its UTF-16 code units: the JavaScript string it stands for. Lossless; the inverse of
    /// [`from_utf16`](Self::from_utf16). [`encode_utf16`](Self::encode_utf16) gives them one at a
    /// time without allocating.
    ///
    /// ```
    /// assert_eq!(wtf8_wasm::Wtf8String::from("a😀").to_utf16(), [0x61, 0xD83D, 0xDE00]);
    /// ```
    ///
    /// Complexity: O(n); one allocation.
    pub fn to_utf16(&self) -> Vec<u16> {
        // Well-formed WTF-8 always decodes; the lossy decoder never adds a replacement to it.
        crate::convert_wtf8_to_utf16_lossy(&self.bytes)
    }

    /// Its UTF-16 code units one at a time, lone surrogates included, as `str::encode_utf16`
    /// gives a `str`'s (and `OsStrExt::encode_wide` a Windows `OsStr`'s). Lossless; no allocation.
    ///
    /// ```
    /// let s = wtf8_wasm::Wtf8String::from_utf16(&[0x61, 0xD83D, 0xDE00, 0xDC00]);
    /// assert!(s.encode_utf16().eq([0x61, 0xD83D, 0xDE00, 0xDC00]));
    /// assert_eq!(s.encode_utf16().count(), 4); // its length as a JavaScript string
    /// ```
    ///
    /// Complexity: O(1) per unit.
    pub fn encode_utf16(&self) -> EncodeUtf16<'_> {
        EncodeUtf16 {
            rest: &self.bytes,
            trail: None,
        }
    }

    /// Whether it holds no lone surrogate, so that it is valid UTF-8 (and [`to_str`](Self::to_str)
    /// is `Some`).
    ///
    /// ```
    /// assert!(wtf8_wasm::Wtf8String::from("ok").is_well_formed());
    /// assert!(!wtf8_wasm::Wtf8String::from_utf16(&[0xDFFF]).is_well_formed());
    /// ```
    ///
    /// Complexity: O(1) when known (made from a `str`, or from a JavaScript string without lone
    /// surrogates), else O(n): a search for the surrogate sequences' first two bytes.
    pub fn is_well_formed(&self) -> bool {
        self.utf8 || find_surrogate_sequence(&self.bytes).is_none()
    }

    /// The string as `&str`, if it holds no lone surrogate. Borrowed, no copy.
    ///
    /// ```
    /// assert_eq!(wtf8_wasm::Wtf8String::from("é").to_str(), Some("é"));
    /// assert_eq!(wtf8_wasm::Wtf8String::from_utf16(&[0xD800]).to_str(), None);
    /// ```
    ///
    /// Complexity: as [`is_well_formed`](Self::is_well_formed).
    pub fn to_str(&self) -> Option<&str> {
        self.is_well_formed()
            .then(|| utf8_of_well_formed(&self.bytes))
    }

    /// The string as `String`, or itself back if it holds a lone surrogate. No copy either way.
    ///
    /// # Errors
    /// `self`, unchanged, when it holds a lone surrogate.
    ///
    /// ```
    /// use wtf8_wasm::Wtf8String;
    /// assert_eq!(Wtf8String::from("ok").into_string().unwrap(), "ok");
    /// let lone = Wtf8String::from_utf16(&[0xD800]);
    /// assert_eq!(lone.clone().into_string().unwrap_err(), lone);
    /// ```
    ///
    /// Complexity: as [`is_well_formed`](Self::is_well_formed).
    pub fn into_string(self) -> Result<String, Self> {
        if !self.is_well_formed() {
            return Err(self);
        }
        Ok(utf8_string_of_well_formed(self.bytes))
    }

    /// The string with each lone surrogate replaced by U+FFFD: what `TextEncoder` and
    /// wasm-bindgen's `String` conversion give. Lossy, and named for it; borrowed when there is
    /// no lone surrogate.
    ///
    /// ```
    /// let s = wtf8_wasm::Wtf8String::from_utf16(&[0x61, 0xD800]);
    /// assert_eq!(s.to_string_lossy(), "a\u{FFFD}");
    /// ```
    ///
    /// Complexity: O(n); allocates only when there are lone surrogates.
    pub fn to_string_lossy(&self) -> Cow<'_, str> {
        match self.to_str() {
            Some(s) => Cow::Borrowed(s),
            // (The lossy conversion is well-formed UTF-8: from_utf8_lossy changes nothing.)
            None => Cow::Owned(
                String::from_utf8_lossy(&crate::convert_wtf8_to_utf8_lossy(&self.bytes))
                    .into_owned(),
            ),
        }
    }

    /// Appends a character.
    ///
    /// ```
    /// let mut s = wtf8_wasm::Wtf8String::from("a");
    /// s.push('é');
    /// assert_eq!(s, "aé");
    /// ```
    pub fn push(&mut self, c: char) {
        let mut seq = [0u8; 4];
        self.bytes
            .extend_from_slice(c.encode_utf8(&mut seq).as_bytes());
    }

    /// Appends a string slice.
    ///
    /// ```
    /// let mut s = wtf8_wasm::Wtf8String::from_utf16(&[0xD83D]);
    /// s.push_str("!");
    /// assert_eq!(s.to_utf16(), [0xD83D, 0x21]);
    /// ```
    pub fn push_str(&mut self, s: &str) {
        // (A `str` holds no surrogate, so nothing can pair up.)
        self.bytes.extend_from_slice(s.as_bytes());
    }

    /// Appends another WTF-8 string. A lone lead surrogate at the end of `self` and a lone trail
    /// surrogate at the start of `other` become one 4-byte sequence, as concatenating the
    /// JavaScript strings joins them into a pair ([`append_wtf8`](crate::append_wtf8)).
    ///
    /// ```
    /// let mut s = wtf8_wasm::Wtf8String::from_utf16(&[0xD83D]);
    /// s.push_wtf8(&wtf8_wasm::Wtf8String::from_utf16(&[0xDE00]));
    /// assert_eq!(s, "😀");
    /// ```
    pub fn push_wtf8(&mut self, other: &Wtf8String) {
        crate::append_wtf8(&mut self.bytes, &other.bytes);
        // Re-pairing needs a lone lead at the end of `self`, so a known UTF-8 `self` stays UTF-8
        // exactly when `other` is.
        self.utf8 &= other.utf8;
    }
}

/// Where the first surrogate sequence (ED A0..BF) of well-formed WTF-8 starts. Given well-formed
/// WTF-8, `None` means it is UTF-8, which is all `to_str` needs to know: std's `from_utf8`
/// validates every sequence again and costs, in wasm under V8, several nanoseconds per byte of CJK
/// text (a 10 K-unit string back to JavaScript took 122 µs against 19 µs for `String`'s whole
/// return; benches/js-string.mjs --parts, Node 26, 26 Nov 2026). This looks for the first two
/// bytes only, 16 at a time with simd128, else 8 at a time in a `u64`.
pub(crate) fn find_surrogate_sequence(wtf8: &[u8]) -> Option<usize> {
    #[cfg(simd_kernels)]
    return find_surrogate_sequence_simd(wtf8);
    #[cfg(not(simd_kernels))]
    return find_surrogate_sequence_swar(wtf8, 0);
}

/// [`find_surrogate_sequence`] from byte `from` on, 8 bytes at a time: the ones equal to 0xED,
/// and the ones after them that are 0xA0 or more, each found exactly (no carry crosses a byte).
fn find_surrogate_sequence_swar(wtf8: &[u8], from: usize) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    /// The high bit of each byte of `x` that is 0xED.
    fn is_ed(x: u64) -> u64 {
        let t = x ^ (0xED * ONES);
        !(((t & !HIGH) + !HIGH) | t) & HIGH
    }
    /// The high bit of each byte of `x` that is 0xA0 or more.
    fn is_a0_up(x: u64) -> u64 {
        x & ((x & !HIGH) + 0x60 * ONES) & HIGH
    }
    let load = |at: usize| u64::from_le_bytes(wtf8[at..at + 8].try_into().unwrap_or([0; 8]));
    let mut at = from;
    // Windows of 8 bytes whose next byte also exists: byte i of the window is a first byte when
    // it is 0xED and byte i + 1 (the same bit of the window one byte on) is 0xA0 or more.
    while at + 9 <= wtf8.len() {
        let hits = is_ed(load(at)) & is_a0_up(load(at + 1));
        if hits != 0 {
            return Some(at + (hits.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    (at..wtf8.len().saturating_sub(1)).find(|&i| wtf8[i] == 0xED && wtf8[i + 1] >= 0xA0)
}

/// [`find_surrogate_sequence`], 16 bytes at a time (the SIMD kernels' vector type: real simd128
/// instructions in wasm, emulated lane by lane in the native tests).
#[cfg(any(test, simd_kernels))]
fn find_surrogate_sequence_simd(wtf8: &[u8]) -> Option<usize> {
    use crate::simd::V128;
    let load = |at: usize| V128::load8(wtf8[at..at + 16].try_into().unwrap_or(&[0; 16]));
    let ed = V128::splat8(0xED).opaque();
    let below_a0 = V128::splat8(0x9F).opaque();
    let ascii = V128::splat8(0).opaque();
    let mut at = 0;
    while at + 17 <= wtf8.len() {
        let next = load(at + 1);
        // 0xA0..=0xBF as signed bytes: above 0x9F (-97) and below 0.
        let hits = load(at)
            .eq8(ed)
            .and(next.gt8s(below_a0))
            .and(next.lt8s(ascii));
        if hits.any() {
            return Some(at + hits.bitmask8().trailing_zeros() as usize);
        }
        at += 16;
    }
    find_surrogate_sequence_swar(wtf8, at)
}

/// `wtf8` as `&str`, given well-formed WTF-8 without surrogate sequences (which is UTF-8).
pub(crate) fn utf8_of_well_formed(wtf8: &[u8]) -> &str {
    debug_assert!(core::str::from_utf8(wtf8).is_ok());
    // SAFETY: well-formed WTF-8 is UTF-8 plus surrogate sequences (the WTF-8 spec §4: its
    // grammar is generalized UTF-8's with ED followed by A0..BF allowed, and surrogate pair
    // sequences excluded). The caller has ruled surrogate sequences out (a `Wtf8String`'s bytes
    // are well-formed WTF-8 by construction, every constructor checks or converts, and
    // `find_surrogate_sequence` or the `utf8` flag said there is none), so the bytes are UTF-8.
    // Unchecked because std's `from_utf8` would validate every sequence again (measured above
    // `find_surrogate_sequence`).
    #[allow(unsafe_code)]
    unsafe {
        core::str::from_utf8_unchecked(wtf8)
    }
}

/// [`utf8_of_well_formed`], owned.
fn utf8_string_of_well_formed(wtf8: Vec<u8>) -> String {
    debug_assert!(core::str::from_utf8(&wtf8).is_ok());
    // SAFETY: as in `utf8_of_well_formed`: well-formed WTF-8 without surrogate sequences, which
    // the caller has ruled out, is UTF-8.
    #[allow(unsafe_code)]
    unsafe {
        String::from_utf8_unchecked(wtf8)
    }
}

/// The UTF-16 code units of a [`Wtf8String`], one at a time: [`Wtf8String::encode_utf16`].
///
/// ```
/// let s = wtf8_wasm::Wtf8String::from("😀");
/// let mut units = s.encode_utf16();
/// assert_eq!((units.next(), units.next(), units.next()), (Some(0xD83D), Some(0xDE00), None));
/// ```
#[derive(Clone, Debug)]
pub struct EncodeUtf16<'a> {
    rest: &'a [u8],
    trail: Option<u16>,
}

impl Iterator for EncodeUtf16<'_> {
    type Item = u16;

    fn next(&mut self) -> Option<u16> {
        if let Some(trail) = self.trail.take() {
            return Some(trail);
        }
        let first = *self.rest.first()?;
        if first < 0x80 {
            self.rest = &self.rest[1..];
            return Some(u16::from(first));
        }
        match read_sequence(self.rest) {
            Seq::Valid { code_point, len } => {
                self.rest = &self.rest[usize::from(len)..];
                let (pair, n) = units(code_point);
                if n == 2 {
                    self.trail = Some(pair[1]);
                }
                Some(pair[0])
            }
            // Never: the bytes of a Wtf8String are well-formed WTF-8.
            Seq::Invalid { .. } | Seq::Truncated => {
                self.rest = &[];
                None
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        // At most one unit per byte, at least one per 3 bytes (a 4-byte sequence is 2 units).
        let pending = usize::from(self.trail.is_some());
        (
            self.rest.len().div_ceil(3) + pending,
            Some(self.rest.len() + pending),
        )
    }
}

impl FusedIterator for EncodeUtf16<'_> {}

/// Bytes given to [`Wtf8String::from_wtf8`] that are not well-formed WTF-8: the error, and the
/// bytes themselves ([`into_bytes`](Self::into_bytes)), as `String::from_utf8`'s error gives them
/// back.
///
/// ```
/// let err = wtf8_wasm::Wtf8String::from_wtf8(vec![0x61, 0xFF]).unwrap_err();
/// assert_eq!(err.decode_error().code().as_str(), "INVALID_BYTE");
/// assert_eq!(err.as_bytes(), [0x61, 0xFF]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FromWtf8Error {
    bytes: Vec<u8>,
    error: DecodeError,
}

impl FromWtf8Error {
    /// Where and why the bytes are not well-formed WTF-8.
    pub fn decode_error(&self) -> DecodeError {
        self.error
    }

    /// The bytes that were given.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The bytes that were given, back, without copying.
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }
}

impl fmt::Display for FromWtf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.error, f)
    }
}

impl core::error::Error for FromWtf8Error {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        Some(&self.error)
    }
}

impl Default for Wtf8String {
    fn default() -> Self {
        Wtf8String::new()
    }
}

impl PartialEq for Wtf8String {
    fn eq(&self, other: &Self) -> bool {
        self.bytes == other.bytes
    }
}

impl Eq for Wtf8String {}

impl PartialOrd for Wtf8String {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// By bytes: code point order, lone surrogates between U+D7FF and U+E000.
impl Ord for Wtf8String {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.bytes.cmp(&other.bytes)
    }
}

impl Hash for Wtf8String {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.bytes.hash(state);
    }
}

/// Equal when it holds exactly that text (a `str` holds no lone surrogate, so a string that does
/// is never equal to one).
impl PartialEq<str> for Wtf8String {
    fn eq(&self, other: &str) -> bool {
        self.bytes == other.as_bytes()
    }
}

impl PartialEq<&str> for Wtf8String {
    fn eq(&self, other: &&str) -> bool {
        self.bytes == other.as_bytes()
    }
}

impl PartialEq<String> for Wtf8String {
    fn eq(&self, other: &String) -> bool {
        self.bytes == other.as_bytes()
    }
}

impl PartialEq<Wtf8String> for str {
    fn eq(&self, other: &Wtf8String) -> bool {
        other == self
    }
}

impl PartialEq<Wtf8String> for &str {
    fn eq(&self, other: &Wtf8String) -> bool {
        other == *self
    }
}

impl PartialEq<Wtf8String> for String {
    fn eq(&self, other: &Wtf8String) -> bool {
        other == self
    }
}

impl From<&str> for Wtf8String {
    fn from(s: &str) -> Self {
        Wtf8String {
            bytes: s.as_bytes().to_vec(),
            utf8: true,
        }
    }
}

impl From<String> for Wtf8String {
    fn from(s: String) -> Self {
        Wtf8String {
            bytes: s.into_bytes(),
            utf8: true,
        }
    }
}

impl TryFrom<Vec<u8>> for Wtf8String {
    type Error = FromWtf8Error;

    fn try_from(bytes: Vec<u8>) -> Result<Self, FromWtf8Error> {
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
    use super::{find_surrogate_sequence_simd, find_surrogate_sequence_swar, Wtf8String};
    use alloc::format;
    use alloc::string::{String, ToString};
    use alloc::vec;
    use alloc::vec::Vec;
    use proptest::prelude::*;

    /// The naive search the fast ones must agree with.
    fn naive_surrogate_sequence(bytes: &[u8]) -> Option<usize> {
        (0..bytes.len().saturating_sub(1)).find(|&i| bytes[i] == 0xED && bytes[i + 1] >= 0xA0)
    }

    /// A surrogate sequence, Hangul's ED 80..9F look-alikes and other 3-byte sequences slid
    /// across every position of fillers of every length up to 40 (every lane of both widths and
    /// the tails after them).
    #[test]
    fn find_surrogate_sequence_at_every_position() {
        // (The last two are not WTF-8, which never has ED before ASCII: exact all the same.)
        let pieces: [&[u8]; 6] = [
            b"\xED\xA0\x80",
            b"\xED\xBF\xBF",
            b"\xED\x9F\xBF",
            "\u{D55C}".as_bytes(),
            b"\xEE\xA0\x80",
            b"\xEDa",
        ];
        for filler in [
            &b"a"[..],
            "é".as_bytes(),
            "\u{D000}".as_bytes(),
            "😀".as_bytes(),
        ] {
            for len in 0..40 {
                for piece in pieces {
                    for at in 0..=len {
                        let mut bytes: Vec<u8> = filler.iter().copied().cycle().take(len).collect();
                        bytes.splice(at..at, piece.iter().copied());
                        let want = naive_surrogate_sequence(&bytes);
                        assert_eq!(
                            find_surrogate_sequence_swar(&bytes, 0),
                            want,
                            "{bytes:02X?}"
                        );
                        assert_eq!(find_surrogate_sequence_simd(&bytes), want, "{bytes:02X?}");
                    }
                }
            }
        }
    }

    /// Code units from an alphabet of every kind of unit, lone surrogates and U+FFFD included.
    fn units() -> impl Strategy<Value = Vec<u16>> {
        proptest::collection::vec(
            prop_oneof![
                Just(0x61u16),
                Just(0xE9),
                Just(0x4E2D),
                Just(0xD55C),
                Just(0xFFFD),
                Just(0xD83D),
                Just(0xDE00),
                0xD800u16..=0xDFFF,
                any::<u16>(),
            ],
            0..80,
        )
    }

    proptest! {
        /// `encode_utf16` gives exactly the units the string was made of, as `to_utf16` does, and
        /// whether the string is well-formed (the flag or the search) is `String::from_utf16`'s
        /// verdict; `to_str` and `into_string` agree with it.
        #[test]
        fn units_and_well_formedness_against_std(units in units()) {
            let s = Wtf8String::from_utf16(&units);
            prop_assert!(s.encode_utf16().eq(units.iter().copied()));
            prop_assert_eq!(s.to_utf16(), units.clone());
            let (lower, upper) = s.encode_utf16().size_hint();
            prop_assert!(lower <= units.len() && upper.unwrap_or(usize::MAX) >= units.len());
            let std = String::from_utf16(&units).ok();
            prop_assert_eq!(s.is_well_formed(), std.is_some());
            prop_assert_eq!(s.to_str(), std.as_deref());
            prop_assert_eq!(s.clone().into_string().ok(), std.clone());
            if let Some(text) = &std {
                prop_assert!(s == *text.as_str() && *text == s && s == text.as_str());
                let known = Wtf8String::from(text.as_str());
                prop_assert!(known.is_well_formed() && known == s);
            }
        }

        /// Joining keeps the flag honest: a string said to be well-formed has no surrogate
        /// sequence, whatever was pushed.
        #[test]
        fn pushing_keeps_the_flag_honest(a in units(), b in units(), text in ".{0,8}") {
            let mut s = Wtf8String::from(text.as_str());
            s.push_wtf8(&Wtf8String::from_utf16(&a));
            s.push_str(&text);
            s.push('é');
            s.push_wtf8(&Wtf8String::from_utf16(&b));
            let mut want = a.clone();
            want.splice(0..0, text.encode_utf16());
            want.extend(text.encode_utf16());
            want.push(0xE9);
            want.extend(&b);
            prop_assert_eq!(s.to_utf16(), want.clone());
            prop_assert_eq!(s.is_well_formed(), String::from_utf16(&want).is_ok());
            prop_assert!(!s.utf8 || super::find_surrogate_sequence(s.as_bytes()).is_none());
        }
    }

    #[test]
    fn capacity_clear_and_push() {
        let mut s = Wtf8String::with_capacity(16);
        assert!(s.capacity() >= 16 && s.is_empty() && s.is_well_formed());
        s.push_wtf8(&Wtf8String::from_utf16(&[0xDC00]));
        assert!(!s.is_well_formed());
        s.clear();
        assert!(s.is_empty() && s.is_well_formed() && s.capacity() >= 16);
        s.reserve(100);
        assert!(s.capacity() >= 100);
        s.push('😀');
        assert_eq!(s, "😀");
        assert_eq!(Wtf8String::default(), "");
        assert_ne!(Wtf8String::from_utf16(&[0xD800]), "\u{FFFD}");
    }

    #[test]
    fn bytes_in_must_be_well_formed_wtf8() {
        let err = Wtf8String::from_wtf8(b"\xED\xA0\x80\xED\xB0\x80".to_vec()).unwrap_err();
        assert_eq!(
            (
                err.decode_error().code().as_str(),
                err.decode_error().valid_up_to()
            ),
            ("SURROGATE_PAIR", 3)
        );
        assert_eq!(err.into_bytes(), b"\xED\xA0\x80\xED\xB0\x80");
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
        // Equal bytes are equal strings, hashes and order, whatever is known about them.
        let known = Wtf8String::from("ok");
        let searched = Wtf8String::from_utf16(&[0x6F, 0x6B]);
        assert_eq!(known, searched);
        assert_eq!(known.cmp(&searched), core::cmp::Ordering::Equal);
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
