// Strings in MessagePack without loss (@msgpack/msgpack): put the string's WTF-8 in a `bin`.
//
// @msgpack/msgpack writes a string of up to 50 units with its own encoder, which writes lone
// surrogates as WTF-8, and a longer one with TextEncoder, which replaces them; reading a `str`
// replaces them in every case. Whether a string survives depends on its length: don't rely on it.
import { decode as unpack, encode as pack } from '@msgpack/msgpack';
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
