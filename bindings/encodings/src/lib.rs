//! WebAssembly bindings of the `wtf8-wasm/encodings` entry: thin `#[wasm_bindgen]` exports over
//! [`wtf8_wasm::encodings`], for the TypeScript layer in `js/encodings/` (the public API; nothing
//! here is meant to be called directly). A crate of its own, never published, so each npm entry
//! carries a wasm module with only what it uses.
//!
//! **The convention** is the main bindings' (`bindings/main`):
//!
//! - **Payload text never crosses the boundary as `&str`, `String` or `char`**: wasm-bindgen
//!   converts those with `TextEncoder`/`TextDecoder`, which replace lone surrogates with U+FFFD.
//!   Code units, code points and bytes move through fixed scratch buffers in wasm memory: the
//!   TypeScript layer writes a chunk into one, calls an export with the chunk's length, and reads
//!   the result out of another. Every conversion runs in chunks through the core's
//!   [`Encoder`]/[`Decoder`] (one at a time: [`begin_encode`]/[`begin_decode`] starts it), which
//!   hold back what a chunk boundary splits, so inputs of any size go through in bounded memory.
//! - **Results are numbers**: a length, or for a failure -1 with the failure record filled in
//!   (four `u32`s at [`failure_ptr`]: the code's position in `ErrorCode::ALL`, the byte offset,
//!   the error length and the index, `u32::MAX` for none), which the TypeScript layer turns into
//!   its `Wtf8Error` (`failure` in `js/errors.ts`).
//!   The record, the scratch statics and the panic handler are in `bindings/convention`, shared
//!   with the main module.
//! - **No heap**: the scratch buffers and the converter are fixed statics. The global allocator
//!   is one that always fails, so an allocation would trap: the module's memory never grows.

// No `std` in the wasm module: the panic handler (bindings/convention) traps without formatting a
// message, so `core::fmt` and std's panic machinery stay out of it (tests/js/size-budget.json).
#![cfg_attr(target_arch = "wasm32", no_std)]

use convention::{decode_failure, encode_failure, pack, Shared};
use wasm_bindgen::prelude::*;
use wtf8_wasm::encodings::{
    self as enc, ByteOrder, CorrectedUtf8Mode, Decoder, Decoding, Encoder, Encoding, Surrogates,
    MUTF8_FRAME_MAX_BODY,
};

/// Input bytes per decode call.
const MAX_DECODE_BYTES: usize = 1 << 16;
/// Input code units per encode call: their bytes (at most 4 per unit, UTF-32) fit the byte
/// scratch.
const MAX_ENCODE_UNITS: usize = 1 << 16;
/// Input bytes per decode-to-code-points call, and code points per encode call (6 bytes each at
/// most, Corrected UTF-8).
const MAX_CODE_POINTS: usize = 1 << 14;
/// Code units one `writeUTF` frame call looks at: a longer string fails at the same index.
const FRAME_UNITS: usize = MUTF8_FRAME_MAX_BODY + 1;
/// Room for held-back bytes, a pending lead surrogate, a byte order mark or magic number.
const SLACK: usize = 16;

const BYTE_SCRATCH: usize = 4 * MAX_ENCODE_UNITS + 4 * SLACK;
const UNIT_SCRATCH: usize = MAX_DECODE_BYTES + SLACK;
const CODE_POINT_SCRATCH: usize = MAX_CODE_POINTS + SLACK;

// The module never allocates (see the crate doc): an allocation fails, and then traps.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: lol_alloc::FailAllocator = lol_alloc::FailAllocator;

static BYTES: Shared<[u8; BYTE_SCRATCH]> = Shared::new([0; BYTE_SCRATCH]);
static UNITS: Shared<[u16; UNIT_SCRATCH]> = Shared::new([0; UNIT_SCRATCH]);
static CODE_POINTS: Shared<[u32; CODE_POINT_SCRATCH]> = Shared::new([0; CODE_POINT_SCRATCH]);
static ENCODER: Shared<Encoder> = Shared::new(Encoder::new(Encoding::Mutf8, false));
static DECODER: Shared<Decoder> = Shared::new(Decoder::new(Decoding::Utf8b, false));

/// Address of the byte scratch buffer in wasm memory.
#[wasm_bindgen]
pub fn scratch_bytes_ptr() -> usize {
    BYTES.get().as_ptr() as usize
}

/// Address of the UTF-16 code unit scratch buffer in wasm memory.
#[wasm_bindgen]
pub fn scratch_units_ptr() -> usize {
    UNITS.get().as_ptr() as usize
}

/// Address of the code point (`u32`) scratch buffer in wasm memory.
#[wasm_bindgen]
pub fn scratch_code_points_ptr() -> usize {
    CODE_POINTS.get().as_ptr() as usize
}

/// Address of the failure record: four `u32`s, `[code, offset, length, index]`.
#[wasm_bindgen]
pub fn failure_ptr() -> usize {
    convention::failure_ptr()
}

/// The chunk sizes: 0 → bytes per [`decode`] call, 1 → code units per [`encode`] call, 2 → bytes
/// per [`decode_code_points`] call and code points per [`encode_code_points`] call, 3 → the code
/// units one [`encode_frame`] call needs to see.
#[wasm_bindgen]
pub fn limit(which: u32) -> usize {
    match which {
        0 => MAX_DECODE_BYTES,
        1 => MAX_ENCODE_UNITS,
        2 => MAX_CODE_POINTS,
        _ => FRAME_UNITS,
    }
}

/// The byte formats, by number (the TypeScript layer's `FORMAT` table); 5, Corrected UTF-8, is
/// the `_` arm of the matches below.
const UTF16: u32 = 0;
const UTF32: u32 = 1;
const CESU8: u32 = 2;
const MUTF8: u32 = 3;
const UTF8B: u32 = 4;

fn order(big_endian: bool) -> ByteOrder {
    if big_endian {
        ByteOrder::BigEndian
    } else {
        ByteOrder::LittleEndian
    }
}

fn surrogates(pass: bool) -> Surrogates {
    if pass {
        Surrogates::Pass
    } else {
        Surrogates::Reject
    }
}

fn mode(document: bool) -> CorrectedUtf8Mode {
    if document {
        CorrectedUtf8Mode::Document
    } else {
        CorrectedUtf8Mode::Text
    }
}

/// Starts an encoder for `format`: `big_endian` and `bom` for UTF-16/32; `flag` is `surrogates:
/// 'pass'` for UTF-32 and `document` for Corrected UTF-8; `fatal` strict, else lossy.
#[wasm_bindgen]
pub fn begin_encode(format: u32, big_endian: bool, bom: bool, flag: bool, fatal: bool) {
    let order = order(big_endian);
    let encoding = match format {
        UTF16 => Encoding::Utf16 { order, bom },
        UTF32 => Encoding::Utf32 {
            order,
            bom,
            surrogates: surrogates(flag),
        },
        CESU8 => Encoding::Cesu8,
        MUTF8 => Encoding::Mutf8,
        UTF8B => Encoding::Utf8b,
        _ => Encoding::CorrectedUtf8(mode(flag)),
    };
    *ENCODER.get() = Encoder::new(encoding, fatal);
}

/// Starts a decoder for `format`: `order` 0 little-endian, 1 big-endian, 2 from a byte order
/// mark (UTF-16/32); `flag` as for [`begin_encode`]; `fatal` strict, else lenient.
#[wasm_bindgen]
pub fn begin_decode(format: u32, order: u32, flag: bool, fatal: bool) {
    let order = (order < 2).then(|| self::order(order == 1));
    let decoding = match format {
        UTF16 => Decoding::Utf16 { order },
        UTF32 => Decoding::Utf32 {
            order,
            surrogates: surrogates(flag),
        },
        CESU8 => Decoding::Cesu8,
        MUTF8 => Decoding::Mutf8,
        UTF8B => Decoding::Utf8b,
        _ => Decoding::CorrectedUtf8(mode(flag)),
    };
    *DECODER.get() = Decoder::new(decoding, fatal);
}

/// Encodes `units[..len]` of the scratch (the last chunk when `last`) into the byte scratch;
/// returns the byte count, or -1 with the failure recorded (its index from the start).
#[wasm_bindgen]
pub fn encode(len: usize, last: bool) -> i32 {
    let src = &UNITS.get()[..len.min(MAX_ENCODE_UNITS)];
    ENCODER
        .get()
        .encode_from_utf16(src, last, BYTES.get())
        .map_or_else(encode_failure, |n| n as i32)
}

/// Encodes `code_points[..len]` of the scratch (the last chunk when `last`) into the byte
/// scratch; returns the byte count, or -1 with the failure recorded.
#[wasm_bindgen]
pub fn encode_code_points(len: usize, last: bool) -> i32 {
    let src = &CODE_POINTS.get()[..len.min(MAX_CODE_POINTS)];
    ENCODER
        .get()
        .encode_from_code_points(src, last, BYTES.get())
        .map_or_else(encode_failure, |n| n as i32)
}

/// Decodes `bytes[..len]` of the scratch (the last chunk when `last`) into the unit scratch;
/// returns the unit count, or -1 with the failure recorded (its offset from the start).
#[wasm_bindgen]
pub fn decode(len: usize, last: bool) -> i32 {
    let src = &BYTES.get()[..len.min(MAX_DECODE_BYTES)];
    DECODER
        .get()
        .decode_to_utf16(src, last, UNITS.get())
        .map_or_else(decode_failure, |n| n as i32)
}

/// Decodes `bytes[..len]` of the scratch (the last chunk when `last`) into the code point
/// scratch; returns the count, or -1 with the failure recorded.
#[wasm_bindgen]
pub fn decode_code_points(len: usize, last: bool) -> i32 {
    let src = &BYTES.get()[..len.min(MAX_CODE_POINTS)];
    DECODER
        .get()
        .decode_to_code_points(src, last, CODE_POINTS.get())
        .map_or_else(decode_failure, |n| n as i32)
}

/// A `writeUTF` frame of `units[..len]` of the scratch (at most [`limit`]`(3)` units: a longer
/// string fails at the same index) into the byte scratch; returns its length, or -1 with the
/// failure recorded (`TOO_LONG`).
#[wasm_bindgen]
pub fn encode_frame(len: usize) -> i32 {
    let src = &UNITS.get()[..len.min(FRAME_UNITS)];
    enc::convert_utf16_to_mutf8_frame_into(src, BYTES.get())
        .map_or_else(encode_failure, |n| n as i32)
}

/// The code units of the `writeUTF` frame at the start of `bytes[..len]` of the scratch (the
/// caller passes at least the frame, or all it has, up to 65,537 bytes) into the unit scratch;
/// returns the unit count and the bytes the frame took, packed ([`pack`]), or -1 with the failure
/// recorded.
#[wasm_bindgen]
pub fn decode_frame(len: usize) -> f64 {
    let src = &BYTES.get()[..len.min(2 + MUTF8_FRAME_MAX_BODY)];
    match enc::convert_mutf8_frame_to_utf16_into(src, UNITS.get()) {
        Ok((units, bytes)) => pack(units, bytes),
        Err(e) => f64::from(decode_failure(e)),
    }
}
