//! JavaScript strings into Rust and back without loss, for Rust compiled to wasm with
//! wasm-bindgen (cargo feature `js`; `serde-wasm-bindgen` adds [`preserve`]).
//!
//! wasm-bindgen hands a JavaScript string to Rust as `String`/`&str` through UTF-8, so each lone
//! surrogate (half of an emoji cut by `slice`, an `<input>` event that carries one half) arrives as
//! U+FFFD and is lost. [`Wtf8String`] keeps it: take it where you took `String`, and the string
//! comes back exactly as JavaScript passed it.
//!
//! ```no_run
//! use js_sys::JsString;
//! use wasm_bindgen::prelude::*;
//! use wtf8_wasm::js::JsStringExt;
//! use wtf8_wasm::Wtf8String;
//!
//! // Before: `fn echo(s: String) -> String` turns "a\uD83D" into "a\uFFFD".
//! #[wasm_bindgen]
//! pub fn echo(s: Wtf8String) -> Wtf8String {
//!     s // comes back exactly as JavaScript passed it
//! }
//!
//! #[wasm_bindgen]
//! pub fn first_or_none(items: Vec<Wtf8String>, fallback: Option<Wtf8String>) -> Option<Wtf8String> {
//!     items.into_iter().next().or(fallback)
//! }
//!
//! #[wasm_bindgen]
//! pub fn byte_len(s: &Wtf8String) -> usize {
//!     s.len()
//! }
//!
//! # fn f(js: JsString) -> Result<(), wtf8_wasm::DecodeError> {
//! let wtf8: Wtf8String = js.to_wtf8(); // lossless, from a JsString you hold
//! let back = JsString::from_wtf8(wtf8.as_bytes())?;
//! assert_eq!(back, js);
//! # Ok(()) }
//! ```
//!
//! # Where `Wtf8String` goes
//!
//! As a `#[wasm_bindgen]` argument or return value it is a JavaScript `string` (TypeScript
//! `string` in the generated declarations), wherever `String` goes:
//!
//! | Rust | JavaScript / TypeScript |
//! |---|---|
//! | `Wtf8String` (argument, return value) | `string` |
//! | `&Wtf8String` (argument: the borrowed form, as `&str` is `String`'s) | `string` |
//! | `Option<Wtf8String>` (both ways) | `string \| undefined`; `null` and `undefined` in are `None` |
//! | `Vec<Wtf8String>`, `Box<[Wtf8String]>` (both ways) | `string[]` |
//!
//! There is no borrowed slice type (a `Wtf8Str`, as `str` is `String`'s): `&Wtf8String` is the
//! borrowed argument, converted for the call and dropped after it, as wasm-bindgen's `&str`
//! argument is.
//!
//! # Building WTF-8 up from several JavaScript strings
//!
//! To append JavaScript strings to a buffer you already have, keep the buffer a [`Wtf8String`]
//! (made with [`with_capacity`](Wtf8String::with_capacity), emptied with
//! [`clear`](Wtf8String::clear), which keeps the allocation) and call
//! [`Wtf8String::push_js_string`] for each. It re-pairs at the seam, as WTF-8
//! concatenation requires: a lone lead surrogate at the end of the buffer and a lone trail
//! surrogate at the start of the next string become one 4-byte sequence, just as JavaScript's
//! `a + b` makes them one pair. Writing each string's WTF-8 after the last instead would leave a
//! lead surrogate sequence directly followed by a trail one, which is not well-formed WTF-8 (strict
//! decoding rejects it, [`ErrorCode::SurrogatePair`](crate::ErrorCode::SurrogatePair)).
//!
//! ```no_run
//! use js_sys::JsString;
//! use wtf8_wasm::js::JsStringExt;
//! use wtf8_wasm::Wtf8String;
//!
//! // As JavaScript may hand them over: "key=", then an emoji split between two strings.
//! let pieces = ["key=".into(), JsString::from_utf16(&[0xD83D]), JsString::from_utf16(&[0xDE00])];
//! let mut text = Wtf8String::with_capacity(64);
//! for piece in &pieces {
//!     text.push_js_string(piece); // the halves of 😀 meet again
//! }
//! assert_eq!(text, "key=😀"); // F0 9F 98 80, not ED A0 BD ED B8 80
//! ```
//!
//! For a `Vec<u8>` of WTF-8 rather than a [`Wtf8String`], [`append_wtf8`](crate::append_wtf8)
//! does the same with each string's [`to_wtf8`](JsStringExt::to_wtf8), and
//! [`append_wtf8_into`](crate::append_wtf8_into) writes into a fixed `&mut [u8]`.
//!
//! # Values that are not strings
//!
//! A `#[wasm_bindgen]` function that takes a `Wtf8String` (or an `Option`, `Vec` or `&` of it)
//! and is given something else (a number, `null` where no `Option` allows it, an object, an
//! array, a symbol, a `String` object made with `new String()`) throws a JavaScript `TypeError`
//! before it runs: `a Wtf8String argument must be a string, got number` (`got null`, `got Object`,
//! `got String`, ...: `typeof`, or an object's class, as the npm package's own `TypeError`s name
//! them). wasm-bindgen's own `String` argument would instead trap or read garbage, and a
//! `JsString` argument is not checked at all: [`JsStringExt`]'s methods throw the same
//! `TypeError` ("a JsString must be a string, got number") for a `JsString` that holds no string,
//! and `Wtf8String::try_from(&JsValue)` returns [`NotAString`] instead of throwing. As with any
//! exception thrown from Rust (`unwrap_throw`), the call's other arguments are not freed.
//!
//! # How, and what it costs
//!
//! No conversion makes a JavaScript call per code unit (`JsString::iter` and `char_code_at` cost
//! 15–20 ns a unit). A string comes over through wasm-bindgen's own `String` path
//! (`TextEncoder.encodeInto` into wasm memory), which writes U+FFFD for each lone surrogate; the
//! result is searched for U+FFFD (short strings) or `isWellFormed()` is asked (long ones: a native
//! scan), and each U+FFFD found is asked about with one `charCodeAt` and, when it was a lone
//! surrogate, overwritten in place with its 3-byte WTF-8 sequence. A [`Wtf8String`] remembers that
//! it had none, so giving it back is wasm-bindgen's own `&str` path (`TextDecoder` on a view of
//! wasm memory), one call, with nothing to check. WTF-8 with lone surrogates is decoded once
//! without them and put together from `substring`s of that and one-unit strings, joined in one
//! call. Without the `js-snippet` feature there is no JavaScript snippet, so this works on every
//! wasm-bindgen target (`bundler`, `web`, `nodejs`, `deno`, `no-modules`).
//!
//! Against wasm-bindgen's own `String`, for `fn echo(s: Wtf8String) -> Wtf8String` against
//! `fn echo(s: String) -> String` (benches/README.md, "From Rust (wasm-bindgen)", gives every
//! script, size and runtime: Node 22 and 26, Deno, Chromium, Firefox): well-formed text of 10 K
//! code units and more is about as fast (0.8–1.5); short strings pay the one call more (8 and 100
//! units: mostly 0.6–0.95, Firefox 0.9–1.2); lone surrogates cost a call each in and a few out
//! (10 K units and more: 0.3–1.2 at one per 1,000 units, 0.2–0.8 at one per 50). Every path is 1.5–50 times as fast as reading
//! a `JsString` one `charCodeAt` at a time.
//!
//! **`js-snippet`.** With this feature a small JavaScript module (wasm-bindgen `inline_js`) brings
//! strings of up to 1,365 code units over in one call (a loop over their code units up to 16, else
//! `TextEncoder.encodeInto` when `isWellFormed()`) and takes WTF-8 of up to 64 bytes back with a
//! loop that makes no `TextDecoder` call: short strings then cost no more than wasm-bindgen's own
//! `String`, and less for non-ASCII text (8 units, with `simd128`: 0.7–1.9 of `String`'s time on
//! Node, 1.4–2.6 on Deno, 1.9–5.6 in Chromium and Firefox). Longer strings with lone surrogates
//! move their code units in one call each way: the snippet chooses once, at the first call, Node's
//! and Bun's `Buffer` (native UTF-16 copies) or else a 387-byte wasm module of its own compiled
//! with the JS String Builtins (`wasm:js-string`, which wasm-bindgen 0.2.130's glue cannot import:
//! Chromium 130+, Firefox 134+, Deno 2.1+), and where it finds neither keeps the paths above. In,
//! the string's `TextEncoder` bytes are restored from its code units copied in one call, with no
//! `charCodeAt` per U+FFFD; out, the crate's decoder writes the UTF-16 and one call makes the
//! string. (One lone surrogate per 50 units, 10 K and 1 M units, with `simd128`: Node 26 0.21–0.38
//! of `String`'s speed → 0.37–0.90, Node 22 0.39–0.78 → 1.30–2.99, Chromium 0.53–0.80 →
//! 0.74–1.32; benches/README.md gives every runtime.) wasm-bindgen's `no-modules` target refuses
//! snippets at build time, and `nodejs` needs a Node that can `require` an ES module (20.19+,
//! 22.12+): hence a feature, and without it the paths above.
//!
//! **simd128.** Building with `-C target-feature=+simd128` (`RUSTFLAGS`, or `.cargo/config.toml`)
//! makes this crate's own conversions between UTF-16, WTF-8 and UTF-8
//! ([`convert_utf16_to_wtf8`](crate::convert_utf16_to_wtf8) and the rest), its validation and the
//! searches this module makes for U+FFFD and surrogate sequences use SIMD kernels, with the same
//! results. Well-formed strings spend their time in the engine's own encoder and decoder and gain
//! little; strings with lone surrogates, whose bytes are searched, gain the most (with
//! `js-snippet`, one lone surrogate per 1,000 units, 10 K units, Node 26: 0.39 → 0.50 of
//! `String`'s speed for ASCII, 0.35 → 0.48 for CJK; a small run, `--script ascii,cjk --samples
//! 3`, on a busy machine). Every current engine runs wasm SIMD (Node 16.4+, Deno, Bun, Chrome 91+,
//! Firefox 89+, Safari 16.4+): build with it unless you target older ones.

mod abi;
mod error;
mod ext;
#[cfg(feature = "serde-wasm-bindgen")]
pub mod preserve;
mod read;
#[cfg(feature = "js-snippet")]
#[allow(unsafe_code)]
mod snippet;
mod write;

pub use error::NotAString;
pub use ext::JsStringExt;

/// Whether the `js-snippet` feature's snippet moves a whole string's code units between
/// JavaScript and wasm memory in one call here (Node's and Bun's `Buffer`, or the JS String
/// Builtins), which long strings with lone surrogates take each way; without, they take the paths
/// of the default build. For tests that must see which path ran (the repository's
/// tests/wasm-bindgen/example.test.mjs); not part of the API.
#[cfg(feature = "js-snippet")]
#[doc(hidden)]
pub fn snippet_moves_units() -> bool {
    snippet::moves_units()
}

#[allow(unused_imports)] // (for the docs' links)
use crate::Wtf8String;
