//! SIMD kernels for the hot loops: UTF-16 → WTF-8 (and lossy UTF-8), WTF-8 → UTF-16 (strict and
//! lenient), WTF-8 validation and the lone-surrogate scan.
//!
//! They are written once, against [`V128`], a 128-bit vector type with exactly the operations the
//! kernels need. On wasm32 built with `+simd128` (the npm package's modules) each of its methods
//! is one WebAssembly simd128 instruction ([`wasm32`]); everywhere else it is emulated lane by lane
//! ([`portable`]). So the kernels' logic runs natively too: under `cargo test` (the property tests
//! at the end of this module compare every kernel with its scalar twin) and in the fuzzers (which
//! build with `cfg(fuzzing)` and then serve every public function with these kernels). The wasm
//! test run (`scripts/test-wasm.sh`) runs the whole Rust test suite on the real instructions and
//! checks the emulation against them.
//!
//! The public functions use these kernels only where the real instructions exist (and under
//! `cfg(fuzzing)`); every other target keeps the scalar kernels, which stay the reference. That
//! choice is made once, by `build.rs`, as the cfgs `simd_kernels` (the public functions run these
//! kernels) and `wasm_simd128` (the real instructions exist). The
//! SIMD kernels are leaves: each does what it can and returns how far it got, and imports nothing
//! of the modules that call it (only [`crate::grammar`], [`tables`] and [`V128`]). The one driver
//! of each conversion sits beside its scalar kernel (`decode_simd` in `decode.rs`,
//! `encode_units_simd` in `encode.rs`, `validate_wtf8_simd`, `utf16_lone_surrogates_simd` and
//! `utf16_valid_up_to_simd` in `validate.rs`) and has the scalar kernel go on from there: with
//! anything unusual — in decoding and validation, any ill-formed input, so that every error keeps
//! its exact code, offset and length — and with the last few units or bytes of every input.
//!
//! The techniques follow the published simdutf work of Lemire, Keiser, Clausecker and others
//! ("Validating UTF-8 in less than one instruction per byte", "Transcoding billions of Unicode
//! characters per second with SIMD instructions"): nibble-table validation, sequence-end masks
//! and small shuffle tables for compaction. WTF-8's differences are ours: surrogate sequences
//! (ED A0..BF) are valid, and strict decoding rejects a lead surrogate sequence directly followed
//! by a trail surrogate sequence.

#[cfg(wasm_simd128)]
mod wasm32;
#[cfg(wasm_simd128)]
pub(crate) use wasm32::V128;

#[cfg(any(test, not(wasm_simd128)))]
mod portable;
#[cfg(not(wasm_simd128))]
pub(crate) use portable::V128;

pub(crate) mod decode;
pub(crate) mod encode;
pub(crate) mod scan;
mod tables;
pub(crate) mod validate;

#[cfg(test)]
mod tests;
