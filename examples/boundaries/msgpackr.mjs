// Strings in MessagePack without loss (msgpackr): put the string's WTF-8 in a `bin`.
//
// msgpackr writes and reads a `str` as UTF-8: lone surrogates become U+FFFD.
import { pack, unpack } from 'msgpackr';
import { decode, encode } from 'wtf8-wasm';

/** A note `{ id, text }` as MessagePack, its text as a `bin` of WTF-8. */
export function packNote(note) {
  return pack({ id: note.id, text: encode(note.text) });
}

/** The inverse of `packNote`. */
export function unpackNote(bytes) {
  const { id, text } = unpack(bytes);
  return { id, text: decode(text) };
}
