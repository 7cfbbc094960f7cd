//! The shared vector table `tests/vectors/wtf8.json` (generated from independent oracles by
//! `tests/vectors/generate.py`, also read by the JS tests), checked row by row against the crate
//! and against the naive reference in `tests/common/reference.rs`.
//!
//! Every mismatch is collected, so one run reports all failing rows by description.

use crate::reference;

use serde_json::Value;
use wtf8_wasm::*;

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/wtf8.json");

fn table() -> Value {
    let text = std::fs::read_to_string(PATH).unwrap_or_else(|e| panic!("reading {PATH}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("parsing {PATH}: {e}"))
}

fn rows<'a>(table: &'a Value, key: &str) -> &'a [Value] {
    table[key]
        .as_array()
        .unwrap_or_else(|| panic!("{PATH}: `{key}` is not an array"))
}

/// Lowercase hex, no separators.
fn unhex(s: &str) -> Vec<u8> {
    assert!(
        s.len() % 2 == 0 && s.bytes().all(|c| matches!(c, b'0'..=b'9' | b'a'..=b'f')),
        "not lowercase hex without separators: {s:?}"
    );
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

fn hex_field(row: &Value, key: &str) -> Vec<u8> {
    unhex(
        row[key]
            .as_str()
            .unwrap_or_else(|| panic!("`{key}` is not a string in {row}")),
    )
}

fn units_field(row: &Value, key: &str) -> Vec<u16> {
    row[key]
        .as_array()
        .unwrap_or_else(|| panic!("`{key}` is not an array in {row}"))
        .iter()
        .map(|v| {
            v.as_u64()
                .and_then(|n| u16::try_from(n).ok())
                .unwrap_or_else(|| panic!("bad unit {v} in {row}"))
        })
        .collect()
}

/// The expected outcome of a strict check: `None` when valid, else (code, offset, length).
type Expected = Option<(String, usize, Option<usize>)>;

fn expected(row: &Value, key: &str) -> Expected {
    let column = &row[key];
    let valid = column["valid"]
        .as_bool()
        .unwrap_or_else(|| panic!("`{key}.valid` is not a bool in {row}"));
    let error = &column["error"];
    assert_eq!(
        valid,
        error.is_null(),
        "`{key}.valid` disagrees with `{key}.error` in {row}"
    );
    if valid {
        return None;
    }
    let code = error["code"].as_str().expect("error.code").to_owned();
    let offset = error["offset"].as_u64().expect("error.offset") as usize;
    let length = match &error["length"] {
        Value::Null => None,
        n => Some(n.as_u64().expect("error.length") as usize),
    };
    Some((code, offset, length))
}

fn outcome(result: Result<(), DecodeError>) -> Expected {
    result
        .err()
        .map(|e| (e.code().as_str().to_owned(), e.valid_up_to(), e.error_len()))
}

fn ref_outcome(result: Result<(), reference::RefError>) -> Expected {
    result.err().map(|e| (e.code.to_owned(), e.offset, e.len))
}

/// Collects mismatches: `check!(failures, row, what, got, want)`.
macro_rules! check {
    ($failures:ident, $desc:expr, $what:expr, $got:expr, $want:expr) => {{
        let (got, want) = (&$got, &$want);
        if got != want {
            $failures.push(format!(
                "{}: {}: got {:?}, want {:?}",
                $desc, $what, got, want
            ));
        }
    }};
}

fn report(failures: &[String], rows: usize) {
    assert!(
        failures.is_empty(),
        "{} mismatches over {rows} rows:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_table_is_not_empty_and_has_the_documented_schema() {
    let t = table();
    assert!(t["about"].is_string(), "missing `about`");
    let strings = rows(&t, "strings");
    let bytes = rows(&t, "bytes");
    assert!(strings.len() > 40, "only {} string rows", strings.len());
    assert!(bytes.len() > 300, "only {} byte rows", bytes.len());
    let mut seen = std::collections::HashSet::new();
    for row in strings.iter().chain(bytes) {
        let desc = row["description"]
            .as_str()
            .unwrap_or_else(|| panic!("row without description: {row}"));
        assert!(
            seen.insert(desc.to_owned()),
            "duplicate description {desc:?}"
        );
    }
    // The table exercises every error code on both columns.
    for (column, codes) in [
        (
            "wtf8",
            &[
                "UNEXPECTED_CONTINUATION",
                "OVERLONG",
                "INVALID_BYTE",
                "TOO_LARGE",
                "MISSING_CONTINUATION",
                "TRUNCATED",
                "SURROGATE_PAIR",
            ][..],
        ),
        (
            "utf8",
            &[
                "UNEXPECTED_CONTINUATION",
                "OVERLONG",
                "INVALID_BYTE",
                "TOO_LARGE",
                "MISSING_CONTINUATION",
                "TRUNCATED",
                "SURROGATE",
            ][..],
        ),
    ] {
        for code in codes {
            assert!(
                bytes.iter().any(|r| r[column]["error"]["code"] == *code),
                "no `{column}` row with code {code}"
            );
        }
    }
    assert!(
        strings.iter().any(|r| r["well_formed"] == false),
        "no ill-formed string row"
    );
    assert!(
        strings.iter().any(|r| r["well_formed"] == true),
        "no well-formed string row"
    );
}

#[test]
fn every_string_row_encodes_as_the_table_says() {
    let t = table();
    let strings = rows(&t, "strings");
    let mut failures = Vec::new();
    for row in strings {
        let desc = row["description"].as_str().unwrap_or_default();
        let units = units_field(row, "units");
        let wtf8 = hex_field(row, "wtf8");
        let utf8_lossy = hex_field(row, "utf8_lossy");
        let well_formed = row["well_formed"].as_bool().expect("well_formed");
        let first_lone = row["first_lone_surrogate"].as_u64().map(|n| n as usize);
        check!(
            failures,
            desc,
            "first_lone_surrogate vs well_formed",
            first_lone.is_none(),
            well_formed
        );

        check!(
            failures,
            desc,
            "convert_utf16_to_wtf8",
            convert_utf16_to_wtf8(&units),
            wtf8
        );
        check!(
            failures,
            desc,
            "wtf8_len_from_utf16",
            wtf8_len_from_utf16(&units),
            wtf8.len()
        );
        check!(
            failures,
            desc,
            "convert_wtf8_to_utf16 (round trip)",
            convert_wtf8_to_utf16(&wtf8),
            Ok(units.clone())
        );
        check!(
            failures,
            desc,
            "convert_utf16_to_utf8_lossy",
            convert_utf16_to_utf8_lossy(&units),
            utf8_lossy
        );
        check!(
            failures,
            desc,
            "convert_wtf8_to_utf8_lossy",
            convert_wtf8_to_utf8_lossy(&wtf8),
            utf8_lossy
        );
        check!(
            failures,
            desc,
            "validate_utf16",
            validate_utf16(&units).map_err(|e| e.index()),
            first_lone.map_or(Ok(()), Err)
        );
        check!(
            failures,
            desc,
            "utf16_valid_up_to",
            utf16_valid_up_to(&units),
            first_lone.unwrap_or(units.len())
        );
        let strict = convert_utf16_to_utf8(&units).map_err(|e| (e.index(), e.code().as_str()));
        let want_strict = match first_lone {
            None => Ok(wtf8.clone()),
            Some(i) => Err((i, "LONE_SURROGATE")),
        };
        check!(failures, desc, "convert_utf16_to_utf8", strict, want_strict);
        // The naive reference and std agree with the table too.
        check!(
            failures,
            desc,
            "reference::encode",
            reference::encode(&units),
            wtf8
        );
        check!(
            failures,
            desc,
            "reference::first_lone_surrogate",
            reference::first_lone_surrogate(&units),
            first_lone
        );
        check!(
            failures,
            desc,
            "String::from_utf16_lossy",
            String::from_utf16_lossy(&units).into_bytes(),
            utf8_lossy
        );
    }
    report(&failures, strings.len());
}

#[test]
fn every_byte_row_validates_and_decodes_as_the_table_says() {
    let t = table();
    let bytes = rows(&t, "bytes");
    let mut failures = Vec::new();
    for row in bytes {
        let desc = row["description"].as_str().unwrap_or_default();
        let input = hex_field(row, "bytes");
        let want_wtf8 = expected(row, "wtf8");
        let want_utf8 = expected(row, "utf8");
        let lenient = units_field(row, "lenient_units");
        let utf8_lossy = hex_field(row, "utf8_lossy");

        // Strict WTF-8.
        check!(
            failures,
            desc,
            "validate_wtf8",
            outcome(validate_wtf8(&input)),
            want_wtf8
        );
        check!(
            failures,
            desc,
            "is_wtf8",
            is_wtf8(&input),
            want_wtf8.is_none()
        );
        check!(
            failures,
            desc,
            "convert_wtf8_to_utf16",
            outcome(convert_wtf8_to_utf16(&input).map(|_| ())),
            want_wtf8
        );
        if want_wtf8.is_none() {
            check!(
                failures,
                desc,
                "convert_wtf8_to_utf16 units",
                convert_wtf8_to_utf16(&input),
                Ok(lenient.clone())
            );
        }
        let valid_up_to = want_wtf8.as_ref().map_or(input.len(), |e| e.1);
        check!(
            failures,
            desc,
            "wtf8_valid_up_to",
            wtf8_valid_up_to(&input),
            valid_up_to
        );
        let mut in_place = input.clone();
        let in_place_result = outcome(convert_wtf8_to_utf8_lossy_in_place(&mut in_place));
        check!(
            failures,
            desc,
            "convert_wtf8_to_utf8_lossy_in_place result",
            in_place_result,
            want_wtf8
        );
        if want_wtf8.is_none() {
            check!(
                failures,
                desc,
                "convert_wtf8_to_utf8_lossy_in_place bytes",
                in_place,
                utf8_lossy
            );
        }
        // Strict UTF-8.
        check!(
            failures,
            desc,
            "validate_utf8",
            outcome(validate_utf8(&input)),
            want_utf8
        );
        check!(
            failures,
            desc,
            "is_utf8",
            is_utf8(&input),
            want_utf8.is_none()
        );
        check!(
            failures,
            desc,
            "convert_wtf8_to_utf8",
            outcome(convert_wtf8_to_utf8(&input).map(|_| ())),
            want_utf8
        );
        let utf8_valid = want_utf8.as_ref().map_or(input.len(), |e| e.1);
        check!(
            failures,
            desc,
            "utf8_valid_up_to",
            utf8_valid_up_to(&input),
            utf8_valid
        );
        // Lenient.
        check!(
            failures,
            desc,
            "convert_wtf8_to_utf16_lossy",
            convert_wtf8_to_utf16_lossy(&input),
            lenient
        );
        check!(
            failures,
            desc,
            "convert_wtf8_to_utf8_lossy",
            convert_wtf8_to_utf8_lossy(&input),
            utf8_lossy
        );
        // Streaming, one byte at a time.
        for fatal in [true, false] {
            let mut dec = StreamDecoder::new(fatal);
            let mut out = Vec::new();
            let mut result = Ok(());
            for (i, b) in input.iter().enumerate() {
                result = dec.decode(std::slice::from_ref(b), i + 1 == input.len(), &mut out);
                if result.is_err() {
                    break;
                }
            }
            if input.is_empty() {
                result = dec.decode(&[], true, &mut out);
            }
            if fatal {
                check!(
                    failures,
                    desc,
                    "StreamDecoder(fatal) byte by byte",
                    outcome(result),
                    want_wtf8
                );
            } else {
                check!(
                    failures,
                    desc,
                    "StreamDecoder(lenient) byte by byte",
                    out,
                    lenient
                );
            }
        }
        // The naive reference agrees with the table too.
        check!(
            failures,
            desc,
            "reference::validate_wtf8",
            ref_outcome(reference::validate_wtf8(&input)),
            want_wtf8
        );
        check!(
            failures,
            desc,
            "reference::validate_utf8",
            ref_outcome(reference::validate_utf8(&input)),
            want_utf8
        );
        check!(
            failures,
            desc,
            "reference::decode_lenient",
            reference::decode_lenient(&input),
            lenient
        );
    }
    report(&failures, bytes.len());
}
