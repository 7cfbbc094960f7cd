//! WTF-8 into a JavaScript string, lone surrogates kept.
//!
//! UTF-8 (no surrogate sequence) goes through wasm-bindgen's own `&str` path: one call,
//! `TextDecoder` on a view of wasm memory, what returning a `String` costs. WTF-8 with surrogate
//! sequences cannot go through a UTF-8 decoder in one piece. Its UTF-8 runs, with the surrogate
//! sequences taken out, are decoded in one `TextDecoder` call; each run is cut out of that string
//! with `substring` and each surrogate made with `String.fromCharCode` (a call each: a run's code
//! unit offsets are counted in Rust), pushed onto an array that one `join` makes the string. So a
//! string costs four calls plus four per lone surrogate (15–20 ns a call on V8). With the
//! `js-snippet` feature the snippet does the cutting and joining instead (`snippet::write_marked`),
//! with no call per surrogate.
//!
//! Tried and not kept (benches/js-string.mjs --parts, Node 26, 26 Nov 2026, ASCII 10 K units with
//! a lone surrogate per 50, against 10 µs for returning a `String`): decoding each run with its
//! own `TextDecoder` call (100–300 ns a call on Node: 79 µs); a fixed number of calls whatever the
//! number of surrogates, the runs through `split` at U+FFFF marks, the surrogates through one
//! `String.fromCharCode(...units)` and `split('')`, woven by `String.raw(template, ...surrogates)`
//! (V8 spreads arguments slowly: 156 µs); the pieces handed over as one `Vec<JsValue>` instead of
//! pushed (wasm-bindgen's glue reads each from the handle table with `Table.prototype.get`, 40 ns
//! an item: 91 µs).

use js_sys::JsString;

use crate::wtf8_string::{find_surrogate_sequence, utf8_of_well_formed};
use crate::Wtf8String;

/// The JavaScript string of well-formed WTF-8.
pub(crate) fn write(wtf8: &[u8]) -> JsString {
    #[cfg(feature = "js-snippet")]
    if wtf8.len() <= super::snippet::OUT_UP_TO {
        return super::snippet::write(wtf8);
    }
    match find_surrogate_sequence(wtf8) {
        None => JsString::from(utf8_of_well_formed(wtf8)),
        Some(first) => write_with_surrogates(wtf8, first),
    }
}

/// The JavaScript string of a [`Wtf8String`]: [`write`], without a search for surrogate
/// sequences when it is known to have none.
pub(crate) fn write_string(s: &Wtf8String) -> JsString {
    #[cfg(feature = "js-snippet")]
    if s.len() <= super::snippet::OUT_UP_TO {
        return super::snippet::write(s.as_bytes());
    }
    match s.to_str() {
        Some(text) => JsString::from(text),
        None => write(s.as_bytes()),
    }
}

/// The JavaScript string of well-formed WTF-8 whose first surrogate sequence starts at `first`.
pub(crate) fn write_with_surrogates(wtf8: &[u8], first: usize) -> JsString {
    #[cfg(feature = "js-snippet")]
    return super::snippet::write_units(wtf8)
        .unwrap_or_else(|| super::snippet::write_marked(wtf8, first));
    #[cfg(not(feature = "js-snippet"))]
    write_pieces(wtf8, first)
}

/// [`write_with_surrogates`] without a snippet: the pieces cut and made by js-sys calls.
#[cfg(not(feature = "js-snippet"))]
fn write_pieces(wtf8: &[u8], first: usize) -> JsString {
    use crate::restore::utf16_len;
    use alloc::vec::Vec;
    use js_sys::Array;
    // The text without its surrogate sequences, where each run ends in it (in UTF-16 code
    // units), and the surrogates; runs and surrogates alternate, from a run (maybe empty) to a run.
    let mut text = Vec::with_capacity(wtf8.len());
    let mut ends = Vec::new();
    let mut surrogates = Vec::new();
    let mut units = 0;
    let mut start = 0;
    let mut at = Some(first);
    loop {
        let end = at.unwrap_or(wtf8.len());
        text.extend_from_slice(&wtf8[start..end]);
        units += utf16_len(&wtf8[start..end]) as u32;
        ends.push(units);
        let Some(i) = at else { break };
        surrogates
            .push(0xD000 | (u16::from(wtf8[i + 1] & 0x3F) << 6) | u16::from(wtf8[i + 2] & 0x3F));
        start = i + 3;
        at = find_surrogate_sequence(&wtf8[start..]).map(|n| start + n);
    }
    let text = JsString::from(utf8_of_well_formed(&text));
    let pieces = Array::new();
    let mut from = 0;
    for (k, &end) in ends.iter().enumerate() {
        if end > from {
            pieces.push(&text.substring(from, end));
        }
        from = end;
        if let Some(&unit) = surrogates.get(k) {
            // (`into`: the parameter is u32, or u16 under js-sys's unstable APIs.)
            pieces.push(&JsString::from_char_code1(unit.into()));
        }
    }
    pieces.join("")
}
