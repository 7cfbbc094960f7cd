//! The integration suites, as one test binary: each file below is a module (they were a binary
//! each, which compiled the crate's generic code and the shared references a dozen times over,
//! optimised, natively and again for wasm32-wasip1). `cargo test --test integration exhaustive::`
//! runs one suite.

/// The encodings suites' helpers: their vector tables and the lenient decoder built from strict.
#[path = "common/encodings.rs"]
mod common;
/// The naive reference written from the spec's table (the fuzz targets include it too).
#[path = "common/reference.rs"]
mod reference;

mod encodings_cesu8;
mod encodings_chunked;
mod encodings_corrected_utf8;
mod encodings_mutf8;
mod encodings_utf16;
mod encodings_utf32;
mod encodings_utf8b;
mod exhaustive;
mod fuzz_findings;
mod properties;
mod slide;
mod vectors;
