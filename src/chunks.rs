//! Input that arrives in chunks: where a chunk of WTF-8 can be cut so that its front reads the
//! same on its own as it does inside the whole stream, and validation chunk by chunk.
//!
//! With these, the whole-input functions of this crate work chunk by chunk: convert or decode
//! `chunk[..wtf8_settled_len(chunk, last)]`, or validate with [`validate_wtf8_partial`], then
//! start the next chunk where that ended (its offsets counted from there). The npm package's
//! bindings do so to keep wasm memory bounded whatever the input size.

use crate::error::DecodeError;
use crate::grammar::{read_sequence, Seq};
use crate::{validate_utf8, validate_wtf8};

/// How many leading bytes of `src`, a chunk of a WTF-8 stream, are *settled*: they validate,
/// decode and convert the same on their own as followed by whatever the stream holds next. With
/// `last` (the stream ends with this chunk) that is all of them; otherwise all but a sequence cut
/// short at the end (more bytes may complete it) and, before that, a lead surrogate sequence
/// (ED A0..AF xx: a trail surrogate sequence may follow, which WTF-8 joins with it into one code
/// point or, strictly, rejects as a spelled-out pair). At most 6 bytes are left unsettled.
///
/// ```
/// use wtf8_wasm::wtf8_settled_len;
/// assert_eq!(wtf8_settled_len(b"ab\xE2\x82", false), 2); // "€" cut short: wait for its last byte
/// assert_eq!(wtf8_settled_len(b"ab\xED\xA0\xBD", false), 2); // a lead surrogate: a trail may follow
/// assert_eq!(wtf8_settled_len(b"ab\xED\xB8\x80", false), 5); // a trail surrogate is settled
/// assert_eq!(wtf8_settled_len(b"ab\xE2\x82", true), 4); // the end of the stream settles everything
/// ```
///
/// Complexity: O(1): it looks at the last 6 bytes.
pub fn wtf8_settled_len(src: &[u8], last: bool) -> usize {
    if last {
        return src.len();
    }
    // A sequence cut short starts at a lead byte at most 3 bytes from the end, and its bytes so
    // far are a valid prefix. At most one position can say so: the bytes after a lead that reads
    // as a prefix are continuation bytes, which never read as one.
    let mut end = src.len();
    for back in (1..=3.min(src.len())).rev() {
        if let Seq::Truncated = read_sequence(&src[src.len() - back..]) {
            end = src.len() - back;
            break;
        }
    }
    // In front of that, a lead surrogate sequence waits for the next bytes too.
    without_lead_surrogate(src, end)
}

/// `end`, or `end - 3` if `src[..end]` ends with a lead surrogate sequence (ED A0..AF xx), which
/// a trail surrogate sequence after it would join (or, strictly, turn into an error).
fn without_lead_surrogate(src: &[u8], end: usize) -> usize {
    let lead = end >= 3
        && src[end - 3] == 0xED
        && (0xA0..=0xAF).contains(&src[end - 2])
        && src[end - 1] & 0xC0 == 0x80;
    if lead {
        end - 3
    } else {
        end
    }
}

/// Validates the next chunk of a WTF-8 stream: [`validate_wtf8`] for input in pieces.
///
/// Returns how many bytes of `src` are settled and well-formed: all of them with `last`;
/// otherwise all but at most 6 at the end, where a sequence cut short or a lead surrogate sequence
/// waits for the next chunk, which starts with them (the caller feeds `src[settled..]` again,
/// followed by more input). Feeding a stream this way gives the verdict of [`validate_wtf8`] on
/// the whole, with offsets counted from the start of each call's `src`.
///
/// # Errors
/// The first ill-formed sequence that does not depend on what follows, as [`validate_wtf8`]
/// reports it.
///
/// ```
/// use wtf8_wasm::validate_wtf8_partial;
/// assert_eq!(validate_wtf8_partial(b"ab\xED\xA0\x80", false), Ok(2)); // a lead surrogate waits
/// let err = validate_wtf8_partial(b"\xED\xA0\x80\xED\xB0\x80", false).unwrap_err();
/// assert_eq!((err.code().as_str(), err.valid_up_to()), ("SURROGATE_PAIR", 3));
/// assert_eq!(validate_wtf8_partial(b"ab\xE2\x82", true).unwrap_err().error_len(), None);
/// ```
///
/// Complexity: O(n), no allocation.
pub fn validate_wtf8_partial(src: &[u8], last: bool) -> Result<usize, DecodeError> {
    partial(src, last, validate_wtf8(src), true)
}

/// Validates the next chunk of a UTF-8 stream: [`validate_utf8`] for input in pieces, with the
/// contract of [`validate_wtf8_partial`] (at most 3 bytes wait: UTF-8 has no surrogate pairs).
///
/// # Errors
/// As [`validate_utf8`] reports it, surrogate sequences included.
///
/// ```
/// use wtf8_wasm::validate_utf8_partial;
/// assert_eq!(validate_utf8_partial(b"ab\xF0\x9F", false), Ok(2));
/// assert_eq!(validate_utf8_partial(b"ab\xED\xA0\x80", false).unwrap_err().valid_up_to(), 2);
/// ```
///
/// Complexity: O(n), no allocation.
pub fn validate_utf8_partial(src: &[u8], last: bool) -> Result<usize, DecodeError> {
    partial(src, last, validate_utf8(src), false)
}

/// A whole-input verdict on a chunk, made partial: an error only because the input ended (no
/// error length) is no error before the stream ends; the chunk is settled up to it.
fn partial(
    src: &[u8],
    last: bool,
    verdict: Result<(), DecodeError>,
    wtf8: bool,
) -> Result<usize, DecodeError> {
    let end = match verdict {
        Ok(()) => src.len(),
        Err(e) if !last && e.error_len().is_none() => e.valid_up_to(),
        Err(e) => return Err(e),
    };
    Ok(if last || !wtf8 {
        end
    } else {
        without_lead_surrogate(src, end)
    })
}

#[cfg(test)]
mod tests {
    use super::wtf8_settled_len;
    use super::{validate_utf8_partial, validate_wtf8_partial};
    use crate::error::DecodeError;
    use crate::{
        convert_wtf8_to_utf16_lossy, convert_wtf8_to_utf8_lossy, validate_utf8, validate_wtf8,
    };

    /// Cutting every short byte string at every position gives what the whole input gives: the
    /// settled front and the rest, each as a whole input, decode leniently and convert to lossy
    /// UTF-8 to the same; partial validation of the first piece, then of the rest from where it
    /// settled, gives the whole input's verdict (code, offset, length), for WTF-8 and UTF-8. Every
    /// string of up to 5 bytes over the boundary bytes of the grammar, and up to 7 over the bytes
    /// that spell surrogate sequences and pairs of them.
    #[test]
    fn settled_fronts_read_as_they_do_in_the_whole() {
        const BOUNDARIES: &[u8] = &[
            0x41, 0x80, 0x9F, 0xA0, 0xAF, 0xB0, 0xBF, 0xC2, 0xE2, 0xED, 0xF0, 0xF4,
        ];
        const SURROGATES: &[u8] = &[0x41, 0x80, 0xA0, 0xB0, 0xE2, 0xED];
        let mut checked = 0;
        for (alphabet, longest) in [(BOUNDARIES, 5), (SURROGATES, 7)] {
            for len in 0..=longest {
                for mut n in 0..alphabet.len().pow(len as u32) {
                    let mut src = Vec::with_capacity(len);
                    for _ in 0..len {
                        src.push(alphabet[n % alphabet.len()]);
                        n /= alphabet.len();
                    }
                    for cut in 0..=len {
                        let settled = wtf8_settled_len(&src[..cut], false);
                        let head = &src[..cut];
                        assert!(settled <= head.len() && head.len() - settled <= 6);
                        let (front, rest) = src.split_at(settled);
                        let mut units = convert_wtf8_to_utf16_lossy(front);
                        units.extend(convert_wtf8_to_utf16_lossy(rest));
                        assert_eq!(
                            units,
                            convert_wtf8_to_utf16_lossy(&src),
                            "{src:02X?} cut at {cut}"
                        );
                        let mut utf8 = convert_wtf8_to_utf8_lossy(front);
                        utf8.extend(convert_wtf8_to_utf8_lossy(rest));
                        assert_eq!(
                            utf8,
                            convert_wtf8_to_utf8_lossy(&src),
                            "{src:02X?} cut at {cut}"
                        );
                        type Validate = fn(&[u8]) -> Result<(), DecodeError>;
                        type Partial = fn(&[u8], bool) -> Result<usize, DecodeError>;
                        let modes: [(Validate, Partial); 2] = [
                            (validate_wtf8, validate_wtf8_partial),
                            (validate_utf8, validate_utf8_partial),
                        ];
                        for (validate, partial) in modes {
                            let whole = validate(&src)
                                .map_err(|e| (e.code(), e.valid_up_to(), e.error_len()));
                            let pieces = partial(head, false)
                                .and_then(|done| {
                                    partial(&src[done..], true).map(|_| ()).map_err(|e| {
                                        let len = e.error_len().map(|n| n as u8);
                                        DecodeError::new(e.code(), done + e.valid_up_to(), len)
                                    })
                                })
                                .map_err(|e| (e.code(), e.valid_up_to(), e.error_len()));
                            assert_eq!(pieces, whole, "{src:02X?} cut at {cut}");
                        }
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 3_000_000);
    }
}
