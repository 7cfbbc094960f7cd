// wtf8-wasm's `js` and `serde-wasm-bindgen` features where they run: in wasm, under
// wasm-bindgen, against real JavaScript strings, with `JsString::iter()` (one JavaScript call per
// code unit: slow, but independent of everything tested here) as the oracle. Included by
// ../in_node.rs and ../in_browser.rs, so that the same tests run in both:
//
//   wasm-pack test --node examples/wasm-bindgen
//   wasm-pack test --headless --chrome examples/wasm-bindgen

use js_sys::{JsString, Object, JSON};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use wtf8_wasm::js::{
    js_string_to_string, js_string_to_string_lossy, js_string_to_utf16, js_string_to_wtf8,
    utf16_to_js_string, wtf8_to_js_string, wtf8_to_js_string_lossy, NotAString,
};
use wtf8_wasm::{convert_utf16_to_wtf8, convert_wtf8_to_utf16_lossy, Wtf8String};

/// The oracle: the string's code units, one JavaScript call each.
fn units_of(s: &JsString) -> Vec<u16> {
    s.iter().collect()
}

/// A JavaScript string of these code units, made without the code under test (one
/// `String.fromCharCode` call per unit, joined by `concat`).
fn js_of(units: &[u16]) -> JsString {
    units
        .chunks(64)
        .fold(JsString::from(""), |s, chunk| s.concat(&JsString::from_char_code(chunk)))
}

/// Everything the conversions promise about one string, against the oracle.
fn check(units: &[u16]) {
    let js = js_of(units);
    assert_eq!(units_of(&js), units, "the oracle itself");
    let wtf8 = js_string_to_wtf8(&js);
    assert_eq!(wtf8, convert_utf16_to_wtf8(units), "to WTF-8 of {units:04X?}");
    assert_eq!(js_string_to_utf16(&js), units, "to UTF-16 of {units:04X?}");
    let back = wtf8_to_js_string(&wtf8).expect("well-formed WTF-8");
    assert_eq!(units_of(&back), units, "back from WTF-8: {units:04X?}");
    assert_eq!(units_of(&wtf8_to_js_string_lossy(&wtf8)), units);
    assert_eq!(units_of(&utf16_to_js_string(units)), units);
    let owned = Wtf8String::from(&js);
    assert_eq!(owned.as_bytes(), wtf8.as_slice());
    assert_eq!(units_of(&JsString::from(&owned)), units);
    // Strict: the first lone surrogate, by index; lossy: wasm-bindgen's own `String`.
    match wtf8_wasm::validate_utf16(units) {
        Ok(()) => assert_eq!(js_string_to_string(&js).unwrap(), String::from_utf16(units).unwrap()),
        Err(want) => assert_eq!(js_string_to_string(&js).unwrap_err(), want, "{units:04X?}"),
    }
    assert_eq!(js_string_to_string_lossy(&js), String::from_utf16_lossy(units));
}

#[wasm_bindgen_test]
fn every_single_code_unit() {
    for unit in 0..=0xFFFFu16 {
        let js = JsString::from_char_code1(unit.into());
        let wtf8 = js_string_to_wtf8(&js);
        assert_eq!(wtf8, convert_utf16_to_wtf8(&[unit]), "{unit:04X}");
        assert_eq!(js_string_to_utf16(&js), [unit], "{unit:04X}");
        let back = wtf8_to_js_string(&wtf8).unwrap();
        assert_eq!((back.length(), back.char_code_at(0)), (1, f64::from(unit)), "{unit:04X}");
    }
}

#[wasm_bindgen_test]
fn lead_and_trail_surrogates_and_replacements_at_every_position() {
    let base: Vec<u16> = "a\u{e9}\u{20ac}\u{1F600}\u{FFFD}z".encode_utf16().collect();
    let pieces: [&[u16]; 6] = [&[0xD800], &[0xDFFF], &[0xDBFF, 0xDC00], &[0xDC00, 0xD800], &[0xFFFD], &[0xD83D, 0xD83D]];
    for piece in pieces {
        for at in 0..=base.len() {
            let mut units = base.clone();
            units.splice(at..at, piece.iter().copied());
            check(&units);
        }
    }
    check(&[]);
}

#[wasm_bindgen_test]
fn random_strings_against_the_oracle() {
    // xorshift32: the same strings in every run.
    let mut x = 0x2545_F491u32;
    let mut next = move |n: u32| {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x % n
    };
    const ALPHABET: [u16; 12] = [0x61, 0x20, 0xE9, 0x4E2D, 0xAC00, 0xFFFD, 0xD83D, 0xDE00, 0xD800, 0xDBFF, 0xDC00, 0xDFFF];
    for _ in 0..1500 {
        let len = next(80) as usize;
        let units: Vec<u16> = (0..len).map(|_| ALPHABET[next(ALPHABET.len() as u32) as usize]).collect();
        check(&units);
    }
    // Long, so that the runs between lone surrogates are long too.
    let long: Vec<u16> = (0..100_000u32)
        .map(|i| if i % 997 == 0 { 0xD800 } else { ALPHABET[(i % 6) as usize] })
        .collect();
    check(&long);
    // Dense: 50,000 lone surrogates and U+FFFDs (the all-at-once path in, a long join out).
    let dense: Vec<u16> = (0..100_000u32)
        .map(|i| [0x61, 0xDC00, 0xE9, 0xD83D, 0x62, 0xFFFD][(i % 6) as usize])
        .collect();
    check(&dense);
}

#[wasm_bindgen_test]
fn ill_formed_wtf8_is_an_error_strictly_and_replaced_leniently() {
    for (bytes, code, offset) in [
        (&b"a\xC0\xAF"[..], "OVERLONG", 1),
        (b"\xED\xA0\x80\xED\xB0\x80", "SURROGATE_PAIR", 3),
        (b"ab\xF0\x9F", "TRUNCATED", 2),
        (b"\xFF", "INVALID_BYTE", 0),
    ] {
        let err = wtf8_to_js_string(bytes).unwrap_err();
        assert_eq!((err.code().as_str(), err.valid_up_to()), (code, offset));
        let lenient = wtf8_to_js_string_lossy(bytes);
        assert_eq!(units_of(&lenient), convert_wtf8_to_utf16_lossy(bytes));
    }
}

#[wasm_bindgen_test]
fn values_that_are_not_strings_are_an_error_never_a_panic() {
    let string_object = js_sys::eval("new String('a')").unwrap();
    for value in [
        JsValue::from(42),
        JsValue::UNDEFINED,
        JsValue::NULL,
        JsValue::TRUE,
        Object::new().into(),
        js_sys::Array::of1(&JsValue::from_str("a")).into(),
        js_sys::Symbol::for_("s").into(),
        string_object,
    ] {
        assert_eq!(Wtf8String::try_from(&value), Err(NotAString), "{value:?}");
    }
    assert_eq!(
        Wtf8String::try_from(JsValue::from(js_of(&[0x61, 0xD800]))).unwrap().as_bytes(),
        b"a\xED\xA0\x80"
    );
    assert!(JsValue::from(Wtf8String::from("x")).dyn_ref::<JsString>().is_some());
}

#[wasm_bindgen_test]
fn a_nested_object_keeps_its_lone_surrogates_through_serde_wasm_bindgen() {
    // JSON.parse reads \uD800 escapes as lone surrogates; JSON.stringify writes them back so.
    let json = r#"{"text":"hi \ud83d","tags":{"k\udc00":"v\ud800","plain":"x"},"history":["\udfff","ok\ud83d\ude00"],"lossy":"y\ud800"}"#;
    let value = JSON::parse(json).unwrap();
    let message: wtf8_wasm_example_wasm_bindgen::Message = serde_wasm_bindgen::from_value(value.clone()).unwrap();
    assert_eq!(message.text.to_utf16(), [0x68, 0x69, 0x20, 0xD83D]);
    assert_eq!(message.lossy, "y\u{FFFD}", "a plain String field is lossy, as documented");
    let back = wtf8_wasm_example_wasm_bindgen::round_trip_message(value).unwrap();
    let text = String::from(JSON::stringify(&back).unwrap());
    assert_eq!(
        text,
        r#"{"text":"hi \ud83d!","tags":{"k\udc00":"v\ud800","plain":"x"},"history":["\udfff","ok😀"],"lossy":"y�"}"#
    );
}

#[wasm_bindgen_test]
fn wtf8_string_through_wasm_bindgen_functions() {
    use wtf8_wasm_example_wasm_bindgen::{echo, join, lone_surrogates};
    let half = Wtf8String::from_utf16(&[0x61, 0xD83D]);
    assert_eq!(echo(half.clone()), half);
    assert_eq!(join(half, Wtf8String::from_utf16(&[0xDE00])).to_str(), Some("a😀"));
    assert_eq!(lone_surrogates(&js_of(&[0xD800, 0x61, 0xDC00, 0xD83D, 0xDE00])), 2);
}
