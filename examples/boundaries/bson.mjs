// Strings in BSON without loss (the bson package, which MongoDB's driver uses): put the string's
// WTF-8 in a Binary.
//
// BSON strings are UTF-8: `BSON.serialize` replaces each lone surrogate with U+FFFD.
import { BSON, Binary } from 'bson';
import { decode, encode } from 'wtf8-wasm';

/** A note `{ id, text }` as BSON, its text as a Binary of WTF-8. */
export function serializeNote(note) {
  return BSON.serialize({ id: note.id, text: new Binary(encode(note.text)) });
}

/** The inverse of `serializeNote`. */
export function deserializeNote(bytes) {
  const { id, text } = BSON.deserialize(bytes);
  return { id, text: decode(text.buffer) };
}
