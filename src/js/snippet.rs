//! The `js-snippet` feature's fast paths: a small JavaScript module (wasm-bindgen `inline_js`)
//! that moves short strings between JavaScript and wasm memory in one call, with a loop over their
//! code units, and gives WTF-8 with lone surrogates back in one call whatever their number.
//!
//! Without it, a string comes in through wasm-bindgen's `String` path (`TextEncoder` and two or
//! three allocator calls) plus one more call from Rust to read it, and goes out through
//! `TextDecoder`, whose fixed cost (100–300 ns a call on Node) is most of a short string's time;
//! each lone surrogate then costs a few calls more. The loops here cost a few nanoseconds a code
//! unit and no more for lone surrogates, so they win where the fixed costs or the lone surrogates
//! dominate, and the native codecs keep long well-formed text. Which length and which density of
//! lone surrogates each way takes was measured: benches/js-string.mjs --features js-snippet
//! (benches/README.md, "From Rust (wasm-bindgen)").
//!
//! (Not with the `atomics` target feature, for threads: the short strings' buffer is one for the
//! whole module.)
//!
//! A snippet is an ES module that wasm-bindgen's generated JavaScript imports: the `bundler`,
//! `web`, `deno` and `nodejs` targets take it (`nodejs` through `require` of an ES module: Node
//! 20.19+, 22.12+), `no-modules` refuses it at build time. That is why it is a feature, off by
//! default: without it every target works and the same conversions take the paths in `read` and
//! `write`.

use core::cell::UnsafeCell;
use core::sync::atomic::{AtomicBool, Ordering};

#[cfg(target_feature = "atomics")]
compile_error!(
    "the `js-snippet` feature is for wasm without threads (no `atomics` target feature)"
);

use js_sys::JsString;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsValue;

use alloc::vec::Vec;

use crate::restore::utf16_len;
use crate::wtf8_string::find_surrogate_sequence;
use crate::Wtf8String;

#[wasm_bindgen(inline_js = r#"
let memory = null;
let bytes = new Uint8Array(0);
const units = [];

/** A view of wasm memory, made again when the memory has grown (which detaches the old one, and
 * a view of a detached buffer is empty). */
function view() {
  return bytes.byteLength !== 0 ? bytes : (bytes = new Uint8Array(memory.buffer));
}

export function wtf8_setup(wasmMemory) {
  memory = wasmMemory;
}

const encoder = new TextEncoder();

/**
 * Writes the WTF-8 of `s` at `at` if it fits in `room` bytes (3 per code unit are always enough)
 * and returns how many bytes it wrote, plus 2 ** 30 if `s` has no lone surrogate; -1 if `s` is
 * longer than `room / 3` units (nothing written), -2 if `s` is not a string.
 */
export function wtf8_encode(s, at, room) {
  if (typeof s !== 'string') return -2;
  const n = s.length;
  if (n * 3 > room) return -1;
  if (n > 16 && s.isWellFormed()) return encoder.encodeInto(s, view().subarray(at, at + room)).written | 0x40000000;
  const b = view();
  let w = at;
  let lone = 0;
  for (let i = 0; i < n; i++) {
    const u = s.charCodeAt(i);
    if (u < 0x80) {
      b[w++] = u;
    } else if (u < 0x800) {
      b[w++] = 0xc0 | (u >> 6);
      b[w++] = 0x80 | (u & 0x3f);
    } else if ((u & 0xfc00) === 0xd800 && i + 1 < n && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      const c = 0x10000 + ((u - 0xd800) << 10) + (s.charCodeAt(++i) - 0xdc00);
      b[w++] = 0xf0 | (c >> 18);
      b[w++] = 0x80 | ((c >> 12) & 0x3f);
      b[w++] = 0x80 | ((c >> 6) & 0x3f);
      b[w++] = 0x80 | (c & 0x3f);
    } else {
      // Three bytes: the rest of the BMP, and a lone surrogate (its WTF-8 sequence).
      lone |= (u & 0xf800) === 0xd800;
      b[w++] = 0xe0 | (u >> 12);
      b[w++] = 0x80 | ((u >> 6) & 0x3f);
      b[w++] = 0x80 | (u & 0x3f);
    }
  }
  return lone ? w - at : (w - at) | 0x40000000;
}

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * The string of the UTF-8 at `at`, `len` bytes, with `count` code units put back at UTF-16
 * indexes: the u32 pairs (index, unit) at `marks`, in increasing order of index, each in place of
 * the one code unit (a U+FFFD) the UTF-8 has there. One TextDecoder call, then the pieces joined.
 */
export function wtf8_decode_marked(at, len, marks, count) {
  const text = decoder.decode(new Uint8Array(memory.buffer, at, len));
  const m = new Uint32Array(memory.buffer, marks, 2 * count);
  const parts = [];
  let from = 0;
  for (let k = 0; k < 2 * count; k += 2) {
    const i = m[k];
    if (i > from) parts.push(text.slice(from, i));
    parts.push(String.fromCharCode(m[k + 1]));
    from = i + 1;
  }
  if (from < text.length) parts.push(text.slice(from));
  return parts.join('');
}

/** The string of the well-formed WTF-8 at `at`, `len` bytes: lone surrogates are kept. */
export function wtf8_decode(at, len) {
  const b = view();
  const end = at + len;
  let out = '';
  let j = 0;
  for (let i = at; i < end; ) {
    const c = b[i];
    if (c < 0x80) {
      units[j++] = c;
      i += 1;
    } else if (c < 0xe0) {
      units[j++] = ((c & 0x1f) << 6) | (b[i + 1] & 0x3f);
      i += 2;
    } else if (c < 0xf0) {
      units[j++] = ((c & 0x0f) << 12) | ((b[i + 1] & 0x3f) << 6) | (b[i + 2] & 0x3f);
      i += 3;
    } else {
      const p = ((c & 0x07) << 18) | ((b[i + 1] & 0x3f) << 12) | ((b[i + 2] & 0x3f) << 6) | (b[i + 3] & 0x3f);
      units[j++] = 0xd7c0 + (p >> 10);
      units[j++] = 0xdc00 | (p & 0x3ff);
      i += 4;
    }
    if (j >= 8190) {
      units.length = j;
      out += String.fromCharCode.apply(null, units);
      j = 0;
    }
  }
  units.length = j;
  return out + String.fromCharCode.apply(null, units);
}
"#)]
extern "C" {
    fn wtf8_setup(memory: JsValue);
    fn wtf8_encode(s: &JsValue, at: u32, room: u32) -> i32;
    fn wtf8_decode(at: u32, len: u32) -> JsString;
    fn wtf8_decode_marked(at: u32, len: u32, marks: u32, count: u32) -> JsString;
}

/// Strings of up to this many code units come in through [`wtf8_encode`]: its loop up to 16
/// units, else `TextEncoder.encodeInto` when `isWellFormed()`, else the loop. The limit is the
/// longest string whose WTF-8 is sure to fit a 4 KiB scratch buffer (3 bytes a unit); longer
/// strings take `read`'s path (one `TextEncoder` call, then one `charCodeAt` per U+FFFD), which
/// costs about as much for well-formed text and more per lone surrogate (benches/README.md,
/// "From Rust (wasm-bindgen)", gives both).
pub(crate) const IN_UP_TO: usize = 1365;

/// WTF-8 of up to this many bytes goes out through [`wtf8_decode`]'s loop, which makes no
/// `TextDecoder` call (its fixed cost, 100–300 ns on Node, is most of a short string's time);
/// past it, the loop's few nanoseconds a byte cost more than `TextDecoder`'s call.
pub(crate) const OUT_UP_TO: usize = 64;

/// Whether the snippet has been given wasm's memory.
static READY: AtomicBool = AtomicBool::new(false);

fn ready() {
    if !READY.load(Ordering::Relaxed) {
        wtf8_setup(wasm_bindgen::memory());
        READY.store(true, Ordering::Relaxed);
    }
}

/// Where [`wtf8_encode`] writes a short string: a buffer of its own, so that the string's `Vec`
/// is allocated once, at its size (a `Vec` of room for the longest and then shrunk cost an
/// allocator call more).
struct Scratch(UnsafeCell<[u8; 3 * IN_UP_TO]>);

// SAFETY: wasm32 without the `atomics` target feature has one thread, so no two threads can reach
// the buffer at once (and with it, this module does not build: below).
#[cfg(not(target_feature = "atomics"))]
unsafe impl Sync for Scratch {}

static SCRATCH: Scratch = Scratch(UnsafeCell::new([0; 3 * IN_UP_TO]));

/// The WTF-8 of `value` if it is a string of at most [`IN_UP_TO`] code units (`Some(Ok)`); not a
/// string: `Some(Err(()))`; a longer string: `None` (nothing done but one call).
pub(crate) fn read_short(value: &JsValue) -> Option<Result<Wtf8String, ()>> {
    ready();
    // The loop writes at this address of wasm memory, inside the scratch buffer, and nowhere else.
    let at = SCRATCH.0.get() as usize as u32;
    match wtf8_encode(value, at, (3 * IN_UP_TO) as u32) {
        -2 => Some(Err(())),
        -1 => None,
        n => {
            let (len, utf8) = ((n & 0x3FFF_FFFF) as usize, n & 0x4000_0000 != 0);
            // SAFETY: no reference to the scratch buffer outlives this statement, and nothing else
            // runs meanwhile (one thread); the snippet wrote `len` bytes (at most the buffer's
            // length: it returns -1 rather than overflow) during the call above, which returned.
            let scratch: &[u8; 3 * IN_UP_TO] = unsafe { &*SCRATCH.0.get() };
            let bytes = scratch[..len.min(3 * IN_UP_TO)].to_vec();
            Some(Ok(Wtf8String::from_well_formed(bytes, utf8)))
        }
    }
}

/// The JavaScript string of well-formed WTF-8, by the snippet's loop.
pub(crate) fn write(wtf8: &[u8]) -> JsString {
    ready();
    wtf8_decode(wtf8.as_ptr() as usize as u32, wtf8.len() as u32)
}

/// The JavaScript string of well-formed WTF-8 whose first surrogate sequence starts at `first`:
/// a copy with each surrogate sequence replaced by U+FFFD (both 3 bytes), decoded by one
/// `TextDecoder` call, and each lone surrogate put back at its UTF-16 index in JavaScript, with no
/// call back and forth per surrogate.
pub(crate) fn write_marked(wtf8: &[u8], first: usize) -> JsString {
    ready();
    let mut text = wtf8.to_vec();
    // (UTF-16 index, unit) per surrogate sequence.
    let mut marks: Vec<u32> = Vec::new();
    let mut index = 0;
    let mut from = 0;
    let mut at = first;
    loop {
        index += utf16_len(&wtf8[from..at]);
        let unit = 0xD000 | (u32::from(wtf8[at + 1] & 0x3F) << 6) | u32::from(wtf8[at + 2] & 0x3F);
        marks.extend_from_slice(&[index as u32, unit]);
        text[at..at + 3].copy_from_slice(&[0xEF, 0xBF, 0xBD]);
        index += 1;
        from = at + 3;
        match find_surrogate_sequence(&wtf8[from..]) {
            Some(n) => at = from + n,
            None => break,
        }
    }
    wtf8_decode_marked(
        text.as_ptr() as usize as u32,
        text.len() as u32,
        marks.as_ptr() as usize as u32,
        (marks.len() / 2) as u32,
    )
}
