//! The `js-snippet` feature's fast paths: a small JavaScript module (wasm-bindgen `inline_js`)
//! that moves short strings between JavaScript and wasm memory in one call, with a loop over their
//! code units, and longer strings with lone surrogates as their code units in one call each way
//! (Node's and Bun's `Buffer`, else the JS String Builtins through a module of its own), whatever
//! the number of lone surrogates.
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

/**
 * Takes wasm's memory and chooses, once, how whole strings' code units move to and from it in one
 * call each (`wtf8_units_in`, `wtf8_units_out`): Node's and Bun's Buffer (native copies of UTF-16),
 * else the JS String Builtins (js/strings.wat of the npm package, as bytes: the engines that have
 * them, Chromium 130+, Firefox 134+, Node 24+, Deno 2.1+), else none. Returns whether there is a way.
 */
export function wtf8_setup(wasmMemory) {
  memory = wasmMemory;
  moves = bufferMoves() ?? builtinMoves();
  return moves !== null;
}

let moves = null;

function bufferMoves() {
  // Not Deno's Buffer (JavaScript, slower than its builtins: the npm package's plans measured it).
  const B = globalThis.Buffer;
  if (typeof B !== 'function' || typeof B.from !== 'function' || typeof globalThis.Deno !== 'undefined') return null;
  let all = B.alloc(0);
  // A Buffer over all of wasm memory, made again when the memory has grown (as `view` above).
  const view = () => (all.length !== 0 ? all : (all = B.from(memory.buffer)));
  // ucs2Write/ucs2Slice are what write(…, 'utf16le') and toString('utf16le') call after their
  // argument checks; both copy code units as they are, lone surrogates included.
  return typeof B.prototype.ucs2Write === 'function' && typeof B.prototype.ucs2Slice === 'function'
    ? { write: (s, at) => void view().ucs2Write(s, at, 2 * s.length), read: (at, n) => view().ucs2Slice(at, at + 2 * n) }
    : { write: (s, at) => void view().write(s, at, 2 * s.length, 'utf16le'), read: (at, n) => view().toString('utf16le', at, at + 2 * n) };
}

/** js/strings.wat (the npm package's), assembled: tests/wasm-bindgen/snippet-strings.test.mjs checks that it is. */
const STRINGS_WASM =
  'AGFzbQEAAAABMAdedwFgA29/fwFkb2ADb2MAfwF/YANjAH9/AWRvYAF/AWQAYARvf39/AGACf38BbwJwBANlbnYGbWVtb3J5AgAADndhc206anMtc3RyaW5nCXN1YnN0cmluZwABDndhc206anMtc3RyaW5nEWludG9DaGFyQ29kZUFycmF5AAIOd2FzbTpqcy1zdHJpbmcRZnJvbUNoYXJDb2RlQXJyYXkAAwMEAwQFBgYHAWMAAdBxCwcQAgV3cml0ZQAEBHJlYWQABQqzAQMjACMA0QRAIAD7BwAkAAsjAPsPIABJBEAgAPsHACQACyMA1AtNAgFkAAJ/IAIgAWshBSAFEAMhBCAAIAEgAhAAIARBABABGgJAA0AgBiAFTw0BIAMgBCAG+w0AOwEAIANBAmohAyAGQQFqIQYMAAsACws/AgFkAAF/IAEQAyECAkADQCADIAFPDQEgAiADIAAvAQD7DgAgAEECaiEAIANBAWohAwwACwALIAJBACABEAIL';

function builtinMoves() {
  try {
    const bytes = Uint8Array.from(atob(STRINGS_WASM), (c) => c.charCodeAt(0));
    const module = new WebAssembly.Module(bytes, { builtins: ['js-string'] });
    const link = (m) => new WebAssembly.Instance(module, { env: { memory: m } }).exports;
    // A round trip of lone surrogates through a scratch memory first: anything but what went in
    // (an engine whose builtins are not yet right) and the crate keeps its other paths.
    const probe = link(new WebAssembly.Memory({ initial: 1 }));
    const text = 'a\uDC00\uD83D\uDE00\uD800';
    probe.write(text, 0, text.length, 16);
    if (probe.read(16, text.length) !== text) return null;
    const { write, read } = link(memory);
    return { write: (s, at) => write(s, 0, s.length, at), read };
  } catch {
    // No GC types, no builtins to link 'wasm:js-string' to, or no atob.
    return null;
  }
}

/**
 * How a string longer than `wtf8_encode` takes comes in: -2 if it is not a string, -1 if it is
 * well-formed (the caller takes `TextEncoder`'s path, which keeps nothing to restore), else its
 * length in code units, which `wtf8_units_in` then writes (2 bytes each).
 */
export function wtf8_lone_length(s) {
  if (typeof s !== 'string') return -2;
  return s.isWellFormed() ? -1 : s.length;
}

/** Writes the code units of `s` to wasm memory at `at` (2 bytes each, little-endian). */
export function wtf8_units_in(s, at) {
  moves.write(s, at);
}

/** The string of the `count` code units in wasm memory at `at`. */
export function wtf8_units_out(at, count) {
  return moves.read(at, count);
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
    fn wtf8_setup(memory: JsValue) -> bool;
    fn wtf8_lone_length(s: &JsValue) -> i32;
    fn wtf8_units_in(s: &JsValue, at: u32);
    fn wtf8_units_out(at: u32, count: u32) -> JsString;
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
/// Whether the snippet has a way to move a whole string's code units in one call
/// ([`wtf8_setup`]: Buffer, or the JS String Builtins).
static UNITS: AtomicBool = AtomicBool::new(false);

fn ready() {
    if !READY.load(Ordering::Relaxed) {
        UNITS.store(wtf8_setup(wasm_bindgen::memory()), Ordering::Relaxed);
        READY.store(true, Ordering::Relaxed);
    }
}

/// Whether whole strings' code units can move in one call ([`read_long`], [`write_units`]).
pub(crate) fn moves_units() -> bool {
    ready();
    UNITS.load(Ordering::Relaxed)
}

/// Where [`wtf8_encode`] writes a short string: a buffer of its own, so that the string's `Vec`
/// is allocated once, at its size (a `Vec` of room for the longest and then shrunk cost an
/// allocator call more).
struct Scratch(UnsafeCell<[u8; 3 * IN_UP_TO]>);

// SAFETY: wasm32 without the `atomics` target feature has one thread, so no two threads can reach
// the buffer at once (and with it, this module does not build: below). On other targets, where the
// crate builds for its tests, nothing reaches it: every path to it calls `ready` first, whose
// wasm-bindgen imports panic there.
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

/// The JavaScript string of well-formed WTF-8 whose first surrogate sequence starts at `first`,
/// where code units cannot move in one call ([`write_units`]):
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

/// How a string longer than [`IN_UP_TO`] code units comes in ([`read_long`]).
pub(crate) enum Long {
    /// It is well-formed: `read`'s path (one `TextEncoder` call) with nothing to restore.
    WellFormed,
    /// It has a lone surrogate: its code units, copied into wasm memory in one call, to restore
    /// them from (`read` would otherwise ask with a `charCodeAt` call per U+FFFD).
    Lone(Vec<u16>),
    /// Not known: no way to move code units here ([`wtf8_setup`]); `read`'s whole path.
    Unknown,
    /// It is not a string.
    NotAString,
}

/// [`Long`]: how a string longer than [`IN_UP_TO`] code units comes in.
///
/// Chosen over one `charCodeAt` per U+FFFD by `benches/js-string.mjs --parts` (27 Nov 2026,
/// benches/README.md "From Rust (wasm-bindgen)"): better or equal in 50 of 60 cells, worse by
/// 0.01–0.11 in ten, nine of them at one lone surrogate per 1,000 units. (Converting the code
/// units with the crate's encoder instead of restoring `TextEncoder`'s output was tried: its SIMD
/// kernel takes 2.4 ns a unit on CJK text on Node 26, where `TextEncoder` takes under 1.)
pub(crate) fn read_long(value: &JsValue) -> Long {
    if !moves_units() {
        return Long::Unknown;
    }
    match wtf8_lone_length(value) {
        -2 => Long::NotAString,
        -1 => Long::WellFormed,
        n => {
            let n = n as usize;
            let mut units: Vec<u16> = Vec::with_capacity(n);
            wtf8_units_in(value, units.as_mut_ptr() as usize as u32);
            // SAFETY: the snippet wrote the string's `n` code units (2 bytes each) at the start of
            // the buffer, whose capacity is `n`, during the call above, which returned; no
            // reference to the buffer was held meanwhile.
            unsafe { units.set_len(n) };
            Long::Lone(units)
        }
    }
}

/// The JavaScript string of well-formed WTF-8 with surrogate sequences, where code units can move
/// in one call: converted to UTF-16 by the crate's decoder and made into a string by that one call
/// (`None` where there is no such way: [`write_marked`] then). Chosen over [`write_marked`] for
/// every runtime and density by `benches/js-string.mjs --parts` (27 Nov 2026, benches/README.md
/// "From Rust (wasm-bindgen)"): better or equal in 50 of 60 cells, by 2–10× on Node 22 and in
/// Chromium; worse at one lone surrogate per 1,000 units on Deno (0.34–0.49 → 0.25–0.47).
pub(crate) fn write_units(wtf8: &[u8]) -> Option<JsString> {
    if !moves_units() {
        return None;
    }
    // Well-formed WTF-8 converts without loss; the lossy form skips the error path.
    let units = crate::convert_wtf8_to_utf16_lossy(wtf8);
    Some(wtf8_units_out(
        units.as_ptr() as usize as u32,
        units.len() as u32,
    ))
}
