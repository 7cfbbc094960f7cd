//! WebAssembly bindings of the `wtf8-wasm` npm entry: thin `#[wasm_bindgen]` exports over the
//! core crate (`wtf8_wasm`), for the TypeScript layer in `js/` (the public API; nothing here is
//! meant to be called directly). A crate of its own, never published, so the core stays an
//! ordinary Rust crate on every target.
//!
//! **The convention** (shared with the `wtf8-wasm/encodings` bindings):
//!
//! - **Payload text never crosses the boundary as `&str`, `String` or `char`**: wasm-bindgen
//!   converts those with `TextEncoder`/`TextDecoder`, which replace lone surrogates with U+FFFD.
//!   Code units and bytes move through fixed scratch buffers in wasm memory: the TypeScript layer
//!   writes a chunk of UTF-16 code units (or bytes) into one, calls an export with the chunk's
//!   length, and reads the result out of the other. Inputs of any size go through in chunks of at
//!   most [`max_encode_units`] units / [`max_decode_bytes`] bytes, so wasm memory does not grow with
//!   input size.
//! - **Results are numbers**: a length, or for a failure -1 with the failure record filled in
//!   (its code, byte offset, error length and code unit index, as `u32`s at [`failure_ptr`]),
//!   which the TypeScript layer turns into its `Wtf8Error` (`js/errors.ts`). A failure is never a
//!   value a success could return. The record, the scratch statics and the panic handler are in
//!   `bindings/convention`, shared with the other module.
//! - **No per-call heap**: the scratch buffers are fixed statics, and a stream's state (four
//!   words: the bytes that wait for the next chunk, and what the decoder knows of the bytes
//!   before) is kept by the caller and passed in with each chunk ([`decode_stream`]).
//!   The one allocation is the core's SIMD tables, built once on first use; the allocator hands
//!   out whole pages and never frees, so wasm memory grows by one page once, whatever the calls.
//!   (The breakdown, `inspect`, which allocates per call, is the `wtf8-wasm/inspect` entry's.)

// No `std` in the wasm module: the panic handler (bindings/convention) traps without formatting a
// message, so `core::fmt` and std's panic machinery stay out of it (tests/js/size-budget.json).
#![cfg_attr(target_arch = "wasm32", no_std)]

extern crate alloc;

use convention::{decode_failure, pack, Shared};
use wasm_bindgen::prelude::*;
use wtf8_wasm::StreamDecoder;

// The one allocation is the core's SIMD tables (12 KiB, built on first use and kept for good;
// see the crate doc): whole pages from `memory.grow`, never freed, is all it needs, in a few bytes
// of code.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: lol_alloc::LeakingPageAllocator = lol_alloc::LeakingPageAllocator;

/// Input bytes per decode call; also the size of the byte scratch buffer.
const MAX_DECODE_BYTES: usize = 1 << 16;
/// Input units per encode call: their WTF-8 (≤ 3 bytes each) must fit the byte scratch buffer.
const MAX_ENCODE_UNITS: usize = MAX_DECODE_BYTES / 3;
/// The unit scratch buffer holds a decode call's output (≤ one unit per byte, plus up to three
/// for the streaming decoder's held-back bytes) and an encode call's input.
const UNIT_SCRATCH: usize = MAX_DECODE_BYTES + 8;
/// The most lone surrogate indexes one [`lone_surrogates`] call reports.
const MAX_LONE: usize = MAX_ENCODE_UNITS / 64;

/// The buffers the TypeScript layer reads and writes, at fixed addresses in wasm memory (zeroed
/// statics: no data in the module, no allocation).
struct Scratch {
    units: [u16; UNIT_SCRATCH],
    bytes: [u8; MAX_DECODE_BYTES + 8],
    /// Indexes of lone surrogates found by [`lone_surrogates`] (`usize` is `u32` on wasm32).
    lone: [usize; MAX_LONE],
    /// The state of the stream [`decode_stream`] decodes (`StreamDecoder::to_words`).
    stream: [u32; 4],
}

static SCRATCH: Shared<Scratch> = Shared::new(Scratch {
    units: [0; UNIT_SCRATCH],
    bytes: [0; MAX_DECODE_BYTES + 8],
    lone: [0; MAX_LONE],
    stream: [0; 4],
});

/// Address of the UTF-16 code unit scratch buffer in wasm memory.
#[wasm_bindgen]
pub fn scratch_units_ptr() -> usize {
    SCRATCH.get().units.as_ptr() as usize
}

/// Address of the byte scratch buffer in wasm memory.
#[wasm_bindgen]
pub fn scratch_bytes_ptr() -> usize {
    SCRATCH.get().bytes.as_ptr() as usize
}

/// Address of the lone surrogate index scratch buffer (`u32`s) in wasm memory.
#[wasm_bindgen]
pub fn scratch_lone_ptr() -> usize {
    SCRATCH.get().lone.as_ptr() as usize
}

/// Address of the stream state scratch: four `u32`s (see [`decode_stream`]).
#[wasm_bindgen]
pub fn scratch_stream_ptr() -> usize {
    SCRATCH.get().stream.as_ptr() as usize
}

/// Address of the failure record: four `u32`s, `[code, offset, length, index]`, where `code` is
/// the position of the `ErrorCode` in `ErrorCode::ALL` (the order of `js/errors.ts`'s table) and
/// `u32::MAX` stands for "none".
#[wasm_bindgen]
pub fn failure_ptr() -> usize {
    convention::failure_ptr()
}

/// The most lone surrogate indexes one [`lone_surrogates`] call reports.
#[wasm_bindgen]
pub fn max_lone() -> usize {
    MAX_LONE
}

/// The most code units one encode call takes.
#[wasm_bindgen]
pub fn max_encode_units() -> usize {
    MAX_ENCODE_UNITS
}

/// The most bytes one decode call takes.
#[wasm_bindgen]
pub fn max_decode_bytes() -> usize {
    MAX_DECODE_BYTES
}

/// Finds the lone surrogates in `units[..len]` of the scratch and writes their indexes to the
/// index scratch; returns their count, or `max + 1` if there are more than `max` (capped at
/// [`MAX_LONE`]).
#[wasm_bindgen]
pub fn lone_surrogates(len: usize, max: usize) -> usize {
    let s = SCRATCH.get();
    let max = max.min(MAX_LONE);
    wtf8_wasm::utf16_lone_surrogates(&s.units[..len.min(MAX_ENCODE_UNITS)], &mut s.lone[..max])
        .unwrap_or(max + 1)
}

/// Encodes `units[..len]` of the scratch to WTF-8 in the byte scratch; returns the byte count.
/// The caller never ends a chunk between a lead and a trail surrogate.
#[wasm_bindgen]
pub fn encode_wtf8(len: usize) -> usize {
    let s = SCRATCH.get();
    wtf8_wasm::convert_utf16_to_wtf8_into(&s.units[..len.min(MAX_ENCODE_UNITS)], &mut s.bytes)
}

/// Encodes as much of `units[..len]` as fits in `room` bytes (capped at the byte scratch) with
/// the `TextEncoder.encodeInto` contract; returns `read` and `written`, packed ([`pack`]: `read`
/// < 65536).
#[wasm_bindgen]
pub fn encode_wtf8_partial(len: usize, room: usize) -> f64 {
    let s = SCRATCH.get();
    let room = room.min(s.bytes.len());
    let (read, written) = wtf8_wasm::convert_utf16_to_wtf8_partial(
        &s.units[..len.min(MAX_ENCODE_UNITS)],
        &mut s.bytes[..room],
    );
    pack(read, written)
}

/// Validates `bytes[..len]` of the scratch as the next chunk of a stream, as WTF-8 or (with
/// `utf8`) as UTF-8 (`wtf8_wasm::validate_wtf8_partial` / `validate_utf8_partial`); returns how
/// many bytes are settled (the next chunk starts there), or -1 with the failure recorded, its
/// offset counted from the chunk's start.
#[wasm_bindgen]
pub fn validate_chunk(len: usize, last: bool, utf8: bool) -> i32 {
    let src = &SCRATCH.get().bytes[..len.min(MAX_DECODE_BYTES)];
    let verdict = if utf8 {
        wtf8_wasm::validate_utf8_partial(src, last)
    } else {
        wtf8_wasm::validate_wtf8_partial(src, last)
    };
    verdict.map_or_else(decode_failure, |settled| settled as i32)
}

/// Joins the end of one well-formed WTF-8 string, `bytes[..a]` of the scratch, with the start of
/// the next, `bytes[a..a + b]`, by `wtf8_wasm::append_wtf8`'s rule (a lead surrogate sequence
/// followed by a trail surrogate sequence becomes one 4-byte sequence; the rule looks at no more
/// than 3 bytes on either side); writes the joined bytes at the start of the byte scratch and
/// returns their length.
#[wasm_bindgen]
pub fn join_wtf8(a: usize, b: usize) -> usize {
    let s = SCRATCH.get();
    let (a, b) = (a.min(3), b.min(3));
    let mut next = [0u8; 3];
    next[..b].copy_from_slice(&s.bytes[a..a + b]);
    wtf8_wasm::append_wtf8_into(&mut s.bytes, a, &next[..b])
}

/// Decodes `bytes[..len]` of the scratch as the next chunk of a stream (the last when `last`)
/// into the unit scratch. `start` says which decoder: 0 the one whose state the caller put in the
/// stream state scratch (`StreamDecoder::to_words`), 1 a new lenient one, 2 a new strict one; the
/// state is left there updated. A whole input is a new stream's last chunk (one call, as fast as a
/// one-shot decode: commit 320600e8). Returns the unit count (at most `len + 3`), or
/// (strict mode) -1 with the failure recorded, its offset counted from the start of the stream;
/// the decoder is then reset. The module holds no per-stream state (and needs no heap for it):
/// any number of streams can be under way, each keeping its own four words.
#[wasm_bindgen]
pub fn decode_stream(len: usize, last: bool, start: u32) -> i32 {
    let s = SCRATCH.get();
    let mut decoder = match start {
        0 => StreamDecoder::from_words(s.stream),
        _ => StreamDecoder::new(start == 2),
    };
    // The unit scratch has room for `len + 3` units (and, short of a full 64 KiB chunk, the 80
    // more that let the windows run to the end); the byte scratch's bytes after the input are
    // the decoder's to overwrite.
    let result =
        decoder.decode_into_padded(&mut s.bytes, len.min(MAX_DECODE_BYTES), last, &mut s.units);
    s.stream = decoder.to_words();
    result.map_or_else(decode_failure, |n| n as i32)
}
