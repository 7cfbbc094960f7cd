// wtf8-wasm's `js` and `serde-wasm-bindgen` features where they run: in wasm, under
// wasm-bindgen, against real JavaScript strings, with `JsString::iter()` (one JavaScript call per
// code unit: slow, but independent of everything tested here), `String::from_utf16` and the
// core's own conversions as oracles. Included by ../in_node.rs and ../in_browser.rs, so that the
// same tests run in both:
//
//   wasm-pack test --node examples/wasm-bindgen
//   wasm-pack test --headless --chrome examples/wasm-bindgen
//
// The ABI tests call Rust through wasm-bindgen's own generated JavaScript (a `Closure`'s adapter
// converts its arguments and return value exactly as an exported function's does), from
// JavaScript, with JavaScript values.

use js_sys::{Array, Function, JsString, Object, JSON};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use wtf8_wasm::js::{JsStringExt, NotAString};
use wtf8_wasm::{convert_utf16_to_wtf8, convert_wtf8_to_utf16_lossy, Wtf8String};

/// The oracle: the string's code units, one JavaScript call each.
fn units_of(s: &JsString) -> Vec<u16> {
    s.iter().collect()
}

/// A JavaScript string of these code units, made without the code under test (one
/// `String.fromCharCode` call per 64 units, joined by `concat`).
fn js_of(units: &[u16]) -> JsString {
    units
        .chunks(64)
        .fold(JsString::from(""), |s, chunk| s.concat(&JsString::from_char_code(chunk)))
}

/// Everything the conversions promise about one string, against the oracles.
fn check(units: &[u16]) {
    let js = js_of(units);
    assert_eq!(units_of(&js), units, "the oracle itself");
    let owned = js.to_wtf8();
    assert_eq!(owned.as_bytes(), convert_utf16_to_wtf8(units), "to WTF-8 of {units:04X?}");
    assert_eq!(js.to_utf16(), units, "to UTF-16 of {units:04X?}");
    assert!(owned.encode_utf16().eq(units.iter().copied()), "encode_utf16 of {units:04X?}");
    assert_eq!(owned.is_well_formed(), wtf8_wasm::validate_utf16(units).is_ok(), "{units:04X?}");
    let back = JsString::from_wtf8(owned.as_bytes()).expect("well-formed WTF-8");
    assert_eq!(units_of(&back), units, "back from WTF-8: {units:04X?}");
    assert_eq!(units_of(&JsString::from_wtf8_lossy(owned.as_bytes())), units);
    assert_eq!(units_of(&JsString::from_utf16(units)), units);
    assert_eq!(units_of(&JsString::from(&owned)), units);
    // The same string made without the `js` feature: no flag, so the bytes are searched.
    let plain = Wtf8String::from_utf16(units);
    assert_eq!(units_of(&JsString::from(&plain)), units);
    assert_eq!(plain, owned);
    // Strict: the first lone surrogate, by index; lossy: wasm-bindgen's own `String`.
    match wtf8_wasm::validate_utf16(units) {
        Ok(()) => assert_eq!(js.to_string_strict().unwrap(), String::from_utf16(units).unwrap()),
        Err(want) => assert_eq!(js.to_string_strict().unwrap_err(), want, "{units:04X?}"),
    }
    assert_eq!(js.to_string_lossy(), String::from_utf16_lossy(units));
    // Appending re-pairs, as JavaScript's `+` does.
    let mut joined = Wtf8String::from_utf16(&[0xD83D]);
    joined.push_js_string(&js);
    let mut want = vec![0xD83D];
    want.extend_from_slice(units);
    assert_eq!(joined.to_utf16(), want, "push_js_string after a lone lead: {units:04X?}");
}

#[wasm_bindgen_test]
fn every_single_code_unit() {
    for unit in 0..=0xFFFFu16 {
        let js = JsString::from_char_code1(unit.into());
        let wtf8 = js.to_wtf8();
        assert_eq!(wtf8.as_bytes(), convert_utf16_to_wtf8(&[unit]), "{unit:04X}");
        assert_eq!(js.to_utf16(), [unit], "{unit:04X}");
        let back = JsString::from(&wtf8);
        assert_eq!((back.length(), back.char_code_at(0)), (1, f64::from(unit)), "{unit:04X}");
    }
}

#[wasm_bindgen_test]
fn lead_and_trail_surrogates_and_replacements_at_every_position() {
    let base: Vec<u16> = "a\u{e9}\u{20ac}\u{1F600}\u{FFFD}\u{FFFF}z".encode_utf16().collect();
    let pieces: [&[u16]; 7] = [
        &[0xD800],
        &[0xDFFF],
        &[0xDBFF, 0xDC00],
        &[0xDC00, 0xD800],
        &[0xFFFD],
        &[0xD83D, 0xD83D],
        &[0xFFFF, 0xDC00],
    ];
    for piece in pieces {
        for at in 0..=base.len() {
            let mut units = base.clone();
            units.splice(at..at, piece.iter().copied());
            check(&units);
        }
    }
    check(&[]);
}

/// Lone surrogates and U+FFFDs slid across positions of strings shorter and longer than the 64
/// bytes up to which the result is searched in Rust (past them, `isWellFormed()` is asked first),
/// across the 8- and 16-byte steps of the byte searches, and past the `js-snippet` feature's
/// limits (1,365 units in, 64 bytes out).
#[wasm_bindgen_test]
fn marks_slid_across_short_and_long_strings() {
    for (filler, len) in [(0x61u16, 300usize), (0x4E2D, 100), (0xE9, 140), (0x61, 1400), (0x4E2D, 1366)] {
        for mark in [0xD800u16, 0xDC00, 0xFFFD] {
            for at in (0..len).step_by(match len { 0..=200 => 3, 201..=1000 => 7, _ => 97 }) {
                let mut units = vec![filler; len];
                units[at] = mark;
                check(&units);
            }
        }
    }
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
    // (U+FEFF: a BOM at the start must stay, as `TextDecoder` strips it unless told not to.)
    const ALPHABET: [u16; 14] =
        [0x61, 0x20, 0xE9, 0x4E2D, 0xAC00, 0xD55C, 0xFFFD, 0xFFFF, 0xFEFF, 0xD83D, 0xDE00, 0xD800, 0xDBFF, 0xDC00];
    for _ in 0..1500 {
        let len = next(120) as usize;
        let units: Vec<u16> = (0..len).map(|_| ALPHABET[next(ALPHABET.len() as u32) as usize]).collect();
        check(&units);
    }
    // Long, so that the runs between lone surrogates are long too.
    let long: Vec<u16> = (0..100_000u32)
        .map(|i| if i % 997 == 0 { 0xD800 } else { ALPHABET[(i % 6) as usize] })
        .collect();
    check(&long);
    // Dense: 50,000 lone surrogates and U+FFFDs (one `charCodeAt` each in, 33,334 pieces out).
    let dense: Vec<u16> = (0..100_000u32)
        .map(|i| [0x61, 0xDC00, 0xE9, 0xD83D, 0x62, 0xFFFD][(i % 6) as usize])
        .collect();
    check(&dense);
    // The same with a U+FFFF among them (a noncharacter, which no path may take for a marker).
    let mut with_ffff = dense.clone();
    with_ffff[77_777] = 0xFFFF;
    check(&with_ffff);
}

#[wasm_bindgen_test]
fn ill_formed_wtf8_is_an_error_strictly_and_replaced_leniently() {
    for (bytes, code, offset) in [
        (&b"a\xC0\xAF"[..], "OVERLONG", 1),
        (b"\xED\xA0\x80\xED\xB0\x80", "SURROGATE_PAIR", 3),
        (b"ab\xF0\x9F", "TRUNCATED", 2),
        (b"\xFF", "INVALID_BYTE", 0),
    ] {
        let err = JsString::from_wtf8(bytes).unwrap_err();
        assert_eq!((err.code().as_str(), err.valid_up_to()), (code, offset));
        let lenient = JsString::from_wtf8_lossy(bytes);
        assert_eq!(units_of(&lenient), convert_wtf8_to_utf16_lossy(bytes));
        let kept = Wtf8String::from_wtf8(bytes.to_vec()).unwrap_err().into_bytes();
        assert_eq!(kept, bytes, "from_wtf8 gives the bytes back");
    }
}

/// Values that are not strings, with what `NotAString::got` (and every `TypeError`) calls them.
fn not_strings() -> Vec<(JsValue, &'static str)> {
    vec![
        (JsValue::from(42), "number"),
        (JsValue::UNDEFINED, "undefined"),
        (JsValue::NULL, "null"),
        (JsValue::TRUE, "boolean"),
        (Object::new().into(), "Object"),
        (Array::of1(&JsValue::from_str("a")).into(), "Array"),
        (js_sys::Symbol::for_("s").into(), "symbol"),
        (js_sys::eval("new String('a')").unwrap(), "String"),
        (js_sys::eval("10n").unwrap(), "bigint"),
        (js_sys::eval("(function () {})").unwrap(), "function"),
    ]
}

#[wasm_bindgen_test]
fn values_that_are_not_strings_are_an_error_never_a_panic() {
    for (value, got) in not_strings() {
        let err: NotAString = Wtf8String::try_from(&value).unwrap_err();
        assert_eq!(err.got(), got, "{value:?}");
        assert_eq!(err.to_string(), format!("expected a string, got {got}"));
        let thrown = JsValue::from(err);
        assert!(thrown.is_instance_of::<js_sys::TypeError>(), "{value:?}");
    }
    assert_eq!(
        Wtf8String::try_from(JsValue::from(js_of(&[0x61, 0xD800]))).unwrap().as_bytes(),
        b"a\xED\xA0\x80"
    );
    assert!(JsValue::from(Wtf8String::from("x")).dyn_ref::<JsString>().is_some());
}

/// Calls `f` from JavaScript with `args`; `Err` is what it threw.
fn call(f: &Function, args: &[JsValue]) -> Result<JsValue, JsValue> {
    f.apply(&JsValue::NULL, &args.iter().collect::<Array>())
}

/// Asserts that `result` is a `TypeError` whose message says what was expected and what was given.
fn assert_type_error(result: Result<JsValue, JsValue>, what: &str, got: &str) {
    let thrown = result.expect_err("a TypeError");
    let error = thrown.dyn_ref::<js_sys::TypeError>().unwrap_or_else(|| panic!("not a TypeError: {thrown:?}"));
    assert_eq!(String::from(error.message()), format!("{what} must be a string, got {got}"));
}

#[wasm_bindgen_test]
fn wtf8_string_through_the_abi_both_ways() {
    let echo = Closure::<dyn Fn(Wtf8String) -> Wtf8String>::new(|s| s);
    let echo: &Function = echo.as_ref().unchecked_ref();
    for units in [&[0x61, 0xD83D][..], &[0xDC00, 0xFFFD], &[], &[0x4E2D, 0xD800, 0xDBFF, 0xDFFF]] {
        let js = js_of(units);
        let back = call(echo, &[js.clone().into()]).unwrap();
        assert_eq!(units_of(back.unchecked_ref()), units);
    }
    for (value, got) in not_strings() {
        assert_type_error(call(echo, &[value]), "a Wtf8String argument", got);
    }
    // Borrowed, as `&str` is taken.
    let len = Closure::<dyn Fn(&Wtf8String) -> usize>::new(|s: &Wtf8String| s.len());
    let len: &Function = len.as_ref().unchecked_ref();
    assert_eq!(call(len, &[js_of(&[0x61, 0xD800]).into()]).unwrap(), JsValue::from(4));
    for (value, got) in not_strings() {
        assert_type_error(call(len, &[value]), "a Wtf8String argument", got);
    }
}

#[wasm_bindgen_test]
fn option_of_wtf8_string_both_ways() {
    let describe = Closure::<dyn Fn(Option<Wtf8String>) -> Option<Wtf8String>>::new(|s: Option<Wtf8String>| {
        s.map(|mut s| {
            s.push_str("!");
            s
        })
    });
    let describe: &Function = describe.as_ref().unchecked_ref();
    assert_eq!(call(describe, &[JsValue::UNDEFINED]).unwrap(), JsValue::UNDEFINED);
    assert_eq!(call(describe, &[JsValue::NULL]).unwrap(), JsValue::UNDEFINED);
    assert_eq!(call(describe, &[]).unwrap(), JsValue::UNDEFINED);
    let back = call(describe, &[js_of(&[0xD800]).into()]).unwrap();
    assert_eq!(units_of(back.unchecked_ref()), [0xD800, 0x21]);
    for (value, got) in not_strings().into_iter().filter(|(v, _)| !v.is_null() && !v.is_undefined()) {
        assert_type_error(call(describe, &[value]), "a Wtf8String argument", got);
    }
}

#[wasm_bindgen_test]
fn vec_and_boxed_slice_of_wtf8_string_both_ways() {
    let reverse = Closure::<dyn Fn(Vec<Wtf8String>) -> Vec<Wtf8String>>::new(|mut v: Vec<Wtf8String>| {
        v.reverse();
        v
    });
    let reverse: &Function = reverse.as_ref().unchecked_ref();
    let items = [js_of(&[0xDC00]), js_of(&[]), js_of(&[0x61, 0xFFFD, 0xD83D])];
    let array: Array = items.iter().collect();
    let back: Array = call(reverse, &[array.into()]).unwrap().unchecked_into();
    assert_eq!(back.length(), 3);
    for (i, item) in items.iter().rev().enumerate() {
        assert_eq!(units_of(back.get(i as u32).unchecked_ref()), units_of(item), "item {i}");
    }
    assert_eq!(Array::from(&call(reverse, &[Array::new().into()]).unwrap()).length(), 0);
    for (value, got) in not_strings() {
        let array = Array::of3(&JsValue::from_str("a"), &js_of(&[0xD800]), &value);
        assert_type_error(call(reverse, &[array.into()]), "item 2 of a Vec<Wtf8String> argument", got);
    }
    let boxed = Closure::<dyn Fn(Box<[Wtf8String]>) -> Box<[Wtf8String]>>::new(|b: Box<[Wtf8String]>| b);
    let boxed: &Function = boxed.as_ref().unchecked_ref();
    let back: Array = call(boxed, &[Array::of1(&js_of(&[0xDBFF])).into()]).unwrap().unchecked_into();
    assert_eq!(units_of(back.get(0).unchecked_ref()), [0xDBFF]);
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
fn the_example_functions() {
    use wtf8_wasm_example_wasm_bindgen::{echo, join, join_all, lines, lone_surrogates, non_empty};
    let half = Wtf8String::from_utf16(&[0x61, 0xD83D]);
    assert_eq!(echo(half.clone()), half);
    assert_eq!(join(half.clone(), Wtf8String::from_utf16(&[0xDE00])), "a😀");
    assert_eq!(lone_surrogates(&Wtf8String::from_utf16(&[0xD800, 0x61, 0xDC00, 0xD83D, 0xDE00])), 2);
    let parts = vec![half.clone(), Wtf8String::from_utf16(&[0xDE00]), Wtf8String::from("b")];
    assert_eq!(join_all(parts.clone(), None), "a😀b");
    assert_eq!(join_all(parts, Some(Wtf8String::from_utf16(&[0xDC00]))).to_utf16(), [0x61, 0xD83D, 0xDC00, 0xDE00, 0xDC00, 0x62]);
    assert_eq!(lines(&Wtf8String::from_utf16(&[0xD800, 0x0A, 0x61])), [Wtf8String::from_utf16(&[0xD800]), Wtf8String::from("a")]);
    assert_eq!(non_empty(Some(Wtf8String::new())), None);
    assert_eq!(non_empty(Some(half.clone())), Some(half));
}
