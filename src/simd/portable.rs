//! [`V128`] emulated lane by lane, for every target without wasm simd128. Each method does
//! exactly what the simd128 instruction named in `wasm32.rs` does (the wasm test run checks the
//! two against each other), so the kernels run the same logic natively — under `cargo test`
//! and the fuzzers — as in the shipped wasm.

/// A 128-bit vector, read as 16 bytes or 8 little-endian `u16` lanes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct V128([u8; 16]);

impl V128 {
    #[inline(always)]
    fn map8(self, other: Self, f: impl Fn(u8, u8) -> u8) -> Self {
        let mut out = [0; 16];
        for (k, o) in out.iter_mut().enumerate() {
            *o = f(self.0[k], other.0[k]);
        }
        V128(out)
    }

    #[inline(always)]
    fn lanes16(self) -> [u16; 8] {
        let mut out = [0; 8];
        for (k, o) in out.iter_mut().enumerate() {
            *o = u16::from_le_bytes([self.0[2 * k], self.0[2 * k + 1]]);
        }
        out
    }

    /// (Each byte assigned on its own: with `copy_from_slice` of each lane's two bytes the
    /// optimiser kept every vector that passed through here in memory, a byte at a time. The
    /// two longest tests of `cargo test`, the kernels against the scalar ones at every length and
    /// alignment (`simd::tests`), alternating on 2 Dec 2026: encode 13.9-15.4 -> 4.5 s, decode
    /// 17.7-19.4 -> 9.5 s. Bitwise operations on a `u128` of the bytes, tried beside it, made
    /// decode slower again: 12.3-14.3 s.)
    #[inline(always)]
    fn from_lanes16(lanes: [u16; 8]) -> Self {
        let mut out = [0; 16];
        for (k, u) in lanes.iter().enumerate() {
            let [lo, hi] = u.to_le_bytes();
            out[2 * k] = lo;
            out[2 * k + 1] = hi;
        }
        V128(out)
    }

    #[inline(always)]
    fn map16(self, other: Self, f: impl Fn(u16, u16) -> u16) -> Self {
        let (a, b) = (self.lanes16(), other.lanes16());
        let mut out = [0; 8];
        for (k, o) in out.iter_mut().enumerate() {
            *o = f(a[k], b[k]);
        }
        Self::from_lanes16(out)
    }

    #[inline(always)]
    const fn mask8(c: bool) -> u8 {
        if c {
            0xFF
        } else {
            0
        }
    }

    #[inline(always)]
    const fn mask16(c: bool) -> u16 {
        if c {
            0xFFFF
        } else {
            0
        }
    }

    /// A constant vector from its 16 bytes.
    #[inline(always)]
    pub(crate) const fn new(b: [u8; 16]) -> Self {
        V128(b)
    }

    /// The same vector (the wasm version hides it from the optimiser).
    #[inline(always)]
    pub(crate) fn opaque(self) -> Self {
        self
    }

    /// Every byte `b`.
    #[inline(always)]
    pub(crate) fn splat8(b: u8) -> Self {
        V128([b; 16])
    }

    /// Every `u16` lane `u`.
    #[inline(always)]
    pub(crate) fn splat16(u: u16) -> Self {
        let [lo, hi] = u.to_le_bytes();
        V128([
            lo, hi, lo, hi, lo, hi, lo, hi, lo, hi, lo, hi, lo, hi, lo, hi,
        ])
    }

    /// 16 bytes from memory.
    #[inline(always)]
    pub(crate) fn load8(a: &[u8; 16]) -> Self {
        V128(*a)
    }

    /// 8 code units from memory.
    #[inline(always)]
    pub(crate) fn load16(a: &[u16; 8]) -> Self {
        Self::from_lanes16(*a)
    }

    /// Stores the 16 bytes.
    #[inline(always)]
    pub(crate) fn store8(self, out: &mut [u8; 16]) {
        *out = self.0;
    }

    /// Stores the low 8 bytes.
    #[inline(always)]
    pub(crate) fn store8_low(self, out: &mut [u8; 8]) {
        out.copy_from_slice(&self.0[..8]);
    }

    /// Stores the 8 `u16` lanes.
    #[inline(always)]
    pub(crate) fn store16(self, out: &mut [u16; 8]) {
        *out = self.lanes16();
    }

    /// `self & other`.
    #[inline(always)]
    pub(crate) fn and(self, other: Self) -> Self {
        self.map8(other, |a, b| a & b)
    }

    /// `self | other`.
    #[inline(always)]
    pub(crate) fn or(self, other: Self) -> Self {
        self.map8(other, |a, b| a | b)
    }

    /// `self ^ other`.
    #[inline(always)]
    pub(crate) fn xor(self, other: Self) -> Self {
        self.map8(other, |a, b| a ^ b)
    }

    /// `self & !other`.
    #[inline(always)]
    pub(crate) fn and_not(self, other: Self) -> Self {
        self.map8(other, |a, b| a & !b)
    }

    /// Bits of `if_set` where `mask` is 1, of `if_clear` where it is 0.
    #[inline(always)]
    pub(crate) fn select(mask: Self, if_set: Self, if_clear: Self) -> Self {
        if_set.and(mask).or(if_clear.and_not(mask))
    }

    /// Is any bit set?
    #[inline(always)]
    pub(crate) fn any(self) -> bool {
        self.0.iter().any(|&b| b != 0)
    }

    /// Bytes equal.
    #[inline(always)]
    pub(crate) fn eq8(self, other: Self) -> Self {
        self.map8(other, |a, b| Self::mask8(a == b))
    }

    /// Signed bytes greater than.
    #[inline(always)]
    pub(crate) fn gt8s(self, other: Self) -> Self {
        self.map8(other, |a, b| Self::mask8((a as i8) > (b as i8)))
    }

    /// Signed bytes less than.
    #[inline(always)]
    pub(crate) fn lt8s(self, other: Self) -> Self {
        self.map8(other, |a, b| Self::mask8((a as i8) < (b as i8)))
    }

    /// Saturating unsigned byte subtraction.
    #[inline(always)]
    pub(crate) fn sub_sat8(self, other: Self) -> Self {
        self.map8(other, u8::saturating_sub)
    }

    /// Wrapping byte addition.
    #[inline(always)]
    pub(crate) fn add8(self, other: Self) -> Self {
        self.map8(other, u8::wrapping_add)
    }

    /// The top bit of each byte, byte 0 in bit 0.
    #[inline(always)]
    pub(crate) fn bitmask8(self) -> u32 {
        (0..16).fold(0, |m, k| m | (u32::from(self.0[k] >> 7) << k))
    }

    /// Byte `k` of the result is byte `idx[k]` of `self`, or 0 if `idx[k] >= 16`.
    #[inline(always)]
    pub(crate) fn swizzle(self, idx: Self) -> Self {
        let mut out = [0; 16];
        for (k, o) in out.iter_mut().enumerate() {
            *o = self.0.get(usize::from(idx.0[k])).copied().unwrap_or(0);
        }
        V128(out)
    }

    /// Bytes `16 - N .. 32 - N` of `prev ++ self`.
    #[inline(always)]
    pub(crate) fn shift_in<const N: usize>(self, prev: Self) -> Self {
        let mut out = [0; 16];
        for (k, o) in out.iter_mut().enumerate() {
            *o = if k < N {
                prev.0[16 - N + k]
            } else {
                self.0[k - N]
            };
        }
        V128(out)
    }

    /// Interleaves the low 8 bytes of `self` and `other`.
    #[inline(always)]
    pub(crate) fn zip_low8(self, other: Self) -> Self {
        let mut out = [0; 16];
        for k in 0..8 {
            out[2 * k] = self.0[k];
            out[2 * k + 1] = other.0[k];
        }
        V128(out)
    }

    /// Interleaves the high 8 bytes of `self` and `other`.
    #[inline(always)]
    pub(crate) fn zip_high8(self, other: Self) -> Self {
        let mut out = [0; 16];
        for k in 0..8 {
            out[2 * k] = self.0[8 + k];
            out[2 * k + 1] = other.0[8 + k];
        }
        V128(out)
    }

    /// Interleaves the low 4 `u16` lanes of `self` and `other`.
    #[inline(always)]
    pub(crate) fn zip_low16(self, other: Self) -> Self {
        let mut out = [0; 16];
        for k in 0..4 {
            out[4 * k] = self.0[2 * k];
            out[4 * k + 1] = self.0[2 * k + 1];
            out[4 * k + 2] = other.0[2 * k];
            out[4 * k + 3] = other.0[2 * k + 1];
        }
        V128(out)
    }

    /// Interleaves the high 4 `u16` lanes of `self` and `other`.
    #[inline(always)]
    pub(crate) fn zip_high16(self, other: Self) -> Self {
        let mut out = [0; 16];
        for k in 0..4 {
            out[4 * k] = self.0[8 + 2 * k];
            out[4 * k + 1] = self.0[8 + 2 * k + 1];
            out[4 * k + 2] = other.0[8 + 2 * k];
            out[4 * k + 3] = other.0[8 + 2 * k + 1];
        }
        V128(out)
    }

    /// `u16` lanes shifted left by `n`.
    #[inline(always)]
    pub(crate) fn shl16(self, n: u32) -> Self {
        self.map16(self, |a, _| a << (n % 16))
    }

    /// `u16` lanes shifted right by `n`, zero-filling.
    #[inline(always)]
    pub(crate) fn shr16(self, n: u32) -> Self {
        self.map16(self, |a, _| a >> (n % 16))
    }

    /// `u16` lanes equal.
    #[inline(always)]
    pub(crate) fn eq16(self, other: Self) -> Self {
        self.map16(other, |a, b| Self::mask16(a == b))
    }

    /// Signed `u16` lanes greater than.
    #[inline(always)]
    pub(crate) fn gt16s(self, other: Self) -> Self {
        self.map16(other, |a, b| Self::mask16((a as i16) > (b as i16)))
    }

    /// Wrapping `u16` lane subtraction.
    #[inline(always)]
    pub(crate) fn sub16(self, other: Self) -> Self {
        self.map16(other, u16::wrapping_sub)
    }

    /// The top bit of each `u16` lane, lane 0 in bit 0.
    #[inline(always)]
    pub(crate) fn bitmask16(self) -> u32 {
        let lanes = self.lanes16();
        (0..8).fold(0, |m, k| m | (u32::from(lanes[k] >> 15) << k))
    }

    /// The low bytes of the 16 `u16` lanes of `self` then `other`.
    #[inline(always)]
    pub(crate) fn low_bytes(self, other: Self) -> Self {
        let mut out = [0; 16];
        for k in 0..8 {
            out[k] = self.0[2 * k];
            out[8 + k] = other.0[2 * k];
        }
        V128(out)
    }

    /// The high bytes of the 16 `u16` lanes of `self` then `other`.
    #[inline(always)]
    pub(crate) fn high_bytes(self, other: Self) -> Self {
        let mut out = [0; 16];
        for k in 0..8 {
            out[k] = self.0[2 * k + 1];
            out[8 + k] = other.0[2 * k + 1];
        }
        V128(out)
    }

    /// The low 8 bytes zero-extended to `u16` lanes.
    #[inline(always)]
    pub(crate) fn widen_low(self) -> Self {
        let mut lanes = [0; 8];
        for (k, l) in lanes.iter_mut().enumerate() {
            *l = u16::from(self.0[k]);
        }
        Self::from_lanes16(lanes)
    }

    /// The high 8 bytes zero-extended to `u16` lanes.
    #[inline(always)]
    pub(crate) fn widen_high(self) -> Self {
        let mut lanes = [0; 8];
        for (k, l) in lanes.iter_mut().enumerate() {
            *l = u16::from(self.0[8 + k]);
        }
        Self::from_lanes16(lanes)
    }
}
