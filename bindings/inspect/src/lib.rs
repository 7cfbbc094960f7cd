//! WebAssembly bindings of the `wtf8-wasm/inspect` npm entry: the core's breakdown
//! ([`wtf8_wasm::inspect_utf16_chunk`], [`wtf8_wasm::inspect_wtf8_chunk`]) as plain JavaScript
//! objects, for `js/inspect/index.ts` (the public API; nothing here is meant to be called
//! directly). A module of its own so that users of `encode`/`decode` do not download it.
//!
//! - **The record is defined once, here**: [`Segment`] derives `Serialize`, and serde-wasm-bindgen
//!   builds each object from it (`null` for a missing code point or error, not `undefined`);
//!   tsify-next writes its TypeScript declaration into wasm-bindgen's, which `js/inspect/index.ts`
//!   checks its documented interface against when it compiles.
//! - **Payload text never crosses the boundary as `&str`, `String` or `char`**: the input comes in
//!   as code units (`&[u16]`) or bytes (`&[u8]`), and a segment's text goes out as numbers (its
//!   units, bytes and code point). The only strings are the kind's and the error code's names.
//! - **Bounded memory**: the input comes a chunk at a time. [`Inspector`] keeps where the
//!   breakdown stands between chunks; every rule of where a chunk may end is the core's (a lead
//!   surrogate, or a sequence, that the chunk cuts waits for the next one).

use serde::{Serialize, Serializer};
use tsify_next::Tsify;
use wasm_bindgen::prelude::*;
use wtf8_wasm::{inspect_utf16_chunk, inspect_wtf8_chunk, ErrorCode, InspectPosition, SegmentKind};

// lol_alloc's free-list allocator instead of std's dlmalloc: 3.3 kB less gzip for the entry
// (17,750 -> 14,411 B), wasm memory the same in tests/memory/inspect.test.mjs (1.19 MiB after
// walking 64 MiB), no difference in benches/inspect.mjs that the machine's noise did not swamp
// (27 Nov 2026). The records' Vecs are freed chunk by chunk, so its list stays short.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
// SAFETY: the module runs on one thread: the package makes no threads and no shared memory,
// which is all `AssumeSingleThreaded` asks of its user.
static ALLOCATOR: lol_alloc::AssumeSingleThreaded<lol_alloc::FreeListAllocator> =
    unsafe { lol_alloc::AssumeSingleThreaded::new(lol_alloc::FreeListAllocator::new()) };

/// One code point, lone surrogate or ill-formed subpart: the record `inspect` returns
/// (`js/inspect/index.ts` documents each field for users).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)] // as `to_js` serializes a `None`: `T | null` in the declaration
pub struct Segment {
    /// What this segment is ([`SegmentKind::as_str`]).
    #[serde(serialize_with = "kind_name")]
    #[tsify(type = "SegmentKind")]
    pub kind: SegmentKind,
    /// Index of its first UTF-16 code unit in the string (for byte input: in its lenient decoding).
    pub index: u32,
    /// Its UTF-16 code units: one or two (U+FFFD for an ill-formed subpart).
    pub units: Vec<u16>,
    /// Byte offset of its WTF-8 bytes (for byte input: in the input).
    pub offset: u32,
    /// Its WTF-8 bytes (for an ill-formed subpart: the subpart's bytes).
    pub bytes: Vec<u8>,
    /// The code point (a surrogate code point for a lone surrogate); `null` for an ill-formed subpart.
    pub code_point: Option<u32>,
    /// Its bytes in lossy UTF-8 ([`wtf8_wasm::Segment::utf8_lossy`]).
    pub utf8: Vec<u8>,
    /// Why strict decoding rejects it, if it does ([`ErrorCode::as_str`]), else `null`.
    #[serde(serialize_with = "error_name")]
    #[tsify(type = "Wtf8ErrorCode | null")]
    pub error: Option<ErrorCode>,
}

// The names as unit variants, not `serialize_str`: serde-wasm-bindgen makes the JS string of a
// `&'static str` variant name once and reuses it, where a `str` is decoded anew each time (17% of
// the time per string segment, 28% per byte segment: tests/memory/inspect-child.mjs on Node 20).
fn kind_name<S: Serializer>(kind: &SegmentKind, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_unit_variant("SegmentKind", *kind as u32, kind.as_str())
}

fn error_name<S: Serializer>(error: &Option<ErrorCode>, serializer: S) -> Result<S::Ok, S::Error> {
    match error {
        Some(code) => serializer.serialize_unit_variant("ErrorCode", 0, code.as_str()),
        None => serializer.serialize_none(),
    }
}

impl From<wtf8_wasm::Segment> for Segment {
    fn from(s: wtf8_wasm::Segment) -> Segment {
        // usize is u32 on wasm32, where this runs: no index or offset is cut.
        Segment {
            kind: s.kind(),
            index: s.unit_index() as u32,
            units: s.units().to_vec(),
            offset: s.byte_offset() as u32,
            bytes: s.bytes().to_vec(),
            code_point: s.code_point(),
            utf8: s.utf8_lossy().to_vec(),
            error: s.error(),
        }
    }
}

/// The segments as a JavaScript array of plain objects, each serialized as it is made: no chunk's
/// worth of records is ever held in wasm memory.
fn to_js(segments: impl Iterator<Item = wtf8_wasm::Segment>) -> Result<JsValue, JsValue> {
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true);
    Ok(serializer.collect_seq(segments.map(Segment::from))?)
}

/// A breakdown of one input, fed a chunk at a time: it keeps where the breakdown stands.
#[wasm_bindgen]
#[derive(Default)]
pub struct Inspector {
    at: InspectPosition,
    consumed: usize,
}

#[wasm_bindgen]
impl Inspector {
    /// A breakdown at the start of an input.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Inspector {
        Inspector::default()
    }

    /// The segments of the next chunk of a string's code units, at most `limit` of them; `last`
    /// says whether the chunk ends the input. The next chunk starts [`consumed`](Self::consumed)
    /// units into this one.
    #[wasm_bindgen(unchecked_return_type = "Segment[]")]
    pub fn units(&mut self, chunk: &[u16], last: bool, limit: usize) -> Result<JsValue, JsValue> {
        let segments = inspect_utf16_chunk(chunk, self.at, last);
        self.records(segments, limit, |s| (s.position(), s.consumed()))
    }

    /// The segments of the next chunk of bytes read as WTF-8 (see [`units`](Self::units)).
    #[wasm_bindgen(unchecked_return_type = "Segment[]")]
    pub fn bytes(&mut self, chunk: &[u8], last: bool, limit: usize) -> Result<JsValue, JsValue> {
        let segments = inspect_wtf8_chunk(chunk, self.at, last);
        self.records(segments, limit, |s| (s.position(), s.consumed()))
    }

    /// How much of the last chunk (units or bytes) its segments took.
    pub fn consumed(&self) -> usize {
        self.consumed
    }
}

impl Inspector {
    /// At most `limit` of a chunk's `segments` as JavaScript objects; then where the next chunk
    /// starts (`end` reads it off the iterator: its position, and how much of the chunk it took).
    fn records<I: Iterator<Item = wtf8_wasm::Segment>>(
        &mut self,
        mut segments: I,
        limit: usize,
        end: fn(&I) -> (InspectPosition, usize),
    ) -> Result<JsValue, JsValue> {
        let records = to_js(segments.by_ref().take(limit));
        (self.at, self.consumed) = end(&segments);
        records
    }
}
