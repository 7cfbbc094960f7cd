//! Helpers shared by the `encodings_*` tests, included by each of them with
//! `#[path = "common/encodings.rs"] mod common;`.
#![allow(dead_code)]

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use serde_json::Value;
use wtf8_wasm::{DecodeError, ErrorCode, LoneSurrogateError};

/// Reads `tests/vectors/encodings/<name>` (written by `generate.py` there).
pub fn load(name: &str) -> Value {
    let path = format!(
        "{}/tests/vectors/encodings/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The rows of one table of a vector file.
pub fn rows<'a>(file: &'a Value, table: &str) -> &'a [Value] {
    file[table]
        .as_array()
        .unwrap_or_else(|| panic!("no table {table}"))
}

pub fn hex(v: &Value) -> Vec<u8> {
    let s = v.as_str().expect("hex string");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

pub fn units(v: &Value) -> Vec<u16> {
    v.as_array()
        .expect("units")
        .iter()
        .map(|u| u.as_u64().unwrap() as u16)
        .collect()
}

pub fn code_points(v: &Value) -> Vec<u32> {
    v.as_array()
        .expect("code points")
        .iter()
        .map(|u| u.as_u64().unwrap() as u32)
        .collect()
}

pub fn desc(row: &Value) -> &str {
    row["description"].as_str().unwrap()
}

/// The stable spelling of a code, e.g. `"TRUNCATED"`.
pub fn code(v: &Value) -> &str {
    v["code"].as_str().unwrap()
}

/// Asserts that a byte-input error matches `{code, offset, length}`.
pub fn assert_decode_error(err: &DecodeError, want: &Value, ctx: &str) {
    let length = want["length"].as_u64().map(|n| n as usize);
    assert_eq!(
        (err.code().as_str(), err.valid_up_to(), err.error_len()),
        (
            code(want),
            want["offset"].as_u64().unwrap() as usize,
            length
        ),
        "{ctx}"
    );
}

/// Checks a decoder pair against a `{units, error}` entry: `units` is the lenient output, and
/// the strict output when `error` is null.
pub fn check_decode<T: PartialEq + std::fmt::Debug>(
    strict: Result<Vec<T>, DecodeError>,
    lenient: Vec<T>,
    want_lenient: Vec<T>,
    want_error: &Value,
    ctx: &str,
) {
    assert_eq!(lenient, want_lenient, "lenient: {ctx}");
    match strict {
        Ok(got) => {
            assert!(
                want_error.is_null(),
                "strict accepted, expected {want_error}: {ctx}"
            );
            assert_eq!(got, want_lenient, "strict: {ctx}");
        }
        Err(err) => {
            assert!(
                !want_error.is_null(),
                "strict rejected ({err}), expected success: {ctx}"
            );
            assert_decode_error(&err, want_error, ctx);
        }
    }
}

/// Asserts that a string-input error matches `{code, index}`.
pub fn assert_index_error(code_str: &str, index: usize, want: &Value, ctx: &str) {
    assert_eq!(
        (code_str, index),
        (code(want), want["index"].as_u64().unwrap() as usize),
        "{ctx}"
    );
}

pub fn assert_lone(err: &LoneSurrogateError, want: &Value, ctx: &str) {
    assert_index_error(err.code().as_str(), err.index(), want, ctx);
}

// `lenient_from_strict`, shared with the fuzz targets.
include!("lenient.rs");

/// Every byte string of length 0, 1 and 2.
pub fn all_short_inputs() -> impl Iterator<Item = Vec<u8>> {
    std::iter::once(Vec::new())
        .chain((0..=255u8).map(|b| vec![b]))
        .chain((0..=0xFFFFu16).map(|w| w.to_be_bytes().to_vec()))
}

/// Proptest with a fixed seed, so that every run tests the same inputs, and no files written.
pub fn config(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(0x5EED_E4C0_D145),
        failure_persistence: None,
        ..Config::default()
    }
}

/// Strings of UTF-16 code units, biased towards surrogates, boundaries and pairs.
pub fn arb_units() -> impl Strategy<Value = Vec<u16>> {
    let unit = prop_oneof![
        3 => 0u16..0x80,
        1 => 0x80u16..0xA0,
        2 => any::<u16>(),
        3 => 0xD800u16..0xE000,
        2 => 0xDC80u16..0xDD00,
        1 => Just(0u16),
    ];
    prop::collection::vec(unit, 0..40)
}

/// Well-formed strings (no lone surrogates).
pub fn arb_well_formed() -> impl Strategy<Value = Vec<u16>> {
    prop::collection::vec(any::<char>(), 0..30).prop_map(|chars| {
        let s: String = chars.into_iter().collect();
        s.encode_utf16().collect()
    })
}

/// Byte strings biased towards the bytes that matter to UTF-8-like decoders.
pub fn arb_bytes() -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![
        2 => 0u8..0x80,
        3 => 0x80u8..0xC0,
        2 => 0xC0u8..0xE0,
        3 => 0xE0u8..0xF0,
        2 => 0xF0u8..=0xFF,
        1 => Just(0xEDu8),
        1 => Just(0u8),
    ];
    prop::collection::vec(byte, 0..40)
}

/// Code `c` as its stable spelling, for comparisons with vectors.
pub fn s(c: ErrorCode) -> &'static str {
    c.as_str()
}
