// Strings in SQLite without loss: a BLOB of the string's WTF-8. The same SQL serves node:sqlite,
// bun:sqlite and better-sqlite3 (`open` is in node-sqlite.mjs, bun-sqlite.mjs and
// better-sqlite3.mjs); `db` is a database of any of the three.
//
// A string bound to a TEXT column loses its lone surrogates (each becomes U+FFFD). A BLOB of the
// string's WTF-8 keeps every string; a BLOB compares byte by byte, so `ORDER BY` sorts in code
// point order (not JS `<` order) and an equality lookup works by encoding the key. For LIKE, case
// folding or full-text search, keep a TEXT copy beside it (`toWellFormed()`: the lossy copy, for
// searching, never read back as the data).
import { decode, encode } from 'wtf8-wasm';

/** Creates the `notes` table, if it is not there: the lossless body and its lossy copy. */
export function createNotes(db) {
  db.exec('CREATE TABLE IF NOT EXISTS notes (body BLOB PRIMARY KEY, search TEXT)');
}

/** Stores `text`, losslessly, with its lossy TEXT copy for searching. */
export function save(db, text) {
  db.prepare('INSERT OR REPLACE INTO notes (body, search) VALUES (?, ?)').run(encode(text), text.toWellFormed());
}

/** Is `text` stored? (An equality lookup: encode the key.) */
export function has(db, text) {
  return db.prepare('SELECT 1 FROM notes WHERE body = ?').all(encode(text)).length > 0;
}

/** Every stored string, in code point order (the order of their WTF-8 bytes). */
export function all(db) {
  return db
    .prepare('SELECT body FROM notes ORDER BY body')
    .all()
    .map((row) => decode(row.body));
}

/** The stored strings whose lossy copy contains `word` (LIKE works on the TEXT copy only). */
export function search(db, word) {
  return db
    .prepare("SELECT body FROM notes WHERE search LIKE '%' || ? || '%' ORDER BY body")
    .all(word)
    .map((row) => decode(row.body));
}

/**
 * The value that keeps `text` in a column of no declared type (or any: SQLite stores each value
 * with its own type): the string itself where TEXT keeps it (well-formed, and without NUL, which
 * node:sqlite in Node 22 and Deno reads back only up to), else the BLOB of its WTF-8. For tables
 * read back row by row: TEXT is decoded inside the driver, so reading many such rows costs about
 * what reading them as TEXT does, where a BLOB for every row can cost up to twice as much
 * (`node benches/rows.mjs`). What it gives up: every TEXT value sorts before every BLOB, and a
 * lookup binds its key as `toValue(key)`.
 */
export function toValue(text) {
  return text.isWellFormed() && !text.includes('\0') ? text : encode(text);
}

/** The string of a value that {@link toValue} made. */
export function fromValue(value) {
  return typeof value === 'string' ? value : decode(value);
}
