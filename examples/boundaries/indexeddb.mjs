// IndexedDB keys in code point order: binary keys of the string's WTF-8.
//
// IndexedDB keeps strings as they are, values and keys alike, lone surrogates included. But it
// sorts string keys by UTF-16 code units, as JS `<` does: U+FF61 sorts after U+1F600 (whose first
// unit is D83D), and a lone surrogate sorts among the supplementary characters. A key may also be
// binary (an ArrayBuffer or a typed array), compared byte by byte: a string's WTF-8 sorts in code
// point order, as UTF-8 does in SQLite BLOBs and PostgreSQL bytea, so that key ranges and cursors
// agree with a server that sorts bytes. Use it where the order matters; where it does not, a
// string key is fine.
import { decode, encode } from 'wtf8-wasm';

/** The binary key of `text`: its WTF-8 bytes. Lossless; the inverse is `textOfKey`. */
export function keyOf(text) {
  return encode(text);
}

/** The string a binary key stands for (IndexedDB hands keys back as ArrayBuffers). */
export function textOfKey(key) {
  return decode(key);
}

/** Stores `value` under the key `text` in `store` (an object store without a key path). */
export function put(store, text, value) {
  return done(store.put(value, keyOf(text)));
}

/** The value stored under the key `text` in `store`, or `undefined`. */
export function get(store, text) {
  return done(store.get(keyOf(text)));
}

/** Every `[text, value]` of `store`, in code point order of the keys. */
export async function entries(store) {
  const [keys, values] = await Promise.all([done(store.getAllKeys()), done(store.getAll())]);
  return keys.map((key, i) => [textOfKey(key), values[i]]);
}

/** An IDBRequest's result as a promise. */
function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}
