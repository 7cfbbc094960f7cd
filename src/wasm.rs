//! WebAssembly bindings: thin `#[wasm_bindgen]` exports over the core, for the TypeScript layer in
//! `js/` (which is the public API; nothing here is meant to be called directly).
//!
//! **Payload text never crosses the boundary as `&str`, `String` or `char`**: wasm-bindgen
//! converts those with `TextEncoder`/`TextDecoder`, which replace lone surrogates with U+FFFD.
//! Instead, code units and bytes move through two fixed scratch buffers in wasm memory: the
//! TypeScript layer writes a chunk of UTF-16 code units (or bytes) into one, calls an export with
//! the chunk's length, and reads the result out of the other. Inputs of any size are processed
//! in chunks of at most [`max_encode_units`] units / [`max_decode_bytes`] bytes, so wasm memory
//! does not grow with input size. Structured results (errors, `inspect` records) come back
//! through serde-wasm-bindgen.

use std::cell::RefCell;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::{DecodeError, Segment, StreamDecoder};

/// Input bytes per decode call; also the size of the byte scratch buffer.
const MAX_DECODE_BYTES: usize = 1 << 16;
/// Input units per encode call: their WTF-8 (≤ 3 bytes each) must fit the byte scratch buffer.
const MAX_ENCODE_UNITS: usize = MAX_DECODE_BYTES / 3;
/// The unit scratch buffer holds a decode call's output (≤ one unit per byte, plus one U+FFFD
/// for a truncated tail) and an encode call's input.
const UNIT_SCRATCH: usize = MAX_DECODE_BYTES + 8;

/// The most lone surrogate indexes one [`lone_surrogates`] call reports.
const MAX_LONE: usize = MAX_ENCODE_UNITS / 64;

struct Scratch {
    units: Vec<u16>,
    bytes: Vec<u8>,
    /// Indexes of lone surrogates found by [`lone_surrogates`].
    lone: Vec<usize>,
    /// Output of the streaming decoder (capacity reserved once, never grown).
    decoded: Vec<u16>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch {
        units: vec![0; UNIT_SCRATCH],
        bytes: vec![0; MAX_DECODE_BYTES + 8],
        lone: vec![0; MAX_LONE],
        decoded: Vec::with_capacity(UNIT_SCRATCH),
    });
}

/// Address of the UTF-16 code unit scratch buffer in wasm memory.
#[wasm_bindgen]
pub fn scratch_units_ptr() -> usize {
    SCRATCH.with(|s| s.borrow().units.as_ptr() as usize)
}

/// Address of the byte scratch buffer in wasm memory.
#[wasm_bindgen]
pub fn scratch_bytes_ptr() -> usize {
    SCRATCH.with(|s| s.borrow().bytes.as_ptr() as usize)
}

/// Address of the lone surrogate index scratch buffer (`u32`s) in wasm memory.
#[wasm_bindgen]
pub fn scratch_lone_ptr() -> usize {
    SCRATCH.with(|s| s.borrow().lone.as_ptr() as usize)
}

/// Finds the lone surrogates in `units[..len]` of the scratch and writes their indexes to the
/// index scratch; returns their count, or `max + 1` if there are more than `max` (capped at
/// [`MAX_LONE`]).
#[wasm_bindgen]
pub fn lone_surrogates(len: usize, max: usize) -> usize {
    SCRATCH.with(|s| {
        let s = &mut *s.borrow_mut();
        let max = max.min(MAX_LONE);
        crate::utf16_lone_surrogates(&s.units[..len.min(MAX_ENCODE_UNITS)], &mut s.lone[..max])
            .unwrap_or(max + 1)
    })
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

/// Encodes `units[..len]` of the scratch to WTF-8 in the byte scratch; returns the byte count.
/// The caller never ends a chunk between a lead and a trail surrogate.
#[wasm_bindgen]
pub fn encode_wtf8(len: usize) -> usize {
    SCRATCH.with(|s| {
        let s = &mut *s.borrow_mut();
        crate::convert_utf16_to_wtf8_into(&s.units[..len.min(MAX_ENCODE_UNITS)], &mut s.bytes)
    })
}

/// Encodes as much of `units[..len]` as fits in `room` bytes (capped at the byte scratch) with
/// the `TextEncoder.encodeInto` contract; returns `written * 65536 + read` (both fit exactly in
/// an f64: `read` < 65536).
#[wasm_bindgen]
pub fn encode_wtf8_partial(len: usize, room: usize) -> f64 {
    SCRATCH.with(|s| {
        let s = &mut *s.borrow_mut();
        let room = room.min(s.bytes.len());
        let (read, written) = crate::convert_utf16_to_wtf8_partial(
            &s.units[..len.min(MAX_ENCODE_UNITS)],
            &mut s.bytes[..room],
        );
        written as f64 * 65536.0 + read as f64
    })
}

/// The index of the first lone surrogate in `units[..len]` of the scratch, or `len`.
#[wasm_bindgen]
pub fn utf16_valid_up_to(len: usize) -> usize {
    SCRATCH.with(|s| crate::utf16_valid_up_to(&s.borrow().units[..len.min(UNIT_SCRATCH)]))
}

/// Decodes `bytes[..len]` of the scratch as one whole input into the unit scratch; returns the
/// unit count.
///
/// # Errors
/// Strict mode: an error object `{ code, offset, length }` (serde-wasm-bindgen).
#[wasm_bindgen]
pub fn decode_wtf8(len: usize, fatal: bool) -> Result<usize, JsValue> {
    SCRATCH.with(|s| {
        let s = &mut *s.borrow_mut();
        let src = &s.bytes[..len.min(MAX_DECODE_BYTES)];
        if fatal {
            crate::convert_wtf8_to_utf16_into(src, &mut s.units).map_err(error_to_js)
        } else {
            Ok(crate::convert_wtf8_to_utf16_lossy_into(src, &mut s.units))
        }
    })
}

/// A streaming WTF-8 decoder over the scratch buffers (see [`crate::StreamDecoder`]).
#[wasm_bindgen]
pub struct Decoder {
    inner: StreamDecoder,
}

#[wasm_bindgen]
impl Decoder {
    /// A new decoder, strict when `fatal`.
    #[wasm_bindgen(constructor)]
    pub fn new(fatal: bool) -> Decoder {
        Decoder {
            inner: StreamDecoder::new(fatal),
        }
    }

    /// Decodes `bytes[..len]` of the scratch as the next chunk (the last when `last`) into the
    /// unit scratch; returns the unit count (at most `len + 1`).
    ///
    /// # Errors
    /// Strict mode: `{ code, offset, length }` with `offset` counted from the start of the stream;
    /// the decoder is then reset.
    pub fn decode(&mut self, len: usize, last: bool) -> Result<usize, JsValue> {
        SCRATCH.with(|s| {
            let s = &mut *s.borrow_mut();
            s.decoded.clear();
            let result =
                self.inner
                    .decode(&s.bytes[..len.min(MAX_DECODE_BYTES)], last, &mut s.decoded);
            result.map_err(error_to_js)?;
            let n = s.decoded.len();
            s.units[..n].copy_from_slice(&s.decoded);
            Ok(n)
        })
    }

    /// Forgets held-back bytes and starts a new stream.
    pub fn reset(&mut self) {
        self.inner.reset();
    }
}

#[derive(Serialize)]
struct ErrorInfo {
    code: &'static str,
    offset: usize,
    length: Option<usize>,
}

fn error_to_js(e: DecodeError) -> JsValue {
    to_js(&ErrorInfo {
        code: e.code().as_str(),
        offset: e.valid_up_to(),
        length: e.error_len(),
    })
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SegmentRecord<'a> {
    kind: &'static str,
    index: usize,
    units: &'a [u16],
    offset: usize,
    bytes: &'a [u8],
    code_point: Option<u32>,
    utf8: &'a [u8],
    error: Option<&'static str>,
}

fn records<I: Iterator<Item = Segment>>(segments: I) -> JsValue {
    let segments: Vec<Segment> = segments.collect();
    let records: Vec<SegmentRecord<'_>> = segments
        .iter()
        .map(|s| SegmentRecord {
            kind: s.kind().as_str(),
            index: s.unit_index(),
            units: s.units(),
            offset: s.byte_offset(),
            bytes: s.bytes(),
            code_point: s.code_point(),
            utf8: s.utf8_lossy(),
            error: s.error().map(|e| e.as_str()),
        })
        .collect();
    to_js(&records)
}

/// The breakdown of a string's code units (`inspect(string)`), as an array of records.
#[wasm_bindgen]
pub fn inspect_units(units: &[u16]) -> JsValue {
    records(crate::inspect_utf16(units))
}

/// The breakdown of bytes read as WTF-8 (`inspect(bytes)`), as an array of records.
#[wasm_bindgen]
pub fn inspect_bytes(bytes: &[u8]) -> JsValue {
    records(crate::inspect_wtf8(bytes))
}

fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    // Byte and unit slices become plain arrays of numbers; None becomes null.
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true);
    value.serialize(&serializer).unwrap_or(JsValue::NULL)
}
