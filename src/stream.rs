//! Streaming: encoders and decoders fed in chunks that produce exactly the one-shot result,
//! wherever the chunk boundaries fall.

use crate::decode::{decode_chunk_padded, decode_from, Stop, PADDING};
use crate::encode::encode_units;
use crate::error::{DecodeError, ErrorCode};
use crate::grammar::{combine, is_lead, is_trail, write_sequence, REPLACEMENT_UNIT};
use alloc::vec::Vec;

/// Encodes UTF-16 code units arriving in chunks to WTF-8.
///
/// A lead surrogate at the end of a chunk is held back until the next chunk shows whether a
/// trail follows (as `TextEncoderStream` does), so the concatenated output always equals
/// [`convert_utf16_to_wtf8`](crate::convert_utf16_to_wtf8) of the concatenated input. Lossless.
///
/// ```
/// use wtf8_wasm::StreamEncoder;
/// let mut enc = StreamEncoder::new();
/// let mut out = Vec::new();
/// enc.encode(&[0x61, 0xD83D], false, &mut out); // the lead is held back
/// assert_eq!(out, b"a");
/// enc.encode(&[0xDE00], true, &mut out);        // and pairs with the trail
/// assert_eq!(out, "a😀".as_bytes());
/// ```
#[derive(Clone, Debug, Default)]
pub struct StreamEncoder {
    pending_lead: Option<u16>,
}

impl StreamEncoder {
    /// A new encoder with nothing held back.
    pub fn new() -> Self {
        Self::default()
    }

    /// Is a lead surrogate being held back for the next chunk?
    pub fn has_pending(&self) -> bool {
        self.pending_lead.is_some()
    }

    /// Appends the WTF-8 of `src` to `dst`. With `last`, also flushes a held-back lead surrogate
    /// (as a lone surrogate) and makes the encoder ready for a new stream. Writes at most
    /// `3 * (src.len() + 1)` bytes.
    pub fn encode(&mut self, src: &[u16], last: bool, dst: &mut Vec<u8>) {
        let mut src = src;
        let mut seq = [0u8; 4];
        if let Some(lead) = self.pending_lead.take() {
            match src.first() {
                None if !last => {
                    self.pending_lead = Some(lead);
                    return;
                }
                Some(&trail) if is_trail(u32::from(trail)) => {
                    let n = write_sequence(combine(u32::from(lead), u32::from(trail)), &mut seq);
                    dst.extend_from_slice(&seq[..n]);
                    src = &src[1..];
                }
                _ => {
                    let n = write_sequence(u32::from(lead), &mut seq);
                    dst.extend_from_slice(&seq[..n]);
                }
            }
        }
        if !last {
            if let Some(&tail) = src.last() {
                if is_lead(u32::from(tail)) {
                    self.pending_lead = Some(tail);
                    src = &src[..src.len() - 1];
                }
            }
        }
        let start = dst.len();
        dst.resize(start + 3 * src.len(), 0);
        let (read, written) = encode_units::<false>(src, &mut dst[start..]);
        debug_assert_eq!(read, src.len());
        dst.truncate(start + written);
    }
}

/// Decodes WTF-8 arriving in chunks to UTF-16 code units, strictly (`fatal`) or leniently.
///
/// An incomplete sequence at the end of a chunk is held back until the next chunk completes or
/// breaks it, and in strict mode the surrogate-pair rule is checked across chunk boundaries, so
/// the concatenated output (or the error, with its offset counted from the start of the stream)
/// always equals the one-shot [`convert_wtf8_to_utf16`](crate::convert_wtf8_to_utf16) /
/// [`convert_wtf8_to_utf16_lossy`](crate::convert_wtf8_to_utf16_lossy) of the concatenated input.
///
/// ```
/// use wtf8_wasm::StreamDecoder;
/// let mut dec = StreamDecoder::new(true);
/// let mut out = Vec::new();
/// dec.decode(b"a\xF0\x9F", false, &mut out).unwrap(); // half an emoji is held back
/// assert_eq!(out, [0x61]);
/// dec.decode(b"\x98\x80", true, &mut out).unwrap();
/// assert_eq!(out, [0x61, 0xD83D, 0xDE00]);
///
/// // Strict mode: the spelled-out pair is caught across the boundary, at stream offset 3.
/// let err = dec.decode(b"\xED\xA0\x80", false, &mut out)
///     .and_then(|_| dec.decode(b"\xED\xB0\x80", true, &mut out))
///     .unwrap_err();
/// assert_eq!((err.code().as_str(), err.valid_up_to()), ("SURROGATE_PAIR", 3));
/// ```
#[derive(Clone, Debug)]
pub struct StreamDecoder {
    fatal: bool,
    pending: [u8; 4],
    pending_len: u8,
    prev_lead: bool,
    /// Bytes of the stream consumed before the pending ones.
    offset: usize,
}

impl StreamDecoder {
    /// A new decoder; `fatal` selects strict decoding (errors) over lenient (U+FFFD).
    pub fn new(fatal: bool) -> Self {
        StreamDecoder {
            fatal,
            pending: [0; 4],
            pending_len: 0,
            prev_lead: false,
            offset: 0,
        }
    }

    /// Is this a strict decoder?
    pub fn fatal(&self) -> bool {
        self.fatal
    }

    /// How many bytes of an incomplete sequence are held back (0 to 3).
    pub fn pending_len(&self) -> usize {
        usize::from(self.pending_len)
    }

    /// The decoder's whole state as four words, to keep outside it between calls: for a caller
    /// that cannot hold the decoder itself, such as JavaScript driving a WebAssembly module that
    /// keeps no per-stream state. [`from_words`](Self::from_words) gives the same decoder back.
    /// The layout is this version's own: keep the words only to give them back to it.
    ///
    /// ```
    /// use wtf8_wasm::StreamDecoder;
    /// let mut dec = StreamDecoder::new(false);
    /// let mut out = Vec::new();
    /// dec.decode(b"a\xF0\x9F", false, &mut out).unwrap();
    /// let words = dec.to_words();
    /// let mut again = StreamDecoder::from_words(words);
    /// again.decode(b"\x98\x80", true, &mut out).unwrap();
    /// assert_eq!(out, [0x61, 0xD83D, 0xDE00]);
    /// ```
    pub fn to_words(&self) -> [u32; 4] {
        let offset = self.offset as u64;
        [
            u32::from_le_bytes(self.pending),
            u32::from(self.pending_len)
                | u32::from(self.prev_lead) << 8
                | u32::from(self.fatal) << 9,
            offset as u32,
            (offset >> 32) as u32,
        ]
    }

    /// The decoder whose [`to_words`](Self::to_words) gave `words`.
    pub fn from_words(words: [u32; 4]) -> Self {
        StreamDecoder {
            fatal: words[1] & 1 << 9 != 0,
            pending: words[0].to_le_bytes(),
            pending_len: (words[1] & 7) as u8,
            prev_lead: words[1] & 1 << 8 != 0,
            offset: (u64::from(words[3]) << 32 | u64::from(words[2])) as usize,
        }
    }

    /// Forgets any held-back bytes and starts a new stream.
    pub fn reset(&mut self) {
        *self = StreamDecoder::new(self.fatal);
    }

    /// Appends the code units decoded from `src` to `dst`. With `last`, the stream ends: held-back
    /// bytes are an error (strict) or one U+FFFD (lenient), and the decoder is reset for a new
    /// stream. Appends at most `src.len() + 3` units.
    ///
    /// # Errors
    /// Strict mode only: the first ill-formed sequence, with `valid_up_to` counted in bytes from
    /// the start of the stream. `dst` may already hold the units decoded before it. The decoder
    /// is reset.
    pub fn decode(
        &mut self,
        src: &[u8],
        last: bool,
        dst: &mut Vec<u16>,
    ) -> Result<(), DecodeError> {
        let start = dst.len();
        dst.resize(start + src.len() + 3, 0);
        let result = self.decode_into(src, last, &mut dst[start..]);
        dst.truncate(start + *result.as_ref().unwrap_or(&0));
        result.map(|_| ())
    }

    /// [`decode`](Self::decode) into a caller's buffer, which must hold at least `src.len() + 3`
    /// units: writes the units decoded from `src` at its start and returns their count. No
    /// allocation.
    ///
    /// # Errors
    /// As [`decode`](Self::decode); the units decoded before the error are not reported.
    ///
    /// # Panics
    /// If `dst` is shorter than `src.len() + 3`.
    ///
    /// ```
    /// let mut dec = wtf8_wasm::StreamDecoder::new(false);
    /// let mut buf = [0u16; 8];
    /// assert_eq!(dec.decode_into(b"a\xE2\x82", false, &mut buf), Ok(1)); // "€" is held back
    /// assert_eq!(dec.decode_into(b"\xAC", true, &mut buf), Ok(1));
    /// assert_eq!(buf[0], 0x20AC);
    /// ```
    pub fn decode_into(
        &mut self,
        src: &[u8],
        last: bool,
        dst: &mut [u16],
    ) -> Result<usize, DecodeError> {
        assert!(
            dst.len() >= src.len() + 3,
            "decode_into needs room for src.len() + 3 units"
        );
        self.decode_all(src, src.len(), last, dst)
    }

    /// [`decode_into`](Self::decode_into) of `buf[..len]`, for the wasm bindings: `buf` past
    /// `len` is scratch the call may overwrite (up to 48 bytes of it), and `dst` past the returned
    /// count is left unspecified. With that room the SIMD kernel decodes input from 48 bytes to its
    /// end in vector windows, instead of its last 32-48 bytes in the scalar one.
    ///
    /// # Errors
    /// As [`decode_into`](Self::decode_into).
    ///
    /// # Panics
    /// If `buf` is shorter than `len` or `dst` shorter than `len + 3`.
    ///
    /// ```
    /// let mut dec = wtf8_wasm::StreamDecoder::new(false);
    /// let text = "a\u{E9}\u{4E2D}".repeat(20); // 120 bytes
    /// let mut buf = text.as_bytes().to_vec();
    /// buf.resize(text.len() + 48, 0xFF); // scratch: overwritten
    /// let mut units = [0u16; 120 + 48 + 32];
    /// let n = dec.decode_into_padded(&mut buf, text.len(), true, &mut units).unwrap();
    /// assert_eq!(units[..n], text.encode_utf16().collect::<Vec<_>>()[..]);
    /// ```
    #[doc(hidden)]
    pub fn decode_into_padded(
        &mut self,
        buf: &mut [u8],
        len: usize,
        last: bool,
        dst: &mut [u16],
    ) -> Result<usize, DecodeError> {
        assert!(
            dst.len() >= len + 3,
            "decode_into_padded needs room for len + 3 units"
        );
        // Zeros only where the windows run (from PADDING bytes).
        let end = match buf.get_mut(len..len + PADDING) {
            Some(room) if len >= PADDING => {
                room.fill(0);
                len + PADDING
            }
            _ => len,
        };
        self.decode_all(&buf[..end], len, last, dst)
    }

    /// [`decode_inner`](Self::decode_inner), and the decoder reset after an error or the last
    /// chunk.
    fn decode_all(
        &mut self,
        all: &[u8],
        len: usize,
        last: bool,
        dst: &mut [u16],
    ) -> Result<usize, DecodeError> {
        let result = self.decode_inner(all, len, last, dst);
        if result.is_err() || last {
            self.reset();
        }
        result
    }

    /// Decodes `all[..len]`; zeros after it, if `all` has them, let the windows run to its end.
    fn decode_inner(
        &mut self,
        all: &[u8],
        len: usize,
        last: bool,
        dst: &mut [u16],
    ) -> Result<usize, DecodeError> {
        let mut src = &all[..len];
        let mut n = 0;
        if self.pending_len > 0 {
            let p = usize::from(self.pending_len);
            let take = src.len().min(4 - p);
            let mut window = self.pending;
            window[p..p + take].copy_from_slice(&src[..take]);
            // The scalar kernel reads the one sequence the window starts with (its first byte is
            // a held-back lead byte, never ASCII): the same function as the chunk's, one copy.
            let one = decode_from(
                &window[..p + take],
                dst,
                self.fatal,
                &mut self.prev_lead,
                0,
                0,
                1,
            );
            match one.stop {
                Stop::Done => {
                    n += one.written;
                    self.consume_pending(one.read, &mut src);
                }
                Stop::Error(code, len) => {
                    return Err(DecodeError::new(code, self.offset, Some(len)));
                }
                // Incomplete: all of `src` fit in the window and the sequence is still unfinished.
                Stop::Incomplete => {
                    self.pending = window;
                    self.pending_len = (p + take) as u8;
                    return self.finish_incomplete(last, dst, n);
                }
            }
        }
        let from = len - src.len();
        let progress = decode_chunk_padded(
            &all[from..],
            src.len(),
            &mut dst[n..],
            self.fatal,
            &mut self.prev_lead,
        );
        n += progress.written;
        match progress.stop {
            Stop::Done => {
                self.offset += src.len();
                Ok(n)
            }
            Stop::Error(code, len) => Err(DecodeError::new(
                code,
                self.offset + progress.read,
                Some(len),
            )),
            Stop::Incomplete => {
                let rest = &src[progress.read..];
                self.offset += progress.read;
                self.pending[..rest.len()].copy_from_slice(rest);
                self.pending_len = rest.len() as u8;
                self.finish_incomplete(last, dst, n)
            }
        }
    }

    /// The pending bytes plus the first `len - pending_len` bytes of `src` formed one sequence or
    /// one ill-formed subpart: account for them and advance `src`.
    fn consume_pending(&mut self, len: usize, src: &mut &[u8]) {
        let from_src = len - usize::from(self.pending_len);
        *src = &src[from_src..];
        self.offset += len;
        self.pending_len = 0;
    }

    /// The held-back bytes at the end of a chunk: kept for the next one, or at the end of the
    /// stream an error (strict) or one U+FFFD written at `dst[n]` (lenient). Returns the count.
    fn finish_incomplete(
        &mut self,
        last: bool,
        dst: &mut [u16],
        n: usize,
    ) -> Result<usize, DecodeError> {
        if !last {
            return Ok(n);
        }
        if self.fatal {
            return Err(DecodeError::new(ErrorCode::Truncated, self.offset, None));
        }
        dst[n] = REPLACEMENT_UNIT;
        Ok(n + 1)
    }
}
