//! WebAssembly bindings of the `wtf8-wasm/inspect` npm entry: the core's breakdown
//! ([`wtf8_wasm::inspect_utf16_chunk`], [`wtf8_wasm::inspect_wtf8_chunk`]) as flat records in
//! wasm memory, for `js/inspect/index.ts` (the public API; nothing here is meant to be called
//! directly). A module of its own so that users of `encode`/`decode` do not download it.
//!
//! **The convention** is the other two modules' (`bindings/main`, `bindings/encodings`):
//!
//! - **Payload text never crosses the boundary as `&str`, `String` or `char`**: the TypeScript
//!   layer writes a chunk of code units (at most [`CHUNK_UNITS`]) or bytes (at most
//!   [`CHUNK_BYTES`]) into a fixed scratch buffer, and each segment comes back as numbers: a
//!   [`Record`] of its positions, code point, kind, error code and its units, WTF-8 bytes and
//!   lossy UTF-8 bytes. Every rule (what a segment is, its bytes, its error, where a chunk may
//!   end) is the core's; the TypeScript layer only turns each record into the object `inspect`
//!   returns, naming the kind by its position in `SEGMENT_KINDS` and the error by its position
//!   in `ERROR_CODES` (`u32::MAX`: none, as in the failure record of `bindings/convention`).
//! - **Bounded memory, no heap**: a call writes at most [`BATCH`] records into a fixed array and
//!   says how much of the chunk they took; the TypeScript layer reads them and calls again for the
//!   rest. Where the breakdown stands between calls ([`InspectPosition`]) is kept by the caller as
//!   five words ([`InspectPosition::to_words`]), given in and taken back at [`position_ptr`], so
//!   that two breakdowns can be walked at once (two `inspectIter`s). The global allocator is one
//!   that always fails: the module's memory never grows.
//! - **No `std`**: the panic handler (`bindings/convention`) traps without formatting a message.

// No `std` in the wasm module: the panic handler (bindings/convention) traps without formatting a
// message, so `core::fmt` and std's panic machinery stay out of it (tests/js/size-budget.json).
#![cfg_attr(target_arch = "wasm32", no_std)]

use convention::{code_word, pack, Shared, NONE};
use wasm_bindgen::prelude::*;
use wtf8_wasm::{inspect_utf16_chunk, inspect_wtf8_chunk, InspectPosition, Segment};

/// Code units per chunk of a string (the size of the unit scratch buffer).
pub const CHUNK_UNITS: usize = 1 << 15;
/// Bytes per chunk of byte input (the size of the byte scratch buffer).
pub const CHUNK_BYTES: usize = 1 << 16;
/// The most records one call writes.
pub const BATCH: usize = 1 << 12;

// The module never allocates (see the crate doc): an allocation fails, and then traps.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: lol_alloc::FailAllocator = lol_alloc::FailAllocator;

/// One segment as numbers, 32 bytes (eight `u32` words) that the TypeScript layer reads in place.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct Record {
    /// Index of its first code unit ([`Segment::unit_index`]; `usize` is `u32` on wasm32).
    index: u32,
    /// Byte offset of its bytes ([`Segment::byte_offset`]).
    offset: u32,
    /// Its code point, or [`NONE`] for an ill-formed subpart ([`Segment::code_point`]).
    code_point: u32,
    /// Why strict decoding rejects it: its position in `ErrorCode::ALL`, or [`NONE`].
    error: u32,
    /// Its kind's position in the declaration of [`wtf8_wasm::SegmentKind`].
    kind: u8,
    /// How many of `units`, `bytes` and `utf8` are its own.
    unit_len: u8,
    byte_len: u8,
    utf8_len: u8,
    /// [`Segment::units`], [`Segment::bytes`], [`Segment::utf8_lossy`].
    units: [u16; 2],
    bytes: [u8; 4],
    utf8: [u8; 4],
}

impl Record {
    const EMPTY: Record = Record {
        index: 0,
        offset: 0,
        code_point: 0,
        error: 0,
        kind: 0,
        unit_len: 0,
        byte_len: 0,
        utf8_len: 0,
        units: [0; 2],
        bytes: [0; 4],
        utf8: [0; 4],
    };

    fn of(s: &Segment) -> Record {
        let mut r = Record {
            index: s.unit_index() as u32,
            offset: s.byte_offset() as u32,
            code_point: s.code_point().unwrap_or(NONE),
            error: s.error().map_or(NONE, code_word),
            kind: s.kind() as u8,
            unit_len: s.units().len() as u8,
            byte_len: s.bytes().len() as u8,
            utf8_len: s.utf8_lossy().len() as u8,
            ..Record::EMPTY
        };
        r.units[..s.units().len()].copy_from_slice(s.units());
        r.bytes[..s.bytes().len()].copy_from_slice(s.bytes());
        r.utf8[..s.utf8_lossy().len()].copy_from_slice(s.utf8_lossy());
        r
    }
}

static UNITS: Shared<[u16; CHUNK_UNITS]> = Shared::new([0; CHUNK_UNITS]);
static BYTES: Shared<[u8; CHUNK_BYTES]> = Shared::new([0; CHUNK_BYTES]);
static RECORDS: Shared<[Record; BATCH]> = Shared::new([Record::EMPTY; BATCH]);
static POSITION: Shared<[u32; 5]> = Shared::new([0; 5]);

/// Address of the code unit scratch buffer in wasm memory.
#[wasm_bindgen]
pub fn scratch_units_ptr() -> usize {
    UNITS.get().as_ptr() as usize
}

/// Address of the byte scratch buffer in wasm memory.
#[wasm_bindgen]
pub fn scratch_bytes_ptr() -> usize {
    BYTES.get().as_ptr() as usize
}

/// Address of the records a call writes ([`Record`]s, 32 bytes each).
#[wasm_bindgen]
pub fn records_ptr() -> usize {
    RECORDS.get().as_ptr() as usize
}

/// Address of where the breakdown stands: five `u32`s ([`InspectPosition::to_words`]), all 0 at
/// the start of an input; each call reads them and leaves them updated.
#[wasm_bindgen]
pub fn position_ptr() -> usize {
    POSITION.get().as_ptr() as usize
}

/// The sizes: 0 → [`CHUNK_UNITS`], 1 → [`CHUNK_BYTES`], 2 → [`BATCH`].
#[wasm_bindgen]
pub fn limit(which: u32) -> usize {
    match which {
        0 => CHUNK_UNITS,
        1 => CHUNK_BYTES,
        _ => BATCH,
    }
}

/// The records of the code units `units[from..len]` of the scratch, the rest of a chunk (`last`:
/// the chunk ends the input): at most `count` (and [`BATCH`]). Returns the record count and the
/// units they took, packed (`bindings/convention`'s `pack`): the next call starts there. A lead
/// surrogate that ends a chunk that is not the last waits for the next chunk.
#[wasm_bindgen]
pub fn inspect_units(from: usize, len: usize, last: bool, count: usize) -> f64 {
    let mut segments = inspect_utf16_chunk(&UNITS.get()[from..len], position(), last);
    let n = records(&mut segments, count);
    *POSITION.get() = segments.position().to_words();
    pack(n, segments.consumed())
}

/// The records of the bytes `bytes[from..len]` of the scratch, read as WTF-8 (see
/// [`inspect_units`]; what waits for the next chunk: a sequence the chunk cuts, and a lead
/// surrogate's sequence whose next sequence it cuts or leaves out).
#[wasm_bindgen]
pub fn inspect_bytes(from: usize, len: usize, last: bool, count: usize) -> f64 {
    let mut segments = inspect_wtf8_chunk(&BYTES.get()[from..len], position(), last);
    let n = records(&mut segments, count);
    *POSITION.get() = segments.position().to_words();
    pack(n, segments.consumed())
}

fn position() -> InspectPosition {
    InspectPosition::from_words(*POSITION.get())
}

/// Writes the next segments, at most `count` (and [`BATCH`]), as records; returns how many. Takes
/// no segment it does not write, so the iterator says where the next call starts.
fn records(segments: &mut impl Iterator<Item = Segment>, count: usize) -> usize {
    let records = RECORDS.get();
    let mut n = 0;
    while n < count.min(BATCH) {
        let Some(segment) = segments.next() else {
            break;
        };
        records[n] = Record::of(&segment);
        n += 1;
    }
    n
}
