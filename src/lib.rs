//! Lossless conversion between UTF-16 code units — JavaScript strings, lone surrogates included —
//! and [WTF-8](https://simonsapin.github.io/wtf-8/), with lossy and strict export to UTF-8.
//!
//! This is the pure core of the `wtf8-wasm` npm package: plain functions over `&[u16]` (UTF-16
//! code units) and `&[u8]`, no WebAssembly inside and no dependencies, usable as an ordinary Rust
//! crate on any target, `no_std` ones included (it needs `alloc`). The npm package's WebAssembly
//! bindings are crates of their own that depend on this one. [`Wtf8String`] is an owned string
//! that holds anything a JavaScript string can.
//!
//! # From Rust compiled to wasm with wasm-bindgen (features `js`, `js-snippet`, `serde-wasm-bindgen`)
//!
//! wasm-bindgen turns a JavaScript string into `String`/`&str` through UTF-8, so each lone
//! surrogate reaches Rust as U+FFFD. With the optional feature `js` (which pulls in wasm-bindgen
//! and js-sys; the default build has no dependencies), [`Wtf8String`] crosses the boundary as a
//! JavaScript string without loss, wherever `String` goes (`Option<Wtf8String>`,
//! `Vec<Wtf8String>`, and `&Wtf8String` as the borrowed argument), a value that is not a string
//! is a `TypeError`, and [`js::JsStringExt`] converts a `js_sys::JsString` you hold to and from
//! WTF-8, UTF-16 and `String` (strictly, or lossily by name). Before and after:
//!
//! ```text
//! #[wasm_bindgen] pub fn echo(s: String) -> String { s }             // "a\uD83D" comes back "a\uFFFD"
//! #[wasm_bindgen] pub fn echo(s: Wtf8String) -> Wtf8String { s }     // comes back "a\uD83D"
//! ```
//!
//! `js-snippet` adds a small JavaScript snippet that makes short strings cheaper both ways
//! (wasm-bindgen's `no-modules` target refuses snippets, hence a feature). `serde-wasm-bindgen`
//! adds [`js::preserve`], which keeps lone surrogates in the fields of a struct that
//! serde-wasm-bindgen reads from (and writes to) a JavaScript object; `serde` alone gives
//! [`Wtf8String`] plain `Serialize`/`Deserialize` for other formats. `examples/wasm-bindgen`
//! (in the repository) is a complete wasm-bindgen crate using them; [`js`] says what each path
//! costs against wasm-bindgen's own `String`, and whether to build with `simd128`.
//!
//! To build WTF-8 up from several JavaScript strings in a buffer you already have, keep the buffer
//! a [`Wtf8String`] and append each with [`Wtf8String::push_js_string`]: it re-pairs at the seam
//! (a lone lead surrogate at the end and a lone trail surrogate at the start of the next string
//! become one 4-byte sequence), as WTF-8 concatenation requires and as JavaScript's `+` joins
//! them. Writing each string's WTF-8 after the last would leave a lead surrogate sequence directly
//! followed by a trail one, which is not well-formed WTF-8 ([`js`] has an example).
//!
//! WTF-8 is for storage and transport *inside* a system: any sequence of UTF-16 code units
//! converts to WTF-8 and back without loss, and a well-formed string's WTF-8 *is* its UTF-8. It
//! is not for interchange: at the boundary to the outside world, convert to UTF-8, lossily
//! (U+FFFD per lone surrogate) or strictly (an error that says where).
//!
//! # The functions
//!
//! Names follow one grammar: `convert_<from>_to_<to>` is strict or lossless and allocates;
//! `_lossy` replaces what cannot be represented with U+FFFD and never fails; `_into` writes into
//! a caller buffer; `_partial` converts what fits (the `TextEncoder.encodeInto` contract);
//! `<x>_valid_up_to`, `validate_<x>` and `is_<x>` check without converting; `<x>_len_from_<y>`
//! sizes an output buffer.
//!
//! | from → to | lossless / strict | lossy (never fails) |
//! |---|---|---|
//! | UTF-16 → WTF-8 | [`convert_utf16_to_wtf8`], [`_into`](convert_utf16_to_wtf8_into), [`_partial`](convert_utf16_to_wtf8_partial) | (never lossy) |
//! | WTF-8 → UTF-16 | [`convert_wtf8_to_utf16`], [`_into`](convert_wtf8_to_utf16_into) | [`convert_wtf8_to_utf16_lossy`], [`_into`](convert_wtf8_to_utf16_lossy_into) |
//! | UTF-16 → UTF-8 | [`convert_utf16_to_utf8`] | [`convert_utf16_to_utf8_lossy`], [`_partial`](convert_utf16_to_utf8_lossy_partial) |
//! | WTF-8 → UTF-8 | [`convert_wtf8_to_utf8`] | [`convert_wtf8_to_utf8_lossy`], [`_into`](convert_wtf8_to_utf8_lossy_into), [`_in_place`](convert_wtf8_to_utf8_lossy_in_place) |
//! | WTF-8 + WTF-8 | [`append_wtf8`], [`_into`](append_wtf8_into), [`concat_wtf8`] | |
//! | chunks | [`StreamEncoder`], [`StreamDecoder`] | [`StreamDecoder`] (lenient) |
//!
//! Checks: [`validate_wtf8`], [`is_wtf8`], [`wtf8_valid_up_to`], [`validate_utf8`], [`is_utf8`],
//! [`utf8_valid_up_to`], [`validate_utf16`], [`utf16_valid_up_to`], [`utf16_lone_surrogates`].
//! Sizing: [`wtf8_len_from_utf16`]. Breakdown for display: [`inspect_utf16`], [`inspect_wtf8`], and
//! a chunk at a time [`inspect_utf16_chunk`], [`inspect_wtf8_chunk`].
//! Input in chunks: [`wtf8_settled_len`] says where a chunk can be cut so that every function
//! above reads its front as it does inside the whole.
//!
//! # How ill-formed input is treated
//!
//! **Strings (UTF-16 code units).** A lead surrogate (0xD800..=0xDBFF) immediately followed by a
//! trail surrogate (0xDC00..=0xDFFF) is a pair: one supplementary code point. Every other
//! surrogate unit is *lone*. Encoding to WTF-8 never fails and keeps lone surrogates, each as its
//! own 3-byte sequence ED A0..BF 80..BF. Lossy UTF-8 writes U+FFFD (EF BF BD) for each lone
//! surrogate *unit* — exactly what `TextEncoder`, Node's `Buffer.from(s, "utf8")` and Rust's
//! `String::from_utf16_lossy` do. Strict UTF-8 fails at the first lone surrogate with its code
//! unit index ([`LoneSurrogateError`]).
//!
//! **Bytes, strictly.** Well-formed WTF-8 is Unicode's Table 3-7 generalized to let ED be
//! followed by A0..BF (surrogate code points), *minus* a lead surrogate sequence (ED A0..AF xx)
//! directly followed by a trail surrogate sequence (ED B0..BF xx): that pair must be written as
//! one 4-byte sequence, so that every string has exactly one WTF-8 encoding. Strict decoding
//! rejects overlongs (C0, C1, E0 80..9F, F0 80..8F), bytes that never occur (F5..FF), stray or
//! missing continuation bytes, code points above U+10FFFF, truncated sequences and spelled-out
//! surrogate pairs. The [`DecodeError`] says where the well-formed prefix ends (`valid_up_to`,
//! the JavaScript `offset`), why ([`ErrorCode`]), and how long the bad sequence is (`error_len`,
//! `None` when the input ended mid-sequence), just like [`core::str::Utf8Error`]. Strict UTF-8
//! additionally rejects every surrogate sequence ([`ErrorCode::Surrogate`]); its `valid_up_to`
//! and `error_len` are exactly those of [`core::str::from_utf8`].
//!
//! **Bytes, leniently.** Lenient decoding never fails. Well-formed sequences decode as above;
//! each surrogate sequence becomes its code unit (a spelled-out pair becomes the two units it
//! spells, which JavaScript then reads as one pair); and each *maximal ill-formed subpart* — the
//! longest prefix of a well-formed sequence, or else one byte (Unicode §3.9, "U+FFFD Substitution
//! of Maximal Subparts", as WHATWG's Encoding Standard requires) — becomes exactly one U+FFFD.
//! So for input without surrogate sequences the result equals
//! `new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)` and
//! `String::from_utf8_lossy`. Where the grammars differ (ED followed by A0..BF), WTF-8's
//! grammar decides: "ED A0" followed by ASCII is one subpart, one U+FFFD.
//!
//! **Byte order marks** are data: a leading EF BB BF decodes to U+FEFF and is never stripped,
//! since stripping it would break the round trip.
//!
//! # Speed
//!
//! Built for wasm32 with the `simd128` target feature (as the npm package is), the conversions,
//! the validation and the lone-surrogate scan run on SIMD kernels; on every other target, and on
//! wasm32 without that feature, on scalar kernels. Both give exactly the same results, errors
//! included (the test suites and fuzzers compare them).
//!
//! # Unsafe code
//!
//! The crate denies `unsafe_code` but for the blocks below, each with a `// SAFETY:` argument.
//! Which of them are built depends on the target and the features:
//!
//! - **Every build**: [`Wtf8String::to_str`] and [`Wtf8String::into_string`] (and, with `js`, the
//!   conversion back to a JavaScript string) take the string's bytes as UTF-8 without checking
//!   them again (`str::from_utf8_unchecked`, `String::from_utf8_unchecked`;
//!   `src/wtf8_string.rs`), once the string's flag or a search has shown that they hold no
//!   surrogate sequence: well-formed WTF-8 without one is UTF-8. Validating again would cost
//!   another pass over the bytes.
//! - **wasm32 with `simd128`**, and the fuzzers' builds, which run the same SIMD kernels: the
//!   once-cell that builds the kernels' shuffle tables on first use and publishes them
//!   (`src/simd/tables.rs`; `no_std` has no `OnceLock`). Other targets build no SIMD kernels
//!   (the crate's own unit tests do, on a portable emulation).
//! - **`js`**: wasm-bindgen's ABI traits for [`Wtf8String`] (`src/js/abi.rs`), whose methods are
//!   `unsafe fn` by the traits' definition and take wasm-bindgen's handle to a JavaScript value.
//! - **`js-snippet`**: the scratch buffer in wasm memory that the snippet writes short strings
//!   into, and the `Vec` whose spare capacity it writes a long string's code units into
//!   (`src/js/snippet.rs`). Sound because the module has one thread: the feature refuses to build
//!   with the `atomics` target feature.
//!
//! The unit tests that reach the first two pass under Miri (the repository's CONTRIBUTING.md says
//! how). The last two need a JavaScript host, which Miri does not have (natively they compile but
//! cannot run: wasm-bindgen's imports panic there); the repository's wasm-bindgen tests run them
//! in Node and headless Chromium.
//!
//! # Example
//! ```
//! use wtf8_wasm::*;
//! // "a", an emoji cut in half (a lone lead surrogate), "b".
//! let units = [0x61, 0xD83D, 0x62];
//! let wtf8 = convert_utf16_to_wtf8(&units);
//! assert_eq!(wtf8, b"a\xED\xA0\xBDb");
//! assert_eq!(convert_wtf8_to_utf16(&wtf8).unwrap(), units); // lossless
//! assert_eq!(convert_utf16_to_utf8_lossy(&units), b"a\xEF\xBF\xBDb"); // what TextEncoder gives
//! assert_eq!(convert_utf16_to_utf8(&units).unwrap_err().index(), 1); // strict: where
//! ```
// `unsafe` only where a block allows it, with its SAFETY argument: the list is in the crate docs
// above ("Unsafe code").
#![deny(unsafe_code)]
#![warn(missing_docs)]
// `no_std` (with `alloc`): the WebAssembly bindings then link no `std`, so they can bring their own
// panic handler, and `core::fmt`'s machinery for panic messages drops out of the module. The
// tests use `std`.
#![cfg_attr(not(test), no_std)]

extern crate alloc;

mod chunks;
mod concat;
mod decode;
mod encode;
pub mod encodings;
mod error;
#[cfg(fuzzing)]
#[doc(hidden)]
pub mod fuzzing;
mod grammar;
mod inspect;
#[cfg(feature = "js")]
pub mod js;
// What `js` does without a JavaScript engine (tested and fuzzed natively).
#[cfg(any(feature = "js", fuzzing, test))]
mod restore;
#[cfg(any(test, simd_kernels))]
mod simd;
mod stream;
mod utf8;
mod validate;
mod wtf8_string;

pub use chunks::{validate_utf8_partial, validate_wtf8_partial, wtf8_settled_len};
pub use concat::{append_wtf8, append_wtf8_into, concat_wtf8};
pub use decode::{
    convert_wtf8_to_utf16, convert_wtf8_to_utf16_into, convert_wtf8_to_utf16_lossy,
    convert_wtf8_to_utf16_lossy_into,
};
pub use encode::{
    convert_utf16_to_wtf8, convert_utf16_to_wtf8_into, convert_utf16_to_wtf8_partial,
    wtf8_len_from_utf16,
};
pub use error::{DecodeError, ErrorCode, LoneSurrogateError};
pub use inspect::{
    inspect_utf16, inspect_utf16_chunk, inspect_wtf8, inspect_wtf8_chunk, InspectPosition, Segment,
    SegmentKind, Utf16Segments, Wtf8Segments,
};
pub use stream::{StreamDecoder, StreamEncoder};
pub use utf8::{
    convert_utf16_to_utf8, convert_utf16_to_utf8_lossy, convert_utf16_to_utf8_lossy_partial,
    convert_wtf8_to_utf8, convert_wtf8_to_utf8_lossy, convert_wtf8_to_utf8_lossy_in_place,
    convert_wtf8_to_utf8_lossy_into,
};
pub use validate::{
    is_utf8, is_wtf8, utf16_lone_surrogates, utf16_valid_up_to, utf8_valid_up_to, validate_utf16,
    validate_utf8, validate_wtf8, wtf8_valid_up_to,
};
pub use wtf8_string::{EncodeUtf16, FromWtf8Error, Wtf8String};

/// The Rust examples of README-crate.md (the crate's page on crates.io), run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README-crate.md")]
pub struct ReadmeCrateDoctests;
