//! Joining WTF-8 (WTF-8 spec §6.5): the input's code units cut into parts at points from the
//! input; `concat_wtf8` and `append_wtf8` of the parts' encodings equal the naive reference's
//! encoding of all the units (a lead at the end of one part and a trail at the start of the next
//! are re-paired into one 4-byte sequence). Joining well-formed byte parts (the input's bytes cut
//! the same way, each part kept only if it is WTF-8) gives well-formed WTF-8 that decodes to the
//! parts' units joined.
#![no_main]

#[path = "common.rs"]
mod common;
#[path = "../../tests/common/reference.rs"]
mod reference;

use libfuzzer_sys::fuzz_target;
use wtf8_wasm::*;

fuzz_target!(|data: &[u8]| {
    let Some((&cuts, rest)) = data.split_first() else {
        return;
    };
    let sizes = if rest.is_empty() { &[1u8][..] } else { rest };
    let max = 1 + cuts % 16;

    let units = common::units(rest);
    let parts: Vec<Vec<u8>> = common::chunks(&units, sizes, max)
        .into_iter()
        .map(convert_utf16_to_wtf8)
        .collect();
    let want = reference::encode(&units);
    assert_eq!(
        concat_wtf8(parts.iter().map(|p| &p[..])),
        want,
        "concat_wtf8"
    );
    let mut joined = Vec::new();
    for p in &parts {
        append_wtf8(&mut joined, p);
    }
    assert_eq!(joined, want, "append_wtf8");

    let byte_parts: Vec<&[u8]> = common::chunks(rest, sizes, max)
        .into_iter()
        .filter(|p| is_wtf8(p))
        .collect();
    let joined = concat_wtf8(byte_parts.iter().copied());
    let decoded = convert_wtf8_to_utf16(&joined).expect("joining WTF-8 gives WTF-8");
    let want: Vec<u16> = byte_parts
        .iter()
        .flat_map(|p| reference::decode_lenient(p))
        .collect();
    assert_eq!(decoded, want, "joined parts decode to the parts' units");
});
