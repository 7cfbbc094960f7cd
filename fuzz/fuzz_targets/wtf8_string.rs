//! `Wtf8String` (src/wtf8_string.rs): made from bytes, from code units and from strings, joined
//! with `push_wtf8` and `push_str`, and through serde (JSON) and back, against the naive
//! reference and std. The first byte is a knob: where the units are cut for joining (and the
//! second part that follows the first), and which of the input's readings come first.
//!
//! - From bytes: `from_wtf8` takes exactly well-formed WTF-8 (the reference's validator), as it
//!   is; `from_wtf8_lossy` gives the lenient decoding's units, as well-formed WTF-8.
//! - From units: the bytes are the reference's encoding; back to units exactly; `to_str`,
//!   `into_string`, `to_string_lossy`, `is_well_formed` and `Display` as std's UTF-16 conversions;
//!   `Debug` of a well-formed string as `str`'s.
//! - Joining: the two halves of a cut, pushed, equal the whole (a lead at the end of one and a
//!   trail at the start of the other become a pair); `push_str` appends the bytes.
//! - serde: a well-formed string is a JSON string (std's), one with lone surrogates the array of
//!   its WTF-8 bytes; both read back equal; the input's bytes as a JSON array read back exactly
//!   when they are WTF-8, else fail.
#![no_main]

#[path = "common.rs"]
mod common;
#[path = "../../tests/common/reference.rs"]
mod reference;

use libfuzzer_sys::fuzz_target;
use wtf8_wasm::*;

fuzz_target!(|data: &[u8]| {
    let Some((&knob, rest)) = data.split_first() else {
        return;
    };

    // From bytes.
    let well_formed = reference::validate_wtf8(rest).is_ok();
    match Wtf8String::from_wtf8(rest.to_vec()) {
        Ok(s) => {
            assert!(well_formed, "from_wtf8 took ill-formed bytes");
            assert_eq!(s.as_bytes(), rest);
        }
        Err(e) => {
            assert!(!well_formed, "from_wtf8 refused WTF-8");
            assert_eq!(e.into_bytes(), rest, "a failed from_wtf8 gives the bytes back");
        }
    }
    let lossy = Wtf8String::from_wtf8_lossy(rest);
    assert_eq!(
        lossy.to_utf16(),
        reference::decode_lenient(rest),
        "from_wtf8_lossy"
    );
    assert!(reference::validate_wtf8(lossy.as_bytes()).is_ok());
    if well_formed {
        assert_eq!(lossy.as_bytes(), rest);
    }

    // From units.
    let units = common::units(if knob & 0x80 == 0 {
        rest
    } else {
        &rest[rest.len() % 2..]
    });
    let s = Wtf8String::from_utf16(&units);
    assert_eq!(s.as_bytes(), reference::encode(&units), "from_utf16");
    assert_eq!(s.len(), s.as_bytes().len());
    assert_eq!(s.is_empty(), units.is_empty());
    assert_eq!(s.to_utf16(), units, "to_utf16");
    assert!(s.encode_utf16().eq(units.iter().copied()), "encode_utf16");
    let std = String::from_utf16(&units).ok();
    assert_eq!(s.is_well_formed(), std.is_some());
    assert_eq!(s.to_str(), std.as_deref(), "to_str");
    assert_eq!(
        s.to_string_lossy(),
        String::from_utf16_lossy(&units),
        "to_string_lossy"
    );
    assert_eq!(s.to_string(), String::from_utf16_lossy(&units), "Display");
    match s.clone().into_string() {
        Ok(text) => assert_eq!(Some(text), std),
        Err(back) => {
            assert!(std.is_none());
            assert_eq!(
                back.as_bytes(),
                s.as_bytes(),
                "a failed into_string loses nothing"
            );
        }
    }
    if let Some(text) = &std {
        assert_eq!(format!("{s:?}"), format!("{text:?}"), "Debug");
        assert_eq!(Wtf8String::from(text.as_str()).as_bytes(), text.as_bytes());
        assert_eq!(Wtf8String::from(text.clone()).as_bytes(), text.as_bytes());
    }

    // Joining: cut anywhere, pushed back together.
    let cut = usize::from(knob & 0x7F) % (units.len() + 1);
    let mut joined = Wtf8String::from_utf16(&units[..cut]);
    joined.push_wtf8(&Wtf8String::from_utf16(&units[cut..]));
    assert_eq!(joined.as_bytes(), s.as_bytes(), "push_wtf8 at {cut}");
    assert_eq!(joined.to_utf16(), units);
    let mut three = Wtf8String::new();
    for part in [&units[..cut / 2], &units[cut / 2..cut], &units[cut..]] {
        three.push_wtf8(&Wtf8String::from_utf16(part));
    }
    assert_eq!(three.as_bytes(), s.as_bytes(), "push_wtf8 of three parts");
    // `push_str` appends the bytes as they are: a `str` holds no surrogate, so nothing pairs up.
    let mut pushed = s.clone();
    let text = String::from_utf16_lossy(&units[cut..]);
    pushed.push_str(&text);
    assert_eq!(
        pushed.as_bytes(),
        [s.as_bytes(), text.as_bytes()].concat(),
        "push_str"
    );

    // serde, through JSON.
    let json = serde_json::to_string(&s).expect("serializes");
    match &std {
        Some(text) => assert_eq!(
            json,
            serde_json::to_string(text).unwrap(),
            "a well-formed string is a string"
        ),
        None => assert_eq!(
            json,
            serde_json::to_string(&reference::encode(&units)).unwrap(),
            "else its WTF-8 bytes"
        ),
    }
    let back: Wtf8String = serde_json::from_str(&json).expect("reads back");
    assert_eq!(back.as_bytes(), s.as_bytes(), "serde round trip");
    let array = serde_json::to_string(rest).unwrap();
    match serde_json::from_str::<Wtf8String>(&array) {
        Ok(read) => {
            assert!(well_formed, "serde took ill-formed bytes");
            assert_eq!(read.as_bytes(), rest);
        }
        Err(_) => assert!(!well_formed, "serde refused WTF-8"),
    }
});
