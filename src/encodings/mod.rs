//! The neighbouring encodings: UTF-16LE/BE, UTF-32LE/BE, CESU-8, Java's Modified UTF-8, UTF-8B
//! (Python's `surrogateescape`) and Corrected UTF-8, each between bytes and UTF-16 code units
//! (JavaScript strings, lone surrogates included).
//!
//! Every function here is pure: `&[u16]` (or `&[u32]` code points, for Corrected UTF-8) and
//! `&[u8]` in, a fresh `Vec` out. Names follow the crate's grammar: `convert_<from>_to_<to>` is
//! strict (or lossless) and returns a `Result` where the input can be ill-formed; `_lossy`
//! writes U+FFFD instead and never fails; `<x>_len_from_<y>` sizes an output. The wire formats
//! are named `utf16le`, `utf16be`, `utf16bom` (byte order from an optional BOM), `utf32le`,
//! `utf32be`, `utf32bom`, `cesu8`, `mutf8` (and `mutf8_frame`), `utf8b` and `corrected_utf8`;
//! `utf16` is always the string side.
//!
//! | encoding | string → bytes | bytes → string |
//! |---|---|---|
//! | UTF-16LE/BE | [`convert_utf16_to_utf16le`], [`convert_utf16_to_utf16be`] (lossless) | [`convert_utf16le_to_utf16`], [`convert_utf16be_to_utf16`], [`convert_utf16bom_to_utf16`], each with `_lossy` |
//! | UTF-32LE/BE | [`convert_utf16_to_utf32le`], [`convert_utf16_to_utf32be`], each with `_lossy` | [`convert_utf32le_to_utf16`], [`convert_utf32be_to_utf16`], [`convert_utf32bom_to_utf16`], each with `_lossy` |
//! | CESU-8 | [`convert_utf16_to_cesu8`], [`_lossy`](convert_utf16_to_cesu8_lossy) | [`convert_cesu8_to_utf16`], [`_lossy`](convert_cesu8_to_utf16_lossy) |
//! | Modified UTF-8 | [`convert_utf16_to_mutf8`] (lossless), [`convert_utf16_to_mutf8_frame`] | [`convert_mutf8_to_utf16`], [`_lossy`](convert_mutf8_to_utf16_lossy), [`convert_mutf8_frame_to_utf16`] |
//! | UTF-8B | [`convert_utf16_to_utf8b`] | [`convert_utf8b_to_utf16`] (never fails) |
//! | Corrected UTF-8 | [`convert_utf16_to_corrected_utf8`], [`convert_code_points_to_corrected_utf8`], each with `_lossy` | [`convert_corrected_utf8_to_utf16`], [`convert_corrected_utf8_to_code_points`], each with `_lossy` |
//!
//! Every function above converts a whole input into a fresh `Vec`. For inputs of any size in
//! bounded memory, [`Encoder`] and [`Decoder`] do the same conversions in chunks, into buffers
//! the caller provides (configured by [`Encoding`] and [`Decoding`]), with in total exactly the
//! one-shot result — the same bytes or code units, the same U+FFFDs, the same strict error with
//! its index or offset counted from the start of the stream. The `writeUTF` frame, at most
//! 65,537 bytes, has [`convert_utf16_to_mutf8_frame_into`] and
//! [`convert_mutf8_frame_to_utf16_into`].
//!
//! Helpers: [`sniff_utf16_bom`], [`sniff_utf32_bom`], [`cesu8_len_from_utf16`],
//! [`mutf8_len_from_utf16`]; options [`ByteOrder`], [`Surrogates`], [`CorrectedUtf8Mode`];
//! constants [`MUTF8_FRAME_MAX_BODY`], [`CORRECTED_UTF8_MAGIC`], [`CORRECTED_UTF8_MAX`]; the
//! string-side error [`EncodeError`].
//!
//! # Errors, strict and lenient
//!
//! Errors follow the crate's model: a stable [`ErrorCode`](crate::ErrorCode) and a position.
//! Byte input fails with a [`DecodeError`](crate::DecodeError): `valid_up_to()` is the byte offset
//! where the well-formed prefix ends (the error starts there) and `error_len()` the number of
//! bytes the error covers — `None` only when the input ends inside a sequence that more input
//! could complete ([`ErrorCode::Truncated`](crate::ErrorCode::Truncated)). String input fails with
//! a [`LoneSurrogateError`](crate::LoneSurrogateError) when a lone surrogate is the only possible
//! failure, and with an [`EncodeError`] otherwise; both carry the code unit index (or code point
//! index, for `&[u32]` input) of the first value that cannot be written.
//!
//! Every decoder is written once, as a rule that says what the bytes at an offset are: a
//! character of some length, or an error of some length. The strict decoder stops at the first
//! error. The lenient (`_lossy`) decoder writes exactly **one U+FFFD per error** and resumes
//! after the error's bytes (after all the input, for `TRUNCATED`). So lenient output is strict
//! output with each error replaced, and the error lengths documented on each decoder are also its
//! U+FFFD counts. Lossy encoders write one U+FFFD per value the strict encoder rejects.
//!
//! # UTF-16LE and UTF-16BE
//!
//! Each code unit as 2 bytes, least or most significant byte first. Lossless both ways: lone
//! surrogates are written and read like any other unit (unlike `TextDecoder("utf-16le")`, which
//! replaces them). Encoders write a byte order mark (U+FEFF: FF FE or FE FF) when asked.
//!
//! - With an explicit byte order (`utf16le`, `utf16be`), a leading BOM is data: U+FEFF.
//! - Sniffing (`utf16bom`): FF FE means little-endian and FE FF big-endian, and that one BOM is
//!   stripped. **Without a BOM the bytes are big-endian**, as RFC 2781 §4.3 and Unicode §3.10
//!   D98 say for the "UTF-16" encoding scheme and as Java's `"UTF-16"` charset does. (Python's
//!   `"utf-16"` codec uses the machine's order; WHATWG's `"utf-16"` label is UTF-16LE.)
//! - The only ill-formed input is an odd trailing byte: strict → `TRUNCATED` at its offset,
//!   `error_len() == None`; lenient → one U+FFFD (as `TextDecoder` and Python's `"replace"`).
//!   Node's `buf.toString("utf16le")` silently drops that byte.
//!
//! # UTF-32LE and UTF-32BE
//!
//! One 32-bit value per code point; a surrogate pair becomes one supplementary value. BOMs are
//! FF FE 00 00 and 00 00 FE FF, handled exactly as for UTF-16 (`utf32bom` sniffs, strips, and
//! defaults to big-endian, Unicode §3.10 D101, as Java's `"UTF-32"` charset does).
//!
//! - Encoding a lone surrogate: strict → [`LoneSurrogateError`](crate::LoneSurrogateError) at its
//!   unit index; `_lossy` → U+FFFD; [`Surrogates::Pass`] → its own value (Python's
//!   `surrogatepass`), which makes encoding lossless for every string.
//! - Decoding, per 4-byte value: above 0x10FFFF → `TOO_LARGE`; 0xD800..=0xDFFF → `SURROGATE`
//!   unless [`Surrogates::Pass`], which gives that one unit; an incomplete last value (length not
//!   a multiple of 4) → `TRUNCATED`, `error_len() == None`. Lenient: one U+FFFD for each, as
//!   Python's `"replace"`.
//!
//! # CESU-8
//!
//! Unicode Technical Report #26. Every UTF-16 code unit of a well-formed string is encoded on its
//! own as 1 to 3 bytes, exactly as UTF-8 encodes a code point below U+10000 (U+0000 is 00), so a
//! supplementary character takes 6 bytes: a lead surrogate sequence ED A0..AF 80..BF directly
//! followed by a trail surrogate sequence ED B0..BF 80..BF. Well-formed CESU-8 is therefore
//! exactly: 00..7F; C2..DF 80..BF; E0 A0..BF 80..BF; E1..EC 80..BF 80..BF; ED 80..9F 80..BF;
//! EE..EF 80..BF 80..BF; and that 6-byte pair. Lone surrogates are ill-formed: strict encoding
//! rejects them (unit index; `_lossy` writes EF BF BD), and decoding rejects
//!
//! - a trail surrogate sequence not preceded by a lead one, and a lead surrogate sequence not
//!   directly followed by a trail one: `LONE_SURROGATE`, 3 bytes (one U+FFFD per lone sequence).
//!   A lead sequence at the very end, or followed only by ED or ED B0..BF at the very end, is
//!   unfinished: `TRUNCATED`. The input ending in ED B0..BF with no lead sequence before it can
//!   only become a lone trail: `LONE_SURROGATE`, 2 bytes;
//! - 4-byte forms (lead F0..F4): `FOUR_BYTE_FORM`, covering the whole UTF-8 sequence or maximal
//!   subpart it starts (so a complete 4-byte character is one U+FFFD);
//! - everything UTF-8 rejects, with UTF-8's codes and maximal subparts: overlongs (C0, C1,
//!   E0 80..9F), F5..FF, stray and missing continuation bytes, truncation.
//!
//! Python has no CESU-8 codec; the test vectors derive it from Python by encoding each UTF-16
//! code unit on its own with `surrogatepass`, and compare with Java's `"CESU-8"` charset (which
//! accepts lone surrogates).
//!
//! # Java's Modified UTF-8
//!
//! JVM specification §4.4.7, `java.io.DataOutput.writeUTF`: CESU-8, except that U+0000 is
//! written as C0 80 (so the output never contains a 00 byte) and lone surrogates are allowed —
//! every code unit is written on its own, paired or not. Encoding is lossless and never fails.
//! Decoding accepts C0 80, 01..7F, C2..DF 80..BF, E0 A0..BF 80..BF and E1..EF 80..BF 80..BF (every
//! surrogate sequence decodes to its unit) and rejects a raw 00 byte (`NUL_BYTE`), 4-byte forms
//! (`FOUR_BYTE_FORM`, as in CESU-8), overlongs other than C0 80 (`OVERLONG`), and everything else
//! UTF-8 rejects. Java's own `readUTF` is laxer (it accepts 00 and overlongs); Java never writes
//! them.
//!
//! The `writeUTF` frame is a 2-byte big-endian length followed by that many bytes of Modified
//! UTF-8, at most [`MUTF8_FRAME_MAX_BODY`] (65,535); a longer string is `TOO_LONG` at the index
//! of the first unit that does not fit. The frame reader reports a frame that the input does not
//! hold completely as `TRUNCATED` at offset 0 (`error_len() == None`), and a body that ends inside
//! a sequence as `MISSING_CONTINUATION`.
//!
//! # UTF-8B
//!
//! PEP 383, Python's `surrogateescape`. Decoding never fails: valid UTF-8 (no surrogates, no
//! overlongs, nothing above U+10FFFF) decodes normally; every other byte — necessarily
//! 0x80..=0xFF — becomes the lone surrogate U+DC00 + byte. Each byte is escaped on its own, as
//! Python does: E2 82 41 gives U+DCE2 U+DC82 "A" (Python's decoder reports the maximal subpart
//! E2 82 as one error, and the handler escapes each of its bytes). Encoding writes
//! U+DC80..=U+DCFF as that single byte, a surrogate pair as its 4-byte UTF-8, and fails at any
//! other lone surrogate (its unit index). For every byte string `b`,
//! `encode(decode(b)) == b`. The caveat: a string that already held U+DC80..=U+DCFF before
//! encoding is ambiguous — U+DCC3 U+DCA9 encodes to C3 A9, which decodes to "é".
//!
//! # Corrected UTF-8
//!
//! Every byte sequence is the unique encoding of one code point: a multi-byte sequence's payload
//! (the `x` bits of its lead byte 110xxxxx, 1110xxxx, 11110xxx, 111110xx or 1111110x and of its
//! continuation bytes 10xxxxxx, most significant first) plus an offset that depends on the
//! sequence length, so no code point has two encodings and no sequence is overlong:
//!
//! | bytes | payload range (as bytes) | offset | code points |
//! |---|---|---|---|
//! | 1 | 00 … 7F | 0 | U+0000 … U+007F |
//! | 2 | C0 80 … DF BF | 160 (0xA0) | U+00A0 … U+089F |
//! | 3 | E0 80 80 … EC BD 9F | 2,208 (0x8A0) | U+08A0 … U+D7FF |
//! | 3 | EC BD A0 … EF BF BF | 4,256 (0x10A0) | U+E000 … U+1109F |
//! | 4 | F0 80 80 80 … F7 BF BF BF | 69,792 (0x110A0) | U+110A0 … U+21109F |
//! | 5 | F8 80 80 80 80 … FB BF BF BF BF | 2,166,944 (0x2110A0) | U+2110A0 … U+421109F |
//! | 6 | FC 80 80 80 80 80 … FD BF BF BF BF BF | 69,275,808 (0x42110A0) | U+42110A0 … U+8421109F |
//!
//! (EC BD 9F is the payload 0xCF5F, and 0xCF5F + 0x8A0 = 0xD7FF; the next payload, 0xCF60, takes
//! the offset 0x10A0 and lands on U+E000, stepping over the 2,048 surrogates.) The C1 controls
//! U+0080..=U+009F and the surrogates U+D800..=U+DFFF have no encoding: encoding one is
//! `C1_CONTROL`, or `LONE_SURROGATE` (string input) / `SURROGATE` (code point input), at its
//! index; a code point above U+8421109F is `TOO_LARGE`. A JavaScript string stops at U+10FFFF,
//! so the full range goes through the code point functions (`&[u32]`); decoding a code point
//! above U+10FFFF to UTF-16 is `NOT_REPRESENTABLE_IN_UTF16` at its byte offset.
//!
//! Decoding errors, in the spirit of the WTF-8 model: a continuation byte where a sequence should
//! start is `UNEXPECTED_CONTINUATION`, one byte (each stray byte is its own error); a lead byte
//! followed by too few continuation bytes is `MISSING_CONTINUATION`, covering the lead and the
//! continuation bytes it has; input that ends inside a sequence is `TRUNCATED`. A sequence that
//! starts with FE or FF is reserved for future use and runs until the next byte that is a
//! recognised lead byte (00..7F or C0..FD): the whole run is one `RESERVED` error (one U+FFFD),
//! not one per byte.
//!
//! A document starts with the magic number [`CORRECTED_UTF8_MAGIC`], EF B7 9D ED B2 AE 00 0A —
//! the encoding of U+10E7D U+ED4E U+0000 U+000A — which is not part of the text, and holds no
//! other U+0000. [`CorrectedUtf8Mode::Document`] writes the magic number, strips it when present,
//! and rejects U+0000 elsewhere (`NUL_IN_DOCUMENT`); [`CorrectedUtf8Mode::Text`] does neither.
//!
//! # Example
//! ```
//! use wtf8_wasm::encodings::*;
//! // An emoji and a lone surrogate through the neighbours of WTF-8.
//! let units = [0xD83D, 0xDE00, 0xDC00];
//! assert_eq!(convert_utf16_to_utf16le(&units, false), b"\x3D\xD8\x00\xDE\x00\xDC");
//! assert_eq!(convert_utf16_to_mutf8(&units), b"\xED\xA0\xBD\xED\xB8\x80\xED\xB0\x80");
//! assert_eq!(convert_utf16_to_cesu8(&units).unwrap_err().index(), 2);
//! assert_eq!(convert_utf16_to_utf8b(&units).unwrap_err().index(), 2);
//! // Arbitrary bytes survive a trip through a string as UTF-8B.
//! let bytes = b"\xFF\xFEhi\xC0";
//! assert_eq!(convert_utf16_to_utf8b(&convert_utf8b_to_utf16(bytes)).unwrap(), bytes);
//! ```

mod cesu8;
mod chunked;
mod corrected_utf8;
mod engine;
mod error;
mod mutf8;
mod utf16;
mod utf32;
mod utf8b;

pub use cesu8::{
    cesu8_len_from_utf16, convert_cesu8_to_utf16, convert_cesu8_to_utf16_lossy,
    convert_utf16_to_cesu8, convert_utf16_to_cesu8_lossy,
};
pub use chunked::{Decoder, Decoding, Encoder, Encoding};
pub use corrected_utf8::{
    convert_code_points_to_corrected_utf8, convert_code_points_to_corrected_utf8_lossy,
    convert_corrected_utf8_to_code_points, convert_corrected_utf8_to_code_points_lossy,
    convert_corrected_utf8_to_utf16, convert_corrected_utf8_to_utf16_lossy,
    convert_utf16_to_corrected_utf8, convert_utf16_to_corrected_utf8_lossy, CorrectedUtf8Mode,
    CORRECTED_UTF8_MAGIC, CORRECTED_UTF8_MAX,
};
pub use error::EncodeError;
pub use mutf8::{
    convert_mutf8_frame_to_utf16, convert_mutf8_frame_to_utf16_into, convert_mutf8_to_utf16,
    convert_mutf8_to_utf16_lossy, convert_utf16_to_mutf8, convert_utf16_to_mutf8_frame,
    convert_utf16_to_mutf8_frame_into, mutf8_len_from_utf16, MUTF8_FRAME_MAX_BODY,
};
pub use utf16::{
    convert_utf16_to_utf16be, convert_utf16_to_utf16le, convert_utf16be_to_utf16,
    convert_utf16be_to_utf16_lossy, convert_utf16bom_to_utf16, convert_utf16bom_to_utf16_lossy,
    convert_utf16le_to_utf16, convert_utf16le_to_utf16_lossy, sniff_utf16_bom, ByteOrder,
};
pub use utf32::{
    convert_utf16_to_utf32be, convert_utf16_to_utf32be_lossy, convert_utf16_to_utf32le,
    convert_utf16_to_utf32le_lossy, convert_utf32be_to_utf16, convert_utf32be_to_utf16_lossy,
    convert_utf32bom_to_utf16, convert_utf32bom_to_utf16_lossy, convert_utf32le_to_utf16,
    convert_utf32le_to_utf16_lossy, sniff_utf32_bom, Surrogates,
};
pub use utf8b::{convert_utf16_to_utf8b, convert_utf8b_to_utf16};
