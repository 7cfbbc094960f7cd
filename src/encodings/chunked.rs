//! Conversion in chunks: an [`Encoder`] and a [`Decoder`] for every encoding of this module,
//! fed an input of any size in pieces, writing into caller-provided buffers, with in total
//! exactly the result of the one-shot functions — wherever the chunk boundaries fall.
//!
//! The encoder holds back a lead surrogate at the end of a chunk until the next chunk shows
//! whether a trail follows, writes a byte order mark or the Corrected UTF-8 magic number only at
//! the start, and counts error indexes from the start of the stream. The decoder holds back the
//! bytes at the end of a chunk that more input could still change (at most a few: each codec
//! decides a sequence from at most [`Decoder::MAX_HELD`] bytes), sniffs a byte order mark or the
//! magic number only at the start, carries a Corrected UTF-8 reserved run across chunks, and
//! counts error offsets from the start of the stream. Neither allocates.

use crate::error::{DecodeError, ErrorCode};
use crate::grammar::{
    combine, is_lead, is_surrogate, is_trail, units, write_sequence, write_units,
};

use super::engine::{CodePoints, Step, REPLACEMENT};
use super::{
    cesu8, corrected_utf8, mutf8, sniff_utf16_bom, sniff_utf32_bom, utf16, utf32, utf8b, ByteOrder,
    CorrectedUtf8Mode, EncodeError, Surrogates, CORRECTED_UTF8_MAGIC,
};

/// What an [`Encoder`] writes: one of this module's byte formats, with its options.
///
/// | variant | the one-shot functions it equals |
/// |---|---|
/// | `Utf16 { order, bom }` | [`convert_utf16_to_utf16le`](super::convert_utf16_to_utf16le), [`convert_utf16_to_utf16be`](super::convert_utf16_to_utf16be) |
/// | `Utf32 { order, bom, surrogates }` | [`convert_utf16_to_utf32le`](super::convert_utf16_to_utf32le) and `be`, `_lossy` when not `fatal` |
/// | `Cesu8` | [`convert_utf16_to_cesu8`](super::convert_utf16_to_cesu8), `_lossy` when not `fatal` |
/// | `Mutf8` | [`convert_utf16_to_mutf8`](super::convert_utf16_to_mutf8) |
/// | `Utf8b` | [`convert_utf16_to_utf8b`](super::convert_utf16_to_utf8b) (always strict) |
/// | `CorrectedUtf8(mode)` | [`convert_utf16_to_corrected_utf8`](super::convert_utf16_to_corrected_utf8), [`convert_code_points_to_corrected_utf8`](super::convert_code_points_to_corrected_utf8), `_lossy` when not `fatal` |
///
/// ```
/// use wtf8_wasm::encodings::{ByteOrder, Encoder, Encoding};
/// let mut enc = Encoder::new(Encoding::Utf16 { order: ByteOrder::BigEndian, bom: true }, true);
/// let mut out = [0u8; 8];
/// assert_eq!(enc.encode_from_utf16(&[0x61], true, &mut out), Ok(4));
/// assert_eq!(&out[..4], b"\xFE\xFF\x00a");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// UTF-16LE or UTF-16BE, after a byte order mark when `bom`. Never fails.
    Utf16 {
        /// The byte order.
        order: ByteOrder,
        /// Write U+FEFF first.
        bom: bool,
    },
    /// UTF-32LE or UTF-32BE, after a byte order mark when `bom`.
    Utf32 {
        /// The byte order.
        order: ByteOrder,
        /// Write U+FEFF first.
        bom: bool,
        /// What a lone surrogate becomes.
        surrogates: Surrogates,
    },
    /// CESU-8.
    Cesu8,
    /// Java's Modified UTF-8 (the body of a `writeUTF` frame). Never fails.
    Mutf8,
    /// UTF-8B (`surrogateescape`). It has no replacement: a lone surrogate outside
    /// U+DC80..=U+DCFF is an error whether or not the encoder is `fatal`.
    Utf8b,
    /// Corrected UTF-8, as text or as a document (after the magic number).
    CorrectedUtf8(CorrectedUtf8Mode),
}

/// Encodes UTF-16 code units (or code points) arriving in chunks into one of this module's byte
/// formats, with the result of the one-shot function for the whole input.
///
/// Each call appends to the caller's buffer and returns the number of bytes written. A lead
/// surrogate at the end of a chunk is held back until the next call (or the `last` one) shows
/// whether a trail follows; a byte order mark or magic number is written by the first call only.
/// Strict (`fatal`) errors carry the index from the start of the stream. Lossless exactly where
/// the [`Encoding`]'s one-shot function is. No allocation.
///
/// # Example
/// ```
/// use wtf8_wasm::encodings::{Encoder, Encoding};
/// let mut enc = Encoder::new(Encoding::Cesu8, true);
/// let mut out = [0u8; 16];
/// // U+1F600 split between two chunks: the lead surrogate waits for its trail.
/// let n = enc.encode_from_utf16(&[0x61, 0xD83D], false, &mut out).unwrap();
/// let m = enc.encode_from_utf16(&[0xDE00], true, &mut out[n..]).unwrap();
/// assert_eq!(&out[..n + m], b"a\xED\xA0\xBD\xED\xB8\x80");
/// // A lone surrogate: the error's index counts from the start of the stream.
/// let mut enc = Encoder::new(Encoding::Cesu8, true);
/// enc.encode_from_utf16(&[0x61, 0x62], false, &mut out).unwrap();
/// assert_eq!(enc.encode_from_utf16(&[0xDC00], true, &mut out).unwrap_err().index(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encoder {
    encoding: Encoding,
    fatal: bool,
    started: bool,
    /// A lead surrogate held back at the end of the previous chunk.
    pending: Option<u16>,
    /// The stream index of the next unit to encode (the pending one, if any).
    index: usize,
}

impl Encoder {
    /// A new encoder at the start of a stream: strict when `fatal`, else lossy (U+FFFD for what
    /// the encoding cannot hold).
    pub const fn new(encoding: Encoding, fatal: bool) -> Self {
        Encoder {
            encoding,
            fatal,
            started: false,
            pending: None,
            index: 0,
        }
    }

    /// The most bytes one call may write for `src_len` UTF-16 code units: room for a byte order
    /// mark or magic number (first call), the held-back lead surrogate, and the most bytes a
    /// code unit can take (2 for UTF-16, 4 for UTF-32, else 3).
    ///
    /// ```
    /// use wtf8_wasm::encodings::{Encoder, Encoding};
    /// assert_eq!(Encoder::new(Encoding::Cesu8, false).max_output_len(10), 30);
    /// ```
    pub const fn max_output_len(&self, src_len: usize) -> usize {
        let per_unit = match self.encoding {
            Encoding::Utf16 { .. } => 2,
            Encoding::Utf32 { .. } => 4,
            _ => 3,
        };
        self.header_len() + per_unit * (src_len + self.pending.is_some() as usize)
    }

    /// The most bytes one [`encode_from_code_points`](Self::encode_from_code_points) call may
    /// write for `src_len` code points (6 each for Corrected UTF-8, 4 for UTF-8B, UTF-16 and
    /// UTF-32, 6 for CESU-8 and Modified UTF-8), header included.
    ///
    /// ```
    /// use wtf8_wasm::encodings::{CorrectedUtf8Mode, Encoder, Encoding};
    /// let enc = Encoder::new(Encoding::CorrectedUtf8(CorrectedUtf8Mode::Document), false);
    /// assert_eq!(enc.max_output_len_from_code_points(10), 8 + 60);
    /// ```
    pub const fn max_output_len_from_code_points(&self, src_len: usize) -> usize {
        let per_value = match self.encoding {
            Encoding::Utf16 { .. } | Encoding::Utf32 { .. } | Encoding::Utf8b => 4,
            _ => 6,
        };
        self.header_len() + per_value * src_len
    }

    const fn header_len(&self) -> usize {
        if self.started {
            return 0;
        }
        match self.encoding {
            Encoding::Utf16 { bom: true, .. } => 2,
            Encoding::Utf32 { bom: true, .. } => 4,
            Encoding::CorrectedUtf8(CorrectedUtf8Mode::Document) => CORRECTED_UTF8_MAGIC.len(),
            _ => 0,
        }
    }

    /// Encodes the next chunk of UTF-16 code units (the last one when `last`) into `dst` and
    /// returns the number of bytes written. With `last`, a held-back lead surrogate is written
    /// as a lone surrogate and the encoder is ready for a new stream.
    ///
    /// The concatenated output of the calls equals the [`Encoding`]'s one-shot function of the
    /// concatenated input, however the input is split.
    ///
    /// # Errors
    /// An [`EncodeError`] with the code and value of the one-shot function's error and its index
    /// from the start of the stream (`LONE_SURROGATE`, or for Corrected UTF-8 also `C1_CONTROL`
    /// and `NUL_IN_DOCUMENT`). The encoder is then reset; the bytes this call wrote before the
    /// error are not part of any result.
    ///
    /// # Panics
    /// If `dst` is shorter than [`max_output_len`](Self::max_output_len)`(src.len())` and the
    /// output does not fit.
    ///
    /// ```
    /// use wtf8_wasm::encodings::{ByteOrder, Encoder, Encoding, Surrogates};
    /// let utf32 = Encoding::Utf32 { order: ByteOrder::LittleEndian, bom: false, surrogates: Surrogates::Reject };
    /// let mut enc = Encoder::new(utf32, false);
    /// let mut out = [0u8; 8];
    /// assert_eq!(enc.encode_from_utf16(&[0xD800], true, &mut out), Ok(4));
    /// assert_eq!(&out[..4], b"\xFD\xFF\x00\x00"); // lossy: U+FFFD
    /// ```
    ///
    /// Complexity: O(src.len()).
    pub fn encode_from_utf16(
        &mut self,
        src: &[u16],
        last: bool,
        dst: &mut [u8],
    ) -> Result<usize, EncodeError> {
        let result = self.encode_units(src, last, dst);
        if result.is_err() || last {
            *self = Encoder::new(self.encoding, self.fatal);
        }
        result
    }

    fn encode_units(
        &mut self,
        src: &[u16],
        last: bool,
        dst: &mut [u8],
    ) -> Result<usize, EncodeError> {
        let mut n = self.header(dst);
        let mut src = src;
        if let Some(lead) = self.pending.take() {
            match src.first() {
                None if !last => {
                    self.pending = Some(lead);
                    return Ok(n);
                }
                Some(&trail) if is_trail(u32::from(trail)) => {
                    let value = combine(u32::from(lead), u32::from(trail));
                    n += self.put(self.index, value, false, &mut dst[n..])?;
                    self.index += 2;
                    src = &src[1..];
                }
                _ => {
                    n += self.put(self.index, u32::from(lead), false, &mut dst[n..])?;
                    self.index += 1;
                }
            }
        }
        let end = match src.last() {
            Some(&unit) if !last && is_lead(u32::from(unit)) => src.len() - 1,
            _ => src.len(),
        };
        let body = &src[..end];
        let mut i = 0;
        while i < body.len() {
            // Fast paths, which write what `put` would: ASCII as itself, UTF-16 unit by unit.
            let run = match self.encoding {
                Encoding::Utf16 { order, .. } => {
                    let to_bytes = match order {
                        ByteOrder::LittleEndian => u16::to_le_bytes,
                        ByteOrder::BigEndian => u16::to_be_bytes,
                    };
                    let out = dst[n..n + 2 * (body.len() - i)].chunks_exact_mut(2);
                    for (pair, &unit) in out.zip(&body[i..]) {
                        pair.copy_from_slice(&to_bytes(unit));
                    }
                    n += 2 * (body.len() - i);
                    break;
                }
                Encoding::Utf32 { .. } => 0,
                _ => {
                    let nul = !matches!(
                        self.encoding,
                        Encoding::Mutf8 | Encoding::CorrectedUtf8(CorrectedUtf8Mode::Document)
                    );
                    let ascii = body[i..]
                        .iter()
                        .take_while(|&&u| u < 0x80 && (nul || u != 0));
                    let mut run = 0;
                    for (byte, &unit) in dst[n..].iter_mut().zip(ascii) {
                        *byte = unit as u8;
                        run += 1;
                    }
                    run
                }
            };
            if run > 0 {
                i += run;
                n += run;
                continue;
            }
            let (value, len) = match CodePoints::new(&body[i..]).next() {
                Some((_, value)) if value >= 0x10000 => (value, 2),
                Some((_, value)) => (value, 1),
                None => break,
            };
            n += self.put(self.index + i, value, false, &mut dst[n..])?;
            i += len;
        }
        self.index += end;
        if end < src.len() {
            self.pending = Some(src[end]);
        }
        Ok(n)
    }

    /// Encodes the next chunk of code points (the last one when `last`) into `dst` and returns
    /// the number of bytes written: the interface for text beyond U+10FFFF (Corrected UTF-8
    /// reaches U+8421109F).
    ///
    /// For Corrected UTF-8 the output equals
    /// [`convert_code_points_to_corrected_utf8`](super::convert_code_points_to_corrected_utf8)
    /// (or `_lossy`) of the concatenated input. For the other encodings each value is written as
    /// the UTF-16 encoders write a code point, or a surrogate value as they write a lone
    /// surrogate unit.
    ///
    /// # Errors
    /// An [`EncodeError`] at the index (in code points, from the start of the stream) of the
    /// first value without an encoding: `SURROGATE` for a surrogate value the encoding rejects,
    /// `TOO_LARGE` above U+10FFFF (U+8421109F for Corrected UTF-8), and Corrected UTF-8's
    /// `C1_CONTROL` and `NUL_IN_DOCUMENT`. The encoder is then reset.
    ///
    /// # Panics
    /// If `dst` is shorter than
    /// [`max_output_len_from_code_points`](Self::max_output_len_from_code_points)`(src.len())`
    /// and the output does not fit.
    ///
    /// ```
    /// use wtf8_wasm::encodings::{CorrectedUtf8Mode, Encoder, Encoding};
    /// let mut enc = Encoder::new(Encoding::CorrectedUtf8(CorrectedUtf8Mode::Text), true);
    /// let mut out = [0u8; 12];
    /// assert_eq!(enc.encode_from_code_points(&[0x8421109F], true, &mut out), Ok(6));
    /// assert_eq!(&out[..6], b"\xFD\xBF\xBF\xBF\xBF\xBF");
    /// ```
    ///
    /// Complexity: O(src.len()).
    pub fn encode_from_code_points(
        &mut self,
        src: &[u32],
        last: bool,
        dst: &mut [u8],
    ) -> Result<usize, EncodeError> {
        let mut n = self.header(dst);
        for (i, &value) in src.iter().enumerate() {
            match self.put(self.index + i, value, true, &mut dst[n..]) {
                Ok(len) => n += len,
                Err(e) => {
                    *self = Encoder::new(self.encoding, self.fatal);
                    return Err(e);
                }
            }
        }
        self.index += src.len();
        if last {
            *self = Encoder::new(self.encoding, self.fatal);
        }
        Ok(n)
    }

    /// Writes the byte order mark or magic number if this is the start of the stream.
    fn header(&mut self, dst: &mut [u8]) -> usize {
        let n = self.header_len();
        self.started = true;
        match self.encoding {
            _ if n == 0 => 0,
            Encoding::CorrectedUtf8(_) => {
                dst[..n].copy_from_slice(&CORRECTED_UTF8_MAGIC);
                n
            }
            // A byte order mark: U+FEFF, written as any other value (it cannot fail).
            _ => self.put_value(0xFEFF, false, dst).unwrap_or(0),
        }
    }

    /// Writes `value` (at stream index `index`) at `dst[0..]`, or U+FFFD in its place, or fails.
    #[inline]
    fn put(
        &self,
        index: usize,
        value: u32,
        code_points: bool,
        dst: &mut [u8],
    ) -> Result<usize, EncodeError> {
        self.put_value(value, code_points, dst)
            .map_err(|code| EncodeError::new(code, index, value))
    }

    /// [`put`](Self::put) without the error's position. Not inlined: one copy serves both inputs
    /// (code units and code points), which write every value their fast paths leave through it
    /// (inlined in each, it was 1.2 kB raw, 0.7 kB gzip more of the encodings' wasm module; the
    /// call costs UTF-32, which has no fast path, 15-20% of its encoding speed).
    #[inline(never)]
    fn put_value(&self, value: u32, code_points: bool, dst: &mut [u8]) -> Result<usize, ErrorCode> {
        let surrogate = if code_points {
            ErrorCode::Surrogate
        } else {
            ErrorCode::LoneSurrogate
        };
        let problem = match self.encoding {
            Encoding::CorrectedUtf8(mode) => {
                corrected_utf8::problem(value, mode == CorrectedUtf8Mode::Document, surrogate)
            }
            _ if value > 0x10FFFF => Some(ErrorCode::TooLarge),
            Encoding::Utf32 { surrogates, .. } => utf32::encode_value(value, surrogates, false)
                .err()
                .map(|()| surrogate),
            Encoding::Cesu8 => is_surrogate(value).then_some(surrogate),
            Encoding::Utf8b => {
                (is_surrogate(value) && !(0xDC80..=0xDCFF).contains(&value)).then_some(surrogate)
            }
            Encoding::Utf16 { .. } | Encoding::Mutf8 => None,
        };
        let value = match problem {
            None => value,
            Some(_) if !self.fatal && self.encoding != Encoding::Utf8b => REPLACEMENT,
            Some(code) => return Err(code),
        };
        Ok(self.write(value, dst))
    }

    /// Writes a value the encoding can hold at `dst[0..]`; returns its length.
    #[inline(always)]
    fn write(&self, value: u32, dst: &mut [u8]) -> usize {
        match self.encoding {
            Encoding::Utf16 { order, .. } => {
                let to_bytes = match order {
                    ByteOrder::LittleEndian => u16::to_le_bytes,
                    ByteOrder::BigEndian => u16::to_be_bytes,
                };
                let (units, n) = units(value);
                for (k, &unit) in units[..n].iter().enumerate() {
                    dst[2 * k..2 * k + 2].copy_from_slice(&to_bytes(unit));
                }
                2 * n
            }
            Encoding::Utf32 { order, .. } => {
                let bytes = match order {
                    ByteOrder::LittleEndian => value.to_le_bytes(),
                    ByteOrder::BigEndian => value.to_be_bytes(),
                };
                dst[..4].copy_from_slice(&bytes);
                4
            }
            Encoding::Cesu8 | Encoding::Mutf8 => {
                let java = self.encoding == Encoding::Mutf8;
                let (units, count) = units(value);
                let mut n = 0;
                for &unit in &units[..count] {
                    n += cesu8::write_unit(unit, java, &mut dst[n..]);
                }
                n
            }
            Encoding::Utf8b if (0xDC80..=0xDCFF).contains(&value) => {
                dst[0] = (value - 0xDC00) as u8;
                1
            }
            Encoding::Utf8b => write_sequence(value, dst),
            Encoding::CorrectedUtf8(_) => corrected_utf8::write(value, dst),
        }
    }
}

/// What a [`Decoder`] reads: one of this module's byte formats, with its options. A byte order
/// of `None` means "from a byte order mark at the start, which is stripped; big-endian without
/// one".
///
/// | variant | the one-shot functions it equals (strict; `_lossy` when not `fatal`) |
/// |---|---|
/// | `Utf16 { order }` | [`convert_utf16le_to_utf16`](super::convert_utf16le_to_utf16), `be`, `bom` (`None`) |
/// | `Utf32 { order, surrogates }` | [`convert_utf32le_to_utf16`](super::convert_utf32le_to_utf16), `be`, `bom` (`None`) |
/// | `Cesu8` | [`convert_cesu8_to_utf16`](super::convert_cesu8_to_utf16) |
/// | `Mutf8` | [`convert_mutf8_to_utf16`](super::convert_mutf8_to_utf16) |
/// | `Utf8b` | [`convert_utf8b_to_utf16`](super::convert_utf8b_to_utf16) (never fails) |
/// | `CorrectedUtf8(mode)` | [`convert_corrected_utf8_to_utf16`](super::convert_corrected_utf8_to_utf16), [`convert_corrected_utf8_to_code_points`](super::convert_corrected_utf8_to_code_points) |
///
/// ```
/// use wtf8_wasm::encodings::{Decoder, Decoding};
/// let mut dec = Decoder::new(Decoding::Utf16 { order: None }, true);
/// let mut out = [0u16; 4];
/// assert_eq!(dec.decode_to_utf16(b"\xFF\xFEa\x00", true, &mut out), Ok(1)); // BOM: LE, stripped
/// assert_eq!(out[0], 0x61);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decoding {
    /// UTF-16LE, UTF-16BE, or (`None`) as a byte order mark says.
    Utf16 {
        /// The byte order; `None`: sniffed.
        order: Option<ByteOrder>,
    },
    /// UTF-32LE, UTF-32BE, or (`None`) as a byte order mark says.
    Utf32 {
        /// The byte order; `None`: sniffed.
        order: Option<ByteOrder>,
        /// What a surrogate value is.
        surrogates: Surrogates,
    },
    /// CESU-8.
    Cesu8,
    /// Java's Modified UTF-8.
    Mutf8,
    /// UTF-8B (`surrogateescape`). Never fails.
    Utf8b,
    /// Corrected UTF-8, as text or as a document (a leading magic number is stripped).
    CorrectedUtf8(CorrectedUtf8Mode),
}

/// Decodes bytes arriving in chunks from one of this module's byte formats, with the result of
/// the one-shot function for the whole input.
///
/// Each call writes into the caller's buffer and returns the number of values written. Bytes at
/// the end of a chunk that more input could still change are held back (at most
/// [`MAX_HELD`](Self::MAX_HELD)); a byte order mark or magic number is recognised at the start of
/// the stream only; a Corrected UTF-8 reserved run may span any number of chunks. Lenient output
/// has exactly the one-shot function's U+FFFDs; strict errors have its code, length and offset,
/// counted from the start of the stream. No allocation.
///
/// Use one of [`decode_to_utf16`](Self::decode_to_utf16) and
/// [`decode_to_code_points`](Self::decode_to_code_points) for a whole stream.
///
/// # Example
/// ```
/// use wtf8_wasm::{encodings::{Decoder, Decoding}, ErrorCode};
/// let mut dec = Decoder::new(Decoding::Cesu8, true);
/// let mut out = [0u16; 8];
/// // U+1F600 as CESU-8, split inside its trail surrogate sequence.
/// let n = dec.decode_to_utf16(b"a\xED\xA0\xBD\xED", false, &mut out).unwrap();
/// let m = dec.decode_to_utf16(b"\xB8\x80", true, &mut out[n..]).unwrap();
/// assert_eq!(out[..n + m], [0x61, 0xD83D, 0xDE00]);
/// // Errors carry their offset from the start of the stream.
/// dec.decode_to_utf16(b"abc", false, &mut out).unwrap();
/// let err = dec.decode_to_utf16(b"\xF0\x9F\x98\x80", true, &mut out).unwrap_err();
/// assert_eq!((err.code(), err.valid_up_to(), err.error_len()), (ErrorCode::FourByteForm, 3, Some(4)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoder {
    decoding: Decoding,
    fatal: bool,
    /// The byte order mark or magic number has been looked for.
    started: bool,
    /// The byte order in force (from the decoding, or sniffed).
    big_endian: bool,
    /// Bytes held back from the previous chunks, not yet decoded.
    held: [u8; 16],
    held_len: usize,
    /// The stream offset of the next byte to decode (`held[0]`, or the chunk's first byte).
    offset: usize,
    /// A Corrected UTF-8 reserved run still going at the end of the last chunk: its offset and
    /// length so far.
    run: Option<(usize, usize)>,
}

/// Where decoded values go.
trait Sink {
    fn push(&mut self, value: u32);
    /// Pushes each byte as the value it is (the ASCII fast path).
    fn push_bytes(&mut self, bytes: &[u8]);
    /// Pushes each 2-byte code unit (the UTF-16 fast path).
    fn push_units(&mut self, bytes: &[u8], from_bytes: fn([u8; 2]) -> u16);
}

/// A run of input that decodes without looking further, value by value: ASCII bytes (00 too,
/// unless the codec rejects it) in the UTF-8-like formats, whole code units in UTF-16. The steps
/// say the same for these bytes; the fast path only saves a step per byte.
#[derive(Clone, Copy)]
enum Fast {
    None,
    Ascii { nul: bool },
    Utf16(fn([u8; 2]) -> u16),
}

struct Utf16Sink<'a> {
    dst: &'a mut [u16],
    len: usize,
}

impl Sink for Utf16Sink<'_> {
    #[inline]
    fn push(&mut self, value: u32) {
        self.len += write_units(value, self.dst, self.len);
    }

    fn push_bytes(&mut self, bytes: &[u8]) {
        let dst = &mut self.dst[self.len..self.len + bytes.len()];
        for (unit, &b) in dst.iter_mut().zip(bytes) {
            *unit = u16::from(b);
        }
        self.len += bytes.len();
    }

    fn push_units(&mut self, bytes: &[u8], from_bytes: fn([u8; 2]) -> u16) {
        let dst = &mut self.dst[self.len..self.len + bytes.len() / 2];
        for (unit, pair) in dst.iter_mut().zip(bytes.chunks_exact(2)) {
            *unit = from_bytes([pair[0], pair[1]]);
        }
        self.len += bytes.len() / 2;
    }
}

struct CodePointSink<'a> {
    dst: &'a mut [u32],
    len: usize,
}

impl Sink for CodePointSink<'_> {
    #[inline]
    fn push(&mut self, value: u32) {
        self.dst[self.len] = value;
        self.len += 1;
    }

    fn push_bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.push(u32::from(b));
        }
    }

    fn push_units(&mut self, bytes: &[u8], from_bytes: fn([u8; 2]) -> u16) {
        for pair in bytes.chunks_exact(2) {
            self.push(u32::from(from_bytes([pair[0], pair[1]])));
        }
    }
}

impl Decoder {
    /// The most bytes a decoder holds back between calls: what a byte order mark or magic
    /// number check needs at the start (up to 8 bytes, for Corrected UTF-8's), or the bytes at
    /// the end of a chunk that are fewer than the codec may need to decide a sequence (at most 5,
    /// for CESU-8's 6-byte surrogate pair).
    pub const MAX_HELD: usize = 8;

    /// A new decoder at the start of a stream: strict when `fatal` (the first error fails the
    /// call), else lenient (one U+FFFD per error).
    pub const fn new(decoding: Decoding, fatal: bool) -> Self {
        let big_endian = !matches!(
            decoding,
            Decoding::Utf16 {
                order: Some(ByteOrder::LittleEndian)
            } | Decoding::Utf32 {
                order: Some(ByteOrder::LittleEndian),
                ..
            }
        );
        Decoder {
            decoding,
            fatal,
            started: false,
            big_endian,
            held: [0; 16],
            held_len: 0,
            offset: 0,
            run: None,
        }
    }

    /// The most values one call may write for a chunk of `src_len` bytes: one per byte, held-back
    /// bytes included (no format writes more than one UTF-16 code unit, or one code point, per
    /// byte read, and each U+FFFD stands for at least one byte).
    ///
    /// ```
    /// use wtf8_wasm::encodings::{Decoder, Decoding};
    /// let mut dec = Decoder::new(Decoding::Cesu8, false);
    /// let mut out = [0u16; 8];
    /// dec.decode_to_utf16(b"\xED\xA0", false, &mut out).unwrap(); // held back
    /// assert_eq!(dec.max_output_len(10), 12);
    /// ```
    pub const fn max_output_len(&self, src_len: usize) -> usize {
        src_len + self.held_len
    }

    /// Decodes the next chunk of bytes (the last one when `last`) into UTF-16 code units at
    /// `dst[0..]` and returns how many it wrote. With `last`, held-back bytes are decoded as the
    /// end of the input and the decoder is ready for a new stream.
    ///
    /// The concatenated output of the calls equals the [`Decoding`]'s one-shot function (strict
    /// or `_lossy`) of the concatenated input, however the input is split.
    ///
    /// # Errors
    /// Strict decoders only: the one-shot function's [`DecodeError`] (code, length), with the
    /// offset from the start of the stream. `TRUNCATED` only from the `last` call. The decoder
    /// is then reset; the units this call wrote are not part of any result.
    ///
    /// # Panics
    /// If `dst` is shorter than [`max_output_len`](Self::max_output_len)`(src.len())` and the
    /// output does not fit.
    ///
    /// ```
    /// use wtf8_wasm::encodings::{CorrectedUtf8Mode, Decoder, Decoding, CORRECTED_UTF8_MAGIC};
    /// let mut dec = Decoder::new(Decoding::CorrectedUtf8(CorrectedUtf8Mode::Document), false);
    /// let mut out = [0u16; 16];
    /// // The magic number, split, is still recognised and stripped.
    /// assert_eq!(dec.decode_to_utf16(&CORRECTED_UTF8_MAGIC[..3], false, &mut out), Ok(0));
    /// assert_eq!(dec.decode_to_utf16(&CORRECTED_UTF8_MAGIC[3..], false, &mut out), Ok(0));
    /// assert_eq!(dec.decode_to_utf16(b"hi", true, &mut out), Ok(2));
    /// ```
    ///
    /// Complexity: O(src.len()).
    pub fn decode_to_utf16(
        &mut self,
        src: &[u8],
        last: bool,
        dst: &mut [u16],
    ) -> Result<usize, DecodeError> {
        let mut sink = Utf16Sink { dst, len: 0 };
        self.finish(src, last, false, &mut sink)?;
        Ok(sink.len)
    }

    /// Decodes the next chunk of bytes (the last one when `last`) into code points at `dst[0..]`
    /// and returns how many it wrote: the interface for Corrected UTF-8 beyond U+10FFFF, equal to
    /// [`convert_corrected_utf8_to_code_points`](super::convert_corrected_utf8_to_code_points)
    /// (or `_lossy`) of the concatenated input. For the other formats each value is a code point
    /// or (where the format allows one) a surrogate.
    ///
    /// # Errors
    /// As [`decode_to_utf16`](Self::decode_to_utf16), except that no code point is too large.
    ///
    /// # Panics
    /// If `dst` is shorter than [`max_output_len`](Self::max_output_len)`(src.len())` and the
    /// output does not fit.
    ///
    /// ```
    /// use wtf8_wasm::encodings::{CorrectedUtf8Mode, Decoder, Decoding};
    /// let mut dec = Decoder::new(Decoding::CorrectedUtf8(CorrectedUtf8Mode::Text), true);
    /// let mut out = [0u32; 8];
    /// assert_eq!(dec.decode_to_code_points(b"\xFD\xBF\xBF", false, &mut out), Ok(0));
    /// assert_eq!(dec.decode_to_code_points(b"\xBF\xBF\xBF", true, &mut out), Ok(1));
    /// assert_eq!(out[0], 0x8421109F);
    /// ```
    ///
    /// Complexity: O(src.len()).
    pub fn decode_to_code_points(
        &mut self,
        src: &[u8],
        last: bool,
        dst: &mut [u32],
    ) -> Result<usize, DecodeError> {
        let mut sink = CodePointSink { dst, len: 0 };
        self.finish(src, last, true, &mut sink)?;
        Ok(sink.len)
    }

    /// [`run`](Self::run), then a reset after an error or the last chunk.
    fn finish(
        &mut self,
        mut src: &[u8],
        last: bool,
        code_points: bool,
        sink: &mut dyn Sink,
    ) -> Result<(), DecodeError> {
        if !self.started && !self.start(&mut src, last) {
            return Ok(());
        }
        let result = self.run(src, last, code_points, sink);
        if result.is_err() || last {
            *self = Decoder::new(self.decoding, self.fatal);
        }
        result
    }

    /// The most bytes the codec's step reads (apart from a reserved run): with that many bytes
    /// in view, what a step says cannot change with more input.
    const fn lookahead(&self) -> usize {
        match self.decoding {
            Decoding::Utf16 { .. } => utf16::LOOKAHEAD,
            Decoding::Utf32 { .. } => utf32::LOOKAHEAD,
            Decoding::Cesu8 => cesu8::LOOKAHEAD,
            Decoding::Mutf8 => mutf8::LOOKAHEAD,
            Decoding::Utf8b => utf8b::LOOKAHEAD,
            Decoding::CorrectedUtf8(_) => corrected_utf8::LOOKAHEAD,
        }
    }

    /// Looks for a byte order mark or magic number at the start of the stream, taking the bytes
    /// it needs from `src` into `held`. Returns `false` while it cannot tell yet.
    fn start(&mut self, src: &mut &[u8], last: bool) -> bool {
        let need = match self.decoding {
            Decoding::Utf16 { order: None } => 2,
            Decoding::Utf32 { order: None, .. } => 4,
            Decoding::CorrectedUtf8(CorrectedUtf8Mode::Document) => CORRECTED_UTF8_MAGIC.len(),
            _ => 0,
        };
        let take = need.saturating_sub(self.held_len).min(src.len());
        self.held[self.held_len..self.held_len + take].copy_from_slice(&src[..take]);
        self.held_len += take;
        *src = &src[take..];
        let head = &self.held[..self.held_len];
        let magic_possible =
            need == CORRECTED_UTF8_MAGIC.len() && CORRECTED_UTF8_MAGIC.starts_with(head);
        if self.held_len < need && !last && (need != CORRECTED_UTF8_MAGIC.len() || magic_possible) {
            return false;
        }
        let order = match self.decoding {
            Decoding::Utf16 { order: None } => Some(sniff_utf16_bom(head)),
            Decoding::Utf32 { order: None, .. } => Some(sniff_utf32_bom(head)),
            _ => None,
        };
        let skip = match order {
            Some(Some(order)) => {
                self.big_endian = order == ByteOrder::BigEndian;
                need
            }
            _ if need == CORRECTED_UTF8_MAGIC.len() && head == CORRECTED_UTF8_MAGIC => need,
            _ => 0,
        };
        self.held.copy_within(skip..self.held_len, 0);
        self.held_len -= skip;
        self.offset += skip;
        self.started = true;
        true
    }

    /// What the bytes at `src[i]` are, by the codec's step (`code_points`: for code point
    /// output, else UTF-16). One function for every format, so that [`run`](Self::run) exists
    /// once and is entered from one place (nine entries, each with a closure, were 0.2 kB gzip
    /// more of the encodings' wasm module).
    fn step(&self, src: &[u8], i: usize, code_points: bool) -> Step {
        let be = self.big_endian;
        match self.decoding {
            Decoding::Utf16 { .. } if be => utf16::step(src, i, u16::from_be_bytes),
            Decoding::Utf16 { .. } => utf16::step(src, i, u16::from_le_bytes),
            Decoding::Utf32 { surrogates, .. } if be => {
                utf32::step(src, i, surrogates, u32::from_be_bytes)
            }
            Decoding::Utf32 { surrogates, .. } => {
                utf32::step(src, i, surrogates, u32::from_le_bytes)
            }
            Decoding::Cesu8 => cesu8::step(src, i),
            Decoding::Mutf8 => mutf8::step(src, i),
            Decoding::Utf8b => utf8b::step(src, i),
            Decoding::CorrectedUtf8(mode) if code_points => {
                corrected_utf8::step(src, i, mode == CorrectedUtf8Mode::Document)
            }
            Decoding::CorrectedUtf8(mode) => {
                corrected_utf8::step_utf16(src, i, mode == CorrectedUtf8Mode::Document)
            }
        }
    }

    /// The codec's fast path.
    const fn fast(&self) -> Fast {
        match self.decoding {
            Decoding::Utf16 { .. } if self.big_endian => Fast::Utf16(u16::from_be_bytes),
            Decoding::Utf16 { .. } => Fast::Utf16(u16::from_le_bytes),
            Decoding::Utf32 { .. } => Fast::None,
            Decoding::Mutf8 | Decoding::CorrectedUtf8(CorrectedUtf8Mode::Document) => {
                Fast::Ascii { nul: false }
            }
            Decoding::Cesu8 | Decoding::Utf8b | Decoding::CorrectedUtf8(_) => {
                Fast::Ascii { nul: true }
            }
        }
    }

    /// Decodes what can be decoded of the held bytes and `src` with the codec's step, holding
    /// back the rest.
    fn run(
        &mut self,
        mut src: &[u8],
        last: bool,
        code_points: bool,
        sink: &mut dyn Sink,
    ) -> Result<(), DecodeError> {
        let k = self.lookahead();
        let fast = self.fast();
        // 1. The bytes held back, topped up from `src` so that a step sees `k` bytes.
        while self.held_len > 0 {
            let take = k.saturating_sub(self.held_len).min(src.len());
            self.held[self.held_len..self.held_len + take].copy_from_slice(&src[..take]);
            self.held_len += take;
            src = &src[take..];
            let at_end = last && src.is_empty();
            if self.held_len < k && !at_end {
                return Ok(());
            }
            let held = self.held;
            let view = &held[..self.held_len];
            let len = self.apply(self.step(view, 0, code_points), view, 0, at_end, sink)?;
            self.held.copy_within(len..self.held_len, 0);
            self.held_len -= len;
        }
        // 2. The rest of `src`, where it is.
        let mut i = 0;
        loop {
            if let Some((start, len)) = self.run {
                let n = src[i..]
                    .iter()
                    .take_while(|&&b| corrected_utf8::is_reserved_run_byte(b))
                    .count();
                i += n;
                self.offset += n;
                if i == src.len() && !last {
                    self.run = Some((start, len + n));
                    return Ok(());
                }
                self.run = None;
                if self.fatal {
                    return Err(error(ErrorCode::Reserved, start, Some(len + n)));
                }
            }
            if i == src.len() {
                return Ok(());
            }
            let n = match fast {
                Fast::None => 0,
                Fast::Ascii { nul } => src[i..]
                    .iter()
                    .take_while(|&&b| b < 0x80 && (nul || b != 0))
                    .count(),
                Fast::Utf16(_) => (src.len() - i) & !1,
            };
            if n > 0 {
                match fast {
                    Fast::Utf16(from_bytes) => sink.push_units(&src[i..i + n], from_bytes),
                    _ => sink.push_bytes(&src[i..i + n]),
                }
                i += n;
                self.offset += n;
                continue;
            }
            if src.len() - i < k && !last {
                self.held[..src.len() - i].copy_from_slice(&src[i..]);
                self.held_len = src.len() - i;
                return Ok(());
            }
            i += self.apply(self.step(src, i, code_points), src, i, last, sink)?;
        }
    }

    /// Acts on a step at `view[i]` (`at_end`: the view ends the input); returns the bytes it
    /// took.
    #[inline]
    fn apply(
        &mut self,
        step: Step,
        view: &[u8],
        i: usize,
        at_end: bool,
        sink: &mut dyn Sink,
    ) -> Result<usize, DecodeError> {
        let len = match step {
            Step::Char(value, len) => {
                sink.push(value);
                len
            }
            // A reserved run that reaches the end of what is in view may go on in the next chunk.
            Step::Error(ErrorCode::Reserved, Some(len)) if i + len == view.len() && !at_end => {
                self.run = Some((self.offset, len));
                if !self.fatal {
                    sink.push(REPLACEMENT);
                }
                len
            }
            Step::Error(code, len) => {
                if self.fatal {
                    return Err(error(code, self.offset, len));
                }
                sink.push(REPLACEMENT);
                len.unwrap_or(view.len() - i)
            }
        };
        self.offset += len;
        Ok(len)
    }
}

/// A [`DecodeError`], its length saturating at 255 as the one-shot decoders report it.
fn error(code: ErrorCode, offset: usize, len: Option<usize>) -> DecodeError {
    DecodeError::new(
        code,
        offset,
        len.map(|n| u8::try_from(n).unwrap_or(u8::MAX)),
    )
}
