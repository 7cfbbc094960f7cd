//! A JavaScript string into WTF-8, lone surrogates kept.
//!
//! wasm-bindgen's own `String` conversion (`as_string`: `TextEncoder.encodeInto` straight into
//! wasm memory, native and quick) writes U+FFFD for each lone surrogate. So the string comes over
//! that way, and then each U+FFFD in the result, which is either a lone surrogate or a U+FFFD that
//! was there, is asked about with one `charCodeAt` and, when it was a lone surrogate, overwritten
//! in place with its 3-byte sequence (U+FFFD's UTF-8 is 3 bytes too). A string without U+FFFD
//! costs one JavaScript call, exactly what `String` costs, and then a search of the bytes (short
//! strings) or one `isWellFormed()` (long ones).

use js_sys::JsString;
use wasm_bindgen::{JsCast, JsValue};

use super::NotAString;
use crate::restore::restore_lone_surrogates;
use crate::Wtf8String;

/// Up to this many bytes the result is searched for U+FFFD in Rust; past it, `isWellFormed()` is
/// asked first (one more JavaScript call, but a native scan: SIMD in V8 since 12.x, 0.04 ns a
/// code unit on Node 26).
const SEARCH_UP_TO: usize = 64;

/// The WTF-8 of `value`, which must be a string.
///
/// # Errors
/// [`NotAString`] when it is not (`new String()` included), with what it is.
pub(crate) fn read(value: &JsValue) -> Result<Wtf8String, NotAString> {
    #[cfg(feature = "js-snippet")]
    {
        use super::snippet::{read_long, read_short, Long};
        if let Some(short) = read_short(value) {
            return short.map_err(|()| NotAString::of(value));
        }
        match read_long(value) {
            Long::NotAString => return Err(NotAString::of(value)),
            Long::WellFormed => return Ok(Wtf8String::from_well_formed(utf8_of(value), true)),
            Long::Lone(units) => {
                let mut bytes = utf8_of(value);
                // Restored in place from the code units the snippet copied (src/restore.rs).
                restore_lone_surrogates(&mut bytes, |index| units[index]);
                return Ok(Wtf8String::from_well_formed(bytes, false));
            }
            Long::Unknown => {}
        }
    }
    let Some(text) = value.as_string() else {
        return Err(NotAString::of(value));
    };
    let mut bytes = text.into_bytes();
    let s: &JsString = value.unchecked_ref();
    // Restored in place (src/restore.rs): each U+FFFD asked about with one `charCodeAt`.
    let utf8 = (bytes.len() > SEARCH_UP_TO && s.is_well_formed())
        || restore_lone_surrogates(&mut bytes, |index| s.char_code_at(index as u32) as u16);
    Ok(Wtf8String::from_well_formed(bytes, utf8))
}

/// The lossy UTF-8 of `value`, a string: wasm-bindgen's `String` path (`TextEncoder` into wasm
/// memory).
#[cfg(feature = "js-snippet")]
fn utf8_of(value: &JsValue) -> alloc::vec::Vec<u8> {
    value.as_string().unwrap_or_default().into_bytes()
}
