//! [`V128`] on wasm32 with `+simd128`: each method is one simd128 instruction (or a short fixed
//! sequence of them), named in the method's doc. Loads and stores go through fixed-size arrays,
//! which LLVM turns into single `v128.load`/`v128.store` instructions (checked in the wasm text of
//! the release build), so no `unsafe` is needed.

use core::arch::wasm32::*;

/// A 128-bit vector, read as 16 bytes or 8 little-endian `u16` lanes.
#[derive(Clone, Copy)]
pub(crate) struct V128(v128);

impl V128 {
    /// A constant vector from its 16 bytes (`v128.const`).
    #[inline(always)]
    pub(crate) const fn new(b: [u8; 16]) -> Self {
        V128(u8x16(
            b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
            b[14], b[15],
        ))
    }

    /// The same vector, hidden from the optimiser: kernels pass their constants through this
    /// once, before their loops, so that the engine keeps them in registers instead of
    /// rebuilding every `v128.const` at each use inside the loop (V8 does).
    #[inline(always)]
    pub(crate) fn opaque(self) -> Self {
        core::hint::black_box(self)
    }

    /// Every byte `b` (`i8x16.splat`).
    #[inline(always)]
    pub(crate) fn splat8(b: u8) -> Self {
        V128(u8x16_splat(b))
    }

    /// Every `u16` lane `u` (`i16x8.splat`).
    #[inline(always)]
    pub(crate) fn splat16(u: u16) -> Self {
        V128(u16x8_splat(u))
    }

    /// 16 bytes from memory (`v128.load`).
    #[inline(always)]
    pub(crate) fn load8(a: &[u8; 16]) -> Self {
        let (lo, hi) = a.split_at(8);
        let lo: &[u8; 8] = lo.try_into().unwrap();
        let hi: &[u8; 8] = hi.try_into().unwrap();
        V128(u64x2(u64::from_le_bytes(*lo), u64::from_le_bytes(*hi)))
    }

    /// 8 code units from memory (`v128.load`).
    #[inline(always)]
    pub(crate) fn load16(a: &[u16; 8]) -> Self {
        V128(u16x8(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]))
    }

    /// Stores the 16 bytes (`v128.store`).
    #[inline(always)]
    pub(crate) fn store8(self, out: &mut [u8; 16]) {
        let (lo, hi) = out.split_at_mut(8);
        lo.copy_from_slice(&u64x2_extract_lane::<0>(self.0).to_le_bytes());
        hi.copy_from_slice(&u64x2_extract_lane::<1>(self.0).to_le_bytes());
    }

    /// Stores the low 8 bytes (`i64x2.extract_lane 0` + `i64.store`).
    #[inline(always)]
    pub(crate) fn store8_low(self, out: &mut [u8; 8]) {
        *out = u64x2_extract_lane::<0>(self.0).to_le_bytes();
    }

    /// Stores the 8 `u16` lanes (`v128.store`).
    #[inline(always)]
    pub(crate) fn store16(self, out: &mut [u16; 8]) {
        let (lo, hi) = out.split_at_mut(4);
        let x = u64x2_extract_lane::<0>(self.0);
        let y = u64x2_extract_lane::<1>(self.0);
        lo.copy_from_slice(&[
            x as u16,
            (x >> 16) as u16,
            (x >> 32) as u16,
            (x >> 48) as u16,
        ]);
        hi.copy_from_slice(&[
            y as u16,
            (y >> 16) as u16,
            (y >> 32) as u16,
            (y >> 48) as u16,
        ]);
    }

    /// `self & other` (`v128.and`).
    #[inline(always)]
    pub(crate) fn and(self, other: Self) -> Self {
        V128(v128_and(self.0, other.0))
    }

    /// `self | other` (`v128.or`).
    #[inline(always)]
    pub(crate) fn or(self, other: Self) -> Self {
        V128(v128_or(self.0, other.0))
    }

    /// `self ^ other` (`v128.xor`).
    #[inline(always)]
    pub(crate) fn xor(self, other: Self) -> Self {
        V128(v128_xor(self.0, other.0))
    }

    /// `self & !other` (`v128.andnot`).
    #[inline(always)]
    pub(crate) fn and_not(self, other: Self) -> Self {
        V128(v128_andnot(self.0, other.0))
    }

    /// Bits of `self` where `mask` is 1, of `other` where it is 0 (`v128.bitselect`).
    #[inline(always)]
    pub(crate) fn select(mask: Self, if_set: Self, if_clear: Self) -> Self {
        V128(v128_bitselect(if_set.0, if_clear.0, mask.0))
    }

    /// Is any bit set (`v128.any_true`)?
    #[inline(always)]
    pub(crate) fn any(self) -> bool {
        v128_any_true(self.0)
    }

    /// Bytes equal: all ones or all zeros per byte (`i8x16.eq`).
    #[inline(always)]
    pub(crate) fn eq8(self, other: Self) -> Self {
        V128(i8x16_eq(self.0, other.0))
    }

    /// Signed bytes greater than (`i8x16.gt_s`): one x86 instruction, where the unsigned
    /// comparisons take three.
    #[inline(always)]
    pub(crate) fn gt8s(self, other: Self) -> Self {
        V128(i8x16_gt(self.0, other.0))
    }

    /// Signed bytes less than (`i8x16.lt_s`).
    #[inline(always)]
    pub(crate) fn lt8s(self, other: Self) -> Self {
        V128(i8x16_lt(self.0, other.0))
    }

    /// Saturating unsigned byte subtraction (`i8x16.sub_sat_u`).
    #[inline(always)]
    pub(crate) fn sub_sat8(self, other: Self) -> Self {
        V128(u8x16_sub_sat(self.0, other.0))
    }

    /// Wrapping byte addition (`i8x16.add`).
    #[inline(always)]
    pub(crate) fn add8(self, other: Self) -> Self {
        V128(u8x16_add(self.0, other.0))
    }

    /// The top bit of each byte, byte 0 in bit 0 (`i8x16.bitmask`).
    #[inline(always)]
    pub(crate) fn bitmask8(self) -> u32 {
        u32::from(u8x16_bitmask(self.0))
    }

    /// Byte `k` of the result is byte `idx[k]` of `self`, or 0 if `idx[k] >= 16`
    /// (`i8x16.swizzle`).
    #[inline(always)]
    pub(crate) fn swizzle(self, idx: Self) -> Self {
        V128(u8x16_swizzle(self.0, idx.0))
    }

    /// Bytes `16 - N .. 32 - N` of `prev ++ self`: `self` moved up by `N` bytes with the last
    /// `N` bytes of `prev` shifted in (`i8x16.shuffle`). `N` is 1, 2, 3 or 14.
    #[inline(always)]
    pub(crate) fn shift_in<const N: usize>(self, prev: Self) -> Self {
        V128(match N {
            1 => i8x16_shuffle::<15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30>(
                prev.0, self.0,
            ),
            2 => i8x16_shuffle::<14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29>(
                prev.0, self.0,
            ),
            3 => i8x16_shuffle::<13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28>(
                prev.0, self.0,
            ),
            _ => i8x16_shuffle::<2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17>(
                prev.0, self.0,
            ),
        })
    }

    /// Interleaves the low 8 bytes of `self` and `other`: `s0 o0 s1 o1 … s7 o7`
    /// (`i8x16.shuffle`), i.e. `u16` lanes `s[k] | o[k] << 8`.
    #[inline(always)]
    pub(crate) fn zip_low8(self, other: Self) -> Self {
        V128(i8x16_shuffle::<
            0,
            16,
            1,
            17,
            2,
            18,
            3,
            19,
            4,
            20,
            5,
            21,
            6,
            22,
            7,
            23,
        >(self.0, other.0))
    }

    /// Interleaves the high 8 bytes of `self` and `other`: `s8 o8 … s15 o15` (`i8x16.shuffle`).
    #[inline(always)]
    pub(crate) fn zip_high8(self, other: Self) -> Self {
        V128(i8x16_shuffle::<
            8,
            24,
            9,
            25,
            10,
            26,
            11,
            27,
            12,
            28,
            13,
            29,
            14,
            30,
            15,
            31,
        >(self.0, other.0))
    }

    /// Interleaves the low 4 `u16` lanes of `self` and `other`: `u32` lanes `s[k] | o[k] << 16`
    /// (`i8x16.shuffle`; `punpcklwd` in V8).
    #[inline(always)]
    pub(crate) fn zip_low16(self, other: Self) -> Self {
        V128(i8x16_shuffle::<
            0,
            1,
            16,
            17,
            2,
            3,
            18,
            19,
            4,
            5,
            20,
            21,
            6,
            7,
            22,
            23,
        >(self.0, other.0))
    }

    /// Interleaves the high 4 `u16` lanes of `self` and `other` (`i8x16.shuffle`; `punpckhwd`).
    #[inline(always)]
    pub(crate) fn zip_high16(self, other: Self) -> Self {
        V128(i8x16_shuffle::<
            8,
            9,
            24,
            25,
            10,
            11,
            26,
            27,
            12,
            13,
            28,
            29,
            14,
            15,
            30,
            31,
        >(self.0, other.0))
    }

    /// `u16` lanes shifted left by `n` (`i16x8.shl`).
    #[inline(always)]
    pub(crate) fn shl16(self, n: u32) -> Self {
        V128(u16x8_shl(self.0, n))
    }

    /// `u16` lanes shifted right by `n`, zero-filling (`i16x8.shr_u`).
    #[inline(always)]
    pub(crate) fn shr16(self, n: u32) -> Self {
        V128(u16x8_shr(self.0, n))
    }

    /// `u16` lanes equal (`i16x8.eq`).
    #[inline(always)]
    pub(crate) fn eq16(self, other: Self) -> Self {
        V128(u16x8_eq(self.0, other.0))
    }

    /// Signed `u16` lanes greater than (`i16x8.gt_s`): one x86 instruction (`pcmpgtw`), where
    /// the unsigned comparison takes three.
    #[inline(always)]
    pub(crate) fn gt16s(self, other: Self) -> Self {
        V128(i16x8_gt(self.0, other.0))
    }

    /// Wrapping `u16` lane subtraction (`i16x8.sub`).
    #[inline(always)]
    pub(crate) fn sub16(self, other: Self) -> Self {
        V128(u16x8_sub(self.0, other.0))
    }

    /// The top bit of each `u16` lane, lane 0 in bit 0 (`i16x8.bitmask`).
    #[inline(always)]
    pub(crate) fn bitmask16(self) -> u32 {
        u32::from(u16x8_bitmask(self.0))
    }

    /// The low bytes of the 16 `u16` lanes of `self` then `other` (`i8x16.shuffle`). Where the
    /// lanes are known to fit a byte this is `i8x16.narrow_i16x8_u`, which Rust 1.95 emits with
    /// a clamp (`i16x8.max_s`, `i16x8.min_s` and their constants) around it; the shuffle is
    /// cheaper in V8.
    #[inline(always)]
    pub(crate) fn low_bytes(self, other: Self) -> Self {
        V128(i8x16_shuffle::<
            0,
            2,
            4,
            6,
            8,
            10,
            12,
            14,
            16,
            18,
            20,
            22,
            24,
            26,
            28,
            30,
        >(self.0, other.0))
    }

    /// The high bytes of the 16 `u16` lanes of `self` then `other` (`i8x16.shuffle`).
    #[inline(always)]
    pub(crate) fn high_bytes(self, other: Self) -> Self {
        V128(i8x16_shuffle::<
            1,
            3,
            5,
            7,
            9,
            11,
            13,
            15,
            17,
            19,
            21,
            23,
            25,
            27,
            29,
            31,
        >(self.0, other.0))
    }

    /// The low 8 bytes zero-extended to `u16` lanes (`i16x8.extend_low_i8x16_u`).
    #[inline(always)]
    pub(crate) fn widen_low(self) -> Self {
        V128(u16x8_extend_low_u8x16(self.0))
    }

    /// The high 8 bytes zero-extended to `u16` lanes (`i16x8.extend_high_i8x16_u`).
    #[inline(always)]
    pub(crate) fn widen_high(self) -> Self {
        V128(u16x8_extend_high_u8x16(self.0))
    }
}
