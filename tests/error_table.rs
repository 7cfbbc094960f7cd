//! The tables the npm package's TypeScript layer shares with this crate, checked against it: the
//! error codes (`js/errors.ts`'s `ERROR_CODES`, the order in which the wasm bindings report a
//! code by position, and the descriptions its messages use) and the segment kinds of `inspect`
//! (`js/inspect/index.ts`'s `SEGMENT_KINDS`). Each is written once in Rust; a TypeScript copy that
//! drifts fails here.

use std::fs;
use std::path::Path;

use wtf8_wasm::{ErrorCode, SegmentKind};

fn read(path: &str) -> String {
    fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// The quoted strings of `const <name> = [ … ]` in `source`, in order.
fn string_array(source: &str, name: &str) -> Vec<String> {
    let start = source
        .find(&format!("const {name} = ["))
        .unwrap_or_else(|| panic!("no {name}"));
    let body = &source[start..];
    let body = &body[body.find('[').unwrap() + 1..body.find(']').unwrap()];
    body.split(',')
        .map(|s| s.trim().trim_matches('\'').to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// The `KEY: 'text'` entries of the object literal `const <name>…= { … }` in `source`.
fn string_object(source: &str, name: &str) -> Vec<(String, String)> {
    let start = source
        .find(&format!("const {name}"))
        .unwrap_or_else(|| panic!("no {name}"));
    let body = &source[start..];
    let body = &body[body.find('{').unwrap() + 1..body.find("};").unwrap()];
    body.lines()
        .filter_map(|line| {
            let (key, value) = line.trim().split_once(": ")?;
            Some((
                key.to_string(),
                value.trim_end_matches(',').trim_matches('\'').to_string(),
            ))
        })
        .collect()
}

#[test]
fn error_codes_in_typescript_are_the_crates_in_the_same_order() {
    let ts = read("js/errors.ts");
    let codes: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
    assert_eq!(string_array(&ts, "ERROR_CODES"), codes);
}

#[test]
fn error_descriptions_in_typescript_are_the_crates() {
    let ts = read("js/errors.ts");
    let mut described = string_object(&ts, "DESCRIPTIONS");
    described.extend(string_object(&ts, "ENCODING_DESCRIPTIONS"));
    assert_eq!(
        described.len(),
        ErrorCode::ALL.len(),
        "every code is described once: {described:?}"
    );
    for code in ErrorCode::ALL {
        let text = described
            .iter()
            .find(|(key, _)| key == code.as_str())
            .map(|(_, text)| text.as_str());
        assert_eq!(text, Some(code.description()), "{}", code.as_str());
    }
}

#[test]
fn segment_kinds_in_typescript_are_the_crates_in_declaration_order() {
    let kinds = [
        SegmentKind::Ascii,
        SegmentKind::TwoByte,
        SegmentKind::ThreeByte,
        SegmentKind::FourByte,
        SegmentKind::LoneLead,
        SegmentKind::LoneTrail,
        SegmentKind::Invalid,
    ];
    // The list above is the declaration order (the inspect bindings name a kind by its position).
    for (i, kind) in kinds.iter().enumerate() {
        assert_eq!(*kind as usize, i, "{}", kind.as_str());
    }
    let names: Vec<&str> = kinds.iter().map(|k| k.as_str()).collect();
    assert_eq!(
        string_array(&read("js/inspect/index.ts"), "SEGMENT_KINDS"),
        names
    );
}
