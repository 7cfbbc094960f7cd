//! Every SIMD kernel against its scalar twin (the reference kernels of `encode.rs`, `decode.rs`
//! and `validate.rs`): at every alignment, at every length from 0 to 256 units (or bytes), with
//! a lone surrogate — or, for bytes, an ill-formed byte or a surrogate sequence — slid across
//! every lane position of the first windows and of the last ones, where the vector loop hands
//! over to the scalar code. Then random inputs, and a check that well-formed text really goes
//! through the vector loops (a kernel that handed everything to the scalar code would pass the
//! comparisons, but not be fast).
//!
//! Natively these run the kernels on the portable emulation; `scripts/test-wasm.sh` runs them
//! on the simd128 instructions, and there the last test also checks every emulated operation
//! against its instruction.

use super::{decode, encode};
use crate::decode::{decode_from, decode_simd, Stop};
use crate::encode::{encode_units_from, encode_units_simd};
use crate::simd::decode::ROOM;
use crate::validate::{
    lone_surrogates_from, utf16_lone_surrogates_simd, utf16_valid_up_to_from,
    utf16_valid_up_to_simd, validate_utf8_simd, validate_utf8_std, validate_wtf8_from,
    validate_wtf8_simd,
};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

/// Samples of the text classes the kernels have paths for, each repeated to 300+ units.
fn texts() -> Vec<(&'static str, Vec<u16>)> {
    let samples: [(&str, &str); 7] = [
        (
            "ascii",
            "All human beings are born free and equal in dignity and rights. ",
        ),
        (
            "latin",
            "Élise a déjà vu ça: naïve façade, Größe, žluťoučký kůň, ĳ. ",
        ),
        (
            "cyrillic",
            "Все люди рождаются свободными и равными в своем достоинстве. ",
        ),
        (
            "cjk",
            "人人生而自由，在尊严和权利上一律平等。모든 인간은 힘과 휴식을 누린다 ",
        ),
        ("emoji", "hi 😀👍🏽 ok 🇫🇷 dé 😂 日本 🧑‍🤝‍🧑 ✨ end "),
        ("pairs", "😀😁😂🤣😃😄😅😆😉😊😋😎😍😘🥰😗"),
        (
            "bmp-edges",
            "\u{7F}\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFD}\u{FFFF}\u{10000}\u{10FFFF}a",
        ),
    ];
    let mut out: Vec<(&str, Vec<u16>)> = samples
        .iter()
        .map(|&(name, s)| (name, repeat(&s.encode_utf16().collect::<Vec<_>>())))
        .collect();
    // Dense lone surrogates: mixed text with every fifth unit a surrogate of a changing kind.
    let mut dense = repeat(&"ab é 人 😀 x".encode_utf16().collect::<Vec<_>>());
    for (k, u) in dense.iter_mut().enumerate().filter(|(k, _)| k % 5 == 3) {
        *u = [0xD800, 0xDC00, 0xDBFF, 0xDFFF, 0xD83D][(k / 5) % 5];
    }
    out.push(("dense", dense));
    out
}

fn repeat(units: &[u16]) -> Vec<u16> {
    let mut out = Vec::new();
    while out.len() < 300 {
        out.extend_from_slice(units);
    }
    out
}

/// The positions a surrogate or bad byte is slid across in an input of `len`: the first 32 (every
/// lane of the first windows) and the last 48 (the last windows and the hand-over to the scalar
/// code); all positions of inputs up to 80 long.
fn slide_positions(len: usize) -> impl Iterator<Item = usize> {
    (0..len).filter(move |&p| p < 32 || p + 48 >= len)
}

const SURROGATES: [u16; 4] = [0xD800, 0xDBFF, 0xDC00, 0xDFFF];

/// Both encoders, both modes, into sentinel-filled buffers of exactly the needed size (and, with
/// `short_rooms`, of less): the same counts, the same bytes, and nothing written past them.
fn check_encode(units: &[u16], what: &str, short_rooms: bool) {
    let need = crate::wtf8_len_from_utf16(units);
    let rooms = [
        need,
        need.saturating_sub(1),
        need / 2,
        need.saturating_sub(37),
    ];
    for room in &rooms[..if short_rooms { 4 } else { 1 }] {
        let room = *room;
        let mut want = vec![0xAB; room];
        let mut got = vec![0xAB; room];
        let w = encode_units_from::<false>(units, &mut want, 0, 0);
        let g = encode_units_simd::<false>(units, &mut got);
        assert_eq!((g, &got), (w, &want), "encode, room {room}: {what}");
        let w = encode_units_from::<true>(units, &mut want, 0, 0);
        let g = encode_units_simd::<true>(units, &mut got);
        assert_eq!((g, &got), (w, &want), "lossy encode, room {room}: {what}");
    }
}

/// The lone-surrogate scans, with room for all indexes, for one fewer, and for none.
fn check_scan(units: &[u16], what: &str) {
    assert_eq!(
        utf16_valid_up_to_simd(units),
        utf16_valid_up_to_from(units, 0),
        "valid_up_to: {what}"
    );
    let mut want = vec![usize::MAX; units.len() + 1];
    let count = lone_surrogates_from(units, &mut want, 0, 0).unwrap_or(usize::MAX);
    for room in [units.len(), count, count.saturating_sub(1), 0] {
        let mut want = vec![usize::MAX; room];
        let mut got = vec![usize::MAX; room];
        let w = lone_surrogates_from(units, &mut want, 0, 0);
        let g = utf16_lone_surrogates_simd(units, &mut got);
        assert_eq!(
            (g, &got),
            (w, &want),
            "lone_surrogates, room {room}: {what}"
        );
    }
}

/// Both decoders, both modes, both states of the surrogate before the input, and the
/// validator: the same progress, units and state; and nothing written past the units, except
/// after a strict error (where the destination's tail is unspecified).
fn check_decode(bytes: &[u8], what: &str) {
    for fatal in [true, false] {
        for lead_before in [false, true] {
            let mut want = vec![0xABCD; bytes.len() + 1];
            let mut got = vec![0xABCD; bytes.len() + 1];
            let (mut lead_w, mut lead_g) = (lead_before, lead_before);
            let w = decode_from(bytes, &mut want, fatal, &mut lead_w, 0, 0, bytes.len());
            let g = decode_simd(bytes, bytes.len(), &mut got, fatal, &mut lead_g);
            let ctx = || format!("decode fatal={fatal} lead={lead_before}: {what}");
            assert_eq!(
                (g.read, g.written, g.stop, lead_g),
                (w.read, w.written, w.stop, lead_w),
                "{}",
                ctx()
            );
            if matches!(w.stop, Stop::Error(..)) {
                assert_eq!(got[..g.written], want[..w.written], "{}", ctx());
            } else {
                assert_eq!(got, want, "{}", ctx());
            }
            // With zeros after the input: the same progress, state and units.
            let mut buf = bytes.to_vec();
            buf.resize(bytes.len() + ROOM, 0);
            let mut padded = vec![0xABCD; bytes.len() + ROOM + 32];
            let mut lead_p = lead_before;
            let p = decode_simd(&buf, bytes.len(), &mut padded, fatal, &mut lead_p);
            assert_eq!(
                (p.read, p.written, p.stop, lead_p),
                (w.read, w.written, w.stop, lead_w),
                "padded {}",
                ctx()
            );
            assert_eq!(padded[..p.written], want[..w.written], "padded {}", ctx());
        }
    }
    assert_eq!(
        validate_wtf8_simd(bytes),
        validate_wtf8_from(bytes, 0, false),
        "validate: {what}"
    );
    assert_eq!(
        validate_utf8_simd(bytes),
        validate_utf8_std(bytes),
        "validate UTF-8: {what}"
    );
}

#[test]
fn encode_and_scan_match_scalar_at_every_alignment_and_length_with_a_surrogate_slid_across() {
    for (name, text) in texts() {
        for align in 0..8 {
            for len in 0..=256 {
                let mut units = text[align..align + len].to_vec();
                let what = |p: &str| format!("{name} [{align}..+{len}] {p}");
                check_encode(&units, &what(""), true);
                check_scan(&units, &what(""));
                for p in slide_positions(len) {
                    let kept = units[p];
                    units[p] = SURROGATES[p % 4];
                    let what = what(&format!("surrogate {:04X} at {p}", units[p]));
                    check_encode(&units, &what, false);
                    check_scan(&units, &what);
                    units[p] = kept;
                }
            }
        }
    }
}

/// Bytes slid across decoder inputs: ill-formed ones and the starts of surrogate sequences.
const SLID_BYTES: [&[u8]; 8] = [
    b"\x80",
    b"\xFF",
    b"\xC1",
    b"\xE0\x80",
    b"\xF4\x90",
    b"\xED\xA0\x80",
    b"\xED\xB0\x80",
    b"\xF0\x9F",
];

#[test]
fn decode_and_validate_match_scalar_at_every_alignment_and_length_with_bytes_slid_across() {
    for (name, text) in texts() {
        let wtf8 = crate::convert_utf16_to_wtf8(&text);
        for align in 0..16 {
            for len in 0..=256.min(wtf8.len() - align) {
                let mut bytes = wtf8[align..align + len].to_vec();
                let what = |p: &str| format!("{name} bytes [{align}..+{len}] {p}");
                check_decode(&bytes, &what(""));
                for p in slide_positions(len) {
                    let slid = SLID_BYTES[p % SLID_BYTES.len()];
                    let end = (p + slid.len()).min(len);
                    let kept = bytes[p..end].to_vec();
                    bytes[p..end].copy_from_slice(&slid[..end - p]);
                    check_decode(&bytes, &what(&format!("{:02X?} at {p}", &bytes[p..end])));
                    bytes[p..end].copy_from_slice(&kept);
                }
            }
        }
    }
}

#[test]
fn well_formed_text_goes_through_the_vector_loops() {
    for (name, text) in texts() {
        // Encode: the windows stop only when fewer than 24 units are left.
        let mut out = vec![0; 3 * text.len()];
        let (read, _) = encode_units_simd::<false>(&text, &mut out);
        assert_eq!(read, text.len(), "{name}");
        let (vector_read, _) = encode::encode_windows::<false>(&text, &mut out);
        assert!(
            vector_read + 24 > text.len(),
            "{name}: windows stopped at {vector_read}"
        );
        if name == "dense" {
            continue; // a lone surrogate has no UTF-8: decoding is checked on well-formed WTF-8
        }
        // Decode (strict and lenient): the windows stop only when fewer than 48 bytes are left.
        let wtf8 = crate::convert_utf16_to_wtf8(&text);
        for fatal in [true, false] {
            let mut units = vec![0; wtf8.len()];
            let windows = decode::Windows::new();
            let (read, _) = windows.decode(fatal, &wtf8, &mut units, 0, 0, &mut false);
            assert!(
                read + 32 + 16 > wtf8.len(),
                "{name} (fatal: {fatal}): windows stopped at {read}"
            );
        }
    }
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        rng_seed: RngSeed::Fixed(0x5349_4D44),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Units of every class, surrogates often, in runs long enough for several windows.
fn units() -> impl Strategy<Value = Vec<u16>> {
    let piece = prop_oneof![
        8 => prop::collection::vec(0x20u16..0x7F, 1..20),
        3 => prop::collection::vec(0x80u16..0x800, 1..12),
        3 => prop::collection::vec(0x800u16..0xD800, 1..12),
        2 => (0xD800u16..=0xDBFF, 0xDC00u16..=0xDFFF).prop_map(|(l, t)| vec![l, t]),
        2 => (0xD800u16..=0xDFFF).prop_map(|u| vec![u]),
        1 => prop::collection::vec(any::<u16>(), 1..8),
    ];
    prop::collection::vec(piece, 0..80).prop_map(|p| p.concat())
}

/// WTF-8 of such units, joined naively (spelling out pairs), with a few bytes edited.
fn bytes() -> impl Strategy<Value = Vec<u8>> {
    let edits = prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..3);
    (prop::collection::vec(units(), 1..4), edits).prop_map(|(parts, edits)| {
        let mut b: Vec<u8> = parts
            .iter()
            .flat_map(|u| crate::convert_utf16_to_wtf8(u))
            .collect();
        for (at, byte) in edits {
            if !b.is_empty() {
                let i = at.index(b.len());
                b[i] = byte;
            }
        }
        b
    })
}

proptest! {
    #![proptest_config(config(2000))]

    #[test]
    fn random_units_encode_and_scan_as_the_scalar_kernels_do(u in units()) {
        check_encode(&u, "random units", true);
        check_scan(&u, "random units");
    }

    #[test]
    fn random_bytes_decode_and_validate_as_the_scalar_kernels_do(b in bytes()) {
        check_decode(&b, "random bytes");
    }
}

/// On wasm, the portable emulation must do exactly what each simd128 instruction does (the
/// native test runs trust it).
#[cfg(wasm_simd128)]
#[test]
fn the_portable_emulation_matches_the_simd128_instructions() {
    use super::portable::V128 as P;
    use super::wasm32::V128 as W;
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let edges = [
        0x00, 0x01, 0x3F, 0x7F, 0x80, 0xBF, 0xC0, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xFF,
    ];
    let mut vector = || {
        let mut b = [0u8; 16];
        for x in b.iter_mut() {
            let r = next();
            *x = if r % 3 == 0 {
                edges[(r >> 8) as usize % edges.len()]
            } else {
                (r >> 16) as u8
            };
        }
        b
    };
    let out = |w: W| {
        let mut b = [0u8; 16];
        w.store8(&mut b);
        b
    };
    let outp = |p: P| {
        let mut b = [0u8; 16];
        p.store8(&mut b);
        b
    };
    for _ in 0..20_000 {
        let (x, y, z) = (vector(), vector(), vector());
        let (wx, wy, wz) = (W::load8(&x), W::load8(&y), W::load8(&z));
        let (px, py, pz) = (P::load8(&x), P::load8(&y), P::load8(&z));
        let n = u32::from(x[15] % 16);
        let pairs: [([u8; 16], [u8; 16], &str); 31] = [
            (out(wx.and(wy)), outp(px.and(py)), "and"),
            (out(wx.or(wy)), outp(px.or(py)), "or"),
            (out(wx.xor(wy)), outp(px.xor(py)), "xor"),
            (out(wx.and_not(wy)), outp(px.and_not(py)), "and_not"),
            (
                out(W::select(wz, wx, wy)),
                outp(P::select(pz, px, py)),
                "select",
            ),
            (out(wx.eq8(wy)), outp(px.eq8(py)), "eq8"),
            (out(wx.gt8s(wy)), outp(px.gt8s(py)), "gt8s"),
            (out(wx.lt8s(wy)), outp(px.lt8s(py)), "lt8s"),
            (out(wx.sub_sat8(wy)), outp(px.sub_sat8(py)), "sub_sat8"),
            (out(wx.opaque()), outp(px.opaque()), "opaque"),
            (out(wx.add8(wy)), outp(px.add8(py)), "add8"),
            (out(wx.swizzle(wy)), outp(px.swizzle(py)), "swizzle"),
            (
                out(wx.shift_in::<1>(wy)),
                outp(px.shift_in::<1>(py)),
                "shift_in 1",
            ),
            (
                out(wx.shift_in::<2>(wy)),
                outp(px.shift_in::<2>(py)),
                "shift_in 2",
            ),
            (
                out(wx.shift_in::<3>(wy)),
                outp(px.shift_in::<3>(py)),
                "shift_in 3",
            ),
            (out(wx.zip_low8(wy)), outp(px.zip_low8(py)), "zip_low8"),
            (out(wx.zip_high8(wy)), outp(px.zip_high8(py)), "zip_high8"),
            (out(wx.zip_low16(wy)), outp(px.zip_low16(py)), "zip_low16"),
            (
                out(wx.zip_high16(wy)),
                outp(px.zip_high16(py)),
                "zip_high16",
            ),
            (out(wx.shl16(n)), outp(px.shl16(n)), "shl16"),
            (out(wx.shr16(n)), outp(px.shr16(n)), "shr16"),
            (out(wx.eq16(wy)), outp(px.eq16(py)), "eq16"),
            (out(wx.gt16s(wy)), outp(px.gt16s(py)), "gt16s"),
            (out(wx.sub16(wy)), outp(px.sub16(py)), "sub16"),
            (out(wx.low_bytes(wy)), outp(px.low_bytes(py)), "low_bytes"),
            (
                out(wx.high_bytes(wy)),
                outp(px.high_bytes(py)),
                "high_bytes",
            ),
            (out(wx.widen_low()), outp(px.widen_low()), "widen_low"),
            (out(wx.widen_high()), outp(px.widen_high()), "widen_high"),
            (
                out(W::splat16(x[0] as u16 * 257)),
                outp(P::splat16(x[0] as u16 * 257)),
                "splat16",
            ),
            (out(W::splat8(x[1])), outp(P::splat8(x[1])), "splat8"),
            (out(W::new(y)), outp(P::new(y)), "new"),
        ];
        for (w, p, op) in pairs {
            assert_eq!(w, p, "{op} on {x:02X?} {y:02X?} {z:02X?} n={n}");
        }
        assert_eq!(wx.any(), px.any());
        assert_eq!(wx.bitmask8(), px.bitmask8(), "bitmask8 {x:02X?}");
        assert_eq!(wx.bitmask16(), px.bitmask16(), "bitmask16 {x:02X?}");
        let units: [u16; 8] =
            core::array::from_fn(|k| u16::from_le_bytes([x[2 * k], x[2 * k + 1]]));
        assert_eq!(out(W::load16(&units)), outp(P::load16(&units)), "load16");
        let (mut a, mut b) = ([0u16; 8], [0u16; 8]);
        wx.store16(&mut a);
        px.store16(&mut b);
        assert_eq!(a, b, "store16");
        let (mut a, mut b) = ([0u8; 8], [0u8; 8]);
        wx.store8_low(&mut a);
        px.store8_low(&mut b);
        assert_eq!(a, b, "store8_low");
    }
}
